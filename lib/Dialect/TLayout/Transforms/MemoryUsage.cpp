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

#include "tlayout/Dialect/TLayout/IR/TLayoutAttrs.h"
#include "tlayout/Dialect/TLayout/Transforms/Transforms.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "llvm/Support/CheckedArithmetic.h"

#include <limits>

using namespace mlir;
using namespace mlir::tlayout;

/// The memory space number of a memref type.
static int64_t spaceOf(MemRefType type) {
  Attribute space = type.getMemorySpace();
  if (auto named = dyn_cast_or_null<MemorySpaceAttr>(space))
    return named.getValue();
  if (auto number = dyn_cast_or_null<IntegerAttr>(space))
    return number.getInt();
  return 0;
}

/// The footprint of an allocated memref type.
static void measure(BufferUsage &usage) {
  MemRefType type = usage.type;
  int64_t bits = getElementTypeBits(type.getElementType());
  LayoutAttrInterface layout = getLayoutAttr(type);
  std::optional<::tlayout::BufferIndexing> indexing = llvm::expectedToOptional(
      layout ? layout.compile(type.getShape(), bits)
             : ::tlayout::BufferIndexing::compile(
                   ::tlayout::TiledLayout::rowMajor(type.getRank()),
                   type.getShape()));
  if (layout && layout.getElementSizeInBits() != 0)
    bits = layout.getElementSizeInBits();
  if (!indexing || bits == 0)
    return;
  ::tlayout::Footprint footprint = ::tlayout::getFootprint(*indexing, bits);
  usage.logicalBytes = footprint.logicalBytes.getConstant();
  usage.physicalBytes = footprint.physicalBytes.getConstant();
  usage.paddingRatio = footprint.paddingRatio;
}

std::string mlir::tlayout::getMemorySpaceName(int64_t space) {
  StringRef name = MemorySpaceAttr::getName(space);
  return name.empty() ? "memory space " + std::to_string(space) : name.str();
}

MemoryUsage mlir::tlayout::analyzeMemoryUsage(Region &region) {
  MemoryUsage result;
  SmallVectorImpl<BufferUsage> &buffers = result.buffers;
  SmallVectorImpl<SpaceUsage> &spaces = result.spaces;
  DenseMap<Value, size_t> live; // allocation result -> index in buffers
  llvm::SmallDenseMap<int64_t, int64_t> liveBytes;
  auto spaceUsage = [&](int64_t space) -> SpaceUsage & {
    for (SpaceUsage &s : spaces)
      if (s.space == space)
        return s;
    spaces.push_back(SpaceUsage{space, 0, false});
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
      if (usage.physicalBytes) {
        int64_t &total = liveBytes[usage.space];
        total = llvm::checkedAdd(total, *usage.physicalBytes)
                    .value_or(std::numeric_limits<int64_t>::max());
        space.peakBytes = std::max(space.peakBytes, total);
      } else {
        space.hasDynamic = true;
      }
      usage.liveBytes = liveBytes[usage.space];
      live[op->getResult(0)] = buffers.size();
      buffers.push_back(usage);
      return;
    }
    if (auto dealloc = dyn_cast<memref::DeallocOp>(op)) {
      auto it = live.find(dealloc.getMemref());
      if (it == live.end())
        return;
      const BufferUsage &usage = buffers[it->second];
      if (usage.physicalBytes)
        liveBytes[usage.space] -= *usage.physicalBytes;
      live.erase(it);
    }
  });
  return result;
}
