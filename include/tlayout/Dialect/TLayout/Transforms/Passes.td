//===- Passes.td - tlayout passes --------------------------*- tablegen -*-===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//

#ifndef TLAYOUT_DIALECT_TLAYOUT_TRANSFORMS_PASSES_TD
#define TLAYOUT_DIALECT_TLAYOUT_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def SimplifyIndexing : Pass<"tlayout-simplify-indexing"> {
  let summary = "Remove floordiv/mod from lowered accesses inside loops";
  let description = [{
    Runs after `--lower-tiled-layouts`, on the affine maps of `affine.apply`,
    `affine.load`/`store` and `affine.vector_load`/`vector_store`: it removes
    the floordiv and mod that tiled layouts put in index computations, by
    reasoning about the values the indices take.

    1. Every map is composed with the `affine.apply` ops that feed it, then
       simplified with what is known of each operand: its range (loop bounds
       of `affine.for` and `scf.for`, `affine.min`/`max`, constants, and
       upstream's value-bounds analysis for the rest) and a divisor (loop
       lower bounds and steps, constants, and `tlayout.assume_multiple`).
       `(x + y) floordiv c` becomes `x / c + y floordiv c` when `x` is a
       known multiple of `c`, and `y floordiv c` / `y mod c` become a
       constant / `y - k * c` when `y` stays within one period.
    2. `tile-loops` (default on): a loop whose induction variable is still
       divided by `c` (a tile size) is strip-mined into a loop over tiles and
       a loop of at most `c` iterations within a tile, in the same order of
       iterations: `i = c * t + e`, so `i floordiv c` is `t` and `i mod c` is
       `e`. Bounds may be dynamic: the inner loop stops at
       `min(c, ub - c * t)`, and a lower bound not known to be a multiple of
       `c` starts it at `max(lb mod step, lb - c * t)`. Loops with `iter_args`
       (reductions) are strip-mined too. The loop's step must divide `c`.
       Nested tilings (`T(8,128)(2,1)`, or two tilings of one dimension)
       strip-mine the inner loop again.
    3. `physical-order` (default on, as in `--tlayout-lower-to-llvm` and
       `--tlayout-tpu-pipeline`): a perfect nest of `affine.for` loops
       without `iter_args` whose innermost access indexes a buffer with one
       loop per physical dimension is permuted so that the loops follow the
       buffer's physical dimensions, the tile loops outside and the element
       loops inside (loops that index no dimension stay outermost). The
       permutation is applied only where it is proved legal: the nest holds
       `affine.load`/`affine.store` (which upstream's dependence analysis
       models), ops without memory effects and ops whose effects are those
       of the ops they hold (`scf.if`, inner loops), and nothing else (no
       `memref.load`/`store`, call, vector transfer, atomic or op of unknown
       effects); no memref it accesses is made inside it; the distinct
       memref values it accesses are distinct buffers (allocations, globals;
       function arguments are taken not to alias); and every dependence
       keeps its direction in the new order.
    4. `tlayout.assume_multiple` ops are replaced by their operands and dead
       `affine.apply` ops are erased.

    Before (the lowering of an element-wise loop over `T(8,128)`):

    ```mlir
    affine.for %i = 0 to 64 {
      affine.for %j = 0 to 256 {
        %x = affine.load %a[%i floordiv 8, %j floordiv 128, %i mod 8, %j mod 128]
            : memref<8x2x8x128xf32>
        ...
    ```

    After:

    ```mlir
    affine.for %t = 0 to 8 {
      affine.for %e = 0 to 8 {
        affine.for %u = 0 to 2 {
          affine.for %f = 0 to 128 {
            %x = affine.load %a[%t, %u, %e, %f] : memref<8x2x8x128xf32>
            ...
    ```

    Loops tiled by hand (stepping by whole tiles, or starting at an
    enclosing loop's index) are normalized (`lb + step * k`) instead of
    strip-mined, so their maps simplify the same way. Other loops
    (`affine.parallel`, `scf.parallel`, `scf.while`) are not strip-mined;
    the maps of their accesses are still simplified (step 1).
  }];
  let options = [
    Option<"tileLoops", "tile-loops", "bool", /*default=*/"true",
           "Strip-mine loops whose induction variable is divided by a tile "
           "size (default: true)">,
    Option<"physicalOrder", "physical-order", "bool", /*default=*/"true",
           "Permute perfect affine.for nests into the physical order of the "
           "buffer they access, where proved legal (default: true)">
  ];
  let dependentDialects = [
    "::mlir::affine::AffineDialect",
    "::mlir::arith::ArithDialect",
    "::mlir::scf::SCFDialect"
  ];
}

