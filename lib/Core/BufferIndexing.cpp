//===- BufferIndexing.cpp - Mixed-radix normal form of a layout -----------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// Compiles a TiledLayout into its buffer indexing expression following the
// documented tiling semantics (pad, split, move tile parts minor; every tile
// level; `*` combines; tiles longer than the shape add leading unit
// dimensions), and answers queries from that normal form.
//
//===----------------------------------------------------------------------===//

#include "tlayout/Core/BufferIndexing.h"
#include "tlayout/Core/DimsLayout.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/CheckedArithmetic.h"

using namespace mlir::tlayout;
using llvm::Error;
using llvm::Expected;

namespace {
/// A dimension of the physical shape while tiles are being applied.
struct CurrentDim {
  unsigned piece;
  IndexExpr size;
};
} // namespace

/// Checks that every size of a shape is non-negative or dynamic.
static Error checkSizes(llvm::ArrayRef<int64_t> shape) {
  for (auto [i, size] : llvm::enumerate(shape))
    if (size < 0 && size != kDynamicSize)
      return llvm::createStringError("dimension " + llvm::Twine(i) +
                                     " has negative size " + llvm::Twine(size));
  return Error::success();
}

/// Whether `major` and `minor` (a physical dimension of `minorSize`) are
/// consecutive digits of one source, so that together they index it as one
/// piece `floor(S / minor.divisor)` (mod the product of their moduli).
static bool areAdjacentDigits(const Piece &major, const Piece &minor,
                              const IndexExpr &minorSize) {
  return major.source == minor.source && minor.modulus &&
         minorSize.isConstant(*minor.modulus) &&
         std::optional<int64_t>(major.divisor) ==
             llvm::checkedMul(minor.divisor, *minor.modulus);
}

namespace {
/// Builds the normal form step by step.
class Compiler {
public:
  Compiler(llvm::SmallVectorImpl<Source> &sources,
           llvm::SmallVectorImpl<Piece> &pieces)
      : sources(sources), pieces(pieces) {}

  unsigned addSource(Source source) {
    sources.push_back(std::move(source));
    return sources.size() - 1;
  }
  unsigned addPiece(unsigned source, int64_t divisor,
                    std::optional<int64_t> modulus) {
    pieces.push_back(Piece{source, divisor, modulus});
    return pieces.size() - 1;
  }

  /// Combines adjacent dimensions (most major first) into one.
  Expected<CurrentDim> combine(llvm::ArrayRef<CurrentDim> group) {
    CurrentDim result = group.front();
    // Whether `result` is a combination made by this call, which the next
    // part may extend in place. An older combination may still own other
    // pieces, so it is never extended: that would let two combinations
    // claim the same parts.
    bool fresh = false;
    for (const CurrentDim &next : group.drop_front()) {
      IndexExpr size = result.size * next.size;
      const Piece &a = pieces[result.piece], &b = pieces[next.piece];
      // Adjacent digits of one source merge into one piece.
      if (areAdjacentDigits(a, b, next.size)) {
        std::optional<int64_t> modulus;
        if (a.modulus) {
          modulus = llvm::checkedMul(*a.modulus, *b.modulus);
          if (!modulus)
            return llvm::createStringError(
                "a combined dimension's size overflows int64");
        }
        result = CurrentDim{addPiece(a.source, b.divisor, modulus), size};
        fresh = false;
        continue;
      }
      Source combined;
      combined.kind = Source::Kind::Combined;
      combined.parts = {result.piece, next.piece};
      combined.partSizes = {result.size, next.size};
      combined.size = size;
      // Flatten a chain of combinations into one source.
      if (fresh && sources[a.source].kind == Source::Kind::Combined &&
          a.divisor == 1 && !a.modulus &&
          sources[a.source].size == result.size) {
        combined.parts = sources[a.source].parts;
        combined.partSizes = sources[a.source].partSizes;
        combined.parts.push_back(next.piece);
        combined.partSizes.push_back(next.size);
      }
      result = CurrentDim{
          addPiece(addSource(std::move(combined)), 1, std::nullopt), size};
      fresh = true;
    }
    return result;
  }

