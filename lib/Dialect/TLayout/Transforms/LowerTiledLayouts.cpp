//===- LowerTiledLayouts.cpp - Tiled memrefs to physical buffers ----------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// The --lower-tiled-layouts pass: a dialect conversion that replaces every
// memref with a #tlayout.tiled layout by the identity-layout memref of its
// physical shape, and every access by an access through the affine map of
// the layout's normal form. Before rewriting anything, the pass checks that
// it can rewrite every use of a tiled memref; if not, it reports each
// offending op and fails with the module untouched.
//
//===----------------------------------------------------------------------===//

#include "tlayout/Core/LayoutAnalysis.h"
#include "tlayout/Dialect/TLayout/IR/TLayoutOps.h"
#include "tlayout/Dialect/TLayout/Transforms/Passes.h"
#include "tlayout/Dialect/TLayout/Transforms/Transforms.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Func/Transforms/FuncConversions.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::tlayout {
#define GEN_PASS_DEF_LOWERTILEDLAYOUTS
#include "tlayout/Dialect/TLayout/Transforms/Passes.h.inc"
} // namespace mlir::tlayout

using namespace mlir;
using namespace mlir::tlayout;

//===----------------------------------------------------------------------===//
// Physical types and index maps
//===----------------------------------------------------------------------===//

namespace {
/// How a tiled memref type lowers. Affine maps take the logical indices as
/// dims and the sizes of the dynamic logical dimensions, in order, as
/// symbols; a static shape has no symbols.
struct PhysicalLayout {
  /// The identity-layout physical memref (dynamic where a size depends on a
  /// dynamic logical size).
  MemRefType type;
  /// Logical indices -> physical indices (one result per physical dim).
  AffineMap indexMap;
  /// () [sizes] -> the size of each physical dimension.
  AffineMap physicalSizes;
  /// () [sizes] -> the number of elements of the physical buffer.
  AffineMap numElements;
  /// For a view at tile-aligned offsets: the root's physical type and the
  /// physical index of the view's origin in it. The view then lowers to a
  /// strided subview of the root's buffer (`type`), indexed by the layout's
  /// own map over the view's shape.
  std::optional<MemRefType> alignedRoot;
  SmallVector<int64_t> alignedOrigin;
};
} // namespace

/// Whether a view with a static root lies at static offsets where it is a
/// window of the root's physical buffer (::tlayout::isWindowOf): e.g. whole
/// tiles of an XLA tiling. An empty view is none: its origin may lie past
/// the end of a physical dimension, where no window can start; so is a view
/// of dynamic sizes at the end of a dimension (empty whenever it is valid).
static bool isAlignedView(MemRefType type) {
  LayoutAttrInterface attr = getLayoutAttr(type);
  if (!attr || !attr.isView() || llvm::is_contained(type.getShape(), 0) ||
      llvm::any_of(attr.getOffsets(), ShapedType::isDynamic) ||
      llvm::any_of(attr.getParentShape(), ShapedType::isDynamic))
    return false;
  for (auto [offset, size] :
       llvm::zip_equal(attr.getOffsets(), attr.getParentShape()))
    if (offset >= size)
      return false;
  std::optional<::tlayout::BufferIndexing> view =
      llvm::expectedToOptional(attr.compile(type.getShape(), 0));
  std::optional<::tlayout::BufferIndexing> root =
      llvm::expectedToOptional(attr.compile(attr.getParentShape(), 0));
  return view && root && ::tlayout::isWindowOf(*view, *root, attr.getOffsets());
}

