//===- JamRepeatedStores.cpp - Rows that store to one word jammed ---------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// Running the trips of the loops around a loop over tiles inside it where
// they store to the same locations at every trip (the rows of a packed word),
// with the stores forwarded to the loads that follow them.
//
//===----------------------------------------------------------------------===//

#include "tlayout/Dialect/TLayout/Utils/AffineSimplification.h"
#include "tlayout/Dialect/TLayout/Utils/NestLegality.h"
#include "tlayout/Target/CPU/Passes.h.inc"
#include "tlayout/Target/CPU/Transforms.h"

#include "mlir/Conversion/AffineToStandard/AffineToStandard.h"
#include "mlir/Dialect/Affine/Analysis/AffineAnalysis.h"
#include "mlir/Dialect/Affine/Analysis/AffineStructures.h"
#include "mlir/Dialect/Affine/Analysis/LoopAnalysis.h"
#include "mlir/Dialect/Affine/Analysis/Utils.h"
#include "mlir/Dialect/Affine/IR/AffineMemoryOpInterfaces.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
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

#define DEBUG_TYPE "tlayout-jam-repeated-stores"

using namespace mlir;
using namespace mlir::tlayout;
using namespace mlir::tlayout::cpu;

//===----------------------------------------------------------------------===//
// Stores repeated by the loops around a tile loop
//===----------------------------------------------------------------------===//

namespace {

/// Where one load or store of a tile loop's body reads or writes: its
/// buffer, its indices as one affine map of its operands (composed with the
/// `affine.apply` ops that feed them), and the type it reads or writes.
struct AccessKey {
  Value memref;
  AffineMap map;
  SmallVector<Value> operands;
  Type type;
  bool isWrite = false;
  /// A vector transfer whose lanes are all in bounds: it stays within the
  /// dimensions it covers.
  bool inBounds = false;

  bool isSameLocation(const AccessKey &other) const {
    return memref == other.memref && map == other.map &&
           operands == other.operands && type == other.type;
  }
};

} // namespace

/// The access key of `op` when it is an `affine.load`/`store`,
/// `affine.vector_load`/`vector_store`, `memref.load`/`store` or
/// `vector.load`/`store`; nothing for any other op.
static std::optional<AccessKey> getAccessKey(Operation *op) {
  AccessKey key;
  if (auto read = dyn_cast<affine::AffineReadOpInterface>(op)) {
    key.memref = read.getMemRef();
    key.map = read.getAffineMap();
    key.operands = llvm::to_vector(read.getMapOperands());
    key.type = read.getValue().getType();
  } else if (auto write = dyn_cast<affine::AffineWriteOpInterface>(op)) {
    key.memref = write.getMemRef();
    key.map = write.getAffineMap();
    key.operands = llvm::to_vector(write.getMapOperands());
    key.type = write.getValueToStore().getType();
    key.isWrite = true;
  } else {
    ValueRange indices;
    // An access by indices: its memref, indices, accessed type and
    // direction.
    auto byIndices = [&](Value memref, ValueRange at, Type type, bool isWrite) {
      key.memref = memref;
      indices = at;
      key.type = type;
      key.isWrite = isWrite;
    };
    if (auto load = dyn_cast<memref::LoadOp>(op)) {
      byIndices(load.getMemRef(), load.getIndices(), load.getType(), false);
    } else if (auto store = dyn_cast<memref::StoreOp>(op)) {
      byIndices(store.getMemRef(), store.getIndices(),
                store.getValueToStore().getType(), true);
    } else if (auto load = dyn_cast<vector::LoadOp>(op)) {
      byIndices(load.getBase(), load.getIndices(), load.getType(), false);
    } else if (auto store = dyn_cast<vector::StoreOp>(op)) {
      byIndices(store.getBase(), store.getIndices(),
                store.getValueToStore().getType(), true);
    } else if (auto transfer = dyn_cast<VectorTransferOpInterface>(op)) {
      // Only a transfer that is a plain vector load or store: unmasked, in
      // bounds, along the trailing dimensions of a memref.
      if (transfer.getMask() ||
          !transfer.getPermutationMap().isMinorIdentity() ||
          !isa<MemRefType>(transfer.getBase().getType()) ||
          llvm::any_of(transfer.getInBoundsValues(),
                       [](bool inBounds) { return !inBounds; }))
        return std::nullopt;
      byIndices(transfer.getBase(), transfer.getIndices(),
                transfer.getVectorType(), isa<vector::TransferWriteOp>(op));
      key.inBounds = true;
    } else {
      return std::nullopt;
    }
    key.map =
        AffineMap::getMultiDimIdentityMap(indices.size(), op->getContext());
    key.operands = llvm::to_vector(indices);
  }
  affine::fullyComposeAffineMapAndOperands(&key.map, &key.operands);
  affine::canonicalizeMapAndOperands(&key.map, &key.operands);
  return key;
}

