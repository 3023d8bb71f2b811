//===- MemoryUsage.cpp - Bytes live per memory space ----------------------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// The accounting that --tlayout-memory-report and --tlayout-check-capacity
// share: every allocation's footprint from the layout core, the bytes live
// in each memory space as a function runs (each allocation from its op to
// the end BufferLifetime finds), and per space the peak with what is live
// there.
//
//===----------------------------------------------------------------------===//

#include "tlayout/Target/TPU/Transforms/MemoryUsage.h"
#include "tlayout/Dialect/TLayout/IR/MemRefLayout.h"
#include "tlayout/Target/TPU/IR/TpuAttrs.h"
#include "tlayout/Target/TPU/Transforms/BufferLifetime.h"

#include "mlir/Dialect/Affine/Analysis/LoopAnalysis.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "llvm/ADT/Sequence.h"
#include "llvm/Support/CheckedArithmetic.h"

using namespace mlir;
using namespace mlir::tlayout;
using namespace mlir::tlayout::tpu;

/// The memory space number of a memref type (0 for a space of another kind).
static int64_t spaceOf(MemRefType type) {
  return getMemorySpaceNumber(type.getMemorySpace()).value_or(0);
}

/// ceil(elements * bits / 8) when it fits in int64. The sizes come from the
/// user's types, so every step is checked: elements = 8q + r gives
/// q * bits + ceil(r * bits / 8), and neither term overflows on its own
/// unless the result does.
static std::optional<int64_t> bytesOf(int64_t elements, int64_t bits) {
  std::optional<int64_t> whole = llvm::checkedMul(elements / 8, bits);
  std::optional<int64_t> rest = llvm::checkedMul(elements % 8, bits);
  if (!whole || !rest)
    return std::nullopt;
  return llvm::checkedAdd(*whole, *rest / 8 + (*rest % 8 != 0));
}

/// The footprint of an allocated memref type.
static void measure(BufferUsage &usage) {
  MemRefType type = usage.type;
  // What the lowering allocates: E(n) bits when the layout has E(n) (packed
  // for n = 1, 2, 4), else the element type's own bytes (an i1 or i4 takes
  // a byte).
  LayoutAttrInterface layout = getLayoutAttr(type);
  int64_t typeBits = getElementTypeBits(type.getElementType());
  int64_t bits = getStoredElementBits(type);
  if (bits <= 0)
    return;
  // The memref type's verifier compiled this layout for this shape but
  // could not see the element type. An E(n) too small for it is reported
  // with the core's message, and the buffer left unmeasured rather than
  // counted at E(n) bits an element.
  if (layout && layout.getElementSizeInBits() != 0 &&
      layout.getElementSizeInBits() < typeBits) {
    llvm::Expected<BufferIndexing> checked =
        layout.compile(type.getShape(), typeBits);
    if (!checked) {
      usage.alloc->emitError() << "cannot measure " << type << ": "
                               << llvm::toString(checked.takeError());
      return;
    }
  }
  // Elements only: the bytes are counted below, with checked arithmetic.
  llvm::Expected<BufferIndexing> indexing = compileMemRefIndexing(type);
  if (!indexing) {
    // A tiled type's verifier compiled the same layout for the same shape;
    // the row-major layout of an untiled one fails only where its element
    // count overflows int64, which is what `overflows` reports.
    llvm::consumeError(indexing.takeError());
    usage.overflows = true;
    return;
  }
  std::optional<int64_t> logical =
      indexing->getLogicalNumElements().getConstant();
  std::optional<int64_t> physical = indexing->getNumElements().getConstant();
  if (!logical || !physical)
    return; // Dynamic.
  std::optional<int64_t> logicalBytes = bytesOf(*logical, bits);
  std::optional<int64_t> physicalBytes = bytesOf(*physical, bits);
  if (!logicalBytes || !physicalBytes) {
    usage.overflows = true;
    return;
  }
  usage.logicalBytes = logicalBytes;
  usage.physicalBytes = physicalBytes;
  if (*logical > 0)
    usage.paddingRatio =
        static_cast<double>(*physical) / static_cast<double>(*logical);
}

