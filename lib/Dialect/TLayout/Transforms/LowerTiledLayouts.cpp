//===- LowerTiledLayouts.cpp - Tiled memrefs to physical buffers ----------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// The --lower-tiled-layouts pass: a dialect conversion that replaces every
// memref with a #tlayout.tiled layout by the identity-layout memref of its
// physical shape, and every access by an access through the affine map of
// the layout's normal form. Before rewriting anything, the pass checks that
// it can rewrite every use of a tiled memref; if not, it reports each
// offending op and fails with the module untouched.
//
//===----------------------------------------------------------------------===//

#include "tlayout/Dialect/TLayout/IR/TLayoutOps.h"
#include "tlayout/Dialect/TLayout/Transforms/Passes.h"
#include "tlayout/Dialect/TLayout/Transforms/Transforms.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Func/Transforms/FuncConversions.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::tlayout {
#define GEN_PASS_DEF_LOWERTILEDLAYOUTS
#include "tlayout/Dialect/TLayout/Transforms/Passes.h.inc"
} // namespace mlir::tlayout

using namespace mlir;
using namespace mlir::tlayout;

//===----------------------------------------------------------------------===//
// Physical types and index maps
//===----------------------------------------------------------------------===//

namespace {
/// How a tiled memref type lowers: its physical type and the map from
/// logical indices to physical indices.
struct PhysicalLayout {
  MemRefType type;
  AffineMap indexMap;
};
} // namespace

/// Computes the lowering of a tiled memref type, or explains why there is
/// none through `emitError`.
static FailureOr<PhysicalLayout>
computePhysicalLayout(MemRefType type,
                      function_ref<InFlightDiagnostic()> emitError) {
  if (!type.hasStaticShape()) {
    emitError() << "memrefs with dynamic sizes are not lowered yet: " << type;
    return failure();
  }
  FailureOr<::tlayout::BufferIndexing> indexing =
      compileTiledMemRef(type, emitError);
  if (failed(indexing))
    return failure();
  TiledLayoutAttr attr = getTiledLayout(type);
  int64_t bits = getElementTypeBits(type.getElementType());
  if (attr.getElementSizeInBits() != 0 && attr.getElementSizeInBits() != bits) {
    emitError() << "element size E(" << attr.getElementSizeInBits()
                << ") differs from the " << bits << " bits of "
                << type.getElementType()
                << "; the lowering stores elements in their own type";
    return failure();
  }
  MLIRContext *context = type.getContext();
  unsigned rank = type.getRank();
  PhysicalLayout result;
  bool tailPadded =
      !(indexing->getNumElements() == indexing->getTiledNumElements());
  if (tailPadded) {
    // Tail padding has no multi-dimensional shape: use the flat buffer.
    int64_t size = *indexing->getNumElements().getConstant();
    result.type =
        MemRefType::get({size}, type.getElementType(),
                        MemRefLayoutAttrInterface(), type.getMemorySpace());
    result.indexMap =
        AffineMap::get(rank, 0, toAffineExpr(indexing->getOffset(), context));
    return result;
  }
  SmallVector<int64_t> shape;
  for (const ::tlayout::PhysicalDim &dim : indexing->getDims())
    shape.push_back(*dim.size.getConstant());
  SmallVector<AffineExpr> results;
  for (const ::tlayout::IndexExpr &e : indexing->getPhysicalIndices())
    results.push_back(toAffineExpr(e, context));
  result.type =
      MemRefType::get(shape, type.getElementType(), MemRefLayoutAttrInterface(),
                      type.getMemorySpace());
  result.indexMap = AffineMap::get(rank, 0, results, context);
  return result;
}

FailureOr<MemRefType> mlir::tlayout::getPhysicalMemRefType(MemRefType type) {
  // Without a location to report at, failures stay silent here; the pass
  // reports them at the op before converting anything.
  ScopedDiagnosticHandler quiet(type.getContext(),
                                [](Diagnostic &) { return success(); });
  FailureOr<PhysicalLayout> layout = computePhysicalLayout(
      type, [&] { return emitError(UnknownLoc::get(type.getContext())); });
  if (failed(layout))
    return failure();
  return layout->type;
}

static bool isTiledMemRef(Type type) {
  auto memref = dyn_cast<MemRefType>(type);
  return memref && getTiledLayout(memref);
}

