//===- TpuAttrs.cpp - tlayout_tpu attributes ------------------------------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// The target attribute is a view of the preset table (TpuTarget.cpp) with
// overrides; the memory space attribute names the TPU's `S(n)` spaces.
//
//===----------------------------------------------------------------------===//

#include "tlayout/Target/TPU/IR/TpuAttrs.h"
#include "tlayout/Dialect/TLayout/IR/TLayoutAttrs.h"
#include "tlayout/Target/TPU/IR/TpuDialect.h"
#include "tlayout/Target/TPU/TpuTiling.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::tlayout::tpu;
using ::mlir::tlayout::tpu::TargetDescription;

#define GET_ATTRDEF_CLASSES
#include "tlayout/Target/TPU/IR/TpuAttrs.cpp.inc"

void TLayoutTpuDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "tlayout/Target/TPU/IR/TpuAttrs.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// TargetAttr
//===----------------------------------------------------------------------===//

/// The minor_to_major orders a target offers an array of rank `rank`:
/// every permutation up to rank 4, row-major first; beyond, row-major and
/// the two most minor dimensions swapped.
static llvm::SmallVector<llvm::SmallVector<int64_t, 4>>
getCandidateOrders(unsigned rank) {
  llvm::SmallVector<int64_t, 4> rowMajor;
  for (unsigned i = 0; i < rank; ++i)
    rowMajor.push_back(rank - 1 - i);
  llvm::SmallVector<llvm::SmallVector<int64_t, 4>> orders;
  if (rank <= 4) {
    // Permutations of the row-major order in lexicographically descending
    // order start with row-major itself.
    llvm::SmallVector<int64_t, 4> order = rowMajor;
    do
      orders.push_back(order);
    while (std::prev_permutation(order.begin(), order.end()));
    return orders;
  }
  orders.push_back(rowMajor);
  llvm::SmallVector<int64_t, 4> swapped = rowMajor;
  std::swap(swapped[0], swapped[1]);
  orders.push_back(swapped);
  return orders;
}

llvm::SmallVector<Attribute>
TargetAttr::getCandidateLayouts(llvm::ArrayRef<int64_t> shape,
                                Type elementType) const {
  llvm::SmallVector<Attribute> candidates;
  int64_t bits = getElementTypeBits(elementType);
  TilingOptions options;
  options.lanes = getLanes();
  options.sublanes = getSublanes();
  for (llvm::ArrayRef<int64_t> order : getCandidateOrders(shape.size())) {
    // The TPU's rules tile the physical shape: the dimensions from the most
    // major to the most minor.
    llvm::SmallVector<int64_t, 4> physical;
    for (int64_t dim : llvm::reverse(order))
      physical.push_back(shape[dim]);
    llvm::Expected<TiledLayout> layout =
        getDefaultLayout(physical, bits, options);
    if (!layout) {
      llvm::consumeError(layout.takeError());
      return {};
    }
    layout->minorToMajor.assign(order.begin(), order.end());
    if (llvm::Error err = layout->verify()) {
      llvm::consumeError(std::move(err));
      continue;
    }
    // A layout must compile for the shape (padding can overflow 64 bits).
    llvm::Expected<BufferIndexing> indexing =
        BufferIndexing::compile(*layout, shape);
    if (!indexing) {
      llvm::consumeError(indexing.takeError());
      continue;
    }
    candidates.push_back(TiledLayoutAttr::get(getContext(), *layout));
  }
  return candidates;
}

int64_t TargetAttr::getMemoryCapacity(int64_t space) const {
  return getDescription().getCapacity(space);
}

std::string TargetAttr::getMemorySpaceLabel(int64_t space) const {
  llvm::StringRef name = ::mlir::tlayout::tpu::getMemorySpaceName(space);
  if (name.empty())
    return "S(" + std::to_string(space) + ")";
  return name.str();
}

TargetAttr TargetAttr::get(MLIRContext *context,
                           const TargetDescription &target) {
  return get(context, target.name, target.lanes, target.sublanes,
             target.hbmBytes, target.vmemBytes, target.smemBytes,
             target.cmemBytes, target.hostBytes);
}

TargetDescription TargetAttr::getDescription() const {
  TargetDescription target;
  target.name = getPreset();
  target.lanes = getLanes();
  target.sublanes = getSublanes();
  target.hbmBytes = getHbm();
  target.vmemBytes = getVmem();
  target.smemBytes = getSmem();
  target.cmemBytes = getCmem();
  target.hostBytes = getHost();
  return target;
}

LogicalResult TargetAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                 StringRef preset, int64_t lanes,
                                 int64_t sublanes, int64_t hbm, int64_t vmem,
                                 int64_t smem, int64_t cmem, int64_t host) {
  // The tiling rules multiply lanes and sublanes by the elements packed in a
  // word, and the tiles they make must be valid tiles: both are bounded.
  constexpr int64_t maxDim = ::mlir::tlayout::tpu::kMaxRegisterDim;
  for (auto [name, value] :
       {std::pair<StringRef, int64_t>{"lanes", lanes}, {"sublanes", sublanes}})
    if (value < 1 || value > maxDim)
      return emitError() << name << " (" << value << ") must be from 1 to "
                         << maxDim;
  for (auto [name, value] : {std::pair<StringRef, int64_t>{"hbm", hbm},
                             {"vmem", vmem},
                             {"smem", smem},
                             {"cmem", cmem},
                             {"host", host}})
    if (value < 0)
      return emitError() << "the capacity of " << name << " (" << value
                         << ") must not be negative";
  return success();
}

