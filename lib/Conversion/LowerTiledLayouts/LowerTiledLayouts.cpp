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
#include "tlayout/Conversion/LowerTiledLayouts/PhysicalLayout.h"
#include "tlayout/Conversion/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Transforms/DialectConversion.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/DepthFirstIterator.h"
#include "llvm/Support/DebugLog.h"

#define DEBUG_TYPE "lower-tiled-layouts"

namespace mlir::tlayout {
#define GEN_PASS_DEF_LOWERTILEDLAYOUTS
#include "tlayout/Conversion/Passes.h.inc"
} // namespace mlir::tlayout

using namespace mlir;
using namespace mlir::tlayout;

/// Whether `block` holds a tiled memref: an argument of it, or a use by an
/// op in it (usesTiledMemRef, which counts the arguments of nested blocks).
static bool holdsTiledMemRef(Block &block) {
  if (llvm::any_of(block.getArgumentTypes(), isTiledMemRef))
    return true;
  return block
      .walk([](Operation *op) {
        return usesTiledMemRef(op) ? WalkResult::interrupt()
                                   : WalkResult::advance();
      })
      .wasInterrupted();
}

/// The conversion visits only the blocks reachable from their region's
/// entry, so an unreachable block would keep the tiled memrefs that the rest
/// of its function no longer has. Such blocks are dead code: the regions
/// that hold one lose their unreachable blocks before the conversion (the
/// dead code of other regions stays).
static void eraseUnreachableTiledBlocks(ModuleOp module) {
  // Innermost first (the walk is post-order), so that erasing an outer
  // block never leaves an owner to visit.
  SmallVector<Operation *> owners;
  module->walk([&](Operation *op) {
    for (Region &region : op->getRegions()) {
      if (region.empty() || region.hasOneBlock())
        continue;
      llvm::df_iterator_default_set<Block *> reachable;
      for (Block *block : llvm::depth_first_ext(&region.front(), reachable))
        (void)block;
      if (llvm::any_of(region, [&](Block &block) {
            return !reachable.contains(&block) && holdsTiledMemRef(block);
          })) {
        owners.push_back(op);
        return;
      }
    }
  });
  IRRewriter rewriter(module.getContext());
  for (Operation *op : owners)
    (void)eraseUnreachableBlocks(rewriter, op->getRegions());
}

LogicalResult
mlir::tlayout::lowerTiledLayouts(ModuleOp module,
                                 TargetTiledPatternsFn addTargetPatterns) {
  if (failed(checkLowerTiledLayoutsPreconditions(module))) {
    LDBG() << "the pre-check rejected the module: nothing rewritten";
    return failure();
  }
  eraseUnreachableTiledBlocks(module);
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
