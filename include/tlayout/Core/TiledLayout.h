//===- TiledLayout.h - XLA-style tiled layouts ------------------*- C++ -*-===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// The TiledLayout value type: minor_to_major, a list of tiles, tail padding
// alignment, element size in bits and memory space, with XLA's text syntax
// (and ParseError, the errors of every parser of layout and shape text) and
// validation. The math over a layout (sizes, offsets, inverse) lives in
// BufferIndexing.h, which compiles a layout into a normal form.
//
//===----------------------------------------------------------------------===//

#ifndef TLAYOUT_CORE_TILEDLAYOUT_H
#define TLAYOUT_CORE_TILEDLAYOUT_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/Hashing.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <limits>
#include <string>

namespace mlir::tlayout {

/// Marks a dimension size that is only known at run time. Equal to MLIR's
/// `ShapedType::kDynamic`.
constexpr int64_t kDynamicSize = std::numeric_limits<int64_t>::min();

/// One tile: sizes of the most minor physical dimensions it applies to, most
/// major first. An entry equal to `kCombine` (written `*`) combines that
/// dimension into the next more minor one before tiling.
struct Tile {
  /// The combine marker `*`.
  static constexpr int64_t kCombine = std::numeric_limits<int64_t>::min();

  llvm::SmallVector<int64_t, 4> dims;

  Tile() = default;
  Tile(std::initializer_list<int64_t> dims) : dims(dims) {}
  explicit Tile(llvm::ArrayRef<int64_t> dims) : dims(dims) {}

  /// Prints the tile as XLA and Mosaic write it: `(8,128)`, `(2,*,128)`.
  void print(llvm::raw_ostream &os) const;
  std::string str() const;

  bool operator==(const Tile &other) const { return dims == other.dims; }
  bool operator!=(const Tile &other) const { return !(*this == other); }
};

/// Prints tiles back to back, `(8,128)(2,1)`: the one printer of tile lists.
void printTiles(llvm::raw_ostream &os, llvm::ArrayRef<Tile> tiles);

/// A diagnostic from parsing layout or shape text, with the 0-based column
/// (byte offset into the parsed text) where the problem is.
class ParseError : public llvm::ErrorInfo<ParseError> {
public:
  static char ID;
  ParseError(size_t column, std::string message)
      : column(column), message(std::move(message)) {}
  size_t getColumn() const { return column; }
  llvm::StringRef getMessage() const { return message; }
  /// Logs `column N: message` (1-based column, as editors count).
  void log(llvm::raw_ostream &os) const override;
  /// The column and message of `err`, which must be a ParseError (the
  /// parsers of layout and shape text return no other error).
  static std::pair<size_t, std::string> take(llvm::Error err);
  std::error_code convertToErrorCode() const override;

private:
  size_t column;
  std::string message;
};

/// The most tile levels a layout may have. XLA's layouts use one to three.
/// Every level adds physical dimensions, and BufferIndexing records the
/// physical shape after each level (`getLevelShapes()`, which the inspector
/// prints), so its size and the time to build it grow with the product of
/// the level count and the physical rank. With this bound and
/// kMaxTileEntries that stays near a million sizes for any rank MLIR parses
/// in reasonable time, and hostile text such as 30,000 `(1)` tiles (seconds
/// and gigabytes before the bound) is an error from `verify()`.
constexpr size_t kMaxTileLevels = 1024;

/// The most entries all tiles of a layout may have together. A tile longer
/// than the shape pads unit dimensions in front, so entries become physical
/// dimensions; the bound keeps a single hostile tile of tens of thousands of
/// entries from taking seconds.
constexpr size_t kMaxTileEntries = 4096;

/// An XLA layout: how an array is placed in memory.
///
/// Text syntax: XLA's layout text (XlaLayout, whose parser and printer these
/// are), with the fields that place elements:
///
///   layout ::= `{` (int (`,` int)*)? (`:` fields)? `}`
///   fields ::= tiles? (`L(` int `)`)? (`E(` int `)`)? (`S(` int `)`)?
///   tiles  ::= `T`? tile tile*
///   tile   ::= `(` entry (`,` entry)* `)`     entry ::= int | `*`
///
/// e.g. `{3,2,0,1:T(8,128)(2,1)S(1)}`, printed exactly as XLA prints it. The
/// bare `(2,2)` form of the tiled layout document is accepted and printed
/// back as `T(2,2)`; an all-dense `D(D,...,D)` is accepted and dropped.
class TiledLayout {
public:
  /// Dimension numbers from most minor to most major.
  llvm::SmallVector<int64_t, 4> minorToMajor;
  /// Tiles, applied first to last.
  llvm::SmallVector<Tile, 2> tiles;
  /// `L(n)`: the physical element count is padded to a multiple of this.
  int64_t tailPaddingAlignment = 1;
  /// `E(n)`: bits per element; 0 means the element type's own size.
  int64_t elementSizeInBits = 0;
  /// `S(n)`: memory space; 0 is the default (device HBM on TPU).
  int64_t memorySpace = 0;

