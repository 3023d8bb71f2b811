//===- LowerTiledLayouts.cpp - Tiled memrefs to physical buffers ----------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// The --lower-tiled-layouts pass: one dialect conversion that replaces every
// memref with a #tlayout.tiled layout by the identity-layout memref of its
// physical shape, and every access by an access through the affine map of
// the layout's normal form (copies and vector accesses expand into such
// accesses inside the conversion), and lowerTiledLayouts, which runs it with
// the patterns a target adds (the CPU target's pass does). Before rewriting
// anything, it checks that it can rewrite every use of a tiled memref and
// reports each offending op; any failure leaves the module untouched.
//
//===----------------------------------------------------------------------===//

#include "tlayout/Conversion/LowerTiledLayouts/LowerTiledLayouts.h"
#include "tlayout/Conversion/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/Support/DebugLog.h"

#define DEBUG_TYPE "lower-tiled-layouts"

namespace mlir::tlayout {
#define GEN_PASS_DEF_LOWERTILEDLAYOUTS
#include "tlayout/Conversion/Passes.h.inc"
} // namespace mlir::tlayout

using namespace mlir;
using namespace mlir::tlayout;

LogicalResult
mlir::tlayout::lowerTiledLayouts(ModuleOp module,
                                 TargetTiledPatternsFn addTargetPatterns) {
  if (failed(checkLowerTiledLayoutsPreconditions(module))) {
    LDBG() << "the pre-check rejected the module: nothing rewritten";
    return failure();
  }
  MLIRContext *context = module.getContext();
  TiledLayoutTypeConverter typeConverter;
  RewritePatternSet patterns(context);
  ConversionTarget target(*context);
  populateLowerTiledLayoutsPatterns(typeConverter, patterns);
  if (addTargetPatterns)
    addTargetPatterns(typeConverter, patterns);
  populateLowerTiledLayoutsStructuralPatterns(typeConverter, patterns, target);
  configureLowerTiledLayoutsTarget(target, typeConverter);
  // The conversion rolls back every rewrite when it fails. Upstream
  // folders are not rolled back (vector.mask's moves the op it masks out of
  // its region) and would rewrite ops the patterns rewrite differently, so
  // an op is folded only where no pattern applies.
  ConversionConfig config;
  config.foldingMode = DialectConversionFoldingMode::AfterPatterns;
  if (failed(applyPartialConversion(module, target, std::move(patterns),
                                    config))) {
    LDBG() << "the conversion failed and was rolled back";
    return failure();
  }
  return success();
}

namespace {
struct LowerTiledLayoutsPass
    : mlir::tlayout::impl::LowerTiledLayoutsBase<LowerTiledLayoutsPass> {
  using Base::Base;

  void runOnOperation() override {
    if (failed(lowerTiledLayouts(getOperation())))
      signalPassFailure();
  }
};
} // namespace
