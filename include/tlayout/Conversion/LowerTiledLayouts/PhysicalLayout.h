//===- PhysicalLayout.h - How a tiled memref lowers -------------*- C++ -*-===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// Shared by the lowering's pattern files and a target's: the physical
// layout of a tiled memref type (its buffer type and the affine maps of its
// indices and sizes), and the helpers that emit those maps' values and
// handle the 1:N values a lowered tiled memref becomes (its buffer, then the
// index values the type converter adds).
//
//===----------------------------------------------------------------------===//

#ifndef TLAYOUT_CONVERSION_LOWERTILEDLAYOUTS_PHYSICALLAYOUT_H
#define TLAYOUT_CONVERSION_LOWERTILEDLAYOUTS_PHYSICALLAYOUT_H

#include "tlayout/Conversion/LowerTiledLayouts/LowerTiledLayouts.h"
#include "tlayout/Core/BufferIndexing.h"

#include "mlir/IR/AffineMap.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::tlayout {

/// How a tiled memref type lowers. Affine maps take the logical indices as
/// dims and the sizes of the dynamic logical dimensions, in order, as
/// symbols; a static shape has no symbols.
///
/// A layout with `E(1)`, `E(2)` or `E(4)` packs its elements: the buffer is
/// the 1-D byte buffer `memref<Bxi8>` with B = ceil(elements * n / 8), the
/// footprint the layout core reports; `indexMap` then has one result, the
/// element's physical position (its linear offset, in elements), and the
/// element lives in byte `position floordiv (8/n)` at the shift
/// `n * (8/n - 1 - position mod (8/n))` (XLA's order: see
/// getPackedPosition and emitPackedLoad).
struct PhysicalLayout {
  /// The identity-layout physical memref (dynamic where a size depends on a
  /// dynamic logical size); bytes (`i8`) when packed.
  MemRefType type;
  /// Logical indices -> physical indices (one result per physical dim); when
  /// packed, the physical position.
  AffineMap indexMap;
  /// () [sizes] -> the size of each physical dimension.
  AffineMap physicalSizes;
  /// () [sizes] -> the number of elements of the physical buffer (bytes when
  /// packed).
  AffineMap numElements;
  /// The bits of each element when the buffer is packed (1, 2 or 4), else 0.
  int64_t packedBits = 0;
  /// The layout compiled for the shape it places (a view's parent; for a
  /// view at tile-aligned offsets, the view's own shape, which `indexMap` is
  /// over), computed with the maps: the patterns read it here rather than
  /// compiling the layout again.
  std::shared_ptr<const BufferIndexing> indexing;
  /// For a view at tile-aligned offsets: the root's physical type and the
  /// physical index of the view's origin in it. The view then lowers to a
  /// strided subview of the root's buffer (`type`), indexed by the layout's
  /// own map over the view's shape.
  std::optional<MemRefType> alignedRoot;
  SmallVector<int64_t> alignedOrigin;
};

class TiledConversionPattern;

/// What the patterns built with one TiledLayoutTypeConverter share for the
/// converter's lifetime (one conversion).
struct detail::TiledLoweringState {
  /// The lowering of each tiled type met so far (std::nullopt: none).
  DenseMap<Type, std::optional<PhysicalLayout>> layouts;
  /// The TiledConversionPatterns built with the converter and still alive.
  DenseMap<const RewritePattern *, const TiledConversionPattern *> patterns;

  static TiledLoweringState &of(const TiledLayoutTypeConverter &converter) {
    return *converter.state;
  }
};

/// The bits per element when `type`'s layout packs several elements into
/// each byte (`E(1)`, `E(2)` or `E(4)`), else 0.
int64_t getPackedBits(MemRefType type);

/// Whether a vector of `elementType` holds its lanes in memory the way a
/// memref of `elementType` holds its elements, so that a vector.load or
/// vector.store of consecutive elements of an unpacked buffer is correct:
/// `index`, or an integer or float of a power-of-two number of bits, at
/// least 8. LLVM packs the lanes of other vectors bit by bit
/// (`vector<8xi2>` takes 2 bytes), while a memref gives each element its
/// own whole bytes (an `i2` or `i1` takes a byte: see PackedElements.md).
bool hasByteAddressedVectorLanes(Type elementType);

/// Where a packed element lives: the index of its byte in the byte buffer
/// and the shift of its bits from the byte's least significant bit (both
/// `index` values).
struct PackedSlot {
  Value byte;
  Value shift;
};

/// The slot of the packed element at the physical position `map(dims)
/// [symbols]` (`map` has one result) of a buffer with `bits` bits per
/// element: two `affine.apply`s of `map` composed with
/// `floordiv (8/bits)` and with the shift of getPackedShift.
PackedSlot emitPackedSlot(OpBuilder &builder, Location loc, AffineMap map,
                          ValueRange dims, ValueRange symbols, int64_t bits);

/// The element of type `elementType` (an integer or float of at most
/// `bits` bits) held in the byte value `byte` (`i8`) at `shift` (`index`):
/// the byte shifted right and truncated to the element's width (bitcast for
/// a float). Pure: packed atomics apply it inside their update region.
Value extractPacked(OpBuilder &builder, Location loc, Value byte, Value shift,
                    Type elementType);

/// The byte value `byte` (`i8`) with the `bits` bits at `shift` (`index`)
/// replaced by `value`'s (an integer or float of at most `bits` bits,
/// zero-extended); the other bits are kept. Pure.
Value insertPacked(OpBuilder &builder, Location loc, Value byte, Value shift,
                   Value value, int64_t bits);

/// Loads the element of type `elementType` (an integer or float of at most
/// `bits` bits) at `slot` of the byte buffer `bytes` (`memref<?xi8>` or
/// static): the byte, shifted right by the slot's shift, truncated to the
/// element's width (bitcast for a float). The bits stored are the value's
/// own: a load after a store of `v` gives `v`, and `arith.extsi` of an `i4`
/// so loaded sign-extends it.
Value emitPackedLoad(OpBuilder &builder, Location loc, Value bytes,
                     const PackedSlot &slot, Type elementType, int64_t bits);

/// Stores `value` (an integer or float of at most `bits` bits) at `slot` of
/// the byte buffer `bytes`: a read-modify-write of the containing byte that
/// keeps the other elements' bits; the value is zero-extended to `bits`.
/// Not atomic: two stores to one byte must not race.
void emitPackedStore(OpBuilder &builder, Location loc, Value value, Value bytes,
                     const PackedSlot &slot, int64_t bits);

/// The initial value of the byte buffer of a global of the packed type
/// `type` (static) whose logical initial value is `initial`: each element's
/// bits at its slot, padding bits zero (placed by `layout.indexing`). Fails
/// when `initial` does not match `type`'s shape.
FailureOr<DenseElementsAttr> packInitializer(MemRefType type,
                                             const PhysicalLayout &layout,
                                             DenseElementsAttr initial);

/// Whether `type` is a memref with a tlayout layout.
bool isTiledMemRef(Type type);

/// Whether a view with a static root lies at static offsets where it is a
/// window of the root's physical buffer (isWindowOf).
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

#endif // TLAYOUT_CONVERSION_LOWERTILEDLAYOUTS_PHYSICALLAYOUT_H
