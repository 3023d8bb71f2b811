//===- TLayoutDialect.cpp - tlayout dialect -------------------------------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// Dialect registration.
//
//===----------------------------------------------------------------------===//

#include "tlayout/Dialect/TLayout/IR/TLayoutDialect.h"
#include "tlayout/Dialect/TLayout/IR/TLayoutOps.h"

using namespace mlir;
using namespace mlir::tlayout;

#include "tlayout/Dialect/TLayout/IR/TLayoutDialect.cpp.inc"

void TLayoutDialect::initialize() {
  registerAttributes();
  addOperations<
#define GET_OP_LIST
#include "tlayout/Dialect/TLayout/IR/TLayoutOps.cpp.inc"
      >();
}
