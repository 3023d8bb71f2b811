//===- AssignLayouts.cpp - Choosing every tensor's layout -----------------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// The --tlayout-assign-layouts pass: the groups of tensors that share a
// buffer become the values of an AssignmentProblem whose candidates are the
// target's layouts for their shapes, whose costs are padding bytes, whose
// edges are the bytes the placement rules make a relayout move (element-wise
// operands, broadcast operands, reduction results, transposes and reshapes
// that are not bitcasts), and whose capacities are the target's; the
// solver's choice is then propagated as --tlayout-propagate-tensor-layouts
// propagates layouts fixed at the boundaries, every placement change made a
// `tlayout.relayout`, and every bitcast a view. Remarks explain each
// relayout and each padded value; a summary goes to a remark and to JSON.
//
//===----------------------------------------------------------------------===//

#include "tlayout/Dialect/TLayout/Analysis/AssignmentSolver.h"
#include "tlayout/Dialect/TLayout/IR/TLayoutAttrs.h"
#include "tlayout/Dialect/TLayout/IR/TLayoutDialect.h"
#include "tlayout/Dialect/TLayout/IR/TLayoutOps.h"
#include "tlayout/Dialect/TLayout/Transforms/Passes.h"
#include "tlayout/Dialect/TLayout/Transforms/ProgramPoints.h"
#include "tlayout/Dialect/TLayout/Transforms/TensorEncodings.h"
#include "tlayout/Dialect/TLayout/Transforms/TensorLayoutGroups.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>
#include <limits>

namespace mlir::tlayout {
#define GEN_PASS_DEF_ASSIGNLAYOUTS
#include "tlayout/Dialect/TLayout/Transforms/Passes.h.inc"
} // namespace mlir::tlayout

using namespace mlir;
using namespace mlir::tlayout;

/// The minor_to_major of a `#tlayout.tiled` layout, std::nullopt otherwise.
static std::optional<SmallVector<int64_t>> getMinorToMajor(Attribute layout) {
  auto tiled = dyn_cast_or_null<TiledLayoutAttr>(layout);
  if (!tiled)
    return std::nullopt;
  ArrayRef<int64_t> order = tiled.getLayout().minorToMajor;
  return SmallVector<int64_t>(order.begin(), order.end());
}

