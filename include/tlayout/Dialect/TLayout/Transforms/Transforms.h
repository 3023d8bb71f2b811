//===- Transforms.h - Loop nests in physical order --------------*- C++ -*-===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// The loop transformations of the dialect's passes: a perfect nest permuted
// into the physical order of the buffer it accesses
// (--tlayout-physical-order), and the innermost loops of a nest that walks
// whole buffers in order collapsed into one (--tlayout-collapse-loops).
//
//===----------------------------------------------------------------------===//

#ifndef TLAYOUT_DIALECT_TLAYOUT_TRANSFORMS_TRANSFORMS_H
#define TLAYOUT_DIALECT_TLAYOUT_TRANSFORMS_TRANSFORMS_H

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::tlayout {

//===----------------------------------------------------------------------===//
// Permutation into physical order
//===----------------------------------------------------------------------===//

/// Permutes the perfect nest rooted at `root` so that its loops follow the
/// physical dimensions of the buffer its innermost body accesses (the
/// access of highest rank, stores first), where the bounds allow it and
/// isLegalPermutation proves it. Returns whether the nest changed.
bool permuteToPhysicalOrder(affine::AffineForOp root);

//===----------------------------------------------------------------------===//
// Collapsing nests that walk whole buffers in order
//===----------------------------------------------------------------------===//

/// Collapses the innermost loops of the perfect nest rooted at `root` into
/// one loop where they walk the trailing dimensions of every buffer they
/// index in order: an element-wise loop over `T(8,128)` in physical order,
///
/// ```mlir
/// affine.for %t = 0 to 512 { affine.for %u = 0 to 32 {
///   affine.for %r = 0 to 8 { affine.for %e = 0 to 128 {
///     %x = affine.load %a[%t, %u, %r, %e] : memref<512x32x8x128xf32>
///     affine.store %x, %b[%t, %u, %r, %e] : memref<512x32x8x128xf32>
/// } } } }
/// ```
///
/// becomes one loop of 16,777,216 trips over `memref.collapse_shape` views
/// of the buffers, in the same order of iterations, so that the code
/// generator vectorizes one long loop instead of one loop of 128 per tile
/// row. It applies where `root` is inside no other loop (a nest inside
/// one is a step of a schedule of its own, such as the rows of a tile-row
/// walk; bench/README.md has the measurement),
/// and the loops (the longest innermost run of at least two) have no
/// iter_args, start at 0 with step 1 and constant trip
/// counts, and every use of their indices is an index (never the value
/// stored) of an `affine.load` or `affine.store` of a static memref with
/// the identity layout, defined outside the whole nest (not a value a loop
/// of the nest carries), whose trailing dimensions are indexed by the
/// loops in their order and have the loops' trip counts, and whose other
/// indices do not use them. Each element is accessed in the same trip as
/// before, so no dependence changes. Returns whether it changed the IR.
bool collapseContiguousNest(affine::AffineForOp root, RewriterBase &rewriter);

} // namespace mlir::tlayout

#endif // TLAYOUT_DIALECT_TLAYOUT_TRANSFORMS_TRANSFORMS_H
