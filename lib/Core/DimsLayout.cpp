//===- DimsLayout.cpp - Layouts as lists of physical dimensions -----------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//

#include "tlayout/Core/DimsLayout.h"
#include "tlayout/Core/LayoutLexer.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Sequence.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CheckedArithmetic.h"

#include <algorithm>

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

std::string mlir::tlayout::printDimsAttr(llvm::ArrayRef<DimsLayoutEntry> dims) {
  return "#tlayout.dims<" + printPhysDims(dims) + ">";
}

Expected<llvm::SmallVector<DimsLayoutEntry, 4>>
mlir::tlayout::parsePhysDims(LayoutLexer &lexer) {
  llvm::SmallVector<DimsLayoutEntry, 4> dims;
  if (!lexer.consumeIf('['))
    return lexer.error(lexer.getPos(),
                       "expected '[' to open the list of physical dimensions");
  if (lexer.consumeIf(']'))
    return dims;
  do {
    lexer.skipSpace();
    size_t dimAt = lexer.getPos();
    Expected<int64_t> dim = lexer.parseInteger("a dimension number");
    if (!dim)
      return dim.takeError();
    if (*dim < 0 || *dim >= kMaxLogicalDims)
      return lexer.error(dimAt, "dimension number " + llvm::Twine(*dim) +
                                    " is out of range (0 to " +
                                    llvm::Twine(kMaxLogicalDims - 1) + ")");
    DimsLayoutEntry entry = DimsLayoutEntry::dynamic(*dim);
    if (lexer.consumeIf(':')) {
      lexer.skipSpace();
      size_t kindAt = lexer.getPos();
      StringRef kind = lexer.parseWord();
      if (kind == "packed" || kind == "odd_even") {
        entry.kind = kind == "packed" ? DimsLayoutEntry::Kind::Packed
                                      : DimsLayoutEntry::Kind::OddEven;
        if (!lexer.consumeIf('('))
          return lexer.error(lexer.getPos(),
                             "expected '(' and a size after '" + kind + "'");
        Expected<int64_t> size =
            lexer.parseInteger("the size of a " + kind + " dimension");
        if (!size)
          return size.takeError();
        entry.size = *size;
        if (!lexer.consumeIf(')'))
          return lexer.error(lexer.getPos(), "expected ')' after the size");
      } else if (kind != "dynamic") {
        return lexer.error(
            kindAt, "expected 'packed', 'odd_even' or 'dynamic', got '" +
                        (kind.empty() ? lexer.describeHere() : kind) + "'");
      }
    }
    dims.push_back(entry);
  } while (lexer.consumeIf(','));
  if (!lexer.consumeIf(']'))
    return lexer.error(lexer.getPos(), "expected ',' or ']'");
  return dims;
}

Expected<llvm::SmallVector<DimsLayoutEntry, 4>>
mlir::tlayout::parsePhysDims(StringRef text) {
  LayoutLexer lexer(text);
  Expected<llvm::SmallVector<DimsLayoutEntry, 4>> dims = parsePhysDims(lexer);
  if (dims && !lexer.atEnd())
    return lexer.error(lexer.getPos(), "unexpected text after the list");
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
/// One digit of a placement, major first: a piece of a logical dimension
/// that takes more than one value (live), or a factor of the buffer's size
/// that no element's offset depends on (dead: every value of its piece is
/// 0, or it indexes a unit dimension).
struct NormalEntry {
  bool live = false;
  unsigned dim = 0;
  /// The digit's extent: the values of its piece the buffer makes room for.
  int64_t extent = 1;
  /// For a live digit: the piece is floor(x / divisor) mod extent.
  int64_t divisor = 1;

  bool operator==(const NormalEntry &o) const {
    return live == o.live && extent == o.extent &&
           (!live || (dim == o.dim && divisor == o.divisor));
  }
};
} // namespace

