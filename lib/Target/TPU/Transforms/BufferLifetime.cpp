//===- BufferLifetime.cpp - Where an allocation's life ends ---------------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// The liveness of allocations after bufferization, for the memory accounting:
// the op after which nothing reads or writes a `memref.alloc` any more. It
// follows the buffer through its views and aliases, and sends it to the end
// of its function whenever it cannot see where the buffer goes.
//
//===----------------------------------------------------------------------===//

#include "tlayout/Target/TPU/Transforms/BufferLifetime.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/DestinationStyleOpInterface.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace mlir::tlayout::tpu;

/// Whether `op` runs its regions before it returns, so that a use inside
/// them ends when the op does. `async.execute` branches to its region but
/// runs it until an `async.await`, later.
static bool runsRegionsInPlace(Operation *op) {
  return isa<RegionBranchOpInterface, LoopLikeOpInterface,
             DestinationStyleOpInterface>(op) &&
         op->getName().getDialectNamespace() != "async";
}

/// Whether `op` goes on accessing its buffers after it returns: a DMA runs
/// until a wait that names only its tag.
static bool accessesAfterReturning(Operation *op) {
  return isa<memref::DmaStartOp>(op);
}

/// Scalars and vectors of them: values that are data, not references.
static bool isPlainData(Type type) {
  if (auto vector = dyn_cast<VectorType>(type))
    type = vector.getElementType();
  return isa<IntegerType, IndexType, FloatType, ComplexType>(type);
}

/// Whether the results of `op` are data read from memory or sizes, which
/// hold no reference to the buffers it takes.
static bool producesDataOnly(Operation *op) {
  if (isa<memref::DimOp, memref::RankOp>(op))
    return true;
  auto effects = dyn_cast<MemoryEffectOpInterface>(op);
  if (!effects || !llvm::all_of(op->getResultTypes(), isPlainData))
    return false;
  SmallVector<MemoryEffects::EffectInstance> list;
  effects.getEffects(list);
  return !list.empty() &&
         llvm::all_of(list, [](const MemoryEffects::EffectInstance &effect) {
           return isa<MemoryEffects::Read>(effect.getEffect());
         });
}

/// Whether `use`'s op may store the value it takes somewhere: it writes
/// memory without accessing the value as memory (`memref.store %buffer,
/// %memref_of_memrefs[]`), or its effects are unknown.
static bool mayStore(OpOperand &use) {
  auto effects = dyn_cast<MemoryEffectOpInterface>(use.getOwner());
  if (!effects)
    return true;
  SmallVector<MemoryEffects::EffectInstance> list;
  effects.getEffects(list);
  bool accessed = false, writesElsewhere = false;
  for (const MemoryEffects::EffectInstance &effect : list) {
    if (effect.getValue() == use.get()) {
      accessed = true;
      continue;
    }
    if (!isa<MemoryEffects::Write>(effect.getEffect()))
      continue;
    // A write to no particular value may be a write of this one.
    if (!effect.getValue())
      return true;
    writesElsewhere = true;
  }
  return writesElsewhere && !accessed;
}

namespace {
/// The aliases of one value and every op that uses them.
class AliasWalker {
public:
  explicit AliasWalker(BufferLifetimeAnalysis &analysis) : analysis(analysis) {}

  /// Follows `root` and its aliases until one may outlive the function.
  void run(Value root) {
    add(root);
    while (!worklist.empty() && !captured) {
      Value value = worklist.pop_back_val();
      for (OpOperand &use : value.getUses()) {
        visit(use);
        if (captured)
          return;
      }
    }
  }

  /// Every op that uses an alias.
  SmallVector<Operation *> users;
  /// An alias may be kept or used after the function returns.
  bool captured = false;
  /// An alias is returned from the function.
  bool returned = false;

private:
  void add(Value value) {
    if (seen.insert(value).second)
      worklist.push_back(value);
  }

  void addAll(ValueRange values) {
    for (Value value : values)
      add(value);
  }

  /// Every result of `op` and every argument of its regions' blocks.
  void addResultsAndRegionArguments(Operation *op) {
    addAll(op->getResults());
    for (Region &region : op->getRegions())
      for (Block &block : region)
        addAll(block.getArguments());
  }

