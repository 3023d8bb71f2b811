//===- TLayoutAttrs.cpp - tlayout attributes ------------------------------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// The tiled layout attribute is a thin adapter over the layout core: parsing
// and printing use the core's XLA text, verification the core's messages,
// and the affine map the core's normal form.
//
//===----------------------------------------------------------------------===//

#include "tlayout/Dialect/TLayout/IR/TLayoutAttrs.h"
#include "tlayout/Dialect/TLayout/IR/TLayoutDialect.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/CheckedArithmetic.h"

using namespace mlir;
using namespace mlir::tlayout;
using ::tlayout::BufferIndexing;
using ::tlayout::IndexExpr;
using ::tlayout::ParseError;
using ::tlayout::Tile;
using ::tlayout::TiledLayout;

#include "tlayout/Dialect/TLayout/IR/TLayoutAttrInterfaces.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "tlayout/Dialect/TLayout/IR/TLayoutAttrs.cpp.inc"

void TLayoutDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "tlayout/Dialect/TLayout/IR/TLayoutAttrs.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// Adapters
//===----------------------------------------------------------------------===//

AffineExpr mlir::tlayout::toAffineExpr(const IndexExpr &expr,
                                       MLIRContext *context) {
  switch (expr.getKind()) {
  case IndexExpr::Kind::Constant:
    return getAffineConstantExpr(*expr.getConstant(), context);
  case IndexExpr::Kind::Dim:
    return getAffineDimExpr(expr.getPosition(), context);
  case IndexExpr::Kind::Symbol:
    return getAffineSymbolExpr(expr.getPosition(), context);
  default:
    break;
  }
  AffineExpr lhs = toAffineExpr(expr.getLHS(), context);
  AffineExpr rhs = toAffineExpr(expr.getRHS(), context);
  switch (expr.getKind()) {
  case IndexExpr::Kind::Add:
    return lhs + rhs;
  case IndexExpr::Kind::Mul:
    return lhs * rhs;
  case IndexExpr::Kind::FloorDiv:
    return lhs.floorDiv(rhs);
  case IndexExpr::Kind::CeilDiv:
    return lhs.ceilDiv(rhs);
  case IndexExpr::Kind::Mod:
    return lhs % rhs;
  default:
    llvm_unreachable("leaf kinds handled above");
  }
}

TiledLayoutAttr mlir::tlayout::getTiledLayout(MemRefType type) {
  return dyn_cast<TiledLayoutAttr>(type.getLayout());
}

LayoutAttrInterface mlir::tlayout::getLayoutAttr(MemRefType type) {
  return dyn_cast<LayoutAttrInterface>(type.getLayout());
}

int64_t mlir::tlayout::getElementTypeBits(Type type) {
  if (type.isIntOrFloat())
    return type.getIntOrFloatBitWidth();
  if (isa<IndexType>(type))
    return 64;
  // A width that does not fit in int64 is as unknown as no width (0).
  if (auto complex = dyn_cast<ComplexType>(type))
    return llvm::checkedMul<int64_t>(
               2, getElementTypeBits(complex.getElementType()))
        .value_or(0);
  if (auto vector = dyn_cast<VectorType>(type)) {
    if (!vector.hasStaticShape())
      return 0;
    std::optional<int64_t> bits = getElementTypeBits(vector.getElementType());
    for (int64_t size : vector.getShape())
      if (bits)
        bits = llvm::checkedMul(*bits, size);
    return bits.value_or(0);
  }
  return 0;
}

FailureOr<BufferIndexing> mlir::tlayout::compileMemRefLayout(
    MemRefType type, llvm::function_ref<InFlightDiagnostic()> emitError) {
  LayoutAttrInterface attr = getLayoutAttr(type);
  if (!attr) {
    emitError() << "expected a memref with a #tlayout.tiled or #tlayout.dims "
                   "layout, got "
                << type;
    return failure();
  }
  // A view is placed by its parent: compile the parent's shape.
  ArrayRef<int64_t> shape =
      attr.isView() ? attr.getParentShape() : type.getShape();
  llvm::Expected<BufferIndexing> indexing =
      attr.compile(shape, getElementTypeBits(type.getElementType()));
  if (!indexing) {
    emitError() << llvm::toString(indexing.takeError());
    return failure();
  }
  return std::move(*indexing);
}