namespace {
/// What a function leaves for its callers: its own peak and the bytes still
/// live when it returns, per memory space.
struct FunctionSummary {
  llvm::SmallDenseMap<int64_t, int64_t> peakBytes, leftBytes;
};

/// Something that holds bytes of one space while it is live: an allocation
/// or what a call left.
struct Item {
  LiveAllocation allocation;
  int64_t space = 0;
  bool live = false;
};

/// The live bytes of one space at one point, and what holds them.
struct PeakPoint {
  int64_t bytes = 0;
  Operation *op = nullptr;
  /// Items live there, with their copies.
  SmallVector<std::pair<size_t, int64_t>> items;
  /// A callee's peak, when the point is inside a call.
  std::optional<LiveAllocation> callee;
};

/// Walks a region in program order, keeping the bytes live per memory space.
class MemoryWalker {
public:
  MemoryWalker(DenseMap<Operation *, FunctionSummary> &summaries,
               llvm::SmallPtrSetImpl<Operation *> &inProgress,
               BufferLifetimeAnalysis &lifetimes)
      : summaries(summaries), inProgress(inProgress), lifetimes(lifetimes) {}

  MemoryUsage run(Region &region) {
    walkRegion(region);
    for (SpaceUsage &space : result.spaces) {
      auto it = peaks.find(space.space);
      if (it == peaks.end())
        continue;
      space.peakOp = it->second.op;
      space.liveAtPeak = materialize(it->second);
    }
    return std::move(result);
  }

  /// The bytes live now in each space (those whose count has not overflowed).
  const llvm::SmallDenseMap<int64_t, int64_t> &getLiveBytes() const {
    return liveBytes;
  }

private:
  SpaceUsage &spaceUsage(int64_t space) {
    for (SpaceUsage &s : result.spaces)
      if (s.space == space)
        return s;
    result.spaces.push_back(SpaceUsage{});
    result.spaces.back().space = space;
    return result.spaces.back();
  }

  void markOverflow(int64_t space) {
    overflowed.insert(space);
    spaceUsage(space).overflows = true;
  }

  /// The live items of `space` now, with `bytes` live at `op`.
  PeakPoint snapshot(int64_t space, int64_t bytes, Operation *op) {
    PeakPoint point;
    point.bytes = bytes;
    point.op = op;
    for (auto [index, item] : llvm::enumerate(items))
      if (item.live && item.space == space && item.allocation.copies > 0)
        point.items.push_back({index, item.allocation.copies});
    return point;
  }

  /// Records `point` in `space` where it is higher than the peak so far, in
  /// the function and in each enclosing loop's trip.
  void notePoint(int64_t space, const PeakPoint &point) {
    SpaceUsage &usage = spaceUsage(space);
    if (point.bytes > usage.peakBytes) {
      usage.peakBytes = point.bytes;
      peaks[space] = point;
    }
    for (auto &frame : peakFrames) {
      auto it = frame.find(space);
      if (it == frame.end() || it->second.bytes < point.bytes)
        frame[space] = point;
    }
  }

  /// Whether `bytes` live in `space` would raise some peak.
  bool raisesPeak(int64_t space, int64_t bytes) {
    if (bytes > spaceUsage(space).peakBytes)
      return true;
    for (auto &frame : peakFrames) {
      auto it = frame.find(space);
      if (it == frame.end() || it->second.bytes < bytes)
        return true;
    }
    return false;
  }

  /// Makes item `index` live at `op`.
  void allocate(size_t index, Operation *op) {
    Item &item = items[index];
    item.live = true;
    if (overflowed.contains(item.space))
      return;
    int64_t &total = liveBytes[item.space];
    std::optional<int64_t> sum = llvm::checkedAdd(total, item.allocation.bytes);
    if (!sum)
      return markOverflow(item.space);
    total = *sum;
    if (raisesPeak(item.space, total))
      notePoint(item.space, snapshot(item.space, total, op));
  }

  /// Ends the life of item `index`: all its copies.
  void release(size_t index) {
    Item &item = items[index];
    if (!item.live)
      return;
    item.live = false;
    if (overflowed.contains(item.space))
      return;
    // Live bytes only ever hold checked sums of sizes still live, so the
    // difference is in range; it is checked all the same.
    std::optional<int64_t> bytes =
        llvm::checkedMul(item.allocation.bytes, item.allocation.copies);
    std::optional<int64_t> left =
        bytes ? llvm::checkedSub(liveBytes[item.space], *bytes) : std::nullopt;
    if (!left)
      return markOverflow(item.space);
    liveBytes[item.space] = *left;
  }

