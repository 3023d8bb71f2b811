//===- LayoutAnalysis.h - Queries on the normal form ------------*- C++ -*-===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// Analyses of a compiled layout that code generators ask: how far each
// logical dimension runs contiguously, the widest vector that stays within
// such a run, whether a tile of the iteration space occupies one contiguous
// range of the buffer, whether a view is a window of its parent's physical
// buffer, and where two layouts place the elements of one array
// (comparePlacement, the one answer to "same placement?" with
// haveSamePlacement in DimsLayout.h). They read only the normal form, so
// they hold for XLA tiles and physical-dimension layouts alike.
//
//===----------------------------------------------------------------------===//

#ifndef TLAYOUT_CORE_LAYOUTANALYSIS_H
#define TLAYOUT_CORE_LAYOUTANALYSIS_H

#include "tlayout/Core/BufferIndexing.h"

#include <limits>

namespace mlir::tlayout {

/// How far a logical dimension runs contiguously.
struct Contiguity {
  /// Elements along the dimension, from a multiple of `length`, that sit at
  /// consecutive offsets (the other indices fixed). 1 when the dimension is
  /// not the fastest varying one.
  IndexExpr length;
  /// The run is the whole dimension: any in-bounds stretch is contiguous.
  bool wholeDimension = false;
};

/// The contiguity of each logical dimension (Morello's `contig`, per
/// dimension). Conservative: runs through combined dimensions count as 1.
llvm::SmallVector<Contiguity, 4> getContiguity(const BufferIndexing &indexing);

/// Returned by getWidestVector when any in-bounds width is contiguous.
inline constexpr int64_t kUnboundedWidth = std::numeric_limits<int64_t>::max();

/// The widest vector along logical dimension `dim`, starting at any multiple
/// of `alignment` (>= 1), whose elements sit at consecutive offsets:
/// gcd(alignment, run length), or kUnboundedWidth when the run is the whole
/// dimension. 1 when nothing wider is contiguous or the run is not static.
int64_t getWidestVector(const BufferIndexing &indexing, unsigned dim,
                        int64_t alignment);

/// Whether every tile of the iteration space of sizes `tile` (one per
/// logical dimension, starting at multiples of those sizes) occupies one
/// contiguous range of the buffer. Conservative: false where the normal form
/// cannot show it (combined dimensions, dynamic extents that matter).
bool isTileContiguous(const BufferIndexing &indexing,
                      llvm::ArrayRef<int64_t> tile);

/// Whether `view` (the same layout compiled for a view's shape) is a window
/// of `root`'s physical buffer when the view starts at `offsets` in the
/// root: along every physical dimension k, root's index at `e + offsets` is
/// view's index at `e` plus a constant `origin[k]`, and the window fits.
/// Then element `e` of the view is at `root.offset(origin) + sum_k
/// view_index_k(e) * root_stride_k`. The root's shape must be static; a
/// dynamic size of the view is trusted to fit, as a memref view's is.
bool isWindowOf(const BufferIndexing &view, const BufferIndexing &root,
                llvm::ArrayRef<int64_t> offsets,
                llvm::SmallVectorImpl<int64_t> *origin = nullptr);

/// How two layouts of one array compare: whether they place it identically.
struct PlacementComparison {
  /// Every element at the same offset, in buffers of the same size.
  bool same = false;
  /// Elements of each buffer.
  int64_t sizeA = 0, sizeB = 0;
  /// When the offsets differ: the first index of `a`'s array (row-major
  /// order) whose element sits at different offsets, and the two offsets.
  std::optional<llvm::SmallVector<int64_t, 4>> firstDifference;
  int64_t offsetA = 0, offsetB = 0;
};

/// The most elements comparePlacement enumerates.
inline constexpr int64_t kMaxComparedElements = int64_t(1) << 22;

/// Compares where `a` and `b` (layouts compiled for static shapes) place
/// the elements of one array. With an empty `permutation` both shapes are
/// the array's and element `i` of `a` is element `i` of `b`; otherwise `b`'s
/// shape is `a`'s transposed, and element `i` of `a` is element `j` of `b`
/// with `j[k] = i[permutation[k]]` (a transpose is free exactly when the
/// result is the same). haveSamePlacement (DimsLayout.h) proves equality
/// without enumerating, at any size; otherwise every element is compared,
/// up to kMaxComparedElements. Errors on dynamic shapes, shapes that do not
/// match, an invalid permutation or an array too large to enumerate.
/// Element sizes are the caller's to compare.
llvm::Expected<PlacementComparison>
comparePlacement(const BufferIndexing &a, const BufferIndexing &b,
                 llvm::ArrayRef<int64_t> permutation = {});

} // namespace mlir::tlayout

#endif // TLAYOUT_CORE_LAYOUTANALYSIS_H
