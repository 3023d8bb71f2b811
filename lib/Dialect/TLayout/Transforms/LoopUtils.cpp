//===- LoopUtils.cpp - Strip-mining and permuting loops by tiles ----------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//

#include "tlayout/Dialect/TLayout/Transforms/LoopUtils.h"
#include "tlayout/Dialect/TLayout/IR/TLayoutDialect.h"
#include "tlayout/Dialect/TLayout/Transforms/AffineSimplification.h"

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

#define DEBUG_TYPE "tlayout-loop-utils"

using namespace mlir;
using namespace mlir::tlayout;

//===----------------------------------------------------------------------===//
// Strip-mining loops by tile sizes
//===----------------------------------------------------------------------===//

int64_t mlir::tlayout::findTilePeriod(Value iv) {
  int64_t best = 0;
  for (Operation *user : iv.getUsers()) {
    // A loop bound is computed once per trip of the loops around it (the
    // phase of a strip-mined loop whose step does not divide the tile):
    // strip-mining for it would only add a loop.
    if (isa<affine::AffineMaxOp, affine::AffineMinOp>(user) &&
        llvm::all_of(user->getUses(), [](OpOperand &use) {
          auto loop = dyn_cast<scf::ForOp>(use.getOwner());
          return loop &&
                 (use.get() == loop.getLowerBound() ||
                  use.get() == loop.getUpperBound()) &&
                 use.get() != loop.getStep();
        }))
      continue;
    std::optional<MapUse> use = getMapUse(user);
    if (!use)
      continue;
    AffineMap map = use->map;
    for (auto [i, operand] :
         llvm::enumerate(user->getOperands().drop_front(use->firstOperand))) {
      if (operand != iv)
        continue;
      AffineExpr self =
          i < map.getNumDims()
              ? getAffineDimExpr(i, map.getContext())
              : getAffineSymbolExpr(i - map.getNumDims(), map.getContext());
      for (AffineExpr result : map.getResults()) {
        result.walk([&](AffineExpr sub) {
          auto bin = dyn_cast<AffineBinaryOpExpr>(sub);
          if (!bin || sub.getKind() == AffineExprKind::Add ||
              sub.getKind() == AffineExprKind::Mul)
            return;
          auto divisor = dyn_cast<AffineConstantExpr>(bin.getRHS());
          if (!divisor || divisor.getValue() <= 1)
            return;
          SmallVector<AffineExpr> terms;
          collectSumTerms(bin.getLHS(), terms);
          std::optional<int64_t> coefficient = 0;
          for (AffineExpr t : terms) {
            if (!coefficient)
              break;
            if (t == self) {
              coefficient = llvm::checkedAdd(*coefficient, int64_t(1));
              continue;
            }
            auto mul = dyn_cast<AffineBinaryOpExpr>(t);
            if (t.getKind() != AffineExprKind::Mul || mul.getLHS() != self)
              continue;
            if (auto k = dyn_cast<AffineConstantExpr>(mul.getRHS()))
              coefficient = llvm::checkedAdd(*coefficient, k.getValue());
          }
          // An overflowing coefficient proves no period.
          if (!coefficient || *coefficient == 0)
            return;
          int64_t c = divisor.getValue();
          // gcd(a mod c, c) is gcd(a, c), without negating INT64_MIN.
          best = std::max(best, c / std::gcd(*coefficient % c, c));
        });
      }
    }
  }
  return best > 1 ? best : 0;
}

/// The first index at or after `start` in the phase of a loop of step
/// `step` that starts at `start` modulo `step`: `start mod step`, written
/// without `mod` where it is not a constant, as `start + step * ((-start)
/// ceildiv step)`. Upstream's folding of affine.for bounds takes the lowest
/// value of `x mod step` over a range of `x` for `(lowest x) mod step`
/// (the remainder at the low end, wherever the range spans several
/// periods); a bound map with a `mod` result can then fold to a wrong
/// constant or lose its other results.
static AffineExpr makePhaseExpr(AffineExpr start, int64_t step,
                                unsigned numDims, unsigned numSymbols) {
  AffineExpr phase = start % step;
  if (isa<AffineConstantExpr>(phase))
    return phase;
  AffineExpr negated = simplifyAffineExpr(-start, numDims, numSymbols);
  return start + negated.ceilDiv(step) * step;
}

/// A bound map of a loop inside a loop over tiles `t` (appended as the last
/// dim) of size `c`, for a loop of step `step`: the max of `lb - c * t` and
/// the loop's phase in the tile (makePhaseExpr of `lb - c * t`, or of `lb`
/// where the step divides `c`; every tile after the first starts there),
/// with 0 where the phase is not a constant (its ceildiv does not show
/// that it is never negative), for the lower bound; `(c, ub_k - c * t
/// ...)` for the upper bound (min), dropping the `ub_k` that are multiples
/// of `c` when `dropMultiples`.
static std::pair<AffineMap, SmallVector<Value>>
makeTileBound(AffineMap map, ValueRange operands, Value t, int64_t c,
              int64_t step, bool isUpper, bool dropMultiples,
              IndexFactsAnalysis &facts) {
  MLIRContext *ctx = map.getContext();
  unsigned numDims = map.getNumDims();
  AffineExpr tile = getAffineDimExpr(numDims, ctx) * c;
  SmallVector<AffineExpr> results;
  if (isUpper) {
    results.push_back(getAffineConstantExpr(c, ctx));
  } else {
    AffineExpr phase = makePhaseExpr(c % step == 0 ? map.getResult(0)
                                                   : map.getResult(0) - tile,
                                     step, numDims + 1, map.getNumSymbols());
    results.push_back(phase);
    if (!isa<AffineConstantExpr>(phase))
      results.push_back(getAffineConstantExpr(0, ctx));
  }
  SmallVector<IndexFacts> operandFacts = facts.getFacts(operands);
  for (AffineExpr r : map.getResults()) {
    if (dropMultiples &&
        evaluateIndexFacts(r, operandFacts, numDims).multiple % c == 0)
      continue;
    results.push_back(r - tile);
  }
  SmallVector<Value> newOperands(operands.take_front(numDims));
  newOperands.push_back(t);
  llvm::append_range(newOperands, operands.drop_front(numDims));
  return {AffineMap::get(numDims + 1, map.getNumSymbols(), results, ctx),
          newOperands};
}

/// Whether `op` combines values associatively and commutatively: integer
/// add and mul without overflow flags, min, max, and, or, xor; float add,
/// mul, min, max where its fastmath flags allow reassociation.
static bool isReassociableCombiner(Operation *op) {
  // Wrapping integer sums and products reassociate; with nsw/nuw another
  // grouping may overflow where the loop's did not.
  if (auto overflow = dyn_cast<arith::ArithIntegerOverflowFlagsInterface>(op))
    if (overflow.getOverflowAttr().getValue() !=
        arith::IntegerOverflowFlags::none)
      return false;
  if (isa<arith::AddIOp, arith::MulIOp, arith::MaxSIOp, arith::MinSIOp,
          arith::MaxUIOp, arith::MinUIOp, arith::AndIOp, arith::OrIOp,
          arith::XOrIOp>(op))
    return true;
  if (!isa<arith::AddFOp, arith::MulFOp, arith::MaximumFOp, arith::MinimumFOp,
           arith::MaxNumFOp, arith::MinNumFOp>(op))
    return false;
  auto flags = cast<arith::ArithFastMathInterface>(op).getFastMathFlagsAttr();
  return flags && arith::bitEnumContainsAll(flags.getValue(),
                                            arith::FastMathFlags::reassoc);
}

/// Whether `combiner` is a float maximum or minimum.
static bool isFloatMaxOrMin(Operation *combiner) {
  return isa<arith::MaxNumFOp, arith::MinNumFOp, arith::MaximumFOp,
             arith::MinimumFOp>(combiner);
}

/// Whether combining a value with itself by `combiner` gives the value
/// back (maxima, minima, `andi`, `ori`): partials of such a combiner may
/// start from any value that the reduction combines anyway.
static bool isIdempotentCombiner(Operation *combiner) {
  return isFloatMaxOrMin(combiner) ||
         isa<arith::MaxSIOp, arith::MinSIOp, arith::MaxUIOp, arith::MinUIOp,
             arith::AndIOp, arith::OrIOp>(combiner);
}

/// The value that partials combined by `combiner` (a reassociable
/// combiner, isReassociableCombiner) of values of `type` start from, in a
/// reduction whose initial value is the constant `init` (null if it is not
/// a constant): the combiner's neutral element, except where that would
/// differ from the loop's result or be poison under the combiner's flags.
/// - A float sum that keeps the sign of zeros starts from -0.0 (+0.0 would
///   turn a sum of -0.0 into +0.0).
/// - A float maximum or minimum never starts from a value its flags make
///   poison (LLVM folds its combinations to poison: a row maximum of
///   `maxnumf` under `nnan` from NaN gave its initial value): NaN, the
///   neutral element of `maxnumf` and `minnumf`, only without `nnan`, else
///   an infinity; an infinity only without `ninf`. Under `ninf` it starts
///   from the reduction's initial value (combining it again changes
///   nothing), and is not reassociated where that is not a constant: the
///   largest finite float, upstream's stand-in, would be the result of a
///   reduction of no element from an infinity.
static std::optional<TypedAttr> getCombinerIdentity(Operation *combiner,
                                                    Type type, Attribute init) {
  std::optional<TypedAttr> identity = arith::getNeutralElement(combiner);
  if (!identity || identity->getType() != type)
    return std::nullopt;
  if (auto add = dyn_cast<arith::AddFOp>(combiner))
    if (!arith::bitEnumContainsAll(add.getFastmath(),
                                   arith::FastMathFlags::nsz))
      return FloatAttr::get(
          type, APFloat::getZero(cast<FloatType>(type).getFloatSemantics(),
                                 /*Negative=*/true));
  if (!isFloatMaxOrMin(combiner))
    return identity;
  arith::FastMathFlagsAttr flagsAttr =
      cast<arith::ArithFastMathInterface>(combiner).getFastMathFlagsAttr();
  arith::FastMathFlags flags =
      flagsAttr ? flagsAttr.getValue() : arith::FastMathFlags::none;
  bool noNaNs = arith::bitEnumContainsAll(flags, arith::FastMathFlags::nnan);
  bool noInfs = arith::bitEnumContainsAll(flags, arith::FastMathFlags::ninf);
  const llvm::fltSemantics &semantics =
      cast<FloatType>(type).getFloatSemantics();
  bool isNumber = isa<arith::MaxNumFOp, arith::MinNumFOp>(combiner);
  if (isNumber && !noNaNs)
    return identity;
  bool isMaximum = isa<arith::MaxNumFOp, arith::MaximumFOp>(combiner);
  if (!noInfs)
    return FloatAttr::get(type, APFloat::getInf(semantics, isMaximum));
  if (auto start = dyn_cast_if_present<FloatAttr>(init);
      start && start.getType() == type)
    return start;
  return std::nullopt;
}

std::optional<SmallVector<TileReduction>>
mlir::tlayout::getTileReductions(Operation *loop) {
  auto loopLike = dyn_cast<LoopLikeOpInterface>(loop);
  if (!loopLike || loop->getNumRegions() != 1 ||
      !loop->getRegion(0).hasOneBlock())
    return std::nullopt;
  Block *body = &loop->getRegion(0).front();
  Operation *yield = body->getTerminator();
  SmallVector<TileReduction> reductions;
  for (auto [k, arg] : llvm::enumerate(loopLike.getRegionIterArgs())) {
    Type type = arg.getType();
    if (!type.isIntOrIndexOrFloat() || !arg.hasOneUse())
      return std::nullopt;
    OpOperand &use = *arg.use_begin();
    Operation *combiner = use.getOwner();
    if (combiner->getBlock() != body || combiner->getNumOperands() != 2 ||
        combiner->getNumResults() != 1 || !isReassociableCombiner(combiner))
      return std::nullopt;
    // The accumulator enters once, and leaves only to the yield, in its
    // own position.
    unsigned accPosition = use.getOperandNumber();
    if (combiner->getOperand(1 - accPosition) == arg)
      return std::nullopt;
    Value result = combiner->getResult(0);
    if (!result.hasOneUse() || result.use_begin()->getOwner() != yield ||
        result.use_begin()->getOperandNumber() != k)
      return std::nullopt;
    Attribute init;
    matchPattern(loopLike.getInits()[k], m_Constant(&init));
    std::optional<TypedAttr> identity =
        getCombinerIdentity(combiner, type, init);
    if (!identity)
      return std::nullopt;
    reductions.push_back({combiner, accPosition, *identity});
  }
  if (reductions.empty())
    return std::nullopt;
  return reductions;
}

/// Whether `op` runs its regions one at a time, each trip of a loop after
/// the previous one: the loops and conditionals of scf and affine that are
/// not parallel.
static bool runsRegionsInOrder(Operation *op) {
  return isa<affine::AffineForOp, affine::AffineIfOp, scf::ForOp, scf::WhileOp,
             scf::IfOp, scf::IndexSwitchOp, scf::ExecuteRegionOp>(op);
}

/// The region of the nearest op around `op` that opens an automatic
/// allocation scope and is not a loop (loops such as `affine.for` open one,
/// but an alloca in a loop's body is made again on every trip once lowered
/// to LLVM); null if an op isolated from above comes first, or an op that
/// may run its regions concurrently (scf.parallel, affine.parallel,
/// scf.forall, an op this does not know): a buffer allocated outside it
/// would be shared by its concurrent trips.
static Region *getAllocationScopeRegion(Operation *op) {
  Region *region = op->getParentRegion();
  while (region) {
    Operation *parent = region->getParentOp();
    if (!parent)
      return nullptr;
    if (parent->hasTrait<OpTrait::AutomaticAllocationScope>() &&
        !isa<LoopLikeOpInterface>(parent))
      return region;
    if (parent->hasTrait<OpTrait::IsIsolatedFromAbove>() ||
        !runsRegionsInOrder(parent))
      return nullptr;
    region = parent->getParentRegion();
  }
  return nullptr;
}

