//===- MemoryReport.cpp - Where the memory of HLO text goes ---------------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//

#include "MemoryReport.h"
#include "ArrayReport.h"
#include "InspectSupport.h"
#include "LayoutDrawing.h"

#include "tlayout/Core/BufferIndexing.h"
#include "tlayout/Target/TPU/TpuTarget.h"
#include "tlayout/Target/TPU/TpuTiling.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/MathExtras.h"

#include <set>

using namespace mlir::tlayout;
using namespace mlir::tlayout::inspect;

std::string inspect::memorySpaceName(int64_t space) {
  llvm::StringRef name = tpu::getMemorySpaceName(space);
  return name.empty() ? "S(" + std::to_string(space) + ")" : name.str();
}

std::string BufferRow::name() const {
  std::string s =
      buffer.computation.empty() ? std::string() : buffer.computation + "/";
  s += buffer.instruction.empty() ? std::string("shape") : buffer.instruction;
  if (!buffer.tupleIndex.empty()) {
    s += "{";
    for (auto [i, v] : llvm::enumerate(buffer.tupleIndex))
      s += (i ? "," : "") + std::to_string(v);
    s += "}";
  }
  return s;
}

void Totals::add(const BufferRow &row) {
  ++buffers;
  if (!row.physicalBytes)
    return;
  if (llvm::AddOverflow(logicalBytes, *row.logicalBytes, logicalBytes) ||
      llvm::AddOverflow(physicalBytes, *row.physicalBytes, physicalBytes)) {
    saturated = true;
    logicalBytes = physicalBytes = std::numeric_limits<int64_t>::max();
  }
}

/// Physical bytes of `shape` with `layout`, its `M(n)` metadata included,
/// or std::nullopt when it cannot be sized (dynamic, or a layout that does
/// not compile).
static std::optional<int64_t> physicalBytesOf(const XlaShape &shape,
                                              const TiledLayout &layout) {
  llvm::Expected<BufferIndexing> indexing =
      BufferIndexing::compile(layout, shape.dims);
  if (!indexing) {
    llvm::consumeError(indexing.takeError());
    return std::nullopt;
  }
  int64_t bits = layout.elementSizeInBits ? layout.elementSizeInBits
                                          : getStorageBits(shape.elementType);
  std::optional<int64_t> bytes =
      getFootprint(*indexing, bits).physicalBytes.getConstant();
  int64_t prefix = shape.extras.dynamicMetadataPrefixBytes;
  if (!bytes || llvm::AddOverflow(*bytes, prefix, *bytes))
    return std::nullopt;
  return bytes;
}

static std::string dimsText(llvm::ArrayRef<int64_t> v) {
  std::string s;
  for (auto [i, x] : llvm::enumerate(v))
    s += (i ? "," : "") + std::to_string(x);
  return s;
}