namespace {
/// One group of the problem: its type, its candidates (a null attribute is
/// row-major) with their physical bytes, and where it lives.
struct GroupChoice {
  RankedTensorType type;
  SmallVector<Attribute> candidates;
  SmallVector<int64_t> bytes;
  /// Per candidate, the bytes relayouts at boundary uses move.
  SmallVector<int64_t> boundaryBytes;
  unsigned node = 0;
  bool fixed = false;
  Value leader;
  /// The function that makes the buffer (its padding is reported there):
  /// that of a member an op other than a call defines, else the leader's.
  Operation *home = nullptr;
  /// Where each member is live (ProgramPoints::getLiveRanges).
  SmallVector<ProgramPoints::Range> live;
};

/// The bytes relayouts at boundary uses of one group's values in one
/// function move, per candidate of the group.
struct BoundaryCost {
  unsigned node;
  Operation *func;
  SmallVector<int64_t> bytes;
};

/// Why an edge of the problem exists: the op whose rule it is, a sentence
/// for the remarks, and the bytes moved per pair of candidates.
struct EdgeInfo {
  Operation *op;
  unsigned operand;
  std::string rule;
  SmallVector<int64_t> bytes;
};

/// What the summary reports, per function and for the module.
struct Figures {
  int64_t moved = 0;
  int64_t padding = 0;
  int64_t peak = 0;
};

struct AssignLayoutsPass
    : mlir::tlayout::impl::AssignLayoutsBase<AssignLayoutsPass> {
  using Base::Base;

  LayoutTargetAttrInterface layoutTarget;

  /// What the layout core answers, once per type (a module repeats its
  /// types: the answers are compiled layouts and compared placements).
  struct Caches {
    DenseMap<Type, std::optional<int64_t>> bytes;
    DenseMap<Type, SmallVector<Attribute>> candidates;
    DenseMap<std::tuple<Type, Type, Attribute>, bool> freeTranspose;
    DenseMap<std::pair<Type, Type>, bool> freeReshape;
    DenseMap<std::tuple<Type, Attribute, Attribute>, bool> freeRelayout;
  } cache;

  /// The program points the capacity is checked at.
  std::optional<ProgramPoints> points;

  /// The solved problem, kept for the remarks and the summary.
  llvm::MapVector<Value, GroupChoice> choices;
  AssignmentProblem problem;
  SmallVector<EdgeInfo> edgeInfos;
  SmallVector<BoundaryCost> boundaryCosts;
  /// For the figures per function: the groups each function makes, the
  /// boundary costs and edges in it, and every live range (begin, end,
  /// group) sorted.
  struct Buckets {
    DenseMap<Operation *, SmallVector<unsigned>> groupsByHome, boundaryByFunc,
        edgesByFunc;
    SmallVector<ProgramPoints::Piece> livePieces;
  } buckets;
  AssignmentSolution solution;
  std::string solverName;
  /// Per op and operand whose placement rule moves bytes under the
  /// solution: the bytes and the best alternative, for the remarks.
  DenseMap<std::pair<Operation *, unsigned>, std::string> explanations;
  /// Per node, the numbers of the edges it is an end of.
  std::vector<SmallVector<unsigned>> incident;
  /// The relayouts put at the entry of public functions and after calls to
  /// them, from a value the signature fixes to the layout the assignment
  /// chooses.
  SmallVector<RelayoutOp> entryRelayouts;
  DenseSet<Value> entryValues;

  /// The explanation of the rule of `op` on its operand #`operand`, "" if
  /// none.
  std::string explain(Operation *op, unsigned operand) {
    return explanations.lookup({op, operand});
  }

  /// The physical bytes of `type` with `layout`, or std::nullopt.
  std::optional<int64_t> bytesWith(RankedTensorType type, Attribute layout) {
    RankedTensorType encoded = type.cloneWithEncoding(layout);
    auto [it, inserted] = cache.bytes.try_emplace(encoded);
    if (inserted)
      it->second = getEncodedTensorBytes(encoded);
    return it->second;
  }

  /// The target's candidates for `type` that are layouts of it.
  ArrayRef<Attribute> candidatesFor(RankedTensorType type) {
    auto [it, inserted] = cache.candidates.try_emplace(type.dropEncoding());
    if (inserted) {
      SmallVector<Attribute> candidates = layoutTarget.getCandidateLayouts(
          type.getShape(), type.getElementType());
      for (Attribute candidate : candidates)
        if (succeeded(
                verifyLayoutEncoding(type.cloneWithEncoding(candidate),
                                     [] { return InFlightDiagnostic(); })))
          it->second.push_back(candidate);
    }
    // (Looked up again: the insertion above may have moved the entry.)
    return cache.candidates.find(type.dropEncoding())->second;
  }

  /// The target's layout for `type` whose minor_to_major is `layout`'s
  /// without the dimensions `dropped`; null when `layout` is not tiled or
  /// the target has no such layout (then no rule applies).
  Attribute projectLayout(Attribute layout, ArrayRef<int64_t> dropped,
                          RankedTensorType type) {
    std::optional<SmallVector<int64_t>> order = getMinorToMajor(layout);
    if (!order)
      return {};
    SmallVector<int64_t> projected = dropMinorToMajorDims(*order, dropped);
    for (Attribute candidate : candidatesFor(type))
      if (getMinorToMajor(candidate) == projected)
        return candidate;
    return {};
  }

  /// The layout an element-wise op whose result has `layout` reads an
  /// operand of `type` in: the result's, or, for another element type, the
  /// target's layout of that type with the result's minor_to_major (its own
  /// packing); null when the target has none (then any).
  Attribute elementwiseOperandLayout(RankedTensorType type, Attribute layout,
                                     RankedTensorType resultType) {
    if (type.getElementType() == resultType.getElementType())
      return layout;
    return projectLayout(layout, {}, type);
  }

  /// Whether relayouting a value of `type` between layouts `a` and `b`
  /// moves nothing (isFreeRelayout: equal, or placing every element alike).
  bool movesNothing(RankedTensorType type, Attribute a, Attribute b) {
    if (a == b)
      return true;
    auto [it, inserted] = cache.freeRelayout.try_emplace({type, a, b});
    if (inserted)
      it->second =
          isFreeRelayout(type.cloneWithEncoding(a), type.cloneWithEncoding(b));
    return it->second;
  }

  /// Whether transposing `source` into `result` by `permutation` is a
  /// bitcast (verifyFreeTranspose).
  bool isFreeTranspose(Type source, Type result,
                       DenseI64ArrayAttr permutation) {
    auto [it, inserted] =
        cache.freeTranspose.try_emplace({source, result, permutation});
    if (inserted)
      it->second = succeeded(
          verifyFreeTranspose(source, result, permutation.asArrayRef(),
                              [] { return InFlightDiagnostic(); }));
    return it->second;
  }

  /// Whether reshaping `source` into `result` is a bitcast
  /// (verifyFreeReshape).
  bool isFreeReshape(RankedTensorType source, RankedTensorType result) {
    if (!source.getEncoding() || !result.getEncoding())
      return false;
    auto [it, inserted] = cache.freeReshape.try_emplace({source, result});
    if (inserted)
      it->second = succeeded(verifyFreeReshape(
          source, result, [] { return InFlightDiagnostic(); }));
    return it->second;
  }

  /// The bytes reshaping `source` (in layout `from`) into `result` (in
  /// layout `to`) moves: none when the two layouts make it a bitcast (a
  /// view), else a copy that reads one and writes the other. (A relayout of
  /// either side into a layout that makes the reshape a view moves as much:
  /// a view's two layouts have one physical size.)
  int64_t reshapeBytes(RankedTensorType source, Attribute from,
                       RankedTensorType result, Attribute to) {
    if (isFreeReshape(source.cloneWithEncoding(from),
                      result.cloneWithEncoding(to)))
      return 0;
    return bytesWith(source, from).value_or(0) +
           bytesWith(result, to).value_or(0);
  }

  LogicalResult choose(TensorLayoutGroups &groups, ArrayRef<Value> values);
  void explainRelayoutEdges();
  void explainPadding();
  /// The figures under `choice` of `func` (null: the module): the bytes
  /// its edges and boundary relayouts move, the padding of the buffers it
  /// makes, and the peak of live bytes while it runs (its first call).
  Figures summarize(ArrayRef<unsigned> choice, Operation *func);
  LogicalResult report();
  void makeFreeTransposesViews();
  void rewriteReshapes();
  void applyProjectionRules();
  void runOnOperation() override;
};
} // namespace