def EraseMemorySpaces : Pass<"tlayout-erase-memory-spaces", "::mlir::ModuleOp"> {
  let summary = "Map the emulated target's memory spaces to the CPU's";
  let description = [{
    Replaces every `#tlayout.memory_space<...>` memory space on memref types
    (in op results, block arguments, function types and attributes) by the
    default memory space, so that the CPU lowering to LLVM, which only
    understands integer address spaces, can run the code. Memrefs whose
    memory spaces are of another dialect are left alone. Run it after the
    layouts are lowered and capacities are checked: it forgets where each
    buffer lives.

    ```mlir
    memref<2x2x8x128xf32, #tlayout.memory_space<vmem>>
    ```
    becomes
    ```mlir
    memref<2x2x8x128xf32>
    ```
  }];
}

def ConvertLayoutSyntax
    : Pass<"tlayout-convert-layout-syntax", "::mlir::ModuleOp"> {
  let summary = "Rewrite layouts between XLA tiles and physical dimensions";
  let description = [{
    Rewrites the layout of every memref type in the module (op results,
    block arguments, function types, attributes) into the other layout
    model, or into its canonical form, without moving any element: each
    conversion is checked on the layout core's normal form to place every
    element at the same offset in a buffer of the same size.

    - `to=dims`: `#tlayout.tiled` becomes `#tlayout.dims` where the tiling
      has that form (no tail padding `L(n)`, no `E(n)`, no combined
      dimensions).
    - `to=xla`: `#tlayout.dims` becomes `#tlayout.tiled` where a tile
      sequence places the elements the same (no odd-even strips).
    - `to=canonical`: `#tlayout.dims` layouts take their canonical form
      (adjacent packed entries merged, size-1 entries dropped, a packed entry
      that covers its whole dimension made dynamic).

    A layout that has no such form is kept, with a remark at the first op
    that uses it. Views convert with their parent's shape.

    ```mlir
    memref<6x8xf32, #tlayout.dims<[1, 0, 1:packed(4)]>>
    ```
    becomes, with `to=xla`,
    ```mlir
    memref<6x8xf32, #tlayout.tiled<{0,1:T(4,1)}>>
    ```
  }];
  let options = [
    Option<"to", "to", "::mlir::tlayout::LayoutSyntax",
           /*default=*/"::mlir::tlayout::LayoutSyntax::Dims",
           "The layout model to write (default: dims)",
           [{::llvm::cl::values(
             clEnumValN(::mlir::tlayout::LayoutSyntax::Dims, "dims",
                        "#tlayout.dims physical dimensions"),
             clEnumValN(::mlir::tlayout::LayoutSyntax::Xla, "xla",
                        "#tlayout.tiled XLA tiles"),
             clEnumValN(::mlir::tlayout::LayoutSyntax::Canonical, "canonical",
                        "the canonical #tlayout.dims form"))}]>
  ];
}