/// The coefficient of `var` in `expr` where `expr` is pure affine (a sum of
/// constant multiples of dims and symbols); nothing otherwise or on
/// overflow.
static std::optional<int64_t> getLinearCoefficient(AffineExpr expr,
                                                   AffineExpr var) {
  if (expr == var)
    return 1;
  if (isa<AffineDimExpr, AffineSymbolExpr, AffineConstantExpr>(expr))
    return 0;
  auto binary = cast<AffineBinaryOpExpr>(expr);
  std::optional<int64_t> lhs = getLinearCoefficient(binary.getLHS(), var);
  if (!lhs)
    return std::nullopt;
  if (binary.getKind() == AffineExprKind::Add) {
    std::optional<int64_t> rhs = getLinearCoefficient(binary.getRHS(), var);
    if (!rhs)
      return std::nullopt;
    return llvm::checkedAdd(*lhs, *rhs);
  }
  if (binary.getKind() == AffineExprKind::Mul)
    if (auto factor = dyn_cast<AffineConstantExpr>(binary.getRHS()))
      return llvm::checkedMul(*lhs, factor.getValue());
  return std::nullopt;
}

/// The elements the access of `key` covers along the memref dimension of
/// its map's result `d`: the vector's size along it for one of the vector's
/// trailing dimensions, 1 otherwise; nothing for a scalable vector or one
/// of more dimensions than the map.
static std::optional<int64_t> getExtent(const AccessKey &key, int64_t d) {
  auto vectorType = dyn_cast<VectorType>(key.type);
  if (!vectorType)
    return 1;
  int64_t rank = key.map.getNumResults();
  int64_t vectorRank = vectorType.getRank();
  if (vectorType.isScalable() || vectorRank > rank)
    return std::nullopt;
  if (d < rank - vectorRank)
    return 1;
  return vectorType.getDimSize(d - (rank - vectorRank));
}

/// The dim or symbol of `key`'s map that `value` is bound to; nothing where
/// `value` is not one of its operands.
static std::optional<AffineExpr> getOperandExpr(const AccessKey &key,
                                                Value value) {
  auto it = llvm::find(key.operands, value);
  if (it == key.operands.end())
    return std::nullopt;
  unsigned position = it - key.operands.begin();
  unsigned numDims = key.map.getNumDims();
  return position < numDims
             ? getAffineDimExpr(position, key.map.getContext())
             : getAffineSymbolExpr(position - numDims, key.map.getContext());
}

/// Whether `key`'s buffer and every operand of its location are made
/// outside `loop`, except operands that `isIndex` accepts (indices of loops
/// inside it that the caller accounts for).
static bool isMadeOutside(const AccessKey &key, LoopLikeOpInterface loop,
                          function_ref<bool(Value)> isIndex) {
  return loop.isDefinedOutsideOfLoop(key.memref) &&
         llvm::all_of(key.operands, [&](Value operand) {
           return isIndex(operand) || loop.isDefinedOutsideOfLoop(operand);
         });
}

