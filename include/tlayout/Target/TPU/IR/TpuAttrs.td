//===- TpuAttrs.td - tlayout_tpu attributes ----------------*- tablegen -*-===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//

#ifndef TLAYOUT_TARGET_TPU_IR_TPUATTRS_TD
#define TLAYOUT_TARGET_TPU_IR_TPUATTRS_TD

include "tlayout/Target/TPU/IR/TpuBase.td"
include "tlayout/Dialect/TLayout/IR/TLayoutAttrs.td"

def TLayoutTpu_TargetAttr : TLayoutTpu_Attr<"Target", "target", [
    DeclareAttrInterfaceMethods<TLayout_LayoutTargetAttrInterface,
        ["getMemoryCapacity", "getMemorySpaceLabel"]>]> {
  let summary = "The emulated TPU target: register shape and capacities";
  let description = [{
    Describes the emulated TPU that layout assignment, the memory report,
    the capacity check and the TPU pipeline work for. Put it on the module as
    `tlayout_tpu.target`, or name a preset with the passes' `target` option.

    ```
    tpu-target ::= `#tlayout_tpu.target<` (string (`,` field)* | field (`,` field)*)? `>`
    field      ::= (`lanes` | `sublanes` | `hbm` | `vmem` | `smem` | `cmem` | `host`) `=` int
    ```

    The string names a preset, a row of the preset table in
    lib/Target/TPU/TpuTarget.cpp (the table's first row when omitted; an
    unknown name is an error listing the table's names), and the fields
    override its numbers: `lanes` and `sublanes` shape the
    `T(sublanes, lanes)` tiles (each from 1 to 65536), the others are the
    capacities of the memory spaces in bytes (0: unlimited). The printed form
    spells out every field.

    As a layout target (`--tlayout-assign-layouts`), it offers an array
    every minor_to_major order (for ranks up to 4; beyond, row-major and
    the two most minor dimensions swapped), each with the tiles the TPU's
    rules give the array in that physical order (`T(8,128)` for 32-bit
    elements, `T(2,128)` when the second most minor physical dimension is 1
    or 2, packing sub-tiles such as `(2,1)` for 16-bit, `E(n)` for sub-byte
    types), row-major first.

    The default preset with 1 MiB of VMEM (a named preset is written as its
    table row's name in quotes first, e.g. `<"name", vmem = 1048576>`):

    ```mlir
    module attributes {tlayout_tpu.target = #tlayout_tpu.target<vmem = 1048576>} {}
    ```
  }];
  let parameters = (ins
    StringRefParameter<"the preset the numbers started from">:$preset,
    "int64_t":$lanes,
    "int64_t":$sublanes,
    "int64_t":$hbm,
    "int64_t":$vmem,
    "int64_t":$smem,
    "int64_t":$cmem,
    "int64_t":$host
  );
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The attribute of a core target description.
    static TargetAttr get(::mlir::MLIRContext *context,
                          const ::mlir::tlayout::tpu::TargetDescription &target);
    /// The core target description.
    ::mlir::tlayout::tpu::TargetDescription getDescription() const;
  }];
}

def TLayoutTpu_MemorySpaceAttr : TLayoutTpu_Attr<"MemorySpace",
    "memory_space", [TLayout_MemorySpaceAttrInterface]> {
  let summary = "A named memory space of the emulated TPU";
  let description = [{
    A memref memory space of the emulated TPU, by name: `hbm` (XLA's `S(0)`,
    device memory), `vmem` (`S(1)`, vector memory), `smem` (`S(2)`, scalar
    memory), `cmem` (`S(3)`, common memory) and `host` (`S(5)`). The TPU
    passes read it as its `S(n)` number, as they read the generic
    `#tlayout.memory_space<n>` and builtin integer memory spaces; it
    implements the generic dialect's memory space interface, so
    `--tlayout-erase-memory-spaces` erases it too.

    ```mlir
    memref<8x128xf32, #tlayout.tiled<{1,0:T(8,128)}>, #tlayout_tpu.memory_space<vmem>>
    ```
  }];
  let parameters = (ins "int64_t":$value);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The `S(n)` number (MemorySpaceAttrInterface).
    int64_t getMemorySpaceNumber() const { return getValue(); }
  }];
}

#endif // TLAYOUT_TARGET_TPU_IR_TPUATTRS_TD