Attribute TargetAttr::parse(AsmParser &parser, Type) {
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseLess())
    return {};
  std::string preset;
  bool named = succeeded(parser.parseOptionalString(&preset));
  if (!named)
    preset = ::mlir::tlayout::tpu::getDefaultPreset().name.str();
  std::optional<TargetDescription> target =
      ::mlir::tlayout::tpu::getPreset(preset);
  if (!target) {
    parser.emitError(loc) << "unknown TPU preset \"" << preset
                          << "\"; expected one of "
                          << ::mlir::tlayout::tpu::getPresetNames();
    return {};
  }
  auto parseField = [&]() -> ParseResult {
    SMLoc at = parser.getCurrentLocation();
    StringRef key;
    int64_t value;
    if (parser.parseKeyword(&key) || parser.parseEqual() ||
        parser.parseInteger(value))
      return failure();
    int64_t *field = llvm::StringSwitch<int64_t *>(key)
                         .Case("lanes", &target->lanes)
                         .Case("sublanes", &target->sublanes)
                         .Case("hbm", &target->hbmBytes)
                         .Case("vmem", &target->vmemBytes)
                         .Case("smem", &target->smemBytes)
                         .Case("cmem", &target->cmemBytes)
                         .Case("host", &target->hostBytes)
                         .Default(nullptr);
    if (!field)
      return parser.emitError(at)
             << "unknown TPU target field '" << key
             << "'; expected lanes, sublanes, hbm, vmem, smem, cmem or host";
    *field = value;
    return success();
  };
  bool first = !named;
  while (true) {
    if (first) {
      first = false;
      if (succeeded(parser.parseOptionalGreater()))
        break;
    } else {
      if (succeeded(parser.parseOptionalGreater()))
        break;
      if (parser.parseComma())
        return {};
    }
    if (parseField())
      return {};
  }
  target->name = StringAttr::get(parser.getContext(), preset).getValue();
  return getChecked([&] { return parser.emitError(loc); }, parser.getContext(),
                    target->name, target->lanes, target->sublanes,
                    target->hbmBytes, target->vmemBytes, target->smemBytes,
                    target->cmemBytes, target->hostBytes);
}

void TargetAttr::print(AsmPrinter &printer) const {
  printer << "<\"" << getPreset() << "\", lanes = " << getLanes()
          << ", sublanes = " << getSublanes() << ", hbm = " << getHbm()
          << ", vmem = " << getVmem() << ", smem = " << getSmem()
          << ", cmem = " << getCmem() << ", host = " << getHost() << ">";
}

//===----------------------------------------------------------------------===//
// MemorySpaceAttr
//===----------------------------------------------------------------------===//

LogicalResult
MemorySpaceAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                        int64_t value) {
  if (::mlir::tlayout::tpu::getMemorySpaceName(value).empty())
    return emitError() << "memory space " << value
                       << " is not a named TPU memory space";
  return success();
}

/// The named spaces, comma-separated (for messages).
static std::string namedSpaceList() {
  std::string names;
  for (const ::mlir::tlayout::tpu::NamedMemorySpace &space :
       ::mlir::tlayout::tpu::getNamedMemorySpaces())
    names += (names.empty() ? "" : ", ") + space.name.str();
  return names;
}

Attribute MemorySpaceAttr::parse(AsmParser &parser, Type) {
  if (parser.parseLess())
    return {};
  SMLoc loc = parser.getCurrentLocation();
  StringRef name;
  if (failed(parser.parseOptionalKeyword(&name))) {
    parser.emitError(loc) << "expected a TPU memory space name ("
                          << namedSpaceList()
                          << "); a numbered space is #tlayout.memory_space<n>";
    return {};
  }
  std::optional<int64_t> value =
      ::mlir::tlayout::tpu::getMemorySpaceNumber(name);
  if (!value) {
    parser.emitError(loc) << "unknown TPU memory space '" << name
                          << "'; expected one of " << namedSpaceList();
    return {};
  }
  if (parser.parseGreater())
    return {};
  return getChecked([&] { return parser.emitError(loc); }, parser.getContext(),
                    *value);
}

void MemorySpaceAttr::print(AsmPrinter &printer) const {
  printer << '<' << ::mlir::tlayout::tpu::getMemorySpaceName(getValue()) << '>';
}

//===----------------------------------------------------------------------===//
// Helpers of the TPU passes
//===----------------------------------------------------------------------===//

FailureOr<TargetDescription> mlir::tlayout::tpu::getTargetDescription(
    Operation *module, ::mlir::tlayout::tpu::PresetChoice choice) {
  // The option's parser admits only the presets of the table.
  if (std::optional<TargetDescription> preset =
          ::mlir::tlayout::tpu::getPreset(choice))
    return *preset;
  if (Attribute attr = module->getAttr(kTargetAttrName)) {
    if (auto target = dyn_cast<TargetAttr>(attr))
      return target.getDescription();
    return module->emitError()
           << kTargetAttrName << " must be a #tlayout_tpu.target, got " << attr;
  }
  return ::mlir::tlayout::tpu::getDefaultPreset();
}

std::optional<int64_t>
mlir::tlayout::tpu::getMemorySpaceNumber(Attribute space) {
  if (!space)
    return 0;
  if (auto number = dyn_cast<IntegerAttr>(space))
    return number.getInt();
  if (auto numbered = dyn_cast<MemorySpaceAttrInterface>(space))
    return numbered.getMemorySpaceNumber();
  return std::nullopt;
}

std::string mlir::tlayout::tpu::getMemorySpaceDisplayName(int64_t space) {
  StringRef name = ::mlir::tlayout::tpu::getMemorySpaceName(space);
  return name.empty() ? "memory space " + std::to_string(space) : name.str();
}
