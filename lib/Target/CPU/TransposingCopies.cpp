//===- TransposingCopies.cpp - Transposing copies by blocks ---------------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// Copies between layouts whose contiguous runs go along different
// dimensions (row-major and `{0,1}`, `{1,0:T(8,128)}` and
// `{0,1:T(8,128)}`) by blocks of one line a run, each moved as sub-blocks
// of one register by one 128-bit lane, staged or by staged groups. A copy
// is first planned (planTransposingCopy: which block, which staging, where
// non-temporal stores may go), then emitted (TransposeEmitter: the nests of
// blocks, the staged and carried groups, the rest). The staging buffers
// are in StagingBuffers.cpp.
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
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "llvm/ADT/bit.h"

using namespace mlir;
using namespace mlir::tlayout;
using namespace mlir::tlayout::cpu;

//===----------------------------------------------------------------------===//
// Transposing copies
//===----------------------------------------------------------------------===//

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

/// The block sizes to try for `elementType`, largest first: from one line
/// of elements per run (kTransposeBlockLineBytes) down to kMinTransposeBlock
/// elements.
static SmallVector<int64_t> transposeBlockSizes(Type elementType) {
  int64_t bits = elementType.getIntOrFloatBitWidth();
  SmallVector<int64_t> sizes;
  for (int64_t b = std::max<int64_t>(kMinTransposeBlock,
                                     kTransposeBlockLineBytes * 8 / bits);
       b >= kMinTransposeBlock; b /= 2)
    sizes.push_back(b);
  return sizes;
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

/// What a transposing copy moves and how, decided before any IR is emitted
/// (planTransposingCopy); the emitters (TransposeEmitter) follow it.
///
/// The copy moves square blocks of b x b elements, each as sub-blocks of
/// R x L (R elements in one vector register, L in one 128-bit lane). The
/// blocks of a tiled source go through a staging buffer (stageBlocks); an
/// untiled source of narrow elements goes by staged groups of g x g
/// elements through two (stagedGroups), carried where the target's runs do
/// not start lines (carried); what no block covers goes by smaller blocks
/// and element by element.
struct TransposePlan {
  /// The source's side, whose runs go along `run`, and the target's, whose
  /// runs go along `other`.
  TransposeSide from, to;
  unsigned run = 0, other = 0;
  /// The block: the largest whose runs both sides hold contiguously and
  /// that the shape holds at least once.
  int64_t b = 0;
  /// The logical sizes along `other` and `run`, and the whole blocks there.
  int64_t otherSize = 0, runSize = 0, otherBlocks = 0, runBlocks = 0;
  /// The element type, its integer lane type (see withLaneType) and bits.
  Type elementType, laneType;
  int64_t bits = 0;
  /// The bytes of the target's vector registers (see
  /// TransposingCopyLowering::vectorRegisterBytes).
  int64_t vectorRegisterBytes = 0;
  /// Whether the blocks of b of a tiled source are staged through a buffer
  /// of b x b elements.
  bool stageBlocks = false;
  /// Whether the copy goes by staged groups: `groupsOther` x `groupsRun`
  /// groups of `groupBlocks` x `groupBlocks` blocks (g x g elements).
  bool stagedGroups = false;
  int64_t groupBlocks = 0, g = 0, groupsOther = 0, groupsRun = 0;
  /// Whether the staged groups are carried (their stores shifted to the
  /// target's lines).
  bool carried = false;
  /// Whether b elements fill a line of a static target (lineBlocks), whose
  /// runs then start lines (linesAligned), and whether the copy writes
  /// enough for non-temporal stores.
  bool lineBlocks = false, linesAligned = false, nontemporalCopy = false;

  /// The elements of the element type in one vector register, at most the
  /// block of `size` (a power of two), and a power of two (as the
  /// sub-blocks need) whatever width a caller of the populate function
  /// passes.
  int64_t registerElements(int64_t size) const {
    auto registerBits = static_cast<uint64_t>(
        8 * std::max(vectorRegisterBytes, kMinVectorRegisterBytes));
    return std::min<int64_t>(
        size, static_cast<int64_t>(llvm::bit_floor(registerBits / bits)));
  }

  /// The elements in one 128-bit lane of the sub-blocks of a block of
  /// `size` (the blocks of the rest are smaller than b).
  int64_t laneOf(int64_t size) const {
    return std::min(registerElements(size), laneElements(elementType));
  }
};

/// The side of the copy `op` of type `type` lowered to `lowered`, when its
/// runs of `b` elements are contiguous.
static FailureOr<TransposeSide> transposeSide(const ConversionPattern &pattern,
                                              memref::CopyOp op,
                                              MemRefType type,
                                              ValueRange lowered, int64_t b) {
  std::optional<unsigned> runDim = runDimension(type, b);
  if (!runDim || lowered.size() != 1)
    return failure();
  if (!getLayoutAttr(type))
    return TransposeSide{lowered.front(),
                         AffineMap::getMultiDimIdentityMap(2, op.getContext()),
                         *runDim};
  FailureOr<PhysicalLayout> layout = layoutFor(pattern, op, type);
  if (failed(layout) || layout->packedBits || !layout->type.hasStaticShape() ||
      !layout->type.getLayout().isIdentity() ||
      lowered.front().getType() != layout->type ||
      layout->indexMap.getNumSymbols() != 0)
    return failure();
  return TransposeSide{lowered.front(), layout->indexMap, *runDim};
}

/// Plans the copy `op` from `source` to `target` (its lowered operands) as
/// a transposing copy, or fails, emitting nothing, when it is none: the
/// block, the staging and the non-temporal stores the copy takes (see
/// TransposePlan and the comments below).
static FailureOr<TransposePlan>
planTransposingCopy(const ConversionPattern &pattern, memref::CopyOp op,
                    ValueRange source, ValueRange target,
                    int64_t nontemporalThreshold, int64_t vectorRegisterBytes,
                    RewriterBase &rewriter) {
  auto srcType = dyn_cast<MemRefType>(op.getSource().getType());
  auto dstType = dyn_cast<MemRefType>(op.getTarget().getType());
  if (!srcType || !dstType || srcType.getShape() != dstType.getShape() ||
      srcType.getElementType() != dstType.getElementType() ||
      (!getLayoutAttr(srcType) && !getLayoutAttr(dstType)))
    return rewriter.notifyMatchFailure(op, "not a relayout copy");
  Type elementType = srcType.getElementType();
  if (!isVectorizableElement(elementType))
    return rewriter.notifyMatchFailure(op,
                                       "not an 8- to 64-bit integer or float");
  // The largest block whose runs both sides hold contiguously and that the
  // shape holds at least once. The blocks cover the largest multiple of the
  // block along each dimension; the rest (fewer than b rows and columns)
  // goes by smaller blocks, and what none fits in element by element (see
  // TransposeEmitter::emitRest).
  TransposePlan plan;
  FailureOr<TransposeSide> from = failure(), to = failure();
  for (int64_t size : transposeBlockSizes(elementType)) {
    from = transposeSide(pattern, op, srcType, source, size);
    to = transposeSide(pattern, op, dstType, target, size);
    if (failed(from) || failed(to) || from->runDim == to->runDim)
      continue;
    if (srcType.getDimSize(0) < size || srcType.getDimSize(1) < size)
      continue;
    plan.b = size;
    break;
  }
  if (!plan.b)
    return rewriter.notifyMatchFailure(
        op, "not a transposing copy of at least one block");
  int64_t b = plan.b;
  plan.from = *from;
  plan.to = *to;
  plan.run = from->runDim;
  plan.other = to->runDim;
  plan.otherSize = srcType.getDimSize(plan.other);
  plan.runSize = srcType.getDimSize(plan.run);
  plan.otherBlocks = plan.otherSize / b;
  plan.runBlocks = plan.runSize / b;
  plan.elementType = elementType;
  plan.laneType = getIntegerLaneType(elementType);
  plan.bits = elementType.getIntOrFloatBitWidth();
  plan.vectorRegisterBytes = vectorRegisterBytes;
  // A tiled source's blocks are staged (see TransposeEmitter::emitNest).
  std::optional<TiledLayout> srcLayout = plainTiledLayout(srcType);
  bool srcTiled = srcLayout && srcLayout->hasTiles();
  bool canStage = stagingScope(op) != nullptr;
  plan.stageBlocks = srcTiled && canStage;
  // A run of the target starts at a multiple of b elements of a last
  // physical dimension that holds whole runs: with b elements in 64 bytes,
  // every store starts a line, where that dimension is a whole number of
  // runs (a row-major or column-major side of an odd size is not).
  auto targetType = cast<MemRefType>(to->buffer.getType());
  plan.lineBlocks =
      b * plan.bits == 8 * kNontemporalAlignment && targetType.hasStaticShape();
  plan.linesAligned = plan.lineBlocks && targetType.getShape().back() % b == 0;
  // Staged groups (see TransposeEmitter::emitGroupNest): a group side of
  // `groupBlocks` blocks.
  plan.groupBlocks = kGroupRunBytes * 8 / (b * plan.bits);
  plan.g = plan.groupBlocks * b;
  plan.groupsOther = plan.otherBlocks / plan.groupBlocks;
  plan.groupsRun = plan.runBlocks / plan.groupBlocks;
  plan.nontemporalCopy = reachesThreshold(dstType, nontemporalThreshold);
  // An untiled source of elements narrower than 32 bits, whose target holds
  // runs of g elements, goes by staged groups. They are carried where b
  // elements fill a line but the target's runs do not start lines, the
  // target is untiled (a tile adds physical dimensions: its runs are the
  // rows of a 2-D buffer, each whole) and at least kMinCarriedGroups groups
  // go down each run.
  if (!srcTiled && plan.bits < 32 && plan.groupBlocks >= 2 &&
      plan.groupsOther >= 1 && plan.groupsRun >= 1 &&
      runDimension(dstType, plan.g) == plan.other && canStage) {
    plan.stagedGroups = true;
    plan.carried =
        plan.nontemporalCopy && plan.lineBlocks && !plan.linesAligned &&
        plan.groupsOther >= kMinCarriedGroups && targetType.getRank() == 2;
  }
  return plan;
}

/// Emits the planned transposing copy `op` at the rewriter's insertion
/// point: the nests of blocks (emitNest, each block by emitBlock), the
/// staged groups (emitGroupNest, their rows stored by storeGroupRows or,
/// carried, by storeCarriedGroupRows), all of it under emitCopyNest's
/// choice of non-temporal stores, then the rest (emitRest).
class TransposeEmitter {
public:
  TransposeEmitter(ConversionPatternRewriter &rewriter, memref::CopyOp op,
                   const TransposePlan &plan)
      : rewriter(rewriter), op(op), plan(plan), loc(op.getLoc()),
        context(op.getContext()) {}

  /// Emits the whole copy and erases `op`.
  void emit() {
    int64_t b = plan.b;
    // The staging buffers: one for a tiled source's blocks, two for the
    // staged groups (the second's rows longer by a block where carried).
    if (plan.stageBlocks)
      stage =
          stagingBuffer(rewriter, op, MemRefType::get({b, b}, plan.laneType));
    if (plan.stagedGroups) {
      groupIn = stagingBuffer(rewriter, op,
                              MemRefType::get({plan.g, plan.g}, plan.laneType));
      groupOut = stagingBuffer(
          rewriter, op,
          MemRefType::get({plan.g, plan.carried ? plan.g + b : plan.g},
                          plan.laneType),
          /*slot=*/1);
    }
    emitCopyNest(
        rewriter, loc, plan.to.buffer,
        (plan.linesAligned || plan.carried) && plan.nontemporalCopy,
        [&](bool nontemporal) { emitBlocks(nontemporal); },
        plan.carried ? plan.bits / 8 : kNontemporalAlignment);
    emitRest(plan.otherBlocks * b, plan.otherSize, 0, plan.runSize, b);
    emitRest(0, plan.otherBlocks * b, plan.runBlocks * b, plan.runSize, b);
    rewriter.eraseOp(op);
  }

private:
  AffineExpr dim(unsigned position) const {
    return getAffineDimExpr(position, context);
  }

  Value constant(int64_t value) {
    return arith::ConstantIndexOp::create(rewriter, loc, value);
  }

  /// The indices of `side`'s buffer at the logical point with `otherAt`
  /// along `other` and `runAt` along `run`, over `numDims` loop ivs.
  AffineMap indexMapOver(unsigned numDims, const TransposeSide &side,
                         AffineExpr otherAt, AffineExpr runAt) const {
    SmallVector<AffineExpr, 2> point(2);
    point[plan.other] = otherAt;
    point[plan.run] = runAt;
    return simplifyAffineMap(
        side.indexMap.compose(mapOf(numDims, point, context)));
  }

  /// The blocks: the staged groups, if any, then the blocks past them by
  /// their own nest; otherwise the nest of all whole blocks.
  void emitBlocks(bool nontemporal);

  /// One block of `size`: per band of L target runs, the B / R sub-blocks
  /// of R x L elements along `other` (L in one 128-bit lane, R in one
  /// vector register): lane k of register i holds the L elements of source
  /// run i + k * L from the band's first column (`loadLane(otherAt, runAt)`
  /// within the block, integer lanes), and the in-lane transposes leave in
  /// register t the R elements of the band's column t. With `wholeRuns`,
  /// the sub-blocks' registers are concatenated so that each run of the
  /// target is stored whole (a line, as non-temporal stores need):
  /// `storeTargetRun(run, runAt, 0)`; without, each sub-block's registers
  /// are stored as they come, `storeTargetRun(part, runAt, otherAt)`, and
  /// only one sub-block is live at a time (two of 16 registers each, for
  /// s8 on AVX2, spill).
  void emitBlock(int64_t size, function_ref<Value(int64_t, int64_t)> loadLane,
                 function_ref<void(Value, int64_t, int64_t)> storeTargetRun,
                 bool wholeRuns);

  /// `otherCount` blocks of `size` along `other` from the element
  /// `otherFrom`, by `runCount` along `run` from `runFrom`, in groups that
  /// stay in the caches. Only blocks of b go through a tiled source's
  /// staging buffer.
  void emitNest(bool nontemporal, int64_t size, int64_t otherFrom,
                int64_t otherCount, int64_t runFrom, int64_t runCount);

  /// The staged groups: per group, the g source runs copied whole into the
  /// first buffer, its blocks transposed into the second, and the second's
  /// rows stored as the target's runs.
  void emitGroupNest(bool nontemporal);

  /// The second buffer's line of b elements in row `row` from `column`, of
  /// the element type.
  Value loadGroupLine(Value row, Value column);

  /// The loop over the g rows of the second buffer that LLVM must not
  /// unroll: `emitRow(row, operands)` with the group's ivs and the row's in
  /// `operands`.
  void emitRowLoop(ArrayRef<Value> ivs,
                   function_ref<void(Value, SmallVector<Value> &)> emitRow);

  /// The run's g elements from the second buffer's row `row`, stored as
  /// they lie (`operands`: the group's ivs and the row's).
  void storeGroupRow(Value row, ValueRange operands, bool nontemporalLines);

  /// The rows of a group that is not carried: each stored as it lies.
  void storeGroupRows(ArrayRef<Value> ivs, bool nontemporal) {
    emitRowLoop(ivs, [&](Value row, SmallVector<Value> &operands) {
      storeGroupRow(row, operands, nontemporal);
    });
  }

  /// The rows of a carried group (see emitGroupNest): the first group of a
  /// run stored as it lies, the others shifted to the target's lines, with
  /// the line each carries over. `pointer` is the target's aligned pointer.
  void storeCarriedGroupRows(ArrayRef<Value> ivs, Value pointer,
                             bool nontemporal);

  /// Element by element through the memrefs' own accesses (lowered in
  /// turn): the part of the rest no block fits in.
  void emitElements(int64_t otherFrom, int64_t otherTo, int64_t runFrom,
                    int64_t runTo);

  /// The rest from `otherFrom` to `otherTo` along `other` and from
  /// `runFrom` to `runTo` along `run`, by the largest blocks smaller than
  /// `below` that fit, and so on down to element by element.
  void emitRest(int64_t otherFrom, int64_t otherTo, int64_t runFrom,
                int64_t runTo, int64_t below);

  ConversionPatternRewriter &rewriter;
  memref::CopyOp op;
  const TransposePlan &plan;
  Location loc;
  MLIRContext *context;
  /// The staging buffers the plan asks for (null where it asks for none).
  Value stage, groupIn, groupOut;
};
} // namespace