/// Computes the lowering of a tiled memref type, or explains why there is
/// none through `emitError`.
static FailureOr<PhysicalLayout>
computePhysicalLayout(MemRefType type,
                      function_ref<InFlightDiagnostic()> emitError) {
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
  FailureOr<::tlayout::BufferIndexing> indexing =
      compileMemRefLayout(type, emitError);
  if (failed(indexing))
    return failure();
  int64_t bits = getElementTypeBits(type.getElementType());
  if (attr.getElementSizeInBits() != 0 && attr.getElementSizeInBits() != bits) {
    emitError() << "element size E(" << attr.getElementSizeInBits()
                << ") differs from the " << bits << " bits of "
                << type.getElementType()
                << "; the lowering stores elements in their own type: drop "
                   "E(...) or use an element type of that many bits";
    return failure();
  }
  MLIRContext *context = type.getContext();
  unsigned rank = type.getRank();
  // The layout places the root memref (the parent of a view). Its dynamic
  // sizes are the first symbols; a view's dynamic offsets follow.
  ArrayRef<int64_t> rootShape =
      attr.isView() ? attr.getParentShape() : type.getShape();
  SmallVector<int64_t> offsets(rank, 0);
  if (attr.isView())
    offsets.assign(attr.getOffsets().begin(), attr.getOffsets().end());
  SmallVector<AffineExpr> symbols;
  unsigned numSymbols = 0;
  for (int64_t size : rootShape)
    symbols.push_back(ShapedType::isDynamic(size)
                          ? getAffineSymbolExpr(numSymbols++, context)
                          : getAffineConstantExpr(size, context));
  SmallVector<AffineExpr> dims;
  for (unsigned i = 0; i < rank; ++i) {
    AffineExpr offset = ShapedType::isDynamic(offsets[i])
                            ? getAffineSymbolExpr(numSymbols++, context)
                            : getAffineConstantExpr(offsets[i], context);
    dims.push_back(getAffineDimExpr(i, context) + offset);
  }
  auto convert = [&](const ::tlayout::IndexExpr &e) {
    // Element d of a view is element d + offset of its root.
    return toAffineExpr(e, context).replaceDimsAndSymbols(dims, symbols);
  };
  PhysicalLayout result;
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
  for (const ::tlayout::PhysicalDim &dim : indexing->getDims())
    sizes.push_back(convert(dim.size));
  for (const ::tlayout::IndexExpr &e : indexing->getPhysicalIndices())
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

static bool isTiledMemRef(Type type) {
  auto memref = dyn_cast<MemRefType>(type);
  return memref && getLayoutAttr(memref);
}

struct TiledLayoutTypeConverter::Cache {
  DenseMap<Type, std::optional<PhysicalLayout>> layouts;
};

TiledLayoutTypeConverter::~TiledLayoutTypeConverter() = default;

TiledLayoutTypeConverter::TiledLayoutTypeConverter()
    : cache(std::make_unique<Cache>()) {
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
static SmallVector<Value> emitResults(OpBuilder &builder, Location loc,
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
static SmallVector<Value> emitDynamicSizes(OpBuilder &builder, Location loc,
                                           AffineMap map, ValueRange symbols) {
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
static SmallVector<Value> emitSizesFor(OpBuilder &builder, Location loc,
                                       AffineMap map, ValueRange symbols,
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
static SmallVector<Value> flatten(ArrayRef<ValueRange> ranges) {
  SmallVector<Value> result;
  for (ValueRange range : ranges)
    llvm::append_range(result, range);
  return result;
}

/// The dynamic sizes of a lowered tiled memref (its own, not its root's).
static ValueRange viewSizesOf(MemRefType type, ValueRange values) {
  return values.slice(1, type.getNumDynamicDims());
}

/// The symbols of a lowered tiled memref's maps: the dynamic sizes of the
/// memref it places, then (for a view) its dynamic offsets.
static ValueRange symbolsOf(MemRefType type, ValueRange values) {
  if (!getLayoutAttr(type).isView() || isAlignedView(type))
    return values.drop_front();
  return values.drop_front(1 + type.getNumDynamicDims());
}

/// Replaces `op`'s one result by a lowered tiled memref: its buffer followed
/// by the index values the type conversion adds.
static void replaceWithLowered(ConversionPatternRewriter &rewriter,
                               Operation *op, Value buffer,
                               ArrayRef<Value> values) {
  SmallVector<Value> replacement = {buffer};
  llvm::append_range(replacement, values);
  rewriter.replaceOpWithMultiple(op, {replacement});
}

/// The logical indices an affine access map gives for `operands`.
static SmallVector<Value> affineAccessIndices(OpBuilder &builder, Location loc,
                                              AffineMap map,
                                              ValueRange operands) {
  return emitResults(builder, loc, map, operands.take_front(map.getNumDims()),
                     operands.drop_front(map.getNumDims()));
}

//===----------------------------------------------------------------------===//
// Patterns
//===----------------------------------------------------------------------===//

namespace {

/// The physical layout of a tiled memref type, computed once per type and
/// conversion.
static FailureOr<PhysicalLayout> layoutFor(const ConversionPattern &pattern,
                                           Operation *op, Type type) {
  auto memref = dyn_cast<MemRefType>(type);
  if (!memref || !getLayoutAttr(memref))
    return failure();
  auto &layouts =
      pattern.getTypeConverter<TiledLayoutTypeConverter>()->getCache().layouts;
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

template <typename AllocLikeOp>
struct AllocLowering : OpConversionPattern<AllocLikeOp> {
  using OpConversionPattern<AllocLikeOp>::OpConversionPattern;
  LogicalResult matchAndRewrite(
      AllocLikeOp op,
      typename OpConversionPattern<AllocLikeOp>::OneToNOpAdaptor adaptor,
      ConversionPatternRewriter &rewriter) const override {
    FailureOr<PhysicalLayout> layout = layoutFor(*this, op, op.getType());
    if (failed(layout))
      return rewriter.notifyMatchFailure(op, "not a lowerable tiled memref");
    SmallVector<Value> sizes = flatten(adaptor.getDynamicSizes());
    SmallVector<Value> physicalSizes =
        emitDynamicSizes(rewriter, op.getLoc(), layout->physicalSizes, sizes);
    auto alloc = AllocLikeOp::create(rewriter, op.getLoc(), layout->type,
                                     physicalSizes, op.getAlignmentAttr());
    replaceWithLowered(rewriter, op, alloc, sizes);
    return success();
  }
};

struct DeallocLowering : OpConversionPattern<memref::DeallocOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(memref::DeallocOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<memref::DeallocOp>(op,
                                                   adaptor.getMemref().front());
    return success();
  }
};

/// Loads and stores of tiled memrefs. Affine accesses compose the layout's
/// index map into their own when the sizes are valid affine symbols there;
/// otherwise, and for memref accesses, the physical indices are
/// `affine.apply`s of the index map.
template <typename AccessOp>
struct AccessLowering : OpConversionPattern<AccessOp> {
  using OpConversionPattern<AccessOp>::OpConversionPattern;
  static constexpr bool isStore =
      std::is_same_v<AccessOp, memref::StoreOp> ||
      std::is_same_v<AccessOp, affine::AffineStoreOp>;
  static constexpr bool isAffine =
      std::is_same_v<AccessOp, affine::AffineLoadOp> ||
      std::is_same_v<AccessOp, affine::AffineStoreOp>;

  LogicalResult matchAndRewrite(
      AccessOp op,
      typename OpConversionPattern<AccessOp>::OneToNOpAdaptor adaptor,
      ConversionPatternRewriter &rewriter) const override {
    FailureOr<PhysicalLayout> layout = layoutFor(*this, op, op.getMemRefType());
    if (failed(layout))
      return rewriter.notifyMatchFailure(op, "not a lowerable tiled memref");
    Location loc = op.getLoc();
    Value buffer = adaptor.getMemref().front();
    ValueRange sizes = symbolsOf(op.getMemRefType(), adaptor.getMemref());
    Value value;
    if constexpr (isStore)
      value = adaptor.getValue().front();
    SmallVector<Value> indices = flatten(adaptor.getIndices());
    if constexpr (isAffine) {
      if (llvm::all_of(sizes,
                       [](Value v) { return affine::isValidSymbol(v); })) {
        // compose() appends the layout's symbols (the sizes) after the
        // access map's own, matching the operands indices..., sizes....
        AffineMap map = layout->indexMap.compose(op.getAffineMap());
        SmallVector<Value> operands(indices);
        llvm::append_range(operands, sizes);
        if constexpr (isStore)
          rewriter.replaceOpWithNewOp<affine::AffineStoreOp>(op, value, buffer,
                                                             map, operands);
        else
          rewriter.replaceOpWithNewOp<affine::AffineLoadOp>(op, buffer, map,
                                                            operands);
        return success();
      }
      indices = affineAccessIndices(rewriter, loc, op.getAffineMap(), indices);
    }
    SmallVector<Value> physical =
        emitResults(rewriter, loc, layout->indexMap, indices, sizes);
    if constexpr (isStore)
      rewriter.replaceOpWithNewOp<memref::StoreOp>(op, value, buffer, physical);
    else
      rewriter.replaceOpWithNewOp<memref::LoadOp>(op, buffer, physical);
    return success();
  }
};

/// `memref.dim` of a tiled memref is its logical size.
struct DimLowering : OpConversionPattern<memref::DimOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(memref::DimOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = dyn_cast<MemRefType>(op.getSource().getType());
    if (!type || !getLayoutAttr(type))
      return rewriter.notifyMatchFailure(op, "not a tiled memref");
    ArrayRef<int64_t> shape = type.getShape();
    if (shape.empty())
      return rewriter.notifyMatchFailure(op, "rank 0 has no dimensions");
    Location loc = op.getLoc();
    ValueRange dynamicSizes = viewSizesOf(type, adaptor.getSource());
    auto sizeOf = [&](unsigned i) -> Value {
      if (ShapedType::isDynamic(shape[i]))
        return dynamicSizes[llvm::count_if(shape.take_front(i),
                                           ShapedType::isDynamic)];
      return arith::ConstantIndexOp::create(rewriter, loc, shape[i]);
    };
    if (std::optional<int64_t> index = op.getConstantIndex()) {
      if (*index < 0 || *index >= static_cast<int64_t>(shape.size()))
        return rewriter.notifyMatchFailure(op, "index out of range");
      rewriter.replaceOp(op, sizeOf(*index));
      return success();
    }
    // A dynamic index selects among the sizes. An index out of range is
    // undefined behavior for memref.dim, so the last size is the default.
    Value index = adaptor.getIndex().front();
    Value result = sizeOf(shape.size() - 1);
    for (unsigned i = 0; i + 1 < shape.size(); ++i) {
      Value k = arith::ConstantIndexOp::create(rewriter, loc, i);
      Value isK = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq,
                                        index, k);
      result = arith::SelectOp::create(rewriter, loc, isK, sizeOf(i), result);
    }
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// A view of `source` (identity layout, offset 0) with the identity-layout
/// type `type`, whose dynamic sizes are `dynamicSizes`.
static Value reinterpretAs(OpBuilder &builder, Location loc, Value source,
                           MemRefType type, ValueRange dynamicSizes) {
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

/// `memref.cast` between tiled memrefs of one layout (static <-> dynamic
/// sizes): a cast of the physical buffers, with the sizes the result needs.
struct CastLowering : OpConversionPattern<memref::CastOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(memref::CastOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto sourceType = cast<MemRefType>(op.getSource().getType());
    auto resultType = cast<MemRefType>(op.getType());
    if (sourceType == resultType) {
      rewriter.replaceOpWithMultiple(op, {adaptor.getSource()});
      return success();
    }
    FailureOr<PhysicalLayout> layout = layoutFor(*this, op, resultType);
    if (failed(layout))
      return rewriter.notifyMatchFailure(op, "not a lowerable tiled memref");
    Location loc = op.getLoc();
    ValueRange source = adaptor.getSource();
    SmallVector<Value> sizes;
    unsigned next = 1;
    for (auto [from, to] :
         llvm::zip_equal(sourceType.getShape(), resultType.getShape())) {
      Value size;
      if (ShapedType::isDynamic(from))
        size = source[next++];
      if (ShapedType::isDynamic(to))
        sizes.push_back(
            size ? size : arith::ConstantIndexOp::create(rewriter, loc, from));
    }
    Value buffer = source.front();
    if (buffer.getType() != layout->type) {
      if (memref::CastOp::areCastCompatible(buffer.getType(), layout->type)) {
        buffer = memref::CastOp::create(rewriter, loc, layout->type, buffer);
      } else {
        // The physical shapes differ in rank: tail padding L(n) keeps a
        // dynamic shape's buffer flat, while a static shape it does not pad
        // keeps its tiled shape. Both are the same elements in the same
        // order, row-major from offset 0 (a view is never cast), so the
        // buffer is reinterpreted.
        auto from = cast<MemRefType>(buffer.getType());
        if (!from.getLayout().isIdentity() ||
            from.getElementType() != layout->type.getElementType() ||
            from.getMemorySpace() != layout->type.getMemorySpace())
          return rewriter.notifyMatchFailure(op, "physical types differ");
        SmallVector<Value> physicalSizes = emitSizesFor(
            rewriter, loc, layout->physicalSizes, sizes, layout->type);
        buffer =
            reinterpretAs(rewriter, loc, buffer, layout->type, physicalSizes);
      }
    }
    replaceWithLowered(rewriter, op, buffer, sizes);
    return success();
  }
};

struct ToPhysicalLowering : OpConversionPattern<ToPhysicalOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ToPhysicalOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<PhysicalLayout> layout =
        layoutFor(*this, op, op.getSource().getType());
    if (failed(layout))
      return rewriter.notifyMatchFailure(op, "not a lowerable tiled memref");
    auto resultType = cast<MemRefType>(op.getType());
    ValueRange source = adaptor.getSource();
    if (source.front().getType() == resultType) {
      rewriter.replaceOp(op, source.front());
      return success();
    }
    // The result may be dynamic where the size is constant (a root of
    // static size 0 in one dimension and dynamic in another).
    SmallVector<Value> size = emitSizesFor(
        rewriter, op.getLoc(), layout->numElements,
        symbolsOf(cast<MemRefType>(op.getSource().getType()), source),
        resultType);
    rewriter.replaceOp(op, reinterpretAs(rewriter, op.getLoc(), source.front(),
                                         resultType, size));
    return success();
  }
};

struct FromPhysicalLowering : OpConversionPattern<FromPhysicalOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(FromPhysicalOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<PhysicalLayout> layout = layoutFor(*this, op, op.getType());
    if (failed(layout))
      return rewriter.notifyMatchFailure(op, "not a lowerable tiled memref");
    Value buffer = adaptor.getBuffer().front();
    SmallVector<Value> sizes = flatten(adaptor.getSizes());
    Value physical = buffer;
    if (buffer.getType() != layout->type) {
      SmallVector<Value> physicalSizes = emitSizesFor(
          rewriter, op.getLoc(), layout->physicalSizes, sizes, layout->type);
      physical = reinterpretAs(rewriter, op.getLoc(), buffer, layout->type,
                               physicalSizes);
    }
    replaceWithLowered(rewriter, op, physical, sizes);
    return success();
  }
};

/// A view shares its root's buffer; it carries its own dynamic sizes, its
/// root's dynamic sizes, and its dynamic offsets in the root (the source's
/// offsets plus the new ones).
struct SubViewLowering : OpConversionPattern<SubViewOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(SubViewOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto sourceType = cast<MemRefType>(op.getSource().getType());
    LayoutAttrInterface source = getLayoutAttr(sourceType);
    if (!source)
      return rewriter.notifyMatchFailure(op, "not a tiled memref");
    Location loc = op.getLoc();
    ValueRange values = adaptor.getSource();
    unsigned rank = sourceType.getRank();
    auto resultType = cast<MemRefType>(op.getType());
    if (isAlignedView(resultType))
      return lowerToWindow(op, adaptor, rewriter);
    SmallVector<Value> rootSizes;
    SmallVector<OpFoldResult> baseOffsets;
    Value buffer = values.front();
    if (isAlignedView(sourceType)) {
      // The window's base is the root's buffer; its offsets are static.
      FailureOr<PhysicalLayout> window = layoutFor(*this, op, sourceType);
      if (failed(window))
        return failure();
      buffer = reinterpretAs(rewriter, loc, buffer, *window->alignedRoot, {});
      for (int64_t offset : source.getOffsets())
        baseOffsets.push_back(rewriter.getIndexAttr(offset));
    } else if (source.isView()) {
      ValueRange rest = symbolsOf(sourceType, values);
      unsigned numRootSizes =
          llvm::count_if(source.getParentShape(), ShapedType::isDynamic);
      rootSizes.assign(rest.begin(), rest.begin() + numRootSizes);
      unsigned next = numRootSizes;
      for (int64_t offset : source.getOffsets())
        baseOffsets.push_back(
            ShapedType::isDynamic(offset)
                ? OpFoldResult(rest[next++])
                : OpFoldResult(rewriter.getIndexAttr(offset)));
    } else {
      llvm::append_range(rootSizes, viewSizesOf(sourceType, values));
      baseOffsets.assign(rank, rewriter.getIndexAttr(0));
    }
    SmallVector<Value> replacement = {buffer};
    llvm::append_range(replacement, flatten(adaptor.getSizes()));
    llvm::append_range(replacement, rootSizes);
    SmallVector<Value> dynamicOffsets = flatten(adaptor.getOffsets());
    SmallVector<int64_t> expected = op.getExpectedRootOffsets();
    unsigned next = 0;
    for (unsigned i = 0; i < rank; ++i) {
      int64_t offset = op.getStaticOffsets()[i];
      Value newOffset =
          ShapedType::isDynamic(offset)
              ? dynamicOffsets[next++]
              : arith::ConstantIndexOp::create(rewriter, loc, offset)
                    .getResult();
      if (!ShapedType::isDynamic(expected[i]))
        continue;
      Value base =
          getValueOrCreateConstantIndexOp(rewriter, loc, baseOffsets[i]);
      replacement.push_back(
          arith::AddIOp::create(rewriter, loc, base, newOffset));
    }
    rewriter.replaceOpWithMultiple(op, {replacement});
    return success();
  }

  /// A view at tile-aligned offsets: a strided window of whole tiles of the
  /// root's physical buffer (or of the source's window).
  LogicalResult lowerToWindow(SubViewOp op, OneToNOpAdaptor adaptor,
                              ConversionPatternRewriter &rewriter) const {
    Location loc = op.getLoc();
    auto sourceType = cast<MemRefType>(op.getSource().getType());
    auto resultType = cast<MemRefType>(op.getType());
    FailureOr<PhysicalLayout> window = layoutFor(*this, op, resultType);
    if (failed(window))
      return failure();
    Value buffer = adaptor.getSource().front();
    SmallVector<int64_t> origin = window->alignedOrigin;
    if (isAlignedView(sourceType)) {
      FailureOr<PhysicalLayout> outer = layoutFor(*this, op, sourceType);
      if (failed(outer))
        return failure();
      for (auto [o, base] : llvm::zip_equal(origin, outer->alignedOrigin))
        o -= base;
    }
    SmallVector<Value> viewSizes = flatten(adaptor.getSizes());
    SmallVector<Value> dynamic =
        emitDynamicSizes(rewriter, loc, window->physicalSizes, viewSizes);
    SmallVector<OpFoldResult> offsets, sizes, strides;
    unsigned next = 0;
    for (auto [k, size] : llvm::enumerate(window->physicalSizes.getResults())) {
      offsets.push_back(rewriter.getIndexAttr(origin[k]));
      strides.push_back(rewriter.getIndexAttr(1));
      if (auto constant = dyn_cast<AffineConstantExpr>(size))
        sizes.push_back(rewriter.getIndexAttr(constant.getValue()));
      else
        sizes.push_back(dynamic[next++]);
    }
    Value sub = memref::SubViewOp::create(rewriter, loc, buffer, offsets, sizes,
                                          strides);
    if (sub.getType() != window->type)
      sub = memref::CastOp::create(rewriter, loc, window->type, sub);
    replaceWithLowered(rewriter, op, sub, viewSizes);
    return success();
  }
};

/// A global of a tiled type becomes a global of its physical type; a dense
/// initializer is permuted into physical order (padding gets zeros; a splat
/// stays a splat).
struct GlobalLowering : OpConversionPattern<memref::GlobalOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(memref::GlobalOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    MemRefType type = op.getType();
    FailureOr<PhysicalLayout> layout = layoutFor(*this, op, type);
    if (failed(layout) || !layout->type.hasStaticShape())
      return rewriter.notifyMatchFailure(op, "not a static tiled memref");
    Attribute initial = op.getInitialValueAttr();
    if (auto dense = dyn_cast_or_null<DenseElementsAttr>(initial)) {
      auto physicalTensor =
          RankedTensorType::get(layout->type.getShape(), type.getElementType());
      if (dense.isSplat()) {
        initial = dense.resizeSplat(physicalTensor);
      } else {
        llvm::Expected<::tlayout::BufferIndexing> indexing =
            getLayoutAttr(type).compile(type.getShape(), 0);
        if (!indexing) {
          llvm::consumeError(indexing.takeError());
          return rewriter.notifyMatchFailure(op, "invalid layout");
        }
        SmallVector<Attribute> logical(dense.getValues<Attribute>());
        Attribute zero = rewriter.getZeroAttr(type.getElementType());
        SmallVector<Attribute> physical;
        int64_t total = layout->type.getNumElements();
        physical.reserve(total);
        for (int64_t offset = 0; offset < total; ++offset) {
          auto index = indexing->indexAt(offset);
          if (!index) {
            llvm::consumeError(index.takeError());
            return rewriter.notifyMatchFailure(op, "offset outside buffer");
          }
          if (!*index) {
            physical.push_back(zero);
            continue;
          }
          int64_t linear = 0;
          for (auto [i, v] : llvm::enumerate(**index))
            linear = linear * type.getDimSize(i) + v;
          physical.push_back(logical[linear]);
        }
        initial = DenseElementsAttr::get(physicalTensor, physical);
      }
    }
    rewriter.replaceOpWithNewOp<memref::GlobalOp>(
        op, op.getSymName(), op.getSymVisibilityAttr(), layout->type, initial,
        op.getConstant(), op.getAlignmentAttr());
    return success();
  }
};

struct GetGlobalLowering : OpConversionPattern<memref::GetGlobalOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(memref::GetGlobalOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<PhysicalLayout> layout = layoutFor(*this, op, op.getType());
    if (failed(layout))
      return rewriter.notifyMatchFailure(op, "not a lowerable tiled memref");
    rewriter.replaceOpWithNewOp<memref::GetGlobalOp>(op, layout->type,
                                                     op.getName());
    return success();
  }
};

} // namespace

