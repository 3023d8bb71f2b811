//===- Legality.cpp - What the lowering of tiled layouts handles ----------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// The one list of what --lower-tiled-layouts rewrites is its pattern set
// and its conversion target: an op that uses a tiled memref is illegal, and
// the lowering handles it when a pattern is rooted at its kind and (for the
// lowering's own patterns) accepts it. The check that runs before the
// conversion, isLoweredTiledMemRefUser, and the conversion itself all read
// that list; this file builds it and reports what it rejects, with what to
// do instead.
//
//===----------------------------------------------------------------------===//

#include "tlayout/Conversion/LowerTiledLayouts/Patterns.h"
#include "tlayout/Conversion/LowerTiledLayouts/PhysicalLayout.h"

#include "tlayout/Dialect/TLayout/IR/TLayoutOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/DebugLog.h"

#define DEBUG_TYPE "lower-tiled-layouts"

using namespace mlir;
using namespace mlir::tlayout;

//===----------------------------------------------------------------------===//
// TiledConversionPattern
//===----------------------------------------------------------------------===//

TiledConversionPattern::TiledConversionPattern(
    const TiledLayoutTypeConverter &typeConverter, StringRef rootName,
    PatternBenefit benefit, MLIRContext *context)
    : ConversionPattern(typeConverter, rootName, benefit, context) {
  detail::TiledLoweringState::of(typeConverter).patterns[this] = this;
}

TiledConversionPattern::~TiledConversionPattern() {
  detail::TiledLoweringState::of(*getTypeConverter<TiledLayoutTypeConverter>())
      .patterns.erase(this);
}

const TiledConversionPattern *
TiledConversionPattern::lookup(const TiledLayoutTypeConverter &typeConverter,
                               const RewritePattern &pattern) {
  return detail::TiledLoweringState::of(typeConverter)
      .patterns.lookup(&pattern);
}

//===----------------------------------------------------------------------===//
// The pattern set and the target
//===----------------------------------------------------------------------===//

void mlir::tlayout::populateLowerTiledLayoutsPatterns(
    const TiledLayoutTypeConverter &typeConverter,
    RewritePatternSet &patterns) {
  populateTiledBufferPatterns(typeConverter, patterns);
  populateTiledAccessPatterns(typeConverter, patterns);
  populateTiledViewPatterns(typeConverter, patterns);
  populateTiledCopyPatterns(typeConverter, patterns);
  populateTiledVectorAccessPatterns(typeConverter, patterns);
  populateTiledAtomicPatterns(typeConverter, patterns);
  populateTiledVectorMemoryPatterns(typeConverter, patterns);
}

void mlir::tlayout::configureLowerTiledLayoutsTarget(
    ConversionTarget &target, const TiledLayoutTypeConverter &typeConverter) {
  // The tlayout ops that name physical buffers or copy between layouts are
  // rewritten whatever their types.
  target.addIllegalOp<ToPhysicalOp, FromPhysicalOp, CopyOp, TransposeOp>();
  target.addDynamicallyLegalOp<memref::GlobalOp>(
      [](memref::GlobalOp op) { return !isTiledMemRef(op.getType()); });
  // A vector.mask is rewritten with the transfer of a tiled memref it masks.
  target.addDynamicallyLegalOp<vector::MaskOp>([](vector::MaskOp op) {
    auto transfer =
        dyn_cast_or_null<VectorTransferOpInterface>(op.getMaskableOp());
    return !transfer || !isTiledMemRef(transfer.getBase().getType());
  });
  target.markUnknownOpDynamicallyLegal(
      [&](Operation *op) { return typeConverter.isLegal(op); });
}

//===----------------------------------------------------------------------===//
// TiledLayoutsLoweringInfo
//===----------------------------------------------------------------------===//

TiledLayoutsLoweringInfo::TiledLayoutsLoweringInfo(MLIRContext *context)
    : patterns(context), target(*context) {
  populateLowerTiledLayoutsPatterns(typeConverter, patterns);
  populateLowerTiledLayoutsStructuralPatterns(typeConverter, patterns, target);
  configureLowerTiledLayoutsTarget(target, typeConverter);
  for (const std::unique_ptr<RewritePattern> &pattern :
       patterns.getNativePatterns())
    if (std::optional<OperationName> root = pattern->getRootKind())
      patternsByRoot[*root].push_back(pattern.get());
}

