//===- XlaLayout.h - Every field of XLA's layout text -----------*- C++ -*-===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// The one parser and the one printer of XLA's layout text. XlaLayout holds
// every field XLA writes between the braces of a shape's layout; the fields
// that place elements form a TiledLayout, which TiledLayout::parse takes
// from this parse, rejecting what a memref layout cannot hold.
//
//===----------------------------------------------------------------------===//

#ifndef TLAYOUT_CORE_XLALAYOUT_H
#define TLAYOUT_CORE_XLALAYOUT_H

#include "tlayout/Core/TiledLayout.h"

#include <string>

namespace mlir::tlayout {

/// One split config `(dimension:index,index,...)` of `SC(...)`: the array is
/// split in memory along `dimension` at the given indices.
struct SplitConfig {
  int64_t dimension = 0;
  llvm::SmallVector<int64_t, 2> splitIndices;
  bool operator==(const SplitConfig &other) const {
    return dimension == other.dimension && splitIndices == other.splitIndices;
  }
};

/// Every field of an XLA layout. Text syntax, in XLA's order (the HLO
/// parser, xla/hlo/parser/hlo_parser.cc `ParseLayout`, reads each optional
/// field once, in this order, and fails on anything else):
///
///   layout ::= `{` (int (`,` int)*)? (`:` D? T? L? #? *? E? S? SC? P? M?)? `}`
///   D      ::= `D(` level (`,` level)* `)`  level ::= (D|C|S|H) `+`? `~`?
///   T      ::= `T`? tile+                  tile ::= `(` entry (`,` entry)* `)`
///   L, E, S, M ::= letter `(` int `)`      #, * ::= letter `(` u<bits> `)`
///   SC     ::= `SC` (`(` int `:` int (`,` int)* `)`)+
///   P      ::= `P(` shape `)`
///
/// Spaces and `/* ... */` and `// ...` comments may come between tokens, as
/// XLA's lexer skips them. The bare `(2,2)` form of the tiled layout
/// document is read as `T(2,2)`.
///
/// Checks at parse time, as XLA's parser does: a dimension level `D` is
/// unique and ordered (no `+`, `~`), there is one level per minor_to_major
/// entry, a sparse layout (a level other than `D`) has no tiles, `P` only
/// comes with a sparse layout, index and pointer types are unsigned
/// integers, split dimensions are in range, `M` is not negative. Everything
/// `TiledLayout::verify` checks is left to it.
struct XlaLayout {
  /// minor_to_major, `T`, `L`, `E` and `S`: the fields that place elements.
  TiledLayout tiled;
  /// `D(...)` entries as written: `D` dense, `C` compressed, `S` singleton,
  /// `H` loose compressed, each optionally followed by `+` (not unique) and
  /// `~` (not ordered). Empty when the text has no `D`.
  llvm::SmallVector<std::string, 4> dimLevelTypes;
  /// `#(type)` and `*(type)`: the index and pointer types of a sparse array,
  /// as written (`u32`); empty when absent.
  std::string indexType;
  std::string pointerType;
  /// `SC(...)`: split configs.
  llvm::SmallVector<SplitConfig, 1> splitConfigs;
  /// `P(shape)`: the text of the shape the sparse array has on the device,
  /// as written between the parentheses (shapes are the format library's
  /// grammar); empty when absent.
  std::string physicalShape;
  /// `M(n)`: bytes of dynamic-shape metadata before the data.
  int64_t dynamicMetadataPrefixBytes = 0;

  XlaLayout() = default;
  explicit XlaLayout(TiledLayout tiled) : tiled(std::move(tiled)) {}

  /// Parses the whole text as one layout. Errors are `ParseError`s with a
  /// column.
  static llvm::Expected<XlaLayout> parse(llvm::StringRef text);
  /// Parses one layout at the start of `text` (spaces and comments before
  /// it are skipped) and sets `consumed` to the bytes it took.
  static llvm::Expected<XlaLayout> parsePrefix(llvm::StringRef text,
                                               size_t &consumed);

  /// Prints as XLA does: every field that is set, in XLA's order, `D` only
  /// when a level is not dense, the colon only when a field follows.
  void print(llvm::raw_ostream &os) const;
  std::string str() const;

  /// Whether `D(...)` names a level other than dense.
  bool isSparse() const;
  /// Whether any field beyond the TiledLayout's is set (an all-dense `D`
  /// does not count: it says what every layout is).
  bool hasFieldsBeyondTiling() const;

  bool operator==(const XlaLayout &other) const;
  bool operator!=(const XlaLayout &other) const { return !(*this == other); }
};

} // namespace mlir::tlayout

#endif // TLAYOUT_CORE_XLALAYOUT_H