void mlir::tlayout::populateLowerTiledLayoutsPatterns(
    const TiledLayoutTypeConverter &typeConverter,
    RewritePatternSet &patterns) {
  patterns.add<AllocLowering<memref::AllocOp>, AllocLowering<memref::AllocaOp>,
               DeallocLowering, AccessLowering<memref::LoadOp>,
               AccessLowering<memref::StoreOp>,
               AccessLowering<affine::AffineLoadOp>,
               AccessLowering<affine::AffineStoreOp>, DimLowering, CastLowering,
               ToPhysicalLowering, FromPhysicalLowering, GlobalLowering,
               GetGlobalLowering, SubViewLowering>(typeConverter,
                                                   patterns.getContext());
}

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

/// Ops whose uses of tiled memrefs the conversion rewrites.
static bool isRewritable(Operation *op) {
  return isa<vector::TransferReadOp, vector::TransferWriteOp,
             affine::AffineVectorLoadOp, affine::AffineVectorStoreOp,
             memref::AllocOp, memref::AllocaOp, memref::CopyOp,
             memref::DeallocOp, memref::GlobalOp, memref::GetGlobalOp,
             SubViewOp, memref::LoadOp, memref::StoreOp, memref::DimOp,
             memref::CastOp, affine::AffineLoadOp, affine::AffineStoreOp,
             ToPhysicalOp, FromPhysicalOp, CopyOp, func::FuncOp, func::CallOp,
             func::ReturnOp, scf::ForOp, scf::IfOp, scf::WhileOp, scf::YieldOp,
             scf::ConditionOp, cf::BranchOp, cf::CondBranchOp>(op);
}

