//===- ExpandTiledCopies.cpp - memref.copy of tiled memrefs as loops ------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// Rewrites `memref.copy` where either side has a #tlayout.tiled layout into a
// loop nest of loads and stores that --lower-tiled-layouts then lowers. When
// the destination is tiled the nest walks its physical dimensions in order
// (whole tiles, writes contiguous); logical indices come from the normal
// form's inverse, and padding positions are skipped by a guard only where
// the walk can reach them. Otherwise the nest walks the logical indices in
// row-major order. Static shapes give affine.for / affine.if nests, which
// canonicalization simplifies; dynamic shapes give scf loops.
//
//===----------------------------------------------------------------------===//

#include "tlayout/Dialect/TLayout/IR/TLayoutAttrs.h"
#include "tlayout/Dialect/TLayout/Transforms/Transforms.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IntegerSet.h"

using namespace mlir;
using namespace mlir::tlayout;
using ::tlayout::BufferIndexing;
using ::tlayout::IndexExpr;
using ::tlayout::Source;

namespace {
/// The walk of a copy: the extent of each loop, the logical index as a
/// function of the loop variables (dims) and the logical sizes (symbols
/// `s<i>`), and the conditions `value < bound` that exclude padding.
struct CopyWalk {
  SmallVector<IndexExpr> extents;
  SmallVector<IndexExpr> logicalIndex;
  SmallVector<std::pair<IndexExpr, IndexExpr>> guards;
};
} // namespace

