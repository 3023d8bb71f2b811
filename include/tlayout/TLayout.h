//===- TLayout.h - tlayout's public entry points ----------------*- C++ -*-===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// What a downstream MLIR-based compiler calls to use tlayout: register the
// dialect, register or add the passes. Layout math (building layouts,
// querying sizes and offsets) is in tlayout/Core/, with no MLIR dependency.
//
//   #include "tlayout/TLayout.h"
//
//   mlir::DialectRegistry registry;
//   mlir::tlayout::registerDialects(registry);
//   mlir::tlayout::registerPipelineDependencies(registry); // for pipelines
//   mlir::MLIRContext context(registry);
//   ...
//   mlir::PassManager pm(&context);
//   mlir::tlayout::addLowerTiledLayoutsPass(pm);
//
//===----------------------------------------------------------------------===//

#ifndef TLAYOUT_TLAYOUT_H
#define TLAYOUT_TLAYOUT_H

#include "tlayout/Core/BufferIndexing.h"
#include "tlayout/Core/TiledLayout.h"
#include "tlayout/Format/XlaShape.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/PassManager.h"

namespace mlir::tlayout {

/// Registers the tlayout dialect and the TPU target's dialect (tlayout_tpu)
/// with `registry`. Neither depends on another dialect; the passes load the
/// dialects they create ops in.
void registerDialects(mlir::DialectRegistry &registry);

/// Registers with `registry` what tlayout's pipelines need of upstream MLIR
/// besides tlayout's own dialects: the dialects they read and create
/// (affine, arith, bufferization, cf, func, index, linalg, llvm, math,
/// memref, scf, tensor, ub, vector), the bufferization models of arith,
/// cf, func, linalg, scf, tensor and vector ops that
/// `--tlayout-tpu-bufferize-pipeline` bufferizes through (without them it
/// fails with "op was not bufferized"), the allocation model of memref ops
/// that its deallocation needs, and the interfaces that
/// `--tlayout-lower-to-llvm`'s conversion to the LLVM dialect asks. Call it
/// with registerDialects before creating the context:
///
///   mlir::DialectRegistry registry;
///   mlir::tlayout::registerDialects(registry);
///   mlir::tlayout::registerPipelineDependencies(registry);
///   mlir::MLIRContext context(registry);
///
/// A compiler that already registers everything (mlir::registerAllDialects
/// and mlir::registerAllExtensions, as tlayout-opt does) needs neither.
void registerPipelineDependencies(mlir::DialectRegistry &registry);

/// Registers every tlayout pass and named pipeline with MLIR's global
/// registry: the conversion's, the generic dialect's, the CPU target's, the
/// pipelines that span layers and the TPU target's, so that textual pipelines
/// (`--lower-tiled-layouts`, `--tlayout-lower-to-llvm`,
/// `--tlayout-tpu-pipeline`) find them. This is the one list of them:
/// tlayout-opt, the mlir-opt plugin and downstream compilers call it.
void registerPasses();

/// Adds the lowering of tiled layouts to a pass manager that runs on a
/// module, with the CPU target's copies as --tlayout-lower-to-llvm runs it
/// (`--tlayout-cpu-lower-tiled-layouts`).
void addLowerTiledLayoutsPass(mlir::OpPassManager &pm);

} // namespace mlir::tlayout

#endif // TLAYOUT_TLAYOUT_H
