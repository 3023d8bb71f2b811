//===- tlayout-inspect.cpp - Explore a layout from an HLO dump ------------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// Reads an XLA shape with its layout (`bf16[8,128]{1,0:T(8,128)(2,1)S(1)}`)
// or an MLIR memref type with a #tlayout.tiled or #tlayout.dims layout and
// prints what a person debugging layouts wants to know: the memref type, the
// physical shape after each tile level, sizes, the padding ratio, the maps
// and their inverse, the layout in the other model, contiguity and vector
// widths; the offset of logical indices, the index stored at offsets, a
// drawing of the placement (text or SVG), or all of it as JSON.
//
//===----------------------------------------------------------------------===//

#include "InspectSupport.h"
#include "LayoutDrawing.h"

#include "tlayout/Core/BufferIndexing.h"
#include "tlayout/Core/DimsLayout.h"
#include "tlayout/Core/LayoutAnalysis.h"
#include "tlayout/Core/XlaShape.h"
#include "tlayout/Dialect/TLayout/IR/TLayoutAttrs.h"
#include "tlayout/Dialect/TLayout/IR/TLayoutDialect.h"
#include "tlayout/Target/TPU/IR/TpuDialect.h"
#include "tlayout/Target/TPU/TpuTarget.h"
#include "tlayout/Target/TPU/TpuTiling.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

using namespace tlayout;
using namespace tlayout::inspect;
namespace cl = llvm::cl;

/// The tool's own options; `--help` shows only these, not LLVM's.
static cl::OptionCategory inspectCategory("tlayout-inspect options");

static cl::opt<std::string> input(cl::Positional, cl::Required,
                                  cl::desc("<XLA shape or MLIR memref type>"),
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
                        "row-major order, on one line"),
               cl::cat(inspectCategory));
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
static cl::opt<bool> json("json", cl::desc("Print everything as JSON"),
                          cl::cat(inspectCategory));
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

/// The layout as physical dimensions, when the input gave it that way
/// (`#tlayout.dims`); the XlaShape's layout is unused then.
static std::optional<llvm::SmallVector<PhysDim, 4>> inputDims;

//===----------------------------------------------------------------------===//
// Input: an XLA shape, or an MLIR memref type
//===----------------------------------------------------------------------===//

namespace {
/// An XLA element type and the MLIR element type it is written as.
/// Integers print signless; an unsigned XLA type is read back from
/// `ui<N>`.
struct TypeName {
  ElementType type;
  const char *mlir;
  bool isUnsigned;
};
} // namespace

static constexpr TypeName typeNames[] = {
    {ElementType::Pred, "i1", false},
    {ElementType::Pred, "i1", true},
    {ElementType::S2, "i2", false},
    {ElementType::U2, "i2", true},
    {ElementType::S4, "i4", false},
    {ElementType::U4, "i4", true},
    {ElementType::S8, "i8", false},
    {ElementType::U8, "i8", true},
    {ElementType::S16, "i16", false},
    {ElementType::U16, "i16", true},
    {ElementType::S32, "i32", false},
    {ElementType::U32, "i32", true},
    {ElementType::S64, "i64", false},
    {ElementType::U64, "i64", true},
    {ElementType::F8E4M3FN, "f8E4M3FN", false},
    {ElementType::F8E5M2, "f8E5M2", false},
    {ElementType::BF16, "bf16", false},
    {ElementType::F16, "f16", false},
    {ElementType::F32, "f32", false},
    {ElementType::F64, "f64", false},
    {ElementType::C64, "complex<f32>", false},
    {ElementType::C128, "complex<f64>", false},
};

static std::optional<ElementType> fromMlirType(mlir::Type type) {
  std::string name;
  llvm::raw_string_ostream os(name);
  type.print(os);
  // `ui8` and `si8` read as `i8`, unsigned or not.
  bool isUnsigned = type.isUnsignedInteger();
  if (isUnsigned || type.isSignedInteger())
    name.erase(0, 1);
  for (const TypeName &row : typeNames)
    if (name == row.mlir && row.isUnsigned == isUnsigned)
      return row.type;
  return std::nullopt;
}

