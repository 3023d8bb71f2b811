//===- TensorEncodings.cpp - Layouts carried by tensor encodings ----------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// Helpers on tensors whose encoding is a memory layout, and the rewrite of
// slices of such tensors into loops of element accesses, which bufferize
// into loads and stores through the layout.
//
//===----------------------------------------------------------------------===//

#include "tlayout/Dialect/TLayout/Transforms/TensorEncodings.h"
#include "tlayout/Core/BufferIndexing.h"
#include "tlayout/Dialect/TLayout/IR/MemRefLayout.h"
#include "tlayout/Dialect/TLayout/IR/TLayoutAttrs.h"
#include "tlayout/Dialect/TLayout/IR/TLayoutOps.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

using namespace mlir;
using namespace mlir::tlayout;

MemRefLayoutAttrInterface mlir::tlayout::getLayoutEncoding(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor)
    return {};
  return dyn_cast_or_null<MemRefLayoutAttrInterface>(tensor.getEncoding());
}

bool mlir::tlayout::hasLayoutEncodedTensor(Operation *op) {
  auto encoded = [](Type type) { return bool(getLayoutEncoding(type)); };
  return llvm::any_of(op->getOperandTypes(), encoded) ||
         llvm::any_of(op->getResultTypes(), encoded);
}

std::optional<int64_t>
mlir::tlayout::getEncodedTensorBytes(RankedTensorType type) {
  if (!type.hasStaticShape())
    return std::nullopt;
  int64_t typeBits = getElementTypeBits(type.getElementType());
  if (typeBits <= 0)
    return std::nullopt;
  MemRefType memref = getEncodedMemRefType(type);
  if (getLayoutAttr(memref)) {
    FailureOr<BufferIndexing> indexing =
        compileMemRefLayout(memref, [] { return InFlightDiagnostic(); });
    if (failed(indexing))
      return std::nullopt;
    int64_t bits = getStoredElementBits(memref);
    return getFootprint(*indexing, bits).physicalBytes.getConstant();
  }
  // Row-major (or another strided layout of the same elements): the logical
  // bytes, each element rounded up to whole bytes.
  int64_t bytes = (typeBits + 7) / 8;
  for (int64_t size : type.getShape())
    if (llvm::MulOverflow(bytes, size, bytes))
      return std::nullopt;
  return bytes;
}

std::optional<int64_t>
mlir::tlayout::getLogicalTensorBytes(RankedTensorType type) {
  int64_t bits = getElementTypeBits(type.getElementType());
  if (!type.hasStaticShape() || bits <= 0)
    return std::nullopt;
  int64_t total = bits;
  for (int64_t size : type.getShape())
    if (llvm::MulOverflow(total, size, total))
      return std::nullopt;
  return llvm::divideCeil(total, 8);
}

bool mlir::tlayout::isFreeRelayout(RankedTensorType source,
                                   RankedTensorType result) {
  // A relayout to its own type is a copy: bufferization's out-of-place
  // copies of encoded tensors are such relayouts.
  if (source == result || !source.hasStaticShape() ||
      source.getShape() != result.getShape() ||
      source.getElementType() != result.getElementType())
    return false;
  // A transpose by the identity is a cast: the same proof.
  SmallVector<int64_t> identity =
      llvm::to_vector(llvm::seq<int64_t>(0, source.getRank()));
  return succeeded(verifyFreeTranspose(source, result, identity,
                                       [] { return InFlightDiagnostic(); }));
}