//===----------------------------------------------------------------------===//
// Shared by the layouts
//===----------------------------------------------------------------------===//

/// Checks the view parameters of a layout of `rank` dimensions.
static LogicalResult
verifyViewParameters(function_ref<InFlightDiagnostic()> emitError,
                     unsigned rank, ArrayRef<int64_t> parentShape,
                     ArrayRef<int64_t> offsets) {
  if (parentShape.empty() && offsets.empty())
    return success();
  if (parentShape.size() != rank || offsets.size() != rank)
    return emitError() << "a view needs a parent size and an offset for "
                          "each of the "
                       << rank << " dimensions, got " << parentShape.size()
                       << " and " << offsets.size();
  for (auto [i, offset] : llvm::enumerate(offsets))
    if (offset < 0 && !ShapedType::isDynamic(offset))
      return emitError() << "view offset " << offset << " of dimension " << i
                         << " is negative";
  for (auto [i, size] : llvm::enumerate(parentShape))
    if (size < 0 && !ShapedType::isDynamic(size))
      return emitError() << "parent size " << size << " of dimension " << i
                         << " is negative";
  return success();
}

/// MemRefLayoutAttrInterface::verifyLayout for either layout: the layout
/// must compile for the shape, and a view must fit in its parent.
static LogicalResult
verifyLayoutFor(LayoutAttrInterface attr, ArrayRef<int64_t> shape,
                function_ref<InFlightDiagnostic()> emitError) {
  if (attr.isView() && shape.size() != attr.getParentShape().size())
    return emitError() << "the view has rank " << shape.size()
                       << " but its parent has rank "
                       << attr.getParentShape().size();
  llvm::Expected<BufferIndexing> indexing =
      attr.compile(attr.isView() ? attr.getParentShape() : shape, 0);
  if (!indexing)
    return emitError() << llvm::toString(indexing.takeError());
  if (!attr.isView())
    return success();
  for (auto [i, size] : llvm::enumerate(shape)) {
    int64_t offset = attr.getOffsets()[i], parent = attr.getParentShape()[i];
    if (ShapedType::isDynamic(offset) || ShapedType::isDynamic(parent))
      continue;
    // A view of dynamic size still starts inside its parent.
    if (ShapedType::isDynamic(size)) {
      if (offset > parent)
        return emitError() << "the view's dimension " << i << " starts at "
                           << offset << ", past the parent's size " << parent;
      continue;
    }
    // Offsets and sizes are user-provided: their sum may not fit in int64.
    std::optional<int64_t> end = llvm::checkedAdd(offset, size);
    if (!end)
      return emitError() << "the view's dimension " << i << " (offset "
                         << offset << ", size " << size
                         << ") ends past the largest 64-bit index, outside "
                            "the parent's size "
                         << parent;
    if (*end > parent)
      return emitError() << "the view's dimension " << i << " (offset "
                         << offset << ", size " << size
                         << ") does not fit in the parent's size " << parent;
  }
  return success();
}

/// The multi-result map of `indexing` (the layout compiled for a shape whose
/// sizes appear as symbols where they matter), shifted by a view's offsets.
static AffineMap affineMapFor(LayoutAttrInterface attr, unsigned rank,
                              llvm::Expected<BufferIndexing> indexing,
                              MLIRContext *context) {
  if (!indexing) {
    // Unreachable for a verified attribute; the interface needs a map.
    llvm::consumeError(indexing.takeError());
    return AffineMap::getMultiDimIdentityMap(rank, context);
  }
  // A view indexes its parent at `d<i> + offset<i>`; a dynamic offset is
  // symbol `rank + i`, after the parent's sizes.
  SmallVector<IndexExpr> shifted;
  for (unsigned i = 0; i < rank; ++i) {
    IndexExpr offset(0);
    if (attr.isView())
      offset = ShapedType::isDynamic(attr.getOffsets()[i])
                   ? IndexExpr::symbol(rank + i)
                   : IndexExpr(attr.getOffsets()[i]);
    shifted.push_back(IndexExpr::dim(i) + offset);
  }
  SmallVector<AffineExpr> results;
  for (const IndexExpr &e : indexing->getPhysicalIndices())
    results.push_back(toAffineExpr(e.substituteDims(shifted), context));
  // Sizes appear as symbols only where combined dimensions need them, and
  // dynamic view offsets after them.
  unsigned numSymbols = 0;
  for (AffineExpr e : results)
    e.walk([&](AffineExpr sub) {
      if (auto symbol = dyn_cast<AffineSymbolExpr>(sub))
        numSymbols =
            std::max(numSymbols, symbol.getPosition() < rank ? rank : 2 * rank);
    });
  return AffineMap::get(rank, numSymbols, results, context);
}

