//===- TiledLayout.cpp - XLA-style tiled layouts --------------------------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// The one parser and printer of XLA layout text (XlaLayout, and
// TiledLayout taken from it), and validation.
//
//===----------------------------------------------------------------------===//

#include "tlayout/Core/TiledLayout.h"
#include "tlayout/Core/BufferIndexing.h"
#include "tlayout/Core/LayoutLexer.h"
#include "tlayout/Core/Printing.h"
#include "tlayout/Core/XlaLayout.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir::tlayout;
using llvm::Error;
using llvm::Expected;
using llvm::StringRef;

char ParseError::ID = 0;

void ParseError::log(llvm::raw_ostream &os) const {
  os << "column " << column + 1 << ": " << message;
}

std::pair<size_t, std::string> ParseError::take(llvm::Error err) {
  std::pair<size_t, std::string> result;
  llvm::handleAllErrors(std::move(err), [&](const ParseError &e) {
    result = {e.column, e.message};
  });
  return result;
}

std::error_code ParseError::convertToErrorCode() const {
  return llvm::inconvertibleErrorCode();
}

TiledLayout TiledLayout::rowMajor(unsigned rank) {
  TiledLayout layout;
  for (unsigned i = 0; i < rank; ++i)
    layout.minorToMajor.push_back(rank - 1 - i);
  return layout;
}

bool TiledLayout::operator==(const TiledLayout &other) const {
  return minorToMajor == other.minorToMajor && tiles == other.tiles &&
         tailPaddingAlignment == other.tailPaddingAlignment &&
         elementSizeInBits == other.elementSizeInBits &&
         memorySpace == other.memorySpace;
}

bool TiledLayout::isTileAligned(llvm::ArrayRef<int64_t> offsets) const {
  if (tiles.size() != 1 || tailPaddingAlignment != 1 ||
      llvm::is_contained(tiles.front().dims, Tile::kCombine) ||
      offsets.size() != minorToMajor.size())
    return false;
  // The tile applies to the most minor physical dimensions; physical
  // position q holds logical dimension minorToMajor[rank - 1 - q].
  llvm::ArrayRef<int64_t> tile = tiles.front().dims;
  int64_t rank = minorToMajor.size();
  int64_t first = rank - static_cast<int64_t>(tile.size());
  for (int64_t q = std::max<int64_t>(first, 0); q < rank; ++q)
    if (offsets[minorToMajor[rank - 1 - q]] % tile[q - first] != 0)
      return false;
  return true;
}

llvm::hash_code mlir::tlayout::hash_value(const Tile &tile) {
  return llvm::hash_combine_range(tile.dims.begin(), tile.dims.end());
}

llvm::hash_code mlir::tlayout::hash_value(const TiledLayout &layout) {
  return llvm::hash_combine(
      llvm::hash_combine_range(layout.minorToMajor.begin(),
                               layout.minorToMajor.end()),
      llvm::hash_combine_range(layout.tiles.begin(), layout.tiles.end()),
      layout.tailPaddingAlignment, layout.elementSizeInBits,
      layout.memorySpace);
}

//===----------------------------------------------------------------------===//
// Parsing: the one parser of XLA's layout text
//===----------------------------------------------------------------------===//

namespace {
/// XLA's layout fields in XLA's order (hlo_parser.cc `ParseLayout`).
constexpr llvm::StringLiteral fieldOrder[] = {"D", "T", "L",  "#", "*",
                                              "E", "S", "SC", "P", "M"};
constexpr size_t kNumFields = std::size(fieldOrder);

/// Where each field of a parsed layout starts (its letter), for messages.
struct FieldColumns {
  std::optional<size_t> at[kNumFields];
  std::optional<size_t> get(llvm::StringRef name) const {
    for (size_t i = 0; i < kNumFields; ++i)
      if (fieldOrder[i] == name)
        return at[i];
    return std::nullopt;
  }
};

/// A recursive-descent parser over layout text that tracks its position.
class LayoutParser : public LayoutLexer {
public:
  /// With `forMemRef`, a field a memref layout cannot hold is an error as
  /// soon as its letter is read (see whyFieldIsUnsupported).
  explicit LayoutParser(StringRef text, bool forMemRef = false)
      : LayoutLexer(text), forMemRef(forMemRef) {}

  /// Parses `{...}` at the current position into every field, with the
  /// grammar's own checks only (see XlaLayout).
  Expected<XlaLayout> parseLayout(FieldColumns &columns);
  /// Errors unless only spaces and comments follow.
  Error expectEnd();

private:
  Expected<int64_t> parseIntField(llvm::StringRef name);
  Error parseDimLevels(XlaLayout &layout);
  Expected<std::string> parseTypeField(llvm::StringRef name);
  Error parseSplitConfigs(XlaLayout &layout);
  Expected<std::string> parsePhysicalShape();

