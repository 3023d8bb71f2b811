//===- IndexFacts.cpp - Ranges and divisors of index values ---------------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//

#include "tlayout/Dialect/TLayout/Analysis/IndexFacts.h"
#include "tlayout/Dialect/TLayout/IR/TLayoutOps.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/ValueBoundsOpInterface.h"
#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/MathExtras.h"

#include <limits>
#include <numeric>

using namespace mlir;
using namespace mlir::tlayout;

//===----------------------------------------------------------------------===//
// IndexFacts
//===----------------------------------------------------------------------===//

IndexFacts IndexFacts::constant(int64_t k) {
  IndexFacts facts;
  facts.lo = facts.hi = k;
  facts.multiple = k == std::numeric_limits<int64_t>::min() ? 1
                   : k < 0                                  ? -k
                                                            : k;
  return facts;
}

IndexFacts &IndexFacts::tighten() {
  if (multiple <= 1)
    return *this;
  if (lo)
    if (std::optional<int64_t> up =
            llvm::checkedMul(llvm::divideCeilSigned(*lo, multiple), multiple))
      lo = *up;
  if (hi)
    if (std::optional<int64_t> down =
            llvm::checkedMul(llvm::divideFloorSigned(*hi, multiple), multiple))
      hi = *down;
  return *this;
}

std::optional<int64_t> IndexFacts::getPeriod(int64_t c) const {
  if (!lo || !hi || c <= 0)
    return std::nullopt;
  int64_t first = llvm::divideFloorSigned(*lo, c);
  if (first != llvm::divideFloorSigned(*hi, c))
    return std::nullopt;
  return first;
}

bool IndexFacts::admits(int64_t value) const {
  if ((lo && value < *lo) || (hi && value > *hi))
    return false;
  return multiple == 0 ? value == 0 : value % multiple == 0;
}

//===----------------------------------------------------------------------===//
// Facts of affine expressions
//===----------------------------------------------------------------------===//

static IndexBound addBounds(IndexBound a, IndexBound b) {
  if (!a || !b)
    return std::nullopt;
  return llvm::checkedAdd(*a, *b);
}

static IndexBound scaleBound(IndexBound a, int64_t k) {
  if (!a)
    return std::nullopt;
  return llvm::checkedMul(*a, k);
}

static int64_t scaleMultiple(int64_t multiple, int64_t k) {
  if (k == std::numeric_limits<int64_t>::min())
    return 1;
  return llvm::checkedMul(multiple, k < 0 ? -k : k).value_or(1);
}

static IndexFacts scaleFacts(const IndexFacts &f, int64_t k) {
  if (k == 0)
    return IndexFacts::constant(0);
  IndexFacts r;
  r.lo = scaleBound(k > 0 ? f.lo : f.hi, k);
  r.hi = scaleBound(k > 0 ? f.hi : f.lo, k);
  r.multiple = scaleMultiple(f.multiple, k);
  return r;
}

IndexFacts mlir::tlayout::evaluateIndexFacts(AffineExpr e,
                                             ArrayRef<IndexFacts> operands,
                                             unsigned numDims) {
  if (auto c = dyn_cast<AffineConstantExpr>(e))
    return IndexFacts::constant(c.getValue());
  if (auto d = dyn_cast<AffineDimExpr>(e))
    return operands[d.getPosition()];
  if (auto s = dyn_cast<AffineSymbolExpr>(e))
    return operands[numDims + s.getPosition()];
  auto bin = cast<AffineBinaryOpExpr>(e);
  IndexFacts l = evaluateIndexFacts(bin.getLHS(), operands, numDims);
  IndexFacts r = evaluateIndexFacts(bin.getRHS(), operands, numDims);
  IndexFacts out;
  switch (e.getKind()) {
  case AffineExprKind::Add:
    out.lo = addBounds(l.lo, r.lo);
    out.hi = addBounds(l.hi, r.hi);
    out.multiple = std::gcd(l.multiple, r.multiple);
    return out;
  case AffineExprKind::Mul:
    if (auto k = dyn_cast<AffineConstantExpr>(bin.getRHS()))
      return scaleFacts(l, k.getValue());
    if (auto k = dyn_cast<AffineConstantExpr>(bin.getLHS()))
      return scaleFacts(r, k.getValue());
    out.multiple = llvm::checkedMul(l.multiple, r.multiple).value_or(1);
    return out;
  default:
    break;
  }
  auto divisor = dyn_cast<AffineConstantExpr>(bin.getRHS());
  if (!divisor || divisor.getValue() <= 0)
    return out;
  int64_t c = divisor.getValue();
  if (e.getKind() == AffineExprKind::Mod) {
    out.multiple = std::gcd(l.multiple, c);
    // Within one period the remainders of the ends bound the others (taken
    // as remainders: `lo - period * c` could pass below INT64_MIN).
    if (l.getPeriod(c)) {
      out.lo = floorMod(*l.lo, c);
      out.hi = floorMod(*l.hi, c);
    } else {
      out.lo = 0;
      out.hi = c - 1;
    }
    return out;
  }
  bool floor = e.getKind() == AffineExprKind::FloorDiv;
  auto divide = [&](IndexBound b) -> IndexBound {
    if (!b)
      return std::nullopt;
    return floor ? llvm::divideFloorSigned(*b, c)
                 : llvm::divideCeilSigned(*b, c);
  };
  out.lo = divide(l.lo);
  out.hi = divide(l.hi);
  out.multiple = l.multiple % c == 0 ? l.multiple / c : 1;
  return out;
}

