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
#include "tlayout/Dialect/TLayout/IR/MemRefLayout.h"

#include "tlayout/Core/LayoutAnalysis.h"

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
  FailureOr<BufferIndexing> indexing =
      compileMemRefLayout(tiled, [&] { return op->emitOpError(); });
  if (failed(indexing))
    return failure();
  if (!buffer.getLayout().isIdentity())
    return op->emitOpError() << "expects the " << what
                             << " to have the identity layout, got " << buffer;
  // A layout that packs elements (E(1), E(2), E(4)) has a buffer of bytes.
  int64_t packed = getLayoutAttr(tiled).getElementSizeInBits();
  packed = isPackedElementSize(packed) ? packed : 0;
  Type element =
      packed ? IntegerType::get(op->getContext(), 8) : tiled.getElementType();
  if (buffer.getElementType() != element)
    return op->emitOpError()
           << "expects the " << what << " to have element type " << element
           << ", got " << buffer.getElementType();
  if (buffer.getMemorySpace() != tiled.getMemorySpace())
    return op->emitOpError() << "expects the " << what
                             << " to be in the memory space of the tiled "
                                "memref";
  std::optional<int64_t> size =
      packed ? getFootprint(*indexing, packed).physicalBytes.getConstant()
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
  // The layout's E(n) against the element type, which the memref type's own
  // verifier cannot see.
  if (failed(compileMemRefLayout(sourceType, [&] { return emitOpError(); })))
    return failure();
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
// ReshapeOp
//===----------------------------------------------------------------------===//

Value ReshapeOp::getViewSource() { return getSource(); }

/// The most elements whose offsets the reshape's verifier compares.
static constexpr int64_t kMaxReshapeElements = int64_t(1) << 22;

static std::string formatIndex(ArrayRef<int64_t> index) {
  std::string text = "(";
  llvm::raw_string_ostream os(text);
  llvm::interleaveComma(index, os);
  os << ")";
  return text;
}

/// The offset of the origin, then what each index adds to it along each
/// logical dimension, when `indexing`'s offset is a sum of one term per
/// logical dimension: every source it is indexed by is one logical
/// dimension (or a unit dimension), none a combination of several (`*`).
/// std::nullopt otherwise.
static std::optional<SmallVector<SmallVector<int64_t>>>
offsetTables(const BufferIndexing &indexing, ArrayRef<int64_t> shape) {
  if (llvm::any_of(indexing.getSources(), [](const Source &s) {
        return s.kind == Source::Kind::Combined;
      }))
    return std::nullopt;
  // Entry 0 is the offset of the origin; entry v of table i + 1 is what
  // index v along dimension i adds to it.
  SmallVector<int64_t, 4> index(shape.size(), 0);
  llvm::Expected<int64_t> origin = indexing.offsetOf(index);
  if (!origin) {
    // The verifier then asks the core for each element's offset, which
    // fails again and reports this error with the element.
    llvm::consumeError(origin.takeError());
    return std::nullopt;
  }
  SmallVector<SmallVector<int64_t>> tables = {{*origin}};
  for (auto [i, size] : llvm::enumerate(shape)) {
    SmallVector<int64_t> &table = tables.emplace_back();
    for (int64_t v = 0; v < size; ++v) {
      index[i] = v;
      llvm::Expected<int64_t> offset = indexing.offsetOf(index);
      if (!offset) {
        // As for the origin: the per-element path reports it.
        llvm::consumeError(offset.takeError());
        return std::nullopt;
      }
      table.push_back(*offset - *origin);
    }
    index[i] = 0;
  }
  return tables;
}

/// Steps `index` to the next row-major position of `shape`.
static void increment(MutableArrayRef<int64_t> index, ArrayRef<int64_t> shape) {
  for (size_t i = shape.size(); i-- > 0;) {
    if (++index[i] < shape[i])
      return;
    index[i] = 0;
  }
}

/// The memref type a side of a tensor-or-memref view op stands for:
/// itself, or a tensor's shape and element type with its encoding as the
/// layout.
static MemRefType getViewSideType(Type type) {
  if (auto memref = dyn_cast<MemRefType>(type))
    return memref;
  return getEncodedMemRefType(cast<RankedTensorType>(type));
}