void TransposeEmitter::emitBlock(
    int64_t size, function_ref<Value(int64_t, int64_t)> loadLane,
    function_ref<void(Value, int64_t, int64_t)> storeTargetRun,
    bool wholeRuns) {
  int64_t reg = plan.registerElements(size);
  int64_t lane = plan.laneOf(size);
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
    // Register t of each piece holds the elements at `q + t` along `run`,
    // in order along `other`: one run of the target.
    for (int64_t t = 0; t < lane; ++t) {
      SmallVector<Value> run;
      for (ArrayRef<Value> piece : pieces)
        run.push_back(piece[t]);
      storeTargetRun(concatPieces(rewriter, loc, run), q + t, 0);
    }
  }
}

void TransposeEmitter::emitNest(bool nontemporal, int64_t size,
                                int64_t otherFrom, int64_t otherCount,
                                int64_t runFrom, int64_t runCount) {
  OpBuilder::InsertionGuard guard(rewriter);
  int64_t b = plan.b;
  AffineExpr d0 = dim(0);
  // Blocks go by groups of up to kTransposeGroupElements elements a side,
  // so that the lines and pages a group reads and writes stay in the L2
  // cache and the TLB while the group is moved: the side read or written
  // across its runs otherwise touches a new page for every run of every
  // block. Within a group the innermost loop walks the
  // source's runs. (A group of narrower elements is as many lines.) The
  // group is a whole number of blocks: fewer blocks where the block counts
  // have few factors of 2.
  int64_t s = std::max<int64_t>(1, kTransposeGroupElements / size);
  while (otherCount % s || runCount % s)
    s /= 2;
  AffineExpr otherStart = (d0 * s + dim(2)) * size + otherFrom;
  AffineExpr runStart = (dim(1) * s + dim(3)) * size + runFrom;
  SmallVector<Value> ivs =
      buildLoops(rewriter, loc, {otherCount / s, runCount / s, s, s});
  // A tiled source's B runs are first copied whole, one line each, into a
  // buffer of B x B elements that stays in the L1 cache, while the same
  // lines of the next block are prefetched; the sub-blocks then read parts
  // of runs from the buffer. The runs of a block of a tiled source lie in
  // B / (tile rows) tiles far apart, lines that the hardware prefetchers do
  // not follow from one block to the next: on an AVX2 host, tiled
  // transposes of bf16 and s8 ran at 0.7-0.9 of memcpy read from the source
  // and at 1.0-1.2 staged. The rows of a row-major source are streams the
  // prefetchers follow, and staging them cost f32 and bf16 a fifth. The
  // loop is kept a loop (LLVM would forward the stores of an unrolled one
  // to the sub-blocks' loads and keep the whole block in registers).
  bool staged = stage && size == b;
  if (staged) {
    // Over the block's 4 indices and the line's (d4).
    auto lineAt = [&](AffineExpr otherAt, AffineExpr runAt) {
      return indexMapOver(5, plan.from, otherAt + dim(4), runAt);
    };
    // The same line of the next block in the nest's order (within the
    // group, then on along `other`, wrapping at the end of the range).
    AffineExpr next = dim(2) * s + dim(3) + 1;
    AffineExpr nextOther =
        ((d0 * s + next.floorDiv(s)) % otherCount) * b + otherFrom;
    AffineExpr nextRun = (dim(1) * s + next % s) * b + runFrom;
    emitStagingLoop(
        rewriter, loc, plan.from.buffer, VectorType::get({b}, plan.elementType),
        lineAt(otherStart, runStart), lineAt(nextOther, nextRun), ivs, stage);
  }
  int64_t lane = plan.laneOf(size);
  emitBlock(
      size,
      [&](int64_t otherAt, int64_t runAt) -> Value {
        if (staged)
          return affine::AffineVectorLoadOp::create(
              rewriter, loc, VectorType::get({lane}, plan.laneType), stage,
              mapOf(0,
                    {getAffineConstantExpr(otherAt, context),
                     getAffineConstantExpr(runAt, context)},
                    context),
              ValueRange());
        return withLaneType(rewriter, loc,
                            affine::AffineVectorLoadOp::create(
                                rewriter, loc,
                                VectorType::get({lane}, plan.elementType),
                                plan.from.buffer,
                                indexMapOver(4, plan.from, otherStart + otherAt,
                                             runStart + runAt),
                                ivs),
                            plan.laneType);
      },
      [&](Value run, int64_t runAt, int64_t otherAt) {
        storeRun(
            rewriter, loc, withLaneType(rewriter, loc, run, plan.elementType),
            plan.to.buffer,
            indexMapOver(4, plan.to, otherStart + otherAt, runStart + runAt),
            ivs, nontemporal);
      },
      /*wholeRuns=*/nontemporal);
}