TiledLayoutsLoweringInfo::~TiledLayoutsLoweringInfo() = default;

bool TiledLayoutsLoweringInfo::mustRewrite(Operation *op) const {
  return !target.isLegal(op);
}

bool TiledLayoutsLoweringInfo::hasPatternFor(Operation *op) const {
  return patternsByRoot.contains(op->getName());
}

SmallVector<OperationName> TiledLayoutsLoweringInfo::getRewrittenOps() const {
  SmallVector<OperationName> result =
      llvm::to_vector(llvm::make_first_range(patternsByRoot));
  llvm::sort(result, [](OperationName a, OperationName b) {
    return a.getStringRef() < b.getStringRef();
  });
  return result;
}

LogicalResult TiledLayoutsLoweringInfo::checkRewrites(
    Operation *op, function_ref<InFlightDiagnostic()> emitError) const {
  auto it = patternsByRoot.find(op->getName());
  if (it == patternsByRoot.end())
    return failure();
  // Upstream's structural patterns take any op of their kind; the
  // lowering's own say which ones they take.
  for (const RewritePattern *pattern : it->second)
    if (const TiledConversionPattern *tiled =
            TiledConversionPattern::lookup(typeConverter, *pattern))
      if (failed(tiled->checkSupported(op, emitError)))
        return failure();
  return success();
}

bool mlir::tlayout::isLoweredTiledMemRefUser(Operation *op) {
  TiledLayoutsLoweringInfo info(op->getContext());
  return succeeded(info.checkRewrites(op, [] { return InFlightDiagnostic(); }));
}

//===----------------------------------------------------------------------===//
// The check before the conversion
//===----------------------------------------------------------------------===//

/// What to do instead of handing a tiled memref to `op`, an op the
/// conversion does not rewrite.
static StringRef adviceFor(Operation *op) {
  StringRef dialect = op->getName().getDialectNamespace();
  if (dialect == "linalg")
    return "lower linalg to loops first (--convert-linalg-to-affine-loops or "
           "--convert-linalg-to-loops)";
  if (isa<memref::ReinterpretCastOp>(op))
    return "offsets and strides cannot describe a tiled layout; use "
           "tlayout.to_physical / tlayout.from_physical to reach the physical "
           "buffer";
  if (isa<memref::ExtractAlignedPointerAsIndexOp>(op))
    return "take the pointer of the physical buffer (tlayout.to_physical)";
  if (isa<memref::MemorySpaceCastOp>(op))
    return "give the memref its memory space where it is allocated, or cast "
           "the physical buffer (tlayout.to_physical)";
  if (dialect == "bufferization" || dialect == "tensor")
    return "tensors carry no tiled layout; bufferize first and give the "
           "buffers their layouts afterwards, or convert through "
           "tlayout.to_physical / tlayout.from_physical";
  if (op->getNumRegions() != 0 || op->hasTrait<OpTrait::IsTerminator>())
    return "carry tiled memrefs through func, scf.for, scf.if, scf.while or "
           "cf branches, or lower this op first";
  return "lower it to loads, stores, vector transfers or copies first, or "
         "hand it the physical buffer (tlayout.to_physical)";
}

/// The first tiled memref `op` uses: its kind ("operand", "result",
/// "global", "argument", "function result", "block argument"), index and
/// type; std::nullopt if none. Block arguments count only for ops the
/// lowering does not rewrite (a rewritten op converts its own regions).
static std::optional<std::tuple<StringRef, unsigned, Type>>
firstTiledValue(Operation *op, bool withBlockArguments) {
  for (auto [i, type] : llvm::enumerate(op->getOperandTypes()))
    if (isTiledMemRef(type))
      return std::make_tuple(StringRef("operand"), unsigned(i), type);
  for (auto [i, type] : llvm::enumerate(op->getResultTypes()))
    if (isTiledMemRef(type))
      return std::make_tuple(StringRef("result"), unsigned(i), type);
  if (auto global = dyn_cast<memref::GlobalOp>(op))
    if (isTiledMemRef(global.getType()))
      return std::make_tuple(StringRef("global"), 0u, Type(global.getType()));
  if (auto func = dyn_cast<func::FuncOp>(op)) {
    for (auto [i, type] : llvm::enumerate(func.getArgumentTypes()))
      if (isTiledMemRef(type))
        return std::make_tuple(StringRef("argument"), unsigned(i), type);
    for (auto [i, type] : llvm::enumerate(func.getResultTypes()))
      if (isTiledMemRef(type))
        return std::make_tuple(StringRef("function result"), unsigned(i), type);
  }
  if (withBlockArguments)
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (auto [i, arg] : llvm::enumerate(block.getArguments()))
          if (isTiledMemRef(arg.getType()))
            return std::make_tuple(StringRef("block argument"), unsigned(i),
                                   arg.getType());
  return std::nullopt;
}

