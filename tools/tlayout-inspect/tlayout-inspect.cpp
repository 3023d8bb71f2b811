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

#include "tlayout/Core/BufferIndexing.h"
#include "tlayout/Core/DimsLayout.h"
#include "tlayout/Core/LayoutAnalysis.h"
#include "tlayout/Core/XlaShape.h"
#include "tlayout/Dialect/TLayout/IR/TLayoutAttrs.h"
#include "tlayout/Dialect/TLayout/IR/TLayoutDialect.h"
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

#include <map>

using namespace tlayout;
namespace cl = llvm::cl;

static cl::opt<std::string> input(cl::Positional, cl::Required,
                                  cl::desc("<XLA shape or MLIR memref type>"));
static cl::list<std::string>
    indexOpts("index", cl::desc("Print the offset of a logical index (i,j,..)"),
              cl::value_desc("i,j,..."));
static cl::list<int64_t>
    offsetOpts("offset", cl::desc("Print the logical index at an offset"),
               cl::value_desc("n"));
static cl::opt<bool> draw("draw",
                          cl::desc("Draw the offsets of a 2-D (slice of the) "
                                   "array and the physical buffer"));
static cl::opt<std::string>
    svgFile("svg", cl::desc("Write the drawing as SVG to a file"),
            cl::value_desc("file"));
static cl::opt<std::string>
    sliceDims("dims",
              cl::desc("The two dimensions to draw (rows,cols); "
                       "default: the two last"),
              cl::value_desc("r,c"));
static cl::opt<std::string>
    sliceAt("at",
            cl::desc("Indices of the dimensions not drawn (a full index; "
                     "the drawn ones are ignored)"),
            cl::value_desc("i,j,..."));
static cl::opt<bool> json("json", cl::desc("Print everything as JSON"));
static cl::opt<bool>
    tpuLayout("tpu-layout",
              cl::desc("Give the array the emulated TPU's default layout "
                       "(keeping its memory space) before inspecting it"));
static cl::opt<int64_t> lanes("lanes", cl::desc("TPU lanes for --tpu-layout"),
                              cl::init(128));
static cl::opt<int64_t> sublanes("sublanes",
                                 cl::desc("TPU sublanes for --tpu-layout"),
                                 cl::init(8));
static cl::opt<bool>
    allOffsets("all-offsets",
               cl::desc("Print the offset of every logical index, in "
                        "row-major order, on one line"));

static cl::opt<std::string> widestVector(
    "widest-vector",
    cl::desc("Print the widest contiguous vector along a dimension from "
             "starts that are multiples of an alignment: dim,alignment"));
static cl::opt<std::string> tileContiguous(
    "tile-contiguous",
    cl::desc("Print whether every aligned tile of these sizes (one per "
             "dimension) is one contiguous range of the buffer"));

/// The layout as physical dimensions, when the input gave it that way
/// (`#tlayout.dims`); the XlaShape's layout is unused then.
static std::optional<llvm::SmallVector<PhysDim, 4>> inputDims;

/// Fails with one line `tlayout-inspect: error: <message>` and exit code 1.
[[noreturn]] static void fail(const llvm::Twine &message) {
  llvm::errs() << "tlayout-inspect: error: " << message << "\n";
  std::exit(1);
}

static llvm::SmallVector<int64_t, 4> parseList(llvm::StringRef text,
                                               llvm::StringRef what) {
  llvm::SmallVector<int64_t, 4> values;
  llvm::SmallVector<llvm::StringRef> parts;
  text.trim().trim("()[]").split(parts, ',', -1, false);
  for (llvm::StringRef part : parts) {
    int64_t v;
    if (part.trim().getAsInteger(10, v))
      fail("invalid " + what + " '" + text + "': expected integers i,j,...");
    values.push_back(v);
  }
  return values;
}

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
  registry.insert<mlir::tlayout::TLayoutDialect>();
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
    if (auto named = llvm::dyn_cast<mlir::tlayout::MemorySpaceAttr>(space))
      shape.layout.memorySpace = named.getValue();
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
    llvm::StringRef name = mlir::tlayout::MemorySpaceAttr::getName(space);
    os << ", #tlayout.memory_space<"
       << (name.empty() ? std::to_string(space) : name.str()) << ">";
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