  TiledLayout() = default;
  explicit TiledLayout(llvm::ArrayRef<int64_t> minorToMajor,
                       llvm::ArrayRef<Tile> tiles = {})
      : minorToMajor(minorToMajor), tiles(tiles) {}

  /// The default row-major layout `{rank-1,...,1,0}`.
  static TiledLayout rowMajor(unsigned rank);

  /// Parses XLA layout text with XlaLayout's parser and keeps the fields
  /// that place elements; the others (sparse storage, split configs, a
  /// physical shape, metadata bytes) are errors that say why a memref
  /// cannot hold them. Errors are `ParseError`s with a column.
  static llvm::Expected<TiledLayout> parse(llvm::StringRef text);

  /// Prints XLA layout text, e.g. `{1,0:T(8,128)(2,1)}`.
  void print(llvm::raw_ostream &os) const;
  std::string str() const;

  unsigned getRank() const { return minorToMajor.size(); }
  bool hasTiles() const { return !tiles.empty(); }

  /// Checks what can be checked without a shape: minor_to_major is a
  /// permutation of its own length, at most kMaxTileLevels tiles with at
  /// most kMaxTileEntries entries in all, each non-empty with positive sizes
  /// or `*` (never most minor), `L` > 0, `E` >= 0, `S` >= 0.
  llvm::Error verify() const;

  /// Checks the layout against a shape (sizes or kDynamicSize) and, when
  /// `elementTypeBits` is non-zero, the element type's minimum width: rank,
  /// everything `verify()` checks, and that every physical size and offset
  /// fits in int64.
  llvm::Error verify(llvm::ArrayRef<int64_t> shape,
                     int64_t elementTypeBits = 0) const;

  /// Whether shifting logical indices by `offsets` moves whole tiles: one
  /// tile level without `*` and without tail padding, and every offset along
  /// a tiled dimension a multiple of its tile size. Then every element keeps
  /// its position within its tile, and a view at `offsets` is a window of
  /// whole tiles of the physical buffer.
  bool isTileAligned(llvm::ArrayRef<int64_t> offsets) const;

  bool operator==(const TiledLayout &other) const;
  bool operator!=(const TiledLayout &other) const { return !(*this == other); }
};

llvm::hash_code hash_value(const Tile &tile);
llvm::hash_code hash_value(const TiledLayout &layout);

inline llvm::raw_ostream &operator<<(llvm::raw_ostream &os,
                                     const TiledLayout &layout) {
  layout.print(os);
  return os;
}

/// `order` (a minor_to_major) without the dimensions in `dropped`, the
/// others renumbered: the minor_to_major of the array that lacks those
/// dimensions (a broadcast's operand, a reduction's result).
llvm::SmallVector<int64_t>
dropMinorToMajorDims(llvm::ArrayRef<int64_t> order,
                     llvm::ArrayRef<int64_t> dropped);

} // namespace mlir::tlayout

#endif // TLAYOUT_CORE_TILEDLAYOUT_H