  void visit(OpOperand &use) {
    Operation *user = use.getOwner();
    users.push_back(user);
    // A use inside a region that may run after its op returns (an async
    // body, a nested function) is not bounded by the op.
    for (Operation *parent = user->getParentOp();
         parent && !isa<FunctionOpInterface>(parent);
         parent = parent->getParentOp())
      if (!runsRegionsInPlace(parent)) {
        captured = true;
        return;
      }
    if (accessesAfterReturning(user)) {
      captured = true;
      return;
    }
    if (user->hasTrait<OpTrait::IsTerminator>())
      return visitTerminator(use);
    if (auto call = dyn_cast<CallOpInterface>(user))
      return visitCall(call, use);
    if (auto loop = dyn_cast<LoopLikeOpInterface>(user)) {
      MutableArrayRef<OpOperand> inits = loop.getInitsMutable();
      if (!inits.empty() &&
          use.getOperandNumber() >= inits.front().getOperandNumber() &&
          use.getOperandNumber() <= inits.back().getOperandNumber()) {
        unsigned index =
            use.getOperandNumber() - inits.front().getOperandNumber();
        add(loop.getRegionIterArgs()[index]);
        if (std::optional<ResultRange> results = loop.getLoopResults())
          add((*results)[index]);
        return;
      }
    }
    if (isa<DestinationStyleOpInterface>(user)) {
      // The region's arguments are elements, not the buffer.
      addAll(user->getResults());
      return;
    }
    if (user->getNumRegions() != 0) {
      if (!runsRegionsInPlace(user)) {
        captured = true;
        return;
      }
      return addResultsAndRegionArguments(user);
    }
    if (producesDataOnly(user))
      return;
    if (mayStore(use)) {
      captured = true;
      return;
    }
    addAll(user->getResults());
  }

  void visitTerminator(OpOperand &use) {
    Operation *user = use.getOwner();
    for (Block *successor : user->getSuccessors())
      addAll(successor->getArguments());
    Operation *parent = user->getParentOp();
    if (isa<FunctionOpInterface>(parent)) {
      if (user->hasTrait<OpTrait::ReturnLike>())
        returned = true;
      else if (user->getNumSuccessors() == 0)
        captured = true; // Leaves the function some other way.
      return;
    }
    // A value yielded to the next trip of a loop: its iteration argument and
    // the loop's result.
    if (auto loop = dyn_cast<LoopLikeOpInterface>(parent)) {
      std::optional<MutableArrayRef<OpOperand>> yielded =
          loop.getYieldedValuesMutable();
      if (yielded && !yielded->empty() && yielded->front().getOwner() == user &&
          use.getOperandNumber() >= yielded->front().getOperandNumber() &&
          use.getOperandNumber() <= yielded->back().getOperandNumber()) {
        unsigned index =
            use.getOperandNumber() - yielded->front().getOperandNumber();
        add(loop.getRegionIterArgs()[index]);
        if (std::optional<ResultRange> results = loop.getLoopResults())
          add((*results)[index]);
        return;
      }
    }
    if (user->getNumSuccessors() == 0)
      addResultsAndRegionArguments(parent);
  }

  void visitCall(CallOpInterface call, OpOperand &use) {
    auto symbol =
        dyn_cast_if_present<SymbolRefAttr>(call.getCallableForCallee());
    auto callee =
        symbol ? SymbolTable::lookupNearestSymbolFrom<FunctionOpInterface>(
                     call, symbol)
               : FunctionOpInterface();
    OperandRange arguments = call.getArgOperands();
    unsigned first = arguments.getBeginOperandIndex();
    if (!callee || callee.isExternal() || use.getOperandNumber() < first ||
        use.getOperandNumber() >= first + arguments.size() ||
        analysis.calleeMayCapture(callee, use.getOperandNumber() - first)) {
      captured = true;
      return;
    }
    // What the callee returns may be the buffer.
    addAll(call->getResults());
  }

  BufferLifetimeAnalysis &analysis;
  DenseSet<Value> seen;
  SmallVector<Value> worklist;
};
} // namespace

bool BufferLifetimeAnalysis::calleeMayCapture(FunctionOpInterface callee,
                                              unsigned index) {
  auto key = std::make_pair(callee.getOperation(), index);
  if (auto it = captures.find(key); it != captures.end())
    return it->second;
  if (inProgress.contains(callee) || index >= callee.getNumArguments())
    return true;
  inProgress.insert(callee);
  AliasWalker walker(*this);
  walker.run(callee.getArgument(index));
  inProgress.erase(callee);
  return captures[key] = walker.captured;
}

BufferLifetime BufferLifetimeAnalysis::getLifetime(Operation *alloc) {
  // Stack memory is held until the function returns.
  if (!isa<memref::AllocOp>(alloc) || alloc->getNumResults() != 1)
    return {};
  AliasWalker walker(*this);
  walker.run(alloc->getResult(0));
  if (walker.captured || walker.returned)
    return {};
  // The lowest block around the allocation that holds every use, none of
  // them its terminator (which would pass the buffer on).
  for (Block *block = alloc->getBlock(); block;) {
    Operation *end = block->findAncestorOpInBlock(*alloc);
    bool holdsAll = true;
    for (Operation *user : walker.users) {
      Operation *ancestor = block->findAncestorOpInBlock(*user);
      if (!ancestor || ancestor->hasTrait<OpTrait::IsTerminator>()) {
        holdsAll = false;
        break;
      }
      if (end->isBeforeInBlock(ancestor))
        end = ancestor;
    }
    if (holdsAll)
      return {false, end};
    Operation *parent = block->getParentOp();
    if (!parent || isa<FunctionOpInterface>(parent))
      return {};
    block = parent->getBlock();
  }
  return {};
}