/// MemRefLayoutAttrInterface::getStridesAndOffset for either layout: strided
/// only when the placement is a permutation of whole dimensions.
static LogicalResult stridesFor(LayoutAttrInterface attr,
                                ArrayRef<int64_t> shape,
                                SmallVectorImpl<int64_t> &strides,
                                int64_t &offset) {
  if (attr.isView())
    return failure();
  llvm::Expected<BufferIndexing> indexing = attr.compile(shape, 0);
  if (!indexing) {
    llvm::consumeError(indexing.takeError());
    return failure();
  }
  std::optional<SmallVector<IndexExpr, 4>> logical =
      indexing->getLogicalStrides();
  if (!logical)
    return failure();
  SmallVector<int64_t> result;
  for (const IndexExpr &stride : *logical)
    result.push_back(stride.getConstant().value_or(ShapedType::kDynamic));
  strides.assign(result.begin(), result.end());
  offset = 0;
  return success();
}

/// Prints `[16, ?, 4]`.
static void printSizeList(AsmPrinter &printer, ArrayRef<int64_t> values) {
  printer << '[';
  llvm::interleaveComma(values, printer, [&](int64_t v) {
    if (ShapedType::isDynamic(v))
      printer << '?';
    else
      printer << v;
  });
  printer << ']';
}

/// Prints `, parent = [...], offsets = [...]` for a view.
static void printView(AsmPrinter &printer, LayoutAttrInterface attr) {
  if (!attr.isView())
    return;
  printer << ", parent = ";
  printSizeList(printer, attr.getParentShape());
  printer << ", offsets = ";
  printSizeList(printer, attr.getOffsets());
}

//===----------------------------------------------------------------------===//
// TiledLayoutAttr
//===----------------------------------------------------------------------===//

/// Flattens the tiles of `layout` into entries and per-tile ranks, the
/// attribute's storage form.
static void flattenTiles(const TiledLayout &layout,
                         SmallVectorImpl<int64_t> &entries,
                         SmallVectorImpl<int64_t> &ranks) {
  for (const Tile &tile : layout.tiles) {
    llvm::append_range(entries, tile.dims);
    ranks.push_back(tile.dims.size());
  }
}

TiledLayoutAttr TiledLayoutAttr::get(MLIRContext *context,
                                     const TiledLayout &layout,
                                     ArrayRef<int64_t> parentShape,
                                     ArrayRef<int64_t> offsets) {
  SmallVector<int64_t> entries, ranks;
  flattenTiles(layout, entries, ranks);
  return Base::get(context, ArrayRef<int64_t>(layout.minorToMajor),
                   ArrayRef<int64_t>(entries), ArrayRef<int64_t>(ranks),
                   layout.tailPaddingAlignment, layout.elementSizeInBits,
                   parentShape, offsets);
}

TiledLayoutAttr
TiledLayoutAttr::getChecked(function_ref<InFlightDiagnostic()> emitError,
                            MLIRContext *context, const TiledLayout &layout,
                            ArrayRef<int64_t> parentShape,
                            ArrayRef<int64_t> offsets) {
  SmallVector<int64_t> entries, ranks;
  flattenTiles(layout, entries, ranks);
  return Base::getChecked(emitError, context,
                          ArrayRef<int64_t>(layout.minorToMajor),
                          ArrayRef<int64_t>(entries), ArrayRef<int64_t>(ranks),
                          layout.tailPaddingAlignment, layout.elementSizeInBits,
                          parentShape, offsets);
}

TiledLayoutAttr TiledLayoutAttr::getBase() const {
  return isView() ? TiledLayoutAttr::get(getContext(), getLayout()) : *this;
}

