//===- PredicateTileTails.cpp - Masked tails of tile loops ----------------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// Lowering the loops over a tile's elements whose step does not divide the
// tile to scf.for loops that ask LLVM's vectorizer to mask their last trip.
//
//===----------------------------------------------------------------------===//

#include "tlayout/Dialect/TLayout/IR/TLayoutDialect.h"
#include "tlayout/Dialect/TLayout/Transforms/Transforms.h"

#include "mlir/Conversion/AffineToStandard/AffineToStandard.h"
#include "mlir/Dialect/Affine/Analysis/AffineAnalysis.h"
#include "mlir/Dialect/Affine/Analysis/AffineStructures.h"
#include "mlir/Dialect/Affine/Analysis/LoopAnalysis.h"
#include "mlir/Dialect/Affine/Analysis/Utils.h"
#include "mlir/Dialect/Affine/IR/AffineMemoryOpInterfaces.h"
#include "mlir/Dialect/Affine/LoopUtils.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/LLVMIR/LLVMAttrs.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/IndexingUtils.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/DebugLog.h"

#include <numeric>

#define DEBUG_TYPE "tlayout-predicate-tails"

using namespace mlir;
using namespace mlir::tlayout;

//===----------------------------------------------------------------------===//
// Loops over a tile's elements by a step that does not divide it
//===----------------------------------------------------------------------===//

/// LLVM's loop annotation that has the vectorizer mask a loop's last
/// vector trip (tail folding) instead of running a scalar remainder.
static LLVM::LoopAnnotationAttr predicatedTailLoop(MLIRContext *context) {
  auto vectorize = LLVM::LoopVectorizeAttr::get(
      context, /*disable=*/{}, /*predicateEnable=*/BoolAttr::get(context, true),
      /*scalableEnable=*/{}, /*width=*/{}, /*followupVectorized=*/{},
      /*followupEpilogue=*/{}, /*followupAll=*/{});
  return LLVM::LoopAnnotationAttr::get(
      context, /*disableNonforced=*/{}, vectorize, /*interleave=*/{},
      /*unroll=*/{}, /*unrollAndJam=*/{}, /*licm=*/{}, /*distribute=*/{},
      /*pipeline=*/{}, /*peeled=*/{}, /*unswitch=*/{}, /*mustProgress=*/{},
      /*isVectorized=*/{}, /*startLoc=*/{}, /*endLoc=*/{},
      /*parallelAccesses=*/{});
}

bool mlir::tlayout::predicateTileTails(Operation *root,
                                       RewriterBase &rewriter) {
  SmallVector<affine::AffineForOp> marked;
  root->walk([&](affine::AffineForOp loop) {
    if (loop->hasAttr(kPredicatedTailAttrName))
      marked.push_back(loop);
  });
  MLIRContext *context = root->getContext();
  RewritePatternSet patterns(context);
  populateAffineToStdConversionPatterns(patterns);
  FrozenRewritePatternSet lowering(std::move(patterns));
  bool changed = false;
  for (affine::AffineForOp loop : marked) {
    rewriter.modifyOpInPlace(
        loop, [&] { loop->removeAttr(kPredicatedTailAttrName); });
    changed = true;
    // Only loops whose affine ops --lower-affine's patterns all lower
    // (the others would be left indexing with an scf.for's index).
    bool lowerable = true;
    loop.getBody()->walk([&](Operation *op) {
      if (isa<LoopLikeOpInterface>(op) ||
          (isa_and_nonnull<affine::AffineDialect>(op->getDialect()) &&
           !isa<affine::AffineLoadOp, affine::AffineStoreOp,
                affine::AffineVectorLoadOp, affine::AffineVectorStoreOp,
                affine::AffineApplyOp, affine::AffineMinOp, affine::AffineMaxOp,
                affine::AffineIfOp, affine::AffinePrefetchOp,
                affine::AffineYieldOp>(op)))
        lowerable = false;
    });
    if (!lowerable || loop->hasAttr(kLoopAnnotationAttrName))
      continue;
    Location loc = loop.getLoc();
    rewriter.setInsertionPoint(loop);
    Value lb = lowerAffineLowerBound(loop, rewriter);
    Value ub = lowerAffineUpperBound(loop, rewriter);
    Value step =
        arith::ConstantIndexOp::create(rewriter, loc, loop.getStepAsInt());
    auto scfLoop =
        scf::ForOp::create(rewriter, loc, lb, ub, step, loop.getInits());
    rewriter.eraseBlock(scfLoop.getBody());
    rewriter.inlineRegionBefore(loop.getRegion(), scfLoop.getRegion(),
                                scfLoop.getRegion().end());
    for (NamedAttribute attr : loop->getDiscardableAttrs())
      scfLoop->setAttr(attr.getName(), attr.getValue());
    scfLoop->setAttr(kLoopAnnotationAttrName, predicatedTailLoop(context));
    rewriter.replaceOp(loop, scfLoop.getResults());
    // The body's affine ops (its yield included) as --lower-affine lowers
    // them: their indices are no longer an affine loop's.
    SmallVector<Operation *> ops;
    scfLoop.getBody()->walk([&](Operation *op) {
      if (op->getDialect() && isa<affine::AffineDialect>(op->getDialect()))
        ops.push_back(op);
    });
    GreedyRewriteConfig config;
    config.setStrictness(GreedyRewriteStrictness::ExistingAndNewOps);
    (void)applyOpPatternsGreedily(ops, lowering, config);
  }
  return changed;
}
