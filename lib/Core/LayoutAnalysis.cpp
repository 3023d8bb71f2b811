//===- LayoutAnalysis.cpp - Queries on the normal form --------------------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//

#include "tlayout/Core/LayoutAnalysis.h"
#include "tlayout/Core/DimsLayout.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Sequence.h"
#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/MathExtras.h"

#include <numeric>

using namespace mlir::tlayout;

/// The values a piece takes: its modulus, or the size of its physical
/// dimension for an outermost piece.
static std::optional<int64_t> pieceExtent(const Piece &piece,
                                          const BufferDim &dim) {
  if (piece.modulus)
    return piece.modulus;
  return dim.size.getConstant();
}

llvm::SmallVector<Contiguity, 4>
mlir::tlayout::getContiguity(const BufferIndexing &indexing) {
  unsigned rank = indexing.getRank();
  llvm::SmallVector<Contiguity, 4> result(rank,
                                          Contiguity{IndexExpr(1), false});
  llvm::ArrayRef<BufferDim> dims = indexing.getDims();
  // The fastest varying physical dimensions (size-1 ones place nothing)
  // belong to at most one logical dimension; follow its digits while each
  // continues the previous one.
  std::optional<unsigned> owner;
  IndexExpr length(1);
  int64_t expectedDivisor = 1;
  bool whole = false;
  for (const BufferDim &dim : llvm::reverse(dims)) {
    if (dim.size.isConstant(1))
      continue;
    const Piece &piece = indexing.getPieces()[dim.piece];
    const Source &source = indexing.getSources()[piece.source];
    if (source.kind != Source::Kind::Logical)
      break;
    if (owner && *owner != source.logicalDim)
      break;
    if (piece.divisor != expectedDivisor)
      break;
    owner = source.logicalDim;
    length = length * dim.size;
    if (!piece.modulus) {
      whole = true;
      break;
    }
    // A digit smaller than its modulus would leave gaps in the run.
    if (!dim.size.isConstant(*piece.modulus))
      break;
    std::optional<int64_t> next =
        llvm::checkedMul(expectedDivisor, *piece.modulus);
    if (!next)
      break;
    expectedDivisor = *next;
  }
  if (!owner)
    return result;
  // A run past the end of the dimension covers all of it.
  int64_t size = indexing.getShape()[*owner];
  std::optional<int64_t> constant = length.getConstant();
  if (size != kDynamicSize && constant && *constant >= size) {
    length = IndexExpr(size);
    whole = true;
  }
  result[*owner] = Contiguity{length, whole};
  return result;
}

int64_t mlir::tlayout::getWidestVector(const BufferIndexing &indexing,
                                       unsigned dim, int64_t alignment) {
  if (dim >= indexing.getRank() || alignment < 1)
    return 1;
  Contiguity run = getContiguity(indexing)[dim];
  if (run.wholeDimension)
    return kUnboundedWidth;
  std::optional<int64_t> length = run.length.getConstant();
  if (!length || *length < 1)
    return 1;
  return std::gcd(alignment, *length);
}

bool mlir::tlayout::isTileContiguous(const BufferIndexing &indexing,
                                     llvm::ArrayRef<int64_t> tile) {
  if (tile.size() != indexing.getRank() ||
      llvm::any_of(tile, [](int64_t t) { return t < 1; }))
    return false;
  // From the fastest varying physical dimension: dimensions the tile covers
  // fully, at most one it covers in part, then only dimensions it does not
  // move along.
  enum class Phase { Full, Rest } phase = Phase::Full;
  for (const BufferDim &dim : llvm::reverse(indexing.getDims())) {
    if (dim.size.isConstant(1))
      continue;
    const Piece &piece = indexing.getPieces()[dim.piece];
    const Source &source = indexing.getSources()[piece.source];
    if (source.kind == Source::Kind::Unit)
      continue;
    if (source.kind != Source::Kind::Logical)
      return false;
    int64_t t = tile[source.logicalDim], v = piece.divisor;
    if (t <= v) {
      // Constant over the tile when tiles do not straddle a digit change.
      if (v % t != 0)
        return false;
      phase = Phase::Rest;
      continue;
    }
    if (t % v != 0 || phase != Phase::Full)
      return false;
    std::optional<int64_t> extent = pieceExtent(piece, dim);
    if (!extent)
      return false;
    int64_t q = t / v;
    if (q % *extent == 0)
      continue; // Every value of the digit.
    if (*extent % q != 0)
      return false;
    phase = Phase::Rest; // An aligned run of q values.
  }
  return true;
}