FailureOr<LayoutTargetAttrInterface>
mlir::tlayout::resolveLayoutTarget(ModuleOp module, StringRef target,
                                   StringRef defaultTarget) {
  auto parseTarget =
      [&](StringRef text,
          StringRef option) -> FailureOr<LayoutTargetAttrInterface> {
    Attribute attr = parseAttribute(text, module.getContext());
    auto parsed = dyn_cast_or_null<LayoutTargetAttrInterface>(attr);
    if (!parsed)
      return module.emitError() << "the " << option << " option '" << text
                                << "' is not an attribute that offers layouts";
    return parsed;
  };
  if (!target.empty())
    return parseTarget(target, "target");
  for (NamedAttribute attr : module->getAttrs())
    if (auto found = dyn_cast<LayoutTargetAttrInterface>(attr.getValue()))
      return found;
  if (!defaultTarget.empty())
    return parseTarget(defaultTarget, "default-target");
  return module.emitError("layout assignment needs a target: put an attribute "
                          "that offers layouts on the module, such as "
                          "tlayout_tpu.target = #tlayout_tpu.target<\"v5e\">");
}

//===----------------------------------------------------------------------===//
// Slices to loops
//===----------------------------------------------------------------------===//

/// Builds a nest of `scf.for` loops over `sizes` carrying `init`, and calls
/// `body(ivs, carried)` innermost for the value to yield.
static Value
buildCopyNest(OpBuilder &b, Location loc, ArrayRef<Value> sizes, Value init,
              function_ref<Value(OpBuilder &, ArrayRef<Value>, Value)> body) {
  SmallVector<Value> ivs;
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  std::function<Value(OpBuilder &, size_t, Value)> build =
      [&](OpBuilder &nb, size_t dim, Value carried) -> Value {
    if (dim == sizes.size())
      return body(nb, ivs, carried);
    auto loop = scf::ForOp::create(
        nb, loc, zero, sizes[dim], one, ValueRange{carried},
        [&](OpBuilder &lb, Location, Value iv, ValueRange args) {
          ivs.push_back(iv);
          Value next = build(lb, dim + 1, args.front());
          ivs.pop_back();
          scf::YieldOp::create(lb, loc, next);
        });
    return loop.getResult(0);
  };
  return build(b, 0, init);
}

/// The indices in the full tensor of the element at `ivs` of `slice` (a
/// `tensor.extract_slice` or `tensor.insert_slice`, at its offsets with its
/// strides); `dropped` marks the full tensor's dimensions that the slice
/// drops (their index is the offset).
static SmallVector<Value>
sliceToFullIndices(OpBuilder &b, Location loc,
                   OffsetSizeAndStrideOpInterface slice,
                   const llvm::SmallBitVector &dropped, ArrayRef<Value> ivs) {
  SmallVector<OpFoldResult> offsets = slice.getMixedOffsets();
  SmallVector<OpFoldResult> strides = slice.getMixedStrides();
  SmallVector<Value> indices;
  size_t k = 0;
  for (auto [d, offset, stride] : llvm::enumerate(offsets, strides)) {
    Value off = getValueOrCreateConstantIndexOp(b, loc, offset);
    if (dropped.test(d)) {
      indices.push_back(off);
      continue;
    }
    Value str = getValueOrCreateConstantIndexOp(b, loc, stride);
    Value scaled = arith::MulIOp::create(b, loc, ivs[k++], str);
    indices.push_back(arith::AddIOp::create(b, loc, off, scaled));
  }
  return indices;
}

/// The mask of the dimensions that `slice` (a `tensor.extract_slice` or
/// `tensor.insert_slice` whose slice is a tensor of `sliceType`) drops, read
/// from its static sizes (dynamic where the op takes a value, even one that
/// folds to a constant: the slice's type follows these, as the op's verifier
/// does). A match failure where no tensor of `slice` has a layout encoding
/// or the rank reduction is unknown.
static FailureOr<llvm::SmallBitVector>
matchEncodedSlice(OffsetSizeAndStrideOpInterface slice,
                  RankedTensorType sliceType, PatternRewriter &rewriter) {
  if (!hasLayoutEncodedTensor(slice))
    return rewriter.notifyMatchFailure(slice, "no layout encoding");
  ArrayRef<int64_t> staticSizes = slice.getStaticSizes();
  std::optional<llvm::SmallDenseSet<unsigned>> mask =
      computeRankReductionMask(staticSizes, sliceType.getShape());
  if (!mask)
    return rewriter.notifyMatchFailure(slice, "unknown rank reduction");
  llvm::SmallBitVector dropped(staticSizes.size());
  for (unsigned d : *mask)
    dropped.set(d);
  return dropped;
}

