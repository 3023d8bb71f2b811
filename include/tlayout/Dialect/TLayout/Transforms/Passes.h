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

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir {
namespace affine {
class AffineDialect;
} // namespace affine
namespace arith {
class ArithDialect;
} // namespace arith
namespace memref {
class MemRefDialect;
} // namespace memref
namespace scf {
class SCFDialect;
} // namespace scf
namespace vector {
class VectorDialect;
} // namespace vector
namespace tlayout {
class TLayoutDialect;
} // namespace tlayout
} // namespace mlir

namespace mlir::tlayout {

/// The layout model --tlayout-convert-layout-syntax writes (its `to` option).
enum class LayoutSyntax { Dims, Xla, Canonical };

#define GEN_PASS_DECL
#include "tlayout/Dialect/TLayout/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "tlayout/Dialect/TLayout/Transforms/Passes.h.inc"

} // namespace mlir::tlayout

#endif // TLAYOUT_DIALECT_TLAYOUT_TRANSFORMS_PASSES_H
