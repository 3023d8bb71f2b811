//===- main.cpp - A downstream compiler embedding tlayout -----------------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// Registers the tlayout dialect next to its own dialects, asks the layout core
// for sizes, parses a module with a tiled memref and runs the lowering in its
// own pass manager.
//
// With `--tpu-bufferize FILE` it runs tlayout's tensor pipeline instead: it
// reads the linalg-on-tensors program in FILE, runs
// --tlayout-tpu-bufferize-pipeline (bufferization, the TPU target's layouts,
// the lowering to the LLVM dialect) and prints the result, which
// mlir-runner runs.
//
//===----------------------------------------------------------------------===//

#include "tlayout/TLayout.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <cstring>

static const char *kModule = R"mlir(
func.func @get(%m: memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>,
               %i: index, %j: index) -> f32 {
  %v = memref.load %m[%i, %j] : memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>
  return %v : f32
}
)mlir";

/// Runs --tlayout-tpu-bufferize-pipeline on the tensor program in `path`
/// and prints the LLVM-dialect module.
static int runTensorPipeline(const char *path) {
  // tlayout's dialects, and what its pipelines need of upstream: the
  // dialects, bufferization models and LLVM conversion interfaces.
  mlir::DialectRegistry registry;
  mlir::tlayout::registerDialects(registry);
  mlir::tlayout::registerPipelineDependencies(registry);
  mlir::MLIRContext context(registry);
  llvm::SourceMgr sources;
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceFile<mlir::ModuleOp>(path, sources, &context);
  if (!module)
    return 1;
  // The named pipelines, for textual pipelines.
  mlir::tlayout::registerPasses();
  mlir::PassManager pm(&context);
  // `pm` already runs on the module: the pipeline text names no
  // `builtin.module(...)` anchor (one would nest a second module level,
  // which matches nothing here, and the run would succeed doing nothing).
  if (mlir::failed(mlir::parsePassPipeline(
          "tlayout-tpu-bufferize-pipeline{target=v5e}", pm, llvm::errs())))
    return 1;
  if (mlir::failed(pm.run(*module)))
    return 1;
  module->print(llvm::outs());
  return 0;
}

int main(int argc, char **argv) {
  if (argc == 3 && std::strcmp(argv[1], "--tpu-bufferize") == 0)
    return runTensorPipeline(argv[2]);
  if (argc != 1) {
    llvm::errs() << "usage: " << argv[0] << " [--tpu-bufferize FILE]\n";
    return 2;
  }
  // The layout core: no MLIR needed.
  llvm::Expected<mlir::tlayout::XlaShape> shape =
      mlir::tlayout::XlaShape::parse("f32[3,5]{1,0:T(2,2)}");
  if (!shape) {
    llvm::errs() << llvm::toString(shape.takeError()) << "\n";
    return 1;
  }
  llvm::Expected<mlir::tlayout::BufferIndexing> indexing =
      mlir::tlayout::BufferIndexing::compile(shape->layout, shape->dims);
  if (!indexing) {
    llvm::errs() << llvm::toString(indexing.takeError()) << "\n";
    return 1;
  }
  llvm::outs() << "physical elements: " << indexing->getNumElements() << "\n";
  llvm::outs() << "offset of (2,3): " << *indexing->offsetOf({2, 3}) << "\n";

  // The dialect and the lowering in this compiler's own context.
  mlir::DialectRegistry registry;
  registry.insert<mlir::affine::AffineDialect, mlir::arith::ArithDialect,
                  mlir::func::FuncDialect, mlir::memref::MemRefDialect>();
  mlir::tlayout::registerDialects(registry);
  mlir::MLIRContext context(registry);
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceString<mlir::ModuleOp>(kModule, &context);
  if (!module)
    return 1;
  mlir::PassManager pm(&context);
  mlir::tlayout::addLowerTiledLayoutsPass(pm);
  if (mlir::failed(pm.run(*module)))
    return 1;
  module->print(llvm::outs());
  return 0;
}