namespace {
/// The per-element partial results of the reductions of a strip-mined
/// loop: one buffer of `c` elements per reduction, filled with the
/// combiner's identity before the tile loop.
struct TilePartials {
  SmallVector<Value> buffers;
};
} // namespace

/// Creates the partials' buffers (at the start of the allocation scope, so
/// that a loop around does not grow the stack) and fills them before
/// `loop`. Fails, creating nothing, outside an allocation scope.
static FailureOr<TilePartials>
createTilePartials(Operation *loop, ArrayRef<TileReduction> reductions,
                   int64_t c, RewriterBase &rewriter) {
  Region *scope = getAllocationScopeRegion(loop);
  if (!scope || scope->empty())
    return failure();
  Location loc = loop->getLoc();
  TilePartials partials;
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPointToStart(&scope->front());
  for (const TileReduction &r : reductions)
    partials.buffers.push_back(memref::AllocaOp::create(
        rewriter, loc, MemRefType::get({c}, r.identity.getType())));
  rewriter.setInsertionPoint(loop);
  bool isAffine = isa<affine::AffineForOp>(loop);
  SmallVector<Value> identities =
      llvm::map_to_vector(reductions, [&](const TileReduction &r) -> Value {
        return arith::ConstantOp::create(rewriter, loc, r.identity);
      });
  auto fill = [&](OpBuilder &b, Location loc, Value e) {
    for (auto [buffer, identity] : llvm::zip(partials.buffers, identities)) {
      if (isAffine)
        affine::AffineStoreOp::create(b, loc, identity, buffer, e);
      else
        memref::StoreOp::create(b, loc, identity, buffer, e);
    }
  };
  if (isAffine) {
    affine::AffineForOp::create(
        rewriter, loc, 0, c, 1, {},
        [&](OpBuilder &b, Location loc, Value e, ValueRange) {
          fill(b, loc, e);
          affine::AffineYieldOp::create(b, loc);
        });
  } else {
    Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
    Value size = arith::ConstantIndexOp::create(rewriter, loc, c);
    Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
    scf::ForOp::create(rewriter, loc, zero, size, one, {},
                       [&](OpBuilder &b, Location loc, Value e, ValueRange) {
                         fill(b, loc, e);
                         scf::YieldOp::create(b, loc);
                       });
  }
  return partials;
}

/// Creates, at the rewriter's insertion point, the loop that combines the
/// initial values `inits` with the partials of every element, and returns
/// its results.
static SmallVector<Value>
combinePartials(bool isAffine, ArrayRef<TileReduction> reductions,
                const TilePartials &partials, ValueRange inits, int64_t c,
                Location loc, RewriterBase &rewriter) {
  auto body = [&](OpBuilder &b, Location loc, Value e, ValueRange accs) {
    SmallVector<Value> results;
    for (auto [r, buffer, acc] :
         llvm::zip(reductions, partials.buffers, accs)) {
      Value partial =
          isAffine ? Value(affine::AffineLoadOp::create(b, loc, buffer, e))
                   : Value(memref::LoadOp::create(b, loc, buffer, e));
      IRMapping mapping;
      mapping.map(r.combiner->getOperand(r.accPosition), acc);
      mapping.map(r.combiner->getOperand(1 - r.accPosition), partial);
      results.push_back(b.clone(*r.combiner, mapping)->getResult(0));
    }
    return results;
  };
  if (isAffine) {
    auto loop = affine::AffineForOp::create(
        rewriter, loc, 0, c, 1, inits,
        [&](OpBuilder &b, Location loc, Value e, ValueRange accs) {
          affine::AffineYieldOp::create(b, loc, body(b, loc, e, accs));
        });
    return loop.getResults();
  }
  Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
  Value size = arith::ConstantIndexOp::create(rewriter, loc, c);
  Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
  auto loop = scf::ForOp::create(
      rewriter, loc, zero, size, one, inits,
      [&](OpBuilder &b, Location loc, Value e, ValueRange accs) {
        scf::YieldOp::create(b, loc, body(b, loc, e, accs));
      });
  return loop.getResults();
}

/// Moves the body of `loop` into `inner` (the tile-element loop inside
/// `outer`, the tile loop), its index replaced by `index` (`c * t + e`),
/// and replaces `loop` by `outer`. With `partials`, the loops carry no
/// values: the body reads its accumulators from the partials at `e` and
/// writes them back, and `loop` is replaced by the combination of its
/// initial values with the partials.
template <typename ForOp>
static StripMinedLoop
replaceByTiles(ForOp loop, ForOp outer, ForOp inner, Value index,
               ArrayRef<TileReduction> reductions,
               const std::optional<TilePartials> &partials, int64_t c,
               RewriterBase &rewriter) {
  constexpr bool isAffine = std::is_same_v<ForOp, affine::AffineForOp>;
  if (!partials) {
    SmallVector<Value> replacements{index};
    llvm::append_range(replacements, inner.getRegionIterArgs());
    rewriter.mergeBlocks(loop.getBody(), inner.getBody(), replacements);
    rewriter.replaceOp(loop, outer.getResults());
    return {outer, inner};
  }
  Location loc = loop.getLoc();
  rewriter.setInsertionPoint(loop);
  SmallVector<Value> results = combinePartials(
      isAffine, reductions, *partials, loop.getInits(), c, loc, rewriter);
  Value e = inner.getInductionVar();
  SmallVector<Value> replacements{index};
  rewriter.setInsertionPointToEnd(inner.getBody());
  for (Value buffer : partials->buffers)
    replacements.push_back(
        isAffine ? Value(affine::AffineLoadOp::create(rewriter, loc, buffer, e))
                 : Value(memref::LoadOp::create(rewriter, loc, buffer, e)));
  rewriter.mergeBlocks(loop.getBody(), inner.getBody(), replacements);
  Operation *yield = inner.getBody()->getTerminator();
  rewriter.setInsertionPoint(yield);
  for (auto [value, buffer] :
       llvm::zip(yield->getOperands(), partials->buffers)) {
    if (isAffine)
      affine::AffineStoreOp::create(rewriter, loc, value, buffer, e);
    else
      memref::StoreOp::create(rewriter, loc, value, buffer, e);
  }
  rewriter.modifyOpInPlace(yield, [&] { yield->setOperands({}); });
  rewriter.replaceOp(loop, results);
  return {outer, inner};
}

/// The partials of `loop`'s reductions across tiles of `c` elements (with
/// the reductions in `reductions`), where every value it carries is a
/// reduction that may be reassociated and `c` partials are few enough;
/// nothing otherwise.
static std::optional<TilePartials>
privatizeReductions(Operation *loop, int64_t c, RewriterBase &rewriter,
                    SmallVector<TileReduction> &reductions) {
  if (c > kMaxTilePartials) {
    LDBG() << "reductions kept in order: " << c << " partials are more than "
           << kMaxTilePartials;
    return std::nullopt;
  }
  std::optional<SmallVector<TileReduction>> found = getTileReductions(loop);
  if (!found) {
    LDBG() << "reductions kept in order: not every iter_arg is a reduction "
              "that may be reassociated in "
           << OpWithFlags(loop, OpPrintingFlags().skipRegions());
    return std::nullopt;
  }
  FailureOr<TilePartials> created =
      createTilePartials(loop, *found, c, rewriter);
  if (failed(created)) {
    LDBG() << "reductions kept in order: no sequential allocation scope "
              "around "
           << OpWithFlags(loop, OpPrintingFlags().skipRegions());
    return std::nullopt;
  }
  reductions = std::move(*found);
  return std::move(*created);
}

FailureOr<StripMinedLoop> mlir::tlayout::stripMineByTile(
    affine::AffineForOp loop, int64_t c, IndexFactsAnalysis &facts,
    RewriterBase &rewriter, bool reassociateReductions) {
  int64_t step = loop.getStepAsInt();
  AffineMap lbMap = loop.getLowerBoundMap();
  AffineMap ubMap = loop.getUpperBoundMap();
  if ((c % step != 0 && step > c) || lbMap.getNumResults() != 1) {
    LDBG() << "not strip-mined by " << c << ": step " << step
           << " neither divides the tile nor is smaller, or the lower bound "
              "has several results";
    return failure();
  }
  SmallVector<TileReduction> reductions;
  std::optional<TilePartials> partials;
  if (reassociateReductions)
    partials = privatizeReductions(loop, c, rewriter, reductions);
  ValueRange inits = partials ? ValueRange() : ValueRange(loop.getInits());
  SmallVector<Value> lbOperands(loop.getLowerBoundOperands());
  SmallVector<Value> ubOperands(loop.getUpperBoundOperands());
  IndexFacts lbFacts = evaluateIndexFacts(
      lbMap.getResult(0), facts.getFacts(lbOperands), lbMap.getNumDims());
  // Each tile starts at the loop's phase in it: at 0 for a lower bound
  // that is a multiple of `c` and a step that divides `c`.
  bool aligned = lbFacts.multiple % c == 0 && c % step == 0;

  MLIRContext *ctx = loop.getContext();
  Location loc = loop.getLoc();
  AffineMap outerLb = AffineMap::get(lbMap.getNumDims(), lbMap.getNumSymbols(),
                                     lbMap.getResult(0).floorDiv(c), ctx);
  SmallVector<AffineExpr> ubResults = llvm::map_to_vector(
      ubMap.getResults(), [&](AffineExpr e) { return e.ceilDiv(c); });
  AffineMap outerUb =
      AffineMap::get(ubMap.getNumDims(), ubMap.getNumSymbols(), ubResults, ctx);

  rewriter.setInsertionPoint(loop);
  affine::AffineForOp inner;
  Value index;
  auto outer = affine::AffineForOp::create(
      rewriter, loc, lbOperands, outerLb, ubOperands, outerUb, /*step=*/1,
      inits, [&](OpBuilder &b, Location loc, Value t, ValueRange args) {
        auto [innerLb, innerLbOperands] =
            aligned ? std::make_pair(AffineMap::getConstantMap(0, ctx),
                                     SmallVector<Value>())
                    : makeTileBound(lbMap, lbOperands, t, c, step,
                                    /*isUpper=*/false,
                                    /*dropMultiples=*/false, facts);
        auto [innerUb, innerUbOperands] =
            makeTileBound(ubMap, ubOperands, t, c, step, /*isUpper=*/true,
                          /*dropMultiples=*/aligned, facts);
        affine::canonicalizeMapAndOperands(&innerUb, &innerUbOperands);
        inner = affine::AffineForOp::create(
            b, loc, innerLbOperands, innerLb, innerUbOperands, innerUb, step,
            args, [&](OpBuilder &b, Location loc, Value e, ValueRange) {
              AffineExpr d0 = getAffineDimExpr(0, ctx);
              AffineExpr d1 = getAffineDimExpr(1, ctx);
              index = affine::AffineApplyOp::create(
                  b, loc, AffineMap::get(2, 0, d0 * c + d1), {t, e});
            });
        affine::AffineYieldOp::create(b, loc, inner.getResults());
      });
  return replaceByTiles(loop, outer, inner, index, reductions, partials, c,
                        rewriter);
}

FailureOr<StripMinedLoop> mlir::tlayout::stripMineByTile(
    scf::ForOp loop, int64_t c, IndexFactsAnalysis &facts,
    RewriterBase &rewriter, bool reassociateReductions) {
  std::optional<int64_t> step = getConstantIntValue(loop.getStep());
  if (!step || *step <= 0 || (c % *step != 0 && *step > c) ||
      loop.getUnsignedCmp()) {
    LDBG() << "not strip-mined by " << c
           << ": the step is not a constant that divides the tile or is "
              "smaller, or the comparison is unsigned";
    return failure();
  }
  SmallVector<TileReduction> reductions;
  std::optional<TilePartials> partials;
  if (reassociateReductions)
    partials = privatizeReductions(loop, c, rewriter, reductions);
  ValueRange inits = partials ? ValueRange() : ValueRange(loop.getInitArgs());
  IndexFacts lbFacts = facts.getFacts(loop.getLowerBound());
  IndexFacts ubFacts = facts.getFacts(loop.getUpperBound());
  bool aligned = lbFacts.multiple % c == 0 && c % *step == 0;

  MLIRContext *ctx = loop.getContext();
  Location loc = loop.getLoc();
  AffineExpr s0 = getAffineSymbolExpr(0, ctx);
  AffineExpr d0 = getAffineDimExpr(0, ctx);
  AffineExpr d1 = getAffineDimExpr(1, ctx);
  auto apply = [&](OpBuilder &b, AffineMap map,
                   ArrayRef<OpFoldResult> operands) -> Value {
    return getValueOrCreateConstantIndexOp(
        b, loc,
        makeFoldedSoundly<affine::AffineApplyOp>(b, loc, map, operands));
  };
  rewriter.setInsertionPoint(loop);
  Value tileLb = apply(rewriter, AffineMap::get(0, 1, s0.floorDiv(c)),
                       {loop.getLowerBound()});
  Value tileUb = apply(rewriter, AffineMap::get(0, 1, s0.ceilDiv(c)),
                       {loop.getUpperBound()});
  Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
  scf::ForOp inner;
  Value index;
  auto outer = scf::ForOp::create(
      rewriter, loc, tileLb, tileUb, one, inits,
      [&](OpBuilder &b, Location loc, Value t, ValueRange args) {
        AffineExpr tile = d0 * c;
        Value innerLb =
            aligned
                ? Value(arith::ConstantIndexOp::create(b, loc, 0))
                : getValueOrCreateConstantIndexOp(
                      b, loc,
                      makeFoldedSoundly<affine::AffineMaxOp>(
                          b, loc,
                          AffineMap::get(1, 1,
                                         {c % *step == 0 ? s0 % *step
                                                         : (s0 - tile) % *step,
                                          s0 - tile},
                                         ctx),
                          {t, loop.getLowerBound()}));
        Value innerUb =
            aligned && ubFacts.multiple % c == 0
                ? Value(arith::ConstantIndexOp::create(b, loc, c))
                : getValueOrCreateConstantIndexOp(
                      b, loc,
                      makeFoldedSoundly<affine::AffineMinOp>(
                          b, loc,
                          AffineMap::get(
                              1, 1, {getAffineConstantExpr(c, ctx), s0 - tile},
                              ctx),
                          {t, loop.getUpperBound()}));
        inner = scf::ForOp::create(
            b, loc, innerLb, innerUb, loop.getStep(), args,
            [&](OpBuilder &b, Location loc, Value e, ValueRange) {
              index = affine::AffineApplyOp::create(
                  b, loc, AffineMap::get(2, 0, d0 * c + d1), {t, e});
            });
        scf::YieldOp::create(b, loc, inner.getResults());
      });
  // Both loops keep the discardable attributes of `loop`, as LLVM's loop
  // annotations (a loop that must not be unrolled stays so, tile by tile).
  outer->setDiscardableAttrs(loop->getDiscardableAttrDictionary());
  inner->setDiscardableAttrs(loop->getDiscardableAttrDictionary());
  return replaceByTiles(loop, outer, inner, index, reductions, partials, c,
                        rewriter);
}

