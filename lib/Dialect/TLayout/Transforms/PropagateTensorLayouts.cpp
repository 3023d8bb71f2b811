//===- PropagateTensorLayouts.cpp - Layout encodings for every tensor -----===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// The --tlayout-propagate-tensor-layouts pass: groups the tensors that must
// share a buffer, gives each group the layout fixed on one of its members
// (a function boundary, an encoding already written) or one that its writer
// reads, and inserts a tlayout.relayout, with a remark, where a value meets
// a group of another layout.
//
//===----------------------------------------------------------------------===//

#include "tlayout/Dialect/TLayout/IR/TLayoutDialect.h"
#include "tlayout/Dialect/TLayout/Transforms/Passes.h"
#include "tlayout/Dialect/TLayout/Transforms/TensorLayoutGroups.h"

namespace mlir::tlayout {
#define GEN_PASS_DEF_PROPAGATETENSORLAYOUTS
#include "tlayout/Dialect/TLayout/Transforms/Passes.h.inc"
} // namespace mlir::tlayout

using namespace mlir;
using namespace mlir::tlayout;

namespace {
struct PropagateTensorLayoutsPass
    : mlir::tlayout::impl::PropagateTensorLayoutsBase<
          PropagateTensorLayoutsPass> {
  using Base::Base;

  void runOnOperation() override {
    if (failed(
            propagateTensorLayouts(getOperation(), chooseLayoutsWrittenFrom)))
      signalPassFailure();
  }
};
} // namespace
