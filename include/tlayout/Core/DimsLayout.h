//===- DimsLayout.h - Layouts as lists of physical dimensions ---*- C++ -*-===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// The second layout model tlayout speaks: an ordered list of physical
// dimensions, slowest to fastest, each a Dynamic, Packed(n) or OddEven(n)
// piece of one logical dimension (see DimsLayoutEntry). This header gives its
// text form, the row- and column-major one-liners, its canonical form, and the
// conversions to and from XLA tiled layouts. Both models compile to the same
// BufferIndexing, and every conversion is checked on it.
//
//===----------------------------------------------------------------------===//

#ifndef TLAYOUT_CORE_DIMSLAYOUT_H
#define TLAYOUT_CORE_DIMSLAYOUT_H

#include "tlayout/Core/BufferIndexing.h"
#include "tlayout/Core/TiledLayout.h"

#include "llvm/ADT/Hashing.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>
#include <string>

namespace mlir::tlayout {

inline bool operator==(const DimsLayoutEntry &a, const DimsLayoutEntry &b) {
  return a.logicalDim == b.logicalDim && a.kind == b.kind && a.size == b.size;
}
inline bool operator!=(const DimsLayoutEntry &a, const DimsLayoutEntry &b) {
  return !(a == b);
}
inline llvm::hash_code hash_value(const DimsLayoutEntry &d) {
  return llvm::hash_combine(d.logicalDim, static_cast<int>(d.kind), d.size);
}

/// One entry in the text form: `1`, `1:packed(4)` or `1:odd_even(8)`.
std::string printPhysDim(const DimsLayoutEntry &dim);
/// The text form of a list: `[1, 0, 1:packed(4)]`.
std::string printPhysDims(llvm::ArrayRef<DimsLayoutEntry> dims);

/// Parses the text form of a list (`[1, 0, 1:packed(4)]`; `1:dynamic` is
/// accepted for `1`). Errors are ParseErrors with the column.
llvm::Expected<llvm::SmallVector<DimsLayoutEntry, 4>>
parsePhysDims(llvm::StringRef text);

/// `[0, 1, ..., rank-1]`: dimension 0 slowest.
llvm::SmallVector<DimsLayoutEntry, 4> rowMajorDims(unsigned rank);
/// `[rank-1, ..., 1, 0]`: dimension 0 fastest.
llvm::SmallVector<DimsLayoutEntry, 4> colMajorDims(unsigned rank);

/// The canonical (normal) form of `dims` for `shape`, placing every element
/// at the same offset in a buffer of the same size.
///
/// For static shapes without empty dimensions or odd-even strips longer
/// than 2, it is exact: two lists place every element at the same offset in
/// buffers of the same size exactly when their normal forms are equal. It
/// is derived from the placement: each entry is a digit of its dimension
/// (live when it takes more than one value) or a factor of the buffer that
/// no offset depends on (dead); then
/// - `odd_even(2)` is `packed(2)`, and dead factors of extent 1 drop;
/// - adjacent dead factors multiply, and adjacent live digits of one
///   dimension read as one (`0:packed(2), 0:packed(4)` is `0:packed(8)`);
/// - a dead factor just outside the outermost digit of a dimension pads
///   that digit (its extent grows by the factor);
/// - the outermost digit of a dimension is Dynamic when its extent is
///   exactly what remains of the dimension, else Packed of its extent (the
///   padded extent);
/// - a remaining dead factor is Packed of the lowest dimension whose digits
///   all lie inside it;
/// - dimensions left without an entry (size 1) come first, in order.
/// So `{1,0:T(1,128)}` and `{1,0}` on `[1,256]` are both `[0, 1]`.
///
/// Otherwise (dynamic sizes, odd-even strips) rules that keep the placement
/// apply: adjacent Packed entries merge, `packed(1)` and extent-1 entries
/// drop, an exact outermost Packed entry becomes Dynamic, and a Dynamic
/// entry absorbs the Packed entry after it where that adds no padding.
llvm::Expected<llvm::SmallVector<DimsLayoutEntry, 4>>
canonicalizePhysDims(llvm::ArrayRef<DimsLayoutEntry> dims,
                     llvm::ArrayRef<int64_t> shape);

/// The physical dimensions that place every element of `shape` where
/// `layout` does, in a buffer of the same size; std::nullopt when the tiled
/// layout has no such form (tail padding, `E(n)`, combined dimensions).
std::optional<llvm::SmallVector<DimsLayoutEntry, 4>>
toPhysDims(const TiledLayout &layout, llvm::ArrayRef<int64_t> shape);

/// An XLA tiled layout that places every element of `shape` where `dims`
/// does, in a buffer of the same size; std::nullopt when none is found
/// (odd-even strips, pieces in an order no tile sequence produces).
std::optional<TiledLayout> toTiledLayout(llvm::ArrayRef<DimsLayoutEntry> dims,
                                         llvm::ArrayRef<int64_t> shape);

} // namespace mlir::tlayout

#endif // TLAYOUT_CORE_DIMSLAYOUT_H
