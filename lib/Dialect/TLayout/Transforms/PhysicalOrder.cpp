//===- PhysicalOrder.cpp - Loop nests in physical order -------------------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// Permuting a perfect nest so that its loops follow the physical dimensions
// of the buffer it accesses, where the nest's legality is proved.
//
//===----------------------------------------------------------------------===//

#include "tlayout/Dialect/TLayout/Transforms/Passes.h.inc"
#include "tlayout/Dialect/TLayout/Transforms/Transforms.h"
#include "tlayout/Dialect/TLayout/Utils/AffineSimplification.h"
#include "tlayout/Dialect/TLayout/Utils/NestLegality.h"

#include "mlir/Dialect/Affine/IR/AffineMemoryOpInterfaces.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Affine/LoopUtils.h"
#include "llvm/Support/DebugLog.h"

#define DEBUG_TYPE "tlayout-physical-order"

using namespace mlir;
using namespace mlir::tlayout;

bool mlir::tlayout::permuteToPhysicalOrder(affine::AffineForOp root) {
  SmallVector<affine::AffineForOp> band;
  affine::getPerfectlyNestedLoops(band, root);
  if (band.size() < 2 || llvm::any_of(band, [](affine::AffineForOp l) {
        return l.getNumIterOperands() != 0;
      })) {
    LDBG() << "not permuted: the perfect nest at " << root.getLoc()
           << " has fewer than two loops or carries values";
    return false;
  }
  // The access to the buffer of highest rank (stores first) sets the order;
  // only accesses whose map is known to getMapUse take part.
  Operation *best = nullptr;
  std::optional<MapUse> use;
  int64_t bestRank = -1;
  for (Operation &op : *band.back().getBody()) {
    MemRefType type;
    bool isWrite = false;
    if (auto read = dyn_cast<affine::AffineReadOpInterface>(op)) {
      type = read.getMemRefType();
    } else if (auto write = dyn_cast<affine::AffineWriteOpInterface>(op)) {
      type = write.getMemRefType();
      isWrite = true;
    } else {
      continue;
    }
    std::optional<MapUse> opUse = getMapUse(&op);
    if (!opUse)
      continue;
    int64_t rank = type.getRank();
    if (rank > bestRank || (rank == bestRank && isWrite &&
                            !isa<affine::AffineWriteOpInterface>(best))) {
      best = &op;
      use = opUse;
      bestRank = rank;
    }
  }
  if (!best || !use) {
    LDBG() << "not permuted: the innermost body of the nest at "
           << root.getLoc() << " has no affine access to order by";
    return false;
  }
  SmallVector<int64_t> dimOfLoop(band.size(), -1);
  for (auto [position, result] : llvm::enumerate(use->map.getResults())) {
    auto dim = dyn_cast<AffineDimExpr>(result);
    if (!dim)
      continue;
    Value operand = best->getOperand(use->firstOperand + dim.getPosition());
    for (auto [k, loop] : llvm::enumerate(band))
      if (loop.getInductionVar() == operand && dimOfLoop[k] < 0)
        dimOfLoop[k] = position;
  }
  // Loops that index no dimension stay outside, in their order.
  SmallVector<unsigned> order =
      llvm::to_vector(llvm::seq<unsigned>(0, band.size()));
  llvm::stable_sort(order, [&](unsigned a, unsigned b) {
    return dimOfLoop[a] < dimOfLoop[b];
  });
  SmallVector<unsigned> permutation(band.size());
  for (auto [position, loop] : llvm::enumerate(order))
    permutation[loop] = position;
  if (llvm::equal(permutation, llvm::seq<unsigned>(0, band.size())))
    return false;
  // A bound may only use loops that stay outside it.
  for (auto [k, loop] : llvm::enumerate(band)) {
    auto operands = llvm::concat<Value>(loop.getLowerBoundOperands(),
                                        loop.getUpperBoundOperands());
    for (Value operand : operands)
      for (auto [other, outerLoop] : llvm::enumerate(band))
        if (outerLoop.getInductionVar() == operand &&
            permutation[other] > permutation[k]) {
          LDBG() << "not permuted: a bound uses a loop that would move "
                    "inside it";
          return false;
        }
  }
  if (!isLegalPermutation(band, permutation))
    return false;
  LDBG() << "permuted the nest at " << root.getLoc() << " into physical order";
  affine::permuteLoops(band, permutation);
  return true;
}
