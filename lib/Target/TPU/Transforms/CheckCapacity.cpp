//===- CheckCapacity.cpp - Memory spaces within the target's capacity -----===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// The --tlayout-check-capacity pass: an error where the live bytes of a
// memory space of the TPU target peak above its capacity, with a note at
// every allocation live there. The errors name the buffers by their type and
// bytes and go to the operations' locations alone, so that no op (let alone a
// function body) is printed with them.
//
//===----------------------------------------------------------------------===//

#include "tlayout/Dialect/TLayout/IR/TLayoutDialect.h"
#include "tlayout/Target/TPU/IR/TpuAttrs.h"
#include "tlayout/Target/TPU/IR/TpuDialect.h"
#include "tlayout/Target/TPU/Transforms/MemoryUsage.h"
#include "tlayout/Target/TPU/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Interfaces/CallInterfaces.h"

namespace mlir::tlayout::tpu {
#define GEN_PASS_DEF_CHECKCAPACITY
#include "tlayout/Target/TPU/Transforms/Passes.h.inc"
} // namespace mlir::tlayout::tpu

using namespace mlir;
using namespace mlir::tlayout::tpu;

/// The callee a call names, for messages.
static std::string calleeName(Operation *call) {
  if (auto symbol = dyn_cast_if_present<SymbolRefAttr>(
          cast<CallOpInterface>(call).getCallableForCallee()))
    return "@" + symbol.getLeafReference().str();
  return "the callee";
}

/// The error at the op where `space` peaks over `capacity`, with a note at
/// each allocation live there.
static void reportPeak(FunctionOpInterface func, const SpaceUsage &space,
                       const MemoryUsage &memory, int64_t capacity,
                       StringRef target) {
  std::string name = getMemorySpaceDisplayName(space.space);
  const LiveAllocation *at = nullptr;
  for (const LiveAllocation &live : space.liveAtPeak)
    if (live.op == space.peakOp &&
        live.kind != LiveAllocation::Kind::CalleeResult)
      at = &live;
  InFlightDiagnostic error = emitError(space.peakOp->getLoc());
  if (at && at->kind == LiveAllocation::Kind::Buffer) {
    const BufferUsage &usage = memory.buffers[at->buffer];
    error << "this allocation of " << at->bytes << " bytes (physical";
    // The accounting measures both or neither; say so if it did not.
    if (usage.logicalBytes)
      error << ", " << *usage.logicalBytes << " logical";
    else
      error << ", logical bytes unknown";
    error << ") brings the live " << name << " of @" << func.getName() << " to "
          << space.peakBytes << " bytes";
    if (at->copies > 1)
      error << " at the last of its " << at->copies << " runs";
    error << ", above the " << capacity << " bytes of the " << target
          << " target; the buffer: " << usage.type;
  } else if (at) {
    error << "this call, whose callee peaks at " << at->bytes << " bytes of "
          << name << ", brings the live " << name << " of @" << func.getName()
          << " to " << space.peakBytes << " bytes, above the " << capacity
          << " bytes of the " << target << " target";
  } else {
    error << "the live " << name << " of @" << func.getName()
          << " peaks here at " << space.peakBytes << " bytes, above the "
          << capacity << " bytes of the " << target << " target";
  }
  error << "; " << space.liveAtPeak.size() << " live at the peak";
  for (const LiveAllocation &live : space.liveAtPeak) {
    Diagnostic &note = error.attachNote(live.op->getLoc());
    note << "live at the " << name << " peak: ";
    switch (live.kind) {
    case LiveAllocation::Kind::Buffer: {
      const BufferUsage &usage = memory.buffers[live.buffer];
      note << live.bytes << " bytes (physical";
      if (usage.logicalBytes)
        note << ", " << *usage.logicalBytes << " logical";
      note << ") of " << usage.type;
      break;
    }
    case LiveAllocation::Kind::CalleePeak:
      note << "the peak of " << calleeName(live.op) << ", " << live.bytes
           << " bytes";
      break;
    case LiveAllocation::Kind::CalleeResult:
      note << live.bytes << " bytes " << calleeName(live.op)
           << " left live (returned or kept)";
      break;
    }
    if (live.copies > 1)
      note << ", " << live.copies << " copies (one per loop trip)";
  }
}