/// Fills in the cause of `row`'s padding and the layouts that would cut it.
static void suggest(const BufferRow &row, const MemoryReportOptions &options,
                    Offender &offender) {
  const XlaShape &shape = row.buffer.shape;
  const TiledLayout &layout = shape.layout;
  int64_t rank = shape.dims.size();
  if (!row.physicalBytes)
    return;
  // The cause: the dimension the first tile pads the most.
  if (layout.hasTiles()) {
    const Tile &tile = layout.tiles.front();
    int64_t k = tile.dims.size();
    double worst = 1;
    int64_t worstDim = -2, worstSize = 0, worstTile = 0;
    for (int64_t j = 0; j < k; ++j) {
      int64_t t = tile.dims[j];
      if (t == Tile::kCombine)
        continue;
      int64_t physical = rank - k + j;
      int64_t dim =
          physical < 0 ? -1 : layout.minorToMajor[rank - 1 - physical];
      int64_t size = dim < 0 ? 1 : shape.dims[dim];
      if (size <= 0)
        continue;
      int64_t padded = llvm::divideCeil(size, t) * t;
      double ratio = double(padded) / double(size);
      if (ratio > worst) {
        worst = ratio;
        worstDim = dim;
        worstSize = size;
        worstTile = t;
      }
    }
    std::string tileName = "T" + tile.str();
    if (worstDim == -1 && rank == 0) {
      offender.cause = "the scalar fills a whole " + tileName + " tile";
    } else if (worstDim == -1) {
      offender.cause = "the tile " + tileName +
                       " has more dimensions than "
                       "the shape: a unit dimension pads to " +
                       std::to_string(worstTile);
    } else if (worstDim >= 0) {
      int64_t padded = llvm::divideCeil(worstSize, worstTile) * worstTile;
      offender.cause = "dimension " + std::to_string(worstDim) + " (size " +
                       std::to_string(worstSize) + ") pads to " +
                       std::to_string(padded) + " in the tile " + tileName;
      offender.causeDim = worstDim;
    } else if (layout.tailPaddingAlignment == 1 &&
               shape.extras.dynamicMetadataPrefixBytes == 0) {
      offender.cause = "a later tile level";
    }
  }
  if (layout.tailPaddingAlignment != 1 && offender.cause.empty())
    offender.cause =
        "tail padding L(" + std::to_string(layout.tailPaddingAlignment) + ")";
  if (offender.cause.empty() && shape.extras.dynamicMetadataPrefixBytes)
    offender.cause = "the M(" +
                     std::to_string(shape.extras.dynamicMetadataPrefixBytes) +
                     ") dynamic-shape metadata before the data";

  // Other layouts under the target's rules: the same minor_to_major with the
  // TPU's tiling for the shape (its small tiles for a second-minor dimension
  // of 1-4), and minor_to_major with another dimension moved most minor or
  // second most minor.
  tpu::TilingOptions tiling;
  tiling.lanes = options.target.lanes;
  tiling.sublanes = options.target.sublanes;
  std::vector<llvm::SmallVector<int64_t, 4>> orders;
  orders.push_back(layout.minorToMajor);
  for (int64_t pos = 0; pos < std::min<int64_t>(rank, 2); ++pos)
    for (int64_t other = 0; other < rank; ++other) {
      if (other == pos)
        continue;
      llvm::SmallVector<int64_t, 4> order = layout.minorToMajor;
      std::swap(order[pos], order[other]);
      if (!llvm::is_contained(orders, order))
        orders.push_back(order);
    }
  for (const auto &order : orders) {
    llvm::SmallVector<int64_t, 4> physical;
    for (int64_t i = rank - 1; i >= 0; --i)
      physical.push_back(shape.dims[order[i]]);
    llvm::Expected<TiledLayout> candidate =
        tpu::getDefaultLayout(physical, shape.getElementBits(), tiling);
    if (!candidate) {
      llvm::consumeError(candidate.takeError());
      continue;
    }
    candidate->minorToMajor = order;
    candidate->memorySpace = layout.memorySpace;
    if (layout.elementSizeInBits && !candidate->elementSizeInBits)
      candidate->elementSizeInBits = layout.elementSizeInBits;
    std::optional<int64_t> bytes = physicalBytesOf(shape, *candidate);
    if (!bytes || *bytes >= *row.physicalBytes)
      continue;
    if (offender.change && offender.change->physicalBytes <= *bytes)
      continue;
    XlaShape changed = shape;
    changed.layout = *candidate;
    changed.hasExplicitLayout = true;
    LayoutChange change;
    change.shape = changed.str();
    change.physicalBytes = *bytes;
    change.savedBytes = *row.physicalBytes - *bytes;
    if (order == layout.minorToMajor) {
      change.how = "the TPU's tiling for this shape";
      if (rank >= 2) {
        int64_t second = physical[rank - 2];
        if (second >= 1 && second <= 4)
          change.how += " (its small tile for a second-minor dimension of " +
                        std::to_string(second) + ")";
      }
    } else {
      change.how = "minor_to_major {" + dimsText(order) +
                   "} with the TPU's tiling (a transpose in the program)";
    }
    offender.change = std::move(change);
  }
}

