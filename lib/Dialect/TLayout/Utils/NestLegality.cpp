//===- NestLegality.cpp - Legality of loop transformations ----------------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// What the loop transformations prove before they change a nest: whether
// two memrefs are disjoint buffers, and whether a permutation of a perfect
// nest keeps every dependence.
//
//===----------------------------------------------------------------------===//

#include "tlayout/Dialect/TLayout/Utils/NestLegality.h"

#include "mlir/Dialect/Affine/Analysis/AffineAnalysis.h"
#include "mlir/Dialect/Affine/Analysis/AffineStructures.h"
#include "mlir/Dialect/Affine/Analysis/Utils.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/Support/DebugLog.h"

#define DEBUG_TYPE "tlayout-nest-legality"

using namespace mlir;
using namespace mlir::tlayout;

//===----------------------------------------------------------------------===//
// Nest legality
//===----------------------------------------------------------------------===//

/// The buffer that `memref` views: the source of casts and views, followed
/// back as far as they go.
static Value getViewedBuffer(Value memref) {
  while (Operation *def = memref.getDefiningOp()) {
    if (auto cast = dyn_cast<memref::CastOp>(def))
      memref = cast.getSource();
    else if (auto view = dyn_cast<ViewLikeOpInterface>(def))
      memref = view.getViewSource();
    else
      break;
  }
  return memref;
}

/// Whether distinct memref values `a` and `b` are known to hold disjoint
/// buffers: different allocations, different globals, an allocation and
/// anything that existed before it. Distinct arguments of a function are
/// taken not to alias, as upstream's affine transformations take them.
bool mlir::tlayout::isDisjoint(Value a, Value b) {
  a = getViewedBuffer(a);
  b = getViewedBuffer(b);
  if (a == b)
    return false;
  enum class Kind { Allocation, Global, Argument, Unknown };
  auto classify = [](Value v) {
    if (auto arg = dyn_cast<BlockArgument>(v))
      return isa<FunctionOpInterface>(arg.getOwner()->getParentOp()) &&
                     arg.getOwner()->isEntryBlock()
                 ? Kind::Argument
                 : Kind::Unknown;
    Operation *def = v.getDefiningOp();
    if (isa<memref::GetGlobalOp>(def))
      return Kind::Global;
    if (auto effects = dyn_cast<MemoryEffectOpInterface>(def))
      if (effects.getEffectOnValue<MemoryEffects::Allocate>(v))
        return Kind::Allocation;
    return Kind::Unknown;
  };
  Kind ka = classify(a), kb = classify(b);
  if (ka == Kind::Unknown || kb == Kind::Unknown)
    return false;
  if (ka == Kind::Global && kb == Kind::Global)
    return a.getDefiningOp<memref::GetGlobalOp>().getName() !=
           b.getDefiningOp<memref::GetGlobalOp>().getName();
  return true;
}

bool mlir::tlayout::isLegalPermutation(ArrayRef<affine::AffineForOp> band,
                                       ArrayRef<unsigned> permutation) {
  SmallVector<Operation *> accesses;
  WalkResult walk = band.front()->walk([&](Operation *op) {
    if (isa<affine::AffineLoadOp, affine::AffineStoreOp>(op)) {
      accesses.push_back(op);
      return WalkResult::advance();
    }
    if (op->hasTrait<OpTrait::HasRecursiveMemoryEffects>()) {
      // Its own effects are those of the ops it holds, visited on their
      // own; an effect interface could add more.
      auto effects = dyn_cast<MemoryEffectOpInterface>(op);
      if (!effects || effects.hasNoEffect())
        return WalkResult::advance();
      return WalkResult::interrupt();
    }
    if (isMemoryEffectFree(op))
      return WalkResult::advance();
    return WalkResult::interrupt();
  });
  if (walk.wasInterrupted()) {
    LDBG() << "not permuted: the nest holds an op whose effects the "
              "dependence analysis does not model";
    return false;
  }

  // Upstream's analysis takes each memref value for one fixed buffer, and
  // relates the accesses to one memref value only.
  for (Operation *a : accesses) {
    Value memref = affine::MemRefAccess(a).memref;
    if (band.front()->isAncestor(memref.getParentRegion()->getParentOp())) {
      LDBG() << "not permuted: a memref accessed in the nest is defined in it";
      return false;
    }
  }
  for (Operation *a : accesses)
    for (Operation *b : accesses) {
      Value ma = affine::MemRefAccess(a).memref;
      Value mb = affine::MemRefAccess(b).memref;
      if (ma != mb &&
          (isa<affine::AffineStoreOp>(a) || isa<affine::AffineStoreOp>(b)) &&
          !isDisjoint(ma, mb)) {
        LDBG() << "not permuted: two memrefs it stores to or reads may be "
                  "one buffer";
        return false;
      }
    }

  // The position of each loop of the new order in the band.
  SmallVector<unsigned> loopAt(band.size());
  for (auto [k, position] : llvm::enumerate(permutation))
    loopAt[position] = k;
  // Dependences count the enclosing affine.parallel loops first; those
  // carried by them keep their order.
  SmallVector<Value> outer;
  affine::getAffineIVs(*band.front(), outer);
  unsigned offset = outer.size();
  for (unsigned depth = offset + 1; depth <= offset + band.size(); ++depth)
    for (Operation *src : accesses)
      for (Operation *dst : accesses) {
        if (!isa<affine::AffineStoreOp>(src) &&
            !isa<affine::AffineStoreOp>(dst))
          continue;
        affine::MemRefAccess srcAccess(src), dstAccess(dst);
        if (srcAccess.memref != dstAccess.memref)
          continue;
        affine::FlatAffineValueConstraints constraints;
        SmallVector<affine::DependenceComponent, 2> components;
        affine::DependenceResult result = affine::checkMemrefAccessDependence(
            srcAccess, dstAccess, depth, &constraints, &components);
        if (result.value == affine::DependenceResult::NoDependence)
          continue;
        if (result.value != affine::DependenceResult::HasDependence ||
            components.size() < offset + band.size()) {
          LDBG() << "not permuted: a dependence could not be analysed";
          return false;
        }
        // The dependence must stay lexicographically positive (or zero) in
        // the new order: no component may be negative before one that is
        // positive.
        for (unsigned k : loopAt) {
          const affine::DependenceComponent &component = components[offset + k];
          if (!component.lb) {
            LDBG() << "not permuted: a dependence distance has no lower bound";
            return false;
          }
          if (*component.lb > 0)
            break;
          if (*component.lb < 0) {
            LDBG() << "not permuted: a dependence would change direction";
            return false;
          }
        }
      }
  return true;
}
