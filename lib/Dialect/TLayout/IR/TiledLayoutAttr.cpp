//===- TiledLayoutAttr.cpp - #tlayout.tiled -------------------------------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// XLA tiled layouts: verification, affine map, and the
// parser of the raw layout text.
//
//===----------------------------------------------------------------------===//

#include "LayoutAttrUtils.h"
#include "LayoutParsing.h"
#include "TiledLayoutAttrStorage.h"
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
// TiledLayoutAttr
//===----------------------------------------------------------------------===//

// The parameters' accessors (the storage is written by hand, so ODS does not
// generate them).
const TiledLayout &TiledLayoutAttr::getLayout() const {
  return getImpl()->layout;
}

ArrayRef<int64_t> TiledLayoutAttr::getParentShape() const {
  return getImpl()->parentShape;
}

ArrayRef<int64_t> TiledLayoutAttr::getOffsets() const {
  return getImpl()->offsets;
}

ArrayRef<int64_t> TiledLayoutAttr::getSizes() const { return getImpl()->sizes; }

TiledLayoutAttr TiledLayoutAttr::getBase() const {
  return isView() ? TiledLayoutAttr::get(getContext(), getLayout()) : *this;
}

LogicalResult
TiledLayoutAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                        TiledLayout layout, ArrayRef<int64_t> parentShape,
                        ArrayRef<int64_t> offsets, ArrayRef<int64_t> sizes) {
  ArrayRef<int64_t> minorToMajor = layout.minorToMajor;
  if (failed(verifyViewParameters(emitError, minorToMajor.size(), parentShape,
                                  offsets)))
    return failure();
  if (!sizes.empty()) {
    if (!parentShape.empty())
      return emitError() << "a view takes its sizes from `parent`; it is not "
                            "bound with `sizes`";
    if (sizes.size() != minorToMajor.size())
      return emitError() << "`sizes` has " << sizes.size()
                         << " entries but the layout has rank "
                         << minorToMajor.size();
    for (auto [i, size] : llvm::enumerate(sizes))
      if (size < 0)
        return emitError() << "`sizes` binds the layout to a static shape, "
                              "but the size of dimension "
                           << i << " is "
                           << (ShapedType::isDynamic(size)
                                   ? std::string("'?'")
                                   : std::to_string(size));
    if (llvm::none_of(layout.tiles, [](const Tile &tile) {
          return llvm::is_contained(tile.dims, Tile::kCombine);
        }))
      return emitError()
             << "`sizes` binds a layout that combines dimensions (`*`) to "
                "its shape; this layout has no `*` and places elements "
                "without sizes: drop `sizes`";
  }
  if (llvm::Error err = layout.verify())
    return emitError() << llvm::toString(std::move(err));
  // getAffineMap compiles the layout for dynamic sizes: a layout whose map
  // cannot be built (one too large to write out) is not a memref layout.
  // A bound layout's map is compiled for its sizes.
  SmallVector<int64_t> dynamicShape(minorToMajor.size(), kDynamicSize);
  llvm::Expected<BufferIndexing> indexing = BufferIndexing::compile(
      layout, sizes.empty() ? ArrayRef<int64_t>(dynamicShape) : sizes, 0);
  if (!indexing)
    return emitError() << llvm::toString(indexing.takeError());
  return success();
}

AffineMap TiledLayoutAttr::getAffineMap() const {
  unsigned rank = getLayout().getRank();
  SmallVector<int64_t> dynamicShape(rank, kDynamicSize);
  return affineMapFor(
      *this, rank,
      compile(isBound() ? getSizes() : ArrayRef<int64_t>(dynamicShape), 0),
      getContext());
}

Attribute TiledLayoutAttr::getView(ArrayRef<int64_t> parentShape,
                                   ArrayRef<int64_t> offsets) const {
  return TiledLayoutAttr::get(getContext(), getLayout(), parentShape, offsets);
}

llvm::Expected<BufferIndexing>
TiledLayoutAttr::compile(ArrayRef<int64_t> shape,
                         int64_t elementTypeBits) const {
  // An element size adds checks to the compilation: only the compilation
  // without one is cached.
  if (elementTypeBits != 0)
    return BufferIndexing::compile(getLayout(), shape, elementTypeBits);
  return getImpl()->compile(shape);
}

bool TiledLayoutAttr::isIdentity() const {
  const TiledLayout &layout = getLayout();
  return !isView() && !layout.hasTiles() && layout.tailPaddingAlignment == 1 &&
         layout.elementSizeInBits == 0 &&
         layout.minorToMajor ==
             TiledLayout::rowMajor(layout.getRank()).minorToMajor;
}

LogicalResult TiledLayoutAttr::verifyLayout(
    ArrayRef<int64_t> shape,
    function_ref<InFlightDiagnostic()> emitError) const {
  if (isBound() && shape != getSizes()) {
    InFlightDiagnostic diag = emitError();
    diag << "the layout is bound to sizes [";
    llvm::interleaveComma(getSizes(), diag);
    diag << "] but the memref's shape is ";
    llvm::interleave(
        shape, diag,
        [&](int64_t size) {
          if (ShapedType::isDynamic(size))
            diag << "?";
          else
            diag << size;
        },
        "x");
    return diag;
  }
  return verifyLayoutFor(*this, shape, emitError);
}

LogicalResult
TiledLayoutAttr::getStridesAndOffset(ArrayRef<int64_t> shape,
                                     SmallVectorImpl<int64_t> &strides,
                                     int64_t &offset) const {
  if (getLayout().tailPaddingAlignment != 1 || getElementSizeInBits() != 0)
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
  if (isBound()) {
    printer << ", sizes = ";
    printSizeList(printer, getSizes());
  }
  printer << '>';
}

/// Parses the body of `tiled<...>` with the core parser, reporting errors at
/// their column in the source.
Attribute mlir::tlayout::detail::parseTiledLayout(DialectAsmParser &parser,
                                                  StringRef spec) {
  MLIRContext *context = parser.getContext();
  std::optional<StringRef> text =
      getLayoutText(parser, spec, "a layout", "#tlayout.tiled<{1,0:T(8,128)}>");
  if (!text)
    return {};
  StringRef full = *text;
  auto locAt = [&](size_t column) {
    return SMLoc::getFromPointer(full.data() + column);
  };
  // The layout ends at its closing brace; a view description may follow.
  size_t close = full.find('}');
  StringRef body = close == StringRef::npos ? full : full.take_front(close + 1);
  llvm::Expected<TiledLayout> layout = TiledLayout::parse(body);
  if (!layout) {
    emitParseError(parser, full, layout.takeError());
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
  SmallVector<int64_t> parentShape, offsets, sizes;
  if (close != StringRef::npos && !full.drop_front(close + 1).trim().empty() &&
      failed(parseLayoutSuffix(parser, full, close + 1, parentShape, offsets,
                               sizes)))
    return {};
  return TiledLayoutAttr::getChecked(
      [&] { return parser.emitError(locAt(0)); }, context, *layout,
      ArrayRef<int64_t>(parentShape), ArrayRef<int64_t>(offsets),
      ArrayRef<int64_t>(sizes));
}
