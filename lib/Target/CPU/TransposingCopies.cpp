//===- TransposingCopies.cpp - Transposing copies by blocks ---------------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// Copies between layouts whose contiguous runs go along different
// dimensions (row-major and `{0,1}`, `{1,0:T(8,128)}` and
// `{0,1:T(8,128)}`) by blocks of one line a run, each moved as sub-blocks
// of one register by one 128-bit lane, staged or by staged groups (see
// VectorizeTiledCopies.cpp).
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
// Transposing copies
//===----------------------------------------------------------------------===//

/// LLVM's loop annotation that keeps a loop from being unrolled.
static LLVM::LoopAnnotationAttr notUnrolledLoop(MLIRContext *context) {
  auto unroll = LLVM::LoopUnrollAttr::get(
      context, BoolAttr::get(context, true), /*count=*/{},
      /*runtimeDisable=*/{}, /*full=*/{}, /*followupUnrolled=*/{},
      /*followupRemainder=*/{}, /*followupAll=*/{});
  return LLVM::LoopAnnotationAttr::get(
      context, /*disableNonforced=*/{}, /*vectorize=*/{}, /*interleave=*/{},
      unroll, /*unrollAndJam=*/{}, /*licm=*/{}, /*distribute=*/{},
      /*pipeline=*/{}, /*peeled=*/{}, /*unswitch=*/{}, /*mustProgress=*/{},
      /*isVectorized=*/{}, /*startLoc=*/{}, /*endLoc=*/{},
      /*parallelAccesses=*/{});
}

/// The attribute that marks a staging buffer of this file, its slot: the
/// copies of one function take turns with the same buffers (they run one
/// after another; none is in a parallel loop).
static constexpr llvm::StringLiteral kStagingSlotAttrName =
    "tlayout.staging_slot";

/// A `memref.alloca` of `type`, aligned to a line, at the start of the
/// function around `op`, allocated once per call whatever loops `op` is in
/// and shared by the copies of the function that ask for the same type and
/// `slot` (a copy that needs two buffers of one type asks for two slots);
/// nothing when `op` is not in a function or is in a region other than the
/// bodies of sequential loops and conditionals (a parallel loop's
/// iterations would share the buffer). Upstream's lowering frees nothing at
/// the end of an `scf.for` iteration: an alloca in a loop's body takes new
/// stack every trip.
static Value stagingBuffer(OpBuilder &builder, Operation *op, MemRefType type,
                           int64_t slot = 0) {
  Operation *parent = op->getParentOp();
  while (parent && !isa<FunctionOpInterface>(parent)) {
    if (!isa<scf::ForOp, scf::IfOp, scf::WhileOp, scf::IndexSwitchOp,
             scf::ExecuteRegionOp, affine::AffineForOp, affine::AffineIfOp>(
            parent))
      return Value();
    parent = parent->getParentOp();
  }
  if (!parent || parent->getRegion(0).empty())
    return Value();
  Block &entry = parent->getRegion(0).front();
  // Only a buffer ahead of `op` (in the entry block, before the op there
  // that holds `op`) dominates it.
  Operation *holder = entry.findAncestorOpInBlock(*op);
  for (auto alloca : entry.getOps<memref::AllocaOp>()) {
    if (!holder || !alloca->isBeforeInBlock(holder))
      break;
    auto marked = alloca->getAttrOfType<IntegerAttr>(kStagingSlotAttrName);
    if (marked && marked.getInt() == slot && alloca.getType() == type)
      return alloca;
  }
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToStart(&entry);
  auto alloca = memref::AllocaOp::create(
      builder, op->getLoc(), type, ValueRange(),
      builder.getI64IntegerAttr(kNontemporalAlignment));
  alloca->setAttr(kStagingSlotAttrName, builder.getI64IntegerAttr(slot));
  return alloca;
}

/// An `scf.for` from 0 to `trips` by 1 that LLVM must not unroll (see
/// notUnrolledLoop).
static scf::ForOp createNotUnrolledLoop(OpBuilder &builder, Location loc,
                                        int64_t trips) {
  auto loop = scf::ForOp::create(
      builder, loc, arith::ConstantIndexOp::create(builder, loc, 0),
      arith::ConstantIndexOp::create(builder, loc, trips),
      arith::ConstantIndexOp::create(builder, loc, 1));
  loop->setAttr(kLoopAnnotationAttrName, notUnrolledLoop(builder.getContext()));
  return loop;
}

