//===- Transforms.h - How fast a CPU runs a layout -------------*- C++ -*-===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// The CPU target's rewrites, tuned on x86 hosts (tlayout/Target/CPU/Tuning.h
// holds the constants): the lowering of tiled layouts with vectorized,
// interleaving, transposing and non-temporal copies, aligned allocations and
// packed column accesses; and the loop schedules after
// --tlayout-simplify-indexing: predicated tails of tile loops, rows of tiles
// walked tile by tile with vector row accumulators, and the rows that store
// to one word jammed. The 4-bit fields of words as bytes are in
// NibbleBytes.h.
//
//===----------------------------------------------------------------------===//

#ifndef TLAYOUT_TARGET_CPU_TRANSFORMS_H
#define TLAYOUT_TARGET_CPU_TRANSFORMS_H

#include "tlayout/Conversion/LowerTiledLayouts/LowerTiledLayouts.h"
#include "tlayout/Dialect/TLayout/Utils/LoopUtils.h"
#include "tlayout/Target/CPU/Tuning.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::tlayout::cpu {

//===----------------------------------------------------------------------===//
// The lowering of tiled layouts, with the CPU's copies
//===----------------------------------------------------------------------===//

/// Adds the CPU's faster forms of some of the lowering's rewrites, ahead of
/// (with a higher benefit than) populateLowerTiledLayoutsPatterns, which
/// takes whatever these leave and must be in the same set (lowerTiledLayouts
/// adds them through its hook): populateVectorizedCopyPatterns and
/// populatePackedColumnAccessPatterns. Each places every element where the
/// plain lowering does.
void populateCpuTiledLayoutsPatterns(
    const TiledLayoutTypeConverter &typeConverter, RewritePatternSet &patterns,
    int64_t nontemporalCopyThreshold = kDefaultNontemporalCopyThreshold,
    int64_t vectorRegisterBytes = kDefaultVectorRegisterBytes);

/// Adds the patterns that rewrite `memref.copy` between row-major and
/// `T(r,c)(2,1)` / `T(r,c)(4,1)` tiles (interleaving copies) and transposing
/// copies (row-major and `{0,1}`, `{1,0:T(8,128)}` and `{0,1:T(8,128)}`) into
/// vector loads, shuffles and stores, by cache- and TLB-sized groups, and the
/// static allocations of tiled memrefs of at least `nontemporalThreshold`
/// bytes aligned to 64 bytes. A vector copy that writes at least
/// `nontemporalThreshold` bytes (0: none) stores with non-temporal hints
/// where its target is 64-byte aligned at run time. Transposes go by
/// sub-blocks of one `vectorRegisterBytes` register by one 128-bit lane.
///
/// ```mlir
/// memref.copy %a, %b : memref<16x256xbf16> to
///     memref<16x256xbf16, #tlayout.tiled<{1,0:T(8,128)(2,1)}>>
/// ```
/// becomes, per pair of rows of a tile, two `affine.vector_load`s of 128
/// elements, one interleaving `vector.shuffle` and one store of 256.
void populateVectorizedCopyPatterns(
    const TiledLayoutTypeConverter &typeConverter, RewritePatternSet &patterns,
    int64_t nontemporalThreshold, int64_t vectorRegisterBytes);

/// Adds the patterns that rewrite `vector.transfer_read`/`transfer_write` and
/// `affine.vector_load`/`vector_store` of one tile row of `T(r,c)(k,1)E(n)`
/// packed elements (the TPU's `T(8,128)(8,1)E(4)` for `i4`) into one access
/// of the group's run as one word per column, shifted and masked, ahead of
/// the lowering's contiguous or element-wise accesses.
void populatePackedColumnAccessPatterns(
    const TiledLayoutTypeConverter &typeConverter, RewritePatternSet &patterns);

//===----------------------------------------------------------------------===//
// Loops over a tile's elements by a step that does not divide it
//===----------------------------------------------------------------------===//

/// Lowers each `affine.for` under `root` that tlayout::kPredicatedTailAttrName
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

//===----------------------------------------------------------------------===//
// Stores repeated by the loops around a tile loop
//===----------------------------------------------------------------------===//

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

} // namespace mlir::tlayout::cpu

#endif // TLAYOUT_TARGET_CPU_TRANSFORMS_H