static TiledLayout buildLayout(ArrayRef<int64_t> minorToMajor,
                               ArrayRef<int64_t> tileEntries,
                               ArrayRef<int64_t> tileRanks,
                               int64_t tailPaddingAlignment,
                               int64_t elementSizeInBits) {
  TiledLayout layout;
  layout.minorToMajor.assign(minorToMajor.begin(), minorToMajor.end());
  size_t pos = 0;
  for (int64_t rank : tileRanks) {
    layout.tiles.push_back(Tile(tileEntries.slice(pos, rank)));
    pos += rank;
  }
  layout.tailPaddingAlignment = tailPaddingAlignment;
  layout.elementSizeInBits = elementSizeInBits;
  return layout;
}

TiledLayout TiledLayoutAttr::getLayout() const {
  return buildLayout(getMinorToMajor(), getTileEntries(), getTileRanks(),
                     getTailPaddingAlignment(), getElementSizeInBits());
}

LogicalResult TiledLayoutAttr::verify(
    function_ref<InFlightDiagnostic()> emitError,
    ArrayRef<int64_t> minorToMajor, ArrayRef<int64_t> tileEntries,
    ArrayRef<int64_t> tileRanks, int64_t tailPaddingAlignment,
    int64_t elementSizeInBits, ArrayRef<int64_t> parentShape,
    ArrayRef<int64_t> offsets) {
  if (failed(verifyViewParameters(emitError, minorToMajor.size(), parentShape,
                                  offsets)))
    return failure();
  int64_t total = 0;
  for (int64_t rank : tileRanks) {
    if (rank < 0)
      return emitError() << "tile rank " << rank << " is negative";
    total += rank;
  }
  if (total != static_cast<int64_t>(tileEntries.size()))
    return emitError() << "tile ranks add up to " << total << " but there are "
                       << tileEntries.size() << " tile entries";
  TiledLayout layout = buildLayout(minorToMajor, tileEntries, tileRanks,
                                   tailPaddingAlignment, elementSizeInBits);
  if (llvm::Error err = layout.verify())
    return emitError() << llvm::toString(std::move(err));
  return success();
}

AffineMap TiledLayoutAttr::getAffineMap() const {
  unsigned rank = getMinorToMajor().size();
  SmallVector<int64_t> dynamicShape(rank, ::tlayout::kDynamicSize);
  return affineMapFor(*this, rank, compile(dynamicShape, 0), getContext());
}

Attribute TiledLayoutAttr::getView(ArrayRef<int64_t> parentShape,
                                   ArrayRef<int64_t> offsets) const {
  return TiledLayoutAttr::get(getContext(), getLayout(), parentShape, offsets);
}

llvm::Expected<BufferIndexing>
TiledLayoutAttr::compile(ArrayRef<int64_t> shape,
                         int64_t elementTypeBits) const {
  return BufferIndexing::compile(getLayout(), shape, elementTypeBits);
}

bool TiledLayoutAttr::isIdentity() const {
  return !isView() && getTileRanks().empty() &&
         getTailPaddingAlignment() == 1 && getElementSizeInBits() == 0 &&
         getLayout().minorToMajor ==
             TiledLayout::rowMajor(getMinorToMajor().size()).minorToMajor;
}

LogicalResult TiledLayoutAttr::verifyLayout(
    ArrayRef<int64_t> shape,
    function_ref<InFlightDiagnostic()> emitError) const {
  return verifyLayoutFor(*this, shape, emitError);
}

LogicalResult
TiledLayoutAttr::getStridesAndOffset(ArrayRef<int64_t> shape,
                                     SmallVectorImpl<int64_t> &strides,
                                     int64_t &offset) const {
  if (getTailPaddingAlignment() != 1 || getElementSizeInBits() != 0)
    return failure();
  return stridesFor(*this, shape, strides, offset);
}

Attribute TiledLayoutAttr::parse(AsmParser &parser, Type) {
  // The dialect parses `tiled` from its raw text before dispatching here.
  parser.emitError(parser.getCurrentLocation(),
                   "#tlayout.tiled must be parsed by the tlayout dialect");
  return {};
}

void TiledLayoutAttr::print(AsmPrinter &printer) const {
  printer << '<' << getLayout().str();
  printView(printer, *this);
  printer << '>';
}