LogicalResult AssignLayoutsPass::choose(TensorLayoutGroups &groups,
                                        ArrayRef<Value> values) {
  ModuleOp module = getOperation();
  choices.clear();
  problem = AssignmentProblem();
  edgeInfos.clear();
  boundaryCosts.clear();
  points.emplace(module);
  // Today's propagation decides what it can first; the others then take
  // the target's preferred layout.
  if (policy == "propagate" && failed(chooseLayoutsWrittenFrom(groups, values)))
    return failure();

  // Edges wait for the nodes, which are made once every group is known.
  SmallVector<std::pair<unsigned, unsigned>> edgeNodes;
  auto addEdge = [&](unsigned u, unsigned v, Operation *op, unsigned operand,
                     std::string rule, SmallVector<int64_t> bytes) {
    edgeNodes.push_back({u, v});
    edgeInfos.push_back({op, operand, std::move(rule), std::move(bytes)});
  };

  // The group of `value`, made a value of the problem on first sight: a
  // fixed group has its one layout, an open one the target's candidates.
  // Returns the group's index in `choices`, which is its node's number.
  auto groupOf = [&](Value value) -> std::optional<unsigned> {
    Value leader = groups.leader(value);
    auto it = choices.find(leader);
    if (it != choices.end())
      return it->second.node;
    auto type = cast<RankedTensorType>(value.getType());
    GroupChoice choice;
    choice.type = type;
    choice.leader = leader;
    if (std::optional<Attribute> fixed = groups.fixed(value)) {
      choice.candidates.push_back(*fixed);
      choice.fixed = true;
    } else {
      llvm::append_range(choice.candidates, candidatesFor(type));
      if (choice.candidates.empty())
        return std::nullopt;
      // Without static sizes the bytes are unknown: the target's first.
      if (!type.hasStaticShape()) {
        groups.fix(value, choice.candidates.front());
        choice.candidates.resize(1);
        choice.fixed = true;
      }
    }
    for (Attribute candidate : choice.candidates)
      choice.bytes.push_back(bytesWith(type, candidate).value_or(0));
    choice.boundaryBytes.assign(choice.candidates.size(), 0);
    choice.node = choices.size();
    unsigned node = choice.node;
    choices.insert({leader, std::move(choice)});
    return node;
  };

  // Every open group, and the relayouts the placement rules need.
  for (Value value : values)
    if (!groups.fixed(value))
      (void)groupOf(value);
  auto choiceAt = [&](unsigned node) -> GroupChoice & {
    return choices.begin()[node].second;
  };
  // A relayout at a boundary, in `op`'s function, between the group of
  // `value` and the layout `other` moves bytes unless the group takes it.
  auto addBoundaryCost = [&](Value value, Attribute other, Operation *op) {
    std::optional<unsigned> node = groupOf(value);
    if (!node)
      return;
    GroupChoice &group = choiceAt(*node);
    int64_t otherBytes = bytesWith(group.type, other).value_or(0);
    BoundaryCost cost{*node, op->getParentOfType<func::FuncOp>(), {}};
    for (unsigned k = 0; k < group.candidates.size(); ++k) {
      int64_t moved = movesNothing(group.type, group.candidates[k], other)
                          ? 0
                          : group.bytes[k] + otherBytes;
      group.boundaryBytes[k] += moved;
      cost.bytes.push_back(moved);
    }
    boundaryCosts.push_back(std::move(cost));
  };
  // An argument of a public function arrives in the layout its signature
  // fixes (and a call to one returns it so): the relayout there.
  for (RelayoutOp relayout : entryRelayouts)
    addBoundaryCost(
        relayout.getResult(),
        cast<RankedTensorType>(relayout.getSource().getType()).getEncoding(),
        relayout);
  // A value passed where a signature fixes its layout.
  for (const TensorLayoutGroups::BoundaryUse &boundary :
       groups.getBoundaryUses())
    addBoundaryCost(boundary.use->get(), boundary.encoding,
                    boundary.use->getOwner());
  // The edge between the groups of `from` and `to` that `op`'s rule on its
  // operand #`operand` makes: `bytes(a, aBytes, b, bBytes)` moved when the
  // two take candidates a and b (none between one group and itself).
  using MovedBytes =
      function_ref<int64_t(Attribute, int64_t, Attribute, int64_t)>;
  auto addRuleEdge = [&](Value from, Value to, Operation *op, unsigned operand,
                         const Twine &rule, MovedBytes bytes) {
    std::optional<unsigned> u = groupOf(from);
    std::optional<unsigned> v = groupOf(to);
    if (!u || !v || *u == *v)
      return;
    const GroupChoice &a = choiceAt(*u);
    const GroupChoice &b = choiceAt(*v);
    SmallVector<int64_t> moved;
    for (auto [aLayout, aBytes] : llvm::zip(a.candidates, a.bytes))
      for (auto [bLayout, bBytes] : llvm::zip(b.candidates, b.bytes))
        moved.push_back(bytes(aLayout, aBytes, bLayout, bBytes));
    addEdge(*u, *v, op, operand, rule.str(), std::move(moved));
  };

  module.walk([&](linalg::LinalgOp op) {
    if (!op.hasPureTensorSemantics() || op->getNumResults() != 1)
      return;
    Value result = op->getResult(0);
    auto resultType = cast<RankedTensorType>(result.getType());
    std::string name = op->getName().getStringRef().str();
    // An element-wise op reads its operands in its result's layout.
    if (isElementwiseInOrder(op)) {
      // An operand read twice is relayouted once.
      SmallPtrSet<Value, 4> seen;
      for (OpOperand *input : op.getDpsInputOperands()) {
        auto type = dyn_cast<RankedTensorType>(input->get().getType());
        if (!seen.insert(input->get()).second || !type ||
            type.getShape() != resultType.getShape())
          continue;
        addRuleEdge(input->get(), result, op, input->getOperandNumber(),
                    "the element-wise '" + name +
                        "' reads its operands in its result's layout",
                    [&](Attribute a, int64_t aBytes, Attribute b, int64_t) {
                      Attribute wanted =
                          elementwiseOperandLayout(type, b, resultType);
                      return !wanted || movesNothing(type, a, wanted)
                                 ? 0
                                 : aBytes + bytesWith(type, wanted).value_or(0);
                    });
      }
      return;
    }
    std::optional<ProjectionRule> rule = getProjectionRule(op.getOperation());
    if (!rule)
      return;
    auto inputType = cast<RankedTensorType>(rule->input->get().getType());
    if (rule->kind == ProjectionRule::Kind::Broadcast)
      // The operand is relayouted to the result's layout without the
      // broadcast dimensions.
      addRuleEdge(
          rule->input->get(), result, op, rule->input->getOperandNumber(),
          "'" + name +
              "' reads its operand in its result's layout without "
              "the broadcast dimensions",
          [&](Attribute a, int64_t aBytes, Attribute b, int64_t) {
            Attribute wanted = projectLayout(b, rule->dropped, inputType);
            return !wanted || movesNothing(inputType, a, wanted)
                       ? 0
                       : aBytes + bytesWith(inputType, wanted).value_or(0);
          });
    else
      // The result is written in the operand's layout without the reduced
      // dimensions: the init is relayouted there and the result back.
      addRuleEdge(
          rule->input->get(), result, op, rule->input->getOperandNumber(),
          "'" + name +
              "' writes its result in its operand's layout without "
              "the reduced dimensions",
          [&](Attribute a, int64_t, Attribute b, int64_t bBytes) {
            Attribute written = projectLayout(a, rule->dropped, resultType);
            return !written || movesNothing(resultType, written, b)
                       ? 0
                       : 2 * (bBytes +
                              bytesWith(resultType, written).value_or(0));
          });
  });

  // A transpose costs nothing where the two layouts make it a bitcast (it
  // becomes a tlayout.transpose, a view) and its bytes otherwise.
  module.walk([&](linalg::TransposeOp op) {
    if (!op.hasPureTensorSemantics())
      return;
    auto from = cast<RankedTensorType>(op.getInput().getType());
    auto to = cast<RankedTensorType>(op->getResult(0).getType());
    addRuleEdge(op.getInput(), op->getResult(0), op, 0,
                "no layout pair the target offers makes this transpose a "
                "bitcast at a lower cost",
                [&](Attribute a, int64_t aBytes, Attribute b, int64_t bBytes) {
                  return isFreeTranspose(from.cloneWithEncoding(a),
                                         to.cloneWithEncoding(b),
                                         op.getPermutationAttr())
                             ? 0
                             : aBytes + bBytes;
                });
  });

  // A reshape is a view where the two layouts make it a bitcast, and
  // otherwise a copy (reshapeBytes).
  module.walk([&](Operation *op) {
    if (!isa<tensor::ExpandShapeOp, tensor::CollapseShapeOp>(op))
      return;
    auto from = cast<RankedTensorType>(op->getOperand(0).getType());
    auto to = cast<RankedTensorType>(op->getResult(0).getType());
    addRuleEdge(op->getOperand(0), op->getResult(0), op, 0,
                "no layout of the target makes this reshape a bitcast of "
                "both values' layouts",
                [&](Attribute a, int64_t, Attribute b, int64_t) {
                  return reshapeBytes(from.dropEncoding(), a, to.dropEncoding(),
                                      b);
                });
  });

  // The nodes, now that every group is known: padding costs, the points
  // where each group's buffer is live and the function that makes it.
  for (Value value : values) {
    auto it = choices.find(groups.leader(value));
    if (it == choices.end())
      continue;
    llvm::append_range(it->second.live, points->getLiveRanges(value));
    Operation *def = value.getDefiningOp();
    if (!it->second.home && def && !isa<CallOpInterface>(def))
      it->second.home = def->getParentOfType<func::FuncOp>();
  }
  for (auto &[leader, choice] : choices) {
    if (!choice.home)
      choice.home = leader.getParentRegion()->getParentOfType<func::FuncOp>();
    std::optional<int64_t> logical = getLogicalTensorBytes(choice.type);
    SmallVector<double> cost;
    for (auto [bytes, boundary] : llvm::zip(choice.bytes, choice.boundaryBytes))
      cost.push_back(
          (logical && bytes ? paddingWeight * double(bytes - *logical) : 0.0) +
          movedWeight * double(boundary));
    problem.addNode(cost, choice.bytes, /*space=*/0, choice.live);
  }
  for (auto [nodes, info] : llvm::zip(edgeNodes, edgeInfos)) {
    SmallVector<double> cost;
    for (int64_t bytes : info.bytes)
      cost.push_back(movedWeight * double(bytes));
    problem.addEdge(nodes.first, nodes.second, cost);
  }
  int64_t capacity = this->capacity ? int64_t(this->capacity)
                                    : layoutTarget.getMemoryCapacity(0);
  if (capacity > 0) {
    problem.setCapacity(0, capacity);
    for (Operation *call : points->getUnmodeledCalls())
      call->emitWarning()
          << "layout assignment does not count the buffers of the callee "
             "against the capacity of "
          << layoutTarget.getMemorySpaceLabel(0)
          << " here: the call is recursive or nests too deep";
  }

  // The policy's choice.
  auto preferred = [&] {
    AssignmentSolution heuristic;
    heuristic.choice.assign(problem.getNodes().size(), 0);
    heuristic.cost = problem.evaluate(heuristic.choice);
    heuristic.lowerBound = solveFast(problem).lowerBound;
    if (!problem.fits(heuristic.choice))
      heuristic.choice.clear();
    return heuristic;
  };
  if (policy == "row-major" || policy == "propagate") {
    solution = preferred();
    solverName = "heuristic";
  } else if (policy == "enumerate") {
    // Every assignment, for tests of the solvers on small programs.
    double count = 1;
    for (const AssignmentProblem::Node &node : problem.getNodes())
      count *= node.cost.size();
    if (count > 1e6)
      return module.emitError()
             << "policy=enumerate would try " << llvm::formatv("{0:E}", count)
             << " assignments; it tries at most 1000000";
    solution = enumerateAssignments(problem);
    solverName = "enumerate";
  } else if (policy == "fast" ||
             (policy == "auto" && problem.getNodes().size() > exactMaxValues)) {
    solution = solveFast(problem);
    solverName = "fast";
  } else {
    solution = solveExact(problem, exactBudget);
    solverName = "exact";
  }
  // (Nothing to choose is a feasible empty choice.)
  if (!solution.isFeasible() && !problem.getNodes().empty()) {
    InFlightDiagnostic diag = module.emitError()
                              << "layout assignment found no assignment";
    if (std::optional<int64_t> limit = problem.getCapacity(0))
      diag << " within the target's capacity of " << *limit << " bytes of "
           << layoutTarget.getMemorySpaceLabel(0)
           << " (the peak of live bytes of the smallest layouts exceeds it)";
    return failure();
  }
  for (auto &[leader, choice] : choices)
    if (!choice.fixed)
      groups.fix(leader, choice.candidates[solution.choice[choice.node]]);
  explainRelayoutEdges();
  return success();
}

