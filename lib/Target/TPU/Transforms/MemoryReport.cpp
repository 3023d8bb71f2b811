//===- MemoryReport.cpp - Bytes per buffer and memory space ---------------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// The --tlayout-memory-report pass: every allocation's logical and physical
// bytes and padding ratio, and each function's peak of live bytes per memory
// space with the op where it happens and the allocations live there, most
// padding first, as remarks or as JSON (where each buffer also gets its
// location, where its life ends and whether it is live at a peak over the
// target's capacity).
//
//===----------------------------------------------------------------------===//

#include "tlayout/Dialect/TLayout/IR/TLayoutDialect.h"
#include "tlayout/Target/TPU/IR/TpuAttrs.h"
#include "tlayout/Target/TPU/IR/TpuDialect.h"
#include "tlayout/Target/TPU/Transforms/MemoryUsage.h"
#include "tlayout/Target/TPU/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/ToolOutputFile.h"

namespace mlir::tlayout::tpu {
#define GEN_PASS_DEF_MEMORYREPORT
#include "tlayout/Target/TPU/Transforms/Passes.h.inc"
} // namespace mlir::tlayout::tpu

using namespace mlir;
using namespace mlir::tlayout::tpu;

/// `overflow` where the count does not fit in int64, `dynamic` where it
/// depends on run-time sizes.
static std::string bytesText(std::optional<int64_t> bytes, bool overflows) {
  if (overflows)
    return "overflow";
  return bytes ? std::to_string(*bytes) : std::string("dynamic");
}

/// `file:line:column` of the operation's location, or the location as MLIR
/// prints it when it has no file position.
static std::string locationText(Location loc) {
  if (auto file = loc->findInstanceOf<FileLineColLoc>())
    return (file.getFilename().getValue() + ":" + llvm::Twine(file.getLine()) +
            ":" + llvm::Twine(file.getColumn()))
        .str();
  std::string text;
  llvm::raw_string_ostream(text) << loc;
  return text;
}

static llvm::json::Value bytesJson(std::optional<int64_t> bytes,
                                   bool overflows) {
  if (bytes && !overflows)
    return *bytes;
  return bytesText(bytes, overflows);
}

/// An allocation live at a peak, in words: its bytes, padding and copies.
static std::string liveText(const LiveAllocation &live) {
  std::string text;
  llvm::raw_string_ostream os(text);
  switch (live.kind) {
  case LiveAllocation::Kind::Buffer:
    os << live.bytes << " physical bytes, " << live.paddingBytes
       << " of them padding";
    break;
  case LiveAllocation::Kind::CalleePeak:
    os << "the callee's peak, " << live.bytes << " bytes";
    break;
  case LiveAllocation::Kind::CalleeResult:
    os << live.bytes << " bytes the callee left live";
    break;
  }
  if (live.copies > 1)
    os << ", " << live.copies << " copies (one per loop trip)";
  return text;
}

static llvm::json::Value liveJson(const LiveAllocation &live,
                                  const MemoryUsage &memory) {
  llvm::json::Object entry;
  entry["location"] = locationText(live.op->getLoc());
  switch (live.kind) {
  case LiveAllocation::Kind::Buffer:
    entry["kind"] = "buffer";
    entry["type"] =
        llvm::formatv("{0}", memory.buffers[live.buffer].type).str();
    break;
  case LiveAllocation::Kind::CalleePeak:
    entry["kind"] = "callee_peak";
    break;
  case LiveAllocation::Kind::CalleeResult:
    entry["kind"] = "callee_result";
    break;
  }
  entry["physical_bytes"] = live.bytes;
  entry["padding_bytes"] = live.paddingBytes;
  entry["copies"] = live.copies;
  return entry;
}