  bool forMemRef;
};
} // namespace

static StringRef whyFieldIsUnsupported(StringRef name);

Expected<int64_t> LayoutParser::parseIntField(llvm::StringRef name) {
  if (Error err = expect('('))
    return std::move(err);
  Expected<int64_t> value = parseInteger("an integer in " + name + "(...)");
  if (!value)
    return value.takeError();
  if (Error err = expect(')'))
    return std::move(err);
  return *value;
}

Error LayoutParser::parseDimLevels(XlaLayout &layout) {
  if (Error err = expect('('))
    return err;
  do {
    skipSpace();
    size_t start = pos;
    if (pos >= text.size() || !StringRef("DCSH").contains(text[pos]))
      return error(start, "expected a dimension level type D, C, S or H but "
                          "found '" +
                              describeHere() + "'");
    ++pos;
    bool notUnique = consumeIf('+');
    bool notOrdered = consumeIf('~');
    std::string level = std::string(1, text[start]) + (notUnique ? "+" : "") +
                        (notOrdered ? "~" : "");
    // LayoutUtil::ValidateDimLevel: a dense level is unique and ordered.
    if (level[0] == 'D' && level.size() > 1)
      return error(start, "dimension level '" + level +
                              "' is not valid: a dense level is unique and "
                              "ordered");
    layout.dimLevelTypes.push_back(std::move(level));
  } while (consumeIf(','));
  return expect(')');
}

Expected<std::string> LayoutParser::parseTypeField(llvm::StringRef name) {
  if (Error err = expect('('))
    return std::move(err);
  skipSpace();
  size_t start = pos;
  StringRef word = parseWord();
  if (word.empty())
    return error(start, "expected a type in " + name + "(...) but found '" +
                            describeHere() + "'");
  std::string type = word.lower();
  if (Error err = expect(')'))
    return std::move(err);
  return type;
}

Error LayoutParser::parseSplitConfigs(XlaLayout &layout) {
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
    if (Error err = parseIntegerList("a split index", config.splitIndices))
      return err;
    if (Error err = expect(')'))
      return err;
    layout.splitConfigs.push_back(std::move(config));
  } while (peek() == '(');
  return Error::success();
}

/// The text of `P(...)` up to its matching parenthesis: a shape, which is
/// the format library's grammar to read.
Expected<std::string> LayoutParser::parsePhysicalShape() {
  if (Error err = expect('('))
    return std::move(err);
  size_t start = pos;
  int depth = 1;
  for (; pos < text.size(); ++pos) {
    if (text[pos] == '(')
      ++depth;
    else if (text[pos] == ')' && --depth == 0)
      break;
  }
  if (depth != 0)
    return error(start - 1, "expected ')' to close P(...)");
  std::string shape = text.slice(start, pos).trim().str();
  ++pos;
  if (shape.empty())
    return error(start, "P(...) needs a shape");
  return shape;
}