  /// The allocations of a peak point, most padding first.
  SmallVector<LiveAllocation> materialize(const PeakPoint &point) {
    SmallVector<LiveAllocation> live;
    for (auto [index, copies] : point.items) {
      live.push_back(items[index].allocation);
      live.back().copies = copies;
    }
    if (point.callee)
      live.push_back(*point.callee);
    auto total = [](int64_t bytes, int64_t copies) {
      return llvm::checkedMul(bytes, copies)
          .value_or(std::numeric_limits<int64_t>::max());
    };
    // Ties keep program order.
    SmallVector<size_t> order = llvm::to_vector(llvm::seq<size_t>(live.size()));
    llvm::sort(order, [&](size_t i, size_t j) {
      const LiveAllocation &a = live[i], &b = live[j];
      int64_t paddingA = total(a.paddingBytes, a.copies);
      int64_t paddingB = total(b.paddingBytes, b.copies);
      if (paddingA != paddingB)
        return paddingA > paddingB;
      int64_t bytesA = total(a.bytes, a.copies);
      int64_t bytesB = total(b.bytes, b.copies);
      if (bytesA != bytesB)
        return bytesA > bytesB;
      return i < j;
    });
    return llvm::map_to_vector(order, [&](size_t i) { return live[i]; });
  }

  void walkRegion(Region &region) {
    for (Block &block : region)
      for (Operation &op : block) {
        visit(&op);
        auto it = endsAfter.find(&op);
        if (it == endsAfter.end())
          continue;
        for (size_t index : it->second)
          release(index);
        endsAfter.erase(it);
      }
  }

  void visit(Operation *op) {
    if (isa<memref::AllocOp, memref::AllocaOp>(op))
      return visitAlloc(op);
    if (auto loop = dyn_cast<LoopLikeOpInterface>(op))
      return visitLoop(loop);
    if (auto call = dyn_cast<CallOpInterface>(op))
      visitCall(call);
    for (Region &region : op->getRegions())
      walkRegion(region);
  }

  void visitAlloc(Operation *op) {
    BufferUsage usage;
    usage.alloc = op;
    usage.type = cast<MemRefType>(op->getResult(0).getType());
    usage.space = spaceOf(usage.type);
    measure(usage);
    BufferLifetime lifetime = lifetimes.getLifetime(op);
    usage.livesToFunctionEnd = lifetime.toFunctionEnd;
    usage.lastUse = lifetime.end;
    SpaceUsage &space = spaceUsage(usage.space);
    size_t bufferIndex = result.buffers.size();
    if (usage.overflows) {
      markOverflow(usage.space);
      space.sumBytes = std::nullopt;
    } else if (usage.physicalBytes) {
      space.sumBytes = space.sumBytes ? llvm::checkedAdd(*space.sumBytes,
                                                         *usage.physicalBytes)
                                      : std::nullopt;
      Item item;
      item.space = usage.space;
      item.allocation.op = op;
      item.allocation.buffer = bufferIndex;
      item.allocation.bytes = *usage.physicalBytes;
      item.allocation.paddingBytes =
          usage.logicalBytes ? *usage.physicalBytes - *usage.logicalBytes : 0;
      items.push_back(item);
      result.buffers.push_back(usage);
      allocate(items.size() - 1, op);
      if (!lifetime.toFunctionEnd)
        endsAfter[lifetime.end].push_back(items.size() - 1);
    } else {
      space.hasDynamic = true;
    }
    if (result.buffers.size() == bufferIndex)
      result.buffers.push_back(usage);
    BufferUsage &recorded = result.buffers[bufferIndex];
    recorded.liveOverflows = overflowed.contains(usage.space);
    recorded.liveBytes = liveBytes.lookup(usage.space);
  }

