//===- HloLiveness.h - Buffers live over an HLO schedule --------*- C++ -*-===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// Which buffers of an HLO module are live at each point of its schedule, and
// the peak of live bytes per memory space. The schedule is the instruction
// order of the entry computation (a module with `is_scheduled=true` is
// printed in schedule order; any other module's printed order is a valid
// one). The rules follow XLA's buffer assignment:
//
// - a value lives from its definition to its last use; the entry's
//   parameters and the buffers of its root live for the whole computation;
// - `bitcast`, `get-tuple-element`, `tuple`, `while`, `opt-barrier`,
//   `domain`, `add-dependency`, the `*-done` of an asynchronous pair and
//   outputs named by `output_to_operand_aliasing` share their operand's
//   buffer rather than define one;
// - values inside computations a `fusion` (or a reduction, a sort, ...)
//   calls are not buffers; the temporaries of `while` bodies and
//   conditions, `conditional` branches and `call`ed computations count at
//   their call site, on top of what is live there;
// - memory spaces come from each shape's `S(n)` and, for the entry's
//   parameters and result, from the module's `entry_computation_layout`.
//
//===----------------------------------------------------------------------===//

#ifndef TLAYOUT_FORMAT_HLOLIVENESS_H
#define TLAYOUT_FORMAT_HLOLIVENESS_H

#include "tlayout/Format/HloText.h"

#include "llvm/ADT/STLFunctionalExtras.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace mlir::tlayout {

/// A buffer of the schedule: an array an instruction defines.
struct HloLiveBuffer {
  /// The defining instruction (a parameter of the entry for its inputs).
  const HloInstructionText *instruction = nullptr;
  /// The array's position in the instruction's result tuple.
  llvm::SmallVector<int64_t, 2> tupleIndex;
  XlaShape shape;
  /// From the shape, or from `entry_computation_layout` for the entry's
  /// parameters and result.
  int64_t memorySpace = 0;
  /// Program points (indices into HloLiveness::schedule), both included.
  unsigned start = 0, end = 0;
  /// Physical bytes; std::nullopt when the size is not static.
  std::optional<int64_t> bytes;
};

/// The peak of one memory space.
struct HloSpacePeak {
  int64_t memorySpace = 0;
  int64_t peakBytes = 0;
  /// The first program point where the peak is reached.
  unsigned point = 0;
  /// The buffers live there (indices into HloLiveness::buffers).
  std::vector<size_t> liveBuffers;
  /// Bytes the temporaries of computations called at that point add
  /// (`while` bodies, `call`s, `conditional` branches).
  int64_t calleeBytes = 0;
  /// A sum passed int64 (the bytes are then int64's maximum).
  bool saturated = false;
};

/// The liveness of the computation that runs.
struct HloLiveness {
  /// The entry computation, nullptr when the text is instruction lines.
  const HloComputationText *computation = nullptr;
  /// The instructions in schedule order.
  std::vector<const HloInstructionText *> schedule;
  std::vector<HloLiveBuffer> buffers;
  /// Per memory space: the live bytes at each program point.
  std::map<int64_t, std::vector<int64_t>> liveBytes;
  std::map<int64_t, HloSpacePeak> peaks;
  /// Buffers left out of the sums because their size is not static.
  unsigned numUnsized = 0;
};

/// Computes the liveness of `text`'s entry computation (or of its
/// instruction lines when it has no computation); `bytesOf` sizes an array
/// (std::nullopt when it has no static size).
HloLiveness computeHloLiveness(
    const HloText &text,
    llvm::function_ref<std::optional<int64_t>(const XlaShape &)> bytesOf);

} // namespace mlir::tlayout

#endif // TLAYOUT_FORMAT_HLOLIVENESS_H
