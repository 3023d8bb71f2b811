//===- TileRowWalk.cpp - Rows of tiles walked tile by tile ----------------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// Walking the rows of a group of tiles of a reduction tile by tile, in the
// buffer's physical order, and accumulating each walked row into a vector.
//
//===----------------------------------------------------------------------===//

#include "tlayout/Dialect/TLayout/Transforms/Transforms.h"
#include "tlayout/Dialect/TLayout/Utils/AffineSimplification.h"
#include "tlayout/Dialect/TLayout/Utils/LoopUtils.h"
#include "tlayout/Dialect/TLayout/Utils/NestLegality.h"

#include "mlir/Conversion/AffineToStandard/AffineToStandard.h"
#include "mlir/Dialect/Affine/Analysis/AffineAnalysis.h"
#include "mlir/Dialect/Affine/Analysis/AffineStructures.h"
#include "mlir/Dialect/Affine/Analysis/LoopAnalysis.h"
#include "mlir/Dialect/Affine/Analysis/Utils.h"
#include "mlir/Dialect/Affine/IR/AffineMemoryOpInterfaces.h"
#include "mlir/Dialect/Affine/LoopUtils.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/LLVMIR/LLVMAttrs.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/IndexingUtils.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/DebugLog.h"

#include <numeric>

#define DEBUG_TYPE "tlayout-tile-row-walk"

using namespace mlir;
using namespace mlir::tlayout;

//===----------------------------------------------------------------------===//
// Rows of tiles in physical order
//===----------------------------------------------------------------------===//

/// The buffers that `loop` fills whole with values from outside it, when it
/// is `affine.for %e = 0 to N` whose body holds only `affine.store %v,
/// %p[%e]` into rank-1 buffers of N elements: every element of each is
/// written before anything after the loop reads it. Empty otherwise.
static SmallVector<Value> getFilledBuffers(affine::AffineForOp loop) {
  if (!loop.hasConstantBounds() || loop.getConstantLowerBound() != 0 ||
      loop.getStepAsInt() != 1 || loop.getNumIterOperands() != 0)
    return {};
  int64_t size = loop.getConstantUpperBound();
  SmallVector<Value> buffers;
  for (Operation &op : loop.getBody()->without_terminator()) {
    auto store = dyn_cast<affine::AffineStoreOp>(op);
    if (!store)
      return {};
    MemRefType type = store.getMemRefType();
    AffineMap map = store.getAffineMap();
    if (type.getRank() != 1 || type.getDimSize(0) != size ||
        map.getNumResults() != 1 || map.getNumSymbols() != 0 ||
        map.getResult(0) != getAffineDimExpr(0, map.getContext()) ||
        store.getIndices().front() != loop.getInductionVar() ||
        !loop.isDefinedOutsideOfLoop(store.getValueToStore()))
      return {};
    buffers.push_back(store.getMemRef());
  }
  return buffers;
}

/// Whether `buffer` may get one slice per trip of `rows`: a static
/// `memref.alloca` at the top of the allocation scope around `rows` that is
/// not a loop (getAllocationScopeRegion, where the privatization puts its
/// partials: a larger buffer does not grow the stack on every trip of a
/// loop), used only as the memref of `affine.load` and `affine.store` ops
/// inside `rows`.
static bool isPrivatizableBuffer(Value buffer, affine::AffineForOp rows) {
  auto alloca = buffer.getDefiningOp<memref::AllocaOp>();
  if (!alloca || !alloca.getType().hasStaticShape() ||
      !alloca.getDynamicSizes().empty() ||
      alloca->getParentRegion() != getAllocationScopeRegion(rows))
    return false;
  return llvm::all_of(buffer.getUses(), [&](OpOperand &use) {
    Operation *user = use.getOwner();
    if (!rows->isProperAncestor(user))
      return false;
    if (auto load = dyn_cast<affine::AffineLoadOp>(user))
      return use.getOperandNumber() == load.getMemRefOperandIndex();
    if (auto store = dyn_cast<affine::AffineStoreOp>(user))
      return use.getOperandNumber() == store.getMemRefOperandIndex();
    return false;
  });
}

