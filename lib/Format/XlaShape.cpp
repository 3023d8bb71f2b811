//===- XlaShape.cpp - XLA shapes with layouts -----------------------------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// Parsing and printing of HLO shapes; their layouts are read and printed
// by the core's XlaLayout.
//
//===----------------------------------------------------------------------===//

#include "tlayout/Format/XlaShape.h"

#include "tlayout/Core/LayoutLexer.h"
#include "tlayout/Core/Printing.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir::tlayout;
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
/// A recursive-descent parser over shape text, reading with the core's
/// LayoutLexer; columns are offsets into the whole text. Layouts are read by
/// the core's XlaLayout parser.
class ShapeParser : public LayoutLexer {
public:
  explicit ShapeParser(StringRef text) : LayoutLexer(text) {}

  Expected<HloShape> parseShape();

private:
  Expected<XlaShape> parseArray(ElementType type);
  Error parseLayout(XlaShape &shape);

  /// Shapes being parsed, outermost included.
  unsigned nestingLevel = 0;
};
} // namespace

/// Nesting deeper than this is an error rather than a deep recursion.
static constexpr unsigned kMaxShapeDepth = 256;

/// Reads the layout at the current position with the core's parser and
/// keeps its fields: the placing ones in `shape.layout`, the others in
/// `shape.extras` (a physical shape parsed as a shape, here).
Error ShapeParser::parseLayout(XlaShape &shape) {
  size_t start = pos;
  size_t consumed = 0;
  Expected<XlaLayout> parsed =
      XlaLayout::parsePrefix(text.substr(start), consumed);
  if (!parsed) {
    auto [column, message] = ParseError::take(parsed.takeError());
    return error(start + column, message);
  }
  pos = start + consumed;
  XlaLayout &layout = *parsed;
  LayoutExtras &extras = shape.extras;
  extras.dimLevelTypes = layout.dimLevelTypes;
  // The core accepts unsigned integer names only: each is in the table.
  if (!layout.indexType.empty())
    extras.indexType = parseElementType(layout.indexType);
  if (!layout.pointerType.empty())
    extras.pointerType = parseElementType(layout.pointerType);
  extras.splitConfigs = layout.splitConfigs;
  extras.dynamicMetadataPrefixBytes = layout.dynamicMetadataPrefixBytes;
  if (!layout.physicalShape.empty()) {
    // The shape text lies inside this layout's text: parse it in place, so
    // that columns and nesting count in the whole text.
    StringRef layoutText = text.slice(start, pos);
    size_t at = start + layoutText.find("P(") + 2;
    size_t saved = pos;
    pos = at;
    Expected<HloShape> physical = parseShape();
    if (!physical)
      return physical.takeError();
    if (physical->kind != HloShape::Kind::Array)
      return error(at, "P(...) needs an array shape");
    if (peek() != ')')
      return error(pos, "expected ')' after the shape in P(...) but found '" +
                            describeHere() + "'");
    extras.physicalShape =
        std::make_shared<const XlaShape>(std::move(physical->array));
    pos = saved;
  }
  shape.layout = std::move(layout.tiled);
  return Error::success();
}