/// The digits of a compiled layout, one per physical dimension, for a
/// static shape without empty dimensions; std::nullopt when a piece indexes
/// a combination of dimensions or tail padding grows the buffer.
static std::optional<llvm::SmallVector<NormalEntry, 8>>
digitsOf(const BufferIndexing &indexing) {
  llvm::ArrayRef<int64_t> shape = indexing.getShape();
  if (llvm::any_of(shape, [](int64_t size) { return size <= 0; }) ||
      indexing.getNumElements() != indexing.getTiledNumElements())
    return std::nullopt;
  llvm::SmallVector<NormalEntry, 8> digits;
  for (const BufferDim &dim : indexing.getDims()) {
    std::optional<int64_t> extent = dim.size.getConstant();
    const Piece &piece = indexing.getPieces()[dim.piece];
    const Source &source = indexing.getSources()[piece.source];
    if (!extent || source.kind == Source::Kind::Combined)
      return std::nullopt;
    NormalEntry digit;
    digit.extent = *extent;
    if (source.kind == Source::Kind::Logical) {
      digit.dim = source.logicalDim;
      digit.divisor = piece.divisor;
      // floor(x / divisor) for x in [0, size) takes more than one value.
      digit.live = *extent > 1 && shape[digit.dim] > piece.divisor;
    }
    digits.push_back(digit);
  }
  return digits;
}

/// Whether live digit `e` takes every value below what remains of its
/// dimension: nothing of the dimension lies beyond its extent.
static bool isSaturating(const NormalEntry &e, llvm::ArrayRef<int64_t> shape) {
  return ceilDivNonNegative(shape[e.dim], e.divisor) <= e.extent;
}

/// Rewrites digits into the one sequence of their placement:
/// - dead factors of extent 1 drop, and adjacent dead factors multiply;
/// - adjacent live digits of one dimension that nest (the outer one's
///   divisor is the inner one's divisor times its extent) read as one;
/// - a dead factor just outside a live digit that takes every remaining
///   value of its dimension pads that digit (both multiply the strides of
///   everything outside by the same amount, and its values do not change).
static llvm::SmallVector<NormalEntry, 8>
canonicalDigits(llvm::ArrayRef<NormalEntry> digits,
                llvm::ArrayRef<int64_t> shape) {
  llvm::SmallVector<NormalEntry, 8> merged;
  for (const NormalEntry &e : digits) {
    if (!e.live && e.extent == 1)
      continue;
    merged.push_back(e);
    while (merged.size() >= 2) {
      NormalEntry &prev = merged[merged.size() - 2];
      NormalEntry &last = merged.back();
      if (!prev.live && !last.live) {
        prev.extent *= last.extent;
      } else if (prev.live && last.live && prev.dim == last.dim &&
                 prev.divisor == last.divisor * last.extent) {
        prev.extent *= last.extent;
        prev.divisor = last.divisor;
      } else if (!prev.live && last.live && isSaturating(last, shape)) {
        last.extent *= prev.extent;
        std::swap(prev, last);
      } else {
        break;
      }
      merged.pop_back();
    }
  }
  return merged;
}

