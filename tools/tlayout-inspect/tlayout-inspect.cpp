//===- tlayout-inspect.cpp - Explore layouts from HLO dumps ---------------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// Reads an XLA shape with its layout (`bf16[8,128]{1,0:T(8,128)(2,1)S(1)}`)
// or a list of them one a line, an MLIR memref type with a #tlayout.tiled or
// #tlayout.dims layout, or HLO text (instruction lines or a whole module),
// from the command line, a file or standard input.
// For one array it reports what a person debugging layouts wants to know
// (ArrayReport.h); for HLO text, where the memory goes (MemoryReport.h).
// Each report is computed once and rendered as text, JSON or SVG.
//
//===----------------------------------------------------------------------===//

#include "../tlayout-translate/MosaicExport.h"
#include "ArrayReport.h"
#include "CompareReport.h"
#include "HtmlReport.h"
#include "InspectSupport.h"
#include "LayoutDrawing.h"
#include "MemRefInput.h"
#include "MemoryReport.h"
#include "MosaicInspect.h"
#include "ShapeListInput.h"

#include "tlayout/Format/HloText.h"
#include "tlayout/Format/XlaShape.h"
#include "tlayout/Target/TPU/TpuTarget.h"
#include "tlayout/Target/TPU/TpuTiling.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <functional>

using namespace mlir::tlayout;
using namespace mlir::tlayout::inspect;
namespace cl = llvm::cl;

/// The tool's own options; `--help` shows only these, not LLVM's.
static cl::OptionCategory inspectCategory("tlayout-inspect options");

static cl::opt<std::string>
    input(cl::Positional, cl::Required,
          cl::desc("<XLA shape, MLIR memref type, HLO instruction line, HLO "
                   "module file, or - for standard input>"),
          cl::cat(inspectCategory));
static cl::opt<std::string>
    sizesOpt("sizes",
             cl::desc("Sizes of the dynamic ('?') dimensions, in order; the "
                      "array is then inspected with those sizes"),
             cl::value_desc("n,..."), cl::cat(inspectCategory));
static cl::list<std::string>
    indexOpts("index", cl::desc("Print the offset of a logical index (i,j,..)"),
              cl::value_desc("i,j,..."), cl::cat(inspectCategory));
static cl::list<int64_t>
    offsetOpts("offset", cl::desc("Print the logical index at an offset"),
               cl::value_desc("n"), cl::cat(inspectCategory));
static cl::opt<bool>
    allOffsets("all-offsets",
               cl::desc("Print the offset of every logical index, in "
                        "row-major order, on one line (at most "
                        "--max-offsets of them)"),
               cl::cat(inspectCategory));
static cl::opt<int64_t> maxOffsets(
    "max-offsets",
    cl::desc("The most offsets --all-offsets prints; a larger array is an "
             "error rather than a flood of numbers"),
    cl::value_desc("n"), cl::init(1 << 20), cl::cat(inspectCategory));
static cl::opt<bool> draw("draw",
                          cl::desc("Draw the offsets of a 2-D (slice of the) "
                                   "array and the physical buffer as text "
                                   "(up to 65536 elements)"),
                          cl::cat(inspectCategory));
static cl::opt<std::string>
    svgFile("svg",
            cl::desc("Write a picture of the slice and the buffer as SVG "
                     "(a window of the first tiles of a large array)"),
            cl::value_desc("file"), cl::cat(inspectCategory));
static cl::opt<std::string>
    sliceDims("dims",
              cl::desc("The two dimensions to draw (rows,cols); "
                       "default: the two last"),
              cl::value_desc("r,c"), cl::cat(inspectCategory));
static cl::opt<std::string>
    sliceAt("at",
            cl::desc("Indices of the dimensions not drawn (a full index; "
                     "the drawn ones are ignored)"),
            cl::value_desc("i,j,..."), cl::cat(inspectCategory));
static cl::opt<bool>
    mosaicOpt("mosaic",
              cl::desc("Print the array's memref type in Mosaic TPU's form "
                       "(#tpu.tiled), or why Mosaic cannot express its layout"),
              cl::cat(inspectCategory));
static cl::opt<bool> json("json", cl::desc("Print everything as JSON"),
                          cl::cat(inspectCategory));