void AssignLayoutsPass::explainRelayoutEdges() {
  incident.assign(problem.getNodes().size(), {});
  for (auto [e, edge] : llvm::enumerate(problem.getEdges())) {
    incident[edge.u].push_back(e);
    if (edge.v != edge.u)
      incident[edge.v].push_back(e);
  }
  for (auto [edge, info] : llvm::zip(problem.getEdges(), edgeInfos)) {
    size_t width = problem.getNodes()[edge.v].cost.size();
    unsigned i = solution.choice[edge.u], j = solution.choice[edge.v];
    int64_t moved = info.bytes[i * width + j];
    if (moved == 0)
      continue;
    // The best alternative: one of the two groups alone takes a layout that
    // makes this edge free.
    std::optional<double> best;
    std::string what;
    for (auto [node, isSource] : {std::pair(edge.u, true), {edge.v, false}}) {
      const GroupChoice &group = choices.begin()[node].second;
      for (unsigned k = 0; k < group.candidates.size(); ++k) {
        unsigned a = isSource ? k : i, b = isSource ? j : k;
        if (k == solution.choice[node] || info.bytes[a * width + b] != 0)
          continue;
        double delta =
            problem.getLocalDelta(solution.choice, incident[node], node, k);
        if (!best || delta < *best) {
          best = delta;
          std::string text;
          llvm::raw_string_ostream os(text);
          os << "giving " << RankedTensorType(group.type).dropEncoding()
             << " the layout " << group.candidates[k];
          what = text;
        }
      }
    }
    std::string text;
    llvm::raw_string_ostream os(text);
    os << " (layout assignment: " << moved << " bytes moved";
    if (!best)
      os << "; no layout of either value the target offers avoids it)";
    else if (*best >= 0)
      os << "; the best alternative, " << what << ", costs "
         << llvm::formatv("{0:F0}", *best).str() << " more bytes)";
    else
      os << "; " << what << " would save "
         << llvm::formatv("{0:F0}", -*best).str()
         << " bytes: the fast solver's gap)";
    explanations[{info.op, info.operand}] += text;
  }
}

