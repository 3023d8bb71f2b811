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

#include "tlayout/Dialect/TLayout/IR/TLayoutOps.h"
#include "tlayout/Dialect/TLayout/Transforms/Passes.h"

#include "mlir/Dialect/Affine/Analysis/AffineAnalysis.h"
#include "mlir/Dialect/Affine/Analysis/AffineStructures.h"
#include "mlir/Dialect/Affine/Analysis/Utils.h"
#include "mlir/Dialect/Affine/IR/AffineMemoryOpInterfaces.h"
#include "mlir/Dialect/Affine/LoopUtils.h"
#include "mlir/Dialect/Affine/Utils.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Iterators.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ValueBoundsOpInterface.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/MathExtras.h"

#include <functional>
#include <numeric>
#include <type_traits>

namespace mlir::tlayout {
#define GEN_PASS_DEF_SIMPLIFYINDEXING
#include "tlayout/Dialect/TLayout/Transforms/Passes.h.inc"
} // namespace mlir::tlayout

using namespace mlir;
using namespace mlir::tlayout;

namespace {

//===----------------------------------------------------------------------===//
// What is known about index values
//===----------------------------------------------------------------------===//

using Bound = std::optional<int64_t>;

/// What is known about the values an index takes: a closed range (either
/// end may be unknown) and a divisor of every value (0: the value is 0).
struct IndexFacts {
  Bound lo, hi;
  int64_t multiple = 1;

  static IndexFacts constant(int64_t k) {
    IndexFacts facts;
    facts.lo = facts.hi = k;
    facts.multiple = k == std::numeric_limits<int64_t>::min() ? 1
                     : k < 0                                  ? -k
                                                              : k;
    return facts;
  }

  /// The range narrowed to the multiples it contains.
  IndexFacts &tighten() {
    if (multiple > 1) {
      if (lo)
        lo = llvm::divideCeilSigned(*lo, multiple) * multiple;
      if (hi)
        hi = llvm::divideFloorSigned(*hi, multiple) * multiple;
    }
    return *this;
  }