static cl::opt<std::string>
    targetOpt("target",
              cl::desc("The TPU generation whose tiling rules and memory "
                       "capacities the HLO memory report uses (v4, v5e, ...)"),
              cl::value_desc("name"), cl::cat(inspectCategory));
static cl::opt<unsigned>
    topOpt("top",
           cl::desc("How many padding offenders the HLO memory report lists"),
           cl::value_desc("n"), cl::init(10), cl::cat(inspectCategory));
static cl::opt<unsigned> topBuffersOpt(
    "top-buffers",
    cl::desc("How many rows (identical buffers share one) the HLO memory "
             "report's buffer table lists; 0 for all"),
    cl::value_desc("n"), cl::init(0), cl::cat(inspectCategory));
static cl::opt<std::string> htmlFile(
    "html",
    cl::desc("Write the HLO memory report as one self-contained HTML page: "
             "live bytes over program order with the peak, the buffers live "
             "there (sortable), the worst offender's picture"),
    cl::value_desc("file"), cl::cat(inspectCategory));
static cl::opt<bool>
    tpuLayout("tpu-layout",
              cl::desc("Give the array the emulated TPU's default layout "
                       "(keeping its memory space) before inspecting it"),
              cl::cat(inspectCategory));
static cl::opt<int64_t> lanes("lanes", cl::desc("TPU lanes for --tpu-layout"),
                              cl::value_desc("n"), cl::init(128),
                              cl::cat(inspectCategory));
static cl::opt<int64_t> sublanes("sublanes",
                                 cl::desc("TPU sublanes for --tpu-layout"),
                                 cl::value_desc("n"), cl::init(8),
                                 cl::cat(inspectCategory));
static cl::opt<std::string>
    compareWith("compare",
                cl::desc("Compare the placement with another array (XLA shape "
                         "or memref type): same or the first index that "
                         "differs; for other shapes, whether the reshape or "
                         "a transpose is free"),
                cl::value_desc("array"), cl::cat(inspectCategory));
static cl::opt<std::string> widestVector(
    "widest-vector",
    cl::desc("Print the widest contiguous vector along a dimension from "
             "starts that are multiples of an alignment"),
    cl::value_desc("dim,alignment"), cl::cat(inspectCategory));
static cl::opt<std::string> tileContiguous(
    "tile-contiguous",
    cl::desc("Print whether every aligned tile of these sizes (one per "
             "dimension) is one contiguous range of the buffer"),
    cl::value_desc("t0,t1,..."), cl::cat(inspectCategory));

//===----------------------------------------------------------------------===//
// Target
//===----------------------------------------------------------------------===//

/// The preset `--target` names, std::nullopt when it names none; an unknown
/// name is an error whatever the input.
static llvm::Expected<std::optional<tpu::TargetDescription>> getTarget() {
  if (targetOpt.empty())
    return std::nullopt;
  std::optional<tpu::TargetDescription> target = tpu::getPreset(targetOpt);
  if (!target)
    return makeError("unknown --target '" + targetOpt + "'; the presets are " +
                     tpu::getPresetNames());
  return target;
}

//===----------------------------------------------------------------------===//
// Dynamic sizes
//===----------------------------------------------------------------------===//

/// The dynamic dimensions of `dims`, e.g. `dimension 0` or `dimensions 0, 2`.
static std::string dynamicDimsText(llvm::ArrayRef<int64_t> dims) {
  std::string list;
  unsigned count = 0;
  for (auto [i, d] : llvm::enumerate(dims))
    if (d == kDynamicSize)
      list += (count++ ? ", " : "") + std::to_string(i);
  return (count == 1 ? "dimension " : "dimensions ") + list;
}

/// The error saying that `what` needs the sizes of the dynamic dimensions
/// and how to give them.
static llvm::Error needingSizes(const XlaShape &shape, llvm::StringRef what) {
  int64_t count = llvm::count(shape.dims, kDynamicSize);
  std::string example = "n";
  for (int64_t i = 1; i < count; ++i)
    example += ",n";
  return makeError(what +
                   (count == 1 ? " needs the size of dynamic "
                               : " needs the sizes of dynamic ") +
                   dynamicDimsText(shape.dims) +
                   (count == 1 ? ": give it" : ": give them") +
                   " with --sizes " + example);
}