/// Prints canonical digits as a list of physical dimensions:
/// - a live digit of extent 2 followed by a live digit of its dimension
///   with twice its divisor is an odd-even strip (no packed list orders a
///   dimension's digits so);
/// - a dead factor is Packed of the lowest dimension whose live digits all
///   lie inside it; where there is none, it is the dead half of an odd-even
///   strip whose parity is the live digit just outside (and what that digit
///   absorbed goes back outside it);
/// - the outermost entry of a dimension is Dynamic when its extent is
///   exactly what remains of the dimension, else Packed of its extent;
/// - dimensions left without an entry (size 1) come first, in order.
/// std::nullopt where the digits do not have that shape.
static std::optional<llvm::SmallVector<DimsLayoutEntry, 4>>
printDigits(llvm::ArrayRef<NormalEntry> digits, llvm::ArrayRef<int64_t> shape) {
  unsigned rank = shape.size();
  // The lowest dimension with no live digit before position k.
  auto ownerAt = [&](size_t k) {
    unsigned owner = 0;
    while (owner < rank &&
           llvm::any_of(digits.take_front(k), [&](const NormalEntry &o) {
             return o.live && o.dim == owner;
           }))
      ++owner;
    return owner;
  };
  llvm::SmallVector<DimsLayoutEntry, 4> result;
  llvm::SmallVector<bool, 4> hasEntry(rank, false);
  for (size_t k = 0; k < digits.size(); ++k) {
    const NormalEntry &e = digits[k];
    const NormalEntry *next = k + 1 < digits.size() ? &digits[k + 1] : nullptr;
    if (!e.live) {
      unsigned owner = ownerAt(k);
      if (owner == rank)
        return std::nullopt;
      result.push_back(DimsLayoutEntry::packed(owner, e.extent));
      hasEntry[owner] = true;
      continue;
    }
    if (next && next->live && next->dim == e.dim && e.extent == 2 &&
        next->divisor == 2 * e.divisor) {
      result.push_back(DimsLayoutEntry::oddEven(e.dim, 2 * next->extent));
      hasEntry[e.dim] = true;
      ++k;
      continue;
    }
    if (next && !next->live && ownerAt(k + 1) == rank) {
      // The dead half of a strip: the parity takes both its values.
      if (e.extent % 2 != 0 || shape[e.dim] > 2 * e.divisor)
        return std::nullopt;
      if (e.extent > 2) {
        unsigned owner = ownerAt(k);
        if (owner == rank)
          return std::nullopt;
        result.push_back(DimsLayoutEntry::packed(owner, e.extent / 2));
        hasEntry[owner] = true;
      }
      result.push_back(DimsLayoutEntry::oddEven(e.dim, 2 * next->extent));
      hasEntry[e.dim] = true;
      ++k;
      continue;
    }
    bool exact = e.extent == ceilDivNonNegative(shape[e.dim], e.divisor);
    result.push_back(!hasEntry[e.dim] && exact
                         ? DimsLayoutEntry::dynamic(e.dim)
                         : DimsLayoutEntry::packed(e.dim, e.extent));
    hasEntry[e.dim] = true;
  }
  llvm::SmallVector<DimsLayoutEntry, 4> front;
  for (unsigned i = 0; i < rank; ++i)
    if (!hasEntry[i])
      front.push_back(DimsLayoutEntry::dynamic(i));
  result.insert(result.begin(), front.begin(), front.end());
  return result;
}

std::optional<llvm::SmallVector<DimsLayoutEntry, 4>>
mlir::tlayout::getNormalForm(const BufferIndexing &indexing) {
  std::optional<llvm::SmallVector<NormalEntry, 8>> digits = digitsOf(indexing);
  if (!digits)
    return std::nullopt;
  llvm::ArrayRef<int64_t> shape = indexing.getShape();
  llvm::SmallVector<NormalEntry, 8> canonical = canonicalDigits(*digits, shape);
  std::optional<llvm::SmallVector<DimsLayoutEntry, 4>> printed =
      printDigits(canonical, shape);
  if (!printed)
    return std::nullopt;
  // The printed list must give back the same digits: it then places every
  // element where `indexing` does.
  std::optional<BufferIndexing> again =
      llvm::expectedToOptional(BufferIndexing::compile(*printed, shape));
  if (!again || again->getNumElements() != indexing.getNumElements())
    return std::nullopt;
  std::optional<llvm::SmallVector<NormalEntry, 8>> check = digitsOf(*again);
  if (!check || canonicalDigits(*check, shape) != canonical)
    return std::nullopt;
  return printed;
}

std::optional<bool> mlir::tlayout::haveSamePlacement(const BufferIndexing &a,
                                                     const BufferIndexing &b) {
  if (a.getShape() != b.getShape())
    return std::nullopt;
  std::optional<llvm::SmallVector<NormalEntry, 8>> digitsA = digitsOf(a);
  std::optional<llvm::SmallVector<NormalEntry, 8>> digitsB = digitsOf(b);
  if (digitsA && digitsB)
    return canonicalDigits(*digitsA, a.getShape()) ==
           canonicalDigits(*digitsB, b.getShape());
  if (a.hasSamePlacementStructure(b))
    return true;
  return std::nullopt;
}

