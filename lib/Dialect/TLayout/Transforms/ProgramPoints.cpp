//===- ProgramPoints.cpp - Program points with calls nested ---------------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//

#include "tlayout/Dialect/TLayout/Transforms/ProgramPoints.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/MapVector.h"

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

int64_t ProgramPoints::getPeakWithin(ArrayRef<Piece> pieces,
                                     ArrayRef<int64_t> bytes, Range within) {
  llvm::MapVector<unsigned, SmallVector<Range>> inside;
  for (auto it = llvm::lower_bound(pieces, Piece(within.first, 0, 0));
       it != pieces.end() && std::get<0>(*it) < within.second; ++it)
    if (std::get<1>(*it) <= within.second)
      inside[std::get<2>(*it)].push_back({std::get<0>(*it), std::get<1>(*it)});
  SmallVector<std::pair<unsigned, int64_t>> events;
  for (auto &[buffer, ranges] : inside) {
    // Sorted by begin, as the pieces are: merge the overlapping ones.
    for (auto [i, range] : llvm::enumerate(ranges)) {
      if (i + 1 < ranges.size() && ranges[i + 1].first <= range.second) {
        ranges[i + 1].first = range.first;
        ranges[i + 1].second = std::max(ranges[i + 1].second, range.second);
        continue;
      }
      events.push_back({range.first, bytes[buffer]});
      events.push_back({range.second, -bytes[buffer]});
    }
  }
  // Ends before begins at one point: [begin, end) ranges.
  llvm::sort(events, [](auto a, auto b) {
    return a.first != b.first ? a.first < b.first : a.second < b.second;
  });
  int64_t live = 0, peak = 0;
  for (auto [point, delta] : events)
    peak = std::max(peak, live += delta);
  return peak;
}