/// Failure, through `emitError`, unless `source` and `result` are both
/// memrefs or both tensors (the two forms of a view op).
static LogicalResult
verifyBothMemRefsOrTensors(Type source, Type result,
                           function_ref<InFlightDiagnostic()> emitError) {
  if (isa<MemRefType>(source) == isa<MemRefType>(result))
    return success();
  emitError() << "expects the source and the result to be both "
                 "memrefs or both tensors, got "
              << source << " and " << result;
  return failure();
}

// Every failure returns failure() itself: an inactive diagnostic (a caller
// that wants none) converts to success.
LogicalResult
mlir::tlayout::verifyFreeReshape(Type source, Type result,
                                 function_ref<InFlightDiagnostic()> emitError) {
  if (failed(verifyBothMemRefsOrTensors(source, result, emitError)))
    return failure();
  for (auto [what, type] :
       {std::make_pair("source", source), std::make_pair("result", result)})
    if (auto tensor = dyn_cast<RankedTensorType>(type);
        tensor && !isa_and_nonnull<LayoutAttrInterface>(tensor.getEncoding())) {
      emitError() << "expects the " << what
                  << " tensor's encoding to be a #tlayout.tiled or "
                     "#tlayout.dims layout, got "
                  << type
                  << "; use tensor.expand_shape or "
                     "tensor.collapse_shape";
      return failure();
    }
  MemRefType sourceType = getViewSideType(source);
  MemRefType resultType = getViewSideType(result);
  for (auto [what, type] : {std::make_pair("source", sourceType),
                            std::make_pair("result", resultType)}) {
    LayoutAttrInterface layout = getLayoutAttr(type);
    if (!layout) {
      emitError() << "expects the " << what
                  << " to have a #tlayout.tiled or #tlayout.dims "
                     "layout, got "
                  << type
                  << "; use memref.expand_shape or "
                     "memref.collapse_shape";
      return failure();
    }
    if (layout.isView()) {
      emitError() << "expects the " << what << " not to be a view, got " << type
                  << "; reshape the parent memref, then take the "
                     "view with tlayout.subview";
      return failure();
    }
    if (!type.hasStaticShape()) {
      emitError() << "expects a static " << what << " shape, got " << type
                  << ": the reshape is proved element by element";
      return failure();
    }
  }
  if (resultType.getElementType() != sourceType.getElementType() ||
      resultType.getMemorySpace() != sourceType.getMemorySpace()) {
    emitError() << "expects the result to have the source's element "
                   "type and memory space";
    return failure();
  }
  int64_t count = sourceType.getNumElements();
  if (resultType.getNumElements() != count) {
    emitError() << "expects the result to have the source's " << count
                << " elements, got " << resultType.getNumElements();
    return failure();
  }
  FailureOr<BufferIndexing> sourceIndexing =
      compileMemRefLayout(sourceType, emitError);
  if (failed(sourceIndexing))
    return failure();
  FailureOr<BufferIndexing> resultIndexing =
      compileMemRefLayout(resultType, emitError);
  if (failed(resultIndexing))
    return failure();
  std::optional<int64_t> sourceSize =
      sourceIndexing->getNumElements().getConstant();
  std::optional<int64_t> resultSize =
      resultIndexing->getNumElements().getConstant();
  if (!sourceSize || !resultSize || *sourceSize != *resultSize) {
    emitError() << "expects the result's physical buffer to be the "
                   "source's: "
                << resultType << " occupies " << resultSize.value_or(-1)
                << " elements and " << sourceType << " occupies "
                << sourceSize.value_or(-1)
                << "; copy into a memref of the new shape instead";
    return failure();
  }
  if (count > kMaxReshapeElements) {
    emitError() << "cannot prove that the reshape keeps every "
                   "element in place: it compares each element's "
                   "offset, and "
                << sourceType << " has more than " << kMaxReshapeElements
                << " elements; reshape smaller memrefs or copy";
    return failure();
  }
  // Where both offsets are sums of one term per dimension, each element's
  // offset is a sum of table entries; otherwise the core computes it.
  std::optional<SmallVector<SmallVector<int64_t>>> sourceTables =
      offsetTables(*sourceIndexing, sourceType.getShape());
  std::optional<SmallVector<SmallVector<int64_t>>> resultTables =
      offsetTables(*resultIndexing, resultType.getShape());
  auto offsetOf =
      [](const BufferIndexing &indexing,
         const std::optional<SmallVector<SmallVector<int64_t>>> &tables,
         ArrayRef<int64_t> index) -> llvm::Expected<int64_t> {
    if (!tables)
      return indexing.offsetOf(index);
    int64_t offset = tables->front().front();
    for (auto [table, i] : llvm::zip_equal(llvm::drop_begin(*tables), index))
      offset += table[i];
    return offset;
  };
  SmallVector<int64_t, 4> from(sourceType.getRank(), 0);
  SmallVector<int64_t, 4> to(resultType.getRank(), 0);
  for (int64_t k = 0; k < count; ++k) {
    if (k != 0) {
      increment(from, sourceType.getShape());
      increment(to, resultType.getShape());
    }
    llvm::Expected<int64_t> a = offsetOf(*sourceIndexing, sourceTables, from);
    if (!a) {
      emitError() << "cannot place source element " << formatIndex(from) << ": "
                  << llvm::toString(a.takeError());
      return failure();
    }
    llvm::Expected<int64_t> b = offsetOf(*resultIndexing, resultTables, to);
    if (!b) {
      emitError() << "cannot place result element " << formatIndex(to) << ": "
                  << llvm::toString(b.takeError());
      return failure();
    }
    if (*a != *b) {
      emitError() << "does not keep every element in place: source element "
                  << formatIndex(from) << " is at physical offset " << *a
                  << " but result element " << formatIndex(to)
                  << " (the same row-major position " << k
                  << ") is at physical offset " << *b
                  << "; split or merge dimensions along whole tiles, or copy "
                     "into a memref of the new shape";
      return failure();
    }
  }
  return success();
}

