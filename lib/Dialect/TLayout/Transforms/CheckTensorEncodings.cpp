//===- CheckTensorEncodings.cpp - Tensors that carry a memory layout ------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// The --tlayout-check-tensor-encodings pass: an error at every value and
// function declaration whose type holds a tensor encoded with a memory
// layout, which upstream's one-shot bufferization would drop silently
// (--tlayout-bufferize-tensor-encodings keeps it).
//
//===----------------------------------------------------------------------===//

#include "tlayout/Dialect/TLayout/Transforms/Passes.h"
#include "tlayout/Dialect/TLayout/Transforms/TensorEncodings.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

namespace mlir::tlayout {
#define GEN_PASS_DEF_CHECKTENSORENCODINGS
#include "tlayout/Dialect/TLayout/Transforms/Passes.h.inc"
} // namespace mlir::tlayout

using namespace mlir;
using namespace mlir::tlayout;

/// The first tensor type within `type` (itself, or nested in it) whose
/// encoding is a memory layout (getLayoutEncoding), or null.
static RankedTensorType findLayoutEncoding(Type type) {
  RankedTensorType found;
  type.walk([&](RankedTensorType tensor) {
    if (!found && getLayoutEncoding(tensor))
      found = tensor;
  });
  return found;
}

namespace {
struct CheckTensorEncodingsPass
    : mlir::tlayout::impl::CheckTensorEncodingsBase<CheckTensorEncodingsPass> {
  using Base::Base;

  void runOnOperation() override {
    bool failed = false;
    // Reports `what` (of type `type`) at `loc` if its type holds a tensor
    // encoded with a layout.
    auto check = [&](Location loc, const Twine &what, Type type) {
      RankedTensorType tensor = findLayoutEncoding(type);
      if (!tensor)
        return;
      failed = true;
      emitError(loc) << what << " has type " << type << ", whose encoding "
                     << tensor.getEncoding()
                     << " is a memory layout: bufferization would drop it; "
                        "bufferize with --tlayout-bufferize-tensor-encodings "
                        "(as --tlayout-tpu-bufferize-pipeline does), which "
                        "gives the layout to the buffer";
    };
    getOperation()->walk([&](Operation *op) {
      for (auto [i, result] : llvm::enumerate(op->getResults()))
        check(op->getLoc(), "result #" + Twine(i), result.getType());
      for (Region &region : op->getRegions())
        for (Block &block : region)
          for (BlockArgument arg : block.getArguments())
            check(arg.getLoc(), "block argument #" + Twine(arg.getArgNumber()),
                  arg.getType());
      // A declaration has no block arguments to report.
      if (auto func = dyn_cast<FunctionOpInterface>(op);
          func && func.isExternal()) {
        for (auto [i, type] : llvm::enumerate(func.getArgumentTypes()))
          check(op->getLoc(), "argument #" + Twine(i), type);
        for (auto [i, type] : llvm::enumerate(func.getResultTypes()))
          check(op->getLoc(), "result #" + Twine(i) + " of the function", type);
      }
    });
    if (failed)
      signalPassFailure();
  }
};
} // namespace