llvm::Expected<BufferRow> inspect::makeBufferRow(const HloBuffer &buffer) {
  BufferRow row;
  row.buffer = buffer;
  const XlaShape &shape = buffer.shape;
  row.memorySpace = shape.layout.memorySpace;
  llvm::Expected<BufferIndexing> indexing =
      BufferIndexing::compile(shape.layout, shape.dims);
  if (!indexing)
    return makeError("line " + llvm::Twine(buffer.line) + ": " + row.name() +
                     ": " + llvm::toString(indexing.takeError()));
  Footprint footprint = getFootprint(*indexing, shape.getElementBits());
  row.logicalBytes = footprint.logicalBytes.getConstant();
  row.physicalBytes = footprint.physicalBytes.getConstant();
  if (row.physicalBytes) {
    int64_t prefix = shape.extras.dynamicMetadataPrefixBytes;
    if (llvm::AddOverflow(*row.physicalBytes, prefix, *row.physicalBytes))
      return makeError("line " + llvm::Twine(buffer.line) + ": " + row.name() +
                       ": the physical size does not fit in int64");
    row.paddingBytes = *row.physicalBytes - *row.logicalBytes;
    if (*row.logicalBytes > 0)
      row.paddingRatio = double(*row.physicalBytes) / *row.logicalBytes;
  }
  return row;
}

