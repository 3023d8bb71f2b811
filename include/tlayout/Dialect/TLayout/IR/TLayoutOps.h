//===- TLayoutOps.h - tlayout operations ------------------------*- C++ -*-===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// `tlayout.to_physical` and `tlayout.from_physical`.
//
//===----------------------------------------------------------------------===//

#ifndef TLAYOUT_DIALECT_TLAYOUT_IR_TLAYOUTOPS_H
#define TLAYOUT_DIALECT_TLAYOUT_IR_TLAYOUTOPS_H

#include "tlayout/Dialect/TLayout/IR/TLayoutAttrs.h"
#include "tlayout/Dialect/TLayout/IR/TLayoutDialect.h"

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

#define GET_OP_CLASSES
#include "tlayout/Dialect/TLayout/IR/TLayoutOps.h.inc"

#endif // TLAYOUT_DIALECT_TLAYOUT_IR_TLAYOUTOPS_H
