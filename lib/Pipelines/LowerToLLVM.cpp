//===- LowerToLLVM.cpp - The --tlayout-lower-to-llvm pipeline -------------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// --tlayout-lower-to-llvm: tiled layouts lowered, their indexing
// simplified, index promises dropped, the emulated target's memory spaces
// erased, then upstream's lowering to the LLVM dialect, so that mlir-runner
// runs the result on the CPU. (The TPU target's --tlayout-tpu-pipeline puts
// its layout assignment and capacity check in front of it.)
//
//===----------------------------------------------------------------------===//

#include "tlayout/Conversion/Passes.h"
#include "tlayout/Dialect/TLayout/Transforms/Passes.h"
#include "tlayout/Pipelines/Passes.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;
using namespace mlir::tlayout;

void mlir::tlayout::buildLowerToLLVMPipeline(
    OpPassManager &pm, const LowerToLLVMOptions &options) {
  LowerTiledLayoutsOptions lower;
  lower.nontemporalCopyThreshold = options.nontemporalCopyThreshold;
  pm.addPass(createLowerTiledLayouts(lower));
  if (options.simplifyIndexing) {
    SimplifyIndexingOptions simplify;
    simplify.physicalOrder = options.physicalOrder;
    pm.addPass(createSimplifyIndexing(simplify));
  }
  // tlayout.assume_multiple only informs the simplification; the LLVM
  // lowering has no pattern for it.
  pm.addPass(createDropAssumptions());
  pm.addPass(createEraseMemorySpaces());
  pm.addPass(createConvertVectorToSCFPass());
  // Affine ops are lowered before anything canonicalizes them: MLIR 22's
  // canonicalization of affine maps bounds `x mod c` by the loop bounds of
  // `x` alone and folds e.g. `(i mod 3) floordiv 2` to 1 for `i` from 2.
  pm.addPass(createLowerAffinePass());
  pm.addPass(createCanonicalizerPass());
  // Hoists the tile-loop bounds that strip-mining left in inner loops.
  pm.addPass(createLoopInvariantCodeMotionPass());
  pm.addPass(createSCFToControlFlowPass());
  pm.addPass(memref::createExpandStridedMetadataPass());
  // Strided metadata expands into affine.apply ops.
  pm.addPass(createLowerAffinePass());
  pm.addPass(createConvertVectorToLLVMPass());
  pm.addPass(createFinalizeMemRefToLLVMConversionPass());
  pm.addPass(createConvertToLLVMPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
}

void mlir::tlayout::registerTLayoutPipelines() {
  PassPipelineRegistration<LowerToLLVMOptions>(
      "tlayout-lower-to-llvm",
      "Lower tiled layouts, erase the emulated memory spaces and lower to the "
      "LLVM dialect for the CPU",
      buildLowerToLLVMPipeline);
}
