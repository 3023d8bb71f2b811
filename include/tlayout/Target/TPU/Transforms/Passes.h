//===- Passes.h - TPU target passes -----------------------------*- C++ -*-===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// Declarations and registration of the TPU target's passes and of
// --tlayout-tpu-pipeline.
//
//===----------------------------------------------------------------------===//

#ifndef TLAYOUT_TARGET_TPU_TRANSFORMS_PASSES_H
#define TLAYOUT_TARGET_TPU_TRANSFORMS_PASSES_H

#include "tlayout/Pipelines/Passes.h"
#include "tlayout/Target/TPU/TpuTarget.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassOptions.h"

namespace mlir::tlayout::tpu {

class TLayoutTpuDialect;

/// The form of --tlayout-memory-report's report (its `format` option).
enum class ReportFormat { Remarks, Json };

#define GEN_PASS_DECL
#include "tlayout/Target/TPU/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "tlayout/Target/TPU/Transforms/Passes.h.inc"

/// Options of `--tlayout-tpu-pipeline`: the lowering's, and the target.
struct TpuPipelineOptions : public LowerToLLVMOptions {
  Option<::mlir::tlayout::tpu::PresetChoice> target{
      *this, "target",
      llvm::cl::desc("The TPU preset; overrides the module's "
                     "tlayout_tpu.target (default: module)"),
      llvm::cl::init(::mlir::tlayout::tpu::PresetChoice::Module),
      ::mlir::tlayout::tpu::PresetValues()};
};

/// The options of --tlayout-tpu-bufferize-pipeline: the TPU pipeline's and
/// how tensor layouts are chosen.
struct TpuBufferizePipelineOptions : public TpuPipelineOptions {
  Option<std::string> layoutPolicy{
      *this, "layout-policy",
      llvm::cl::desc("The policy of --tlayout-assign-layouts that chooses "
                     "the tensors' layouts: auto, exact, fast, propagate or "
                     "row-major (default: auto)"),
      llvm::cl::init("auto")};
};

/// Adds --tlayout-assign-tpu-layouts, --tlayout-check-capacity and the
/// lowering to LLVM (buildLowerToLLVMPipeline): an untiled kernel runs on
/// the CPU with the TPU target's placement. `beforeLowering`, if given, adds
/// passes between the capacity check and the lowering.
void buildTpuPipeline(
    OpPassManager &pm, const TpuPipelineOptions &options,
    llvm::function_ref<void(OpPassManager &)> beforeLowering = nullptr);

/// Adds --tlayout-tpu-bufferize-pipeline: layout assignment for the whole
/// program on tensors (--tlayout-assign-layouts with `layoutPolicy` and the
/// pipeline's target), bufferization that keeps the chosen layouts, linalg
/// to affine loops, then buildTpuPipeline with the tiled layouts lowered and
/// ownership-based deallocation inserted on the physical buffers before the
/// lowering to LLVM.
void buildTpuBufferizePipeline(OpPassManager &pm,
                               const TpuBufferizePipelineOptions &options);

/// Registers `--tlayout-tpu-pipeline` and `--tlayout-tpu-bufferize-pipeline`.
void registerTpuPipelines();

} // namespace mlir::tlayout::tpu

#endif // TLAYOUT_TARGET_TPU_TRANSFORMS_PASSES_H
