//===- LoopUtils.cpp - Strip-mining and permuting loops by tiles ----------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//

#include "tlayout/Dialect/TLayout/Transforms/LoopUtils.h"
#include "tlayout/Dialect/TLayout/Transforms/AffineSimplification.h"

#include "mlir/Dialect/Affine/Analysis/AffineAnalysis.h"
#include "mlir/Dialect/Affine/Analysis/AffineStructures.h"
#include "mlir/Dialect/Affine/Analysis/Utils.h"
#include "mlir/Dialect/Affine/IR/AffineMemoryOpInterfaces.h"
#include "mlir/Dialect/Affine/LoopUtils.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/Support/CheckedArithmetic.h"

#include <numeric>

using namespace mlir;
using namespace mlir::tlayout;

//===----------------------------------------------------------------------===//
// Strip-mining loops by tile sizes
//===----------------------------------------------------------------------===//

int64_t mlir::tlayout::findTilePeriod(Value iv) {
  int64_t best = 0;
  for (Operation *user : iv.getUsers()) {
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

/// A bound map of a loop inside a loop over tiles `t` (appended as the last
/// dim) of size `c`, for a loop of step `step`: `(lb mod step, lb - c * t)`
/// for the lower bound (max; every tile after the first starts at the
/// first index of the loop's phase) and `(c, ub_k - c * t ...)` for the
/// upper bound (min), dropping the `ub_k` that are multiples of `c` when
/// `dropMultiples`.
static std::pair<AffineMap, SmallVector<Value>>
makeTileBound(AffineMap map, ValueRange operands, Value t, int64_t c,
              int64_t step, bool isUpper, bool dropMultiples,
              IndexFactsAnalysis &facts) {
  MLIRContext *ctx = map.getContext();
  unsigned numDims = map.getNumDims();
  AffineExpr tile = getAffineDimExpr(numDims, ctx) * c;
  SmallVector<AffineExpr> results{isUpper ? getAffineConstantExpr(c, ctx)
                                          : map.getResult(0) % step};
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

/// Moves the body of `loop` into `inner` (the tile-element loop inside
/// `outer`, the tile loop), its index replaced by `index` (`c * t + e`),
/// and replaces `loop` by `outer`.
template <typename ForOp>
static StripMinedLoop replaceByTiles(ForOp loop, ForOp outer, ForOp inner,
                                     Value index, RewriterBase &rewriter) {
  SmallVector<Value> replacements{index};
  llvm::append_range(replacements, inner.getRegionIterArgs());
  rewriter.mergeBlocks(loop.getBody(), inner.getBody(), replacements);
  rewriter.replaceOp(loop, outer.getResults());
  return {outer, inner};
}

FailureOr<StripMinedLoop>
mlir::tlayout::stripMineByTile(affine::AffineForOp loop, int64_t c,
                               IndexFactsAnalysis &facts,
                               RewriterBase &rewriter) {
  int64_t step = loop.getStepAsInt();
  AffineMap lbMap = loop.getLowerBoundMap();
  AffineMap ubMap = loop.getUpperBoundMap();
  if (c % step != 0 || lbMap.getNumResults() != 1)
    return failure();
  SmallVector<Value> lbOperands(loop.getLowerBoundOperands());
  SmallVector<Value> ubOperands(loop.getUpperBoundOperands());
  IndexFacts lbFacts = evaluateIndexFacts(
      lbMap.getResult(0), facts.getFacts(lbOperands), lbMap.getNumDims());
  bool aligned = lbFacts.multiple % c == 0;

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
      loop.getInits(),
      [&](OpBuilder &b, Location loc, Value t, ValueRange args) {
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
  return replaceByTiles(loop, outer, inner, index, rewriter);
}

FailureOr<StripMinedLoop>
mlir::tlayout::stripMineByTile(scf::ForOp loop, int64_t c,
                               IndexFactsAnalysis &facts,
                               RewriterBase &rewriter) {
  std::optional<int64_t> step = getConstantIntValue(loop.getStep());
  if (!step || *step <= 0 || c % *step != 0 || loop.getUnsignedCmp())
    return failure();
  IndexFacts lbFacts = facts.getFacts(loop.getLowerBound());
  IndexFacts ubFacts = facts.getFacts(loop.getUpperBound());
  bool aligned = lbFacts.multiple % c == 0;

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
      rewriter, loc, tileLb, tileUb, one, loop.getInitArgs(),
      [&](OpBuilder &b, Location loc, Value t, ValueRange args) {
        AffineExpr tile = d0 * c;
        Value innerLb =
            aligned
                ? Value(arith::ConstantIndexOp::create(b, loc, 0))
                : getValueOrCreateConstantIndexOp(
                      b, loc,
                      makeFoldedSoundly<affine::AffineMaxOp>(
                          b, loc,
                          AffineMap::get(1, 1, {s0 % *step, s0 - tile}, ctx),
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
  return replaceByTiles(loop, outer, inner, index, rewriter);
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
  if (walk.wasInterrupted())
    return false;

  // Upstream's analysis takes each memref value for one fixed buffer, and
  // relates the accesses to one memref value only.
  for (Operation *a : accesses) {
    Value memref = affine::MemRefAccess(a).memref;
    if (band.front()->isAncestor(memref.getParentRegion()->getParentOp()))
      return false;
  }
  for (Operation *a : accesses)
    for (Operation *b : accesses) {
      Value ma = affine::MemRefAccess(a).memref;
      Value mb = affine::MemRefAccess(b).memref;
      if (ma != mb &&
          (isa<affine::AffineStoreOp>(a) || isa<affine::AffineStoreOp>(b)) &&
          !isDisjoint(ma, mb))
        return false;
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
            components.size() < offset + band.size())
          return false;
        // The dependence must stay lexicographically positive (or zero) in
        // the new order: no component may be negative before one that is
        // positive.
        for (unsigned k : loopAt) {
          const affine::DependenceComponent &component = components[offset + k];
          if (!component.lb)
            return false;
          if (*component.lb > 0)
            break;
          if (*component.lb < 0)
            return false;
        }
      }
  return true;
}

bool mlir::tlayout::permuteToPhysicalOrder(affine::AffineForOp root) {
  SmallVector<affine::AffineForOp> band;
  affine::getPerfectlyNestedLoops(band, root);
  if (band.size() < 2 || llvm::any_of(band, [](affine::AffineForOp l) {
        return l.getNumIterOperands() != 0;
      }))
    return false;
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
  if (!best || !use)
    return false;
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
            permutation[other] > permutation[k])
          return false;
  }
  if (!isLegalPermutation(band, permutation))
    return false;
  affine::permuteLoops(band, permutation);
  return true;
}
