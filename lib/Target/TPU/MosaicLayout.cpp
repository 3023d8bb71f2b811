//===- MosaicLayout.cpp - Mosaic TPU's tiled memref layouts ---------------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// Reading `#tpu.tiled` memref text, Mosaic's offset formula, and the
// translation to a tlayout layout or window.
//
//===----------------------------------------------------------------------===//

#include "tlayout/Target/TPU/MosaicLayout.h"
#include "tlayout/Core/LayoutLexer.h"
#include "tlayout/Format/ElementType.h"
#include "tlayout/Target/TPU/TpuTarget.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <cassert>

using namespace mlir::tlayout;
using namespace mlir::tlayout::mosaic;
using llvm::Error;
using llvm::Expected;
using llvm::StringRef;

namespace {
/// A Mosaic memory space: the TPU target's space it is, or Mosaic's own
/// name and tlayout number for the spaces the TPU target does not name.
struct SpaceRow {
  MemorySpace space;
  std::optional<tpu::MemorySpace> tpuSpace;
  const char *mosaicName;
  std::optional<int64_t> mosaicNumber;
};
} // namespace

/// Mosaic's memory spaces, in one table. The names of the spaces the TPU
/// target numbers come from its table (tpu::getNamedMemorySpaces); `any`
/// (placed by the compiler) is the default space 0.
static const SpaceRow spaceRows[] = {
    {MemorySpace::Any, std::nullopt, "any", 0},
    {MemorySpace::Vmem, tpu::MemorySpace::Vmem, nullptr, std::nullopt},
    {MemorySpace::Smem, tpu::MemorySpace::Smem, nullptr, std::nullopt},
    {MemorySpace::Hbm, tpu::MemorySpace::Hbm, nullptr, std::nullopt},
    {MemorySpace::Cmem, tpu::MemorySpace::Cmem, nullptr, std::nullopt},
    {MemorySpace::SemaphoreMem, std::nullopt, "semaphore_mem", std::nullopt},
    {MemorySpace::VmemShared, std::nullopt, "vmem_shared", std::nullopt},
    {MemorySpace::Host, tpu::MemorySpace::Host, nullptr, std::nullopt},
};

static const SpaceRow &row(MemorySpace space) {
  for (const SpaceRow &row : spaceRows)
    if (row.space == space)
      return row;
  llvm_unreachable("every memory space has a row");
}

StringRef mosaic::stringifyMemorySpace(MemorySpace space) {
  const SpaceRow &r = row(space);
  if (r.tpuSpace)
    return tpu::getMemorySpaceName(static_cast<int64_t>(*r.tpuSpace));
  return r.mosaicName;
}

std::optional<int64_t> mosaic::getTLayoutMemorySpace(MemorySpace space) {
  const SpaceRow &r = row(space);
  if (r.tpuSpace)
    return static_cast<int64_t>(*r.tpuSpace);
  return r.mosaicNumber;
}

//===----------------------------------------------------------------------===//
// Parsing
//===----------------------------------------------------------------------===//

namespace {
/// The core's LayoutLexer with the messages of Mosaic's text: errors carry
/// the column of the current token and say what was found there.
class Lexer : public LayoutLexer {
public:
  explicit Lexer(StringRef text) : LayoutLexer(text) {}

  Error error(const llvm::Twine &message) const {
    return LayoutLexer::error(std::min(pos, text.size()), message);
  }
  Error errorAt(size_t column, const llvm::Twine &message) const {
    return LayoutLexer::error(column, message);
  }
  Error expect(StringRef token, StringRef what) {
    if (consumeIf(token))
      return Error::success();
    skipSpace();
    return error("expected '" + token + "' " + what + ", found " +
                 describeNext());
  }
  /// A non-negative integer (a leading '-' is read too, for the error).
  Expected<int64_t> integer(StringRef what) {
    IntegerToken token = lexInteger("-");
    if (token.text.empty())
      return error("expected " + what + ", found " + describeNext());
    if (!token.value)
      return errorAt(token.start,
                     what + " " + token.text + " does not fit in 64 bits");
    return *token.value;
  }
  /// Integers (`integer`) separated by commas, each at least `least`: a
  /// smaller one is "<noun> N <problem>".
  Error integers(StringRef noun, int64_t least, StringRef problem,
                 llvm::SmallVectorImpl<int64_t> &values) {
    do {
      skipSpace();
      size_t start = pos;
      Expected<int64_t> value = integer(("a " + noun).str());
      if (!value)
        return value.takeError();
      if (*value < least)
        return errorAt(start, noun + " " + llvm::Twine(*value) + " " + problem);
      values.push_back(*value);
    } while (consumeIf(','));
    return Error::success();
  }
  std::string describeNext() const {
    if (pos >= text.size())
      return "the end of the text";
    StringRef rest = text.drop_front(pos);
    return "'" +
           rest.take_front(std::min<size_t>(rest.find_first_of(" ,>"), 12))
               .str() +
           "'";
  }
  StringRef rest() const { return text.drop_front(pos); }
  void advance(size_t n) { pos += n; }
};
} // namespace