/// What to do instead of handing a tiled memref to `op`, an op the
/// conversion does not rewrite.
static StringRef adviceFor(Operation *op) {
  StringRef dialect = op->getName().getDialectNamespace();
  if (dialect == "linalg")
    return "lower linalg to loops first (--convert-linalg-to-affine-loops or "
           "--convert-linalg-to-loops)";
  if (isa<memref::ReinterpretCastOp>(op))
    return "offsets and strides cannot describe a tiled layout; use "
           "tlayout.to_physical / tlayout.from_physical to reach the physical "
           "buffer";
  if (isa<memref::ExtractAlignedPointerAsIndexOp>(op))
    return "take the pointer of the physical buffer (tlayout.to_physical)";
  if (isa<memref::AtomicRMWOp, memref::GenericAtomicRMWOp>(op))
    return "apply it to the physical buffer (tlayout.to_physical) at the "
           "element's physical offset";
  if (isa<memref::MemorySpaceCastOp>(op))
    return "give the memref its memory space where it is allocated, or cast "
           "the physical buffer (tlayout.to_physical)";
  if (dialect == "bufferization" || dialect == "tensor")
    return "tensors carry no tiled layout; bufferize first and give the "
           "buffers their layouts afterwards, or convert through "
           "tlayout.to_physical / tlayout.from_physical";
  if (op->getNumRegions() != 0 || op->hasTrait<OpTrait::IsTerminator>())
    return "carry tiled memrefs through func, scf.for, scf.if, scf.while or "
           "cf branches, or lower this op first";
  return "lower it to loads, stores, vector transfers or copies first, or "
         "hand it the physical buffer (tlayout.to_physical)";
}

