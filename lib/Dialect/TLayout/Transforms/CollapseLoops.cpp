//===- CollapseLoops.cpp - Nests over whole buffers as one loop -----------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// Collapsing the innermost loops of a perfect nest that walk the trailing
// dimensions of every buffer they index, in order, into one loop.
//
//===----------------------------------------------------------------------===//

#include "tlayout/Dialect/TLayout/Transforms/Passes.h.inc"
#include "tlayout/Dialect/TLayout/Transforms/Transforms.h"

#include "mlir/Dialect/Affine/Analysis/AffineAnalysis.h"
#include "mlir/Dialect/Affine/Analysis/LoopAnalysis.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Affine/LoopUtils.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/DebugLog.h"

#include <limits>

#define DEBUG_TYPE "tlayout-collapse-loops"

using namespace mlir;
using namespace mlir::tlayout;

//===----------------------------------------------------------------------===//
// Collapsing nests that walk whole buffers in order
//===----------------------------------------------------------------------===//

/// Whether `op` (an affine.load or affine.store) indexes its memref, a
/// static one with the identity layout, with `ivs` as its last indices in
/// their order over the whole of those dimensions (of sizes `trips`), and
/// its other indices with none of `ivs`.
static bool indexesTrailingDims(Operation *op, ArrayRef<Value> ivs,
                                ArrayRef<int64_t> trips) {
  AffineMap map;
  SmallVector<Value> operands;
  MemRefType type;
  if (auto load = dyn_cast<affine::AffineLoadOp>(op)) {
    map = load.getAffineMap();
    operands = llvm::to_vector(load.getMapOperands());
    type = load.getMemRefType();
  } else if (auto store = dyn_cast<affine::AffineStoreOp>(op)) {
    map = store.getAffineMap();
    operands = llvm::to_vector(store.getMapOperands());
    type = store.getMemRefType();
  } else {
    return false;
  }
  int64_t rank = type.getRank();
  int64_t n = ivs.size();
  if (!type.getLayout().isIdentity() || !type.hasStaticShape() || rank < n)
    return false;
  auto operandOf = [&](AffineExpr expr) -> Value {
    if (auto dim = dyn_cast<AffineDimExpr>(expr))
      return operands[dim.getPosition()];
    if (auto sym = dyn_cast<AffineSymbolExpr>(expr))
      return operands[map.getNumDims() + sym.getPosition()];
    return nullptr;
  };
  for (int64_t d = 0; d < rank; ++d) {
    AffineExpr result = map.getResult(d);
    if (d >= rank - n) {
      int64_t k = d - (rank - n);
      if (operandOf(result) != ivs[k] || type.getDimSize(d) != trips[k])
        return false;
      continue;
    }
    bool usesIv = false;
    result.walk([&](AffineExpr e) {
      if (Value v = operandOf(e))
        usesIv |= llvm::is_contained(ivs, v);
    });
    if (usesIv)
      return false;
  }
  return true;
}

/// Replaces `accesses` (loads and stores indexed as indexesTrailingDims
/// checked, by the `n` loops being collapsed) with accesses of the
/// collapsed memrefs at `iv`.
static void rewriteCollapsedAccesses(ArrayRef<Operation *> accesses, int64_t n,
                                     Value iv,
                                     DenseMap<Value, Value> &collapsed,
                                     RewriterBase &rewriter) {
  for (Operation *access : accesses) {
    Operation &op = *access;
    auto load = dyn_cast<affine::AffineLoadOp>(op);
    auto store = dyn_cast<affine::AffineStoreOp>(op);
    if (!load && !store)
      continue;
    AffineMap map = load ? load.getAffineMap() : store.getAffineMap();
    SmallVector<Value> mapOperands =
        llvm::to_vector(load ? load.getMapOperands() : store.getMapOperands());
    Value memref = load ? load.getMemRef() : store.getMemRef();
    auto it = collapsed.find(memref);
    if (it == collapsed.end())
      continue;
    unsigned numDims = map.getNumDims();
    SmallVector<AffineExpr> results(
        map.getResults().take_front(map.getNumResults() - n));
    results.push_back(getAffineDimExpr(numDims, op.getContext()));
    AffineMap newMap = AffineMap::get(numDims + 1, map.getNumSymbols(), results,
                                      op.getContext());
    SmallVector<Value> operands(mapOperands.begin(),
                                mapOperands.begin() + numDims);
    operands.push_back(iv);
    llvm::append_range(operands, llvm::drop_begin(mapOperands, numDims));
    affine::canonicalizeMapAndOperands(&newMap, &operands);
    rewriter.setInsertionPoint(&op);
    if (load)
      rewriter.replaceOpWithNewOp<affine::AffineLoadOp>(load, it->second,
                                                        newMap, operands);
    else
      rewriter.replaceOpWithNewOp<affine::AffineStoreOp>(
          store, store.getValueToStore(), it->second, newMap, operands);
  }
}