/// Reads the element type: everything up to the `,` or `>` that closes it
/// at bracket depth 0.
static Expected<std::string> parseMlirElementTypeText(Lexer &lex) {
  lex.skipSpace();
  StringRef rest = lex.rest();
  int depth = 0;
  size_t n = 0;
  for (; n < rest.size(); ++n) {
    char c = rest[n];
    if (c == '<' || c == '(' || c == '[')
      ++depth;
    else if ((c == '>' || c == ')' || c == ']') && depth > 0)
      --depth;
    else if ((c == ',' || c == '>') && depth == 0)
      break;
  }
  std::string type = rest.take_front(n).rtrim().str();
  if (type.empty())
    return lex.error("expected an element type");
  lex.advance(n);
  return type;
}

/// Checks the tiles as Mosaic's verifier does, and computes the shape of the
/// first tile after the later tiles split it (`expandedTile`).
static Error verifyTiles(const Lexer &lex, size_t column,
                         llvm::ArrayRef<Tile> tiles, unsigned rank,
                         llvm::SmallVectorImpl<int64_t> &expandedTile) {
  if (tiles.empty())
    return Error::success();
  llvm::ArrayRef<int64_t> first = tiles.front().dims;
  if (first.size() > rank)
    return lex.errorAt(
        column, "the first tile has " + llvm::Twine(first.size()) +
                    " dimensions but the memref has rank " + llvm::Twine(rank));
  expandedTile.assign(first.begin(), first.end());
  for (const Tile &tile : tiles.drop_front()) {
    size_t k = tile.dims.size();
    if (k > expandedTile.size())
      return lex.errorAt(
          column, "tile " + tile.str() + " has " + llvm::Twine(k) +
                      " dimensions but tiles inside the first tile can "
                      "only split its " +
                      llvm::Twine(expandedTile.size()) +
                      " dimensions (Mosaic does not tile across first tiles)");
    llvm::SmallVector<int64_t, 8> next(
        expandedTile.begin(), expandedTile.end() - static_cast<int64_t>(k));
    llvm::SmallVector<int64_t, 4> inner;
    for (size_t i = 0; i < k; ++i) {
      int64_t size = expandedTile[expandedTile.size() - k + i];
      if (size % tile.dims[i] != 0)
        return lex.errorAt(column, "tile " + tile.str() +
                                       " does not evenly divide the first "
                                       "tile " +
                                       tiles.front().str() +
                                       " (it would add padding inside a tile, "
                                       "which Mosaic does not allow)");
      next.push_back(size / tile.dims[i]);
      inner.push_back(tile.dims[i]);
    }
    next.append(inner.begin(), inner.end());
    expandedTile = std::move(next);
  }
  return Error::success();
}