  /// Splits a dimension by a tile size into (outer, inner).
  std::pair<CurrentDim, CurrentDim> split(CurrentDim dim, int64_t tileSize) {
    Piece piece = pieces[dim.piece];
    if (piece.modulus && *piece.modulus % tileSize != 0) {
      // An uneven split of a bounded piece: index the piece as a new source.
      Source wrapper;
      wrapper.kind = Source::Kind::Combined;
      wrapper.parts = {dim.piece};
      wrapper.partSizes = {dim.size};
      wrapper.size = dim.size;
      dim.piece = addPiece(addSource(std::move(wrapper)), 1, std::nullopt);
      piece = pieces[dim.piece];
    }
    // The divisor cannot overflow: it is at most the product of tile sizes,
    // which compile() checks.
    int64_t outerDivisor = piece.divisor * tileSize;
    std::optional<int64_t> outerModulus;
    IndexExpr outerSize;
    if (piece.modulus) {
      outerModulus = *piece.modulus / tileSize;
      outerSize = IndexExpr(*outerModulus);
    } else {
      outerSize = ceilDiv(dim.size, IndexExpr(tileSize));
    }
    CurrentDim outer{addPiece(piece.source, outerDivisor, outerModulus),
                     outerSize};
    CurrentDim inner{addPiece(piece.source, piece.divisor, tileSize),
                     IndexExpr(tileSize)};
    return {outer, inner};
  }

private:
  llvm::SmallVectorImpl<Source> &sources;
  llvm::SmallVectorImpl<Piece> &pieces;
};
} // namespace

Expected<BufferIndexing> BufferIndexing::compile(const TiledLayout &layout,
                                                 llvm::ArrayRef<int64_t> shape,
                                                 int64_t elementTypeBits) {
  if (layout.minorToMajor.size() != shape.size())
    return llvm::createStringError(
        "minor_to_major has " + llvm::Twine(layout.minorToMajor.size()) +
        " entries but the shape has rank " + llvm::Twine(shape.size()));
  if (Error err = layout.verify())
    return std::move(err);
  if (Error err = checkSizes(shape))
    return std::move(err);
  if (elementTypeBits > 0 && layout.elementSizeInBits != 0 &&
      layout.elementSizeInBits < elementTypeBits)
    return llvm::createStringError("element size E(" +
                                   llvm::Twine(layout.elementSizeInBits) +
                                   ") is too small for an element type of " +
                                   llvm::Twine(elementTypeBits) + " bits");
  // Every divisor is a product of tile sizes: bound it once here.
  int64_t tileProduct = 1;
  for (const Tile &tile : layout.tiles)
    for (int64_t d : tile.dims)
      if (d != Tile::kCombine) {
        std::optional<int64_t> p = llvm::checkedMul(tileProduct, d);
        if (!p)
          return llvm::createStringError(
              "the product of all tile sizes overflows int64");
        tileProduct = *p;
      }

  BufferIndexing result;
  result.shape.assign(shape.begin(), shape.end());
  Compiler compiler(result.sources, result.pieces);

  llvm::SmallVector<CurrentDim, 8> current;
  for (int64_t dim : llvm::reverse(layout.minorToMajor)) {
    Source source;
    source.kind = Source::Kind::Logical;
    source.logicalDim = dim;
    source.size = shape[dim] == kDynamicSize ? IndexExpr::symbol(dim)
                                             : IndexExpr(shape[dim]);
    IndexExpr size = source.size;
    unsigned src = compiler.addSource(std::move(source));
    current.push_back({compiler.addPiece(src, 1, std::nullopt), size});
  }
  auto recordLevel = [&] {
    llvm::SmallVector<IndexExpr, 4> sizes;
    for (const CurrentDim &d : current)
      sizes.push_back(d.size);
    result.levelShapes.push_back(std::move(sizes));
  };
  recordLevel();

  for (const Tile &tile : layout.tiles) {
    // A tile of higher rank than the shape pads leading unit dimensions.
    while (current.size() < tile.dims.size()) {
      Source unit;
      unit.kind = Source::Kind::Unit;
      unit.size = IndexExpr(1);
      unsigned src = compiler.addSource(std::move(unit));
      current.insert(current.begin(),
                     {compiler.addPiece(src, 1, std::nullopt), IndexExpr(1)});
    }
    size_t base = current.size() - tile.dims.size();
    llvm::SmallVector<CurrentDim, 4> outers, inners, group;
    for (auto [i, t] : llvm::enumerate(tile.dims)) {
      group.push_back(current[base + i]);
      if (t == Tile::kCombine)
        continue;
      Expected<CurrentDim> combined = compiler.combine(group);
      if (!combined)
        return combined.takeError();
      group.clear();
      auto [outer, inner] = compiler.split(*combined, t);
      outers.push_back(outer);
      inners.push_back(inner);
    }
    current.truncate(base);
    current.append(outers.begin(), outers.end());
    current.append(inners.begin(), inners.end());
    recordLevel();
  }

  llvm::SmallVector<std::pair<unsigned, IndexExpr>, 8> majorFirst;
  for (const CurrentDim &dim : current)
    majorFirst.push_back({dim.piece, dim.size});
  if (Error err = result.finish(majorFirst, layout.tailPaddingAlignment))
    return std::move(err);
  int64_t bits =
      layout.elementSizeInBits ? layout.elementSizeInBits : elementTypeBits;
  std::optional<int64_t> count = result.numElements.getConstant();
  if (bits > 0 && count && !llvm::checkedMul(*count, bits))
    return llvm::createStringError(
        "the physical size in bits (" + llvm::Twine(*count) + " elements of " +
        llvm::Twine(bits) + " bits) overflows int64");
  return result;
}