LogicalResult ReshapeOp::verify() {
  return verifyFreeReshape(getSource().getType(), getResult().getType(),
                           [&] { return emitOpError(); });
}

//===----------------------------------------------------------------------===//
// CopyOp
//===----------------------------------------------------------------------===//

/// Checks that the source and target (or result) of `op`, of types `source`
/// and `target`, hold the same element type.
static LogicalResult verifySameElementType(Operation *op, ShapedType source,
                                           ShapedType target) {
  if (source.getElementType() == target.getElementType())
    return success();
  return op->emitOpError() << "expects the same element type, got "
                           << source.getElementType() << " and "
                           << target.getElementType();
}

LogicalResult CopyOp::verify() {
  auto source = cast<MemRefType>(getSource().getType());
  auto target = cast<MemRefType>(getTarget().getType());
  if (failed(verifySameElementType(*this, source, target)))
    return failure();
  if (source.getRank() != target.getRank())
    return emitOpError() << "expects the same rank, got " << source.getRank()
                         << " and " << target.getRank();
  for (auto [i, a, b] : llvm::enumerate(source.getShape(), target.getShape()))
    if (!ShapedType::isDynamic(a) && !ShapedType::isDynamic(b) && a != b)
      return emitOpError() << "expects the same logical shape, but dimension "
                           << i << " is " << a << " and " << b;
  // Each side's E(n) against the element type, which the memref type's own
  // verifier cannot see.
  for (MemRefType type : {source, target})
    if (getLayoutAttr(type) &&
        failed(compileMemRefLayout(type, [&] { return emitOpError(); })))
      return failure();
  return success();
}

//===----------------------------------------------------------------------===//
// RelayoutOp
//===----------------------------------------------------------------------===//

/// Checks that the encoding of `type` is absent or a memory layout that fits
/// its shape and element type. `what` names the tensor in messages.
static LogicalResult verifyTensorEncoding(Operation *op, RankedTensorType type,
                                          StringRef what) {
  Attribute encoding = type.getEncoding();
  if (!encoding)
    return success();
  auto layout = dyn_cast<MemRefLayoutAttrInterface>(encoding);
  if (!layout)
    return op->emitOpError()
           << "expects the " << what
           << " encoding to be a memory layout or none, got " << encoding;
  return mlir::tlayout::verifyLayoutEncoding(
      type, [&] { return op->emitOpError() << "the " << what << " "; });
}

