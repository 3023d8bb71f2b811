//===- tlayout-opt.cpp - tlayout optimizer driver -------------------------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// An mlir-opt style driver with the tlayout dialect, the upstream dialects a
// user of tiled memrefs writes kernels in, the tlayout passes, and the
// upstream passes that the tlayout pipelines and the lowering to LLVM use.
//
//===----------------------------------------------------------------------===//

#include "tlayout/Dialect/TLayout/IR/TLayoutDialect.h"
#include "tlayout/Dialect/TLayout/Transforms/Passes.h"

#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVM.h"
#include "mlir/Conversion/IndexToLLVM/IndexToLLVM.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/MemRefToLLVM/MemRefToLLVM.h"
#include "mlir/Conversion/Passes.h"
#include "mlir/Conversion/UBToLLVM/UBToLLVM.h"
#include "mlir/Conversion/VectorToLLVM/ConvertVectorToLLVM.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Affine/IR/ValueBoundsOpInterfaceImpl.h"
#include "mlir/Dialect/Affine/Transforms/Passes.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/IR/ValueBoundsOpInterfaceImpl.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Index/IR/IndexDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/IR/ValueBoundsOpInterfaceImpl.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "mlir/Transforms/Passes.h"

/// Upstream passes that tlayout pipelines and users' lowering to LLVM need.
static void registerUpstreamPasses() {
  mlir::registerCanonicalizerPass();
  mlir::registerCSEPass();
  mlir::registerSymbolDCEPass();
  mlir::registerLoopInvariantCodeMotionPass();
  mlir::affine::registerAffineExpandIndexOpsPass();
  mlir::affine::registerAffineLoopNormalizePass();
  mlir::affine::registerSimplifyAffineStructuresPass();
  mlir::memref::registerExpandStridedMetadataPass();
  mlir::memref::registerNormalizeMemRefsPass();
  mlir::registerLowerAffinePass();
  mlir::registerSCFToControlFlowPass();
  mlir::registerConvertVectorToSCFPass();
  mlir::registerConvertToLLVMPass();
  mlir::registerConvertFuncToLLVMPass();
  mlir::registerArithToLLVMConversionPass();
  mlir::registerConvertControlFlowToLLVMPass();
  mlir::registerConvertIndexToLLVMPass();
  mlir::registerConvertMathToLLVMPass();
  mlir::registerConvertVectorToLLVMPass();
  mlir::registerFinalizeMemRefToLLVMConversionPass();
  mlir::registerUBToLLVMConversionPass();
  mlir::registerReconcileUnrealizedCastsPass();
}

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  registry.insert<mlir::tlayout::TLayoutDialect, mlir::affine::AffineDialect,
                  mlir::arith::ArithDialect, mlir::cf::ControlFlowDialect,
                  mlir::func::FuncDialect, mlir::index::IndexDialect,
                  mlir::LLVM::LLVMDialect, mlir::math::MathDialect,
                  mlir::memref::MemRefDialect, mlir::scf::SCFDialect,
                  mlir::ub::UBDialect, mlir::vector::VectorDialect>();
  // Interfaces that let --convert-to-llvm lower each dialect.
  mlir::arith::registerConvertArithToLLVMInterface(registry);
  mlir::cf::registerConvertControlFlowToLLVMInterface(registry);
  mlir::registerConvertFuncToLLVMInterface(registry);
  mlir::index::registerConvertIndexToLLVMInterface(registry);
  mlir::registerConvertMathToLLVMInterface(registry);
  mlir::registerConvertMemRefToLLVMInterface(registry);
  mlir::ub::registerConvertUBToLLVMInterface(registry);
  mlir::vector::registerConvertVectorToLLVMInterface(registry);
  // Value bounds that --tlayout-simplify-indexing falls back on.
  mlir::affine::registerValueBoundsOpInterfaceExternalModels(registry);
  mlir::arith::registerValueBoundsOpInterfaceExternalModels(registry);
  mlir::scf::registerValueBoundsOpInterfaceExternalModels(registry);
  mlir::tlayout::registerTLayoutPasses();
  mlir::tlayout::registerTLayoutPipelines();
  registerUpstreamPasses();
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "tlayout optimizer driver\n", registry));
}
