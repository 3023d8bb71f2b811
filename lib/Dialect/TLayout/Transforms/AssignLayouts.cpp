//===- AssignLayouts.cpp - Choosing every tensor's layout -----------------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// The --tlayout-assign-layouts pass: the groups of tensors that share a
// buffer become the values of an AssignmentProblem whose candidates are the
// target's layouts for their shapes, whose costs are padding bytes and
// whose edges are the relayouts element-wise ops need; the solver's choice
// is then propagated as --tlayout-propagate-tensor-layouts propagates
// layouts fixed at the boundaries.
//
//===----------------------------------------------------------------------===//

#include "tlayout/Dialect/TLayout/Analysis/AssignmentSolver.h"
#include "tlayout/Dialect/TLayout/IR/TLayoutAttrs.h"
#include "tlayout/Dialect/TLayout/IR/TLayoutDialect.h"
#include "tlayout/Dialect/TLayout/IR/TLayoutOps.h"
#include "tlayout/Dialect/TLayout/Transforms/Passes.h"
#include "tlayout/Dialect/TLayout/Transforms/TensorEncodings.h"
#include "tlayout/Dialect/TLayout/Transforms/TensorLayoutGroups.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/Support/FormatVariadic.h"

namespace mlir::tlayout {
#define GEN_PASS_DEF_ASSIGNLAYOUTS
#include "tlayout/Dialect/TLayout/Transforms/Passes.h.inc"
} // namespace mlir::tlayout

using namespace mlir;
using namespace mlir::tlayout;

/// The module attribute that names the target, if any.
static LayoutTargetAttrInterface findTarget(ModuleOp module) {
  for (NamedAttribute attr : module->getAttrs())
    if (auto target = dyn_cast<LayoutTargetAttrInterface>(attr.getValue()))
      return target;
  return {};
}

/// `type` with the encoding `layout` (null: none).
static RankedTensorType withLayout(RankedTensorType type, Attribute layout) {
  return RankedTensorType::get(type.getShape(), type.getElementType(), layout);
}