/// Emits a loop over the rows of `stage` (its element type is that of
/// `lineType`'s integer lanes) that LLVM must not unroll: row k is the whole
/// line of `lineType` loaded from `source` at `lineMap(ivs, k)`, while the
/// lines at `prefetchMaps(ivs, k)` are prefetched into every cache level.
/// (Unrolled, LLVM forwards the rows' stores to the loads that read them back
/// and keeps the whole block in registers.)
static void emitStagingLoop(OpBuilder &builder, Location loc, Value source,
                            VectorType lineType, AffineMap lineMap,
                            ArrayRef<AffineMap> prefetchMaps, ValueRange ivs,
                            Value stage) {
  OpBuilder::InsertionGuard guard(builder);
  auto stageType = cast<MemRefType>(stage.getType());
  scf::ForOp lineLoop =
      createNotUnrolledLoop(builder, loc, stageType.getDimSize(0));
  builder.setInsertionPointToStart(lineLoop.getBody());
  SmallVector<Value> operands(ivs);
  operands.push_back(lineLoop.getInductionVar());
  Value line =
      vector::LoadOp::create(builder, loc, lineType, source,
                             emitResults(builder, loc, lineMap, operands, {}));
  for (AffineMap prefetchMap : prefetchMaps)
    memref::PrefetchOp::create(
        builder, loc, source,
        emitResults(builder, loc, prefetchMap, operands, {}),
        /*isWrite=*/false, /*localityHint=*/3, /*isDataCache=*/true);
  Value zero = arith::ConstantIndexOp::create(builder, loc, 0);
  vector::StoreOp::create(
      builder, loc,
      withLaneType(builder, loc, line, stageType.getElementType()), stage,
      ValueRange{lineLoop.getInductionVar(), zero});
}

/// Two vectors of the same type concatenated: x0 ... y0 ...
static Value concatPair(OpBuilder &builder, Location loc, Value x, Value y) {
  int64_t n = cast<VectorType>(x.getType()).getNumElements();
  return vector::ShuffleOp::create(
      builder, loc, x, y, llvm::to_vector(llvm::seq<int64_t>(0, 2 * n)));
}

/// The vectors of `pieces` (a power of two of them, of one type) concatenated
/// in order.
static Value concatPieces(OpBuilder &builder, Location loc,
                          ArrayRef<Value> pieces) {
  SmallVector<Value> level(pieces);
  while (level.size() > 1) {
    SmallVector<Value> next;
    for (size_t k = 0; k + 1 < level.size(); k += 2)
      next.push_back(concatPair(builder, loc, level[k], level[k + 1]));
    level = std::move(next);
  }
  return level.front();
}

/// The elements of `elementType` in one 128-bit lane, the unit within which
/// every SIMD instruction set interleaves two vectors in one instruction
/// (x86's punpckl/punpckh of any width, AArch64's zip1/zip2).
static int64_t laneElements(Type elementType) {
  return kMinVectorRegisterBytes * 8 / elementType.getIntOrFloatBitWidth();
}

/// The L vectors of `rows` (L a power of two, each of n elements, n a
/// multiple of L), each transposed as L x L blocks within every run of L
/// lanes: element j of lane k of the result's vector t is element t of lane
/// k of `rows[j]`. When lane k of `rows[i]` holds L elements of one row of
/// a matrix (row i + k * L, from one column on), vector t of the result
/// holds column t of rows 0 to n - 1 in order: one register of a transposed
/// run. Returned as vectors of integer lanes of the element's width (see
/// withLaneType: x86 without native vectors of the element, as bf16 on
/// AVX2, moves a block of `<32 x bfloat>` rows element by element).
/// log2(L) rounds interleave, within each lane, the low halves and the high
/// halves of vectors i and i + L/2 into vectors 2i and 2i + 1; each rotates
/// the bits of the vector index and of the position within the lane into
/// each other, and after log2(L) of them they have been exchanged. No
/// instruction crosses a lane: one punpck or zip a vector a round.
static SmallVector<Value> transposeLanes(OpBuilder &builder, Location loc,
                                         SmallVector<Value> rows) {
  int64_t lane = rows.size();
  auto type = cast<VectorType>(rows.front().getType());
  int64_t n = type.getNumElements();
  Type laneType = getIntegerLaneType(type.getElementType());
  for (Value &row : rows)
    row = withLaneType(builder, loc, row, laneType);
  SmallVector<int64_t> low, high;
  for (int64_t start = 0; start < n; start += lane) {
    for (int64_t c = 0; c < lane / 2; ++c) {
      low.append({start + c, n + start + c});
      high.append({start + lane / 2 + c, n + start + lane / 2 + c});
    }
  }
  for (int64_t round = 1; round < lane; round *= 2) {
    SmallVector<Value> next(lane);
    for (int64_t i = 0; i < lane / 2; ++i) {
      Value x = rows[i], y = rows[i + lane / 2];
      next[2 * i] = vector::ShuffleOp::create(builder, loc, x, y, low);
      next[2 * i + 1] = vector::ShuffleOp::create(builder, loc, x, y, high);
    }
    rows = std::move(next);
  }
  return rows;
}

/// The logical dimension of the static 2-D `type` along which every run of
/// `b` elements that starts at a multiple of `b` lies in order along the
/// last dimension of its physical buffer: the most minor dimension of the
/// identity layout, of a tlayout layout without tiles, or of one with a
/// single tile of positive sizes whose last size is a multiple of `b` (the
/// run then stays within one tile row). Nothing for other layouts.
static std::optional<unsigned> runDimension(MemRefType type, int64_t b) {
  if (type.getRank() != 2 || !type.hasStaticShape() ||
      !VectorType::isValidElementType(type.getElementType()))
    return std::nullopt;
  if (!getLayoutAttr(type))
    return type.getLayout().isIdentity() ? std::optional<unsigned>(1)
                                         : std::nullopt;
  std::optional<TiledLayout> layout = plainTiledLayout(type);
  if (!layout || layout->tiles.size() > 1)
    return std::nullopt;
  if (layout->hasTiles()) {
    ArrayRef<int64_t> dims = layout->tiles.front().dims;
    if (llvm::any_of(dims, [](int64_t size) { return size <= 0; }) ||
        dims.back() % b)
      return std::nullopt;
  }
  return static_cast<unsigned>(layout->minorToMajor.front());
}

