//===- XlaShape.cpp - XLA shapes with layouts -----------------------------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// Parsing and printing of HLO shapes with
// every layout field of XLA's text.
//
//===----------------------------------------------------------------------===//

#include "tlayout/Format/XlaShape.h"

#include "../Core/LayoutLexer.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

using namespace tlayout;
using llvm::Error;
using llvm::Expected;
using llvm::StringRef;

int64_t XlaShape::getElementBits() const {
  return layout.elementSizeInBits ? layout.elementSizeInBits
                                  : getStorageBits(elementType);
}

bool LayoutExtras::empty() const {
  return dimLevelTypes.empty() && !indexType && !pointerType &&
         splitConfigs.empty() && !physicalShape &&
         dynamicMetadataPrefixBytes == 0;
}

bool LayoutExtras::isSparse() const {
  return llvm::any_of(dimLevelTypes,
                      [](const std::string &d) { return d[0] != 'D'; });
}

bool LayoutExtras::operator==(const LayoutExtras &other) const {
  bool samePhysical = physicalShape && other.physicalShape
                          ? physicalShape->str() == other.physicalShape->str()
                          : !physicalShape == !other.physicalShape;
  return dimLevelTypes == other.dimLevelTypes && indexType == other.indexType &&
         pointerType == other.pointerType &&
         splitConfigs == other.splitConfigs && samePhysical &&
         dynamicMetadataPrefixBytes == other.dynamicMetadataPrefixBytes;
}

//===----------------------------------------------------------------------===//
// Parsing
//===----------------------------------------------------------------------===//

namespace {
/// A recursive-descent parser over shape text; columns are offsets into the
/// whole text.
class ShapeParser : public detail::LayoutLexer {
public:
  using LayoutLexer::LayoutLexer;

  Expected<HloShape> parseShape();
  Expected<XlaShape> parseArray(ElementType type, size_t typeStart);

private:
  using LayoutLexer::consumeIf;
  bool consumeIf(StringRef s) {
    skipSpace();
    if (text.substr(pos).starts_with(s)) {
      pos += s.size();
      return true;
    }
    return false;
  }
  StringRef parseWord() {
    skipSpace();
    size_t start = pos;
    while (pos < text.size() && (llvm::isAlnum(text[pos]) || text[pos] == '_'))
      ++pos;
    return text.slice(start, pos);
  }
  Expected<int64_t> parseIntField(char name);
  Expected<ElementType> parseTypeField(char name);
  Error parseLayout(XlaShape &shape);

  /// Shapes being parsed, outermost included.
  unsigned nestingLevel = 0;
};
} // namespace

/// Nesting deeper than this is an error rather than a deep recursion.
static constexpr unsigned kMaxShapeDepth = 256;

Expected<int64_t> ShapeParser::parseIntField(char name) {
  if (Error err = expect('('))
    return std::move(err);
  Expected<int64_t> value =
      parseInteger(std::string("an integer in ") + name + "(...)");
  if (!value)
    return value.takeError();
  if (Error err = expect(')'))
    return std::move(err);
  return *value;
}

Expected<ElementType> ShapeParser::parseTypeField(char name) {
  if (Error err = expect('('))
    return std::move(err);
  size_t start = pos;
  StringRef word = parseWord();
  std::optional<ElementType> type = parseElementType(word);
  if (!type || !(isSignedInteger(*type) || isUnsignedInteger(*type)))
    return error(start, llvm::Twine(name) +
                            "(...) needs an integer type such "
                            "as s32, found '" +
                            word + "'");
  if (Error err = expect(')'))
    return std::move(err);
  return *type;
}