/// The memrefs that the ops in `ops` (and the ops they hold) read, in
/// `reads`, and write, in `writes`; false if one of them has an effect on
/// memory that names no value, or effects that no interface states.
static bool collectMemrefEffects(ArrayRef<Operation *> ops,
                                 SmallVectorImpl<Value> &reads,
                                 SmallVectorImpl<Value> &writes) {
  for (Operation *root : ops) {
    WalkResult walk = root->walk([&](Operation *op) {
      if (isMemoryEffectFree(op))
        return WalkResult::advance();
      auto iface = dyn_cast<MemoryEffectOpInterface>(op);
      if (!iface) {
        // Only ops whose effects are those of the ops they hold pass
        // without an interface.
        return op->hasTrait<OpTrait::HasRecursiveMemoryEffects>()
                   ? WalkResult::advance()
                   : WalkResult::interrupt();
      }
      SmallVector<MemoryEffects::EffectInstance> effects;
      iface.getEffects(effects);
      for (const MemoryEffects::EffectInstance &effect : effects) {
        if (isa<MemoryEffects::Allocate>(effect.getEffect()))
          continue;
        Value value = effect.getValue();
        if (!value || !isa<BaseMemRefType>(value.getType()))
          return WalkResult::interrupt();
        if (isa<MemoryEffects::Read>(effect.getEffect()))
          reads.push_back(value);
        else
          writes.push_back(value);
      }
      return WalkResult::advance();
    });
    if (walk.wasInterrupted())
      return false;
  }
  return true;
}

/// The shortest run of contiguous bytes that one row reads in one tile,
/// over the `affine.load` ops in the loop `tile` (and the loops it holds)
/// that index a dimension with `rows`'s index after one they index with
/// the tile's: the bytes of the dimensions after the row's, all static.
/// Walking the rows inside the tiles then follows the buffer's physical
/// order. std::nullopt if no load does.
static std::optional<int64_t> getRowRunBytes(affine::AffineForOp tile,
                                             affine::AffineForOp rows) {
  std::optional<int64_t> shortest;
  tile->walk([&](affine::AffineLoadOp load) {
    AffineMap map = load.getAffineMap();
    MemRefType type = load.getMemRefType();
    std::optional<unsigned> tileAt, rowAt;
    for (auto [position, result] : llvm::enumerate(map.getResults())) {
      auto dim = dyn_cast<AffineDimExpr>(result);
      if (!dim)
        continue;
      Value operand = load.getMapOperands()[dim.getPosition()];
      if (operand == tile.getInductionVar() && !tileAt)
        tileAt = position;
      if (operand == rows.getInductionVar() && !rowAt)
        rowAt = position;
    }
    if (!tileAt || !rowAt || *tileAt >= *rowAt ||
        !type.getElementType().isIntOrFloat())
      return;
    std::optional<int64_t> bytes =
        llvm::divideCeil(type.getElementTypeBitWidth(), 8);
    for (int64_t size : type.getShape().drop_front(*rowAt + 1)) {
      if (ShapedType::isDynamic(size))
        return;
      bytes = llvm::checkedMul(*bytes, size);
      if (!bytes)
        return;
    }
    if (!shortest || *bytes < *shortest)
      shortest = bytes;
  });
  return shortest;
}

/// Replaces every access to `buffer` (affine loads and stores) by one to
/// slice `iv - lb` of `expanded`.
static void accessSlice(Value buffer, Value expanded, Value iv, int64_t lb,
                        RewriterBase &rewriter) {
  auto slice = [&](AffineMap map, ValueRange mapOperands) {
    MLIRContext *ctx = map.getContext();
    unsigned numDims = map.getNumDims();
    SmallVector<AffineExpr> results{getAffineDimExpr(numDims, ctx) - lb};
    llvm::append_range(results, map.getResults());
    SmallVector<Value> operands(mapOperands.take_front(numDims));
    operands.push_back(iv);
    llvm::append_range(operands, mapOperands.drop_front(numDims));
    return std::make_pair(
        AffineMap::get(numDims + 1, map.getNumSymbols(), results, ctx),
        operands);
  };
  // In place: the walk keeps pointers to the ops of the row's body, some
  // of which may be these loads and stores.
  for (Operation *user : llvm::make_early_inc_range(buffer.getUsers())) {
    SmallVector<Value> newOperands;
    AffineMap map;
    SmallVector<Value> mapOperands;
    if (auto load = dyn_cast<affine::AffineLoadOp>(user)) {
      std::tie(map, mapOperands) =
          slice(load.getAffineMap(), load.getMapOperands());
      newOperands.push_back(expanded);
    } else {
      auto store = cast<affine::AffineStoreOp>(user);
      std::tie(map, mapOperands) =
          slice(store.getAffineMap(), store.getMapOperands());
      newOperands = {store.getValueToStore(), expanded};
    }
    llvm::append_range(newOperands, mapOperands);
    rewriter.modifyOpInPlace(user, [&] {
      user->setOperands(newOperands);
      user->setAttr(affine::AffineLoadOp::getMapAttrStrName(),
                    AffineMapAttr::get(map));
    });
  }
}

