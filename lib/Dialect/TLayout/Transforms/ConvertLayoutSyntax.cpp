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
/// The layout of `type` in the target model, or null when it has none or is
/// already there.
Attribute convertLayout(MemRefType type, LayoutSyntax target) {
  LayoutAttrInterface attr = getLayoutAttr(type);
  if (!attr)
    return {};
  ArrayRef<int64_t> shape =
      attr.isView() ? attr.getParentShape() : type.getShape();
  MLIRContext *context = type.getContext();
  Attribute converted;
  if (auto tiled = dyn_cast<TiledLayoutAttr>(attr.getBase())) {
    if (target != LayoutSyntax::Dims)
      return {};
    if (std::optional<SmallVector<DimsLayoutEntry, 4>> dims =
            toPhysDims(tiled.getLayout(), shape))
      converted = DimsLayoutAttr::get(context, *dims);
  } else if (auto dims = dyn_cast<DimsLayoutAttr>(attr.getBase())) {
    if (target == LayoutSyntax::Xla) {
      if (std::optional<TiledLayout> layout =
              toTiledLayout(dims.getDims(), shape))
        converted = TiledLayoutAttr::get(context, *layout);
    } else if (target == LayoutSyntax::Canonical) {
      std::optional<SmallVector<DimsLayoutEntry, 4>> canonical =
          llvm::expectedToOptional(canonicalizePhysDims(dims.getDims(), shape));
      if (!canonical || llvm::equal(*canonical, dims.getDims()))
        return {};
      converted = DimsLayoutAttr::get(context, *canonical);
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

/// What becomes of a memref type: its type in the target model (itself when
/// nothing changes), and whether its layout is kept for want of a form there.
struct Conversion {
  MemRefType type;
  bool kept = false;
};

Conversion convertType(MemRefType type, LayoutSyntax target) {
  Attribute layout = convertLayout(type, target);
  if (!layout)
    return {type, false};
  if (layout == type.getLayout())
    return {type, true};
  return {MemRefType::get(type.getShape(), type.getElementType(),
                          cast<MemRefLayoutAttrInterface>(layout),
                          type.getMemorySpace()),
          false};
}

struct ConvertLayoutSyntaxPass
    : mlir::tlayout::impl::ConvertLayoutSyntaxBase<ConvertLayoutSyntaxPass> {
  using Base::Base;

  void runOnOperation() override {
    LayoutSyntax target = to;
    // Report the layouts kept at the first op that uses them.
    DenseSet<Type> seen;
    auto visit = [&](Type type, Operation *user) {
      auto memref = dyn_cast<MemRefType>(type);
      if (!memref || !seen.insert(type).second ||
          !convertType(memref, target).kept)
        return;
      user->emitRemark() << "layout of " << memref << " has no "
                         << (target == LayoutSyntax::Dims ? "#tlayout.dims"
                                                          : "#tlayout.tiled")
                         << " form; kept";
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
      MemRefType converted = convertType(type, target).type;
      if (converted == type)
        return std::nullopt;
      return converted;
    });
    replacer.recursivelyReplaceElementsIn(getOperation(),
                                          /*replaceAttrs=*/true,
                                          /*replaceLocs=*/false,
                                          /*replaceTypes=*/true);
  }
};
} // namespace
