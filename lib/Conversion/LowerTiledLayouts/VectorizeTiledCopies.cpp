//===- VectorizeTiledCopies.cpp - Relayout copies as vector shuffles ------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// Rewrites two kinds of `memref.copy` between a row-major memref and a
// tlayout layout into loops of whole-vector loads, vector.shuffle and
// whole-vector stores, ahead of the element-by-element loop nest of
// ExpandTiledCopies.cpp (these patterns have a higher benefit and leave
// every copy they cannot prove to be one of their forms to it):
//
// - Interleaving tiles, `T(r,c)(k,1)` with k = 2 or 4 (bf16's `(2,1)`,
//   s8's `(4,1)`): each group of k rows of a tile is one run of k*c
//   elements of the physical buffer, element (q, j) of the group at
//   j*k + q. The copy loads the k rows of c elements, interleaves them
//   (pairwise shuffles: even rows with even rows, odd with odd, then the
//   two) and stores one vector of k*c; the way back loads the run and
//   splits it into rows by the inverse shuffles.
// - Transposing copies between row-major and column-major (`{0,1}`, no
//   tiles): the physical buffer is the transposed array. The copy moves
//   square blocks of B x B elements (B = 16 for 32-bit elements, so that a
//   row of a block is one 64-byte line): B row loads, log2(B) rounds of
//   two-vector shuffles (Eklundh's exchange of off-diagonal half blocks)
//   and B row stores, by groups of blocks of up to 256 x 256 elements that
//   stay in the L2 cache and the TLB.
//
// Both need static 2-D shapes of whole tiles (whole blocks for the
// transpose), an identity-layout row-major side and a layout that is not a
// view; anything else (padding, tails, dynamic sizes, other tilings) takes
// the generic expansion.
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"
#include "PhysicalLayout.h"

#include "tlayout/Dialect/TLayout/IR/TLayoutAttrs.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace mlir::tlayout;

/// Whether `type` is a static 2-D memref with the identity layout (not a
/// tlayout layout) whose elements vectors can hold.
static bool isPlainMatrix(MemRefType type) {
  return type.getRank() == 2 && type.hasStaticShape() &&
         type.getLayout().isIdentity() && !getLayoutAttr(type) &&
         VectorType::isValidElementType(type.getElementType());
}

/// The tlayout layout of `type` as a core layout, for a static 2-D memref
/// whose layout is a #tlayout.tiled that is not a view and has neither tail
/// padding nor its own element size.
static std::optional<::tlayout::TiledLayout> plainTiledLayout(MemRefType type) {
  auto attr = dyn_cast<TiledLayoutAttr>(type.getLayout());
  if (!attr || attr.isView() || type.getRank() != 2 || !type.hasStaticShape() ||
      !VectorType::isValidElementType(type.getElementType()))
    return std::nullopt;
  ::tlayout::TiledLayout layout = attr.getLayout();
  if (layout.tailPaddingAlignment != 1 || layout.elementSizeInBits != 0)
    return std::nullopt;
  return layout;
}

/// The row-major side, the other side and whether the row-major side is the
/// source, when exactly one side of `op` is a plain matrix of the other's
/// shape and element type.
static std::optional<std::tuple<MemRefType, MemRefType, bool>>
splitCopy(memref::CopyOp op) {
  auto srcType = dyn_cast<MemRefType>(op.getSource().getType());
  auto dstType = dyn_cast<MemRefType>(op.getTarget().getType());
  if (!srcType || !dstType || srcType.getShape() != dstType.getShape() ||
      srcType.getElementType() != dstType.getElementType())
    return std::nullopt;
  if (isPlainMatrix(srcType) && getLayoutAttr(dstType))
    return std::make_tuple(srcType, dstType, true);
  if (isPlainMatrix(dstType) && getLayoutAttr(srcType))
    return std::make_tuple(dstType, srcType, false);
  return std::nullopt;
}

/// The lowered buffer of `type` from the conversion, checked to have the
/// identity layout and the shape `expected`.
static FailureOr<Value> physicalBuffer(const ConversionPattern &pattern,
                                       Operation *op, MemRefType type,
                                       ValueRange lowered,
                                       ArrayRef<int64_t> expected) {
  FailureOr<PhysicalLayout> layout = layoutFor(pattern, op, type);
  if (failed(layout) || lowered.empty() ||
      layout->type.getShape() != expected ||
      !layout->type.getLayout().isIdentity() ||
      lowered.front().getType() != layout->type)
    return failure();
  return lowered.front();
}