void AssignLayoutsPass::explainPadding() {
  for (auto &[leader, group] : choices) {
    unsigned pick = solution.choice[group.node];
    std::optional<int64_t> logical = getLogicalTensorBytes(group.type);
    if (!logical || group.bytes[pick] <= *logical)
      continue;
    Location loc = leader.getLoc();
    InFlightDiagnostic remark =
        emitRemark(loc) << "layout assignment: " << group.type.dropEncoding()
                        << " in " << group.candidates[pick] << " carries "
                        << group.bytes[pick] - *logical << " bytes of padding ("
                        << group.bytes[pick] << " bytes for " << *logical
                        << ")";
    if (group.fixed) {
      remark << "; its layout is fixed";
      continue;
    }
    unsigned least = pick;
    for (unsigned k = 0; k < group.bytes.size(); ++k)
      if (group.bytes[k] < group.bytes[least])
        least = k;
    if (least == pick) {
      remark << "; no layout of the target pads it less";
      continue;
    }
    double delta = problem.getLocalDelta(solution.choice, incident[group.node],
                                         group.node, least);
    remark << "; the least padded layout, " << group.candidates[least]
           << ", costs " << llvm::formatv("{0:F0}", delta).str()
           << " more bytes in relayouts and padding";
  }
}

Figures AssignLayoutsPass::summarize(ArrayRef<unsigned> choice,
                                     Operation *func) {
  Figures figures;
  // What is the function's, from the buckets report() fills (every group,
  // cost and edge for the module).
  auto each = [&](const DenseMap<Operation *, SmallVector<unsigned>> &bucket,
                  size_t all, function_ref<void(unsigned)> fn) {
    if (!func) {
      for (unsigned i = 0; i < all; ++i)
        fn(i);
      return;
    }
    auto it = bucket.find(func);
    if (it != bucket.end())
      for (unsigned i : it->second)
        fn(i);
  };
  each(buckets.groupsByHome, choices.size(), [&](unsigned g) {
    const GroupChoice &group = choices.begin()[g].second;
    if (std::optional<int64_t> logical = getLogicalTensorBytes(group.type))
      figures.padding += group.bytes[choice[group.node]] - *logical;
  });
  each(buckets.boundaryByFunc, boundaryCosts.size(), [&](unsigned b) {
    const BoundaryCost &cost = boundaryCosts[b];
    figures.moved += cost.bytes[choice[cost.node]];
  });
  each(buckets.edgesByFunc, edgeInfos.size(), [&](unsigned e) {
    const AssignmentProblem::Edge &edge = problem.getEdges()[e];
    size_t width = problem.getNodes()[edge.v].cost.size();
    figures.moved +=
        edgeInfos[e].bytes[choice[edge.u] * width + choice[edge.v]];
  });
  // The peak inside the points of the function's first call (every point
  // for the module).
  SmallVector<int64_t> bytes;
  for (const GroupChoice &group : llvm::make_second_range(choices))
    bytes.push_back(group.bytes[choice[group.node]]);
  figures.peak = ProgramPoints::getPeakWithin(
      buckets.livePieces, bytes,
      func ? points->getRanges(func).front() : ProgramPoints::Range(0, ~0u));
  return figures;
}