/// Parses `, parent = [16, ?], offsets = [3, ?]` from `text` at `pos`.
static LogicalResult parseViewDescription(DialectAsmParser &parser,
                                          StringRef text, size_t pos,
                                          SmallVectorImpl<int64_t> &parentShape,
                                          SmallVectorImpl<int64_t> &offsets) {
  auto locAt = [&](size_t column) {
    return SMLoc::getFromPointer(text.data() + column);
  };
  auto skip = [&] {
    while (pos < text.size() && llvm::isSpace(text[pos]))
      ++pos;
  };
  auto expect = [&](StringRef token) -> LogicalResult {
    skip();
    if (!text.substr(pos).starts_with(token))
      return parser.emitError(locAt(pos))
             << "expected '" << token
             << "' in the view description `, parent = [...], offsets = "
                "[...]`";
    pos += token.size();
    return success();
  };
  auto parseList = [&](SmallVectorImpl<int64_t> &values) -> LogicalResult {
    if (failed(expect("[")))
      return failure();
    skip();
    if (pos < text.size() && text[pos] == ']') {
      ++pos;
      return success();
    }
    while (true) {
      skip();
      if (pos < text.size() && text[pos] == '?') {
        ++pos;
        values.push_back(ShapedType::kDynamic);
      } else {
        size_t start = pos;
        while (pos < text.size() && llvm::isDigit(text[pos]))
          ++pos;
        int64_t value;
        if (start == pos || text.slice(start, pos).getAsInteger(10, value))
          return parser.emitError(locAt(start),
                                  "expected a size, an offset or '?'");
        values.push_back(value);
      }
      skip();
      if (pos < text.size() && text[pos] == ',') {
        ++pos;
        continue;
      }
      return expect("]");
    }
  };
  if (failed(expect(",")) || failed(expect("parent")) || failed(expect("=")) ||
      failed(parseList(parentShape)) || failed(expect(",")) ||
      failed(expect("offsets")) || failed(expect("=")) ||
      failed(parseList(offsets)))
    return failure();
  skip();
  if (pos != text.size())
    return parser.emitError(locAt(pos),
                            "unexpected text after the view description");
  return success();
}

/// Parses the body of `tiled<...>` with the core parser, reporting errors at
/// their column in the source.
static Attribute parseTiledLayout(DialectAsmParser &parser, StringRef spec) {
  MLIRContext *context = parser.getContext();
  size_t open = spec.find('<');
  if (open == StringRef::npos || !spec.ends_with(">")) {
    parser.emitError(parser.getCurrentLocation(),
                     "expected a layout in angle brackets, e.g. "
                     "#tlayout.tiled<{1,0:T(8,128)}>");
    return {};
  }
  StringRef full = spec.slice(open + 1, spec.size() - 1);
  auto locAt = [&](size_t column) {
    return SMLoc::getFromPointer(full.data() + column);
  };
  // The layout ends at its closing brace; a view description may follow.
  size_t close = full.find('}');
  StringRef body = close == StringRef::npos ? full : full.take_front(close + 1);
  llvm::Expected<TiledLayout> layout = TiledLayout::parse(body);
  if (!layout) {
    llvm::handleAllErrors(layout.takeError(), [&](const ParseError &err) {
      parser.emitError(locAt(err.getColumn()), err.getMessage());
    });
    return {};
  }
  if (layout->memorySpace != 0) {
    size_t at = body.rfind("S(");
    parser.emitError(locAt(at == StringRef::npos ? 0 : at))
        << "memory space S(" << layout->memorySpace
        << ") is not part of a memref layout; use "
           "#tlayout.memory_space<...> as the memref's memory space";
    return {};
  }
  SmallVector<int64_t> parentShape, offsets;
  if (close != StringRef::npos && !full.drop_front(close + 1).trim().empty() &&
      failed(
          parseViewDescription(parser, full, close + 1, parentShape, offsets)))
    return {};
  return TiledLayoutAttr::getChecked(
      [&] { return parser.emitError(locAt(0)); }, context, *layout,
      ArrayRef<int64_t>(parentShape), ArrayRef<int64_t>(offsets));
}

//===----------------------------------------------------------------------===//
// DimsLayoutAttr
//===----------------------------------------------------------------------===//

using ::tlayout::PhysDim;

/// Logical dimension numbers of a #tlayout.dims layout are below this.
static constexpr int64_t kMaxDimsRank = 1024;

/// The number of logical dimensions a list of physical dimensions places.
static unsigned rankOf(ArrayRef<PhysDim> dims) {
  unsigned rank = 0;
  for (const PhysDim &d : dims)
    rank = std::max(rank, d.logicalDim + 1);
  return rank;
}

