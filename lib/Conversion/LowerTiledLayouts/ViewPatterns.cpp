//===- ViewPatterns.cpp - Views, casts and sizes of tiled memrefs ---------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// memref.dim and memref.rank (the logical size and rank),
// memref.assume_alignment (of the physical buffer), memref.cast between
// tiled memrefs of one layout, tlayout.to_physical / tlayout.from_physical
// (the physical buffer and back), tlayout.subview (a view sharing its
// root's buffer, or a window of whole tiles of it), tlayout.reshape (the
// same buffer in another shape), tlayout.cast (the same buffer in another
// layout) and tlayout.transpose of memrefs (the same buffer with the
// dimensions permuted, which its verifier proves free).
//
//===----------------------------------------------------------------------===//

#include "tlayout/Conversion/LowerTiledLayouts/Patterns.h"
#include "tlayout/Conversion/LowerTiledLayouts/PhysicalLayout.h"

#include "tlayout/Dialect/TLayout/IR/TLayoutAttrs.h"
#include "tlayout/Dialect/TLayout/IR/TLayoutOps.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;
using namespace mlir::tlayout;

namespace {

/// `memref.dim` of a tiled memref is its logical size.
struct DimLowering : TiledOpConversionPattern<memref::DimOp> {
  using TiledOpConversionPattern::TiledOpConversionPattern;
  /// A constant index must name a dimension: the result is the logical size
  /// of that dimension, and there is none to give otherwise.
  LogicalResult check(memref::DimOp op, EmitErrorFn emitError) const override {
    auto type = dyn_cast<MemRefType>(op.getSource().getType());
    if (!type)
      return success();
    std::optional<int64_t> index = op.getConstantIndex();
    if (type.getRank() == 0) {
      emitError() << op->getName()
                  << " of a tiled memref of rank 0 cannot be rewritten: it "
                     "has no dimensions";
      return failure();
    }
    if (index && (*index < 0 || *index >= type.getRank())) {
      emitError() << op->getName() << " of dimension " << *index
                  << " of a tiled memref of rank " << type.getRank()
                  << " cannot be rewritten: the memref has no such "
                     "dimension, so it has no size to give";
      return failure();
    }
    return success();
  }
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
/// `memref.rank` of a tiled memref is its logical rank.
struct RankLowering : TiledOpConversionPattern<memref::RankOp> {
  using TiledOpConversionPattern::TiledOpConversionPattern;
  LogicalResult
  matchAndRewrite(memref::RankOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = dyn_cast<MemRefType>(op.getMemref().getType());
    if (!type)
      return rewriter.notifyMatchFailure(op, "unranked");
    rewriter.replaceOpWithNewOp<arith::ConstantIndexOp>(op, type.getRank());
    return success();
  }
};

/// `memref.assume_alignment` of a tiled memref: the same assumption on its
/// physical buffer, whose base address is the memref's. A view's buffer is
/// its root's, whose base is not the view's, so views are rejected.
struct AssumeAlignmentLowering
    : TiledOpConversionPattern<memref::AssumeAlignmentOp> {
  using TiledOpConversionPattern::TiledOpConversionPattern;
  LogicalResult check(memref::AssumeAlignmentOp op,
                      EmitErrorFn emitError) const override {
    return rejectView(op, op.getMemref().getType(), "operand",
                      "assume the alignment of the parent memref", emitError);
  }
  LogicalResult
  matchAndRewrite(memref::AssumeAlignmentOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    ValueRange source = adaptor.getMemref();
    Value aligned = memref::AssumeAlignmentOp::create(
        rewriter, op.getLoc(), source.front(), op.getAlignment());
    replaceWithLowered(rewriter, op, aligned,
                       llvm::to_vector(llvm::drop_begin(source)));
    return success();
  }
};

/// `memref.cast` between tiled memrefs of one layout (static <-> dynamic
/// sizes): a cast of the physical buffers, with the sizes the result needs.
struct CastLowering : TiledOpConversionPattern<memref::CastOp> {
  using TiledOpConversionPattern::TiledOpConversionPattern;
  /// Only ranked tiled memrefs of one layout, and not views, are cast.
  LogicalResult check(memref::CastOp op, EmitErrorFn emitError) const override {
    Type source = op.getSource().getType(), result = op.getType();
    if (!isa<MemRefType>(source)) {
      emitError() << op->getName()
                  << " from an unranked memref to a tiled memref cannot be "
                     "rewritten: an unranked memref keeps no layout; cast to "
                     "the untiled ranked shape and reach the tiled memref "
                     "with tlayout.from_physical";
      return failure();
    }
    if (!isa<MemRefType>(result)) {
      emitError() << op->getName()
                  << " of a tiled memref to an unranked memref cannot be "
                     "rewritten: an unranked memref keeps no layout; cast the "
                     "physical buffer (tlayout.to_physical) instead, or pass "
                     "the ranked tiled memref";
      return failure();
    }
    if (source == result)
      return success();
    constexpr StringLiteral instead =
        "cast the parent memref, then take the view with tlayout.subview";
    if (failed(rejectView(op, source, "operand", instead, emitError)) ||
        failed(rejectView(op, result, "result", instead, emitError)))
      return failure();
    return success();
  }
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

struct ToPhysicalLowering : TiledOpConversionPattern<ToPhysicalOp> {
  using TiledOpConversionPattern::TiledOpConversionPattern;
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

struct FromPhysicalLowering : TiledOpConversionPattern<FromPhysicalOp> {
  using TiledOpConversionPattern::TiledOpConversionPattern;
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
struct SubViewLowering : TiledOpConversionPattern<SubViewOp> {
  using TiledOpConversionPattern::TiledOpConversionPattern;
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

/// `tlayout.reshape`, `tlayout.cast` and `tlayout.transpose` of memrefs: the
/// verifier proved that both sides place every element at the same offset
/// of buffers of one size, so the result is the source's buffer,
/// reinterpreted in the result's physical shape where that differs (a side
/// with the identity layout, which only a cast has, is its own physical
/// buffer); accesses through it use the result's own index map. (The tensor
/// form of tlayout.transpose is rewritten by bufferization before any
/// lowering.)
template <typename OpTy>
struct ReinterpretLowering : TiledOpConversionPattern<OpTy> {
  using TiledOpConversionPattern<OpTy>::TiledOpConversionPattern;
  LogicalResult matchAndRewrite(
      OpTy op, typename TiledOpConversionPattern<OpTy>::OneToNOpAdaptor adaptor,
      ConversionPatternRewriter &rewriter) const override {
    auto resultType = dyn_cast<MemRefType>(op.getType());
    if (!resultType)
      return rewriter.notifyMatchFailure(op, "not a memref");
    MemRefType physical = resultType;
    if (getLayoutAttr(resultType)) {
      FailureOr<PhysicalLayout> layout = layoutFor(*this, op, resultType);
      if (failed(layout))
        return rewriter.notifyMatchFailure(op, "no physical layout");
      physical = layout->type;
    }
    if (!physical.hasStaticShape())
      return rewriter.notifyMatchFailure(op, "not a static memref");
    Value buffer = adaptor.getSource().front();
    auto bufferType = cast<MemRefType>(buffer.getType());
    if (bufferType != physical) {
      if (!bufferType.getLayout().isIdentity())
        return rewriter.notifyMatchFailure(op, "source buffer is strided");
      buffer = reinterpretAs(rewriter, op.getLoc(), buffer, physical, {});
    }
    replaceWithLowered(rewriter, op, buffer, {});
    return success();
  }
};

} // namespace

void mlir::tlayout::populateTiledViewPatterns(
    const TiledLayoutTypeConverter &typeConverter,
    RewritePatternSet &patterns) {
  patterns.add<DimLowering, RankLowering, AssumeAlignmentLowering, CastLowering,
               ToPhysicalLowering, FromPhysicalLowering, SubViewLowering,
               ReinterpretLowering<ReshapeOp>, ReinterpretLowering<CastOp>,
               ReinterpretLowering<TransposeOp>>(typeConverter,
                                                 patterns.getContext());
}
