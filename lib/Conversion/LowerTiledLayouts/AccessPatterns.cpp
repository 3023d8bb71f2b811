//===- AccessPatterns.cpp - Scalar accesses of tiled memrefs --------------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// memref.load/store and affine.load/store of tiled memrefs become accesses
// of the physical buffer at the physical indices of the layout's map; a
// packed element (E(1), E(2), E(4)) is read from its byte, or written by a
// read-modify-write of it (emitPackedLoad, emitPackedStore).
//
//===----------------------------------------------------------------------===//

#include "tlayout/Conversion/LowerTiledLayouts/Patterns.h"
#include "tlayout/Conversion/LowerTiledLayouts/PhysicalLayout.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;
using namespace mlir::tlayout;

namespace {

/// Loads and stores of tiled memrefs. Affine accesses compose the layout's
/// index map into their own when the sizes are valid affine symbols there;
/// otherwise, and for memref accesses, the physical indices are
/// `affine.apply`s of the index map.
template <typename AccessOp>
struct AccessLowering : TiledOpConversionPattern<AccessOp> {
  using TiledOpConversionPattern<AccessOp>::TiledOpConversionPattern;
  static constexpr bool isStore =
      std::is_same_v<AccessOp, memref::StoreOp> ||
      std::is_same_v<AccessOp, affine::AffineStoreOp>;
  static constexpr bool isAffine =
      std::is_same_v<AccessOp, affine::AffineLoadOp> ||
      std::is_same_v<AccessOp, affine::AffineStoreOp>;

  LogicalResult matchAndRewrite(
      AccessOp op,
      typename TiledOpConversionPattern<AccessOp>::OneToNOpAdaptor adaptor,
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
    if (layout->packedBits) {
      // A packed element: its byte and shift, then the bits.
      if constexpr (isAffine)
        indices =
            affineAccessIndices(rewriter, loc, op.getAffineMap(), indices);
      PackedSlot slot = emitPackedSlot(rewriter, loc, layout->indexMap, indices,
                                       sizes, layout->packedBits);
      if constexpr (isStore) {
        emitPackedStore(rewriter, loc, value, buffer, slot, layout->packedBits);
        rewriter.eraseOp(op);
      } else {
        rewriter.replaceOp(op,
                           emitPackedLoad(rewriter, loc, buffer, slot,
                                          op.getMemRefType().getElementType(),
                                          layout->packedBits));
      }
      return success();
    }
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

} // namespace

void mlir::tlayout::populateTiledAccessPatterns(
    const TiledLayoutTypeConverter &typeConverter,
    RewritePatternSet &patterns) {
  patterns.add<AccessLowering<memref::LoadOp>, AccessLowering<memref::StoreOp>,
               AccessLowering<affine::AffineLoadOp>,
               AccessLowering<affine::AffineStoreOp>>(typeConverter,
                                                      patterns.getContext());
}