/// Parses `{minor_to_major:fields}` into `shape.layout` and `shape.extras`.
/// Fields are accepted in any order, each at most once.
Error ShapeParser::parseLayout(XlaShape &shape) {
  TiledLayout &layout = shape.layout;
  LayoutExtras &extras = shape.extras;
  if (Error err = expect('{'))
    return err;
  if (peek() != ':' && peek() != '}') {
    do {
      Expected<int64_t> dim = parseInteger("a dimension number");
      if (!dim)
        return dim.takeError();
      layout.minorToMajor.push_back(*dim);
    } while (consumeIf(','));
  }
  if (consumeIf(':')) {
    std::string seen;
    while (peek() != '}' && peek() != '\0') {
      size_t fieldStart = pos;
      std::string name;
      if (consumeIf("SC"))
        name = "SC";
      else if (peek() == '(')
        name = "T";
      else
        name = std::string(1, text[pos++]);
      if (llvm::is_contained(llvm::split(seen, ' '), name))
        return error(fieldStart, "layout field '" + name + "' is repeated");
      seen += name + " ";
      if (name == "T") {
        do {
          Expected<Tile> tile = parseTile();
          if (!tile)
            return tile.takeError();
          layout.tiles.push_back(std::move(*tile));
        } while (peek() == '(');
      } else if (name == "L" || name == "E" || name == "S" || name == "M") {
        Expected<int64_t> v = parseIntField(name[0]);
        if (!v)
          return v.takeError();
        if (name == "L")
          layout.tailPaddingAlignment = *v;
        else if (name == "E")
          layout.elementSizeInBits = *v;
        else if (name == "S")
          layout.memorySpace = *v;
        else if (*v < 0)
          return error(fieldStart, "M(" + llvm::Twine(*v) +
                                       "): metadata bytes cannot be negative");
        else
          extras.dynamicMetadataPrefixBytes = *v;
      } else if (name == "#" || name == "*") {
        Expected<ElementType> type = parseTypeField(name[0]);
        if (!type)
          return type.takeError();
        (name == "#" ? extras.indexType : extras.pointerType) = *type;
      } else if (name == "D") {
        if (Error err = expect('('))
          return err;
        do {
          skipSpace();
          size_t start = pos;
          if (pos >= text.size() || !StringRef("DCSH").contains(text[pos]))
            return error(start, "expected a dimension level type D, C, S or "
                                "H but found '" +
                                    describeHere() + "'");
          ++pos;
          while (pos < text.size() && (text[pos] == '+' || text[pos] == '~'))
            ++pos;
          extras.dimLevelTypes.push_back(text.slice(start, pos).str());
        } while (consumeIf(','));
        if (Error err = expect(')'))
          return err;
      } else if (name == "SC") {
        do {
          if (Error err = expect('('))
            return err;
          SplitConfig config;
          Expected<int64_t> dim = parseInteger("a split dimension");
          if (!dim)
            return dim.takeError();
          config.dimension = *dim;
          if (Error err = expect(':'))
            return err;
          do {
            Expected<int64_t> index = parseInteger("a split index");
            if (!index)
              return index.takeError();
            config.splitIndices.push_back(*index);
          } while (consumeIf(','));
          if (Error err = expect(')'))
            return err;
          extras.splitConfigs.push_back(std::move(config));
        } while (peek() == '(');
      } else if (name == "P") {
        if (Error err = expect('('))
          return err;
        size_t start = pos;
        Expected<HloShape> physical = parseShape();
        if (!physical)
          return physical.takeError();
        if (physical->kind != HloShape::Kind::Array)
          return error(start, "P(...) needs an array shape");
        extras.physicalShape =
            std::make_shared<const XlaShape>(std::move(physical->array));
        if (Error err = expect(')'))
          return err;
      } else {
        return error(fieldStart,
                     "expected a layout field D(...), T(...), L(...), "
                     "#(...), *(...), E(...), S(...), SC(...), P(...) or "
                     "M(...) but found '" +
                         text.substr(fieldStart, 1) + "'");
      }
    }
  }
  return expect('}');
}

Expected<XlaShape> ShapeParser::parseArray(ElementType type, size_t typeStart) {
  XlaShape shape;
  shape.elementType = type;
  if (Error err = expect('['))
    return std::move(err);
  if (peek() != ']') {
    do {
      skipSpace();
      size_t start = pos;
      bool bounded = consumeIf("<=");
      if (!bounded && consumeIf('?')) {
        shape.dims.push_back(kDynamicSize);
        shape.boundedDims.push_back(false);
        continue;
      }
      skipSpace();
      size_t digits = pos;
      while (pos < text.size() && llvm::isDigit(text[pos]))
        ++pos;
      int64_t size;
      if (digits == pos)
        return error(start, bounded ? "expected a bound after '<='"
                                    : "expected a dimension size, '?' or "
                                      "'<=' and a bound");
      if (text.slice(digits, pos).getAsInteger(10, size))
        return error(start, "dimension size '" + text.slice(digits, pos) +
                                "' does not fit in int64");
      shape.dims.push_back(size);
      shape.boundedDims.push_back(bounded);
    } while (consumeIf(','));
  }
  if (!consumeIf(']'))
    return error(pos, "expected ',' or ']' in the dimensions");
  if (llvm::none_of(shape.boundedDims, [](bool b) { return b; }))
    shape.boundedDims.clear();
  size_t layoutStart = pos;
  if (peek() == '{') {
    layoutStart = pos;
    if (Error err = parseLayout(shape))
      return std::move(err);
    shape.hasExplicitLayout = true;
  } else {
    shape.layout = TiledLayout::rowMajor(shape.dims.size());
  }
  if (Error err =
          shape.layout.verify(shape.dims, getMinimumBits(shape.elementType)))
    return error(layoutStart, llvm::toString(std::move(err)));
  const LayoutExtras &extras = shape.extras;
  if (!extras.dimLevelTypes.empty() &&
      extras.dimLevelTypes.size() != shape.dims.size())
    return error(layoutStart, "D(...) has " +
                                  llvm::Twine(extras.dimLevelTypes.size()) +
                                  " level types but the shape has rank " +
                                  llvm::Twine(shape.dims.size()));
  for (const SplitConfig &config : extras.splitConfigs)
    if (config.dimension < 0 ||
        config.dimension >= static_cast<int64_t>(shape.dims.size()))
      return error(layoutStart, "SC(...) splits dimension " +
                                    llvm::Twine(config.dimension) +
                                    " of a rank-" +
                                    llvm::Twine(shape.dims.size()) + " shape");
  (void)typeStart;
  return shape;
}