static llvm::SmallVector<DimsLayoutEntry, 4>
simplifyByRules(llvm::SmallVector<DimsLayoutEntry, 4> dims,
                llvm::ArrayRef<int64_t> shape);

Expected<llvm::SmallVector<DimsLayoutEntry, 4>>
mlir::tlayout::canonicalizePhysDims(llvm::ArrayRef<DimsLayoutEntry> input,
                                    llvm::ArrayRef<int64_t> shape) {
  // Compiling checks everything the rules rely on.
  Expected<BufferIndexing> compiled = BufferIndexing::compile(input, shape);
  if (!compiled)
    return compiled.takeError();
  if (std::optional<llvm::SmallVector<DimsLayoutEntry, 4>> normal =
          getNormalForm(*compiled))
    return *normal;
  // A strip of two is packed, and so is a strip all of whose values are 0
  // (it lies beyond a static dimension): both place as a packed entry does.
  llvm::SmallVector<DimsLayoutEntry, 4> dims(input.begin(), input.end());
  llvm::SmallVector<int64_t, 4> covered(shape.size(), 1);
  for (DimsLayoutEntry &d : llvm::reverse(dims)) {
    int64_t size = shape[d.logicalDim];
    if (d.kind == DimsLayoutEntry::Kind::OddEven &&
        (d.size == 2 ||
         (size != kDynamicSize && covered[d.logicalDim] >= size)))
      d.kind = DimsLayoutEntry::Kind::Packed;
    if (d.kind != DimsLayoutEntry::Kind::Dynamic)
      covered[d.logicalDim] =
          llvm::checkedMul(covered[d.logicalDim], d.size)
              .value_or(std::numeric_limits<int64_t>::max());
  }
  return simplifyByRules(std::move(dims), shape);
}

