//===- AtomicPatterns.cpp - Atomics and prefetches of tiled memrefs -------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// memref.atomic_rmw, memref.generic_atomic_rmw and memref.prefetch of an
// element of a tiled memref become the same op on the physical buffer at the
// element's physical indices (the layout's index map, as for loads and
// stores). Each element of a tiled memref has a place of its own in the
// physical buffer, so an atomic update of that place is an atomic update of
// the element. Elements packed several to a byte (E(1), E(2), E(4)) share
// their byte with their neighbours: an atomic of one is a
// memref.generic_atomic_rmw of the containing byte, whose region takes the
// element out of the byte, updates it and puts it back; upstream lowers that
// op to a compare-and-swap loop, so concurrent updates of neighbours in one
// byte are not lost. A prefetch of a packed element prefetches its byte.
//
//===----------------------------------------------------------------------===//

#include "tlayout/Conversion/LowerTiledLayouts/Patterns.h"
#include "tlayout/Conversion/LowerTiledLayouts/PhysicalLayout.h"

#include "tlayout/Dialect/TLayout/IR/TLayoutAttrs.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;
using namespace mlir::tlayout;

/// The update of an atomic of `kind`: `current` combined with `value`.
static Value combine(OpBuilder &builder, Location loc,
                     arith::AtomicRMWKind kind, Value current, Value value) {
  using arith::AtomicRMWKind;
  switch (kind) {
  case AtomicRMWKind::assign:
    return value;
  case AtomicRMWKind::addf:
    return arith::AddFOp::create(builder, loc, current, value);
  case AtomicRMWKind::addi:
    return arith::AddIOp::create(builder, loc, current, value);
  case AtomicRMWKind::andi:
    return arith::AndIOp::create(builder, loc, current, value);
  case AtomicRMWKind::ori:
    return arith::OrIOp::create(builder, loc, current, value);
  case AtomicRMWKind::xori:
    return arith::XOrIOp::create(builder, loc, current, value);
  case AtomicRMWKind::mulf:
    return arith::MulFOp::create(builder, loc, current, value);
  case AtomicRMWKind::muli:
    return arith::MulIOp::create(builder, loc, current, value);
  case AtomicRMWKind::maximumf:
    return arith::MaximumFOp::create(builder, loc, current, value);
  case AtomicRMWKind::minimumf:
    return arith::MinimumFOp::create(builder, loc, current, value);
  case AtomicRMWKind::maxnumf:
    return arith::MaxNumFOp::create(builder, loc, current, value);
  case AtomicRMWKind::minnumf:
    return arith::MinNumFOp::create(builder, loc, current, value);
  case AtomicRMWKind::maxs:
    return arith::MaxSIOp::create(builder, loc, current, value);
  case AtomicRMWKind::maxu:
    return arith::MaxUIOp::create(builder, loc, current, value);
  case AtomicRMWKind::mins:
    return arith::MinSIOp::create(builder, loc, current, value);
  case AtomicRMWKind::minu:
    return arith::MinUIOp::create(builder, loc, current, value);
  }
  llvm_unreachable("unknown atomic kind");
}

namespace {

/// Where the element at `indices` of a lowered tiled memref lives: its
/// physical buffer and indices, or, for a packed layout, its byte's index
/// and the shift of its bits (`slot`).
struct PhysicalElement {
  Value buffer;
  SmallVector<Value> indices;
  std::optional<PackedSlot> slot;
  int64_t packedBits = 0;
};

} // namespace

/// The physical place of the element at `indices` of the tiled memref of
/// type `type` (lowered to `lowered`), or failure.
static FailureOr<PhysicalElement>
physicalElement(const ConversionPattern &pattern, Operation *op,
                OpBuilder &builder, MemRefType type, ValueRange lowered,
                ValueRange indices) {
  FailureOr<PhysicalLayout> layout = layoutFor(pattern, op, type);
  if (failed(layout))
    return failure();
  PhysicalElement element;
  element.buffer = lowered.front();
  ValueRange symbols = symbolsOf(type, lowered);
  if (layout->packedBits) {
    element.packedBits = layout->packedBits;
    element.slot = emitPackedSlot(builder, op->getLoc(), layout->indexMap,
                                  indices, symbols, layout->packedBits);
    element.indices.push_back(element.slot->byte);
    return element;
  }
  element.indices =
      emitResults(builder, op->getLoc(), layout->indexMap, indices, symbols);
  return element;
}

/// Updates the packed `element` atomically: a generic_atomic_rmw of its byte
/// whose region takes the element's bits out of the byte, computes its new
/// value with `update` (which builds at the end of the region and returns
/// the new value) and puts them back. Returns the element's value that the
/// byte held before the update, as the atomic ops of an unpacked element do.
static Value updatePacked(ConversionPatternRewriter &rewriter, Location loc,
                          const PhysicalElement &element, Type elementType,
                          function_ref<Value(Value current)> update) {
  auto atomic = memref::GenericAtomicRMWOp::create(
      rewriter, loc, element.buffer, element.indices);
  {
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointToEnd(atomic.getBody());
    Value current = extractPacked(rewriter, loc, atomic.getCurrentValue(),
                                  element.slot->shift, elementType);
    Value updated = update(current);
    Value byte = insertPacked(rewriter, loc, atomic.getCurrentValue(),
                              element.slot->shift, updated, element.packedBits);
    memref::AtomicYieldOp::create(rewriter, loc, byte);
  }
  return extractPacked(rewriter, loc, atomic.getResult(), element.slot->shift,
                       elementType);
}