static std::string tileText(const Tile &tile) {
  std::string s = "(";
  for (auto [i, d] : llvm::enumerate(tile.dims))
    s += (i ? "," : "") +
         (d == Tile::kCombine ? std::string("*") : std::to_string(d));
  return s + ")";
}

static std::string indexText(llvm::ArrayRef<int64_t> index) {
  std::string s = "(";
  for (auto [i, v] : llvm::enumerate(index))
    s += (i ? "," : "") + std::to_string(v);
  return s + ")";
}

//===----------------------------------------------------------------------===//
// Drawing
//===----------------------------------------------------------------------===//

namespace {
/// A 2-D slice of the array: what each logical cell holds, and the physical
/// buffer cell by cell.
struct Drawing {
  unsigned rowDim = 0, colDim = 0;
  int64_t rows = 1, cols = 1;
  /// Offset of each logical cell (row-major over the slice).
  std::vector<int64_t> offsets;
  /// First-level tile of each logical cell.
  std::vector<int64_t> tiles;
  /// The physical buffer: the logical index at each offset, or none.
  std::vector<std::optional<llvm::SmallVector<int64_t, 4>>> memory;
  /// Cells per row when drawing the buffer.
  int64_t memoryWidth = 1;
  /// First-level tile of each logical index in the whole array.
  std::map<llvm::SmallVector<int64_t, 4>, int64_t> tileOf;
};
} // namespace

static Drawing makeDrawing(const XlaShape &shape,
                           const BufferIndexing &indexing) {
  Drawing d;
  unsigned rank = shape.dims.size();
  if (!indexing.hasStaticShape())
    fail("drawing needs a static shape");
  std::optional<int64_t> total = indexing.getNumElements().getConstant();
  if (!total || *total > 65536)
    fail("the buffer is too large to draw (more than 65536 elements); draw a "
         "smaller shape");
  if (rank == 0) {
    d.rows = d.cols = 1;
  } else if (!sliceDims.empty()) {
    llvm::SmallVector<int64_t, 4> pair = parseList(sliceDims, "--dims");
    if (pair.size() != 2 || pair[0] < 0 || pair[1] < 0 ||
        pair[0] >= int64_t(rank) || pair[1] >= int64_t(rank) ||
        pair[0] == pair[1])
      fail("--dims needs two different dimensions below the rank");
    d.rowDim = pair[0];
    d.colDim = pair[1];
  } else if (rank == 1) {
    d.rowDim = d.colDim = 0;
  } else {
    d.rowDim = rank - 2;
    d.colDim = rank - 1;
  }
  if (rank >= 1) {
    d.cols = shape.dims[d.colDim];
    d.rows = rank == 1 ? 1 : shape.dims[d.rowDim];
  }
  llvm::SmallVector<int64_t, 4> base(rank, 0);
  if (!sliceAt.empty()) {
    base = parseList(sliceAt, "--at");
    if (base.size() != rank)
      fail("--at needs " + llvm::Twine(rank) + " indices");
  }
  // First-level tiles: offsets under the first tile alone, divided by its
  // size.
  TiledLayout first = shape.layout;
  first.tiles.resize(std::min<size_t>(first.tiles.size(), 1));
  first.tailPaddingAlignment = 1;
  int64_t tileSize = 1;
  if (!first.tiles.empty())
    for (int64_t t : first.tiles.front().dims)
      if (t != Tile::kCombine)
        tileSize *= t;
  // Physical dimensions: a tile is the block the fixed-size entries span.
  if (inputDims)
    for (const PhysDim &dim : *inputDims)
      if (dim.kind != PhysDim::Kind::Dynamic)
        tileSize *= dim.size;
  llvm::Expected<BufferIndexing> firstIndexing =
      inputDims ? BufferIndexing::compile(*inputDims, shape.dims)
                : BufferIndexing::compile(first, shape.dims);
  if (!firstIndexing)
    fail(llvm::toString(firstIndexing.takeError()));
  auto tileOf = [&](llvm::ArrayRef<int64_t> index) {
    return *firstIndexing->offsetOf(index) / tileSize;
  };
  for (int64_t r = 0; r < d.rows; ++r)
    for (int64_t c = 0; c < d.cols; ++c) {
      llvm::SmallVector<int64_t, 4> index = base;
      if (rank >= 1) {
        index[d.colDim] = c;
        if (rank >= 2)
          index[d.rowDim] = r;
      }
      llvm::Expected<int64_t> offset = indexing.offsetOf(index);
      if (!offset)
        fail(llvm::toString(offset.takeError()));
      d.offsets.push_back(*offset);
      d.tiles.push_back(tileOf(index));
    }
  for (int64_t o = 0; o < *total; ++o) {
    auto at = indexing.indexAt(o);
    if (!at)
      fail(llvm::toString(at.takeError()));
    if (*at)
      d.tileOf[**at] = tileOf(**at);
    d.memory.push_back(*at);
  }
  d.memoryWidth = std::max<int64_t>(1, std::min<int64_t>(tileSize, 32));
  if (first.tiles.empty())
    d.memoryWidth = std::max<int64_t>(1, std::min<int64_t>(d.cols, 32));
  return d;
}

