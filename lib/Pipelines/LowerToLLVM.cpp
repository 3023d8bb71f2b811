//===- LowerToLLVM.cpp - The --tlayout-lower-to-llvm pipeline -------------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// --tlayout-lower-to-llvm: tiled layouts lowered with the CPU's copies,
// their indexing simplified and their loops scheduled for the CPU
// (--tlayout-cpu-loops), index promises dropped, the emulated target's
// memory spaces erased, then upstream's lowering to the LLVM dialect, so
// that mlir-runner runs the result on the CPU. (The TPU target's
// --tlayout-tpu-pipeline puts its layout assignment and capacity check in front
// of it.)
//
//===----------------------------------------------------------------------===//

#include "tlayout/Conversion/Passes.h"
#include "tlayout/Dialect/TLayout/Transforms/Passes.h"
#include "tlayout/Pipelines/Passes.h"
#include "tlayout/Target/CPU/Passes.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;
using namespace mlir::tlayout;

void mlir::tlayout::buildLowerToLLVMPipeline(
    OpPassManager &pm, const LowerToLLVMOptions &options) {
  // Signatures, calls and globals change together: the lowering of tiled
  // layouts and of memory spaces run on the module.
  pm.addPass(
      cpu::createCpuLowerTiledLayouts(options.getLowerTiledLayoutsOptions()));
  // What follows, up to the conversion to the LLVM dialect, changes one
  // function body at a time: nested under the module's isolated ops (its
  // functions, and nested modules as a whole), the pass manager runs it on
  // them in parallel, and each function goes through the whole sequence
  // while it is hot in the caches. (Nested under func.func alone, the
  // functions of a nested module would keep their affine ops.)
  OpPassManager &body = pm.nestAny();
  if (options.simplifyIndexing) {
    cpu::LoopPipelineOptions loops;
    loops.physicalOrder = options.physicalOrder;
    loops.tileRowWalkBytes = options.tileRowWalkBytes;
    loops.rowAccumulatorBytes = options.rowAccumulatorBytes;
    loops.nibbleBytes = options.nibbleBytes;
    cpu::buildLoopPipeline(body, loops);
  }
  // tlayout.assume_multiple only informs the simplification and the loop
  // schedules; the LLVM lowering has no pattern for it.
  body.addPass(createDropAssumptions());
  pm.addPass(createEraseMemorySpaces());
  OpPassManager &lowered = pm.nestAny();
  // Affine ops are lowered before anything canonicalizes or folds them
  // (the vector lowering's greedy driver folds ops too): MLIR 22's
  // canonicalization of affine maps bounds `x mod c` by the loop bounds of
  // `x` alone and folds e.g. `(i mod 3) floordiv 2` to 1 for `i` from 2,
  // and its folding of an affine.for's bounds inside an outer loop with no
  // trips leaves an upper bound without results, which does not verify.
  lowered.addPass(createLowerAffinePass());
  lowered.addPass(createConvertVectorToSCFPass());
  lowered.addPass(createCanonicalizerPass());
  // Hoists the tile-loop bounds that strip-mining left in inner loops.
  lowered.addPass(createLoopInvariantCodeMotionPass());
  lowered.addPass(createSCFToControlFlowPass());
  lowered.addPass(memref::createExpandStridedMetadataPass());
  // Strided metadata expands into affine.apply ops.
  lowered.addPass(createLowerAffinePass());
  // The conversions to the LLVM dialect replace func.func by llvm.func and
  // so run on the module.
  pm.addPass(createConvertVectorToLLVMPass());
  pm.addPass(createFinalizeMemRefToLLVMConversionPass());
  // Functions and calls first, by upstream's own pass: it resolves callees
  // through a SymbolTableCollection (one lookup per call), where
  // --convert-to-llvm's func patterns scan the module for every call, which
  // is quadratic in the number of functions (bench/README.md: 59 s of
  // --convert-to-llvm against 7 + 6 s at 20,000 functions).
  pm.addPass(createConvertFuncToLLVMPass());
  pm.addPass(createConvertToLLVMPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
  // The lowered module runs in tools that know none of tlayout's dialects.
  pm.addPass(createDropLayoutAttributes());
}

void mlir::tlayout::registerTLayoutPipelines() {
  PassPipelineRegistration<LowerToLLVMOptions>(
      "tlayout-lower-to-llvm",
      "Lower tiled layouts, erase the emulated memory spaces and lower to the "
      "LLVM dialect for the CPU",
      buildLowerToLLVMPipeline);
}