/// Replaces the dynamic dimensions of `shape` by the sizes `--sizes` gives,
/// one per dynamic dimension in order.
static llvm::Error bindDynamicSizes(XlaShape &shape, std::string &givenSizes) {
  if (sizesOpt.getNumOccurrences() == 0)
    return llvm::Error::success();
  int64_t count = llvm::count(shape.dims, kDynamicSize);
  if (count == 0)
    return makeError(
        "--sizes gives the sizes of dynamic ('?') dimensions, but " +
        shape.str() + " has none");
  llvm::Expected<llvm::SmallVector<int64_t, 4>> parsed =
      parseList(sizesOpt, "--sizes");
  if (!parsed)
    return parsed.takeError();
  llvm::SmallVector<int64_t, 4> &sizes = *parsed;
  if (int64_t(sizes.size()) != count)
    return makeError("--sizes has " + llvm::Twine(sizes.size()) + " value" +
                     (sizes.size() == 1 ? "" : "s") + " but the shape has " +
                     llvm::Twine(count) + " dynamic " +
                     (count == 1 ? "dimension" : "dimensions") + " (" +
                     dynamicDimsText(shape.dims) + ")");
  auto size = sizes.begin();
  for (auto [i, d] : llvm::enumerate(shape.dims)) {
    if (d != kDynamicSize)
      continue;
    if (*size < 0)
      return makeError("--sizes: size " + llvm::Twine(*size) +
                       " of dimension " + llvm::Twine(i) + " is negative");
    givenSizes += (givenSizes.empty() ? "dimension " : ", dimension ") +
                  std::to_string(i) + " = " + std::to_string(*size);
    d = *size++;
  }
  return llvm::Error::success();
}

//===----------------------------------------------------------------------===//
// One array
//===----------------------------------------------------------------------===//

/// Prints the offset of every logical index in row-major order.
static llvm::Error printAllOffsets(const ArrayReport &report,
                                   llvm::raw_ostream &os) {
  const XlaShape &shape = report.input.shape;
  unsigned rank = shape.dims.size();
  int64_t count = 1;
  for (int64_t d : shape.dims)
    if (llvm::MulOverflow(count, d, count))
      return makeError(
          "--all-offsets: the array has more elements than fit in int64 (" +
          shape.str() + ")");
  if (count > maxOffsets)
    return makeError(
        "--all-offsets would print " + llvm::Twine(count) +
        " offsets, more than the limit of " + llvm::Twine(maxOffsets) +
        "; raise it with --max-offsets=N, or ask for single offsets with "
        "--index");
  llvm::SmallVector<int64_t, 4> index(rank, 0);
  for (int64_t n = 0; n < count; ++n) {
    int64_t rest = n;
    for (unsigned i = rank; i-- > 0;) {
      index[i] = rest % shape.dims[i];
      rest /= shape.dims[i];
    }
    llvm::Expected<int64_t> offset = report.indexing->offsetOf(index);
    if (!offset)
      return offset.takeError();
    os << (n ? " " : "") << *offset;
  }
  os << "\n";
  return llvm::Error::success();
}

/// Prints the vector-width and tile-contiguity answers.
static llvm::Error printVectorAnswers(const ArrayReport &report,
                                      llvm::raw_ostream &os) {
  const BufferIndexing &indexing = *report.indexing;
  int64_t rank = report.input.shape.dims.size();
  if (!widestVector.empty()) {
    llvm::Expected<llvm::SmallVector<int64_t, 4>> parsed =
        parseList(widestVector, "--widest-vector");
    if (!parsed)
      return parsed.takeError();
    llvm::SmallVector<int64_t, 4> &args = *parsed;
    if (args.size() != 2 || args[0] < 0 || args[0] >= rank || args[1] < 1)
      return makeError("--widest-vector needs a dimension below the rank and a "
                       "positive alignment: dim,alignment");
    int64_t width = getWidestVector(indexing, args[0], args[1]);
    os << (width == kUnboundedWidth ? std::string("unbounded")
                                    : std::to_string(width))
       << "\n";
  }
  if (!tileContiguous.empty()) {
    llvm::Expected<llvm::SmallVector<int64_t, 4>> parsed =
        parseList(tileContiguous, "--tile-contiguous");
    if (!parsed)
      return parsed.takeError();
    llvm::SmallVector<int64_t, 4> &tile = *parsed;
    if (int64_t(tile.size()) != rank ||
        llvm::any_of(tile, [](int64_t t) { return t < 1; }))
      return makeError("--tile-contiguous needs " + llvm::Twine(rank) +
                       " positive tile sizes");
    os << (isTileContiguous(indexing, tile) ? "contiguous" : "not contiguous")
       << "\n";
  }
  return llvm::Error::success();
}

