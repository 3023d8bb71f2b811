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
#include "llvm/Support/CheckedArithmetic.h"

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
      compileMemRefLayout(tiled, [&] { return op->emitOpError(); });
  if (failed(indexing))
    return failure();
  if (!buffer.getLayout().isIdentity())
    return op->emitOpError() << "expects the " << what
                             << " to have the identity layout, got " << buffer;
  // A layout that packs elements (E(1), E(2), E(4)) has a buffer of bytes.
  int64_t packed = getLayoutAttr(tiled).getElementSizeInBits();
  packed = ::tlayout::isPackedElementSize(packed) ? packed : 0;
  Type element = packed ? IntegerType::get(op->getContext(), 8)
                        : tiled.getElementType();
  if (buffer.getElementType() != element)
    return op->emitOpError()
           << "expects the " << what << " to have element type " << element
           << ", got " << buffer.getElementType();
  if (buffer.getMemorySpace() != tiled.getMemorySpace())
    return op->emitOpError() << "expects the " << what
                             << " to be in the memory space of the tiled "
                                "memref";
  std::optional<int64_t> size =
      packed ? ::tlayout::getFootprint(*indexing, packed)
                   .physicalBytes.getConstant()
             : indexing->getNumElements().getConstant();
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
  // The buffer is the root's (a view's parent's) whole buffer.
  LayoutAttrInterface layout = getLayoutAttr(sourceType);
  bool staticRoot = layout.isView() ? llvm::none_of(layout.getParentShape(),
                                                    ShapedType::isDynamic)
                                    : sourceType.hasStaticShape();
  if (staticRoot && !resultType.hasStaticShape())
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
  if (LayoutAttrInterface layout = getLayoutAttr(resultType);
      layout && layout.isView())
    return emitOpError() << "cannot view a physical buffer as a view of a "
                            "tiled memref; view it whole, then use "
                            "tlayout.subview";
  if (getSizes().size() != resultType.getNumDynamicDims())
    return emitOpError() << "expects " << resultType.getNumDynamicDims()
                         << " size operands (one per dynamic dimension of "
                         << resultType << "), got " << getSizes().size();
  return verifyPhysicalBuffer(*this, resultType, bufferType, "buffer");
}

//===----------------------------------------------------------------------===//
// SubViewOp
//===----------------------------------------------------------------------===//

Value SubViewOp::getViewSource() { return getSource(); }

/// The offsets in the root of a view of `sourceType` at `staticOffsets`.
static SmallVector<int64_t> rootOffsets(MemRefType sourceType,
                                        ArrayRef<int64_t> staticOffsets) {
  LayoutAttrInterface source = getLayoutAttr(sourceType);
  SmallVector<int64_t> offsets;
  for (auto [i, offset] : llvm::enumerate(staticOffsets)) {
    int64_t base = source && source.isView() ? source.getOffsets()[i] : 0;
    std::optional<int64_t> sum;
    if (!ShapedType::isDynamic(offset) && !ShapedType::isDynamic(base))
      sum = llvm::checkedAdd(base, offset); // The verifier rejects overflow.
    offsets.push_back(sum.value_or(ShapedType::kDynamic));
  }
  return offsets;
}

SmallVector<int64_t> SubViewOp::getExpectedRootOffsets() {
  return rootOffsets(cast<MemRefType>(getSource().getType()),
                     getStaticOffsets());
}

MemRefType SubViewOp::inferResultType(MemRefType sourceType,
                                      ArrayRef<int64_t> staticOffsets,
                                      ArrayRef<int64_t> staticSizes) {
  LayoutAttrInterface source = getLayoutAttr(sourceType);
  ArrayRef<int64_t> rootShape =
      source.isView() ? source.getParentShape() : sourceType.getShape();
  Attribute layout =
      source.getView(rootShape, rootOffsets(sourceType, staticOffsets));
  return MemRefType::get(staticSizes, sourceType.getElementType(),
                         cast<MemRefLayoutAttrInterface>(layout),
                         sourceType.getMemorySpace());
}