Expected<MosaicMemRef> MosaicMemRef::parse(StringRef text) {
  Lexer lex(text);
  MosaicMemRef result;
  if (Error err = lex.expect("memref<", "to start a memref type"))
    return std::move(err);
  // Dimensions: `16x256x`, `?x`; a rank-0 memref has none.
  while (true) {
    lex.skipSpace();
    size_t start = lex.getPos();
    if (lex.consumeIf('?')) {
      if (!lex.consumeIf('x'))
        return lex.errorAt(start, "expected 'x' after a dynamic dimension");
      result.shape.push_back(kDynamicSize);
      continue;
    }
    StringRef rest = lex.rest();
    if (rest.empty() || !(llvm::isDigit(rest[0]) || rest[0] == '-'))
      break;
    Expected<int64_t> size = lex.integer("a dimension size");
    if (!size)
      return size.takeError();
    if (*size < 0)
      return lex.errorAt(start, "dimension size " + llvm::Twine(*size) +
                                    " is negative");
    if (!lex.consumeIf("x"))
      return lex.error("expected 'x' after a dimension size, found " +
                       lex.describeNext());
    result.shape.push_back(*size);
  }
  Expected<std::string> element = parseMlirElementTypeText(lex);
  if (!element)
    return element.takeError();
  result.elementType = std::move(*element);

  size_t layoutColumn = 0;
  while (lex.consumeIf(",")) {
    lex.skipSpace();
    size_t start = lex.getPos();
    if (lex.consumeIf("#tpu.tiled")) {
      if (result.hasTiledLayout || result.memorySpace)
        return lex.errorAt(start, result.hasTiledLayout
                                      ? "the memref has two layouts"
                                      : "the layout must come before the "
                                        "memory space");
      result.hasTiledLayout = true;
      layoutColumn = start;
      if (Error err = lex.expect("<", "after #tpu.tiled"))
        return std::move(err);
      // Tiles: `(8,128)(2,1)`, possibly none.
      while (lex.consumeIf("(")) {
        size_t tileStart = lex.getPos() - 1;
        Tile &tile = result.tiles.emplace_back();
        if (lex.peek() == ')')
          return lex.errorAt(tileStart, "a tile needs at least one size");
        if (Error err =
                lex.integers("tile size", 1, "is not positive", tile.dims))
          return std::move(err);
        if (Error err = lex.expect(")", "to close a tile"))
          return std::move(err);
        if (result.tiles.size() > kMaxTileLevels)
          return lex.errorAt(
              tileStart, "more than " + llvm::Twine(kMaxTileLevels) + " tiles");
      }
      if (Error err = lex.expect(",", "between the tiles and the tile "
                                      "strides"))
        return std::move(err);
      if (Error err = lex.expect("[", "to open the tile strides"))
        return std::move(err);
      if (!lex.consumeIf("]")) {
        if (Error err = lex.integers("tile stride", 0, "is negative",
                                     result.tileStrides))
          return std::move(err);
        if (Error err = lex.expect("]", "to close the tile strides"))
          return std::move(err);
      }
      if (Error err = lex.expect(">", "to close #tpu.tiled"))
        return std::move(err);
      continue;
    }
    if (lex.consumeIf("#tpu.memory_space")) {
      if (result.memorySpace)
        return lex.errorAt(start, "the memref has two memory spaces");
      if (Error err = lex.expect("<", "after #tpu.memory_space"))
        return std::move(err);
      lex.skipSpace();
      size_t nameStart = lex.getPos();
      StringRef rest = lex.rest();
      size_t n = 0;
      while (n < rest.size() && (llvm::isAlnum(rest[n]) || rest[n] == '_'))
        ++n;
      StringRef name = rest.take_front(n);
      for (const SpaceRow &row : spaceRows)
        if (name == stringifyMemorySpace(row.space))
          result.memorySpace = row.space;
      if (!result.memorySpace)
        return lex.errorAt(nameStart,
                           "unknown Mosaic memory space '" + name +
                               "'; expected any, vmem, smem, hbm, cmem, "
                               "semaphore_mem, vmem_shared or host");
      lex.advance(n);
      if (Error err = lex.expect(">", "to close #tpu.memory_space"))
        return std::move(err);
      continue;
    }
    return lex.error("expected #tpu.tiled<...> or #tpu.memory_space<...>, "
                     "found " +
                     lex.describeNext());
  }
  if (Error err = lex.expect(">", "to close the memref type"))
    return std::move(err);
  if (!lex.atEnd())
    return lex.error("unexpected text after the memref type");

  unsigned rank = result.shape.size();
  if (!result.hasTiledLayout) {
    // The identity layout: row-major, element strides.
    return result;
  }
  if (result.tileStrides.size() != rank)
    return lex.errorAt(
        layoutColumn,
        "#tpu.tiled has " + llvm::Twine(result.tileStrides.size()) +
            " tile strides but the memref has rank " + llvm::Twine(rank));
  llvm::SmallVector<int64_t, 8> expandedTile;
  if (Error err =
          verifyTiles(lex, layoutColumn, result.tiles, rank, expandedTile))
    return std::move(err);
  // Every offset of an index in the shape must fit in int64: bound the
  // largest with the strides (Mosaic's formula is linear in the parts).
  if (result.hasStaticShape() &&
      llvm::none_of(result.shape, [](int64_t d) { return d == 0; })) {
    llvm::SmallVector<int64_t, 4> last;
    for (int64_t d : result.shape)
      last.push_back(d - 1);
    int64_t tileSize = 1;
    if (!result.tiles.empty())
      for (int64_t d : result.tiles.front().dims)
        if (llvm::MulOverflow(tileSize, d, tileSize))
          return lex.errorAt(layoutColumn, "the first tile's size overflows");
    int64_t bound = tileSize;
    llvm::SmallVector<int64_t, 4> counts = result.getTileCounts();
    for (unsigned d = 0; d < rank; ++d) {
      int64_t term;
      if (llvm::MulOverflow(counts[d] - 1, result.tileStrides[d], term) ||
          llvm::MulOverflow(term, tileSize, term) ||
          llvm::AddOverflow(bound, term, bound))
        return lex.errorAt(layoutColumn,
                           "offsets of this layout do not fit in 64 bits");
    }
  }
  return result;
}