bool mlir::tlayout::usesTiledMemRef(Operation *op) {
  return firstTiledValue(op, /*withBlockArguments=*/true).has_value();
}

/// Every tiled memref type `op` uses, with its kind and index, in the order
/// of firstTiledValue (without block arguments).
static SmallVector<std::tuple<StringRef, unsigned, Type>>
tiledValues(Operation *op) {
  SmallVector<std::tuple<StringRef, unsigned, Type>> result;
  auto add = [&](StringRef what, auto types) {
    for (auto [i, type] : llvm::enumerate(types))
      if (isTiledMemRef(type))
        result.emplace_back(what, unsigned(i), type);
  };
  add("operand", op->getOperandTypes());
  add("result", op->getResultTypes());
  if (auto global = dyn_cast<memref::GlobalOp>(op))
    add("global", ArrayRef<Type>{global.getType()});
  if (auto func = dyn_cast<func::FuncOp>(op)) {
    add("argument", func.getArgumentTypes());
    add("function result", func.getResultTypes());
  }
  return result;
}

LogicalResult
mlir::tlayout::checkLowerTiledLayoutsPreconditions(ModuleOp module) {
  TiledLayoutsLoweringInfo info(module.getContext());
  bool ok = true;
  // Each distinct type is checked once; later ops using a type that cannot
  // be lowered get a short error.
  DenseMap<Type, bool> lowerable;
  module.walk([&](Operation *op) {
    bool handled = info.hasPatternFor(op);
    if (!info.mustRewrite(op) && handled)
      return;
    auto first = firstTiledValue(op, /*withBlockArguments=*/!handled);
    if (!first)
      return;
    OperationName name = op->getName();
    if (!handled) {
      auto [what, index, type] = *first;
      LDBG() << "pre-check: no pattern is rooted at " << name << " at "
             << op->getLoc() << ", which uses a tiled memref";
      op->emitError() << name << " uses a tiled memref (" << what << " #"
                      << index << " of type " << type
                      << "), which --lower-tiled-layouts cannot rewrite; "
                      << adviceFor(op);
      ok = false;
      return;
    }
    if (failed(info.checkRewrites(op, [&] { return op->emitError(); }))) {
      LDBG() << "pre-check: the pattern rooted at " << name << " at "
             << op->getLoc() << " does not take it";
      ok = false;
      return;
    }
    for (auto [what, index, type] : tiledValues(op)) {
      auto [it, inserted] = lowerable.try_emplace(type, true);
      if (!inserted) {
        if (!it->second) {
          LDBG() << "pre-check: " << name << " at " << op->getLoc()
                 << " uses the type " << type << ", which has no lowering";
          op->emitError() << name << " cannot be rewritten: its " << what
                          << " #" << index << " has type " << type
                          << ", which cannot be lowered (reported above)";
          ok = false;
          return;
        }
        continue;
      }
      if (failed(computePhysicalLayout(
              cast<MemRefType>(type), [&, what = what, index = index] {
                return op->emitError()
                       << name << " cannot be rewritten: cannot lower " << what
                       << " #" << index << ": ";
              }))) {
        LDBG() << "pre-check: " << type << " (" << what << " #" << index
               << " of " << name << " at " << op->getLoc()
               << ") has no lowering";
        it->second = false;
        ok = false;
        return;
      }
    }
  });
  return success(ok);
}
