//===- TpuTiling.h - The emulated TPU's default tilings ---------*- C++ -*-===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// The layouts a TPU compiler gives arrays by default, as pure functions of
// the shape and the element size. The rules (lanes = 128, sublanes = 8 by
// default; both configurable per generation):
//
//  - rank 0: T(lanes * p) with p = 32 / bits elements per 32-bit word,
//    counting elements narrower than a byte as bytes (p at most 4), and no
//    E(n): f32[]{:T(128)}, bf16[]{:T(256)}, s8[]{:T(512)} and
//    pred[]{:T(512)}, as TPU dumps print scalars. 64-bit like 32-bit.
//  - rank 1, 32-bit: T(1024) when the array has at least 1024 elements,
//    else T(128) (lanes). 64-bit like 32-bit.
//  - rank 1, narrower elements packed p = 32 / bits to a 32-bit word:
//    T(1024)(lanes)(p,1) when at least 1024 elements, else
//    T(lanes * p)(lanes)(p,1).
//  - rank >= 2: rows r = 2 when the second most minor dimension has at most
//    2 elements, 4 when at most 4, else sublanes; then for 32- and 64-bit
//    T(r,lanes), and for narrower elements T(max(r,p),lanes)(p,1), so that
//    a tile holds whole 32-bit words.
//  - predicates and sub-byte integers (1, 2 or 4 bits) are packed likewise
//    and stored with E(bits): pred is T(32,128)(32,1)E(1) for 8 sublanes.
//
//===----------------------------------------------------------------------===//

#ifndef TLAYOUT_TARGET_TPU_TPUTILING_H
#define TLAYOUT_TARGET_TPU_TPUTILING_H

#include "tlayout/Core/TiledLayout.h"

namespace mlir::tlayout::tpu {

/// Vector register geometry of a TPU generation.
struct TilingOptions {
  /// Elements of 32 bits across a vector register row.
  int64_t lanes = 128;
  /// Rows of a vector register.
  int64_t sublanes = 8;
};

/// The default row-major TPU layout of an array of `shape` with elements of
/// `elementBits` bits. Dynamic sizes count as large. Errors for element
/// sizes the rules do not cover (0, or not 1, 2, 4, 8, 16, 32 or 64) and for
/// non-positive lanes or sublanes.
llvm::Expected<TiledLayout> getDefaultLayout(llvm::ArrayRef<int64_t> shape,
                                             int64_t elementBits,
                                             const TilingOptions &options = {});

} // namespace mlir::tlayout::tpu

#endif // TLAYOUT_TARGET_TPU_TPUTILING_H
