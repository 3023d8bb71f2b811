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
    func.func @f(%m: memref<2x3x2x2xf32>, %i: index, %j: index) -> f32 {
      %0 = affine.apply affine_map<(d0, d1) -> (d0 floordiv 2)>(%i, %j)
      ...
      %v = memref.load %m[%0, %1, %2, %3] : memref<2x3x2x2xf32>
    ```

    `affine.load`/`affine.store` fold the layout map into their own map.
    `memref.copy` between any two layouts of the same logical shape becomes a
    loop nest that walks the destination's physical order (whole tiles,
    padding skipped) when the destination is tiled, and the logical order
    otherwise. This is what a layout means, correct on any target: a
    target's faster forms (the CPU's vectorized copies,
    `--tlayout-cpu-lower-tiled-layouts`) plug in through `lowerTiledLayouts`.

    A copy between two layouts that place every element at the same offset
    (the layout core's answer: `{1,0}` and `{1,0:T(1,128)}` of `f32[1,256]`,
    `{0}` and `{0:T(128)}` of `f32[128]`, two equal `E(4)` layouts) is one
    copy of the physical buffers (a `memcpy`); a packed buffer whose last
    byte holds bits that are not the buffer's merges that byte under a mask.

    Vector transfers and `affine.vector_load`/`vector_store` become one
    `vector.load`/`vector.store` of the physical buffer where the layout's
    contiguity analysis shows the elements adjacent, and one scalar access
    per element otherwise (guarded by the transfer's bounds and mask).

    Views (`tlayout.subview`) share their root's physical buffer;
    `tlayout.reshape`, `tlayout.cast` and `tlayout.transpose` results
    reinterpret their source's; globals get the physical type with a
    permuted initializer; atomics, prefetches and masked, gathering and
    compressing vector accesses go to the element's physical indices (lane
    by lane under its mask bit). docs/MemRefOps.md says what each memref
    and vector access op becomes.

    Rewritten ops (the ops the conversion's patterns are rooted at, the one
    list of what the lowering handles; a unit test checks this paragraph
    against it): `affine.load`, `affine.store`, `affine.vector_load`,
    `affine.vector_store`, `cf.br`, `cf.cond_br`, `cf.switch`, `func.call`,
    `func.func`, `func.return`, `memref.alloc`, `memref.alloca`,
    `memref.assume_alignment`, `memref.atomic_rmw`, `memref.cast`,
    `memref.copy`, `memref.dealloc`, `memref.dim`, `memref.generic_atomic_rmw`,
    `memref.get_global`, `memref.global`, `memref.load`, `memref.prefetch`,
    `memref.rank`, `memref.store`, `scf.condition`, `scf.for`, `scf.if`,
    `scf.index_switch`, `scf.while`, `scf.yield`, `tlayout.cast`,
    `tlayout.copy`, `tlayout.from_physical`, `tlayout.reshape`,
    `tlayout.subview`, `tlayout.to_physical`, `tlayout.transpose`,
    `vector.compressstore`, `vector.expandload`, `vector.gather`,
    `vector.mask`, `vector.maskedload`, `vector.maskedstore`,
    `vector.scatter`, `vector.transfer_read`, `vector.transfer_write`.

    Each pattern also states which ops of its kind it takes (vector
    accesses of at most 4096 elements of a fixed-length type, ranked casts
    and copies, no view allocated, made global, cast or assumed aligned).
    Before rewriting anything, the pass reports every use of a tiled memref
    that no pattern takes, with what to do instead, and every tiled type
    without a physical layout, and fails without changing the module.

    A tiled memref with dynamic sizes becomes its physical buffer followed
    by one `index` per dynamic logical size, which signatures, calls,
    returns and control flow carry; `memref.dim` returns the logical size.
    Unreachable blocks that hold tiled memrefs are erased first.
  }];
  let dependentDialects = [
    "::mlir::affine::AffineDialect",
    "::mlir::arith::ArithDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::vector::VectorDialect"
  ];
}

#endif // TLAYOUT_CONVERSION_PASSES_TD