/// Whether the accesses of `key` at distinct trips of `tiles` touch
/// disjoint elements: some index is pure affine in the tile loop's index,
/// with a coefficient that moves it by at least the elements the access
/// covers along that dimension at every trip.
static bool separatesTrips(const AccessKey &key, affine::AffineForOp tiles) {
  std::optional<AffineExpr> var = getOperandExpr(key, tiles.getInductionVar());
  if (!var)
    return false;
  for (auto [d, result] : llvm::enumerate(key.map.getResults())) {
    if (!result.isPureAffine())
      continue;
    std::optional<int64_t> coefficient = getLinearCoefficient(result, *var);
    if (!coefficient || *coefficient == 0)
      continue;
    std::optional<int64_t> extent = getExtent(key, d);
    if (!extent)
      return false;
    std::optional<int64_t> move =
        llvm::checkedMul(std::abs(*coefficient), tiles.getStepAsInt());
    if (move && *move >= *extent)
      return true;
  }
  return false;
}

/// Whether the vector access of `key` (any scalar access is) stays within
/// the dimensions it indexes: a transfer whose lanes are all in bounds, or
/// along every dimension a vector dimension of more than one lane covers,
/// an index that is a multiple of the lanes (by `facts`), which divide the
/// memref's static size there, so a vector that starts in bounds ends in
/// bounds. (One that runs past the end of a row reaches the next row on a
/// CPU, which the per-dimension reasoning of separatesTrips and isInjective
/// does not see.)
static bool staysWithinDims(const AccessKey &key, IndexFactsAnalysis &facts) {
  if (!isa<VectorType>(key.type) || key.inBounds)
    return true;
  auto type = dyn_cast<MemRefType>(key.memref.getType());
  // (A vector of more dimensions than the map has no extent anywhere.)
  if (!type || type.getRank() != key.map.getNumResults() || !getExtent(key, 0))
    return false;
  SmallVector<IndexFacts> operandFacts = facts.getFacts(key.operands);
  for (auto [d, result] : llvm::enumerate(key.map.getResults())) {
    int64_t lanes = *getExtent(key, d);
    if (lanes == 1)
      continue;
    int64_t multiple =
        evaluateIndexFacts(result, operandFacts, key.map.getNumDims()).multiple;
    if (type.isDynamicDim(d) || type.getDimSize(d) % lanes != 0 ||
        multiple % lanes != 0)
      return false;
  }
  return true;
}

/// A loop index of a jammed nest with its step and trip count (0 where it
/// is not known).
struct JammedIndex {
  Value iv;
  int64_t step;
  int64_t trip;
};

/// Whether `key` touches distinct elements at distinct trips of `indices`:
/// every index with more than one trip moves exactly one dimension of the
/// location, as a pure affine term, and within each dimension the terms
/// nest as digits of a mixed radix (each moves by at least the span of
/// the smaller ones and of the access itself; an index of unknown trip
/// count must move the most).
static bool isInjective(const AccessKey &key, ArrayRef<JammedIndex> indices) {
  int64_t rank = key.map.getNumResults();
  // Per dimension: (|coefficient * step|, trip) of its indices.
  SmallVector<SmallVector<std::pair<int64_t, int64_t>>> digits(rank);
  for (const JammedIndex &index : indices) {
    std::optional<AffineExpr> operand = getOperandExpr(key, index.iv);
    if (!operand) {
      // An index of one trip moves nothing; any other must move the
      // location.
      if (index.trip == 1)
        continue;
      return false;
    }
    AffineExpr var = *operand;
    int found = 0;
    for (auto [d, result] : llvm::enumerate(key.map.getResults())) {
      bool uses = false;
      result.walk([&](AffineExpr e) { uses |= e == var; });
      if (!uses)
        continue;
      std::optional<int64_t> coefficient =
          result.isPureAffine() ? getLinearCoefficient(result, var)
                                : std::nullopt;
      if (!coefficient || *coefficient == 0)
        return false;
      std::optional<int64_t> weight =
          llvm::checkedMul(std::abs(*coefficient), index.step);
      if (!weight)
        return false;
      digits[d].push_back({*weight, index.trip});
      ++found;
    }
    if (found != 1)
      return false;
  }
  for (auto [d, dimDigits] : llvm::enumerate(digits)) {
    std::optional<int64_t> extent = getExtent(key, d);
    if (!extent)
      return false;
    int64_t span = *extent;
    llvm::sort(dimDigits);
    for (auto [k, digit] : llvm::enumerate(dimDigits)) {
      auto [weight, trip] = digit;
      if (weight < span)
        return false;
      if (trip == 0) {
        if (k + 1 != dimDigits.size())
          return false;
        continue;
      }
      std::optional<int64_t> move = llvm::checkedMul(weight, trip - 1);
      std::optional<int64_t> next =
          move ? llvm::checkedAdd(span, *move) : std::nullopt;
      if (!next)
        return false;
      span = *next;
    }
  }
  return true;
}

