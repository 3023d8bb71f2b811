//===- MemoryUsage.cpp - Bytes live per memory space ----------------------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// The accounting that --tlayout-memory-report and --tlayout-check-capacity
// share: every allocation's footprint from the layout core, and the bytes
// live in each memory space as a function runs.
//
//===----------------------------------------------------------------------===//

#include "tlayout/Target/TPU/Transforms/MemoryUsage.h"
#include "tlayout/Dialect/TLayout/IR/MemRefLayout.h"
#include "tlayout/Target/TPU/IR/TpuAttrs.h"

#include "mlir/Dialect/Affine/Analysis/LoopAnalysis.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
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

/// Walks a region in program order, keeping the bytes live per memory space.
class MemoryWalker {
public:
  MemoryWalker(DenseMap<Operation *, FunctionSummary> &summaries,
               llvm::SmallPtrSetImpl<Operation *> &inProgress)
      : summaries(summaries), inProgress(inProgress) {}

  MemoryUsage run(Region &region) {
    walkRegion(region);
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
    result.spaces.push_back(SpaceUsage{space, 0, false, false});
    return result.spaces.back();
  }

  /// Records `bytes` live in `space` at some point.
  void notePeak(int64_t space, int64_t bytes) {
    SpaceUsage &usage = spaceUsage(space);
    usage.peakBytes = std::max(usage.peakBytes, bytes);
    for (auto &frame : peakFrames) {
      int64_t &peak = frame[space];
      peak = std::max(peak, bytes);
    }
  }

  /// Adds `delta` (may be negative) to the live bytes of `space`.
  void addLive(int64_t space, int64_t delta) {
    if (overflowed.contains(space))
      return;
    int64_t &total = liveBytes[space];
    if (std::optional<int64_t> sum = llvm::checkedAdd(total, delta)) {
      total = *sum;
      notePeak(space, total);
    } else {
      overflowed.insert(space);
      spaceUsage(space).overflows = true;
    }
  }

  void walkRegion(Region &region) {
    for (Block &block : region)
      for (Operation &op : block)
        visit(&op);
  }

  void visit(Operation *op) {
    if (isa<memref::AllocOp, memref::AllocaOp>(op))
      return visitAlloc(op);
    if (auto dealloc = dyn_cast<memref::DeallocOp>(op))
      return visitDealloc(dealloc);
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
    SpaceUsage &space = spaceUsage(usage.space);
    if (usage.overflows) {
      overflowed.insert(usage.space);
      space.overflows = true;
    } else if (usage.physicalBytes) {
      addLive(usage.space, *usage.physicalBytes);
    } else {
      space.hasDynamic = true;
    }
    usage.liveOverflows = overflowed.contains(usage.space);
    usage.liveBytes = liveBytes.lookup(usage.space);
    live[op->getResult(0)] = result.buffers.size();
    result.buffers.push_back(usage);
  }

  void visitDealloc(memref::DeallocOp dealloc) {
    auto it = live.find(dealloc.getMemref());
    if (it == live.end())
      return;
    const BufferUsage &usage = result.buffers[it->second];
    // Live bytes only ever hold checked sums of sizes still live, so the
    // difference is in range; it is checked all the same.
    if (usage.physicalBytes)
      addLive(usage.space, -*usage.physicalBytes);
    live.erase(it);
  }

  void visitLoop(LoopLikeOpInterface loop) {
    llvm::SmallDenseMap<int64_t, int64_t> before = liveBytes;
    size_t firstBuffer = result.buffers.size();
    peakFrames.emplace_back(liveBytes);
    for (Region &region : loop->getRegions())
      walkRegion(region);
    llvm::SmallDenseMap<int64_t, int64_t> tripPeak = peakFrames.pop_back_val();
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
      return;
    }
    for (int64_t runs = trips.value_or(1), i = firstBuffer,
                 e = result.buffers.size();
         i < e; ++i) {
      int64_t &count = result.buffers[i].runs;
      count = llvm::checkedMul(count, runs)
                  .value_or(std::numeric_limits<int64_t>::max());
    }
    for (auto [space, after] : llvm::to_vector(liveBytes)) {
      if (overflowed.contains(space))
        continue;
      int64_t perTrip = after - before.lookup(space);
      if (perTrip <= 0)
        continue;
      if (!trips) {
        result.unboundedLoops.push_back({loop, space, perTrip});
        continue;
      }
      // Trip k starts with (k - 1) * perTrip more live than the first: the
      // last trip peaks highest, and N * perTrip stay live after the loop.
      std::optional<int64_t> extra = llvm::checkedMul(*trips - 1, perTrip);
      std::optional<int64_t> peak =
          extra ? llvm::checkedAdd(tripPeak.lookup(space), *extra)
                : std::nullopt;
      std::optional<int64_t> left =
          extra ? llvm::checkedAdd(after, *extra) : std::nullopt;
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
        overflowed.insert(space);
        spaceUsage(space).overflows = true;
        continue;
      }
      notePeak(space, *peak);
      liveBytes[space] = *left;
    }
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
    const FunctionSummary &summary = summarize(callee);
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
        notePeak(space, *during);
      } else {
        usage.liveOverflows = true;
        overflowed.insert(space);
        spaceUsage(space).overflows = true;
      }
      result.calls.push_back(usage);
    }
    for (auto [space, left] : summary.leftBytes)
      if (left > 0)
        addLive(space, left);
  }

  const FunctionSummary &summarize(FunctionOpInterface callee) {
    auto it = summaries.find(callee);
    if (it != summaries.end())
      return it->second;
    inProgress.insert(callee);
    MemoryWalker walker(summaries, inProgress);
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
  MemoryUsage result;
  DenseMap<Value, size_t> live; // allocation result -> index in buffers
  llvm::SmallDenseMap<int64_t, int64_t> liveBytes;
  /// Spaces whose live bytes no longer fit in int64; they stay so.
  llvm::SmallDenseSet<int64_t> overflowed;
  /// The peak per space since each enclosing loop began.
  SmallVector<llvm::SmallDenseMap<int64_t, int64_t>> peakFrames;
};
} // namespace

MemoryUsage mlir::tlayout::tpu::analyzeMemoryUsage(Region &region) {
  DenseMap<Operation *, FunctionSummary> summaries;
  llvm::SmallPtrSet<Operation *, 4> inProgress;
  if (Operation *parent = region.getParentOp())
    inProgress.insert(parent);
  return MemoryWalker(summaries, inProgress).run(region);
}
