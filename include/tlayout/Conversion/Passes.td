//===- Passes.td - tlayout conversion passes ---------------*- tablegen -*-===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//

#ifndef TLAYOUT_CONVERSION_PASSES_TD
#define TLAYOUT_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def LowerTiledLayouts : Pass<"lower-tiled-layouts", "::mlir::ModuleOp"> {
  let summary = "Rewrite tiled memrefs into their physical buffers";
  let description = [{
    Rewrites every memref with a `#tlayout.tiled` layout into an
    identity-layout memref of its physical shape (the padded, tiled shape the
    layout produces; 1-D when the layout has tail padding `L(n)`), and every
    access into an access of the physical buffer through affine maps of
    floordiv/mod expressions. Function signatures, calls, returns and the
    region-carrying ops of `scf` and `cf` are converted across the module.

    Before:

    ```mlir
    func.func @f(%m: memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>,
                 %i: index, %j: index) -> f32 {
      %v = memref.load %m[%i, %j] : memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>
      return %v : f32
    }
    ```

    After:

    ```mlir
    #map0 = affine_map<(d0, d1) -> (d0 floordiv 2)>
    ...
    func.func @f(%m: memref<2x3x2x2xf32>, %i: index, %j: index) -> f32 {
      %0 = affine.apply #map0(%i, %j)
      ...
      %v = memref.load %m[%0, %1, %2, %3] : memref<2x3x2x2xf32>
      return %v : f32
    }
    ```

    `affine.load`/`affine.store` fold the layout map into their own map.

    `memref.copy` between any two layouts of the same logical shape becomes a
    loop nest that walks the destination's physical order (whole tiles,
    padding skipped) when the destination is tiled, and the logical order
    otherwise. Two kinds become vector code instead (static 2-D shapes):
    copies between row-major and `T(r,c)(2,1)` / `T(r,c)(4,1)` of whole
    tiles (row loads and interleaving shuffles, on integer lanes of the
    element's width: LLVM 22 on x86 with AVX512-FP16 moves the lanes of a
    `bf16` deinterleave one by one), and transposing copies
    between layouts whose contiguous runs go along different dimensions,
    such as row-major and `{0,1}`, or `{1,0:T(8,128)}` and `{0,1:T(8,128)}`
    (XLA's transpose as a relayout; blocks of one 64-byte line a run, 16 x
    16 of 32-bit elements, 32 x 32 of 16-bit, 64 x 64 of 8-bit, each moved
    as sub-blocks of one `vector-register-bytes` register by one 128-bit
    lane: each register loaded from as many source runs as it has lanes,
    transposed by interleaves within lanes on integer lanes (no permute
    across lanes), the sub-blocks of a band of target runs concatenated and
    stored a whole run at a time where the stores are non-temporal (which
    need whole lines), each sub-block's registers stored as they come
    otherwise (one sub-block live at a time: two of 16 registers each, for
    8-bit elements on AVX2, spill). A tiled source's block is first copied
    line by line into a buffer at the function's start, while the next
    block's lines are prefetched (a loop annotated for LLVM not to unroll
    it; not in a parallel loop, whose iterations would share the buffer).
    An untiled source (row-major or `{0,1}`) of 8- or 16-bit elements whose
    target holds runs of 256 bytes and that has at least 4 blocks along both
    dimensions goes by staged groups of 4 x 4 blocks (the blocks past the
    last whole group go as above), runs of 256 bytes on
    both sides, through two buffers at the function's start (64 KiB each
    for 8-bit elements, 32 KiB for 16-bit; shared by the function's copies,
    marked `tlayout.staging_slot`): the group's source runs copied in (the
    run 8 further on prefetched), its
    blocks transposed from the first buffer into the second, and the
    second's rows stored as the target's runs (a transposed block's runs
    are one line, each on a page of its own, which the hardware prefetchers
    do not follow). Where the target's runs do not start lines (a column
    of 4000 bytes) and at least 3 groups go down each run, the groups go
    down the runs and carry each run's last partial line over to the next
    group, which stores whole lines non-temporally from the line that
    holds its first element (the run's first and last groups with plain
    stores).
    LLVM 22 on x86 without AVX-512 moves a block of `bf16` lanes element by
    element, hence the integer lanes; the rows and columns past the last
    whole block go by the largest smaller blocks that fit, down to 8 x 8,
    and what none fits in element by element). Such a copy
    that writes at least `nontemporal-copy-threshold` bytes is emitted twice
    under a run-time check that its target is 64-byte aligned: with
    non-temporal stores and an `llvm.fence` after them where it is (a large
    copy then does not read every target line into the caches first), with
    plain stores otherwise.

    Static allocations of tiled memrefs of at least that many bytes are
    64-byte aligned, so that copies into them can take those stores.

    These vector copies and aligned allocations, and vector accesses of one
    tile row of packed elements interleaved by groups of rows
    (`T(8,128)(8,1)E(4)`: one access of the group's run as one word per
    column, shifted and masked), are the lowering's CPU fast paths
    (`cpu-fast-paths`, on by default): pattern sets of their own
    (`populateLowerTiledLayoutsCpuFastPathPatterns`) that take precedence
    over the plain lowering where they apply, and place every element where
    the plain lowering does. With `cpu-fast-paths=false` every copy takes the
    loop nest (or the whole-buffer copy below) and every vector access the
    contiguous or element-wise form, which any target can lower.

    `memref.copy` or `tlayout.copy` between two layouts that place every
    element at the same offset, as the layout core's placement equality
    decides (equal layouts, or e.g. `{1,0}` and `{1,0:T(1,128)}` of
    `f32[1,256]`, `{0}` and `{0:T(128)}` of `f32[128]`, two equal `E(4)`
    layouts; static shapes for `memref.copy`, not views) is one copy of the
    physical buffers, which upstream lowers to one `memcpy`. A packed buffer
    whose last byte holds bits that are not the buffer's also merges that
    byte under a mask.

    `vector.transfer_read`/`transfer_write` and `affine.vector_load`/
    `vector_store` become one `vector.load`/`vector.store` of the physical
    buffer where the layout's contiguity analysis shows the elements
    adjacent (a 1-D, unmasked, in-bounds vector within a contiguous run,
    from a start index known to be a multiple of a width the run admits),
    and one scalar access per element otherwise (guarded by the transfer's
    bounds and mask, a `vector.mask` around the transfer included), which is
    exact also where a vector crosses a tile boundary.

    `tlayout.subview` results (views) share their root's physical buffer;
    accesses through a view add its offsets (static or dynamic, at any
    alignment) before the root's layout map, and views of views add up. A
    view at static offsets that are whole tiles (one tile level, no `*`, no
    `L(n)`, static root) becomes a plain `memref.subview` window of whole
    tiles of the physical buffer instead.

    `memref.rank` is the logical rank; `memref.assume_alignment` (not of a
    view) is the same assumption on the physical buffer.

    `tlayout.reshape` results (the same elements in another shape, proved
    by its verifier to keep every element's offset) are the source's
    physical buffer, reinterpreted in the result's physical shape.
    `tlayout.cast` results (the same elements in another layout that places
    them identically, proved by its verifier) are the source's physical
    buffer too, reinterpreted where the physical types differ.

    A `memref.global` of a tiled type gets the physical type, its dense
    initializer permuted into physical order (padding zero-filled).

    `memref.atomic_rmw`, `memref.generic_atomic_rmw` (its region moved) and
    `memref.prefetch` of an element become the same op on the physical
    buffer at the element's physical indices; an atomic on an element packed
    several to a byte (`E(1)`, `E(2)`, `E(4)`) becomes a
    `memref.generic_atomic_rmw` of its byte that updates only its bits.
    `vector.maskedload`/`maskedstore`, `vector.gather`/`scatter` and
    `vector.expandload`/`compressstore` become one scalar access per lane
    under an `scf.if` on its mask bit, at the lane's index as upstream
    defines it (the base plus the lane, the lane's entry of the index vector,
    or the number of active lanes before it, in the innermost dimension);
    masked-off lanes read the pass-through value and touch no memory.
    See docs/MemRefOps.md for every memref and vector access op.

    Rewritten ops (the ops the conversion's patterns are rooted at, the one
    list of what the lowering handles; a unit test checks this paragraph
    against it): `affine.load`, `affine.store`, `affine.vector_load`,
    `affine.vector_store`, `cf.br`, `cf.cond_br`, `func.call`, `func.func`,
    `func.return`, `memref.alloc`, `memref.alloca`, `memref.assume_alignment`,
    `memref.atomic_rmw`, `memref.cast`, `memref.copy`, `memref.dealloc`,
    `memref.dim`, `memref.generic_atomic_rmw`, `memref.get_global`,
    `memref.global`, `memref.load`, `memref.prefetch`, `memref.rank`,
    `memref.store`, `scf.condition`, `scf.for`, `scf.if`, `scf.index_switch`,
    `scf.while`, `scf.yield`, `tlayout.cast`, `tlayout.copy`,
    `tlayout.from_physical`, `tlayout.reshape`, `tlayout.subview`,
    `tlayout.to_physical`, `tlayout.transpose`,
    `vector.compressstore`, `vector.expandload`, `vector.gather`,
    `vector.mask`, `vector.maskedload`, `vector.maskedstore`,
    `vector.scatter`, `vector.transfer_read`, `vector.transfer_write`.

    Each pattern also states which ops of its kind it takes: vector accesses
    of at most 4096 elements of a fixed-length vector type (no scalable
    vectors; 1-D for masked loads and stores, expanding loads and compressing
    stores; not of rank-0 memrefs), `memref.dim` of a dimension the memref
    has, ranked `memref.cast`s and `memref.copy`s, and no view allocated, made global, cast or assumed aligned.
    Before rewriting anything, the pass reports every use of a tiled memref
    that no pattern takes (naming the op and the operand, with what to do
    instead) and every tiled type that has no physical layout, and fails
    without changing the module. Copies and vector accesses expand inside the
    one conversion, so any failure leaves the module as it was.

    Dynamic shapes: a tiled memref with dynamic sizes becomes its physical
    buffer (dynamic where a physical size depends on a logical one, computed
    with `ceildiv`) followed by one `index` per dynamic logical size, which
    the physical shape cannot recover; signatures, calls, returns and
    control flow carry them. `memref.dim` returns the logical size (a
    dynamic index selects among the sizes).
  }];
  let options = [
    Option<"nontemporalCopyThreshold", "nontemporal-copy-threshold",
           "int64_t", "::mlir::tlayout::kDefaultNontemporalCopyThreshold",
           "Relayout copies lowered to vector code that write at least this "
           "many bytes store with non-temporal hints where their target is "
           "64-byte aligned at run time, 0 never (default: 8388608, 8 MiB)">,
    Option<"vectorRegisterBytes", "vector-register-bytes", "int64_t",
           "::mlir::tlayout::kDefaultVectorRegisterBytes",
           "The target's vector register width in bytes, a power of two of "
           "at least 16: transposing copies move their blocks by sub-blocks "
           "of one register by one 128-bit lane (default: 32, AVX2; 64 for "
           "AVX-512)">,
    Option<"cpuFastPaths", "cpu-fast-paths", "bool", "true",
           "Add the CPU-tuned fast paths to the lowering: relayout copies as "
           "vector shuffles (interleaving tiles, transposes) with "
           "non-temporal stores and line-aligned allocations, and packed "
           "tile rows as column words; false gives the plain lowering, for "
           "other targets (default: true)">
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

#endif // TLAYOUT_CONVERSION_PASSES_TD
