//===- MemoryUsage.h - Bytes live per memory space --------------*- C++ -*-===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// The accounting that --tlayout-memory-report and --tlayout-check-capacity
// share (and that a layout assignment can ask for its capacity constraint):
// every allocation's footprint from the layout core, the bytes live in each
// memory space as a function runs, and per space the peak, the op where it
// happens and what is live there.
//
//===----------------------------------------------------------------------===//

#ifndef TLAYOUT_TARGET_TPU_TRANSFORMS_MEMORYUSAGE_H
#define TLAYOUT_TARGET_TPU_TRANSFORMS_MEMORYUSAGE_H

#include "tlayout/Target/TPU/IR/TpuAttrs.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Operation.h"
#include "mlir/IR/Region.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>

namespace mlir::tlayout::tpu {

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
  /// The allocation runs this many times (the product of the trip counts of
  /// the loops around it); `liveBytes` is then counted at its last run.
  int64_t runs = 1;
  /// The buffer lives until its function returns (see BufferLifetime).
  bool livesToFunctionEnd = true;
  /// Otherwise it is dead once this op has run: its last use or its
  /// `memref.dealloc`, at the level of the allocation or of the op that
  /// the buffer is passed out of.
  Operation *lastUse = nullptr;
};

/// Bytes live at a peak: an allocation (with the copies that loops keep
/// live at once) or a call.
struct LiveAllocation {
  enum class Kind {
    /// A `memref.alloc` or `memref.alloca` of the function.
    Buffer,
    /// The peak of a callee while the call runs.
    CalleePeak,
    /// What a callee left live (returned or kept) after the call.
    CalleeResult
  };
  Kind kind = Kind::Buffer;
  /// The allocation, or the call.
  Operation *op = nullptr;
  /// For a Buffer, its index in MemoryUsage::buffers.
  size_t buffer = 0;
  /// Physical bytes of one copy.
  int64_t bytes = 0;
  /// Padding bytes of one copy (physical minus logical; 0 for calls).
  int64_t paddingBytes = 0;
  /// Copies live at once: more than one when a loop keeps one per trip.
  int64_t copies = 1;
};

/// A call of a function defined in the module, whose own peak adds to the
/// caller's live bytes while it runs.
struct CallUsage {
  Operation *call = nullptr;
  int64_t space = 0;
  /// The callee's peak in `space`.
  int64_t calleePeakBytes = 0;
  /// The caller's live bytes plus the callee's peak.
  int64_t liveBytes = 0;
  /// That sum does not fit in int64.
  bool liveOverflows = false;
};

/// A loop that keeps allocations live from one trip to the next, with no
/// trip count known at compile time: the accounting counts one trip.
struct UnboundedLoop {
  Operation *loop = nullptr;
  int64_t space = 0;
  /// Bytes each trip leaves live.
  int64_t bytesPerTrip = 0;
};

/// The peak of one memory space in one function.
struct SpaceUsage {
  int64_t space = 0;
  /// The most physical bytes live at once.
  int64_t peakBytes = 0;
  /// Some allocation in this space has a dynamic size (left out of the peak).
  bool hasDynamic = false;
  /// The bytes live at some point, or some buffer's own bytes, do not fit in
  /// int64; `peakBytes` is then the peak before that point.
  bool overflows = false;
  /// The op where the peak is first reached: an allocation, or a call whose
  /// callee peaks there; null when nothing takes bytes in this space.
  Operation *peakOp = nullptr;
  /// What is live at the peak, most padding first (padding bytes of all
  /// copies, then bytes); their bytes add up to `peakBytes`.
  SmallVector<LiveAllocation> liveAtPeak;
  /// The physical bytes of every static allocation in the space added up,
  /// each once, whether live together or not: a sum, not the peak;
  /// std::nullopt when it overflows int64.
  std::optional<int64_t> sumBytes = 0;

  /// Whether the space's peak is over `capacity` bytes (0: no capacity),
  /// counting a peak that overflows int64 as over any capacity: what
  /// --tlayout-check-capacity rejects.
  bool exceeds(int64_t capacity) const {
    return capacity > 0 && (overflows || peakBytes > capacity);
  }
};

/// The memory a region (a function body) allocates.
struct MemoryUsage {
  /// The allocations in program order, with the bytes live at each.
  SmallVector<BufferUsage> buffers;
  /// The peak of each memory space allocated in.
  SmallVector<SpaceUsage> spaces;
  /// Calls whose callee allocates, with the bytes live while each runs.
  SmallVector<CallUsage> calls;
  /// Loops that keep allocations live across trips without a known count.
  SmallVector<UnboundedLoop> unboundedLoops;
};

/// The memory `region` allocates. An allocation lives from its op to the
/// later of its last use and its `memref.dealloc` (BufferLifetimeAnalysis:
/// through views and aliases, a use inside a loop or region counting as a
/// use by that op; to the end of the function when the buffer is returned or
/// escapes, and for `memref.alloca`).
///
/// - A loop (`LoopLikeOpInterface`) with a constant trip count N whose body
///   leaves L bytes live per trip (allocations still live at the end of a
///   trip) peaks at its first trip's peak plus (N - 1) * L and leaves N * L
///   live, N copies of each such allocation; without a constant trip count
///   it is counted once and listed in `unboundedLoops`.
/// - A `func.call` (or any call) of a function defined in the module adds
///   the callee's own peak to the live bytes while it runs, and what the
///   callee leaves live afterwards (to the end of the caller); recursion
///   counts one level.
/// - Other nested regions count once, in program order.
MemoryUsage analyzeMemoryUsage(Region &region);

/// The memory `func`'s body allocates (analyzeMemoryUsage of its body): per
/// memory space the peak bytes, the op where it happens and the allocations
/// live there.
MemoryUsage analyzeMemoryUsage(FunctionOpInterface func);

/// Resolves the target of `root` (getTargetDescription with a pass's
/// `target` option), then calls `fn` with it, each function under `root`
/// that has a body, in the order of `root`'s walk, and the memory its body
/// allocates (analyzeMemoryUsage), as --tlayout-memory-report and
/// --tlayout-check-capacity read it. Returns the target, or fails (reported
/// at `root`) without calling `fn` where it does not resolve.
FailureOr<TargetDescription> walkFunctionMemoryUsage(
    Operation *root, PresetChoice target,
    function_ref<void(const TargetDescription &, FunctionOpInterface,
                      const MemoryUsage &)>
        fn);

} // namespace mlir::tlayout::tpu

#endif // TLAYOUT_TARGET_TPU_TRANSFORMS_MEMORYUSAGE_H
