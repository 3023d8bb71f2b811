//===- DimsLayout.h - Layouts as lists of physical dimensions ---*- C++ -*-===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// The second layout model tlayout speaks: an ordered list of physical
// dimensions, slowest to fastest, each a Dynamic, Packed(n) or OddEven(n)
// piece of one logical dimension (see DimsLayoutEntry). This header gives its text
// form, the row- and column-major one-liners, its canonical form, and the
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

namespace tlayout {

inline bool operator==(const DimsLayoutEntry &a, const DimsLayoutEntry &b) {
  return a.logicalDim == b.logicalDim && a.kind == b.kind && a.size == b.size;
}
inline bool operator!=(const DimsLayoutEntry &a, const DimsLayoutEntry &b) { return !(a == b); }
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

/// The canonical form of `dims` for `shape`, placing every element at the
/// same offset in a buffer of the same size:
/// - adjacent Packed entries of one dimension merge (`0:packed(2),
///   0:packed(4)` is `0:packed(8)`); `odd_even(2)` is `packed(2)`;
/// - `packed(1)` entries and Dynamic entries of extent 1 drop (a dimension
///   keeps at least one entry);
/// - a Packed entry that covers the rest of its dimension exactly (its
///   outermost, of extent ceil(size / inner)) becomes Dynamic;
/// - a Dynamic entry directly followed by a Packed entry of its dimension
///   absorbs it where that adds no padding.
/// Size-dependent rules apply only to static sizes.
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

} // namespace tlayout

#endif // TLAYOUT_CORE_DIMSLAYOUT_H
