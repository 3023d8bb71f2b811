//===- HloLiveness.cpp - Buffers live over an HLO schedule ----------------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// One pass over a computation's instructions in order gives each array of
// each result a buffer: a new one, or the operand's it shares. Each use
// moves the buffer's end; a sweep then adds up the bytes live at each point.
// A called computation is analyzed the same way (memoized by name), and its
// peak of temporaries (buffers neither its parameters nor its result) is
// added at the call.
//
//===----------------------------------------------------------------------===//

#include "tlayout/Format/HloLiveness.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/MathExtras.h"

#include <limits>

using namespace mlir::tlayout;
using llvm::ArrayRef;
using llvm::StringRef;

namespace {
/// The buffers of a value: each array of its shape with the buffer it is in
/// (an index into the analysis's buffers).
using ValueBuffers =
    std::vector<std::pair<llvm::SmallVector<int64_t, 2>, size_t>>;

/// A buffer while a computation is analyzed.
struct Buffer {
  HloLiveBuffer live;
  /// Counted in this computation's peak: false for the parameters of a
  /// called computation (its caller's buffers) and for buffers its result
  /// names (the caller's result buffer).
  bool counted = true;
};

/// What a called computation adds at its call site, per memory space.
using Extra = std::map<int64_t, int64_t>;

class Analysis {
public:
  Analysis(const HloText &text,
           llvm::function_ref<std::optional<int64_t>(const XlaShape &)> bytesOf)
      : text(text), bytesOf(bytesOf) {}

  /// Analyzes `instructions`; `isEntry` when they run as the program.
  void run(ArrayRef<HloInstructionText> instructions, bool isEntry,
           std::vector<Buffer> &buffers,
           std::vector<const HloInstructionText *> &schedule,
           std::vector<Extra> &extras);

  /// The peak of temporaries of the computation `name`.
  Extra calleePeak(StringRef name);

  /// Sums live bytes per space at each point.
  static std::map<int64_t, std::vector<int64_t>>
  sweep(const std::vector<Buffer> &buffers, const std::vector<Extra> &extras,
        size_t points, bool &saturated);

private:
  const HloText &text;
  llvm::function_ref<std::optional<int64_t>(const XlaShape &)> bytesOf;
  std::map<std::string, Extra> memo;
  llvm::StringSet<> inProgress;
};
} // namespace

/// The buffers of `value` under tuple index `prefix`, with the prefix
/// dropped from their indices.
static ValueBuffers subValue(const ValueBuffers &value,
                             ArrayRef<int64_t> prefix) {
  ValueBuffers result;
  for (const auto &[index, buffer] : value)
    if (ArrayRef<int64_t>(index).take_front(prefix.size()) == prefix &&
        index.size() >= prefix.size())
      result.push_back({llvm::SmallVector<int64_t, 2>(
                            ArrayRef<int64_t>(index).drop_front(prefix.size())),
                        buffer});
  return result;
}

/// The buffer of array `index` of `value`, or std::nullopt.
static std::optional<size_t> findArray(const ValueBuffers &value,
                                       ArrayRef<int64_t> index) {
  for (const auto &[i, buffer] : value)
    if (ArrayRef<int64_t>(i) == index)
      return buffer;
  return std::nullopt;
}

/// The memory space of array `index` of `shape`, when it spells a layout.
static std::optional<int64_t> spaceAt(const HloShape &shape,
                                      ArrayRef<int64_t> index) {
  std::optional<int64_t> space;
  shape.forEachArray([&](ArrayRef<int64_t> i, const XlaShape &array) {
    if (i == index && array.hasExplicitLayout)
      space = array.layout.memorySpace;
  });
  return space;
}

static bool sharesOperandBuffer(StringRef opcode) {
  return opcode == "bitcast" || opcode == "while" || opcode == "opt-barrier" ||
         opcode == "domain" || opcode == "add-dependency";
}