TiledLayoutTypeConverter::TiledLayoutTypeConverter() {
  addConversion([](Type type) { return type; });
  addConversion([](MemRefType type) -> std::optional<Type> {
    if (!getTiledLayout(type))
      return type;
    FailureOr<MemRefType> physical = getPhysicalMemRefType(type);
    if (failed(physical))
      return Type(); // A failed conversion, never the tiled type itself.
    return Type(*physical);
  });
}

/// The physical indices of logical `indices` through `map`, one
/// `affine.apply` (or constant) per physical dimension.
static SmallVector<Value> emitPhysicalIndices(OpBuilder &builder, Location loc,
                                              AffineMap map,
                                              ValueRange indices) {
  SmallVector<Value> result;
  for (AffineExpr expr : map.getResults()) {
    if (auto constant = dyn_cast<AffineConstantExpr>(expr)) {
      result.push_back(
          arith::ConstantIndexOp::create(builder, loc, constant.getValue()));
      continue;
    }
    result.push_back(affine::AffineApplyOp::create(
        builder, loc, AffineMap::get(map.getNumDims(), 0, expr), indices));
  }
  return result;
}

//===----------------------------------------------------------------------===//
// Patterns
//===----------------------------------------------------------------------===//

namespace {

template <typename AllocLikeOp>
struct AllocLowering : OpConversionPattern<AllocLikeOp> {
  using OpConversionPattern<AllocLikeOp>::OpConversionPattern;
  LogicalResult
  matchAndRewrite(AllocLikeOp op, typename AllocLikeOp::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isTiledMemRef(op.getType()))
      return rewriter.notifyMatchFailure(op, "not a tiled memref");
    Type physical = this->getTypeConverter()->convertType(op.getType());
    if (!physical)
      return rewriter.notifyMatchFailure(op, "no physical type");
    rewriter.replaceOpWithNewOp<AllocLikeOp>(op, cast<MemRefType>(physical),
                                             op.getAlignmentAttr());
    return success();
  }
};

struct DeallocLowering : OpConversionPattern<memref::DeallocOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(memref::DeallocOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<memref::DeallocOp>(op, adaptor.getMemref());
    return success();
  }
};

/// Rewrites one access to a tiled memref given its physical layout. Memref
/// accesses get `affine.apply`s of the layout's index map; affine accesses
/// compose the map into their own.
static void rewriteAccess(memref::LoadOp op, memref::LoadOp::Adaptor adaptor,
                          const PhysicalLayout &layout,
                          ConversionPatternRewriter &rewriter) {
  SmallVector<Value> indices = emitPhysicalIndices(
      rewriter, op.getLoc(), layout.indexMap, adaptor.getIndices());
  rewriter.replaceOpWithNewOp<memref::LoadOp>(op, adaptor.getMemref(), indices);
}

static void rewriteAccess(memref::StoreOp op, memref::StoreOp::Adaptor adaptor,
                          const PhysicalLayout &layout,
                          ConversionPatternRewriter &rewriter) {
  SmallVector<Value> indices = emitPhysicalIndices(
      rewriter, op.getLoc(), layout.indexMap, adaptor.getIndices());
  rewriter.replaceOpWithNewOp<memref::StoreOp>(op, adaptor.getValue(),
                                               adaptor.getMemref(), indices);
}

static void rewriteAccess(affine::AffineLoadOp op,
                          affine::AffineLoadOp::Adaptor adaptor,
                          const PhysicalLayout &layout,
                          ConversionPatternRewriter &rewriter) {
  AffineMap map = layout.indexMap.compose(op.getAffineMap());
  rewriter.replaceOpWithNewOp<affine::AffineLoadOp>(op, adaptor.getMemref(),
                                                    map, adaptor.getIndices());
}

static void rewriteAccess(affine::AffineStoreOp op,
                          affine::AffineStoreOp::Adaptor adaptor,
                          const PhysicalLayout &layout,
                          ConversionPatternRewriter &rewriter) {
  AffineMap map = layout.indexMap.compose(op.getAffineMap());
  rewriter.replaceOpWithNewOp<affine::AffineStoreOp>(
      op, adaptor.getValue(), adaptor.getMemref(), map, adaptor.getIndices());
}

/// Loads and stores of tiled memrefs, through `rewriteAccess`.
template <typename AccessOp>
struct AccessLowering : OpConversionPattern<AccessOp> {
  using OpConversionPattern<AccessOp>::OpConversionPattern;
  LogicalResult
  matchAndRewrite(AccessOp op, typename AccessOp::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    MemRefType type = op.getMemRefType();
    if (!isTiledMemRef(type))
      return rewriter.notifyMatchFailure(op, "not a tiled memref");
    FailureOr<PhysicalLayout> layout =
        computePhysicalLayout(type, [&] { return op.emitError(); });
    if (failed(layout))
      return failure();
    rewriteAccess(op, adaptor, *layout, rewriter);
    return success();
  }
};