llvm::Expected<MemoryReport>
inspect::computeMemoryReport(const HloText &text,
                             const MemoryReportOptions &options) {
  MemoryReport report;
  report.moduleName = text.moduleName;
  report.valueShape = options.valueShape;
  report.numComputations = text.computations.size();
  report.numInstructions = text.numInstructions;
  report.numTokens = text.numTokens;
  if (options.targetGiven)
    report.target = options.target;
  // Liveness over the schedule first: it says where the entry's parameters
  // and result live (entry_computation_layout).
  HloLiveness liveness = computeHloLiveness(text, [](const XlaShape &shape) {
    return physicalBytesOf(shape, shape.layout);
  });
  std::map<std::string, int64_t> entrySpaces;
  auto keyOf = [](llvm::StringRef computation, llvm::StringRef instruction,
                  llvm::ArrayRef<int64_t> index) {
    return (computation + "/" + instruction + "{" + dimsText(index) + "}")
        .str();
  };
  std::string entryName =
      liveness.computation ? liveness.computation->name : std::string();
  for (const HloLiveBuffer &buffer : liveness.buffers)
    entrySpaces[keyOf(entryName, buffer.instruction->name, buffer.tupleIndex)] =
        buffer.memorySpace;
  std::map<std::string, size_t> computationIndex;
  for (const HloBuffer &buffer : text.buffers) {
    llvm::Expected<BufferRow> made = makeBufferRow(buffer);
    if (!made)
      return made.takeError();
    BufferRow row = std::move(*made);
    auto space = entrySpaces.find(
        keyOf(buffer.computation, buffer.instruction, buffer.tupleIndex));
    if (space != entrySpaces.end() && buffer.computation == entryName)
      row.memorySpace = space->second;
    if (!row.physicalBytes)
      ++report.numUnsized;
    report.bySpace[row.memorySpace].add(row);
    auto [it, inserted] = computationIndex.try_emplace(
        buffer.computation, report.byComputation.size());
    if (inserted)
      report.byComputation.push_back({buffer.computation, Totals()});
    report.byComputation[it->second].second.add(row);
    report.rows.push_back(std::move(row));
  }
  for (size_t i = 0; i < report.rows.size(); ++i)
    report.byPadding.push_back(i);
  llvm::stable_sort(report.byPadding, [&](size_t a, size_t b) {
    return report.rows[a].paddingBytes > report.rows[b].paddingBytes;
  });
  // Identical buffers: the same shape, layout and memory space.
  std::map<std::string, size_t> groupIndex;
  for (size_t i = 0; i < report.rows.size(); ++i) {
    const BufferRow &row = report.rows[i];
    auto [it, inserted] =
        groupIndex.try_emplace(row.buffer.shape.str(), report.groups.size());
    if (inserted) {
      BufferGroup group;
      group.small = row.physicalBytes && *row.physicalBytes < kSmallBufferBytes;
      report.groups.push_back(std::move(group));
    }
    BufferGroup &group = report.groups[it->second];
    group.rows.push_back(i);
    if (llvm::AddOverflow(group.paddingBytes, row.paddingBytes,
                          group.paddingBytes))
      group.paddingBytes = std::numeric_limits<int64_t>::max();
    if (llvm::AddOverflow(group.physicalBytes, row.physicalBytes.value_or(0),
                          group.physicalBytes))
      group.physicalBytes = std::numeric_limits<int64_t>::max();
  }
  llvm::stable_sort(report.groups,
                    [](const BufferGroup &a, const BufferGroup &b) {
                      if (a.small != b.small)
                        return b.small;
                      if (a.paddingBytes != b.paddingBytes)
                        return a.paddingBytes > b.paddingBytes;
                      return a.physicalBytes > b.physicalBytes;
                    });
  report.topBuffers = options.topBuffers;
  // Offenders: every padded group with what its fix saves, most bytes
  // saved first and small buffers after every larger one.
  std::vector<Offender> offenders;
  for (auto [g, group] : llvm::enumerate(report.groups)) {
    const BufferRow &row = report.rows[group.rows.front()];
    if (row.paddingBytes <= 0)
      continue;
    Offender offender;
    offender.row = group.rows.front();
    offender.group = g;
    suggest(row, options, offender);
    int64_t each =
        offender.change ? offender.change->savedBytes : row.paddingBytes;
    if (llvm::MulOverflow(each, int64_t(group.rows.size()),
                          offender.savedBytes))
      offender.savedBytes = std::numeric_limits<int64_t>::max();
    offenders.push_back(std::move(offender));
  }
  llvm::stable_sort(offenders, [&](const Offender &a, const Offender &b) {
    bool aSmall = report.groups[a.group].small;
    bool bSmall = report.groups[b.group].small;
    if (aSmall != bSmall)
      return bSmall;
    return a.savedBytes > b.savedBytes;
  });
  if (offenders.size() > options.top)
    offenders.resize(options.top);
  report.offenders = std::move(offenders);
  // The peaks, with the buffers live there and what would cut their
  // padding.
  report.scheduleName = entryName;
  for (const HloInstructionText *inst : liveness.schedule)
    report.schedule.push_back({inst->name, inst->line});
  report.liveBytes = liveness.liveBytes;
  for (const auto &[space, peak] : liveness.peaks) {
    SpacePeak out;
    out.memorySpace = space;
    out.peakBytes = peak.peakBytes;
    out.saturated = peak.saturated;
    out.point = peak.point;
    if (peak.point < liveness.schedule.size()) {
      out.instruction = liveness.schedule[peak.point]->name;
      out.line = liveness.schedule[peak.point]->line;
    }
    out.calleeBytes = peak.calleeBytes;
    for (size_t i : peak.liveBuffers) {
      const HloLiveBuffer &live = liveness.buffers[i];
      HloBuffer buffer;
      buffer.computation = entryName;
      buffer.instruction = live.instruction->name;
      buffer.opcode = live.instruction->opcode;
      buffer.tupleIndex = live.tupleIndex;
      buffer.shape = live.shape;
      buffer.isBuffer = live.instruction->shape.isBufferAt(live.tupleIndex);
      buffer.line = live.instruction->line;
      llvm::Expected<BufferRow> row = makeBufferRow(buffer);
      if (!row)
        return row.takeError();
      row->memorySpace = live.memorySpace;
      PeakBuffer peakBuffer{std::move(*row), Offender()};
      if (peakBuffer.row.paddingBytes > 0)
        suggest(peakBuffer.row, options, peakBuffer.fix);
      out.live.push_back(std::move(peakBuffer));
    }
    llvm::stable_sort(out.live, [](const PeakBuffer &a, const PeakBuffer &b) {
      if (a.row.paddingBytes != b.row.paddingBytes)
        return a.row.paddingBytes > b.row.paddingBytes;
      return a.row.physicalBytes.value_or(0) > b.row.physicalBytes.value_or(0);
    });
    if (report.target)
      out.capacity = report.target->getCapacity(space);
    if (out.exceeded())
      report.overCapacity.push_back(
          memorySpaceName(space) + " (S(" + std::to_string(space) +
          ")) peaks at " + std::to_string(out.peakBytes) + " live bytes at '" +
          out.instruction + "' (line " + std::to_string(out.line) +
          "), over the " + report.target->name.str() + " capacity of " +
          std::to_string(out.capacity) + " by " +
          std::to_string(out.peakBytes - out.capacity));
    report.peaks[space] = std::move(out);
  }
  return std::move(report);
}