void Analysis::run(ArrayRef<HloInstructionText> instructions, bool isEntry,
                   std::vector<Buffer> &buffers,
                   std::vector<const HloInstructionText *> &schedule,
                   std::vector<Extra> &extras) {
  llvm::StringMap<ValueBuffers> values;
  unsigned last = instructions.empty() ? 0 : instructions.size() - 1;
  auto use = [&](size_t buffer, unsigned point) {
    HloLiveBuffer &live = buffers[buffer].live;
    live.end = std::max(live.end, point);
  };
  const ValueBuffers none;
  auto operandValue = [&](const HloInstructionText &inst,
                          size_t n) -> const ValueBuffers & {
    if (n >= inst.operands.size())
      return none;
    auto it = values.find(inst.operands[n]);
    return it == values.end() ? none : it->second;
  };
  for (unsigned point = 0; point < instructions.size(); ++point) {
    const HloInstructionText &inst = instructions[point];
    schedule.push_back(&inst);
    extras.emplace_back();
    ValueBuffers value;
    StringRef opcode = inst.opcode;
    inst.shape.forEachArray([&](ArrayRef<int64_t> index,
                                const XlaShape &array) {
      std::optional<size_t> shared;
      if (opcode == "get-tuple-element" && inst.tupleIndex) {
        llvm::SmallVector<int64_t, 2> full{*inst.tupleIndex};
        full.append(index.begin(), index.end());
        shared = findArray(operandValue(inst, 0), full);
      } else if (opcode == "tuple" && !index.empty()) {
        shared =
            findArray(operandValue(inst, index.front()), index.drop_front());
      } else if (sharesOperandBuffer(opcode)) {
        shared = findArray(operandValue(inst, 0), index);
      } else if (opcode.ends_with("-done")) {
        // The result is one of the arrays the `-start` holds: the first of
        // its shape.
        for (const auto &[i, buffer] : operandValue(inst, 0))
          if (buffers[buffer].live.shape.str() == array.str() ||
              buffers[buffer].live.shape.dims == array.dims) {
            shared = buffer;
            break;
          }
      } else if (opcode == "copy-start" && index.size() == 1 &&
                 index.front() == 1) {
        shared = findArray(operandValue(inst, 0), {});
      } else if (opcode.ends_with("-start") && index.size() >= 2 &&
                 index.front() == 0) {
        // `((operands), outputs, context)`: the first element holds the
        // operands.
        shared = findArray(operandValue(inst, index[1]), index.drop_front(2));
      }
      for (const HloOutputAlias &alias : inst.outputAliases)
        if (ArrayRef<int64_t>(alias.outputIndex) == index)
          shared =
              findArray(operandValue(inst, alias.operand), alias.operandIndex);
      if (shared) {
        value.push_back({llvm::SmallVector<int64_t, 2>(index), *shared});
        return;
      }
      Buffer buffer;
      buffer.live.instruction = &inst;
      buffer.live.tupleIndex.assign(index.begin(), index.end());
      buffer.live.shape = array;
      buffer.live.memorySpace = array.layout.memorySpace;
      buffer.live.start = buffer.live.end = point;
      buffer.live.bytes = bytesOf(array);
      if (opcode == "parameter") {
        if (isEntry) {
          buffer.live.start = 0;
          buffer.live.end = last;
          if (text.entryParameterLayouts && inst.parameterNumber &&
              *inst.parameterNumber <
                  int64_t(text.entryParameterLayouts->size()))
            if (std::optional<int64_t> space = spaceAt(
                    (*text.entryParameterLayouts)[*inst.parameterNumber],
                    index))
              buffer.live.memorySpace = *space;
        } else {
          buffer.counted = false;
        }
      }
      value.push_back({llvm::SmallVector<int64_t, 2>(index), buffers.size()});
      buffers.push_back(std::move(buffer));
    });
    // Uses: a get-tuple-element reads one element only.
    for (size_t n = 0; n < inst.operands.size(); ++n) {
      const ValueBuffers &operand = operandValue(inst, n);
      if (opcode == "get-tuple-element" && inst.tupleIndex) {
        for (const auto &[index, buffer] :
             subValue(operand, {*inst.tupleIndex}))
          use(buffer, point);
        continue;
      }
      for (const auto &[index, buffer] : operand)
        use(buffer, point);
    }
    // Called computations whose temporaries live at this point.
    Extra &extra = extras.back();
    for (const auto &[attribute, callee] : inst.called) {
      bool runsHere = opcode == "while" || opcode == "call" ||
                      opcode == "conditional" ||
                      (opcode == "async-start" && attribute == "calls");
      if (!runsHere)
        continue;
      for (const auto &[space, bytes] : calleePeak(callee)) {
        int64_t &e = extra[space];
        e = std::max(e, bytes);
      }
    }
    values[inst.name] = std::move(value);
    if (inst.isRoot ||
        (point == last &&
         llvm::none_of(instructions, [](const auto &i) { return i.isRoot; }))) {
      for (const auto &[index, buffer] : values[inst.name]) {
        Buffer &b = buffers[buffer];
        if (isEntry) {
          b.live.end = last;
          if (text.entryResultLayout)
            if (std::optional<int64_t> space =
                    spaceAt(*text.entryResultLayout, index))
              b.live.memorySpace = *space;
        } else {
          b.counted = false;
        }
      }
    }
  }
}

