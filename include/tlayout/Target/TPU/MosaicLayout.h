//===- MosaicLayout.h - Mosaic TPU's tiled memref layouts -------*- C++ -*-===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// Mosaic TPU (JAX's Pallas TPU backend) writes its memref layouts as
//
//     memref<16x256xbf16, #tpu.tiled<(8,128)(2,1),[2,1]>,
//            #tpu.memory_space<vmem>>
//
// A list of XLA-style tiles, applied first to last, and one tile stride per
// logical dimension, counted in whole first-level tiles. This file reads that
// text without Mosaic's dialect, computes Mosaic's own element offset of an
// index (from the definition in JAX's `jaxlib/mosaic/dialect/tpu/
// tpu_dialect.cc`, `TiledLayoutAttr::getAffineMap`), and says what the layout
// is in tlayout's terms: a `#tlayout.tiled` layout when the strides are the
// default ones for the tiles, or a window (a `tlayout.subview` at offset 0)
// of a larger buffer with that layout when the strides skip tiles. See
// docs/Mosaic.md.
//
//===----------------------------------------------------------------------===//

#ifndef TLAYOUT_TARGET_TPU_MOSAICLAYOUT_H
#define TLAYOUT_TARGET_TPU_MOSAICLAYOUT_H

#include "tlayout/Core/TiledLayout.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>

namespace mlir::tlayout::mosaic {

/// Mosaic's memory spaces (`#tpu.memory_space<...>`), in the order of its
/// `MemorySpace` enum.
enum class MemorySpace {
  Any,
  Vmem,
  Smem,
  Hbm,
  Cmem,
  SemaphoreMem,
  VmemShared,
  Host
};

/// Mosaic's name of a memory space (`vmem`): the TPU's name of the space
/// (tpu::getMemorySpaceName) for those the TPU target numbers, and Mosaic's
/// own for `any`, `semaphore_mem` and `vmem_shared`.
llvm::StringRef stringifyMemorySpace(MemorySpace space);

/// The tlayout / XLA `S(n)` number of a Mosaic memory space: hbm 0, vmem 1,
/// smem 2, cmem 3, host 5, and `any` (placed by the compiler) 0, the
/// default. std::nullopt for spaces tlayout has no number for
/// (`semaphore_mem`, `vmem_shared`).
std::optional<int64_t> getTLayoutMemorySpace(MemorySpace space);

/// What a Mosaic layout is in tlayout's terms.
struct TLayoutEquivalent {
  /// The layout (with `memorySpace` set) of the buffer the memref indexes:
  /// the memref itself, or the larger buffer it is a window of.
  TiledLayout layout;
  /// The logical shape of that buffer; the memref's shape unless a window.
  llvm::SmallVector<int64_t, 4> bufferShape;
  /// True when the memref is a window (at offset 0 in every dimension) of a
  /// larger buffer with shape `bufferShape`.
  bool isWindow = false;
};

/// A memref type with a Mosaic layout, as Mosaic prints it.
struct MosaicMemRef {
  /// Sizes, or kDynamicSize for `?`.
  llvm::SmallVector<int64_t, 4> shape;
  /// The element type as written, e.g. `bf16`.
  std::string elementType;
  /// Whether a `#tpu.tiled` layout was given; without one the memref is
  /// row-major (the identity layout).
  bool hasTiledLayout = false;
  /// The tiles, applied first to last.
  llvm::SmallVector<Tile, 2> tiles;
  /// One stride per logical dimension, in units of first-level tiles (in
  /// elements when there are no tiles).
  llvm::SmallVector<int64_t, 4> tileStrides;
  /// The memory space, when one was given.
  std::optional<MemorySpace> memorySpace;

  /// Parses `memref<...>` text with an optional `#tpu.tiled<...>` layout
  /// and an optional `#tpu.memory_space<...>`. Checks what Mosaic's
  /// verifier checks (one stride per dimension, no tile across the first
  /// tile's dimensions, nested tiles dividing the first evenly) and that
  /// sizes, tile entries and strides are non-negative / positive. Errors
  /// are `ParseError`s with a column.
  static llvm::Expected<MosaicMemRef> parse(llvm::StringRef text);

  /// Prints the type back as Mosaic prints it.
  std::string str() const;
  /// Prints the `#tpu.tiled<...>` attribute alone.
  std::string layoutStr() const;

  unsigned getRank() const { return shape.size(); }
  bool hasStaticShape() const;
  /// Bits of one element for the element types XLA has (`bf16` 16, `i4` 4,
  /// the fewest bits that hold a value, as getMinimumBits counts them) and
  /// `index` (64), 0 otherwise.
  int64_t getElementBits() const;

  /// The number of first-level tiles along each dimension (the size for a
  /// dimension the first tile does not cover), or kDynamicSize.
  llvm::SmallVector<int64_t, 4> getTileCounts() const;
  /// The strides Mosaic gives a contiguous buffer of this shape: row-major
  /// over the tile counts. kDynamicSize where they depend on a dynamic size.
  llvm::SmallVector<int64_t, 4> getDefaultTileStrides() const;
  /// Whether every stride is the default one, ignoring dimensions with a
  /// single tile (whose stride never multiplies a non-zero index).
  bool hasDefaultTileStrides() const;

  /// Mosaic's element offset of `index` (which must lie in the shape; a
  /// dynamic dimension only bounds it below): the index split by every tile
  /// level, the first `rank` parts scaled by the tile strides times the
  /// first tile's element count, the parts inside a tile laid out row-major.
  llvm::Expected<int64_t> offsetOf(llvm::ArrayRef<int64_t> index) const;

  /// The offset map as text: `(d0, d1) -> (d0 floordiv 8 * 2048 + ...)`.
  std::string getOffsetMapText() const;

  /// The tlayout layout that places every element where Mosaic does: the
  /// row-major `#tlayout.tiled` layout with the same tiles for default
  /// strides, or that layout on a larger buffer this memref is a window of.
  /// Errors (with an explanation) when the strides describe neither (tiles
  /// in another order, a minor stride other than 1, dynamic sizes in a
  /// window) or the memory space has no tlayout number.
  llvm::Expected<TLayoutEquivalent> toTLayout() const;
};

/// Text for a tlayout equivalent of `memref` (which gave `eq`).
struct TLayoutText {
  /// `#tlayout.tiled<{1,0:T(8,128)(2,1)}>` for the buffer, or the view
  /// attribute `#tlayout.tiled<{...}, parent = [...], offsets = [...]>` of a
  /// window.
  std::string layoutAttr;
  /// The memref type with that layout and `#tlayout.memory_space<...>`.
  std::string memrefType;
  /// The XLA layout text of the buffer, with `S(n)`.
  std::string xlaLayout;
  /// For a window: the larger buffer's memref type, and the subview that
  /// takes the window from it (`%window = tlayout.subview %buffer[0, 0]
  /// [16, 256] : ... to ...`). Empty otherwise.
  std::string bufferType;
  std::string subview;
};
/// Prints the tlayout equivalent `eq` of `memref`.
TLayoutText printTLayout(const MosaicMemRef &memref,
                         const TLayoutEquivalent &eq);

} // namespace mlir::tlayout::mosaic

#endif // TLAYOUT_TARGET_TPU_MOSAICLAYOUT_H
