//===- DimsLayout.cpp - Layouts as lists of physical dimensions -----------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//

#include "tlayout/Core/DimsLayout.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CheckedArithmetic.h"

using namespace mlir::tlayout;
using llvm::Error;
using llvm::Expected;
using llvm::StringRef;

//===----------------------------------------------------------------------===//
// Text
//===----------------------------------------------------------------------===//

std::string mlir::tlayout::printPhysDim(const DimsLayoutEntry &dim) {
  std::string s = std::to_string(dim.logicalDim);
  switch (dim.kind) {
  case DimsLayoutEntry::Kind::Dynamic:
    break;
  case DimsLayoutEntry::Kind::Packed:
    s += ":packed(" + std::to_string(dim.size) + ")";
    break;
  case DimsLayoutEntry::Kind::OddEven:
    s += ":odd_even(" + std::to_string(dim.size) + ")";
    break;
  }
  return s;
}

std::string mlir::tlayout::printPhysDims(llvm::ArrayRef<DimsLayoutEntry> dims) {
  std::string s = "[";
  for (auto [i, d] : llvm::enumerate(dims))
    s += (i ? ", " : "") + printPhysDim(d);
  return s + "]";
}

Expected<llvm::SmallVector<DimsLayoutEntry, 4>>
mlir::tlayout::parsePhysDims(StringRef text) {
  size_t pos = 0;
  auto error = [&](size_t at, const llvm::Twine &message) -> Error {
    return llvm::make_error<ParseError>(at, message.str());
  };
  auto skip = [&] {
    while (pos < text.size() && llvm::isSpace(text[pos]))
      ++pos;
  };
  auto consume = [&](char c) {
    skip();
    if (pos < text.size() && text[pos] == c) {
      ++pos;
      return true;
    }
    return false;
  };
  auto parseInt = [&](int64_t &value) -> Error {
    skip();
    size_t start = pos;
    while (pos < text.size() && llvm::isDigit(text[pos]))
      ++pos;
    if (start == pos)
      return error(start, "expected a non-negative integer");
    if (text.slice(start, pos).getAsInteger(10, value))
      return error(start, "integer out of range");
    return Error::success();
  };
  llvm::SmallVector<DimsLayoutEntry, 4> dims;
  if (!consume('['))
    return error(pos, "expected '[' to open the list of physical dimensions");
  if (consume(']')) {
    skip();
    if (pos != text.size())
      return error(pos, "unexpected text after the list");
    return dims;
  }
  while (true) {
    int64_t dim;
    skip();
    size_t dimAt = pos;
    if (Error err = parseInt(dim))
      return std::move(err);
    if (dim > std::numeric_limits<unsigned>::max())
      return error(dimAt, "dimension number out of range");
    DimsLayoutEntry entry = DimsLayoutEntry::dynamic(dim);
    if (consume(':')) {
      skip();
      size_t start = pos;
      while (pos < text.size() &&
             (llvm::isAlpha(text[pos]) || text[pos] == '_'))
        ++pos;
      StringRef kind = text.slice(start, pos);
      if (kind == "dynamic") {
        entry.kind = DimsLayoutEntry::Kind::Dynamic;
      } else if (kind == "packed" || kind == "odd_even") {
        entry.kind = kind == "packed" ? DimsLayoutEntry::Kind::Packed
                                      : DimsLayoutEntry::Kind::OddEven;
        if (!consume('('))
          return error(pos, "expected '(' and a size after '" + kind + "'");
        skip();
        size_t sizeAt = pos;
        if (Error err = parseInt(entry.size))
          return std::move(err);
        if (entry.size == 0)
          return error(sizeAt,
                       "the size of a " + kind + " dimension must be positive");
        if (!consume(')'))
          return error(pos, "expected ')' after the size");
      } else {
        return error(start, "expected 'packed', 'odd_even' or 'dynamic'");
      }
    }
    dims.push_back(entry);
    if (consume(','))
      continue;
    if (!consume(']'))
      return error(pos, "expected ',' or ']'");
    break;
  }
  skip();
  if (pos != text.size())
    return error(pos, "unexpected text after the list");
  return dims;
}

llvm::SmallVector<DimsLayoutEntry, 4>
mlir::tlayout::rowMajorDims(unsigned rank) {
  llvm::SmallVector<DimsLayoutEntry, 4> dims;
  for (unsigned i = 0; i < rank; ++i)
    dims.push_back(DimsLayoutEntry::dynamic(i));
  return dims;
}