// An untiled source (row-major, or `{0,1}`) of elements narrower than 32
// bits, whose target holds runs of g elements, goes by staged groups (as
// many whole ones as fit; the blocks past them go by the blocks' nest) of
// g x g elements (runs of kGroupRunBytes on both sides) through two buffers
// of integer lanes that stay in the L2 cache (64 KiB each for 8 bits, 32
// KiB for 16; shared by the function's copies): the group's g source runs
// copied whole into the first, its blocks transposed from the first into
// the second, and the second's g rows stored whole as the target's runs.
// Both sides then move runs of kGroupRunBytes, where the blocks alone read
// and write runs of one line, each on a page of its own.
//
// Carried groups: where the target's runs do not start lines (an odd size,
// a column of 4000 bytes), each run's stores are shifted to the lines of the
// target (wherever its pointer lies): the groups go down each run (the loop
// along `other` innermost), and the second buffer's rows start after b
// elements that carry the last line of the run's previous group. The run's
// first group stores its g elements with plain stores; each group between
// stores the whole lines from the one that holds its first element up to
// the one that holds its last, exclusive, non-temporally, the carried
// elements first; the last group stores the carried elements' line and its
// own g elements with plain stores. `shift` is the elements by which the
// run's start is past a line: a run's groups all have the same, since g
// elements are kGroupRunBytes, whole lines.
void TransposeEmitter::emitGroupNest(bool nontemporal) {
  OpBuilder::InsertionGuard guard(rewriter);
  int64_t b = plan.b, g = plan.g;
  Value pointer = plan.carried ? memref::ExtractAlignedPointerAsIndexOp::create(
                                     rewriter, loc, plan.to.buffer)
                                     .getResult()
                               : Value();
  SmallVector<Value> ivs;
  if (plan.carried) {
    SmallVector<Value> loops =
        buildLoops(rewriter, loc, {plan.groupsRun, plan.groupsOther});
    ivs = {loops[1], loops[0]};
  } else {
    ivs = buildLoops(rewriter, loc, {plan.groupsOther, plan.groupsRun});
  }
  int64_t carry = plan.carried ? b : 0;
  AffineExpr d0 = dim(0), d1 = dim(1), d2 = dim(2);
  // The rows' maps are over the group's two indices and a row's (d2).
  // While a source run is copied, the lines of the run kGroupPrefetchRows
  // further on are prefetched (wrapping within the group): each run is on a
  // page of its own, 4 lines that the hardware prefetchers do not see
  // coming.
  SmallVector<AffineMap> prefetchMaps;
  for (int64_t at = 0; at < g; at += b)
    prefetchMaps.push_back(indexMapOver(
        3, plan.from, d0 * g + (d2 + kGroupPrefetchRows) % g, d1 * g + at));
  emitStagingLoop(rewriter, loc, plan.from.buffer,
                  VectorType::get({g}, plan.elementType),
                  indexMapOver(3, plan.from, d0 * g + d2, d1 * g), prefetchMaps,
                  ivs, groupIn);
  {
    OpBuilder::InsertionGuard blockGuard(rewriter);
    SmallVector<Value> blockIvs =
        buildLoops(rewriter, loc, {plan.groupBlocks, plan.groupBlocks});
    emitBlock(
        b,
        [&](int64_t otherAt, int64_t runAt) -> Value {
          return affine::AffineVectorLoadOp::create(
              rewriter, loc, VectorType::get({plan.laneOf(b)}, plan.laneType),
              groupIn, mapOf(2, {d0 * b + otherAt, d1 * b + runAt}, context),
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
  if (plan.carried)
    storeCarriedGroupRows(ivs, pointer, nontemporal);
  else
    storeGroupRows(ivs, nontemporal);
}

// A row of the second buffer, a run of the target, goes as lines of b
// elements bitcast to the element type, in a loop LLVM must not unroll,
// like the staging loop (the form measured; with buffers of bf16 rather
// than integer lanes, LLVM 22 on AVX2 moved some lines of the unrolled loop
// element by element).
Value TransposeEmitter::loadGroupLine(Value row, Value column) {
  auto lineVector = VectorType::get({plan.b}, plan.laneType);
  return withLaneType(rewriter, loc,
                      vector::LoadOp::create(rewriter, loc, lineVector,
                                             groupOut, {row, column}),
                      plan.elementType);
}

void TransposeEmitter::emitRowLoop(
    ArrayRef<Value> ivs,
    function_ref<void(Value, SmallVector<Value> &)> emitRow) {
  scf::ForOp rowLoop = createNotUnrolledLoop(rewriter, loc, plan.g);
  OpBuilder::InsertionGuard rowGuard(rewriter);
  rewriter.setInsertionPointToStart(rowLoop.getBody());
  SmallVector<Value> operands(ivs);
  operands.push_back(rowLoop.getInductionVar());
  emitRow(rowLoop.getInductionVar(), operands);
}

void TransposeEmitter::storeGroupRow(Value row, ValueRange operands,
                                     bool nontemporalLines) {
  int64_t b = plan.b, g = plan.g;
  int64_t carry = plan.carried ? b : 0;
  for (int64_t at = 0; at < g; at += b)
    storeRunAt(rewriter, loc, loadGroupLine(row, constant(carry + at)),
               plan.to.buffer,
               indexMapOver(3, plan.to, dim(0) * g + at, dim(1) * g + dim(2)),
               operands, nontemporalLines);
}

void TransposeEmitter::storeCarriedGroupRows(ArrayRef<Value> ivs, Value pointer,
                                             bool nontemporal) {
  int64_t b = plan.b, g = plan.g;
  int64_t carry = b;
  AffineExpr d0 = dim(0), d1 = dim(1), d2 = dim(2);
  auto targetType = cast<MemRefType>(plan.to.buffer.getType());
  // The shift of the run of the row (over the group's ivs and the row's,
  // and the pointer as a symbol): the elements of its start past a line,
  // from its offset in the 2-D target buffer.
  int64_t elementBytes = plan.bits / 8;
  AffineMap start = indexMapOver(3, plan.to, d0 * g, d1 * g + d2);
  AffineExpr offset =
      start.getResult(0) * targetType.getDimSize(1) + start.getResult(1);
  AffineExpr pastLine =
      (getAffineSymbolExpr(0, context) + offset * elementBytes) %
      kNontemporalAlignment;
  AffineMap shiftMap =
      AffineMap::get(3, 1, pastLine.floorDiv(elementBytes), context);
  auto lineVector = VectorType::get({b}, plan.laneType);
  auto carryOver = [&](Value row) {
    Value last = vector::LoadOp::create(rewriter, loc, lineVector, groupOut,
                                        {row, constant(g)});
    vector::StoreOp::create(rewriter, loc, last, groupOut, {row, constant(0)});
  };
  Value isFirst = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq,
                                        ivs[0], constant(0));
  Value isLast = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq,
                                       ivs[0], constant(plan.groupsOther - 1));
  auto first = scf::IfOp::create(rewriter, loc, isFirst,
                                 /*withElseRegion=*/true);
  rewriter.setInsertionPoint(first.thenBlock()->getTerminator());
  emitRowLoop(ivs, [&](Value row, SmallVector<Value> &operands) {
    storeGroupRow(row, operands, /*nontemporalLines=*/false);
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
  // The row's line that starts `at` elements past the line holding the
  // run's start (from the carried elements on), stored at its line of the
  // target; `shifted` holds the group's ivs, the row's and the shift (d3).
  auto storeShiftedLine = [&](Value row, ArrayRef<Value> shifted, int64_t at,
                              bool nontemporalLine) {
    Value rowShift = shifted.back();
    AffineExpr shift = dim(3);
    storeRunAt(rewriter, loc,
               loadGroupLine(row, arith::SubIOp::create(rewriter, loc,
                                                        constant(carry + at),
                                                        rowShift)),
               plan.to.buffer,
               indexMapOver(4, plan.to, d0 * g + at - shift, d1 * g + d2),
               shifted, nontemporalLine);
  };
  rewriter.setInsertionPoint(last.thenBlock()->getTerminator());
  emitRowLoop(ivs, [&](Value row, SmallVector<Value> &operands) {
    pushShift(operands);
    storeShiftedLine(row, operands, 0, /*nontemporalLine=*/false);
    operands.pop_back();
    storeGroupRow(row, operands, /*nontemporalLines=*/false);
  });
  rewriter.setInsertionPoint(last.elseBlock()->getTerminator());
  emitRowLoop(ivs, [&](Value row, SmallVector<Value> &operands) {
    pushShift(operands);
    for (int64_t at = 0; at < g; at += b)
      storeShiftedLine(row, operands, at, nontemporal);
    carryOver(row);
  });
}

// The staged groups cover the first groupsOther x groupsRun groups; the
// blocks past them (fewer than a group's side along either dimension) go by
// the blocks' own nest.
void TransposeEmitter::emitBlocks(bool nontemporal) {
  int64_t b = plan.b;
  if (!plan.stagedGroups) {
    emitNest(nontemporal, b, 0, plan.otherBlocks, 0, plan.runBlocks);
    return;
  }
  emitGroupNest(nontemporal);
  // The blocks' stores start lines only where the runs do.
  bool nontemporalBlocks = nontemporal && plan.linesAligned;
  int64_t otherGrouped = plan.groupsOther * plan.groupBlocks;
  int64_t runGrouped = plan.groupsRun * plan.groupBlocks;
  if (otherGrouped < plan.otherBlocks)
    emitNest(nontemporalBlocks, b, otherGrouped * b,
             plan.otherBlocks - otherGrouped, 0, plan.runBlocks);
  if (runGrouped < plan.runBlocks)
    emitNest(nontemporalBlocks, b, 0, otherGrouped, runGrouped * b,
             plan.runBlocks - runGrouped);
}

void TransposeEmitter::emitElements(int64_t otherFrom, int64_t otherTo,
                                    int64_t runFrom, int64_t runTo) {
  if (otherFrom >= otherTo || runFrom >= runTo)
    return;
  OpBuilder::InsertionGuard guard(rewriter);
  auto outer = affine::AffineForOp::create(rewriter, loc, runFrom, runTo);
  rewriter.setInsertionPointToStart(outer.getBody());
  auto inner = affine::AffineForOp::create(rewriter, loc, otherFrom, otherTo);
  rewriter.setInsertionPointToStart(inner.getBody());
  SmallVector<AffineExpr, 2> point(2);
  point[plan.other] = dim(1);
  point[plan.run] = dim(0);
  AffineMap map = mapOf(2, point, context);
  SmallVector<Value> ivs = {outer.getInductionVar(), inner.getInductionVar()};
  Value element =
      affine::AffineLoadOp::create(rewriter, loc, op.getSource(), map, ivs);
  affine::AffineStoreOp::create(rewriter, loc, element, op.getTarget(), map,
                                ivs);
}

// The rest: the rows past the last whole block along `other`, then, above
// them, the columns past the last whole block along `run`, each a strip
// narrower than b, by the largest smaller blocks that fit (their runs start
// at multiples of the block, which divides b, so both sides hold them
// contiguously; plain stores, no staging), and so on down to what no block
// of 8 fits in. On an AVX2 host, an s8 row-major -> column-major copy of
// 4000 x 4000 (a rest of 32 past blocks of 64) ran at half the rate of
// 3968 x 3968 with its rest element by element.
void TransposeEmitter::emitRest(int64_t otherFrom, int64_t otherTo,
                                int64_t runFrom, int64_t runTo, int64_t below) {
  if (otherFrom >= otherTo || runFrom >= runTo)
    return;
  SmallVector<int64_t> sizes = transposeBlockSizes(plan.elementType);
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
  emitRest(otherEnd, otherTo, runFrom, runTo, *found);
  emitRest(otherFrom, otherEnd, runEnd, runTo, *found);
}

namespace {
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
/// staged groups through two for an untiled source of narrow elements);
/// the elements past the last whole block along either dimension go by the
/// largest smaller blocks that fit, down to 8 x 8, and the few left one by
/// one. planTransposingCopy decides, TransposeEmitter emits.
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

  LogicalResult
  matchAndRewrite(memref::CopyOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<TransposePlan> plan = planTransposingCopy(
        *this, op, adaptor.getSource(), adaptor.getTarget(),
        nontemporalThreshold, vectorRegisterBytes, rewriter);
    if (failed(plan))
      return failure();
    TransposeEmitter(rewriter, op, *plan).emit();
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
