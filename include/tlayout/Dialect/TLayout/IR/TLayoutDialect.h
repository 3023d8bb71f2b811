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

namespace mlir::tlayout {

/// The attribute of an `scf.for` that upstream's lowerings carry into
/// LLVM's `!llvm.loop` metadata (an `LLVM::LoopAnnotationAttr`):
/// `--convert-scf-to-cf` copies the loop's attributes to its latch branch,
/// whose lowering makes this one the `llvm.br`'s `loop_annotation`
/// property. tlayout's passes annotate the loops they make with it.
inline constexpr llvm::StringLiteral kLoopAnnotationAttrName =
    "loop_annotation";

} // namespace mlir::tlayout

#endif // TLAYOUT_DIALECT_TLAYOUT_IR_TLAYOUTDIALECT_H