//===----------------------------------------------------------------------===//
// Printing
//===----------------------------------------------------------------------===//

std::string MosaicMemRef::layoutStr() const {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << "#tpu.tiled<";
  printTiles(os, tiles);
  os << ",[";
  llvm::interleave(tileStrides, os, ",");
  os << "]>";
  return s;
}

std::string MosaicMemRef::str() const {
  std::string s = "memref<";
  for (int64_t d : shape)
    s += (d == kDynamicSize ? std::string("?") : std::to_string(d)) + "x";
  s += elementType;
  if (hasTiledLayout)
    s += ", " + layoutStr();
  if (memorySpace)
    s +=
        ", #tpu.memory_space<" + stringifyMemorySpace(*memorySpace).str() + ">";
  return s + ">";
}

bool MosaicMemRef::hasStaticShape() const {
  return !llvm::is_contained(shape, kDynamicSize);
}

int64_t MosaicMemRef::getElementBits() const {
  StringRef type = elementType;
  // MLIR's `index` is no XLA element type; it lowers to 64 bits.
  if (type == "index")
    return 64;
  bool isUnsigned = type.consume_front("u");
  if (!isUnsigned)
    type.consume_front("s");
  std::optional<ElementType> element = parseMlirElementType(type, isUnsigned);
  return element ? getMinimumBits(*element) : 0;
}

//===----------------------------------------------------------------------===//
// Mosaic's semantics
//===----------------------------------------------------------------------===//

llvm::SmallVector<int64_t, 4> MosaicMemRef::getTileCounts() const {
  llvm::SmallVector<int64_t, 4> counts(shape.begin(), shape.end());
  if (!hasTiledLayout || tiles.empty())
    return counts;
  llvm::ArrayRef<int64_t> first = tiles.front().dims;
  // A first tile longer than the shape is invalid (parse rejects it); count
  // no tiles rather than index past the shape.
  if (first.size() > shape.size())
    return counts;
  unsigned untiled = shape.size() - first.size();
  for (unsigned i = 0; i < first.size(); ++i) {
    int64_t size = shape[untiled + i];
    if (size != kDynamicSize)
      counts[untiled + i] = llvm::divideCeil(size, first[i]);
  }
  return counts;
}

llvm::SmallVector<int64_t, 4> MosaicMemRef::getDefaultTileStrides() const {
  llvm::SmallVector<int64_t, 4> counts = getTileCounts();
  llvm::SmallVector<int64_t, 4> strides(counts.size());
  int64_t stride = 1;
  for (unsigned d = counts.size(); d-- > 0;) {
    strides[d] = stride;
    if (stride == kDynamicSize || counts[d] == kDynamicSize ||
        llvm::MulOverflow(stride, counts[d], stride))
      stride = kDynamicSize;
  }
  return strides;
}