static std::string toMlirTypeName(ElementType type) {
  for (const TypeName &row : typeNames)
    if (row.type == type)
      return row.mlir;
  llvm_unreachable("every element type has an MLIR name");
}

/// Parses an MLIR memref type into an XlaShape.
static XlaShape parseMemRef(llvm::StringRef text) {
  mlir::DialectRegistry registry;
  registry.insert<mlir::tlayout::TLayoutDialect,
                  mlir::tlayout::tpu::TLayoutTpuDialect>();
  mlir::MLIRContext context(registry);
  context.loadAllAvailableDialects();
  std::string message;
  unsigned column = 0;
  mlir::ScopedDiagnosticHandler handler(&context, [&](mlir::Diagnostic &diag) {
    if (message.empty()) {
      message = diag.str();
      if (auto loc = llvm::dyn_cast<mlir::FileLineColLoc>(diag.getLocation()))
        column = loc.getColumn();
    }
    return mlir::success();
  });
  size_t numRead = 0;
  mlir::Type type = mlir::parseType(text, &context, &numRead);
  if (!type)
    fail("column " + llvm::Twine(column) + ": " + message);
  if (numRead != text.size())
    fail("column " + llvm::Twine(numRead + 1) +
         ": unexpected text after the type");
  auto memref = llvm::dyn_cast<mlir::MemRefType>(type);
  if (!memref)
    fail("column 1: expected a memref type, got '" + text + "'");
  XlaShape shape;
  std::optional<ElementType> element = fromMlirType(memref.getElementType());
  if (!element)
    fail("column 1: element type has no XLA equivalent");
  shape.elementType = *element;
  shape.dims.assign(memref.getShape().begin(), memref.getShape().end());
  if (auto view = llvm::dyn_cast<mlir::tlayout::LayoutAttrInterface>(
          memref.getLayout());
      view && view.isView())
    fail("column 1: a view's layout places its parent; inspect the parent's "
         "memref type");
  if (auto tiled = mlir::tlayout::getTiledLayout(memref)) {
    shape.layout = tiled.getLayout();
  } else if (auto dims = llvm::dyn_cast<mlir::tlayout::DimsLayoutAttr>(
                 memref.getLayout())) {
    inputDims.emplace(dims.getDims().begin(), dims.getDims().end());
    shape.layout = TiledLayout::rowMajor(memref.getRank());
    // The XLA text has no physical dimensions: print the bare shape.
    shape.hasExplicitLayout = false;
  } else if (memref.getLayout().isIdentity()) {
    shape.layout = TiledLayout::rowMajor(memref.getRank());
  } else {
    fail("column 1: only #tlayout.tiled, #tlayout.dims and identity layouts "
         "can be inspected");
  }
  if (!inputDims)
    shape.hasExplicitLayout = true;
  if (mlir::Attribute space = memref.getMemorySpace()) {
    if (auto named =
            llvm::dyn_cast<mlir::tlayout::MemorySpaceAttrInterface>(space))
      shape.layout.memorySpace = named.getMemorySpaceNumber();
    else if (auto number = llvm::dyn_cast<mlir::IntegerAttr>(space))
      shape.layout.memorySpace = number.getInt();
  }
  if (llvm::Error err =
          shape.layout.verify(shape.dims, getMinimumBits(shape.elementType)))
    fail("column 1: " + llvm::toString(std::move(err)));
  return shape;
}