Error mlir::tlayout::verifyPhysDims(llvm::ArrayRef<DimsLayoutEntry> dims,
                                    unsigned rank, bool everyDimension) {
  llvm::SmallVector<bool, 4> seen(rank, false);
  llvm::SmallVector<bool, 4> dynamic(rank, false);
  for (auto [k, d] : llvm::enumerate(dims)) {
    if (d.logicalDim >= rank)
      return llvm::createStringError(
          "physical dimension " + llvm::Twine(k) + " refers to dimension " +
          llvm::Twine(d.logicalDim) + " of a rank-" + llvm::Twine(rank) +
          (everyDimension ? " layout" : " shape"));
    if (d.kind != DimsLayoutEntry::Kind::Dynamic && d.size <= 0)
      return llvm::createStringError("physical dimension " + llvm::Twine(k) +
                                     " has non-positive size " +
                                     llvm::Twine(d.size));
    if (d.kind == DimsLayoutEntry::Kind::OddEven && d.size % 2 != 0)
      return llvm::createStringError("odd-even strip of physical dimension " +
                                     llvm::Twine(k) + " has odd size " +
                                     llvm::Twine(d.size));
    if (d.kind == DimsLayoutEntry::Kind::Dynamic) {
      if (dynamic[d.logicalDim])
        return llvm::createStringError(
            "dimension " + llvm::Twine(d.logicalDim) +
            " has more than one dynamic physical dimension");
      if (seen[d.logicalDim])
        return llvm::createStringError(
            "the dynamic physical dimension of dimension " +
            llvm::Twine(d.logicalDim) + " must be its outermost");
      dynamic[d.logicalDim] = true;
    }
    seen[d.logicalDim] = true;
  }
  for (unsigned i = 0; i < rank && everyDimension; ++i)
    if (!seen[i])
      return llvm::createStringError(
          "dimension " + llvm::Twine(i) +
          " has no physical dimension; give it at least a dynamic one");
  return Error::success();
}