/// Creates, before `rows`, a loop with `rows`'s bounds, moves `ops` into
/// it (in their order) and makes them use its index instead of `rows`'s.
static affine::AffineForOp moveIntoRowLoop(affine::AffineForOp rows,
                                           ArrayRef<Operation *> ops,
                                           RewriterBase &rewriter) {
  rewriter.setInsertionPoint(rows);
  auto loop = affine::AffineForOp::create(
      rewriter, rows.getLoc(), rows.getLowerBoundOperands(),
      rows.getLowerBoundMap(), rows.getUpperBoundOperands(),
      rows.getUpperBoundMap(), rows.getStepAsInt());
  Operation *yield = loop.getBody()->getTerminator();
  for (Operation *op : ops)
    rewriter.moveOpBefore(op, yield);
  rewriter.replaceUsesWithIf(
      rows.getInductionVar(), loop.getInductionVar(),
      [&](OpOperand &use) { return loop->isProperAncestor(use.getOwner()); });
  return loop;
}

/// Whether `loop` is `affine.for %e = 0 to n` (step 1): it visits every
/// element of a row of `n`.
static bool isWholeRowLoop(affine::AffineForOp loop, int64_t n) {
  return loop.hasConstantBounds() && loop.getConstantLowerBound() == 0 &&
         loop.getConstantUpperBound() == n && loop.getStepAsInt() == 1;
}

/// Whether the map `map` of `operands` indexes its last dimension with
/// `iv` alone and its other dimensions without it.
static bool isRowAccess(AffineMap map, ValueRange operands, Value iv) {
  if (map.getNumResults() == 0)
    return false;
  auto last = dyn_cast<AffineDimExpr>(map.getResults().back());
  if (!last || operands[last.getPosition()] != iv)
    return false;
  for (unsigned d = 0, e = map.getNumDims(); d < e; ++d)
    if (operands[d] == iv)
      for (AffineExpr result : map.getResults().drop_back())
        if (result.isFunctionOfDim(d))
          return false;
  return true;
}

/// Whether the map `map` of `operands` indexes the last dimension of
/// `type` (whose last dimension has unit stride) with `iv` plus what does
/// not depend on it, and its other dimensions without it: its trips read
/// consecutive elements.
static bool isContiguousAccess(MemRefType type, AffineMap map,
                               ValueRange operands, Value iv) {
  if (map.getNumResults() == 0 || !type.isLastDimUnitStride())
    return false;
  std::optional<unsigned> position;
  for (unsigned d = 0, e = map.getNumDims(); d < e; ++d) {
    if (operands[d] != iv)
      continue;
    if (position)
      return false;
    position = d;
  }
  if (!position)
    return false;
  for (AffineExpr result : map.getResults().drop_back())
    if (result.isFunctionOfDim(*position))
      return false;
  // The last index grows by exactly 1 from one trip to the next.
  AffineExpr last = map.getResults().back();
  AffineExpr dim = getAffineDimExpr(*position, map.getContext());
  AffineExpr step = simplifyAffineExpr(last.replace(dim, dim + 1) - last,
                                       map.getNumDims(), map.getNumSymbols());
  auto constant = dyn_cast<AffineConstantExpr>(step);
  return constant && constant.getValue() == 1;
}

namespace {
/// The uses of buffers of partials in rows of `n` that
/// accumulateRowsInVectors rewrites.
struct RowPartialUses {
  /// Loops that store a value from outside into every element of a row of
  /// one or more of the buffers, and do nothing else.
  SmallVector<affine::AffineForOp> fills;
  /// Loops over every element of a row that combine the element of each
  /// buffer they touch with a value computed element-wise
  /// (`%p[.., %e] = combine(%p[.., %e], ..)`), each with the stores of its
  /// updates (getRowAccumulation).
  SmallVector<
      std::pair<affine::AffineForOp, SmallVector<affine::AffineStoreOp>>>
      accumulations;
  /// Loops over every element of a row that combine rows of the buffers
  /// into their iter_args, and do nothing else, each with the loads of its
  /// elements (getRowCombination).
  SmallVector<std::pair<affine::AffineForOp, SmallVector<affine::AffineLoadOp>>>
      combinations;
  /// The combiners of every accumulation and combination, by buffer.
  DenseMap<Value, SmallVector<Operation *>> combiners;
};
} // namespace

/// Whether vectors of `type` lie in memory as memrefs of `type` do, one
/// element after the other: an integer or float whose width is a power of
/// two of at least 8 bits (a vector of i1 or i24 packs its elements closer
/// than a memref's elements lie).
static bool hasVectorMemoryLayout(Type type) {
  if (!type.isIntOrFloat())
    return false;
  unsigned bits = type.getIntOrFloatBitWidth();
  return bits >= 8 && llvm::isPowerOf2_32(bits);
}

