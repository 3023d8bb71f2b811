//===- TLayoutDialect.h - tlayout dialect -----------------------*- C++ -*-===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// The tlayout dialect: tiled memref layouts, memory spaces and the ops that
// move between a tiled memref and its physical buffer.
//
//===----------------------------------------------------------------------===//

#ifndef TLAYOUT_DIALECT_TLAYOUT_IR_TLAYOUTDIALECT_H
#define TLAYOUT_DIALECT_TLAYOUT_IR_TLAYOUTDIALECT_H

#include "mlir/IR/Dialect.h"

#include "tlayout/Dialect/TLayout/IR/TLayoutDialect.h.inc"

#endif // TLAYOUT_DIALECT_TLAYOUT_IR_TLAYOUTDIALECT_H
