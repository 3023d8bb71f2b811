//===- LoopUtils.cpp - Strip-mining loops by tiles ------------------------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// Strip-mining a loop by the tile size that divides its index, with the
// privatization of reassociable reductions into per-element partials across
// the tiles, and the reductions and allocation scopes that needs.
//
//===----------------------------------------------------------------------===//

#include "tlayout/Dialect/TLayout/Utils/LoopUtils.h"
#include "tlayout/Dialect/TLayout/Utils/AffineSimplification.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
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
bool mlir::tlayout::isReassociableCombiner(Operation *op) {
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
bool mlir::tlayout::isIdempotentCombiner(Operation *combiner) {
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
std::optional<TypedAttr> mlir::tlayout::getCombinerIdentity(Operation *combiner,
                                                            Type type,
                                                            Attribute init) {
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
Region *mlir::tlayout::getAllocationScopeRegion(Operation *op) {
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

namespace {
/// What the tile loops of a strip-mined loop carry: with `partials` (of the
/// loop's `reductions`), nothing; without, the loop's own values, `inits`.
struct TileCarry {
  SmallVector<TileReduction> reductions;
  std::optional<TilePartials> partials;
  ValueRange inits;
};
} // namespace

/// Moves the body of `loop` into `inner` (the tile-element loop inside
/// `outer`, the tile loop), its index replaced by `index` (`c * t + e`),
/// and replaces `loop` by `outer`. With `carry`'s partials, the loops carry
/// no values: the body reads its accumulators from the partials at `e` and
/// writes them back, and `loop` is replaced by the combination of its
/// initial values with the partials.
template <typename ForOp>
static StripMinedLoop replaceByTiles(ForOp loop, ForOp outer, ForOp inner,
                                     Value index, const TileCarry &carry,
                                     int64_t c, RewriterBase &rewriter) {
  constexpr bool isAffine = std::is_same_v<ForOp, affine::AffineForOp>;
  const std::optional<TilePartials> &partials = carry.partials;
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
      isAffine, carry.reductions, *partials, loop.getInits(), c, loc, rewriter);
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

/// What the tile loops of `loop` strip-mined by `c` carry: the partials of
/// its reductions where `reassociateReductions` asks for them and
/// privatizeReductions makes them, its own values otherwise.
template <typename ForOp>
static TileCarry getTileCarry(ForOp loop, int64_t c, RewriterBase &rewriter,
                              bool reassociateReductions) {
  TileCarry carry;
  if (reassociateReductions)
    carry.partials = privatizeReductions(loop, c, rewriter, carry.reductions);
  carry.inits = carry.partials ? ValueRange() : ValueRange(loop.getInits());
  return carry;
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
  TileCarry carry = getTileCarry(loop, c, rewriter, reassociateReductions);
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
      carry.inits, [&](OpBuilder &b, Location loc, Value t, ValueRange args) {
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
  return replaceByTiles(loop, outer, inner, index, carry, c, rewriter);
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
  TileCarry carry = getTileCarry(loop, c, rewriter, reassociateReductions);
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
      rewriter, loc, tileLb, tileUb, one, carry.inits,
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
  return replaceByTiles(loop, outer, inner, index, carry, c, rewriter);
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
