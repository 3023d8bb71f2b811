//===- Passes.td - TPU target passes -----------------------*- tablegen -*-===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//

#ifndef TLAYOUT_TARGET_TPU_TRANSFORMS_PASSES_TD
#define TLAYOUT_TARGET_TPU_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def AssignTpuLayouts : Pass<"tlayout-assign-tpu-layouts", "::mlir::ModuleOp"> {
  let summary = "Give untiled memrefs the emulated TPU's default layouts";
  let description = [{
    Gives every memref without a layout (function arguments and results,
    allocations, globals) the default tiled layout of the TPU target for its
    shape and element type (`mlir::tlayout::tpu::getDefaultLayout`: `T(8,128)` for
    32-bit elements, `T(8,128)(2,1)` for 16-bit, `T(32,128)(32,1)` with
    `E(1)` for `i1`, `T(1024)`/`T(128)` for rank 1, ...), with the target's
    sublanes and lanes. The target is the `target` option's preset, else the
    module's `tlayout_tpu.target` attribute, else the default preset.

    The layout propagates so that the module stays valid: values connected
    through `memref.cast`, calls of functions defined in the module, returns,
    branches, `scf` loop and if results, and `memref.get_global` of one global
    get one layout; `memref.subview` of a tiled memref (unit strides) becomes
    `tlayout.subview`.

    Some memrefs keep their layout, with a remark where it is decided:
    values that reach a function declared but not defined here (its
    signature is an external contract), values cast to or from an unranked
    memref (which has no layout), values used by an op the lowering
    does not rewrite, and element types the rules do not cover. Sub-byte
    elements are packed as on the TPU (`i1` with `E(1)`, `i4` with `E(4)`),
    which the lowering stores as bytes; with `pack-sub-byte=false` they keep
    the tiling without `E(n)`, one byte per element.
    Scalars (rank 0) get the tiles TPU dumps print for them (`{:T(128)}` for
    32-bit elements, `T(256)` for 16-bit, `T(512)` for 8-bit and `pred`).
    Memrefs in host memory and memrefs that already have a layout (tiled or
    not) are left alone silently.
  }];
  let options = [
    Option<"target", "target", "::mlir::tlayout::tpu::PresetChoice",
           /*default=*/"::mlir::tlayout::tpu::PresetChoice::Module",
           "The TPU preset; overrides the module's tlayout_tpu.target (default: "
           "module)", [{::mlir::tlayout::tpu::PresetValues()}]>,
    Option<"packSubByte", "pack-sub-byte", "bool", /*default=*/"true",
           "Pack i1 and i4 elements (E(1), E(4)) into bytes; false stores "
           "each in a byte of its own with the same tiling (default: true)">
  ];
  let dependentDialects = ["::mlir::tlayout::TLayoutDialect",
                           "::mlir::tlayout::tpu::TLayoutTpuDialect"];
}