unsigned DimsLayoutAttr::getRank() const { return rankOf(getDims()); }

DimsLayoutAttr DimsLayoutAttr::getRowMajor(MLIRContext *context,
                                           unsigned rank) {
  return get(context, ::tlayout::rowMajorDims(rank));
}

DimsLayoutAttr DimsLayoutAttr::getColMajor(MLIRContext *context,
                                           unsigned rank) {
  return get(context, ::tlayout::colMajorDims(rank));
}

DimsLayoutAttr DimsLayoutAttr::getBase() const {
  return isView() ? get(getContext(), getDims()) : *this;
}

Attribute DimsLayoutAttr::getView(ArrayRef<int64_t> parentShape,
                                  ArrayRef<int64_t> offsets) const {
  return get(getContext(), getDims(), parentShape, offsets);
}

llvm::Expected<BufferIndexing> DimsLayoutAttr::compile(ArrayRef<int64_t> shape,
                                                       int64_t) const {
  if (shape.size() != getRank())
    return llvm::createStringError(
        "the layout has " + llvm::Twine(getRank()) +
        " logical dimensions but the shape has rank " +
        llvm::Twine(shape.size()));
  return BufferIndexing::compile(getDims(), shape);
}

LogicalResult
DimsLayoutAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                       ArrayRef<PhysDim> dims, ArrayRef<int64_t> parentShape,
                       ArrayRef<int64_t> offsets) {
  unsigned rank = rankOf(dims);
  if (rank > kMaxDimsRank)
    return emitError() << "dimension number " << rank - 1
                       << " is out of range (0 to " << kMaxDimsRank - 1 << ")";
  if (llvm::Error err = ::tlayout::verifyPhysDims(dims, rank))
    return emitError() << llvm::toString(std::move(err));
  return verifyViewParameters(emitError, rank, parentShape, offsets);
}

AffineMap DimsLayoutAttr::getAffineMap() const {
  // The map needs no sizes: compile for a shape that is dynamic where a
  // Dynamic entry takes the rest and exactly covered elsewhere.
  unsigned rank = getRank();
  SmallVector<int64_t> shape(rank, 1);
  SmallVector<bool> dynamic(rank, false);
  for (const PhysDim &d : getDims()) {
    if (d.kind == PhysDim::Kind::Dynamic)
      dynamic[d.logicalDim] = true;
    else if (std::optional<int64_t> product =
                 llvm::checkedMul(shape[d.logicalDim], d.size))
      shape[d.logicalDim] = *product;
    else
      dynamic[d.logicalDim] = true; // Fails to compile below, as it should.
  }
  for (unsigned i = 0; i < rank; ++i)
    if (dynamic[i])
      shape[i] = ::tlayout::kDynamicSize;
  return affineMapFor(*this, rank, compile(shape, 0), getContext());
}

bool DimsLayoutAttr::isIdentity() const {
  return !isView() &&
         llvm::equal(getDims(), ::tlayout::rowMajorDims(getRank()));
}

LogicalResult DimsLayoutAttr::verifyLayout(
    ArrayRef<int64_t> shape,
    function_ref<InFlightDiagnostic()> emitError) const {
  return verifyLayoutFor(*this, shape, emitError);
}

LogicalResult
DimsLayoutAttr::getStridesAndOffset(ArrayRef<int64_t> shape,
                                    SmallVectorImpl<int64_t> &strides,
                                    int64_t &offset) const {
  return stridesFor(*this, shape, strides, offset);
}

/// Parses `[16, ?, 4]` (`?` is dynamic).
static ParseResult parseSizeList(AsmParser &parser,
                                 SmallVectorImpl<int64_t> &values) {
  return parser.parseCommaSeparatedList(
      AsmParser::Delimiter::Square, [&]() -> ParseResult {
        if (succeeded(parser.parseOptionalQuestion())) {
          values.push_back(ShapedType::kDynamic);
          return success();
        }
        int64_t value;
        if (parser.parseInteger(value))
          return failure();
        values.push_back(value);
        return success();
      });
}