bool MosaicMemRef::hasDefaultTileStrides() const {
  if (!hasTiledLayout)
    return true;
  llvm::SmallVector<int64_t, 4> counts = getTileCounts();
  // Without elements every placement is the same.
  if (llvm::is_contained(counts, 0))
    return true;
  llvm::SmallVector<int64_t, 4> defaults = getDefaultTileStrides();
  for (unsigned d = 0; d < counts.size(); ++d)
    if (counts[d] != 1 && tileStrides[d] != defaults[d])
      return false;
  return true;
}

namespace {
/// Mosaic's formula in parts: the index split by every tile level, and the
/// stride of each part.
struct Parts {
  /// For each part: the logical dimension, and `floor(i / divisor) mod
  /// modulus` of its index (no modulus for the outer tile index).
  struct Part {
    unsigned dim;
    int64_t divisor;
    std::optional<int64_t> modulus;
    int64_t stride;
  };
  llvm::SmallVector<Part, 8> parts;
};
} // namespace

/// The parts of Mosaic's affine map. Tiling replaces the last k parts
/// `p` by `p floordiv t` followed by `p mod t` (as an XLA tile does); the
/// first `rank` parts get the tile strides times the first tile's size and
/// the parts inside a tile are row-major over the split tile shape.
static Parts getParts(const MosaicMemRef &m) {
  Parts result;
  unsigned rank = m.getRank();
  for (unsigned d = 0; d < rank; ++d)
    result.parts.push_back({d, 1, std::nullopt, 0});
  llvm::SmallVector<int64_t, 8> partSizes; // sizes inside the first tile
  for (const Tile &tile : m.tiles) {
    size_t k = tile.dims.size();
    llvm::SmallVector<Parts::Part, 8> next(result.parts.begin(),
                                           result.parts.end() - k);
    llvm::SmallVector<Parts::Part, 4> inner;
    for (size_t i = 0; i < k; ++i) {
      Parts::Part p = result.parts[result.parts.size() - k + i];
      int64_t t = tile.dims[i];
      // floor(floor(x / a) mod m / t) = floor(x / (a t)) mod (m / t) when t
      // divides m, which the verifier guarantees inside the first tile.
      Parts::Part outer = p, within = p;
      outer.divisor = p.divisor * t;
      if (p.modulus)
        outer.modulus = *p.modulus / t;
      within.modulus = t;
      next.push_back(outer);
      inner.push_back(within);
    }
    next.append(inner.begin(), inner.end());
    result.parts = std::move(next);
  }
  int64_t firstTileSize = 1;
  if (!m.tiles.empty())
    for (int64_t t : m.tiles.front().dims)
      firstTileSize *= t;
  int64_t stride = 1;
  for (size_t q = result.parts.size(); q-- > rank;) {
    result.parts[q].stride = stride;
    stride *= *result.parts[q].modulus;
  }
  for (unsigned q = 0; q < rank; ++q)
    result.parts[q].stride =
        (m.hasTiledLayout ? m.tileStrides[q] : 0) * firstTileSize;
  if (!m.hasTiledLayout) {
    // No layout: row-major element strides.
    int64_t s = 1;
    for (unsigned q = rank; q-- > 0;) {
      result.parts[q].stride = s;
      if (m.shape[q] != kDynamicSize)
        s *= m.shape[q];
    }
  }
  return result;
}

