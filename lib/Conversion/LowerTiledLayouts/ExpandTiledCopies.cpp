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
// canonicalization simplifies; dynamic shapes give scf loops. Packed
// elements (E(1), E(2), E(4)) are copied one by one through the lowering of
// their loads and stores, so copies between packed and unpacked layouts
// work like any other. A copy between layouts that place every element at
// the same offset (the core's haveSamePlacement, else comparePlacement for
// static shapes; the same packing; also between a tiled layout and the
// identity) moves the physical buffers whole, as bytes when packed.
//
//===----------------------------------------------------------------------===//

#include "tlayout/Conversion/LowerTiledLayouts/Patterns.h"
#include "tlayout/Conversion/LowerTiledLayouts/PhysicalLayout.h"

#include "tlayout/Core/DimsLayout.h"
#include "tlayout/Core/LayoutAnalysis.h"
#include "tlayout/Dialect/TLayout/IR/MemRefLayout.h"
#include "tlayout/Dialect/TLayout/IR/TLayoutAttrs.h"
#include "tlayout/Dialect/TLayout/IR/TLayoutOps.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IntegerSet.h"
#include "llvm/Support/DebugLog.h"

#define DEBUG_TYPE "lower-tiled-layouts"

using namespace mlir;
using namespace mlir::tlayout;

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