/// `memref.dim` of a tiled memref is its logical size.
struct DimLowering : OpConversionPattern<memref::DimOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(memref::DimOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = dyn_cast<MemRefType>(op.getSource().getType());
    if (!type || !getTiledLayout(type) || !type.hasStaticShape())
      return rewriter.notifyMatchFailure(op, "not a static tiled memref");
    Location loc = op.getLoc();
    // Select the size by index; constant indices give one constant. An
    // index out of range is undefined behavior for memref.dim, so the last
    // size serves as the default.
    ArrayRef<int64_t> shape = type.getShape();
    if (shape.empty())
      return rewriter.notifyMatchFailure(op, "rank 0 has no dimensions");
    Value result = arith::ConstantIndexOp::create(rewriter, loc, shape.back());
    for (auto [i, size] : llvm::enumerate(shape.drop_back())) {
      if (std::optional<int64_t> index = op.getConstantIndex()) {
        if (*index == static_cast<int64_t>(i))
          result = arith::ConstantIndexOp::create(rewriter, loc, size);
        continue;
      }
      Value k = arith::ConstantIndexOp::create(rewriter, loc, i);
      Value isK = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq,
                                        adaptor.getIndex(), k);
      result = arith::SelectOp::create(
          rewriter, loc, isK,
          arith::ConstantIndexOp::create(rewriter, loc, size), result);
    }
    rewriter.replaceOp(op, result);
    return success();
  }
};

struct CastLowering : OpConversionPattern<memref::CastOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(memref::CastOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type resultType = getTypeConverter()->convertType(op.getType());
    if (!resultType)
      return rewriter.notifyMatchFailure(op, "no physical result type");
    if (resultType == adaptor.getSource().getType()) {
      rewriter.replaceOp(op, adaptor.getSource());
      return success();
    }
    if (!memref::CastOp::areCastCompatible(adaptor.getSource().getType(),
                                           resultType))
      return rewriter.notifyMatchFailure(op, "physical types differ");
    rewriter.replaceOpWithNewOp<memref::CastOp>(op, resultType,
                                                adaptor.getSource());
    return success();
  }
};

/// Builds a view of `source` (identity layout, offset 0) with the static
/// identity-layout type `type`.
static Value reinterpretAs(OpBuilder &builder, Location loc, Value source,
                           MemRefType type) {
  SmallVector<int64_t> strides(type.getRank(), 1);
  for (int64_t i = type.getRank() - 2; i >= 0; --i)
    strides[i] = strides[i + 1] * type.getDimSize(i + 1);
  return memref::ReinterpretCastOp::create(builder, loc, type, source,
                                           /*offset=*/0, type.getShape(),
                                           strides);
}

struct ToPhysicalLowering : OpConversionPattern<ToPhysicalOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ToPhysicalOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto resultType = cast<MemRefType>(op.getType());
    if (adaptor.getSource().getType() == resultType) {
      rewriter.replaceOp(op, adaptor.getSource());
      return success();
    }
    rewriter.replaceOp(op, reinterpretAs(rewriter, op.getLoc(),
                                         adaptor.getSource(), resultType));
    return success();
  }
};

struct FromPhysicalLowering : OpConversionPattern<FromPhysicalOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(FromPhysicalOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto physical = dyn_cast_or_null<MemRefType>(
        getTypeConverter()->convertType(op.getType()));
    if (!physical || !physical.hasStaticShape())
      return rewriter.notifyMatchFailure(op, "no static physical type");
    if (adaptor.getBuffer().getType() == physical) {
      rewriter.replaceOp(op, adaptor.getBuffer());
      return success();
    }
    rewriter.replaceOp(op, reinterpretAs(rewriter, op.getLoc(),
                                         adaptor.getBuffer(), physical));
    return success();
  }
};

} // namespace

void mlir::tlayout::populateLowerTiledLayoutsPatterns(
    const TypeConverter &typeConverter, RewritePatternSet &patterns) {
  patterns.add<AllocLowering<memref::AllocOp>, AllocLowering<memref::AllocaOp>,
               DeallocLowering, AccessLowering<memref::LoadOp>,
               AccessLowering<memref::StoreOp>,
               AccessLowering<affine::AffineLoadOp>,
               AccessLowering<affine::AffineStoreOp>, DimLowering, CastLowering,
               ToPhysicalLowering, FromPhysicalLowering>(typeConverter,
                                                         patterns.getContext());
}

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