namespace {
struct CheckCapacityPass
    : mlir::tlayout::tpu::impl::CheckCapacityBase<CheckCapacityPass> {
  using Base::Base;

  void runOnOperation() override {
    bool failedAny = false;
    FailureOr<TargetDescription> resolved = walkFunctionMemoryUsage(
        getOperation(), target,
        [&](const TargetDescription &description, FunctionOpInterface func,
            const MemoryUsage &memory) {
          llvm::SmallDenseSet<int64_t> reported;
          for (const BufferUsage &usage : memory.buffers) {
            // Sizes no 64-bit count holds fit in no memory: an error whatever
            // the capacity.
            if (usage.overflows) {
              reported.insert(usage.space);
              failedAny = true;
              emitError(usage.alloc->getLoc())
                  << "the " << getMemorySpaceDisplayName(usage.space)
                  << " allocation of " << usage.type
                  << " takes more bytes than fit in 64-bit integers: its bytes "
                     "overflow 64-bit arithmetic";
              continue;
            }
            int64_t capacity = description.getCapacity(usage.space);
            if (capacity == 0 || !usage.physicalBytes ||
                reported.contains(usage.space))
              continue;
            if (usage.liveOverflows) {
              reported.insert(usage.space);
              failedAny = true;
              emitError(usage.alloc->getLoc())
                  << "this allocation of " << *usage.physicalBytes
                  << " bytes brings the live "
                  << getMemorySpaceDisplayName(usage.space) << " of @"
                  << func.getName()
                  << " past what 64-bit integers count (the live bytes "
                     "overflow "
                     "64-bit arithmetic), above the "
                  << capacity << " bytes of the " << description.name
                  << " target; the buffer: " << usage.type;
            }
          }
          for (const CallUsage &call : memory.calls) {
            int64_t capacity = description.getCapacity(call.space);
            if (capacity == 0 || reported.contains(call.space) ||
                !call.liveOverflows)
              continue;
            reported.insert(call.space);
            failedAny = true;
            emitError(call.call->getLoc())
                << "this call, whose callee peaks at " << call.calleePeakBytes
                << " bytes of " << getMemorySpaceDisplayName(call.space)
                << ", brings the live " << getMemorySpaceDisplayName(call.space)
                << " of @" << func.getName()
                << " to more bytes than 64-bit integers count, above the "
                << capacity << " bytes of the " << description.name
                << " target";
          }
          for (const SpaceUsage &space : memory.spaces) {
            int64_t capacity = description.getCapacity(space.space);
            if (capacity == 0 || reported.contains(space.space))
              continue;
            if (space.overflows) {
              // An overflow no allocation or call above was blamed for: a
              // loop's copies.
              failedAny = true;
              emitError(func->getLoc())
                  << "the live " << getMemorySpaceDisplayName(space.space)
                  << " of @" << func.getName()
                  << " takes more bytes than 64-bit integers count, above the "
                  << capacity << " bytes of the " << description.name
                  << " target";
              continue;
            }
            if (!space.exceeds(capacity) || !space.peakOp)
              continue;
            failedAny = true;
            reportPeak(func, space, memory, capacity, description.name);
          }
          for (const UnboundedLoop &loop : memory.unboundedLoops) {
            if (description.getCapacity(loop.space) == 0)
              continue;
            loop.loop->emitWarning()
                << "this loop keeps " << loop.bytesPerTrip << " more bytes of "
                << getMemorySpaceDisplayName(loop.space)
                << " live after each trip and its trip count is not known: the "
                   "capacity check counts one trip";
          }
        });
    if (failed(resolved) || failedAny)
      signalPassFailure();
  }
};
} // namespace
