//===- BufferPatterns.cpp - Buffers of tiled memrefs ----------------------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// Allocations, deallocations and globals of tiled memrefs become those of
// their physical buffers (a global's initializer permuted into physical
// order).
//
//===----------------------------------------------------------------------===//

#include "tlayout/Conversion/LowerTiledLayouts/Patterns.h"
#include "tlayout/Conversion/LowerTiledLayouts/PhysicalLayout.h"

#include "tlayout/Dialect/TLayout/IR/TLayoutAttrs.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

using namespace mlir;
using namespace mlir::tlayout;

namespace {

constexpr StringLiteral kAllocateParent =
    "allocate the parent memref, then take the view with tlayout.subview";

template <typename AllocLikeOp>
struct AllocLowering : TiledOpConversionPattern<AllocLikeOp> {
  using TiledOpConversionPattern<AllocLikeOp>::TiledOpConversionPattern;
  LogicalResult check(AllocLikeOp op, EmitErrorFn emitError) const override {
    if (failed(
            rejectView(op, op.getType(), "result", kAllocateParent, emitError)))
      return failure();
    return checkSymbolOperands(op, emitError);
  }

  /// A layout that combines dimensions (`*`) has the logical sizes as its
  /// affine map's symbols (the layout attribute, which has no shape, cannot
  /// write them as constants), and upstream's verifier makes an allocation
  /// bind them, even for a static shape. The lowering places elements by
  /// the memref's sizes, so a symbol bound to a different known size would
  /// make the layout map say something else than the buffer does: reject it.
  static LogicalResult checkSymbolOperands(AllocLikeOp op,
                                           EmitErrorFn emitError) {
    MemRefType type = op.getType();
    unsigned dynamic = 0;
    for (auto [i, symbol] : llvm::enumerate(op.getSymbolOperands())) {
      if (i >= static_cast<size_t>(type.getRank()))
        break;
      std::optional<int64_t> size;
      if (type.isDynamicDim(i))
        size = getConstantIntValue(op.getDynamicSizes()[dynamic++]);
      else
        size = type.getDimSize(i);
      std::optional<int64_t> bound = getConstantIntValue(symbol);
      if (!size || !bound || *size == *bound)
        continue;
      emitError() << op->getName() << " binds symbol s" << i
                  << " of the layout map (the size of dimension " << i
                  << ") to " << *bound << ", but that dimension has size "
                  << *size << "; bind each symbol to its dimension's size";
      return failure();
    }
    return success();
  }
  LogicalResult matchAndRewrite(
      AllocLikeOp op,
      typename TiledOpConversionPattern<AllocLikeOp>::OneToNOpAdaptor adaptor,
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

struct DeallocLowering : TiledOpConversionPattern<memref::DeallocOp> {
  using TiledOpConversionPattern::TiledOpConversionPattern;
  LogicalResult
  matchAndRewrite(memref::DeallocOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<memref::DeallocOp>(op,
                                                   adaptor.getMemref().front());
    return success();
  }
};

/// A global of a tiled type becomes a global of its physical type; a dense
/// initializer is permuted into physical order (padding gets zeros; a splat
/// stays a splat).
struct GlobalLowering : TiledOpConversionPattern<memref::GlobalOp> {
  using TiledOpConversionPattern::TiledOpConversionPattern;
  LogicalResult check(memref::GlobalOp op,
                      EmitErrorFn emitError) const override {
    return rejectView(op, op.getType(), "global", kAllocateParent, emitError);
  }
  LogicalResult
  matchAndRewrite(memref::GlobalOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    MemRefType type = op.getType();
    FailureOr<PhysicalLayout> layout = layoutFor(*this, op, type);
    if (failed(layout) || !layout->type.hasStaticShape())
      return rewriter.notifyMatchFailure(op, "not a static tiled memref");
    Attribute initial = op.getInitialValueAttr();
    auto packed = dyn_cast_or_null<DenseElementsAttr>(initial);
    if (packed && layout->packedBits) {
      FailureOr<DenseElementsAttr> bytes =
          packInitializer(type, *layout, packed);
      if (failed(bytes))
        return rewriter.notifyMatchFailure(op, "cannot pack the initializer");
      initial = *bytes;
    } else if (auto dense = dyn_cast_or_null<DenseElementsAttr>(initial)) {
      auto physicalTensor =
          RankedTensorType::get(layout->type.getShape(), type.getElementType());
      if (dense.isSplat()) {
        initial = dense.resizeSplat(physicalTensor);
      } else {
        const BufferIndexing *indexing = layout->indexing.get();
        if (!indexing)
          return rewriter.notifyMatchFailure(op, "the layout did not compile");
        SmallVector<Attribute> logical(dense.getValues<Attribute>());
        Attribute zero = rewriter.getZeroAttr(type.getElementType());
        SmallVector<Attribute> physical;
        int64_t total = layout->type.getNumElements();
        physical.reserve(total);
        for (int64_t offset = 0; offset < total; ++offset) {
          auto index = indexing->indexAt(offset);
          if (!index)
            return rewriter.notifyMatchFailure(
                op, "cannot place physical offset " + Twine(offset) + ": " +
                        llvm::toString(index.takeError()));
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

struct GetGlobalLowering : TiledOpConversionPattern<memref::GetGlobalOp> {
  using TiledOpConversionPattern::TiledOpConversionPattern;
  LogicalResult check(memref::GetGlobalOp op,
                      EmitErrorFn emitError) const override {
    return rejectView(op, op.getType(), "result", kAllocateParent, emitError);
  }
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

void mlir::tlayout::populateTiledBufferPatterns(
    const TiledLayoutTypeConverter &typeConverter,
    RewritePatternSet &patterns) {
  patterns.add<AllocLowering<memref::AllocOp>, AllocLowering<memref::AllocaOp>,
               DeallocLowering, GlobalLowering, GetGlobalLowering>(
      typeConverter, patterns.getContext());
}
