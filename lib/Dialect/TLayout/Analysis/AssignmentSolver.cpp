//===- AssignmentSolver.cpp - Choosing one candidate per value ------------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// Branch and bound and a greedy-plus-ICM heuristic over an
// AssignmentProblem. Both keep, for every unassigned value, the cost of each
// of its candidates given the values assigned so far (its own cost plus the
// edges to assigned neighbours), and, for every memory space with a
// capacity, the bytes assigned values hold at each program point and the
// least bytes the unassigned ones will add there.
//
//===----------------------------------------------------------------------===//

#include "tlayout/Dialect/TLayout/Analysis/AssignmentSolver.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <cassert>
#include <limits>
#include <map>
#include <numeric>

using namespace mlir::tlayout;

//===----------------------------------------------------------------------===//
// AssignmentProblem
//===----------------------------------------------------------------------===//

unsigned AssignmentProblem::addNode(llvm::ArrayRef<double> cost,
                                    llvm::ArrayRef<int64_t> bytes,
                                    unsigned space, unsigned liveBegin,
                                    unsigned liveEnd) {
  return addNode(cost, bytes, space, {LiveRange(liveBegin, liveEnd)});
}

unsigned AssignmentProblem::addNode(llvm::ArrayRef<double> cost,
                                    llvm::ArrayRef<int64_t> bytes,
                                    unsigned space,
                                    llvm::ArrayRef<LiveRange> live) {
  assert(!cost.empty() && "a value needs a candidate");
  assert((bytes.empty() || bytes.size() == cost.size()) &&
         "one byte size per candidate");
  Node node;
  node.cost.assign(cost.begin(), cost.end());
  if (bytes.empty())
    node.bytes.assign(cost.size(), 0);
  else
    node.bytes.assign(bytes.begin(), bytes.end());
  node.space = space;
  llvm::SmallVector<LiveRange> sorted;
  for (LiveRange range : live)
    if (range.first < range.second)
      sorted.push_back(range);
  llvm::sort(sorted);
  for (LiveRange range : sorted) {
    if (!node.live.empty() && range.first <= node.live.back().second)
      node.live.back().second = std::max(node.live.back().second, range.second);
    else
      node.live.push_back(range);
  }
  if (!node.live.empty())
    numPoints = std::max(numPoints, node.live.back().second);
  nodes.push_back(std::move(node));
  return nodes.size() - 1;
}

void AssignmentProblem::addEdge(unsigned u, unsigned v,
                                llvm::ArrayRef<double> cost) {
  assert(u < nodes.size() && v < nodes.size() && u != v && "two values");
  assert(cost.size() == nodes[u].cost.size() * nodes[v].cost.size() &&
         "one cost per pair of candidates");
  Edge edge;
  edge.u = u;
  edge.v = v;
  edge.cost.assign(cost.begin(), cost.end());
  edges.push_back(std::move(edge));
}

void AssignmentProblem::setCapacity(unsigned space, int64_t bytes) {
  for (auto &entry : capacities)
    if (entry.first == space) {
      entry.second = bytes;
      return;
    }
  capacities.push_back({space, bytes});
}

std::optional<int64_t> AssignmentProblem::getCapacity(unsigned space) const {
  for (const auto &entry : capacities)
    if (entry.first == space)
      return entry.second;
  return std::nullopt;
}

double AssignmentProblem::evaluate(llvm::ArrayRef<unsigned> choice) const {
  assert(choice.size() == nodes.size() && "one candidate per value");
  double total = 0;
  for (auto [node, pick] : llvm::zip(nodes, choice))
    total += node.cost[pick];
  for (const Edge &edge : edges)
    total +=
        edge.cost[choice[edge.u] * nodes[edge.v].cost.size() + choice[edge.v]];
  return total;
}

