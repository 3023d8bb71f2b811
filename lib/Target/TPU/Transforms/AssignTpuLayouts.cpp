//===- AssignTpuLayouts.cpp - Default TPU layouts for untiled memrefs -----===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// The --tlayout-assign-tpu-layouts pass. Memref values that must share a
// type (through casts, calls, returns, branches, loops and globals) form
// classes; a class gets one layout, from the TPU rules applied to its most
// static shape, unless one of its values must keep its layout (it reaches an
// external function, an unranked memref, an op the lowering cannot rewrite,
// ...). Subviews of tiled memrefs become tlayout.subview views.
//
//===----------------------------------------------------------------------===//

#include "tlayout/Conversion/LowerTiledLayouts/LowerTiledLayouts.h"
#include "tlayout/Dialect/TLayout/IR/TLayoutDialect.h"
#include "tlayout/Dialect/TLayout/IR/TLayoutOps.h"
#include "tlayout/Target/TPU/IR/TpuAttrs.h"
#include "tlayout/Target/TPU/IR/TpuDialect.h"
#include "tlayout/Target/TPU/TpuTiling.h"
#include "tlayout/Target/TPU/Transforms/Passes.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"

namespace mlir::tlayout::tpu {
#define GEN_PASS_DEF_ASSIGNTPULAYOUTS
#include "tlayout/Target/TPU/Transforms/Passes.h.inc"
} // namespace mlir::tlayout::tpu

using namespace mlir;
using namespace mlir::tlayout;

namespace {
/// Union-find over memref values.
class ValueClasses {
public:
  Value find(Value v) {
    auto it = parent.find(v);
    if (it == parent.end()) {
      parent[v] = v;
      order.push_back(v);
      return v;
    }
    if (it->second == v)
      return v;
    Value root = find(it->second);
    parent[v] = root;
    return root;
  }
  void join(Value a, Value b) {
    if (!isa<MemRefType>(a.getType()) || !isa<MemRefType>(b.getType()))
      return;
    Value ra = find(a), rb = find(b);
    if (ra != rb)
      parent[rb] = ra;
  }
  void add(Value v) {
    if (isa<MemRefType>(v.getType()))
      find(v);
  }
  /// Values in the order they were first seen.
  ArrayRef<Value> values() const { return order; }

private:
  DenseMap<Value, Value> parent;
  SmallVector<Value> order;
};

/// Whether the lowering of tiled layouts rewrites `op` (its pattern rooted at
/// `op`'s kind takes it).
bool isRewritten(const TiledLayoutsLoweringInfo &lowering, Operation *op) {
  return succeeded(
      lowering.checkRewrites(op, [] { return InFlightDiagnostic(); }));
}

/// Whether the lowering of tiled layouts rewrites `user` and `user` ends a
/// memref's path there: it reads, writes, copies or measures the memref
/// (no memref results, nothing passed on to another region, block or
/// function). That is all a tiled view may be used for. Which ops the
/// lowering rewrites is the lowering's own answer (its pattern set and
/// conversion target), not a list kept here.
bool isAccess(const TiledLayoutsLoweringInfo &lowering, Operation *user) {
  if (user->hasTrait<OpTrait::IsTerminator>() ||
      isa<CallOpInterface, RegionBranchOpInterface>(user) ||
      llvm::any_of(user->getResultTypes(),
                   [](Type t) { return isa<BaseMemRefType>(t); }))
    return false;
  return isRewritten(lowering, user);
}

/// Whether `user` accesses or passes a memref in a way the class analysis
/// below and the lowering both handle: an access, or one of the ops that
/// pass memrefs on which the analysis joins into classes, where the lowering
/// rewrites it too.
bool isKnownUse(const TiledLayoutsLoweringInfo &lowering, Operation *user) {
  if (isAccess(lowering, user))
    return true;
  return isa<memref::DeallocOp, memref::CastOp, func::CallOp, func::ReturnOp,
             cf::BranchOp, cf::CondBranchOp, scf::YieldOp, scf::ForOp,
             memref::SubViewOp>(user) &&
         (isa<memref::SubViewOp>(user) || isRewritten(lowering, user));
}

struct AssignTpuLayoutsPass
    : mlir::tlayout::tpu::impl::AssignTpuLayoutsBase<AssignTpuLayoutsPass> {
  using Base::Base;

  void runOnOperation() override;
};
} // namespace