LogicalResult AssignLayoutsPass::report() {
  ModuleOp module = getOperation();
  // The buckets per function summarize() reads, filled once.
  buckets = Buckets();
  for (auto [g, entry] : llvm::enumerate(choices)) {
    buckets.groupsByHome[entry.second.home].push_back(g);
    for (ProgramPoints::Range range : entry.second.live)
      buckets.livePieces.push_back({range.first, range.second, unsigned(g)});
  }
  llvm::sort(buckets.livePieces);
  for (auto [b, cost] : llvm::enumerate(boundaryCosts))
    buckets.boundaryByFunc[cost.func].push_back(b);
  for (auto [e, info] : llvm::enumerate(edgeInfos))
    buckets.edgesByFunc[info.op->getParentOfType<func::FuncOp>()].push_back(e);
  Figures total = summarize(solution.choice, nullptr);
  // The candidates are the target's layouts: a layout a signature fixes
  // is kept where it is fixed, and not offered to other values.
  std::string verdict =
      solution.exact
          ? "optimal over the target's layouts"
          : "within " + llvm::formatv("{0:F1}", solution.getGap() * 100).str() +
                "% of a lower bound over the target's layouts";
  std::string space = layoutTarget.getMemorySpaceLabel(0);
  emitRemark(module.getLoc())
      << "layout assignment: " << choices.size() << " groups, " << total.padding
      << " bytes of padding, " << total.moved
      << " bytes moved by relayouts and transposes, " << verdict;
  SmallVector<std::pair<func::FuncOp, Figures>> perFunction;
  module.walk([&](func::FuncOp func) {
    if (func.isExternal())
      return;
    Figures figures = summarize(solution.choice, func);
    perFunction.push_back({func, figures});
    func.emitRemark() << "layout assignment of @" << func.getSymName() << ": "
                      << figures.moved << " bytes moved, " << figures.padding
                      << " bytes of padding, a peak of " << figures.peak
                      << " live bytes of " << space;
  });
  if (summary.empty())
    return success();
  std::error_code error;
  llvm::raw_fd_ostream os(summary, error, llvm::sys::fs::OF_Text);
  if (error)
    return module.emitError() << "cannot write the layout assignment summary '"
                              << summary << "': " << error.message();
  llvm::json::OStream json(os, /*IndentSize=*/2);
  auto figuresFields = [&](const Figures &figures) {
    json.attribute("moved_bytes", figures.moved);
    json.attribute("padding_bytes", figures.padding);
    json.attributeObject("peak_bytes",
                         [&] { json.attribute(space, figures.peak); });
  };
  json.object([&] {
    json.attribute("policy", policy);
    json.attribute("solver", solverName);
    json.attribute("proved_optimal", solution.exact);
    json.attribute("gap", solution.getGap());
    json.attribute("groups", int64_t(choices.size()));
    figuresFields(total);
    if (std::optional<int64_t> limit = problem.getCapacity(0))
      json.attributeObject("capacity_bytes",
                           [&] { json.attribute(space, *limit); });
    json.attributeArray("functions", [&] {
      for (auto &entry : perFunction)
        json.object([&] {
          json.attribute("name", entry.first.getSymName());
          figuresFields(entry.second);
        });
    });
  });
  os << "\n";
  return success();
}