/// Whether the op `op` of an accumulation loop computes one element from
/// others and its operands element-wise: an op of scalars that a vector op
/// of the same name computes lane by lane, with no effects.
static bool isElementwiseScalarOp(Operation *op) {
  auto isScalar = [](Type type) { return type.isIntOrFloat(); };
  return op->hasTrait<OpTrait::Elementwise>() &&
         op->hasTrait<OpTrait::Vectorizable>() && op->getNumRegions() == 0 &&
         isPure(op) && op->getNumResults() == 1 &&
         llvm::all_of(op->getOperandTypes(), isScalar) &&
         llvm::all_of(op->getResultTypes(), isScalar);
}

/// Whether `loop` (no iter_args) stores values from outside it into rows
/// of `buffers` and does nothing else.
static bool isRowFill(affine::AffineForOp loop,
                      const SetVector<Value> &buffers) {
  if (loop.getNumIterOperands() != 0)
    return false;
  for (Operation &op : loop.getBody()->without_terminator()) {
    auto store = dyn_cast<affine::AffineStoreOp>(op);
    if (!store || !buffers.contains(store.getMemRef()) ||
        !loop.isDefinedOutsideOfLoop(store.getValueToStore()) ||
        !isRowAccess(store.getAffineMap(), store.getMapOperands(),
                     loop.getInductionVar()))
      return false;
  }
  return true;
}

/// The updates of the partials of `buffers` that `loop` (no iter_args)
/// makes when it accumulates into their rows: its body loads an element of
/// a row of each buffer it touches, combines it with a value computed from
/// element-wise ops, loads of consecutive elements of other buffers and
/// values from outside, stores the result back where it loaded it, and
/// does nothing else. Empty otherwise.
static SmallVector<affine::AffineStoreOp>
getRowAccumulation(affine::AffineForOp loop, const SetVector<Value> &buffers) {
  if (loop.getNumIterOperands() != 0)
    return {};
  Value iv = loop.getInductionVar();
  SmallVector<affine::AffineLoadOp> partials;
  SmallVector<affine::AffineStoreOp> updates;
  for (Operation &op : loop.getBody()->without_terminator()) {
    if (auto load = dyn_cast<affine::AffineLoadOp>(op)) {
      if (buffers.contains(load.getMemRef()))
        partials.push_back(load);
      else if (!hasVectorMemoryLayout(load.getType()) ||
               !isContiguousAccess(load.getMemRefType(), load.getAffineMap(),
                                   load.getMapOperands(), iv))
        return {};
      continue;
    }
    if (auto store = dyn_cast<affine::AffineStoreOp>(op)) {
      if (!buffers.contains(store.getMemRef()))
        return {};
      updates.push_back(store);
      continue;
    }
    // Constants are taken from outside the loop.
    if (op.hasTrait<OpTrait::ConstantLike>() && op.getNumResults() == 1 &&
        op.getResult(0).getType().isIntOrFloat())
      continue;
    // The index itself reaches only the loads.
    if (!isElementwiseScalarOp(&op) || llvm::is_contained(op.getOperands(), iv))
      return {};
  }
  if (partials.empty() || partials.size() != updates.size())
    return {};
  SetVector<Value> touched;
  for (affine::AffineLoadOp partial : partials) {
    // Each partial enters its combiner alone, whose result is stored back
    // where it was loaded, once per buffer.
    if (!touched.insert(partial.getMemRef()) || !partial->hasOneUse() ||
        !isRowAccess(partial.getAffineMap(), partial.getMapOperands(), iv))
      return {};
    Operation *combiner = *partial->user_begin();
    if (combiner->getBlock() != loop.getBody() || !combiner->hasOneUse() ||
        combiner->getNumOperands() != 2 || !isReassociableCombiner(combiner) ||
        combiner->getOperand(0) == combiner->getOperand(1))
      return {};
    auto update = dyn_cast<affine::AffineStoreOp>(*combiner->user_begin());
    if (!update || update.getMemRef() != partial.getMemRef() ||
        update.getAffineMap() != partial.getAffineMap() ||
        update.getMapOperands() != partial.getMapOperands() ||
        update.getValueToStore() != combiner->getResult(0))
      return {};
  }
  return updates;
}

/// The loads of `buffers` whose elements `loop` combines into its
/// iter_args, one each, when it does nothing else: each iter_arg enters a
/// reassociable combiner with the element of a row, whose result is
/// yielded in its place. Empty otherwise.
static SmallVector<affine::AffineLoadOp>
getRowCombination(affine::AffineForOp loop, const SetVector<Value> &buffers) {
  unsigned count = loop.getNumIterOperands();
  Block *body = loop.getBody();
  if (count == 0 || body->getOperations().size() != 2 * count + 1)
    return {};
  SmallVector<affine::AffineLoadOp> loads;
  Operation *yield = body->getTerminator();
  for (BlockArgument acc : loop.getRegionIterArgs()) {
    if (!acc.hasOneUse())
      return {};
    Operation *combiner = *acc.user_begin();
    unsigned position = acc.getArgNumber() - 1;
    if (combiner->getBlock() != body || !isReassociableCombiner(combiner) ||
        combiner->getNumOperands() != 2 || !combiner->hasOneUse() ||
        yield->getOperand(position) != combiner->getResult(0))
      return {};
    Value other = combiner->getOperand(combiner->getOperand(0) == acc);
    auto load = other.getDefiningOp<affine::AffineLoadOp>();
    if (!load || load->getBlock() != body || !load->hasOneUse() ||
        !buffers.contains(load.getMemRef()) ||
        !isRowAccess(load.getAffineMap(), load.getMapOperands(),
                     loop.getInductionVar()))
      return {};
    loads.push_back(load);
  }
  return loads;
}

