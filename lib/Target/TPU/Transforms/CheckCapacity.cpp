//===- CheckCapacity.cpp - Memory spaces within the target's capacity -----===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// The --tlayout-check-capacity pass: an error at the allocation that takes a
// memory space of the TPU target past its capacity. The errors name the
// buffer by its type and bytes and go to the operation's location alone, so
// that no op (let alone a function body) is printed with them.
//
//===----------------------------------------------------------------------===//

#include "tlayout/Dialect/TLayout/IR/TLayoutDialect.h"
#include "tlayout/Target/TPU/IR/TpuAttrs.h"
#include "tlayout/Target/TPU/IR/TpuDialect.h"
#include "tlayout/Target/TPU/Transforms/MemoryUsage.h"
#include "tlayout/Target/TPU/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

namespace mlir::tlayout::tpu {
#define GEN_PASS_DEF_CHECKCAPACITY
#include "tlayout/Target/TPU/Transforms/Passes.h.inc"
} // namespace mlir::tlayout::tpu

using namespace mlir;
using namespace mlir::tlayout;
using namespace mlir::tlayout::tpu;

namespace {
struct CheckCapacityPass
    : mlir::tlayout::tpu::impl::CheckCapacityBase<CheckCapacityPass> {
  using Base::Base;

  void runOnOperation() override {
    FailureOr<TargetAttr> targetAttr = getTarget(getOperation(), target);
    if (failed(targetAttr))
      return signalPassFailure();
    tpu::TargetDescription description = targetAttr->getDescription();
    bool failedAny = false;
    getOperation().walk([&](FunctionOpInterface func) {
      if (func.isExternal())
        return;
      llvm::SmallDenseSet<int64_t> reported;
      MemoryUsage memory = analyzeMemoryUsage(func.getFunctionBody());
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
              << " past what 64-bit integers count (the live bytes overflow "
                 "64-bit arithmetic), above the "
              << capacity << " bytes of the " << description.name
              << " target; the buffer: " << usage.type;
          continue;
        }
        if (usage.liveBytes <= capacity)
          continue;
        reported.insert(usage.space);
        failedAny = true;
        InFlightDiagnostic error = emitError(usage.alloc->getLoc());
        error << "this allocation of " << *usage.physicalBytes
              << " bytes (physical";
        // The accounting measures both or neither; say so if it did not.
        if (usage.logicalBytes)
          error << ", " << *usage.logicalBytes << " logical";
        else
          error << ", logical bytes unknown";
        error << ") brings the live " << getMemorySpaceDisplayName(usage.space)
              << " of @" << func.getName() << " to " << usage.liveBytes
              << " bytes";
        if (usage.runs > 1)
          error << " at the last of its " << usage.runs << " runs";
        error << ", above the " << capacity << " bytes of the "
              << description.name << " target; the buffer: " << usage.type;
      }
      for (const CallUsage &call : memory.calls) {
        int64_t capacity = description.getCapacity(call.space);
        if (capacity == 0 || reported.contains(call.space) ||
            (!call.liveOverflows && call.liveBytes <= capacity))
          continue;
        reported.insert(call.space);
        failedAny = true;
        InFlightDiagnostic error = emitError(call.call->getLoc());
        error << "this call, whose callee peaks at " << call.calleePeakBytes
              << " bytes of " << getMemorySpaceDisplayName(call.space)
              << ", brings the live " << getMemorySpaceDisplayName(call.space)
              << " of @" << func.getName() << " to ";
        if (call.liveOverflows)
          error << "more bytes than 64-bit integers count";
        else
          error << call.liveBytes << " bytes";
        error << ", above the " << capacity << " bytes of the "
              << description.name << " target";
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
    if (failedAny)
      signalPassFailure();
  }
};
} // namespace