Expected<int64_t> MosaicMemRef::offsetOf(llvm::ArrayRef<int64_t> index) const {
  if (index.size() != shape.size())
    return llvm::createStringError("index has " + llvm::Twine(index.size()) +
                                   " entries but the memref has rank " +
                                   llvm::Twine(shape.size()));
  for (auto [d, i] : llvm::enumerate(index))
    if (i < 0 || (shape[d] != kDynamicSize && i >= shape[d]))
      return llvm::createStringError(
          "index " + llvm::Twine(i) + " of dimension " + llvm::Twine(d) +
          " is outside the size " +
          (shape[d] == kDynamicSize ? std::string("?")
                                    : std::to_string(shape[d])));
  if (!hasTiledLayout)
    for (unsigned d = 1; d < shape.size(); ++d)
      if (shape[d] == kDynamicSize)
        return llvm::createStringError(
            "the offset depends on the size of dynamic dimension " +
            llvm::Twine(d));
  // Mosaic's definition, step by step: the values of the parts after each
  // tile level (a tile of k sizes replaces the last k values v by v / t and
  // then v % t), then the sum of each value times its expanded stride.
  llvm::SmallVector<int64_t, 8> values(index.begin(), index.end());
  for (const Tile &tile : tiles) {
    size_t k = tile.dims.size();
    llvm::SmallVector<int64_t, 8> next(values.begin(), values.end() - k);
    for (size_t i = 0; i < k; ++i)
      next.push_back(values[values.size() - k + i] / tile.dims[i]);
    for (size_t i = 0; i < k; ++i)
      next.push_back(values[values.size() - k + i] % tile.dims[i]);
    values = std::move(next);
  }
  Parts parts = getParts(*this);
  assert(parts.parts.size() == values.size() && "one stride per part");
  int64_t offset = 0;
  for (auto [value, part] : llvm::zip_equal(values, parts.parts)) {
    int64_t term;
    if (llvm::MulOverflow(value, part.stride, term) ||
        llvm::AddOverflow(offset, term, offset))
      return llvm::createStringError("the offset overflows 64 bits");
  }
  return offset;
}

std::string MosaicMemRef::getOffsetMapText() const {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << "(";
  for (unsigned d = 0; d < getRank(); ++d)
    os << (d ? ", " : "") << 'd' << d;
  os << ") -> (";
  bool first = true;
  for (const Parts::Part &p : getParts(*this).parts) {
    if (p.stride == 0 || (p.modulus && *p.modulus == 1))
      continue;
    if (!first)
      os << " + ";
    first = false;
    bool paren = p.divisor != 1 && p.modulus;
    os << (paren ? "(" : "") << 'd' << p.dim;
    if (p.divisor != 1)
      os << " floordiv " << p.divisor;
    if (paren)
      os << ")";
    if (p.modulus)
      os << " mod " << *p.modulus;
    if (p.stride != 1)
      os << " * " << p.stride;
  }
  if (first)
    os << "0";
  os << ")";
  return s;
}

Expected<TLayoutEquivalent> MosaicMemRef::toTLayout() const {
  TLayoutEquivalent eq;
  unsigned rank = getRank();
  eq.layout = TiledLayout::rowMajor(rank);
  eq.layout.tiles.assign(tiles.begin(), tiles.end());
  if (memorySpace) {
    std::optional<int64_t> number = getTLayoutMemorySpace(*memorySpace);
    if (!number)
      return llvm::createStringError(
          "Mosaic memory space '" + stringifyMemorySpace(*memorySpace) +
          "' has no tlayout equivalent (tlayout names hbm, vmem, smem, cmem "
          "and host)");
    eq.layout.memorySpace = *number;
  }
  eq.bufferShape.assign(shape.begin(), shape.end());
  if (hasDefaultTileStrides())
    return eq;

  // A window: find buffer tile counts N, at least the window's counts,
  // whose row-major strides equal the given ones on every dimension with
  // more than one tile (the others' strides never multiply a non-zero
  // index). Going from minor to major over those dimensions: the most minor
  // one needs stride 1, or a stride s that a larger buffer along a more
  // minor (single-tile) dimension makes, N = s there; each next one needs
  // a multiple of the previous stride, at least the previous dimension's
  // tile count times it, and the ratio is the buffer's count along the
  // previous dimension. Every other N is 1, or the window's own count.
  llvm::SmallVector<int64_t, 4> counts = getTileCounts();
  std::string stridesText = layoutStr();
  if (!hasStaticShape())
    return llvm::createStringError(
        "tile strides of " + stridesText +
        " are not the default ones for its shape, and a window of a "
        "larger buffer needs a static shape");
  auto notAWindow = [&](const llvm::Twine &why) {
    return llvm::createStringError("tile strides of " + stridesText + ": " +
                                   why +
                                   ", so the tiles are not a window of a "
                                   "row-major tiled buffer");
  };
  llvm::SmallVector<int64_t, 4> bufferCounts(counts.begin(), counts.end());
  std::optional<unsigned> inner; // the last dimension with several tiles
  for (unsigned d = rank; d-- > 0;) {
    if (counts[d] <= 1)
      continue;
    int64_t stride = tileStrides[d];
    if (stride == 0)
      return notAWindow("dimension " + llvm::Twine(d) + " has " +
                        llvm::Twine(counts[d]) + " tiles at stride 0");
    if (!inner) {
      if (stride != 1) {
        if (d + 1 == rank)
          return notAWindow("the most minor dimension has stride " +
                            llvm::Twine(stride) + ", not 1");
        bufferCounts[d + 1] = stride;
      }
    } else {
      int64_t innerStride = tileStrides[*inner];
      if (stride % innerStride != 0 || stride / innerStride < counts[*inner])
        return notAWindow(
            "dimension " + llvm::Twine(d) + " has stride " +
            llvm::Twine(stride) + ", which is not a multiple of dimension " +
            llvm::Twine(*inner) + "'s stride " + llvm::Twine(innerStride) +
            " by at least its " + llvm::Twine(counts[*inner]) + " tiles");
      bufferCounts[*inner] = stride / innerStride;
    }
    inner = d;
  }
  llvm::ArrayRef<int64_t> first =
      tiles.empty() ? llvm::ArrayRef<int64_t>() : tiles.front().dims;
  unsigned untiled = rank - first.size();
  for (unsigned d = 0; d < rank; ++d) {
    int64_t tile = d < untiled ? 1 : first[d - untiled];
    if (bufferCounts[d] == counts[d])
      continue; // keep the window's own size (a partial last tile)
    if (llvm::MulOverflow(bufferCounts[d], tile, eq.bufferShape[d]))
      return llvm::createStringError("the buffer's size overflows 64 bits");
  }
  eq.isWindow = true;
  if (Error err = eq.layout.verify(eq.bufferShape))
    return std::move(err);
  return eq;
}

