//===- DimsLayoutAttr.cpp - #tlayout.dims ---------------------------------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// Layouts given as lists of physical dimensions.
//
//===----------------------------------------------------------------------===//

#include "LayoutAttrUtils.h"
#include "tlayout/Dialect/TLayout/IR/TLayoutAttrs.h"
#include "tlayout/Dialect/TLayout/IR/TLayoutDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CheckedArithmetic.h"

using namespace mlir;
using namespace mlir::tlayout;
using namespace mlir::tlayout::detail;

//===----------------------------------------------------------------------===//
// DimsLayoutAttr
//===----------------------------------------------------------------------===//

/// Logical dimension numbers of a #tlayout.dims layout are below this.
static constexpr int64_t kMaxDimsRank = 1024;

/// The number of logical dimensions a list of physical dimensions places.
static unsigned rankOf(ArrayRef<DimsLayoutEntry> dims) {
  unsigned rank = 0;
  for (const DimsLayoutEntry &d : dims)
    rank = std::max(rank, d.logicalDim + 1);
  return rank;
}

unsigned DimsLayoutAttr::getRank() const { return rankOf(getDims()); }

DimsLayoutAttr DimsLayoutAttr::getRowMajor(MLIRContext *context,
                                           unsigned rank) {
  return get(context, rowMajorDims(rank));
}

DimsLayoutAttr DimsLayoutAttr::getColMajor(MLIRContext *context,
                                           unsigned rank) {
  return get(context, colMajorDims(rank));
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

/// The shape getAffineMap compiles `dims` for: the map needs no sizes, so
/// the shape is dynamic where a Dynamic entry takes the rest of a dimension
/// and exactly covered by the entries elsewhere.
static SmallVector<int64_t> affineMapShape(ArrayRef<DimsLayoutEntry> dims,
                                           unsigned rank) {
  SmallVector<int64_t> shape(rank, 1);
  SmallVector<bool> dynamic(rank, false);
  for (const DimsLayoutEntry &d : dims) {
    if (d.kind == DimsLayoutEntry::Kind::Dynamic)
      dynamic[d.logicalDim] = true;
    else if (std::optional<int64_t> product =
                 llvm::checkedMul(shape[d.logicalDim], d.size))
      shape[d.logicalDim] = *product;
    else
      dynamic[d.logicalDim] = true; // Fails to compile below, as it should.
  }
  for (unsigned i = 0; i < rank; ++i)
    if (dynamic[i])
      shape[i] = kDynamicSize;
  return shape;
}

LogicalResult
DimsLayoutAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                       ArrayRef<DimsLayoutEntry> dims,
                       ArrayRef<int64_t> parentShape,
                       ArrayRef<int64_t> offsets) {
  unsigned rank = rankOf(dims);
  if (rank > kMaxDimsRank)
    return emitError() << "dimension number " << rank - 1
                       << " is out of range (0 to " << kMaxDimsRank - 1 << ")";
  if (llvm::Error err = verifyPhysDims(dims, rank))
    return emitError() << llvm::toString(std::move(err));
  // getAffineMap compiles the layout for this shape: a layout whose map
  // cannot be built is not a memref layout.
  llvm::Expected<BufferIndexing> indexing =
      BufferIndexing::compile(dims, affineMapShape(dims, rank));
  if (!indexing)
    return emitError() << llvm::toString(indexing.takeError());
  return verifyViewParameters(emitError, rank, parentShape, offsets);
}

AffineMap DimsLayoutAttr::getAffineMap() const {
  unsigned rank = getRank();
  return affineMapFor(*this, rank, compile(affineMapShape(getDims(), rank), 0),
                      getContext());
}

bool DimsLayoutAttr::isIdentity() const {
  return !isView() && llvm::equal(getDims(), rowMajorDims(getRank()));
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

Attribute DimsLayoutAttr::parse(AsmParser &parser, Type) {
  SMLoc loc = parser.getCurrentLocation();
  SmallVector<DimsLayoutEntry> dims;
  auto parseEntry = [&]() -> ParseResult {
    SMLoc at = parser.getCurrentLocation();
    int64_t dim;
    if (parser.parseInteger(dim))
      return failure();
    if (dim < 0 || dim >= kMaxDimsRank)
      return parser.emitError(at)
             << "dimension number " << dim << " is out of range (0 to "
             << kMaxDimsRank - 1 << ")";
    DimsLayoutEntry entry = DimsLayoutEntry::dynamic(dim);
    if (succeeded(parser.parseOptionalColon())) {
      SMLoc kindAt = parser.getCurrentLocation();
      StringRef kind;
      if (parser.parseKeyword(&kind))
        return failure();
      if (kind == "packed" || kind == "odd_even") {
        entry.kind = kind == "packed" ? DimsLayoutEntry::Kind::Packed
                                      : DimsLayoutEntry::Kind::OddEven;
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
                    ArrayRef<DimsLayoutEntry>(dims),
                    ArrayRef<int64_t>(parentShape), ArrayRef<int64_t>(offsets));
}

void DimsLayoutAttr::print(AsmPrinter &printer) const {
  printer << '<' << printPhysDims(getDims());
  printView(printer, *this);
  printer << '>';
}