bool mlir::tlayout::shouldNormalizeForTile(affine::AffineForOp loop,
                                           int64_t c) {
  if (loop.hasConstantLowerBound() && loop.getConstantLowerBound() == 0 &&
      loop.getStepAsInt() == 1)
    return false;
  if (loop.getLowerBoundMap().getNumResults() != 1)
    return false;
  if (loop.getStepAsInt() % c == 0)
    return true;
  return llvm::any_of(loop.getLowerBoundOperands(), [](Value v) {
    return static_cast<bool>(affine::getForInductionVarOwner(v));
  });
}

//===----------------------------------------------------------------------===//
// Physical order
//===----------------------------------------------------------------------===//

/// The buffer that `memref` views: the source of casts and views, followed
/// back as far as they go.
static Value getViewedBuffer(Value memref) {
  while (Operation *def = memref.getDefiningOp()) {
    if (auto cast = dyn_cast<memref::CastOp>(def))
      memref = cast.getSource();
    else if (auto view = dyn_cast<ViewLikeOpInterface>(def))
      memref = view.getViewSource();
    else
      break;
  }
  return memref;
}

/// Whether distinct memref values `a` and `b` are known to hold disjoint
/// buffers: different allocations, different globals, an allocation and
/// anything that existed before it. Distinct arguments of a function are
/// taken not to alias, as upstream's affine transformations take them.
static bool isDisjoint(Value a, Value b) {
  a = getViewedBuffer(a);
  b = getViewedBuffer(b);
  if (a == b)
    return false;
  enum class Kind { Allocation, Global, Argument, Unknown };
  auto classify = [](Value v) {
    if (auto arg = dyn_cast<BlockArgument>(v))
      return isa<FunctionOpInterface>(arg.getOwner()->getParentOp()) &&
                     arg.getOwner()->isEntryBlock()
                 ? Kind::Argument
                 : Kind::Unknown;
    Operation *def = v.getDefiningOp();
    if (isa<memref::GetGlobalOp>(def))
      return Kind::Global;
    if (auto effects = dyn_cast<MemoryEffectOpInterface>(def))
      if (effects.getEffectOnValue<MemoryEffects::Allocate>(v))
        return Kind::Allocation;
    return Kind::Unknown;
  };
  Kind ka = classify(a), kb = classify(b);
  if (ka == Kind::Unknown || kb == Kind::Unknown)
    return false;
  if (ka == Kind::Global && kb == Kind::Global)
    return a.getDefiningOp<memref::GetGlobalOp>().getName() !=
           b.getDefiningOp<memref::GetGlobalOp>().getName();
  return true;
}

bool mlir::tlayout::isLegalPermutation(ArrayRef<affine::AffineForOp> band,
                                       ArrayRef<unsigned> permutation) {
  SmallVector<Operation *> accesses;
  WalkResult walk = band.front()->walk([&](Operation *op) {
    if (isa<affine::AffineLoadOp, affine::AffineStoreOp>(op)) {
      accesses.push_back(op);
      return WalkResult::advance();
    }
    if (op->hasTrait<OpTrait::HasRecursiveMemoryEffects>()) {
      // Its own effects are those of the ops it holds, visited on their
      // own; an effect interface could add more.
      auto effects = dyn_cast<MemoryEffectOpInterface>(op);
      if (!effects || effects.hasNoEffect())
        return WalkResult::advance();
      return WalkResult::interrupt();
    }
    if (isMemoryEffectFree(op))
      return WalkResult::advance();
    return WalkResult::interrupt();
  });
  if (walk.wasInterrupted()) {
    LDBG() << "not permuted: the nest holds an op whose effects the "
              "dependence analysis does not model";
    return false;
  }

  // Upstream's analysis takes each memref value for one fixed buffer, and
  // relates the accesses to one memref value only.
  for (Operation *a : accesses) {
    Value memref = affine::MemRefAccess(a).memref;
    if (band.front()->isAncestor(memref.getParentRegion()->getParentOp())) {
      LDBG() << "not permuted: a memref accessed in the nest is defined in it";
      return false;
    }
  }
  for (Operation *a : accesses)
    for (Operation *b : accesses) {
      Value ma = affine::MemRefAccess(a).memref;
      Value mb = affine::MemRefAccess(b).memref;
      if (ma != mb &&
          (isa<affine::AffineStoreOp>(a) || isa<affine::AffineStoreOp>(b)) &&
          !isDisjoint(ma, mb)) {
        LDBG() << "not permuted: two memrefs it stores to or reads may be "
                  "one buffer";
        return false;
      }
    }

  // The position of each loop of the new order in the band.
  SmallVector<unsigned> loopAt(band.size());
  for (auto [k, position] : llvm::enumerate(permutation))
    loopAt[position] = k;
  // Dependences count the enclosing affine.parallel loops first; those
  // carried by them keep their order.
  SmallVector<Value> outer;
  affine::getAffineIVs(*band.front(), outer);
  unsigned offset = outer.size();
  for (unsigned depth = offset + 1; depth <= offset + band.size(); ++depth)
    for (Operation *src : accesses)
      for (Operation *dst : accesses) {
        if (!isa<affine::AffineStoreOp>(src) &&
            !isa<affine::AffineStoreOp>(dst))
          continue;
        affine::MemRefAccess srcAccess(src), dstAccess(dst);
        if (srcAccess.memref != dstAccess.memref)
          continue;
        affine::FlatAffineValueConstraints constraints;
        SmallVector<affine::DependenceComponent, 2> components;
        affine::DependenceResult result = affine::checkMemrefAccessDependence(
            srcAccess, dstAccess, depth, &constraints, &components);
        if (result.value == affine::DependenceResult::NoDependence)
          continue;
        if (result.value != affine::DependenceResult::HasDependence ||
            components.size() < offset + band.size()) {
          LDBG() << "not permuted: a dependence could not be analysed";
          return false;
        }
        // The dependence must stay lexicographically positive (or zero) in
        // the new order: no component may be negative before one that is
        // positive.
        for (unsigned k : loopAt) {
          const affine::DependenceComponent &component = components[offset + k];
          if (!component.lb) {
            LDBG() << "not permuted: a dependence distance has no lower bound";
            return false;
          }
          if (*component.lb > 0)
            break;
          if (*component.lb < 0) {
            LDBG() << "not permuted: a dependence would change direction";
            return false;
          }
        }
      }
  return true;
}

bool mlir::tlayout::permuteToPhysicalOrder(affine::AffineForOp root) {
  SmallVector<affine::AffineForOp> band;
  affine::getPerfectlyNestedLoops(band, root);
  if (band.size() < 2 || llvm::any_of(band, [](affine::AffineForOp l) {
        return l.getNumIterOperands() != 0;
      })) {
    LDBG() << "not permuted: the perfect nest at " << root.getLoc()
           << " has fewer than two loops or carries values";
    return false;
  }
  // The access to the buffer of highest rank (stores first) sets the order;
  // only accesses whose map is known to getMapUse take part.
  Operation *best = nullptr;
  std::optional<MapUse> use;
  int64_t bestRank = -1;
  for (Operation &op : *band.back().getBody()) {
    MemRefType type;
    bool isWrite = false;
    if (auto read = dyn_cast<affine::AffineReadOpInterface>(op)) {
      type = read.getMemRefType();
    } else if (auto write = dyn_cast<affine::AffineWriteOpInterface>(op)) {
      type = write.getMemRefType();
      isWrite = true;
    } else {
      continue;
    }
    std::optional<MapUse> opUse = getMapUse(&op);
    if (!opUse)
      continue;
    int64_t rank = type.getRank();
    if (rank > bestRank || (rank == bestRank && isWrite &&
                            !isa<affine::AffineWriteOpInterface>(best))) {
      best = &op;
      use = opUse;
      bestRank = rank;
    }
  }
  if (!best || !use) {
    LDBG() << "not permuted: the innermost body of the nest at "
           << root.getLoc() << " has no affine access to order by";
    return false;
  }
  SmallVector<int64_t> dimOfLoop(band.size(), -1);
  for (auto [position, result] : llvm::enumerate(use->map.getResults())) {
    auto dim = dyn_cast<AffineDimExpr>(result);
    if (!dim)
      continue;
    Value operand = best->getOperand(use->firstOperand + dim.getPosition());
    for (auto [k, loop] : llvm::enumerate(band))
      if (loop.getInductionVar() == operand && dimOfLoop[k] < 0)
        dimOfLoop[k] = position;
  }
  // Loops that index no dimension stay outside, in their order.
  SmallVector<unsigned> order =
      llvm::to_vector(llvm::seq<unsigned>(0, band.size()));
  llvm::stable_sort(order, [&](unsigned a, unsigned b) {
    return dimOfLoop[a] < dimOfLoop[b];
  });
  SmallVector<unsigned> permutation(band.size());
  for (auto [position, loop] : llvm::enumerate(order))
    permutation[loop] = position;
  if (llvm::equal(permutation, llvm::seq<unsigned>(0, band.size())))
    return false;
  // A bound may only use loops that stay outside it.
  for (auto [k, loop] : llvm::enumerate(band)) {
    auto operands = llvm::concat<Value>(loop.getLowerBoundOperands(),
                                        loop.getUpperBoundOperands());
    for (Value operand : operands)
      for (auto [other, outerLoop] : llvm::enumerate(band))
        if (outerLoop.getInductionVar() == operand &&
            permutation[other] > permutation[k]) {
          LDBG() << "not permuted: a bound uses a loop that would move "
                    "inside it";
          return false;
        }
  }
  if (!isLegalPermutation(band, permutation))
    return false;
  LDBG() << "permuted the nest at " << root.getLoc() << " into physical order";
  affine::permuteLoops(band, permutation);
  return true;
}

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

//===----------------------------------------------------------------------===//
// Rows of tiles in physical order
//===----------------------------------------------------------------------===//

/// The buffers that `loop` fills whole with values from outside it, when it
/// is `affine.for %e = 0 to N` whose body holds only `affine.store %v,
/// %p[%e]` into rank-1 buffers of N elements: every element of each is
/// written before anything after the loop reads it. Empty otherwise.
static SmallVector<Value> getFilledBuffers(affine::AffineForOp loop) {
  if (!loop.hasConstantBounds() || loop.getConstantLowerBound() != 0 ||
      loop.getStepAsInt() != 1 || loop.getNumIterOperands() != 0)
    return {};
  int64_t size = loop.getConstantUpperBound();
  SmallVector<Value> buffers;
  for (Operation &op : loop.getBody()->without_terminator()) {
    auto store = dyn_cast<affine::AffineStoreOp>(op);
    if (!store)
      return {};
    MemRefType type = store.getMemRefType();
    AffineMap map = store.getAffineMap();
    if (type.getRank() != 1 || type.getDimSize(0) != size ||
        map.getNumResults() != 1 || map.getNumSymbols() != 0 ||
        map.getResult(0) != getAffineDimExpr(0, map.getContext()) ||
        store.getIndices().front() != loop.getInductionVar() ||
        !loop.isDefinedOutsideOfLoop(store.getValueToStore()))
      return {};
    buffers.push_back(store.getMemRef());
  }
  return buffers;
}

/// Whether `buffer` may get one slice per trip of `rows`: a static
/// `memref.alloca` at the top of the allocation scope around `rows` that is
/// not a loop (getAllocationScopeRegion, where the privatization puts its
/// partials: a larger buffer does not grow the stack on every trip of a
/// loop), used only as the memref of `affine.load` and `affine.store` ops
/// inside `rows`.
static bool isPrivatizableBuffer(Value buffer, affine::AffineForOp rows) {
  auto alloca = buffer.getDefiningOp<memref::AllocaOp>();
  if (!alloca || !alloca.getType().hasStaticShape() ||
      !alloca.getDynamicSizes().empty() ||
      alloca->getParentRegion() != getAllocationScopeRegion(rows))
    return false;
  return llvm::all_of(buffer.getUses(), [&](OpOperand &use) {
    Operation *user = use.getOwner();
    if (!rows->isProperAncestor(user))
      return false;
    if (auto load = dyn_cast<affine::AffineLoadOp>(user))
      return use.getOperandNumber() == load.getMemRefOperandIndex();
    if (auto store = dyn_cast<affine::AffineStoreOp>(user))
      return use.getOperandNumber() == store.getMemRefOperandIndex();
    return false;
  });
}

/// The memrefs that the ops in `ops` (and the ops they hold) read, in
/// `reads`, and write, in `writes`; false if one of them has an effect on
/// memory that names no value, or effects that no interface states.
static bool collectMemrefEffects(ArrayRef<Operation *> ops,
                                 SmallVectorImpl<Value> &reads,
                                 SmallVectorImpl<Value> &writes) {
  for (Operation *root : ops) {
    WalkResult walk = root->walk([&](Operation *op) {
      if (isMemoryEffectFree(op))
        return WalkResult::advance();
      auto iface = dyn_cast<MemoryEffectOpInterface>(op);
      if (!iface) {
        // Only ops whose effects are those of the ops they hold pass
        // without an interface.
        return op->hasTrait<OpTrait::HasRecursiveMemoryEffects>()
                   ? WalkResult::advance()
                   : WalkResult::interrupt();
      }
      SmallVector<MemoryEffects::EffectInstance> effects;
      iface.getEffects(effects);
      for (const MemoryEffects::EffectInstance &effect : effects) {
        if (isa<MemoryEffects::Allocate>(effect.getEffect()))
          continue;
        Value value = effect.getValue();
        if (!value || !isa<BaseMemRefType>(value.getType()))
          return WalkResult::interrupt();
        if (isa<MemoryEffects::Read>(effect.getEffect()))
          reads.push_back(value);
        else
          writes.push_back(value);
      }
      return WalkResult::advance();
    });
    if (walk.wasInterrupted())
      return false;
  }
  return true;
}

