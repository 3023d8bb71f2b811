//===- XlaShape.h - XLA shapes with layouts ---------------------*- C++ -*-===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// XLA element types and shapes as written in HLO dumps: arrays such as
// `bf16[8,1,1280,16384]{3,2,0,1:T(8,128)(2,1)S(1)}` with every layout field
// of XLA's text, bounded dynamic dimensions `s32[<=4096]`, and tuples,
// tokens, opaque values and buffers (HloShape).
//
//===----------------------------------------------------------------------===//

#ifndef TLAYOUT_CORE_XLASHAPE_H
#define TLAYOUT_CORE_XLASHAPE_H

#include "tlayout/Core/TiledLayout.h"

#include <memory>
#include <optional>
#include <vector>

namespace tlayout {

/// The array element types of XLA's `PrimitiveType` (xla_data.proto).
enum class ElementType {
  Pred,
  S1,
  U1,
  S2,
  U2,
  S4,
  U4,
  S8,
  U8,
  S16,
  U16,
  S32,
  U32,
  S64,
  U64,
  F4E2M1FN,
  F6E2M3FN,
  F6E3M2FN,
  F8E3M4,
  F8E4M3,
  F8E4M3FN,
  F8E4M3B11FNUZ,
  F8E4M3FNUZ,
  F8E5M2,
  F8E5M2FNUZ,
  F8E8M0FNU,
  BF16,
  F16,
  F32,
  F64,
  C64,
  C128
};

/// The lower-case XLA name, e.g. `bf16`, `f8e4m3fn`.
llvm::StringRef getElementTypeName(ElementType type);
/// Parses an XLA element type name (case-insensitive).
std::optional<ElementType> parseElementType(llvm::StringRef name);
/// Bits one element occupies in memory without `E(n)`: whole bytes, as XLA's
/// ShapeUtil::ByteSizeOfElements counts them (8 for `pred`, `s4`, `u1` and
/// the 4- and 6-bit floats), the type's width otherwise.
int64_t getStorageBits(ElementType type);
/// The fewest bits that hold every value: 1 for `pred`, 6 for `f6e2m3fn`.
int64_t getMinimumBits(ElementType type);
/// Whether the type is a signed (`s`) or unsigned (`u`) integer.
bool isSignedInteger(ElementType type);
bool isUnsignedInteger(ElementType type);

struct XlaShape;

/// One split config `(dimension:index,index,...)` of `SC(...)`: the array is
/// split in memory along `dimension` at the given indices.
struct SplitConfig {
  int64_t dimension = 0;
  llvm::SmallVector<int64_t, 2> splitIndices;
  bool operator==(const SplitConfig &other) const {
    return dimension == other.dimension && splitIndices == other.splitIndices;
  }
};

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
  /// layout against the shape. Errors are `ParseError`s with a column; a
  /// tuple, token or opaque shape is an error here (see HloShape).
  static llvm::Expected<XlaShape> parse(llvm::StringRef text);

  /// Prints as XLA does (no spaces; `<=n` for bounded dimensions).
  void print(llvm::raw_ostream &os) const;
  std::string str() const;

  /// Bits per element: `E(n)` when set, else the type's storage bits.
  int64_t getElementBits() const;
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

  /// Parses the whole text as one shape.
  static llvm::Expected<HloShape> parse(llvm::StringRef text);
  /// Parses one shape at the start of `text` and sets `consumed` to the
  /// bytes it took; for reading shapes inside HLO instruction text.
  static llvm::Expected<HloShape> parsePrefix(llvm::StringRef text,
                                              size_t &consumed);

  void print(llvm::raw_ostream &os) const;
  std::string str() const;

  /// Calls `fn` with each array (or buffer's array) and its tuple index,
  /// depth first, in order.
  void forEachArray(
      llvm::function_ref<void(llvm::ArrayRef<int64_t>, const XlaShape &)> fn)
      const;
};

} // namespace tlayout

#endif // TLAYOUT_CORE_XLASHAPE_H