llvm::SmallVector<DimsLayoutEntry, 4>
mlir::tlayout::colMajorDims(unsigned rank) {
  llvm::SmallVector<DimsLayoutEntry, 4> dims;
  for (unsigned i = rank; i-- > 0;)
    dims.push_back(DimsLayoutEntry::dynamic(i));
  return dims;
}

//===----------------------------------------------------------------------===//
// Canonical form
//===----------------------------------------------------------------------===//

/// ceil(size / divisor) for size >= 0 and divisor > 0, without the overflow
/// of `size + divisor - 1` when the size is near the largest int64.
static int64_t ceilDivNonNegative(int64_t size, int64_t divisor) {
  return size / divisor + (size % divisor != 0);
}

/// The extent of each entry (the values its piece takes) for a static
/// shape; std::nullopt for a Dynamic entry of a dynamic dimension.
static llvm::SmallVector<std::optional<int64_t>, 8>
entryExtents(llvm::ArrayRef<DimsLayoutEntry> dims,
             llvm::ArrayRef<int64_t> shape) {
  llvm::SmallVector<std::optional<int64_t>, 8> extents(dims.size());
  llvm::SmallVector<int64_t, 4> covered(shape.size(), 1);
  for (size_t k = dims.size(); k-- > 0;) {
    const DimsLayoutEntry &d = dims[k];
    if (d.kind != DimsLayoutEntry::Kind::Dynamic) {
      extents[k] = d.size;
      covered[d.logicalDim] =
          llvm::checkedMul(covered[d.logicalDim], d.size).value_or(0);
      continue;
    }
    int64_t size = shape[d.logicalDim];
    if (size != kDynamicSize && covered[d.logicalDim] > 0)
      extents[k] = ceilDivNonNegative(size, covered[d.logicalDim]);
  }
  return extents;
}

/// The volume of dimension `dims[k].logicalDim` covered by entries after k.
static int64_t innerVolume(llvm::ArrayRef<DimsLayoutEntry> dims, size_t k) {
  int64_t volume = 1;
  for (size_t j = k + 1; j < dims.size(); ++j)
    if (dims[j].logicalDim == dims[k].logicalDim)
      volume *= dims[j].size;
  return volume;
}

namespace {
/// One entry of the normal form under construction: a digit of a logical
/// dimension that takes more than one value (live), or a factor of the
/// buffer's size that no element's offset depends on (dead: every value of
/// its piece is 0).
struct NormalEntry {
  bool live = false;
  unsigned dim = 0;
  /// The entry's extent: the values of its piece the buffer makes room for.
  int64_t extent = 1;
  /// For a live entry: the volume of its dimension covered by the entries
  /// of that dimension after it (the piece is floor(x / divisor) mod extent).
  int64_t divisor = 1;
};
} // namespace