/// The shortest run of contiguous bytes that one row reads in one tile,
/// over the `affine.load` ops in the loop `tile` (and the loops it holds)
/// that index a dimension with `rows`'s index after one they index with
/// the tile's: the bytes of the dimensions after the row's, all static.
/// Walking the rows inside the tiles then follows the buffer's physical
/// order. std::nullopt if no load does.
static std::optional<int64_t> getRowRunBytes(affine::AffineForOp tile,
                                             affine::AffineForOp rows) {
  std::optional<int64_t> shortest;
  tile->walk([&](affine::AffineLoadOp load) {
    AffineMap map = load.getAffineMap();
    MemRefType type = load.getMemRefType();
    std::optional<unsigned> tileAt, rowAt;
    for (auto [position, result] : llvm::enumerate(map.getResults())) {
      auto dim = dyn_cast<AffineDimExpr>(result);
      if (!dim)
        continue;
      Value operand = load.getMapOperands()[dim.getPosition()];
      if (operand == tile.getInductionVar() && !tileAt)
        tileAt = position;
      if (operand == rows.getInductionVar() && !rowAt)
        rowAt = position;
    }
    if (!tileAt || !rowAt || *tileAt >= *rowAt ||
        !type.getElementType().isIntOrFloat())
      return;
    std::optional<int64_t> bytes =
        llvm::divideCeil(type.getElementTypeBitWidth(), 8);
    for (int64_t size : type.getShape().drop_front(*rowAt + 1)) {
      if (ShapedType::isDynamic(size))
        return;
      bytes = llvm::checkedMul(*bytes, size);
      if (!bytes)
        return;
    }
    if (!shortest || *bytes < *shortest)
      shortest = bytes;
  });
  return shortest;
}

/// Replaces every access to `buffer` (affine loads and stores) by one to
/// slice `iv - lb` of `expanded`.
static void accessSlice(Value buffer, Value expanded, Value iv, int64_t lb,
                        RewriterBase &rewriter) {
  auto slice = [&](AffineMap map, ValueRange mapOperands) {
    MLIRContext *ctx = map.getContext();
    unsigned numDims = map.getNumDims();
    SmallVector<AffineExpr> results{getAffineDimExpr(numDims, ctx) - lb};
    llvm::append_range(results, map.getResults());
    SmallVector<Value> operands(mapOperands.take_front(numDims));
    operands.push_back(iv);
    llvm::append_range(operands, mapOperands.drop_front(numDims));
    return std::make_pair(
        AffineMap::get(numDims + 1, map.getNumSymbols(), results, ctx),
        operands);
  };
  // In place: the walk keeps pointers to the ops of the row's body, some
  // of which may be these loads and stores.
  for (Operation *user : llvm::make_early_inc_range(buffer.getUsers())) {
    SmallVector<Value> newOperands;
    AffineMap map;
    SmallVector<Value> mapOperands;
    if (auto load = dyn_cast<affine::AffineLoadOp>(user)) {
      std::tie(map, mapOperands) =
          slice(load.getAffineMap(), load.getMapOperands());
      newOperands.push_back(expanded);
    } else {
      auto store = cast<affine::AffineStoreOp>(user);
      std::tie(map, mapOperands) =
          slice(store.getAffineMap(), store.getMapOperands());
      newOperands = {store.getValueToStore(), expanded};
    }
    llvm::append_range(newOperands, mapOperands);
    rewriter.modifyOpInPlace(user, [&] {
      user->setOperands(newOperands);
      user->setAttr(affine::AffineLoadOp::getMapAttrStrName(),
                    AffineMapAttr::get(map));
    });
  }
}

/// Creates, before `rows`, a loop with `rows`'s bounds, moves `ops` into
/// it (in their order) and makes them use its index instead of `rows`'s.
static affine::AffineForOp moveIntoRowLoop(affine::AffineForOp rows,
                                           ArrayRef<Operation *> ops,
                                           RewriterBase &rewriter) {
  rewriter.setInsertionPoint(rows);
  auto loop = affine::AffineForOp::create(
      rewriter, rows.getLoc(), rows.getLowerBoundOperands(),
      rows.getLowerBoundMap(), rows.getUpperBoundOperands(),
      rows.getUpperBoundMap(), rows.getStepAsInt());
  Operation *yield = loop.getBody()->getTerminator();
  for (Operation *op : ops)
    rewriter.moveOpBefore(op, yield);
  rewriter.replaceUsesWithIf(
      rows.getInductionVar(), loop.getInductionVar(),
      [&](OpOperand &use) { return loop->isProperAncestor(use.getOwner()); });
  return loop;
}

/// Whether `loop` is `affine.for %e = 0 to n` (step 1): it visits every
/// element of a row of `n`.
static bool isWholeRowLoop(affine::AffineForOp loop, int64_t n) {
  return loop.hasConstantBounds() && loop.getConstantLowerBound() == 0 &&
         loop.getConstantUpperBound() == n && loop.getStepAsInt() == 1;
}

/// Whether the map `map` of `operands` indexes its last dimension with
/// `iv` alone and its other dimensions without it.
static bool isRowAccess(AffineMap map, ValueRange operands, Value iv) {
  if (map.getNumResults() == 0)
    return false;
  auto last = dyn_cast<AffineDimExpr>(map.getResults().back());
  if (!last || operands[last.getPosition()] != iv)
    return false;
  for (unsigned d = 0, e = map.getNumDims(); d < e; ++d)
    if (operands[d] == iv)
      for (AffineExpr result : map.getResults().drop_back())
        if (result.isFunctionOfDim(d))
          return false;
  return true;
}

/// Whether the map `map` of `operands` indexes the last dimension of
/// `type` (whose last dimension has unit stride) with `iv` plus what does
/// not depend on it, and its other dimensions without it: its trips read
/// consecutive elements.
static bool isContiguousAccess(MemRefType type, AffineMap map,
                               ValueRange operands, Value iv) {
  if (map.getNumResults() == 0 || !type.isLastDimUnitStride())
    return false;
  std::optional<unsigned> position;
  for (unsigned d = 0, e = map.getNumDims(); d < e; ++d) {
    if (operands[d] != iv)
      continue;
    if (position)
      return false;
    position = d;
  }
  if (!position)
    return false;
  for (AffineExpr result : map.getResults().drop_back())
    if (result.isFunctionOfDim(*position))
      return false;
  // The last index grows by exactly 1 from one trip to the next.
  AffineExpr last = map.getResults().back();
  AffineExpr dim = getAffineDimExpr(*position, map.getContext());
  AffineExpr step = simplifyAffineExpr(last.replace(dim, dim + 1) - last,
                                       map.getNumDims(), map.getNumSymbols());
  auto constant = dyn_cast<AffineConstantExpr>(step);
  return constant && constant.getValue() == 1;
}

namespace {
/// The uses of buffers of partials in rows of `n` that
/// accumulateRowsInVectors rewrites.
struct RowPartialUses {
  /// Loops that store a value from outside into every element of a row of
  /// one or more of the buffers, and do nothing else.
  SmallVector<affine::AffineForOp> fills;
  /// Loops over every element of a row that combine the element of each
  /// buffer they touch with a value computed element-wise
  /// (`%p[.., %e] = combine(%p[.., %e], ..)`), each with the stores of its
  /// updates (getRowAccumulation).
  SmallVector<
      std::pair<affine::AffineForOp, SmallVector<affine::AffineStoreOp>>>
      accumulations;
  /// Loops over every element of a row that combine rows of the buffers
  /// into their iter_args, and do nothing else, each with the loads of its
  /// elements (getRowCombination).
  SmallVector<std::pair<affine::AffineForOp, SmallVector<affine::AffineLoadOp>>>
      combinations;
  /// The combiners of every accumulation and combination, by buffer.
  DenseMap<Value, SmallVector<Operation *>> combiners;
};
} // namespace

/// Whether vectors of `type` lie in memory as memrefs of `type` do, one
/// element after the other: an integer or float whose width is a power of
/// two of at least 8 bits (a vector of i1 or i24 packs its elements closer
/// than a memref's elements lie).
static bool hasVectorMemoryLayout(Type type) {
  if (!type.isIntOrFloat())
    return false;
  unsigned bits = type.getIntOrFloatBitWidth();
  return bits >= 8 && llvm::isPowerOf2_32(bits);
}

/// Whether the op `op` of an accumulation loop computes one element from
/// others and its operands element-wise: an op of scalars that a vector op
/// of the same name computes lane by lane, with no effects.
static bool isElementwiseScalarOp(Operation *op) {
  auto isScalar = [](Type type) { return type.isIntOrFloat(); };
  return op->hasTrait<OpTrait::Elementwise>() &&
         op->hasTrait<OpTrait::Vectorizable>() && op->getNumRegions() == 0 &&
         isPure(op) && op->getNumResults() == 1 &&
         llvm::all_of(op->getOperandTypes(), isScalar) &&
         llvm::all_of(op->getResultTypes(), isScalar);
}

/// Whether `loop` (no iter_args) stores values from outside it into rows
/// of `buffers` and does nothing else.
static bool isRowFill(affine::AffineForOp loop,
                      const SetVector<Value> &buffers) {
  if (loop.getNumIterOperands() != 0)
    return false;
  for (Operation &op : loop.getBody()->without_terminator()) {
    auto store = dyn_cast<affine::AffineStoreOp>(op);
    if (!store || !buffers.contains(store.getMemRef()) ||
        !loop.isDefinedOutsideOfLoop(store.getValueToStore()) ||
        !isRowAccess(store.getAffineMap(), store.getMapOperands(),
                     loop.getInductionVar()))
      return false;
  }
  return true;
}

/// The updates of the partials of `buffers` that `loop` (no iter_args)
/// makes when it accumulates into their rows: its body loads an element of
/// a row of each buffer it touches, combines it with a value computed from
/// element-wise ops, loads of consecutive elements of other buffers and
/// values from outside, stores the result back where it loaded it, and
/// does nothing else. Empty otherwise.
static SmallVector<affine::AffineStoreOp>
getRowAccumulation(affine::AffineForOp loop, const SetVector<Value> &buffers) {
  if (loop.getNumIterOperands() != 0)
    return {};
  Value iv = loop.getInductionVar();
  SmallVector<affine::AffineLoadOp> partials;
  SmallVector<affine::AffineStoreOp> updates;
  for (Operation &op : loop.getBody()->without_terminator()) {
    if (auto load = dyn_cast<affine::AffineLoadOp>(op)) {
      if (buffers.contains(load.getMemRef()))
        partials.push_back(load);
      else if (!hasVectorMemoryLayout(load.getType()) ||
               !isContiguousAccess(load.getMemRefType(), load.getAffineMap(),
                                   load.getMapOperands(), iv))
        return {};
      continue;
    }
    if (auto store = dyn_cast<affine::AffineStoreOp>(op)) {
      if (!buffers.contains(store.getMemRef()))
        return {};
      updates.push_back(store);
      continue;
    }
    // Constants are taken from outside the loop.
    if (op.hasTrait<OpTrait::ConstantLike>() && op.getNumResults() == 1 &&
        op.getResult(0).getType().isIntOrFloat())
      continue;
    // The index itself reaches only the loads.
    if (!isElementwiseScalarOp(&op) || llvm::is_contained(op.getOperands(), iv))
      return {};
  }
  if (partials.empty() || partials.size() != updates.size())
    return {};
  SetVector<Value> touched;
  for (affine::AffineLoadOp partial : partials) {
    // Each partial enters its combiner alone, whose result is stored back
    // where it was loaded, once per buffer.
    if (!touched.insert(partial.getMemRef()) || !partial->hasOneUse() ||
        !isRowAccess(partial.getAffineMap(), partial.getMapOperands(), iv))
      return {};
    Operation *combiner = *partial->user_begin();
    if (combiner->getBlock() != loop.getBody() || !combiner->hasOneUse() ||
        combiner->getNumOperands() != 2 || !isReassociableCombiner(combiner) ||
        combiner->getOperand(0) == combiner->getOperand(1))
      return {};
    auto update = dyn_cast<affine::AffineStoreOp>(*combiner->user_begin());
    if (!update || update.getMemRef() != partial.getMemRef() ||
        update.getAffineMap() != partial.getAffineMap() ||
        update.getMapOperands() != partial.getMapOperands() ||
        update.getValueToStore() != combiner->getResult(0))
      return {};
  }
  return updates;
}

/// The loads of `buffers` whose elements `loop` combines into its
/// iter_args, one each, when it does nothing else: each iter_arg enters a
/// reassociable combiner with the element of a row, whose result is
/// yielded in its place. Empty otherwise.
static SmallVector<affine::AffineLoadOp>
getRowCombination(affine::AffineForOp loop, const SetVector<Value> &buffers) {
  unsigned count = loop.getNumIterOperands();
  Block *body = loop.getBody();
  if (count == 0 || body->getOperations().size() != 2 * count + 1)
    return {};
  SmallVector<affine::AffineLoadOp> loads;
  Operation *yield = body->getTerminator();
  for (BlockArgument acc : loop.getRegionIterArgs()) {
    if (!acc.hasOneUse())
      return {};
    Operation *combiner = *acc.user_begin();
    unsigned position = acc.getArgNumber() - 1;
    if (combiner->getBlock() != body || !isReassociableCombiner(combiner) ||
        combiner->getNumOperands() != 2 || !combiner->hasOneUse() ||
        yield->getOperand(position) != combiner->getResult(0))
      return {};
    Value other = combiner->getOperand(combiner->getOperand(0) == acc);
    auto load = other.getDefiningOp<affine::AffineLoadOp>();
    if (!load || load->getBlock() != body || !load->hasOneUse() ||
        !buffers.contains(load.getMemRef()) ||
        !isRowAccess(load.getAffineMap(), load.getMapOperands(),
                     loop.getInductionVar()))
      return {};
    loads.push_back(load);
  }
  return loads;
}

