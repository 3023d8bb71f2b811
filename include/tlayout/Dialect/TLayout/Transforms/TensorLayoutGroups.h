//===- TensorLayoutGroups.h - Groups of tensors that share a buffer -*- C++
//-*-===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// The machinery under --tlayout-propagate-tensor-layouts and
// --tlayout-assign-layouts: the tensors of a module grouped by the buffer
// they must share, the layouts fixed on groups, a policy for the others,
// and the retyping with relayouts where layouts meet.
//
//===----------------------------------------------------------------------===//

#ifndef TLAYOUT_DIALECT_TLAYOUT_TRANSFORMS_TENSORLAYOUTGROUPS_H
#define TLAYOUT_DIALECT_TLAYOUT_TRANSFORMS_TENSORLAYOUTGROUPS_H

#include "tlayout/Dialect/TLayout/IR/TLayoutOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/EquivalenceClasses.h"

#include <functional>
#include <optional>
#include <string>

namespace mlir::tlayout {

/// The groups of tensor values that share one buffer, and the layout fixed
/// for each (a null attribute: row-major, no encoding).
class TensorLayoutGroups {
public:
  /// The representative of `value`'s group.
  Value leader(Value value) {
    classes.insert(value);
    return classes.getLeaderValue(value);
  }

  /// The layout fixed for `value`'s group, if any.
  std::optional<Attribute> fixed(Value value) {
    auto it = layouts.find(leader(value));
    if (it == layouts.end())
      return std::nullopt;
    return it->second;
  }

  /// Fixes the layout of `value`'s group.
  void fix(Value value, Attribute encoding) {
    layouts[leader(value)] = encoding;
  }

  /// Merges the groups of `a` and `b` unless their layouts differ; returns
  /// whether they are (now) one group.
  bool tryUnion(Value a, Value b) {
    std::optional<Attribute> la = fixed(a), lb = fixed(b);
    if (la && lb && *la != *lb)
      return false;
    classes.unionSets(a, b);
    Value merged = classes.getLeaderValue(a);
    if (la || lb)
      layouts[merged] = la ? *la : *lb;
    return true;
  }