std::pair<int64_t, unsigned>
AssignmentProblem::getPeak(llvm::ArrayRef<unsigned> choice,
                           unsigned space) const {
  // Differences at interval ends, then a prefix sum.
  llvm::SmallVector<int64_t> delta(numPoints + 1, 0);
  for (auto [node, pick] : llvm::zip(nodes, choice)) {
    if (node.space != space)
      continue;
    for (auto [begin, end] : node.live) {
      delta[begin] += node.bytes[pick];
      delta[end] -= node.bytes[pick];
    }
  }
  int64_t live = 0, peak = 0;
  unsigned where = 0;
  for (unsigned p = 0; p < numPoints; ++p) {
    live += delta[p];
    if (live > peak) {
      peak = live;
      where = p;
    }
  }
  return {peak, where};
}

bool AssignmentProblem::fits(llvm::ArrayRef<unsigned> choice) const {
  for (const auto &[space, capacity] : capacities)
    if (getPeak(choice, space).first > capacity)
      return false;
  return true;
}

double AssignmentProblem::getLocalDelta(llvm::ArrayRef<unsigned> choice,
                                        llvm::ArrayRef<unsigned> incident,
                                        unsigned node,
                                        unsigned candidate) const {
  double delta = nodes[node].cost[candidate] - nodes[node].cost[choice[node]];
  for (unsigned e : incident) {
    const Edge &edge = edges[e];
    size_t width = nodes[edge.v].cost.size();
    unsigned u = edge.u == node ? candidate : choice[edge.u];
    unsigned v = edge.v == node ? candidate : choice[edge.v];
    delta += edge.cost[u * width + v] -
             edge.cost[choice[edge.u] * width + choice[edge.v]];
  }
  return delta;
}

AssignmentSolution
mlir::tlayout::enumerateAssignments(const AssignmentProblem &problem) {
  AssignmentSolution best;
  best.exact = true;
  llvm::ArrayRef<AssignmentProblem::Node> nodes = problem.getNodes();
  llvm::SmallVector<unsigned, 16> choice(nodes.size(), 0);
  while (true) {
    if (problem.fits(choice)) {
      double cost = problem.evaluate(choice);
      if (!best.isFeasible() || cost < best.cost) {
        best.choice.assign(choice.begin(), choice.end());
        best.cost = best.lowerBound = cost;
      }
    }
    unsigned i = 0;
    for (; i < choice.size(); ++i) {
      if (++choice[i] < nodes[i].cost.size())
        break;
      choice[i] = 0;
    }
    if (i == choice.size())
      return best;
  }
}

double AssignmentSolution::getGap() const {
  if (exact || cost <= 0)
    return 0;
  return std::max(0.0, (cost - lowerBound) / cost);
}

//===----------------------------------------------------------------------===//
// Search state
//===----------------------------------------------------------------------===//

namespace {
constexpr double kInfinity = std::numeric_limits<double>::infinity();
constexpr unsigned kUnassigned = ~0u;

/// The incremental state both solvers share.
class SearchState {
public:
  explicit SearchState(const AssignmentProblem &problem) : problem(problem) {
    llvm::ArrayRef<AssignmentProblem::Node> nodes = problem.getNodes();
    choice.assign(nodes.size(), kUnassigned);
    incident.resize(nodes.size());
    for (auto [index, edge] : llvm::enumerate(problem.getEdges())) {
      incident[edge.u].push_back(index);
      incident[edge.v].push_back(index);
    }
    given.resize(nodes.size());
    for (auto [node, costs] : llvm::zip(nodes, given))
      costs.assign(node.cost.begin(), node.cost.end());
    minBytes.resize(nodes.size());
    for (auto [node, least] : llvm::zip(nodes, minBytes))
      least = *llvm::min_element(node.bytes);
    for (const AssignmentProblem::Node &node : nodes) {
      std::optional<int64_t> capacity = problem.getCapacity(node.space);
      if (!capacity || spaceIndex(node.space) != kUnassigned)
        continue;
      spaces.push_back({node.space, *capacity});
      committed.emplace_back(problem.getNumPoints(), 0);
      pending.emplace_back(problem.getNumPoints(), 0);
    }
    for (auto [v, node] : llvm::enumerate(nodes))
      if (unsigned s = spaceIndex(node.space); s != kUnassigned)
        for (auto [begin, end] : node.live)
          for (unsigned p = begin; p < end; ++p)
            pending[s][p] += minBytes[v];
  }

