//===- TpuDialect.cpp - The tlayout_tpu dialect ---------------------------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// Dialect registration.
//
//===----------------------------------------------------------------------===//

#include "tlayout/Target/TPU/IR/TpuDialect.h"
#include "tlayout/Target/TPU/IR/TpuAttrs.h"

using namespace mlir;
using namespace mlir::tlayout::tpu;

#include "tlayout/Target/TPU/IR/TpuDialect.cpp.inc"

void TLayoutTpuDialect::initialize() { registerAttributes(); }
