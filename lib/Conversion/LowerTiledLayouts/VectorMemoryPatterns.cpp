//===- VectorMemoryPatterns.cpp - Masked, gather and compress accesses ----===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// vector.maskedload/maskedstore, vector.gather/scatter and
// vector.expandload/compressstore of tiled memrefs, lane by lane. Each lane
// is one scalar memref.load or memref.store of the tiled memref under an
// scf.if on its mask bit, which --lower-tiled-layouts then lowers through
// the layout's index map (so a lane lands on its own element whatever tile
// it is in, and packed elements are read and written as any scalar access
// is). Masked-off lanes touch no memory, as upstream specifies: a load's
// lane takes the pass-through value and a store's lane is skipped, whatever
// its index.
//
// The lanes' memref indices, as upstream defines them:
// - maskedload/maskedstore: lane k at the base indices plus k in the
//   innermost dimension;
// - gather/scatter: lane p (row-major over the vector shape) at the base
//   indices plus index_vec[p] in the innermost dimension (signed); lanes of
//   a scatter are stored in lane order;
// - expandload/compressstore: the active lanes, in lane order, at
//   consecutive positions from the base indices along the innermost
//   dimension (lane k at the base plus the number of active lanes before k).
//
//===----------------------------------------------------------------------===//

#include "tlayout/Conversion/LowerTiledLayouts/Patterns.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace mlir::tlayout;

using mlir::tlayout::kMaxSplitVectorElements;

/// Fails, explaining through `emitError`, when the lowering cannot split
/// `op`'s vector of type `vectorType` on `baseType` into lanes: a scalable
/// or too large vector, a base that is not a memref of scalars or has rank
/// 0, a vector of rank above 1 where `oneD` (the lanes of maskedload,
/// maskedstore, expandload and compressstore run along one dimension), or an op
/// inside a vector.mask.
static LogicalResult checkLanes(Operation *op, VectorType vectorType,
                                Type baseType, bool oneD,
                                EmitErrorFn emitError) {
  if (vectorType.isScalable()) {
    emitError() << op->getName() << " of a tiled memref with the scalable "
                << "vector type " << vectorType
                << " cannot be rewritten: the lowering accesses a vector "
                   "lane by lane, and a scalable vector has no fixed number "
                   "of lanes; use a fixed-length vector";
    return failure();
  }
  if (vectorType.getNumElements() > kMaxSplitVectorElements) {
    emitError() << op->getName()
                << " of a tiled memref is split into one access per lane, "
                   "and this vector has more than "
                << kMaxSplitVectorElements << " lanes; access smaller vectors";
    return failure();
  }
  auto memref = dyn_cast<MemRefType>(baseType);
  if (!memref || !memref.getElementType().isIntOrIndexOrFloat()) {
    emitError() << op->getName() << " of " << baseType
                << " cannot be rewritten: the lowering splits vector accesses "
                   "of memrefs of scalars only";
    return failure();
  }
  if (memref.getRank() == 0) {
    emitError() << op->getName() << " of the rank-0 tiled memref " << memref
                << " cannot be rewritten: its lanes run along the memref's "
                   "innermost dimension, and a rank-0 memref has none; use "
                   "memref.load or memref.store of its one element";
    return failure();
  }
  if (oneD && vectorType.getRank() != 1) {
    emitError() << op->getName() << " of the rank-" << vectorType.getRank()
                << " vector type " << vectorType
                << " on a tiled memref cannot be rewritten: its lanes run "
                   "along the memref's innermost dimension, which the "
                   "lowering takes for 1-D vectors only; split it into 1-D "
                   "accesses";
    return failure();
  }
  if (isa_and_nonnull<vector::MaskOp>(op->getParentOp())) {
    emitError() << op->getName()
                << " of a tiled memref inside vector.mask cannot be "
                   "rewritten: give the op the mask as its own mask operand";
    return failure();
  }
  return success();
}

/// `base` with `offset` added to its last index.
static SmallVector<Value> shiftInnermost(OpBuilder &builder, Location loc,
                                         ValueRange base, Value offset) {
  SmallVector<Value> index(base.begin(), base.end());
  index.back() = arith::AddIOp::create(builder, loc, index.back(), offset);
  return index;
}

/// All positions of a vector shape in row-major order.
static SmallVector<SmallVector<int64_t>> lanesOf(VectorType type) {
  ArrayRef<int64_t> shape = type.getShape();
  SmallVector<SmallVector<int64_t>> result;
  SmallVector<int64_t> position(shape.size(), 0);
  for (int64_t n = 0, e = type.getNumElements(); n < e; ++n) {
    int64_t rest = n;
    for (size_t i = shape.size(); i-- > 0;) {
      position[i] = rest % shape[i];
      rest /= shape[i];
    }
    result.push_back(position);
  }
  return result;
}

/// Reads lane `position` of a vector: `memref[index]` where `bit` holds,
/// the lane of `passthru` otherwise.
static Value readLane(OpBuilder &builder, Location loc, Value memref,
                      ArrayRef<Value> index, Value bit, Value passthru,
                      ArrayRef<int64_t> position) {
  auto ifOp = scf::IfOp::create(
      builder, loc, bit,
      [&](OpBuilder &b, Location l) {
        scf::YieldOp::create(
            b, l, memref::LoadOp::create(b, l, memref, index).getResult());
      },
      [&](OpBuilder &b, Location l) {
        scf::YieldOp::create(
            b, l,
            vector::ExtractOp::create(b, l, passthru, position).getResult());
      });
  return ifOp.getResult(0);
}

