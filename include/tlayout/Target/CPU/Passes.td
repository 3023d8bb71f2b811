//===- Passes.td - CPU target passes -----------------------*- tablegen -*-===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//

#ifndef TLAYOUT_TARGET_CPU_PASSES_TD
#define TLAYOUT_TARGET_CPU_PASSES_TD

include "mlir/Pass/PassBase.td"

def CpuLowerTiledLayouts
    : Pass<"tlayout-cpu-lower-tiled-layouts", "::mlir::ModuleOp"> {
  let summary = "Lower tiled layouts with the CPU's vectorized copies";
  let description = [{
    Runs the lowering of tiled layouts (`--lower-tiled-layouts`, the same
    pre-check and conversion) with the CPU's faster forms of some of its
    rewrites, which take precedence where they apply and place every
    element where the plain lowering does:

    - `memref.copy` between row-major and `T(r,c)(2,1)` / `T(r,c)(4,1)` of
      whole tiles (static 2-D shapes) as row loads and interleaving
      shuffles, on integer lanes of the element's width;
    - transposing copies between layouts whose contiguous runs go along
      different dimensions (row-major and `{0,1}`, `{1,0:T(8,128)}` and
      `{0,1:T(8,128)}`: XLA's transpose as a relayout) by blocks of one
      64-byte line a run, each moved as sub-blocks of one
      `vector-register-bytes` register by one 128-bit lane; a tiled source
      staged block by block through a stack buffer with the next block
      prefetched, an untiled source of 8- or 16-bit elements by staged
      groups of 256-byte runs;
    - copies that write at least `nontemporal-copy-threshold` bytes emitted
      twice under a run-time check that the target is 64-byte aligned: with
      non-temporal stores and an `llvm.fence` where it is, plain stores
      otherwise; static allocations of tiled memrefs of at least that many
      bytes aligned to 64 bytes;
    - vector accesses of one tile row of packed elements interleaved by
      groups of rows (`T(8,128)(8,1)E(4)`) as one access of the group's run,
      one word per column, shifted and masked (little-endian targets).

    The plan of each copy, its emitters and the measurements behind the
    constants (tlayout/Target/CPU/Tuning.h) are in bench/README.md.

    ```mlir
    memref.copy %a, %b : memref<16x256xbf16> to
        memref<16x256xbf16, #tlayout.tiled<{1,0:T(8,128)(2,1)}>>
    ```
    becomes, per pair of rows of a tile, two `affine.vector_load`s of 128
    elements, one interleaving `vector.shuffle` and one store of 256
    elements, where `--lower-tiled-layouts` gives a loop nest of scalar
    loads and stores.
  }];
  let options = [
    Option<"nontemporalCopyThreshold", "nontemporal-copy-threshold",
           "int64_t", "::mlir::tlayout::cpu::kDefaultNontemporalCopyThreshold",
           "Relayout copies lowered to vector code that write at least this "
           "many bytes store with non-temporal hints where their target is "
           "64-byte aligned at run time, 0 never (default: 8388608, 8 MiB)">,
    Option<"vectorRegisterBytes", "vector-register-bytes", "int64_t",
           "::mlir::tlayout::cpu::kDefaultVectorRegisterBytes",
           "The target's vector register width in bytes, a power of two of "
           "at least 16: transposing copies move their blocks by sub-blocks "
           "of one register by one 128-bit lane (default: 32, AVX2; 64 for "
           "AVX-512)">
  ];
  let dependentDialects = [
    "::mlir::affine::AffineDialect",
    "::mlir::arith::ArithDialect",
    "::mlir::LLVM::LLVMDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::vector::VectorDialect"
  ];
}

def WalkTileRows : Pass<"tlayout-cpu-walk-tile-rows"> {
  let summary = "Walk the rows of tiles of reductions tile by tile";
  let description = [{
    Runs after `--tlayout-simplify-indexing` has privatized a reduction
    across the tiles of a strip-mined loop (its `reassociate-reductions`).
    A loop over the rows of a group of tiles (8 for `T(8,128)`) whose body
    fills per-element partials, accumulates into them across the loop over
    the tiles and combines them becomes one fill of a slice of partials per
    row, the loop over the tiles around the rows, then the combination of
    each row: the reduction reads the buffer in its physical order. Every
    partial accumulates the same elements in the same order; only whole
    rows move relative to each other.

    It applies where that is proved (walkTileRowsInPhysicalOrder): the rows
    have constant bounds and step 1; every filled buffer is a static
    `memref.alloca` used only by affine loads and stores in the row loop
    and filled whole before the tiles; the tile loop's bounds do not depend
    on the row and it writes nothing but the partials; every op in and
    after it states its effects on named memrefs; what follows the tile
    loop writes no buffer it reads; the row indexes a physical dimension
    after the tile's; and a row reads fewer than `tile-row-walk-bytes`
    contiguous bytes of each tile.

    Walked rows then accumulate into one vector of `row-accumulator-bytes`
    per row instead of one partial per element, where the partials are used
    only by fills with the combiner's identity, element-wise combinations
    with pure element-wise ops and combinations of whole rows, and the lanes
    divide the row. Lane `l` combines the elements `l` modulo the lanes, as
    the reassociation allows. The defaults were measured on AVX2
    (tlayout/Target/CPU/Tuning.h, bench/README.md).

    ```mlir
    affine.for %r = 0 to 8 {
      fill %p; affine.for %t = 0 to 32 { accumulate %a[%g, %t, %r, ...] into %p }
      combine %p into %out[%g * 8 + %r]
    }
    ```
    becomes
    ```mlir
    affine.for %r = 0 to 8 { fill %p[%r] }
    affine.for %t = 0 to 32 { affine.for %r = 0 to 8 {
      accumulate %a[%g, %t, %r, ...] into %p[%r] } }
    affine.for %r = 0 to 8 { combine %p[%r] into %out[%g * 8 + %r] }
    ```
  }];
  let options = [
    Option<"tileRowWalkBytes", "tile-row-walk-bytes", "int64_t",
           "::mlir::tlayout::cpu::kDefaultTileRowWalkBytes",
           "Walk the rows of a group of tiles tile by tile where a row reads "
           "fewer than this many contiguous bytes of a tile (default: 1024, "
           "which walks f32 and bf16 rows of T(8,128); 512 leaves f32 rows, "
           "for targets whose registers hold one row's partials, such as "
           "AVX-512)">,
    Option<"rowAccumulatorBytes", "row-accumulator-bytes", "int64_t",
           "::mlir::tlayout::cpu::kDefaultRowAccumulatorBytes",
           "Accumulate each walked row into a vector of this many bytes "
           "instead of one partial per element, where proved legal "
           "(default: 32, one AVX2 register; 0 keeps per-element partials)">
  ];
  let dependentDialects = [
    "::mlir::affine::AffineDialect",
    "::mlir::arith::ArithDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::vector::VectorDialect"
  ];
}

def JamRepeatedStores : Pass<"tlayout-cpu-jam-repeated-stores"> {
  let summary = "Run the rows that store to the same words inside the tiles";
  let description = [{
    The trips of the loops around a loop over tiles run inside it where
    they store to the same locations at every trip: the 8 rows of int4 that
    share each 32-bit word of `T(8,128)(8,1)E(4)`, written row by row, each
    read-modify-write the whole run of words of a tile. The loop over tiles
    moves outside the rows and runs each row in turn with a constant index;
    each load of a location stored before in the same trip takes the stored
    value, and a store overwritten before anything reads it is dropped, so
    one load and one store of each run remain. Unpacking, the rows read the
    same words and the jammed rows load each run once.

    It applies where that is proved (jamRepeatedStores): the tile loop's
    body has no regions or iter_args and holds ops without memory effects,
    affine, memref and vector loads and stores at affine locations, and ops
    that only read named memrefs; the loops around have constant bounds (at
    most 8 trips in all), no iter_args and no effects before the tile loop;
    distinct trips of the rows and tiles together write distinct elements;
    written memrefs have the identity layout and written vectors stay within
    the dimensions they cover; the other buffers are disjoint from the
    written ones. It is not applied where a loop around the rows revisits
    the repeated locations within 256 KiB (an accumulator kept in cache,
    such as a column sum over groups of tile rows), where it would only run
    the rows' reads side by side (tlayout/Target/CPU/Tuning.h).

    ```mlir
    affine.for %r = 0 to 8 { affine.for %t = 0 to 32 {
      %w = vector.load %buf[%t * 512]; ... row %r's nibbles ...
      vector.store %n, %buf[%t * 512] } }
    ```
    becomes
    ```mlir
    affine.for %t = 0 to 32 {
      %w = vector.load %buf[%t * 512]; ... rows 0 to 7 ...
      vector.store %n7, %buf[%t * 512] }
    ```
  }];
  let dependentDialects = [
    "::mlir::affine::AffineDialect",
    "::mlir::arith::ArithDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::vector::VectorDialect"
  ];
}

def NibbleBytes : Pass<"tlayout-cpu-nibble-bytes"> {
  let summary = "Split and assemble 4-bit fields of words on their bytes";
  let description = [{
    The 4-bit fields of vectors of 32-bit words read from or written to
    bytes are split and assembled on the bytes (populateNibbleBytePatterns):
    `trunci` to `i4` of bytes cast to words and shifted right by a multiple
    of 4 takes byte s / 8 of each word (`vector.deinterleave`, twice),
    shifted by 0 or 4 bits; a cast to bytes of words each of whose eight
    fields was last set by `ori(andi(w, ~(0xF << s)), shli(extui(x), s))`
    (the eight jammed rows of a packed `T(8,128)(8,1)E(4)` tile row) becomes
    the four bytes `(x[s+4] << 4) | x[s]` of each word, interleaved. Byte k
    of a word is its bits 8k to 8k+7, as on the little-endian targets the
    lowering runs on. Words of one lane each need 8 to 16 times the
    registers of the same bytes (bench/README.md has the measurement).

    ```mlir
    %w = vector.bitcast %bytes : vector<512xi8> to vector<128xi32>
    %s = arith.shrui %w, %c4 : vector<128xi32>
    %x = arith.trunci %s : vector<128xi32> to vector<128xi4>
    ```
    becomes a deinterleave of `%bytes` into the bytes 0 of each word,
    shifted right by 4 and truncated.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::vector::VectorDialect"
  ];
}

def PredicateTileTails : Pass<"tlayout-cpu-predicate-tails"> {
  let summary = "Masked last vector trips for the tails of tile loops";
  let description = [{
    Each `affine.for` that `--tlayout-simplify-indexing` marked
    `tlayout.predicated_tail` (a loop over the elements of one tile with a
    step that does not divide the tile: 42 or 43 trips for a step of 3 in
    a tile of 128, a different number in each tile), where it holds no other
    loop and its affine ops are ones `--lower-affine` lowers, becomes an
    `scf.for` (its body's affine ops lowered as `--lower-affine` lowers
    them) with LLVM's loop annotation `vectorize.predicate.enable`: LLVM's
    vectorizer then masks the last vector trip instead of running the trips
    past the last whole vector one by one. (An `affine.for`'s attributes do
    not survive `--lower-affine`.) The mark is dropped from the other loops.
    (bench/README.md has the masked tails' measurement.)

    ```mlir
    affine.for %e = max #phase(%t) to min #end(%t) step 3 {...}
        {tlayout.predicated_tail}
    ```
    becomes
    ```mlir
    scf.for %e = %lb to %ub step %c3 {...}
        {loop_annotation = #llvm.loop_annotation<vectorize = <predicateEnable = true>>}
    ```
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::LLVM::LLVMDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::vector::VectorDialect"
  ];
}

#endif // TLAYOUT_TARGET_CPU_PASSES_TD