static void printDrawing(const Drawing &d, llvm::raw_ostream &os) {
  int64_t width = 1;
  for (int64_t o : d.offsets)
    width = std::max<int64_t>(width, std::to_string(o).size());
  os << "offsets (rows: dimension " << d.rowDim << ", columns: dimension "
     << d.colDim << "; '|' and '-' mark first-level tile boundaries):\n";
  for (int64_t r = 0; r < d.rows; ++r) {
    if (r > 0) {
      // A horizontal rule under cells whose tile changes downwards.
      std::string rule;
      bool any = false;
      for (int64_t c = 0; c < d.cols; ++c) {
        bool boundary =
            d.tiles[r * d.cols + c] != d.tiles[(r - 1) * d.cols + c];
        any |= boundary;
        rule += std::string(width + 1, boundary ? '-' : ' ');
        rule += ' ';
      }
      if (any)
        os << "  " << llvm::StringRef(rule).rtrim() << "\n";
    }
    std::string line = "  ";
    for (int64_t c = 0; c < d.cols; ++c) {
      std::string cell = std::to_string(d.offsets[r * d.cols + c]);
      line += std::string(width - cell.size() + 1, ' ') + cell;
      bool boundary = c + 1 < d.cols &&
                      d.tiles[r * d.cols + c] != d.tiles[r * d.cols + c + 1];
      line += boundary ? '|' : ' ';
    }
    os << llvm::StringRef(line).rtrim() << "\n";
  }
  os << "memory (offset: logical index; '.' is padding):\n";
  for (size_t o = 0; o < d.memory.size(); ++o) {
    if (o % d.memoryWidth == 0)
      os << llvm::format("  %6lld:", static_cast<long long>(o));
    os << ' ' << (d.memory[o] ? indexText(*d.memory[o]) : std::string("."));
    if ((o + 1) % d.memoryWidth == 0 || o + 1 == d.memory.size())
      os << "\n";
  }
}

static std::string colorOf(int64_t tile) {
  // Distinct, readable fills: golden-angle hues.
  int hue = static_cast<int>((tile * 137) % 360);
  return "hsl(" + std::to_string(hue) + ",70%,80%)";
}

