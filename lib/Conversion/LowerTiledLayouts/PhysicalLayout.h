//===- PhysicalLayout.h - How a tiled memref lowers -------------*- C++ -*-===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// Shared by the lowering's pattern files (not installed): the physical
// layout of a tiled memref type (its buffer type and the affine maps of its
// indices and sizes), and the helpers that emit those maps' values and
// handle the 1:N values a lowered tiled memref becomes (its buffer, then the
// index values the type converter adds).
//
//===----------------------------------------------------------------------===//

#ifndef TLAYOUT_LIB_CONVERSION_LOWERTILEDLAYOUTS_PHYSICALLAYOUT_H
#define TLAYOUT_LIB_CONVERSION_LOWERTILEDLAYOUTS_PHYSICALLAYOUT_H

#include "tlayout/Conversion/LowerTiledLayouts/LowerTiledLayouts.h"

#include "mlir/IR/AffineMap.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::tlayout {

/// How a tiled memref type lowers. Affine maps take the logical indices as
/// dims and the sizes of the dynamic logical dimensions, in order, as
/// symbols; a static shape has no symbols.
struct PhysicalLayout {
  /// The identity-layout physical memref (dynamic where a size depends on a
  /// dynamic logical size).
  MemRefType type;
  /// Logical indices -> physical indices (one result per physical dim).
  AffineMap indexMap;
  /// () [sizes] -> the size of each physical dimension.
  AffineMap physicalSizes;
  /// () [sizes] -> the number of elements of the physical buffer.
  AffineMap numElements;
  /// For a view at tile-aligned offsets: the root's physical type and the
  /// physical index of the view's origin in it. The view then lowers to a
  /// strided subview of the root's buffer (`type`), indexed by the layout's
  /// own map over the view's shape.
  std::optional<MemRefType> alignedRoot;
  SmallVector<int64_t> alignedOrigin;
};

/// Whether `type` is a memref with a tlayout layout.
bool isTiledMemRef(Type type);

/// Whether a view with a static root lies at static offsets where it is a
/// window of the root's physical buffer (::tlayout::isWindowOf).
bool isAlignedView(MemRefType type);

/// Fails, explaining through `emitError`, when `type` (the `what` #0 of
/// `op`, an op that makes or casts a memref) is a view of a tiled memref:
/// a view can only be accessed, copied, viewed or passed along, so `op`
/// should act on the parent memref (`instead`).
LogicalResult rejectView(Operation *op, Type type, StringRef what,
                         StringRef instead,
                         function_ref<InFlightDiagnostic()> emitError);

/// Computes the lowering of a tiled memref type, or explains why there is
/// none through `emitError`.
FailureOr<PhysicalLayout>
computePhysicalLayout(MemRefType type,
                      function_ref<InFlightDiagnostic()> emitError);

/// The physical layout of a tiled memref type, computed once per type and
/// conversion (cached in `pattern`'s TiledLayoutTypeConverter). Fails for
/// other types and for layouts that cannot be lowered (reported at `op`).
FailureOr<PhysicalLayout> layoutFor(const ConversionPattern &pattern,
                                    Operation *op, Type type);

/// The values of `map`'s results for `dims` and `symbols`: constants where
/// a result is constant, one `affine.apply` each otherwise.
SmallVector<Value> emitResults(OpBuilder &builder, Location loc, AffineMap map,
                               ValueRange dims, ValueRange symbols);

/// The dynamic entries of `map`'s results (the sizes of the dynamic
/// dimensions of a physical type).
SmallVector<Value> emitDynamicSizes(OpBuilder &builder, Location loc,
                                    AffineMap map, ValueRange symbols);

/// The sizes of the dynamic dimensions of `type` from `map`'s results, one
/// per dimension of `type`: a result that is constant (a size 0 that makes a
/// symbolic size constant, say) still gives a value where `type` is dynamic.
SmallVector<Value> emitSizesFor(OpBuilder &builder, Location loc, AffineMap map,
                                ValueRange symbols, MemRefType type);

/// Concatenates the values of a 1:N adaptor range.
SmallVector<Value> flatten(ArrayRef<ValueRange> ranges);

/// The dynamic sizes of a lowered tiled memref (its own, not its root's).
ValueRange viewSizesOf(MemRefType type, ValueRange values);

/// The symbols of a lowered tiled memref's maps: the dynamic sizes of the
/// memref it places, then (for a view) its dynamic offsets.
ValueRange symbolsOf(MemRefType type, ValueRange values);

/// Replaces `op`'s one result by a lowered tiled memref: its buffer followed
/// by the index values the type conversion adds.
void replaceWithLowered(ConversionPatternRewriter &rewriter, Operation *op,
                        Value buffer, ArrayRef<Value> values);

/// The logical indices an affine access map gives for `operands`.
SmallVector<Value> affineAccessIndices(OpBuilder &builder, Location loc,
                                       AffineMap map, ValueRange operands);

/// A view of `source` (identity layout, offset 0) with the identity-layout
/// type `type`, whose dynamic sizes are `dynamicSizes`.
Value reinterpretAs(OpBuilder &builder, Location loc, Value source,
                    MemRefType type, ValueRange dynamicSizes);

} // namespace mlir::tlayout

#endif // TLAYOUT_LIB_CONVERSION_LOWERTILEDLAYOUTS_PHYSICALLAYOUT_H