static std::string bytesText(const std::optional<int64_t> &bytes) {
  return bytes ? std::to_string(*bytes) : std::string("?");
}

static std::string ratioText(const std::optional<double> &ratio) {
  if (!ratio)
    return "-";
  std::string s;
  llvm::raw_string_ostream(s) << llvm::format("%.3f", *ratio) << "x";
  return s;
}

static std::string totalsText(const Totals &t) {
  std::string s = std::to_string(t.buffers) + " buffers, logical " +
                  std::to_string(t.logicalBytes) + ", physical " +
                  std::to_string(t.physicalBytes) + ", padding " +
                  std::to_string(t.paddingBytes()) + " bytes";
  if (t.logicalBytes > 0)
    s += " (" + ratioText(double(t.physicalBytes) / t.logicalBytes) + ")";
  if (t.saturated)
    s += " (sum passes int64)";
  return s;
}

/// What `fix` proposes, in one line; empty when nothing.
static std::string fixText(const Offender &fix) {
  if (!fix.change)
    return "";
  return fix.change->shape + " (" + fix.change->how + ") saves " +
         std::to_string(fix.change->savedBytes) + " bytes";
}

/// The peak of each memory space, and the buffers live there.
static void printPeaks(const MemoryReport &report, llvm::raw_ostream &os) {
  if (report.peaks.empty())
    return;
  os << "peak of live bytes over the schedule of "
     << (report.scheduleName.empty() ? std::string("the instruction lines")
                                     : "'" + report.scheduleName + "'")
     << " (" << report.schedule.size() << " program points):\n";
  for (const auto &[space, peak] : report.peaks) {
    os << "  " << memorySpaceName(space) << " (S(" << space << ")): peak "
       << peak.peakBytes << " bytes";
    if (peak.saturated)
      os << " (the sum passes int64)";
    if (!peak.instruction.empty())
      os << " at '" << peak.instruction << "' (line " << peak.line << ", point "
         << peak.point + 1 << " of " << report.schedule.size() << ")";
    os << ", " << peak.live.size() << " buffers live";
    if (peak.calleeBytes)
      os << " and " << peak.calleeBytes
         << " bytes of the called computation's temporaries";
    if (peak.capacity > 0)
      os << "; capacity " << peak.capacity
         << (peak.exceeded() ? ", EXCEEDED" : "");
    os << "\n";
  }
  for (const auto &[space, peak] : report.peaks) {
    if (peak.live.empty() || peak.peakBytes == 0)
      continue;
    os << "buffers live at the " << memorySpaceName(space)
       << " peak, most padding first:\n";
    os << llvm::formatv("  {0,12} {1,12} {2,12} {3,9}  {4}\n", "physical",
                        "unpadded", "padding", "ratio", "buffer and shape");
    size_t shown = peak.live.size();
    if (report.topBuffers && report.topBuffers < shown)
      shown = report.topBuffers;
    for (const PeakBuffer &live : llvm::ArrayRef(peak.live).take_front(shown)) {
      const BufferRow &row = live.row;
      os << llvm::formatv("  {0,12} {1,12} {2,12} {3,9}  {4}  {5}\n",
                          bytesText(row.physicalBytes),
                          bytesText(row.logicalBytes), row.paddingBytes,
                          ratioText(row.paddingRatio), row.name(),
                          row.buffer.shapeText());
      if (std::string fix = fixText(live.fix); !fix.empty())
        os << "      fix: " << fix << "\n";
    }
    if (shown < peak.live.size())
      os << "  (" << peak.live.size() - shown
         << " more; --top-buffers=0 lists them all)\n";
  }
}

