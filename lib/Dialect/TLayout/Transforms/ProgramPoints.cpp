//===- ProgramPoints.cpp - Program points with calls nested ---------------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//

#include "tlayout/Dialect/TLayout/Transforms/ProgramPoints.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;
using namespace mlir::tlayout;

ProgramPoints::ProgramPoints(ModuleOp module, unsigned maxPoints)
    : symbols(module), maxPoints(maxPoints) {
  llvm::DenseSet<Operation *> called;
  module.walk([&](func::CallOp call) {
    if (auto callee = symbols.lookup<func::FuncOp>(call.getCallee()))
      if (callee != call->getParentOfType<func::FuncOp>())
        called.insert(callee);
  });
  // The entry points, then what only a cycle of calls reaches; the other
  // ops of the module (globals) each get a point.
  for (Operation &op : *module.getBody())
    if (!called.contains(&op))
      number(&op);
  for (Operation &op : *module.getBody())
    if (!points.count(&op))
      number(&op);
}

void ProgramPoints::number(Operation *op) {
  unsigned first = next++;
  bool isFunction = isa<FunctionOpInterface>(op);
  if (isFunction)
    active.insert(op);
  for (Region &region : op->getRegions())
    for (Block &block : region)
      for (Operation &nested : block)
        number(&nested);
  if (auto call = dyn_cast<func::CallOp>(op)) {
    auto callee = symbols.lookup<func::FuncOp>(call.getCallee());
    if (callee && !callee.isExternal()) {
      if (active.contains(callee) || next >= maxPoints) {
        unmodeledCalls.insert(op);
      } else {
        active.insert(callee);
        number(callee);
        active.erase(callee);
      }
    }
  }
  if (isFunction)
    active.erase(op);
  points[op].push_back({first, next});
}

SmallVector<ProgramPoints::Range, 1>
ProgramPoints::getLiveRanges(Value value) const {
  Region *region = value.getParentRegion();
  Operation *def = value.getDefiningOp();
  SmallVector<Range, 1> live;
  // A result is live from its op's last point (after the callee's or the
  // body's points it holds), a block argument from its parent op's first.
  if (def)
    for (Range range : getRanges(def))
      live.push_back({range.second - 1, range.second});
  else
    for (Range range : getRanges(region->getParentOp()))
      live.push_back({range.first, range.first + 1});
  for (Operation *user : value.getUsers()) {
    Operation *ancestor = region->findAncestorOpInRegion(*user);
    if (!ancestor)
      continue;
    for (auto [range, use] : llvm::zip(live, getRanges(ancestor)))
      range.second = std::max(range.second, use.second);
  }
  return live;
}
