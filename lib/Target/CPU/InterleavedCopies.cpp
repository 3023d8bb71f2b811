//===- InterleavedCopies.cpp - Copies of T(r,c)(k,1) tiles ----------------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// Copies between row-major and tiles interleaved by groups of rows,
// `T(r,c)(2,1)` and `T(r,c)(4,1)`, as row loads, interleaving shuffles on
// integer lanes and whole-run stores (see VectorizeTiledCopies.cpp).
//
//===----------------------------------------------------------------------===//

#include "CopyEmission.h"

#include "tlayout/Conversion/LowerTiledLayouts/Patterns.h"
#include "tlayout/Conversion/LowerTiledLayouts/PhysicalLayout.h"

#include "tlayout/Dialect/TLayout/IR/TLayoutAttrs.h"
#include "tlayout/Dialect/TLayout/IR/TLayoutDialect.h"
#include "tlayout/Target/CPU/Transforms.h"
#include "tlayout/Target/CPU/Tuning.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/bit.h"

using namespace mlir;
using namespace mlir::tlayout;
using namespace mlir::tlayout::cpu;

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
  InterleavedCopyLowering(const TiledLayoutTypeConverter &typeConverter,
                          MLIRContext *context, PatternBenefit benefit,
                          int64_t nontemporalThreshold)
      : TiledOpConversionPattern(typeConverter, context, benefit),
        nontemporalThreshold(nontemporalThreshold) {}

  /// The fewest bytes a copy writes to use non-temporal stores (0: never).
  int64_t nontemporalThreshold;

  /// The tiles of `type` when its layout is exactly `{1,0:T(r,c)(k,1)}` with
  /// k = 2 or 4 dividing r, k*c at most kMaxInterleavedRunElements, and its
  /// shape is a whole number of tiles.
  static std::optional<InterleavedTiles> match(MemRefType type) {
    std::optional<TiledLayout> layout = plainTiledLayout(type);
    if (!layout || !isVectorizableElement(type.getElementType()) ||
        layout->minorToMajor != ArrayRef<int64_t>{1, 0} ||
        layout->tiles.size() != 2 || layout->tiles[0].dims.size() != 2 ||
        layout->tiles[1].dims.size() != 2)
      return std::nullopt;
    ArrayRef<int64_t> outer = layout->tiles[0].dims;
    ArrayRef<int64_t> inner = layout->tiles[1].dims;
    int64_t r = outer[0], c = outer[1], k = inner[0];
    if (r <= 0 || c <= 0 || (k != 2 && k != 4) || inner[1] != 1 || r % k ||
        c > kMaxInterleavedRunElements / k || type.getDimSize(0) % r ||
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
    // Named copies: a lambda below captures them (capturing a structured
    // binding is C++20).
    MemRefType plainType = std::get<0>(*split);
    MemRefType tiledType = std::get<1>(*split);
    bool toTiled = std::get<2>(*split);
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
    Type elementType = plainType.getElementType();
    Type laneType = getIntegerLaneType(elementType);
    auto emitNest = [&](bool nontemporal) {
      OpBuilder::InsertionGuard guard(rewriter);
      SmallVector<Value> ivs =
          buildLoops(rewriter, loc, {rowTiles, colTiles, r / k});
      // The shuffles go on integer lanes (see withLaneType).
      if (toTiled) {
        SmallVector<Value> rows;
        for (int64_t q = 0; q < k; ++q)
          rows.push_back(
              withLaneType(rewriter, loc,
                           affine::AffineVectorLoadOp::create(
                               rewriter, loc, rowType, plain, rowMap(q), ivs),
                           laneType));
        Value run = withLaneType(
            rewriter, loc, interleaveRows(rewriter, loc, rows), elementType);
        storeRun(rewriter, loc, run, runs, runMap, ivs, nontemporal);
      } else {
        Value run = withLaneType(rewriter, loc,
                                 affine::AffineVectorLoadOp::create(
                                     rewriter, loc, runType, runs, runMap, ivs),
                                 laneType);
        for (auto [q, row] :
             llvm::enumerate(deinterleave(rewriter, loc, run, k)))
          storeRun(rewriter, loc, withLaneType(rewriter, loc, row, elementType),
                   plain, rowMap(q), ivs, nontemporal);
      }
    };
    // Every store starts at a multiple of its run (k*c elements into the
    // tiles) or of a row and of c elements (into the row-major matrix).
    // (match() admits only byte-sized elements; the matrix's rows are whole
    // multiples of c.)
    int64_t bytes = plainType.getElementTypeBitWidth() / 8;
    bool linesAligned =
        (toTiled ? k * c : c) * bytes % kNontemporalAlignment == 0;
    emitCopyNest(rewriter, loc, toTiled ? *buffer : plain,
                 linesAligned &&
                     reachesThreshold(plainType, nontemporalThreshold),
                 emitNest);
    rewriter.eraseOp(op);
    return success();
  }
};
} // namespace

void mlir::tlayout::cpu::populateInterleavedCopyPatterns(
    const TiledLayoutTypeConverter &typeConverter, RewritePatternSet &patterns,
    PatternBenefit benefit, int64_t nontemporalThreshold) {
  patterns.add<InterleavedCopyLowering>(typeConverter, patterns.getContext(),
                                        benefit, nontemporalThreshold);
}