/// The largest value `expr` takes when dim `k` ranges over [0, extents[k]),
/// for expressions built from dims, constants, + and * (an inverse map of
/// pieces); std::nullopt when unknown.
static std::optional<int64_t> maxValue(const IndexExpr &expr,
                                       ArrayRef<IndexExpr> extents) {
  switch (expr.getKind()) {
  case IndexExpr::Kind::Constant:
    return expr.getConstant();
  case IndexExpr::Kind::Dim: {
    std::optional<int64_t> extent = extents[expr.getPosition()].getConstant();
    if (!extent)
      return std::nullopt;
    return *extent - 1;
  }
  case IndexExpr::Kind::Add: {
    std::optional<int64_t> l = maxValue(expr.getLHS(), extents);
    std::optional<int64_t> r = maxValue(expr.getRHS(), extents);
    if (!l || !r)
      return std::nullopt;
    return *l + *r;
  }
  case IndexExpr::Kind::Mul: {
    std::optional<int64_t> l = maxValue(expr.getLHS(), extents);
    std::optional<int64_t> r = expr.getRHS().getConstant();
    if (!l || !r || *r < 0)
      return std::nullopt;
    return *l * *r;
  }
  case IndexExpr::Kind::Mod: {
    std::optional<int64_t> m = expr.getRHS().getConstant();
    if (!m)
      return std::nullopt;
    return *m - 1;
  }
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

/// The walk over the physical dimensions of `indexing`: the inverse of its
/// normal form, symbolically.
static CopyWalk physicalWalk(const BufferIndexing &indexing) {
  CopyWalk walk;
  ArrayRef<::tlayout::PhysicalDim> dims = indexing.getDims();
  ArrayRef<::tlayout::Piece> pieces = indexing.getPieces();
  ArrayRef<Source> sources = indexing.getSources();
  SmallVector<std::optional<IndexExpr>> pieceValues(pieces.size());
  for (auto [k, dim] : llvm::enumerate(dims)) {
    walk.extents.push_back(dim.size);
    pieceValues[dim.piece] = IndexExpr::dim(k);
  }
  // Pieces a source is split into, then sources from the last made (whose
  // parts are older) to the first.
  SmallVector<SmallVector<unsigned>> piecesOf(sources.size());
  for (auto [p, piece] : llvm::enumerate(pieces))
    piecesOf[piece.source].push_back(p);
  walk.logicalIndex.assign(indexing.getRank(), IndexExpr(0));
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
    // Guard against padding only where the walk can exceed the source.
    std::optional<int64_t> max = maxValue(value, walk.extents);
    std::optional<int64_t> size = source.size.getConstant();
    if (!max || !size || *max >= *size)
      walk.guards.push_back({value, source.size});
    switch (source.kind) {
    case Source::Kind::Logical:
      walk.logicalIndex[source.logicalDim] = value;
      break;
    case Source::Kind::Unit:
      break;
    case Source::Kind::Combined: {
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
  return walk;
}

/// The row-major walk over a logical shape.
static CopyWalk logicalWalk(MemRefType type) {
  CopyWalk walk;
  for (auto [i, size] : llvm::enumerate(type.getShape())) {
    walk.extents.push_back(ShapedType::isDynamic(size) ? IndexExpr::symbol(i)
                                                       : IndexExpr(size));
    walk.logicalIndex.push_back(IndexExpr::dim(i));
  }
  return walk;
}

/// Whether an expression mentions a size symbol or divides by a non-constant.
static bool isStatic(const IndexExpr &expr) {
  switch (expr.getKind()) {
  case IndexExpr::Kind::Constant:
  case IndexExpr::Kind::Dim:
    return true;
  case IndexExpr::Kind::Symbol:
    return false;
  default:
    return isStatic(expr.getLHS()) && isStatic(expr.getRHS());
  }
}

FailureOr<Operation *> mlir::tlayout::expandTiledCopy(RewriterBase &rewriter,
                                                      memref::CopyOp op) {
  auto srcType = dyn_cast<MemRefType>(op.getSource().getType());
  auto dstType = dyn_cast<MemRefType>(op.getTarget().getType());
  if (!srcType || !dstType ||
      (!getTiledLayout(srcType) && !getTiledLayout(dstType)))
    return rewriter.notifyMatchFailure(op, "no ranked tiled memref");
  if (srcType.getShape() != dstType.getShape() &&
      (srcType.hasStaticShape() && dstType.hasStaticShape()))
    return rewriter.notifyMatchFailure(op, "shapes differ");

  CopyWalk walk;
  // A tiled destination is walked in its physical order; a view of one in
  // its logical order (its physical positions are not a whole buffer).
  TiledLayoutAttr dstLayout = getTiledLayout(dstType);
  if (dstLayout && !dstLayout.isView()) {
    TiledLayoutAttr layout = dstLayout;
    llvm::Expected<BufferIndexing> indexing =
        BufferIndexing::compile(layout.getLayout(), dstType.getShape());
    if (!indexing) {
      llvm::consumeError(indexing.takeError());
      return rewriter.notifyMatchFailure(op, "invalid destination layout");
    }
    walk = physicalWalk(*indexing);
  } else {
    walk = logicalWalk(dstType);
  }

  MLIRContext *context = rewriter.getContext();
  Location loc = op.getLoc();
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(op);
  unsigned rank = dstType.getRank();
  unsigned depth = walk.extents.size();

  // The logical sizes, as values, for the symbols.
  SmallVector<Value> sizes;
  for (unsigned i = 0; i < rank; ++i)
    sizes.push_back(
        dstType.isDynamicDim(i)
            ? Value(memref::DimOp::create(rewriter, loc, op.getTarget(), i))
            : Value(arith::ConstantIndexOp::create(rewriter, loc,
                                                   dstType.getDimSize(i))));

  bool allStatic = llvm::all_of(walk.extents, isStatic) &&
                   llvm::all_of(walk.logicalIndex, isStatic);
  for (auto &[value, bound] : walk.guards)
    allStatic &= isStatic(value) && isStatic(bound);

  auto toAffine = [&](const IndexExpr &e) { return toAffineExpr(e, context); };
  SmallVector<AffineExpr> indexExprs = llvm::map_to_vector(
      walk.logicalIndex, [&](const IndexExpr &e) { return toAffine(e); });
  AffineMap indexMap = AffineMap::get(depth, rank, indexExprs, context);

  SmallVector<Value> ivs;
  Operation *outermost = nullptr;
  if (allStatic) {
    for (const IndexExpr &extent : walk.extents) {
      auto loop = affine::AffineForOp::create(rewriter, loc, 0,
                                              *extent.getConstant(), 1);
      outermost = outermost ? outermost : loop.getOperation();
      rewriter.setInsertionPointToStart(loop.getBody());
      ivs.push_back(loop.getInductionVar());
    }
    if (!walk.guards.empty()) {
      // value <= bound - 1 for every guard.
      SmallVector<AffineExpr> constraints;
      for (auto &[value, bound] : walk.guards)
        constraints.push_back(toAffine(bound) - 1 - toAffine(value));
      IntegerSet set = IntegerSet::get(depth, 0, constraints,
                                       SmallVector<bool>(constraints.size()));
      auto ifOp = affine::AffineIfOp::create(rewriter, loc, set, ivs,
                                             /*withElseRegion=*/false);
      outermost = outermost ? outermost : ifOp.getOperation();
      rewriter.setInsertionPointToStart(ifOp.getThenBlock());
    }
    // Static: the sizes are constants the map does not need.
    AffineMap map = AffineMap::get(depth, 0, indexExprs, context);
    Value element =
        affine::AffineLoadOp::create(rewriter, loc, op.getSource(), map, ivs);
    affine::AffineStoreOp::create(rewriter, loc, element, op.getTarget(), map,
                                  ivs);
  } else {
    Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
    Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
    auto apply = [&](AffineExpr e) -> Value {
      SmallVector<Value> operands(ivs);
      operands.resize(depth, zero);
      llvm::append_range(operands, sizes);
      return affine::AffineApplyOp::create(
          rewriter, loc, AffineMap::get(depth, rank, e), operands);
    };
    for (const IndexExpr &extent : walk.extents) {
      Value ub = apply(toAffine(extent));
      auto loop = scf::ForOp::create(rewriter, loc, zero, ub, one);
      outermost = outermost ? outermost : loop.getOperation();
      rewriter.setInsertionPointToStart(loop.getBody());
      ivs.push_back(loop.getInductionVar());
    }
    Value inBounds;
    for (auto &[value, bound] : walk.guards) {
      Value less =
          arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::ult,
                                apply(toAffine(value)), apply(toAffine(bound)));
      inBounds =
          inBounds
              ? arith::AndIOp::create(rewriter, loc, inBounds, less).getResult()
              : less;
    }
    if (inBounds) {
      auto ifOp = scf::IfOp::create(rewriter, loc, inBounds,
                                    /*withElseRegion=*/false);
      outermost = outermost ? outermost : ifOp.getOperation();
      rewriter.setInsertionPointToStart(ifOp.thenBlock());
    }
    SmallVector<Value> index = llvm::map_to_vector(
        indexMap.getResults(), [&](AffineExpr e) { return apply(e); });
    Value element =
        memref::LoadOp::create(rewriter, loc, op.getSource(), index);
    memref::StoreOp::create(rewriter, loc, element, op.getTarget(), index);
  }
  rewriter.eraseOp(op);
  return outermost;
}
