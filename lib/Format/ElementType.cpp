//===- ElementType.cpp - XLA's element types ------------------------------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//

#include "tlayout/Format/ElementType.h"

#include "llvm/Support/ErrorHandling.h"

using namespace mlir::tlayout;
using llvm::StringRef;

namespace {
struct TypeInfo {
  ElementType type;
  const char *name;
  const char *mlirName;
  int64_t storageBits;
  int64_t minimumBits;
};
} // namespace

// Without E(n), XLA stores every element in whole bytes
// (ShapeUtil::ByteSizeOfElements uses ByteSizeOfPrimitiveType, one byte for
// pred and the sub-byte integers and floats); E(1), E(2), E(4) pack them.
// `pred` comes before `s1` and `u1`: an MLIR `i1` reads back as `pred`.
static constexpr TypeInfo typeInfos[] = {
    {ElementType::Pred, "pred", "i1", 8, 1},
    {ElementType::S1, "s1", "i1", 8, 1},
    {ElementType::U1, "u1", "i1", 8, 1},
    {ElementType::S2, "s2", "i2", 8, 2},
    {ElementType::U2, "u2", "i2", 8, 2},
    {ElementType::S4, "s4", "i4", 8, 4},
    {ElementType::U4, "u4", "i4", 8, 4},
    {ElementType::S8, "s8", "i8", 8, 8},
    {ElementType::U8, "u8", "i8", 8, 8},
    {ElementType::S16, "s16", "i16", 16, 16},
    {ElementType::U16, "u16", "i16", 16, 16},
    {ElementType::S32, "s32", "i32", 32, 32},
    {ElementType::U32, "u32", "i32", 32, 32},
    {ElementType::S64, "s64", "i64", 64, 64},
    {ElementType::U64, "u64", "i64", 64, 64},
    {ElementType::F4E2M1FN, "f4e2m1fn", "f4E2M1FN", 8, 4},
    // XLA has no packed 6-bit storage: one element per byte.
    {ElementType::F6E2M3FN, "f6e2m3fn", "f6E2M3FN", 8, 6},
    {ElementType::F6E3M2FN, "f6e3m2fn", "f6E3M2FN", 8, 6},
    {ElementType::F8E3M4, "f8e3m4", "f8E3M4", 8, 8},
    {ElementType::F8E4M3, "f8e4m3", "f8E4M3", 8, 8},
    {ElementType::F8E4M3FN, "f8e4m3fn", "f8E4M3FN", 8, 8},
    {ElementType::F8E4M3B11FNUZ, "f8e4m3b11fnuz", "f8E4M3B11FNUZ", 8, 8},
    {ElementType::F8E4M3FNUZ, "f8e4m3fnuz", "f8E4M3FNUZ", 8, 8},
    {ElementType::F8E5M2, "f8e5m2", "f8E5M2", 8, 8},
    {ElementType::F8E5M2FNUZ, "f8e5m2fnuz", "f8E5M2FNUZ", 8, 8},
    {ElementType::F8E8M0FNU, "f8e8m0fnu", "f8E8M0FNU", 8, 8},
    {ElementType::BF16, "bf16", "bf16", 16, 16},
    {ElementType::F16, "f16", "f16", 16, 16},
    {ElementType::F32, "f32", "f32", 32, 32},
    {ElementType::F64, "f64", "f64", 64, 64},
    {ElementType::C64, "c64", "complex<f32>", 64, 64},
    {ElementType::C128, "c128", "complex<f64>", 128, 128},
};

static const TypeInfo &info(ElementType type) {
  for (const TypeInfo &i : typeInfos)
    if (i.type == type)
      return i;
  llvm_unreachable("every element type has an entry");
}

StringRef mlir::tlayout::getElementTypeName(ElementType type) {
  return info(type).name;
}

std::optional<ElementType> mlir::tlayout::parseElementType(StringRef name) {
  for (const TypeInfo &i : typeInfos)
    if (name.equals_insensitive(i.name))
      return i.type;
  return std::nullopt;
}

int64_t mlir::tlayout::getStorageBits(ElementType type) {
  return info(type).storageBits;
}

int64_t mlir::tlayout::getMinimumBits(ElementType type) {
  return info(type).minimumBits;
}

bool mlir::tlayout::isSignedInteger(ElementType type) {
  return getElementTypeName(type).starts_with("s");
}

bool mlir::tlayout::isUnsignedInteger(ElementType type) {
  return getElementTypeName(type).starts_with("u");
}

StringRef mlir::tlayout::getMlirTypeName(ElementType type) {
  return info(type).mlirName;
}

std::optional<ElementType>
mlir::tlayout::parseMlirElementType(StringRef name, bool isUnsigned) {
  for (const TypeInfo &i : typeInfos)
    if (name == i.mlirName && (i.type == ElementType::Pred ||
                               isUnsignedInteger(i.type) == isUnsigned))
      return i.type;
  return std::nullopt;
}
