//===- Transforms.h - Loop transformations on tiles -------------*- C++ -*-===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// The loop transformations the dialect's passes run: a perfect nest permuted
// into physical order, predicated tails of tile loops, rows of tiles walked
// tile by tile, stores repeated by the rows of a packed word jammed, and
// nests over whole buffers collapsed.
//
//===----------------------------------------------------------------------===//

#ifndef TLAYOUT_DIALECT_TLAYOUT_TRANSFORMS_TRANSFORMS_H
#define TLAYOUT_DIALECT_TLAYOUT_TRANSFORMS_TRANSFORMS_H

#include "tlayout/Dialect/TLayout/Transforms/Passes.h"

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
// Loops over a tile's elements by a step that does not divide it
//===----------------------------------------------------------------------===//

/// The discardable attribute with which --tlayout-simplify-indexing marks
/// the loop that strip-mining makes over the elements of one tile where
/// the loop's step does not divide the tile: a few trips (42 or 43 for a
/// step of 3 in a tile of 128), their count changing from tile to tile.
constexpr llvm::StringLiteral kPredicatedTailAttrName =
    "tlayout.predicated_tail";

/// Lowers each `affine.for` under `root` that kPredicatedTailAttrName
/// marks, that holds no other loop and whose affine ops are all ones
/// `--lower-affine` lowers (loads, stores, their vector forms, apply, min,
/// max, if, prefetch, yield) to an `scf.for`, its body's affine
/// ops to arith and memref ops (as `--lower-affine` does), with LLVM's
/// loop annotation `vectorize.predicate.enable` (kLoopAnnotationAttrName):
/// LLVM's vectorizer then masks the last vector trip instead of running
/// the trips past the last whole vector one by one, which for loops of a
/// few trips is a large part of them. (An `affine.for`'s attributes do not
/// survive `--lower-affine`.) Drops the mark from the other loops. Returns
/// whether it changed the IR.
bool predicateTileTails(Operation *root, RewriterBase &rewriter);

//===----------------------------------------------------------------------===//
// Rows of tiles in physical order
//===----------------------------------------------------------------------===//

/// The most partials (elements, over all rows) walkTileRowsInPhysicalOrder
/// keeps on the stack for one loop.
constexpr int64_t kMaxTileRowPartials = 4096;

/// Walks the rows of `rows` tile by tile, where that follows the physical
/// order of the buffer the tiles read: the loop over the rows of a group of
/// tiles (`%r` below, one trip per row of a `T(8,128)` tile) whose body
/// fills per-element partials, accumulates into them across a loop over
/// tiles (`%t`), then combines them, as strip-mining with
/// `reassociateReductions` leaves it,
///
/// ```mlir
/// affine.for %r = 0 to 8 {
///   affine.for %e = 0 to 128 { affine.store %id, %p[%e] }
///   affine.for %t = 0 to 32 {
///     affine.for %e = 0 to 128 { ... %p[%e] ... %a[%g, %t, %r, %e] ... }
///   }
///   %s = affine.for %e = 0 to 128 iter_args(...) { ... %p[%e] ... }
///   affine.store %s, %out[%g * 8 + %r]
/// }
/// ```
///
/// becomes a fill of one slice of partials per row, the tiles walked with
/// the rows inside them, then the combination of each row:
///
/// ```mlir
/// affine.for %r = 0 to 8 { affine.for %e = 0 to 128 {
///   affine.store %id, %p[%r, %e] } }
/// affine.for %t = 0 to 32 {
///   affine.for %r = 0 to 8 {
///     affine.for %e = 0 to 128 { ... %p[%r, %e] ... %a[%g, %t, %r, %e] ... }
///   }
/// }
/// affine.for %r = 0 to 8 {
///   %s = affine.for %e = 0 to 128 iter_args(...) { ... %p[%r, %e] ... }
///   affine.store %s, %out[%g * 8 + %r]
/// }
/// ```
///
/// Each partial accumulates the same elements in the same order as
/// before: only whole rows move relative to each other. It applies only
/// where that is proved: `rows` has constant bounds, step 1 and no
/// iter_args; its body is pure ops without operands from the body (which
/// are hoisted), loops that fill whole rank-1 buffers (`affine.store` of a
/// value from outside at every index), one loop over tiles whose bounds
/// do not depend on the row, then the rest; each filled buffer is a static
/// `memref.alloca` made directly in a scope that is not a loop, used only by
/// affine loads and stores inside `rows` (so a row writes all of its slice
/// before reading it, and no value crosses rows through it); the tile loop
/// writes nothing but the filled buffers, and every op in it and in the
/// rest states its effects on named memrefs; the rest writes no buffer the
/// tile loop reads (isDisjoint); some `affine.load` in the tile loop
/// indexes a dimension with the row after one it indexes with the tile,
/// and reads fewer than `walkBytes` contiguous bytes per row and tile (the
/// static dimensions after the row's). Returns whether it changed the IR.
///
/// Then, with `accumulatorBytes` > 0, each row's partials become vectors of
/// that many bytes (more where fewer than kRowAccumulatorVectors rows would
/// keep fewer vectors than that, so that the rows' accumulations overlap):
/// the fills store a vector of the identity, the loop over a row's
/// elements in the tile loop steps by the vector's lanes with its
/// element-wise ops on vectors and the row's vector as an iter_arg, and
/// the combination combines the row's lanes,
///
/// ```mlir
/// affine.for %r = 0 to 8 {
///   affine.vector_store %ids, %p[%r, 0] : memref<8x8xf32>, vector<8xf32> }
/// affine.for %t = 0 to 32 {
///   affine.for %r = 0 to 8 {
///     %v = affine.vector_load %p[%r, 0]
///     %s = affine.for %e = 0 to 128 step 8 iter_args(%acc = %v) {
///       ... vector ops on %acc and %a[%g, %t, %r, %e] ... }
///     affine.vector_store %s, %p[%r, 0]
///   }
/// }
/// affine.for %r = 0 to 8 {
///   %s = affine.for %e = 0 to 8 iter_args(...) { ... %p[%r, %e] ... }
///   affine.store %s, %out[%g * 8 + %r]
/// }
/// ```
///
/// where that is proved: each partial's buffer is used only by fills of
/// whole rows with the identity of the combiner, loops over whole rows that
/// combine each element with a value from element-wise scalar ops
/// (`Elementwise` and `Vectorizable`, pure), loads of consecutive elements
/// and values from outside, all with the same reassociable combiner, and
/// loops that combine whole rows with it and do nothing else; the vector's
/// lanes divide the row. Lane `l` of a row then combines the elements `l`
/// modulo the lanes, and the row's combination is the same up to the
/// reassociation the privatization already relies on.
bool walkTileRowsInPhysicalOrder(
    affine::AffineForOp rows, RewriterBase &rewriter,
    int64_t walkBytes = kDefaultTileRowWalkBytes,
    int64_t accumulatorBytes = kDefaultRowAccumulatorBytes);