/// Forwards, in the straight-line body of `loop`, each value stored to the
/// loads of the same location that follow it, and erases the stores that a
/// later store to the same location overwrites before anything reads it.
/// Every op with memory effects in the body has an access key (checked by
/// the caller), and distinct memrefs written or read are disjoint.
static void forwardStores(affine::AffineForOp loop, RewriterBase &rewriter) {
  // The last access of each location: the store (null after a load) and
  // the value it stored or loaded.
  SmallVector<std::tuple<AccessKey, Operation *, Value>> lastStores;
  for (Operation &op : llvm::make_early_inc_range(*loop.getBody())) {
    std::optional<AccessKey> key = getAccessKey(&op);
    if (!key)
      continue;
    auto *it = llvm::find_if(lastStores, [&](const auto &entry) {
      return std::get<0>(entry).isSameLocation(*key);
    });
    if (!key->isWrite) {
      if (it != lastStores.end())
        rewriter.replaceOp(&op, std::get<2>(*it));
      else
        lastStores.push_back({*key, nullptr, op.getResult(0)});
      continue;
    }
    // Every value stored is the first operand of the stores with keys.
    Value stored = op.getOperand(0);
    if (it == lastStores.end()) {
      lastStores.push_back({*key, &op, stored});
      continue;
    }
    // Overwritten before anything read it: every load of the location
    // since was forwarded above.
    if (std::get<1>(*it))
      rewriter.eraseOp(std::get<1>(*it));
    std::get<1>(*it) = &op;
    std::get<2>(*it) = stored;
  }
}

namespace {
/// A loop index with its step and trip count.
struct LoopExtent {
  Value iv;
  int64_t step;
  int64_t trip;
};
} // namespace

/// The bytes between the first and the last byte that `key` touches while
/// the indices of `extents` run through their trips (the others fixed), as
/// a static identity-layout memref holds its elements: the access's own
/// bytes plus, for each index, its stride in bytes times its steps. Nothing
/// where that is not known: a memref of another layout or of dynamic
/// shape, elements that are not integers or floats of a known width
/// (`index`), a scalable vector, or an index that enters a location
/// other than as a pure affine term.
static std::optional<int64_t> getSpanBytes(const AccessKey &key,
                                           ArrayRef<LoopExtent> extents) {
  auto type = dyn_cast<MemRefType>(key.memref.getType());
  if (!type || !type.hasStaticShape() || !type.getLayout().isIdentity() ||
      !type.getElementType().isIntOrFloat() ||
      type.getRank() != key.map.getNumResults())
    return std::nullopt;
  int64_t elementBytes =
      llvm::divideCeil(type.getElementType().getIntOrFloatBitWidth(), 8);
  auto vectorType = dyn_cast<VectorType>(key.type);
  if (vectorType && vectorType.isScalable())
    return std::nullopt;
  std::optional<int64_t> span = llvm::checkedMul<int64_t>(
      vectorType ? vectorType.getNumElements() : 1, elementBytes);
  SmallVector<int64_t> strides = computeSuffixProduct(type.getShape());
  for (const LoopExtent &extent : extents) {
    std::optional<AffineExpr> var = getOperandExpr(key, extent.iv);
    if (!var)
      continue;
    std::optional<int64_t> stride = 0;
    for (auto [d, result] : llvm::enumerate(key.map.getResults())) {
      bool uses = false;
      result.walk([&](AffineExpr e) { uses |= e == *var; });
      if (!uses)
        continue;
      std::optional<int64_t> coefficient =
          result.isPureAffine() ? getLinearCoefficient(result, *var)
                                : std::nullopt;
      std::optional<int64_t> term =
          coefficient && stride ? llvm::checkedMul(*coefficient, strides[d])
                                : std::nullopt;
      stride = term ? llvm::checkedAdd(*stride, *term) : std::nullopt;
    }
    std::optional<int64_t> move =
        stride ? llvm::checkedMul(std::abs(*stride), elementBytes)
               : std::nullopt;
    move = move ? llvm::checkedMul(*move, extent.step) : std::nullopt;
    move = move ? llvm::checkedMul(*move, std::max<int64_t>(0, extent.trip - 1))
                : std::nullopt;
    span = span && move ? llvm::checkedAdd(*span, *move) : std::nullopt;
  }
  return span;
}