Expected<BufferIndexing>
BufferIndexing::compile(llvm::ArrayRef<DimsLayoutEntry> physDims,
                        llvm::ArrayRef<int64_t> shape) {
  unsigned rank = shape.size();
  if (Error err = checkSizes(shape))
    return std::move(err);
  if (Error err = verifyPhysDims(physDims, rank, /*everyDimension=*/false))
    return std::move(err);
  llvm::SmallVector<bool, 4> hasDynamic(rank, false);
  for (const DimsLayoutEntry &d : physDims)
    if (d.kind == DimsLayoutEntry::Kind::Dynamic)
      hasDynamic[d.logicalDim] = true;

  BufferIndexing result;
  result.shape.assign(shape.begin(), shape.end());
  Compiler compiler(result.sources, result.pieces);
  llvm::SmallVector<unsigned, 4> sourceOf;
  for (unsigned i = 0; i < rank; ++i) {
    Source source;
    source.kind = Source::Kind::Logical;
    source.logicalDim = i;
    source.size =
        shape[i] == kDynamicSize ? IndexExpr::symbol(i) : IndexExpr(shape[i]);
    sourceOf.push_back(compiler.addSource(std::move(source)));
  }
  // Back to front: the fastest varying dimension first.
  llvm::SmallVector<int64_t, 4> covered(rank, 1);
  llvm::SmallVector<CurrentDim, 8> minorFirst;
  for (const DimsLayoutEntry &d : llvm::reverse(physDims)) {
    unsigned i = d.logicalDim;
    int64_t v = covered[i];
    switch (d.kind) {
    case DimsLayoutEntry::Kind::Dynamic: {
      IndexExpr size = ceilDiv(result.sources[sourceOf[i]].size, IndexExpr(v));
      minorFirst.push_back(
          {compiler.addPiece(sourceOf[i], v, std::nullopt), size});
      break;
    }
    case DimsLayoutEntry::Kind::Packed:
      minorFirst.push_back(
          {compiler.addPiece(sourceOf[i], v, d.size), IndexExpr(d.size)});
      break;
    case DimsLayoutEntry::Kind::OddEven: {
      // floor(d / v) mod n, even positions first: the parity is the more
      // major digit, the position within its half the more minor one.
      int64_t half = d.size / 2;
      std::optional<int64_t> twice = llvm::checkedMul(v, int64_t(2));
      if (!twice)
        return llvm::createStringError(
            "the packed sizes of a dimension overflow int64");
      minorFirst.push_back(
          {compiler.addPiece(sourceOf[i], *twice, half), IndexExpr(half)});
      minorFirst.push_back(
          {compiler.addPiece(sourceOf[i], v, 2), IndexExpr(2)});
      break;
    }
    }
    if (d.kind != DimsLayoutEntry::Kind::Dynamic) {
      std::optional<int64_t> next = llvm::checkedMul(v, d.size);
      if (!next)
        return llvm::createStringError(
            "the packed sizes of a dimension overflow int64");
      covered[i] = *next;
    }
  }
  for (unsigned i = 0; i < rank; ++i) {
    bool coveredByDynamic = hasDynamic[i];
    bool coveredByPieces = shape[i] != kDynamicSize && covered[i] >= shape[i];
    if (coveredByDynamic || coveredByPieces)
      continue;
    return llvm::createStringError(
        "dimension " + llvm::Twine(i) +
        " is not covered: give it a dynamic physical dimension or packed "
        "sizes that reach its size");
  }
  llvm::SmallVector<std::pair<unsigned, IndexExpr>, 8> majorFirst;
  llvm::SmallVector<IndexExpr, 4> physicalShape;
  for (const CurrentDim &dim : llvm::reverse(minorFirst)) {
    majorFirst.push_back({dim.piece, dim.size});
    physicalShape.push_back(dim.size);
  }
  result.levelShapes.push_back(std::move(physicalShape));
  if (Error err = result.finish(majorFirst, /*tailPaddingAlignment=*/1))
    return std::move(err);
  return result;
}

/// The largest value `expr` takes when `d<k>` ranges over [0, extents[k]),
/// for the sums of scaled digits, divisions and remainders an inverse map is
/// made of; std::nullopt when unknown (a dynamic extent, say).
static std::optional<int64_t> maxValue(const IndexExpr &expr,
                                       llvm::ArrayRef<IndexExpr> extents) {
  switch (expr.getKind()) {
  case IndexExpr::Kind::Constant:
    return expr.getConstant();
  case IndexExpr::Kind::Dim:
    if (std::optional<int64_t> extent =
            extents[expr.getPosition()].getConstant())
      return *extent - 1;
    return std::nullopt;
  case IndexExpr::Kind::Add: {
    std::optional<int64_t> l = maxValue(expr.getLHS(), extents);
    std::optional<int64_t> r = maxValue(expr.getRHS(), extents);
    if (!l || !r)
      return std::nullopt;
    return llvm::checkedAdd(*l, *r);
  }
  case IndexExpr::Kind::Mul: {
    std::optional<int64_t> l = maxValue(expr.getLHS(), extents);
    std::optional<int64_t> r = expr.getRHS().getConstant();
    if (!l || !r || *r < 0)
      return std::nullopt;
    return llvm::checkedMul(*l, *r);
  }
  case IndexExpr::Kind::Mod:
    if (std::optional<int64_t> m = expr.getRHS().getConstant())
      return *m - 1;
    return std::nullopt;
  case IndexExpr::Kind::FloorDiv: {
    std::optional<int64_t> l = maxValue(expr.getLHS(), extents);
    std::optional<int64_t> r = expr.getRHS().getConstant();
    if (!l || !r || *r <= 0)
      return std::nullopt;
    return *l / *r;
  }
  default:
    return std::nullopt;
  }
}

