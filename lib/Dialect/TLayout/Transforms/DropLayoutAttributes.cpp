//===- DropLayoutAttributes.cpp - Lowered programs without tlayout attrs --===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// The --tlayout-drop-layout-attributes pass: discardable attributes named
// `tlayout.*` or `tlayout_<target>.*` leave every op and every function
// argument and result, so that tools without tlayout's dialects read the
// lowered program.
//
//===----------------------------------------------------------------------===//

#include "tlayout/Dialect/TLayout/Transforms/Passes.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

namespace mlir::tlayout {
#define GEN_PASS_DEF_DROPLAYOUTATTRIBUTES
#include "tlayout/Dialect/TLayout/Transforms/Passes.h.inc"
} // namespace mlir::tlayout

using namespace mlir;

/// Whether a discardable attribute's name belongs to one of tlayout's
/// dialects: `tlayout.` or `tlayout_<target>.`.
static bool isLayoutAttributeName(StringRef name) {
  auto [dialect, rest] = name.split('.');
  if (rest.empty())
    return false;
  return dialect == "tlayout" || dialect.starts_with("tlayout_");
}

/// The attributes of `dict` without tlayout's, or nothing when it has none.
static std::optional<SmallVector<NamedAttribute>>
withoutLayoutAttributes(DictionaryAttr dict) {
  if (!dict || llvm::none_of(dict, [](NamedAttribute attr) {
        return isLayoutAttributeName(attr.getName().getValue());
      }))
    return std::nullopt;
  SmallVector<NamedAttribute> kept;
  for (NamedAttribute attr : dict)
    if (!isLayoutAttributeName(attr.getName().getValue()))
      kept.push_back(attr);
  return kept;
}

namespace {
struct DropLayoutAttributesPass
    : mlir::tlayout::impl::DropLayoutAttributesBase<DropLayoutAttributesPass> {
  using Base::Base;

  void runOnOperation() override {
    getOperation()->walk([](Operation *op) {
      SmallVector<StringAttr> names;
      for (NamedAttribute attr : op->getDiscardableAttrs())
        if (isLayoutAttributeName(attr.getName().getValue()))
          names.push_back(attr.getName());
      for (StringAttr name : names)
        op->removeDiscardableAttr(name);

      auto function = dyn_cast<FunctionOpInterface>(op);
      if (!function)
        return;
      for (unsigned i = 0, e = function.getNumArguments(); i < e; ++i)
        if (auto kept = withoutLayoutAttributes(function.getArgAttrDict(i)))
          function.setArgAttrs(i, *kept);
      for (unsigned i = 0, e = function.getNumResults(); i < e; ++i)
        if (auto kept = withoutLayoutAttributes(function.getResultAttrDict(i)))
          function.setResultAttrs(i, *kept);
    });
  }
};
} // namespace