/// The trip count of `loop` where it is static (affine.for's own analysis,
/// which the interface's default does not use, or the interface's).
static std::optional<uint64_t> getStaticTrips(LoopLikeOpInterface loop) {
  if (auto affineLoop = dyn_cast<affine::AffineForOp>(loop.getOperation()))
    return affine::getConstantTripCount(affineLoop);
  std::optional<APInt> trip = loop.getStaticTripCount();
  if (!trip || trip->getActiveBits() > 64)
    return std::nullopt;
  return trip->getZExtValue();
}

/// Whether the accesses `repeated` (those a jam of `rows` around `tiles`
/// would do once for all rows, one per location) are to an accumulator that a
/// loop around the rows revisits while it is still in cache: every one is
/// invariant in that loop (its buffer and location made outside it, or by
/// the loops in between), the loop runs more than once (or its trips are not
/// known), and over the loops between it and the rows and `tiles` the
/// accesses span at most kMaxRevisitedBytes together (getSpanBytes, from
/// the first byte to the last: a strided accumulator counts the lines it
/// spreads over). Where nothing bounds the bytes (a loop in between without
/// a static trip count or induction variables, or a span that is not
/// known), it answers no.
static bool isRevisitedAccumulator(ArrayRef<AccessKey> repeated,
                                   ArrayRef<affine::AffineForOp> rows,
                                   affine::AffineForOp tiles) {
  if (repeated.empty())
    return false;
  // The loops between the candidate and the rows, and `tiles`.
  SmallVector<LoopExtent> between;
  auto asExtent = [](LoopLikeOpInterface loop) -> std::optional<LoopExtent> {
    std::optional<SmallVector<Value>> ivs = loop.getLoopInductionVars();
    std::optional<SmallVector<OpFoldResult>> steps = loop.getLoopSteps();
    std::optional<uint64_t> trip = getStaticTrips(loop);
    if (!ivs || ivs->size() != 1 || !steps || steps->size() != 1 || !trip ||
        *trip > static_cast<uint64_t>(std::numeric_limits<int64_t>::max()))
      return std::nullopt;
    std::optional<int64_t> step = getConstantIntValue(steps->front());
    if (!step || *step <= 0)
      return std::nullopt;
    return LoopExtent{ivs->front(), *step, static_cast<int64_t>(*trip)};
  };
  std::optional<LoopExtent> tileExtent =
      asExtent(cast<LoopLikeOpInterface>(tiles.getOperation()));
  if (!tileExtent)
    return false;
  between.push_back(*tileExtent);
  auto isBetween = [&](Value value) {
    return llvm::any_of(
        between, [&](const LoopExtent &extent) { return extent.iv == value; });
  };
  for (Operation *op = rows.back()->getParentOp();
       op && !isa<FunctionOpInterface>(op); op = op->getParentOp()) {
    auto loop = dyn_cast<LoopLikeOpInterface>(op);
    if (!loop)
      continue;
    // A buffer or an operand made inside the loop, other than an index of
    // the loops between, may change with the loop's trip.
    auto isInvariant = [&](const AccessKey &key) {
      return isMadeOutside(key, loop, isBetween);
    };
    std::optional<uint64_t> trip = getStaticTrips(loop);
    std::optional<SmallVector<Value>> ivs = loop.getLoopInductionVars();
    if (auto parallel = dyn_cast<affine::AffineParallelOp>(op))
      ivs = llvm::to_vector_of<Value>(parallel.getIVs());
    if (ivs && !ivs->empty() && !(trip && *trip <= 1) &&
        llvm::all_of(repeated, isInvariant)) {
      std::optional<int64_t> total = 0;
      for (const AccessKey &key : repeated) {
        std::optional<int64_t> span = getSpanBytes(key, between);
        total = span && total ? llvm::checkedAdd(*total, *span) : std::nullopt;
      }
      return total && *total <= kMaxRevisitedBytes;
    }
    std::optional<LoopExtent> extent = asExtent(loop);
    if (!extent)
      return false;
    between.push_back(*extent);
  }
  return false;
}

