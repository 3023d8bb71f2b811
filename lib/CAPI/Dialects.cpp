//===- Dialects.cpp - C API for tlayout's dialects ------------------------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//

#include "tlayout-c/Dialects.h"
#include "tlayout/Dialect/TLayout/IR/TLayoutDialect.h"
#include "tlayout/TLayout.h"
#include "tlayout/Target/TPU/IR/TpuDialect.h"

#include "mlir/CAPI/Registration.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"

MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(TLayout, tlayout,
                                      mlir::tlayout::TLayoutDialect)
MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(TLayoutTpu, tlayout_tpu,
                                      mlir::tlayout::tpu::TLayoutTpuDialect)

void tlayoutRegisterAllDialects(MlirDialectRegistry registry) {
  mlir::DialectRegistry &cppRegistry = *unwrap(registry);
  mlir::registerAllDialects(cppRegistry);
  mlir::registerAllExtensions(cppRegistry);
  mlir::tlayout::registerDialects(cppRegistry);
}
