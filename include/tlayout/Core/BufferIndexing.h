//===- BufferIndexing.h - Mixed-radix normal form of a layout ---*- C++ -*-===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// The one normal form every layout query reads: a layout compiled against a
// logical shape into a buffer indexing expression. The buffer is a list of
// physical dimensions, most major first; each is a piece
//
//     floor(S / divisor) mod modulus
//
// of a source S, with a size and a stride. A source is a logical dimension, a
// leading unit dimension that a tile longer than the shape introduces, or a
// combination (mixed-radix linearization) of other pieces: a `*` in a tile,
// or a piece that a later tile splits unevenly. The pieces of every source
// always form an exact mixed-radix decomposition of it, which is what makes
// the inverse map exact.
//
// Nothing here knows XLA's text: `compile` translates a TiledLayout, and
// other layout models can build the same form.
//
//===----------------------------------------------------------------------===//

#ifndef TLAYOUT_CORE_BUFFERINDEXING_H
#define TLAYOUT_CORE_BUFFERINDEXING_H

#include "tlayout/Core/IndexExpr.h"
#include "tlayout/Core/TiledLayout.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Error.h"

#include <optional>

namespace mlir::tlayout {

/// The most nodes an index expression of a compiled layout may have when
/// written out as a tree (the offset map or a logical index of the inverse).
/// Tiles that combine (`*`) and split dimensions again and again nest each
/// level's expression inside the next, so the tree grows exponentially with
/// such levels: 20 levels of `(*,*,10)(*,*,2)` would print gigabytes.
/// Compilation stops with an error past this bound.
constexpr size_t kMaxIndexExprNodes = size_t(1) << 16;

/// What a physical dimension indexes: `floor(S / divisor) mod modulus` of the
/// source S (no modulus for the outermost piece of a source).
struct Piece {
  unsigned source = 0;
  int64_t divisor = 1;
  std::optional<int64_t> modulus;
};

/// A value the buffer is indexed by.
struct Source {
  enum class Kind {
    /// A logical dimension of the array.
    Logical,
    /// A leading dimension of size 1 added by a tile of higher rank.
    Unit,
    /// The mixed-radix linearization of `parts` (pieces, most major first).
    Combined
  };
  Kind kind = Kind::Logical;
  /// For `Logical`: the logical dimension.
  unsigned logicalDim = 0;
  /// For `Combined`: the pieces it linearizes, most major first.
  llvm::SmallVector<unsigned, 2> parts;
  /// For `Combined`: the size of each part (its radix).
  llvm::SmallVector<IndexExpr, 2> partSizes;
  /// Values of the source lie in [0, size).
  IndexExpr size;
};

/// One dimension of the physical buffer a layout compiles to: the piece it
/// indexes, its size and its stride in elements.
struct BufferDim {
  unsigned piece = 0;
  IndexExpr size;
  IndexExpr stride;
};

/// One entry of a Morello-style layout (`#tlayout.dims`), the physical
/// dimension it stores: a piece of logical
/// dimension `logicalDim`. `Dynamic` takes what remains of that dimension,
/// `Packed` a fixed `size`, and `OddEven` a strip of `size` (even) elements
/// stored even-indexed first, then odd-indexed.
struct DimsLayoutEntry {
  enum class Kind { Dynamic, Packed, OddEven };
  unsigned logicalDim = 0;
  Kind kind = Kind::Dynamic;
  int64_t size = 0;

