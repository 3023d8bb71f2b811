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

} // namespace

void mlir::tlayout::populateLowerTiledLayoutsStructuralPatterns(
    const TiledLayoutTypeConverter &typeConverter, RewritePatternSet &patterns,
    ConversionTarget &target) {
  MLIRContext *context = patterns.getContext();
  patterns.add<FuncSignatureLowering, BranchLowering, CondBranchLowering>(
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
