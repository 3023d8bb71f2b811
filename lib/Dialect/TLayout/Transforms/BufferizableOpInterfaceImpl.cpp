//===- BufferizableOpInterfaceImpl.cpp - Bufferizing tlayout ops ----------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// The external model of the BufferizableOpInterface for `tlayout.relayout`:
// the op reads its source and writes nothing in place; its result is a new
// buffer with the result encoding's layout, filled with `tlayout.copy`, which
// `--lower-tiled-layouts` expands into a relayout between the two layouts,
// or, where the two layouts place every element alike (isFreeRelayout), a
// `tlayout.cast` of the source's buffer; and for a free `tlayout.transpose`
// or `tlayout.reshape` of a tensor: its memref form on the source's buffer,
// a view.
//
//===----------------------------------------------------------------------===//

#include "tlayout/Dialect/TLayout/Transforms/BufferizableOpInterfaceImpl.h"
#include "tlayout/Dialect/TLayout/IR/TLayoutAttrs.h"
#include "tlayout/Dialect/TLayout/IR/TLayoutDialect.h"
#include "tlayout/Dialect/TLayout/IR/TLayoutOps.h"
#include "tlayout/Dialect/TLayout/Transforms/TensorEncodings.h"

#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Bufferization/IR/BufferizableOpInterface.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/DialectRegistry.h"

using namespace mlir;
using namespace mlir::bufferization;
using namespace mlir::tlayout;

/// Whether allocating `type` needs symbol operands (see createLayoutAlloc);
/// upstream's allocation functions do not give any.
static bool allocNeedsSymbols(MemRefType type) {
  // Only tlayout's layouts say what their symbols are; views are never
  // allocated.
  LayoutAttrInterface layout = getLayoutAttr(type);
  return layout && !layout.isView() &&
         type.getLayout().getAffineMap().getNumSymbols() != 0;
}

Value mlir::tlayout::createLayoutAlloc(OpBuilder &builder, Location loc,
                                       MemRefType type, ValueRange dynamicSizes,
                                       int64_t alignment) {
  // The map's symbols are the logical sizes, dimension by dimension.
  SmallVector<Value> symbols;
  if (allocNeedsSymbols(type))
    symbols = getValueOrCreateConstantIndexOp(
        builder, loc, getMixedValues(type.getShape(), dynamicSizes, builder));
  return memref::AllocOp::create(builder, loc, type, dynamicSizes, symbols,
                                 builder.getI64IntegerAttr(alignment));
}