/// The normal form of a static-shape list without odd-even strips (of more
/// than 2) or empty dimensions: derived from the placement itself, so that
/// two lists that place every element at the same offset in buffers of the
/// same size give the same list.
static llvm::SmallVector<DimsLayoutEntry, 4>
normalFormOfStatic(llvm::ArrayRef<DimsLayoutEntry> dims,
                   llvm::ArrayRef<int64_t> shape) {
  unsigned rank = shape.size();
  // Each entry's piece, back to front, as live digits and dead factors.
  llvm::SmallVector<NormalEntry, 8> entries(dims.size());
  llvm::SmallVector<int64_t, 4> covered(rank, 1);
  for (size_t k = dims.size(); k-- > 0;) {
    const DimsLayoutEntry &d = dims[k];
    int64_t size = shape[d.logicalDim];
    int64_t divisor = covered[d.logicalDim];
    // Values floor(x / divisor) takes for x in [0, size).
    int64_t values = ceilDivNonNegative(size, divisor);
    int64_t extent = d.kind == DimsLayoutEntry::Kind::Dynamic ? values : d.size;
    entries[k] = {std::min(values, extent) > 1, d.logicalDim, extent, divisor};
    // Compiling bounded the buffer, so the covered volume fits; once it
    // reaches the size, what is covered beyond it no longer matters.
    covered[d.logicalDim] =
        divisor >= size ? divisor
                        : llvm::checkedMul(divisor, extent).value_or(size);
  }
  // Dead factors of extent 1 place nothing; adjacent dead factors are one;
  // adjacent live digits of one dimension are consecutive digits (a dead
  // entry of that dimension cannot separate them: everything outside a
  // dead entry is dead) and read together as one.
  llvm::SmallVector<NormalEntry, 8> merged;
  for (const NormalEntry &e : entries) {
    if (!e.live && e.extent == 1)
      continue;
    if (!merged.empty()) {
      NormalEntry &prev = merged.back();
      if (!prev.live && !e.live) {
        prev.extent *= e.extent;
        continue;
      }
      if (prev.live && e.live && prev.dim == e.dim) {
        prev.extent *= e.extent;
        prev.divisor = e.divisor;
        continue;
      }
    }
    merged.push_back(e);
  }
  // A dead factor just outside the outermost digit of a dimension is that
  // digit's padding: both multiply the strides of everything outside by the
  // same amount.
  auto isTopOfDim = [&](size_t k) {
    return llvm::none_of(
        llvm::ArrayRef<NormalEntry>(merged).take_front(k),
        [&](const NormalEntry &o) { return o.live && o.dim == merged[k].dim; });
  };
  for (size_t k = 0; k + 1 < merged.size();) {
    if (!merged[k].live && merged[k + 1].live && isTopOfDim(k + 1)) {
      merged[k + 1].extent *= merged[k].extent;
      merged.erase(merged.begin() + k);
      continue;
    }
    ++k;
  }
  // Printing: a dead factor belongs to the lowest dimension all of whose
  // live digits are inside it (there is one: the dimension it came from);
  // the outermost entry of a dimension that covers exactly what remains is
  // Dynamic; dimensions left without an entry (size 1) come first.
  llvm::SmallVector<DimsLayoutEntry, 4> result;
  llvm::SmallVector<bool, 4> hasEntry(rank, false);
  for (auto [k, e] : llvm::enumerate(merged)) {
    if (e.live) {
      bool exact = e.extent == ceilDivNonNegative(shape[e.dim], e.divisor);
      result.push_back(!hasEntry[e.dim] && exact
                           ? DimsLayoutEntry::dynamic(e.dim)
                           : DimsLayoutEntry::packed(e.dim, e.extent));
      hasEntry[e.dim] = true;
      continue;
    }
    unsigned owner = 0;
    while (llvm::any_of(
        llvm::ArrayRef<NormalEntry>(merged).take_front(k),
        [&](const NormalEntry &o) { return o.live && o.dim == owner; }))
      ++owner;
    result.push_back(DimsLayoutEntry::packed(owner, e.extent));
    hasEntry[owner] = true;
  }
  llvm::SmallVector<DimsLayoutEntry, 4> front;
  for (unsigned i = 0; i < rank; ++i)
    if (!hasEntry[i])
      front.push_back(DimsLayoutEntry::dynamic(i));
  result.insert(result.begin(), front.begin(), front.end());
  return result;
}

static llvm::SmallVector<DimsLayoutEntry, 4>
simplifyByRules(llvm::SmallVector<DimsLayoutEntry, 4> dims,
                llvm::ArrayRef<int64_t> shape);

Expected<llvm::SmallVector<DimsLayoutEntry, 4>>
mlir::tlayout::canonicalizePhysDims(llvm::ArrayRef<DimsLayoutEntry> input,
                                    llvm::ArrayRef<int64_t> shape) {
  // Compiling checks everything the rules rely on.
  if (Expected<BufferIndexing> check = BufferIndexing::compile(input, shape);
      !check)
    return check.takeError();
  llvm::SmallVector<DimsLayoutEntry, 4> dims(input.begin(), input.end());
  for (DimsLayoutEntry &d : dims)
    if (d.kind == DimsLayoutEntry::Kind::OddEven && d.size == 2)
      d.kind = DimsLayoutEntry::Kind::Packed;
  if (llvm::none_of(shape, [](int64_t size) { return size <= 0; }) &&
      llvm::none_of(dims, [](const DimsLayoutEntry &d) {
        return d.kind == DimsLayoutEntry::Kind::OddEven;
      }))
    return normalFormOfStatic(dims, shape);
  return simplifyByRules(std::move(dims), shape);
}