namespace {
/// One side of a transposing copy: its physical buffer, the map from the
/// logical indices to the buffer's indices and the logical dimension along
/// which aligned runs are contiguous (see runDimension).
struct TransposeSide {
  Value buffer;
  AffineMap indexMap;
  unsigned runDim;
};

/// `memref.copy` between two static 2-D layouts of the same shape whose
/// contiguous runs go along different logical dimensions: row-major and
/// column-major (`{0,1}`), or `{1,0:T(8,128)}` and `{0,1:T(8,128)}` (the
/// transposed array in tiles, XLA's transpose as a relayout), or any mix of
/// the identity layout, tlayout layouts without tiles and single-tile
/// layouts whose tile rows hold whole blocks. The copy moves square blocks
/// of B x B elements, each as sub-blocks of R x L (R elements in one vector
/// register, L in one 128-bit lane): per band of L target runs, the B/R
/// sub-blocks along `other` loaded (R partial runs each, L elements of each)
/// and transposed within lanes, their registers concatenated into L runs of
/// B stored into the target where its stores are non-temporal, or stored
/// register by register (from a staging buffer for a tiled source; by
/// staged groups through two for an untiled source of narrow elements, see
/// below);
/// the elements past the last whole block along either dimension go by the
/// largest smaller blocks that fit, down to 8 x 8, and the few left one by
/// one.
struct TransposingCopyLowering : TiledOpConversionPattern<memref::CopyOp> {
  TransposingCopyLowering(const TiledLayoutTypeConverter &typeConverter,
                          MLIRContext *context, PatternBenefit benefit,
                          int64_t nontemporalThreshold,
                          int64_t vectorRegisterBytes)
      : TiledOpConversionPattern(typeConverter, context, benefit),
        nontemporalThreshold(nontemporalThreshold),
        vectorRegisterBytes(vectorRegisterBytes) {}

  /// The fewest bytes a copy writes to use non-temporal stores (0: never).
  int64_t nontemporalThreshold;
  /// The bytes of the target's vector registers (the pass checks for a
  /// power of two of at least kMinVectorRegisterBytes): the rows of the
  /// sub-blocks that blocks are transposed by.
  int64_t vectorRegisterBytes;

  /// The elements of `elementType` in one vector register, at most the
  /// block of `b` (a power of two), and a power of two (as the sub-blocks
  /// need) whatever width a caller of the populate function passes.
  int64_t registerElements(Type elementType, int64_t b) const {
    auto registerBits = static_cast<uint64_t>(
        8 * std::max(vectorRegisterBytes, kMinVectorRegisterBytes));
    return std::min<int64_t>(
        b, static_cast<int64_t>(llvm::bit_floor(
               registerBits / elementType.getIntOrFloatBitWidth())));
  }

  /// The block sizes to try for `elementType`, largest first: from one
  /// 64-byte line of elements per run (8 of 64 bits, 16 of 32, 32 of 16, 64
  /// of 8) down to 8 elements.
  static SmallVector<int64_t> blockSizes(Type elementType) {
    int64_t bits = elementType.getIntOrFloatBitWidth();
    SmallVector<int64_t> sizes;
    for (int64_t b = std::max<int64_t>(8, 512 / bits); b >= 8; b /= 2)
      sizes.push_back(b);
    return sizes;
  }

  /// The side of the copy of type `type` lowered to `lowered`, when its
  /// runs of `b` elements are contiguous.
  FailureOr<TransposeSide> side(memref::CopyOp op, MemRefType type,
                                ValueRange lowered, int64_t b) const {
    std::optional<unsigned> runDim = runDimension(type, b);
    if (!runDim || lowered.size() != 1)
      return failure();
    if (!getLayoutAttr(type))
      return TransposeSide{
          lowered.front(),
          AffineMap::getMultiDimIdentityMap(2, op.getContext()), *runDim};
    FailureOr<PhysicalLayout> layout = layoutFor(*this, op, type);
    if (failed(layout) || layout->packedBits ||
        !layout->type.hasStaticShape() ||
        !layout->type.getLayout().isIdentity() ||
        lowered.front().getType() != layout->type ||
        layout->indexMap.getNumSymbols() != 0)
      return failure();
    return TransposeSide{lowered.front(), layout->indexMap, *runDim};
  }

