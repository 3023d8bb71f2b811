//===- PhysicalLayout.cpp - Physical buffers of tiled memrefs -------------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// How a tiled memref type lowers: its physical buffer type and the affine
// maps from logical to physical indices and sizes, computed from the
// layout's normal form (a view at tile-aligned offsets becomes a window of
// its root's buffer); the type converter built on it; and the helpers the
// pattern files share to emit those maps' values.
//
//===----------------------------------------------------------------------===//

#include "tlayout/Conversion/LowerTiledLayouts/PhysicalLayout.h"

#include "tlayout/Core/BufferIndexing.h"
#include "tlayout/Core/LayoutAnalysis.h"
#include "tlayout/Dialect/TLayout/IR/MemRefLayout.h"
#include "tlayout/Dialect/TLayout/IR/TLayoutAttrs.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::tlayout;

//===----------------------------------------------------------------------===//
// Physical types and index maps
//===----------------------------------------------------------------------===//

/// Whether a view with a static root lies at static offsets where it is a
/// window of the root's physical buffer (isWindowOf): e.g. whole
/// tiles of an XLA tiling. An empty view is none: its origin may lie past
/// the end of a physical dimension, where no window can start; so is a view
/// of dynamic sizes at the end of a dimension (empty whenever it is valid).
bool mlir::tlayout::isAlignedView(MemRefType type) {
  LayoutAttrInterface attr = getLayoutAttr(type);
  // A packed buffer has no multi-dimensional window: its views are indexed
  // through the root's positions.
  if (!attr || !attr.isView() || getPackedBits(type) != 0 ||
      llvm::is_contained(type.getShape(), 0) ||
      llvm::any_of(attr.getOffsets(), ShapedType::isDynamic) ||
      llvm::any_of(attr.getParentShape(), ShapedType::isDynamic))
    return false;
  for (auto [offset, size] :
       llvm::zip_equal(attr.getOffsets(), attr.getParentShape()))
    if (offset >= size)
      return false;
  std::optional<BufferIndexing> view =
      llvm::expectedToOptional(attr.compile(type.getShape(), 0));
  std::optional<BufferIndexing> root =
      llvm::expectedToOptional(attr.compile(attr.getParentShape(), 0));
  return view && root && isWindowOf(*view, *root, attr.getOffsets());
}