/// The map `map` of `operands` with the index `iv` replaced by 0, as a new
/// map and operands.
static std::pair<AffineMap, SmallVector<Value>>
atRowStart(AffineMap map, ValueRange operands, Value iv) {
  MLIRContext *ctx = map.getContext();
  for (unsigned d = 0, e = map.getNumDims(); d < e; ++d)
    if (operands[d] == iv)
      map = map.replace(getAffineDimExpr(d, ctx), getAffineConstantExpr(0, ctx),
                        map.getNumDims(), map.getNumSymbols());
  SmallVector<Value> newOperands(operands);
  affine::canonicalizeMapAndOperands(&map, &newOperands);
  return {map, newOperands};
}

/// Replaces the per-element partials of `allocas` (static `memref.alloca`
/// buffers of rows of `n` elements of one element type's width, as
/// walkTileRowsInPhysicalOrder leaves them) by `lanes` partials per row,
/// each accumulated by one vector: the fills become vector stores of the
/// identity, each accumulation loop a loop of step `lanes` whose
/// element-wise ops become vector ops and whose partials are iter_args
/// (loaded before and stored after), and each combination combines the
/// `lanes` partials of its rows. Applies only where every use of the
/// buffers is in one of these loops (RowPartialUses), each buffer's fills
/// store the identity of its combiner, and all of a buffer's accumulations
/// and combinations combine with the same reassociable combiner: partial
/// `l` of a row then holds the combination of the elements `l` modulo
/// `lanes` of the old row, and the combination of a row's partials is
/// unchanged up to reassociation. Returns whether it changed the IR.
static bool accumulateRowsInVectors(ArrayRef<memref::AllocaOp> allocas,
                                    int64_t lanes, RewriterBase &rewriter) {
  if (allocas.empty())
    return false;
  MemRefType first = memref::AllocaOp(allocas.front()).getType();
  if (first.getRank() == 0 || !first.hasStaticShape())
    return false;
  int64_t n = first.getShape().back();
  if (lanes <= 0 || lanes >= n || n % lanes != 0)
    return false;
  SetVector<Value> buffers;
  for (memref::AllocaOp alloca : allocas) {
    MemRefType type = alloca.getType();
    if (!type.hasStaticShape() || type.getRank() == 0 ||
        type.getShape().back() != n ||
        !hasVectorMemoryLayout(type.getElementType()) ||
        type.getElementTypeBitWidth() != first.getElementTypeBitWidth())
      return false;
    buffers.insert(alloca.getResult());
  }

  RowPartialUses uses;
  SetVector<Operation *> loops;
  for (Value buffer : buffers)
    for (Operation *user : buffer.getUsers()) {
      auto loop = dyn_cast<affine::AffineForOp>(user->getParentOp());
      if (!loop || !isWholeRowLoop(loop, n))
        return false;
      loops.insert(loop);
    }
  for (Operation *op : loops) {
    auto loop = cast<affine::AffineForOp>(op);
    if (isRowFill(loop, buffers)) {
      uses.fills.push_back(loop);
      continue;
    }
    if (SmallVector<affine::AffineStoreOp> updates =
            getRowAccumulation(loop, buffers);
        !updates.empty()) {
      for (affine::AffineStoreOp update : updates)
        uses.combiners[update.getMemRef()].push_back(
            update.getValueToStore().getDefiningOp());
      uses.accumulations.emplace_back(loop, std::move(updates));
      continue;
    }
    if (SmallVector<affine::AffineLoadOp> loads =
            getRowCombination(loop, buffers);
        !loads.empty()) {
      for (affine::AffineLoadOp load : loads)
        uses.combiners[load.getMemRef()].push_back(*load->user_begin());
      uses.combinations.emplace_back(loop, std::move(loads));
      continue;
    }
    return false;
  }
  // One combiner per buffer, at least one accumulation into it, and fills
  // with its identity.
  auto isAccumulation = [](Operation *combiner) {
    return isa<affine::AffineStoreOp>(*combiner->user_begin());
  };
  for (Value buffer : buffers) {
    auto it = uses.combiners.find(buffer);
    if (it == uses.combiners.end() || llvm::none_of(it->second, isAccumulation))
      return false;
    for (Operation *combiner : it->second)
      if (combiner->getName() != it->second.front()->getName())
        return false;
  }
  for (affine::AffineForOp loop : uses.fills)
    for (auto store : loop.getBody()->getOps<affine::AffineStoreOp>()) {
      Attribute value;
      if (!matchPattern(store.getValueToStore(), m_Constant(&value)))
        return false;
      // A partial of an idempotent combiner may start from any value the
      // combination meets anyway: each row's lanes, like its partials, all
      // start from it and are all combined.
      for (Operation *combiner : uses.combiners.lookup(store.getMemRef())) {
        if (!isAccumulation(combiner) || isIdempotentCombiner(combiner))
          continue;
        std::optional<TypedAttr> identity = getCombinerIdentity(
            combiner, store.getValueToStore().getType(), Attribute());
        if (!identity || Attribute(*identity) != value)
          return false;
      }
    }

  // The new partials: `lanes` per row.
  DenseMap<Value, Value> narrow;
  for (memref::AllocaOp alloca : allocas) {
    MemRefType type = alloca.getType();
    SmallVector<int64_t> shape(type.getShape());
    shape.back() = lanes;
    rewriter.setInsertionPoint(alloca);
    narrow[alloca.getResult()] =
        memref::AllocaOp::create(rewriter, alloca.getLoc(),
                                 MemRefType::get(shape, type.getElementType()),
                                 alloca.getAlignmentAttr());
  }
  auto vectorOf = [&](Type scalar) { return VectorType::get({lanes}, scalar); };

  for (affine::AffineForOp loop : uses.fills) {
    rewriter.setInsertionPoint(loop);
    for (auto store : loop.getBody()->getOps<affine::AffineStoreOp>()) {
      auto [map, operands] = atRowStart(
          store.getAffineMap(), store.getMapOperands(), loop.getInductionVar());
      Value value = store.getValueToStore();
      Value filled = vector::BroadcastOp::create(
          rewriter, store.getLoc(), vectorOf(value.getType()), value);
      affine::AffineVectorStoreOp::create(rewriter, store.getLoc(), filled,
                                          narrow.lookup(store.getMemRef()), map,
                                          operands);
    }
    rewriter.eraseOp(loop);
  }

  // Named copies, not structured bindings: the lambdas below capture them.
  for (auto &accumulation : uses.accumulations) {
    affine::AffineForOp loop = accumulation.first;
    MutableArrayRef<affine::AffineStoreOp> updates = accumulation.second;
    Value iv = loop.getInductionVar();
    Location loc = loop.getLoc();
    rewriter.setInsertionPoint(loop);
    // Each partial's row: loaded before the loop, an iter_arg in it,
    // stored after it.
    SmallVector<std::pair<AffineMap, SmallVector<Value>>> rows;
    SmallVector<Value> inits;
    for (affine::AffineStoreOp update : updates) {
      rows.push_back(
          atRowStart(update.getAffineMap(), update.getMapOperands(), iv));
      inits.push_back(affine::AffineVectorLoadOp::create(
          rewriter, loc, vectorOf(update.getValueToStore().getType()),
          narrow.lookup(update.getMemRef()), rows.back().first,
          rows.back().second));
    }
    // Values from outside the loop, one broadcast each.
    DenseMap<Value, Value> broadcasts;
    auto vectorOperand = [&](Value v, IRMapping &mapping) -> Value {
      if (Value inner = mapping.lookupOrNull(v))
        return inner;
      auto [it, inserted] = broadcasts.try_emplace(v);
      if (inserted) {
        OpBuilder::InsertionGuard guard(rewriter);
        rewriter.setInsertionPoint(loop);
        it->second = vector::BroadcastOp::create(rewriter, loc,
                                                 vectorOf(v.getType()), v);
      }
      return it->second;
    };
    auto vectorLoop = affine::AffineForOp::create(
        rewriter, loc, 0, n, lanes, inits,
        [&](OpBuilder &b, Location, Value e, ValueRange accs) {
          IRMapping mapping;
          mapping.map(iv, e);
          for (auto [update, acc] : llvm::zip(updates, accs))
            for (Operation *user : update.getMemRef().getUsers())
              if (auto load = dyn_cast<affine::AffineLoadOp>(user);
                  load && load->getParentOp() == loop)
                mapping.map(load.getResult(), acc);
          for (Operation &op : loop.getBody()->without_terminator()) {
            if (isa<affine::AffineStoreOp>(op))
              continue;
            if (auto load = dyn_cast<affine::AffineLoadOp>(op)) {
              if (buffers.contains(load.getMemRef()))
                continue;
              SmallVector<Value> loadOperands =
                  llvm::map_to_vector(load.getMapOperands(), [&](Value v) {
                    return mapping.lookupOrDefault(v);
                  });
              mapping.map(load.getResult(),
                          affine::AffineVectorLoadOp::create(
                              b, load.getLoc(), vectorOf(load.getType()),
                              load.getMemRef(), load.getAffineMap(),
                              loadOperands));
              continue;
            }
            if (op.hasTrait<OpTrait::ConstantLike>()) {
              Operation *hoisted;
              {
                OpBuilder::InsertionGuard guard(rewriter);
                rewriter.setInsertionPoint(loop);
                hoisted = rewriter.clone(op);
              }
              mapping.map(op.getResult(0),
                          vectorOperand(hoisted->getResult(0), mapping));
              continue;
            }
            OperationState state(op.getLoc(), op.getName());
            for (Value operand : op.getOperands())
              state.addOperands(vectorOperand(operand, mapping));
            state.addTypes(vectorOf(op.getResult(0).getType()));
            state.addAttributes(op.getAttrs());
            mapping.map(op.getResult(0), b.create(state)->getResult(0));
          }
          SmallVector<Value> yields =
              llvm::map_to_vector(updates, [&](affine::AffineStoreOp update) {
                return mapping.lookup(update.getValueToStore());
              });
          affine::AffineYieldOp::create(b, loc, yields);
        });
    for (auto [update, row, result] :
         llvm::zip(updates, rows, vectorLoop.getResults()))
      affine::AffineVectorStoreOp::create(rewriter, loc, result,
                                          narrow.lookup(update.getMemRef()),
                                          row.first, row.second);
    rewriter.eraseOp(loop);
  }

  for (auto &combination : uses.combinations) {
    affine::AffineForOp loop = combination.first;
    MutableArrayRef<affine::AffineLoadOp> loads = combination.second;
    rewriter.modifyOpInPlace(loop, [&] { loop.setConstantUpperBound(lanes); });
    for (affine::AffineLoadOp load : loads) {
      rewriter.setInsertionPoint(load);
      rewriter.replaceOpWithNewOp<affine::AffineLoadOp>(
          load, narrow.lookup(load.getMemRef()), load.getAffineMap(),
          load.getMapOperands());
    }
  }
  for (memref::AllocaOp alloca : allocas)
    rewriter.eraseOp(alloca);
  LDBG() << "accumulated the rows of " << allocas.size()
         << " buffers of partials in " << lanes << "-lane vectors";
  return true;
}

