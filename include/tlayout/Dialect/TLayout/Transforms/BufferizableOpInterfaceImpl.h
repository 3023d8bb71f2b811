//===- BufferizableOpInterfaceImpl.h - Bufferizing tlayout ops --*- C++ -*-===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// The BufferizableOpInterface of the tlayout ops on tensors, and the type
// conversion that turns a tensor's layout encoding into its memref's layout.
//
//===----------------------------------------------------------------------===//

#ifndef TLAYOUT_DIALECT_TLAYOUT_TRANSFORMS_BUFFERIZABLEOPINTERFACEIMPL_H
#define TLAYOUT_DIALECT_TLAYOUT_TRANSFORMS_BUFFERIZABLEOPINTERFACEIMPL_H

#include "tlayout/Dialect/TLayout/IR/TLayoutAttrs.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/ValueRange.h"

namespace mlir {
class DialectRegistry;
class OpBuilder;

namespace tlayout {

/// Attaches the BufferizableOpInterface to `tlayout.relayout`: it reads its
/// source and bufferizes into a new allocation with the result encoding's
/// layout, filled with a `tlayout.copy`.
void registerBufferizableOpInterfaceExternalModels(DialectRegistry &registry);

/// Allocates a buffer of `type` (a `memref.alloc` aligned to `alignment`
/// bytes) given the sizes of its dynamic dimensions. A layout whose affine
/// map names sizes as symbols (one that combines dimensions with `*` and is
/// not bound to its shape) gets every dimension's size as its symbol
/// operands, as upstream's allocation verifier requires.
Value createLayoutAlloc(OpBuilder &builder, Location loc, MemRefType type,
                        ValueRange dynamicSizes, int64_t alignment);

} // namespace tlayout
} // namespace mlir

#endif // TLAYOUT_DIALECT_TLAYOUT_TRANSFORMS_BUFFERIZABLEOPINTERFACEIMPL_H
