//===- DimsLayoutAttr.cpp - #tlayout.dims ---------------------------------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// Layouts given as lists of physical dimensions: rank, verification,
// affine map, and the text, read by the core's parser (parsePhysDims).
//
//===----------------------------------------------------------------------===//

#include "LayoutAttrUtils.h"
#include "LayoutParsing.h"
#include "tlayout/Dialect/TLayout/IR/TLayoutAttrs.h"
#include "tlayout/Dialect/TLayout/IR/TLayoutDialect.h"

#include "tlayout/Core/DimsLayout.h"
#include "tlayout/Core/LayoutLexer.h"

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
  // The text form rejects these already (parsePhysDims); an attribute built
  // in C++ meets the same limit here.
  if (rank > kMaxLogicalDims)
    return emitError() << "dimension number " << rank - 1
                       << " is out of range (0 to " << kMaxLogicalDims - 1
                       << ")";
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
  // The dialect parses `dims` from its raw text before dispatching here.
  parser.emitError(parser.getCurrentLocation(),
                   "#tlayout.dims must be parsed by the tlayout dialect");
  return {};
}

Attribute mlir::tlayout::detail::parseDimsLayout(DialectAsmParser &parser,
                                                 StringRef spec) {
  std::optional<StringRef> text =
      getLayoutText(parser, spec, "a list of physical dimensions",
                    "#tlayout.dims<[1, 0, 1:packed(4)]>");
  if (!text)
    return {};
  StringRef full = *text;
  LayoutLexer lexer(full);
  llvm::Expected<SmallVector<DimsLayoutEntry, 4>> dims = parsePhysDims(lexer);
  if (!dims) {
    emitParseError(parser, full, dims.takeError());
    return {};
  }
  SmallVector<int64_t> parentShape, offsets, sizes;
  size_t suffixAt = lexer.getPos();
  if (!lexer.atEnd()) {
    bool bound = false;
    if (failed(parseLayoutSuffix(parser, full, suffixAt, parentShape, offsets,
                                 sizes, &bound)))
      return {};
    if (bound) {
      parser.emitError(SMLoc::getFromPointer(full.data() + suffixAt),
                       "a #tlayout.dims layout places elements without "
                       "sizes: drop `sizes`");
      return {};
    }
  }
  // The verifier's errors point at the `<` that opens the layout.
  return DimsLayoutAttr::getChecked(
      [&] { return parser.emitError(SMLoc::getFromPointer(full.data() - 1)); },
      parser.getContext(), ArrayRef<DimsLayoutEntry>(*dims),
      ArrayRef<int64_t>(parentShape), ArrayRef<int64_t>(offsets));
}

void DimsLayoutAttr::print(AsmPrinter &printer) const {
  printer << '<' << printPhysDims(getDims());
  printView(printer, *this);
  printer << '>';
}
