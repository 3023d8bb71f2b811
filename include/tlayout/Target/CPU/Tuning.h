//===- Tuning.h - The CPU target's measured constants ----------*- C++ -*-===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// Every constant the CPU target's passes and copy lowering were tuned with:
// defaults of their options, thresholds of their cost models and the
// widths and distances of their copies, each with the host and the
// measurement it comes from (bench/README.md has the figures), or, for a
// size taken from the hardware (a cache line, a cache level), the reason
// for its value. A new
// target's tuning is a new set of these values, not a change to the
// passes.
//
//===----------------------------------------------------------------------===//

#ifndef TLAYOUT_TARGET_CPU_TUNING_H
#define TLAYOUT_TARGET_CPU_TUNING_H

#include <cstdint>

namespace mlir::tlayout::cpu {

//===----------------------------------------------------------------------===//
// Copies (--tlayout-cpu-lower-tiled-layouts)
//===----------------------------------------------------------------------===//

/// The default of --tlayout-cpu-lower-tiled-layouts'
/// `nontemporal-copy-threshold`, in bytes: 8 MiB, a copy whose target would
/// otherwise push most of the caches' contents out.
constexpr int64_t kDefaultNontemporalCopyThreshold = 8 << 20;

/// The default of --tlayout-cpu-lower-tiled-layouts' `vector-register-bytes`:
/// 32, the registers of AVX2 (x86 without AVX-512), the host the transposes'
/// sub-blocks (one such register by one 128-bit lane) were measured on.
constexpr int64_t kDefaultVectorRegisterBytes = 32;

/// The fewest bytes `vector-register-bytes` takes: one 128-bit lane, within
/// which every SIMD instruction set interleaves (the transposes' rounds).
constexpr int64_t kMinVectorRegisterBytes = 16;

/// The alignment, in bytes, of every non-temporal store (one cache line).
constexpr int64_t kNontemporalAlignment = 64;

/// The bytes of the runs that a transposing copy by staged groups reads and
/// writes (see TransposingCopyLowering).
constexpr int64_t kGroupRunBytes = 256;
/// How many source runs ahead of the one it copies the staging loop of a
/// staged group prefetches. On an AVX2 host, s8 and bf16 row-major ->
/// column-major copies of 4096 x 4096 went 6.6 -> 7.8 and 6.9 -> 7.8 GB/s
/// (medians of 12 alternating runs) with 6 to 8 runs ahead; 2 and 12 gave
/// less.
constexpr int64_t kGroupPrefetchRows = 8;

/// The locality hint of the staged groups' prefetches (memref.prefetch's
/// `localityHint`, 0 to 3): 3 keeps the prefetched source runs in every
/// cache level, since the staging loop reads them within the next few runs.
constexpr uint32_t kGroupPrefetchLocality = 3;

/// The bytes of the widest run a transposing copy's block reads or writes:
/// one 64-byte cache line of elements (8 of 64 bits, 16 of 32, 32 of 16, 64
/// of 8); smaller blocks are tried down to kMinTransposeBlock.
constexpr int64_t kTransposeBlockLineBytes = 64;

/// The fewest elements a side of a transposing copy's block takes.
constexpr int64_t kMinTransposeBlock = 8;

/// The most elements a side of a group of blocks takes in a transposing copy
/// by blocks (256 x 256: 16 x 16 blocks of 32-bit elements), so that the
/// lines and pages a group reads and writes stay in the L2 cache and the TLB
/// while the group is moved.
constexpr int64_t kTransposeGroupElements = 256;

/// The fewest staged groups down each run for which a transposing copy
/// carries groups across runs whose starts are not line-aligned.
constexpr int64_t kMinCarriedGroups = 3;

/// The longest run (k*c elements) that an interleaved copy moves as one
/// vector; longer tile rows take the generic expansion rather than shuffles
/// of that many lanes.
constexpr int64_t kMaxInterleavedRunElements = 1024;

//===----------------------------------------------------------------------===//
// Rows of tiles walked tile by tile (--tlayout-cpu-walk-tile-rows)
//===----------------------------------------------------------------------===//

/// The contiguous bytes per row and tile from which
/// --tlayout-cpu-walk-tile-rows leaves a row loop of a reduction as it is by
/// default (its `tile-row-walk-bytes`; see walkTileRowsInPhysicalOrder).
/// The walk reads a group of tile rows in one sweep, but its partials (one
/// set per row) no longer fit in registers. Measured with clang -O3
/// -march=native, a row sum over `T(8,128)`: bf16 (256 bytes per row and
/// tile) runs about 1.3x faster walked on an AVX-512 host; f32 (512 bytes)
/// about 10% slower there, where one row's partials fit its 32 registers of
/// 64 bytes, but about 1.4x faster on an AVX2 host (16 registers of 32
/// bytes), as on any target whose registers one row's partials fill. The
/// default walks both; 0 or less walks none. (Measured with per-element
/// partials; walked rows now accumulate into one vector each,
/// kDefaultRowAccumulatorBytes, which no longer fills the registers.)
constexpr int64_t kDefaultTileRowWalkBytes = 1024;

/// The bytes of the vector that accumulates each row where
/// --tlayout-cpu-walk-tile-rows walks rows of tiles (its
/// `row-accumulator-bytes`; see walkTileRowsInPhysicalOrder): one 32-byte
/// register per row, so that the 8 rows of a `T(8,128)` group keep their
/// partials in 8 of AVX2's 16 registers instead of 128 registers' worth of
/// per-element partials, which spill. Measured with clang -O3
/// -march=native on an AVX2 host, a 4096 x 4096 row sum over `T(8,128)`:
/// per-element partials 0.85-0.9 of the row-major loop, one vector per row
/// 0.95-1.0, for f32 and bf16 alike. 0 or less keeps per-element partials.
constexpr int64_t kDefaultRowAccumulatorBytes = 32;

/// The most partials (elements, over all rows) walkTileRowsInPhysicalOrder
/// keeps on the stack for one loop.
constexpr int64_t kMaxTileRowPartials = 4096;

/// The fewest vectors that walkTileRowsInPhysicalOrder keeps accumulating
/// at once over the rows of a group: each vector's additions form one
/// chain, and as many chains as a core's floating-point adders can start
/// in one add's latency (2 adders x 3 or 4 cycles on the x86 cores
/// measured) keep them busy.
constexpr int64_t kRowAccumulatorVectors = 8;

//===----------------------------------------------------------------------===//
// Stores repeated by the rows of a word (--tlayout-cpu-jam-repeated-stores)
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

} // namespace mlir::tlayout::cpu

#endif // TLAYOUT_TARGET_CPU_TUNING_H
