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
  if (failed(checkFixedLengthVector(op, vectorType, "lane", emitError)))
    return failure();
  if (vectorType.getNumElements() > kMaxSplitVectorElements) {
    emitError() << op->getName()
                << " of a tiled memref is split into one access per lane, "
                   "and this vector has more than "
                << kMaxSplitVectorElements << " lanes; access smaller vectors";
    return failure();
  }
  if (failed(checkMemRefOfScalars(op, baseType, emitError)))
    return failure();
  auto memref = cast<MemRefType>(baseType);
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

namespace {
/// One lane of a vector access: its position in the vector, its memref
/// indices (see the file comment) and its mask bit.
struct Lane {
  SmallVector<int64_t> position;
  SmallVector<Value> index;
  Value bit;
};
} // namespace

/// Reads `lane` of a vector: `memref[index]` where its bit holds, the lane
/// of `passthru` otherwise.
static Value readLane(OpBuilder &builder, Location loc, Value memref,
                      const Lane &lane, Value passthru) {
  auto ifOp = scf::IfOp::create(
      builder, loc, lane.bit,
      [&](OpBuilder &b, Location l) {
        scf::YieldOp::create(
            b, l, memref::LoadOp::create(b, l, memref, lane.index).getResult());
      },
      [&](OpBuilder &b, Location l) {
        scf::YieldOp::create(
            b, l,
            vector::ExtractOp::create(b, l, passthru, lane.position)
                .getResult());
      });
  return ifOp.getResult(0);
}

/// Writes `lane` of `vector` to `memref[index]` where its bit holds.
static void writeLane(OpBuilder &builder, Location loc, Value vector,
                      Value memref, const Lane &lane) {
  auto ifOp =
      scf::IfOp::create(builder, loc, lane.bit, /*withElseRegion=*/false);
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToStart(ifOp.thenBlock());
  Value value = vector::ExtractOp::create(builder, loc, vector, lane.position);
  memref::StoreOp::create(builder, loc, value, memref, lane.index);
}

/// The lanes of a vector of type `type` at `base`, in row-major order.
/// `indexVector` is the index_vec of a gather or scatter; `compressed` says
/// the active lanes are consecutive (expandload, compressstore).
static SmallVector<Lane> lanesOf(OpBuilder &builder, Location loc,
                                 VectorType type, ValueRange base, Value mask,
                                 Value indexVector, bool compressed) {
  SmallVector<Lane> result;
  Value one, zero, count;
  if (compressed) {
    one = arith::ConstantIndexOp::create(builder, loc, 1);
    zero = arith::ConstantIndexOp::create(builder, loc, 0);
    count = zero;
  }
  for (const SmallVector<int64_t> &position :
       getVectorPositions(type.getShape())) {
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
    result.push_back(
        {position, shiftInnermost(builder, loc, base, offset), bit});
  }
  return result;
}

namespace {

/// A masked, gathering or expanding load of a tiled memref, or a masked,
/// scattering or compressing store to one, lane by lane.
template <typename AccessOp>
struct LaneAccessLowering : TiledOpConversionPattern<AccessOp> {
  using TiledOpConversionPattern<AccessOp>::TiledOpConversionPattern;
  static constexpr bool isLoad =
      llvm::is_one_of<AccessOp, vector::MaskedLoadOp, vector::GatherOp,
                      vector::ExpandLoadOp>::value;
  /// Gather and scatter offset each lane by its entry of an index vector.
  static constexpr bool isIndexed =
      llvm::is_one_of<AccessOp, vector::GatherOp, vector::ScatterOp>::value;
  /// Expandload and compressstore access the active lanes consecutively.
  static constexpr bool isCompressed =
      llvm::is_one_of<AccessOp, vector::ExpandLoadOp,
                      vector::CompressStoreOp>::value;

  LogicalResult check(AccessOp op, EmitErrorFn emitError) const override {
    return checkLanes(op, op.getVectorType(), op.getBase().getType(),
                      /*oneD=*/!isIndexed, emitError);
  }
  LogicalResult
  matchAndRewrite(AccessOp op,
                  typename TiledOpConversionPattern<AccessOp>::OneToNOpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value indexVector;
    ValueRange base;
    if constexpr (isIndexed) {
      indexVector = op.getIndices();
      base = op.getOffsets();
    } else {
      base = op.getIndices();
    }
    SmallVector<Value> values;
    for (const Lane &lane : lanesOf(rewriter, loc, op.getVectorType(), base,
                                    op.getMask(), indexVector, isCompressed)) {
      if constexpr (isLoad)
        values.push_back(
            readLane(rewriter, loc, op.getBase(), lane, op.getPassThru()));
      else
        writeLane(rewriter, loc, op.getValueToStore(), op.getBase(), lane);
    }
    if constexpr (isLoad)
      rewriter.replaceOp(op, vector::FromElementsOp::create(
                                 rewriter, loc, op.getVectorType(), values));
    else
      rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void mlir::tlayout::populateTiledVectorMemoryPatterns(
    const TiledLayoutTypeConverter &typeConverter,
    RewritePatternSet &patterns) {
  patterns.add<LaneAccessLowering<vector::MaskedLoadOp>,
               LaneAccessLowering<vector::GatherOp>,
               LaneAccessLowering<vector::ExpandLoadOp>,
               LaneAccessLowering<vector::MaskedStoreOp>,
               LaneAccessLowering<vector::ScatterOp>,
               LaneAccessLowering<vector::CompressStoreOp>>(
      typeConverter, patterns.getContext());
}