/// Builds `affine.for %iv = 0 to size` loops, one per entry of `sizes`,
/// outermost first, leaves the builder inside the innermost and returns
/// their induction variables.
static SmallVector<Value> buildLoops(OpBuilder &builder, Location loc,
                                     ArrayRef<int64_t> sizes) {
  SmallVector<Value> ivs;
  for (int64_t size : sizes) {
    auto loop = affine::AffineForOp::create(builder, loc, 0, size, 1);
    builder.setInsertionPointToStart(loop.getBody());
    ivs.push_back(loop.getInductionVar());
  }
  return ivs;
}

/// The map (d...) -> (exprs...) over `numDims` dims.
static AffineMap mapOf(unsigned numDims, ArrayRef<AffineExpr> exprs,
                       MLIRContext *context) {
  return AffineMap::get(numDims, 0, exprs, context);
}

//===----------------------------------------------------------------------===//
// Interleaving tiles: T(r,c)(k,1)
//===----------------------------------------------------------------------===//

/// One vector of `x` and `y` (equal lengths) interleaved: x0 y0 x1 y1 ...
static Value interleavePair(OpBuilder &builder, Location loc, Value x,
                            Value y) {
  int64_t n = cast<VectorType>(x.getType()).getNumElements();
  SmallVector<int64_t> mask;
  for (int64_t i = 0; i < n; ++i)
    mask.append({i, n + i});
  return vector::ShuffleOp::create(builder, loc, x, y, mask);
}

/// The k rows of `rows` (k a power of two) interleaved: element j of row q at
/// j*k + q. The even rows interleaved and the odd rows interleaved,
/// themselves interleaved, give that order.
static Value interleaveRows(OpBuilder &builder, Location loc,
                            ArrayRef<Value> rows) {
  if (rows.size() == 1)
    return rows.front();
  SmallVector<Value> even, odd;
  for (auto [q, row] : llvm::enumerate(rows))
    (q % 2 ? odd : even).push_back(row);
  return interleavePair(builder, loc, interleaveRows(builder, loc, even),
                        interleaveRows(builder, loc, odd));
}

/// The inverse of interleaveRows: the k rows of `run`.
static SmallVector<Value> deinterleave(OpBuilder &builder, Location loc,
                                       Value run, int64_t k) {
  if (k == 1)
    return {run};
  int64_t n = cast<VectorType>(run.getType()).getNumElements() / 2;
  SmallVector<int64_t> evenMask, oddMask;
  for (int64_t i = 0; i < n; ++i) {
    evenMask.push_back(2 * i);
    oddMask.push_back(2 * i + 1);
  }
  Value x = vector::ShuffleOp::create(builder, loc, run, run, evenMask);
  Value y = vector::ShuffleOp::create(builder, loc, run, run, oddMask);
  SmallVector<Value> even = deinterleave(builder, loc, x, k / 2);
  SmallVector<Value> odd = deinterleave(builder, loc, y, k / 2);
  SmallVector<Value> rows;
  for (int64_t q = 0; q < k / 2; ++q)
    rows.append({even[q], odd[q]});
  return rows;
}

namespace {
/// The tile sizes of `T(r,c)(k,1)`.
struct InterleavedTiles {
  int64_t rows, cols, k;
};

/// `memref.copy` between a row-major matrix and `T(r,c)(k,1)` of the same
/// static shape, a whole number of tiles: per group of k rows of a tile, k
/// row loads, interleaving shuffles and one store of k*c elements (or the
/// reverse).
struct InterleavedCopyLowering : TiledOpConversionPattern<memref::CopyOp> {
  using TiledOpConversionPattern::TiledOpConversionPattern;

  /// The longest run (k*c elements) moved as one vector; longer tile rows
  /// take the generic expansion rather than shuffles of that many lanes.
  static constexpr int64_t kMaxRunElements = 1024;

  /// The tiles of `type` when its layout is exactly `{1,0:T(r,c)(k,1)}` with
  /// k = 2 or 4 dividing r, k*c at most kMaxRunElements, and its shape is a
  /// whole number of tiles.
  static std::optional<InterleavedTiles> match(MemRefType type) {
    std::optional<::tlayout::TiledLayout> layout = plainTiledLayout(type);
    if (!layout || layout->minorToMajor != ArrayRef<int64_t>{1, 0} ||
        layout->tiles.size() != 2 || layout->tiles[0].dims.size() != 2 ||
        layout->tiles[1].dims.size() != 2)
      return std::nullopt;
    ArrayRef<int64_t> outer = layout->tiles[0].dims;
    ArrayRef<int64_t> inner = layout->tiles[1].dims;
    int64_t r = outer[0], c = outer[1], k = inner[0];
    if (r <= 0 || c <= 0 || (k != 2 && k != 4) || inner[1] != 1 || r % k ||
        c > kMaxRunElements / k || type.getDimSize(0) % r ||
        type.getDimSize(1) % c)
      return std::nullopt;
    return InterleavedTiles{r, c, k};
  }