bool mlir::tlayout::isWindowOf(const BufferIndexing &view,
                               const BufferIndexing &root,
                               llvm::ArrayRef<int64_t> offsets,
                               llvm::SmallVectorImpl<int64_t> *origin) {
  unsigned rank = root.getRank();
  if (view.getRank() != rank || offsets.size() != rank ||
      !root.hasStaticShape() ||
      view.getDims().size() != root.getDims().size() ||
      view.getTailPaddingAlignment() != 1 ||
      root.getTailPaddingAlignment() != 1)
    return false;
  for (unsigned i = 0; i < rank; ++i) {
    int64_t size = view.getShape()[i];
    if (offsets[i] < 0 ||
        (size != kDynamicSize && offsets[i] + size > root.getShape()[i]))
      return false;
  }
  llvm::SmallVector<int64_t, 8> shift;
  for (auto [v, r] : llvm::zip(view.getDims(), root.getDims())) {
    const Piece &vp = view.getPieces()[v.piece];
    const Piece &rp = root.getPieces()[r.piece];
    const Source &vs = view.getSources()[vp.source];
    const Source &rs = root.getSources()[rp.source];
    if (vs.kind != rs.kind || vp.divisor != rp.divisor ||
        vp.modulus != rp.modulus)
      return false;
    int64_t c = 0;
    if (rs.kind == Source::Kind::Logical) {
      if (vs.logicalDim != rs.logicalDim)
        return false;
      int64_t o = offsets[rs.logicalDim];
      if (o % rp.divisor != 0)
        return false;
      // floor((e + o) / v) = floor(e / v) + o / v; a digit with a modulus
      // keeps its value only when o / v is a whole number of its cycles.
      c = o / rp.divisor;
      if (rp.modulus) {
        if (c % *rp.modulus != 0)
          return false;
        c = 0;
      }
    } else if (rs.kind != Source::Kind::Unit) {
      return false;
    }
    // A dynamic extent of the view fits when its logical size does.
    std::optional<int64_t> viewSize = v.size.getConstant();
    std::optional<int64_t> rootSize = r.size.getConstant();
    if (!rootSize || (viewSize && c + *viewSize > *rootSize))
      return false;
    shift.push_back(c);
  }
  if (origin)
    origin->assign(shift.begin(), shift.end());
  return true;
}

llvm::Expected<PlacementComparison>
mlir::tlayout::comparePlacement(const BufferIndexing &a,
                                const BufferIndexing &b,
                                llvm::ArrayRef<int64_t> permutation) {
  auto error = [](const llvm::Twine &message) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
  };
  if (!a.hasStaticShape() || !b.hasStaticShape())
    return error("comparing placements needs static shapes");
  llvm::ArrayRef<int64_t> shape = a.getShape();
  unsigned rank = shape.size();
  llvm::SmallVector<int64_t, 4> perm(permutation.begin(), permutation.end());
  if (perm.empty())
    for (unsigned k = 0; k < rank; ++k)
      perm.push_back(k);
  llvm::SmallVector<bool, 4> seen(rank, false);
  if (perm.size() != rank || b.getRank() != rank)
    return error("the permutation and both shapes need rank " +
                 llvm::Twine(rank));
  for (int64_t p : perm) {
    if (p < 0 || p >= static_cast<int64_t>(rank) || seen[p])
      return error("the permutation is not a permutation of 0.." +
                   llvm::Twine(rank - 1));
    seen[p] = true;
  }
  for (unsigned k = 0; k < rank; ++k)
    if (b.getShape()[k] != shape[perm[k]])
      return error("the second shape is not the first one " +
                   llvm::StringRef(permutation.empty() ? "" : "transposed ") +
                   "(dimension " + llvm::Twine(k) + ")");
  PlacementComparison result;
  result.sizeA = *a.getNumElements().getConstant();
  result.sizeB = *b.getNumElements().getConstant();
  bool identity = llvm::equal(perm, llvm::seq<int64_t>(0, rank));
  // The normal form decides without enumerating where it is defined.
  if (identity && haveSamePlacement(a, b).value_or(false)) {
    result.same = true;
    return result;
  }
  // A transpose: the second normal form, its dimensions renamed to the
  // first's (its dimension k is the first's perm[k]), equal to the first
  // places every element alike. (The normal form lists unit dimensions in
  // their order, which renaming can change: those compare by enumeration.)
  if (!identity && result.sizeA == result.sizeB) {
    std::optional<llvm::SmallVector<DimsLayoutEntry, 4>> formA =
        getNormalForm(a);
    std::optional<llvm::SmallVector<DimsLayoutEntry, 4>> formB =
        getNormalForm(b);
    if (formA && formB &&
        llvm::equal(*formA, *formB,
                    [&](const DimsLayoutEntry &x, const DimsLayoutEntry &y) {
                      return x.logicalDim == perm[y.logicalDim] &&
                             x.kind == y.kind && x.size == y.size;
                    })) {
      result.same = true;
      return result;
    }
  }
  int64_t count = 1;
  for (int64_t size : shape)
    if (!llvm::checkedMul(count, size).has_value() ||
        (count *= size) > kMaxComparedElements)
      return error("cannot compare the placements: more than " +
                   llvm::Twine(kMaxComparedElements) + " elements");
  llvm::SmallVector<int64_t, 4> index(rank, 0), permuted(rank, 0);
  for (int64_t n = 0; n < count; ++n) {
    for (unsigned k = 0; k < rank; ++k)
      permuted[k] = index[perm[k]];
    llvm::Expected<int64_t> offsetA = a.offsetOf(index);
    if (!offsetA)
      return offsetA.takeError();
    llvm::Expected<int64_t> offsetB = b.offsetOf(permuted);
    if (!offsetB)
      return offsetB.takeError();
    if (*offsetA != *offsetB) {
      result.firstDifference = index;
      result.offsetA = *offsetA;
      result.offsetB = *offsetB;
      return result;
    }
    for (unsigned k = rank; k-- > 0;) {
      if (++index[k] < shape[k])
        break;
      index[k] = 0;
    }
  }
  result.same = result.sizeA == result.sizeB;
  return result;
}
