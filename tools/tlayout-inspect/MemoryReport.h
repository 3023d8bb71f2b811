//===- MemoryReport.h - Where the memory of HLO text goes -------*- C++ -*-===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// The per-buffer memory report of HLO text: every buffer's logical,
// physical and padding bytes and memory space, sums per memory space and
// per computation, the peak of live bytes per memory space over the entry
// computation's schedule (HloLiveness.h) with the buffers live there, the
// largest padding offenders with a layout that would cut their padding, and
// the memory spaces whose peak passes a TPU target's capacity. Computed once
// (computeMemoryReport), rendered as text, JSON, SVG or HTML.
//
//===----------------------------------------------------------------------===//

#ifndef TLAYOUT_TOOLS_TLAYOUTINSPECT_MEMORYREPORT_H
#define TLAYOUT_TOOLS_TLAYOUTINSPECT_MEMORYREPORT_H

#include "tlayout/Format/HloLiveness.h"
#include "tlayout/Format/HloText.h"
#include "tlayout/Target/TPU/TpuTarget.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace mlir::tlayout::inspect {

/// One buffer's sizes.
struct BufferRow {
  HloBuffer buffer;
  /// Unknown for a buffer with an unbounded dynamic (`?`) dimension.
  std::optional<int64_t> logicalBytes, physicalBytes;
  int64_t paddingBytes = 0;
  std::optional<double> paddingRatio;
  int64_t memorySpace = 0;
  /// `computation/instruction{tuple index}`.
  std::string name() const;
};

/// Sizes `buffer`; a layout that does not compile, or a size past int64, is
/// an error.
llvm::Expected<BufferRow> makeBufferRow(const HloBuffer &buffer);

/// Sums over buffers; `saturated` when a sum passed int64.
struct Totals {
  int64_t buffers = 0, logicalBytes = 0, physicalBytes = 0;
  bool saturated = false;
  int64_t paddingBytes() const { return physicalBytes - logicalBytes; }
  void add(const BufferRow &row);
};

/// A layout that cuts an offender's padding.
struct LayoutChange {
  std::string shape;
  std::string how;
  int64_t physicalBytes = 0;
  int64_t savedBytes = 0;
};

/// Buffers below this many physical bytes (one 4 KiB tile of 8x128 32-bit
/// elements) are small: however padded, they rank after every larger one.
constexpr int64_t kSmallBufferBytes = 4096;

/// Buffers of one shape (layout and memory space included), which take the
/// same bytes: the report shows them as one row with their count.
struct BufferGroup {
  /// Row numbers in input order; the first names the group.
  std::vector<size_t> rows;
  /// The padding bytes of all of them (saturated at int64's maximum).
  int64_t paddingBytes = 0;
  /// The physical bytes of all of them (saturated likewise).
  int64_t physicalBytes = 0;
  /// Each buffer takes fewer than kSmallBufferBytes physical bytes.
  bool small = false;
};

/// An offender: a group of buffers among the largest padding, and how to
/// cut it.
struct Offender {
  /// The first buffer of the group.
  size_t row = 0;
  /// The group in MemoryReport::groups.
  size_t group = 0;
  /// The bytes the fix (or, without one, a layout without padding) saves
  /// over the whole group.
  int64_t savedBytes = 0;
  /// Which dimension and tile cause the padding.
  std::string cause;
  /// The dimension that causes it, when one does.
  std::optional<int64_t> causeDim;
  /// The best other layout under the target's rules, when one saves bytes.
  std::optional<LayoutChange> change;
};

/// A buffer live at a memory space's peak, with its fix.
struct PeakBuffer {
  BufferRow row;
  /// The cause and best layout change; no change when none saves bytes.
  Offender fix;
};

/// The peak of live bytes of one memory space.
struct SpacePeak {
  int64_t memorySpace = 0;
  int64_t peakBytes = 0;
  bool saturated = false;
  /// The program point (0-based) and its instruction.
  unsigned point = 0;
  std::string instruction;
  unsigned line = 0;
  /// Bytes of called computations' temporaries at that point.
  int64_t calleeBytes = 0;
  /// The buffers live there, most padding first.
  std::vector<PeakBuffer> live;
  /// The target's capacity, 0 when unlimited or no target is given.
  int64_t capacity = 0;
  bool exceeded() const { return capacity > 0 && peakBytes > capacity; }
};

struct MemoryReportOptions {
  /// The TPU target whose rules and capacities apply.
  tpu::TargetDescription target;
  bool targetGiven = false;
  /// How many offenders to list.
  unsigned top = 10;
  /// How many rows (groups of identical buffers) of the buffer table to
  /// print; 0 for all.
  unsigned topBuffers = 0;
  /// The shape of a value given alone (a tuple, a buffer), printed as XLA
  /// prints it; empty for HLO text.
  std::string valueShape;
};

struct MemoryReport {
  std::string moduleName;
  /// MemoryReportOptions::valueShape.
  std::string valueShape;
  unsigned numComputations = 0, numInstructions = 0, numTokens = 0;
  std::vector<BufferRow> rows;
  /// Row numbers, largest padding first.
  std::vector<size_t> byPadding;
  /// Identical buffers, largest total padding first, small ones last.
  std::vector<BufferGroup> groups;
  /// How many groups the text's buffer table prints; 0 for all.
  unsigned topBuffers = 0;
  /// Sums of the named buffers per memory space (not the peak).
  std::map<int64_t, Totals> bySpace;
  /// The schedule the peaks are over: the entry computation's name (empty
  /// for instruction lines) and its instructions' names and lines.
  std::string scheduleName;
  std::vector<std::pair<std::string, unsigned>> schedule;
  /// Per memory space: live bytes at each program point.
  std::map<int64_t, std::vector<int64_t>> liveBytes;
  std::map<int64_t, SpacePeak> peaks;
  std::vector<std::pair<std::string, Totals>> byComputation;
  std::vector<Offender> offenders;
  std::optional<tpu::TargetDescription> target;
  /// `vmem (S(1)) peaks at N live bytes at ..., over the v4 capacity of C
  /// by D`.
  std::vector<std::string> overCapacity;
  unsigned numUnsized = 0;
};

/// Computes the report; a buffer whose layout does not compile, or whose
/// size does not fit in int64, is an error.
llvm::Expected<MemoryReport>
computeMemoryReport(const HloText &text, const MemoryReportOptions &options);

/// `hbm`, `vmem`, ... or `S(n)`.
std::string memorySpaceName(int64_t space);

void printMemoryReport(const MemoryReport &report, llvm::raw_ostream &os);
llvm::json::Value memoryReportToJson(const MemoryReport &report);
/// Draws the first tiles of the largest offender with its totals under it,
/// in the two dimensions its first tile covers (where the padding is).
llvm::Error writeOffenderSvg(const MemoryReport &report, llvm::StringRef path);
/// The same picture as SVG text.
llvm::Expected<std::string> renderOffenderSvg(const MemoryReport &report);

} // namespace mlir::tlayout::inspect

#endif // TLAYOUT_TOOLS_TLAYOUTINSPECT_MEMORYREPORT_H