/// The converted operands of an `OpTy` (1:N).
template <typename OpTy>
using AdaptorOf = typename TiledOpConversionPattern<OpTy>::OneToNOpAdaptor;

/// `memref.atomic_rmw` of the tiled memref element at `element`: the same
/// update of the element's place in the physical buffer, or of its bits in
/// its byte when packed.
static LogicalResult rewriteAt(memref::AtomicRMWOp op,
                               AdaptorOf<memref::AtomicRMWOp> adaptor,
                               const PhysicalElement &element,
                               ConversionPatternRewriter &rewriter) {
  Value value = adaptor.getValue().front();
  if (element.slot) {
    Location loc = op.getLoc();
    Value old =
        updatePacked(rewriter, loc, element, op.getType(), [&](Value current) {
          return combine(rewriter, loc, op.getKind(), current, value);
        });
    rewriter.replaceOp(op, old);
    return success();
  }
  rewriter.replaceOpWithNewOp<memref::AtomicRMWOp>(
      op, op.getKind(), value, element.buffer, element.indices);
  return success();
}

/// `memref.generic_atomic_rmw` of the tiled memref element at `element`: the
/// same region, applied atomically to the element's place in the physical
/// buffer, or to its bits in its byte when packed.
static LogicalResult rewriteAt(memref::GenericAtomicRMWOp op,
                               AdaptorOf<memref::GenericAtomicRMWOp>,
                               const PhysicalElement &element,
                               ConversionPatternRewriter &rewriter) {
  if (element.slot) {
    // The old region runs on the element taken out of the byte; its yield
    // gives the element's new value.
    Block *old = &op.getAtomicBody().front();
    Operation *oldYield = old->getTerminator();
    Value result = updatePacked(rewriter, op.getLoc(), element, op.getType(),
                                [&](Value current) {
                                  Block *into = rewriter.getInsertionBlock();
                                  rewriter.mergeBlocks(old, into, current);
                                  rewriter.setInsertionPoint(oldYield);
                                  return oldYield->getOperand(0);
                                });
    rewriter.eraseOp(oldYield);
    rewriter.replaceOp(op, result);
    return success();
  }
  auto atomic = memref::GenericAtomicRMWOp::create(
      rewriter, op.getLoc(), element.buffer, element.indices);
  // The builder gives the new op an empty body; the old body replaces it.
  Region &body = atomic.getAtomicBody();
  rewriter.eraseBlock(&body.front());
  rewriter.inlineRegionBefore(op.getAtomicBody(), body, body.end());
  rewriter.replaceOp(op, atomic.getResult());
  return success();
}

/// `memref.prefetch` of the tiled memref element at `element`: a prefetch of
/// the element's place in the physical buffer (its byte when packed), and so
/// of the cache line that holds it.
static LogicalResult rewriteAt(memref::PrefetchOp op,
                               AdaptorOf<memref::PrefetchOp>,
                               const PhysicalElement &element,
                               ConversionPatternRewriter &rewriter) {
  rewriter.replaceOpWithNewOp<memref::PrefetchOp>(
      op, element.buffer, element.indices, op.getIsWrite(),
      op.getLocalityHint(), op.getIsDataCache());
  return success();
}

namespace {

/// `memref.atomic_rmw`, `memref.generic_atomic_rmw` or `memref.prefetch` of
/// an element of a tiled memref (its `memref` and `indices` operands): the
/// element's physical place (physicalElement), then the op there
/// (rewriteAt).
template <typename ElementOp>
struct ElementLowering : TiledOpConversionPattern<ElementOp> {
  using TiledOpConversionPattern<ElementOp>::TiledOpConversionPattern;
  LogicalResult
  matchAndRewrite(ElementOp op, AdaptorOf<ElementOp> adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto element = physicalElement(
        *this, op, rewriter, cast<MemRefType>(op.getMemref().getType()),
        adaptor.getMemref(), flatten(adaptor.getIndices()));
    if (failed(element))
      return rewriter.notifyMatchFailure(op, "not a lowerable tiled memref");
    return rewriteAt(op, adaptor, *element, rewriter);
  }
};

} // namespace

void mlir::tlayout::populateTiledAtomicPatterns(
    const TiledLayoutTypeConverter &typeConverter,
    RewritePatternSet &patterns) {
  patterns.add<ElementLowering<memref::AtomicRMWOp>,
               ElementLowering<memref::GenericAtomicRMWOp>,
               ElementLowering<memref::PrefetchOp>>(typeConverter,
                                                    patterns.getContext());
}