LogicalResult RelayoutOp::verify() {
  auto source = cast<RankedTensorType>(getSource().getType());
  auto result = cast<RankedTensorType>(getResult().getType());
  if (failed(verifySameElementType(*this, source, result)))
    return failure();
  if (source.getShape() != result.getShape())
    return emitOpError() << "expects the same shape, got " << source << " and "
                         << result;
  if (failed(verifyTensorEncoding(*this, source, "source")) ||
      failed(verifyTensorEncoding(*this, result, "result")))
    return failure();
  return success();
}

//===----------------------------------------------------------------------===//
// CastOp
//===----------------------------------------------------------------------===//

Value CastOp::getViewSource() { return getSource(); }

/// The buffer indexing of a memref with a tlayout or identity layout (row
/// major) that is not a view; errors through `emitError`.
static FailureOr<BufferIndexing>
compileCastSide(MemRefType type, StringRef what,
                function_ref<InFlightDiagnostic()> emitError) {
  LayoutAttrInterface layout = getLayoutAttr(type);
  if (!layout) {
    if (!type.getLayout().isIdentity()) {
      emitError() << "expects the " << what
                  << " to have a #tlayout.tiled, #tlayout.dims or identity "
                     "layout, got "
                  << type;
      return failure();
    }
    llvm::Expected<BufferIndexing> rowMajor = compileMemRefIndexing(type);
    if (!rowMajor) {
      emitError() << llvm::toString(rowMajor.takeError());
      return failure();
    }
    return std::move(*rowMajor);
  }
  if (layout.isView()) {
    emitError() << "expects the " << what << " not to be a view, got " << type
                << "; cast the parent memref, then take the view";
    return failure();
  }
  return compileMemRefLayout(type, emitError);
}

/// The buffer indexings of a cast's (or transpose's) source and result
/// types, as compileCastSide gives them, the source checked first.
static FailureOr<std::pair<BufferIndexing, BufferIndexing>>
compileCastSides(MemRefType sourceType, MemRefType resultType,
                 function_ref<InFlightDiagnostic()> emitError) {
  FailureOr<BufferIndexing> source =
      compileCastSide(sourceType, "source", emitError);
  if (failed(source))
    return failure();
  FailureOr<BufferIndexing> result =
      compileCastSide(resultType, "result", emitError);
  if (failed(result))
    return failure();
  return std::make_pair(std::move(*source), std::move(*result));
}

LogicalResult CastOp::verify() {
  auto sourceType = cast<MemRefType>(getSource().getType());
  auto resultType = cast<MemRefType>(getResult().getType());
  if (sourceType.getShape() != resultType.getShape() ||
      sourceType.getElementType() != resultType.getElementType() ||
      sourceType.getMemorySpace() != resultType.getMemorySpace())
    return emitOpError() << "expects the result to have the source's shape, "
                            "element type and memory space, got "
                         << sourceType << " and " << resultType;
  FailureOr<std::pair<BufferIndexing, BufferIndexing>> sides =
      compileCastSides(sourceType, resultType, [&] { return emitOpError(); });
  if (failed(sides))
    return failure();
  int64_t sourceBits = getStoredElementBits(sourceType);
  int64_t resultBits = getStoredElementBits(resultType);
  if (sourceBits != resultBits)
    return emitOpError() << "expects the elements to take the same bits, but "
                         << sourceType << " stores them in " << sourceBits
                         << " and " << resultType << " in " << resultBits;
  llvm::Expected<PlacementComparison> comparison =
      comparePlacement(sides->first, sides->second);
  if (!comparison)
    return emitOpError() << "cannot prove that the layouts place every "
                            "element at the same offset: "
                         << llvm::toString(comparison.takeError());
  if (comparison->firstDifference)
    return emitOpError() << "expects the layouts to place every element at "
                            "the same offset, but element "
                         << formatIndex(*comparison->firstDifference)
                         << " is at offset " << comparison->offsetA
                         << " of the source and " << comparison->offsetB
                         << " of the result; copy instead";
  if (!comparison->same)
    return emitOpError() << "expects the layouts to place the elements in "
                            "buffers of the same size, but "
                         << sourceType << " occupies " << comparison->sizeA
                         << " elements and " << resultType << " occupies "
                         << comparison->sizeB;
  return success();
}