/// The walk over the physical dimensions of `indexing`: its inverse map.
static CopyWalk physicalWalk(const BufferIndexing &indexing) {
  CopyWalk walk;
  for (const BufferDim &dim : indexing.getDims())
    walk.extents.push_back(dim.size);
  const InverseMap &inverse = indexing.getInverse();
  walk.logicalIndex.assign(inverse.logicalIndex.begin(),
                           inverse.logicalIndex.end());
  walk.guards.assign(inverse.guards.begin(), inverse.guards.end());
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

FailureOr<Operation *> mlir::tlayout::expandTiledCopy(RewriterBase &rewriter,
                                                      memref::CopyOp op) {
  auto srcType = dyn_cast<MemRefType>(op.getSource().getType());
  auto dstType = dyn_cast<MemRefType>(op.getTarget().getType());
  if (!srcType || !dstType ||
      (!getLayoutAttr(srcType) && !getLayoutAttr(dstType)))
    return rewriter.notifyMatchFailure(op, "no ranked tiled memref");
  if (srcType.getShape() != dstType.getShape() &&
      (srcType.hasStaticShape() && dstType.hasStaticShape()))
    return rewriter.notifyMatchFailure(op, "shapes differ");

  CopyWalk walk;
  // A tiled destination is walked in its physical order; a view of one in
  // its logical order (its physical positions are not a whole buffer).
  LayoutAttrInterface dstLayout = getLayoutAttr(dstType);
  if (dstLayout && !dstLayout.isView()) {
    LayoutAttrInterface layout = dstLayout;
    llvm::Expected<BufferIndexing> indexing =
        layout.compile(dstType.getShape(), 0);
    if (!indexing)
      return rewriter.notifyMatchFailure(
          op, "the destination layout does not compile: " +
                  llvm::toString(indexing.takeError()));
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

  auto isStatic = [](const IndexExpr &e) { return !e.hasSymbols(); };
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

/// The compiled layout of a memref that is a whole buffer: its tlayout
/// layout, or row-major for the identity layout; std::nullopt for views,
/// other layouts and layouts with an element size of their own that the
/// lowering does not pack.
static std::optional<BufferIndexing> wholeBufferLayoutOf(MemRefType type) {
  LayoutAttrInterface layout = getLayoutAttr(type);
  if (layout ? layout.isView() ||
                   (layout.getElementSizeInBits() != 0 && !getPackedBits(type))
             : !type.getLayout().isIdentity())
    return std::nullopt;
  return llvm::expectedToOptional(compileMemRefIndexing(type));
}

/// Whether a copy from `src` to `dst` can move the physical buffers whole:
/// the same elements, packed alike, at the same offsets of buffers of the
/// same size: the core's haveSamePlacement (the normal form, else the
/// structure, which also answers for dynamic shapes), and for static shapes
/// it leaves open, comparePlacement's element-by-element check.
static bool placeSame(MemRefType src, MemRefType dst) {
  if (src.getShape() != dst.getShape() ||
      src.getElementType() != dst.getElementType() ||
      getPackedBits(src) != getPackedBits(dst))
    return false;
  std::optional<BufferIndexing> a = wholeBufferLayoutOf(src);
  std::optional<BufferIndexing> b = wholeBufferLayoutOf(dst);
  if (!a || !b)
    return false;
  if (std::optional<bool> same = haveSamePlacement(*a, *b))
    return *same;
  if (!src.hasStaticShape())
    return false;
  std::optional<PlacementComparison> same =
      llvm::expectedToOptional(comparePlacement(*a, *b));
  return same && same->same;
}

/// `memref` as its physical buffer, 1-D: of the element type, or of bytes
/// when the layout packs several elements into a byte (E(1), E(2), E(4);
/// the last byte may hold fewer elements and padding bits, and the buffer
/// has that many bytes: ceil(elements * bits / 8)). An identity memref is
/// collapsed.
static Value wholeBufferOf(RewriterBase &rewriter, Location loc, Value memref) {
  auto type = cast<MemRefType>(memref.getType());
  if (!getLayoutAttr(type)) {
    ReassociationIndices all =
        llvm::to_vector(llvm::seq<int64_t>(0, type.getRank()));
    return memref::CollapseShapeOp::create(rewriter, loc, memref,
                                           ArrayRef<ReassociationIndices>{all});
  }
  std::optional<BufferIndexing> indexing = wholeBufferLayoutOf(type);
  int64_t packed = getPackedBits(type);
  std::optional<int64_t> size;
  if (indexing)
    size = packed ? getFootprint(*indexing, packed).physicalBytes.getConstant()
                  : indexing->getNumElements().getConstant();
  Type element = packed ? rewriter.getI8Type() : type.getElementType();
  auto bufferType =
      MemRefType::get({size.value_or(ShapedType::kDynamic)}, element,
                      MemRefLayoutAttrInterface(), type.getMemorySpace());
  return ToPhysicalOp::create(rewriter, loc, bufferType, memref);
}

/// Copies the physical buffer of `src` into that of `dst` (placeSame):
/// one `memref.copy`. A packed buffer of N positions of n bits ends inside
/// its last byte when N * n is not a multiple of 8; the bits after it are
/// not the buffer's, so the whole bytes are one copy and the last byte is
/// merged under the mask of the buffer's bits (the lowest positions of a
/// byte take its most significant bits).
static Operation *copyWholeBuffers(RewriterBase &rewriter, Location loc,
                                   Value src, Value dst) {
  Value from = wholeBufferOf(rewriter, loc, src);
  Value to = wholeBufferOf(rewriter, loc, dst);
  auto type = cast<MemRefType>(src.getType());
  int64_t packed = getPackedBits(type);
  if (!packed)
    return memref::CopyOp::create(rewriter, loc, from, to);
  MLIRContext *context = rewriter.getContext();
  std::optional<BufferIndexing> indexing = wholeBufferLayoutOf(type);
  // The logical sizes, for the symbols of the element count.
  SmallVector<OpFoldResult> sizes;
  for (unsigned i = 0; i < type.getRank(); ++i)
    sizes.push_back(
        type.isDynamicDim(i)
            ? OpFoldResult(
                  memref::DimOp::create(rewriter, loc, src, i).getResult())
            : OpFoldResult(rewriter.getIndexAttr(type.getDimSize(i))));
  AffineExpr bits = toAffineExpr(indexing->getNumElements(), context) * packed;
  auto apply = [&](AffineExpr e) {
    return affine::makeComposedFoldedAffineApply(
        rewriter, loc, AffineMap::get(0, type.getRank(), e), sizes);
  };
  OpFoldResult whole = apply(bits.floorDiv(8));
  OpFoldResult rest = apply(bits % 8);
  std::optional<int64_t> staticRest = getConstantIntValue(rest);
  if (staticRest == 0)
    return memref::CopyOp::create(rewriter, loc, from, to);
  auto wholeBytes = [&](Value buffer) -> Value {
    return memref::SubViewOp::create(
        rewriter, loc, buffer, ArrayRef<OpFoldResult>{rewriter.getIndexAttr(0)},
        ArrayRef<OpFoldResult>{whole},
        ArrayRef<OpFoldResult>{rewriter.getIndexAttr(1)});
  };
  Operation *copy =
      memref::CopyOp::create(rewriter, loc, wholeBytes(from), wholeBytes(to));
  OpBuilder::InsertionGuard guard(rewriter);
  if (!staticRest) {
    Value restValue = getValueOrCreateConstantIndexOp(rewriter, loc, rest);
    Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
    Value partial = arith::CmpIOp::create(
        rewriter, loc, arith::CmpIPredicate::ne, restValue, zero);
    auto ifOp = scf::IfOp::create(rewriter, loc, partial,
                                  /*withElseRegion=*/false);
    rewriter.setInsertionPointToStart(ifOp.thenBlock());
  }
  // mask = (0xff << (8 - rest)) & 0xff, the buffer's bits of the last byte.
  Value last = getValueOrCreateConstantIndexOp(rewriter, loc, whole);
  Value mask;
  if (staticRest) {
    mask = arith::ConstantIntOp::create(
        rewriter, loc, static_cast<int8_t>((0xff << (8 - *staticRest)) & 0xff),
        8);
  } else {
    Value restBits = arith::IndexCastOp::create(
        rewriter, loc, rewriter.getI32Type(),
        getValueOrCreateConstantIndexOp(rewriter, loc, rest));
    auto i32 = [&](int64_t v) {
      return arith::ConstantIntOp::create(rewriter, loc, v, 32);
    };
    Value shift = arith::SubIOp::create(rewriter, loc, i32(8), restBits);
    Value mask32 = arith::AndIOp::create(
        rewriter, loc, arith::ShLIOp::create(rewriter, loc, i32(0xff), shift),
        i32(0xff));
    mask = arith::TruncIOp::create(rewriter, loc, rewriter.getI8Type(), mask32);
  }
  Value keep = arith::XOrIOp::create(
      rewriter, loc, mask, arith::ConstantIntOp::create(rewriter, loc, -1, 8));
  Value fromByte = memref::LoadOp::create(rewriter, loc, from, last);
  Value toByte = memref::LoadOp::create(rewriter, loc, to, last);
  Value merged = arith::OrIOp::create(
      rewriter, loc, arith::AndIOp::create(rewriter, loc, toByte, keep),
      arith::AndIOp::create(rewriter, loc, fromByte, mask));
  memref::StoreOp::create(rewriter, loc, merged, to, last);
  return copy;
}

FailureOr<Operation *> mlir::tlayout::expandCopyOp(RewriterBase &rewriter,
                                                   CopyOp op) {
  auto srcType = cast<MemRefType>(op.getSource().getType());
  auto dstType = cast<MemRefType>(op.getTarget().getType());
  Location loc = op.getLoc();
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(op);
  if (getLayoutAttr(srcType) && getLayoutAttr(dstType) &&
      placeSame(srcType, dstType)) {
    // The same placement: move the physical buffers whole.
    LDBG() << "tlayout.copy at " << loc
           << ": the same placement, the buffers copied whole";
    Operation *copy =
        copyWholeBuffers(rewriter, loc, op.getSource(), op.getTarget());
    rewriter.eraseOp(op);
    return copy;
  }
  auto copy =
      memref::CopyOp::create(rewriter, loc, op.getSource(), op.getTarget());
  if (!getLayoutAttr(srcType) && !getLayoutAttr(dstType)) {
    rewriter.eraseOp(op);
    return copy.getOperation();
  }
  LDBG() << "tlayout.copy at " << loc
         << ": another placement, expanded as memref.copy";
  // `op` stays until the expansion succeeded, so that a caller can report
  // at it.
  FailureOr<Operation *> expanded = expandTiledCopy(rewriter, copy);
  if (failed(expanded)) {
    rewriter.eraseOp(copy);
    return failure();
  }
  rewriter.eraseOp(op);
  return expanded;
}

/// Rewrites a `memref.copy` between two static layouts that place every
/// element at the same offset (equal layouts, `{0}` and `{0:T(128)}` of
/// `[128]`, a tiled layout and the identity, two equal packed layouts) into
/// one copy of the physical buffers as 1-D memrefs (bytes when packed),
/// which upstream lowers to one `memcpy`. Fails, changing nothing, for any
/// other copy.
static FailureOr<Operation *> copyWhole(RewriterBase &rewriter,
                                        memref::CopyOp op) {
  auto srcType = dyn_cast<MemRefType>(op.getSource().getType());
  auto dstType = dyn_cast<MemRefType>(op.getTarget().getType());
  if (!srcType || !dstType || srcType.getRank() == 0 ||
      !srcType.hasStaticShape() || !placeSame(srcType, dstType))
    return rewriter.notifyMatchFailure(op, "placements differ");
  Location loc = op.getLoc();
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(op);
  // Both buffers hold the same elements at the same offsets: as 1-D
  // buffers (of the physical size, padding included), one copy.
  // placeSame saw buffers of one size.
  Operation *copy =
      copyWholeBuffers(rewriter, loc, op.getSource(), op.getTarget());
  rewriter.eraseOp(op);
  return copy;
}

//===----------------------------------------------------------------------===//
// Patterns
//===----------------------------------------------------------------------===//

namespace {
/// A `memref.copy` with a tiled memref on either side becomes the loop nest
/// of expandTiledCopy. The nest accesses the original memrefs, and the
/// conversion lowers those accesses in turn.
struct CopyLowering : TiledOpConversionPattern<memref::CopyOp> {
  using TiledOpConversionPattern::TiledOpConversionPattern;
  LogicalResult check(memref::CopyOp op, EmitErrorFn emitError) const override {
    if (!isa<MemRefType>(op.getSource().getType()) ||
        !isa<MemRefType>(op.getTarget().getType())) {
      emitError() << op->getName()
                  << " between a tiled memref and an unranked memref cannot "
                     "be rewritten; cast the unranked memref to the ranked "
                     "shape first";
      return failure();
    }
    return success();
  }
  LogicalResult
  matchAndRewrite(memref::CopyOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (succeeded(copyWhole(rewriter, op)))
      return success();
    return success(succeeded(expandTiledCopy(rewriter, op)));
  }
};

/// A `tlayout.copy` becomes a copy of the physical buffers or a loop nest
/// (expandCopyOp).
struct TLayoutCopyLowering : TiledOpConversionPattern<CopyOp> {
  using TiledOpConversionPattern::TiledOpConversionPattern;
  LogicalResult
  matchAndRewrite(CopyOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    return success(succeeded(expandCopyOp(rewriter, op)));
  }
};
} // namespace

void mlir::tlayout::populateTiledCopyPatterns(
    const TiledLayoutTypeConverter &typeConverter,
    RewritePatternSet &patterns) {
  patterns.add<CopyLowering, TLayoutCopyLowering>(typeConverter,
                                                  patterns.getContext());
}
