//===- AffineSimplification.h - Affine maps simplified ---------*- C++ -*-===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// The expression simplifier of --tlayout-simplify-indexing: floordiv, mod
// and ceildiv removed from affine expressions where the ranges and divisors
// of their operands (IndexFacts) prove the result, and sound replacements
// of upstream's simplifyAffineExpr and map composition for semi-affine
// expressions (upstream MLIR 22 can confuse `x floordiv s` with `x mod s`
// when it flattens them).
//
//===----------------------------------------------------------------------===//

#ifndef TLAYOUT_DIALECT_TLAYOUT_UTILS_AFFINESIMPLIFICATION_H
#define TLAYOUT_DIALECT_TLAYOUT_UTILS_AFFINESIMPLIFICATION_H

#include "tlayout/Dialect/TLayout/Analysis/IndexFacts.h"

#include "mlir/IR/AffineMap.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/OpDefinition.h"

#include <optional>

namespace mlir::tlayout {

/// The terms of `e` read as a sum (`e` itself if it is not an addition).
void collectSumTerms(AffineExpr e, SmallVectorImpl<AffineExpr> &terms);

/// `e` simplified with the facts of its map's operands (`numDims` dims then
/// the symbols): a constant where its facts fix the value; `(x + y)
/// floordiv c` as `x / c + y floordiv c` where `x` is a known multiple of
/// `c`; `y floordiv c` and `y mod c` as a constant and `y - k * c` where
/// `y` stays within one period of `c`. Where the constants involved would
/// overflow int64 the division is kept as it is.
AffineExpr simplifyWithFacts(AffineExpr e, ArrayRef<IndexFacts> operands,
                             unsigned numDims);

/// Upstream's simplifyAffineExpr, made sound for semi-affine expressions:
/// each distinct semi-affine node (a product of non-constants, a division
/// by a non-constant; its operands simplified first) stands for a fresh
/// symbol, so upstream only ever sees a pure affine expression.
AffineExpr simplifyAffineExprSoundly(AffineExpr e, unsigned numDims,
                                     unsigned numSymbols);

/// Upstream's fullyComposeAffineMapAndOperands without its final
/// simplifyAffineMap: substitutes the maps of the affine.apply ops that
/// produce `operands` into `map` until none is left. Null operands
/// (constants not materialized) stay as they are. The replaced operands
/// stay in place, unused, until canonicalization.
void composeApplies(AffineMap &map, SmallVectorImpl<Value> &operands);

/// Upstream's makeComposedFoldedAffine{Apply,Min,Max} (`OpTy` is
/// affine::AffineApplyOp, AffineMinOp or AffineMaxOp) where composing the
/// producers of `operands` into `map` keeps it pure affine; otherwise an
/// `OpTy` on the operands as they are.
template <typename OpTy>
OpFoldResult makeFoldedSoundly(OpBuilder &b, Location loc, AffineMap map,
                               ArrayRef<OpFoldResult> operands);

/// Where the map of an affine.apply, affine.min, affine.max or affine
/// memory access lives in the op.
struct MapUse {
  AffineMap map;
  /// The map's operands (dims then symbols) in the op's operand list.
  unsigned firstOperand = 0;
  /// The attribute that holds the map.
  StringAttr name;
};

/// The map of `op` if it is an affine.apply, affine.min, affine.max or an
/// affine read or write; std::nullopt otherwise.
std::optional<MapUse> getMapUse(Operation *op);

/// Composes the map of `op` (see getMapUse) with the affine.apply ops that
/// produce its operands and simplifies it with the operands' facts.
/// Returns whether `op` changed.
bool simplifyMapUse(Operation *op, IndexFactsAnalysis &facts);

} // namespace mlir::tlayout

#endif // TLAYOUT_DIALECT_TLAYOUT_UTILS_AFFINESIMPLIFICATION_H