/// Reports every op that uses a tiled memref the conversion cannot rewrite,
/// once per op (at its first such value), with what to do instead. Returns
/// failure if there is one.
static LogicalResult checkRewritable(ModuleOp module) {
  bool ok = true;
  // Each distinct type is checked once; later ops using a type that cannot
  // be lowered get a short error.
  DenseMap<Type, bool> lowerable;
  // Returns false when it reported an error for `op`.
  auto checkType = [&](Operation *op, Type type, StringRef what,
                       unsigned index) -> bool {
    if (!isTiledMemRef(type))
      return true;
    OperationName name = op->getName();
    if (isa<memref::CopyOp>(op) &&
        !llvm::all_of(op->getOperandTypes(), llvm::IsaPred<MemRefType>)) {
      op->emitError() << name
                      << " between a tiled memref and an unranked memref "
                         "cannot be rewritten; cast the unranked memref to "
                         "the ranked shape first";
      return false;
    }
    if (isa<memref::CastOp>(op) &&
        !llvm::all_of(op->getOperandTypes(), llvm::IsaPred<MemRefType>)) {
      op->emitError() << name
                      << " from an unranked memref to a tiled memref cannot "
                         "be rewritten: an unranked memref keeps no layout; "
                         "cast to the untiled ranked shape and reach the "
                         "tiled memref with tlayout.from_physical";
      return false;
    }
    if (isa<memref::CastOp>(op) &&
        !llvm::all_of(op->getResultTypes(), llvm::IsaPred<MemRefType>)) {
      op->emitError() << name
                      << " of a tiled memref to an unranked memref cannot be "
                         "rewritten: an unranked memref keeps no layout; "
                         "cast the physical buffer (tlayout.to_physical) "
                         "instead, or pass the ranked tiled memref";
      return false;
    }
    if (isa<vector::TransferReadOp, vector::TransferWriteOp,
            affine::AffineVectorLoadOp, affine::AffineVectorStoreOp>(op)) {
      auto vectorType = dyn_cast<VectorType>(
          isa<vector::TransferReadOp, affine::AffineVectorLoadOp>(op)
              ? op->getResult(0).getType()
              : op->getOperand(0).getType());
      if (!vectorType ||
          vectorType.getNumElements() > kMaxSplitVectorElements) {
        op->emitError() << name
                        << " of a tiled memref is split into element "
                           "accesses, and this vector has more than "
                        << kMaxSplitVectorElements
                        << " elements; access smaller vectors, or run "
                           "--convert-vector-to-scf first to unroll it into "
                           "1-D transfers";
        return false;
      }
    }
    if (LayoutAttrInterface attr = getLayoutAttr(cast<MemRefType>(type));
        attr.isView() &&
        (isa<memref::AllocOp, memref::AllocaOp, memref::GlobalOp,
             memref::GetGlobalOp>(op) ||
         (isa<memref::CastOp>(op) &&
          op->getOperand(0).getType() != op->getResult(0).getType()))) {
      op->emitError() << name << " of a view of a tiled memref (" << what
                      << " #" << index
                      << ") cannot be rewritten: a view can only be accessed, "
                         "copied, viewed or passed along; "
                      << (isa<memref::CastOp>(op)
                              ? "cast the parent memref, then take the view "
                                "with tlayout.subview"
                              : "allocate the parent memref, then take the "
                                "view with tlayout.subview");
      return false;
    }
    if (!isRewritable(op)) {
      op->emitError() << name << " uses a tiled memref (" << what << " #"
                      << index << " of type " << type
                      << "), which --lower-tiled-layouts cannot rewrite; "
                      << adviceFor(op);
      return false;
    }
    auto [it, inserted] = lowerable.try_emplace(type, true);
    if (!inserted) {
      if (!it->second)
        op->emitError() << name << " cannot be rewritten: its " << what << " #"
                        << index << " has type " << type
                        << ", which cannot be lowered (reported above)";
      return it->second;
    }
    if (failed(computePhysicalLayout(cast<MemRefType>(type), [&] {
          return op->emitError() << name << " cannot be rewritten: cannot "
                                 << "lower " << what << " #" << index << ": ";
        })))
      it->second = false;
    return it->second;
  };
  module.walk([&](Operation *op) {
    auto check = [&]() -> bool {
      for (auto [i, operand] : llvm::enumerate(op->getOperands()))
        if (!checkType(op, operand.getType(), "operand", i))
          return false;
      for (auto [i, result] : llvm::enumerate(op->getResults()))
        if (!checkType(op, result.getType(), "result", i))
          return false;
      if (auto global = dyn_cast<memref::GlobalOp>(op))
        return checkType(op, global.getType(), "global", 0);
      if (auto func = dyn_cast<func::FuncOp>(op)) {
        for (auto [i, type] : llvm::enumerate(func.getArgumentTypes()))
          if (!checkType(op, type, "argument", i))
            return false;
        for (auto [i, type] : llvm::enumerate(func.getResultTypes()))
          if (!checkType(op, type, "function result", i))
            return false;
        return true;
      }
      if (isRewritable(op))
        return true;
      for (Region &region : op->getRegions())
        for (Block &block : region)
          for (auto [i, arg] : llvm::enumerate(block.getArguments()))
            if (!checkType(op, arg.getType(), "block argument", i))
              return false;
      return true;
    };
    if (!check())
      ok = false;
  });
  return success(ok);
}

