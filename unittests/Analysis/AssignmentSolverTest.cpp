//===- AssignmentSolverTest.cpp - The assignment solvers vs brute force ---===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// Random small problems (values with up to four candidates, random edges
// between them, random live ranges and capacities) against the enumeration
// of every assignment: the exact solver finds the cheapest assignment that
// fits, or proves that none does; the fast one finds an assignment that
// fits whenever one exists greedily, never below the optimum, with a lower
// bound never above it.
//
//===----------------------------------------------------------------------===//

#include "tlayout/Dialect/TLayout/Analysis/AssignmentSolver.h"

#include "gtest/gtest.h"

#include <limits>
#include <random>

using namespace mlir::tlayout;

namespace {

/// Steps `choice` to the next assignment (the first node's candidate
/// changing fastest); false after the last.
bool nextAssignment(const AssignmentProblem &problem,
                    llvm::MutableArrayRef<unsigned> choice) {
  for (auto [k, pick] : llvm::enumerate(choice)) {
    if (++pick < problem.getNodes()[k].cost.size())
      return true;
    pick = 0;
  }
  return false;
}

/// The cheapest assignment that fits, by enumeration, or std::nullopt.
std::optional<double> bruteForce(const AssignmentProblem &problem) {
  llvm::SmallVector<unsigned, 16> choice(problem.getNodes().size(), 0);
  std::optional<double> best;
  do {
    if (problem.fits(choice)) {
      double cost = problem.evaluate(choice);
      if (!best || cost < *best)
        best = cost;
    }
  } while (nextAssignment(problem, choice));
  return best;
}

AssignmentProblem randomProblem(std::mt19937 &rng, unsigned maxNodes,
                                bool withCapacity) {
  AssignmentProblem problem;
  std::uniform_int_distribution<unsigned> nodeCount(1, maxNodes);
  std::uniform_int_distribution<unsigned> candidates(1, 4);
  std::uniform_int_distribution<int> small(0, 9);
  unsigned n = nodeCount(rng);
  unsigned points = n + 2;
  for (unsigned v = 0; v < n; ++v) {
    unsigned k = candidates(rng);
    llvm::SmallVector<double> cost;
    llvm::SmallVector<int64_t> bytes;
    for (unsigned j = 0; j < k; ++j) {
      // Zero costs often, as padding is often absent.
      cost.push_back(small(rng) < 4 ? 0 : small(rng));
      bytes.push_back(1 + small(rng));
    }
    unsigned begin =
        std::uniform_int_distribution<unsigned>(0, points - 1)(rng);
    unsigned end = std::uniform_int_distribution<unsigned>(begin, points)(rng);
    problem.addNode(cost, bytes, /*space=*/small(rng) < 7 ? 1 : 0, begin, end);
  }
  for (unsigned u = 0; u < n; ++u)
    for (unsigned v = u + 1; v < n; ++v) {
      if (small(rng) < 6)
        continue;
      unsigned ku = problem.getNodes()[u].cost.size();
      unsigned kv = problem.getNodes()[v].cost.size();
      llvm::SmallVector<double> matrix;
      for (unsigned i = 0; i < ku * kv; ++i)
        matrix.push_back(small(rng) < 3 ? 0 : small(rng) * 2);
      problem.addEdge(u, v, matrix);
    }
  if (withCapacity)
    problem.setCapacity(1, 4 + small(rng) * 3);
  return problem;
}

TEST(AssignmentSolverTest, ExactMatchesBruteForce) {
  std::mt19937 rng(1234);
  unsigned infeasible = 0, capped = 0, searched = 0;
  for (unsigned trial = 0; trial < 3000; ++trial) {
    bool withCapacity = trial % 2 == 1;
    AssignmentProblem problem = randomProblem(rng, 7, withCapacity);
    std::optional<double> expected = bruteForce(problem);
    AssignmentSolution exact = solveExact(problem, /*budget=*/1u << 22);
    ASSERT_TRUE(exact.exact) << "trial " << trial;
    ASSERT_EQ(exact.isFeasible(), expected.has_value()) << "trial " << trial;
    infeasible += !expected;
    capped += withCapacity;
    searched += exact.visited > 0;
    if (!expected)
      continue;
    EXPECT_DOUBLE_EQ(exact.cost, *expected) << "trial " << trial;
    EXPECT_DOUBLE_EQ(problem.evaluate(exact.choice), exact.cost);
    EXPECT_TRUE(problem.fits(exact.choice)) << "trial " << trial;
  }
  // The generator makes both kinds of problem, and capacities that the
  // unconstrained optimum breaks, which the branch and bound settles.
  EXPECT_GT(infeasible, 50u);
  EXPECT_LT(infeasible, capped);
  EXPECT_GT(searched, 100u);
}

TEST(AssignmentSolverTest, EnumerationIsTheBruteForce) {
  // The library's enumeration (policy=enumerate, the pass's oracle for the
  // exact mode) against this test's own.
  std::mt19937 rng(99);
  for (unsigned trial = 0; trial < 500; ++trial) {
    AssignmentProblem problem = randomProblem(rng, 6, trial % 2 == 1);
    std::optional<double> expected = bruteForce(problem);
    AssignmentSolution all = enumerateAssignments(problem);
    ASSERT_EQ(all.isFeasible(), expected.has_value()) << "trial " << trial;
    if (!expected)
      continue;
    EXPECT_TRUE(all.exact);
    EXPECT_DOUBLE_EQ(all.cost, *expected) << "trial " << trial;
    EXPECT_DOUBLE_EQ(problem.evaluate(all.choice), all.cost);
    EXPECT_TRUE(problem.fits(all.choice));
  }
}

TEST(AssignmentSolverTest, EliminationOnDenserGraphs) {
  // Ten values, dense random edges, no capacities: the elimination's
  // tables grow with the width of the graph and stay exact.
  std::mt19937 rng(7);
  for (unsigned trial = 0; trial < 150; ++trial) {
    AssignmentProblem problem = randomProblem(rng, 10, /*withCapacity=*/false);
    std::optional<double> expected = bruteForce(problem);
    ASSERT_TRUE(expected.has_value());
    AssignmentSolution exact = solveExact(problem, /*budget=*/1u << 22);
    ASSERT_TRUE(exact.exact) << "trial " << trial;
    EXPECT_DOUBLE_EQ(exact.cost, *expected) << "trial " << trial;
    EXPECT_DOUBLE_EQ(exact.lowerBound, exact.cost);
  }
}

TEST(AssignmentSolverTest, FastIsBoundedByTheOptimum) {
  std::mt19937 rng(99);
  unsigned optimal = 0, feasible = 0;
  for (unsigned trial = 0; trial < 3000; ++trial) {
    AssignmentProblem problem = randomProblem(rng, 7, trial % 2 == 1);
    std::optional<double> expected = bruteForce(problem);
    AssignmentSolution fast = solveFast(problem);
    if (!expected) {
      EXPECT_FALSE(fast.isFeasible()) << "trial " << trial;
      continue;
    }
    ++feasible;
    // The greedy counts the least bytes of the values after each one, so
    // it fits whenever the least bytes of all do; a problem where they fit
    // but no assignment does cannot arise (the least ones are one).
    ASSERT_TRUE(fast.isFeasible()) << "trial " << trial;
    EXPECT_TRUE(problem.fits(fast.choice));
    EXPECT_DOUBLE_EQ(problem.evaluate(fast.choice), fast.cost);
    EXPECT_GE(fast.cost, *expected - 1e-9) << "trial " << trial;
    EXPECT_LE(fast.lowerBound, *expected + 1e-9) << "trial " << trial;
    EXPECT_GE(fast.getGap(), 0.0);
    if (fast.exact)
      EXPECT_DOUBLE_EQ(fast.cost, *expected) << "trial " << trial;
    optimal += fast.cost <= *expected + 1e-9;
  }
  // A heuristic, but a good one on small problems.
  EXPECT_GT(optimal * 10, feasible * 7);
}

TEST(AssignmentSolverTest, BudgetStopsTheSearchHonestly) {
  // A chain of values whose edges punish every change of candidate and
  // whose costs favour alternating ones: many assignments to try.
  AssignmentProblem problem;
  unsigned n = 40;
  for (unsigned v = 0; v < n; ++v)
    problem.addNode({double(v % 3), double((v + 1) % 3), double((v + 2) % 3)},
                    {}, 0, v, v + 1);
  for (unsigned v = 0; v + 1 < n; ++v)
    problem.addEdge(v, v + 1, {0, 2, 2, 2, 0, 2, 2, 2, 0});
  for (unsigned v = 0; v + 7 < n; v += 3)
    problem.addEdge(v, v + 7, {0, 1, 1, 1, 0, 1, 1, 1, 0});
  AssignmentSolution limited = solveExact(problem, /*budget=*/50);
  ASSERT_TRUE(limited.isFeasible());
  EXPECT_LE(limited.lowerBound, limited.cost);
  if (!limited.exact) {
    EXPECT_EQ(limited.visited, 51u);
    EXPECT_GT(limited.getGap(), 0.0);
  }
  AssignmentSolution full = solveExact(problem, /*budget=*/1u << 26);
  EXPECT_TRUE(full.exact);
  EXPECT_LE(full.cost, limited.cost);
  EXPECT_EQ(full.getGap(), 0.0);
}

TEST(AssignmentSolverTest, PeakIsTheMostBytesLiveAtOnePoint) {
  AssignmentProblem problem;
  // Three values of 32 bytes in space 1 over [0,2), [1,3), [2,4) and one of
  // 100 bytes in space 0: at most two of the first are live at once.
  problem.addNode({0}, {32}, 1, 0, 2);
  problem.addNode({0}, {32}, 1, 1, 3);
  problem.addNode({0}, {32}, 1, 2, 4);
  problem.addNode({0}, {100}, 0, 0, 4);
  llvm::SmallVector<unsigned> choice(4, 0);
  EXPECT_EQ(problem.getPeak(choice, 1), std::make_pair(int64_t(64), 1u));
  EXPECT_EQ(problem.getPeak(choice, 0).first, 100);
  problem.setCapacity(1, 64);
  EXPECT_TRUE(problem.fits(choice));
  problem.setCapacity(1, 63);
  EXPECT_FALSE(problem.fits(choice));
  AssignmentSolution none = solveExact(problem, 1000);
  EXPECT_FALSE(none.isFeasible());
  EXPECT_TRUE(none.exact);
}

TEST(AssignmentSolverTest, ValuesLiveInSeveralRanges) {
  // A value live in several ranges (a buffer of a function called twice,
  // a group across a call): overlapping ranges count its bytes once per
  // point. Each problem's answer against an enumeration that counts the
  // bytes per point from the ranges as given, not from the problem's.
  std::mt19937 rng(4242);
  std::uniform_int_distribution<int> small(0, 9);
  unsigned feasible = 0, infeasible = 0;
  for (unsigned trial = 0; trial < 400; ++trial) {
    AssignmentProblem problem;
    unsigned n = 1 + small(rng) % 5, points = 8;
    // Per value, whether it is live at each point.
    llvm::SmallVector<llvm::SmallVector<bool, 8>> liveAt;
    for (unsigned v = 0; v < n; ++v) {
      llvm::SmallVector<AssignmentProblem::LiveRange> ranges;
      liveAt.emplace_back(points, false);
      for (int r = 0, count = 1 + small(rng) % 3; r < count; ++r) {
        unsigned begin = small(rng) % points;
        unsigned end = begin + small(rng) % (points - begin + 1);
        ranges.push_back({begin, end});
        for (unsigned p = begin; p < end; ++p)
          liveAt.back()[p] = true;
      }
      unsigned k = 1 + small(rng) % 3;
      llvm::SmallVector<double> cost;
      llvm::SmallVector<int64_t> bytes;
      for (unsigned j = 0; j < k; ++j) {
        cost.push_back(small(rng));
        bytes.push_back(1 + small(rng));
      }
      problem.addNode(cost, bytes, /*space=*/0, ranges);
    }
    if (n > 1)
      problem.addEdge(
          0, 1,
          llvm::SmallVector<double>(problem.getNodes()[0].cost.size() *
                                        problem.getNodes()[1].cost.size(),
                                    1.0));
    int64_t capacity = 5 + small(rng) * 2;
    problem.setCapacity(0, capacity);
    // The enumeration.
    std::optional<double> best;
    llvm::SmallVector<unsigned> choice(n, 0);
    do {
      bool fits = true;
      for (unsigned p = 0; p < points; ++p) {
        int64_t live = 0;
        for (unsigned v = 0; v < n; ++v)
          if (liveAt[v][p])
            live += problem.getNodes()[v].bytes[choice[v]];
        fits &= live <= capacity;
      }
      EXPECT_EQ(problem.fits(choice), fits) << "trial " << trial;
      if (fits && (!best || problem.evaluate(choice) < *best))
        best = problem.evaluate(choice);
    } while (nextAssignment(problem, choice));
    AssignmentSolution exact = solveExact(problem, /*budget=*/1u << 20);
    ASSERT_TRUE(exact.exact) << "trial " << trial;
    ASSERT_EQ(exact.isFeasible(), best.has_value()) << "trial " << trial;
    AssignmentSolution fast = solveFast(problem);
    if (fast.isFeasible())
      EXPECT_TRUE(problem.fits(fast.choice)) << "trial " << trial;
    if (!best) {
      ++infeasible;
      continue;
    }
    ++feasible;
    EXPECT_DOUBLE_EQ(exact.cost, *best) << "trial " << trial;
  }
  EXPECT_GT(feasible, 50u);
  EXPECT_GT(infeasible, 20u);
}

} // namespace
