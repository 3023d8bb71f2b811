//===- Transforms.h - tlayout rewrite patterns ------------------*- C++ -*-===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// Analyses that the passes on the tlayout dialect share: the memory a
// function allocates. The lowering of tiled memrefs (type converter,
// patterns) is in tlayout/Conversion/LowerTiledLayouts/LowerTiledLayouts.h.
//
//===----------------------------------------------------------------------===//

#ifndef TLAYOUT_DIALECT_TLAYOUT_TRANSFORMS_TRANSFORMS_H
#define TLAYOUT_DIALECT_TLAYOUT_TRANSFORMS_TRANSFORMS_H

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinTypes.h"

namespace mlir::tlayout {

/// What one allocation takes.
struct BufferUsage {
  Operation *alloc = nullptr;
  MemRefType type;
  /// The memory space number (`S(n)`); 0 when none.
  int64_t space = 0;
  /// Bytes; std::nullopt for dynamic sizes and when `overflows`.
  std::optional<int64_t> logicalBytes, physicalBytes;
  /// The static sizes of the buffer take more bytes than int64 counts.
  bool overflows = false;
  std::optional<double> paddingRatio;
  /// Physical bytes live in `space` once this allocation is made.
  int64_t liveBytes = 0;
  /// Those live bytes do not fit in int64 (`liveBytes` is then meaningless).
  bool liveOverflows = false;
};

/// The peak of one memory space in one function.
struct SpaceUsage {
  int64_t space = 0;
  int64_t peakBytes = 0;
  /// Some allocation in this space has a dynamic size (left out of the peak).
  bool hasDynamic = false;
  /// The bytes live at some point, or some buffer's own bytes, do not fit in
  /// int64; `peakBytes` is then the peak before that point.
  bool overflows = false;
};

/// The memory a region (a function body) allocates.
struct MemoryUsage {
  /// The allocations in program order, with the bytes live at each.
  SmallVector<BufferUsage> buffers;
  /// The peak of each memory space allocated in.
  SmallVector<SpaceUsage> spaces;
};

/// The memory `region` allocates. An allocation lives from its op to a
/// `memref.dealloc` of it, or to the end; nested regions count once.
MemoryUsage analyzeMemoryUsage(Region &region);

/// `vmem` for a named memory space, `memory space 7` otherwise.
std::string getMemorySpaceName(int64_t space);

} // namespace mlir::tlayout

#endif // TLAYOUT_DIALECT_TLAYOUT_TRANSFORMS_TRANSFORMS_H