namespace {
/// Converts a function's signature and the arguments of all its blocks, so
/// that `cf` branches between blocks carry physical buffers too.
struct FuncSignatureLowering : OpConversionPattern<func::FuncOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(func::FuncOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FunctionType type = op.getFunctionType();
    TypeConverter::SignatureConversion signature(type.getNumInputs());
    SmallVector<Type> results;
    if (failed(getTypeConverter()->convertSignatureArgs(type.getInputs(),
                                                        signature)) ||
        failed(getTypeConverter()->convertTypes(type.getResults(), results)))
      return rewriter.notifyMatchFailure(op, "signature not convertible");
    if (!op.isExternal() &&
        failed(rewriter.convertRegionTypes(&op.getBody(), *getTypeConverter(),
                                           &signature)))
      return rewriter.notifyMatchFailure(op, "block types not convertible");
    rewriter.modifyOpInPlace(op, [&] {
      op.setType(FunctionType::get(op.getContext(),
                                   signature.getConvertedTypes(), results));
    });
    return success();
  }
};

/// Branches pass the physical buffer and the sizes of each tiled operand.
struct BranchLowering : OpConversionPattern<cf::BranchOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(cf::BranchOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<cf::BranchOp>(
        op, op.getDest(), flatten(adaptor.getDestOperands()));
    return success();
  }
};