Error BufferIndexing::finish(
    llvm::ArrayRef<std::pair<unsigned, IndexExpr>> majorFirst,
    int64_t alignment) {
  // Strides, most minor first.
  IndexExpr stride(1);
  dims.resize(majorFirst.size());
  for (size_t i = majorFirst.size(); i-- > 0;) {
    dims[i] = BufferDim{majorFirst[i].first, majorFirst[i].second, stride};
    stride = stride * majorFirst[i].second;
  }
  tiledNumElements = stride;
  tailPaddingAlignment = alignment;
  IndexExpr align(alignment);
  numElements = ceilDiv(stride, align) * align;
  if (!numElements.hasSymbols() && !numElements.getConstant())
    return llvm::createStringError(
        "the physical size of the layout overflows int64");

  // The inverse. A physical position gives each leaf piece (one a physical
  // dimension or a combination indexes) its value; the leaf pieces of a
  // source split it exactly, so the source is their weighted sum. Sources
  // are made after the pieces they combine, so walking them backwards sees
  // every combination before its parts. A combination that a later one
  // extended has no leaf left and is skipped.
  llvm::SmallVector<IndexExpr, 8> extents;
  llvm::SmallVector<std::optional<IndexExpr>, 16> pieceValues(pieces.size());
  for (auto [k, dim] : llvm::enumerate(dims)) {
    extents.push_back(dim.size);
    pieceValues[dim.piece] = IndexExpr::dim(k);
  }
  llvm::SmallVector<llvm::SmallVector<unsigned, 4>, 8> piecesOf(sources.size());
  for (auto [p, piece] : llvm::enumerate(pieces))
    piecesOf[piece.source].push_back(p);
  inverse.logicalIndex.assign(shape.size(), IndexExpr(0));
  for (size_t s = sources.size(); s-- > 0;) {
    const Source &source = sources[s];
    IndexExpr value(0);
    bool hasLeaf = false;
    for (unsigned p : piecesOf[s]) {
      if (!pieceValues[p])
        continue;
      hasLeaf = true;
      value = value + *pieceValues[p] * IndexExpr(pieces[p].divisor);
    }
    if (!hasLeaf)
      continue;
    // Positions past the source's size are padding, where the physical
    // dimensions can reach them.
    std::optional<int64_t> max = maxValue(value, extents);
    std::optional<int64_t> size = source.size.getConstant();
    if (!max || !size || *max >= *size)
      inverse.guards.push_back({value, source.size});
    switch (source.kind) {
    case Source::Kind::Logical:
      inverse.logicalIndex[source.logicalDim] = value;
      break;
    case Source::Kind::Unit:
      break;
    case Source::Kind::Combined: {
      // A combination with a part of size 0 has no positions: its parts'
      // values are never used, and dividing by the size would be undefined.
      if (llvm::any_of(source.partSizes,
                       [](const IndexExpr &s) { return s.isConstant(0); })) {
        for (unsigned part : source.parts)
          pieceValues[part] = IndexExpr(0);
        break;
      }
      // Mixed-radix digits of the combination, most minor last.
      IndexExpr rest = value;
      for (size_t k = source.parts.size(); k-- > 0;) {
        const IndexExpr &partSize = source.partSizes[k];
        pieceValues[source.parts[k]] = k == 0 ? rest : mod(rest, partSize);
        rest = floorDiv(rest, partSize);
      }
      break;
    }
    }
  }

  // Everything built from the layout (maps, printed text, lowered IR) walks
  // these expressions as trees.
  auto tooLarge = [](const IndexExpr &e) {
    return e.hasMoreNodesThan(kMaxIndexExprNodes);
  };
  // The guards are evaluated together at every physical position, so they
  // share one bound.
  size_t guardNodes = 0;
  for (const auto &[value, bound] : inverse.guards)
    for (const IndexExpr &e : {value, bound})
      guardNodes += e.countNodesUpTo(kMaxIndexExprNodes);
  if (tooLarge(getOffset()) || llvm::any_of(inverse.logicalIndex, tooLarge) ||
      guardNodes > kMaxIndexExprNodes)
    return llvm::createStringError(
        "the layout's index map has more than " +
        llvm::Twine(kMaxIndexExprNodes) +
        " terms: its tiles combine (*) and split dimensions too many times");
  return Error::success();
}

