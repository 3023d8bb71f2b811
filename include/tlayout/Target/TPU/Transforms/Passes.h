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

#include "tlayout/Dialect/TLayout/Transforms/Passes.h"
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
  Option<::tlayout::tpu::PresetChoice> target{
      *this, "target",
      llvm::cl::desc("The TPU preset; overrides the module's "
                     "tlayout_tpu.target (default: module)"),
      llvm::cl::init(::tlayout::tpu::PresetChoice::Module),
      ::tlayout::tpu::PresetValues()};
};

/// Adds --tlayout-assign-tpu-layouts, --tlayout-check-capacity and the
/// lowering to LLVM (buildLowerToLLVMPipeline): an untiled kernel runs on
/// the CPU with the TPU target's placement.
void buildTpuPipeline(OpPassManager &pm, const TpuPipelineOptions &options);

/// Registers `--tlayout-tpu-pipeline`.
void registerTpuPipelines();

} // namespace mlir::tlayout::tpu

#endif // TLAYOUT_TARGET_TPU_TRANSFORMS_PASSES_H