static XlaShape parseInput(llvm::StringRef text) {
  if (text.trim().starts_with("memref<"))
    return parseMemRef(text.trim());
  llvm::Expected<XlaShape> shape = XlaShape::parse(text);
  if (!shape)
    fail(llvm::toString(shape.takeError()));
  return std::move(*shape);
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

/// Fails saying that `what` needs the sizes of the dynamic dimensions and
/// how to give them.
[[noreturn]] static void failNeedingSizes(const XlaShape &shape,
                                          llvm::StringRef what) {
  int64_t count = llvm::count(shape.dims, kDynamicSize);
  std::string example = "n";
  for (int64_t i = 1; i < count; ++i)
    example += ",n";
  fail(what +
       (count == 1 ? " needs the size of dynamic "
                   : " needs the sizes of dynamic ") +
       dynamicDimsText(shape.dims) +
       (count == 1 ? ": give it" : ": give them") + " with --sizes " + example);
}

/// The sizes `--sizes` gave, e.g. `dimension 0 = 40`.
static std::string givenSizes;

/// Replaces the dynamic dimensions of `shape` by the sizes `--sizes` gives,
/// one per dynamic dimension in order.
static void bindDynamicSizes(XlaShape &shape) {
  if (sizesOpt.getNumOccurrences() == 0)
    return;
  int64_t count = llvm::count(shape.dims, kDynamicSize);
  if (count == 0)
    fail("--sizes gives the sizes of dynamic ('?') dimensions, but " +
         shape.str() + " has none");
  llvm::SmallVector<int64_t, 4> sizes = parseList(sizesOpt, "--sizes");
  if (int64_t(sizes.size()) != count)
    fail("--sizes has " + llvm::Twine(sizes.size()) + " value" +
         (sizes.size() == 1 ? "" : "s") + " but the shape has " +
         llvm::Twine(count) + " dynamic " +
         (count == 1 ? "dimension" : "dimensions") + " (" +
         dynamicDimsText(shape.dims) + ")");
  auto size = sizes.begin();
  for (auto [i, d] : llvm::enumerate(shape.dims)) {
    if (d != kDynamicSize)
      continue;
    if (*size < 0)
      fail("--sizes: size " + llvm::Twine(*size) + " of dimension " +
           llvm::Twine(i) + " is negative");
    givenSizes += (givenSizes.empty() ? "dimension " : ", dimension ") +
                  std::to_string(i) + " = " + std::to_string(*size);
    d = *size++;
  }
}

//===----------------------------------------------------------------------===//
// Report
//===----------------------------------------------------------------------===//

static std::string memrefTypeOf(const XlaShape &shape) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << "memref<";
  for (int64_t d : shape.dims)
    os << (d == kDynamicSize ? std::string("?") : std::to_string(d)) << 'x';
  os << toMlirTypeName(shape.elementType);
  TiledLayout layout = shape.layout;
  int64_t space = layout.memorySpace;
  layout.memorySpace = 0;
  if (inputDims)
    os << ", #tlayout.dims<" << printPhysDims(*inputDims) << ">";
  else
    os << ", #tlayout.tiled<" << layout.str() << ">";
  if (space != 0) {
    llvm::StringRef name = ::tlayout::tpu::getMemorySpaceName(space);
    if (name.empty())
      os << ", #tlayout.memory_space<" << space << ">";
    else
      os << ", #tlayout_tpu.memory_space<" << name << ">";
  }
  os << ">";
  return s;
}

static std::string joinExprs(llvm::ArrayRef<IndexExpr> exprs) {
  std::string s;
  llvm::raw_string_ostream os(s);
  llvm::interleaveComma(exprs, os);
  return s;
}

/// `affine_map<(d0, d1)[s0, s1] -> (...)>` for the given results.
static std::string affineMapText(unsigned rank, bool dynamic,
                                 llvm::ArrayRef<IndexExpr> results) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << "affine_map<(";
  for (unsigned i = 0; i < rank; ++i)
    os << (i ? ", " : "") << 'd' << i;
  os << ')';
  if (dynamic) {
    os << '[';
    for (unsigned i = 0; i < rank; ++i)
      os << (i ? ", " : "") << 's' << i;
    os << ']';
  }
  os << " -> (" << joinExprs(results) << ")>";
  return s;
}