  void visitLoop(LoopLikeOpInterface loop) {
    llvm::SmallDenseMap<int64_t, int64_t> before = liveBytes;
    size_t firstBuffer = result.buffers.size();
    size_t firstItem = items.size();
    DenseMap<int64_t, PeakPoint> entry;
    for (auto [space, bytes] : liveBytes)
      entry[space] = snapshot(space, bytes, loop);
    peakFrames.push_back(std::move(entry));
    for (Region &region : loop->getRegions())
      walkRegion(region);
    DenseMap<int64_t, PeakPoint> tripPeak = peakFrames.pop_back_val();
    std::optional<int64_t> trips;
    if (auto affineFor = dyn_cast<affine::AffineForOp>(loop.getOperation())) {
      if (std::optional<uint64_t> count =
              affine::getConstantTripCount(affineFor))
        if (*count <=
            static_cast<uint64_t>(std::numeric_limits<int64_t>::max()))
          trips = static_cast<int64_t>(*count);
    } else if (std::optional<llvm::APInt> count = loop.getStaticTripCount()) {
      if (count->getActiveBits() < 63)
        trips = count->getSExtValue();
    }
    if (trips && *trips == 0) {
      // The body never runs: nothing it allocates is live after it.
      liveBytes = before;
      for (size_t i = firstItem, e = items.size(); i < e; ++i) {
        items[i].live = false;
        items[i].allocation.copies = 0;
      }
      return;
    }
    int64_t runs = trips.value_or(1);
    for (size_t i = firstBuffer, e = result.buffers.size(); i < e; ++i) {
      int64_t &count = result.buffers[i].runs;
      count = llvm::checkedMul(count, runs)
                  .value_or(std::numeric_limits<int64_t>::max());
    }
    // The bytes each trip leaves live: the items made in the body and still
    // live at its end.
    llvm::SmallDenseMap<int64_t, int64_t> perTrip;
    for (size_t i = firstItem, e = items.size(); i < e; ++i) {
      const Item &item = items[i];
      if (!item.live || overflowed.contains(item.space))
        continue;
      std::optional<int64_t> bytes =
          llvm::checkedMul(item.allocation.bytes, item.allocation.copies);
      std::optional<int64_t> sum =
          bytes ? llvm::checkedAdd(perTrip[item.space], *bytes) : std::nullopt;
      if (!sum) {
        markOverflow(item.space);
        continue;
      }
      perTrip[item.space] = *sum;
    }
    for (auto [space, bytesPerTrip] : perTrip) {
      if (overflowed.contains(space) || bytesPerTrip <= 0)
        continue;
      if (!trips) {
        result.unboundedLoops.push_back({loop, space, bytesPerTrip});
        continue;
      }
      // Trip k starts with (k - 1) * perTrip more live than the first: the
      // last trip peaks highest, and N * perTrip stay live after the loop.
      std::optional<int64_t> extra = llvm::checkedMul(*trips - 1, bytesPerTrip);
      PeakPoint point = tripPeak.lookup(space);
      std::optional<int64_t> peak =
          extra ? llvm::checkedAdd(point.bytes, *extra) : std::nullopt;
      std::optional<int64_t> left =
          extra ? llvm::checkedAdd(liveBytes.lookup(space), *extra)
                : std::nullopt;
      for (size_t i = firstBuffer, e = result.buffers.size(); i < e; ++i) {
        BufferUsage &usage = result.buffers[i];
        if (usage.space != space || usage.liveOverflows)
          continue;
        std::optional<int64_t> at =
            extra ? llvm::checkedAdd(usage.liveBytes, *extra) : std::nullopt;
        if (at)
          usage.liveBytes = *at;
        else
          usage.liveOverflows = true;
      }
      if (!peak || !left) {
        markOverflow(space);
        continue;
      }
      // At the last trip's peak, each item the body leaves live has
      // (N - 1) more copies: one from each earlier trip.
      point.bytes = *peak;
      for (size_t i = firstItem, e = items.size(); i < e; ++i) {
        const Item &item = items[i];
        if (!item.live || item.space != space)
          continue;
        int64_t more = llvm::checkedMul(*trips - 1, item.allocation.copies)
                           .value_or(std::numeric_limits<int64_t>::max());
        auto it = llvm::find_if(point.items,
                                [&](auto &entry) { return entry.first == i; });
        if (it != point.items.end())
          it->second += more;
        else
          point.items.push_back({i, more});
      }
      notePoint(space, point);
      liveBytes[space] = *left;
    }
    if (trips)
      for (size_t i = firstItem, e = items.size(); i < e; ++i)
        if (items[i].live)
          items[i].allocation.copies =
              llvm::checkedMul(items[i].allocation.copies, *trips)
                  .value_or(std::numeric_limits<int64_t>::max());
  }