/// The map `map` of `operands` with the index `iv` replaced by 0, as a new
/// map and operands.
static std::pair<AffineMap, SmallVector<Value>>
atRowStart(AffineMap map, ValueRange operands, Value iv) {
  MLIRContext *ctx = map.getContext();
  for (unsigned d = 0, e = map.getNumDims(); d < e; ++d)
    if (operands[d] == iv)
      map = map.replace(getAffineDimExpr(d, ctx), getAffineConstantExpr(0, ctx),
                        map.getNumDims(), map.getNumSymbols());
  SmallVector<Value> newOperands(operands);
  affine::canonicalizeMapAndOperands(&map, &newOperands);
  return {map, newOperands};
}

/// Replaces the per-element partials of `allocas` (static `memref.alloca`
/// buffers of rows of `n` elements of one element type's width, as
/// walkTileRowsInPhysicalOrder leaves them) by `lanes` partials per row,
/// each accumulated by one vector: the fills become vector stores of the
/// identity, each accumulation loop a loop of step `lanes` whose
/// element-wise ops become vector ops and whose partials are iter_args
/// (loaded before and stored after), and each combination combines the
/// `lanes` partials of its rows. Applies only where every use of the
/// buffers is in one of these loops (RowPartialUses), each buffer's fills
/// store the identity of its combiner, and all of a buffer's accumulations
/// and combinations combine with the same reassociable combiner: partial
/// `l` of a row then holds the combination of the elements `l` modulo
/// `lanes` of the old row, and the combination of a row's partials is
/// unchanged up to reassociation. Returns whether it changed the IR.
static bool accumulateRowsInVectors(ArrayRef<memref::AllocaOp> allocas,
                                    int64_t lanes, RewriterBase &rewriter) {
  if (allocas.empty())
    return false;
  MemRefType first = memref::AllocaOp(allocas.front()).getType();
  if (first.getRank() == 0 || !first.hasStaticShape())
    return false;
  int64_t n = first.getShape().back();
  if (lanes <= 0 || lanes >= n || n % lanes != 0)
    return false;
  SetVector<Value> buffers;
  for (memref::AllocaOp alloca : allocas) {
    MemRefType type = alloca.getType();
    if (!type.hasStaticShape() || type.getRank() == 0 ||
        type.getShape().back() != n ||
        !hasVectorMemoryLayout(type.getElementType()) ||
        type.getElementTypeBitWidth() != first.getElementTypeBitWidth())
      return false;
    buffers.insert(alloca.getResult());
  }

  RowPartialUses uses;
  SetVector<Operation *> loops;
  for (Value buffer : buffers)
    for (Operation *user : buffer.getUsers()) {
      auto loop = dyn_cast<affine::AffineForOp>(user->getParentOp());
      if (!loop || !isWholeRowLoop(loop, n))
        return false;
      loops.insert(loop);
    }
  for (Operation *op : loops) {
    auto loop = cast<affine::AffineForOp>(op);
    if (isRowFill(loop, buffers)) {
      uses.fills.push_back(loop);
      continue;
    }
    if (SmallVector<affine::AffineStoreOp> updates =
            getRowAccumulation(loop, buffers);
        !updates.empty()) {
      for (affine::AffineStoreOp update : updates)
        uses.combiners[update.getMemRef()].push_back(
            update.getValueToStore().getDefiningOp());
      uses.accumulations.emplace_back(loop, std::move(updates));
      continue;
    }
    if (SmallVector<affine::AffineLoadOp> loads =
            getRowCombination(loop, buffers);
        !loads.empty()) {
      for (affine::AffineLoadOp load : loads)
        uses.combiners[load.getMemRef()].push_back(*load->user_begin());
      uses.combinations.emplace_back(loop, std::move(loads));
      continue;
    }
    return false;
  }
  // One combiner per buffer, at least one accumulation into it, and fills
  // with its identity.
  auto isAccumulation = [](Operation *combiner) {
    return isa<affine::AffineStoreOp>(*combiner->user_begin());
  };
  for (Value buffer : buffers) {
    auto it = uses.combiners.find(buffer);
    if (it == uses.combiners.end() || llvm::none_of(it->second, isAccumulation))
      return false;
    for (Operation *combiner : it->second)
      if (combiner->getName() != it->second.front()->getName())
        return false;
  }
  for (affine::AffineForOp loop : uses.fills)
    for (auto store : loop.getBody()->getOps<affine::AffineStoreOp>()) {
      Attribute value;
      if (!matchPattern(store.getValueToStore(), m_Constant(&value)))
        return false;
      // A partial of an idempotent combiner may start from any value the
      // combination meets anyway: each row's lanes, like its partials, all
      // start from it and are all combined.
      for (Operation *combiner : uses.combiners.lookup(store.getMemRef())) {
        if (!isAccumulation(combiner) || isIdempotentCombiner(combiner))
          continue;
        std::optional<TypedAttr> identity = getCombinerIdentity(
            combiner, store.getValueToStore().getType(), Attribute());
        if (!identity || Attribute(*identity) != value)
          return false;
      }
    }

  // The new partials: `lanes` per row.
  DenseMap<Value, Value> narrow;
  for (memref::AllocaOp alloca : allocas) {
    MemRefType type = alloca.getType();
    SmallVector<int64_t> shape(type.getShape());
    shape.back() = lanes;
    rewriter.setInsertionPoint(alloca);
    narrow[alloca.getResult()] =
        memref::AllocaOp::create(rewriter, alloca.getLoc(),
                                 MemRefType::get(shape, type.getElementType()),
                                 alloca.getAlignmentAttr());
  }
  auto vectorOf = [&](Type scalar) { return VectorType::get({lanes}, scalar); };

  for (affine::AffineForOp loop : uses.fills) {
    rewriter.setInsertionPoint(loop);
    for (auto store : loop.getBody()->getOps<affine::AffineStoreOp>()) {
      auto [map, operands] = atRowStart(
          store.getAffineMap(), store.getMapOperands(), loop.getInductionVar());
      Value value = store.getValueToStore();
      Value filled = vector::BroadcastOp::create(
          rewriter, store.getLoc(), vectorOf(value.getType()), value);
      affine::AffineVectorStoreOp::create(rewriter, store.getLoc(), filled,
                                          narrow.lookup(store.getMemRef()), map,
                                          operands);
    }
    rewriter.eraseOp(loop);
  }

  // Named copies, not structured bindings: the lambdas below capture them.
  for (auto &accumulation : uses.accumulations) {
    affine::AffineForOp loop = accumulation.first;
    MutableArrayRef<affine::AffineStoreOp> updates = accumulation.second;
    Value iv = loop.getInductionVar();
    Location loc = loop.getLoc();
    rewriter.setInsertionPoint(loop);
    // Each partial's row: loaded before the loop, an iter_arg in it,
    // stored after it.
    SmallVector<std::pair<AffineMap, SmallVector<Value>>> rows;
    SmallVector<Value> inits;
    for (affine::AffineStoreOp update : updates) {
      rows.push_back(
          atRowStart(update.getAffineMap(), update.getMapOperands(), iv));
      inits.push_back(affine::AffineVectorLoadOp::create(
          rewriter, loc, vectorOf(update.getValueToStore().getType()),
          narrow.lookup(update.getMemRef()), rows.back().first,
          rows.back().second));
    }
    // Values from outside the loop, one broadcast each.
    DenseMap<Value, Value> broadcasts;
    auto vectorOperand = [&](Value v, IRMapping &mapping) -> Value {
      if (Value inner = mapping.lookupOrNull(v))
        return inner;
      auto [it, inserted] = broadcasts.try_emplace(v);
      if (inserted) {
        OpBuilder::InsertionGuard guard(rewriter);
        rewriter.setInsertionPoint(loop);
        it->second = vector::BroadcastOp::create(rewriter, loc,
                                                 vectorOf(v.getType()), v);
      }
      return it->second;
    };
    auto vectorLoop = affine::AffineForOp::create(
        rewriter, loc, 0, n, lanes, inits,
        [&](OpBuilder &b, Location, Value e, ValueRange accs) {
          IRMapping mapping;
          mapping.map(iv, e);
          for (auto [update, acc] : llvm::zip(updates, accs))
            for (Operation *user : update.getMemRef().getUsers())
              if (auto load = dyn_cast<affine::AffineLoadOp>(user);
                  load && load->getParentOp() == loop)
                mapping.map(load.getResult(), acc);
          for (Operation &op : loop.getBody()->without_terminator()) {
            if (isa<affine::AffineStoreOp>(op))
              continue;
            if (auto load = dyn_cast<affine::AffineLoadOp>(op)) {
              if (buffers.contains(load.getMemRef()))
                continue;
              SmallVector<Value> loadOperands =
                  llvm::map_to_vector(load.getMapOperands(), [&](Value v) {
                    return mapping.lookupOrDefault(v);
                  });
              mapping.map(load.getResult(),
                          affine::AffineVectorLoadOp::create(
                              b, load.getLoc(), vectorOf(load.getType()),
                              load.getMemRef(), load.getAffineMap(),
                              loadOperands));
              continue;
            }
            if (op.hasTrait<OpTrait::ConstantLike>()) {
              Operation *hoisted;
              {
                OpBuilder::InsertionGuard guard(rewriter);
                rewriter.setInsertionPoint(loop);
                hoisted = rewriter.clone(op);
              }
              mapping.map(op.getResult(0),
                          vectorOperand(hoisted->getResult(0), mapping));
              continue;
            }
            OperationState state(op.getLoc(), op.getName());
            for (Value operand : op.getOperands())
              state.addOperands(vectorOperand(operand, mapping));
            state.addTypes(vectorOf(op.getResult(0).getType()));
            state.addAttributes(op.getAttrs());
            mapping.map(op.getResult(0), b.create(state)->getResult(0));
          }
          SmallVector<Value> yields =
              llvm::map_to_vector(updates, [&](affine::AffineStoreOp update) {
                return mapping.lookup(update.getValueToStore());
              });
          affine::AffineYieldOp::create(b, loc, yields);
        });
    for (auto [update, row, result] :
         llvm::zip(updates, rows, vectorLoop.getResults()))
      affine::AffineVectorStoreOp::create(rewriter, loc, result,
                                          narrow.lookup(update.getMemRef()),
                                          row.first, row.second);
    rewriter.eraseOp(loop);
  }

  for (auto &combination : uses.combinations) {
    affine::AffineForOp loop = combination.first;
    MutableArrayRef<affine::AffineLoadOp> loads = combination.second;
    rewriter.modifyOpInPlace(loop, [&] { loop.setConstantUpperBound(lanes); });
    for (affine::AffineLoadOp load : loads) {
      rewriter.setInsertionPoint(load);
      rewriter.replaceOpWithNewOp<affine::AffineLoadOp>(
          load, narrow.lookup(load.getMemRef()), load.getAffineMap(),
          load.getMapOperands());
    }
  }
  for (memref::AllocaOp alloca : allocas)
    rewriter.eraseOp(alloca);
  LDBG() << "accumulated the rows of " << allocas.size()
         << " buffers of partials in " << lanes << "-lane vectors";
  return true;
}