  /// Whether the least bytes of every value fit: without it nothing does.
  bool rootFits() const {
    for (unsigned s = 0; s < spaces.size(); ++s)
      for (unsigned p = 0; p < problem.getNumPoints(); ++p)
        if (pending[s][p] > spaces[s].second)
          return false;
    return true;
  }

  /// Whether `v` can take candidate `pick` with the capacities kept,
  /// counting the least bytes of the values not assigned yet.
  bool canTake(unsigned v, unsigned pick) const {
    const AssignmentProblem::Node &node = problem.getNodes()[v];
    unsigned s = spaceIndex(node.space);
    if (s == kUnassigned)
      return true;
    int64_t extra = node.bytes[pick] - minBytes[v];
    if (extra <= 0)
      return true;
    for (auto [begin, end] : node.live)
      for (unsigned p = begin; p < end; ++p)
        if (committed[s][p] + pending[s][p] + extra > spaces[s].second)
          return false;
    return true;
  }

  /// Assigns `pick` to `v`, updating its neighbours' costs.
  void assign(unsigned v, unsigned pick) {
    assert(choice[v] == kUnassigned && "assigned twice");
    choice[v] = pick;
    cost += given[v][pick];
    forEachNeighbour(
        v, [&](const AssignmentProblem::Edge &edge, unsigned w, bool vIsU) {
          unsigned wSize = problem.getNodes()[w].cost.size();
          unsigned vSize = problem.getNodes()[v].cost.size();
          for (unsigned j = 0; j < wSize; ++j)
            given[w][j] += vIsU ? edge.cost[pick * wSize + j]
                                : edge.cost[j * vSize + pick];
        });
    moveBytes(v, pick, /*sign=*/1);
  }

  /// Undoes assign(v, ...).
  void unassign(unsigned v) {
    unsigned pick = choice[v];
    assert(pick != kUnassigned && "not assigned");
    moveBytes(v, pick, /*sign=*/-1);
    forEachNeighbour(
        v, [&](const AssignmentProblem::Edge &edge, unsigned w, bool vIsU) {
          unsigned wSize = problem.getNodes()[w].cost.size();
          unsigned vSize = problem.getNodes()[v].cost.size();
          for (unsigned j = 0; j < wSize; ++j)
            given[w][j] -= vIsU ? edge.cost[pick * wSize + j]
                                : edge.cost[j * vSize + pick];
        });
    cost -= given[v][pick];
    choice[v] = kUnassigned;
  }

  /// The cost of the assigned values and of the edges between them, plus
  /// for every other value its cheapest candidate given them, plus the
  /// cheapest entry of every edge between two unassigned values.
  double bound() const {
    double total = cost;
    for (unsigned v = 0; v < choice.size(); ++v)
      if (choice[v] == kUnassigned)
        total += *llvm::min_element(given[v]);
    for (const AssignmentProblem::Edge &edge : problem.getEdges())
      if (choice[edge.u] == kUnassigned && choice[edge.v] == kUnassigned)
        total += *llvm::min_element(edge.cost);
    return total;
  }

  /// `v`'s candidates that can still fit, cheapest given the assigned
  /// values first.
  llvm::SmallVector<unsigned, 4> orderedCandidates(unsigned v) const {
    llvm::SmallVector<unsigned, 4> order;
    for (unsigned j = 0; j < given[v].size(); ++j)
      if (canTake(v, j))
        order.push_back(j);
    llvm::stable_sort(order, [&](unsigned a, unsigned b) {
      return given[v][a] < given[v][b];
    });
    return order;
  }

