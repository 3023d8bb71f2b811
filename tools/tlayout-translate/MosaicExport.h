//===- MosaicExport.h - tlayout layouts in Mosaic's form --------*- C++ -*-===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// The other direction of the Mosaic import: a buffer with a tlayout layout
// written as Mosaic TPU writes it (`#tpu.tiled<(8,128)(2,1),[2,1]>`,
// `#tpu.memory_space<vmem>`), where Mosaic can express the layout, and an
// error that says why where it cannot. Used by `tlayout-translate
// --export-mosaic` and `tlayout-inspect --mosaic`.
//
//===----------------------------------------------------------------------===//

#ifndef TLAYOUT_TOOLS_TLAYOUTTRANSLATE_MOSAICEXPORT_H
#define TLAYOUT_TOOLS_TLAYOUTTRANSLATE_MOSAICEXPORT_H

#include "tlayout/Core/TiledLayout.h"
#include "tlayout/Target/TPU/MosaicLayout.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

namespace mlir::tlayout::mosaic {

/// Mosaic's memref for a buffer of logical `shape` (kDynamicSize for `?`)
/// whose elements are written `elementType` in MLIR (`bf16`, `i8`) and take
/// `elementBits` bits, laid out by `layout`: the same tiles with the default
/// (contiguous) tile strides, and the memory space by name. Mosaic reads it
/// back as exactly `layout` (checked). Errors say why Mosaic has no form
/// for the layout: a minor_to_major other than row-major (Mosaic has no
/// dimension order), tail padding `L(n)`, an `E(n)` other than the element's
/// width, a combined (`*`) tile dimension, a memory space Mosaic does not
/// name, or tiles Mosaic's verifier rejects.
llvm::Expected<MosaicMemRef> exportToMosaic(llvm::ArrayRef<int64_t> shape,
                                            llvm::StringRef elementType,
                                            int64_t elementBits,
                                            const TiledLayout &layout);

} // namespace mlir::tlayout::mosaic

#endif // TLAYOUT_TOOLS_TLAYOUTTRANSLATE_MOSAICEXPORT_H