/// Computes the lowering of a tiled memref type, or explains why there is
/// none through `emitError`.
FailureOr<PhysicalLayout> mlir::tlayout::computePhysicalLayout(
    MemRefType type, function_ref<InFlightDiagnostic()> emitError) {
  LayoutAttrInterface attr = getLayoutAttr(type);
  if (isAlignedView(type)) {
    // The layout over the view's own shape, in a window of the root.
    MemRefType asRoot = MemRefType::get(
        type.getShape(), type.getElementType(),
        cast<MemRefLayoutAttrInterface>(attr.getBase()), type.getMemorySpace());
    MemRefType root = MemRefType::get(
        attr.getParentShape(), type.getElementType(),
        cast<MemRefLayoutAttrInterface>(attr.getBase()), type.getMemorySpace());
    FailureOr<PhysicalLayout> own = computePhysicalLayout(asRoot, emitError);
    FailureOr<PhysicalLayout> whole = computePhysicalLayout(root, emitError);
    if (failed(own) || failed(whole))
      return failure();
    SmallVector<int64_t> origin(whole->indexMap.compose(
        llvm::to_vector_of<int64_t>(attr.getOffsets())));
    SmallVector<int64_t> ones(origin.size(), 1);
    PhysicalLayout result = *own;
    result.type = memref::SubViewOp::inferResultType(
        whole->type, origin, own->type.getShape(), ones);
    result.numElements = whole->numElements;
    result.alignedRoot = whole->type;
    result.alignedOrigin = origin;
    return result;
  }
  FailureOr<BufferIndexing> compiled = compileMemRefLayout(type, emitError);
  if (failed(compiled))
    return failure();
  auto indexing = std::make_shared<const BufferIndexing>(std::move(*compiled));
  int64_t bits = getElementTypeBits(type.getElementType());
  int64_t elementSize = attr.getElementSizeInBits();
  int64_t packedBits = getPackedBits(type);
  if (packedBits && !type.getElementType().isIntOrFloat()) {
    emitError() << "element size E(" << elementSize
                << ") packs elements into bytes, which the lowering does for "
                   "integer and float elements only, not "
                << type.getElementType();
    return failure();
  }
  // E(8) of an element narrower than a byte stores each in its own byte,
  // as the element type alone does.
  if (!packedBits && elementSize != 0 && elementSize != bits &&
      !(elementSize == 8 && bits < 8)) {
    emitError() << "element size E(" << elementSize << ") differs from the "
                << bits << " bits of " << type.getElementType()
                << "; the lowering stores elements in their own type: drop "
                   "E(...) or use an element type of that many bits";
    return failure();
  }
  MLIRContext *context = type.getContext();
  unsigned rank = type.getRank();
  // The layout places the root memref (the parent of a view). Its dynamic
  // sizes are the first symbols; a view's dynamic offsets follow, and
  // element d of a view is element d + offset of its root.
  ViewShift shift(attr.isView() ? attr.getParentShape() : type.getShape(),
                  attr.isView() ? attr.getOffsets() : ArrayRef<int64_t>(),
                  ViewSymbols::DynamicOnly, context);
  unsigned numSymbols = shift.getNumSymbols({});
  auto convert = [&](const IndexExpr &e) { return shift.apply(e); };
  PhysicalLayout result;
  result.indexing = indexing;
  result.numElements =
      AffineMap::get(0, numSymbols, convert(indexing->getNumElements()));
  auto makeType = [&](ArrayRef<AffineExpr> sizes) {
    SmallVector<int64_t> shape;
    for (AffineExpr size : sizes) {
      auto constant = dyn_cast<AffineConstantExpr>(size);
      shape.push_back(constant ? constant.getValue() : ShapedType::kDynamic);
    }
    return MemRefType::get(shape, type.getElementType(),
                           MemRefLayoutAttrInterface(), type.getMemorySpace());
  };
  if (packedBits) {
    // The flat byte buffer: ceil(elements * n / 8) bytes, indexed by the
    // element's position.
    AffineExpr bytes =
        (result.numElements.getResult(0) * packedBits).ceilDiv(8);
    result.numElements = AffineMap::get(0, numSymbols, bytes);
    result.physicalSizes = result.numElements;
    auto constant = dyn_cast<AffineConstantExpr>(bytes);
    result.type =
        MemRefType::get({constant ? constant.getValue() : ShapedType::kDynamic},
                        IntegerType::get(context, 8),
                        MemRefLayoutAttrInterface(), type.getMemorySpace());
    result.indexMap =
        AffineMap::get(rank, numSymbols, convert(indexing->getOffset()));
    result.packedBits = packedBits;
    return result;
  }
  bool tailPadded =
      !(indexing->getNumElements() == indexing->getTiledNumElements());
  if (tailPadded) {
    // Tail padding has no multi-dimensional shape: use the flat buffer.
    AffineExpr size = result.numElements.getResult(0);
    result.type = makeType({size});
    result.physicalSizes = result.numElements;
    result.indexMap =
        AffineMap::get(rank, numSymbols, convert(indexing->getOffset()));
    return result;
  }
  SmallVector<AffineExpr> sizes, indices;
  for (const BufferDim &dim : indexing->getDims())
    sizes.push_back(convert(dim.size));
  for (const IndexExpr &e : indexing->getPhysicalIndices())
    indices.push_back(convert(e));
  result.type = makeType(sizes);
  result.physicalSizes = AffineMap::get(0, numSymbols, sizes, context);
  result.indexMap = AffineMap::get(rank, numSymbols, indices, context);
  return result;
}

FailureOr<MemRefType> mlir::tlayout::getPhysicalMemRefType(MemRefType type) {
  // Without a location to report at, failures stay silent here; the pass
  // reports them at the op before converting anything.
  ScopedDiagnosticHandler quiet(type.getContext(),
                                [](Diagnostic &) { return success(); });
  FailureOr<PhysicalLayout> layout = computePhysicalLayout(
      type, [&] { return emitError(UnknownLoc::get(type.getContext())); });
  if (failed(layout))
    return failure();
  return layout->type;
}

LogicalResult
mlir::tlayout::rejectView(Operation *op, Type type, StringRef what,
                          StringRef instead,
                          function_ref<InFlightDiagnostic()> emitError) {
  auto memref = dyn_cast<MemRefType>(type);
  LayoutAttrInterface attr = memref ? getLayoutAttr(memref) : nullptr;
  if (!attr || !attr.isView())
    return success();
  emitError() << op->getName() << " of a view of a tiled memref (" << what
              << " #0) cannot be rewritten: a view can only be accessed, "
                 "copied, viewed or passed along; "
              << instead;
  return failure();
}