  const AssignmentProblem &problem;
  llvm::SmallVector<unsigned, 16> choice;
  /// The cost of the assigned values with the edges between them.
  double cost = 0;

private:
  unsigned spaceIndex(unsigned space) const {
    for (unsigned s = 0; s < spaces.size(); ++s)
      if (spaces[s].first == space)
        return s;
    return kUnassigned;
  }

  template <typename Fn> void forEachNeighbour(unsigned v, Fn fn) {
    for (unsigned e : incident[v]) {
      const AssignmentProblem::Edge &edge = problem.getEdges()[e];
      bool vIsU = edge.u == v;
      unsigned w = vIsU ? edge.v : edge.u;
      if (choice[w] == kUnassigned)
        fn(edge, w, vIsU);
    }
  }

  void moveBytes(unsigned v, unsigned pick, int sign) {
    const AssignmentProblem::Node &node = problem.getNodes()[v];
    unsigned s = spaceIndex(node.space);
    if (s == kUnassigned)
      return;
    for (auto [begin, end] : node.live)
      for (unsigned p = begin; p < end; ++p) {
        committed[s][p] += sign * node.bytes[pick];
        pending[s][p] -= sign * minBytes[v];
      }
  }

  llvm::SmallVector<llvm::SmallVector<unsigned, 4>, 16> incident;
  /// Each unassigned value's cost per candidate given the assigned ones.
  llvm::SmallVector<llvm::SmallVector<double, 4>, 16> given;
  llvm::SmallVector<int64_t, 16> minBytes;
  llvm::SmallVector<std::pair<unsigned, int64_t>, 4> spaces;
  llvm::SmallVector<llvm::SmallVector<int64_t, 16>, 4> committed;
  llvm::SmallVector<llvm::SmallVector<int64_t, 16>, 4> pending;
};

/// A lower bound on every assignment: each value's cheapest candidate with
/// half the cheapest cost of each of its edges at that candidate, or the
/// sum of cheapest values and cheapest edge entries, whichever is larger.
double rootBound(const AssignmentProblem &problem) {
  llvm::ArrayRef<AssignmentProblem::Node> nodes = problem.getNodes();
  double plain = 0;
  llvm::SmallVector<llvm::SmallVector<double, 4>, 16> withEdges;
  for (const AssignmentProblem::Node &node : nodes) {
    plain += *llvm::min_element(node.cost);
    withEdges.emplace_back(node.cost.begin(), node.cost.end());
  }
  for (const AssignmentProblem::Edge &edge : problem.getEdges()) {
    plain += *llvm::min_element(edge.cost);
    unsigned uSize = nodes[edge.u].cost.size();
    unsigned vSize = nodes[edge.v].cost.size();
    for (unsigned i = 0; i < uSize; ++i) {
      double least = kInfinity;
      for (unsigned j = 0; j < vSize; ++j)
        least = std::min(least, edge.cost[i * vSize + j]);
      withEdges[edge.u][i] += least / 2;
    }
    for (unsigned j = 0; j < vSize; ++j) {
      double least = kInfinity;
      for (unsigned i = 0; i < uSize; ++i)
        least = std::min(least, edge.cost[i * vSize + j]);
      withEdges[edge.v][j] += least / 2;
    }
  }
  double split = 0;
  for (const auto &costs : withEdges)
    split += *llvm::min_element(costs);
  return std::max(plain, split);
}

/// The bytes `choice` keeps live at each point of each capped space, for
/// the improvement sweeps.
struct LiveBytes {
  LiveBytes(const AssignmentProblem &problem, llvm::ArrayRef<unsigned> choice)
      : problem(problem) {
    for (const AssignmentProblem::Node &node : problem.getNodes())
      if (problem.getCapacity(node.space) && !live.count(node.space))
        live[node.space].assign(problem.getNumPoints(), 0);
    for (auto [node, pick] : llvm::zip(problem.getNodes(), choice))
      add(node, node.bytes[pick]);
  }