static void writeSvg(const Drawing &d, const XlaShape &shape,
                     llvm::StringRef path) {
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec, llvm::sys::fs::OF_Text);
  if (ec)
    fail("cannot write '" + path + "': " + ec.message());
  const int cell = 36, gap = 48, margin = 20, title = 48, charWidth = 7;
  const std::string leftCaption = "logical array (offsets)";
  const std::string rightCaption = "memory (logical index; grey = padding)";
  int64_t memRows = (d.memory.size() + d.memoryWidth - 1) / d.memoryWidth;
  int64_t leftW =
      std::max<int64_t>(d.cols * cell, leftCaption.size() * charWidth);
  int64_t rightW =
      std::max<int64_t>(d.memoryWidth * cell, rightCaption.size() * charWidth);
  int64_t width =
      std::max<int64_t>(margin * 2 + leftW + gap + rightW,
                        margin * 2 + shape.str().size() * charWidth);
  int64_t height =
      margin * 2 + title + std::max<int64_t>(d.rows, memRows) * cell;
  os << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << width
     << "\" height=\"" << height
     << "\" font-family=\"monospace\" font-size=\"11\">\n";
  os << "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
  os << "<text x=\"" << margin << "\" y=\"" << margin + 10
     << "\" font-weight=\"bold\">" << shape.str() << "</text>\n";
  os << "<text x=\"" << margin << "\" y=\"" << margin + 30 << "\">"
     << leftCaption << "</text>\n";
  os << "<text x=\"" << margin + leftW + gap << "\" y=\"" << margin + 30
     << "\">" << rightCaption << "</text>\n";
  int64_t top = margin + title;
  for (int64_t r = 0; r < d.rows; ++r)
    for (int64_t c = 0; c < d.cols; ++c) {
      int64_t x = margin + c * cell, y = top + r * cell;
      os << "<rect x=\"" << x << "\" y=\"" << y << "\" width=\"" << cell
         << "\" height=\"" << cell << "\" fill=\""
         << colorOf(d.tiles[r * d.cols + c])
         << "\" stroke=\"#555\" stroke-width=\"0.5\"/>\n";
      os << "<text x=\"" << x + cell / 2 << "\" y=\"" << y + cell / 2 + 4
         << "\" text-anchor=\"middle\">" << d.offsets[r * d.cols + c]
         << "</text>\n";
    }
  int64_t left = margin + leftW + gap;
  for (size_t o = 0; o < d.memory.size(); ++o) {
    int64_t x = left + (o % d.memoryWidth) * cell;
    int64_t y = top + (o / d.memoryWidth) * cell;
    std::string fill = "#d0d0d0";
    std::string label = std::to_string(o);
    if (d.memory[o]) {
      fill = colorOf(d.tileOf.at(*d.memory[o]));
      label = indexText(*d.memory[o]);
    }
    os << "<rect x=\"" << x << "\" y=\"" << y << "\" width=\"" << cell
       << "\" height=\"" << cell << "\" fill=\"" << fill
       << "\" stroke=\"#555\" stroke-width=\"0.5\"/>\n";
    os << "<text x=\"" << x + cell / 2 << "\" y=\"" << y + cell / 2 + 4
       << "\" text-anchor=\"middle\"" << (d.memory[o] ? "" : " fill=\"#777\"")
       << ">" << label << "</text>\n";
  }
  os << "</svg>\n";
}

//===----------------------------------------------------------------------===//
// Main
//===----------------------------------------------------------------------===//

int main(int argc, char **argv) {
  cl::ParseCommandLineOptions(
      argc, argv,
      "tlayout-inspect: explore an XLA layout\n\n"
      "  tlayout-inspect 'bf16[8,1,1280,16384]{3,2,0,1:T(8,128)(2,1)S(1)}'\n"
      "  tlayout-inspect 'f32[3,5]{1,0:T(2,2)}' --index 2,3 --offset 19\n"
      "  tlayout-inspect 'memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>' "
      "--draw\n");
  XlaShape shape = parseInput(input);
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
    if (!indexing.hasStaticShape())
      fail("--all-offsets needs a static shape");
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
    Drawing drawing = makeDrawing(shape, indexing);
    if (draw)
      printDrawing(drawing, llvm::outs());
    if (!svgFile.empty())
      writeSvg(drawing, shape, svgFile);
  }
  return 0;
}
