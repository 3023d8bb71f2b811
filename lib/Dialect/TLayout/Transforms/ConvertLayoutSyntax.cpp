//===- ConvertLayoutSyntax.cpp - XLA tiles <-> physical dimensions --------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// The --tlayout-convert-layout-syntax pass: every memref layout of the module
// is rewritten into the requested model where it has a form there. The core
// does the conversion and checks it on the normal form; this pass finds the
// types and reports the layouts it keeps.
//
//===----------------------------------------------------------------------===//

#include "tlayout/Dialect/TLayout/IR/TLayoutAttrs.h"
#include "tlayout/Dialect/TLayout/Transforms/Passes.h"

#include "mlir/IR/AttrTypeSubElements.h"
#include "mlir/IR/BuiltinOps.h"

namespace mlir::tlayout {
#define GEN_PASS_DEF_CONVERTLAYOUTSYNTAX
#include "tlayout/Dialect/TLayout/Transforms/Passes.h.inc"
} // namespace mlir::tlayout

using namespace mlir;
using namespace mlir::tlayout;

namespace {
enum class Target { Dims, Xla, Canonical };

/// The layout of `type` in the target model, or null when it has none or is
/// already there.
Attribute convertLayout(MemRefType type, Target target) {
  LayoutAttrInterface attr = getLayoutAttr(type);
  if (!attr)
    return {};
  ArrayRef<int64_t> shape =
      attr.isView() ? attr.getParentShape() : type.getShape();
  MLIRContext *context = type.getContext();
  Attribute converted;
  if (auto tiled = dyn_cast<TiledLayoutAttr>(attr.getBase())) {
    if (target != Target::Dims)
      return {};
    if (std::optional<SmallVector<::tlayout::PhysDim, 4>> dims =
            ::tlayout::toPhysDims(tiled.getLayout(), shape))
      converted = DimsLayoutAttr::get(context, *dims);
  } else if (auto dims = dyn_cast<DimsLayoutAttr>(attr.getBase())) {
    if (target == Target::Xla) {
      if (std::optional<::tlayout::TiledLayout> layout =
              ::tlayout::toTiledLayout(dims.getDims(), shape))
        converted = TiledLayoutAttr::get(context, *layout);
    } else if (target == Target::Canonical) {
      llvm::Expected<SmallVector<::tlayout::PhysDim, 4>> canonical =
          ::tlayout::canonicalizePhysDims(dims.getDims(), shape);
      if (!canonical) {
        llvm::consumeError(canonical.takeError());
        return {};
      }
      if (!llvm::equal(*canonical, dims.getDims()))
        converted = DimsLayoutAttr::get(context, *canonical);
      else
        return {};
    } else {
      return {};
    }
  }
  if (!converted)
    return attr; // No form in the target model: reported, kept.
  if (attr.isView())
    converted = cast<LayoutAttrInterface>(converted).getView(
        attr.getParentShape(), attr.getOffsets());
  return converted;
}

struct ConvertLayoutSyntaxPass
    : mlir::tlayout::impl::ConvertLayoutSyntaxBase<ConvertLayoutSyntaxPass> {
  using Base::Base;

  void runOnOperation() override {
    Target target;
    if (to == "dims")
      target = Target::Dims;
    else if (to == "xla")
      target = Target::Xla;
    else if (to == "canonical")
      target = Target::Canonical;
    else {
      getOperation().emitError()
          << "unknown layout model '" << to
          << "' for --tlayout-convert-layout-syntax; expected dims, xla or "
             "canonical";
      return signalPassFailure();
    }
    // Convert each distinct type once; report the ones kept at the first op
    // that uses them.
    DenseMap<Type, Type> converted;
    auto visit = [&](Type type, Operation *user) {
      auto memref = dyn_cast<MemRefType>(type);
      if (!memref || converted.count(type))
        return;
      Attribute layout = convertLayout(memref, target);
      if (!layout) {
        converted[type] = type;
        return;
      }
      if (layout == memref.getLayout()) {
        user->emitRemark() << "layout of " << memref << " has no "
                           << (target == Target::Dims ? "#tlayout.dims"
                                                      : "#tlayout.tiled")
                           << " form; kept";
        converted[type] = type;
        return;
      }
      converted[type] = MemRefType::get(
          memref.getShape(), memref.getElementType(),
          cast<MemRefLayoutAttrInterface>(layout), memref.getMemorySpace());
    };
    getOperation().walk([&](Operation *op) {
      for (Type type : op->getResultTypes())
        visit(type, op);
      for (Type type : op->getOperandTypes())
        visit(type, op);
      for (Region &region : op->getRegions())
        for (Block &block : region)
          for (BlockArgument arg : block.getArguments())
            visit(arg.getType(), op);
      for (NamedAttribute attr : op->getAttrs())
        attr.getValue().walk([&](Type type) { visit(type, op); });
    });
    AttrTypeReplacer replacer;
    replacer.addReplacement([&](MemRefType type) -> std::optional<Type> {
      auto it = converted.find(type);
      if (it == converted.end()) {
        // Only inside an attribute the walk does not open: convert quietly.
        Attribute layout = convertLayout(type, target);
        if (!layout || layout == type.getLayout())
          return std::nullopt;
        return MemRefType::get(type.getShape(), type.getElementType(),
                               cast<MemRefLayoutAttrInterface>(layout),
                               type.getMemorySpace());
      }
      if (it->second == type)
        return std::nullopt;
      return it->second;
    });
    replacer.recursivelyReplaceElementsIn(getOperation(),
                                          /*replaceAttrs=*/true,
                                          /*replaceLocs=*/false,
                                          /*replaceTypes=*/true);
  }
};
} // namespace
