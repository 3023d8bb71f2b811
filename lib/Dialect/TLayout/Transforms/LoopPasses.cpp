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

namespace {
struct PhysicalOrderPass
    : mlir::tlayout::impl::PhysicalOrderBase<PhysicalOrderPass> {
  using Base::Base;

  void runOnOperation() override {
    // The outermost loop of each nest.
    SmallVector<affine::AffineForOp> roots;
    getOperation()->walk([&](affine::AffineForOp loop) {
      if (!loop->getParentOfType<affine::AffineForOp>())
        roots.push_back(loop);
    });
    for (affine::AffineForOp loop : roots)
      permuteToPhysicalOrder(loop);
  }
};

struct CollapseLoopsPass
    : mlir::tlayout::impl::CollapseLoopsBase<CollapseLoopsPass> {
  using Base::Base;

  void runOnOperation() override {
    // The outermost loop of each perfect nest.
    SmallVector<affine::AffineForOp> roots;
    getOperation()->walk([&](affine::AffineForOp loop) {
      auto parent = dyn_cast<affine::AffineForOp>(loop->getParentOp());
      if (!parent || &parent.getBody()->front() != loop.getOperation() ||
          loop->getNextNode() != parent.getBody()->getTerminator())
        roots.push_back(loop);
    });
    IRRewriter rewriter(&getContext());
    for (affine::AffineForOp loop : roots)
      collapseContiguousNest(loop, rewriter);
  }
};
} // namespace