def MemoryReport : Pass<"tlayout-memory-report", "::mlir::ModuleOp"> {
  let summary = "Report the bytes every buffer and memory space takes";
  let description = [{
    For every allocation (`memref.alloc`, `memref.alloca`) in every function:
    its memory space, logical bytes, physical bytes (after tile padding,
    `L(n)` and `E(n)`) and padding ratio. For every function and memory
    space: the peak of physical bytes live at once against the target's
    capacity, the op where it is reached and the allocations live there,
    most padding first, and (labelled as a sum, not the peak) all its
    allocations added up. Dynamic sizes are reported as such and left out.

    An allocation lives from its op to the later of its last use and its
    `memref.dealloc`. Its uses include those of its views and aliases
    (subviews, casts, `tlayout.cast`/`reshape`/`subview`/`to_physical`,
    values carried through loop `iter_args`, yielded from regions or
    returned by a callee defined in the module); a use inside a loop or
    other region counts as a use by that op at the allocation's level. A
    buffer that escapes (returned, stored into memory, passed to a function
    only declared, used by an op with unknown effects, by a DMA or in a
    region the op may run later) and a `memref.alloca` live to the end of
    the function.
    Loops and calls count as in `--tlayout-check-capacity`.

    ```mlir
    %a = memref.alloc() : memref<8192x1024xf32, #tlayout_tpu.memory_space<vmem>>
    %b = memref.alloc() : memref<8192x1024xf32, #tlayout_tpu.memory_space<vmem>>
    tlayout.copy %a, %b : ... // last use of %a
    %c = memref.alloc() : memref<8192x1024xf32, #tlayout_tpu.memory_space<vmem>>
    ```

    peaks at 64 MiB at `%b` (`%a` and `%b` live), not 96 MiB.

    `format=remarks` (the default) emits a remark at each allocation and one
    per function and space, with a note at the peak's op and at each
    allocation live there. `format=json` writes one JSON document to
    `output` (`-`, the default, is stderr) for comparing layouts by script:
    per buffer its location, `live_until` and whether it is live at a peak
    over the capacity (`exceeds_capacity`); per space `peak_bytes`,
    `peak_at` (the op's location), `peak_op`, `live_at_peak`, `exceeded`
    (the peak over the capacity) and `sum_bytes` (the sum). The module is
    not changed.
  }];
  let options = [
    Option<"target", "target", "::mlir::tlayout::tpu::PresetChoice",
           /*default=*/"::mlir::tlayout::tpu::PresetChoice::Module",
           "The TPU preset; overrides the module's tlayout_tpu.target (default: "
           "module)", [{::mlir::tlayout::tpu::PresetValues()}]>,
    Option<"format", "format", "::mlir::tlayout::tpu::ReportFormat",
           /*default=*/"::mlir::tlayout::tpu::ReportFormat::Remarks",
           "The report's form (default: remarks)",
           [{::llvm::cl::values(
             clEnumValN(::mlir::tlayout::tpu::ReportFormat::Remarks, "remarks",
                        "remarks at the allocations and functions"),
             clEnumValN(::mlir::tlayout::tpu::ReportFormat::Json, "json",
                        "one JSON document written to `output`"))}]>,
    Option<"output", "output", "std::string", /*default=*/"\"-\"",
           "Where format=json writes (default: -, stderr)">
  ];
  let dependentDialects = ["::mlir::tlayout::TLayoutDialect",
                           "::mlir::tlayout::tpu::TLayoutTpuDialect"];
}

def CheckCapacity : Pass<"tlayout-check-capacity", "::mlir::ModuleOp"> {
  let summary = "Reject functions whose buffers overflow a memory space";
  let description = [{
    Tracks, in every function, the bytes simultaneously live in each memory
    space (as --tlayout-memory-report counts them: physical bytes after
    padding, each allocation live from its op to the later of its last use,
    through views and aliases, and its `memref.dealloc`, or to the end of
    the function when it escapes) and reports an error where the peak of a
    space with a capacity (VMEM, SMEM, ... of the TPU target) is above it:
    at the allocation (or call) that reaches the peak, naming its bytes, the
    peak and the capacity, with a note at every allocation live there and
    its bytes. Spaces whose capacity is 0 are unlimited.

    It counts what runs. A loop with a constant trip count N whose body
    leaves L bytes live per trip (allocations still live when a trip ends)
    peaks at its first trip's peak plus (N - 1) * L and leaves N * L live
    after it; the error then names the run and the notes the copies. A loop
    without a constant trip count that keeps bytes live is counted once and
    gets a warning. A call of a function defined in the module adds the
    callee's own peak to the caller's live bytes while it runs (an error at
    the call if that is the peak over the capacity) and what the callee
    leaves live afterwards; a recursive call counts one level.

    ```mlir
    // v5e: 128 MiB of VMEM. Three of these 32 MiB buffers live at once:
    // fits. Five, each read at the end: an error at %e, a note at each.
    %a = memref.alloc() : memref<8192x1024xf32, #tlayout_tpu.memory_space<vmem>>
    ```
  }];
  let options = [
    Option<"target", "target", "::mlir::tlayout::tpu::PresetChoice",
           /*default=*/"::mlir::tlayout::tpu::PresetChoice::Module",
           "The TPU preset; overrides the module's tlayout_tpu.target (default: "
           "module)", [{::mlir::tlayout::tpu::PresetValues()}]>
  ];
  let dependentDialects = ["::mlir::tlayout::TLayoutDialect",
                           "::mlir::tlayout::tpu::TLayoutTpuDialect"];
}

#endif // TLAYOUT_TARGET_TPU_TRANSFORMS_PASSES_TD