namespace {
/// What the models of `tlayout.relayout` and of the tensor views share: the
/// op writes nothing in place, and its tensor result bufferizes to a memref
/// with the result encoding's layout in the memory space of its source's
/// buffer, built from that buffer by `ConcreteModel::buildResultBuffer`.
template <typename ConcreteModel, typename ConcreteOp>
struct EncodedResultOpInterface
    : public BufferizableOpInterface::ExternalModel<ConcreteModel, ConcreteOp> {
  bool bufferizesToMemoryWrite(Operation *, OpOperand &,
                               const AnalysisState &) const {
    return false;
  }

  FailureOr<BufferLikeType>
  getBufferType(Operation *op, Value value, const BufferizationOptions &options,
                const BufferizationState &state,
                SmallVector<Value> &invocationStack) const {
    FailureOr<BufferLikeType> sourceBuffer = bufferization::getBufferType(
        cast<ConcreteOp>(op).getSource(), options, state, invocationStack);
    if (failed(sourceBuffer))
      return failure();
    auto sourceMemRef = dyn_cast<BaseMemRefType>(*sourceBuffer);
    if (!sourceMemRef)
      return op->emitError("expected the source to bufferize to a memref");
    return cast<BufferLikeType>(
        getEncodedMemRefType(cast<RankedTensorType>(op->getResult(0).getType()),
                             sourceMemRef.getMemorySpace()));
  }

  LogicalResult bufferize(Operation *op, RewriterBase &rewriter,
                          const BufferizationOptions &options,
                          BufferizationState &state) const {
    FailureOr<Value> source =
        getBuffer(rewriter, cast<ConcreteOp>(op).getSource(), options, state);
    if (failed(source))
      return failure();
    auto sourceType = cast<MemRefType>(source->getType());
    MemRefType resultType =
        getEncodedMemRefType(cast<RankedTensorType>(op->getResult(0).getType()),
                             sourceType.getMemorySpace());
    FailureOr<Value> result =
        static_cast<const ConcreteModel *>(this)->buildResultBuffer(
            op, rewriter, options, *source, resultType);
    if (failed(result))
      return failure();
    replaceOpWithBufferizedValues(rewriter, op, *result);
    return success();
  }
};

/// Whether the relayout `op` moves nothing (isFreeRelayout).
static bool isFree(Operation *op) {
  auto relayout = cast<RelayoutOp>(op);
  return isFreeRelayout(cast<RankedTensorType>(relayout.getSource().getType()),
                        cast<RankedTensorType>(relayout.getType()));
}

/// `tlayout.relayout` reads its source into a new buffer, or, where the two
/// layouts place every element alike, views the source's buffer in the
/// result's layout (as the tensor views do).
struct RelayoutOpInterface
    : public EncodedResultOpInterface<RelayoutOpInterface, RelayoutOp> {
  bool bufferizesToMemoryRead(Operation *op, OpOperand &,
                              const AnalysisState &) const {
    return !isFree(op);
  }

  bool bufferizesToAllocation(Operation *op, Value) const {
    return !isFree(op);
  }

  AliasingValueList getAliasingValues(Operation *op, OpOperand &,
                                      const AnalysisState &) const {
    if (isFree(op))
      return {{op->getResult(0), BufferRelation::Equivalent}};
    return {};
  }

  /// A `tlayout.cast` of `source` to `targetType` where the relayout is
  /// free and the source's buffer has its encoding's layout; otherwise a
  /// new buffer of `targetType` (the new buffer lives where the source's
  /// does), filled from `source` with `tlayout.copy`. (A copy is always
  /// correct where the analysis allowed the two to alias.)
  FailureOr<Value> buildResultBuffer(Operation *op, RewriterBase &rewriter,
                                     const BufferizationOptions &options,
                                     Value source,
                                     MemRefType targetType) const {
    Location loc = op->getLoc();
    auto sourceTensor =
        cast<RankedTensorType>(cast<RelayoutOp>(op).getSource().getType());
    auto sourceType = cast<MemRefType>(source.getType());
    if (isFree(op) &&
        sourceType ==
            getEncodedMemRefType(sourceTensor, sourceType.getMemorySpace()))
      return CastOp::create(rewriter, loc, targetType, source).getResult();
    SmallVector<Value> sizes;
    for (int64_t i = 0, e = targetType.getRank(); i < e; ++i)
      if (targetType.isDynamicDim(i))
        sizes.push_back(memref::DimOp::create(rewriter, loc, source, i));
    // Upstream's allocation functions give no symbol operands: a layout
    // that needs them gets its allocation here.
    FailureOr<Value> alloc =
        allocNeedsSymbols(targetType)
            ? createLayoutAlloc(rewriter, loc, targetType, sizes,
                                options.bufferAlignment)
            : options.createAlloc(rewriter, loc, targetType, sizes);
    if (failed(alloc))
      return failure();
    CopyOp::create(rewriter, loc, source, *alloc);
    return alloc;
  }
};

/// A free view of a tensor (`tlayout.transpose`, `tlayout.reshape`) is its
/// memref form on the source's buffer: it reads and writes nothing and
/// aliases its source.
template <typename ViewOp>
struct TensorViewOpInterface
    : public EncodedResultOpInterface<TensorViewOpInterface<ViewOp>, ViewOp> {
  bool bufferizesToMemoryRead(Operation *, OpOperand &,
                              const AnalysisState &) const {
    return false;
  }

  AliasingValueList getAliasingValues(Operation *op, OpOperand &,
                                      const AnalysisState &) const {
    return {{op->getResult(0), BufferRelation::Equivalent}};
  }

  /// The same op on the buffer, with the same attributes.
  FailureOr<Value> buildResultBuffer(Operation *op, RewriterBase &rewriter,
                                     const BufferizationOptions &, Value source,
                                     MemRefType resultType) const {
    OperationState memrefState(op->getLoc(), op->getName());
    memrefState.addOperands(source);
    memrefState.addTypes(resultType);
    memrefState.addAttributes(op->getAttrs());
    return rewriter.create(memrefState)->getResult(0);
  }
};
} // namespace

void mlir::tlayout::registerBufferizableOpInterfaceExternalModels(
    DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *context, TLayoutDialect *) {
    RelayoutOp::attachInterface<RelayoutOpInterface>(*context);
    TransposeOp::attachInterface<TensorViewOpInterface<TransposeOp>>(*context);
    ReshapeOp::attachInterface<TensorViewOpInterface<ReshapeOp>>(*context);
  });
}
