//===- TpuPipeline.cpp - The TPU target's pass pipeline -------------------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// --tlayout-tpu-pipeline: the TPU target's layout assignment and capacity
// check in front of the generic --tlayout-lower-to-llvm.
//
//===----------------------------------------------------------------------===//

#include "tlayout/Target/TPU/Transforms/Passes.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"

using namespace mlir;
using namespace mlir::tlayout::tpu;

void mlir::tlayout::tpu::buildTpuPipeline(OpPassManager &pm,
                                          const TpuPipelineOptions &options) {
  AssignTpuLayoutsOptions assign;
  assign.target = options.target;
  // Sub-byte elements are packed (E(1), E(4)), as on the TPU.
  assign.packSubByte = true;
  pm.addPass(createAssignTpuLayouts(assign));
  CheckCapacityOptions check;
  check.target = options.target;
  pm.addPass(createCheckCapacity(check));
  buildLowerToLLVMPipeline(pm, options);
}

void mlir::tlayout::tpu::registerTpuPipelines() {
  PassPipelineRegistration<TpuPipelineOptions>(
      "tlayout-tpu-pipeline",
      "Give untiled memrefs the TPU target's layouts, check its memory "
      "capacities, lower tiled layouts and lower to the LLVM dialect",
      buildTpuPipeline);
}