  LogicalResult
  matchAndRewrite(memref::CopyOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto split = splitCopy(op);
    if (!split)
      return rewriter.notifyMatchFailure(op, "not row-major to a layout");
    auto [plainType, tiledType, toTiled] = *split;
    std::optional<InterleavedTiles> tiles = match(tiledType);
    if (!tiles)
      return rewriter.notifyMatchFailure(op, "not whole T(r,c)(k,1) tiles");
    int64_t r = tiles->rows, c = tiles->cols, k = tiles->k;
    int64_t rowTiles = plainType.getDimSize(0) / r;
    int64_t colTiles = plainType.getDimSize(1) / c;
    ValueRange tiledValues =
        toTiled ? adaptor.getTarget() : adaptor.getSource();
    FailureOr<Value> buffer =
        physicalBuffer(*this, op, tiledType, tiledValues,
                       {rowTiles, colTiles, r / k, c, k, 1});
    if (failed(buffer))
      return rewriter.notifyMatchFailure(op, "unexpected physical buffer");
    Value plain = toTiled ? op.getSource() : op.getTarget();

    Location loc = op.getLoc();
    MLIRContext *context = rewriter.getContext();
    // The physical buffer with each group's k*c elements as one dimension.
    Value runs = memref::CollapseShapeOp::create(
        rewriter, loc, *buffer,
        ArrayRef<ReassociationIndices>{{0}, {1}, {2}, {3, 4, 5}});
    OpBuilder::InsertionGuard guard(rewriter);
    SmallVector<Value> ivs =
        buildLoops(rewriter, loc, {rowTiles, colTiles, r / k});
    AffineExpr tr = getAffineDimExpr(0, context);
    AffineExpr tc = getAffineDimExpr(1, context);
    AffineExpr g = getAffineDimExpr(2, context);
    auto rowType = VectorType::get({c}, plainType.getElementType());
    auto runType = VectorType::get({k * c}, plainType.getElementType());
    AffineMap runMap =
        mapOf(3, {tr, tc, g, getAffineConstantExpr(0, context)}, context);
    auto rowMap = [&](int64_t q) {
      return mapOf(3, {tr * r + g * k + q, tc * c}, context);
    };
    if (toTiled) {
      SmallVector<Value> rows;
      for (int64_t q = 0; q < k; ++q)
        rows.push_back(affine::AffineVectorLoadOp::create(
            rewriter, loc, rowType, plain, rowMap(q), ivs));
      Value run = interleaveRows(rewriter, loc, rows);
      affine::AffineVectorStoreOp::create(rewriter, loc, run, runs, runMap,
                                          ivs);
    } else {
      Value run = affine::AffineVectorLoadOp::create(rewriter, loc, runType,
                                                     runs, runMap, ivs);
      for (auto [q, row] : llvm::enumerate(deinterleave(rewriter, loc, run, k)))
        affine::AffineVectorStoreOp::create(rewriter, loc, row, plain,
                                            rowMap(q), ivs);
    }
    rewriter.eraseOp(op);
    return success();
  }
};
} // namespace

//===----------------------------------------------------------------------===//
// Transposing copies: row-major <-> column-major
//===----------------------------------------------------------------------===//

/// The B rows of a B x B block transposed (B a power of two): log2(B)
/// rounds; the round of half size h exchanges, between rows i and i+h
/// (i & h == 0), the upper-right and lower-left h x h blocks of every 2h x
/// 2h block on the diagonal band.
static SmallVector<Value> transposeBlock(OpBuilder &builder, Location loc,
                                         SmallVector<Value> rows) {
  int64_t b = rows.size();
  for (int64_t h = b / 2; h >= 1; h /= 2) {
    SmallVector<int64_t> upper, lower;
    for (int64_t col = 0; col < b; ++col) {
      upper.push_back(col & h ? b + col - h : col);
      lower.push_back(col & h ? b + col : col + h);
    }
    for (int64_t i = 0; i < b; ++i) {
      if (i & h)
        continue;
      Value x = rows[i], y = rows[i + h];
      rows[i] = vector::ShuffleOp::create(builder, loc, x, y, upper);
      rows[i + h] = vector::ShuffleOp::create(builder, loc, x, y, lower);
    }
  }
  return rows;
}