int64_t mlir::tlayout::getPackedBits(MemRefType type) {
  LayoutAttrInterface attr = getLayoutAttr(type);
  if (!attr || !isPackedElementSize(attr.getElementSizeInBits()))
    return 0;
  return attr.getElementSizeInBits();
}

bool mlir::tlayout::hasByteAddressedVectorLanes(Type elementType) {
  if (elementType.isIndex())
    return true;
  if (!elementType.isIntOrFloat())
    return false;
  unsigned bits = elementType.getIntOrFloatBitWidth();
  return bits >= 8 && llvm::isPowerOf2_32(bits);
}

PackedSlot mlir::tlayout::emitPackedSlot(OpBuilder &builder, Location loc,
                                         AffineMap map, ValueRange dims,
                                         ValueRange symbols, int64_t bits) {
  assert(map.getNumResults() == 1 && "one physical position");
  MLIRContext *context = builder.getContext();
  IndexExpr position = IndexExpr::dim(0);
  auto compose = [&](const IndexExpr &e) {
    AffineExpr expr = toAffineExpr(e, context).replaceDims(map.getResults());
    return AffineMap::get(map.getNumDims(), map.getNumSymbols(), expr);
  };
  AffineMap byteMap = compose(getPackedByte(position, bits));
  AffineMap shiftMap = compose(getPackedShift(position, bits));
  SmallVector<Value> byte = emitResults(builder, loc, byteMap, dims, symbols);
  SmallVector<Value> shift = emitResults(builder, loc, shiftMap, dims, symbols);
  return {byte.front(), shift.front()};
}

/// The element's bits as an integer of its width.
static Value asInteger(OpBuilder &builder, Location loc, Value value) {
  Type type = value.getType();
  if (isa<IntegerType>(type))
    return value;
  auto integer = builder.getIntegerType(type.getIntOrFloatBitWidth());
  return arith::BitcastOp::create(builder, loc, integer, value);
}

Value mlir::tlayout::extractPacked(OpBuilder &builder, Location loc, Value byte,
                                   Value shift, Type elementType) {
  Value amount =
      arith::IndexCastOp::create(builder, loc, builder.getI8Type(), shift);
  Value shifted = arith::ShRUIOp::create(builder, loc, byte, amount);
  auto integer = builder.getIntegerType(elementType.getIntOrFloatBitWidth());
  Value value = arith::TruncIOp::create(builder, loc, integer, shifted);
  if (integer != elementType)
    value = arith::BitcastOp::create(builder, loc, elementType, value);
  return value;
}

Value mlir::tlayout::insertPacked(OpBuilder &builder, Location loc, Value byte,
                                  Value shift, Value value, int64_t bits) {
  Type i8 = builder.getI8Type();
  Value wide =
      arith::ExtUIOp::create(builder, loc, i8, asInteger(builder, loc, value));
  Value amount = arith::IndexCastOp::create(builder, loc, i8, shift);
  Value ones =
      arith::ConstantIntOp::create(builder, loc, i8, (int64_t(1) << bits) - 1);
  Value all = arith::ConstantIntOp::create(builder, loc, i8, -1);
  Value field = arith::ShLIOp::create(builder, loc, ones, amount);
  Value keep = arith::XOrIOp::create(builder, loc, field, all);
  Value placed = arith::ShLIOp::create(builder, loc, wide, amount);
  Value kept = arith::AndIOp::create(builder, loc, byte, keep);
  return arith::OrIOp::create(builder, loc, kept, placed);
}

Value mlir::tlayout::emitPackedLoad(OpBuilder &builder, Location loc,
                                    Value bytes, const PackedSlot &slot,
                                    Type elementType, int64_t bits) {
  Value byte = memref::LoadOp::create(builder, loc, bytes, slot.byte);
  return extractPacked(builder, loc, byte, slot.shift, elementType);
}

void mlir::tlayout::emitPackedStore(OpBuilder &builder, Location loc,
                                    Value value, Value bytes,
                                    const PackedSlot &slot, int64_t bits) {
  Value old = memref::LoadOp::create(builder, loc, bytes, slot.byte);
  Value updated = insertPacked(builder, loc, old, slot.shift, value, bits);
  memref::StoreOp::create(builder, loc, updated, bytes, slot.byte);
}

