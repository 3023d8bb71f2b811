//===- MemoryReport.cpp - Bytes per buffer and memory space ---------------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// The --tlayout-memory-report pass: every allocation's logical and physical
// bytes and padding ratio, and each function's peak per memory space, as
// remarks or as JSON (where each buffer also gets its location and whether
// it takes its memory space past the target's capacity).
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
using namespace mlir::tlayout;
using namespace mlir::tlayout::tpu;

namespace {
/// `overflow` where the count does not fit in int64, `dynamic` where it
/// depends on run-time sizes.
std::string bytesText(std::optional<int64_t> bytes, bool overflows) {
  if (overflows)
    return "overflow";
  return bytes ? std::to_string(*bytes) : std::string("dynamic");
}

/// `file:line:column` of the operation's location, or the location as MLIR
/// prints it when it has no file position.
std::string locationText(Location loc) {
  if (auto file = loc->findInstanceOf<FileLineColLoc>())
    return (file.getFilename().getValue() + ":" + llvm::Twine(file.getLine()) +
            ":" + llvm::Twine(file.getColumn()))
        .str();
  std::string text;
  llvm::raw_string_ostream(text) << loc;
  return text;
}

llvm::json::Value bytesJson(std::optional<int64_t> bytes, bool overflows) {
  if (bytes && !overflows)
    return *bytes;
  return bytesText(bytes, overflows);
}

struct MemoryReportPass
    : mlir::tlayout::tpu::impl::MemoryReportBase<MemoryReportPass> {
  using Base::Base;

  void runOnOperation() override {
    FailureOr<TargetAttr> targetAttr = getTarget(getOperation(), target);
    if (failed(targetAttr))
      return signalPassFailure();
    tpu::TargetDescription description = targetAttr->getDescription();
    llvm::json::Array functions;
    getOperation().walk([&](FunctionOpInterface func) {
      if (func.isExternal())
        return;
      MemoryUsage memory = analyzeMemoryUsage(func.getFunctionBody());
      llvm::json::Array buffersJson, spacesJson;
      for (const BufferUsage &usage : memory.buffers) {
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
        // Whether this allocation takes its memory space past the target's
        // capacity, as --tlayout-check-capacity counts it.
        int64_t capacity = description.getCapacity(usage.space);
        entry["exceeds_capacity"] =
            capacity > 0 && (usage.overflows || usage.liveOverflows ||
                             usage.liveBytes > capacity);
        entry["space"] = getMemorySpaceDisplayName(usage.space);
        entry["logical_bytes"] = bytesJson(usage.logicalBytes, usage.overflows);
        entry["physical_bytes"] =
            bytesJson(usage.physicalBytes, usage.overflows);
        if (usage.paddingRatio)
          entry["padding_ratio"] = *usage.paddingRatio;
        buffersJson.push_back(std::move(entry));
      }
      for (const SpaceUsage &space : memory.spaces) {
        int64_t capacity = description.getCapacity(space.space);
        if (format == ReportFormat::Remarks) {
          InFlightDiagnostic remark = func->emitRemark();
          remark << "peak " << getMemorySpaceDisplayName(space.space) << " of @"
                 << func.getName() << ": ";
          if (space.overflows)
            remark << "more bytes than 64-bit integers count (overflow)";
          else
            remark << space.peakBytes << " bytes";
          if (capacity && !space.overflows)
            remark << " of " << capacity;
          if (space.hasDynamic)
            remark << " (plus dynamically sized buffers)";
          continue;
        }
        llvm::json::Object entry;
        entry["space"] = getMemorySpaceDisplayName(space.space);
        entry["peak_bytes"] = bytesJson(space.peakBytes, space.overflows);
        entry["capacity_bytes"] = capacity;
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
    if (format != ReportFormat::Json)
      return;
    llvm::json::Object report;
    report["target"] = description.name.str();
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