Expected<std::string>
mlir::tlayout::printCanonicalDimsAttr(llvm::ArrayRef<DimsLayoutEntry> dims,
                                      llvm::ArrayRef<int64_t> shape) {
  Expected<llvm::SmallVector<DimsLayoutEntry, 4>> canonical =
      canonicalizePhysDims(dims, shape);
  if (!canonical)
    return canonical.takeError();
  return printDimsAttr(*canonical);
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

/// Whether two layouts compile and provably place every element at the
/// same offset in buffers of the same size (haveSamePlacement).
static bool samePlacement(Expected<BufferIndexing> a,
                          Expected<BufferIndexing> b) {
  std::optional<BufferIndexing> first = llvm::expectedToOptional(std::move(a));
  std::optional<BufferIndexing> second = llvm::expectedToOptional(std::move(b));
  return first && second && haveSamePlacement(*first, *second).value_or(false);
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

/// Tile sequences for a normal form whose entries after the outer level
/// are not in tile order: the outermost pieces (Dynamic entries) that come
/// first stay the outer level; every other dimension gets an outer piece of
/// extent 1, which places nothing and may go anywhere in minor_to_major, and
/// its entries (a Dynamic one as Packed of its exact extent) form the tile
/// levels. Tries the orders of the outer level that keep the first pieces'
/// order, all of them up to rank kMaxSearchedRank and two beyond.
static std::optional<TiledLayout>
tiledWithUnitOuterPieces(llvm::ArrayRef<DimsLayoutEntry> dims,
                         llvm::ArrayRef<int64_t> shape) {
  constexpr unsigned kMaxSearchedRank = 6;
  unsigned rank = shape.size();
  size_t prefix = 0;
  llvm::SmallVector<bool, 4> inPrefix(rank, false);
  while (prefix < dims.size() &&
         dims[prefix].kind == DimsLayoutEntry::Kind::Dynamic) {
    inPrefix[dims[prefix].logicalDim] = true;
    ++prefix;
  }
  llvm::SmallVector<DimsLayoutEntry, 4> rest;
  for (size_t k = prefix; k < dims.size(); ++k) {
    DimsLayoutEntry d = dims[k];
    if (d.kind == DimsLayoutEntry::Kind::OddEven)
      return std::nullopt;
    if (d.kind == DimsLayoutEntry::Kind::Dynamic) {
      if (shape[d.logicalDim] == kDynamicSize)
        return std::nullopt;
      d = DimsLayoutEntry::packed(
          d.logicalDim,
          ceilDivNonNegative(shape[d.logicalDim], innerVolume(dims, k)));
    }
    rest.push_back(d);
  }
  // A dimension outside the prefix is covered by its entries, so its outer
  // piece has extent 1 only when its size is static.
  for (unsigned i = 0; i < rank; ++i)
    if (!inPrefix[i] && shape[i] == kDynamicSize)
      return std::nullopt;
  auto tryOrder =
      [&](llvm::ArrayRef<unsigned> majorToMinor) -> std::optional<TiledLayout> {
    llvm::SmallVector<DimsLayoutEntry, 4> list;
    for (unsigned i : majorToMinor)
      list.push_back(DimsLayoutEntry::dynamic(i));
    list.append(rest.begin(), rest.end());
    return tiledFromCanonical(list, shape);
  };
  llvm::SmallVector<unsigned, 4> first, others;
  for (const DimsLayoutEntry &d : dims.take_front(prefix))
    first.push_back(d.logicalDim);
  for (unsigned i = 0; i < rank; ++i)
    if (!inPrefix[i])
      others.push_back(i);
  if (rank > kMaxSearchedRank) {
    llvm::SmallVector<unsigned, 4> order(others);
    order.append(first.begin(), first.end());
    if (std::optional<TiledLayout> layout = tryOrder(order))
      return layout;
    order.assign(first.begin(), first.end());
    order.append(others.begin(), others.end());
    return tryOrder(order);
  }
  auto order = llvm::to_vector<4>(llvm::seq<unsigned>(0, rank));
  do {
    // The prefix's dimensions keep their order.
    llvm::SmallVector<unsigned, 4> kept;
    for (unsigned i : order)
      if (inPrefix[i])
        kept.push_back(i);
    if (kept != first)
      continue;
    if (std::optional<TiledLayout> layout = tryOrder(order))
      return layout;
  } while (std::next_permutation(order.begin(), order.end()));
  return std::nullopt;
}

std::optional<TiledLayout>
mlir::tlayout::toTiledLayout(llvm::ArrayRef<DimsLayoutEntry> dims,
                             llvm::ArrayRef<int64_t> shape) {
  // The canonical form (which also validates) has no size-1 or split pieces
  // to get in the way, and degenerate odd-even strips are packed there.
  std::optional<llvm::SmallVector<DimsLayoutEntry, 4>> canonical =
      llvm::expectedToOptional(canonicalizePhysDims(dims, shape));
  if (!canonical || llvm::any_of(*canonical, [](const DimsLayoutEntry &d) {
        return d.kind == DimsLayoutEntry::Kind::OddEven;
      }))
    return std::nullopt;
  if (std::optional<TiledLayout> layout = tiledFromCanonical(*canonical, shape))
    return layout;
  // Padding reads as a tile in the rules' form (`[0, 0:packed(8)]` on 12
  // elements is `T(8)`), where the normal form pads the outermost entry
  // (`[0:packed(16)]`).
  if (llvm::none_of(dims, [](const DimsLayoutEntry &d) {
        return d.kind == DimsLayoutEntry::Kind::OddEven;
      }))
    if (std::optional<TiledLayout> layout = tiledFromCanonical(
            simplifyByRules(
                llvm::SmallVector<DimsLayoutEntry, 4>(dims.begin(), dims.end()),
                shape),
            shape))
      return layout;
  // A padded or dead outermost piece is a tile with an outer piece of 1.
  return tiledWithUnitOuterPieces(*canonical, shape);
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
