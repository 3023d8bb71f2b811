//===- DimsLayout.h - Layouts as lists of physical dimensions ---*- C++ -*-===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// The second layout model tlayout speaks: an ordered list of physical
// dimensions, slowest to fastest, each a Dynamic, Packed(n) or OddEven(n)
// piece of one logical dimension (see DimsLayoutEntry). This header gives its
// text form (the one parser of `#tlayout.dims` text), the row- and
// column-major one-liners, its canonical form, the normal form of any
// compiled layout and the placement equality it decides, and the conversions
// to and from XLA tiled layouts. Both models compile to the same
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

class LayoutLexer;

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
/// The list as the text of its attribute: `#tlayout.dims<[1, 0]>`.
std::string printDimsAttr(llvm::ArrayRef<DimsLayoutEntry> dims);

/// Logical dimension numbers of a list of physical dimensions are below
/// this: the text form (and so `#tlayout.dims`) rejects larger ones, and the
/// attribute's verifier too.
inline constexpr int64_t kMaxLogicalDims = 1024;

/// Parses the text form of a list (`[1, 0, 1:packed(4)]`; `1:dynamic` is
/// accepted for `1`), the one parser of this grammar (`#tlayout.dims` reads
/// its text with it): the dimension numbers must be below kMaxLogicalDims;
/// sizes are any int64, for verifyPhysDims to check. Errors are ParseErrors
/// with the column.
llvm::Expected<llvm::SmallVector<DimsLayoutEntry, 4>>
parsePhysDims(llvm::StringRef text);
/// The same at the lexer's position, which it leaves after the list's `]`.
llvm::Expected<llvm::SmallVector<DimsLayoutEntry, 4>>
parsePhysDims(LayoutLexer &lexer);

/// `[0, 1, ..., rank-1]`: dimension 0 slowest.
llvm::SmallVector<DimsLayoutEntry, 4> rowMajorDims(unsigned rank);
/// `[rank-1, ..., 1, 0]`: dimension 0 fastest.
llvm::SmallVector<DimsLayoutEntry, 4> colMajorDims(unsigned rank);

/// The canonical (normal) form of `dims` for `shape`, placing every element
/// at the same offset in a buffer of the same size: getNormalForm where
/// there is one. Otherwise (dynamic or empty dimensions) rules that keep the
/// placement apply: odd-even strips of 2, or beyond a static dimension's
/// size, are packed, adjacent Packed entries merge, `packed(1)` and
/// extent-1 entries drop, an exact outermost Packed entry becomes Dynamic,
/// and a Dynamic entry absorbs the Packed entry after it where that adds no
/// padding.
llvm::Expected<llvm::SmallVector<DimsLayoutEntry, 4>>
canonicalizePhysDims(llvm::ArrayRef<DimsLayoutEntry> dims,
                     llvm::ArrayRef<int64_t> shape);
/// The canonical form of `dims` for `shape` as the text of its attribute
/// (`#tlayout.dims<...>`): the normal form the C API and tlayout-inspect
/// print.
llvm::Expected<std::string>
printCanonicalDimsAttr(llvm::ArrayRef<DimsLayoutEntry> dims,
                       llvm::ArrayRef<int64_t> shape);

/// The normal form of a compiled layout of a static shape without empty
/// dimensions: a list of physical dimensions that is identical for exactly
/// the layouts (#tlayout.dims or XLA tiles alike) that place every element
/// at the same offset in buffers of the same size. It is derived from the
/// placement: each physical dimension is a digit of a logical dimension
/// (live when it takes more than one value) or a factor of the buffer that
/// no offset depends on (dead, as an odd-even strip's half or a tile's part
/// beyond a small dimension); then
/// - dead factors of extent 1 drop and adjacent dead factors multiply;
/// - adjacent live digits of one dimension that nest read as one
///   (`0:packed(2), 0:packed(4)` is `0:packed(8)`; an odd-even strip's two
///   digits do not nest);
/// - a dead factor just outside a digit that takes every remaining value of
///   its dimension pads that digit (its extent grows by the factor);
/// - a live digit of extent 2 followed by one of twice its divisor is an
///   `odd_even` strip, as is a live digit of extent 2 followed by a dead
///   factor that no dimension can own;
/// - the outermost entry of a dimension is Dynamic when its extent is
///   exactly what remains of the dimension, else Packed of its extent;
/// - a remaining dead factor is Packed of the lowest dimension whose live
///   digits all lie inside it;
/// - dimensions left without an entry (size 1) come first, in order.
/// So `{1,0:T(1,128)}` and `{1,0}` on `[1,256]` are both `[0, 1]`, and
/// `[0, 0:odd_even(6), 0:packed(8)]` and `[0:packed(48)]` on `[5]` both
/// `[0:packed(48)]`. std::nullopt for dynamic or empty dimensions, pieces
/// that combine dimensions (`*`) and tail padding that grows the buffer.
std::optional<llvm::SmallVector<DimsLayoutEntry, 4>>
getNormalForm(const BufferIndexing &indexing);

/// Whether two layouts compiled for one shape place every element at the
/// same offset in buffers of the same size, decided without enumerating
/// elements: exactly on the digits getNormalForm prints (also for
/// placements that no list of physical dimensions prints, such as a tile's
/// unit part between two pieces of one dimension: `{0:T(2,2)}` on `[5]`)
/// where both have them; elsewhere (dynamic or empty dimensions, `*`, tail
/// padding that grows the buffer) true when
/// BufferIndexing::hasSamePlacementStructure shows it, and std::nullopt
/// when it does not. Element sizes are the caller's to compare;
/// comparePlacement (LayoutAnalysis.h) answers the rest by enumeration.
std::optional<bool> haveSamePlacement(const BufferIndexing &a,
                                      const BufferIndexing &b);

/// The physical dimensions that place every element of `shape` where
/// `layout` does, in a buffer of the same size; std::nullopt when the tiled
/// layout has no such form (tail padding, `E(n)`, combined dimensions).
std::optional<llvm::SmallVector<DimsLayoutEntry, 4>>
toPhysDims(const TiledLayout &layout, llvm::ArrayRef<int64_t> shape);

/// An XLA tiled layout that places every element of `shape` where `dims`
/// does, in a buffer of the same size: read from the canonical form, where
/// a padded or dead outermost piece (`[0, 0:packed(8)]` on 5 elements, whose
/// normal form is `[0:packed(8)]`) is a tile under an outer piece of 1
/// (`{0:T(8)}`); every candidate is checked on the normal form. std::nullopt
/// when none is found (odd-even strips that are not degenerate, pieces in an
/// order no tile sequence produces).
std::optional<TiledLayout> toTiledLayout(llvm::ArrayRef<DimsLayoutEntry> dims,
                                         llvm::ArrayRef<int64_t> shape);

} // namespace mlir::tlayout

#endif // TLAYOUT_CORE_DIMSLAYOUT_H