FailureOr<DenseElementsAttr>
mlir::tlayout::packInitializer(MemRefType type, const PhysicalLayout &layout,
                               DenseElementsAttr initial) {
  int64_t bits = layout.packedBits;
  const BufferIndexing *indexing = layout.indexing.get();
  if (!bits || !indexing || !layout.type.hasStaticShape() ||
      !type.hasStaticShape() ||
      initial.getNumElements() != type.getNumElements())
    return failure();
  SmallVector<uint8_t> bytes(layout.type.getNumElements(), 0);
  uint8_t mask = uint8_t((1u << bits) - 1);
  SmallVector<int64_t> index(type.getRank(), 0);
  auto valueBits = [&](int64_t k) -> uint8_t {
    if (isa<FloatType>(type.getElementType()))
      return uint8_t(
          initial.getValues<APFloat>()[k].bitcastToAPInt().getZExtValue());
    return uint8_t(initial.getValues<APInt>()[k].getZExtValue());
  };
  for (int64_t k = 0, e = type.getNumElements(); k < e; ++k) {
    // Row-major logical index of element k.
    int64_t rest = k;
    for (int64_t d = type.getRank() - 1; d >= 0; --d) {
      index[d] = rest % type.getDimSize(d);
      rest /= type.getDimSize(d);
    }
    std::optional<int64_t> position =
        llvm::expectedToOptional(indexing->offsetOf(index));
    if (!position)
      return failure();
    PackedPosition slot = getPackedPosition(*position, bits);
    bytes[slot.byte] |= uint8_t((valueBits(k) & mask) << slot.shift);
  }
  auto tensor = RankedTensorType::get(layout.type.getShape(),
                                      IntegerType::get(type.getContext(), 8));
  return DenseElementsAttr::get(tensor, ArrayRef<uint8_t>(bytes));
}

bool mlir::tlayout::isTiledMemRef(Type type) {
  auto memref = dyn_cast<MemRefType>(type);
  return memref && getLayoutAttr(memref);
}

TiledLayoutTypeConverter::~TiledLayoutTypeConverter() = default;

TiledLayoutTypeConverter::TiledLayoutTypeConverter()
    : state(std::make_unique<detail::TiledLoweringState>()) {
  addConversion([](Type type) { return type; });
  // A tiled memref becomes its physical buffer followed by the sizes of its
  // dynamic logical dimensions, which the physical shape cannot recover.
  addConversion(
      [](MemRefType type,
         SmallVectorImpl<Type> &results) -> std::optional<LogicalResult> {
        if (!getLayoutAttr(type))
          return std::nullopt;
        FailureOr<MemRefType> physical = getPhysicalMemRefType(type);
        if (failed(physical))
          return failure();
        results.push_back(*physical);
        Type index = IndexType::get(type.getContext());
        results.append(type.getNumDynamicDims(), index);
        // A view also carries its root's dynamic sizes and its dynamic offsets.
        LayoutAttrInterface attr = getLayoutAttr(type);
        if (attr.isView() && !isAlignedView(type))
          results.append(
              llvm::count_if(attr.getParentShape(), ShapedType::isDynamic) +
                  llvm::count_if(attr.getOffsets(), ShapedType::isDynamic),
              index);
        return success();
      });
}

/// The values of `map`'s results for `dims` and `symbols`: constants where
/// a result is constant, one `affine.apply` each otherwise.
SmallVector<Value> mlir::tlayout::emitResults(OpBuilder &builder, Location loc,
                                              AffineMap map, ValueRange dims,
                                              ValueRange symbols) {
  SmallVector<Value> operands(dims);
  llvm::append_range(operands, symbols);
  SmallVector<Value> result;
  for (AffineExpr expr : map.getResults()) {
    if (auto constant = dyn_cast<AffineConstantExpr>(expr)) {
      result.push_back(
          arith::ConstantIndexOp::create(builder, loc, constant.getValue()));
      continue;
    }
    result.push_back(affine::AffineApplyOp::create(
        builder, loc,
        AffineMap::get(map.getNumDims(), map.getNumSymbols(), expr), operands));
  }
  return result;
}

/// The dynamic entries of `map`'s results (the sizes of the dynamic
/// dimensions of a physical type).
SmallVector<Value> mlir::tlayout::emitDynamicSizes(OpBuilder &builder,
                                                   Location loc, AffineMap map,
                                                   ValueRange symbols) {
  SmallVector<Value> all = emitResults(builder, loc, map, {}, symbols);
  SmallVector<Value> dynamic;
  for (auto [expr, value] : llvm::zip_equal(map.getResults(), all))
    if (!isa<AffineConstantExpr>(expr))
      dynamic.push_back(value);
  return dynamic;
}