Expected<XlaLayout> LayoutParser::parseLayout(FieldColumns &columns) {
  XlaLayout result;
  TiledLayout &layout = result.tiled;
  if (Error err = expect('{'))
    return std::move(err);
  if (peek() != ':' && peek() != '}')
    if (Error err = parseIntegerList("a dimension number", layout.minorToMajor))
      return std::move(err);
  if (consumeIf(':')) {
    std::optional<size_t> last;
    while (peek() != '}' && peek() != '\0') {
      size_t fieldStart = pos;
      StringRef rest = text.substr(pos);
      // The tiled layout document writes tiles without `T`.
      StringRef name = rest.starts_with("SC")  ? rest.take_front(2)
                       : rest.starts_with("(") ? StringRef("T")
                                               : rest.take_front(1);
      const auto *found = llvm::find(fieldOrder, name);
      if (found == std::end(fieldOrder))
        return error(fieldStart,
                     "expected a layout field D(...), T(...), L(...), "
                     "#(...), *(...), E(...), S(...), SC(...), P(...) or "
                     "M(...) but found '" +
                         describeHere() + "'");
      size_t index = found - std::begin(fieldOrder);
      if (last && index <= *last)
        return error(fieldStart,
                     "layout field '" + name +
                         "' is repeated or out of order; XLA writes the "
                         "fields in the order D, T, L, #, *, E, S, SC, P, M");
      last = index;
      columns.at[index] = fieldStart;
      if (forMemRef && name != "D" && name != "T" && name != "L" &&
          name != "E" && name != "S")
        return error(fieldStart, whyFieldIsUnsupported(name));
      if (!rest.starts_with("("))
        pos += name.size();
      if (name == "D") {
        if (Error err = parseDimLevels(result))
          return std::move(err);
        if (result.dimLevelTypes.size() != layout.minorToMajor.size())
          return error(fieldStart,
                       "layout field 'D' names " +
                           llvm::Twine(result.dimLevelTypes.size()) +
                           " dimension levels for " +
                           llvm::Twine(layout.minorToMajor.size()) +
                           " dimensions");
      } else if (name == "T") {
        do {
          Expected<Tile> tile = parseTile();
          if (!tile)
            return tile.takeError();
          layout.tiles.push_back(std::move(*tile));
        } while (peek() == '(');
      } else if (name == "#" || name == "*") {
        Expected<std::string> type = parseTypeField(name);
        if (!type)
          return type.takeError();
        (name == "#" ? result.indexType : result.pointerType) = *type;
      } else if (name == "SC") {
        if (Error err = parseSplitConfigs(result))
          return std::move(err);
      } else if (name == "P") {
        Expected<std::string> shape = parsePhysicalShape();
        if (!shape)
          return shape.takeError();
        result.physicalShape = std::move(*shape);
      } else {
        Expected<int64_t> value = parseIntField(name);
        if (!value)
          return value.takeError();
        int64_t &field = name == "L"   ? layout.tailPaddingAlignment
                         : name == "E" ? layout.elementSizeInBits
                         : name == "S" ? layout.memorySpace
                                       : result.dynamicMetadataPrefixBytes;
        field = *value;
      }
    }
  }
  if (Error err = expect('}'))
    return std::move(err);
  return result;
}

Error LayoutParser::expectEnd() {
  if (atEnd())
    return Error::success();
  return error(pos,
               "unexpected '" + text.substr(pos, 1) + "' after the layout");
}

/// The rules XLA's parser applies to a layout beyond its grammar
/// (hlo_parser.cc `ParseLayout`, `ParseUnsignedIntegerType` and
/// `ParseShape`): unsigned index and pointer types, a physical shape only
/// and tiles never on a sparse layout; and split dimensions in range and
/// metadata bytes that are not negative.
static Error checkXlaRules(const XlaLayout &layout,
                           const FieldColumns &columns) {
  auto fail = [&](StringRef field, const llvm::Twine &message) {
    return llvm::make_error<ParseError>(columns.get(field).value_or(0),
                                        message.str());
  };
  for (auto [name, type] :
       {std::pair<StringRef, StringRef>{"#", layout.indexType},
        {"*", layout.pointerType}}) {
    int64_t bits = 0;
    if (!type.empty() &&
        (!type.starts_with("u") || type.drop_front().getAsInteger(10, bits) ||
         !llvm::is_contained({1, 2, 4, 8, 16, 32, 64}, bits)))
      return fail(name, name +
                            "(...) needs an unsigned integer type such as "
                            "u32, found '" +
                            type + "'");
  }
  int64_t rank = layout.tiled.minorToMajor.size();
  for (const SplitConfig &config : layout.splitConfigs)
    if (config.dimension < 0 || config.dimension >= rank)
      return fail("SC", "SC(...) splits dimension " +
                            llvm::Twine(config.dimension) + " of a rank-" +
                            llvm::Twine(rank) + " layout");
  if (layout.dynamicMetadataPrefixBytes < 0)
    return fail("M", "M(" + llvm::Twine(layout.dynamicMetadataPrefixBytes) +
                         "): metadata bytes cannot be negative");
  if (layout.isSparse() && layout.tiled.hasTiles())
    return fail("T", "a sparse layout (a D(...) level other than D) has no "
                     "tiles");
  if (!layout.physicalShape.empty() && !layout.isSparse())
    return fail("P", "layout field 'P' (the physical shape of a sparse "
                     "array) needs a sparse layout (a D(...) level other "
                     "than D)");
  return Error::success();
}

/// Parses an XLA layout with `parser` and checks XLA's rules on it; with
/// `wholeText`, nothing may follow the layout.
static Expected<XlaLayout> parseCheckedLayout(LayoutParser &parser,
                                              bool wholeText) {
  FieldColumns columns;
  Expected<XlaLayout> layout = parser.parseLayout(columns);
  if (!layout)
    return layout.takeError();
  if (wholeText)
    if (Error err = parser.expectEnd())
      return std::move(err);
  if (Error err = checkXlaRules(*layout, columns))
    return std::move(err);
  return layout;
}