/// The fewest vectors that walkTileRowsInPhysicalOrder keeps accumulating
/// at once over the rows of a group: each vector's additions form one
/// chain, and as many chains as a core's floating-point adders can start
/// in one add's latency (2 adders x 3 or 4 cycles on the x86 cores
/// measured) keep them busy.
constexpr int64_t kRowAccumulatorVectors = 8;

//===----------------------------------------------------------------------===//
// Stores repeated by the loops around a tile loop
//===----------------------------------------------------------------------===//

/// The most trips of the loops around a tile loop that jamRepeatedStores
/// runs inside it: the rows that share a word of `T(8,128)(8,1)E(4)`.
constexpr int64_t kMaxJammedTrips = 8;

/// The most ops jamRepeatedStores copies into one tile loop.
constexpr int64_t kMaxJammedOps = 1024;

/// The most bytes that the repeated locations span (from the first byte to
/// the last, over the loops inside the one that revisits them) where
/// jamRepeatedStores takes them for an accumulator kept in cache between
/// visits, and so leaves the rows unjammed: half the 512 KiB L2 of a core of
/// the smallest host measured.
constexpr int64_t kMaxRevisitedBytes = 256 * 1024;

/// Runs the trips of the loops around `tiles` inside it, where they store
/// to the same locations at every trip: the rows of a group written into
/// one packed word (`T(8,128)(8,1)E(4)`: 8 rows of int4 share each 32-bit
/// word of a tile column) each read-modify-write the whole run of words,
///
/// ```mlir
/// affine.for %r = 0 to 8 {
///   affine.for %t = 0 to 32 {
///     %w = vector.load %buf[%g * 16384 + %t * 512] : ..., vector<512xi8>
///     ... %w with the nibbles of row %r replaced ...
///     vector.store %n, %buf[%g * 16384 + %t * 512]
///   }
/// }
/// ```
///
/// so each run is written 8 times (unpacking, each run is loaded 8 times,
/// once for each row it is unpacked into). The tile loop moves outside the
/// rows,
/// whose trips it runs in their order with constant indices, and each
/// load of a location stored before in the same trip takes the stored
/// value, so that one load and one store of each run remain:
///
/// ```mlir
/// affine.for %t = 0 to 32 {
///   %w = vector.load %buf[...]   // row 0's
///   ... row 0, then rows 1 to 7 on the values ...
///   vector.store %n7, %buf[...]  // row 7's
/// }
/// ```
///
/// It applies only where that is proved: `tiles` has no iter_args and a
/// body without regions whose ops are free of memory effects, loads and
/// stores (`affine`, `memref` and `vector` ones, whose location is an
/// affine map of their operands), or ops that only read named memrefs;
/// it stores somewhere. Each loop around (innermost first, while the trips
/// stay within kMaxJammedTrips and the copies within kMaxJammedOps) has
/// constant bounds, no iter_args, and a body of ops without effects or
/// regions before the loop inside it; no location, buffer or bound of
/// `tiles` depends on it, except the locations of a buffer that is only
/// written, where distinct trips of the rows and tiles together write
/// distinct elements (isInjective). Some access moves with the tiles and
/// not the rows. Every written memref has the identity layout, a written
/// vector stays within the dimensions it covers (staysWithinDims), every
/// other access to a written buffer is at the same location, some index of
/// which moves with the tile loop's index by at least the elements the
/// access covers (distinct trips touch distinct elements), and the buffers it
/// accesses are disjoint from the written ones (isDisjoint). So only accesses
/// of one trip of `tiles` depend on each other, and they keep their order.
/// It is not applied where a loop around the rows revisits the repeated
/// locations at every trip within kMaxRevisitedBytes (an accumulator in
/// cache, such as the sums of columns over groups of tile rows): there the
/// jam saves only cache traffic and runs the rows' own reads side by side,
/// as one stream per row.
/// Returns whether it changed the IR.
bool jamRepeatedStores(affine::AffineForOp tiles, RewriterBase &rewriter);

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
/// one is a step of a schedule of its own: collapsed, the rows of a
/// tile-row walk were vectorized four lanes wide and ran a third slower),
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