void inspect::printMemoryReport(const MemoryReport &report,
                                llvm::raw_ostream &os) {
  os << "module:       "
     << (report.moduleName.empty() ? std::string("(none)") : report.moduleName)
     << " (" << report.numComputations << " computations, "
     << report.numInstructions << " instructions, " << report.rows.size()
     << " buffers)\n";
  if (!report.valueShape.empty())
    os << "value:        " << report.valueShape << "\n";
  if (report.target)
    os << "target:       " << report.target->name << "\n";
  os << "buffers, largest total padding first (identical buffers once, "
        "with their count):\n";
  os << llvm::formatv("  {0,12} {1,12} {2,12} {3,9} {4,-6} {5,5}  {6}\n",
                      "logical", "physical", "padding", "ratio", "space",
                      "count", "buffer and shape");
  size_t shown = report.groups.size();
  if (report.topBuffers && report.topBuffers < shown)
    shown = report.topBuffers;
  for (const BufferGroup &group :
       llvm::ArrayRef(report.groups).take_front(shown)) {
    const BufferRow &row = report.rows[group.rows.front()];
    std::string name = row.name();
    if (group.rows.size() == 2)
      name += " and " + report.rows[group.rows[1]].name();
    else if (group.rows.size() > 2)
      name += " and " + std::to_string(group.rows.size() - 1) + " more";
    os << llvm::formatv("  {0,12} {1,12} {2,12} {3,9} {4,-6} {5,5}  {6}  {7}\n",
                        bytesText(row.logicalBytes),
                        bytesText(row.physicalBytes), row.paddingBytes,
                        ratioText(row.paddingRatio),
                        memorySpaceName(row.memorySpace), group.rows.size(),
                        name, row.buffer.shapeText());
  }
  if (shown < report.groups.size())
    os << "  (" << report.groups.size() - shown
       << " more rows; --top-buffers=0 lists them all)\n";
  if (report.numUnsized)
    os << "  (" << report.numUnsized
       << " buffers with '?' dimensions have no static size and are not "
          "summed)\n";
  if (report.numTokens)
    os << "  (" << report.numTokens
       << " tokens and opaque values take no memory)\n";
  os << "sums of the named buffers by memory space (not the peak):\n";
  for (const auto &[space, totals] : report.bySpace)
    os << "  " << memorySpaceName(space) << " (S(" << space
       << ")): " << totalsText(totals) << "\n";
  os << "totals by computation:\n";
  for (const auto &[name, totals] : report.byComputation)
    os << "  " << (name.empty() ? std::string("(none)") : name) << ": "
       << totalsText(totals) << "\n";
  printPeaks(report, os);
  for (const std::string &line : report.overCapacity)
    os << "over capacity: " << line << "\n";
  if (report.offenders.empty()) {
    if (llvm::none_of(report.rows,
                      [](const BufferRow &row) { return row.paddingBytes; }))
      os << "no padding\n";
    return;
  }
  os << "largest padding offenders, most bytes saved first:\n";
  for (auto [n, offender] : llvm::enumerate(report.offenders)) {
    const BufferRow &row = report.rows[offender.row];
    size_t count = report.groups[offender.group].rows.size();
    os << "  " << n + 1 << ". " << row.name();
    if (count > 1)
      os << " and " << count - 1 << " more like it";
    os << " " << row.buffer.shapeText() << ": " << row.paddingBytes
       << " padding bytes" << (count > 1 ? " each" : "") << " ("
       << ratioText(row.paddingRatio) << ")\n";
    if (!offender.cause.empty())
      os << "     cause: " << offender.cause << "\n";
    if (offender.change) {
      os << "     fix:   " << offender.change->shape << ", "
         << offender.change->how << ": " << offender.change->physicalBytes
         << " bytes, saves " << offender.change->savedBytes;
      if (count > 1)
        os << " each, " << offender.savedBytes << " in all";
      os << "\n";
    }
  }
}