std::optional<llvm::SmallVector<IndexExpr, 4>>
BufferIndexing::getLogicalStrides() const {
  if (!(numElements == tiledNumElements))
    return std::nullopt;
  llvm::SmallVector<IndexExpr, 4> strides(shape.size(), IndexExpr(1));
  for (const BufferDim &dim : dims) {
    const Piece &piece = pieces[dim.piece];
    const Source &source = sources[piece.source];
    if (source.kind == Source::Kind::Logical && piece.divisor == 1 &&
        !piece.modulus) {
      strides[source.logicalDim] = dim.stride;
      continue;
    }
    if (!dim.size.isConstant(1))
      return std::nullopt; // A split or combined dimension.
  }
  return strides;
}

bool BufferIndexing::hasStaticShape() const {
  return llvm::none_of(shape, [](int64_t s) { return s == kDynamicSize; });
}

IndexExpr BufferIndexing::getLogicalNumElements() const {
  IndexExpr count(1);
  for (auto [i, s] : llvm::enumerate(shape))
    count = count * (s == kDynamicSize ? IndexExpr::symbol(i) : IndexExpr(s));
  return count;
}

namespace {
/// The values of sources and pieces in terms of logical indices `d<i>`,
/// remembered as they are computed: pieces of one source and sources that
/// combine others share values, so a walk without them takes time
/// exponential in the number of tile levels.
class SourceValues {
public:
  explicit SourceValues(const BufferIndexing &indexing)
      : indexing(indexing), known(indexing.getSources().size()) {}

  IndexExpr source(unsigned source) {
    if (known[source])
      return *known[source];
    const Source &src = indexing.getSources()[source];
    IndexExpr value(0);
    switch (src.kind) {
    case Source::Kind::Logical:
      value = IndexExpr::dim(src.logicalDim);
      break;
    case Source::Kind::Unit:
      break;
    case Source::Kind::Combined:
      for (auto [part, size] : llvm::zip_equal(src.parts, src.partSizes))
        value = value * size + piece(part);
      break;
    }
    known[source] = value;
    return value;
  }

  IndexExpr piece(unsigned piece) {
    const Piece &p = indexing.getPieces()[piece];
    IndexExpr value = floorDiv(source(p.source), IndexExpr(p.divisor));
    if (p.modulus)
      value = mod(value, IndexExpr(*p.modulus));
    return value;
  }

private:
  const BufferIndexing &indexing;
  llvm::SmallVector<std::optional<IndexExpr>, 8> known;
};
} // namespace

llvm::SmallVector<IndexExpr, 8> BufferIndexing::getPhysicalIndices() const {
  llvm::SmallVector<IndexExpr, 8> result;
  SourceValues known(*this);
  for (const BufferDim &dim : dims)
    result.push_back(known.piece(dim.piece));
  return result;
}

IndexExpr BufferIndexing::getOffset() const {
  IndexExpr offset(0);
  SourceValues known(*this);
  for (const BufferDim &dim : dims)
    offset = offset + known.piece(dim.piece) * dim.stride;
  return offset;
}