void AssignTpuLayoutsPass::runOnOperation() {
  ModuleOp module = getOperation();
  TiledLayoutsLoweringInfo lowering(&getContext());
  FailureOr<tpu::TargetDescription> description =
      tpu::getTargetDescription(module, target);
  if (failed(description))
    return signalPassFailure();
  tpu::TilingOptions options;
  options.lanes = description->lanes;
  options.sublanes = description->sublanes;
  SymbolTable symbols(module);

  // Classes of values that must share a layout.
  ValueClasses classes;
  DenseMap<StringAttr, Value> globalValue;
  DenseMap<Value, std::string> pinned; // class member -> why (may be empty)
  auto pin = [&](Value v, std::string why) {
    if (isa<MemRefType>(v.getType()))
      pinned.try_emplace(v, std::move(why));
  };
  module.walk([&](Operation *op) {
    for (Value result : op->getResults())
      classes.add(result);
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (BlockArgument arg : block.getArguments())
          classes.add(arg);
    // A tlayout.cast (a relayout that moves nothing) views its source in
    // another layout its verifier proved alike: both layouts stay.
    if (auto cast = dyn_cast<CastOp>(op)) {
      pin(cast.getSource(), "it is viewed by a tlayout.cast, whose two "
                            "layouts are fixed");
      pin(cast.getResult(), "it is a tlayout.cast of a buffer in another "
                            "layout, which fixes its layout");
    }
    if (auto cast = dyn_cast<memref::CastOp>(op)) {
      classes.join(cast.getSource(), cast.getResult());
      // An unranked memref carries no layout in its type: whoever receives
      // it (printMemref*, any external code) reads the buffer as it was
      // before the layout, and a ranked memref cast from one holds such a
      // buffer.
      if (isa<UnrankedMemRefType>(cast.getResult().getType()))
        pin(cast.getSource(), "it is cast to an unranked memref, which "
                              "keeps no layout");
      if (isa<UnrankedMemRefType>(cast.getSource().getType()))
        pin(cast.getResult(), "it is cast from an unranked memref, which "
                              "keeps no layout");
    }
    if (auto call = dyn_cast<func::CallOp>(op)) {
      auto callee = symbols.lookup<func::FuncOp>(call.getCallee());
      if (!callee || callee.isExternal()) {
        for (auto [i, v] : llvm::enumerate(call.getOperands()))
          pin(v, (Twine("operand #") + Twine(i) + " is passed to @" +
                  call.getCallee() + ", which is not defined here")
                     .str());
        for (auto [i, v] : llvm::enumerate(call.getResults()))
          pin(v, (Twine("result #") + Twine(i) + " comes from @" +
                  call.getCallee() + ", which is not defined here")
                     .str());
      } else {
        for (auto [v, arg] :
             llvm::zip(call.getOperands(), callee.getArguments()))
          classes.join(v, arg);
        callee.walk([&](func::ReturnOp ret) {
          for (auto [v, r] : llvm::zip(ret.getOperands(), call.getResults()))
            classes.join(v, r);
        });
      }
    }
    if (auto branch = dyn_cast<BranchOpInterface>(op))
      for (unsigned s = 0; s < op->getNumSuccessors(); ++s) {
        OperandRange forwarded =
            branch.getSuccessorOperands(s).getForwardedOperands();
        Block *dest = op->getSuccessor(s);
        unsigned skip = dest->getNumArguments() - forwarded.size();
        for (auto [v, arg] :
             llvm::zip(forwarded, dest->getArguments().drop_front(skip)))
          classes.join(v, arg);
      }
    if (auto forOp = dyn_cast<scf::ForOp>(op)) {
      for (auto [init, arg, result] :
           llvm::zip(forOp.getInitArgs(), forOp.getRegionIterArgs(),
                     forOp.getResults())) {
        classes.join(init, arg);
        classes.join(init, result);
      }
      auto yield = cast<scf::YieldOp>(forOp.getBody()->getTerminator());
      for (auto [v, result] :
           llvm::zip(yield.getOperands(), forOp.getResults()))
        classes.join(v, result);
    }
    if (auto ifOp = dyn_cast<scf::IfOp>(op))
      for (Region &region : ifOp->getRegions())
        for (Block &block : region)
          if (auto yield = dyn_cast<scf::YieldOp>(block.getTerminator()))
            for (auto [v, result] :
                 llvm::zip(yield.getOperands(), ifOp.getResults()))
              classes.join(v, result);
    if (auto get = dyn_cast<memref::GetGlobalOp>(op)) {
      auto [it, inserted] =
          globalValue.try_emplace(get.getNameAttr().getAttr(), get.getResult());
      if (!inserted)
        classes.join(it->second, get.getResult());
    }
    if (isa<scf::WhileOp>(op))
      for (Value v : op->getResults())
        pin(v, "it flows through scf.while");
    if (auto subview = dyn_cast<memref::SubViewOp>(op)) {
      // A subview result is its source's view: they stand or fall together.
      classes.join(subview.getSource(), subview.getResult());
      bool unit = llvm::all_of(subview.getStaticStrides(),
                               [](int64_t s) { return s == 1; });
      bool rankKept = subview.getType().getRank() ==
                      subview.getSource().getType().getRank();
      if (!unit || !rankKept)
        pin(subview.getResult(), "a strided or rank-reducing memref.subview "
                                 "has no tiled view");
      for (Operation *user : subview.getResult().getUsers())
        if (!isAccess(lowering, user))
          pin(subview.getResult(),
              "a view is only accessed or copied once tiled, and this one "
              "is used by " +
                  user->getName().getStringRef().str());
    }
    if (!isa<memref::AllocOp, memref::AllocaOp, memref::GetGlobalOp,
             memref::CastOp, CastOp, func::CallOp, memref::SubViewOp,
             scf::ForOp, scf::IfOp, scf::WhileOp>(op))
      for (Value result : op->getResults())
        pin(result, ("it is produced by " + op->getName().getStringRef() +
                     ", which the lowering does not rewrite")
                        .str());
    for (OpOperand &use : op->getOpOperands())
      if (isa<MemRefType>(use.get().getType()) && !isa<CastOp>(op) &&
          !isKnownUse(lowering, op))
        pin(use.get(), ("it is used by " + op->getName().getStringRef() +
                        ", which the lowering does not rewrite")
                           .str());
  });

  // Each class: keep or assign.
  DenseMap<Value, SmallVector<Value>> members;
  for (Value v : classes.values())
    members[classes.find(v)].push_back(v);
  DenseMap<Value, Attribute> layoutOf; // class root -> layout
  for (Value v : classes.values()) {
    Value root = classes.find(v);
    if (layoutOf.count(root))
      continue;
    layoutOf[root] = Attribute();
    ArrayRef<Value> group = members[root];
    auto keep = [&](Value at, StringRef why) {
      if (!why.empty())
        emitRemark(at.getLoc())
            << "keeps the layout of " << at.getType() << ": " << why;
    };
    bool skip = false;
    for (Value m : group) {
      if (m.getDefiningOp<memref::SubViewOp>())
        continue; // Strided now; a view of whatever its source gets.
      auto type = cast<MemRefType>(m.getType());
      std::optional<int64_t> space =
          tpu::getMemorySpaceNumber(type.getMemorySpace());
      bool host = space == static_cast<int64_t>(tpu::MemorySpace::Host);
      if (!type.getLayout().isIdentity() || host || !space) {
        skip = true; // Left alone silently.
        break;
      }
    }
    if (skip)
      continue;
    const Value *at =
        llvm::find_if(group, [&](Value m) { return pinned.count(m) != 0; });
    if (at != group.end()) {
      keep(*at, pinned[*at]);
      continue;
    }
    // The most static shape decides; subview results are views, not roots.
    Value best;
    int64_t bestStatic = -1;
    for (Value m : group) {
      if (m.getDefiningOp<memref::SubViewOp>())
        continue;
      auto type = cast<MemRefType>(m.getType());
      int64_t statics = llvm::count_if(
          type.getShape(), [](int64_t s) { return !ShapedType::isDynamic(s); });
      if (statics > bestStatic) {
        best = m;
        bestStatic = statics;
      }
    }
    if (!best)
      continue;
    auto type = cast<MemRefType>(best.getType());
    int64_t bits = getElementTypeBits(type.getElementType());
    llvm::Expected<TiledLayout> layout =
        tpu::getDefaultLayout(type.getShape(), bits, options);
    if (!layout) {
      keep(best, "the TPU rules do not cover it: " +
                     llvm::toString(layout.takeError()));
      continue;
    }
    if (!packSubByte)
      layout->elementSizeInBits = 0;
    // The rules compute tiles from the target's numbers and the shape: what
    // they made is checked before it becomes an attribute or a type.
    if (llvm::Error err = layout->verify()) {
      keep(best, "the TPU rules made an invalid layout: " +
                     llvm::toString(std::move(err)));
      continue;
    }
    auto attr = TiledLayoutAttr::get(&getContext(), *layout);
    // Every member's type must take it (what the type's verifier checks):
    // padding a huge shape to whole tiles can overflow what 64-bit sizes
    // count.
    bool fits = true;
    for (Value m : group) {
      if (m.getDefiningOp<memref::SubViewOp>())
        continue;
      auto memberType = cast<MemRefType>(m.getType());
      llvm::Expected<BufferIndexing> indexing =
          attr.compile(memberType.getShape(), 0);
      if (!indexing) {
        keep(m, (Twine("its TPU layout ") + layout->str() +
                 " does not fit it: " + llvm::toString(indexing.takeError()))
                    .str());
        fits = false;
        break;
      }
    }
    if (fits)
      layoutOf[root] = attr;
  }

  // Apply: values, subviews, globals and function types.
  for (Value v : classes.values()) {
    auto attr = dyn_cast_or_null<TiledLayoutAttr>(layoutOf[classes.find(v)]);
    if (!attr || v.getDefiningOp<memref::SubViewOp>())
      continue;
    auto type = cast<MemRefType>(v.getType());
    // Checked above; a failure here is reported, not built.
    MemRefType tiled = MemRefType::getChecked(
        [&] { return emitError(v.getLoc()); }, type.getShape(),
        type.getElementType(), attr, type.getMemorySpace());
    if (!tiled)
      return signalPassFailure();
    v.setType(tiled);
  }
  IRRewriter rewriter(&getContext());
  module.walk([&](memref::SubViewOp subview) {
    auto source = cast<MemRefType>(subview.getSource().getType());
    if (!isa_and_nonnull<TiledLayoutAttr>(getLayoutAttr(source)))
      return;
    MemRefType resultType = SubViewOp::inferResultType(
        source, subview.getStaticOffsets(), subview.getType().getShape());
    rewriter.setInsertionPoint(subview);
    Value view = SubViewOp::create(
        rewriter, subview.getLoc(), resultType, subview.getSource(),
        subview.getOffsets(), subview.getSizes(),
        rewriter.getDenseI64ArrayAttr(subview.getStaticOffsets()),
        rewriter.getDenseI64ArrayAttr(subview.getStaticSizes()));
    rewriter.replaceOp(subview, view);
  });
  module.walk([&](memref::GlobalOp global) {
    auto it = globalValue.find(global.getSymNameAttr());
    if (it == globalValue.end())
      return;
    auto type = cast<MemRefType>(it->second.getType());
    if (type != global.getType())
      global.setTypeAttr(TypeAttr::get(type));
  });
  module.walk([&](func::FuncOp func) {
    if (func.isExternal())
      return;
    SmallVector<Type> results(func.getResultTypes());
    func.walk([&](func::ReturnOp ret) {
      if (ret->getParentOp() == func)
        results.assign(ret.getOperandTypes().begin(),
                       ret.getOperandTypes().end());
    });
    func.setType(FunctionType::get(&getContext(),
                                   func.getBody().getArgumentTypes(), results));
  });
}