static llvm::json::Object totalsJson(const Totals &t) {
  llvm::json::Object o;
  o["buffers"] = t.buffers;
  o["logical_bytes"] = t.logicalBytes;
  o["physical_bytes"] = t.physicalBytes;
  o["padding_bytes"] = t.paddingBytes();
  if (t.saturated)
    o["saturated"] = true;
  return o;
}

llvm::json::Value inspect::memoryReportToJson(const MemoryReport &report) {
  llvm::json::Object out;
  out["module"] = report.moduleName;
  if (!report.valueShape.empty())
    out["value_shape"] = report.valueShape;
  out["computations"] = report.numComputations;
  out["instructions"] = report.numInstructions;
  if (report.target)
    out["target"] = report.target->name;
  llvm::json::Array buffers;
  for (size_t i : report.byPadding) {
    const BufferRow &row = report.rows[i];
    llvm::json::Object b;
    b["computation"] = row.buffer.computation;
    b["instruction"] = row.buffer.instruction;
    b["opcode"] = row.buffer.opcode;
    b["tuple_index"] = llvm::json::Array(row.buffer.tupleIndex);
    b["shape"] = row.buffer.shapeText();
    b["memref"] = memrefTypeOf(row.buffer.shape, std::nullopt);
    b["line"] = row.buffer.line;
    if (report.target) {
      int64_t capacity = report.target->getCapacity(row.memorySpace);
      b["exceeds_capacity"] =
          capacity > 0 && row.physicalBytes && *row.physicalBytes > capacity;
    }
    b["memory_space"] = row.memorySpace;
    b["memory_space_name"] = memorySpaceName(row.memorySpace);
    if (row.physicalBytes) {
      b["logical_bytes"] = *row.logicalBytes;
      b["physical_bytes"] = *row.physicalBytes;
      b["padding_bytes"] = row.paddingBytes;
    }
    if (row.paddingRatio)
      b["padding_ratio"] = *row.paddingRatio;
    std::vector<std::string> notes = explainLayoutExtras(row.buffer.shape);
    if (!notes.empty())
      b["notes"] = llvm::json::Array(notes);
    buffers.push_back(std::move(b));
  }
  out["buffers"] = std::move(buffers);
  llvm::json::Array spaces;
  std::set<int64_t> allSpaces;
  for (const auto &[space, totals] : report.bySpace)
    allSpaces.insert(space);
  for (const auto &[space, peak] : report.peaks)
    allSpaces.insert(space);
  for (int64_t space : allSpaces) {
    llvm::json::Object o;
    o["memory_space"] = space;
    o["name"] = memorySpaceName(space);
    auto totals = report.bySpace.find(space);
    o["sum"] =
        totalsJson(totals == report.bySpace.end() ? Totals() : totals->second);
    auto found = report.peaks.find(space);
    if (found != report.peaks.end()) {
      const SpacePeak &peak = found->second;
      o["peak_bytes"] = peak.peakBytes;
      llvm::json::Object at;
      at["point"] = int64_t(peak.point);
      at["instruction"] = peak.instruction;
      at["line"] = int64_t(peak.line);
      at["callee_bytes"] = peak.calleeBytes;
      o["peak_at"] = std::move(at);
      llvm::json::Array live;
      for (const PeakBuffer &b : peak.live) {
        llvm::json::Object e;
        e["buffer"] = b.row.name();
        e["shape"] = b.row.buffer.shapeText();
        if (b.row.physicalBytes) {
          e["physical_bytes"] = *b.row.physicalBytes;
          e["unpadded_bytes"] = *b.row.logicalBytes;
          e["padding_bytes"] = b.row.paddingBytes;
        }
        if (b.fix.change)
          e["fix"] = b.fix.change->shape;
        live.push_back(std::move(e));
      }
      o["live_at_peak"] = std::move(live);
    }
    if (report.target) {
      int64_t capacity = report.target->getCapacity(space);
      if (capacity > 0) {
        o["capacity"] = capacity;
        o["exceeded"] =
            found != report.peaks.end() && found->second.peakBytes > capacity;
      }
    }
    spaces.push_back(std::move(o));
  }
  out["memory_spaces"] = std::move(spaces);
  llvm::json::Array computations;
  for (const auto &[name, totals] : report.byComputation) {
    llvm::json::Object o = totalsJson(totals);
    o["name"] = name;
    computations.push_back(std::move(o));
  }
  out["totals_by_computation"] = std::move(computations);
  llvm::json::Array offenders;
  for (const Offender &offender : report.offenders) {
    const BufferRow &row = report.rows[offender.row];
    llvm::json::Object o;
    o["buffer"] = row.name();
    o["shape"] = row.buffer.shapeText();
    o["padding_bytes"] = row.paddingBytes;
    o["count"] = int64_t(report.groups[offender.group].rows.size());
    o["saved_bytes"] = offender.savedBytes;
    o["cause"] = offender.cause;
    if (offender.change) {
      llvm::json::Object c;
      c["shape"] = offender.change->shape;
      c["how"] = offender.change->how;
      c["physical_bytes"] = offender.change->physicalBytes;
      c["saved_bytes"] = offender.change->savedBytes;
      o["fix"] = std::move(c);
    }
    offenders.push_back(std::move(o));
  }
  out["offenders"] = std::move(offenders);
  out["over_capacity"] = llvm::json::Array(report.overCapacity);
  return llvm::json::Value(std::move(out));
}