Expected<HloShape> ShapeParser::parseShape() {
  // Tuples and P(...) fields both nest; count both.
  struct Nesting {
    unsigned &level;
    explicit Nesting(unsigned &level) : level(++level) {}
    ~Nesting() { --level; }
  } nesting(nestingLevel);
  if (nestingLevel > kMaxShapeDepth)
    return error(pos, "shapes nested deeper than " +
                          llvm::Twine(kMaxShapeDepth) + " levels");
  HloShape shape;
  if (consumeIf('(')) {
    shape.kind = HloShape::Kind::Tuple;
    if (consumeIf(')'))
      return shape;
    do {
      Expected<HloShape> element = parseShape();
      if (!element)
        return element.takeError();
      shape.elements.push_back(std::move(*element));
    } while (consumeIf(','));
    if (!consumeIf(')'))
      return error(pos, "expected ',' or ')' in the tuple but found '" +
                            describeHere() + "'");
    return shape;
  }
  skipSpace();
  size_t start = pos;
  StringRef name = parseWord();
  if (name.empty())
    return error(start, "expected a shape such as f32[8,128], a tuple '(' or "
                        "token[] but found '" +
                            describeHere() + "'");
  if (name == "b" && peek() == '(') {
    ++pos;
    size_t arrayStart = pos;
    Expected<HloShape> inner = parseShape();
    if (!inner)
      return inner.takeError();
    if (inner->kind != HloShape::Kind::Array)
      return error(arrayStart, "a buffer b(...) holds an array shape");
    if (Error err = expect(')'))
      return std::move(err);
    shape.kind = HloShape::Kind::Buffer;
    shape.array = std::move(inner->array);
    return shape;
  }
  if (name.equals_insensitive("token") || name.equals_insensitive("opaque")) {
    shape.kind = name.equals_insensitive("token") ? HloShape::Kind::Token
                                                  : HloShape::Kind::Opaque;
    if (!consumeIf('[') || !consumeIf(']'))
      return error(pos, name.lower() + " has no dimensions: write " +
                            name.lower() + "[]");
    return shape;
  }
  std::optional<ElementType> type = parseElementType(name);
  if (!type)
    return error(start, "unknown element type '" + name + "'");
  if (peek() != '[')
    return error(pos, "expected '[' after the element type");
  Expected<XlaShape> array = parseArray(*type, start);
  if (!array)
    return array.takeError();
  shape.array = std::move(*array);
  return shape;
}

Expected<HloShape> HloShape::parsePrefix(StringRef text, size_t &consumed) {
  ShapeParser parser(text);
  Expected<HloShape> shape = parser.parseShape();
  if (shape)
    consumed = parser.getPos();
  return shape;
}

Expected<HloShape> HloShape::parse(StringRef text) {
  ShapeParser parser(text);
  Expected<HloShape> shape = parser.parseShape();
  if (!shape)
    return shape.takeError();
  if (!parser.atEnd())
    return parser.error(parser.getPos(), "unexpected '" +
                                             text.substr(parser.getPos(), 1) +
                                             "' after the shape");
  return shape;
}

Expected<XlaShape> XlaShape::parse(StringRef text) {
  Expected<HloShape> shape = HloShape::parse(text);
  if (!shape)
    return shape.takeError();
  if (shape->kind != HloShape::Kind::Array) {
    size_t at = text.size() - text.ltrim().size();
    return llvm::make_error<ParseError>(
        at, "expected an array shape; " + shape->str() +
                " is a tuple, token, opaque value or buffer");
  }
  return std::move(shape->array);
}

