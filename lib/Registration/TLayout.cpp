//===- TLayout.cpp - tlayout's public entry points ------------------------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// Registration helpers for downstream compilers, tools and the plugin: the
// one list of tlayout's dialects, passes and pipelines.
//
//===----------------------------------------------------------------------===//

#include "tlayout/TLayout.h"
#include "tlayout/Conversion/Passes.h"
#include "tlayout/Dialect/TLayout/IR/TLayoutDialect.h"
#include "tlayout/Dialect/TLayout/Transforms/Passes.h"
#include "tlayout/Pipelines/Passes.h"
#include "tlayout/Target/CPU/Passes.h"
#include "tlayout/Target/TPU/IR/TpuDialect.h"
#include "tlayout/Target/TPU/Transforms/Passes.h"

void mlir::tlayout::registerDialects(mlir::DialectRegistry &registry) {
  registry.insert<mlir::tlayout::TLayoutDialect,
                  mlir::tlayout::tpu::TLayoutTpuDialect>();
}

void mlir::tlayout::registerPasses() {
  mlir::tlayout::registerTLayoutConversionPasses();
  mlir::tlayout::registerTLayoutPasses();
  mlir::tlayout::registerTLayoutPipelines();
  mlir::tlayout::cpu::registerTLayoutCPUPasses();
  mlir::tlayout::cpu::registerCpuPipelines();
  mlir::tlayout::tpu::registerTLayoutTPUPasses();
  mlir::tlayout::tpu::registerTpuPipelines();
}

void mlir::tlayout::addLowerTiledLayoutsPass(mlir::OpPassManager &pm) {
  pm.addPass(mlir::tlayout::cpu::createCpuLowerTiledLayouts());
}