namespace {
struct MemoryReportPass
    : mlir::tlayout::tpu::impl::MemoryReportBase<MemoryReportPass> {
  using Base::Base;

  void runOnOperation() override {
    llvm::json::Array functions;
    FailureOr<TargetDescription> resolved = walkFunctionMemoryUsage(
        getOperation(), target,
        [&](const TargetDescription &description, FunctionOpInterface func,
            const MemoryUsage &memory) {
          llvm::json::Array buffersJson, spacesJson;
          // The buffers live at a peak over its space's capacity.
          llvm::SmallDenseSet<size_t> atExceededPeak;
          for (const SpaceUsage &space : memory.spaces) {
            int64_t capacity = description.getCapacity(space.space);
            if (!space.exceeds(capacity))
              continue;
            for (const LiveAllocation &live : space.liveAtPeak)
              if (live.kind == LiveAllocation::Kind::Buffer)
                atExceededPeak.insert(live.buffer);
          }
          for (auto [index, usage] : llvm::enumerate(memory.buffers)) {
            std::string ratio =
                usage.paddingRatio
                    ? llvm::formatv("{0:F3}", *usage.paddingRatio).str()
                    : std::string("n/a");
            if (format == ReportFormat::Remarks) {
              if (usage.overflows) {
                usage.alloc->emitRemark()
                    << getMemorySpaceDisplayName(usage.space) << " buffer "
                    << usage.type << ": its bytes overflow 64-bit integers";
                continue;
              }
              usage.alloc->emitRemark()
                  << getMemorySpaceDisplayName(usage.space) << " buffer "
                  << usage.type << ": " << bytesText(usage.logicalBytes, false)
                  << " logical bytes, " << bytesText(usage.physicalBytes, false)
                  << " physical bytes, padding " << ratio << "x";
              continue;
            }
            llvm::json::Object entry;
            entry["location"] = locationText(usage.alloc->getLoc());
            entry["type"] = llvm::formatv("{0}", usage.type).str();
            // Whether this allocation is live at a peak of its memory space
            // over the target's capacity (what --tlayout-check-capacity
            // rejects).
            int64_t capacity = description.getCapacity(usage.space);
            entry["exceeds_capacity"] =
                capacity > 0 &&
                (usage.overflows || atExceededPeak.contains(index));
            entry["live_until"] = usage.livesToFunctionEnd || !usage.lastUse
                                      ? std::string("end of function")
                                      : locationText(usage.lastUse->getLoc());
            entry["space"] = getMemorySpaceDisplayName(usage.space);
            entry["logical_bytes"] =
                bytesJson(usage.logicalBytes, usage.overflows);
            entry["physical_bytes"] =
                bytesJson(usage.physicalBytes, usage.overflows);
            if (usage.paddingRatio)
              entry["padding_ratio"] = *usage.paddingRatio;
            buffersJson.push_back(std::move(entry));
          }
          for (const SpaceUsage &space : memory.spaces) {
            int64_t capacity = description.getCapacity(space.space);
            std::string name = getMemorySpaceDisplayName(space.space);
            if (format == ReportFormat::Remarks) {
              InFlightDiagnostic remark = func->emitRemark();
              remark << "peak " << name << " of @" << func.getName() << ": ";
              if (space.overflows)
                remark << "more bytes than 64-bit integers count (overflow)";
              else
                remark << space.peakBytes << " bytes";
              if (capacity && !space.overflows)
                remark << " of " << capacity;
              if (space.hasDynamic)
                remark << " (plus dynamically sized buffers)";
              if (space.overflows || !space.peakOp)
                continue;
              remark << "; " << space.liveAtPeak.size()
                     << " live at the peak, most padding first; ";
              if (space.sumBytes)
                remark << "all its allocations add up to " << *space.sumBytes
                       << " bytes (a sum, not the peak)";
              else
                remark
                    << "all its allocations add up to more bytes than 64-bit "
                       "integers count (a sum, not the peak)";
              remark.attachNote(space.peakOp->getLoc())
                  << "the " << name << " peak of @" << func.getName() << ", "
                  << space.peakBytes << " bytes, is here";
              for (const LiveAllocation &live : space.liveAtPeak)
                remark.attachNote(live.op->getLoc())
                    << "live at the " << name << " peak: " << liveText(live);
              continue;
            }
            llvm::json::Object entry;
            entry["space"] = name;
            entry["peak_bytes"] = bytesJson(space.peakBytes, space.overflows);
            entry["peak_at"] =
                space.peakOp && !space.overflows
                    ? llvm::json::Value(locationText(space.peakOp->getLoc()))
                    : llvm::json::Value(nullptr);
            entry["peak_op"] =
                space.peakOp && !space.overflows
                    ? llvm::json::Value(space.peakOp->getName().getStringRef())
                    : llvm::json::Value(nullptr);
            llvm::json::Array live;
            if (!space.overflows)
              for (const LiveAllocation &allocation : space.liveAtPeak)
                live.push_back(liveJson(allocation, memory));
            entry["live_at_peak"] = std::move(live);
            entry["sum_bytes"] = bytesJson(space.sumBytes, !space.sumBytes);
            entry["capacity_bytes"] = capacity;
            entry["exceeded"] = space.exceeds(capacity);
            entry["has_dynamic"] = space.hasDynamic;
            spacesJson.push_back(std::move(entry));
          }
          if (format == ReportFormat::Json) {
            llvm::json::Object entry;
            entry["function"] = func.getName().str();
            entry["buffers"] = std::move(buffersJson);
            entry["spaces"] = std::move(spacesJson);
            functions.push_back(std::move(entry));
          }
        });
    if (failed(resolved))
      return signalPassFailure();
    if (format != ReportFormat::Json)
      return;
    llvm::json::Object report;
    report["target"] = resolved->name.str();
    report["functions"] = std::move(functions);
    std::string text =
        llvm::formatv("{0:2}", llvm::json::Value(std::move(report))).str();
    if (output == "-") {
      llvm::errs() << text << "\n";
      return;
    }
    std::string message;
    std::unique_ptr<llvm::ToolOutputFile> file =
        openOutputFile(output, &message);
    if (!file) {
      getOperation().emitError() << message;
      return signalPassFailure();
    }
    file->os() << text << "\n";
    file->keep();
  }
};
} // namespace