bool mlir::tlayout::cpu::jamRepeatedStores(affine::AffineForOp tiles,
                                           RewriterBase &rewriter) {
  if (tiles.getNumIterOperands() != 0)
    return false;
  // The body: ops without regions, each free of memory effects, a load or
  // store with an access key, or an op that only reads named memrefs.
  SmallVector<AccessKey> writes, keyedReads;
  SmallVector<Value> otherReads;
  int64_t numOps = 0;
  for (Operation &op : tiles.getBody()->without_terminator()) {
    ++numOps;
    if (op.getNumRegions() != 0)
      return false;
    if (isMemoryEffectFree(&op))
      continue;
    if (std::optional<AccessKey> key = getAccessKey(&op)) {
      (key->isWrite ? writes : keyedReads).push_back(*key);
      continue;
    }
    auto iface = dyn_cast<MemoryEffectOpInterface>(&op);
    if (!iface)
      return false;
    SmallVector<MemoryEffects::EffectInstance> effects;
    iface.getEffects(effects);
    for (const MemoryEffects::EffectInstance &effect : effects) {
      Value value = effect.getValue();
      if (!isa<MemoryEffects::Read>(effect.getEffect()) || !value ||
          !isa<BaseMemRefType>(value.getType()))
        return false;
      otherReads.push_back(value);
    }
  }
  if (writes.empty())
    return false;
  auto isWriteOnly = [&](Value memref) {
    return !llvm::is_contained(otherReads, memref) &&
           llvm::none_of(keyedReads, [&](const AccessKey &key) {
             return key.memref == memref;
           });
  };

  // The loops around it that repeat its stores: constant bounds, a body of
  // ops without effects or regions before the loop inside, and no access
  // location, buffer or bound of the tile loop that depends on them.
  SmallVector<affine::AffineForOp> rows;
  int64_t trips = 1;
  Operation *child = tiles;
  while (auto parent = dyn_cast<affine::AffineForOp>(child->getParentOp())) {
    if (!parent.hasConstantBounds() || parent.getNumIterOperands() != 0)
      break;
    std::optional<uint64_t> trip = affine::getConstantTripCount(parent);
    if (!trip || *trip == 0 ||
        child->getNextNode() != parent.getBody()->getTerminator())
      break;
    int64_t levelOps = 0;
    bool pure = true;
    for (Operation &op : *parent.getBody()) {
      if (&op == child)
        break;
      ++levelOps;
      pure &= op.getNumRegions() == 0 && isMemoryEffectFree(&op);
    }
    if (!pure)
      break;
    auto isOutside = [&](Value value) {
      return parent.isDefinedOutsideOfLoop(value);
    };
    auto keyIsOutside = [&](const AccessKey &key) {
      return isMadeOutside(key, parent, [&](Value operand) {
        return operand == tiles.getInductionVar();
      });
    };
    // A buffer that is only written may be written at locations that
    // depend on the rows (distinct ones, checked below).
    auto rowsOrOutside = [&](const AccessKey &key) {
      return isWriteOnly(key.memref) && isOutside(key.memref) &&
             llvm::all_of(key.operands, [&](Value operand) {
               return operand == tiles.getInductionVar() ||
                      operand == parent.getInductionVar() ||
                      llvm::any_of(rows,
                                   [&](affine::AffineForOp row) {
                                     return row.getInductionVar() == operand;
                                   }) ||
                      isOutside(operand);
             });
    };
    // Reads may depend on the rows where their buffer is not written (a
    // read of a written buffer at another location fails below).
    if (!llvm::all_of(writes,
                      [&](const AccessKey &key) {
                        return keyIsOutside(key) || rowsOrOutside(key);
                      }) ||
        !llvm::all_of(
            keyedReads,
            [&](const AccessKey &key) { return isOutside(key.memref); }) ||
        !llvm::all_of(otherReads, isOutside) ||
        !llvm::all_of(tiles.getOperands(), isOutside))
      break;
    std::optional<int64_t> product =
        llvm::checkedMul(trips, static_cast<int64_t>(*trip));
    if (!product || *product > kMaxJammedTrips)
      break;
    std::optional<int64_t> size = llvm::checkedMul(*product, numOps + levelOps);
    if (!size || *size > kMaxJammedOps)
      break;
    numOps += levelOps;
    trips = *product;
    rows.push_back(parent);
    child = parent;
  }
  if (rows.empty()) {
    LDBG() << "not jammed: no loop around " << tiles.getLoc()
           << " repeats its stores";
    return false;
  }

  // Something is repeated: an access whose location moves with the tiles
  // but depends on none of the rows (one that moves with neither is
  // invariant in the tile loop too, and hoisted by others).
  SmallVector<JammedIndex> indices;
  for (affine::AffineForOp row : rows)
    indices.push_back(
        {row.getInductionVar(), row.getStepAsInt(),
         static_cast<int64_t>(*affine::getConstantTripCount(row))});
  size_t numRows = indices.size();
  auto usesRows = [&](const AccessKey &key) {
    return llvm::any_of(ArrayRef(indices).take_front(numRows),
                        [&](const JammedIndex &index) {
                          return llvm::is_contained(key.operands, index.iv);
                        });
  };
  if (llvm::none_of(llvm::concat<AccessKey>(writes, keyedReads),
                    [&](const AccessKey &key) {
                      return !usesRows(key) &&
                             llvm::is_contained(key.operands,
                                                tiles.getInductionVar());
                    })) {
    LDBG() << "not jammed: every access around " << tiles.getLoc()
           << " depends on the rows";
    return false;
  }
  // The rows' accumulator stays in cache between the trips of a loop that
  // revisits it: the jam would save only cache traffic, and would run the
  // rows' own accesses side by side (column sums over groups of tile rows
  // read each tile as one stream per row).
  SmallVector<AccessKey> repeated;
  for (const AccessKey &key : llvm::concat<AccessKey>(writes, keyedReads))
    if (!usesRows(key) &&
        llvm::is_contained(key.operands, tiles.getInductionVar()) &&
        llvm::none_of(repeated, [&](const AccessKey &other) {
          return other.isSameLocation(key);
        }))
      repeated.push_back(key);
  if (isRevisitedAccumulator(repeated, rows, tiles)) {
    LDBG() << "not jammed: a loop around " << tiles.getLoc()
           << " revisits the repeated locations while they are in cache";
    return false;
  }
  std::optional<uint64_t> tileTrip = affine::getConstantTripCount(tiles);
  indices.push_back({tiles.getInductionVar(), tiles.getStepAsInt(),
                     tileTrip ? static_cast<int64_t>(*tileTrip) : 0});

  IndexFactsAnalysis facts;
  // Every access to a buffer it writes is to one location per trip of the
  // tile loop, distinct trips touch distinct elements (for a buffer only
  // written at locations that depend on the rows: distinct trips of the
  // rows and the tiles), and the other buffers it accesses are distinct
  // from the written ones.
  SmallVector<Value> accessed(otherReads);
  for (const AccessKey &key : llvm::concat<AccessKey>(writes, keyedReads))
    accessed.push_back(key.memref);
  for (const AccessKey &write : writes) {
    // Distinct indices of a layout that is not the identity (a broadcast's
    // zero stride) may be one element.
    auto type = dyn_cast<MemRefType>(write.memref.getType());
    if (!type || !type.getLayout().isIdentity()) {
      LDBG() << "not jammed: a written memref's layout is not the identity";
      return false;
    }
    if (!staysWithinDims(write, facts)) {
      LDBG() << "not jammed: a written vector may run past its dimension";
      return false;
    }
    if (usesRows(write) ? !isInjective(write, indices)
                        : !separatesTrips(write, tiles)) {
      LDBG() << "not jammed: distinct trips of " << tiles.getLoc()
             << " may store to one element";
      return false;
    }
    for (const AccessKey &other : llvm::concat<AccessKey>(writes, keyedReads))
      if (other.memref == write.memref && !other.isSameLocation(write)) {
        LDBG() << "not jammed: a written buffer is accessed at two locations";
        return false;
      }
    for (Value other : accessed)
      if (other != write.memref && !isDisjoint(other, write.memref)) {
        LDBG() << "not jammed: a written buffer may be another it accesses";
        return false;
      }
    if (llvm::is_contained(otherReads, write.memref)) {
      LDBG() << "not jammed: a written buffer is read by an op without key";
      return false;
    }
  }

  // The tile loop, moved outside the rows, runs every trip of the rows in
  // their order at each of its trips.
  std::reverse(rows.begin(), rows.end());
  affine::AffineForOp outermost = rows.front();
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(outermost);
  Location loc = tiles.getLoc();
  SmallVector<SmallVector<Value>> rowValues;
  for (affine::AffineForOp row : rows) {
    SmallVector<Value> values;
    int64_t trip = *affine::getConstantTripCount(row);
    for (int64_t k = 0; k < trip; ++k)
      values.push_back(arith::ConstantIndexOp::create(
          rewriter, row.getLoc(),
          row.getConstantLowerBound() + k * row.getStepAsInt()));
    rowValues.push_back(std::move(values));
  }
  auto jammed = affine::AffineForOp::create(
      rewriter, loc, tiles.getLowerBoundOperands(), tiles.getLowerBoundMap(),
      tiles.getUpperBoundOperands(), tiles.getUpperBoundMap(),
      tiles.getStepAsInt());
  rewriter.setInsertionPoint(jammed.getBody()->getTerminator());
  IRMapping mapping;
  mapping.map(tiles.getInductionVar(), jammed.getInductionVar());
  for (int64_t n = 0; n < trips; ++n) {
    int64_t rest = n;
    SmallVector<int64_t> position(rows.size());
    for (int64_t k = rows.size() - 1; k >= 0; --k) {
      int64_t trip = rowValues[k].size();
      position[k] = rest % trip;
      rest /= trip;
    }
    for (auto [k, row] : llvm::enumerate(rows)) {
      mapping.map(row.getInductionVar(), rowValues[k][position[k]]);
      Operation *inner = k + 1 < rows.size() ? rows[k + 1].getOperation()
                                             : tiles.getOperation();
      for (Operation &op : *row.getBody()) {
        if (&op == inner)
          break;
        rewriter.clone(op, mapping);
      }
    }
    for (Operation &op : tiles.getBody()->without_terminator())
      rewriter.clone(op, mapping);
  }
  rewriter.eraseOp(outermost);
  forwardStores(jammed, rewriter);
  LDBG() << "jammed " << trips << " trips of the loops around " << loc;
  return true;
}