/// The rules that keep the placement, for lists the normal form does not
/// cover; also the form toTiledLayout reads padding from (a Dynamic entry
/// followed by a padded Packed one is a tile).
static llvm::SmallVector<DimsLayoutEntry, 4>
simplifyByRules(llvm::SmallVector<DimsLayoutEntry, 4> dims,
                llvm::ArrayRef<int64_t> shape) {
  bool changed = true;
  while (changed) {
    changed = false;
    auto extents = entryExtents(dims, shape);
    auto entriesOf = [&](unsigned dim) {
      return llvm::count_if(
          dims, [&](const DimsLayoutEntry &d) { return d.logicalDim == dim; });
    };
    for (size_t k = 0; k < dims.size() && !changed; ++k) {
      DimsLayoutEntry &d = dims[k];
      // Extent-1 entries place nothing.
      if (extents[k] == 1 && entriesOf(d.logicalDim) > 1) {
        dims.erase(dims.begin() + k);
        changed = true;
        break;
      }
      if (k + 1 < dims.size() && dims[k + 1].logicalDim == d.logicalDim &&
          dims[k + 1].kind == DimsLayoutEntry::Kind::Packed) {
        DimsLayoutEntry &next = dims[k + 1];
        if (d.kind == DimsLayoutEntry::Kind::Packed) {
          if (std::optional<int64_t> merged =
                  llvm::checkedMul(d.size, next.size)) {
            d.size = *merged;
            dims.erase(dims.begin() + k + 1);
            changed = true;
            break;
          }
        }
        // Dynamic then Packed: floor(x / p) * p + x mod p is x, without
        // padding when the Dynamic extent times p is the merged extent.
        if (d.kind == DimsLayoutEntry::Kind::Dynamic && extents[k]) {
          int64_t size = shape[d.logicalDim];
          int64_t inner = innerVolume(dims, k + 1);
          int64_t merged = ceilDivNonNegative(size, inner);
          if (llvm::checkedMul(*extents[k], next.size) == merged) {
            dims.erase(dims.begin() + k + 1);
            changed = true;
            break;
          }
        }
      }
      // A Packed outermost entry that covers exactly the rest.
      if (d.kind == DimsLayoutEntry::Kind::Packed &&
          shape[d.logicalDim] != kDynamicSize &&
          llvm::none_of(llvm::ArrayRef<DimsLayoutEntry>(dims).take_front(k),
                        [&](const DimsLayoutEntry &o) {
                          return o.logicalDim == d.logicalDim;
                        })) {
        int64_t inner = innerVolume(dims, k);
        int64_t rest = ceilDivNonNegative(shape[d.logicalDim], inner);
        if (rest == d.size && !(rest == 1 && entriesOf(d.logicalDim) > 1)) {
          d = DimsLayoutEntry::dynamic(d.logicalDim);
          changed = true;
          break;
        }
      }
    }
  }
  return dims;
}

//===----------------------------------------------------------------------===//
// Conversions
//===----------------------------------------------------------------------===//

/// Whether two layouts compile and place every element at the same offset
/// in buffers of the same size.
static bool samePlacement(Expected<BufferIndexing> a,
                          Expected<BufferIndexing> b) {
  std::optional<BufferIndexing> first = llvm::expectedToOptional(std::move(a));
  std::optional<BufferIndexing> second = llvm::expectedToOptional(std::move(b));
  return first && second &&
         first->getPlacementKey() == second->getPlacementKey();
}

std::optional<llvm::SmallVector<DimsLayoutEntry, 4>>
mlir::tlayout::toPhysDims(const TiledLayout &layout,
                          llvm::ArrayRef<int64_t> shape) {
  if (layout.tailPaddingAlignment != 1 || layout.elementSizeInBits != 0)
    return std::nullopt;
  std::optional<BufferIndexing> indexing =
      llvm::expectedToOptional(BufferIndexing::compile(layout, shape));
  if (!indexing)
    return std::nullopt;
  llvm::SmallVector<DimsLayoutEntry, 4> dims;
  for (const BufferDim &dim : indexing->getDims()) {
    const Piece &piece = indexing->getPieces()[dim.piece];
    const Source &source = indexing->getSources()[piece.source];
    if (source.kind == Source::Kind::Unit)
      continue;
    if (source.kind != Source::Kind::Logical)
      return std::nullopt;
    dims.push_back(piece.modulus ? DimsLayoutEntry::packed(source.logicalDim,
                                                           *piece.modulus)
                                 : DimsLayoutEntry::dynamic(source.logicalDim));
  }
  if (llvm::errorToBool(verifyPhysDims(dims, shape.size())) ||
      !samePlacement(std::move(*indexing),
                     BufferIndexing::compile(dims, shape)))
    return std::nullopt;
  return dims;
}