  /// A use that passes a value where a signature fixes its type (a return,
  /// a call operand) while the value's group stays open: the policy weighs
  /// the relayout such a use needs when the group takes another layout.
  struct BoundaryUse {
    OpOperand *use;
    Attribute encoding;
    /// What fixes the layout, for the relayout's remark.
    llvm::StringRef why;
  };
  llvm::ArrayRef<BoundaryUse> getBoundaryUses() const { return boundaryUses; }
  void addBoundaryUse(OpOperand *use, Attribute encoding, llvm::StringRef why) {
    boundaryUses.push_back({use, encoding, why});
  }

private:
  llvm::SmallVector<BoundaryUse> boundaryUses;
  llvm::EquivalenceClasses<Value> classes;
  llvm::DenseMap<Value, Attribute> layouts;
};

/// A policy: fixes layouts for groups that have none once every constraint
/// is recorded (the groups it leaves open stay row-major). `values` are the
/// module's ranked tensor values, in program order.
using ChooseGroupLayouts = llvm::function_ref<LogicalResult(
    TensorLayoutGroups &groups, llvm::ArrayRef<Value> values)>;

/// Whether `op` is element-wise with every tensor read at the index it
/// writes: all its loops are parallel and every indexing map is the
/// identity (a transpose or a broadcast is not).
bool isElementwiseInOrder(Operation *op);

/// Makes `use` read a `tlayout.relayout` of its value to `encoding`
/// (inserted before the user), with a remark that gives the bytes the
/// relayout writes and `reason`, the constraint that needs it. Returns the
/// relayout's result.
Value relayoutUse(OpBuilder &builder, OpOperand &use, Attribute encoding,
                  const llvm::Twine &reason);

/// How one linalg op's operand relates to its result under XLA's placement
/// rules: a broadcast reads its operand in the result's layout without the
/// broadcast dimensions (`dropped`, the result's); a reduction writes its
/// result in the operand's layout without the reduced dimensions
/// (`dropped`, the operand's).
struct ProjectionRule {
  enum class Kind { Broadcast, Reduction };
  Kind kind;
  OpOperand *input;
  llvm::SmallVector<int64_t> dropped;
};

/// The rule of `op` if it is a linalg op on tensors with one input and one
/// init whose maps keep the loops in order, one of them all loops: a
/// broadcast (all loops parallel, the input map drops some) or a reduction
/// (the init map drops reduction loops only).
std::optional<ProjectionRule> getProjectionRule(Operation *op);

/// Creates, before `reshape` (a `tensor.expand_shape` or
/// `tensor.collapse_shape` of static shapes), a `linalg.generic` that copies
/// its source into a new tensor of its result's shape with `encoding`, each
/// element read where the reshape takes it from, and returns it (the caller
/// replaces the reshape).
Operation *createReshapeCopy(OpBuilder &builder, Operation *reshape,
                             Attribute encoding);

/// Remarks on `relayout`: the types, the bytes it writes and `reason`, the
/// constraint that needs it.
void remarkRelayout(RelayoutOp relayout, const llvm::Twine &reason);

/// Makes every use of `value` read one `tlayout.relayout` of it to
/// `encoding`, inserted after its definition, with a remark as relayoutUse.
/// Returns the relayout's result.
Value relayoutResult(OpBuilder &builder, OpResult value, Attribute encoding,
                     const llvm::Twine &reason);

/// Inserts a `tlayout.relayout` to the same type after each value that
/// arrives in the layout a fixed signature gives it, for a policy to retype:
/// every ranked tensor argument of static shape without encoding or
/// `tlayout.layout` of a public function (at its entry), and every such
/// result of a call to a function that is public or only declared (after
/// the call). Returns the relayouts; each value's other uses read its
/// relayout.
llvm::SmallVector<RelayoutOp> insertSignatureRelayouts(ModuleOp module);

/// How the retyped program reads its operands.
struct TensorLayoutOptions {
  /// An element-wise linalg op reads its operands in its result's layout:
  /// an operand of another layout gets a relayout (XLA's rule, and a TPU's).
  /// Otherwise linalg ops read inputs of any layout.
  bool relayoutElementwiseOperands = false;
  /// `tensor.expand_shape` and `tensor.collapse_shape` take retyped operands
  /// and their results are retyped: the caller then makes each a view or a
  /// relayout (both sides carry layouts the reshape ops do not verify).
  bool retypeReshapes = false;
  /// Dense `arith.constant` tensors are retyped, their initializer with them.
  bool retypeConstants = false;
  /// A value returned or passed to a call does not take the signature's
  /// layout, nor one used by an op that keeps its operand's type the type
  /// it had: its group stays open for the policy (a boundary use of the
  /// groups), and a relayout goes on the use where the layouts differ.
  bool openBoundaries = false;
  /// The arguments and results of a private function that only func.call
  /// ops of the module use are grouped with the calls' operands and results
  /// instead of keeping their types.
  bool openPrivateFunctions = false;
  /// Text appended to the remark of the relayout an element-wise operand
  /// gets (the policy's explanation), if set.
  std::function<std::string(OpOperand &)> explainRelayout;
  /// The layout an element-wise operand of another element type than the
  /// result is read in, given the result's (null: any), if set; by default
  /// the result's.
  std::function<Attribute(OpOperand &, Attribute)> elementwiseOperandLayout;
  /// Values, other than those the rules name, whose type the policy
  /// chooses (such as the relayouts a policy puts at entry points), if set.
  std::function<bool(Value)> isRetypableValue;
};

/// Moves the `tlayout.layout` argument and result attributes of the
/// module's functions into their types; groups the ranked tensors that
/// must share a buffer (a linalg op's result and `outs`, insert results and
/// destinations, loop-carried values, `scf.if` results, returned values and
/// signatures, call operands and callee arguments) with the layouts fixed on
/// them; lets `choose` fix the open groups; retypes the tensors whose type
/// may change and inserts a `tlayout.relayout`, with a remark, on every use
/// that needs another layout. Fails, with an error, on a `tlayout.layout`
/// that is not a layout of its tensor.
LogicalResult propagateTensorLayouts(ModuleOp module, ChooseGroupLayouts choose,
                                     const TensorLayoutOptions &options = {});

/// --tlayout-propagate-tensor-layouts' policy: a group without a fixed
/// layout takes the layout of a same-typed input of the linalg op (or of
/// the slice) it is written from, repeated while that decides more groups.
LogicalResult chooseLayoutsWrittenFrom(TensorLayoutGroups &groups,
                                       llvm::ArrayRef<Value> values);

} // namespace mlir::tlayout

#endif // TLAYOUT_DIALECT_TLAYOUT_TRANSFORMS_TENSORLAYOUTGROUPS_H
