//===- TiledLayout.cpp - XLA-style tiled layouts --------------------------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// Parsing, printing and validation of XLA layout text.
//
//===----------------------------------------------------------------------===//

#include "tlayout/Core/TiledLayout.h"
#include "tlayout/Core/BufferIndexing.h"

#include "LayoutLexer.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

using namespace tlayout;
using llvm::Error;
using llvm::Expected;
using llvm::StringRef;

char ParseError::ID = 0;

void ParseError::log(llvm::raw_ostream &os) const {
  os << "column " << column + 1 << ": " << message;
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

llvm::hash_code tlayout::hash_value(const Tile &tile) {
  return llvm::hash_combine_range(tile.dims.begin(), tile.dims.end());
}

llvm::hash_code tlayout::hash_value(const TiledLayout &layout) {
  return llvm::hash_combine(
      llvm::hash_combine_range(layout.minorToMajor.begin(),
                               layout.minorToMajor.end()),
      llvm::hash_combine_range(layout.tiles.begin(), layout.tiles.end()),
      layout.tailPaddingAlignment, layout.elementSizeInBits,
      layout.memorySpace);
}

//===----------------------------------------------------------------------===//
// Parsing
//===----------------------------------------------------------------------===//

namespace {
/// A recursive-descent parser over layout text that tracks its position.
class LayoutParser : public detail::LayoutLexer {
public:
  using LayoutLexer::LayoutLexer;

  Expected<TiledLayout> parseLayout();

private:
  /// The number of levels the last consumeDenseDimLevels() read.
  size_t denseDimLevels = 0;

  /// Consumes `D(D,...,D)` (every dimension dense) and returns true; leaves
  /// anything else alone and returns false.
  bool consumeDenseDimLevels() {
    StringRef rest = text.substr(pos);
    if (!rest.consume_front("D("))
      return false;
    size_t len = 2;
    denseDimLevels = 0;
    do {
      if (!rest.consume_front("D"))
        return false;
      ++len;
      ++denseDimLevels;
      if (rest.starts_with(")"))
        break;
      if (!rest.consume_front(","))
        return false;
      ++len;
    } while (true);
    pos += len + 1;
    return true;
  }

  /// Why the XLA layout field at the current position cannot be honoured on
  /// a memref, or std::nullopt if no XLA field starts here.
  std::optional<StringRef> whyFieldIsUnsupported() {
    StringRef rest = text.substr(pos);
    if (rest.starts_with("SC("))
      return StringRef("layout field 'SC' (split configs) is not supported: "
                       "it splits the array into separate allocations; "
                       "describe each part as its own memref");
    if (rest.starts_with("D("))
      return StringRef("layout field 'D' with a sparse dimension level is "
                       "not supported: a memref is dense (D(D,...,D) is "
                       "accepted and dropped)");
    if (rest.starts_with("#(") || rest.starts_with("*("))
      return StringRef("layout fields '#' and '*' (the index and pointer "
                       "types of a sparse array) are not supported: a memref "
                       "is dense");
    if (rest.starts_with("P("))
      return StringRef("layout field 'P' (the physical shape of a sparse "
                       "array) is not supported: a memref is dense");
    if (rest.starts_with("M("))
      return StringRef("layout field 'M' (the bytes of dynamic-shape "
                       "metadata XLA keeps with the buffer) is not "
                       "supported: a memref's sizes are not stored in its "
                       "buffer; drop M(n) and pass the sizes as the "
                       "memref's dynamic sizes");
    return std::nullopt;
  }

  Expected<int64_t> parseField(char name);
};
} // namespace

Expected<int64_t> LayoutParser::parseField(char name) {
  ++pos; // The field letter.
  if (Error err = expect('('))
    return std::move(err);
  std::string what = std::string("an integer in ") + name + "(...)";
  Expected<int64_t> value = parseInteger(what);
  if (!value)
    return value.takeError();
  if (Error err = expect(')'))
    return std::move(err);
  return *value;
}

Expected<TiledLayout> LayoutParser::parseLayout() {
  TiledLayout layout;
  if (Error err = expect('{'))
    return std::move(err);
  if (peek() != ':' && peek() != '}') {
    do {
      Expected<int64_t> dim = parseInteger("a dimension number");
      if (!dim)
        return dim.takeError();
      layout.minorToMajor.push_back(*dim);
    } while (consumeIf(','));
  }
  if (consumeIf(':')) {
    // Fields in XLA's order; `rank` is the position of the last one seen.
    static constexpr StringRef order = "TLES";
    size_t lastField = 0;
    bool seenAny = false;
    while (true) {
      char c = peek();
      if (c == '}' || c == '\0')
        break;
      size_t fieldStart = pos;
      char name = c == '(' ? 'T' : c;
      size_t rank = order.find(name);
      if (rank == StringRef::npos || text.substr(pos).starts_with("SC")) {
        // `D` of dense dimensions only says what a memref already is: it is
        // accepted and, as XLA does, not printed. XLA's other fields
        // describe storage a memref does not have.
        size_t dStart = pos;
        if (c == 'D' && consumeDenseDimLevels()) {
          if (seenAny)
            return error(dStart, "layout field 'D' comes first, as XLA "
                                 "prints it");
          if (denseDimLevels != layout.minorToMajor.size())
            return error(dStart, llvm::Twine("layout field 'D' names ") +
                                     llvm::Twine(denseDimLevels) +
                                     " dimension levels for " +
                                     llvm::Twine(layout.minorToMajor.size()) +
                                     " dimensions");
          continue;
        }
        if (std::optional<StringRef> why = whyFieldIsUnsupported())
          return error(pos, *why);
        return error(pos, "expected a layout field T(...), L(...), E(...) "
                          "or S(...) but found '" +
                              describeHere() + "'");
      }
      if (seenAny && rank <= lastField)
        return error(fieldStart,
                     llvm::Twine("layout field '") + StringRef(&name, 1) +
                         "' is repeated or out of order; fields come in the "
                         "order T, L, E, S");
      seenAny = true;
      lastField = rank;
      switch (name) {
      case 'T': {
        if (c == 'T')
          ++pos;
        do {
          Expected<Tile> tile = parseTile();
          if (!tile)
            return tile.takeError();
          layout.tiles.push_back(std::move(*tile));
        } while (peek() == '(');
        if (layout.tiles.empty())
          return error(pos, "expected a tile after 'T'");
        break;
      }
      case 'L': {
        Expected<int64_t> v = parseField('L');
        if (!v)
          return v.takeError();
        layout.tailPaddingAlignment = *v;
        break;
      }
      case 'E': {
        Expected<int64_t> v = parseField('E');
        if (!v)
          return v.takeError();
        layout.elementSizeInBits = *v;
        break;
      }
      case 'S': {
        Expected<int64_t> v = parseField('S');
        if (!v)
          return v.takeError();
        layout.memorySpace = *v;
        break;
      }
      }
    }
  }
  if (Error err = expect('}'))
    return std::move(err);
  skipSpace();
  if (pos != text.size())
    return error(pos,
                 "unexpected '" + text.substr(pos, 1) + "' after the layout");
  return layout;
}

Expected<TiledLayout> TiledLayout::parse(StringRef text) {
  return LayoutParser(text).parseLayout();
}

//===----------------------------------------------------------------------===//
// Printing
//===----------------------------------------------------------------------===//

void TiledLayout::print(llvm::raw_ostream &os) const {
  os << '{';
  llvm::interleave(minorToMajor, os, ",");
  bool hasFields = !tiles.empty() || tailPaddingAlignment != 1 ||
                   elementSizeInBits != 0 || memorySpace != 0;
  if (hasFields) {
    os << ':';
    if (!tiles.empty()) {
      os << 'T';
      for (const Tile &tile : tiles) {
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
    if (tailPaddingAlignment != 1)
      os << "L(" << tailPaddingAlignment << ')';
    if (elementSizeInBits != 0)
      os << "E(" << elementSizeInBits << ')';
    if (memorySpace != 0)
      os << "S(" << memorySpace << ')';
  }
  os << '}';
}

std::string TiledLayout::str() const {
  std::string result;
  llvm::raw_string_ostream os(result);
  print(os);
  return result;
}

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
