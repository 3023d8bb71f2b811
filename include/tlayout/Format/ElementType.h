//===- ElementType.h - XLA's element types ----------------------*- C++ -*-===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// The array element types of XLA's `PrimitiveType` (xla_data.proto), in one
// table: the XLA name, the MLIR type each is written as, and the bits an
// element stores and needs. Shapes, the inspector's memref input and
// Mosaic's memref text all read this table.
//
//===----------------------------------------------------------------------===//

#ifndef TLAYOUT_FORMAT_ELEMENTTYPE_H
#define TLAYOUT_FORMAT_ELEMENTTYPE_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>

namespace mlir::tlayout {

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

/// The MLIR type an element type is written as: integers signless (`i4` for
/// `s4` and `u4`, `i1` for `pred`), `f8E4M3FN`, `complex<f32>` for `c64`.
llvm::StringRef getMlirTypeName(ElementType type);
/// The element type of the MLIR type written `name` (signless, as
/// getMlirTypeName prints it); `isUnsigned` picks `u<N>` over `s<N>` for an
/// integer, and `i1` is `pred` either way. std::nullopt for a type XLA does
/// not have.
std::optional<ElementType> parseMlirElementType(llvm::StringRef name,
                                                bool isUnsigned = false);

} // namespace mlir::tlayout

#endif // TLAYOUT_FORMAT_ELEMENTTYPE_H