  void visitCall(CallOpInterface call) {
    auto symbol =
        dyn_cast_if_present<SymbolRefAttr>(call.getCallableForCallee());
    if (!symbol)
      return;
    auto callee =
        SymbolTable::lookupNearestSymbolFrom<FunctionOpInterface>(call, symbol);
    if (!callee || callee.isExternal() || inProgress.contains(callee))
      return; // Recursion: the outer activation counts.
    const FunctionSummary summary = summarize(callee);
    for (auto [space, calleePeak] : summary.peakBytes) {
      if (calleePeak <= 0 || overflowed.contains(space))
        continue;
      CallUsage usage;
      usage.call = call;
      usage.space = space;
      usage.calleePeakBytes = calleePeak;
      std::optional<int64_t> during =
          llvm::checkedAdd(liveBytes.lookup(space), calleePeak);
      if (during) {
        usage.liveBytes = *during;
        if (raisesPeak(space, *during)) {
          PeakPoint point = snapshot(space, *during, call);
          LiveAllocation inCallee;
          inCallee.kind = LiveAllocation::Kind::CalleePeak;
          inCallee.op = call;
          inCallee.bytes = calleePeak;
          point.callee = inCallee;
          notePoint(space, point);
        }
      } else {
        usage.liveOverflows = true;
        markOverflow(space);
      }
      result.calls.push_back(usage);
    }
    // What the callee leaves live (returned or kept) stays so.
    for (auto [space, left] : summary.leftBytes) {
      if (left <= 0)
        continue;
      Item item;
      item.space = space;
      item.allocation.kind = LiveAllocation::Kind::CalleeResult;
      item.allocation.op = call;
      item.allocation.bytes = left;
      items.push_back(item);
      allocate(items.size() - 1, call);
    }
  }

  const FunctionSummary &summarize(FunctionOpInterface callee) {
    auto it = summaries.find(callee);
    if (it != summaries.end())
      return it->second;
    inProgress.insert(callee);
    MemoryWalker walker(summaries, inProgress, lifetimes);
    MemoryUsage usage = walker.run(callee.getFunctionBody());
    inProgress.erase(callee);
    FunctionSummary summary;
    for (const SpaceUsage &space : usage.spaces)
      if (!space.overflows)
        summary.peakBytes[space.space] = space.peakBytes;
    for (auto [space, bytes] : walker.getLiveBytes())
      summary.leftBytes[space] = bytes;
    return summaries[callee] = std::move(summary);
  }

  DenseMap<Operation *, FunctionSummary> &summaries;
  llvm::SmallPtrSetImpl<Operation *> &inProgress;
  BufferLifetimeAnalysis &lifetimes;
  MemoryUsage result;
  SmallVector<Item> items;
  /// The items whose life ends once each op has run.
  DenseMap<Operation *, SmallVector<size_t>> endsAfter;
  llvm::SmallDenseMap<int64_t, int64_t> liveBytes;
  /// Spaces whose live bytes no longer fit in int64; they stay so.
  llvm::SmallDenseSet<int64_t> overflowed;
  /// The function's peak per space.
  DenseMap<int64_t, PeakPoint> peaks;
  /// The peak per space since each enclosing loop began.
  SmallVector<DenseMap<int64_t, PeakPoint>> peakFrames;
};
} // namespace

MemoryUsage mlir::tlayout::tpu::analyzeMemoryUsage(Region &region) {
  DenseMap<Operation *, FunctionSummary> summaries;
  llvm::SmallPtrSet<Operation *, 4> inProgress;
  BufferLifetimeAnalysis lifetimes;
  if (Operation *parent = region.getParentOp())
    inProgress.insert(parent);
  return MemoryWalker(summaries, inProgress, lifetimes).run(region);
}

MemoryUsage mlir::tlayout::tpu::analyzeMemoryUsage(FunctionOpInterface func) {
  return analyzeMemoryUsage(func.getFunctionBody());
}

FailureOr<TargetDescription> mlir::tlayout::tpu::walkFunctionMemoryUsage(
    Operation *root, PresetChoice target,
    function_ref<void(const TargetDescription &, FunctionOpInterface,
                      const MemoryUsage &)>
        fn) {
  FailureOr<TargetDescription> description = getTargetDescription(root, target);
  if (failed(description))
    return failure();
  root->walk([&](FunctionOpInterface func) {
    if (!func.isExternal())
      fn(*description, func, analyzeMemoryUsage(func));
  });
  return description;
}