/// Gives the array the TPU's default layout (`--tpu-layout`).
static llvm::Error applyTpuLayout(ArrayInput &input) {
  XlaShape &shape = input.shape;
  input.inputDims.reset();
  tpu::TilingOptions options;
  options.lanes = lanes;
  options.sublanes = sublanes;
  int64_t bits = shape.layout.elementSizeInBits
                     ? shape.layout.elementSizeInBits
                     : getMinimumBits(shape.elementType);
  llvm::Expected<TiledLayout> layout =
      tpu::getDefaultLayout(shape.dims, bits, options);
  if (!layout)
    return layout.takeError();
  layout->memorySpace = shape.layout.memorySpace;
  shape.layout = std::move(*layout);
  shape.hasExplicitLayout = true;
  return llvm::Error::success();
}

/// Prints the array's memref type as Mosaic writes it (`--mosaic`).
static llvm::Error printMosaicForm(const ArrayInput &input) {
  if (input.inputDims)
    return makeError("--mosaic: Mosaic has no form of a #tlayout.dims layout");
  const XlaShape &shape = input.shape;
  llvm::Expected<mosaic::MosaicMemRef> memref =
      mosaic::exportToMosaic(shape.dims, toMlirTypeName(shape.elementType),
                             getMinimumBits(shape.elementType), shape.layout);
  if (!memref)
    return memref.takeError();
  llvm::outs() << memref->str() << "\n";
  return llvm::Error::success();
}

/// Reports on one array, as the options ask.
static llvm::Error inspectArray(ArrayInput input) {
  if (llvm::Error err = bindDynamicSizes(input.shape, input.givenSizes))
    return err;
  if (tpuLayout)
    if (llvm::Error err = applyTpuLayout(input))
      return err;
  ArrayQueries queries{indexOpts, offsetOpts};
  bool dynamic = llvm::is_contained(input.shape.dims, kDynamicSize);
  if (dynamic) {
    if (!indexOpts.empty() || !offsetOpts.empty())
      return needingSizes(input.shape,
                          indexOpts.empty() ? "--offset" : "--index");
    if (allOffsets)
      return needingSizes(input.shape, "--all-offsets");
    if (draw || !svgFile.empty())
      return needingSizes(input.shape, "drawing");
  }
  if (mosaicOpt)
    return printMosaicForm(input);
  llvm::Expected<ArrayReport> computed =
      computeArrayReport(std::move(input), queries);
  if (!computed)
    return computed.takeError();
  const ArrayReport &report = *computed;
  llvm::raw_ostream &os = llvm::outs();
  if (allOffsets)
    return printAllOffsets(report, os);
  if (!widestVector.empty() || !tileContiguous.empty())
    return printVectorAnswers(report, os);
  if (json)
    os << llvm::formatv("{0:2}", arrayReportToJson(report, queries)) << "\n";
  else if (!indexOpts.empty() || !offsetOpts.empty())
    printQueryAnswers(report, os);
  else if (!draw && svgFile.empty())
    printArrayReport(report, os);
  if (draw || !svgFile.empty()) {
    DrawRequest request{report.input.shape, *report.indexing,
                        report.input.inputDims, sliceDims, sliceAt};
    if (draw)
      if (llvm::Error err = printTextDrawing(request, os))
        return err;
    if (!svgFile.empty())
      return writeSvgDrawing(request, svgFile);
  }
  return llvm::Error::success();
}

//===----------------------------------------------------------------------===//
// HLO text
//===----------------------------------------------------------------------===//