bool mlir::tlayout::collapseContiguousNest(affine::AffineForOp root,
                                           RewriterBase &rewriter) {
  SmallVector<affine::AffineForOp> band;
  affine::getPerfectlyNestedLoops(band, root);
  Block *body = band.back().getBody();
  // The innermost loops that walk whole dimensions from 0 by 1.
  SmallVector<int64_t> trips;
  for (affine::AffineForOp loop : band) {
    std::optional<uint64_t> trip = affine::getConstantTripCount(loop);
    bool whole =
        loop.getNumIterOperands() == 0 && loop.hasConstantBounds() &&
        loop.getConstantLowerBound() == 0 && loop.getStepAsInt() == 1 && trip &&
        *trip > 0 &&
        *trip <= static_cast<uint64_t>(std::numeric_limits<int64_t>::max());
    trips.push_back(whole ? static_cast<int64_t>(*trip) : 0);
  }
  // Only a whole sweep: a nest inside another loop is one step of a
  // schedule of its own (the rows of a tile-row walk; bench/README.md has
  // what collapsing them cost).
  if (root->getParentOfType<LoopLikeOpInterface>())
    return false;
  for (size_t first = 0; first + 1 < band.size(); ++first) {
    ArrayRef<affine::AffineForOp> inner = ArrayRef(band).drop_front(first);
    ArrayRef<int64_t> innerTrips = ArrayRef(trips).drop_front(first);
    if (llvm::is_contained(innerTrips, 0))
      continue;
    std::optional<int64_t> total = 1;
    for (int64_t trip : innerTrips)
      if (total)
        total = llvm::checkedMul(*total, trip);
    if (!total)
      continue;
    SmallVector<Value> ivs;
    for (affine::AffineForOp loop : inner)
      ivs.push_back(loop.getInductionVar());
    // Every use of the indices is an index of a load or store of a whole
    // trailing block of dimensions, in the loops' order, of a memref from
    // outside the whole nest (not a value the nest carries).
    SmallVector<Value> memrefs;
    bool ok = true;
    for (Value iv : ivs)
      for (Operation *user : iv.getUsers()) {
        auto store = dyn_cast<affine::AffineStoreOp>(user);
        if (user->getBlock() != body ||
            !indexesTrailingDims(user, ivs, innerTrips) ||
            (store && llvm::is_contained(ivs, store.getValueToStore()))) {
          ok = false;
          break;
        }
        Value memref = affine::MemRefAccess(user).memref;
        if (band.front()->isAncestor(memref.getParentRegion()->getParentOp())) {
          ok = false;
          break;
        }
      }
    if (!ok)
      continue;
    // The accesses to rewrite and their memrefs, in the body's order.
    // Other accesses of the memrefs stay as they are: the collapsed
    // memrefs are views of the same buffers.
    SmallVector<Operation *> accesses;
    for (Operation &op : *body)
      if (llvm::any_of(op.getOperands(),
                       [&](Value v) { return llvm::is_contained(ivs, v); })) {
        accesses.push_back(&op);
        Value memref = affine::MemRefAccess(&op).memref;
        if (!llvm::is_contained(memrefs, memref))
          memrefs.push_back(memref);
      }
    if (memrefs.empty())
      continue;

    affine::AffineForOp outer = inner.front();
    int64_t n = inner.size();
    OpBuilder::InsertionGuard guard(rewriter);
    // The views go before the whole nest, where the memrefs are defined.
    rewriter.setInsertionPoint(band.front());
    DenseMap<Value, Value> collapsed;
    for (Value memref : memrefs) {
      int64_t rank = cast<MemRefType>(memref.getType()).getRank();
      SmallVector<ReassociationIndices> groups;
      for (int64_t d = 0; d < rank - n; ++d)
        groups.push_back({d});
      ReassociationIndices last;
      for (int64_t d = rank - n; d < rank; ++d)
        last.push_back(d);
      groups.push_back(last);
      collapsed[memref] = memref::CollapseShapeOp::create(
          rewriter, outer.getLoc(), memref, groups);
    }
    rewriter.setInsertionPoint(outer);
    auto loop =
        affine::AffineForOp::create(rewriter, outer.getLoc(), 0, *total, 1);
    Block *newBody = loop.getBody();
    // The innermost index's uses are all rewritten below.
    rewriter.inlineBlockBefore(body, newBody->getTerminator(),
                               loop.getInductionVar());
    // The old body's terminator moved along; the new loop keeps its own.
    rewriter.eraseOp(&*std::prev(newBody->getTerminator()->getIterator()));
    rewriteCollapsedAccesses(accesses, n, loop.getInductionVar(), collapsed,
                             rewriter);
    rewriter.eraseOp(outer);
    LDBG() << "collapsed " << n << " loops at " << loop.getLoc()
           << " into one of " << *total << " trips";
    return true;
  }
  return false;
}
