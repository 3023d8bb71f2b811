//===- SimplifyIndexing.cpp - floordiv/mod-free accesses in loops ---------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// The --tlayout-simplify-indexing pass. The lowering of tiled layouts
// divides every logical index by the tile sizes; inside loops most of those
// divisions are known: the index walks one tile (the division is constant)
// or the loop can be strip-mined by the tile size (the division is the
// outer loop's counter). This pass proves the first with ranges and
// divisors of the index values, creates the second, and optionally permutes
// the resulting nests into the buffer's physical order.
//
//===----------------------------------------------------------------------===//

#include "tlayout/Dialect/TLayout/Analysis/IndexFacts.h"
#include "tlayout/Dialect/TLayout/IR/TLayoutOps.h"
#include "tlayout/Dialect/TLayout/Transforms/NibbleBytes.h"
#include "tlayout/Dialect/TLayout/Transforms/Passes.h"
#include "tlayout/Dialect/TLayout/Transforms/Transforms.h"
#include "tlayout/Dialect/TLayout/Utils/AffineSimplification.h"
#include "tlayout/Dialect/TLayout/Utils/LoopUtils.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Affine/Utils.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Iterators.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Rewrite/FrozenRewritePatternSet.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"
#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/DebugLog.h"

#define DEBUG_TYPE "tlayout-simplify-indexing"

namespace mlir::tlayout {
#define GEN_PASS_DEF_SIMPLIFYINDEXING
#include "tlayout/Dialect/TLayout/Transforms/Passes.h.inc"
} // namespace mlir::tlayout

using namespace mlir;
using namespace mlir::tlayout;