/// Writes lane `position` of `vector` to `memref[index]` where `bit` holds.
static void writeLane(OpBuilder &builder, Location loc, Value vector,
                      Value memref, ArrayRef<Value> index, Value bit,
                      ArrayRef<int64_t> position) {
  auto ifOp = scf::IfOp::create(builder, loc, bit, /*withElseRegion=*/false);
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToStart(ifOp.thenBlock());
  Value value = vector::ExtractOp::create(builder, loc, vector, position);
  memref::StoreOp::create(builder, loc, value, memref, index);
}

/// The memref indices of each lane (see the file comment), and its mask bit.
/// `indexVector` is the index_vec of a gather or scatter; `compressed` says
/// the active lanes are consecutive (expandload, compressstore).
static SmallVector<std::pair<SmallVector<Value>, Value>>
laneIndices(OpBuilder &builder, Location loc, VectorType type, ValueRange base,
            Value mask, Value indexVector, bool compressed) {
  SmallVector<std::pair<SmallVector<Value>, Value>> result;
  Value one, zero, count;
  if (compressed) {
    one = arith::ConstantIndexOp::create(builder, loc, 1);
    zero = arith::ConstantIndexOp::create(builder, loc, 0);
    count = zero;
  }
  for (const SmallVector<int64_t> &position : lanesOf(type)) {
    Value bit = vector::ExtractOp::create(builder, loc, mask, position);
    Value offset;
    if (indexVector) {
      offset = vector::ExtractOp::create(builder, loc, indexVector, position);
      if (!offset.getType().isIndex())
        offset = arith::IndexCastOp::create(builder, loc,
                                            builder.getIndexType(), offset);
    } else if (compressed) {
      offset = count;
      count = arith::AddIOp::create(
          builder, loc, count,
          arith::SelectOp::create(builder, loc, bit, one, zero));
    } else {
      offset = arith::ConstantIndexOp::create(builder, loc, position.back());
    }
    result.emplace_back(shiftInnermost(builder, loc, base, offset), bit);
  }
  return result;
}

namespace {

/// A masked, gathering or expanding load of a tiled memref, lane by lane.
template <typename LoadOp>
struct LaneLoadLowering : TiledOpConversionPattern<LoadOp> {
  using TiledOpConversionPattern<LoadOp>::TiledOpConversionPattern;
  static constexpr bool isGather = std::is_same_v<LoadOp, vector::GatherOp>;
  static constexpr bool isExpand = std::is_same_v<LoadOp, vector::ExpandLoadOp>;

  LogicalResult check(LoadOp op, EmitErrorFn emitError) const override {
    return checkLanes(op, op.getVectorType(), op.getBase().getType(),
                      /*oneD=*/!isGather, emitError);
  }
  LogicalResult
  matchAndRewrite(LoadOp op,
                  typename TiledOpConversionPattern<LoadOp>::OneToNOpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value indexVector;
    ValueRange base;
    if constexpr (isGather) {
      indexVector = op.getIndices();
      base = op.getOffsets();
    } else {
      base = op.getIndices();
    }
    SmallVector<SmallVector<int64_t>> lanes = lanesOf(op.getVectorType());
    SmallVector<Value> values;
    for (auto [lane, access] : llvm::enumerate(
             laneIndices(rewriter, loc, op.getVectorType(), base, op.getMask(),
                         indexVector, /*compressed=*/isExpand)))
      values.push_back(readLane(rewriter, loc, op.getBase(), access.first,
                                access.second, op.getPassThru(), lanes[lane]));
    rewriter.replaceOp(op, vector::FromElementsOp::create(
                               rewriter, loc, op.getVectorType(), values));
    return success();
  }
};

/// A masked, scattering or compressing store to a tiled memref, lane by
/// lane.
template <typename StoreOp>
struct LaneStoreLowering : TiledOpConversionPattern<StoreOp> {
  using TiledOpConversionPattern<StoreOp>::TiledOpConversionPattern;
  static constexpr bool isScatter = std::is_same_v<StoreOp, vector::ScatterOp>;
  static constexpr bool isCompress =
      std::is_same_v<StoreOp, vector::CompressStoreOp>;

  LogicalResult check(StoreOp op, EmitErrorFn emitError) const override {
    return checkLanes(op, op.getVectorType(), op.getBase().getType(),
                      /*oneD=*/!isScatter, emitError);
  }
  LogicalResult
  matchAndRewrite(StoreOp op,
                  typename TiledOpConversionPattern<StoreOp>::OneToNOpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value indexVector;
    ValueRange base;
    if constexpr (isScatter) {
      indexVector = op.getIndices();
      base = op.getOffsets();
    } else {
      base = op.getIndices();
    }
    SmallVector<SmallVector<int64_t>> lanes = lanesOf(op.getVectorType());
    for (auto [lane, access] : llvm::enumerate(
             laneIndices(rewriter, loc, op.getVectorType(), base, op.getMask(),
                         indexVector, /*compressed=*/isCompress)))
      writeLane(rewriter, loc, op.getValueToStore(), op.getBase(), access.first,
                access.second, lanes[lane]);
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void mlir::tlayout::populateTiledVectorMemoryPatterns(
    const TiledLayoutTypeConverter &typeConverter,
    RewritePatternSet &patterns) {
  patterns.add<LaneLoadLowering<vector::MaskedLoadOp>,
               LaneLoadLowering<vector::GatherOp>,
               LaneLoadLowering<vector::ExpandLoadOp>,
               LaneStoreLowering<vector::MaskedStoreOp>,
               LaneStoreLowering<vector::ScatterOp>,
               LaneStoreLowering<vector::CompressStoreOp>>(
      typeConverter, patterns.getContext());
}