/// Ops whose uses of tiled memrefs the conversion rewrites.
static bool isRewritable(Operation *op) {
  return isa<memref::AllocOp, memref::AllocaOp, memref::DeallocOp,
             memref::LoadOp, memref::StoreOp, memref::DimOp, memref::CastOp,
             affine::AffineLoadOp, affine::AffineStoreOp, ToPhysicalOp,
             FromPhysicalOp, func::FuncOp, func::CallOp, func::ReturnOp,
             scf::ForOp, scf::IfOp, scf::WhileOp, scf::YieldOp,
             scf::ConditionOp, cf::BranchOp, cf::CondBranchOp>(op);
}

/// Reports every op that uses a tiled memref the conversion cannot rewrite,
/// once per op (at its first such value). Returns failure if there is one.
static LogicalResult checkRewritable(ModuleOp module) {
  bool ok = true;
  // Each distinct type is checked once; later ops using a type that cannot
  // be lowered get a short error.
  DenseMap<Type, bool> lowerable;
  // Returns false when it reported an error for `op`.
  auto checkType = [&](Operation *op, Type type, StringRef what,
                       unsigned index) -> bool {
    if (!isTiledMemRef(type))
      return true;
    if (!isRewritable(op)) {
      op->emitError() << "uses a tiled memref (" << what << " #" << index
                      << " of type " << type
                      << ") that --lower-tiled-layouts cannot rewrite";
      return false;
    }
    auto [it, inserted] = lowerable.try_emplace(type, true);
    if (!inserted) {
      if (!it->second)
        op->emitError() << "cannot lower " << what << " #" << index
                        << " of type " << type;
      return it->second;
    }
    if (failed(computePhysicalLayout(cast<MemRefType>(type), [&] {
          return op->emitError()
                 << "cannot lower " << what << " #" << index << ": ";
        })))
      it->second = false;
    return it->second;
  };
  module.walk([&](Operation *op) {
    auto check = [&]() -> bool {
      for (auto [i, operand] : llvm::enumerate(op->getOperands()))
        if (!checkType(op, operand.getType(), "operand", i))
          return false;
      for (auto [i, result] : llvm::enumerate(op->getResults()))
        if (!checkType(op, result.getType(), "result", i))
          return false;
      if (auto func = dyn_cast<func::FuncOp>(op)) {
        for (auto [i, type] : llvm::enumerate(func.getArgumentTypes()))
          if (!checkType(op, type, "argument", i))
            return false;
        for (auto [i, type] : llvm::enumerate(func.getResultTypes()))
          if (!checkType(op, type, "function result", i))
            return false;
        return true;
      }
      if (isRewritable(op))
        return true;
      for (Region &region : op->getRegions())
        for (Block &block : region)
          for (auto [i, arg] : llvm::enumerate(block.getArguments()))
            if (!checkType(op, arg.getType(), "block argument", i))
              return false;
      return true;
    };
    if (!check())
      ok = false;
  });
  return success(ok);
}

namespace {
struct LowerTiledLayoutsPass
    : mlir::tlayout::impl::LowerTiledLayoutsBase<LowerTiledLayoutsPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (failed(checkRewritable(module)))
      return signalPassFailure();

    MLIRContext *context = &getContext();
    TiledLayoutTypeConverter typeConverter;
    RewritePatternSet patterns(context);
    ConversionTarget target(*context);

    populateLowerTiledLayoutsPatterns(typeConverter, patterns);
    populateFunctionOpInterfaceTypeConversionPattern<func::FuncOp>(
        patterns, typeConverter);
    populateCallOpTypeConversionPattern(patterns, typeConverter);
    populateReturnOpTypeConversionPattern(patterns, typeConverter);
    populateBranchOpInterfaceTypeConversionPattern(patterns, typeConverter);
    scf::populateSCFStructuralTypeConversionsAndLegality(typeConverter,
                                                         patterns, target);

    target.addDynamicallyLegalOp<func::FuncOp>([&](func::FuncOp op) {
      return typeConverter.isSignatureLegal(op.getFunctionType()) &&
             typeConverter.isLegal(&op.getBody());
    });
    target.addIllegalOp<ToPhysicalOp, FromPhysicalOp>();
    target.markUnknownOpDynamicallyLegal(
        [&](Operation *op) { return typeConverter.isLegal(op); });

    if (failed(applyPartialConversion(module, target, std::move(patterns))))
      return signalPassFailure();
  }
};
} // namespace
