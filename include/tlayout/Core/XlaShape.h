//===- XlaShape.h - XLA array shapes with layouts ---------------*- C++ -*-===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// XLA element types and array shapes as written in HLO dumps, e.g.
// `bf16[8,1,1280,16384]{3,2,0,1:T(8,128)(2,1)S(1)}`.
//
//===----------------------------------------------------------------------===//

#ifndef TLAYOUT_CORE_XLASHAPE_H
#define TLAYOUT_CORE_XLASHAPE_H

#include "tlayout/Core/TiledLayout.h"

#include <optional>

namespace tlayout {

/// XLA primitive element types.
enum class ElementType {
  Pred,
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
  F8E4M3FN,
  F8E5M2,
  BF16,
  F16,
  F32,
  F64,
  C64,
  C128
};

/// The lower-case XLA name, e.g. `bf16`.
llvm::StringRef getElementTypeName(ElementType type);
/// Parses an XLA element type name (case-insensitive).
std::optional<ElementType> parseElementType(llvm::StringRef name);
/// Bits one element occupies in memory without `E(n)`: 8 for `pred`.
int64_t getStorageBits(ElementType type);
/// The fewest bits that hold every value: 1 for `pred`, 4 for `s4`.
int64_t getMinimumBits(ElementType type);

/// An array shape: element type, dimension sizes (kDynamicSize for `?`), and
/// a layout (XLA's default row-major layout when the text has none).
struct XlaShape {
  ElementType elementType = ElementType::F32;
  llvm::SmallVector<int64_t, 4> dims;
  TiledLayout layout;
  /// Whether the text spelled a layout (printing omits a default one that
  /// was not spelled).
  bool hasExplicitLayout = false;

  /// Parses `f32[3,5]`, `bf16[8,128]{1,0:T(8,128)(2,1)}`, `u32[]{:T(128)}`,
  /// `f32[?,128]{1,0}` and validates the layout against the shape. Errors
  /// are `ParseError`s with a column.
  static llvm::Expected<XlaShape> parse(llvm::StringRef text);

  void print(llvm::raw_ostream &os) const;
  std::string str() const;

  /// Bits per element: `E(n)` when set, else the type's storage bits.
  int64_t getElementBits() const;
};

} // namespace tlayout

#endif // TLAYOUT_CORE_XLASHAPE_H
