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
// the element. Elements packed several to a byte (an element size E(n)
// narrower than the element type's whole bytes) share their place with their
// neighbours, and an atomic of one would need a compare-and-swap loop on the
// containing word: such atomics are rejected.
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"
#include "PhysicalLayout.h"

#include "tlayout/Dialect/TLayout/IR/TLayoutAttrs.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::tlayout;

/// Fails, explaining through `emitError`, when `type` stores its elements
/// packed several to a byte, where `op` (an atomic) cannot update one alone.
static LogicalResult rejectPacked(Operation *op, MemRefType type,
                                  EmitErrorFn emitError) {
  LayoutAttrInterface layout = getLayoutAttr(type);
  Type element = type.getElementType();
  if (!layout || !element.isIntOrFloat())
    return success();
  // An element takes whole bytes unless E(n) packs it narrower (i4 with
  // E(4) is two elements a byte).
  int64_t bits = layout.getElementSizeInBits();
  int64_t storage = llvm::alignTo(element.getIntOrFloatBitWidth(), 8);
  if (bits == 0 || bits >= storage)
    return success();
  emitError() << op->getName() << " of " << type
              << " cannot be rewritten: its layout packs elements of E(" << bits
              << ") bits several to a byte, and an atomic update of "
              << "one element would need a compare-and-swap loop on the "
                 "containing word; use a layout without E(n) for memrefs "
                 "updated atomically";
  return failure();
}

/// The physical buffer and indices of the element at `indices` of the tiled
/// memref `memref` (of type `type`, lowered to `lowered`), or failure.
static FailureOr<std::pair<Value, SmallVector<Value>>>
physicalElement(const ConversionPattern &pattern, Operation *op,
                OpBuilder &builder, MemRefType type, ValueRange lowered,
                ValueRange indices) {
  FailureOr<PhysicalLayout> layout = layoutFor(pattern, op, type);
  if (failed(layout))
    return failure();
  SmallVector<Value> physical =
      emitResults(builder, op->getLoc(), layout->indexMap, indices,
                  symbolsOf(type, lowered));
  return std::make_pair(lowered.front(), std::move(physical));
}

namespace {

/// `memref.atomic_rmw` of a tiled memref: the same update of the element's
/// place in the physical buffer.
struct AtomicRMWLowering : TiledOpConversionPattern<memref::AtomicRMWOp> {
  using TiledOpConversionPattern::TiledOpConversionPattern;
  LogicalResult check(memref::AtomicRMWOp op,
                      EmitErrorFn emitError) const override {
    return rejectPacked(op, op.getMemRefType(), emitError);
  }
  LogicalResult
  matchAndRewrite(memref::AtomicRMWOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto element =
        physicalElement(*this, op, rewriter, op.getMemRefType(),
                        adaptor.getMemref(), flatten(adaptor.getIndices()));
    if (failed(element))
      return rewriter.notifyMatchFailure(op, "not a lowerable tiled memref");
    rewriter.replaceOpWithNewOp<memref::AtomicRMWOp>(
        op, op.getKind(), adaptor.getValue().front(), element->first,
        element->second);
    return success();
  }
};

/// `memref.generic_atomic_rmw` of a tiled memref: the same region, applied
/// atomically to the element's place in the physical buffer.
struct GenericAtomicRMWLowering
    : TiledOpConversionPattern<memref::GenericAtomicRMWOp> {
  using TiledOpConversionPattern::TiledOpConversionPattern;
  LogicalResult check(memref::GenericAtomicRMWOp op,
                      EmitErrorFn emitError) const override {
    return rejectPacked(op, cast<MemRefType>(op.getMemref().getType()),
                        emitError);
  }
  LogicalResult
  matchAndRewrite(memref::GenericAtomicRMWOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto element = physicalElement(
        *this, op, rewriter, cast<MemRefType>(op.getMemref().getType()),
        adaptor.getMemref(), flatten(adaptor.getIndices()));
    if (failed(element))
      return rewriter.notifyMatchFailure(op, "not a lowerable tiled memref");
    auto atomic = memref::GenericAtomicRMWOp::create(
        rewriter, op.getLoc(), element->first, element->second);
    // The builder gives the new op an empty body; the old body replaces it.
    Region &body = atomic.getAtomicBody();
    rewriter.eraseBlock(&body.front());
    rewriter.inlineRegionBefore(op.getAtomicBody(), body, body.end());
    rewriter.replaceOp(op, atomic.getResult());
    return success();
  }
};

/// `memref.prefetch` of an element of a tiled memref: a prefetch of the
/// element's place in the physical buffer (and so of the cache line that
/// holds it).
struct PrefetchLowering : TiledOpConversionPattern<memref::PrefetchOp> {
  using TiledOpConversionPattern::TiledOpConversionPattern;
  LogicalResult
  matchAndRewrite(memref::PrefetchOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto element =
        physicalElement(*this, op, rewriter, op.getMemRefType(),
                        adaptor.getMemref(), flatten(adaptor.getIndices()));
    if (failed(element))
      return rewriter.notifyMatchFailure(op, "not a lowerable tiled memref");
    rewriter.replaceOpWithNewOp<memref::PrefetchOp>(
        op, element->first, element->second, op.getIsWrite(),
        op.getLocalityHint(), op.getIsDataCache());
    return success();
  }
};

} // namespace

void mlir::tlayout::populateTiledAtomicPatterns(
    const TiledLayoutTypeConverter &typeConverter,
    RewritePatternSet &patterns) {
  patterns.add<AtomicRMWLowering, GenericAtomicRMWLowering, PrefetchLowering>(
      typeConverter, patterns.getContext());
}