  static DimsLayoutEntry dynamic(unsigned dim) {
    return {dim, Kind::Dynamic, 0};
  }
  static DimsLayoutEntry packed(unsigned dim, int64_t size) {
    return {dim, Kind::Packed, size};
  }
  static DimsLayoutEntry oddEven(unsigned dim, int64_t size) {
    return {dim, Kind::OddEven, size};
  }
};

/// Checks the structure of a list of physical dimensions for `rank` logical
/// dimensions: every dimension in range, at most one Dynamic per dimension
/// and outermost among its entries, positive sizes, even OddEven strips.
/// With `everyDimension` (a layout on its own, e.g. `#tlayout.dims`), every
/// dimension also needs an entry; `compile` lets size-1 dimensions go
/// without and checks the rest against the shape.
llvm::Error verifyPhysDims(llvm::ArrayRef<DimsLayoutEntry> dims, unsigned rank,
                           bool everyDimension = true);

/// The inverse of a buffer indexing expression, symbolically: in terms of
/// the indices along the physical dimensions (`d<k>` for physical dimension
/// k) and the logical sizes (`s<i>`).
struct InverseMap {
  /// The logical index stored at each physical position, one per dimension.
  llvm::SmallVector<IndexExpr, 4> logicalIndex;
  /// The physical position holds an element exactly when every
  /// `value < bound`; the others are padding. Guards that cannot fail
  /// (statically, within the physical dimensions' sizes) are left out.
  llvm::SmallVector<std::pair<IndexExpr, IndexExpr>, 4> guards;
};

/// A layout compiled against a logical shape. Sizes are symbolic: a dynamic
/// logical dimension `i` appears as symbol `s<i>`; a static shape gives
/// constant expressions throughout.
class BufferIndexing {
public:
  /// Compiles `layout` for `shape` (sizes, or kDynamicSize), verifying it
  /// first: rank, structure, sizes, and with a non-zero `elementTypeBits`
  /// that `E(n)` holds the element type. For static shapes it also checks
  /// that the physical size, in elements and in bits, fits in int64.
  /// `TiledLayout::verify(shape, bits)` is this check alone.
  static llvm::Expected<BufferIndexing> compile(const TiledLayout &layout,
                                                llvm::ArrayRef<int64_t> shape,
                                                int64_t elementTypeBits = 0);

  /// Compiles a Morello-style layout: physical dimensions from slowest to
  /// fastest varying, built back to front; each adds
  /// `alpha * (floor(d / v) mod p)` where `alpha` is the volume covered so
  /// far, `v` the volume covered so far in its logical dimension and `p` its
  /// size. Checks: every dimension mentioned is in range, at most one
  /// `Dynamic` per logical dimension and outermost among its entries, sizes
  /// positive, `OddEven` sizes even, and every logical dimension covered
  /// (by a `Dynamic`, or by pieces whose product reaches its size). A
  /// `Packed` or `OddEven` size that does not divide what remains pads, as
  /// a tile does.
  static llvm::Expected<BufferIndexing>
  compile(llvm::ArrayRef<DimsLayoutEntry> dims, llvm::ArrayRef<int64_t> shape);

  llvm::ArrayRef<int64_t> getShape() const { return shape; }
  unsigned getRank() const { return shape.size(); }
  bool hasStaticShape() const;
  llvm::ArrayRef<Source> getSources() const { return sources; }
  llvm::ArrayRef<Piece> getPieces() const { return pieces; }
  /// Physical dimensions, most major first.
  llvm::ArrayRef<BufferDim> getDims() const { return dims; }

  /// The physical shape before tiling (logical sizes in physical order) and
  /// after each tile level; the last entry is the shape of `getDims()`.
  llvm::ArrayRef<llvm::SmallVector<IndexExpr, 4>> getLevelShapes() const {
    return levelShapes;
  }

  /// Elements of the tiled array before tail padding.
  IndexExpr getTiledNumElements() const { return tiledNumElements; }
  /// Elements of the physical buffer, after `L(n)` tail padding.
  IndexExpr getNumElements() const { return numElements; }
  /// Elements of the logical array.
  IndexExpr getLogicalNumElements() const;
  int64_t getTailPaddingAlignment() const { return tailPaddingAlignment; }

  /// The index along each physical dimension (the multi-result layout map).
  llvm::SmallVector<IndexExpr, 8> getPhysicalIndices() const;
  /// The linear offset of the element at logical index (d0, d1, ...).
  IndexExpr getOffset() const;

  /// The linear offset of `index`. `sizes` gives the dynamic sizes (the full
  /// shape); it may be empty for static shapes. Errors on an index out of
  /// bounds or an overflow.
  llvm::Expected<int64_t> offsetOf(llvm::ArrayRef<int64_t> index,
                                   llvm::ArrayRef<int64_t> sizes = {}) const;

  /// The inverse map: the logical index at each physical position, and when
  /// a position is padding.
  const InverseMap &getInverse() const { return inverse; }

  /// The stride of each logical dimension when the placement is a
  /// permutation of whole dimensions (no tiles that split one, no tail
  /// padding); std::nullopt otherwise.
  std::optional<llvm::SmallVector<IndexExpr, 4>> getLogicalStrides() const;