/// Replaces every linalg.transpose whose layouts make it a bitcast by a
/// tlayout.transpose, a view, with a remark.
void AssignLayoutsPass::makeFreeTransposesViews() {
  SmallVector<linalg::TransposeOp> transposes;
  getOperation().walk([&](linalg::TransposeOp op) {
    if (op.hasPureTensorSemantics())
      transposes.push_back(op);
  });
  IRRewriter rewriter(&getContext());
  for (linalg::TransposeOp op : transposes) {
    Value input = op.getInput();
    Value result = op->getResult(0);
    if (!isFreeTranspose(input.getType(), result.getType(),
                         op.getPermutationAttr())) {
      if (std::string why = explain(op, 0); !why.empty())
        op.emitRemark() << "transpose copy of " << input.getType() << " to "
                        << result.getType()
                        << ": the layouts do not make it a bitcast" << why;
      continue;
    }
    rewriter.setInsertionPoint(op);
    auto view = TransposeOp::create(rewriter, op.getLoc(), result.getType(),
                                    input, op.getPermutationAttr());
    view.emitRemark() << "free transpose: the layouts place every element "
                         "of "
                      << input.getType() << " and " << result.getType()
                      << " at the same offset";
    Value init = op.getInit();
    rewriter.replaceOp(op, view.getResult());
    if (Operation *def = init.getDefiningOp();
        def && def->use_empty() && isMemoryEffectFree(def))
      rewriter.eraseOp(def);
  }
}

/// Makes every retyped tensor.expand_shape and tensor.collapse_shape a
/// tlayout.reshape (a view) where its layouts allow, and a copy otherwise.
void AssignLayoutsPass::rewriteReshapes() {
  SmallVector<Operation *> reshapes;
  getOperation().walk([&](Operation *op) {
    if (isa<tensor::ExpandShapeOp, tensor::CollapseShapeOp>(op))
      reshapes.push_back(op);
  });
  IRRewriter rewriter(&getContext());
  for (Operation *op : reshapes) {
    Value source = op->getOperand(0);
    Value result = op->getResult(0);
    auto sourceType = cast<RankedTensorType>(source.getType());
    auto resultType = cast<RankedTensorType>(result.getType());
    if (!sourceType.getEncoding() && !resultType.getEncoding())
      continue;
    std::string name = op->getName().getStringRef().str();
    if (!sourceType.hasStaticShape() || !resultType.hasStaticShape()) {
      // Dynamic sizes: the reshape of row-major arrays, with a relayout on
      // each side (the layout core proves views of static shapes only).
      if (sourceType.getEncoding())
        relayoutUse(rewriter, op->getOpOperand(0), Attribute(),
                    "'" + name +
                        "' of dynamic sizes reshapes row-major "
                        "arrays");
      result.setType(resultType.dropEncoding());
      if (resultType.getEncoding())
        relayoutResult(rewriter, cast<OpResult>(result),
                       resultType.getEncoding(),
                       "'" + name +
                           "' of dynamic sizes reshapes row-major "
                           "arrays");
      continue;
    }
    rewriter.setInsertionPoint(op);
    Location loc = op->getLoc();
    std::string why = explain(op, 0);
    if (isFreeReshape(sourceType, resultType)) {
      auto view = ReshapeOp::create(rewriter, loc, resultType, source);
      view.emitRemark() << "free reshape: the layouts place every element of "
                        << sourceType << " and " << resultType
                        << " at the same offset";
      rewriter.replaceOp(op, view.getResult());
      continue;
    }
    Operation *copy = createReshapeCopy(rewriter, op, resultType.getEncoding());
    copy->emitRemark() << "reshape copy of " << sourceType << " to "
                       << resultType << ": "
                       << reshapeBytes(sourceType.dropEncoding(),
                                       sourceType.getEncoding(),
                                       resultType.dropEncoding(),
                                       resultType.getEncoding())
                       << " bytes moved; no layout of the target makes '"
                       << name << "' a bitcast at a lower cost" << why;
    rewriter.replaceOp(op, copy->getResults());
  }
}

