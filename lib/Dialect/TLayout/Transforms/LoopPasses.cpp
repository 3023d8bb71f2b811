//===- LoopPasses.cpp - Loop nests in physical order, collapsed -----------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// The --tlayout-physical-order and --tlayout-collapse-loops passes, thin
// adapters over permuteToPhysicalOrder (PhysicalOrder.cpp) and
// collapseContiguousNest (CollapseLoops.cpp).
//
//===----------------------------------------------------------------------===//

#include "tlayout/Dialect/TLayout/Transforms/Passes.h"
#include "tlayout/Dialect/TLayout/Transforms/Transforms.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

namespace mlir::tlayout {
#define GEN_PASS_DEF_COLLAPSELOOPS
#define GEN_PASS_DEF_PHYSICALORDER
#include "tlayout/Dialect/TLayout/Transforms/Passes.h.inc"
} // namespace mlir::tlayout

using namespace mlir;
using namespace mlir::tlayout;

/// The loops under `root` for which `isRoot` holds, in the walk's order,
/// collected before any of them is transformed.
static SmallVector<affine::AffineForOp>
collectRoots(Operation *root,
             llvm::function_ref<bool(affine::AffineForOp)> isRoot) {
  SmallVector<affine::AffineForOp> roots;
  root->walk([&](affine::AffineForOp loop) {
    if (isRoot(loop))
      roots.push_back(loop);
  });
  return roots;
}

namespace {
struct PhysicalOrderPass
    : mlir::tlayout::impl::PhysicalOrderBase<PhysicalOrderPass> {
  using Base::Base;

  void runOnOperation() override {
    // The outermost loop of each nest.
    for (affine::AffineForOp loop :
         collectRoots(getOperation(), [](affine::AffineForOp loop) {
           return !loop->getParentOfType<affine::AffineForOp>();
         }))
      permuteToPhysicalOrder(loop);
  }
};

struct CollapseLoopsPass
    : mlir::tlayout::impl::CollapseLoopsBase<CollapseLoopsPass> {
  using Base::Base;

  void runOnOperation() override {
    // The outermost loop of each perfect nest.
    SmallVector<affine::AffineForOp> roots =
        collectRoots(getOperation(), [](affine::AffineForOp loop) {
          auto parent = dyn_cast<affine::AffineForOp>(loop->getParentOp());
          return !parent || &parent.getBody()->front() != loop.getOperation() ||
                 loop->getNextNode() != parent.getBody()->getTerminator();
        });
    IRRewriter rewriter(&getContext());
    for (affine::AffineForOp loop : roots)
      collapseContiguousNest(loop, rewriter);
  }
};
} // namespace