static std::optional<TiledLayout>
tiledFromCanonical(llvm::ArrayRef<DimsLayoutEntry> dims,
                   llvm::ArrayRef<int64_t> shape);

std::optional<TiledLayout>
mlir::tlayout::toTiledLayout(llvm::ArrayRef<DimsLayoutEntry> dims,
                             llvm::ArrayRef<int64_t> shape) {
  if (llvm::any_of(dims, [](const DimsLayoutEntry &d) {
        return d.kind == DimsLayoutEntry::Kind::OddEven;
      }))
    return std::nullopt;
  // The canonical form (which also validates) has no size-1 or split pieces
  // to get in the way. Padding reads as a tile in the rules' form (`[0,
  // 0:packed(8)]` on 12 elements is `T(8)`), where the normal form pads the
  // outermost entry (`[0:packed(16)]`), which no XLA layout does.
  std::optional<llvm::SmallVector<DimsLayoutEntry, 4>> canonical =
      llvm::expectedToOptional(canonicalizePhysDims(dims, shape));
  if (!canonical)
    return std::nullopt;
  if (std::optional<TiledLayout> layout = tiledFromCanonical(*canonical, shape))
    return layout;
  return tiledFromCanonical(
      simplifyByRules(
          llvm::SmallVector<DimsLayoutEntry, 4>(dims.begin(), dims.end()),
          shape),
      shape);
}

/// toTiledLayout for a list without size-1 or split pieces.
static std::optional<TiledLayout>
tiledFromCanonical(llvm::ArrayRef<DimsLayoutEntry> dims,
                   llvm::ArrayRef<int64_t> shape) {
  unsigned rank = shape.size();
  // The outer level: the first entry of every dimension, major first, with
  // dimensions that have no entry (extent 1) most major.
  llvm::SmallVector<int64_t, 4> majorToMinor;
  llvm::SmallVector<bool, 4> seen(rank, false);
  size_t k = 0;
  while (k < dims.size() && !seen[dims[k].logicalDim]) {
    seen[dims[k].logicalDim] = true;
    majorToMinor.push_back(dims[k].logicalDim);
    ++k;
  }
  for (unsigned i = rank; i-- > 0;)
    if (!seen[i])
      majorToMinor.insert(majorToMinor.begin(), i);
  llvm::SmallVector<int64_t, 4> position(rank);
  for (auto [q, dim] : llvm::enumerate(majorToMinor))
    position[dim] = q;
  // Later entries form tile levels: runs in outer-level order, each
  // dimension at most once.
  llvm::SmallVector<llvm::SmallVector<DimsLayoutEntry, 4>, 2> levels;
  for (; k < dims.size(); ++k) {
    if (levels.empty() || position[dims[k].logicalDim] <=
                              position[levels.back().back().logicalDim])
      levels.emplace_back();
    levels.back().push_back(dims[k]);
  }
  TiledLayout layout;
  layout.minorToMajor.assign(majorToMinor.rbegin(), majorToMinor.rend());
  int64_t previousFirst = 0;
  for (auto [g, level] : llvm::enumerate(levels)) {
    int64_t first = position[level.front().logicalDim];
    if (first < previousFirst)
      return std::nullopt;
    previousFirst = first;
    Tile tile;
    for (int64_t q = first; q < static_cast<int64_t>(rank); ++q) {
      int64_t size = 1;
      for (size_t h = g; h < levels.size(); ++h)
        for (const DimsLayoutEntry &d : levels[h])
          if (d.logicalDim == majorToMinor[q])
            size *= d.size;
      tile.dims.push_back(size);
    }
    layout.tiles.push_back(std::move(tile));
  }
  if (!samePlacement(BufferIndexing::compile(dims, shape),
                     BufferIndexing::compile(layout, shape)))
    return std::nullopt;
  return layout;
}