namespace {
/// One group of the problem: its type and its candidates (a null attribute
/// is row-major), with their physical bytes.
struct GroupChoice {
  RankedTensorType type;
  SmallVector<Attribute> candidates;
  SmallVector<int64_t> bytes;
  unsigned node = 0;
};

struct AssignLayoutsPass
    : mlir::tlayout::impl::AssignLayoutsBase<AssignLayoutsPass> {
  using Base::Base;

  // What the layout core answers, once per type (a module repeats its
  // types: the answers are compiled layouts and compared placements).
  DenseMap<Type, std::optional<int64_t>> bytesCache;
  DenseMap<Type, SmallVector<Attribute>> candidateCache;
  DenseMap<std::tuple<Type, Type, Attribute>, bool> freeTransposeCache;

  /// The physical bytes of `type` with `layout`, or std::nullopt.
  std::optional<int64_t> bytesWith(RankedTensorType type, Attribute layout) {
    RankedTensorType encoded = withLayout(type, layout);
    auto [it, inserted] = bytesCache.try_emplace(encoded);
    if (inserted)
      it->second = getEncodedTensorBytes(encoded);
    return it->second;
  }

  /// The target's candidates for `type` that are layouts of it.
  ArrayRef<Attribute> candidatesFor(RankedTensorType type,
                                    LayoutTargetAttrInterface target) {
    auto [it, inserted] =
        candidateCache.try_emplace(withLayout(type, Attribute()));
    if (inserted)
      for (Attribute candidate :
           target.getCandidateLayouts(type.getShape(), type.getElementType())) {
        if (succeeded(verifyLayoutEncoding(withLayout(type, candidate), [] {
              return InFlightDiagnostic();
            })))
          it->second.push_back(candidate);
      }
    return it->second;
  }

  /// Whether transposing `source` into `result` by `permutation` is a
  /// bitcast (verifyFreeTranspose).
  bool isFreeTranspose(Type source, Type result,
                       DenseI64ArrayAttr permutation) {
    auto [it, inserted] =
        freeTransposeCache.try_emplace({source, result, permutation});
    if (inserted)
      it->second = succeeded(
          verifyFreeTranspose(source, result, permutation.asArrayRef(),
                              [] { return InFlightDiagnostic(); }));
    return it->second;
  }

  LogicalResult choose(TensorLayoutGroups &groups, ArrayRef<Value> values,
                       LayoutTargetAttrInterface target) {
    ModuleOp module = getOperation();
    llvm::MapVector<Value, GroupChoice> choices;
    AssignmentProblem problem;
    // The bytes each edge's relayout or copy moves, per pair of candidates,
    // in the order of the problem's edges.
    SmallVector<SmallVector<int64_t>> edgeBytes;
    auto addEdge = [&](unsigned u, unsigned v, ArrayRef<int64_t> bytes) {
      SmallVector<double> cost;
      for (int64_t b : bytes)
        cost.push_back(movedWeight * double(b));
      problem.addEdge(u, v, cost);
      edgeBytes.emplace_back(bytes.begin(), bytes.end());
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
      if (std::optional<Attribute> fixed = groups.fixed(value)) {
        choice.candidates.push_back(*fixed);
      } else {
        llvm::append_range(choice.candidates, candidatesFor(type, target));
        if (choice.candidates.empty())
          return std::nullopt;
        // Without static sizes the bytes are unknown: the target's first.
        if (!type.hasStaticShape()) {
          groups.fix(value, choice.candidates.front());
          choice.candidates.resize(1);
        }
      }
      std::optional<int64_t> logical = bytesWith(type, Attribute());
      SmallVector<double> cost;
      for (Attribute candidate : choice.candidates) {
        std::optional<int64_t> physical = bytesWith(type, candidate);
        choice.bytes.push_back(physical.value_or(0));
        cost.push_back(logical && physical
                           ? paddingWeight * double(*physical - *logical)
                           : 0.0);
      }
      choice.node = problem.addNode(cost, choice.bytes, /*space=*/0,
                                    /*liveBegin=*/0, /*liveEnd=*/0);
      unsigned node = choice.node;
      choices.insert({leader, std::move(choice)});
      return node;
    };

    // Every open group, and the relayouts element-wise ops would need.
    for (Value value : values)
      if (!groups.fixed(value))
        (void)groupOf(value);
    module.walk([&](linalg::LinalgOp op) {
      if (!op.hasPureTensorSemantics() || !isElementwiseInOrder(op) ||
          op->getNumResults() != 1)
        return;
      Value result = op->getResult(0);
      auto resultType = cast<RankedTensorType>(result.getType());
      for (Value input : op.getDpsInputs()) {
        auto type = dyn_cast<RankedTensorType>(input.getType());
        if (!type || type.getShape() != resultType.getShape() ||
            groups.leader(input) == groups.leader(result))
          continue;
        std::optional<unsigned> u = groupOf(input);
        std::optional<unsigned> v = groupOf(result);
        if (!u || !v)
          continue;
        const GroupChoice &from = choices.begin()[*u].second;
        const GroupChoice &to = choices.begin()[*v].second;
        SmallVector<int64_t> moved;
        for (auto [a, aBytes] : llvm::zip(from.candidates, from.bytes))
          for (auto [b, bBytes] : llvm::zip(to.candidates, to.bytes))
            moved.push_back(a == b ? 0 : aBytes + bBytes);
        addEdge(*u, *v, moved);
      }
    });

    // A transpose costs nothing where the two layouts make it a bitcast (it
    // becomes a tlayout.transpose, a view) and its bytes otherwise.
    module.walk([&](linalg::TransposeOp op) {
      if (!op.hasPureTensorSemantics())
        return;
      Value input = op.getInput();
      Value result = op->getResult(0);
      std::optional<unsigned> u = groupOf(input);
      std::optional<unsigned> v = groupOf(result);
      if (!u || !v || *u == *v)
        return;
      const GroupChoice &from = choices.begin()[*u].second;
      const GroupChoice &to = choices.begin()[*v].second;
      SmallVector<int64_t> moved;
      for (auto [a, aBytes] : llvm::zip(from.candidates, from.bytes))
        for (auto [b, bBytes] : llvm::zip(to.candidates, to.bytes))
          moved.push_back(isFreeTranspose(withLayout(from.type, a),
                                          withLayout(to.type, b),
                                          op.getPermutationAttr())
                              ? 0
                              : aBytes + bBytes);
      addEdge(*u, *v, moved);
    });

    AssignmentSolution solution = problem.getNodes().size() <= exactMaxValues
                                      ? solveExact(problem, exactBudget)
                                      : solveFast(problem);
    if (!solution.isFeasible())
      return module.emitError("layout assignment found no assignment");

    // Fix the open groups; count the bytes the choice pads and moves.
    int64_t padding = 0, moved = 0;
    for (auto &[leader, choice] : choices) {
      unsigned pick = solution.choice[choice.node];
      if (!groups.fixed(leader))
        groups.fix(leader, choice.candidates[pick]);
      if (std::optional<int64_t> logical = bytesWith(choice.type, Attribute()))
        padding += choice.bytes[pick] - *logical;
    }
    for (auto [edge, bytes] : llvm::zip(problem.getEdges(), edgeBytes))
      moved += bytes[solution.choice[edge.u] *
                         problem.getNodes()[edge.v].cost.size() +
                     solution.choice[edge.v]];
    InFlightDiagnostic remark = emitRemark(module.getLoc())
                                << "layout assignment: " << choices.size()
                                << " groups, " << padding
                                << " bytes of padding, " << moved
                                << " bytes moved by relayouts and transposes, ";
    if (solution.exact)
      remark << "optimal";
    else
      remark << "within "
             << llvm::formatv("{0:F1}", solution.getGap() * 100).str()
             << "% of a lower bound";
    return success();
  }

  /// Replaces every linalg.transpose whose layouts make it a bitcast by a
  /// tlayout.transpose, a view, with a remark.
  void makeFreeTransposesViews() {
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
                           op.getPermutationAttr()))
        continue;
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

  void runOnOperation() override {
    ModuleOp module = getOperation();
    bytesCache.clear();
    candidateCache.clear();
    freeTransposeCache.clear();
    LayoutTargetAttrInterface target;
    if (!this->target.empty()) {
      Attribute attr = parseAttribute(this->target, &getContext());
      target = dyn_cast_or_null<LayoutTargetAttrInterface>(attr);
      if (!target) {
        module.emitError() << "the target option '" << this->target
                           << "' is not an attribute that offers layouts";
        return signalPassFailure();
      }
    } else {
      target = findTarget(module);
    }
    if (!target) {
      module.emitError("layout assignment needs a target: put an attribute "
                       "that offers layouts on the module, such as "
                       "tlayout_tpu.target = #tlayout_tpu.target<\"v5e\">");
      return signalPassFailure();
    }
    TensorLayoutOptions options;
    options.relayoutElementwiseOperands = true;
    if (failed(propagateTensorLayouts(
            module,
            [&](TensorLayoutGroups &groups, ArrayRef<Value> values) {
              return choose(groups, values, target);
            },
            options)))
      return signalPassFailure();
    makeFreeTransposesViews();
  }
};
} // namespace
