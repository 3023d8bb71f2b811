//===- BufferizeTensorEncodings.cpp - Bufferize, keeping layouts ----------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// The --tlayout-bufferize-tensor-encodings pass: upstream's one-shot module
// bufferization with the type conversions and allocations that turn each
// tensor's layout encoding into its buffer's layout (docs/Tensors.md).
//
//===----------------------------------------------------------------------===//

#include "tlayout/Dialect/TLayout/IR/TLayoutDialect.h"
#include "tlayout/Dialect/TLayout/IR/TLayoutOps.h"
#include "tlayout/Dialect/TLayout/Transforms/BufferizableOpInterfaceImpl.h"
#include "tlayout/Dialect/TLayout/Transforms/Passes.h"
#include "tlayout/Dialect/TLayout/Transforms/TensorEncodings.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Bufferization/Transforms/OneShotAnalysis.h"
#include "mlir/Dialect/Bufferization/Transforms/OneShotModuleBufferize.h"
#include "mlir/Dialect/Bufferization/Transforms/Transforms.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::tlayout {
#define GEN_PASS_DEF_BUFFERIZETENSORENCODINGS
#include "tlayout/Dialect/TLayout/Transforms/Passes.h.inc"
} // namespace mlir::tlayout

using namespace mlir;
using namespace mlir::tlayout;

/// Whether `op` is a dense constant tensor with a layout encoding, which
/// becomes a global written in that layout.
static bool isEncodedConstant(Operation *op) {
  auto constant = dyn_cast<arith::ConstantOp>(op);
  return constant && isa<DenseElementsAttr>(constant.getValue()) &&
         getLayoutEncoding(constant.getType());
}

/// Whether `op` bufferizes an encoded tensor without losing its layout.
static bool keepsEncodings(Operation *op) {
  return isa<func::FuncOp, func::ReturnOp, func::CallOp, scf::ForOp, scf::IfOp,
             scf::YieldOp, linalg::YieldOp, tensor::EmptyOp, tensor::ExtractOp,
             tensor::InsertOp, tensor::DimOp, tensor::ExtractSliceOp,
             tensor::InsertSliceOp, bufferization::AllocTensorOp,
             bufferization::ToTensorOp, bufferization::ToBufferOp, RelayoutOp,
             TransposeOp, ReshapeOp>(op) ||
         isa<linalg::LinalgOp>(op) || isEncodedConstant(op);
}

/// Reports every encoded tensor that cannot be bufferized with its layout:
/// an encoding that does not fit its tensor, or an op outside the supported
/// set that uses or defines one.
static LogicalResult checkEncodings(ModuleOp module) {
  bool failed = false;
  auto checkType = [&](Location loc, Type type) {
    auto tensor = dyn_cast<RankedTensorType>(type);
    if (!tensor || !getLayoutEncoding(tensor))
      return;
    if (mlir::failed(verifyLayoutEncoding(tensor, [&] {
          failed = true;
          return emitError(loc) << "the encoding of " << tensor
                                << " cannot be its buffer's layout: ";
        })))
      failed = true;
  };
  module.walk([&](Operation *op) {
    for (Type type : op->getResultTypes())
      checkType(op->getLoc(), type);
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (BlockArgument arg : block.getArguments())
          checkType(arg.getLoc(), arg.getType());
    // A declaration has no block arguments to check.
    if (auto func = dyn_cast<func::FuncOp>(op); func && func.isExternal()) {
      for (Type type : func.getArgumentTypes())
        checkType(op->getLoc(), type);
      for (Type type : func.getResultTypes())
        checkType(op->getLoc(), type);
    }
    if (!keepsEncodings(op) && hasLayoutEncodedTensor(op)) {
      failed = true;
      op->emitError() << "'" << op->getName()
                      << "' on a tensor with a layout encoding would lose "
                         "the layout when bufferized; relayout the tensor "
                         "to one without encoding first (tlayout.relayout)";
    }
  });
  return mlir::failure(failed);
}

/// The buffer type of a tensor at a function boundary or where no other
/// type can be inferred: its encoding's layout, or the identity.
static BaseMemRefType convertTensorType(TensorType type,
                                        Attribute memorySpace) {
  if (auto ranked = dyn_cast<RankedTensorType>(type))
    return getEncodedMemRefType(ranked, memorySpace);
  return UnrankedMemRefType::get(type.getElementType(), memorySpace);
}

