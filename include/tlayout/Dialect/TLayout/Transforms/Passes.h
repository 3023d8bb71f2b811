//===- Passes.h - tlayout passes --------------------------------*- C++ -*-===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// Declarations and registration of the tlayout passes.
//
//===----------------------------------------------------------------------===//

#ifndef TLAYOUT_DIALECT_TLAYOUT_TRANSFORMS_PASSES_H
#define TLAYOUT_DIALECT_TLAYOUT_TRANSFORMS_PASSES_H

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::tlayout {

#define GEN_PASS_DECL
#include "tlayout/Dialect/TLayout/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "tlayout/Dialect/TLayout/Transforms/Passes.h.inc"

} // namespace mlir::tlayout

#endif // TLAYOUT_DIALECT_TLAYOUT_TRANSFORMS_PASSES_H
