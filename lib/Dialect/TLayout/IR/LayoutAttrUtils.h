//===- LayoutAttrUtils.h - What the layouts share ---------------*- C++ -*-===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// Helpers that #tlayout.tiled and #tlayout.dims share (private to the
// dialect's IR library): view parameters, the interface methods both
// implement the same way, and the printing of a view's text (its parsing is
// LayoutParsing.h).
//
//===----------------------------------------------------------------------===//

#ifndef TLAYOUT_LIB_DIALECT_TLAYOUT_IR_LAYOUTATTRUTILS_H
#define TLAYOUT_LIB_DIALECT_TLAYOUT_IR_LAYOUTATTRUTILS_H

#include "tlayout/Dialect/TLayout/IR/TLayoutAttrs.h"

#include "mlir/IR/DialectImplementation.h"

namespace mlir::tlayout::detail {

/// Checks the view parameters of a layout of `rank` dimensions.
LogicalResult verifyViewParameters(function_ref<InFlightDiagnostic()> emitError,
                                   unsigned rank, ArrayRef<int64_t> parentShape,
                                   ArrayRef<int64_t> offsets);

/// MemRefLayoutAttrInterface::verifyLayout for either layout: the layout
/// must compile for the shape, and a view must fit in its parent.
LogicalResult verifyLayoutFor(LayoutAttrInterface attr, ArrayRef<int64_t> shape,
                              function_ref<InFlightDiagnostic()> emitError);

/// The multi-result map of `indexing` (the layout compiled for a shape whose
/// sizes appear as symbols where they matter), shifted by a view's offsets.
/// The attributes' verifiers compile the same shape, so `indexing` is an
/// error only for an attribute built without verification: that is
/// reported as an error through the context, and the map returned then is
/// the identity, a placeholder that must not be relied on.
AffineMap affineMapFor(LayoutAttrInterface attr, unsigned rank,
                       llvm::Expected<BufferIndexing> indexing,
                       MLIRContext *context);

/// MemRefLayoutAttrInterface::getStridesAndOffset for either layout: strided
/// only when the placement is a permutation of whole dimensions.
LogicalResult stridesFor(LayoutAttrInterface attr, ArrayRef<int64_t> shape,
                         SmallVectorImpl<int64_t> &strides, int64_t &offset);

/// Prints `[16, ?, 4]`.
void printSizeList(AsmPrinter &printer, ArrayRef<int64_t> values);

/// Prints `, parent = [...], offsets = [...]` for a view.
void printView(AsmPrinter &printer, LayoutAttrInterface attr);

/// Parses the body of `tiled<...>` with the core parser, reporting errors at
/// their column in the source (the dialect parses `tiled` from its raw text).
Attribute parseTiledLayout(DialectAsmParser &parser, StringRef spec);

} // namespace mlir::tlayout::detail

#endif // TLAYOUT_LIB_DIALECT_TLAYOUT_IR_LAYOUTATTRUTILS_H