  LogicalResult
  matchAndRewrite(memref::CopyOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto srcType = dyn_cast<MemRefType>(op.getSource().getType());
    auto dstType = dyn_cast<MemRefType>(op.getTarget().getType());
    if (!srcType || !dstType || srcType.getShape() != dstType.getShape() ||
        srcType.getElementType() != dstType.getElementType() ||
        (!getLayoutAttr(srcType) && !getLayoutAttr(dstType)))
      return rewriter.notifyMatchFailure(op, "not a relayout copy");
    Type elementType = srcType.getElementType();
    if (!isVectorizableElement(elementType))
      return rewriter.notifyMatchFailure(
          op, "not an 8- to 64-bit integer or float");
    // The largest block whose runs both sides hold contiguously and that
    // the shape holds at least once. The blocks cover the largest multiple
    // of the block along each dimension; the rest (fewer than b rows and
    // columns) goes by smaller blocks, and what none fits in element by
    // element (see emitRest).
    int64_t b = 0;
    FailureOr<TransposeSide> from = failure(), to = failure();
    for (int64_t size : blockSizes(elementType)) {
      from = side(op, srcType, adaptor.getSource(), size);
      to = side(op, dstType, adaptor.getTarget(), size);
      if (failed(from) || failed(to) || from->runDim == to->runDim)
        continue;
      if (srcType.getDimSize(0) < size || srcType.getDimSize(1) < size)
        continue;
      b = size;
      break;
    }
    if (!b)
      return rewriter.notifyMatchFailure(
          op, "not a transposing copy of at least one block");
    // The source's runs go along `run`, the target's along `other`.
    unsigned run = from->runDim, other = to->runDim;
    int64_t otherBlocks = srcType.getDimSize(other) / b;
    int64_t runBlocks = srcType.getDimSize(run) / b;

    Location loc = op.getLoc();
    MLIRContext *context = rewriter.getContext();
    AffineExpr d0 = getAffineDimExpr(0, context);
    // The indices of `side`'s buffer at the logical point with `otherAt`
    // along `other` and `runAt` along `run`, over `numDims` loop ivs.
    auto indexMapOver = [&](unsigned numDims, const TransposeSide &side,
                            AffineExpr otherAt, AffineExpr runAt) {
      SmallVector<AffineExpr, 2> point(2);
      point[other] = otherAt;
      point[run] = runAt;
      return simplifyAffineMap(
          side.indexMap.compose(mapOf(numDims, point, context)));
    };
    // The same over the block nest's four ivs.
    auto indexMap = [&](const TransposeSide &side, AffineExpr otherAt,
                        AffineExpr runAt) {
      return indexMapOver(4, side, otherAt, runAt);
    };
    Type laneType = getIntegerLaneType(elementType);
    auto lineType = VectorType::get({b}, elementType);
    // The staging buffer of a tiled source (see below), one for both nests.
    std::optional<TiledLayout> srcLayout = plainTiledLayout(srcType);
    bool srcTiled = srcLayout && srcLayout->hasTiles();
    Value stage = srcTiled ? stagingBuffer(rewriter, op,
                                           MemRefType::get({b, b}, laneType))
                           : Value();
    // One block: per band of L target runs, the B / R sub-blocks of R x L
    // elements along `other` (L in one 128-bit lane, R in one vector
    // register): lane k of register i holds the L elements of source run
    // i + k * L from the band's first column (`loadLane(otherAt, runAt)`
    // within the block, integer lanes), and the in-lane transposes leave in
    // register t the R elements of the band's column t. With `wholeRuns`,
    // the sub-blocks' registers are concatenated so that each run of the
    // target is stored whole (a line, as non-temporal stores need):
    // `storeTargetRun(run, runAt, 0)`; without, each sub-block's registers
    // are stored as they come, `storeTargetRun(part, runAt, otherAt)`, and
    // only one sub-block is live at a time (two of 16 registers each, for
    // s8 on AVX2, spill).
    // The elements in one 128-bit lane of the sub-blocks of a block of
    // `size` (the blocks of the rest, below, are smaller than b).
    auto laneOf = [&](int64_t size) {
      return std::min(registerElements(elementType, size),
                      laneElements(elementType));
    };
    auto emitBlock =
        [&](int64_t size, function_ref<Value(int64_t, int64_t)> loadLane,
            function_ref<void(Value, int64_t, int64_t)> storeTargetRun,
            bool wholeRuns) {
          int64_t reg = registerElements(elementType, size);
          int64_t lane = laneOf(size);
          for (int64_t q = 0; q < size; q += lane) {
            SmallVector<SmallVector<Value>> pieces;
            for (int64_t p = 0; p < size; p += reg) {
              SmallVector<Value> rows;
              for (int64_t i = 0; i < lane; ++i) {
                SmallVector<Value> lanes;
                for (int64_t k = 0; k < reg; k += lane)
                  lanes.push_back(loadLane(p + k + i, q));
                rows.push_back(concatPieces(rewriter, loc, lanes));
              }
              SmallVector<Value> piece = transposeLanes(rewriter, loc, rows);
              if (wholeRuns) {
                pieces.push_back(std::move(piece));
                continue;
              }
              for (int64_t t = 0; t < lane; ++t)
                storeTargetRun(piece[t], q + t, p);
            }
            if (!wholeRuns)
              continue;
            // Register t of each piece holds the elements at `q + t` along
            // `run`, in order along `other`: one run of the target.
            for (int64_t t = 0; t < lane; ++t) {
              SmallVector<Value> run;
              for (ArrayRef<Value> piece : pieces)
                run.push_back(piece[t]);
              storeTargetRun(concatPieces(rewriter, loc, run), q + t, 0);
            }
          }
        };
    // `otherCount` blocks of `size` along `other` from the element
    // `otherFrom`, by `runCount` along `run` from `runFrom`. Only blocks of
    // b go through a tiled source's staging buffer.
    auto emitNest = [&](bool nontemporal, int64_t size, int64_t otherFrom,
                        int64_t otherCount, int64_t runFrom, int64_t runCount) {
      OpBuilder::InsertionGuard guard(rewriter);
      // Blocks go by groups of up to 256 x 256 elements (16 x 16 blocks of
      // 32-bit elements), so that the lines and pages a group reads and
      // writes stay in the L2 cache and the TLB while the group is moved:
      // the side read or written across its runs otherwise touches a new
      // page for every run of every block. Within a group the innermost
      // loop walks the source's runs. (A group of narrower elements is as
      // many lines.) The group is a whole number of blocks: fewer blocks
      // where the block counts have few factors of 2.
      int64_t s = std::max<int64_t>(1, 256 / size);
      while (otherCount % s || runCount % s)
        s /= 2;
      AffineExpr otherStart =
          (d0 * s + getAffineDimExpr(2, context)) * size + otherFrom;
      AffineExpr runStart =
          (getAffineDimExpr(1, context) * s + getAffineDimExpr(3, context)) *
              size +
          runFrom;
      SmallVector<Value> ivs =
          buildLoops(rewriter, loc, {otherCount / s, runCount / s, s, s});
      // A tiled source's B runs are first copied whole, one line each, into
      // a buffer of B x B elements that stays in the L1 cache, while the
      // same lines of the next block are prefetched; the sub-blocks then
      // read parts of runs from the buffer. The runs of a block of a tiled
      // source lie in B / (tile rows) tiles far apart, lines that the
      // hardware prefetchers do not follow from one block to the next: on
      // an AVX2 host, tiled transposes of bf16 and s8 ran at 0.7-0.9 of
      // memcpy read from the source and at 1.0-1.2 staged. The rows of a
      // row-major source are streams the prefetchers follow, and staging
      // them cost f32 and bf16 a fifth. The loop is kept a loop (LLVM would
      // forward the stores of an unrolled one to the sub-blocks' loads and
      // keep the whole block in registers).
      bool staged = stage && size == b;
      if (staged) {
        // Over the block's 4 indices and the line's (d4).
        auto lineAt = [&](AffineExpr otherAt, AffineExpr runAt) {
          return indexMapOver(5, *from, otherAt + getAffineDimExpr(4, context),
                              runAt);
        };
        // The same line of the next block in the nest's order (within the
        // group, then on along `other`, wrapping at the end of the range).
        AffineExpr next =
            getAffineDimExpr(2, context) * s + getAffineDimExpr(3, context) + 1;
        AffineExpr nextOther =
            ((d0 * s + next.floorDiv(s)) % otherCount) * b + otherFrom;
        AffineExpr nextRun =
            (getAffineDimExpr(1, context) * s + next % s) * b + runFrom;
        emitStagingLoop(rewriter, loc, from->buffer, lineType,
                        lineAt(otherStart, runStart),
                        lineAt(nextOther, nextRun), ivs, stage);
      }
      int64_t lane = laneOf(size);
      emitBlock(
          size,
          [&](int64_t otherAt, int64_t runAt) -> Value {
            if (staged)
              return affine::AffineVectorLoadOp::create(
                  rewriter, loc, VectorType::get({lane}, laneType), stage,
                  mapOf(0,
                        {getAffineConstantExpr(otherAt, context),
                         getAffineConstantExpr(runAt, context)},
                        context),
                  ValueRange());
            return withLaneType(
                rewriter, loc,
                affine::AffineVectorLoadOp::create(
                    rewriter, loc, VectorType::get({lane}, elementType),
                    from->buffer,
                    indexMap(*from, otherStart + otherAt, runStart + runAt),
                    ivs),
                laneType);
          },
          [&](Value run, int64_t runAt, int64_t otherAt) {
            storeRun(rewriter, loc,
                     withLaneType(rewriter, loc, run, elementType), to->buffer,
                     indexMap(*to, otherStart + otherAt, runStart + runAt), ivs,
                     nontemporal);
          },
          /*wholeRuns=*/nontemporal);
    };
    // A run of the target starts at a multiple of b elements of a last
    // physical dimension that holds whole runs: with b elements in 64
    // bytes, every store starts a line, where that dimension is a whole
    // number of runs (a row-major or column-major side of an odd size
    // is not).
    auto targetType = cast<MemRefType>(to->buffer.getType());
    int64_t bits = elementType.getIntOrFloatBitWidth();
    bool lineBlocks =
        b * bits == 8 * kNontemporalAlignment && targetType.hasStaticShape();
    bool linesAligned = lineBlocks && targetType.getShape().back() % b == 0;
    // Staged groups (see below): a group side of `groupBlocks` blocks.
    int64_t groupBlocks = kGroupRunBytes * 8 / (b * bits);
    int64_t g = groupBlocks * b;
    Value groupIn, groupOut;
    int64_t groupsOther = otherBlocks / groupBlocks;
    int64_t groupsRun = runBlocks / groupBlocks;
    bool nontemporalCopy = reachesThreshold(dstType, nontemporalThreshold);
    // Carried groups (see below): b elements fill a line but the target's
    // runs do not start lines, the target is untiled (a tile adds physical
    // dimensions: its runs are the rows of a 2-D buffer, each whole) and at
    // least 3 groups go down each run.
    bool carried = false;
    if (!srcTiled && bits < 32 && groupBlocks >= 2 && groupsOther >= 1 &&
        groupsRun >= 1 && runDimension(dstType, g) == other) {
      carried = nontemporalCopy && lineBlocks && !linesAligned &&
                groupsOther >= 3 && targetType.getRank() == 2;
      auto groupType = MemRefType::get({g, g}, laneType);
      groupIn = stagingBuffer(rewriter, op, groupType);
      groupOut = groupIn
                     ? stagingBuffer(
                           rewriter, op,
                           MemRefType::get({g, carried ? g + b : g}, laneType),
                           /*slot=*/1)
                     : Value();
      carried = carried && groupOut;
    }
    // An untiled source (row-major, or `{0,1}`) of elements narrower than
    // 32 bits, whose target holds runs of g elements, goes by staged groups
    // (as many whole ones as fit; the blocks past them go by the blocks'
    // nest) of g x g elements (runs of kGroupRunBytes on both sides) through
    // two buffers of integer lanes that stay in the L2 cache (64 KiB each for 8
    // bits, 32 KiB for 16; shared by the function's copies): the group's g
    // source runs copied whole into the first, its blocks transposed from
    // the first into the second, and the second's g rows stored whole as
    // the target's runs. Both sides then move runs of kGroupRunBytes, where
    // the blocks alone read and write runs of one line, each on a page of
    // its own.
    //
    // Carried groups: where the target's runs do not start lines (an odd
    // size, a column of 4000 bytes), each run's stores are shifted to the
    // lines of the target (wherever its pointer lies): the groups go down
    // each run (the loop along `other` innermost), and the second buffer's
    // rows start after b elements that carry the last line of the run's
    // previous group. The run's first group stores its g elements with
    // plain stores; each group between stores the whole lines from the one
    // that holds its first element up to the one that holds its last,
    // exclusive, non-temporally, the carried elements first; the last group
    // stores the carried elements' line and its own g elements with plain
    // stores. `shift` is the elements by which the run's start is past a
    // line: a run's groups all have the same, since g elements are
    // kGroupRunBytes, whole lines.
    auto emitGroupNest = [&](bool nontemporal) {
      OpBuilder::InsertionGuard guard(rewriter);
      Value pointer = carried ? memref::ExtractAlignedPointerAsIndexOp::create(
                                    rewriter, loc, to->buffer)
                                    .getResult()
                              : Value();
      SmallVector<Value> ivs;
      if (carried) {
        SmallVector<Value> loops =
            buildLoops(rewriter, loc, {groupsRun, groupsOther});
        ivs = {loops[1], loops[0]};
      } else {
        ivs = buildLoops(rewriter, loc, {groupsOther, groupsRun});
      }
      int64_t carry = carried ? b : 0;
      AffineExpr d1 = getAffineDimExpr(1, context);
      AffineExpr d2 = getAffineDimExpr(2, context);
      // The rows' maps are over the group's two indices and a row's (d2).
      // While a source run is copied, the lines of the run
      // kGroupPrefetchRows further on are prefetched (wrapping within the
      // group): each run is on a page of its own, 4 lines that the
      // hardware prefetchers do not see coming.
      SmallVector<AffineMap> prefetchMaps;
      for (int64_t at = 0; at < g; at += b)
        prefetchMaps.push_back(indexMapOver(
            3, *from, d0 * g + (d2 + kGroupPrefetchRows) % g, d1 * g + at));
      emitStagingLoop(rewriter, loc, from->buffer,
                      VectorType::get({g}, elementType),
                      indexMapOver(3, *from, d0 * g + d2, d1 * g), prefetchMaps,
                      ivs, groupIn);
      {
        OpBuilder::InsertionGuard blockGuard(rewriter);
        SmallVector<Value> blockIvs =
            buildLoops(rewriter, loc, {groupBlocks, groupBlocks});
        emitBlock(
            b,
            [&](int64_t otherAt, int64_t runAt) -> Value {
              return affine::AffineVectorLoadOp::create(
                  rewriter, loc, VectorType::get({laneOf(b)}, laneType),
                  groupIn,
                  mapOf(2, {d0 * b + otherAt, d1 * b + runAt}, context),
                  blockIvs);
            },
            [&](Value part, int64_t runAt, int64_t otherAt) {
              affine::AffineVectorStoreOp::create(
                  rewriter, loc, part, groupOut,
                  mapOf(2, {d1 * b + runAt, d0 * b + otherAt + carry}, context),
                  blockIvs);
            },
            /*wholeRuns=*/false);
      }
      // A row of the second buffer, a run of the target, goes as lines of
      // b elements bitcast to the element type, in a loop LLVM must not
      // unroll, like the staging loop (the form measured; with buffers of
      // bf16 rather than integer lanes, LLVM 22 on AVX2 moved some lines of
      // the unrolled loop element by element).
      auto lineVector = VectorType::get({b}, laneType);
      // The line of the second buffer's row `row` from `column`.
      auto loadLine = [&](Value row, Value column) {
        return withLaneType(rewriter, loc,
                            vector::LoadOp::create(rewriter, loc, lineVector,
                                                   groupOut, {row, column}),
                            elementType);
      };
      auto constant = [&](int64_t value) -> Value {
        return arith::ConstantIndexOp::create(rewriter, loc, value);
      };
      // The row loop: `emitRow(row, operands)` with the group's ivs and
      // the row's in `operands`.
      auto emitRowLoop =
          [&](function_ref<void(Value, SmallVector<Value> &)> emitRow) {
            scf::ForOp rowLoop = createNotUnrolledLoop(rewriter, loc, g);
            OpBuilder::InsertionGuard rowGuard(rewriter);
            rewriter.setInsertionPointToStart(rowLoop.getBody());
            SmallVector<Value> operands(ivs);
            operands.push_back(rowLoop.getInductionVar());
            emitRow(rowLoop.getInductionVar(), operands);
          };
      // The run's g elements from the row, stored as they lie.
      auto storeRow = [&](Value row, SmallVector<Value> &operands,
                          bool nontemporalLines) {
        for (int64_t at = 0; at < g; at += b)
          storeRunAt(rewriter, loc, loadLine(row, constant(carry + at)),
                     to->buffer, indexMapOver(3, *to, d0 * g + at, d1 * g + d2),
                     operands, nontemporalLines);
      };
      if (!carried) {
        emitRowLoop([&](Value row, SmallVector<Value> &operands) {
          storeRow(row, operands, nontemporal);
        });
        return;
      }
      // The shift of the run of the row (over the group's ivs and the
      // row's, and the pointer as a symbol): the elements of its start
      // past a line, from its offset in the 2-D target buffer.
      int64_t elementBytes = bits / 8;
      AffineMap start = indexMapOver(3, *to, d0 * g, d1 * g + d2);
      AffineExpr offset =
          start.getResult(0) * targetType.getDimSize(1) + start.getResult(1);
      AffineExpr pastLine =
          (getAffineSymbolExpr(0, context) + offset * elementBytes) %
          kNontemporalAlignment;
      AffineMap shiftMap =
          AffineMap::get(3, 1, pastLine.floorDiv(elementBytes), context);
      auto carryOver = [&](Value row) {
        Value last = vector::LoadOp::create(rewriter, loc, lineVector, groupOut,
                                            {row, constant(g)});
        vector::StoreOp::create(rewriter, loc, last, groupOut,
                                {row, constant(0)});
      };
      Value isFirst = arith::CmpIOp::create(
          rewriter, loc, arith::CmpIPredicate::eq, ivs[0], constant(0));
      Value isLast =
          arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq, ivs[0],
                                constant(groupsOther - 1));
      auto first = scf::IfOp::create(rewriter, loc, isFirst,
                                     /*withElseRegion=*/true);
      rewriter.setInsertionPoint(first.thenBlock()->getTerminator());
      emitRowLoop([&](Value row, SmallVector<Value> &operands) {
        storeRow(row, operands, /*nontemporalLines=*/false);
        carryOver(row);
      });
      rewriter.setInsertionPoint(first.elseBlock()->getTerminator());
      auto last = scf::IfOp::create(rewriter, loc, isLast,
                                    /*withElseRegion=*/true);
      // The row's shift, appended to `operands`.
      auto pushShift = [&](SmallVector<Value> &operands) {
        operands.push_back(
            emitResults(rewriter, loc, shiftMap, operands, {pointer}).front());
      };
      // The row's line that starts `at` elements past the line holding
      // the run's start (from the carried elements on), stored at its line
      // of the target; `shifted` holds the group's ivs, the row's and the
      // shift (d3).
      auto storeShiftedLine = [&](Value row, ArrayRef<Value> shifted,
                                  int64_t at, bool nontemporalLine) {
        Value rowShift = shifted.back();
        AffineExpr shift = getAffineDimExpr(3, context);
        storeRunAt(
            rewriter, loc,
            loadLine(row, arith::SubIOp::create(
                              rewriter, loc, constant(carry + at), rowShift)),
            to->buffer, indexMapOver(4, *to, d0 * g + at - shift, d1 * g + d2),
            shifted, nontemporalLine);
      };
      rewriter.setInsertionPoint(last.thenBlock()->getTerminator());
      emitRowLoop([&](Value row, SmallVector<Value> &operands) {
        pushShift(operands);
        storeShiftedLine(row, operands, 0, /*nontemporalLine=*/false);
        operands.pop_back();
        storeRow(row, operands, /*nontemporalLines=*/false);
      });
      rewriter.setInsertionPoint(last.elseBlock()->getTerminator());
      emitRowLoop([&](Value row, SmallVector<Value> &operands) {
        pushShift(operands);
        for (int64_t at = 0; at < g; at += b)
          storeShiftedLine(row, operands, at, nontemporal);
        carryOver(row);
      });
    };
    // The staged groups cover the first groupsOther x groupsRun groups; the
    // blocks past them (fewer than a group's side along either dimension)
    // go by the blocks' own nest.
    auto emitBlocks = [&](bool nontemporal) {
      if (!groupIn) {
        emitNest(nontemporal, b, 0, otherBlocks, 0, runBlocks);
        return;
      }
      emitGroupNest(nontemporal);
      // The blocks' stores start lines only where the runs do.
      bool nontemporalBlocks = nontemporal && linesAligned;
      int64_t otherGrouped = groupsOther * groupBlocks;
      int64_t runGrouped = groupsRun * groupBlocks;
      if (otherGrouped < otherBlocks)
        emitNest(nontemporalBlocks, b, otherGrouped * b,
                 otherBlocks - otherGrouped, 0, runBlocks);
      if (runGrouped < runBlocks)
        emitNest(nontemporalBlocks, b, 0, otherGrouped, runGrouped * b,
                 runBlocks - runGrouped);
    };
    emitCopyNest(rewriter, loc, to->buffer,
                 (linesAligned || carried) && nontemporalCopy, emitBlocks,
                 carried ? bits / 8 : kNontemporalAlignment);
    // Element by element through the memrefs' own accesses (lowered in
    // turn): the part of the rest no block fits in.
    auto emitElements = [&](int64_t otherFrom, int64_t otherTo, int64_t runFrom,
                            int64_t runTo) {
      if (otherFrom >= otherTo || runFrom >= runTo)
        return;
      OpBuilder::InsertionGuard guard(rewriter);
      auto outer = affine::AffineForOp::create(rewriter, loc, runFrom, runTo);
      rewriter.setInsertionPointToStart(outer.getBody());
      auto inner =
          affine::AffineForOp::create(rewriter, loc, otherFrom, otherTo);
      rewriter.setInsertionPointToStart(inner.getBody());
      SmallVector<AffineExpr, 2> point(2);
      point[other] = getAffineDimExpr(1, context);
      point[run] = d0;
      AffineMap map = mapOf(2, point, context);
      SmallVector<Value> ivs = {outer.getInductionVar(),
                                inner.getInductionVar()};
      Value element =
          affine::AffineLoadOp::create(rewriter, loc, op.getSource(), map, ivs);
      affine::AffineStoreOp::create(rewriter, loc, element, op.getTarget(), map,
                                    ivs);
    };
    // The rest: the rows past the last whole block along `other`, then,
    // above them, the columns past the last whole block along `run`, each a
    // strip narrower than b, by the largest smaller blocks that fit (their
    // runs start at multiples of the block, which divides b, so both sides
    // hold them contiguously; plain stores, no staging), and so on down to
    // what no block of 8 fits in. On an AVX2 host, an s8 row-major ->
    // column-major copy of 4000 x 4000 (a rest of 32 past blocks of 64) ran
    // at half the rate of 3968 x 3968 with its rest element by element.
    auto emitRest = [&](auto &self, int64_t otherFrom, int64_t otherTo,
                        int64_t runFrom, int64_t runTo, int64_t below) -> void {
      if (otherFrom >= otherTo || runFrom >= runTo)
        return;
      SmallVector<int64_t> sizes = blockSizes(elementType);
      auto *found = llvm::find_if(sizes, [&](int64_t candidate) {
        return candidate < below && otherTo - otherFrom >= candidate &&
               runTo - runFrom >= candidate;
      });
      if (found == sizes.end()) {
        emitElements(otherFrom, otherTo, runFrom, runTo);
        return;
      }
      int64_t otherCount = (otherTo - otherFrom) / *found;
      int64_t runCount = (runTo - runFrom) / *found;
      emitNest(/*nontemporal=*/false, *found, otherFrom, otherCount, runFrom,
               runCount);
      int64_t otherEnd = otherFrom + otherCount * *found;
      int64_t runEnd = runFrom + runCount * *found;
      self(self, otherEnd, otherTo, runFrom, runTo, *found);
      self(self, otherFrom, otherEnd, runEnd, runTo, *found);
    };
    int64_t otherSize = srcType.getDimSize(other);
    int64_t runSize = srcType.getDimSize(run);
    emitRest(emitRest, otherBlocks * b, otherSize, 0, runSize, b);
    emitRest(emitRest, 0, otherBlocks * b, runBlocks * b, runSize, b);
    rewriter.eraseOp(op);
    return success();
  }
};
} // namespace

void mlir::tlayout::cpu::populateTransposingCopyPatterns(
    const TiledLayoutTypeConverter &typeConverter, RewritePatternSet &patterns,
    PatternBenefit benefit, int64_t nontemporalThreshold,
    int64_t vectorRegisterBytes) {
  patterns.add<TransposingCopyLowering>(typeConverter, patterns.getContext(),
                                        benefit, nontemporalThreshold,
                                        vectorRegisterBytes);
}