bool mlir::tlayout::walkTileRowsInPhysicalOrder(affine::AffineForOp rows,
                                                RewriterBase &rewriter,
                                                int64_t walkBytes,
                                                int64_t accumulatorBytes) {
  auto fail = [&](const Twine &why) {
    LDBG() << "rows at " << rows.getLoc() << " kept: " << why.str();
    return false;
  };
  if (!rows.hasConstantBounds() || rows.getStepAsInt() != 1 ||
      rows.getNumIterOperands() != 0)
    return fail("the loop has no constant bounds, a step other than 1 or "
                "iter_args");
  int64_t lb = rows.getConstantLowerBound();
  std::optional<int64_t> tripCount =
      llvm::checkedSub(rows.getConstantUpperBound(), lb);
  if (!tripCount || *tripCount < 2)
    return fail("fewer than two rows");

  // The body: fills and ops to hoist, the tile loop, then the rest.
  Block *body = rows.getBody();
  SmallVector<Operation *> fills, hoisted, rest;
  SetVector<Value> filled;
  affine::AffineForOp tile;
  for (Operation &op : body->without_terminator()) {
    if (tile) {
      rest.push_back(&op);
      continue;
    }
    if (auto loop = dyn_cast<affine::AffineForOp>(op)) {
      SmallVector<Value> buffers = getFilledBuffers(loop);
      if (!buffers.empty()) {
        fills.push_back(&op);
        filled.insert(buffers.begin(), buffers.end());
        continue;
      }
      tile = loop;
      continue;
    }
    if (isPure(&op) && op.getNumRegions() == 0 &&
        llvm::all_of(op.getOperands(), [&](Value v) {
          return rows.isDefinedOutsideOfLoop(v) ||
                 llvm::is_contained(hoisted, v.getDefiningOp());
        })) {
      hoisted.push_back(&op);
      continue;
    }
    return fail("an op before the tile loop is neither a fill nor pure");
  }
  if (!tile || fills.empty())
    return fail("no fill of partials followed by a tile loop");
  if (tile.getNumIterOperands() != 0)
    return fail("the tile loop carries values");
  auto isAvailable = [&](Value v) {
    return rows.isDefinedOutsideOfLoop(v) ||
           llvm::is_contained(hoisted, v.getDefiningOp());
  };
  if (!llvm::all_of(tile.getLowerBoundOperands(), isAvailable) ||
      !llvm::all_of(tile.getUpperBoundOperands(), isAvailable))
    return fail("the tile loop's bounds depend on the row");
  // Only hoisted values and the row index enter the tile loop from the
  // row's body.
  WalkResult uses = tile->walk([&](Operation *op) {
    for (Value v : op->getOperands())
      if (!isAvailable(v) && v != rows.getInductionVar() &&
          !tile->isAncestor(v.getParentRegion()->getParentOp()))
        return WalkResult::interrupt();
    return WalkResult::advance();
  });
  if (uses.wasInterrupted())
    return fail("the tile loop uses a value made in the row's body");
  std::optional<int64_t> runBytes = getRowRunBytes(tile, rows);
  if (!runBytes)
    return fail("the rows do not follow the tiles in the buffers' order");
  if (*runBytes >= walkBytes)
    return fail("each row reads " + Twine(*runBytes) +
                " contiguous bytes of a tile, enough as it is");

  // Each filled buffer gets one slice per row: every trip of `rows` writes
  // all of its slice before it reads it, so no value crosses from one row
  // to another through it.
  int64_t elements = *tripCount;
  for (Value buffer : filled) {
    if (!isPrivatizableBuffer(buffer, rows))
      return fail("a filled buffer is not a stack buffer accessed only by "
                  "affine loads and stores in the loop");
    std::optional<int64_t> total = llvm::checkedMul(
        *tripCount, cast<MemRefType>(buffer.getType()).getNumElements());
    if (!total)
      return fail("the partials' size overflows");
    elements = std::max(elements, *total);
  }
  if (elements > kMaxTileRowPartials)
    return fail("more partials than kMaxTileRowPartials");

  // The tile loop writes only the filled buffers (each row its slice) and
  // reads anything; the ops after it, which now run after every row's
  // tiles, write nothing the tile loop reads.
  SmallVector<Value> tileReads, tileWrites, restReads, restWrites;
  if (!collectMemrefEffects({tile}, tileReads, tileWrites) ||
      !collectMemrefEffects(rest, restReads, restWrites))
    return fail("an op's effects on memory are not known");
  if (tileWrites.empty() ||
      !llvm::all_of(tileWrites, [&](Value v) { return filled.contains(v); }))
    return fail("the tile loop writes a buffer other than the filled ones");
  for (Value write : restWrites)
    for (Value read : tileReads)
      if (!filled.contains(read) && !isDisjoint(write, read))
        return fail("an op after the tile loop may write what it reads");

  // Hoist, expand the buffers, then distribute the row loop over the
  // fills, the tile loop (interchanged with it) and the rest.
  Location loc = rows.getLoc();
  for (Operation *op : hoisted)
    rewriter.moveOpBefore(op, rows);
  SmallVector<memref::AllocaOp> expandedBuffers;
  for (Value buffer : filled) {
    auto alloca = buffer.getDefiningOp<memref::AllocaOp>();
    MemRefType type = alloca.getType();
    SmallVector<int64_t> shape{*tripCount};
    llvm::append_range(shape, type.getShape());
    rewriter.setInsertionPoint(alloca);
    auto expanded = memref::AllocaOp::create(
        rewriter, loc,
        MemRefType::get(shape, type.getElementType(), AffineMap(),
                        type.getMemorySpace()),
        alloca.getAlignmentAttr());
    accessSlice(buffer, expanded, rows.getInductionVar(), lb, rewriter);
    rewriter.eraseOp(alloca);
    expandedBuffers.push_back(expanded);
  }
  moveIntoRowLoop(rows, fills, rewriter);
  affine::AffineForOp tileRows = moveIntoRowLoop(rows, {tile}, rewriter);
  if (!rest.empty())
    moveIntoRowLoop(rows, rest, rewriter);
  rewriter.eraseOp(rows);
  affine::interchangeLoops(tileRows, tile);
  LDBG() << "walked the rows at " << loc << " tile by tile";

  if (accumulatorBytes <= 0)
    return true;
  // All the partials together (a loop may fill, accumulate or combine
  // several), in vectors of `accumulatorBytes`, more where there are fewer
  // rows than kRowAccumulatorVectors.
  Type elementType = expandedBuffers.front().getType().getElementType();
  if (!hasVectorMemoryLayout(elementType))
    return true;
  int64_t elementBytes = elementType.getIntOrFloatBitWidth() / 8;
  if (accumulatorBytes < elementBytes)
    return true;
  int64_t lanes = accumulatorBytes / elementBytes *
                  llvm::divideCeil(kRowAccumulatorVectors, *tripCount);
  accumulateRowsInVectors(expandedBuffers, lanes, rewriter);
  return true;
}

//===----------------------------------------------------------------------===//
// Stores repeated by the loops around a tile loop
//===----------------------------------------------------------------------===//

namespace {

/// Where one load or store of a tile loop's body reads or writes: its
/// buffer, its indices as one affine map of its operands (composed with the
/// `affine.apply` ops that feed them), and the type it reads or writes.
struct AccessKey {
  Value memref;
  AffineMap map;
  SmallVector<Value> operands;
  Type type;
  bool isWrite = false;
  /// A vector transfer whose lanes are all in bounds: it stays within the
  /// dimensions it covers.
  bool inBounds = false;

  bool isSameLocation(const AccessKey &other) const {
    return memref == other.memref && map == other.map &&
           operands == other.operands && type == other.type;
  }
};

} // namespace

/// The access key of `op` when it is an `affine.load`/`store`,
/// `affine.vector_load`/`vector_store`, `memref.load`/`store` or
/// `vector.load`/`store`; nothing for any other op.
static std::optional<AccessKey> getAccessKey(Operation *op) {
  AccessKey key;
  if (auto read = dyn_cast<affine::AffineReadOpInterface>(op)) {
    key.memref = read.getMemRef();
    key.map = read.getAffineMap();
    key.operands = llvm::to_vector(read.getMapOperands());
    key.type = read.getValue().getType();
  } else if (auto write = dyn_cast<affine::AffineWriteOpInterface>(op)) {
    key.memref = write.getMemRef();
    key.map = write.getAffineMap();
    key.operands = llvm::to_vector(write.getMapOperands());
    key.type = write.getValueToStore().getType();
    key.isWrite = true;
  } else {
    ValueRange indices;
    if (auto load = dyn_cast<memref::LoadOp>(op)) {
      key.memref = load.getMemRef();
      indices = load.getIndices();
      key.type = load.getType();
    } else if (auto store = dyn_cast<memref::StoreOp>(op)) {
      key.memref = store.getMemRef();
      indices = store.getIndices();
      key.type = store.getValueToStore().getType();
      key.isWrite = true;
    } else if (auto load = dyn_cast<vector::LoadOp>(op)) {
      key.memref = load.getBase();
      indices = load.getIndices();
      key.type = load.getType();
    } else if (auto store = dyn_cast<vector::StoreOp>(op)) {
      key.memref = store.getBase();
      indices = store.getIndices();
      key.type = store.getValueToStore().getType();
      key.isWrite = true;
    } else if (auto transfer = dyn_cast<VectorTransferOpInterface>(op)) {
      // Only a transfer that is a plain vector load or store: unmasked, in
      // bounds, along the trailing dimensions of a memref.
      if (transfer.getMask() ||
          !transfer.getPermutationMap().isMinorIdentity() ||
          !isa<MemRefType>(transfer.getBase().getType()) ||
          llvm::any_of(transfer.getInBoundsValues(),
                       [](bool inBounds) { return !inBounds; }))
        return std::nullopt;
      key.memref = transfer.getBase();
      indices = transfer.getIndices();
      key.type = transfer.getVectorType();
      key.isWrite = isa<vector::TransferWriteOp>(op);
      key.inBounds = true;
    } else {
      return std::nullopt;
    }
    key.map =
        AffineMap::getMultiDimIdentityMap(indices.size(), op->getContext());
    key.operands = llvm::to_vector(indices);
  }
  affine::fullyComposeAffineMapAndOperands(&key.map, &key.operands);
  affine::canonicalizeMapAndOperands(&key.map, &key.operands);
  return key;
}

/// The coefficient of `var` in `expr` where `expr` is pure affine (a sum of
/// constant multiples of dims and symbols); nothing otherwise or on
/// overflow.
static std::optional<int64_t> getLinearCoefficient(AffineExpr expr,
                                                   AffineExpr var) {
  if (expr == var)
    return 1;
  if (isa<AffineDimExpr, AffineSymbolExpr, AffineConstantExpr>(expr))
    return 0;
  auto binary = cast<AffineBinaryOpExpr>(expr);
  std::optional<int64_t> lhs = getLinearCoefficient(binary.getLHS(), var);
  if (!lhs)
    return std::nullopt;
  if (binary.getKind() == AffineExprKind::Add) {
    std::optional<int64_t> rhs = getLinearCoefficient(binary.getRHS(), var);
    if (!rhs)
      return std::nullopt;
    return llvm::checkedAdd(*lhs, *rhs);
  }
  if (binary.getKind() == AffineExprKind::Mul)
    if (auto factor = dyn_cast<AffineConstantExpr>(binary.getRHS()))
      return llvm::checkedMul(*lhs, factor.getValue());
  return std::nullopt;
}

/// The elements the access of `key` covers along the memref dimension of
/// its map's result `d`: the vector's size along it for one of the vector's
/// trailing dimensions, 1 otherwise; nothing for a scalable vector or one
/// of more dimensions than the map.
static std::optional<int64_t> getExtent(const AccessKey &key, int64_t d) {
  auto vectorType = dyn_cast<VectorType>(key.type);
  if (!vectorType)
    return 1;
  int64_t rank = key.map.getNumResults();
  int64_t vectorRank = vectorType.getRank();
  if (vectorType.isScalable() || vectorRank > rank)
    return std::nullopt;
  if (d < rank - vectorRank)
    return 1;
  return vectorType.getDimSize(d - (rank - vectorRank));
}

/// The dim or symbol of `key`'s map that `value` is bound to; nothing where
/// `value` is not one of its operands.
static std::optional<AffineExpr> getOperandExpr(const AccessKey &key,
                                                Value value) {
  auto it = llvm::find(key.operands, value);
  if (it == key.operands.end())
    return std::nullopt;
  unsigned position = it - key.operands.begin();
  unsigned numDims = key.map.getNumDims();
  return position < numDims
             ? getAffineDimExpr(position, key.map.getContext())
             : getAffineSymbolExpr(position - numDims, key.map.getContext());
}

/// Whether `key`'s buffer and every operand of its location are made
/// outside `loop`, except operands that `isIndex` accepts (indices of loops
/// inside it that the caller accounts for).
static bool isMadeOutside(const AccessKey &key, LoopLikeOpInterface loop,
                          function_ref<bool(Value)> isIndex) {
  return loop.isDefinedOutsideOfLoop(key.memref) &&
         llvm::all_of(key.operands, [&](Value operand) {
           return isIndex(operand) || loop.isDefinedOutsideOfLoop(operand);
         });
}

/// Whether the accesses of `key` at distinct trips of `tiles` touch
/// disjoint elements: some index is pure affine in the tile loop's index,
/// with a coefficient that moves it by at least the elements the access
/// covers along that dimension at every trip.
static bool separatesTrips(const AccessKey &key, affine::AffineForOp tiles) {
  std::optional<AffineExpr> var = getOperandExpr(key, tiles.getInductionVar());
  if (!var)
    return false;
  for (auto [d, result] : llvm::enumerate(key.map.getResults())) {
    if (!result.isPureAffine())
      continue;
    std::optional<int64_t> coefficient = getLinearCoefficient(result, *var);
    if (!coefficient || *coefficient == 0)
      continue;
    std::optional<int64_t> extent = getExtent(key, d);
    if (!extent)
      return false;
    std::optional<int64_t> move =
        llvm::checkedMul(std::abs(*coefficient), tiles.getStepAsInt());
    if (move && *move >= *extent)
      return true;
  }
  return false;
}

/// Whether the vector access of `key` (any scalar access is) stays within
/// the dimensions it indexes: a transfer whose lanes are all in bounds, or
/// along every dimension a vector dimension of more than one lane covers,
/// an index that is a multiple of the lanes (by `facts`), which divide the
/// memref's static size there, so a vector that starts in bounds ends in
/// bounds. (One that runs past the end of a row reaches the next row on a
/// CPU, which the per-dimension reasoning of separatesTrips and isInjective
/// does not see.)
static bool staysWithinDims(const AccessKey &key, IndexFactsAnalysis &facts) {
  if (!isa<VectorType>(key.type) || key.inBounds)
    return true;
  auto type = dyn_cast<MemRefType>(key.memref.getType());
  // (A vector of more dimensions than the map has no extent anywhere.)
  if (!type || type.getRank() != key.map.getNumResults() || !getExtent(key, 0))
    return false;
  SmallVector<IndexFacts> operandFacts = facts.getFacts(key.operands);
  for (auto [d, result] : llvm::enumerate(key.map.getResults())) {
    int64_t lanes = *getExtent(key, d);
    if (lanes == 1)
      continue;
    int64_t multiple =
        evaluateIndexFacts(result, operandFacts, key.map.getNumDims()).multiple;
    if (type.isDynamicDim(d) || type.getDimSize(d) % lanes != 0 ||
        multiple % lanes != 0)
      return false;
  }
  return true;
}

/// A loop index of a jammed nest with its step and trip count (0 where it
/// is not known).
struct JammedIndex {
  Value iv;
  int64_t step;
  int64_t trip;
};

/// Whether `key` touches distinct elements at distinct trips of `indices`:
/// every index with more than one trip moves exactly one dimension of the
/// location, as a pure affine term, and within each dimension the terms
/// nest as digits of a mixed radix (each moves by at least the span of
/// the smaller ones and of the access itself; an index of unknown trip
/// count must move the most).
static bool isInjective(const AccessKey &key, ArrayRef<JammedIndex> indices) {
  int64_t rank = key.map.getNumResults();
  // Per dimension: (|coefficient * step|, trip) of its indices.
  SmallVector<SmallVector<std::pair<int64_t, int64_t>>> digits(rank);
  for (const JammedIndex &index : indices) {
    std::optional<AffineExpr> operand = getOperandExpr(key, index.iv);
    if (!operand) {
      // An index of one trip moves nothing; any other must move the
      // location.
      if (index.trip == 1)
        continue;
      return false;
    }
    AffineExpr var = *operand;
    int found = 0;
    for (auto [d, result] : llvm::enumerate(key.map.getResults())) {
      bool uses = false;
      result.walk([&](AffineExpr e) { uses |= e == var; });
      if (!uses)
        continue;
      std::optional<int64_t> coefficient =
          result.isPureAffine() ? getLinearCoefficient(result, var)
                                : std::nullopt;
      if (!coefficient || *coefficient == 0)
        return false;
      std::optional<int64_t> weight =
          llvm::checkedMul(std::abs(*coefficient), index.step);
      if (!weight)
        return false;
      digits[d].push_back({*weight, index.trip});
      ++found;
    }
    if (found != 1)
      return false;
  }
  for (auto [d, dimDigits] : llvm::enumerate(digits)) {
    std::optional<int64_t> extent = getExtent(key, d);
    if (!extent)
      return false;
    int64_t span = *extent;
    llvm::sort(dimDigits);
    for (auto [k, digit] : llvm::enumerate(dimDigits)) {
      auto [weight, trip] = digit;
      if (weight < span)
        return false;
      if (trip == 0) {
        if (k + 1 != dimDigits.size())
          return false;
        continue;
      }
      std::optional<int64_t> move = llvm::checkedMul(weight, trip - 1);
      std::optional<int64_t> next =
          move ? llvm::checkedAdd(span, *move) : std::nullopt;
      if (!next)
        return false;
      span = *next;
    }
  }
  return true;
}

