//===- IndexFacts.h - Ranges and divisors of index values -------*- C++ -*-===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// What is known about the values an index takes: a closed range and a
// divisor of every value, for affine expressions over operands of known
// facts and for SSA index values (loop induction variables, affine.apply,
// affine.min/max, constants, tlayout.assume_multiple, and upstream's
// value-bounds analysis for the rest). --tlayout-simplify-indexing proves
// its simplifications with these facts.
//
//===----------------------------------------------------------------------===//

#ifndef TLAYOUT_DIALECT_TLAYOUT_ANALYSIS_INDEXFACTS_H
#define TLAYOUT_DIALECT_TLAYOUT_ANALYSIS_INDEXFACTS_H

#include "mlir/IR/AffineExpr.h"
#include "mlir/IR/AffineMap.h"
#include "mlir/IR/Value.h"
#include "mlir/IR/ValueRange.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <optional>

namespace mlir::tlayout {

/// An end of a range of index values; std::nullopt when it is unknown.
using IndexBound = std::optional<int64_t>;

/// What is known about the values an index takes: a closed range `[lo, hi]`
/// (either end may be unknown) and a divisor of every value (`multiple`; 0
/// means every value is 0). The facts are sound: every value the index
/// takes lies in the range and is a multiple of `multiple`. Where an exact
/// fact would overflow int64, a weaker one is kept.
struct IndexFacts {
  IndexBound lo, hi;
  int64_t multiple = 1;

  /// The facts of the constant `k`.
  static IndexFacts constant(int64_t k);

  /// Narrows the range to the multiples of `multiple` it contains. An end
  /// whose nearest multiple is not representable stays as it is.
  IndexFacts &tighten();

  /// The single period `[k * c, (k + 1) * c)` of `c` (positive) that every
  /// value lies in, as `k`; std::nullopt if the range is unknown or spans
  /// more than one period.
  std::optional<int64_t> getPeriod(int64_t c) const;

  /// Whether `value` is consistent with the facts.
  bool admits(int64_t value) const;
};

/// The facts of `e` given the facts of its map's operands (`numDims` dims
/// then the symbols). Products and divisions by non-constants know no range.
IndexFacts evaluateIndexFacts(AffineExpr e, ArrayRef<IndexFacts> operands,
                              unsigned numDims);

/// The facts of SSA index values, computed on demand and cached. Values of
/// other types, and values on a cycle through themselves (loop-carried
/// values), are unknown. The cache is valid while the IR that defines the
/// queried values does not change: `forget` the values an edit erases or
/// redefines.
class IndexFactsAnalysis {
public:
  /// What is known about `v`.
  IndexFacts getFacts(Value v);

  /// What is known about each of `values`.
  SmallVector<IndexFacts> getFacts(ValueRange values);

  /// Forgets the facts of `values` (about to be erased or redefined).
  void forget(ValueRange values);

private:
  IndexFacts computeFacts(Value v);
  /// The facts of a multi-result loop bound or affine.min/max: the minimum
  /// (`isMin`) or maximum of its results.
  IndexFacts evaluateMap(AffineMap map, ValueRange operands, bool isMin);

  DenseMap<Value, IndexFacts> cache;
};

} // namespace mlir::tlayout

#endif // TLAYOUT_DIALECT_TLAYOUT_ANALYSIS_INDEXFACTS_H