/// The sizes of the dynamic dimensions of `type` from `map`'s results, one
/// per dimension of `type`: a result that is constant (a size 0 that makes a
/// symbolic size constant, say) still gives a value where `type` is dynamic.
SmallVector<Value> mlir::tlayout::emitSizesFor(OpBuilder &builder, Location loc,
                                               AffineMap map,
                                               ValueRange symbols,
                                               MemRefType type) {
  assert(map.getNumResults() == static_cast<unsigned>(type.getRank()) &&
         "one size per dimension");
  SmallVector<Value> dynamic;
  for (auto [k, size] : llvm::enumerate(type.getShape()))
    if (ShapedType::isDynamic(size))
      dynamic.push_back(
          emitResults(builder, loc, map.getSubMap({unsigned(k)}), {}, symbols)
              .front());
  return dynamic;
}

/// Concatenates the values of a 1:N adaptor range.
SmallVector<Value> mlir::tlayout::flatten(ArrayRef<ValueRange> ranges) {
  SmallVector<Value> result;
  for (ValueRange range : ranges)
    llvm::append_range(result, range);
  return result;
}

/// The dynamic sizes of a lowered tiled memref (its own, not its root's).
ValueRange mlir::tlayout::viewSizesOf(MemRefType type, ValueRange values) {
  return values.slice(1, type.getNumDynamicDims());
}

/// The symbols of a lowered tiled memref's maps: the dynamic sizes of the
/// memref it places, then (for a view) its dynamic offsets.
ValueRange mlir::tlayout::symbolsOf(MemRefType type, ValueRange values) {
  if (!getLayoutAttr(type).isView() || isAlignedView(type))
    return values.drop_front();
  return values.drop_front(1 + type.getNumDynamicDims());
}

/// Replaces `op`'s one result by a lowered tiled memref: its buffer followed
/// by the index values the type conversion adds.
void mlir::tlayout::replaceWithLowered(ConversionPatternRewriter &rewriter,
                                       Operation *op, Value buffer,
                                       ArrayRef<Value> values) {
  SmallVector<Value> replacement = {buffer};
  llvm::append_range(replacement, values);
  rewriter.replaceOpWithMultiple(op, {replacement});
}

/// The logical indices an affine access map gives for `operands`.
SmallVector<Value> mlir::tlayout::affineAccessIndices(OpBuilder &builder,
                                                      Location loc,
                                                      AffineMap map,
                                                      ValueRange operands) {
  return emitResults(builder, loc, map, operands.take_front(map.getNumDims()),
                     operands.drop_front(map.getNumDims()));
}

//===----------------------------------------------------------------------===//
// Patterns
/// The physical layout of a tiled memref type, computed once per type and
/// conversion.
FailureOr<PhysicalLayout>
mlir::tlayout::layoutFor(const ConversionPattern &pattern, Operation *op,
                         Type type) {
  auto memref = dyn_cast<MemRefType>(type);
  if (!memref || !getLayoutAttr(memref))
    return failure();
  auto &layouts = detail::TiledLoweringState::of(
                      *pattern.getTypeConverter<TiledLayoutTypeConverter>())
                      .layouts;
  auto [it, inserted] = layouts.try_emplace(type);
  if (inserted) {
    FailureOr<PhysicalLayout> layout =
        computePhysicalLayout(memref, [&] { return op->emitError(); });
    if (succeeded(layout))
      it->second = *layout;
  }
  if (!it->second)
    return failure();
  return *it->second;
}

/// A view of `source` (identity layout, offset 0) with the identity-layout
/// type `type`, whose dynamic sizes are `dynamicSizes`.
Value mlir::tlayout::reinterpretAs(OpBuilder &builder, Location loc,
                                   Value source, MemRefType type,
                                   ValueRange dynamicSizes) {
  SmallVector<OpFoldResult> sizes;
  unsigned next = 0;
  for (int64_t size : type.getShape())
    sizes.push_back(ShapedType::isDynamic(size)
                        ? OpFoldResult(dynamicSizes[next++])
                        : OpFoldResult(builder.getIndexAttr(size)));
  // Row-major strides: products of the more minor sizes.
  SmallVector<OpFoldResult> strides(type.getRank(), builder.getIndexAttr(1));
  AffineExpr s0, s1;
  bindSymbols(builder.getContext(), s0, s1);
  for (int64_t i = type.getRank() - 2; i >= 0; --i)
    strides[i] = affine::makeComposedFoldedAffineApply(
        builder, loc, s0 * s1, {strides[i + 1], sizes[i + 1]});
  return memref::ReinterpretCastOp::create(
      builder, loc, type, source, builder.getIndexAttr(0), sizes, strides);
}