/// Forwards, in the straight-line body of `loop`, each value stored to the
/// loads of the same location that follow it, and erases the stores that a
/// later store to the same location overwrites before anything reads it.
/// Every op with memory effects in the body has an access key (checked by
/// the caller), and distinct memrefs written or read are disjoint.
static void forwardStores(affine::AffineForOp loop, RewriterBase &rewriter) {
  // The last access of each location: the store (null after a load) and
  // the value it stored or loaded.
  SmallVector<std::tuple<AccessKey, Operation *, Value>> lastStores;
  for (Operation &op : llvm::make_early_inc_range(*loop.getBody())) {
    std::optional<AccessKey> key = getAccessKey(&op);
    if (!key)
      continue;
    auto *it = llvm::find_if(lastStores, [&](const auto &entry) {
      return std::get<0>(entry).isSameLocation(*key);
    });
    if (!key->isWrite) {
      if (it != lastStores.end())
        rewriter.replaceOp(&op, std::get<2>(*it));
      else
        lastStores.push_back({*key, nullptr, op.getResult(0)});
      continue;
    }
    // Every value stored is the first operand of the stores with keys.
    Value stored = op.getOperand(0);
    if (it == lastStores.end()) {
      lastStores.push_back({*key, &op, stored});
      continue;
    }
    // Overwritten before anything read it: every load of the location
    // since was forwarded above.
    if (std::get<1>(*it))
      rewriter.eraseOp(std::get<1>(*it));
    std::get<1>(*it) = &op;
    std::get<2>(*it) = stored;
  }
}

namespace {
/// A loop index with its step and trip count.
struct LoopExtent {
  Value iv;
  int64_t step;
  int64_t trip;
};
} // namespace

/// The bytes between the first and the last byte that `key` touches while
/// the indices of `extents` run through their trips (the others fixed), as
/// a static identity-layout memref holds its elements: the access's own
/// bytes plus, for each index, its stride in bytes times its steps. Nothing
/// where that is not known: a memref of another layout or of dynamic
/// shape, elements that are not integers or floats of a known width
/// (`index`), a scalable vector, or an index that enters a location
/// other than as a pure affine term.
static std::optional<int64_t> getSpanBytes(const AccessKey &key,
                                           ArrayRef<LoopExtent> extents) {
  auto type = dyn_cast<MemRefType>(key.memref.getType());
  if (!type || !type.hasStaticShape() || !type.getLayout().isIdentity() ||
      !type.getElementType().isIntOrFloat() ||
      type.getRank() != key.map.getNumResults())
    return std::nullopt;
  int64_t elementBytes =
      llvm::divideCeil(type.getElementType().getIntOrFloatBitWidth(), 8);
  auto vectorType = dyn_cast<VectorType>(key.type);
  if (vectorType && vectorType.isScalable())
    return std::nullopt;
  std::optional<int64_t> span = llvm::checkedMul<int64_t>(
      vectorType ? vectorType.getNumElements() : 1, elementBytes);
  SmallVector<int64_t> strides = computeSuffixProduct(type.getShape());
  for (const LoopExtent &extent : extents) {
    std::optional<AffineExpr> var = getOperandExpr(key, extent.iv);
    if (!var)
      continue;
    std::optional<int64_t> stride = 0;
    for (auto [d, result] : llvm::enumerate(key.map.getResults())) {
      bool uses = false;
      result.walk([&](AffineExpr e) { uses |= e == *var; });
      if (!uses)
        continue;
      std::optional<int64_t> coefficient =
          result.isPureAffine() ? getLinearCoefficient(result, *var)
                                : std::nullopt;
      std::optional<int64_t> term =
          coefficient && stride ? llvm::checkedMul(*coefficient, strides[d])
                                : std::nullopt;
      stride = term ? llvm::checkedAdd(*stride, *term) : std::nullopt;
    }
    std::optional<int64_t> move =
        stride ? llvm::checkedMul(std::abs(*stride), elementBytes)
               : std::nullopt;
    move = move ? llvm::checkedMul(*move, extent.step) : std::nullopt;
    move = move ? llvm::checkedMul(*move, std::max<int64_t>(0, extent.trip - 1))
                : std::nullopt;
    span = span && move ? llvm::checkedAdd(*span, *move) : std::nullopt;
  }
  return span;
}

/// The trip count of `loop` where it is static (affine.for's own analysis,
/// which the interface's default does not use, or the interface's).
static std::optional<uint64_t> getStaticTrips(LoopLikeOpInterface loop) {
  if (auto affineLoop = dyn_cast<affine::AffineForOp>(loop.getOperation()))
    return affine::getConstantTripCount(affineLoop);
  std::optional<APInt> trip = loop.getStaticTripCount();
  if (!trip || trip->getActiveBits() > 64)
    return std::nullopt;
  return trip->getZExtValue();
}

/// Whether the accesses `repeated` (those a jam of `rows` around `tiles`
/// would do once for all rows, one per location) are to an accumulator that a
/// loop around the rows revisits while it is still in cache: every one is
/// invariant in that loop (its buffer and location made outside it, or by
/// the loops in between), the loop runs more than once (or its trips are not
/// known), and over the loops between it and the rows and `tiles` the
/// accesses span at most kMaxRevisitedBytes together (getSpanBytes, from
/// the first byte to the last: a strided accumulator counts the lines it
/// spreads over). Where nothing bounds the bytes (a loop in between without
/// a static trip count or induction variables, or a span that is not
/// known), it answers no.
static bool isRevisitedAccumulator(ArrayRef<AccessKey> repeated,
                                   ArrayRef<affine::AffineForOp> rows,
                                   affine::AffineForOp tiles) {
  if (repeated.empty())
    return false;
  // The loops between the candidate and the rows, and `tiles`.
  SmallVector<LoopExtent> between;
  auto asExtent = [](LoopLikeOpInterface loop) -> std::optional<LoopExtent> {
    std::optional<SmallVector<Value>> ivs = loop.getLoopInductionVars();
    std::optional<SmallVector<OpFoldResult>> steps = loop.getLoopSteps();
    std::optional<uint64_t> trip = getStaticTrips(loop);
    if (!ivs || ivs->size() != 1 || !steps || steps->size() != 1 || !trip ||
        *trip > static_cast<uint64_t>(std::numeric_limits<int64_t>::max()))
      return std::nullopt;
    std::optional<int64_t> step = getConstantIntValue(steps->front());
    if (!step || *step <= 0)
      return std::nullopt;
    return LoopExtent{ivs->front(), *step, static_cast<int64_t>(*trip)};
  };
  std::optional<LoopExtent> tileExtent =
      asExtent(cast<LoopLikeOpInterface>(tiles.getOperation()));
  if (!tileExtent)
    return false;
  between.push_back(*tileExtent);
  auto isBetween = [&](Value value) {
    return llvm::any_of(
        between, [&](const LoopExtent &extent) { return extent.iv == value; });
  };
  for (Operation *op = rows.back()->getParentOp();
       op && !isa<FunctionOpInterface>(op); op = op->getParentOp()) {
    auto loop = dyn_cast<LoopLikeOpInterface>(op);
    if (!loop)
      continue;
    // A buffer or an operand made inside the loop, other than an index of
    // the loops between, may change with the loop's trip.
    auto isInvariant = [&](const AccessKey &key) {
      return isMadeOutside(key, loop, isBetween);
    };
    std::optional<uint64_t> trip = getStaticTrips(loop);
    std::optional<SmallVector<Value>> ivs = loop.getLoopInductionVars();
    if (auto parallel = dyn_cast<affine::AffineParallelOp>(op))
      ivs = llvm::to_vector_of<Value>(parallel.getIVs());
    if (ivs && !ivs->empty() && !(trip && *trip <= 1) &&
        llvm::all_of(repeated, isInvariant)) {
      std::optional<int64_t> total = 0;
      for (const AccessKey &key : repeated) {
        std::optional<int64_t> span = getSpanBytes(key, between);
        total = span && total ? llvm::checkedAdd(*total, *span) : std::nullopt;
      }
      return total && *total <= kMaxRevisitedBytes;
    }
    std::optional<LoopExtent> extent = asExtent(loop);
    if (!extent)
      return false;
    between.push_back(*extent);
  }
  return false;
}