  void add(const AssignmentProblem::Node &node, int64_t bytes) {
    auto it = live.find(node.space);
    if (it == live.end())
      return;
    for (auto [begin, end] : node.live)
      for (unsigned p = begin; p < end; ++p)
        it->second[p] += bytes;
  }

  /// Whether `node` can change from `from` to `to` bytes.
  bool canChange(const AssignmentProblem::Node &node, int64_t from,
                 int64_t to) const {
    auto it = live.find(node.space);
    if (it == live.end() || to <= from)
      return true;
    int64_t capacity = *problem.getCapacity(node.space);
    for (auto [begin, end] : node.live)
      for (unsigned p = begin; p < end; ++p)
        if (it->second[p] - from + to > capacity)
          return false;
    return true;
  }

  const AssignmentProblem &problem;
  std::map<unsigned, llvm::SmallVector<int64_t, 16>> live;
};
} // namespace

//===----------------------------------------------------------------------===//
// The fast solver
//===----------------------------------------------------------------------===//

AssignmentSolution mlir::tlayout::solveFast(const AssignmentProblem &problem) {
  AssignmentSolution solution;
  solution.lowerBound = rootBound(problem);
  llvm::ArrayRef<AssignmentProblem::Node> nodes = problem.getNodes();
  if (nodes.empty()) {
    solution.exact = true;
    return solution;
  }
  SearchState state(problem);
  if (!state.rootFits()) {
    // Not even the least bytes of every value fit: nothing does.
    solution.exact = true;
    return solution;
  }
  // Greedy: each value, in order, its cheapest candidate that can fit. The
  // least bytes of every later value are counted, so one always can.
  for (unsigned v = 0; v < nodes.size(); ++v) {
    llvm::SmallVector<unsigned, 4> order = state.orderedCandidates(v);
    assert(!order.empty() && "the least candidate fits");
    state.assign(v, order.front());
  }
  llvm::SmallVector<unsigned, 16> choice = state.choice;

  // Iterated conditional modes: each value its best candidate given all its
  // neighbours, while that lowers the cost and keeps the capacities.
  llvm::SmallVector<llvm::SmallVector<unsigned, 4>, 16> incident(nodes.size());
  for (auto [index, edge] : llvm::enumerate(problem.getEdges())) {
    incident[edge.u].push_back(index);
    incident[edge.v].push_back(index);
  }
  LiveBytes live(problem, choice);
  for (unsigned sweep = 0; sweep < 32; ++sweep) {
    bool changed = false;
    for (unsigned v = 0; v < nodes.size(); ++v) {
      const AssignmentProblem::Node &node = nodes[v];
      llvm::SmallVector<double, 4> local(node.cost.begin(), node.cost.end());
      for (unsigned e : incident[v]) {
        const AssignmentProblem::Edge &edge = problem.getEdges()[e];
        unsigned vSize = node.cost.size();
        if (edge.u == v) {
          unsigned wSize = nodes[edge.v].cost.size();
          for (unsigned j = 0; j < vSize; ++j)
            local[j] += edge.cost[j * wSize + choice[edge.v]];
        } else {
          for (unsigned j = 0; j < vSize; ++j)
            local[j] += edge.cost[choice[edge.u] * vSize + j];
        }
      }
      unsigned best = choice[v];
      for (unsigned j = 0; j < local.size(); ++j)
        if (local[j] < local[best] &&
            live.canChange(node, node.bytes[choice[v]], node.bytes[j]))
          best = j;
      if (best == choice[v])
        continue;
      live.add(node, node.bytes[best] - node.bytes[choice[v]]);
      choice[v] = best;
      changed = true;
    }
    if (!changed)
      break;
  }
  solution.choice = choice;
  solution.cost = problem.evaluate(choice);
  if (solution.cost <= solution.lowerBound) {
    solution.lowerBound = solution.cost;
    solution.exact = true;
  }
  return solution;
}