Expected<XlaLayout> XlaLayout::parsePrefix(StringRef text, size_t &consumed) {
  LayoutParser parser(text);
  Expected<XlaLayout> layout = parseCheckedLayout(parser, /*wholeText=*/false);
  if (layout)
    consumed = parser.getPos();
  return layout;
}

Expected<XlaLayout> XlaLayout::parse(StringRef text) {
  LayoutParser parser(text);
  return parseCheckedLayout(parser, /*wholeText=*/true);
}

/// Why the XLA layout field `name` cannot be honoured on a memref.
static StringRef whyFieldIsUnsupported(StringRef name) {
  if (name == "D")
    return "layout field 'D' with a sparse dimension level is not supported: "
           "a memref is dense (D(D,...,D) is accepted and dropped)";
  if (name == "#" || name == "*")
    return "layout fields '#' and '*' (the index and pointer types of a "
           "sparse array) are not supported: a memref is dense";
  if (name == "SC")
    return "layout field 'SC' (split configs) is not supported: it splits "
           "the array into separate allocations; describe each part as its "
           "own memref";
  if (name == "P")
    return "layout field 'P' (the physical shape of a sparse array) is not "
           "supported: a memref is dense";
  return "layout field 'M' (the bytes of dynamic-shape metadata XLA keeps "
         "with the buffer) is not supported: a memref's sizes are not stored "
         "in its buffer; drop M(n) and pass the sizes as the memref's dynamic "
         "sizes";
}

Expected<TiledLayout> TiledLayout::parse(StringRef text) {
  LayoutParser parser(text, /*forMemRef=*/true);
  FieldColumns columns;
  Expected<XlaLayout> layout = parser.parseLayout(columns);
  if (!layout)
    return layout.takeError();
  if (Error err = parser.expectEnd())
    return std::move(err);
  // The parser rejected the other fields a memref layout cannot hold. An
  // all-dense `D` says what a memref already is: it is dropped, as XLA does
  // not print it.
  if (layout->isSparse())
    return llvm::make_error<ParseError>(*columns.get("D"),
                                        whyFieldIsUnsupported("D").str());
  return std::move(layout->tiled);
}

//===----------------------------------------------------------------------===//
// Printing: the one printer of layouts and tiles
//===----------------------------------------------------------------------===//

void mlir::tlayout::printTiles(llvm::raw_ostream &os,
                               llvm::ArrayRef<Tile> tiles) {
  for (const Tile &tile : tiles)
    tile.print(os);
}

void Tile::print(llvm::raw_ostream &os) const {
  os << '(';
  llvm::interleave(
      dims, os,
      [&](int64_t d) {
        if (d == kCombine)
          os << '*';
        else
          os << d;
      },
      ",");
  os << ')';
}

std::string Tile::str() const { return printToString(*this); }

void XlaLayout::print(llvm::raw_ostream &os) const {
  os << '{';
  llvm::interleave(tiled.minorToMajor, os, ",");
  bool colon = false;
  auto field = [&]() -> llvm::raw_ostream & {
    if (!colon)
      os << ':';
    colon = true;
    return os;
  };
  // XLA omits the level types when every dimension is dense.
  if (isSparse()) {
    field() << "D(";
    llvm::interleave(dimLevelTypes, os, ",");
    os << ')';
  }
  if (tiled.hasTiles()) {
    field() << 'T';
    printTiles(os, tiled.tiles);
  }
  if (tiled.tailPaddingAlignment != 1)
    field() << "L(" << tiled.tailPaddingAlignment << ')';
  if (!indexType.empty())
    field() << "#(" << indexType << ')';
  if (!pointerType.empty())
    field() << "*(" << pointerType << ')';
  if (tiled.elementSizeInBits != 0)
    field() << "E(" << tiled.elementSizeInBits << ')';
  if (tiled.memorySpace != 0)
    field() << "S(" << tiled.memorySpace << ')';
  if (!splitConfigs.empty()) {
    field() << "SC";
    for (const SplitConfig &config : splitConfigs) {
      os << '(' << config.dimension << ':';
      llvm::interleave(config.splitIndices, os, ",");
      os << ')';
    }
  }
  if (!physicalShape.empty())
    field() << "P(" << physicalShape << ')';
  if (dynamicMetadataPrefixBytes != 0)
    field() << "M(" << dynamicMetadataPrefixBytes << ')';
  os << '}';
}

std::string XlaLayout::str() const { return printToString(*this); }

bool XlaLayout::isSparse() const {
  return llvm::any_of(dimLevelTypes,
                      [](const std::string &d) { return d[0] != 'D'; });
}