bool mlir::tlayout::jamRepeatedStores(affine::AffineForOp tiles,
                                      RewriterBase &rewriter) {
  if (tiles.getNumIterOperands() != 0)
    return false;
  // The body: ops without regions, each free of memory effects, a load or
  // store with an access key, or an op that only reads named memrefs.
  SmallVector<AccessKey> writes, keyedReads;
  SmallVector<Value> otherReads;
  int64_t numOps = 0;
  for (Operation &op : tiles.getBody()->without_terminator()) {
    ++numOps;
    if (op.getNumRegions() != 0)
      return false;
    if (isMemoryEffectFree(&op))
      continue;
    if (std::optional<AccessKey> key = getAccessKey(&op)) {
      (key->isWrite ? writes : keyedReads).push_back(*key);
      continue;
    }
    auto iface = dyn_cast<MemoryEffectOpInterface>(&op);
    if (!iface)
      return false;
    SmallVector<MemoryEffects::EffectInstance> effects;
    iface.getEffects(effects);
    for (const MemoryEffects::EffectInstance &effect : effects) {
      Value value = effect.getValue();
      if (!isa<MemoryEffects::Read>(effect.getEffect()) || !value ||
          !isa<BaseMemRefType>(value.getType()))
        return false;
      otherReads.push_back(value);
    }
  }
  if (writes.empty())
    return false;
  auto isWriteOnly = [&](Value memref) {
    return !llvm::is_contained(otherReads, memref) &&
           llvm::none_of(keyedReads, [&](const AccessKey &key) {
             return key.memref == memref;
           });
  };

  // The loops around it that repeat its stores: constant bounds, a body of
  // ops without effects or regions before the loop inside, and no access
  // location, buffer or bound of the tile loop that depends on them.
  SmallVector<affine::AffineForOp> rows;
  int64_t trips = 1;
  Operation *child = tiles;
  while (auto parent = dyn_cast<affine::AffineForOp>(child->getParentOp())) {
    if (!parent.hasConstantBounds() || parent.getNumIterOperands() != 0)
      break;
    std::optional<uint64_t> trip = affine::getConstantTripCount(parent);
    if (!trip || *trip == 0 ||
        child->getNextNode() != parent.getBody()->getTerminator())
      break;
    int64_t levelOps = 0;
    bool pure = true;
    for (Operation &op : *parent.getBody()) {
      if (&op == child)
        break;
      ++levelOps;
      pure &= op.getNumRegions() == 0 && isMemoryEffectFree(&op);
    }
    if (!pure)
      break;
    auto isOutside = [&](Value value) {
      return parent.isDefinedOutsideOfLoop(value);
    };
    auto keyIsOutside = [&](const AccessKey &key) {
      return isMadeOutside(key, parent, [&](Value operand) {
        return operand == tiles.getInductionVar();
      });
    };
    // A buffer that is only written may be written at locations that
    // depend on the rows (distinct ones, checked below).
    auto rowsOrOutside = [&](const AccessKey &key) {
      return isWriteOnly(key.memref) && isOutside(key.memref) &&
             llvm::all_of(key.operands, [&](Value operand) {
               return operand == tiles.getInductionVar() ||
                      operand == parent.getInductionVar() ||
                      llvm::any_of(rows,
                                   [&](affine::AffineForOp row) {
                                     return row.getInductionVar() == operand;
                                   }) ||
                      isOutside(operand);
             });
    };
    // Reads may depend on the rows where their buffer is not written (a
    // read of a written buffer at another location fails below).
    if (!llvm::all_of(writes,
                      [&](const AccessKey &key) {
                        return keyIsOutside(key) || rowsOrOutside(key);
                      }) ||
        !llvm::all_of(
            keyedReads,
            [&](const AccessKey &key) { return isOutside(key.memref); }) ||
        !llvm::all_of(otherReads, isOutside) ||
        !llvm::all_of(tiles.getOperands(), isOutside))
      break;
    std::optional<int64_t> product =
        llvm::checkedMul(trips, static_cast<int64_t>(*trip));
    if (!product || *product > kMaxJammedTrips)
      break;
    std::optional<int64_t> size = llvm::checkedMul(*product, numOps + levelOps);
    if (!size || *size > kMaxJammedOps)
      break;
    numOps += levelOps;
    trips = *product;
    rows.push_back(parent);
    child = parent;
  }
  if (rows.empty()) {
    LDBG() << "not jammed: no loop around " << tiles.getLoc()
           << " repeats its stores";
    return false;
  }

  // Something is repeated: an access whose location moves with the tiles
  // but depends on none of the rows (one that moves with neither is
  // invariant in the tile loop too, and hoisted by others).
  SmallVector<JammedIndex> indices;
  for (affine::AffineForOp row : rows)
    indices.push_back(
        {row.getInductionVar(), row.getStepAsInt(),
         static_cast<int64_t>(*affine::getConstantTripCount(row))});
  size_t numRows = indices.size();
  auto usesRows = [&](const AccessKey &key) {
    return llvm::any_of(ArrayRef(indices).take_front(numRows),
                        [&](const JammedIndex &index) {
                          return llvm::is_contained(key.operands, index.iv);
                        });
  };
  if (llvm::none_of(llvm::concat<AccessKey>(writes, keyedReads),
                    [&](const AccessKey &key) {
                      return !usesRows(key) &&
                             llvm::is_contained(key.operands,
                                                tiles.getInductionVar());
                    })) {
    LDBG() << "not jammed: every access around " << tiles.getLoc()
           << " depends on the rows";
    return false;
  }
  // The rows' accumulator stays in cache between the trips of a loop that
  // revisits it: the jam would save only cache traffic, and would run the
  // rows' own accesses side by side (column sums over groups of tile rows
  // read each tile as one stream per row).
  SmallVector<AccessKey> repeated;
  for (const AccessKey &key : llvm::concat<AccessKey>(writes, keyedReads))
    if (!usesRows(key) &&
        llvm::is_contained(key.operands, tiles.getInductionVar()) &&
        llvm::none_of(repeated, [&](const AccessKey &other) {
          return other.isSameLocation(key);
        }))
      repeated.push_back(key);
  if (isRevisitedAccumulator(repeated, rows, tiles)) {
    LDBG() << "not jammed: a loop around " << tiles.getLoc()
           << " revisits the repeated locations while they are in cache";
    return false;
  }
  std::optional<uint64_t> tileTrip = affine::getConstantTripCount(tiles);
  indices.push_back({tiles.getInductionVar(), tiles.getStepAsInt(),
                     tileTrip ? static_cast<int64_t>(*tileTrip) : 0});

  IndexFactsAnalysis facts;
  // Every access to a buffer it writes is to one location per trip of the
  // tile loop, distinct trips touch distinct elements (for a buffer only
  // written at locations that depend on the rows: distinct trips of the
  // rows and the tiles), and the other buffers it accesses are distinct
  // from the written ones.
  SmallVector<Value> accessed(otherReads);
  for (const AccessKey &key : llvm::concat<AccessKey>(writes, keyedReads))
    accessed.push_back(key.memref);
  for (const AccessKey &write : writes) {
    // Distinct indices of a layout that is not the identity (a broadcast's
    // zero stride) may be one element.
    auto type = dyn_cast<MemRefType>(write.memref.getType());
    if (!type || !type.getLayout().isIdentity()) {
      LDBG() << "not jammed: a written memref's layout is not the identity";
      return false;
    }
    if (!staysWithinDims(write, facts)) {
      LDBG() << "not jammed: a written vector may run past its dimension";
      return false;
    }
    if (usesRows(write) ? !isInjective(write, indices)
                        : !separatesTrips(write, tiles)) {
      LDBG() << "not jammed: distinct trips of " << tiles.getLoc()
             << " may store to one element";
      return false;
    }
    for (const AccessKey &other : llvm::concat<AccessKey>(writes, keyedReads))
      if (other.memref == write.memref && !other.isSameLocation(write)) {
        LDBG() << "not jammed: a written buffer is accessed at two locations";
        return false;
      }
    for (Value other : accessed)
      if (other != write.memref && !isDisjoint(other, write.memref)) {
        LDBG() << "not jammed: a written buffer may be another it accesses";
        return false;
      }
    if (llvm::is_contained(otherReads, write.memref)) {
      LDBG() << "not jammed: a written buffer is read by an op without key";
      return false;
    }
  }

  // The tile loop, moved outside the rows, runs every trip of the rows in
  // their order at each of its trips.
  std::reverse(rows.begin(), rows.end());
  affine::AffineForOp outermost = rows.front();
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(outermost);
  Location loc = tiles.getLoc();
  SmallVector<SmallVector<Value>> rowValues;
  for (affine::AffineForOp row : rows) {
    SmallVector<Value> values;
    int64_t trip = *affine::getConstantTripCount(row);
    for (int64_t k = 0; k < trip; ++k)
      values.push_back(arith::ConstantIndexOp::create(
          rewriter, row.getLoc(),
          row.getConstantLowerBound() + k * row.getStepAsInt()));
    rowValues.push_back(std::move(values));
  }
  auto jammed = affine::AffineForOp::create(
      rewriter, loc, tiles.getLowerBoundOperands(), tiles.getLowerBoundMap(),
      tiles.getUpperBoundOperands(), tiles.getUpperBoundMap(),
      tiles.getStepAsInt());
  rewriter.setInsertionPoint(jammed.getBody()->getTerminator());
  IRMapping mapping;
  mapping.map(tiles.getInductionVar(), jammed.getInductionVar());
  for (int64_t n = 0; n < trips; ++n) {
    int64_t rest = n;
    SmallVector<int64_t> position(rows.size());
    for (int64_t k = rows.size() - 1; k >= 0; --k) {
      int64_t trip = rowValues[k].size();
      position[k] = rest % trip;
      rest /= trip;
    }
    for (auto [k, row] : llvm::enumerate(rows)) {
      mapping.map(row.getInductionVar(), rowValues[k][position[k]]);
      Operation *inner = k + 1 < rows.size() ? rows[k + 1].getOperation()
                                             : tiles.getOperation();
      for (Operation &op : *row.getBody()) {
        if (&op == inner)
          break;
        rewriter.clone(op, mapping);
      }
    }
    for (Operation &op : tiles.getBody()->without_terminator())
      rewriter.clone(op, mapping);
  }
  rewriter.eraseOp(outermost);
  forwardStores(jammed, rewriter);
  LDBG() << "jammed " << trips << " trips of the loops around " << loc;
  return true;
}

//===----------------------------------------------------------------------===//
// Collapsing nests that walk whole buffers in order
//===----------------------------------------------------------------------===//

/// Whether `op` (an affine.load or affine.store) indexes its memref, a
/// static one with the identity layout, with `ivs` as its last indices in
/// their order over the whole of those dimensions (of sizes `trips`), and
/// its other indices with none of `ivs`.
static bool indexesTrailingDims(Operation *op, ArrayRef<Value> ivs,
                                ArrayRef<int64_t> trips) {
  AffineMap map;
  SmallVector<Value> operands;
  MemRefType type;
  if (auto load = dyn_cast<affine::AffineLoadOp>(op)) {
    map = load.getAffineMap();
    operands = llvm::to_vector(load.getMapOperands());
    type = load.getMemRefType();
  } else if (auto store = dyn_cast<affine::AffineStoreOp>(op)) {
    map = store.getAffineMap();
    operands = llvm::to_vector(store.getMapOperands());
    type = store.getMemRefType();
  } else {
    return false;
  }
  int64_t rank = type.getRank();
  int64_t n = ivs.size();
  if (!type.getLayout().isIdentity() || !type.hasStaticShape() || rank < n)
    return false;
  auto operandOf = [&](AffineExpr expr) -> Value {
    if (auto dim = dyn_cast<AffineDimExpr>(expr))
      return operands[dim.getPosition()];
    if (auto sym = dyn_cast<AffineSymbolExpr>(expr))
      return operands[map.getNumDims() + sym.getPosition()];
    return nullptr;
  };
  for (int64_t d = 0; d < rank; ++d) {
    AffineExpr result = map.getResult(d);
    if (d >= rank - n) {
      int64_t k = d - (rank - n);
      if (operandOf(result) != ivs[k] || type.getDimSize(d) != trips[k])
        return false;
      continue;
    }
    bool usesIv = false;
    result.walk([&](AffineExpr e) {
      if (Value v = operandOf(e))
        usesIv |= llvm::is_contained(ivs, v);
    });
    if (usesIv)
      return false;
  }
  return true;
}

/// Replaces `accesses` (loads and stores indexed as indexesTrailingDims
/// checked, by the `n` loops being collapsed) with accesses of the
/// collapsed memrefs at `iv`.
static void rewriteCollapsedAccesses(ArrayRef<Operation *> accesses, int64_t n,
                                     Value iv,
                                     DenseMap<Value, Value> &collapsed,
                                     RewriterBase &rewriter) {
  for (Operation *access : accesses) {
    Operation &op = *access;
    auto load = dyn_cast<affine::AffineLoadOp>(op);
    auto store = dyn_cast<affine::AffineStoreOp>(op);
    if (!load && !store)
      continue;
    AffineMap map = load ? load.getAffineMap() : store.getAffineMap();
    SmallVector<Value> mapOperands =
        llvm::to_vector(load ? load.getMapOperands() : store.getMapOperands());
    Value memref = load ? load.getMemRef() : store.getMemRef();
    auto it = collapsed.find(memref);
    if (it == collapsed.end())
      continue;
    unsigned numDims = map.getNumDims();
    SmallVector<AffineExpr> results(
        map.getResults().take_front(map.getNumResults() - n));
    results.push_back(getAffineDimExpr(numDims, op.getContext()));
    AffineMap newMap = AffineMap::get(numDims + 1, map.getNumSymbols(), results,
                                      op.getContext());
    SmallVector<Value> operands(mapOperands.begin(),
                                mapOperands.begin() + numDims);
    operands.push_back(iv);
    llvm::append_range(operands, llvm::drop_begin(mapOperands, numDims));
    affine::canonicalizeMapAndOperands(&newMap, &operands);
    rewriter.setInsertionPoint(&op);
    if (load)
      rewriter.replaceOpWithNewOp<affine::AffineLoadOp>(load, it->second,
                                                        newMap, operands);
    else
      rewriter.replaceOpWithNewOp<affine::AffineStoreOp>(
          store, store.getValueToStore(), it->second, newMap, operands);
  }
}

bool mlir::tlayout::collapseContiguousNest(affine::AffineForOp root,
                                           RewriterBase &rewriter) {
  SmallVector<affine::AffineForOp> band;
  affine::getPerfectlyNestedLoops(band, root);
  Block *body = band.back().getBody();
  // The innermost loops that walk whole dimensions from 0 by 1.
  SmallVector<int64_t> trips;
  for (affine::AffineForOp loop : band) {
    std::optional<uint64_t> trip = affine::getConstantTripCount(loop);
    bool whole =
        loop.getNumIterOperands() == 0 && loop.hasConstantBounds() &&
        loop.getConstantLowerBound() == 0 && loop.getStepAsInt() == 1 && trip &&
        *trip > 0 &&
        *trip <= static_cast<uint64_t>(std::numeric_limits<int64_t>::max());
    trips.push_back(whole ? static_cast<int64_t>(*trip) : 0);
  }
  // Only a whole sweep: a nest inside another loop is one step of a
  // schedule of its own (the rows of a tile-row walk, whose partials the
  // code generator vectorizes four lanes wide once collapsed).
  if (root->getParentOfType<LoopLikeOpInterface>())
    return false;
  for (size_t first = 0; first + 1 < band.size(); ++first) {
    ArrayRef<affine::AffineForOp> inner = ArrayRef(band).drop_front(first);
    ArrayRef<int64_t> innerTrips = ArrayRef(trips).drop_front(first);
    if (llvm::is_contained(innerTrips, 0))
      continue;
    std::optional<int64_t> total = 1;
    for (int64_t trip : innerTrips)
      if (total)
        total = llvm::checkedMul(*total, trip);
    if (!total)
      continue;
    SmallVector<Value> ivs;
    for (affine::AffineForOp loop : inner)
      ivs.push_back(loop.getInductionVar());
    // Every use of the indices is an index of a load or store of a whole
    // trailing block of dimensions, in the loops' order, of a memref from
    // outside the whole nest (not a value the nest carries).
    SmallVector<Value> memrefs;
    bool ok = true;
    for (Value iv : ivs)
      for (Operation *user : iv.getUsers()) {
        auto store = dyn_cast<affine::AffineStoreOp>(user);
        if (user->getBlock() != body ||
            !indexesTrailingDims(user, ivs, innerTrips) ||
            (store && llvm::is_contained(ivs, store.getValueToStore()))) {
          ok = false;
          break;
        }
        Value memref = affine::MemRefAccess(user).memref;
        if (band.front()->isAncestor(memref.getParentRegion()->getParentOp())) {
          ok = false;
          break;
        }
      }
    if (!ok)
      continue;
    // The accesses to rewrite and their memrefs, in the body's order.
    // Other accesses of the memrefs stay as they are: the collapsed
    // memrefs are views of the same buffers.
    SmallVector<Operation *> accesses;
    for (Operation &op : *body)
      if (llvm::any_of(op.getOperands(),
                       [&](Value v) { return llvm::is_contained(ivs, v); })) {
        accesses.push_back(&op);
        Value memref = affine::MemRefAccess(&op).memref;
        if (!llvm::is_contained(memrefs, memref))
          memrefs.push_back(memref);
      }
    if (memrefs.empty())
      continue;

    affine::AffineForOp outer = inner.front();
    int64_t n = inner.size();
    OpBuilder::InsertionGuard guard(rewriter);
    // The views go before the whole nest, where the memrefs are defined.
    rewriter.setInsertionPoint(band.front());
    DenseMap<Value, Value> collapsed;
    for (Value memref : memrefs) {
      int64_t rank = cast<MemRefType>(memref.getType()).getRank();
      SmallVector<ReassociationIndices> groups;
      for (int64_t d = 0; d < rank - n; ++d)
        groups.push_back({d});
      ReassociationIndices last;
      for (int64_t d = rank - n; d < rank; ++d)
        last.push_back(d);
      groups.push_back(last);
      collapsed[memref] = memref::CollapseShapeOp::create(
          rewriter, outer.getLoc(), memref, groups);
    }
    rewriter.setInsertionPoint(outer);
    auto loop =
        affine::AffineForOp::create(rewriter, outer.getLoc(), 0, *total, 1);
    Block *newBody = loop.getBody();
    // The innermost index's uses are all rewritten below.
    rewriter.inlineBlockBefore(body, newBody->getTerminator(),
                               loop.getInductionVar());
    // The old body's terminator moved along; the new loop keeps its own.
    rewriter.eraseOp(&*std::prev(newBody->getTerminator()->getIterator()));
    rewriteCollapsedAccesses(accesses, n, loop.getInductionVar(), collapsed,
                             rewriter);
    rewriter.eraseOp(outer);
    LDBG() << "collapsed " << n << " loops at " << loop.getLoc()
           << " into one of " << *total << " trips";
    return true;
  }
  return false;
}
