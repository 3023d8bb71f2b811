//===- AffineSimplification.cpp - Affine maps simplified with facts -------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//

#include "tlayout/Dialect/TLayout/Utils/AffineSimplification.h"

#include "mlir/Dialect/Affine/IR/AffineMemoryOpInterfaces.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/MathExtras.h"

#include <functional>
#include <limits>
#include <numeric>
#include <type_traits>

using namespace mlir;
using namespace mlir::tlayout;

void mlir::tlayout::collectSumTerms(AffineExpr e,
                                    SmallVectorImpl<AffineExpr> &terms) {
  if (e.getKind() == AffineExprKind::Add) {
    auto bin = cast<AffineBinaryOpExpr>(e);
    collectSumTerms(bin.getLHS(), terms);
    collectSumTerms(bin.getRHS(), terms);
    return;
  }
  terms.push_back(e);
}

std::optional<MapUse> mlir::tlayout::getMapUse(Operation *op) {
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

//===----------------------------------------------------------------------===//
// Simplification with facts
//===----------------------------------------------------------------------===//

/// `t / c` for a term `t` known to be a multiple of `c`.
static AffineExpr divideExactly(AffineExpr t, int64_t c,
                                const IndexFacts &facts) {
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

/// `lhs floordiv c`, `lhs mod c` or `lhs ceildiv c` (`kind`; `c` positive)
/// simplified with the facts of the operands.
static AffineExpr simplifyDivision(AffineExprKind kind, AffineExpr lhs,
                                   int64_t c, ArrayRef<IndexFacts> operands,
                                   unsigned numDims) {
  MLIRContext *ctx = lhs.getContext();
  SmallVector<AffineExpr> terms;
  collectSumTerms(lhs, terms);
  // lhs = c * whole + rest.
  AffineExpr whole = getAffineConstantExpr(0, ctx);
  AffineExpr rest = getAffineConstantExpr(0, ctx);
  for (AffineExpr t : terms) {
    if (auto k = dyn_cast<AffineConstantExpr>(t)) {
      // k = q * c + r. Near INT64_MIN, `q * c` (in (k - c, k]) may not be
      // representable: the next multiple up leaves a negative remainder.
      int64_t q = llvm::divideFloorSigned(k.getValue(), c);
      std::optional<int64_t> qc = llvm::checkedMul(q, c);
      if (!qc)
        qc = llvm::checkedMul(++q, c);
      if (qc) {
        whole = whole + q;
        rest = rest + (k.getValue() - *qc);
      } else {
        rest = rest + t;
      }
      continue;
    }
    IndexFacts facts = evaluateIndexFacts(t, operands, numDims);
    if (facts.multiple % c == 0)
      whole = whole + divideExactly(t, c, facts);
    else
      rest = rest + t;
  }
  IndexFacts restFacts = evaluateIndexFacts(rest, operands, numDims);
  switch (kind) {
  case AffineExprKind::FloorDiv:
    if (std::optional<int64_t> period = restFacts.getPeriod(c))
      return whole + *period;
    return whole + rest.floorDiv(c);
  case AffineExprKind::Mod:
    // `period * c` lies in (lo - c, lo], which may reach below INT64_MIN;
    // the expression negates it.
    if (std::optional<int64_t> period = restFacts.getPeriod(c))
      if (std::optional<int64_t> base = llvm::checkedMul(*period, c))
        if (*base != std::numeric_limits<int64_t>::min())
          return rest - *base;
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

AffineExpr mlir::tlayout::simplifyWithFacts(AffineExpr e,
                                            ArrayRef<IndexFacts> operands,
                                            unsigned numDims) {
  IndexFacts facts = evaluateIndexFacts(e, operands, numDims);
  if (facts.lo && facts.lo == facts.hi)
    return getAffineConstantExpr(*facts.lo, e.getContext());
  auto bin = dyn_cast<AffineBinaryOpExpr>(e);
  if (!bin)
    return e;
  AffineExpr lhs = simplifyWithFacts(bin.getLHS(), operands, numDims);
  AffineExpr rhs = simplifyWithFacts(bin.getRHS(), operands, numDims);
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

//===----------------------------------------------------------------------===//
// Sound composition and simplification
//===----------------------------------------------------------------------===//

/// Makes the symbols of `map` that are not valid affine symbols dims: an
/// `arith` op inside a loop that later folds to the loop's index must not
/// sit in a symbol position.
static void demoteNonSymbols(AffineMap &map, SmallVectorImpl<Value> &operands) {
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
static bool isSemiAffineNode(AffineExpr e) {
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
AffineExpr mlir::tlayout::simplifyAffineExprSoundly(AffineExpr e,
                                                    unsigned numDims,
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
void mlir::tlayout::composeApplies(AffineMap &map,
                                   SmallVectorImpl<Value> &operands) {
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
OpFoldResult mlir::tlayout::makeFoldedSoundly(OpBuilder &b, Location loc,
                                              AffineMap map,
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

template OpFoldResult mlir::tlayout::makeFoldedSoundly<affine::AffineApplyOp>(
    OpBuilder &, Location, AffineMap, ArrayRef<OpFoldResult>);
template OpFoldResult mlir::tlayout::makeFoldedSoundly<affine::AffineMinOp>(
    OpBuilder &, Location, AffineMap, ArrayRef<OpFoldResult>);
template OpFoldResult mlir::tlayout::makeFoldedSoundly<affine::AffineMaxOp>(
    OpBuilder &, Location, AffineMap, ArrayRef<OpFoldResult>);

//===----------------------------------------------------------------------===//
// Ops
//===----------------------------------------------------------------------===//

bool mlir::tlayout::simplifyMapUse(Operation *op,
                                   IndexFactsAnalysis &analysis) {
  std::optional<MapUse> use = getMapUse(op);
  if (!use)
    return false;
  AffineMap map = use->map;
  SmallVector<Value> operands(op->getOperands().drop_front(use->firstOperand));
  composeApplies(map, operands);
  affine::canonicalizeMapAndOperands(&map, &operands);
  if (isa<affine::AffineApplyOp, affine::AffineMinOp, affine::AffineMaxOp>(op))
    demoteNonSymbols(map, operands);
  SmallVector<IndexFacts> facts = analysis.getFacts(operands);
  SmallVector<AffineExpr> results;
  for (AffineExpr r : map.getResults())
    results.push_back(
        simplifyAffineExprSoundly(simplifyWithFacts(r, facts, map.getNumDims()),
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