//===----------------------------------------------------------------------===//
// Printing
//===----------------------------------------------------------------------===//

/// Prints the layout with every field in XLA's order:
/// D T L # * E S SC P M.
static void printLayout(const XlaShape &shape, llvm::raw_ostream &os) {
  const TiledLayout &layout = shape.layout;
  const LayoutExtras &extras = shape.extras;
  if (extras.empty() ||
      (!extras.isSparse() && !extras.indexType && !extras.pointerType &&
       extras.splitConfigs.empty() && !extras.physicalShape &&
       !extras.dynamicMetadataPrefixBytes)) {
    layout.print(os);
    return;
  }
  os << '{';
  llvm::interleave(layout.minorToMajor, os, ",");
  bool colon = false;
  auto field = [&]() -> llvm::raw_ostream & {
    if (!colon)
      os << ':';
    colon = true;
    return os;
  };
  // XLA omits the level types when every dimension is dense.
  if (extras.isSparse()) {
    field() << "D(";
    llvm::interleave(extras.dimLevelTypes, os, ",");
    os << ')';
  }
  if (!layout.tiles.empty()) {
    field() << 'T';
    for (const Tile &tile : layout.tiles) {
      os << '(';
      llvm::interleave(
          tile.dims, os,
          [&](int64_t d) {
            if (d == Tile::kCombine)
              os << '*';
            else
              os << d;
          },
          ",");
      os << ')';
    }
  }
  if (layout.tailPaddingAlignment != 1)
    field() << "L(" << layout.tailPaddingAlignment << ')';
  if (extras.indexType)
    field() << "#(" << getElementTypeName(*extras.indexType) << ')';
  if (extras.pointerType)
    field() << "*(" << getElementTypeName(*extras.pointerType) << ')';
  if (layout.elementSizeInBits != 0)
    field() << "E(" << layout.elementSizeInBits << ')';
  if (layout.memorySpace != 0)
    field() << "S(" << layout.memorySpace << ')';
  if (!extras.splitConfigs.empty()) {
    field() << "SC";
    for (const SplitConfig &config : extras.splitConfigs) {
      os << '(' << config.dimension << ':';
      llvm::interleave(config.splitIndices, os, ",");
      os << ')';
    }
  }
  if (extras.physicalShape)
    field() << "P(" << extras.physicalShape->str() << ')';
  if (extras.dynamicMetadataPrefixBytes > 0)
    field() << "M(" << extras.dynamicMetadataPrefixBytes << ')';
  os << '}';
}

void XlaShape::print(llvm::raw_ostream &os) const {
  os << getElementTypeName(elementType) << '[';
  for (auto [i, d] : llvm::enumerate(dims)) {
    if (i)
      os << ',';
    if (d == kDynamicSize)
      os << '?';
    else
      os << (isBounded(i) ? "<=" : "") << d;
  }
  os << ']';
  if (hasExplicitLayout || !extras.empty() ||
      layout != TiledLayout::rowMajor(dims.size()))
    printLayout(*this, os);
}

std::string XlaShape::str() const {
  std::string result;
  llvm::raw_string_ostream os(result);
  print(os);
  return result;
}

void HloShape::print(llvm::raw_ostream &os) const {
  switch (kind) {
  case Kind::Array:
    array.print(os);
    return;
  case Kind::Buffer:
    os << "b(";
    array.print(os);
    os << ')';
    return;
  case Kind::Token:
    os << "token[]";
    return;
  case Kind::Opaque:
    os << "opaque[]";
    return;
  case Kind::Tuple:
    os << '(';
    llvm::interleave(
        elements, os, [&](const HloShape &e) { e.print(os); }, ", ");
    os << ')';
    return;
  }
}

std::string HloShape::str() const {
  std::string result;
  llvm::raw_string_ostream os(result);
  print(os);
  return result;
}

static void forEachArrayImpl(
    const HloShape &shape, llvm::SmallVectorImpl<int64_t> &index,
    llvm::function_ref<void(llvm::ArrayRef<int64_t>, const XlaShape &)> fn) {
  if (shape.kind == HloShape::Kind::Array ||
      shape.kind == HloShape::Kind::Buffer) {
    fn(index, shape.array);
    return;
  }
  for (auto [i, element] : llvm::enumerate(shape.elements)) {
    index.push_back(i);
    forEachArrayImpl(element, index, fn);
    index.pop_back();
  }
}

void HloShape::forEachArray(
    llvm::function_ref<void(llvm::ArrayRef<int64_t>, const XlaShape &)> fn)
    const {
  llvm::SmallVector<int64_t, 4> index;
  forEachArrayImpl(*this, index, fn);
}
