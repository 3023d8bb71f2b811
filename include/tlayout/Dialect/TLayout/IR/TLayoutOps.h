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

namespace mlir::tlayout {

/// Whether transposing `source` by `permutation` (dimension k of the result
/// is dimension permutation[k] of the source) into `result` is a bitcast:
/// both memrefs or both tensors (whose encodings are their layouts), and the
/// layouts place every element at the same offset of buffers of one size
/// (tlayout.transpose's verifier). Errors through `emitError` otherwise.
LogicalResult verifyFreeTranspose(Type source, Type result,
                                  ArrayRef<int64_t> permutation,
                                  function_ref<InFlightDiagnostic()> emitError);

/// Success when viewing `source` as `result` in another shape (row-major
/// position k of one is row-major position k of the other) is a bitcast:
/// both memrefs or both tensors whose encodings are tlayout layouts, static
/// shapes of as many elements, and the layouts place every element at the
/// same offset of buffers of one size (tlayout.reshape's verifier). Errors
/// through `emitError` otherwise.
LogicalResult verifyFreeReshape(Type source, Type result,
                                function_ref<InFlightDiagnostic()> emitError);

} // namespace mlir::tlayout

#endif // TLAYOUT_DIALECT_TLAYOUT_IR_TLAYOUTOPS_H