LogicalResult SubViewOp::verify() {
  auto sourceType = cast<MemRefType>(getSource().getType());
  auto resultType = cast<MemRefType>(getResult().getType());
  LayoutAttrInterface source = getLayoutAttr(sourceType);
  if (!source)
    return emitOpError() << "expects a memref with a #tlayout.tiled or "
                            "#tlayout.dims layout, got "
                         << sourceType;
  int64_t rank = sourceType.getRank();
  if (static_cast<int64_t>(getStaticOffsets().size()) != rank ||
      static_cast<int64_t>(getStaticSizes().size()) != rank)
    return emitOpError() << "expects " << rank
                         << " offsets and sizes, one per dimension";
  if (resultType.getRank() != rank)
    return emitOpError() << "expects a result of rank " << rank;
  if (resultType.getElementType() != sourceType.getElementType() ||
      resultType.getMemorySpace() != sourceType.getMemorySpace())
    return emitOpError() << "expects the result to have the source's element "
                            "type and memory space";
  for (auto [i, size] : llvm::enumerate(getStaticSizes())) {
    if (size != resultType.getDimSize(i))
      return emitOpError() << "expects result dimension " << i << " to be "
                           << (ShapedType::isDynamic(size)
                                   ? std::string("dynamic")
                                   : std::to_string(size))
                           << ", got " << resultType;
    int64_t offset = getStaticOffsets()[i], bound = sourceType.getDimSize(i);
    if (ShapedType::isDynamic(offset))
      continue;
    // Checked: offsets and sizes are user-provided.
    std::optional<int64_t> end =
        ShapedType::isDynamic(size) ? offset : llvm::checkedAdd(offset, size);
    if (offset < 0 || !end || (!ShapedType::isDynamic(bound) && *end > bound))
      return emitOpError() << "view dimension " << i << " (offset " << offset
                           << ", size "
                           << (ShapedType::isDynamic(size)
                                   ? std::string("?")
                                   : std::to_string(size))
                           << ") is outside the source's size "
                           << (ShapedType::isDynamic(bound)
                                   ? std::string("?")
                                   : std::to_string(bound));
    LayoutAttrInterface sourceLayout = getLayoutAttr(sourceType);
    if (sourceLayout.isView() &&
        !ShapedType::isDynamic(sourceLayout.getOffsets()[i]) &&
        !llvm::checkedAdd(sourceLayout.getOffsets()[i], offset))
      return emitOpError() << "view dimension " << i << " (offset " << offset
                           << ") overflows 64-bit indices past the source's "
                              "own offset "
                           << sourceLayout.getOffsets()[i];
  }
  Attribute expected =
      inferResultType(sourceType, getStaticOffsets(), getStaticSizes())
          .getLayout();
  if (resultType.getLayout() != expected)
    return emitOpError() << "expects the result layout " << expected << ", got "
                         << resultType.getLayout();
  return success();
}

//===----------------------------------------------------------------------===//
// CopyOp
//===----------------------------------------------------------------------===//

LogicalResult CopyOp::verify() {
  auto source = cast<MemRefType>(getSource().getType());
  auto target = cast<MemRefType>(getTarget().getType());
  if (source.getElementType() != target.getElementType())
    return emitOpError() << "expects the same element type, got "
                         << source.getElementType() << " and "
                         << target.getElementType();
  if (source.getRank() != target.getRank())
    return emitOpError() << "expects the same rank, got " << source.getRank()
                         << " and " << target.getRank();
  for (auto [i, a, b] : llvm::enumerate(source.getShape(), target.getShape()))
    if (!ShapedType::isDynamic(a) && !ShapedType::isDynamic(b) && a != b)
      return emitOpError() << "expects the same logical shape, but dimension "
                           << i << " is " << a << " and " << b;
  return success();
}