Expected<llvm::SmallVector<int64_t, 4>>
BufferIndexing::resolveSizes(llvm::ArrayRef<int64_t> sizes) const {
  if (sizes.empty()) {
    if (!hasStaticShape())
      return llvm::createStringError(
          "the shape has dynamic dimensions: give their sizes");
    return llvm::SmallVector<int64_t, 4>(shape.begin(), shape.end());
  }
  if (sizes.size() != shape.size())
    return llvm::createStringError("expected " + llvm::Twine(shape.size()) +
                                   " sizes but got " +
                                   llvm::Twine(sizes.size()));
  for (auto [i, s] : llvm::enumerate(sizes)) {
    if (s < 0)
      return llvm::createStringError("size " + llvm::Twine(s) +
                                     " of dimension " + llvm::Twine(i) +
                                     " is negative");
    if (shape[i] != kDynamicSize && shape[i] != s)
      return llvm::createStringError(
          "size " + llvm::Twine(s) + " of dimension " + llvm::Twine(i) +
          " differs from the static size " + llvm::Twine(shape[i]));
  }
  return llvm::SmallVector<int64_t, 4>(sizes.begin(), sizes.end());
}

Expected<int64_t>
BufferIndexing::offsetOf(llvm::ArrayRef<int64_t> index,
                         llvm::ArrayRef<int64_t> sizes) const {
  Expected<llvm::SmallVector<int64_t, 4>> resolved = resolveSizes(sizes);
  if (!resolved)
    return resolved.takeError();
  if (index.size() != shape.size())
    return llvm::createStringError("index has " + llvm::Twine(index.size()) +
                                   " entries but the shape has rank " +
                                   llvm::Twine(shape.size()));
  for (auto [i, e] : llvm::enumerate(index))
    if (e < 0 || e >= (*resolved)[i])
      return llvm::createStringError(
          "index " + llvm::Twine(e) + " is out of bounds for dimension " +
          llvm::Twine(i) + " of size " + llvm::Twine((*resolved)[i]));
  std::optional<int64_t> offset = getOffset().evaluate(index, *resolved);
  if (!offset)
    return llvm::createStringError("the offset overflows int64");
  return *offset;
}

Expected<std::optional<llvm::SmallVector<int64_t, 4>>>
BufferIndexing::indexAt(int64_t offset, llvm::ArrayRef<int64_t> sizes) const {
  Expected<llvm::SmallVector<int64_t, 4>> resolved = resolveSizes(sizes);
  if (!resolved)
    return resolved.takeError();
  llvm::ArrayRef<int64_t> syms = *resolved;
  std::optional<int64_t> total = numElements.evaluate({}, syms);
  std::optional<int64_t> tiled = tiledNumElements.evaluate({}, syms);
  if (!total || !tiled)
    return llvm::createStringError("the physical size overflows int64");
  if (offset < 0 || offset >= *total)
    return llvm::createStringError("offset " + llvm::Twine(offset) +
                                   " is outside the buffer of " +
                                   llvm::Twine(*total) + " elements");
  using Result = std::optional<llvm::SmallVector<int64_t, 4>>;
  if (offset >= *tiled)
    return Result(); // Tail padding.

  // Digits of the offset in the mixed radix of the physical dimensions,
  // then the inverse map at them.
  llvm::SmallVector<int64_t, 8> digits(dims.size());
  int64_t rest = offset;
  for (size_t i = dims.size(); i-- > 0;) {
    // The tiled total, which evaluated and is not 0, is the product of
    // these sizes: a failure here is a broken invariant, reported rather
    // than dereferenced.
    std::optional<int64_t> size = dims[i].size.evaluate({}, syms);
    if (!size || *size <= 0)
      return llvm::createStringError("physical dimension " + llvm::Twine(i) +
                                     " has no positive size at these sizes");
    digits[i] = rest % *size;
    rest /= *size;
  }
  for (const auto &[value, bound] : inverse.guards) {
    std::optional<int64_t> v = value.evaluate(digits, syms);
    std::optional<int64_t> b = bound.evaluate(digits, syms);
    if (!v || !b || *v >= *b)
      return Result(); // Padding (or beyond any valid value).
  }
  llvm::SmallVector<int64_t, 4> index;
  for (const IndexExpr &e : inverse.logicalIndex) {
    std::optional<int64_t> v = e.evaluate(digits, syms);
    if (!v)
      return Result();
    index.push_back(*v);
  }
  return Result(index);
}

