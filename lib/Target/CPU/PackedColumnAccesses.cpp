//===- PackedColumnAccesses.cpp - Packed tile rows as column words --------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// The CPU's form of a vector access of one tile row of packed elements
// interleaved by groups of rows (`T(8,128)(8,1)E(4)`): one access of the
// group's run as words, one per column, shifted and masked, ahead of the
// lowering's contiguous or element-wise accesses
// (populatePackedColumnAccessPatterns). It relies on a little-endian target.
//
//===----------------------------------------------------------------------===//

#include "tlayout/Conversion/LowerTiledLayouts/Patterns.h"
#include "tlayout/Conversion/LowerTiledLayouts/PhysicalLayout.h"
#include "tlayout/Core/LayoutAnalysis.h"
#include "tlayout/Dialect/TLayout/IR/TLayoutAttrs.h"
#include "tlayout/Dialect/TLayout/IR/TLayoutOps.h"
#include "tlayout/Target/CPU/Transforms.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Interfaces/DataLayoutInterfaces.h"

#define DEBUG_TYPE "lower-tiled-layouts"

using namespace mlir;
using namespace mlir::tlayout;
using namespace mlir::tlayout::cpu;

/// A vector access of one tile row of packed elements interleaved by groups
/// of rows, `{1,0:T(r,c)(k,1)E(n)}` (the TPU's `T(8,128)(8,1)E(4)` for
/// `i4`): the c elements of row i of a tile sit one per column group of k*n
/// bits, a whole number of bytes, in the run of the tile's k rows. On a
/// little-endian target the access loads the run as c integers of k*n bits
/// (one per column) and shifts each element's bits out, or, for a store,
/// clears them, ors the new ones in and stores the run back: a
/// read-modify-write of the run, whose other rows' elements it keeps.
/// Needs a static shape of whole tiles, integer elements of exactly n bits
/// and a start column that is a known multiple of c; fails, changing
/// nothing, otherwise.
static LogicalResult accessPackedColumns(RewriterBase &rewriter, Operation *op,
                                         const OneDimVectorAccess &access) {
  auto [memref, indices, vectorType, dim, toStore] = access;
  auto type = cast<MemRefType>(memref.getType());
  int64_t bits = getPackedBits(type);
  auto attr = dyn_cast<TiledLayoutAttr>(type.getLayout());
  auto elementType = dyn_cast<IntegerType>(type.getElementType());
  if (!bits || !attr || attr.isView() || type.getRank() != 2 || dim != 1 ||
      !type.hasStaticShape() || !elementType ||
      elementType.getWidth() != bits || vectorType.getRank() != 1 ||
      vectorType.getElementType() != elementType)
    return failure();
  const TiledLayout &layout = attr.getLayout();
  if (layout.tailPaddingAlignment != 1 ||
      layout.minorToMajor != ArrayRef<int64_t>{1, 0} ||
      layout.tiles.size() != 2 || layout.tiles[0].dims.size() != 2 ||
      layout.tiles[1].dims.size() != 2 || layout.tiles[1].dims[1] != 1)
    return failure();
  int64_t r = layout.tiles[0].dims[0], c = layout.tiles[0].dims[1];
  int64_t k = layout.tiles[1].dims[0];
  int64_t perByte = 8 / bits;
  int64_t wordBits = k * bits;
  if (r <= 0 || c <= 0 || k <= 0 || r % k || k % perByte ||
      !llvm::is_contained({8, 16, 32, 64}, wordBits) ||
      vectorType.getNumElements() != c || type.getDimSize(0) % r ||
      type.getDimSize(1) % c)
    return failure();
  int64_t multiple = getKnownMultiple(indices[1]);
  if (multiple && multiple % c)
    return failure();
  // The shifts below take the bytes of a column's word in memory order from
  // its least significant bits.
  Attribute endianness = DataLayout::closest(op).getEndianness();
  if (auto name = dyn_cast_or_null<StringAttr>(endianness);
      endianness && (!name || name.getValue() != "little"))
    return failure();
  std::optional<BufferIndexing> indexing =
      llvm::expectedToOptional(attr.compile(type.getShape(), 0));
  if (!indexing || indexing->getOffset().hasSymbols())
    return failure();
  std::optional<int64_t> numBytes =
      getFootprint(*indexing, bits).physicalBytes.getConstant();
  if (!numBytes)
    return failure();

  Location loc = op->getLoc();
  MLIRContext *context = rewriter.getContext();
  AffineExpr row = getAffineDimExpr(0, context);
  AffineExpr position = toAffineExpr(indexing->getOffset(), context);
  AffineExpr slot = row % k;
  // The run's first byte, and the element's shift within its column word:
  // byte slot / perByte of the word, XLA's order within the byte.
  // The run starts at the position of the tile row's first element in the
  // group's first row (the start column is a multiple of c).
  AffineExpr col = getAffineDimExpr(1, context);
  AffineExpr runByte = simplifyAffineExpr(
      position.replaceDims({row - slot, col.floorDiv(c) * c}).floorDiv(perByte),
      2, 0);
  AffineExpr shift =
      (slot.floorDiv(perByte)) * 8 + (perByte - 1 - slot % perByte) * bits;
  auto apply = [&](AffineExpr expr) {
    return affine::AffineApplyOp::create(
        rewriter, loc, AffineMap::get(2, 0, expr), access.indices);
  };
  auto i8 = rewriter.getI8Type();
  auto bufferType = MemRefType::get(
      {*numBytes}, i8, MemRefLayoutAttrInterface(), type.getMemorySpace());
  Value buffer = ToPhysicalOp::create(rewriter, loc, bufferType, memref);
  Value start = apply(runByte);
  auto wordType = rewriter.getIntegerType(wordBits);
  auto wordsType = VectorType::get({c}, wordType);
  Value run = vector::LoadOp::create(rewriter, loc,
                                     VectorType::get({c * wordBits / 8}, i8),
                                     buffer, ValueRange{start});
  Value words = vector::BitCastOp::create(rewriter, loc, wordsType, run);
  Value shiftIndex = apply(shift);
  Value shiftWord =
      arith::IndexCastUIOp::create(rewriter, loc, wordType, shiftIndex);
  Value shifts =
      vector::BroadcastOp::create(rewriter, loc, wordsType, shiftWord);
  if (!toStore) {
    Value moved = arith::ShRUIOp::create(rewriter, loc, words, shifts);
    rewriter.replaceOp(
        op,
        arith::TruncIOp::create(rewriter, loc, vectorType, moved).getResult());
    return success();
  }
  Value ones = arith::ConstantOp::create(
      rewriter, loc,
      DenseElementsAttr::get(wordsType, APInt::getLowBitsSet(wordBits, bits)));
  Value allOnes = arith::ConstantOp::create(
      rewriter, loc,
      DenseElementsAttr::get(wordsType, APInt::getAllOnes(wordBits)));
  Value mask = arith::ShLIOp::create(rewriter, loc, ones, shifts);
  Value keep = arith::XOrIOp::create(rewriter, loc, mask, allOnes);
  Value cleared = arith::AndIOp::create(rewriter, loc, words, keep);
  Value value = arith::ExtUIOp::create(rewriter, loc, wordsType, toStore);
  Value placed = arith::ShLIOp::create(rewriter, loc, value, shifts);
  Value updated = arith::OrIOp::create(rewriter, loc, cleared, placed);
  Value bytes =
      vector::BitCastOp::create(rewriter, loc, run.getType(), updated);
  vector::StoreOp::create(rewriter, loc, bytes, buffer, ValueRange{start});
  rewriter.eraseOp(op);
  return success();
}

