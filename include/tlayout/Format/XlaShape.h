//===- XlaShape.h - XLA shapes with layouts ---------------------*- C++ -*-===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// XLA shapes as written in HLO dumps: arrays such as
// `bf16[8,1,1280,16384]{3,2,0,1:T(8,128)(2,1)S(1)}` with every layout field
// of XLA's text (read and printed by the core's XlaLayout), bounded dynamic
// dimensions `s32[<=4096]`, and tuples, tokens, opaque values and buffers
// (HloShape).
//
//===----------------------------------------------------------------------===//

#ifndef TLAYOUT_FORMAT_XLASHAPE_H
#define TLAYOUT_FORMAT_XLASHAPE_H

#include "tlayout/Core/XlaLayout.h"
#include "tlayout/Format/ElementType.h"

#include <memory>
#include <optional>
#include <vector>

namespace mlir::tlayout {

struct XlaShape;

/// The layout fields that do not place elements: sparse storage (`D(...)`,
/// `#(type)`, `*(type)`), split configs `SC(...)`, a physical shape
/// `P(shape)` and a dynamic-shape metadata prefix `M(n)`. They are kept so
/// that a shape prints back as it was written, and explained in reports.
struct LayoutExtras {
  /// `D(...)` entries as written: `D` dense, `C` compressed, `S` singleton,
  /// `H` loose compressed, each optionally followed by `+` (not unique) and
  /// `~` (not ordered).
  llvm::SmallVector<std::string, 4> dimLevelTypes;
  /// `#(type)`: the index type of a sparse array.
  std::optional<ElementType> indexType;
  /// `*(type)`: the pointer type of a sparse array.
  std::optional<ElementType> pointerType;
  /// `SC(...)`: split configs.
  llvm::SmallVector<SplitConfig, 1> splitConfigs;
  /// `P(shape)`: the shape the array has on the device.
  std::shared_ptr<const XlaShape> physicalShape;
  /// `M(n)`: bytes of dynamic-shape metadata before the data.
  int64_t dynamicMetadataPrefixBytes = 0;

  bool empty() const;
  /// Whether `D(...)` names any level other than dense.
  bool isSparse() const;
  bool operator==(const LayoutExtras &other) const;
};

/// An array shape: element type, dimension sizes (kDynamicSize for `?`; the
/// bound for `<=n`), and a layout (XLA's default row-major layout when the
/// text has none).
struct XlaShape {
  ElementType elementType = ElementType::F32;
  llvm::SmallVector<int64_t, 4> dims;
  /// Per dimension: whether it is a bounded dynamic dimension `<=n`, whose
  /// entry in `dims` is the bound (its physical size). Empty when none is.
  llvm::SmallVector<bool, 4> boundedDims;
  TiledLayout layout;
  LayoutExtras extras;
  /// Whether the text spelled a layout (printing omits a default one that
  /// was not spelled).
  bool hasExplicitLayout = false;

  /// Parses `f32[3,5]`, `bf16[8,128]{1,0:T(8,128)(2,1)}`, `u32[]{:T(128)}`,
  /// `f32[?,128]{1,0}`, `s32[<=4096]{0:T(8)M(1024)}` and validates the
  /// layout against the shape. As XLA's parser, a `{` starts a layout only
  /// when a dimension number or `:` follows, so `f32[]{}` is an error.
  /// Errors are `ParseError`s with a column; a tuple, token or opaque shape
  /// is an error here (see HloShape).
  static llvm::Expected<XlaShape> parse(llvm::StringRef text);

  /// Prints as XLA does (no spaces; `<=n` for bounded dimensions; no `{}`
  /// after a scalar).
  void print(llvm::raw_ostream &os) const;
  std::string str() const;

  /// Bits per element: `E(n)` when set, else the type's storage bits.
  int64_t getElementBits() const;
  /// The layout with every field, for the core's printer.
  XlaLayout getXlaLayout() const;
  /// Whether dimension `i` is a bounded dynamic dimension.
  bool isBounded(unsigned i) const {
    return i < boundedDims.size() && boundedDims[i];
  }
};

/// Any HLO shape: an array, a tuple of shapes (possibly nested or empty),
/// `token[]`, `opaque[]`, or a buffer `b(array)`.
struct HloShape {
  enum class Kind { Array, Tuple, Token, Opaque, Buffer };
  Kind kind = Kind::Array;
  /// The array of an Array or Buffer shape.
  XlaShape array;
  /// The elements of a tuple.
  std::vector<HloShape> elements;

  /// Parses the whole text as one shape. Spaces and `/* ... */` comments
  /// (XLA prints `/*index=5*/` in tuples of more than five elements) may come
  /// between tokens.
  static llvm::Expected<HloShape> parse(llvm::StringRef text);
  /// Parses one shape at the start of `text` and sets `consumed` to the
  /// bytes it took; for reading shapes inside HLO instruction text.
  static llvm::Expected<HloShape> parsePrefix(llvm::StringRef text,
                                              size_t &consumed);

  /// Prints as XLA does: tuple elements separated by `, `, with
  /// `/*index=N*/` before every fifth, `b(...)`, `token[]`, `opaque[]`.
  void print(llvm::raw_ostream &os) const;
  std::string str() const;

  /// Calls `fn` with each array (or buffer's array) and its tuple index,
  /// depth first, in order.
  void forEachArray(
      llvm::function_ref<void(llvm::ArrayRef<int64_t>, const XlaShape &)> fn)
      const;
  /// Whether the array at tuple index `index` is a buffer `b(...)`.
  bool isBufferAt(llvm::ArrayRef<int64_t> index) const;
};

} // namespace mlir::tlayout

#endif // TLAYOUT_FORMAT_XLASHAPE_H