Attribute DimsLayoutAttr::parse(AsmParser &parser, Type) {
  SMLoc loc = parser.getCurrentLocation();
  SmallVector<PhysDim> dims;
  auto parseEntry = [&]() -> ParseResult {
    SMLoc at = parser.getCurrentLocation();
    int64_t dim;
    if (parser.parseInteger(dim))
      return failure();
    if (dim < 0 || dim >= kMaxDimsRank)
      return parser.emitError(at)
             << "dimension number " << dim << " is out of range (0 to "
             << kMaxDimsRank - 1 << ")";
    PhysDim entry = PhysDim::dynamic(dim);
    if (succeeded(parser.parseOptionalColon())) {
      SMLoc kindAt = parser.getCurrentLocation();
      StringRef kind;
      if (parser.parseKeyword(&kind))
        return failure();
      if (kind == "packed" || kind == "odd_even") {
        entry.kind =
            kind == "packed" ? PhysDim::Kind::Packed : PhysDim::Kind::OddEven;
        if (parser.parseLParen() || parser.parseInteger(entry.size) ||
            parser.parseRParen())
          return failure();
      } else if (kind != "dynamic") {
        return parser.emitError(kindAt)
               << "expected 'packed', 'odd_even' or 'dynamic', got '" << kind
               << "'";
      }
    }
    dims.push_back(entry);
    return success();
  };
  if (parser.parseLess() ||
      parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, parseEntry))
    return {};
  SmallVector<int64_t> parentShape, offsets;
  if (succeeded(parser.parseOptionalComma())) {
    if (parser.parseKeyword("parent") || parser.parseEqual() ||
        parseSizeList(parser, parentShape) || parser.parseComma() ||
        parser.parseKeyword("offsets") || parser.parseEqual() ||
        parseSizeList(parser, offsets))
      return {};
  }
  if (parser.parseGreater())
    return {};
  return getChecked([&] { return parser.emitError(loc); }, parser.getContext(),
                    ArrayRef<PhysDim>(dims), ArrayRef<int64_t>(parentShape),
                    ArrayRef<int64_t>(offsets));
}

void DimsLayoutAttr::print(AsmPrinter &printer) const {
  printer << '<' << ::tlayout::printPhysDims(getDims());
  printView(printer, *this);
  printer << '>';
}

//===----------------------------------------------------------------------===//
// MemorySpaceAttr
//===----------------------------------------------------------------------===//

LogicalResult
MemorySpaceAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                        int64_t value) {
  if (value < 0)
    return emitError() << "memory space " << value << " must not be negative";
  return success();
}

Attribute MemorySpaceAttr::parse(AsmParser &parser, Type) {
  if (parser.parseLess())
    return {};
  SMLoc loc = parser.getCurrentLocation();
  int64_t value = 0;
  OptionalParseResult number = parser.parseOptionalInteger(value);
  if (!number.has_value()) {
    // Names belong to a target's dialect, which gives them their numbers.
    StringRef name;
    if (succeeded(parser.parseOptionalKeyword(&name)))
      parser.emitError(loc)
          << "#tlayout.memory_space takes a number, got '" << name
          << "'; a target's named memory space is an attribute of the "
             "target's dialect (e.g. #tlayout_tpu.memory_space<"
          << name << ">)";
    else
      parser.emitError(loc, "expected a memory space number");
    return {};
  }
  if (failed(*number) || parser.parseGreater())
    return {};
  return getChecked([&] { return parser.emitError(loc); }, parser.getContext(),
                    value);
}

void MemorySpaceAttr::print(AsmPrinter &printer) const {
  printer << '<' << getValue() << '>';
}

//===----------------------------------------------------------------------===//
// Dialect hooks
//===----------------------------------------------------------------------===//

Attribute TLayoutDialect::parseAttribute(DialectAsmParser &parser,
                                         Type type) const {
  SMLoc loc = parser.getCurrentLocation();
  StringRef spec = parser.getFullSymbolSpec();
  if (spec == "tiled" || spec.starts_with("tiled<"))
    return parseTiledLayout(parser, spec);
  StringRef mnemonic;
  Attribute attr;
  OptionalParseResult result =
      generatedAttributeParser(parser, &mnemonic, type, attr);
  if (result.has_value())
    return attr;
  parser.emitError(loc) << "unknown tlayout attribute '" << mnemonic << "'";
  return {};
}

void TLayoutDialect::printAttribute(Attribute attr,
                                    DialectAsmPrinter &printer) const {
  if (failed(generatedAttributePrinter(attr, printer)))
    llvm_unreachable("every tlayout attribute has a printer");
}