/// The loop nest of the rewrites of `slice` (a `tensor.extract_slice` or
/// `tensor.insert_slice` that drops the dimensions `dropped`): loops over
/// `sizes`, the slice's, carrying `init`, that copy element by element from
/// the full tensor `source` into the slice (`intoSlice`, an extract) or from
/// the slice `source` into the full tensor (an insert). Returns the copy.
static Value buildSliceCopyNest(OpBuilder &b,
                                OffsetSizeAndStrideOpInterface slice,
                                const llvm::SmallBitVector &dropped,
                                ArrayRef<Value> sizes, Value source, Value init,
                                bool intoSlice) {
  Location loc = slice.getLoc();
  return buildCopyNest(
      b, loc, sizes, init,
      [&](OpBuilder &nb, ArrayRef<Value> ivs, Value carried) -> Value {
        SmallVector<Value> full =
            sliceToFullIndices(nb, loc, slice, dropped, ivs);
        ArrayRef<Value> from = intoSlice ? ArrayRef<Value>(full) : ivs;
        ArrayRef<Value> to = intoSlice ? ivs : ArrayRef<Value>(full);
        Value x = tensor::ExtractOp::create(nb, loc, source, from);
        return tensor::InsertOp::create(nb, loc, x, carried, to);
      });
}

namespace {
/// tensor.extract_slice and tensor.insert_slice of or into an encoded
/// tensor, copied element by element (buildSliceCopyNest): an extract into a
/// new tensor of its result's type, an insert into its destination, in
/// place.
template <typename SliceOp> struct SliceToLoops : OpRewritePattern<SliceOp> {
  using OpRewritePattern<SliceOp>::OpRewritePattern;
  static constexpr bool kExtract =
      std::is_same_v<SliceOp, tensor::ExtractSliceOp>;

  LogicalResult matchAndRewrite(SliceOp op,
                                PatternRewriter &rewriter) const override {
    // The slice's side: an extract's result, an insert's source.
    RankedTensorType sliceType;
    if constexpr (kExtract)
      sliceType = op.getType();
    else
      sliceType = op.getSourceType();
    FailureOr<llvm::SmallBitVector> dropped =
        matchEncodedSlice(op, sliceType, rewriter);
    if (failed(dropped))
      return failure();
    Location loc = op.getLoc();
    // The loops' sizes and what they carry: the extract's sizes without
    // the dropped dimensions and a new tensor; the insert's source's sizes
    // and its destination.
    SmallVector<Value> sizes;
    Value init;
    if constexpr (kExtract) {
      SmallVector<Value> dynamicSizes;
      for (auto [d, size] : llvm::enumerate(op.getMixedSizes())) {
        if (dropped->test(d))
          continue;
        Value v = getValueOrCreateConstantIndexOp(rewriter, loc, size);
        sizes.push_back(v);
        if (sliceType.isDynamicDim(sizes.size() - 1))
          dynamicSizes.push_back(v);
      }
      init = tensor::EmptyOp::create(rewriter, loc, sliceType, dynamicSizes);
    } else {
      for (int64_t d = 0, e = sliceType.getRank(); d < e; ++d)
        sizes.push_back(getValueOrCreateConstantIndexOp(
            rewriter, loc,
            tensor::getMixedSize(rewriter, loc, op.getSource(), d)));
      init = op.getDest();
    }
    rewriter.replaceOp(op, buildSliceCopyNest(rewriter, op, *dropped, sizes,
                                              op.getSource(), init,
                                              /*intoSlice=*/kExtract));
    return success();
  }
};
} // namespace

void mlir::tlayout::populateEncodedSliceToLoopsPatterns(
    RewritePatternSet &patterns) {
  patterns.add<SliceToLoops<tensor::ExtractSliceOp>,
               SliceToLoops<tensor::InsertSliceOp>>(patterns.getContext());
}
