//===- TpuBase.td - tlayout_tpu dialect definition ---------*- tablegen -*-===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//

#ifndef TLAYOUT_TARGET_TPU_IR_TPUBASE_TD
#define TLAYOUT_TARGET_TPU_IR_TPUBASE_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"

def TLayoutTpu_Dialect : Dialect {
  let name = "tlayout_tpu";
  let cppNamespace = "::mlir::tlayout::tpu";
  let summary = "The emulated TPU target of tlayout";
  let description = [{
    The `tlayout_tpu` dialect describes the emulated TPU that tlayout's TPU
    passes (`--tlayout-assign-tpu-layouts`, `--tlayout-memory-report`,
    `--tlayout-check-capacity`, `--tlayout-tpu-pipeline`) work for: the
    target (`#tlayout_tpu.target`, put on the module as `tlayout_tpu.target`)
    and the TPU's named memory spaces (`#tlayout_tpu.memory_space<vmem>`).
    The generic `tlayout` dialect knows nothing of it; the TPU generations
    are the rows of one preset table (lib/Target/TPU/TpuTarget.cpp).

    ```mlir
    module attributes {tlayout_tpu.target = #tlayout_tpu.target<vmem = 1048576>} {
      func.func @f(%arg0: memref<8x128xf32, #tlayout.tiled<{1,0:T(8,128)}>,
                                 #tlayout_tpu.memory_space<vmem>>)
    }
    ```
  }];
  let useDefaultAttributePrinterParser = 1;
  let extraClassDeclaration = [{
  private:
    void registerAttributes();
  }];
}

/// Base class of tlayout_tpu attributes.
class TLayoutTpu_Attr<string name, string attrMnemonic,
                      list<Trait> traits = []>
    : AttrDef<TLayoutTpu_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

#endif // TLAYOUT_TARGET_TPU_IR_TPUBASE_TD
