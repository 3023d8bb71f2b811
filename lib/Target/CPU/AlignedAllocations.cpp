//===- AlignedAllocations.cpp - Line-aligned allocations ------------------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// Static allocations of tiled memrefs large enough for non-temporal copies
// made 64-byte aligned, so that copies into them can store whole lines.
//
//===----------------------------------------------------------------------===//

#include "CopyEmission.h"

#include "tlayout/Conversion/LowerTiledLayouts/Patterns.h"
#include "tlayout/Conversion/LowerTiledLayouts/PhysicalLayout.h"

#include "tlayout/Dialect/TLayout/IR/TLayoutAttrs.h"
#include "tlayout/Dialect/TLayout/IR/TLayoutDialect.h"
#include "tlayout/Target/CPU/Transforms.h"
#include "tlayout/Target/CPU/Tuning.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/bit.h"

using namespace mlir;
using namespace mlir::tlayout;
using namespace mlir::tlayout::cpu;

//===----------------------------------------------------------------------===//
// Line-aligned allocations
//===----------------------------------------------------------------------===//

namespace {
/// `memref.alloc` of a static tiled memref of at least the non-temporal
/// threshold's bytes: the allocation of its physical buffer, aligned to at
/// least 64 bytes, so that the relayout copies into it can take their
/// non-temporal stores (a plain `malloc` of a large buffer is 16 bytes off a
/// line). Smaller, dynamic and otherwise aligned allocations are left to
/// the plain lowering.
struct LineAlignedAllocLowering : TiledOpConversionPattern<memref::AllocOp> {
  LineAlignedAllocLowering(const TiledLayoutTypeConverter &typeConverter,
                           MLIRContext *context, PatternBenefit benefit,
                           int64_t nontemporalThreshold)
      : TiledOpConversionPattern(typeConverter, context, benefit),
        nontemporalThreshold(nontemporalThreshold) {}

  /// The fewest bytes an allocation holds to be aligned (0: none is).
  int64_t nontemporalThreshold;

  LogicalResult
  matchAndRewrite(memref::AllocOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    std::optional<uint64_t> alignment = op.getAlignment();
    if (nontemporalThreshold <= 0 || !op.getType().hasStaticShape() ||
        (alignment && *alignment >= kNontemporalAlignment))
      return rewriter.notifyMatchFailure(op, "not a large static allocation");
    FailureOr<PhysicalLayout> layout = layoutFor(*this, op, op.getType());
    if (failed(layout) || !layout->type.hasStaticShape() ||
        !layout->type.getElementType().isIntOrFloat())
      return rewriter.notifyMatchFailure(op, "not a lowerable tiled memref");
    int64_t bits = layout->type.getElementTypeBitWidth();
    if (layout->type.getNumElements() <
        static_cast<int64_t>(llvm::divideCeil(nontemporalThreshold * 8,
                                              std::max<int64_t>(bits, 8))))
      return rewriter.notifyMatchFailure(op, "below the threshold");
    auto alloc = memref::AllocOp::create(
        rewriter, op.getLoc(), layout->type, ValueRange(),
        rewriter.getI64IntegerAttr(kNontemporalAlignment));
    replaceWithLowered(rewriter, op, alloc, {});
    return success();
  }
};
} // namespace

void mlir::tlayout::cpu::populateLineAlignedAllocPatterns(
    const TiledLayoutTypeConverter &typeConverter, RewritePatternSet &patterns,
    PatternBenefit benefit, int64_t nontemporalThreshold) {
  patterns.add<LineAlignedAllocLowering>(typeConverter, patterns.getContext(),
                                         benefit, nontemporalThreshold);
}