//===----------------------------------------------------------------------===//
// Variable elimination
//===----------------------------------------------------------------------===//

namespace {
/// A cost table over some values: `table` is indexed by their candidates in
/// mixed radix, the first value most significant.
struct Factor {
  llvm::SmallVector<unsigned, 4> vars;
  llvm::SmallVector<double, 16> table;
};

/// What eliminating a value left for back-substitution: its best candidate
/// for each combination of candidates of the values it was connected to.
struct Elimination {
  unsigned var;
  llvm::SmallVector<unsigned, 4> scope;
  llvm::SmallVector<unsigned, 16> argmin;
};
} // namespace

/// The minimum of node plus edge costs, ignoring capacities, by eliminating
/// the values one at a time (the one whose neighbourhood table is smallest
/// first), as bucket elimination does: exact, and linear for chains and
/// trees. std::nullopt when a table would exceed `maxTable` entries.
static std::optional<AssignmentSolution>
eliminate(const AssignmentProblem &problem, uint64_t maxTable) {
  llvm::ArrayRef<AssignmentProblem::Node> nodes = problem.getNodes();
  unsigned n = nodes.size();
  auto domain = [&](unsigned v) { return unsigned(nodes[v].cost.size()); };
  std::vector<Factor> factors;
  for (unsigned v = 0; v < n; ++v)
    factors.push_back({{v}, {nodes[v].cost.begin(), nodes[v].cost.end()}});
  for (const AssignmentProblem::Edge &edge : problem.getEdges())
    factors.push_back({{edge.u, edge.v}, {edge.cost.begin(), edge.cost.end()}});
  // The factors each value appears in (indices into `factors`; eliminated
  // factors are left empty).
  std::vector<llvm::SmallVector<unsigned, 4>> touching(n);
  for (unsigned f = 0; f < factors.size(); ++f)
    for (unsigned v : factors[f].vars)
      touching[v].push_back(f);

  auto scopeOf = [&](unsigned v) {
    llvm::SmallVector<unsigned, 8> scope;
    for (unsigned f : touching[v])
      for (unsigned w : factors[f].vars)
        if (w != v && !llvm::is_contained(scope, w))
          scope.push_back(w);
    llvm::sort(scope);
    return scope;
  };
  auto tableSize = [&](llvm::ArrayRef<unsigned> scope) {
    uint64_t size = 1;
    for (unsigned w : scope) {
      size *= domain(w);
      if (size > maxTable)
        return maxTable + 1;
    }
    return size;
  };

  std::vector<bool> eliminated(n, false);
  std::vector<Elimination> order;
  double constant = 0;
  for (unsigned step = 0; step < n; ++step) {
    // The value whose elimination makes the smallest table.
    unsigned best = n;
    uint64_t bestSize = 0;
    for (unsigned v = 0; v < n; ++v) {
      if (eliminated[v])
        continue;
      uint64_t size = tableSize(scopeOf(v)) * domain(v);
      if (best == n || size < bestSize) {
        best = v;
        bestSize = size;
      }
    }
    if (bestSize > maxTable)
      return std::nullopt;
    unsigned v = best;
    llvm::SmallVector<unsigned, 8> scope = scopeOf(v);
    uint64_t size = tableSize(scope);
    Factor result{{scope.begin(), scope.end()}, {}};
    result.table.assign(size, 0);
    Elimination record{v, {scope.begin(), scope.end()}, {}};
    record.argmin.assign(size, 0);
    // Enumerate the scope's combinations; for each, every candidate of v.
    llvm::SmallVector<unsigned, 8> digits(scope.size(), 0);
    llvm::SmallVector<unsigned, 8> assignment(n, 0);
    for (uint64_t index = 0; index < size; ++index) {
      for (auto [w, digit] : llvm::zip(scope, digits))
        assignment[w] = digit;
      double least = kInfinity;
      unsigned pick = 0;
      for (unsigned j = 0; j < domain(v); ++j) {
        assignment[v] = j;
        double total = 0;
        for (unsigned f : touching[v]) {
          const Factor &factor = factors[f];
          uint64_t at = 0;
          for (unsigned w : factor.vars)
            at = at * domain(w) + assignment[w];
          total += factor.table[at];
        }
        if (total < least) {
          least = total;
          pick = j;
        }
      }
      result.table[index] = least;
      record.argmin[index] = pick;
      for (unsigned k = digits.size(); k-- > 0;) {
        if (++digits[k] < domain(scope[k]))
          break;
        digits[k] = 0;
      }
    }
    // Replace v's factors by the new one.
    llvm::SmallVector<unsigned, 4> old = touching[v];
    for (unsigned f : old) {
      for (unsigned w : factors[f].vars)
        if (w != v)
          llvm::erase(touching[w], f);
      factors[f] = Factor();
    }
    touching[v].clear();
    eliminated[v] = true;
    if (scope.empty()) {
      constant += result.table.front();
    } else {
      factors.push_back(std::move(result));
      for (unsigned w : scope)
        touching[w].push_back(factors.size() - 1);
    }
    order.push_back(std::move(record));
  }

  AssignmentSolution solution;
  solution.choice.assign(n, 0);
  for (const Elimination &record : llvm::reverse(order)) {
    uint64_t at = 0;
    for (unsigned w : record.scope)
      at = at * domain(w) + solution.choice[w];
    solution.choice[record.var] = record.argmin[at];
  }
  solution.cost = problem.evaluate(solution.choice);
  solution.lowerBound = constant;
  solution.exact = true;
  return solution;
}