//===----------------------------------------------------------------------===//
// Main
//===----------------------------------------------------------------------===//

int main(int argc, char **argv) {
  cl::HideUnrelatedOptions(inspectCategory);
  cl::ParseCommandLineOptions(
      argc, argv,
      "tlayout-inspect: explore an XLA layout\n\n"
      "  tlayout-inspect 'bf16[8,1,1280,16384]{3,2,0,1:T(8,128)(2,1)S(1)}'\n"
      "  tlayout-inspect 'f32[3,5]{1,0:T(2,2)}' --index 2,3 --offset 19\n"
      "  tlayout-inspect 'memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>' "
      "--draw\n"
      "  tlayout-inspect 'f32[?,128]{1,0:T(8,128)}' --sizes 40 --svg x.svg\n");
  XlaShape shape = parseInput(input);
  bindDynamicSizes(shape);
  if (tpuLayout) {
    inputDims.reset();
    tpu::TilingOptions options;
    options.lanes = lanes;
    options.sublanes = sublanes;
    int64_t bits = shape.layout.elementSizeInBits
                       ? shape.layout.elementSizeInBits
                       : getMinimumBits(shape.elementType);
    llvm::Expected<TiledLayout> layout =
        tpu::getDefaultLayout(shape.dims, bits, options);
    if (!layout)
      fail(llvm::toString(layout.takeError()));
    layout->memorySpace = shape.layout.memorySpace;
    shape.layout = std::move(*layout);
    shape.hasExplicitLayout = true;
  }
  llvm::Expected<BufferIndexing> compiled =
      inputDims ? BufferIndexing::compile(*inputDims, shape.dims)
                : BufferIndexing::compile(shape.layout, shape.dims);
  if (!compiled)
    fail(llvm::toString(compiled.takeError()));
  const BufferIndexing &indexing = *compiled;
  Footprint footprint = getFootprint(indexing, shape.getElementBits());
  unsigned rank = shape.dims.size();
  bool dynamic = !indexing.hasStaticShape();

  if (dynamic) {
    if (!indexOpts.empty() || !offsetOpts.empty())
      failNeedingSizes(shape, indexOpts.empty() ? "--offset" : "--index");
    if (allOffsets)
      failNeedingSizes(shape, "--all-offsets");
    if (draw || !svgFile.empty())
      failNeedingSizes(shape, "drawing");
  }

  // Requested offsets and indices.
  std::vector<std::string> offsetLines, indexLines;
  llvm::json::Array offsetsJson, indicesJson;
  for (const std::string &text : indexOpts) {
    llvm::SmallVector<int64_t, 4> index = parseList(text, "--index");
    llvm::Expected<int64_t> offset = indexing.offsetOf(index);
    if (!offset)
      fail(llvm::toString(offset.takeError()));
    offsetLines.push_back(std::to_string(*offset));
    offsetsJson.push_back(*offset);
  }
  for (int64_t offset : offsetOpts) {
    auto index = indexing.indexAt(offset);
    if (!index)
      fail(llvm::toString(index.takeError()));
    if (*index) {
      indexLines.push_back(indexText(**index));
      indicesJson.push_back(llvm::json::Array(
          llvm::ArrayRef<int64_t>((*index)->begin(), (*index)->end())));
    } else {
      indexLines.push_back("padding");
      indicesJson.push_back("padding");
    }
  }

  // The analyses and the layout in the other model.
  llvm::SmallVector<Contiguity, 4> contiguity = getContiguity(indexing);
  std::string contiguityText = "[";
  for (auto [i, c] : llvm::enumerate(contiguity))
    contiguityText +=
        (i ? ", " : "") + c.length.str() + (c.wholeDimension ? " (whole)" : "");
  contiguityText += "]";
  std::string inverseText;
  {
    const InverseMap &inverse = indexing.getInverse();
    llvm::raw_string_ostream os(inverseText);
    os << "(";
    for (unsigned k = 0; k < indexing.getDims().size(); ++k)
      os << (k ? ", " : "") << 'd' << k;
    os << ") -> (" << joinExprs(inverse.logicalIndex) << ")";
    for (auto [i, guard] : llvm::enumerate(inverse.guards))
      os << (i ? " and " : " if ") << guard.first << " < " << guard.second;
  }
  // The layout as physical dimensions (given, or converted from XLA's), its
  // canonical form, and the layout in the model it was not given in.
  std::optional<llvm::SmallVector<PhysDim, 4>> dims = inputDims;
  std::string otherModel = "none", canonicalText = "none";
  if (inputDims) {
    if (std::optional<TiledLayout> tiled = toTiledLayout(*dims, shape.dims))
      otherModel = "#tlayout.tiled<" + tiled->str() + ">";
  } else {
    TiledLayout layout = shape.layout;
    layout.memorySpace = 0;
    dims = toPhysDims(layout, shape.dims);
    if (dims)
      otherModel = "#tlayout.dims<" + printPhysDims(*dims) + ">";
  }
  if (dims) {
    llvm::Expected<llvm::SmallVector<PhysDim, 4>> canonical =
        canonicalizePhysDims(*dims, shape.dims);
    if (!canonical)
      fail(llvm::toString(canonical.takeError()));
    canonicalText = "#tlayout.dims<" + printPhysDims(*canonical) + ">";
  }
  std::string physicalMap =
      affineMapText(rank, dynamic, indexing.getPhysicalIndices());
  std::string offsetMap = affineMapText(rank, dynamic, {indexing.getOffset()});

  if (allOffsets) {
    llvm::SmallVector<int64_t, 4> index(rank, 0);
    int64_t count = 1;
    for (int64_t d : shape.dims)
      count *= d;
    for (int64_t n = 0; n < count; ++n) {
      int64_t rest = n;
      for (unsigned i = rank; i-- > 0;) {
        index[i] = rest % shape.dims[i];
        rest /= shape.dims[i];
      }
      llvm::Expected<int64_t> offset = indexing.offsetOf(index);
      if (!offset)
        fail(llvm::toString(offset.takeError()));
      llvm::outs() << (n ? " " : "") << *offset;
    }
    llvm::outs() << "\n";
    return 0;
  }

  if (!widestVector.empty() || !tileContiguous.empty()) {
    if (!widestVector.empty()) {
      llvm::SmallVector<int64_t, 4> args =
          parseList(widestVector, "--widest-vector");
      if (args.size() != 2 || args[0] < 0 || args[0] >= int64_t(rank) ||
          args[1] < 1)
        fail("--widest-vector needs a dimension below the rank and a "
             "positive alignment: dim,alignment");
      int64_t width = getWidestVector(indexing, args[0], args[1]);
      llvm::outs() << (width == kUnboundedWidth ? std::string("unbounded")
                                                : std::to_string(width))
                   << "\n";
    }
    if (!tileContiguous.empty()) {
      llvm::SmallVector<int64_t, 4> tile =
          parseList(tileContiguous, "--tile-contiguous");
      if (tile.size() != rank ||
          llvm::any_of(tile, [](int64_t t) { return t < 1; }))
        fail("--tile-contiguous needs " + llvm::Twine(rank) +
             " positive tile sizes");
      llvm::outs() << (isTileContiguous(indexing, tile) ? "contiguous"
                                                        : "not contiguous")
                   << "\n";
    }
    return 0;
  }

  if (json) {
    llvm::json::Object out;
    out["shape"] = shape.str();
    out["memref"] = memrefTypeOf(shape);
    out["element_bits"] = shape.getElementBits();
    llvm::json::Array levels;
    for (const auto &level : indexing.getLevelShapes()) {
      llvm::json::Array dims;
      for (const IndexExpr &e : level) {
        if (std::optional<int64_t> c = e.getConstant())
          dims.push_back(*c);
        else
          dims.push_back(e.str());
      }
      levels.push_back(std::move(dims));
    }
    out["levels"] = std::move(levels);
    auto value = [](const IndexExpr &e) -> llvm::json::Value {
      if (std::optional<int64_t> c = e.getConstant())
        return *c;
      return e.str();
    };
    out["logical_elements"] = value(footprint.logicalElements);
    out["physical_elements"] = value(footprint.physicalElements);
    out["logical_bytes"] = value(footprint.logicalBytes);
    out["physical_bytes"] = value(footprint.physicalBytes);
    if (footprint.paddingRatio)
      out["padding_ratio"] = *footprint.paddingRatio;
    out["physical_index_map"] = physicalMap;
    out["offset_map"] = offsetMap;
    out["inverse_map"] = inverseText;
    llvm::json::Array runs;
    for (const Contiguity &c : contiguity) {
      llvm::json::Object run;
      run["length"] = value(c.length);
      run["whole_dimension"] = c.wholeDimension;
      runs.push_back(std::move(run));
    }
    out["contiguity"] = std::move(runs);
    out[inputDims ? "as_xla" : "as_dims"] = otherModel;
    out["canonical_dims"] = canonicalText;
    if (!indexOpts.empty())
      out["offsets"] = std::move(offsetsJson);
    if (!offsetOpts.empty())
      out["indices"] = std::move(indicesJson);
    llvm::outs() << llvm::formatv("{0:2}", llvm::json::Value(std::move(out)))
                 << "\n";
  } else if (!indexOpts.empty() || !offsetOpts.empty()) {
    for (const std::string &line : offsetLines)
      llvm::outs() << line << "\n";
    for (const std::string &line : indexLines)
      llvm::outs() << line << "\n";
  } else if (!draw && svgFile.empty()) {
    llvm::raw_ostream &os = llvm::outs();
    os << "shape:              " << shape.str() << "\n";
    if (!givenSizes.empty())
      os << "dynamic sizes:      " << givenSizes << " (--sizes)\n";
    os << "memref:             " << memrefTypeOf(shape) << "\n";
    os << "element size:       " << shape.getElementBits() << " bits\n";
    os << "physical shape:\n";
    auto levels = indexing.getLevelShapes();
    for (auto [i, level] : llvm::enumerate(levels)) {
      std::string label = inputDims ? std::string("physical dims")
                          : i == 0
                              ? std::string("minor_to_major")
                              : "after T" + tileText(shape.layout.tiles[i - 1]);
      os << "  " << llvm::left_justify(label, 18) << "[" << joinExprs(level)
         << "]\n";
    }
    os << "logical elements:   " << footprint.logicalElements << "\n";
    os << "physical elements:  " << footprint.physicalElements;
    if (shape.layout.tailPaddingAlignment != 1)
      os << " (tail padded to a multiple of "
         << shape.layout.tailPaddingAlignment << ")";
    os << "\n";
    os << "logical bytes:      " << footprint.logicalBytes << "\n";
    os << "physical bytes:     " << footprint.physicalBytes << "\n";
    if (footprint.paddingRatio)
      os << "padding ratio:      "
         << llvm::format("%.3f", *footprint.paddingRatio) << "x\n";
    os << "physical index map: " << physicalMap << "\n";
    os << "offset map:         " << offsetMap << "\n";
    os << "inverse map:        " << inverseText << "\n";
    os << "contiguity:         " << contiguityText << "\n";
    os << (inputDims ? "as XLA:             " : "as dims:            ")
       << otherModel << "\n";
    os << "canonical dims:     " << canonicalText << "\n";
  }

  if (draw || !svgFile.empty()) {
    DrawRequest request{shape, indexing, inputDims, sliceDims, sliceAt};
    if (draw)
      printTextDrawing(request, llvm::outs());
    if (!svgFile.empty())
      writeSvgDrawing(request, svgFile);
  }
  return 0;
}
