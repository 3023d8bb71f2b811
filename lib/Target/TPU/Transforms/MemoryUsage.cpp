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
#include "tlayout/Target/TPU/IR/TpuAttrs.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
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
  int64_t bits = getElementTypeBits(type.getElementType());
  LayoutAttrInterface layout = getLayoutAttr(type);
  if (layout && layout.getElementSizeInBits() != 0)
    bits = layout.getElementSizeInBits();
  if (bits <= 0)
    return;
  // Elements only: the bytes are counted below, with checked arithmetic.
  llvm::Expected<::tlayout::BufferIndexing> indexing =
      layout ? layout.compile(type.getShape(), 0)
             : ::tlayout::BufferIndexing::compile(
                   ::tlayout::TiledLayout::rowMajor(type.getRank()),
                   type.getShape());
  if (!indexing) {
    // A type that verified compiles unless its element count overflows.
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

MemoryUsage mlir::tlayout::tpu::analyzeMemoryUsage(Region &region) {
  MemoryUsage result;
  SmallVectorImpl<BufferUsage> &buffers = result.buffers;
  SmallVectorImpl<SpaceUsage> &spaces = result.spaces;
  DenseMap<Value, size_t> live; // allocation result -> index in buffers
  llvm::SmallDenseMap<int64_t, int64_t> liveBytes;
  // Spaces whose live bytes no longer fit in int64; they stay so.
  llvm::SmallDenseSet<int64_t> overflowed;
  auto spaceUsage = [&](int64_t space) -> SpaceUsage & {
    for (SpaceUsage &s : spaces)
      if (s.space == space)
        return s;
    spaces.push_back(SpaceUsage{space, 0, false, false});
    return spaces.back();
  };
  region.walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (isa<memref::AllocOp, memref::AllocaOp>(op)) {
      BufferUsage usage;
      usage.alloc = op;
      usage.type = cast<MemRefType>(op->getResult(0).getType());
      usage.space = spaceOf(usage.type);
      measure(usage);
      SpaceUsage &space = spaceUsage(usage.space);
      int64_t &total = liveBytes[usage.space];
      if (usage.overflows) {
        overflowed.insert(usage.space);
      } else if (usage.physicalBytes) {
        if (std::optional<int64_t> sum =
                llvm::checkedAdd(total, *usage.physicalBytes))
          total = *sum;
        else
          overflowed.insert(usage.space);
      } else {
        space.hasDynamic = true;
      }
      if (overflowed.contains(usage.space)) {
        space.overflows = true;
        usage.liveOverflows = true;
      } else {
        space.peakBytes = std::max(space.peakBytes, total);
      }
      usage.liveBytes = total;
      live[op->getResult(0)] = buffers.size();
      buffers.push_back(usage);
      return;
    }
    if (auto dealloc = dyn_cast<memref::DeallocOp>(op)) {
      auto it = live.find(dealloc.getMemref());
      if (it == live.end())
        return;
      const BufferUsage &usage = buffers[it->second];
      // Live bytes only ever hold checked sums of sizes still live, so the
      // difference is in range; it is checked all the same, as every count
      // of user sizes here is.
      if (usage.physicalBytes && !overflowed.contains(usage.space)) {
        int64_t &total = liveBytes[usage.space];
        if (std::optional<int64_t> rest =
                llvm::checkedSub(total, *usage.physicalBytes))
          total = *rest;
        else
          overflowed.insert(usage.space);
      }
      live.erase(it);
    }
  });
  return result;
}
