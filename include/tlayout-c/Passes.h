/*===- tlayout-c/Passes.h - C API for tlayout's passes ------------*- C -*-===*\
|*                                                                            *|
|* Part of the tlayout project.                                               *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/
/*
 * Registers tlayout's passes and pipelines with MLIR's global registry, so
 * that mlirParsePassPipeline and mlirOpPassManagerAddPipeline find them by
 * name:
 *
 *   tlayoutRegisterPasses();
 *   MlirPassManager pm = mlirPassManagerCreate(ctx);
 *   mlirParsePassPipeline(mlirPassManagerGetAsOpPassManager(pm),
 *       mlirStringRefCreateFromCString("builtin.module(lower-tiled-layouts)"),
 *       onError, userData);
 */

#ifndef TLAYOUT_C_PASSES_H
#define TLAYOUT_C_PASSES_H

#include "mlir-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Registers every tlayout pass and named pipeline, the TPU target's
/// included (`lower-tiled-layouts`, `tlayout-lower-to-llvm`,
/// `tlayout-tpu-pipeline`, ...). Idempotent.
MLIR_CAPI_EXPORTED void tlayoutRegisterPasses(void);

/// Registers every upstream pass (mlirRegisterAllPasses) and every tlayout
/// pass: what tlayout-opt knows.
MLIR_CAPI_EXPORTED void tlayoutRegisterAllPasses(void);

#ifdef __cplusplus
}
#endif

#endif /* TLAYOUT_C_PASSES_H */