/// Reports where the memory of HLO text goes.
static llvm::Error inspectHlo(const HloText &text,
                              llvm::StringRef valueShape = "") {
  for (auto [given, name] :
       {std::pair<bool, const char *>{!indexOpts.empty(), "--index"},
        {!offsetOpts.empty(), "--offset"},
        {allOffsets, "--all-offsets"},
        {draw, "--draw"},
        {tpuLayout, "--tpu-layout"},
        {sizesOpt.getNumOccurrences() > 0, "--sizes"},
        {!widestVector.empty(), "--widest-vector"},
        {!tileContiguous.empty(), "--tile-contiguous"}})
    if (given)
      return makeError(
          llvm::Twine(name) +
          " needs one array shape; HLO text and tuples get the memory "
          "report (--json, --svg, --html, --target, --top, --top-buffers)");
  MemoryReportOptions options;
  options.top = topOpt;
  options.topBuffers = topBuffersOpt;
  options.valueShape = valueShape.str();
  llvm::Expected<std::optional<tpu::TargetDescription>> target = getTarget();
  if (!target)
    return target.takeError();
  options.target = target->value_or(tpu::getDefaultPreset());
  options.targetGiven = target->has_value();
  llvm::Expected<MemoryReport> report = computeMemoryReport(text, options);
  if (!report)
    return report.takeError();
  if (json)
    llvm::outs() << llvm::formatv("{0:2}", memoryReportToJson(*report)) << "\n";
  else
    printMemoryReport(*report, llvm::outs());
  if (!htmlFile.empty())
    if (llvm::Error err = writeHtmlReport(*report, htmlFile))
      return err;
  if (!svgFile.empty())
    return writeOffenderSvg(*report, svgFile);
  return llvm::Error::success();
}

//===----------------------------------------------------------------------===//
// Input
//===----------------------------------------------------------------------===//

/// The input text: standard input for `-`, a file's contents when the
/// argument names a file, else the argument itself.
static llvm::Expected<std::string> readInputText() {
  if (input == "-" || llvm::sys::fs::is_regular_file(input)) {
    llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buffer =
        input == "-" ? llvm::MemoryBuffer::getSTDIN()
                     : llvm::MemoryBuffer::getFile(input);
    if (!buffer)
      return makeError("cannot read '" + input +
                       "': " + buffer.getError().message());
    return (*buffer)->getBuffer().str();
  }
  llvm::StringRef text(input);
  if (text.ends_with(".hlo") || text.ends_with(".txt"))
    return makeError("cannot read '" + input + "': no such file");
  return std::string(input);
}

/// Reads one shape: an array gets the array report, anything else (a tuple,
/// token, buffer) the memory report of its arrays.
static llvm::Error inspectShape(llvm::StringRef text) {
  llvm::Expected<HloShape> shape = HloShape::parse(text);
  if (!shape)
    return shape.takeError();
  if (shape->kind == HloShape::Kind::Array)
    return inspectArray(ArrayInput{shape->array, std::nullopt, ""});
  HloText hlo;
  std::function<void(const HloShape &)> countTokens = [&](const HloShape &s) {
    if (s.kind == HloShape::Kind::Token || s.kind == HloShape::Kind::Opaque)
      ++hlo.numTokens;
    for (const HloShape &e : s.elements)
      countTokens(e);
  };
  countTokens(*shape);
  shape->forEachArray(
      [&](llvm::ArrayRef<int64_t> index, const XlaShape &array) {
        HloBuffer buffer;
        buffer.tupleIndex.assign(index.begin(), index.end());
        buffer.shape = array;
        buffer.isBuffer = shape->isBufferAt(index);
        hlo.buffers.push_back(std::move(buffer));
      });
  // The arrays of one value are live together: the value is the program.
  HloInstructionText value;
  value.name = "shape";
  value.opcode = "parameter";
  value.shape = *shape;
  value.parameterNumber = 0;
  value.isRoot = true;
  hlo.looseInstructions.push_back(std::move(value));
  return inspectHlo(hlo, shape->str());
}

/// The input as read, untrimmed: HLO text is read from it so that line
/// numbers count from the file's first line and a text cut off mid-line
/// shows as one.
static std::string rawInput;

static llvm::Error inspectHloText(llvm::StringRef text) {
  llvm::Expected<HloText> hlo =
      readHloText(llvm::StringRef(rawInput).trim() == text ? rawInput : text);
  if (!hlo)
    return hlo.takeError();
  return inspectHlo(*hlo);
}