//===----------------------------------------------------------------------===//
// The exact solver
//===----------------------------------------------------------------------===//

namespace {
class BranchAndBound {
public:
  BranchAndBound(const AssignmentProblem &problem, uint64_t budget,
                 const AssignmentSolution &start)
      : state(problem), budget(budget), best(start.choice),
        bestCost(start.isFeasible() ? start.cost : kInfinity) {}

  void run() {
    if (!state.rootFits())
      return;
    search(0);
  }

  SearchState state;
  uint64_t budget;
  uint64_t visited = 0;
  bool exhausted = false;
  llvm::SmallVector<unsigned, 16> best;
  double bestCost;

private:
  void search(unsigned v) {
    if (exhausted)
      return;
    if (++visited > budget) {
      exhausted = true;
      return;
    }
    if (v == state.choice.size()) {
      if (state.cost < bestCost) {
        bestCost = state.cost;
        best = state.choice;
      }
      return;
    }
    for (unsigned pick : state.orderedCandidates(v)) {
      state.assign(v, pick);
      // Equal to the best is no better: prune it too.
      if (state.bound() < bestCost)
        search(v + 1);
      state.unassign(v);
      if (exhausted)
        return;
    }
  }
};
} // namespace

AssignmentSolution mlir::tlayout::solveExact(const AssignmentProblem &problem,
                                             uint64_t budget) {
  AssignmentSolution start = solveFast(problem);
  if (start.exact)
    return start;
  // Without the capacities the elimination is exact; its optimum bounds
  // every assignment that fits, and is the answer when it fits.
  double lowerBound = start.lowerBound;
  if (std::optional<AssignmentSolution> free = eliminate(problem, budget)) {
    if (problem.fits(free->choice))
      return *free;
    lowerBound = std::max(lowerBound, free->cost);
    if (start.isFeasible() && start.cost <= lowerBound) {
      start.lowerBound = start.cost;
      start.exact = true;
      return start;
    }
  }
  BranchAndBound search(problem, budget, start);
  search.run();
  AssignmentSolution solution;
  solution.visited = search.visited;
  solution.exact = !search.exhausted;
  if (search.bestCost < kInfinity) {
    solution.choice = search.best;
    solution.cost = search.bestCost;
  }
  solution.lowerBound = solution.exact ? solution.cost : lowerBound;
  return solution;
}