bool mlir::tlayout::walkTileRowsInPhysicalOrder(affine::AffineForOp rows,
                                                RewriterBase &rewriter,
                                                int64_t walkBytes,
                                                int64_t accumulatorBytes) {
  auto fail = [&](const Twine &why) {
    LDBG() << "rows at " << rows.getLoc() << " kept: " << why.str();
    return false;
  };
  if (!rows.hasConstantBounds() || rows.getStepAsInt() != 1 ||
      rows.getNumIterOperands() != 0)
    return fail("the loop has no constant bounds, a step other than 1 or "
                "iter_args");
  int64_t lb = rows.getConstantLowerBound();
  std::optional<int64_t> tripCount =
      llvm::checkedSub(rows.getConstantUpperBound(), lb);
  if (!tripCount || *tripCount < 2)
    return fail("fewer than two rows");

  // The body: fills and ops to hoist, the tile loop, then the rest.
  Block *body = rows.getBody();
  SmallVector<Operation *> fills, hoisted, rest;
  SetVector<Value> filled;
  affine::AffineForOp tile;
  for (Operation &op : body->without_terminator()) {
    if (tile) {
      rest.push_back(&op);
      continue;
    }
    if (auto loop = dyn_cast<affine::AffineForOp>(op)) {
      SmallVector<Value> buffers = getFilledBuffers(loop);
      if (!buffers.empty()) {
        fills.push_back(&op);
        filled.insert(buffers.begin(), buffers.end());
        continue;
      }
      tile = loop;
      continue;
    }
    if (isPure(&op) && op.getNumRegions() == 0 &&
        llvm::all_of(op.getOperands(), [&](Value v) {
          return rows.isDefinedOutsideOfLoop(v) ||
                 llvm::is_contained(hoisted, v.getDefiningOp());
        })) {
      hoisted.push_back(&op);
      continue;
    }
    return fail("an op before the tile loop is neither a fill nor pure");
  }
  if (!tile || fills.empty())
    return fail("no fill of partials followed by a tile loop");
  if (tile.getNumIterOperands() != 0)
    return fail("the tile loop carries values");
  auto isAvailable = [&](Value v) {
    return rows.isDefinedOutsideOfLoop(v) ||
           llvm::is_contained(hoisted, v.getDefiningOp());
  };
  if (!llvm::all_of(tile.getLowerBoundOperands(), isAvailable) ||
      !llvm::all_of(tile.getUpperBoundOperands(), isAvailable))
    return fail("the tile loop's bounds depend on the row");
  // Only hoisted values and the row index enter the tile loop from the
  // row's body.
  WalkResult uses = tile->walk([&](Operation *op) {
    for (Value v : op->getOperands())
      if (!isAvailable(v) && v != rows.getInductionVar() &&
          !tile->isAncestor(v.getParentRegion()->getParentOp()))
        return WalkResult::interrupt();
    return WalkResult::advance();
  });
  if (uses.wasInterrupted())
    return fail("the tile loop uses a value made in the row's body");
  std::optional<int64_t> runBytes = getRowRunBytes(tile, rows);
  if (!runBytes)
    return fail("the rows do not follow the tiles in the buffers' order");
  if (*runBytes >= walkBytes)
    return fail("each row reads " + Twine(*runBytes) +
                " contiguous bytes of a tile, enough as it is");

  // Each filled buffer gets one slice per row: every trip of `rows` writes
  // all of its slice before it reads it, so no value crosses from one row
  // to another through it.
  int64_t elements = *tripCount;
  for (Value buffer : filled) {
    if (!isPrivatizableBuffer(buffer, rows))
      return fail("a filled buffer is not a stack buffer accessed only by "
                  "affine loads and stores in the loop");
    std::optional<int64_t> total = llvm::checkedMul(
        *tripCount, cast<MemRefType>(buffer.getType()).getNumElements());
    if (!total)
      return fail("the partials' size overflows");
    elements = std::max(elements, *total);
  }
  if (elements > kMaxTileRowPartials)
    return fail("more partials than kMaxTileRowPartials");

  // The tile loop writes only the filled buffers (each row its slice) and
  // reads anything; the ops after it, which now run after every row's
  // tiles, write nothing the tile loop reads.
  SmallVector<Value> tileReads, tileWrites, restReads, restWrites;
  if (!collectMemrefEffects({tile}, tileReads, tileWrites) ||
      !collectMemrefEffects(rest, restReads, restWrites))
    return fail("an op's effects on memory are not known");
  if (tileWrites.empty() ||
      !llvm::all_of(tileWrites, [&](Value v) { return filled.contains(v); }))
    return fail("the tile loop writes a buffer other than the filled ones");
  for (Value write : restWrites)
    for (Value read : tileReads)
      if (!filled.contains(read) && !isDisjoint(write, read))
        return fail("an op after the tile loop may write what it reads");

  // Hoist, expand the buffers, then distribute the row loop over the
  // fills, the tile loop (interchanged with it) and the rest.
  Location loc = rows.getLoc();
  for (Operation *op : hoisted)
    rewriter.moveOpBefore(op, rows);
  SmallVector<memref::AllocaOp> expandedBuffers;
  for (Value buffer : filled) {
    auto alloca = buffer.getDefiningOp<memref::AllocaOp>();
    MemRefType type = alloca.getType();
    SmallVector<int64_t> shape{*tripCount};
    llvm::append_range(shape, type.getShape());
    rewriter.setInsertionPoint(alloca);
    auto expanded = memref::AllocaOp::create(
        rewriter, loc,
        MemRefType::get(shape, type.getElementType(), AffineMap(),
                        type.getMemorySpace()),
        alloca.getAlignmentAttr());
    accessSlice(buffer, expanded, rows.getInductionVar(), lb, rewriter);
    rewriter.eraseOp(alloca);
    expandedBuffers.push_back(expanded);
  }
  moveIntoRowLoop(rows, fills, rewriter);
  affine::AffineForOp tileRows = moveIntoRowLoop(rows, {tile}, rewriter);
  if (!rest.empty())
    moveIntoRowLoop(rows, rest, rewriter);
  rewriter.eraseOp(rows);
  affine::interchangeLoops(tileRows, tile);
  LDBG() << "walked the rows at " << loc << " tile by tile";

  if (accumulatorBytes <= 0)
    return true;
  // All the partials together (a loop may fill, accumulate or combine
  // several), in vectors of `accumulatorBytes`, more where there are fewer
  // rows than kRowAccumulatorVectors.
  Type elementType = expandedBuffers.front().getType().getElementType();
  if (!hasVectorMemoryLayout(elementType))
    return true;
  int64_t elementBytes = elementType.getIntOrFloatBitWidth() / 8;
  if (accumulatorBytes < elementBytes)
    return true;
  int64_t lanes = accumulatorBytes / elementBytes *
                  llvm::divideCeil(kRowAccumulatorVectors, *tripCount);
  accumulateRowsInVectors(expandedBuffers, lanes, rewriter);
  return true;
}
