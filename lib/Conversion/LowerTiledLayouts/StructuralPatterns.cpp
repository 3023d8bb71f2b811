//===- StructuralPatterns.cpp - Signatures and control flow ---------------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// Tiled memrefs cross functions, calls, returns, the region-carrying ops of
// scf and cf branches as their lowered values (the physical buffer and the
// index values the type converter adds): these patterns convert the
// signatures and operands that carry them.
//
//===----------------------------------------------------------------------===//

#include "tlayout/Conversion/LowerTiledLayouts/PhysicalLayout.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Func/Transforms/FuncConversions.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"

using namespace mlir;
using namespace mlir::tlayout;

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

/// cf branches (`cf.br`, `cf.cond_br`, `cf.switch`) pass the physical
/// buffer and the sizes of each tiled operand to their successors: the
/// operands each successor gets are replaced by their lowered values, in
/// place.
template <typename BranchOp>
struct BranchLowering : OpConversionPattern<BranchOp> {
  using OpConversionPattern<BranchOp>::OpConversionPattern;
  using OneToNOpAdaptor =
      typename BranchOp::template GenericAdaptor<ArrayRef<ValueRange>>;
  LogicalResult
  matchAndRewrite(BranchOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto branch = cast<BranchOpInterface>(op.getOperation());
    ArrayRef<ValueRange> lowered = adaptor.getOperands();
    // Each successor's lowered operands, read before any range moves.
    SmallVector<SmallVector<Value>> forwarded;
    for (unsigned i = 0, e = op->getNumSuccessors(); i < e; ++i) {
      SuccessorOperands operands = branch.getSuccessorOperands(i);
      if (operands.getProducedOperandCount() != 0)
        return rewriter.notifyMatchFailure(op, "produced operands");
      OperandRange range = operands.getForwardedOperands();
      // An empty range has no operand to take its position from.
      if (range.empty()) {
        forwarded.emplace_back();
        continue;
      }
      forwarded.push_back(
          flatten(lowered.slice(range.getBeginOperandIndex(), range.size())));
    }
    rewriter.modifyOpInPlace(op, [&] {
      for (auto [i, values] : llvm::enumerate(forwarded))
        branch.getSuccessorOperands(i).getMutableForwardedOperands().assign(
            values);
    });
    return success();
  }
};
} // namespace

void mlir::tlayout::populateLowerTiledLayoutsStructuralPatterns(
    const TiledLayoutTypeConverter &typeConverter, RewritePatternSet &patterns,
    ConversionTarget &target) {
  MLIRContext *context = patterns.getContext();
  patterns.add<FuncSignatureLowering, BranchLowering<cf::BranchOp>,
               BranchLowering<cf::CondBranchOp>, BranchLowering<cf::SwitchOp>>(
      typeConverter, context);
  populateCallOpTypeConversionPattern(patterns, typeConverter);
  populateReturnOpTypeConversionPattern(patterns, typeConverter);
  scf::populateSCFStructuralTypeConversionsAndLegality(typeConverter, patterns,
                                                       target);
  target.addDynamicallyLegalOp<func::FuncOp>([&](func::FuncOp op) {
    return typeConverter.isSignatureLegal(op.getFunctionType()) &&
           typeConverter.isLegal(&op.getBody());
  });
}
