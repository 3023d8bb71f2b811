//===- XlaShape.cpp - XLA array shapes with layouts -----------------------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// Element type names and sizes, and parsing and printing of shapes.
//
//===----------------------------------------------------------------------===//

#include "tlayout/Core/XlaShape.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

using namespace tlayout;

namespace {
struct TypeInfo {
  ElementType type;
  const char *name;
  int64_t storageBits;
  int64_t minimumBits;
};
} // namespace

static constexpr TypeInfo typeInfos[] = {
    {ElementType::Pred, "pred", 8, 1},
    {ElementType::S2, "s2", 2, 2},
    {ElementType::U2, "u2", 2, 2},
    {ElementType::S4, "s4", 4, 4},
    {ElementType::U4, "u4", 4, 4},
    {ElementType::S8, "s8", 8, 8},
    {ElementType::U8, "u8", 8, 8},
    {ElementType::S16, "s16", 16, 16},
    {ElementType::U16, "u16", 16, 16},
    {ElementType::S32, "s32", 32, 32},
    {ElementType::U32, "u32", 32, 32},
    {ElementType::S64, "s64", 64, 64},
    {ElementType::U64, "u64", 64, 64},
    {ElementType::F8E4M3FN, "f8e4m3fn", 8, 8},
    {ElementType::F8E5M2, "f8e5m2", 8, 8},
    {ElementType::BF16, "bf16", 16, 16},
    {ElementType::F16, "f16", 16, 16},
    {ElementType::F32, "f32", 32, 32},
    {ElementType::F64, "f64", 64, 64},
    {ElementType::C64, "c64", 64, 64},
    {ElementType::C128, "c128", 128, 128},
};

static const TypeInfo &info(ElementType type) {
  for (const TypeInfo &i : typeInfos)
    if (i.type == type)
      return i;
  llvm_unreachable("every element type has an entry");
}

llvm::StringRef tlayout::getElementTypeName(ElementType type) {
  return info(type).name;
}

std::optional<ElementType> tlayout::parseElementType(llvm::StringRef name) {
  for (const TypeInfo &i : typeInfos)
    if (name.equals_insensitive(i.name))
      return i.type;
  return std::nullopt;
}

int64_t tlayout::getStorageBits(ElementType type) {
  return info(type).storageBits;
}

int64_t tlayout::getMinimumBits(ElementType type) {
  return info(type).minimumBits;
}

int64_t XlaShape::getElementBits() const {
  return layout.elementSizeInBits ? layout.elementSizeInBits
                                  : getStorageBits(elementType);
}

static llvm::Error parseError(size_t at, const llvm::Twine &message) {
  return llvm::make_error<ParseError>(at, message.str());
}

llvm::Expected<XlaShape> XlaShape::parse(llvm::StringRef text) {
  XlaShape shape;
  size_t pos = 0;
  auto skipSpace = [&] {
    while (pos < text.size() && llvm::isSpace(text[pos]))
      ++pos;
  };
  skipSpace();
  size_t nameStart = pos;
  while (pos < text.size() && llvm::isAlnum(text[pos]))
    ++pos;
  llvm::StringRef name = text.slice(nameStart, pos);
  if (name.empty())
    return parseError(nameStart, "expected an element type such as f32");
  std::optional<ElementType> type = parseElementType(name);
  if (!type)
    return parseError(nameStart, "unknown element type '" + name + "'");
  shape.elementType = *type;
  skipSpace();
  if (pos >= text.size() || text[pos] != '[')
    return parseError(pos, "expected '[' after the element type");
  ++pos;
  skipSpace();
  if (pos < text.size() && text[pos] != ']') {
    while (true) {
      skipSpace();
      size_t start = pos;
      if (pos < text.size() && text[pos] == '?') {
        ++pos;
        shape.dims.push_back(kDynamicSize);
      } else {
        while (pos < text.size() && llvm::isDigit(text[pos]))
          ++pos;
        int64_t size;
        if (start == pos)
          return parseError(start, "expected a dimension size or '?'");
        if (text.slice(start, pos).getAsInteger(10, size))
          return parseError(start, "dimension size '" + text.slice(start, pos) +
                                       "' does not fit in int64");
        shape.dims.push_back(size);
      }
      skipSpace();
      if (pos < text.size() && text[pos] == ',') {
        ++pos;
        continue;
      }
      break;
    }
  }
  skipSpace();
  if (pos >= text.size() || text[pos] != ']')
    return parseError(pos, "expected ',' or ']' in the dimensions");
  ++pos;
  skipSpace();
  size_t layoutStart = pos;
  if (pos < text.size()) {
    llvm::Expected<TiledLayout> layout =
        TiledLayout::parse(text.substr(layoutStart));
    if (!layout) {
      // Shift the column to the whole text.
      llvm::Error err = layout.takeError();
      size_t column = 0;
      std::string message;
      llvm::handleAllErrors(std::move(err), [&](const ParseError &e) {
        column = e.getColumn();
        message = e.getMessage().str();
      });
      return parseError(layoutStart + column, message);
    }
    shape.layout = std::move(*layout);
    shape.hasExplicitLayout = true;
  } else {
    shape.layout = TiledLayout::rowMajor(shape.dims.size());
  }
  if (llvm::Error err =
          shape.layout.verify(shape.dims, getMinimumBits(shape.elementType)))
    return parseError(layoutStart, llvm::toString(std::move(err)));
  return shape;
}

void XlaShape::print(llvm::raw_ostream &os) const {
  os << getElementTypeName(elementType) << '[';
  llvm::interleave(
      dims, os,
      [&](int64_t d) {
        if (d == kDynamicSize)
          os << '?';
        else
          os << d;
      },
      ",");
  os << ']';
  if (hasExplicitLayout || layout != TiledLayout::rowMajor(dims.size()))
    layout.print(os);
}

std::string XlaShape::str() const {
  std::string result;
  llvm::raw_string_ostream os(result);
  print(os);
  return result;
}
