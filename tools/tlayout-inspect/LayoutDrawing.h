//===- LayoutDrawing.h - What tlayout-inspect draws -------------*- C++ -*-===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// The pieces both drawings of a layout share: the 2-D slice of the array
// they show, and the tile levels, each telling which tile of that level an
// element belongs to. `printTextDrawing` draws a small array in full as
// text; `writeSvgDrawing` draws a window of an array of any size as SVG.
//
//===----------------------------------------------------------------------===//

#ifndef TLAYOUT_TOOLS_TLAYOUTINSPECT_LAYOUTDRAWING_H
#define TLAYOUT_TOOLS_TLAYOUTINSPECT_LAYOUTDRAWING_H

#include "tlayout/Core/BufferIndexing.h"
#include "tlayout/Format/XlaShape.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <string>

namespace mlir::tlayout::inspect {

/// An array and its layout, compiled, with the slice options as given.
struct DrawRequest {
  const XlaShape &shape;
  const BufferIndexing &indexing;
  /// The layout as physical dimensions when the input gave it that way.
  const std::optional<llvm::SmallVector<DimsLayoutEntry, 4>> &inputDims;
  /// `--dims r,c` and `--at i,j,...` as given; empty when not.
  llvm::StringRef dims;
  llvm::StringRef at;
  /// Lines written under the SVG picture (a buffer's totals).
  llvm::ArrayRef<std::string> notes = {};
};

/// A 2-D slice of the array laid out as a grid: rows along `rowDim`, columns
/// along `colDim`, the other indices from `base`. A rank-1 array is either
/// one row or, `wrapped`, rows of `wrapWidth` consecutive elements.
struct Slice {
  unsigned rowDim = 0, colDim = 0;
  int64_t rows = 1, cols = 1;
  bool wrapped = false;
  int64_t wrapWidth = 1;
  /// Number of elements of a rank-1 array (a wrapped grid's last row may be
  /// short).
  int64_t length = 1;
  llvm::SmallVector<int64_t, 4> base;

  /// The logical index at grid cell (r, c), or std::nullopt when the cell is
  /// outside the array.
  std::optional<llvm::SmallVector<int64_t, 4>> indexAt(int64_t r,
                                                       int64_t c) const;
};

/// Reads `--dims` and `--at` (bad values are errors) and sets up the slice;
/// a rank-1 array wraps at `wrapWidth` when it is non-zero.
llvm::Expected<Slice> chooseSlice(const DrawRequest &request,
                                  int64_t wrapWidth = 0);

/// One level of tiling: `T(8,128)` of `T(8,128)(2,1)`, or for a
/// `#tlayout.dims` layout the block its fixed-size entries span.
struct TileLevel {
  /// `T(8,128)`, for legends.
  std::string name;
  /// The layout with the tiles up to and including this one.
  BufferIndexing truncated;
  /// Elements of one tile of this level in `truncated`.
  int64_t size = 1;
  /// Elements of one tile of this level in the whole buffer when each tile
  /// is one contiguous run there (later tiles only reorder inside it).
  std::optional<int64_t> memoryRun;

  /// The number of the tile holding `index`: tiles are numbered in memory
  /// order. An index outside the array is an error.
  llvm::Expected<int64_t> tileOf(llvm::ArrayRef<int64_t> index) const;
};

/// The tile levels of a static-shape layout, outermost first; none for an
/// untiled layout.
llvm::Expected<llvm::SmallVector<TileLevel, 3>>
getTileLevels(const DrawRequest &request);

/// Prints the offsets of the slice and the buffer, cell by cell, with the
/// first-level tile boundaries. Buffers of more than 65536 elements are an
/// error.
llvm::Error printTextDrawing(const DrawRequest &request, llvm::raw_ostream &os);

/// Writes an SVG picture of the slice and the buffer: a window of the first
/// tiles when the array is large, each tile level marked, with a legend.
llvm::Error writeSvgDrawing(const DrawRequest &request, llvm::StringRef path);

/// The same picture as SVG text, for embedding in a page.
llvm::Expected<std::string> renderSvgDrawing(const DrawRequest &request);

} // namespace mlir::tlayout::inspect

#endif // TLAYOUT_TOOLS_TLAYOUTINSPECT_LAYOUTDRAWING_H
