//===- TpuPipeline.cpp - The TPU target's pass pipeline -------------------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// --tlayout-tpu-pipeline: the TPU target's layout assignment and capacity
// check in front of the generic --tlayout-lower-to-llvm.
// --tlayout-tpu-bufferize-pipeline: the same from linalg on tensors, through
// bufferization that keeps the layouts tensors carry as encodings
// (docs/Tensors.md), with ownership-based deallocation inserted on the
// physical buffers once the tiled layouts are lowered.
//
//===----------------------------------------------------------------------===//

#include "tlayout/Conversion/Passes.h"
#include "tlayout/Dialect/TLayout/Transforms/Passes.h"
#include "tlayout/Target/CPU/Passes.h"
#include "tlayout/Target/TPU/Transforms/Passes.h"

#include "mlir/Conversion/BufferizationToMemRef/BufferizationToMemRef.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;
using namespace mlir::tlayout::tpu;

void mlir::tlayout::tpu::buildTpuPipeline(
    OpPassManager &pm, const TpuPipelineOptions &options,
    function_ref<void(OpPassManager &)> beforeLowering) {
  AssignTpuLayoutsOptions assign;
  assign.target = options.target;
  // Sub-byte elements are packed (E(1), E(4)), as on the TPU.
  assign.packSubByte = true;
  pm.addPass(createAssignTpuLayouts(assign));
  CheckCapacityOptions check;
  check.target = options.target;
  pm.addPass(createCheckCapacity(check));
  if (beforeLowering)
    beforeLowering(pm);
  buildLowerToLLVMPipeline(pm, options);
}

void mlir::tlayout::tpu::buildTpuBufferizePipeline(
    OpPassManager &pm, const TpuBufferizePipelineOptions &options) {
  // Every tensor takes a layout of the target, chosen for the whole
  // program (--tlayout-assign-layouts: layouts fixed at the boundaries are
  // constraints, every placement change a relayout, bitcasts views); the
  // bufferization gives each buffer its tensor's layout. What is left
  // untiled (an op that keeps its operand's type) gets the target's layouts
  // from the memref-level assignment below.
  AssignLayoutsOptions assign;
  assign.policy = options.layoutPolicy;
  // The target as attribute text: a named preset.
  auto presetText = [](const TargetDescription &preset) {
    return "#tlayout_tpu.target<\"" + preset.name.str() + "\">";
  };
  if (std::optional<TargetDescription> preset = getPreset(options.target))
    assign.target = presetText(*preset);
  assign.defaultTarget = presetText(getDefaultPreset());
  pm.addPass(createAssignLayouts(assign));
  pm.addPass(createBufferizeTensorEncodings());
  // The lowering of tiled layouts rewrites loads and stores, not linalg ops.
  pm.addNestedPass<func::FuncOp>(createConvertLinalgToAffineLoopsPass());
  buildTpuPipeline(pm, options, [&options](OpPassManager &pm) {
    // Deallocation runs on the physical buffers: upstream's lowering of
    // bufferization.dealloc takes memrefs apart with
    // memref.extract_strided_metadata, which a tiled memref does not have
    // (and the assignment leaves a memref so used untiled). Once the layouts
    // are lowered every memref is a physical buffer or a strided view of
    // one. The lowering to LLVM runs the lowering of tiled layouts again,
    // which then has nothing to do.
    pm.addPass(
        cpu::createCpuLowerTiledLayouts(options.getLowerTiledLayoutsOptions()));
    // Upstream's --buffer-deallocation-pipeline without its canonicalizer:
    // the lowered accesses are affine maps with floordiv and mod, which the
    // lowering to LLVM lowers before anything canonicalizes them.
    pm.addPass(memref::createExpandReallocPass());
    pm.addPass(bufferization::createOwnershipBasedBufferDeallocationPass());
    // In place of the canonicalizer before the simplification: upstream's
    // BufferOriginAnalysis crashed on the duplicate ops the deallocation
    // leaves where a function called under an scf.if writes its argument
    // in place (tpu-bufferize-call-in-if.mlir).
    pm.addPass(createCSEPass());
    pm.addPass(bufferization::createBufferDeallocationSimplificationPass());
    pm.addPass(bufferization::createLowerDeallocationsPass());
    // The clones of buffers a function returns without owning them (an
    // argument written in place).
    pm.addPass(createConvertBufferizationToMemRefPass());
    pm.addPass(createCSEPass());
  });
}

void mlir::tlayout::tpu::registerTpuPipelines() {
  PassPipelineRegistration<TpuPipelineOptions>(
      "tlayout-tpu-pipeline",
      "Give untiled memrefs the TPU target's layouts, check its memory "
      "capacities, lower tiled layouts and lower to the LLVM dialect",
      [](OpPassManager &pm, const TpuPipelineOptions &options) {
        buildTpuPipeline(pm, options);
      });
  PassPipelineRegistration<TpuBufferizePipelineOptions>(
      "tlayout-tpu-bufferize-pipeline",
      "Bufferize linalg on tensors, give the buffers the TPU target's "
      "layouts, check its memory capacities, lower tiled layouts, insert "
      "deallocations and lower to the LLVM dialect",
      buildTpuBufferizePipeline);
}
