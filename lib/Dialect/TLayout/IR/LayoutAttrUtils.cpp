//===- LayoutAttrUtils.cpp - What the layouts share -----------------------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// View parameters, the layout interface's verification, affine map and
// strides, the printing and parsing of size lists, and the memref-level
// answers of MemRefLayout.h.
//
//===----------------------------------------------------------------------===//

#include "LayoutAttrUtils.h"
#include "tlayout/Dialect/TLayout/IR/MemRefLayout.h"
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
// Shared by the layouts
//===----------------------------------------------------------------------===//

LogicalResult mlir::tlayout::detail::verifyViewParameters(
    function_ref<InFlightDiagnostic()> emitError, unsigned rank,
    ArrayRef<int64_t> parentShape, ArrayRef<int64_t> offsets) {
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

// MemRefType::verify calls MemRefLayoutAttrInterface::verifyLayout with the
// shape only: the element type never reaches a layout attribute (MLIR 22 has
// no overload or other hook that passes it, and a dialect's verifier hooks
// see only its own ops and attributes). So the layout compiles here without
// an element type, and an E(n) too small for the element type is rejected
// where the memref type is seen whole: by compileMemRefLayout, in the
// tlayout ops' verifiers and in the passes that lower or measure memrefs.
LogicalResult mlir::tlayout::detail::verifyLayoutFor(
    LayoutAttrInterface attr, ArrayRef<int64_t> shape,
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

AffineMap
mlir::tlayout::detail::affineMapFor(LayoutAttrInterface attr, unsigned rank,
                                    llvm::Expected<BufferIndexing> indexing,
                                    MLIRContext *context) {
  if (!indexing) {
    // The verifiers compile this shape: only an attribute built without
    // verification gets here. The interface needs some map; the error says
    // that this one is a placeholder.
    emitError(UnknownLoc::get(context))
        << "the affine map of " << Attribute(attr)
        << " cannot be built (an identity map stands in for it): "
        << llvm::toString(indexing.takeError());
    return AffineMap::getMultiDimIdentityMap(rank, context);
  }
  // A view indexes its parent at `d<i> + offset<i>`; a dynamic offset is
  // symbol `rank + i`, after the parent's sizes. Sizes appear as symbols
  // only where combined dimensions need them.
  ViewShift shift(SmallVector<int64_t>(rank, ShapedType::kDynamic),
                  attr.isView() ? attr.getOffsets() : ArrayRef<int64_t>(),
                  ViewSymbols::ByDimension, context);
  SmallVector<AffineExpr> results;
  for (const IndexExpr &e : indexing->getPhysicalIndices())
    results.push_back(shift.apply(e));
  return AffineMap::get(rank, shift.getNumSymbols(results), results, context);
}

LogicalResult mlir::tlayout::detail::stridesFor(
    LayoutAttrInterface attr, ArrayRef<int64_t> shape,
    SmallVectorImpl<int64_t> &strides, int64_t &offset) {
  if (attr.isView())
    return failure();
  llvm::Expected<BufferIndexing> indexing = attr.compile(shape, 0);
  if (!indexing) {
    // The memref type's verifier compiled this layout for this shape, so
    // only a type built without verification gets here; the interface has
    // no way to report why (failure only says "not strided").
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

void mlir::tlayout::detail::printSizeList(AsmPrinter &printer,
                                          ArrayRef<int64_t> values) {
  printer << '[';
  llvm::interleaveComma(values, printer, [&](int64_t v) {
    if (ShapedType::isDynamic(v))
      printer << '?';
    else
      printer << v;
  });
  printer << ']';
}

void mlir::tlayout::detail::printView(AsmPrinter &printer,
                                      LayoutAttrInterface attr) {
  if (!attr.isView())
    return;
  printer << ", parent = ";
  printSizeList(printer, attr.getParentShape());
  printer << ", offsets = ";
  printSizeList(printer, attr.getOffsets());
}

//===----------------------------------------------------------------------===//
// Memref-level answers (MemRefLayout.h)
//===----------------------------------------------------------------------===//

int64_t mlir::tlayout::getStoredElementBits(MemRefType type) {
  LayoutAttrInterface layout = getLayoutAttr(type);
  return getStoredElementBits(layout ? layout.getElementSizeInBits() : 0,
                              getElementTypeBits(type.getElementType()));
}

llvm::Expected<BufferIndexing>
mlir::tlayout::compileMemRefIndexing(MemRefType type) {
  if (LayoutAttrInterface layout = getLayoutAttr(type))
    return layout.compile(type.getShape(), 0);
  return BufferIndexing::compile(TiledLayout::rowMajor(type.getRank()),
                                 type.getShape());
}

ViewShift::ViewShift(ArrayRef<int64_t> rootShape, ArrayRef<int64_t> offsets,
                     ViewSymbols numbering, MLIRContext *context)
    : context(context), numbering(numbering), rank(rootShape.size()) {
  assert((offsets.empty() || offsets.size() == rootShape.size()) &&
         "one offset per dimension of the root");
  for (auto [i, size] : llvm::enumerate(rootShape)) {
    if (numbering == ViewSymbols::ByDimension)
      symbols.push_back(getAffineSymbolExpr(i, context));
    else
      symbols.push_back(ShapedType::isDynamic(size)
                            ? getAffineSymbolExpr(numDynamic++, context)
                            : getAffineConstantExpr(size, context));
  }
  for (unsigned i = 0; i < rank; ++i) {
    int64_t offset = offsets.empty() ? 0 : offsets[i];
    AffineExpr shift;
    if (!ShapedType::isDynamic(offset))
      shift = getAffineConstantExpr(offset, context);
    else if (numbering == ViewSymbols::ByDimension)
      shift = getAffineSymbolExpr(rank + i, context);
    else
      shift = getAffineSymbolExpr(numDynamic++, context);
    dims.push_back(getAffineDimExpr(i, context) + shift);
  }
}

AffineExpr ViewShift::apply(const IndexExpr &expr) const {
  return toAffineExpr(expr, context).replaceDimsAndSymbols(dims, symbols);
}

unsigned ViewShift::getNumSymbols(ArrayRef<AffineExpr> results) const {
  if (numbering == ViewSymbols::DynamicOnly)
    return numDynamic;
  unsigned numSymbols = 0;
  for (AffineExpr e : results)
    e.walk([&](AffineExpr sub) {
      if (auto symbol = dyn_cast<AffineSymbolExpr>(sub))
        numSymbols =
            std::max(numSymbols, symbol.getPosition() < rank ? rank : 2 * rank);
    });
  return numSymbols;
}
