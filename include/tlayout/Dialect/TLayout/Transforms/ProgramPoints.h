//===- ProgramPoints.h - Program points with calls nested -------*- C++ -*-===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// The program points a capacity is checked at: the ops of a module
// numbered in pre-order, with the body of each function a call reaches
// numbered again inside the call's points, once per call, so that what a
// caller keeps live across a call and what the callee allocates meet at the
// same points (a buffer of a function called twice is live twice). Layout
// assignment reads the live ranges of tensors from it.
//
//===----------------------------------------------------------------------===//

#ifndef TLAYOUT_DIALECT_TLAYOUT_TRANSFORMS_PROGRAMPOINTS_H
#define TLAYOUT_DIALECT_TLAYOUT_TRANSFORMS_PROGRAMPOINTS_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallVector.h"

#include <tuple>
#include <utility>

namespace mlir::tlayout {

/// The ops of a module numbered with the callees' bodies nested in their
/// calls.
class ProgramPoints {
public:
  /// Program points `[first, second)`.
  using Range = std::pair<unsigned, unsigned>;

  /// Numbers `module`: each function no call in the module reaches in
  /// turn (the entry points), then the others that no entry point reaches
  /// (called only from a cycle), each once. Inside, a `func.call` of a
  /// function with a body nests that body in the call's points, unless the
  /// callee is already being numbered (recursion) or the points would pass
  /// `maxPoints`: such a call is left out (getUnmodeledCalls).
  explicit ProgramPoints(ModuleOp module, unsigned maxPoints = 1u << 20);

  /// The points of `op`, one range per time its function's body was
  /// numbered (the same number for every op of one function).
  llvm::ArrayRef<Range> getRanges(Operation *op) const {
    auto it = points.find(op);
    return it == points.end() ? llvm::ArrayRef<Range>() : it->second;
  }
  /// Where `value` is live each time its function runs: from its defining
  /// op's last point (after the points of a callee or a body the op holds),
  /// or its block's parent op's first, to the end of the last op, in the
  /// definition's region, that holds a use.
  llvm::SmallVector<Range, 1> getLiveRanges(Value value) const;
  /// A range where buffer number `std::get<2>` is live.
  using Piece = std::tuple<unsigned, unsigned, unsigned>;
  /// The most bytes live at one point of `within`: each buffer's pieces
  /// that lie inside `within`, merged (a buffer counts once per point),
  /// buffer `b` holding `bytes[b]`. `pieces` are sorted.
  static int64_t getPeakWithin(llvm::ArrayRef<Piece> pieces,
                               llvm::ArrayRef<int64_t> bytes, Range within);

  /// The calls whose callee's body is not nested in them.
  llvm::ArrayRef<Operation *> getUnmodeledCalls() const {
    return unmodeledCalls.getArrayRef();
  }

private:
  void number(Operation *op);

  llvm::DenseMap<Operation *, llvm::SmallVector<Range, 1>> points;
  llvm::SetVector<Operation *> unmodeledCalls;
  /// The functions being numbered, callers first.
  llvm::DenseSet<Operation *> active;
  SymbolTable symbols;
  unsigned next = 0;
  unsigned maxPoints;
};

} // namespace mlir::tlayout

#endif // TLAYOUT_DIALECT_TLAYOUT_TRANSFORMS_PROGRAMPOINTS_H