/// The placement of `indexing` read from its structure: each physical
/// dimension that takes more than one value, as the value of its piece and
/// its size, with adjacent digits of one source merged into one piece.
static llvm::SmallVector<std::pair<IndexExpr, IndexExpr>, 8>
placementDigits(const BufferIndexing &indexing) {
  llvm::ArrayRef<Piece> pieces = indexing.getPieces();
  llvm::SmallVector<std::pair<Piece, IndexExpr>, 8> merged;
  for (const BufferDim &dim : indexing.getDims()) {
    if (dim.size.isConstant(1))
      continue;
    const Piece &next = pieces[dim.piece];
    if (!merged.empty()) {
      auto &[prev, prevSize] = merged.back();
      if (areAdjacentDigits(prev, next, dim.size)) {
        std::optional<int64_t> modulus;
        if (prev.modulus)
          modulus = llvm::checkedMul(*prev.modulus, *next.modulus);
        if (!prev.modulus || modulus) {
          prev = Piece{next.source, next.divisor, modulus};
          prevSize = prevSize * dim.size;
          continue;
        }
      }
    }
    merged.push_back({next, dim.size});
  }
  llvm::SmallVector<std::pair<IndexExpr, IndexExpr>, 8> digits;
  SourceValues known(indexing);
  for (const auto &[piece, size] : merged) {
    IndexExpr value =
        floorDiv(known.source(piece.source), IndexExpr(piece.divisor));
    if (piece.modulus)
      value = mod(value, IndexExpr(*piece.modulus));
    digits.push_back({value, size});
  }
  return digits;
}

bool BufferIndexing::hasSamePlacementStructure(
    const BufferIndexing &other) const {
  return numElements == other.numElements &&
         placementDigits(*this) == placementDigits(other);
}

void BufferIndexing::print(llvm::raw_ostream &os) const {
  SourceValues known(*this);
  for (const BufferDim &dim : dims)
    os << known.piece(dim.piece) << "  size " << dim.size << "  stride "
       << dim.stride << '\n';
  os << "elements " << numElements << '\n';
}

Footprint mlir::tlayout::getFootprint(const BufferIndexing &indexing,
                                      int64_t elementBits) {
  Footprint result;
  IndexExpr bits(elementBits), eight(8);
  result.logicalElements = indexing.getLogicalNumElements();
  result.physicalElements = indexing.getNumElements();
  result.logicalBytes = ceilDiv(result.logicalElements * bits, eight);
  result.physicalBytes = ceilDiv(result.physicalElements * bits, eight);
  std::optional<int64_t> logical = result.logicalElements.getConstant();
  std::optional<int64_t> physical = result.physicalElements.getConstant();
  if (logical && physical && *logical > 0)
    result.paddingRatio =
        static_cast<double>(*physical) / static_cast<double>(*logical);
  return result;
}

int64_t mlir::tlayout::getStoredElementBits(int64_t elementSizeInBits,
                                            int64_t typeBits) {
  if (elementSizeInBits != 0)
    return elementSizeInBits;
  return typeBits > 0 && typeBits < 8 ? 8 : typeBits;
}

bool mlir::tlayout::isPackedElementSize(int64_t elementSizeInBits) {
  return elementSizeInBits == 1 || elementSizeInBits == 2 ||
         elementSizeInBits == 4;
}

PackedPosition mlir::tlayout::getPackedPosition(int64_t position,
                                                int64_t elementSizeInBits) {
  assert(isPackedElementSize(elementSizeInBits) && position >= 0);
  int64_t perByte = 8 / elementSizeInBits;
  return {position / perByte,
          elementSizeInBits * (perByte - 1 - position % perByte)};
}

IndexExpr mlir::tlayout::getPackedByte(const IndexExpr &position,
                                       int64_t elementSizeInBits) {
  assert(isPackedElementSize(elementSizeInBits));
  return floorDiv(position, IndexExpr(8 / elementSizeInBits));
}

IndexExpr mlir::tlayout::getPackedShift(const IndexExpr &position,
                                        int64_t elementSizeInBits) {
  assert(isPackedElementSize(elementSizeInBits));
  int64_t perByte = 8 / elementSizeInBits;
  return IndexExpr(elementSizeInBits * (perByte - 1)) +
         IndexExpr(-elementSizeInBits) * mod(position, IndexExpr(perByte));
}