def AssignTpuLayouts : Pass<"tlayout-assign-tpu-layouts", "::mlir::ModuleOp"> {
  let summary = "Give untiled memrefs the emulated TPU's default layouts";
  let description = [{
    Gives every memref without a layout (function arguments and results,
    allocations, globals) the default tiled layout of the TPU target for its
    shape and element type (`tlayout::tpu::getDefaultLayout`: `T(8,128)` for
    32-bit elements, `T(8,128)(2,1)` for 16-bit, `T(32,128)(32,1)` with
    `E(1)` for `i1`, `T(1024)`/`T(128)` for rank 1, ...), with the target's
    sublanes and lanes. The target is the `target` option's preset, else the
    module's `tlayout.target` attribute, else the default preset.

    The layout propagates so that the module stays valid: values connected
    through `memref.cast`, calls of functions defined in the module, returns,
    branches, `scf` loop and if results, and `memref.get_global` of one global
    get one layout; `memref.subview` of a tiled memref (unit strides) becomes
    `tlayout.subview`.

    Some memrefs keep their layout, with a remark where it is decided:
    values that reach a function declared but not defined here (its
    signature is an external contract), values cast to or from an unranked
    memref (which has no layout), values used by an op the lowering
    does not rewrite, and element types the rules do not cover. With
    `pack-sub-byte=false`, sub-byte elements keep the tiling without the
    `E(n)` packing (the CPU lowering stores elements in their own type).
    Memrefs in
    host memory, memrefs that already have a layout (tiled or not) and rank-0
    memrefs are left alone silently.
  }];
  let options = [
    Option<"target", "target", "::tlayout::tpu::PresetChoice",
           /*default=*/"::tlayout::tpu::PresetChoice::Module",
           "The TPU preset; overrides the module's tlayout.target (default: "
           "module)", [{::tlayout::tpu::PresetValues()}]>,
    Option<"packSubByte", "pack-sub-byte", "bool", /*default=*/"true",
           "Pack i1 and i4 elements (E(1), E(4)); false stores each in its "
           "own type with the same tiling, as the CPU lowering does (default: "
           "true)">
  ];
  let dependentDialects = ["::mlir::tlayout::TLayoutDialect"];
}

def MemoryReport : Pass<"tlayout-memory-report", "::mlir::ModuleOp"> {
  let summary = "Report the bytes every buffer and memory space takes";
  let description = [{
    For every allocation (`memref.alloc`, `memref.alloca`) in every function:
    its memory space, logical bytes, physical bytes (after tile padding,
    `L(n)` and `E(n)`) and padding ratio; for every function and memory
    space: the peak of bytes simultaneously live (an allocation lives from
    its op to its `memref.dealloc`, or to the end of the function; in a loop
    it counts once) against the target's capacity. Dynamic sizes are
    reported as such and left out of the peaks.

    `format=remarks` (the default) emits remarks at the allocations and
    functions; `format=json` writes one JSON document to `output` (`-`,
    the default, is stderr) for comparing layouts by script. The module is
    not changed.
  }];
  let options = [
    Option<"target", "target", "::tlayout::tpu::PresetChoice",
           /*default=*/"::tlayout::tpu::PresetChoice::Module",
           "The TPU preset; overrides the module's tlayout.target (default: "
           "module)", [{::tlayout::tpu::PresetValues()}]>,
    Option<"format", "format", "::mlir::tlayout::ReportFormat",
           /*default=*/"::mlir::tlayout::ReportFormat::Remarks",
           "The report's form (default: remarks)",
           [{::llvm::cl::values(
             clEnumValN(::mlir::tlayout::ReportFormat::Remarks, "remarks",
                        "remarks at the allocations and functions"),
             clEnumValN(::mlir::tlayout::ReportFormat::Json, "json",
                        "one JSON document written to `output`"))}]>,
    Option<"output", "output", "std::string", /*default=*/"\"-\"",
           "Where format=json writes (default: -, stderr)">
  ];
  let dependentDialects = ["::mlir::tlayout::TLayoutDialect"];
}

def CheckCapacity : Pass<"tlayout-check-capacity", "::mlir::ModuleOp"> {
  let summary = "Reject functions whose buffers overflow a memory space";
  let description = [{
    Tracks, in every function, the bytes simultaneously live in each memory
    space (as --tlayout-memory-report counts them, physical bytes after
    padding) and reports an error at the allocation that takes a space with
    a capacity (VMEM, SMEM, ... of the TPU target) past it, naming the
    allocation's bytes, the live total and the capacity. Spaces whose
    capacity is 0 are unlimited.
  }];
  let options = [
    Option<"target", "target", "::tlayout::tpu::PresetChoice",
           /*default=*/"::tlayout::tpu::PresetChoice::Module",
           "The TPU preset; overrides the module's tlayout.target (default: "
           "module)", [{::tlayout::tpu::PresetValues()}]>
  ];
  let dependentDialects = ["::mlir::tlayout::TLayoutDialect"];
}

#endif // TLAYOUT_DIALECT_TLAYOUT_TRANSFORMS_PASSES_TD
