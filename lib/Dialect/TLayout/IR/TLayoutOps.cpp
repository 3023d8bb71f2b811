//===- TLayoutOps.cpp - tlayout operations --------------------------------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// Verifiers of the ops that move between a tiled memref and its physical
// buffer. Sizes come from the layout core.
//
//===----------------------------------------------------------------------===//

#include "tlayout/Dialect/TLayout/IR/TLayoutOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace mlir::tlayout;

#define GET_OP_CLASSES
#include "tlayout/Dialect/TLayout/IR/TLayoutOps.cpp.inc"

/// Checks that `buffer` can hold the physical buffer of `tiled`: 1-D,
/// identity layout, same element type and memory space, and the physical
/// size when both are static. `what` names the buffer in messages.
static LogicalResult verifyPhysicalBuffer(Operation *op, MemRefType tiled,
                                          MemRefType buffer, StringRef what) {
  FailureOr<::tlayout::BufferIndexing> indexing =
      compileTiledMemRef(tiled, [&] { return op->emitOpError(); });
  if (failed(indexing))
    return failure();
  if (!buffer.getLayout().isIdentity())
    return op->emitOpError() << "expects the " << what
                             << " to have the identity layout, got " << buffer;
  if (buffer.getElementType() != tiled.getElementType())
    return op->emitOpError()
           << "expects the " << what << " to have element type "
           << tiled.getElementType() << ", got " << buffer.getElementType();
  if (buffer.getMemorySpace() != tiled.getMemorySpace())
    return op->emitOpError() << "expects the " << what
                             << " to be in the memory space of the tiled "
                                "memref";
  std::optional<int64_t> size = indexing->getNumElements().getConstant();
  int64_t bufferSize = buffer.getDimSize(0);
  if (size && !ShapedType::isDynamic(bufferSize) && *size != bufferSize)
    return op->emitOpError() << "expects the " << what << " to have " << *size
                             << " elements (the physical size of " << tiled
                             << "), got " << bufferSize;
  if (!size && !ShapedType::isDynamic(bufferSize))
    return op->emitOpError()
           << "expects the " << what << " to have a dynamic size because "
           << tiled << " has dynamic dimensions";
  return success();
}

//===----------------------------------------------------------------------===//
// ToPhysicalOp
//===----------------------------------------------------------------------===//

Value ToPhysicalOp::getViewSource() { return getSource(); }

LogicalResult ToPhysicalOp::verify() {
  auto sourceType = cast<MemRefType>(getSource().getType());
  auto resultType = cast<MemRefType>(getResult().getType());
  if (failed(verifyPhysicalBuffer(*this, sourceType, resultType, "result")))
    return failure();
  if (sourceType.hasStaticShape() && !resultType.hasStaticShape())
    return emitOpError() << "expects a static result size for the static "
                            "source "
                         << sourceType;
  return success();
}

//===----------------------------------------------------------------------===//
// FromPhysicalOp
//===----------------------------------------------------------------------===//

Value FromPhysicalOp::getViewSource() { return getBuffer(); }

LogicalResult FromPhysicalOp::verify() {
  auto bufferType = cast<MemRefType>(getBuffer().getType());
  auto resultType = cast<MemRefType>(getResult().getType());
  if (getSizes().size() != resultType.getNumDynamicDims())
    return emitOpError() << "expects " << resultType.getNumDynamicDims()
                         << " size operands (one per dynamic dimension of "
                         << resultType << "), got " << getSizes().size();
  return verifyPhysicalBuffer(*this, resultType, bufferType, "buffer");
}