  /// The logical index stored at `offset`, or std::nullopt when that offset
  /// is padding. Errors on an offset outside the buffer.
  llvm::Expected<std::optional<llvm::SmallVector<int64_t, 4>>>
  indexAt(int64_t offset, llvm::ArrayRef<int64_t> sizes = {}) const;

  /// Whether `other` places every element where this does, read from the
  /// structure alone: with physical dimensions of size 1 dropped and
  /// adjacent pieces of one source merged, both have the same pieces of the
  /// same sizes in the same order, and the same total size. Sound, not
  /// complete (it answers for dynamic shapes too); haveSamePlacement
  /// (DimsLayout.h) is the exact answer where the normal form is defined and
  /// falls back on this.
  bool hasSamePlacementStructure(const BufferIndexing &other) const;

  /// Prints the normal form, one physical dimension a line.
  void print(llvm::raw_ostream &os) const;

private:
  BufferIndexing() = default;
  llvm::Expected<llvm::SmallVector<int64_t, 4>>
  resolveSizes(llvm::ArrayRef<int64_t> sizes) const;
  /// Sets the physical dimensions (piece and size, most major first), their
  /// strides, the sizes with `tailPaddingAlignment`, and the inverse; errors
  /// when a static size overflows int64.
  llvm::Error finish(llvm::ArrayRef<std::pair<unsigned, IndexExpr>> majorFirst,
                     int64_t tailPaddingAlignment);

  llvm::SmallVector<int64_t, 4> shape;

  llvm::SmallVector<Source, 8> sources;
  llvm::SmallVector<Piece, 16> pieces;
  llvm::SmallVector<BufferDim, 8> dims;
  InverseMap inverse;
  llvm::SmallVector<llvm::SmallVector<IndexExpr, 4>, 3> levelShapes;
  IndexExpr tiledNumElements;
  IndexExpr numElements;
  int64_t tailPaddingAlignment = 1;
};

/// Sizes of an array in memory. Byte sizes round up to whole bytes.
struct Footprint {
  IndexExpr logicalElements;
  IndexExpr physicalElements;
  IndexExpr logicalBytes;
  IndexExpr physicalBytes;
  /// physical / logical elements, for static shapes with elements.
  std::optional<double> paddingRatio;
};

/// The footprint of `indexing` with `elementBits` bits per element (the
/// layout's `E(n)`, or the element type's storage size).
Footprint getFootprint(const BufferIndexing &indexing, int64_t elementBits);

/// The bits each element of an array takes in memory: the layout's `E(n)`
/// when it has one (`elementSizeInBits` non-zero), otherwise the element
/// type's `typeBits` rounded up to a whole byte, as XLA sizes an array
/// without `E(n)` (ShapeUtil::ByteSizeOfElements: ByteSizeOfPrimitiveType,
/// one byte for s4 and pred) and as LLVM stores an `i1` or `i4`.
int64_t getStoredElementBits(int64_t elementSizeInBits, int64_t typeBits);

/// Whether `E(n)` packs several elements into each byte: n is 1, 2 or 4.
/// Each byte then holds 8 / n elements of consecutive physical positions.
bool isPackedElementSize(int64_t elementSizeInBits);

/// Where a packed element lives: the byte of the buffer and the shift of its
/// n bits from the byte's least significant bit.
struct PackedPosition {
  int64_t byte = 0;
  int64_t shift = 0;
};

/// The slot of the element at physical position (linear offset) `position`
/// of a buffer packed with `E(n)` (isPackedElementSize). XLA's order: the
/// element at the lowest position of a byte takes its most significant bits
/// (xla/util.h PackIntN: element j of a byte is shifted left by
/// n * (8/n - 1 - j)), so positions 0 and 1 of an E(4) buffer holding 3 and
/// 5 make the byte 0x35.
PackedPosition getPackedPosition(int64_t position, int64_t elementSizeInBits);

/// The same slot as index expressions of the expression `position`:
/// `position floordiv (8/n)` and `n * (8/n - 1 - position mod (8/n))`.
IndexExpr getPackedByte(const IndexExpr &position, int64_t elementSizeInBits);
IndexExpr getPackedShift(const IndexExpr &position, int64_t elementSizeInBits);

} // namespace mlir::tlayout

#endif // TLAYOUT_CORE_BUFFERINDEXING_H
