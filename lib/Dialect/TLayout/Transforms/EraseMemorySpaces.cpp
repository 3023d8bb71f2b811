//===- EraseMemorySpaces.cpp - Emulated memory spaces to the CPU's --------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// The --tlayout-erase-memory-spaces pass: every MemorySpaceAttrInterface on
// a memref type becomes the default memory space, everywhere a type can occur.
//
//===----------------------------------------------------------------------===//

#include "tlayout/Dialect/TLayout/IR/TLayoutAttrs.h"
#include "tlayout/Dialect/TLayout/Transforms/Passes.h"

#include "mlir/IR/AttrTypeSubElements.h"

namespace mlir::tlayout {
#define GEN_PASS_DEF_ERASEMEMORYSPACES
#include "tlayout/Dialect/TLayout/Transforms/Passes.h.inc"
} // namespace mlir::tlayout

using namespace mlir;
using namespace mlir::tlayout;

namespace {
struct EraseMemorySpacesPass
    : mlir::tlayout::impl::EraseMemorySpacesBase<EraseMemorySpacesPass> {
  using Base::Base;

  void runOnOperation() override {
    AttrTypeReplacer replacer;
    replacer.addReplacement([](BaseMemRefType type) -> std::optional<Type> {
      if (!isa_and_nonnull<MemorySpaceAttrInterface>(type.getMemorySpace()))
        return std::nullopt;
      if (auto ranked = dyn_cast<MemRefType>(type))
        return MemRefType::get(ranked.getShape(), ranked.getElementType(),
                               ranked.getLayout());
      return UnrankedMemRefType::get(type.getElementType(), Attribute());
    });
    replacer.recursivelyReplaceElementsIn(getOperation(),
                                          /*replaceAttrs=*/true,
                                          /*replaceLocs=*/false,
                                          /*replaceTypes=*/true);
  }
};
} // namespace