/// accessPackedColumns for an unmasked, in-bounds 1-D vector access outside
/// any vector.mask. Fails, changing nothing, where it does not apply.
static LogicalResult tryPackedColumns(RewriterBase &rewriter, Operation *op) {
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(op);
  if (auto transfer = dyn_cast<VectorTransferOpInterface>(op)) {
    std::optional<OneDimVectorAccess> access =
        getOneDimTransferAccess(transfer);
    if (!access || isa_and_nonnull<vector::MaskOp>(op->getParentOp()))
      return failure();
    return accessPackedColumns(rewriter, op, *access);
  }
  std::optional<AffineVectorAccess> access = getAffineVectorAccess(op);
  if (!access || access->type.getRank() != 1 ||
      !getPackedBits(cast<MemRefType>(access->memref.getType())))
    return failure();
  return rewriteAffineVectorAccess(rewriter, op, *access, accessPackedColumns);
}

namespace {
/// A vector access of one tile row of `T(r,c)(k,1)E(n)` packed elements as
/// one access of the group's run, one word per column (accessPackedColumns);
/// other accesses are left to VectorAccessLowering.
template <typename AccessOp>
struct PackedColumnAccessLowering : TiledOpConversionPattern<AccessOp> {
  using TiledOpConversionPattern<AccessOp>::TiledOpConversionPattern;
  LogicalResult matchAndRewrite(
      AccessOp op,
      typename TiledOpConversionPattern<AccessOp>::OneToNOpAdaptor adaptor,
      ConversionPatternRewriter &rewriter) const override {
    return tryPackedColumns(rewriter, op);
  }
};
} // namespace

void mlir::tlayout::cpu::populatePackedColumnAccessPatterns(
    const TiledLayoutTypeConverter &typeConverter,
    RewritePatternSet &patterns) {
  // Ahead of VectorAccessLowering (benefit 1), which takes what these leave.
  patterns.add<PackedColumnAccessLowering<vector::TransferReadOp>,
               PackedColumnAccessLowering<vector::TransferWriteOp>,
               PackedColumnAccessLowering<affine::AffineVectorLoadOp>,
               PackedColumnAccessLowering<affine::AffineVectorStoreOp>>(
      typeConverter, patterns.getContext(), /*benefit=*/2);
}