static std::string dimsText(llvm::ArrayRef<int64_t> dims) {
  std::string s;
  for (int64_t d : dims)
    s += (d == kDynamicSize ? std::string("?") : std::to_string(d)) + "x";
  return s;
}

static std::string listText(llvm::ArrayRef<int64_t> values) {
  std::string s = "[";
  for (auto [i, v] : llvm::enumerate(values))
    s += (i ? ", " : "") + std::to_string(v);
  return s + "]";
}

TLayoutText mosaic::printTLayout(const MosaicMemRef &memref,
                                 const TLayoutEquivalent &eq) {
  TLayoutText text;
  text.xlaLayout = eq.layout.str();
  TiledLayout bare = eq.layout;
  bare.memorySpace = 0;
  // The TPU target's named memory spaces carry Mosaic's names; `any` (placed by
  // the compiler) is the default space, written as none.
  std::string space;
  if (memref.memorySpace && *memref.memorySpace != MemorySpace::Any)
    space = ", #tlayout_tpu.memory_space<" +
            stringifyMemorySpace(*memref.memorySpace).str() + ">";
  std::string bufferAttr = "#tlayout.tiled<" + bare.str() + ">";
  if (!eq.isWindow) {
    text.layoutAttr = bufferAttr;
  } else {
    text.layoutAttr =
        "#tlayout.tiled<" + bare.str() +
        ", parent = " + listText(eq.bufferShape) + ", offsets = " +
        listText(llvm::SmallVector<int64_t, 4>(memref.getRank(), 0)) + ">";
    text.bufferType = "memref<" + dimsText(eq.bufferShape) +
                      memref.elementType + ", " + bufferAttr + space + ">";
  }
  // A row-major layout without tiles is the identity layout: left out.
  bool identity = !eq.isWindow && !eq.layout.hasTiles();
  text.memrefType = "memref<" + dimsText(memref.shape) + memref.elementType +
                    (identity ? "" : ", " + text.layoutAttr) + space + ">";
  if (eq.isWindow)
    text.subview =
        "%window = tlayout.subview %buffer" +
        listText(llvm::SmallVector<int64_t, 4>(memref.getRank(), 0)) + " " +
        listText(memref.shape) + " : " + text.bufferType + " to " +
        text.memrefType;
  return text;
}