OpFoldResult CastOp::fold(FoldAdaptor) {
  if (getSource().getType() == getType())
    return getSource();
  // Placements that are equal to a third are equal: cast the original.
  if (auto inner = getSource().getDefiningOp<CastOp>()) {
    if (inner.getSource().getType() == getType())
      return inner.getSource();
    getSourceMutable().assign(inner.getSource());
    return getResult();
  }
  return {};
}

//===----------------------------------------------------------------------===//
// TransposeOp
//===----------------------------------------------------------------------===//

// Every failure returns failure() itself: an inactive diagnostic (a caller
// that wants none) converts to success.
LogicalResult mlir::tlayout::verifyFreeTranspose(
    Type source, Type result, ArrayRef<int64_t> permutation,
    function_ref<InFlightDiagnostic()> emitError) {
  if (failed(verifyBothMemRefsOrTensors(source, result, emitError)))
    return failure();
  if (auto tensor = dyn_cast<RankedTensorType>(source);
      tensor && tensor.getEncoding() &&
      !isa<MemRefLayoutAttrInterface>(tensor.getEncoding())) {
    emitError() << "expects the source's encoding to be a layout";
    return failure();
  }
  if (auto tensor = dyn_cast<RankedTensorType>(result);
      tensor && tensor.getEncoding() &&
      !isa<MemRefLayoutAttrInterface>(tensor.getEncoding())) {
    emitError() << "expects the result's encoding to be a layout";
    return failure();
  }
  MemRefType sourceType = getViewSideType(source);
  MemRefType resultType = getViewSideType(result);
  int64_t rank = sourceType.getRank();
  if (resultType.getRank() != rank ||
      static_cast<int64_t>(permutation.size()) != rank) {
    emitError() << "expects a permutation of the source's " << rank
                << " dimensions and a result of that rank, got "
                << permutation.size() << " entries and " << result;
    return failure();
  }
  llvm::SmallVector<bool> seen(rank, false);
  for (int64_t dim : permutation) {
    if (dim < 0 || dim >= rank || seen[dim]) {
      emitError() << "expects the permutation to name every dimension "
                     "of the source once, got ["
                  << permutation << "]";
      return failure();
    }
    seen[dim] = true;
  }
  for (int64_t k = 0; k < rank; ++k)
    if (resultType.getDimSize(k) != sourceType.getDimSize(permutation[k])) {
      emitError() << "expects dimension " << k << " of the result to "
                  << "be dimension " << permutation[k] << " of the source, got "
                  << source << " and " << result;
      return failure();
    }
  if (sourceType.getElementType() != resultType.getElementType() ||
      sourceType.getMemorySpace() != resultType.getMemorySpace()) {
    emitError() << "expects one element type and memory space, got " << source
                << " and " << result;
    return failure();
  }
  FailureOr<std::pair<BufferIndexing, BufferIndexing>> sides =
      compileCastSides(sourceType, resultType, emitError);
  if (failed(sides))
    return failure();
  if (getStoredElementBits(sourceType) != getStoredElementBits(resultType)) {
    emitError() << "expects the elements to take the same bits";
    return failure();
  }
  llvm::Expected<PlacementComparison> comparison =
      comparePlacement(sides->first, sides->second, permutation);
  if (!comparison) {
    emitError() << "cannot prove that the transpose keeps every "
                   "element at its offset: "
                << llvm::toString(comparison.takeError());
    return failure();
  }
  if (comparison->firstDifference) {
    emitError() << "expects the layouts to make the transpose a "
                   "bitcast, but element "
                << formatIndex(*comparison->firstDifference)
                << " of the source is at offset " << comparison->offsetA
                << " and at offset " << comparison->offsetB
                << " in the result; use linalg.transpose (a copy)";
    return failure();
  }
  if (!comparison->same) {
    emitError() << "expects the layouts to place the elements in "
                   "buffers of the same size, but they occupy "
                << comparison->sizeA << " and " << comparison->sizeB
                << " elements";
    return failure();
  }
  return success();
}

LogicalResult TransposeOp::verify() {
  return verifyFreeTranspose(getSource().getType(), getResult().getType(),
                             getPermutation(), [&] { return emitOpError(); });
}