struct CondBranchLowering : OpConversionPattern<cf::CondBranchOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(cf::CondBranchOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<cf::CondBranchOp>(
        op, adaptor.getCondition().front(), op.getTrueDest(),
        flatten(adaptor.getTrueDestOperands()), op.getFalseDest(),
        flatten(adaptor.getFalseDestOperands()));
    return success();
  }
};

struct LowerTiledLayoutsPass
    : mlir::tlayout::impl::LowerTiledLayoutsBase<LowerTiledLayoutsPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (failed(checkRewritable(module)))
      return signalPassFailure();

    // Copies become loop nests of accesses, which the conversion lowers.
    SmallVector<memref::CopyOp> copies;
    module.walk([&](memref::CopyOp op) {
      if (isTiledMemRef(op.getSource().getType()) ||
          isTiledMemRef(op.getTarget().getType()))
        copies.push_back(op);
    });
    // Vector accesses become element-wise accesses, likewise.
    SmallVector<Operation *> vectorAccesses;
    module.walk([&](Operation *op) {
      if (isa<vector::TransferReadOp, vector::TransferWriteOp,
              affine::AffineVectorLoadOp, affine::AffineVectorStoreOp>(op) &&
          llvm::any_of(op->getOperandTypes(), isTiledMemRef))
        vectorAccesses.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    // tlayout.copy becomes a buffer copy or a copy that expands below.
    SmallVector<CopyOp> tlayoutCopies;
    module.walk([&](CopyOp op) { tlayoutCopies.push_back(op); });
    for (CopyOp op : tlayoutCopies) {
      FailureOr<Operation *> expanded = expandCopyOp(rewriter, op);
      if (failed(expanded)) {
        op.emitError() << "cannot expand this tlayout.copy";
        return signalPassFailure();
      }
    }
    for (Operation *op : vectorAccesses)
      if (failed(expandTiledVectorAccess(rewriter, op))) {
        op->emitError() << "cannot split this vector access of a tiled memref "
                           "into elements";
        return signalPassFailure();
      }
    for (memref::CopyOp op : copies)
      if (failed(expandTiledCopy(rewriter, op))) {
        op.emitError() << "cannot expand this copy of a tiled memref into "
                          "loops";
        return signalPassFailure();
      }

    MLIRContext *context = &getContext();
    TiledLayoutTypeConverter typeConverter;
    RewritePatternSet patterns(context);
    ConversionTarget target(*context);

    populateLowerTiledLayoutsPatterns(typeConverter, patterns);
    patterns.add<FuncSignatureLowering>(typeConverter, context);
    populateCallOpTypeConversionPattern(patterns, typeConverter);
    populateReturnOpTypeConversionPattern(patterns, typeConverter);
    patterns.add<BranchLowering, CondBranchLowering>(typeConverter, context);
    scf::populateSCFStructuralTypeConversionsAndLegality(typeConverter,
                                                         patterns, target);

    target.addDynamicallyLegalOp<func::FuncOp>([&](func::FuncOp op) {
      return typeConverter.isSignatureLegal(op.getFunctionType()) &&
             typeConverter.isLegal(&op.getBody());
    });
    target.addIllegalOp<ToPhysicalOp, FromPhysicalOp>();
    target.addDynamicallyLegalOp<memref::GlobalOp>(
        [](memref::GlobalOp op) { return !isTiledMemRef(op.getType()); });
    target.markUnknownOpDynamicallyLegal(
        [&](Operation *op) { return typeConverter.isLegal(op); });

    if (failed(applyPartialConversion(module, target, std::move(patterns))))
      return signalPassFailure();
  }
};
} // namespace
