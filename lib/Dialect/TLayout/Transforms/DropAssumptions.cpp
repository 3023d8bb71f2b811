//===- DropAssumptions.cpp - Drop tlayout.assume_multiple -----------------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// The --tlayout-drop-assumptions pass: every tlayout.assume_multiple is
// replaced by its operand, ahead of lowerings that have no pattern for it.
//
//===----------------------------------------------------------------------===//

#include "tlayout/Dialect/TLayout/IR/TLayoutDialect.h"
#include "tlayout/Dialect/TLayout/IR/TLayoutOps.h"
#include "tlayout/Dialect/TLayout/Transforms/Passes.h"

#include "mlir/IR/PatternMatch.h"

namespace mlir::tlayout {
#define GEN_PASS_DEF_DROPASSUMPTIONS
#include "tlayout/Dialect/TLayout/Transforms/Passes.h.inc"
} // namespace mlir::tlayout

using namespace mlir;
using namespace mlir::tlayout;

namespace {
struct DropAssumptionsPass
    : mlir::tlayout::impl::DropAssumptionsBase<DropAssumptionsPass> {
  using Base::Base;

  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    getOperation()->walk(
        [&](AssumeMultipleOp op) { rewriter.replaceOp(op, op.getValue()); });
  }
};
} // namespace