/// Inserts the relayouts the broadcast and reduction rules need where the
/// chosen layouts do not follow them.
void AssignLayoutsPass::applyProjectionRules() {
  SmallVector<linalg::LinalgOp> ops;
  getOperation().walk([&](linalg::LinalgOp op) { ops.push_back(op); });
  IRRewriter rewriter(&getContext());
  for (linalg::LinalgOp op : ops) {
    std::optional<ProjectionRule> rule = getProjectionRule(op.getOperation());
    if (!rule)
      continue;
    auto inputType = cast<RankedTensorType>(rule->input->get().getType());
    Value result = op->getResult(0);
    auto resultType = cast<RankedTensorType>(result.getType());
    std::string name = op->getName().getStringRef().str();
    if (rule->kind == ProjectionRule::Kind::Broadcast) {
      Attribute wanted =
          projectLayout(resultType.getEncoding(), rule->dropped, inputType);
      if (wanted && wanted != inputType.getEncoding())
        relayoutUse(rewriter, *rule->input, wanted,
                    "'" + name +
                        "' reads its operand in its result's layout without "
                        "the broadcast dimensions" +
                        explain(op, rule->input->getOperandNumber()));
      continue;
    }
    Attribute written =
        projectLayout(inputType.getEncoding(), rule->dropped, resultType);
    if (!written || written == resultType.getEncoding())
      continue;
    // The reduction accumulates in the written layout; its result goes back
    // to the layout chosen for it.
    relayoutUse(rewriter, *op.getDpsInitOperand(0), written,
                "'" + name +
                    "' writes its result in its operand's layout without the "
                    "reduced dimensions" +
                    explain(op, rule->input->getOperandNumber()));
    result.setType(resultType.cloneWithEncoding(written));
    relayoutResult(rewriter, cast<OpResult>(result), resultType.getEncoding(),
                   "the result of '" + name +
                       "' is written in its operand's layout without the "
                       "reduced dimensions");
  }
}

void AssignLayoutsPass::runOnOperation() {
  ModuleOp module = getOperation();
  cache = Caches();
  if (!llvm::is_contained(
          {"auto", "exact", "fast", "propagate", "row-major", "enumerate"},
          policy)) {
    module.emitError() << "unknown layout assignment policy '" << policy
                       << "'; expected auto, exact, fast, propagate, "
                          "row-major or enumerate";
    return signalPassFailure();
  }
  for (auto [name, weight] :
       {std::pair<StringRef, double>("padding-weight", paddingWeight),
        {"moved-weight", movedWeight}})
    if (!std::isfinite(weight) || weight < 0) {
      module.emitError() << "the " << name << " option must be a finite "
                         << "number of at least 0, got " << weight;
      return signalPassFailure();
    }
  if (this->capacity > uint64_t(std::numeric_limits<int64_t>::max())) {
    module.emitError() << "the capacity option must be below 2^63 bytes, got "
                       << uint64_t(this->capacity);
    return signalPassFailure();
  }
  FailureOr<LayoutTargetAttrInterface> resolved =
      resolveLayoutTarget(module, this->target, defaultTarget);
  if (failed(resolved))
    return signalPassFailure();
  layoutTarget = *resolved;
  // Values that arrive in the layout a fixed signature gives them get a
  // relayout the assignment retypes (removed again where it keeps it).
  entryRelayouts = insertSignatureRelayouts(module);
  entryValues.clear();
  for (RelayoutOp relayout : entryRelayouts)
    entryValues.insert(relayout);
  TensorLayoutOptions options;
  options.relayoutElementwiseOperands = true;
  options.retypeReshapes = true;
  options.retypeConstants = true;
  options.openBoundaries = true;
  options.openPrivateFunctions = true;
  options.explainRelayout = [&](OpOperand &use) {
    return explain(use.getOwner(), use.getOperandNumber());
  };
  options.elementwiseOperandLayout = [&](OpOperand &use, Attribute layout) {
    auto type = cast<RankedTensorType>(use.get().getType());
    auto result =
        cast<RankedTensorType>(cast<DestinationStyleOpInterface>(use.getOwner())
                                   .getDpsInits()
                                   .front()
                                   .getType());
    return elementwiseOperandLayout(type.dropEncoding(), layout,
                                    result.dropEncoding());
  };
  options.isRetypableValue = [&](Value value) {
    return entryValues.contains(value);
  };
  if (failed(propagateTensorLayouts(
          module,
          [&](TensorLayoutGroups &groups, ArrayRef<Value> values) {
            return choose(groups, values);
          },
          options)))
    return signalPassFailure();
  // The entry relayouts whose result kept the argument's layout go; the
  // others say what they move.
  for (RelayoutOp relayout : entryRelayouts) {
    if (relayout.getType() == relayout.getSource().getType()) {
      relayout.getResult().replaceAllUsesWith(relayout.getSource());
      relayout.erase();
      continue;
    }
    remarkRelayout(relayout,
                   isa<BlockArgument>(relayout.getSource())
                       ? "the public function receives it in the layout its "
                         "signature fixes"
                       : "the call returns it in the layout the callee's "
                         "signature fixes");
  }
  explainPadding();
  if (failed(report()))
    return signalPassFailure();
  makeFreeTransposesViews();
  rewriteReshapes();
  applyProjectionRules();
}