namespace {

/// The values an erased loop defines.
SmallVector<Value> getDefinedValues(Operation *loop) {
  SmallVector<Value> values(loop->getResults());
  for (Region &region : loop->getRegions())
    for (Block &block : region)
      llvm::append_range(values, block.getArguments());
  return values;
}

/// The loops queued for strip-mining that are still in the IR: a rewriter
/// listener that forgets each erased op.
struct LiveLoops : RewriterBase::Listener {
  DenseSet<Operation *> loops;
  void notifyOperationErased(Operation *op) override { loops.erase(op); }
};

/// How many times one loop of the input may be strip-mined: enough for the
/// levels of any tiling, and a guard against unbounded splitting.
constexpr unsigned kMaxStripMineDepth = 8;

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

struct SimplifyIndexingPass
    : mlir::tlayout::impl::SimplifyIndexingBase<SimplifyIndexingPass> {
  using Base::Base;

  /// populateNibbleBytePatterns, frozen once for every op the pass runs on.
  FrozenRewritePatternSet nibblePatterns;

  LogicalResult initialize(MLIRContext *context) override {
    RewritePatternSet patterns(context);
    populateNibbleBytePatterns(patterns);
    nibblePatterns = std::move(patterns);
    return success();
  }

  void runOnOperation() override {
    Operation *root = getOperation();
    IndexFactsAnalysis facts;
    root->walk([&](Operation *op) { simplifyMapUse(op, facts); });
    if (tileLoops)
      stripMineLoops(root, facts);
    IRRewriter rewriter(&getContext());
    root->walk<WalkOrder::PostOrder, ReverseIterator>(
        [&](affine::AffineApplyOp op) {
          if (op->use_empty()) {
            rewriter.eraseOp(op);
            return;
          }
          AffineExpr result = op.getAffineMap().getResult(0);
          if (auto dim = dyn_cast<AffineDimExpr>(result))
            rewriter.replaceOp(op, op.getDimOperands()[dim.getPosition()]);
          else if (auto sym = dyn_cast<AffineSymbolExpr>(result))
            rewriter.replaceOp(op, op.getSymbolOperands()[sym.getPosition()]);
        });
    if (physicalOrder && reassociateReductions) {
      // Innermost first: a loop this rewrites is erased, and its parents
      // are visited after it.
      SmallVector<affine::AffineForOp> loops;
      root->walk([&](affine::AffineForOp loop) { loops.push_back(loop); });
      for (affine::AffineForOp loop : loops)
        walkTileRowsInPhysicalOrder(loop, rewriter, tileRowWalkBytes,
                                    rowAccumulatorBytes);
    }
    if (physicalOrder) {
      SmallVector<affine::AffineForOp> roots;
      root->walk([&](affine::AffineForOp loop) {
        if (!loop->getParentOfType<affine::AffineForOp>())
          roots.push_back(loop);
      });
      for (affine::AffineForOp loop : roots)
        permuteToPhysicalOrder(loop);
    }
    if (physicalOrder && jamRepeatedStores) {
      // Loops of straight-line bodies, none inside another.
      SmallVector<affine::AffineForOp> straight;
      root->walk([&](affine::AffineForOp loop) {
        if (llvm::all_of(loop.getBody()->getOperations(),
                         [](Operation &op) { return op.getNumRegions() == 0; }))
          straight.push_back(loop);
      });
      for (affine::AffineForOp loop : straight)
        mlir::tlayout::jamRepeatedStores(loop, rewriter);
    }
    if (physicalOrder && collapseLoops) {
      // The outermost loop of each perfect nest.
      SmallVector<affine::AffineForOp> roots;
      root->walk([&](affine::AffineForOp loop) {
        auto parent = dyn_cast<affine::AffineForOp>(loop->getParentOp());
        if (!parent || &parent.getBody()->front() != loop.getOperation() ||
            loop->getNextNode() != parent.getBody()->getTerminator())
          roots.push_back(loop);
      });
      for (affine::AffineForOp loop : roots)
        collapseContiguousNest(loop, rewriter);
    }
    if (nibbleBytes)
      walkAndApplyPatterns(root, nibblePatterns);
    predicateTileTails(root, rewriter);
    root->walk(
        [&](AssumeMultipleOp op) { rewriter.replaceOp(op, op.getValue()); });
  }

  /// Strip-mines (or normalizes) the loops whose index is still divided by
  /// a tile size, and simplifies the maps of the new loops.
  void stripMineLoops(Operation *root, IndexFactsAnalysis &facts) {
    // A loop may be queued twice (as a new tile loop and again as the
    // parent of a loop normalized inside it) and erased by the first visit:
    // the listener drops erased loops from the queue's live set.
    LiveLoops live;
    IRRewriter rewriter(&getContext(), &live);
    SmallVector<std::pair<Operation *, unsigned>> worklist;
    auto push = [&](Operation *loop, unsigned depth) {
      live.loops.insert(loop);
      worklist.push_back({loop, depth});
    };
    root->walk([&](Operation *op) {
      if (isa<affine::AffineForOp, scf::ForOp>(op))
        push(op, 0);
    });
    while (!worklist.empty()) {
      auto [loop, depth] = worklist.pop_back_val();
      if (!live.loops.contains(loop))
        continue;
      if (depth >= kMaxStripMineDepth) {
        LDBG() << "not strip-mined again: " << kMaxStripMineDepth
               << " levels at " << loop->getLoc();
        continue;
      }
      Value iv = isa<affine::AffineForOp>(loop)
                     ? cast<affine::AffineForOp>(loop).getInductionVar()
                     : cast<scf::ForOp>(loop).getInductionVar();
      if (!iv.getType().isIndex())
        continue;
      int64_t c = findTilePeriod(iv);
      if (c == 0)
        continue;
      // A loop within one period needs no tiles. A range too wide for int64
      // is a loop no tiling is proved for: it stays.
      IndexFacts ivFacts = facts.getFacts(iv);
      if (ivFacts.lo && ivFacts.hi) {
        std::optional<int64_t> span =
            llvm::checkedSub(*ivFacts.hi, *ivFacts.lo);
        if (!span || *span < c) {
          LDBG() << "not strip-mined by " << c << ": the loop at "
                 << loop->getLoc() << " stays within one tile";
          continue;
        }
      }
      // A loop that starts at an enclosing loop's index (a loop tiled by
      // hand) or steps by whole tiles is normalized instead: its index
      // becomes `lb + step * k`, which the maps absorb.
      if (auto affineLoop = dyn_cast<affine::AffineForOp>(loop)) {
        if (shouldNormalizeForTile(affineLoop, c)) {
          facts.forget(iv);
          if (succeeded(affine::normalizeAffineFor(affineLoop))) {
            affineLoop->walk([&](Operation *op) { simplifyMapUse(op, facts); });
            push(loop, depth + 1);
            // The maps now divide the enclosing loops' indices.
            for (Operation *parent = loop->getParentOp(); parent;
                 parent = parent->getParentOp())
              if (isa<affine::AffineForOp, scf::ForOp>(parent))
                push(parent, depth + 1);
          }
          continue;
        }
      }
      SmallVector<Value> erased = getDefinedValues(loop);
      FailureOr<StripMinedLoop> tiles =
          isa<affine::AffineForOp>(loop)
              ? stripMineByTile(cast<affine::AffineForOp>(loop), c, facts,
                                rewriter, reassociateReductions)
              : stripMineByTile(cast<scf::ForOp>(loop), c, facts, rewriter,
                                reassociateReductions);
      if (failed(tiles))
        continue;
      // A loop over a tile's elements by a step that does not divide the
      // tile runs a few trips, a different number in each tile: marked for
      // predicateTileTails.
      if (auto inner = dyn_cast<affine::AffineForOp>(tiles->inner);
          inner && predicateTails && c % inner.getStepAsInt() != 0)
        inner->setAttr(kPredicatedTailAttrName, UnitAttr::get(&getContext()));
      facts.forget(erased);
      tiles->outer->walk([&](Operation *op) { simplifyMapUse(op, facts); });
      push(tiles->outer, depth + 1);
      push(tiles->inner, depth + 1);
    }
  }
};

} // namespace