/// The notes under the offender's picture, and the dimensions to draw:
/// the two its first tile covers, so that the padding shows.
static llvm::Error
withOffenderRequest(const MemoryReport &report,
                    llvm::function_ref<llvm::Error(const DrawRequest &)> fn) {
  if (report.offenders.empty())
    return makeError(
        "--svg draws the largest padding offender, but no buffer has "
        "padding");
  const BufferRow &row = report.rows[report.offenders.front().row];
  const XlaShape &shape = row.buffer.shape;
  llvm::Expected<BufferIndexing> indexing =
      BufferIndexing::compile(shape.layout, shape.dims);
  if (!indexing)
    return indexing.takeError();
  std::vector<std::string> notes;
  notes.push_back("buffer " + row.name() + " in " +
                  memorySpaceName(row.memorySpace));
  notes.push_back("logical " + bytesText(row.logicalBytes) +
                  " bytes, physical " + bytesText(row.physicalBytes) +
                  " bytes, padding " + std::to_string(row.paddingBytes) +
                  " bytes (" + ratioText(row.paddingRatio) + ")");
  const Offender &offender = report.offenders.front();
  if (!offender.cause.empty())
    notes.push_back("cause: " + offender.cause);
  if (offender.change)
    notes.push_back("fix: " + offender.change->shape + " saves " +
                    std::to_string(offender.change->savedBytes) + " bytes");
  // The first tile covers the most minor physical dimensions: rows along
  // the second most minor, columns along the most minor. When the cause is
  // another dimension, it replaces the rows.
  std::string dims;
  const llvm::SmallVector<int64_t, 4> &order = shape.layout.minorToMajor;
  if (order.size() >= 2) {
    int64_t rows = order[1], cols = order[0];
    if (offender.causeDim && *offender.causeDim >= 0 &&
        *offender.causeDim != rows && *offender.causeDim != cols)
      rows = *offender.causeDim;
    dims = std::to_string(rows) + "," + std::to_string(cols);
  }
  std::optional<llvm::SmallVector<DimsLayoutEntry, 4>> noDims;
  DrawRequest request{shape, *indexing, noDims, dims, "", notes};
  return fn(request);
}

llvm::Error inspect::writeOffenderSvg(const MemoryReport &report,
                                      llvm::StringRef path) {
  return withOffenderRequest(report, [&](const DrawRequest &request) {
    return writeSvgDrawing(request, path);
  });
}

llvm::Expected<std::string>
inspect::renderOffenderSvg(const MemoryReport &report) {
  std::string svg;
  if (llvm::Error err = withOffenderRequest(
          report, [&](const DrawRequest &request) -> llvm::Error {
            llvm::Expected<std::string> text = renderSvgDrawing(request);
            if (!text)
              return text.takeError();
            svg = std::move(*text);
            return llvm::Error::success();
          }))
    return std::move(err);
  return svg;
}