namespace {
/// `memref.copy` between a row-major matrix and the column-major layout
/// (`{0,1}`, no tiles) of the same static shape, a whole number of B x B
/// blocks: per block, B row loads, transposing shuffles and B row stores
/// into the other buffer.
struct TransposingCopyLowering : TiledOpConversionPattern<memref::CopyOp> {
  using TiledOpConversionPattern::TiledOpConversionPattern;

  /// The block size for `elementType`: 64 bytes of 32-bit elements, between
  /// 8 and 16 elements for others.
  static int64_t blockSize(Type elementType) {
    int64_t bits = elementType.getIntOrFloatBitWidth();
    return std::clamp<int64_t>(bits ? 512 / bits : 8, 8, 16);
  }

  LogicalResult
  matchAndRewrite(memref::CopyOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto split = splitCopy(op);
    if (!split)
      return rewriter.notifyMatchFailure(op, "not row-major to a layout");
    auto [plainType, otherType, toOther] = *split;
    std::optional<::tlayout::TiledLayout> layout = plainTiledLayout(otherType);
    if (!layout || layout->minorToMajor != ArrayRef<int64_t>{0, 1} ||
        layout->hasTiles())
      return rewriter.notifyMatchFailure(op, "not column-major");
    Type elementType = plainType.getElementType();
    if (!elementType.isIntOrFloat())
      return rewriter.notifyMatchFailure(op, "not an integer or float");
    int64_t b = blockSize(elementType);
    int64_t rows = plainType.getDimSize(0), cols = plainType.getDimSize(1);
    if (rows % b || cols % b)
      return rewriter.notifyMatchFailure(op, "not whole blocks");
    FailureOr<Value> transposed = physicalBuffer(
        *this, op, otherType,
        toOther ? adaptor.getTarget() : adaptor.getSource(), {cols, rows});
    if (failed(transposed))
      return rewriter.notifyMatchFailure(op, "unexpected physical buffer");
    Value plain = toOther ? op.getSource() : op.getTarget();
    // Element (x, y) of `from` goes to (y, x) of `to`.
    Value from = toOther ? plain : *transposed;
    Value to = toOther ? *transposed : plain;
    int64_t fromRows = toOther ? rows : cols;
    int64_t fromCols = toOther ? cols : rows;

    Location loc = op.getLoc();
    MLIRContext *context = rewriter.getContext();
    OpBuilder::InsertionGuard guard(rewriter);
    // Blocks go by groups of up to 256 x 256 elements (16 x 16 blocks of
    // 32-bit elements), so that the lines and pages a group reads and writes
    // stay in the L2 cache and the TLB while the group is moved: the
    // strided side (the rows of the destination) otherwise touches a new
    // page for every row of every block.
    int64_t s = std::max<int64_t>(1, 256 / b);
    while ((fromRows / b) % s || (fromCols / b) % s)
      s /= 2;
    SmallVector<Value> ivs = buildLoops(
        rewriter, loc, {fromRows / (b * s), fromCols / (b * s), s, s});
    AffineExpr bx =
        getAffineDimExpr(0, context) * s + getAffineDimExpr(2, context);
    AffineExpr by =
        getAffineDimExpr(1, context) * s + getAffineDimExpr(3, context);
    auto rowType = VectorType::get({b}, elementType);
    SmallVector<Value> block;
    for (int64_t i = 0; i < b; ++i)
      block.push_back(affine::AffineVectorLoadOp::create(
          rewriter, loc, rowType, from, mapOf(4, {bx * b + i, by * b}, context),
          ivs));
    for (auto [i, row] : llvm::enumerate(transposeBlock(rewriter, loc, block)))
      affine::AffineVectorStoreOp::create(
          rewriter, loc, row, to,
          mapOf(4, {by * b + static_cast<int64_t>(i), bx * b}, context), ivs);
    rewriter.eraseOp(op);
    return success();
  }
};
} // namespace

void mlir::tlayout::populateVectorizedCopyPatterns(
    const TiledLayoutTypeConverter &typeConverter,
    RewritePatternSet &patterns) {
  // Ahead of the generic expansion (benefit 1), which takes what these
  // leave.
  patterns.add<InterleavedCopyLowering, TransposingCopyLowering>(
      typeConverter, patterns.getContext(), /*benefit=*/2);
}