Expected<XlaShape> ShapeParser::parseArray(ElementType type) {
  XlaShape shape;
  shape.elementType = type;
  if (Error err = expect('['))
    return std::move(err);
  if (peek() != ']') {
    do {
      skipSpace();
      size_t start = pos;
      bool bounded = consumeIf("<=");
      if (!bounded && consumeIf("?")) {
        shape.dims.push_back(kDynamicSize);
        shape.boundedDims.push_back(false);
        continue;
      }
      IntegerToken size = lexInteger();
      if (size.text.empty())
        return error(start, bounded ? "expected a bound after '<='"
                                    : "expected a dimension size, '?' or "
                                      "'<=' and a bound");
      if (!size.value)
        return error(start, "dimension size '" + size.text +
                                "' does not fit in int64");
      shape.dims.push_back(*size.value);
      shape.boundedDims.push_back(bounded);
    } while (consumeIf(","));
  }
  if (!consumeIf("]"))
    return error(pos, "expected ',' or ']' in the dimensions");
  if (llvm::none_of(shape.boundedDims, [](bool b) { return b; }))
    shape.boundedDims.clear();
  size_t layoutStart = pos;
  if (peek() == '{') {
    layoutStart = pos;
    // As XLA's parser (hlo_parser.cc `ParseShape`), a `{` starts a layout
    // only when a dimension number or `:` follows: `f32[]{}` is not a shape.
    StringRef inside = text.substr(pos + 1).ltrim();
    if (inside.starts_with("}"))
      return error(layoutStart,
                   "an empty layout '{}' is not XLA's: a shape without a "
                   "layout is written without braces, a scalar's tiles as "
                   "{:T(128)}");
    if (Error err = parseLayout(shape))
      return std::move(err);
    shape.hasExplicitLayout = true;
  } else {
    shape.layout = TiledLayout::rowMajor(shape.dims.size());
  }
  if (Error err =
          shape.layout.verify(shape.dims, getMinimumBits(shape.elementType)))
    return error(layoutStart, llvm::toString(std::move(err)));
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
  if (consumeIf("(")) {
    shape.kind = HloShape::Kind::Tuple;
    if (consumeIf(")"))
      return shape;
    do {
      Expected<HloShape> element = parseShape();
      if (!element)
        return element.takeError();
      shape.elements.push_back(std::move(*element));
    } while (consumeIf(","));
    if (!consumeIf(")"))
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
    if (!consumeIf("[") || !consumeIf("]"))
      return error(pos, name.lower() + " has no dimensions: write " +
                            name.lower() + "[]");
    return shape;
  }
  std::optional<ElementType> type = parseElementType(name);
  if (!type)
    return error(start, "unknown element type '" + name + "'");
  if (peek() != '[')
    return error(pos, "expected '[' after the element type");
  Expected<XlaShape> array = parseArray(*type);
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

XlaLayout XlaShape::getXlaLayout() const {
  XlaLayout result(layout);
  result.dimLevelTypes = extras.dimLevelTypes;
  if (extras.indexType)
    result.indexType = getElementTypeName(*extras.indexType).str();
  if (extras.pointerType)
    result.pointerType = getElementTypeName(*extras.pointerType).str();
  result.splitConfigs = extras.splitConfigs;
  if (extras.physicalShape)
    result.physicalShape = extras.physicalShape->str();
  result.dynamicMetadataPrefixBytes = extras.dynamicMetadataPrefixBytes;
  return result;
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
  if (!hasExplicitLayout && extras.empty() &&
      layout == TiledLayout::rowMajor(dims.size()))
    return;
  std::string text = getXlaLayout().str();
  // XLA prints no "{}" after a scalar (ShapeUtil::PrintHumanStringWithLayout).
  if (text != "{}")
    os << text;
}

std::string XlaShape::str() const { return printToString(*this); }

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
    // XLA's PrintTupleShapes: `/*index=N*/` before every fifth element.
    os << '(';
    for (auto [i, element] : llvm::enumerate(elements)) {
      if (i != 0)
        os << ", ";
      if (i != 0 && i % 5 == 0)
        os << "/*index=" << i << "*/";
      element.print(os);
    }
    os << ')';
    return;
  }
}

std::string HloShape::str() const { return printToString(*this); }

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

bool HloShape::isBufferAt(llvm::ArrayRef<int64_t> index) const {
  const HloShape *shape = this;
  for (int64_t i : index) {
    if (shape->kind != Kind::Tuple || i < 0 ||
        i >= int64_t(shape->elements.size()))
      return false;
    shape = &shape->elements[i];
  }
  return shape->kind == Kind::Buffer;
}