/// Replaces each encoded dense constant by a read-only view of a private
/// constant `memref.global` with the layout (one per value and type), so
/// that its initializer is written in the layout at compile time: the
/// lowering of tiled layouts stores the global's elements in physical
/// order.
static void materializeEncodedConstants(ModuleOp module) {
  SmallVector<arith::ConstantOp> constants;
  module.walk([&](arith::ConstantOp op) {
    if (isEncodedConstant(op))
      constants.push_back(op);
  });
  if (constants.empty())
    return;
  SymbolTable symbols(module);
  DenseMap<std::pair<Attribute, Type>, memref::GlobalOp> globals;
  IRRewriter rewriter(module.getContext());
  for (arith::ConstantOp op : constants) {
    auto type = cast<RankedTensorType>(op.getType());
    auto value = cast<DenseElementsAttr>(op.getValue());
    MemRefType memrefType = getEncodedMemRefType(type, Attribute());
    auto plainType =
        RankedTensorType::get(type.getShape(), type.getElementType());
    DenseElementsAttr initial = value.reshape(plainType);
    memref::GlobalOp &global = globals[{initial, memrefType}];
    if (!global) {
      rewriter.setInsertionPointToStart(module.getBody());
      global = memref::GlobalOp::create(
          rewriter, op.getLoc(), "__constant_in_layout",
          rewriter.getStringAttr("private"), memrefType, initial,
          /*constant=*/true, rewriter.getI64IntegerAttr(64));
      symbols.insert(global);
    }
    rewriter.setInsertionPoint(op);
    Value buffer = memref::GetGlobalOp::create(rewriter, op.getLoc(),
                                               memrefType, global.getName());
    rewriter.replaceOpWithNewOp<bufferization::ToTensorOp>(
        op, type, buffer, /*restrict=*/rewriter.getUnitAttr(),
        /*writable=*/UnitAttr());
  }
}

/// Replaces each encoded allocation by a buffer with the layout: an empty
/// tensor by a `memref.alloc` seen as a tensor, a copy by a relayout to the
/// same type (a new allocation and a copy once bufferized).
static LogicalResult materializeEncodedAllocations(ModuleOp module) {
  SmallVector<Operation *> allocations;
  module.walk([&](Operation *op) {
    if (isa<tensor::EmptyOp, bufferization::AllocTensorOp>(op) &&
        getLayoutEncoding(op->getResult(0).getType()))
      allocations.push_back(op);
  });
  IRRewriter rewriter(module.getContext());
  for (Operation *op : allocations) {
    // The analysis may have replaced every use (by a new allocation).
    if (op->use_empty()) {
      rewriter.eraseOp(op);
      continue;
    }
    rewriter.setInsertionPoint(op);
    auto type = cast<RankedTensorType>(op->getResult(0).getType());
    Attribute memorySpace;
    ValueRange sizes;
    if (auto alloc = dyn_cast<bufferization::AllocTensorOp>(op)) {
      if (Value copy = alloc.getCopy()) {
        rewriter.replaceOpWithNewOp<RelayoutOp>(op, type, copy);
        continue;
      }
      memorySpace = alloc.getMemorySpaceAttr();
      sizes = alloc.getDynamicSizes();
    } else {
      sizes = cast<tensor::EmptyOp>(op).getDynamicSizes();
    }
    Value memref =
        createLayoutAlloc(rewriter, op->getLoc(),
                          getEncodedMemRefType(type, memorySpace), sizes, 64);
    rewriter.replaceOpWithNewOp<bufferization::ToTensorOp>(
        op, type, memref, /*restrict=*/rewriter.getUnitAttr(),
        /*writable=*/rewriter.getUnitAttr());
  }
  return success();
}

namespace {
struct BufferizeTensorEncodingsPass
    : mlir::tlayout::impl::BufferizeTensorEncodingsBase<
          BufferizeTensorEncodingsPass> {
  using Base::Base;

  void getDependentDialects(DialectRegistry &registry) const override {
    Base::getDependentDialects(registry);
    registerBufferizableOpInterfaceExternalModels(registry);
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (failed(checkEncodings(module)))
      return signalPassFailure();

    RewritePatternSet patterns(&getContext());
    populateEncodedSliceToLoopsPatterns(patterns);
    if (failed(applyPatternsGreedily(module, std::move(patterns)))) {
      module.emitError("slices of encoded tensors did not converge");
      return signalPassFailure();
    }

    bufferization::OneShotBufferizationOptions options;
    options.bufferizeFunctionBoundaries = true;
    options.inferFunctionResultLayout = false;
    // A loop may yield a buffer it allocated (its type is the iter_arg's).
    options.allowReturnAllocsFromLoops = true;
    options.functionArgTypeConverterFn =
        [](bufferization::TensorLikeType type, Attribute memorySpace,
           func::FuncOp, const bufferization::BufferizationOptions &)
        -> bufferization::BufferLikeType {
      return cast<bufferization::BufferLikeType>(
          convertTensorType(cast<TensorType>(type), memorySpace));
    };
    options.unknownTypeConverterFn =
        [](TensorType type, Attribute memorySpace,
           const bufferization::BufferizationOptions &) {
          return convertTensorType(type, memorySpace);
        };

    // The analysis decides where copies go; encoded allocations (those of
    // the input and those copies) then get their layouts; the rewrite
    // follows the analysis' decisions.
    materializeEncodedConstants(module);
    bufferization::BufferizationState state;
    if (failed(bufferization::insertTensorCopies(module, options, state)) ||
        failed(materializeEncodedAllocations(module)) ||
        failed(bufferization::bufferizeModuleOp(module, options, state)))
      return signalPassFailure();
  }
};
} // namespace