  /// The single period of `c` that every value lies in, if any.
  std::optional<int64_t> getPeriod(int64_t c) const {
    if (!lo || !hi)
      return std::nullopt;
    int64_t first = llvm::divideFloorSigned(*lo, c);
    if (first != llvm::divideFloorSigned(*hi, c))
      return std::nullopt;
    return first;
  }
};

Bound addBounds(Bound a, Bound b) {
  if (!a || !b)
    return std::nullopt;
  return llvm::checkedAdd(*a, *b);
}

Bound scaleBound(Bound a, int64_t k) {
  if (!a)
    return std::nullopt;
  return llvm::checkedMul(*a, k);
}

int64_t scaleMultiple(int64_t multiple, int64_t k) {
  if (k == std::numeric_limits<int64_t>::min())
    return 1;
  return llvm::checkedMul(multiple, k < 0 ? -k : k).value_or(1);
}

IndexFacts scaleFacts(const IndexFacts &f, int64_t k) {
  if (k == 0)
    return IndexFacts::constant(0);
  IndexFacts r;
  r.lo = scaleBound(k > 0 ? f.lo : f.hi, k);
  r.hi = scaleBound(k > 0 ? f.hi : f.lo, k);
  r.multiple = scaleMultiple(f.multiple, k);
  return r;
}

/// Facts of `e` given the facts of the map's dims then symbols.
IndexFacts evaluate(AffineExpr e, ArrayRef<IndexFacts> operands,
                    unsigned numDims) {
  if (auto c = dyn_cast<AffineConstantExpr>(e))
    return IndexFacts::constant(c.getValue());
  if (auto d = dyn_cast<AffineDimExpr>(e))
    return operands[d.getPosition()];
  if (auto s = dyn_cast<AffineSymbolExpr>(e))
    return operands[numDims + s.getPosition()];
  auto bin = cast<AffineBinaryOpExpr>(e);
  IndexFacts l = evaluate(bin.getLHS(), operands, numDims);
  IndexFacts r = evaluate(bin.getRHS(), operands, numDims);
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
    if (std::optional<int64_t> period = l.getPeriod(c)) {
      out.lo = *l.lo - *period * c;
      out.hi = *l.hi - *period * c;
    } else {
      out.lo = 0;
      out.hi = c - 1;
    }
    return out;
  }
  bool floor = e.getKind() == AffineExprKind::FloorDiv;
  auto divide = [&](Bound b) -> Bound {
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

/// The terms of a sum.
void collectTerms(AffineExpr e, SmallVectorImpl<AffineExpr> &terms) {
  if (e.getKind() == AffineExprKind::Add) {
    auto bin = cast<AffineBinaryOpExpr>(e);
    collectTerms(bin.getLHS(), terms);
    collectTerms(bin.getRHS(), terms);
    return;
  }
  terms.push_back(e);
}

/// The maps of the ops this pass simplifies, and where they live.
struct MapUse {
  AffineMap map;
  /// The map's operands (dims then symbols) in `op`'s operand list.
  unsigned firstOperand = 0;
  /// The attribute that holds the map.
  StringAttr name;
};

std::optional<MapUse> getMapUse(Operation *op) {
  MapUse use;
  if (auto apply = dyn_cast<affine::AffineApplyOp>(op)) {
    use.map = apply.getAffineMap();
    use.name = apply.getMapAttrName();
  } else if (auto min = dyn_cast<affine::AffineMinOp>(op)) {
    use.map = min.getMap();
    use.name = min.getMapAttrName();
  } else if (auto max = dyn_cast<affine::AffineMaxOp>(op)) {
    use.map = max.getMap();
    use.name = max.getMapAttrName();
  } else if (auto access = dyn_cast<affine::AffineMapAccessInterface>(op)) {
    Value memref;
    if (auto read = dyn_cast<affine::AffineReadOpInterface>(op))
      memref = read.getMemRef();
    else if (auto write = dyn_cast<affine::AffineWriteOpInterface>(op))
      memref = write.getMemRef();
    else
      return std::nullopt;
    NamedAttribute attr = access.getAffineMapAttrForMemRef(memref);
    use.map = cast<AffineMapAttr>(attr.getValue()).getValue();
    use.name = attr.getName();
  } else {
    return std::nullopt;
  }
  use.firstOperand = op->getNumOperands() - use.map.getNumInputs();
  return use;
}

/// Facts about index values, cached; and the simplification of maps with
/// them.
class IndexSimplifier {
public:
  /// What is known about `v`.
  IndexFacts getFacts(Value v) {
    auto it = cache.find(v);
    if (it != cache.end())
      return it->second;
    // A cycle (a loop-carried value) reads "unknown".
    cache[v] = IndexFacts();
    IndexFacts facts = computeFacts(v).tighten();
    cache[v] = facts;
    return facts;
  }

  /// Forgets the facts of values that are about to be erased.
  void forget(ValueRange values) {
    for (Value v : values)
      cache.erase(v);
  }

  SmallVector<IndexFacts> getFacts(ValueRange values) {
    return llvm::map_to_vector(values, [&](Value v) { return getFacts(v); });
  }

  /// Composes the map of `op` (an affine.apply, min, max or access) with
  /// the affine.apply ops that produce its operands and simplifies it with
  /// the operands' facts. Returns whether `op` changed.
  bool simplifyOp(Operation *op);

  /// `e` simplified with the facts of the map operands.
  AffineExpr simplify(AffineExpr e, ArrayRef<IndexFacts> operands,
                      unsigned numDims);

private:
  IndexFacts computeFacts(Value v);
  IndexFacts evaluateMap(AffineMap map, ValueRange operands, bool isMin);
  AffineExpr simplifyDivision(AffineExprKind kind, AffineExpr lhs, int64_t c,
                              ArrayRef<IndexFacts> operands, unsigned numDims);

  DenseMap<Value, IndexFacts> cache;
};

/// The facts of a multi-result bound: the minimum (upper bounds) or maximum
/// (lower bounds) of its results.
IndexFacts IndexSimplifier::evaluateMap(AffineMap map, ValueRange operands,
                                        bool isMin) {
  SmallVector<IndexFacts> facts = getFacts(operands);
  IndexFacts out;
  out.multiple = 0;
  bool first = true;
  for (AffineExpr result : map.getResults()) {
    IndexFacts r = evaluate(result, facts, map.getNumDims());
    out.multiple = std::gcd(out.multiple, r.multiple);
    if (first) {
      out.lo = r.lo;
      out.hi = r.hi;
      first = false;
      continue;
    }
    // min: the low end needs every result's, the high end any one's.
    auto pick = [](Bound a, Bound b, bool takeMin, bool needBoth) -> Bound {
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

IndexFacts IndexSimplifier::computeFacts(Value v) {
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
    return evaluate(apply.getAffineMap().getResult(0),
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

/// `t / c` for a term `t` known to be a multiple of `c`.
AffineExpr divideExactly(AffineExpr t, int64_t c, const IndexFacts &facts) {
  if (facts.multiple == 0)
    return getAffineConstantExpr(0, t.getContext());
  if (t.getKind() == AffineExprKind::Mul) {
    auto bin = cast<AffineBinaryOpExpr>(t);
    if (auto k = dyn_cast<AffineConstantExpr>(bin.getRHS())) {
      int64_t a = k.getValue();
      if (a % c == 0)
        return bin.getLHS() * (a / c);
      int64_t g = std::gcd(a, c);
      // `lhs` is a multiple of c / g: the division is exact.
      return bin.getLHS().floorDiv(c / g) * (a / g);
    }
  }
  return t.floorDiv(c);
}

AffineExpr IndexSimplifier::simplifyDivision(AffineExprKind kind,
                                             AffineExpr lhs, int64_t c,
                                             ArrayRef<IndexFacts> operands,
                                             unsigned numDims) {
  MLIRContext *ctx = lhs.getContext();
  SmallVector<AffineExpr> terms;
  collectTerms(lhs, terms);
  // lhs = c * whole + rest.
  AffineExpr whole = getAffineConstantExpr(0, ctx);
  AffineExpr rest = getAffineConstantExpr(0, ctx);
  for (AffineExpr t : terms) {
    if (auto k = dyn_cast<AffineConstantExpr>(t)) {
      int64_t q = llvm::divideFloorSigned(k.getValue(), c);
      whole = whole + q;
      rest = rest + (k.getValue() - q * c);
      continue;
    }
    IndexFacts facts = evaluate(t, operands, numDims);
    if (facts.multiple % c == 0)
      whole = whole + divideExactly(t, c, facts);
    else
      rest = rest + t;
  }
  IndexFacts restFacts = evaluate(rest, operands, numDims);
  switch (kind) {
  case AffineExprKind::FloorDiv:
    if (std::optional<int64_t> period = restFacts.getPeriod(c))
      return whole + *period;
    return whole + rest.floorDiv(c);
  case AffineExprKind::Mod:
    if (std::optional<int64_t> period = restFacts.getPeriod(c))
      return rest - *period * c;
    return rest % c;
  default: {
    // ceildiv: the values lie in one period (k - 1) * c < x <= k * c.
    if (restFacts.lo && restFacts.hi) {
      int64_t k = llvm::divideCeilSigned(*restFacts.lo, c);
      if (k == llvm::divideCeilSigned(*restFacts.hi, c))
        return whole + k;
    }
    return whole + rest.ceilDiv(c);
  }
  }
}

AffineExpr IndexSimplifier::simplify(AffineExpr e,
                                     ArrayRef<IndexFacts> operands,
                                     unsigned numDims) {
  IndexFacts facts = evaluate(e, operands, numDims);
  if (facts.lo && facts.lo == facts.hi)
    return getAffineConstantExpr(*facts.lo, e.getContext());
  auto bin = dyn_cast<AffineBinaryOpExpr>(e);
  if (!bin)
    return e;
  AffineExpr lhs = simplify(bin.getLHS(), operands, numDims);
  AffineExpr rhs = simplify(bin.getRHS(), operands, numDims);
  switch (e.getKind()) {
  case AffineExprKind::Add:
    return lhs + rhs;
  case AffineExprKind::Mul:
    return lhs * rhs;
  default:
    break;
  }
  auto divisor = dyn_cast<AffineConstantExpr>(rhs);
  if (divisor && divisor.getValue() > 0)
    return simplifyDivision(e.getKind(), lhs, divisor.getValue(), operands,
                            numDims);
  return getAffineBinaryOpExpr(e.getKind(), lhs, rhs);
}

/// Makes the symbols of `map` that are not valid affine symbols dims: an
/// `arith` op inside a loop that later folds to the loop's index must not
/// sit in a symbol position.
void demoteNonSymbols(AffineMap &map, SmallVectorImpl<Value> &operands) {
  unsigned numDims = map.getNumDims();
  MLIRContext *ctx = map.getContext();
  SmallVector<Value> dims(operands.begin(), operands.begin() + numDims);
  SmallVector<Value> symbols;
  SmallVector<AffineExpr> symbolReplacements;
  for (Value v : llvm::drop_begin(operands, numDims)) {
    if (affine::isValidSymbol(v)) {
      symbolReplacements.push_back(getAffineSymbolExpr(symbols.size(), ctx));
      symbols.push_back(v);
    } else {
      symbolReplacements.push_back(getAffineDimExpr(dims.size(), ctx));
      dims.push_back(v);
    }
  }
  if (dims.size() == numDims)
    return;
  SmallVector<AffineExpr> dimReplacements;
  for (unsigned i = 0; i < numDims; ++i)
    dimReplacements.push_back(getAffineDimExpr(i, ctx));
  map = map.replaceDimsAndSymbols(dimReplacements, symbolReplacements,
                                  dims.size(), symbols.size());
  operands.assign(dims.begin(), dims.end());
  llvm::append_range(operands, symbols);
}

/// Whether `e` itself (not its operands) is outside pure affine arithmetic:
/// a product of two non-constants or a division by a non-constant.
bool isSemiAffineNode(AffineExpr e) {
  auto bin = dyn_cast<AffineBinaryOpExpr>(e);
  if (!bin)
    return false;
  if (e.getKind() == AffineExprKind::Add)
    return false;
  if (e.getKind() == AffineExprKind::Mul)
    return !isa<AffineConstantExpr>(bin.getLHS()) &&
           !isa<AffineConstantExpr>(bin.getRHS());
  return !isa<AffineConstantExpr>(bin.getRHS());
}

/// Upstream's simplifyAffineExpr, made sound for semi-affine expressions.
/// Upstream (MLIR 22) flattens semi-affine nodes into local variables and,
/// rebuilding the expression, can confuse `x floordiv s` with `x mod s`:
/// `(d1 mod s0) * 3 + (d1 floordiv s0) * 5 + d0` comes back as
/// `d0 + (d1 mod s0) * 3 + (d1 mod s0) * 3`. Here each distinct semi-affine
/// node (its operands simplified first) stands for a fresh symbol, so
/// upstream only ever sees a pure affine expression.
AffineExpr simplifyAffineExprSoundly(AffineExpr e, unsigned numDims,
                                     unsigned numSymbols) {
  if (e.isPureAffine())
    return simplifyAffineExpr(e, numDims, numSymbols);
  MLIRContext *ctx = e.getContext();
  SmallVector<AffineExpr> opaque;
  DenseMap<AffineExpr, AffineExpr> symbolOf;
  std::function<AffineExpr(AffineExpr)> abstract =
      [&](AffineExpr x) -> AffineExpr {
    if (x.isPureAffine())
      return x;
    auto bin = cast<AffineBinaryOpExpr>(x);
    if (!isSemiAffineNode(x))
      return getAffineBinaryOpExpr(x.getKind(), abstract(bin.getLHS()),
                                   abstract(bin.getRHS()));
    AffineExpr node = getAffineBinaryOpExpr(
        x.getKind(),
        simplifyAffineExprSoundly(bin.getLHS(), numDims, numSymbols),
        simplifyAffineExprSoundly(bin.getRHS(), numDims, numSymbols));
    auto [it, inserted] = symbolOf.try_emplace(
        node, getAffineSymbolExpr(numSymbols + opaque.size(), ctx));
    if (inserted)
      opaque.push_back(node);
    return it->second;
  };
  AffineExpr pure = abstract(e);
  AffineExpr simplified =
      simplifyAffineExpr(pure, numDims, numSymbols + opaque.size());
  SmallVector<AffineExpr> dims, symbols;
  for (unsigned i = 0; i < numDims; ++i)
    dims.push_back(getAffineDimExpr(i, ctx));
  for (unsigned i = 0; i < numSymbols; ++i)
    symbols.push_back(getAffineSymbolExpr(i, ctx));
  llvm::append_range(symbols, opaque);
  return simplified.replaceDimsAndSymbols(dims, symbols);
}

/// Upstream's fullyComposeAffineMapAndOperands without its final
/// simplifyAffineMap, which has the flaw above: substitutes the maps of the
/// affine.apply ops that produce `operands` into `map` until none is left.
/// Null operands (constants not materialized) stay as they are.
void composeApplies(AffineMap &map, SmallVectorImpl<Value> &operands) {
  MLIRContext *ctx = map.getContext();
  SmallVector<Value> dims(operands.begin(),
                          operands.begin() + map.getNumDims());
  SmallVector<Value> symbols(operands.begin() + map.getNumDims(),
                             operands.end());
  // The positions replaced stay, unused, until canonicalization; new
  // operands only ever go at the ends, so a position is a stable name.
  DenseSet<std::pair<unsigned, unsigned>> replacedPositions;
  for (bool changed = true; changed;) {
    changed = false;
    for (unsigned pos = 0; pos < dims.size() + symbols.size(); ++pos) {
      bool isDim = pos < dims.size();
      unsigned index = isDim ? pos : pos - dims.size();
      Value v = isDim ? dims[index] : symbols[index];
      auto apply = v ? v.getDefiningOp<affine::AffineApplyOp>() : nullptr;
      if (!apply || !replacedPositions.insert({isDim ? 0u : 1u, index}).second)
        continue;
      AffineMap applied = apply.getAffineMap();
      AffineExpr replacement =
          applied.getResult(0)
              .shiftDims(applied.getNumDims(), dims.size())
              .shiftSymbols(applied.getNumSymbols(), symbols.size());
      AffineExpr replaced = isDim ? getAffineDimExpr(index, ctx)
                                  : getAffineSymbolExpr(index, ctx);
      ValueRange applyOperands = apply.getMapOperands();
      llvm::append_range(dims, applyOperands.take_front(applied.getNumDims()));
      llvm::append_range(symbols,
                         applyOperands.drop_front(applied.getNumDims()));
      map = map.replace(replaced, replacement, dims.size(), symbols.size());
      changed = true;
    }
  }
  operands.assign(dims.begin(), dims.end());
  llvm::append_range(operands, symbols);
}

/// Upstream's makeComposedFoldedAffine{Apply,Min,Max} where composing the
/// producers of `operands` into `map` keeps it pure affine; otherwise (the
/// composed map would meet upstream's flawed simplification) an `OpTy` on
/// the operands as they are.
template <typename OpTy>
OpFoldResult makeFoldedSoundly(OpBuilder &b, Location loc, AffineMap map,
                               ArrayRef<OpFoldResult> operands) {
  AffineMap composed = map;
  SmallVector<Value> values = llvm::map_to_vector(
      operands, [](OpFoldResult r) { return dyn_cast<Value>(r); });
  composeApplies(composed, values);
  if (llvm::all_of(composed.getResults(),
                   [](AffineExpr e) { return e.isPureAffine(); })) {
    if constexpr (std::is_same_v<OpTy, affine::AffineApplyOp>)
      return affine::makeComposedFoldedAffineApply(b, loc, map, operands);
    else if constexpr (std::is_same_v<OpTy, affine::AffineMinOp>)
      return affine::makeComposedFoldedAffineMin(b, loc, map, operands);
    else
      return affine::makeComposedFoldedAffineMax(b, loc, map, operands);
  }
  SmallVector<Value> materialized =
      llvm::map_to_vector(operands, [&](OpFoldResult r) {
        return getValueOrCreateConstantIndexOp(b, loc, r);
      });
  return OpTy::create(b, loc, map, materialized).getResult();
}

bool IndexSimplifier::simplifyOp(Operation *op) {
  std::optional<MapUse> use = getMapUse(op);
  if (!use)
    return false;
  AffineMap map = use->map;
  SmallVector<Value> operands(op->getOperands().drop_front(use->firstOperand));
  composeApplies(map, operands);
  affine::canonicalizeMapAndOperands(&map, &operands);
  if (isa<affine::AffineApplyOp, affine::AffineMinOp, affine::AffineMaxOp>(op))
    demoteNonSymbols(map, operands);
  SmallVector<IndexFacts> facts = getFacts(operands);
  SmallVector<AffineExpr> results;
  for (AffineExpr r : map.getResults())
    results.push_back(
        simplifyAffineExprSoundly(simplify(r, facts, map.getNumDims()),
                                  map.getNumDims(), map.getNumSymbols()));
  map = AffineMap::get(map.getNumDims(), map.getNumSymbols(), results,
                       op->getContext());
  affine::canonicalizeMapAndOperands(&map, &operands);
  if (map == use->map &&
      llvm::equal(operands, op->getOperands().drop_front(use->firstOperand)))
    return false;
  op->setAttr(use->name, AffineMapAttr::get(map));
  op->setOperands(use->firstOperand, op->getNumOperands() - use->firstOperand,
                  operands);
  return true;
}

//===----------------------------------------------------------------------===//
// Strip-mining loops by tile sizes
//===----------------------------------------------------------------------===//

/// The largest period `c / gcd(a, c)` of `iv` in a `(a * iv + ...) floordiv
/// c` (or mod, ceildiv) of the maps that use it; 0 if none.
int64_t findPeriod(Value iv) {
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
          collectTerms(bin.getLHS(), terms);
          int64_t coefficient = 0;
          for (AffineExpr t : terms) {
            if (t == self) {
              coefficient += 1;
              continue;
            }
            auto mul = dyn_cast<AffineBinaryOpExpr>(t);
            if (t.getKind() != AffineExprKind::Mul || mul.getLHS() != self)
              continue;
            if (auto k = dyn_cast<AffineConstantExpr>(mul.getRHS()))
              coefficient += k.getValue();
          }
          if (coefficient == 0)
            return;
          int64_t c = divisor.getValue();
          best = std::max(best, c / std::gcd(coefficient, c));
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
std::pair<AffineMap, SmallVector<Value>>
makeTileBound(AffineMap map, ValueRange operands, Value t, int64_t c,
              int64_t step, bool isUpper, bool dropMultiples,
              IndexSimplifier &facts) {
  MLIRContext *ctx = map.getContext();
  unsigned numDims = map.getNumDims();
  AffineExpr tile = getAffineDimExpr(numDims, ctx) * c;
  SmallVector<AffineExpr> results{isUpper ? getAffineConstantExpr(c, ctx)
                                          : map.getResult(0) % step};
  SmallVector<IndexFacts> operandFacts = facts.getFacts(operands);
  for (AffineExpr r : map.getResults()) {
    if (dropMultiples && evaluate(r, operandFacts, numDims).multiple % c == 0)
      continue;
    results.push_back(r - tile);
  }
  SmallVector<Value> newOperands(operands.take_front(numDims));
  newOperands.push_back(t);
  llvm::append_range(newOperands, operands.drop_front(numDims));
  return {AffineMap::get(numDims + 1, map.getNumSymbols(), results, ctx),
          newOperands};
}

/// The loops a strip-mined loop became.
struct StripMined {
  Operation *outer;
  Operation *inner;
};

/// Moves the body of `loop` into `inner` (the tile-element loop inside
/// `outer`, the tile loop), its index replaced by `index` (`c * t + e`),
/// and replaces `loop` by `outer`.
template <typename ForOp>
StripMined replaceByTiles(ForOp loop, ForOp outer, ForOp inner, Value index,
                          IRRewriter &rewriter) {
  SmallVector<Value> replacements{index};
  llvm::append_range(replacements, inner.getRegionIterArgs());
  rewriter.mergeBlocks(loop.getBody(), inner.getBody(), replacements);
  rewriter.replaceOp(loop, outer.getResults());
  return {outer, inner};
}

FailureOr<StripMined> stripMine(affine::AffineForOp loop, int64_t c,
                                IndexSimplifier &facts, IRRewriter &rewriter) {
  int64_t step = loop.getStepAsInt();
  AffineMap lbMap = loop.getLowerBoundMap();
  AffineMap ubMap = loop.getUpperBoundMap();
  if (c % step != 0 || lbMap.getNumResults() != 1)
    return failure();
  SmallVector<Value> lbOperands(loop.getLowerBoundOperands());
  SmallVector<Value> ubOperands(loop.getUpperBoundOperands());
  IndexFacts lbFacts = evaluate(lbMap.getResult(0), facts.getFacts(lbOperands),
                                lbMap.getNumDims());
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

FailureOr<StripMined> stripMine(scf::ForOp loop, int64_t c,
                                IndexSimplifier &facts, IRRewriter &rewriter) {
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

/// The values an erased loop defines.
SmallVector<Value> getDefinedValues(Operation *loop) {
  SmallVector<Value> values(loop->getResults());
  for (Region &region : loop->getRegions())
    for (Block &block : region)
      llvm::append_range(values, block.getArguments());
  return values;
}

/// Whether `loop`, whose index is divided by `c`, is better normalized
/// than strip-mined: it steps by a multiple of `c`, or its single lower
/// bound depends on an enclosing loop's index.
bool shouldNormalize(affine::AffineForOp loop, int64_t c) {
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

/// How many times one loop of the input may be strip-mined: enough for the
/// levels of any tiling, and a guard against unbounded splitting.
constexpr unsigned kMaxStripMineDepth = 8;

//===----------------------------------------------------------------------===//
// Physical order
//===----------------------------------------------------------------------===//

/// The buffer that `memref` views: the source of casts and views, followed
/// back as far as they go.
Value getViewedBuffer(Value memref) {
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
bool isDisjoint(Value a, Value b) {
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

/// Whether permuting `band` (a perfect nest without iter_args) by
/// `permutation` (loop k goes to position permutation[k]) keeps every
/// dependence of the nest. Only what upstream's dependence analysis models
/// is allowed in the nest: affine.load and affine.store (not the affine
/// vector accesses, which it takes for one element), ops without memory
/// effects, and ops whose effects are those of the ops they hold. Anything
/// else (a memref.load, a call, a vector transfer, an atomic, an op of
/// unknown effects) makes it fail, and so do an access to a memref defined
/// in the nest (a view that moves with the loops), two accessed memref
/// values that may be one buffer, and a dependence that cannot be analysed
/// or whose distance has no lower bound.
bool isLegalPermutation(ArrayRef<affine::AffineForOp> band,
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

/// Permutes the perfect nest rooted at `root` so that its loops follow the
/// physical dimensions of the buffer its innermost body accesses.
void permuteToPhysicalOrder(affine::AffineForOp root) {
  SmallVector<affine::AffineForOp> band;
  affine::getPerfectlyNestedLoops(band, root);
  if (band.size() < 2 || llvm::any_of(band, [](affine::AffineForOp l) {
        return l.getNumIterOperands() != 0;
      }))
    return;
  // The access to the buffer of highest rank (stores first) sets the order.
  Operation *best = nullptr;
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
    int64_t rank = type.getRank();
    if (rank > bestRank || (rank == bestRank && isWrite &&
                            !isa<affine::AffineWriteOpInterface>(best))) {
      best = &op;
      bestRank = rank;
    }
  }
  if (!best)
    return;
  std::optional<MapUse> use = getMapUse(best);
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
    return;
  // A bound may only use loops that stay outside it.
  for (auto [k, loop] : llvm::enumerate(band)) {
    auto operands = llvm::concat<Value>(loop.getLowerBoundOperands(),
                                        loop.getUpperBoundOperands());
    for (Value operand : operands)
      for (auto [other, outerLoop] : llvm::enumerate(band))
        if (outerLoop.getInductionVar() == operand &&
            permutation[other] > permutation[k])
          return;
  }
  if (!isLegalPermutation(band, permutation))
    return;
  affine::permuteLoops(band, permutation);
}

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

struct SimplifyIndexingPass
    : mlir::tlayout::impl::SimplifyIndexingBase<SimplifyIndexingPass> {
  using Base::Base;

  void runOnOperation() override {
    Operation *root = getOperation();
    IndexSimplifier simplifier;
    root->walk([&](Operation *op) { simplifier.simplifyOp(op); });
    if (tileLoops)
      stripMineLoops(root, simplifier);
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
    if (physicalOrder) {
      SmallVector<affine::AffineForOp> roots;
      root->walk([&](affine::AffineForOp loop) {
        if (!loop->getParentOfType<affine::AffineForOp>())
          roots.push_back(loop);
      });
      for (affine::AffineForOp loop : roots)
        permuteToPhysicalOrder(loop);
    }
    root->walk(
        [&](AssumeMultipleOp op) { rewriter.replaceOp(op, op.getValue()); });
  }

  void stripMineLoops(Operation *root, IndexSimplifier &simplifier) {
    IRRewriter rewriter(&getContext());
    SmallVector<std::pair<Operation *, unsigned>> worklist;
    root->walk([&](Operation *op) {
      if (isa<affine::AffineForOp, scf::ForOp>(op))
        worklist.push_back({op, 0});
    });
    while (!worklist.empty()) {
      auto [loop, depth] = worklist.pop_back_val();
      if (depth >= kMaxStripMineDepth)
        continue;
      Value iv = isa<affine::AffineForOp>(loop)
                     ? cast<affine::AffineForOp>(loop).getInductionVar()
                     : cast<scf::ForOp>(loop).getInductionVar();
      if (!iv.getType().isIndex())
        continue;
      int64_t c = findPeriod(iv);
      if (c == 0)
        continue;
      // A loop within one period needs no tiles.
      IndexFacts facts = simplifier.getFacts(iv);
      if (facts.lo && facts.hi && *facts.hi - *facts.lo < c)
        continue;
      // A loop that starts at an enclosing loop's index (a loop tiled by
      // hand) or steps by whole tiles is normalized instead: its index
      // becomes `lb + step * k`, which the maps absorb.
      if (auto affineLoop = dyn_cast<affine::AffineForOp>(loop)) {
        if (shouldNormalize(affineLoop, c)) {
          simplifier.forget(iv);
          if (succeeded(affine::normalizeAffineFor(affineLoop))) {
            affineLoop->walk([&](Operation *op) { simplifier.simplifyOp(op); });
            worklist.push_back({loop, depth + 1});
            // The maps now divide the enclosing loops' indices.
            for (Operation *parent = loop->getParentOp(); parent;
                 parent = parent->getParentOp())
              if (isa<affine::AffineForOp, scf::ForOp>(parent))
                worklist.push_back({parent, depth + 1});
          }
          continue;
        }
      }
      SmallVector<Value> erased = getDefinedValues(loop);
      FailureOr<StripMined> tiles =
          isa<affine::AffineForOp>(loop)
              ? stripMine(cast<affine::AffineForOp>(loop), c, simplifier,
                          rewriter)
              : stripMine(cast<scf::ForOp>(loop), c, simplifier, rewriter);
      if (failed(tiles))
        continue;
      simplifier.forget(erased);
      tiles->outer->walk([&](Operation *op) { simplifier.simplifyOp(op); });
      worklist.push_back({tiles->outer, depth + 1});
      worklist.push_back({tiles->inner, depth + 1});
    }
  }
};

} // namespace
