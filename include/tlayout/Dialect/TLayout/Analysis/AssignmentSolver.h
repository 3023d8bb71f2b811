//===- AssignmentSolver.h - Choosing one candidate per value ----*- C++ -*-===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// The optimization problem under layout assignment, without IR: a set of
// values, each with candidates (its possible layouts), a cost per candidate
// (the padding its buffer carries), a cost per pair of candidates of two
// connected values (the bytes a relayout between them moves, 0 where the
// placements agree), and capacities: at every program point the bytes of
// the values live there, in each memory space, stay within the space's
// capacity. This is a partitioned Boolean quadratic problem (PBQP, as in
// LLVM's register allocator and Anderson and Gregg's layout selection)
// with knapsack-like side constraints, the form of XLA's auto-sharding.
//
// solveExact eliminates values (exact without capacities) and searches
// every assignment by branch and bound, and proves its answer optimal
// unless its budget runs out; solveFast is greedy in value
// order followed by iterated conditional modes, linear in the size of the
// problem per sweep, with a lower bound to report its gap. Both depend on
// LLVM Support only.
//
//===----------------------------------------------------------------------===//

#ifndef TLAYOUT_DIALECT_TLAYOUT_ANALYSIS_ASSIGNMENTSOLVER_H
#define TLAYOUT_DIALECT_TLAYOUT_ANALYSIS_ASSIGNMENTSOLVER_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <optional>

namespace mlir::tlayout {

/// One choice per value, minimizing node plus edge costs under capacities.
class AssignmentProblem {
public:
  /// Program points `[first, second)`.
  using LiveRange = std::pair<unsigned, unsigned>;
  /// A value to assign: the cost and the bytes of each candidate, the
  /// memory space its buffer lives in and the program points where it is
  /// live: sorted, disjoint, non-empty ranges (a buffer of a function that
  /// is called twice is live in each call).
  struct Node {
    llvm::SmallVector<double, 4> cost;
    llvm::SmallVector<int64_t, 4> bytes;
    unsigned space = 0;
    llvm::SmallVector<LiveRange, 1> live;
  };
  /// Two connected values: `cost[i * |candidates of v| + j]` is paid when
  /// `u` takes candidate i and `v` candidate j.
  struct Edge {
    unsigned u = 0;
    unsigned v = 0;
    llvm::SmallVector<double, 16> cost;
  };

  /// Adds a value with one cost and one byte size per candidate (at least
  /// one candidate; `bytes` empty means 0 bytes for all), live over
  /// `[liveBegin, liveEnd)`. Returns its number.
  unsigned addNode(llvm::ArrayRef<double> cost, llvm::ArrayRef<int64_t> bytes,
                   unsigned space, unsigned liveBegin, unsigned liveEnd);
  /// The same, live over the union of `live` (in any order; they may
  /// overlap, and empty ones are dropped).
  unsigned addNode(llvm::ArrayRef<double> cost, llvm::ArrayRef<int64_t> bytes,
                   unsigned space, llvm::ArrayRef<LiveRange> live);
  /// Adds the cost matrix of the pair `u`, `v` (row-major, `u`'s candidates
  /// by `v`'s). Several edges between one pair add up.
  void addEdge(unsigned u, unsigned v, llvm::ArrayRef<double> cost);
  /// Memory space `space` holds at most `bytes` at every program point
  /// (spaces without a capacity are unlimited).
  void setCapacity(unsigned space, int64_t bytes);

  llvm::ArrayRef<Node> getNodes() const { return nodes; }
  llvm::ArrayRef<Edge> getEdges() const { return edges; }
  std::optional<int64_t> getCapacity(unsigned space) const;
  /// One past the last program point any value is live at.
  unsigned getNumPoints() const { return numPoints; }

  /// The cost of `choice` (one candidate per node).
  double evaluate(llvm::ArrayRef<unsigned> choice) const;
  /// The change of cost when node `node` alone takes `candidate` under
  /// `choice`: its own cost and its incident edges' (`incident`, their
  /// numbers).
  double getLocalDelta(llvm::ArrayRef<unsigned> choice,
                       llvm::ArrayRef<unsigned> incident, unsigned node,
                       unsigned candidate) const;
  /// Whether `choice` keeps every memory space within its capacity.
  bool fits(llvm::ArrayRef<unsigned> choice) const;
  /// The peak of live bytes of `space` under `choice`, and the first
  /// program point where it is reached.
  std::pair<int64_t, unsigned> getPeak(llvm::ArrayRef<unsigned> choice,
                                       unsigned space) const;

private:
  llvm::SmallVector<Node, 16> nodes;
  llvm::SmallVector<Edge, 16> edges;
  llvm::SmallVector<std::pair<unsigned, int64_t>, 4> capacities;
  unsigned numPoints = 0;
};

/// What a solver found.
struct AssignmentSolution {
  /// One candidate per node; empty when no assignment fits the capacities.
  llvm::SmallVector<unsigned, 16> choice;
  /// The cost of `choice`.
  double cost = 0;
  /// No assignment that fits costs less than this.
  double lowerBound = 0;
  /// Whether `choice` is proved optimal (or, when it is empty, proved that
  /// nothing fits).
  bool exact = false;
  /// Search nodes the exact solver visited.
  uint64_t visited = 0;

  bool isFeasible() const { return !choice.empty(); }
  /// (cost - lowerBound) / cost, 0 for an exact or free solution.
  double getGap() const;
};

/// The optimum, proved. First variable elimination without the capacities
/// (values eliminated smallest neighbourhood first, as bucket elimination
/// and PBQP's reductions do: linear for chains and trees, exponential only
/// in the width of the graph), whose answer is optimal when it fits and a
/// lower bound otherwise. Then branch and bound over all assignments,
/// values in order, each value's candidates cheapest first under what is
/// assigned; it prunes on the cost of the assigned values plus, for each
/// other value, its cheapest candidate given its assigned neighbours, and
/// on capacities (assigned bytes plus the least bytes of the unassigned
/// values live at each point), and starts from solveFast's answer.
/// `budget` bounds both: the entries of an elimination table and the
/// search nodes. Past it the answer is the best found, not marked exact,
/// with the best lower bound known. Meant for small problems: choosing the
/// next value to eliminate is quadratic in their number.
AssignmentSolution solveExact(const AssignmentProblem &problem,
                              uint64_t budget);

/// The cheapest assignment that fits, by trying every one (the first of
/// equal costs, candidates of the first node changing fastest); empty when
/// none fits. For tests of the solvers: the number of assignments is the
/// product of the candidates' counts.
AssignmentSolution enumerateAssignments(const AssignmentProblem &problem);

/// Greedy in value order (each value its cheapest candidate that can still
/// fit, given the values before it), then iterated conditional modes (each
/// value its best candidate given all its neighbours, keeping the
/// capacities) until no value changes. Reports the root lower bound.
AssignmentSolution solveFast(const AssignmentProblem &problem);

} // namespace mlir::tlayout

#endif // TLAYOUT_DIALECT_TLAYOUT_ANALYSIS_ASSIGNMENTSOLVER_H