namespace {
/// One form of input: whether the text is in that form, and how to
/// inspect it. The first row that accepts the text reads it.
struct InputForm {
  bool (*accepts)(llvm::StringRef text);
  llvm::Error (*inspect)(llvm::StringRef text);
};
} // namespace

static const InputForm inputForms[] = {
    // A memref type of Mosaic TPU (`#tpu.tiled` layout).
    {isMosaicMemRef,
     [](llvm::StringRef text) {
       return inspectMosaic({text, indexOpts, offsetOpts, json});
     }},
    // An MLIR memref type.
    {[](llvm::StringRef text) { return text.starts_with("memref<"); },
     [](llvm::StringRef text) -> llvm::Error {
       llvm::Expected<ArrayInput> input = parseMemRefInput(text);
       if (!input)
         return input.takeError();
       return inspectArray(std::move(*input));
     }},
    // Several XLA shapes, one a line.
    {isShapeList,
     [](llvm::StringRef text) { return inspectShapeList(text, inspectShape); }},
    // HLO text: a module, computations or instruction lines.
    {[](llvm::StringRef text) {
       return text.starts_with("HloModule") || text.contains(" = ") ||
              text.contains('\n');
     },
     inspectHloText},
    // One XLA shape.
    {[](llvm::StringRef) { return true; }, inspectShape},
};

int main(int argc, char **argv) {
  cl::SetVersionPrinter([](llvm::raw_ostream &os) {
    os << "tlayout-inspect (tlayout " TLAYOUT_VERSION
          ")\n  built with LLVM " LLVM_VERSION_STRING "\n";
  });
  cl::HideUnrelatedOptions(inspectCategory);
  // LLVM's parser reads an unknown option that starts like a known
  // single-letter one (`--html` before this tool had it, `--hx`) as that
  // option: `-h`, which prints the help and exits 0. Every option must be
  // named in full.
  auto &known = cl::getRegisteredOptions();
  for (int i = 1; i < argc; ++i) {
    llvm::StringRef arg(argv[i]);
    if (arg == "--")
      break;
    // `-` is standard input; `-4` a (wrong) negative value, which the
    // option it follows rejects.
    if (arg == "-" || !arg.starts_with("-") ||
        (arg.size() > 1 && llvm::isDigit(arg[1])))
      continue;
    llvm::StringRef name = arg.ltrim('-').split('=').first;
    if (!known.count(name) && name != "h") {
      llvm::errs() << "tlayout-inspect: error: unknown option '"
                   << arg.split('=').first
                   << "'; tlayout-inspect --help lists the options\n";
      return 1;
    }
  }
  cl::ParseCommandLineOptions(
      argc, argv,
      "tlayout-inspect: explore an XLA layout\n\n"
      "  tlayout-inspect 'bf16[8,1,1280,16384]{3,2,0,1:T(8,128)(2,1)S(1)}'\n"
      "  tlayout-inspect 'f32[3,5]{1,0:T(2,2)}' --index 2,3 --offset 19\n"
      "  tlayout-inspect 'memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>' "
      "--draw\n"
      "  tlayout-inspect 'f32[?,128]{1,0:T(8,128)}' --sizes 40 --svg x.svg\n"
      "  tlayout-inspect module.hlo --target=v5e --svg offender.svg\n");
  // Every error comes back here, and is printed as one line.
  auto report = [](llvm::Error err) {
    llvm::errs() << "tlayout-inspect: error: " << llvm::toString(std::move(err))
                 << "\n";
    return 1;
  };
  // Checked before the input is read, so that every form of input rejects
  // an unknown target.
  if (llvm::Expected<std::optional<tpu::TargetDescription>> target =
          getTarget();
      !target)
    return report(target.takeError());
  llvm::Expected<std::string> text = readInputText();
  if (!text)
    return report(text.takeError());
  rawInput = *text;
  llvm::StringRef trimmed = llvm::StringRef(*text).trim();
  if (compareWith.getNumOccurrences()) {
    if (llvm::Error err = inspectComparison(
            trimmed, llvm::StringRef(compareWith).trim(), llvm::outs()))
      return report(std::move(err));
    return 0;
  }
  for (const InputForm &form : inputForms)
    if (form.accepts(trimmed)) {
      if (llvm::Error err = form.inspect(trimmed))
        return report(std::move(err));
      return 0;
    }
  llvm_unreachable("the last input form accepts everything");
}