bool XlaLayout::hasFieldsBeyondTiling() const {
  return isSparse() || !indexType.empty() || !pointerType.empty() ||
         !splitConfigs.empty() || !physicalShape.empty() ||
         dynamicMetadataPrefixBytes != 0;
}

bool XlaLayout::operator==(const XlaLayout &other) const {
  return tiled == other.tiled && dimLevelTypes == other.dimLevelTypes &&
         indexType == other.indexType && pointerType == other.pointerType &&
         splitConfigs == other.splitConfigs &&
         physicalShape == other.physicalShape &&
         dynamicMetadataPrefixBytes == other.dynamicMetadataPrefixBytes;
}

void TiledLayout::print(llvm::raw_ostream &os) const {
  XlaLayout(*this).print(os);
}

std::string TiledLayout::str() const { return printToString(*this); }

//===----------------------------------------------------------------------===//
// Validation
//===----------------------------------------------------------------------===//

static Error verifyPermutation(llvm::ArrayRef<int64_t> minorToMajor,
                               size_t rank) {
  llvm::SmallVector<bool, 8> seen(rank, false);
  for (int64_t dim : minorToMajor) {
    if (dim < 0 || static_cast<uint64_t>(dim) >= rank)
      return llvm::createStringError(
          "minor_to_major entry " + llvm::Twine(dim) +
          " is out of range: dimensions are numbered 0 to " +
          llvm::Twine(static_cast<int64_t>(rank) - 1));
    if (seen[dim])
      return llvm::createStringError("minor_to_major lists dimension " +
                                     llvm::Twine(dim) +
                                     " twice; it must be a permutation");
    seen[dim] = true;
  }
  return Error::success();
}

Error TiledLayout::verify() const {
  if (Error err = verifyPermutation(minorToMajor, minorToMajor.size()))
    return err;
  if (tiles.size() > kMaxTileLevels)
    return llvm::createStringError(
        "the layout has " + llvm::Twine(tiles.size()) +
        " tile levels; at most " + llvm::Twine(kMaxTileLevels) +
        " are supported");
  size_t entries = 0;
  for (const Tile &tile : tiles)
    entries += tile.dims.size();
  if (entries > kMaxTileEntries)
    return llvm::createStringError(
        "the layout's tiles have " + llvm::Twine(entries) +
        " entries in all; at most " + llvm::Twine(kMaxTileEntries) +
        " are supported");
  for (auto [index, tile] : llvm::enumerate(tiles)) {
    std::string which = ("tile " + llvm::Twine(index)).str();
    if (tile.dims.empty())
      return llvm::createStringError(which + " is empty");
    for (auto [i, d] : llvm::enumerate(tile.dims)) {
      if (d == Tile::kCombine)
        continue;
      if (d == 0)
        return llvm::createStringError(which + " has size 0 in dimension " +
                                       llvm::Twine(i) +
                                       "; tile sizes must be positive");
      if (d < 0)
        return llvm::createStringError(
            which + " has negative size " + llvm::Twine(d) + " in dimension " +
            llvm::Twine(i) + "; write '*' to combine dimensions");
    }
    if (tile.dims.back() == Tile::kCombine)
      return llvm::createStringError(
          which + " has '*' as its most minor entry; '*' combines a "
                  "dimension into the next more minor one");
  }
  if (tailPaddingAlignment <= 0)
    return llvm::createStringError("tail padding alignment L(" +
                                   llvm::Twine(tailPaddingAlignment) +
                                   ") must be positive");
  if (elementSizeInBits < 0)
    return llvm::createStringError("element size E(" +
                                   llvm::Twine(elementSizeInBits) +
                                   ") must not be negative");
  if (memorySpace < 0)
    return llvm::createStringError("memory space S(" +
                                   llvm::Twine(memorySpace) +
                                   ") must not be negative");
  return Error::success();
}

Error TiledLayout::verify(llvm::ArrayRef<int64_t> shape,
                          int64_t elementTypeBits) const {
  Expected<BufferIndexing> indexing =
      BufferIndexing::compile(*this, shape, elementTypeBits);
  return indexing ? Error::success() : indexing.takeError();
}

llvm::SmallVector<int64_t>
mlir::tlayout::dropMinorToMajorDims(llvm::ArrayRef<int64_t> order,
                                    llvm::ArrayRef<int64_t> dropped) {
  llvm::SmallVector<int64_t> result;
  for (int64_t dim : order) {
    if (llvm::is_contained(dropped, dim))
      continue;
    result.push_back(
        dim - llvm::count_if(dropped, [&](int64_t d) { return d < dim; }));
  }
  return result;
}
