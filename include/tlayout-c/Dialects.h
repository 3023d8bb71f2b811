/*===- tlayout-c/Dialects.h - C API for tlayout's dialects --------*- C -*-===*\
|*                                                                            *|
|* Part of the tlayout project.                                               *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/
/*
 * The dialect handles of tlayout's two dialects, as upstream mlir-c declares
 * its own (mlir-c/Dialect/Func.h): `tlayout` (layouts on memrefs, the ops
 * that read them) and `tlayout_tpu` (the emulated TPU target). Register a
 * handle with a context's registry, or load it into a context:
 *
 *   MlirContext ctx = mlirContextCreate();
 *   mlirDialectHandleLoadDialect(mlirGetDialectHandle__tlayout__(), ctx);
 *
 * libTLayoutCAPI also carries upstream mlir-c (context, IR, parsing and
 * printing, pass manager, diagnostics, registration of everything) and the
 * dialect handles of func, arith, memref, affine, scf, vector, linalg,
 * tensor, bufferization and llvm, so a C program links this one library and
 * nothing else of tlayout or MLIR: Debian's libMLIR.so, which it needs at
 * run time, comes as a dependency of libTLayoutCAPI.so itself.
 */

#ifndef TLAYOUT_C_DIALECTS_H
#define TLAYOUT_C_DIALECTS_H

#include "mlir-c/IR.h"

#ifdef __cplusplus
extern "C" {
#endif

MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(TLayout, tlayout);
MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(TLayoutTpu, tlayout_tpu);

/// Inserts tlayout's dialects and every upstream dialect and dialect
/// extension (what tlayout-opt registers) into `registry`: what a context
/// needs to parse any input tlayout-opt parses and to run every tlayout
/// pipeline, the lowering to LLVM included.
MLIR_CAPI_EXPORTED void
tlayoutRegisterAllDialects(MlirDialectRegistry registry);

#ifdef __cplusplus
}
#endif

#endif /* TLAYOUT_C_DIALECTS_H */