//===----------------------------------------------------------------------===//
// IndexFactsAnalysis
//===----------------------------------------------------------------------===//

IndexFacts IndexFactsAnalysis::getFacts(Value v) {
  auto it = cache.find(v);
  if (it != cache.end())
    return it->second;
  // A cycle (a loop-carried value) reads "unknown".
  cache[v] = IndexFacts();
  IndexFacts facts = computeFacts(v).tighten();
  cache[v] = facts;
  return facts;
}

SmallVector<IndexFacts> IndexFactsAnalysis::getFacts(ValueRange values) {
  return llvm::map_to_vector(values, [&](Value v) { return getFacts(v); });
}

void IndexFactsAnalysis::forget(ValueRange values) {
  for (Value v : values)
    cache.erase(v);
}

IndexFacts IndexFactsAnalysis::evaluateMap(AffineMap map, ValueRange operands,
                                           bool isMin) {
  SmallVector<IndexFacts> facts = getFacts(operands);
  IndexFacts out;
  out.multiple = 0;
  bool first = true;
  for (AffineExpr result : map.getResults()) {
    IndexFacts r = evaluateIndexFacts(result, facts, map.getNumDims());
    out.multiple = std::gcd(out.multiple, r.multiple);
    if (first) {
      out.lo = r.lo;
      out.hi = r.hi;
      first = false;
      continue;
    }
    // min: the low end needs every result's, the high end any one's.
    auto pick = [](IndexBound a, IndexBound b, bool takeMin,
                   bool needBoth) -> IndexBound {
      if (!a || !b)
        return needBoth ? std::nullopt : (a ? a : b);
      return takeMin ? std::min(*a, *b) : std::max(*a, *b);
    };
    out.lo = pick(out.lo, r.lo, isMin, /*needBoth=*/isMin);
    out.hi = pick(out.hi, r.hi, isMin, /*needBoth=*/!isMin);
  }
  if (first)
    return IndexFacts();
  return out;
}

IndexFacts IndexFactsAnalysis::computeFacts(Value v) {
  if (!v.getType().isIndex())
    return IndexFacts();
  APInt constant;
  if (matchPattern(v, m_ConstantInt(&constant)))
    return IndexFacts::constant(constant.getSExtValue());

  IndexFacts facts;
  if (auto loop = affine::getForInductionVarOwner(v)) {
    IndexFacts lb = evaluateMap(loop.getLowerBoundMap(),
                                loop.getLowerBoundOperands(), /*isMin=*/false);
    IndexFacts ub = evaluateMap(loop.getUpperBoundMap(),
                                loop.getUpperBoundOperands(), /*isMin=*/true);
    facts.lo = lb.lo;
    facts.hi = addBounds(ub.hi, -1);
    facts.multiple = std::gcd(lb.multiple, loop.getStepAsInt());
    return facts;
  }
  if (auto loop = scf::getForInductionVarOwner(v)) {
    IndexFacts lb = getFacts(loop.getLowerBound());
    IndexFacts step = getFacts(loop.getStep());
    facts.multiple = std::gcd(lb.multiple, step.multiple);
    if (!loop.getUnsignedCmp()) {
      facts.lo = lb.lo;
      facts.hi = addBounds(getFacts(loop.getUpperBound()).hi, -1);
    }
    return facts;
  }
  Operation *def = v.getDefiningOp();
  if (auto apply = dyn_cast_or_null<affine::AffineApplyOp>(def))
    return evaluateIndexFacts(apply.getAffineMap().getResult(0),
                              getFacts(apply.getMapOperands()),
                              apply.getAffineMap().getNumDims());
  if (auto min = dyn_cast_or_null<affine::AffineMinOp>(def))
    return evaluateMap(min.getMap(), min.getMapOperands(), /*isMin=*/true);
  if (auto max = dyn_cast_or_null<affine::AffineMaxOp>(def))
    return evaluateMap(max.getMap(), max.getMapOperands(), /*isMin=*/false);
  if (auto assume = dyn_cast_or_null<AssumeMultipleOp>(def)) {
    facts = getFacts(assume.getValue());
    int64_t promised = assume.getMultiple();
    if (facts.multiple != 0)
      facts.multiple =
          llvm::checkedMul(facts.multiple / std::gcd(facts.multiple, promised),
                           promised)
              .value_or(promised);
    return facts;
  }
  // Anything else: upstream's value-bounds analysis, where the ops
  // involved implement it.
  using VBCS = ValueBoundsConstraintSet;
  FailureOr<int64_t> lo =
      VBCS::computeConstantBound(presburger::BoundType::LB, VBCS::Variable(v));
  FailureOr<int64_t> hi = VBCS::computeConstantBound(
      presburger::BoundType::UB, VBCS::Variable(v), /*stopCondition=*/nullptr,
      /*closedUB=*/true);
  if (succeeded(lo))
    facts.lo = *lo;
  if (succeeded(hi))
    facts.hi = *hi;
  return facts;
}