Extra Analysis::calleePeak(StringRef name) {
  auto it = memo.find(name.str());
  if (it != memo.end())
    return it->second;
  const HloComputationText *callee = text.findComputation(name);
  if (!callee || inProgress.contains(name))
    return {};
  inProgress.insert(name);
  std::vector<Buffer> buffers;
  std::vector<const HloInstructionText *> schedule;
  std::vector<Extra> extras;
  run(callee->instructions, /*isEntry=*/false, buffers, schedule, extras);
  inProgress.erase(name);
  bool saturated = false;
  Extra peak;
  for (const auto &[space, live] :
       sweep(buffers, extras, schedule.size(), saturated))
    peak[space] = live.empty() ? 0 : *llvm::max_element(live);
  return memo[name.str()] = peak;
}

static void addSaturating(int64_t &sum, int64_t bytes, bool &saturated) {
  if (llvm::AddOverflow(sum, bytes, sum)) {
    sum = std::numeric_limits<int64_t>::max();
    saturated = true;
  }
}

std::map<int64_t, std::vector<int64_t>>
Analysis::sweep(const std::vector<Buffer> &buffers,
                const std::vector<Extra> &extras, size_t points,
                bool &saturated) {
  std::map<int64_t, std::vector<int64_t>> live;
  for (const Buffer &buffer : buffers) {
    if (!buffer.counted)
      continue;
    std::vector<int64_t> &bytes = live[buffer.live.memorySpace];
    bytes.resize(points, 0);
    if (!buffer.live.bytes)
      continue;
    for (unsigned p = buffer.live.start; p <= buffer.live.end && p < points;
         ++p)
      addSaturating(bytes[p], *buffer.live.bytes, saturated);
  }
  for (auto [p, extra] : llvm::enumerate(extras))
    for (const auto &[space, bytes] : extra) {
      std::vector<int64_t> &b = live[space];
      b.resize(points, 0);
      addSaturating(b[p], bytes, saturated);
    }
  return live;
}

HloLiveness mlir::tlayout::computeHloLiveness(
    const HloText &text,
    llvm::function_ref<std::optional<int64_t>(const XlaShape &)> bytesOf) {
  HloLiveness result;
  Analysis analysis(text, bytesOf);
  std::vector<Buffer> buffers;
  std::vector<Extra> extras;
  result.computation = text.getEntry();
  ArrayRef<HloInstructionText> instructions =
      result.computation ? ArrayRef(result.computation->instructions)
                         : ArrayRef(text.looseInstructions);
  analysis.run(instructions, /*isEntry=*/true, buffers, result.schedule,
               extras);
  bool saturated = false;
  result.liveBytes =
      Analysis::sweep(buffers, extras, result.schedule.size(), saturated);
  for (Buffer &buffer : buffers) {
    if (!buffer.live.bytes)
      ++result.numUnsized;
    result.buffers.push_back(std::move(buffer.live));
  }
  for (const auto &[space, live] : result.liveBytes) {
    HloSpacePeak peak;
    peak.memorySpace = space;
    for (auto [p, bytes] : llvm::enumerate(live))
      if (bytes > peak.peakBytes) {
        peak.peakBytes = bytes;
        peak.point = p;
      }
    peak.saturated = peak.peakBytes == std::numeric_limits<int64_t>::max();
    for (auto [i, buffer] : llvm::enumerate(result.buffers))
      if (buffer.memorySpace == space && buffer.start <= peak.point &&
          peak.point <= buffer.end)
        peak.liveBuffers.push_back(i);
    peak.calleeBytes =
        peak.point < extras.size()
            ? extras[peak.point].count(space) ? extras[peak.point].at(space) : 0
            : 0;
    result.peaks[space] = std::move(peak);
  }
  return result;
}
