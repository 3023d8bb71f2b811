//===- StagingBuffers.cpp - Staging buffers of the CPU's copies -----------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// The staging buffers of the transposing copies (stack buffers at the
// start of the function, shared by its copies) and the loops that fill them
// line by line, kept loops for LLVM.
//
//===----------------------------------------------------------------------===//

#include "CopyEmission.h"

#include "tlayout/Conversion/LowerTiledLayouts/PhysicalLayout.h"
#include "tlayout/Dialect/TLayout/IR/TLayoutDialect.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;
using namespace mlir::tlayout;
using namespace mlir::tlayout::cpu;

/// LLVM's loop annotation that keeps a loop from being unrolled.
static LLVM::LoopAnnotationAttr notUnrolledLoop(MLIRContext *context) {
  auto unroll = LLVM::LoopUnrollAttr::get(
      context, BoolAttr::get(context, true), /*count=*/{},
      /*runtimeDisable=*/{}, /*full=*/{}, /*followupUnrolled=*/{},
      /*followupRemainder=*/{}, /*followupAll=*/{});
  return LLVM::LoopAnnotationAttr::get(
      context, /*disableNonforced=*/{}, /*vectorize=*/{}, /*interleave=*/{},
      unroll, /*unrollAndJam=*/{}, /*licm=*/{}, /*distribute=*/{},
      /*pipeline=*/{}, /*peeled=*/{}, /*unswitch=*/{}, /*mustProgress=*/{},
      /*isVectorized=*/{}, /*startLoc=*/{}, /*endLoc=*/{},
      /*parallelAccesses=*/{});
}

/// The attribute that marks a staging buffer of this file, its slot: the
/// copies of one function take turns with the same buffers (they run one
/// after another; none is in a parallel loop).
static constexpr llvm::StringLiteral kStagingSlotAttrName =
    "tlayout.staging_slot";

/// The entry block of the function around `op` where a staging buffer for
/// `op` can go (see stagingBuffer), or nothing when `op` is not in a
/// function or is in a region other than the bodies of sequential loops and
/// conditionals (a parallel loop's iterations would share the buffer).
Block *mlir::tlayout::cpu::stagingScope(Operation *op) {
  Operation *parent = op->getParentOp();
  while (parent && !isa<FunctionOpInterface>(parent)) {
    if (!isa<scf::ForOp, scf::IfOp, scf::WhileOp, scf::IndexSwitchOp,
             scf::ExecuteRegionOp, affine::AffineForOp, affine::AffineIfOp>(
            parent))
      return nullptr;
    parent = parent->getParentOp();
  }
  if (!parent || parent->getRegion(0).empty())
    return nullptr;
  return &parent->getRegion(0).front();
}

/// A `memref.alloca` of `type`, aligned to a line, at the start of the
/// function around `op` (which must have a stagingScope), allocated once per
/// call whatever loops `op` is in and shared by the copies of the function
/// that ask for the same type and `slot` (a copy that needs two buffers of
/// one type asks for two slots). Upstream's lowering frees nothing at the
/// end of an `scf.for` iteration: an alloca in a loop's body takes new
/// stack every trip.
Value mlir::tlayout::cpu::stagingBuffer(OpBuilder &builder, Operation *op,
                                        MemRefType type, int64_t slot) {
  Block *entry = stagingScope(op);
  assert(entry && "the caller checked that the buffer has a place");
  // Only a buffer ahead of `op` (in the entry block, before the op there
  // that holds `op`) dominates it.
  Operation *holder = entry->findAncestorOpInBlock(*op);
  for (auto alloca : entry->getOps<memref::AllocaOp>()) {
    if (!holder || !alloca->isBeforeInBlock(holder))
      break;
    auto marked = alloca->getAttrOfType<IntegerAttr>(kStagingSlotAttrName);
    if (marked && marked.getInt() == slot && alloca.getType() == type)
      return alloca;
  }
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToStart(entry);
  auto alloca = memref::AllocaOp::create(
      builder, op->getLoc(), type, ValueRange(),
      builder.getI64IntegerAttr(kNontemporalAlignment));
  alloca->setAttr(kStagingSlotAttrName, builder.getI64IntegerAttr(slot));
  return alloca;
}

/// An `scf.for` from 0 to `trips` by 1 that LLVM must not unroll (see
/// notUnrolledLoop).
scf::ForOp mlir::tlayout::cpu::createNotUnrolledLoop(OpBuilder &builder,
                                                     Location loc,
                                                     int64_t trips) {
  auto loop = scf::ForOp::create(
      builder, loc, arith::ConstantIndexOp::create(builder, loc, 0),
      arith::ConstantIndexOp::create(builder, loc, trips),
      arith::ConstantIndexOp::create(builder, loc, 1));
  loop->setAttr(kLoopAnnotationAttrName, notUnrolledLoop(builder.getContext()));
  return loop;
}

/// Emits a loop over the rows of `stage` (its element type is that of
/// `lineType`'s integer lanes) that LLVM must not unroll: row k is the whole
/// line of `lineType` loaded from `source` at `lineMap(ivs, k)`, while the
/// lines at `prefetchMaps(ivs, k)` are prefetched into every cache level.
/// (Unrolled, LLVM forwards the rows' stores to the loads that read them back
/// and keeps the whole block in registers.)
void mlir::tlayout::cpu::emitStagingLoop(OpBuilder &builder, Location loc,
                                         Value source, VectorType lineType,
                                         AffineMap lineMap,
                                         ArrayRef<AffineMap> prefetchMaps,
                                         ValueRange ivs, Value stage) {
  OpBuilder::InsertionGuard guard(builder);
  auto stageType = cast<MemRefType>(stage.getType());
  scf::ForOp lineLoop =
      createNotUnrolledLoop(builder, loc, stageType.getDimSize(0));
  builder.setInsertionPointToStart(lineLoop.getBody());
  SmallVector<Value> operands(ivs);
  operands.push_back(lineLoop.getInductionVar());
  Value line =
      vector::LoadOp::create(builder, loc, lineType, source,
                             emitResults(builder, loc, lineMap, operands, {}));
  for (AffineMap prefetchMap : prefetchMaps)
    memref::PrefetchOp::create(
        builder, loc, source,
        emitResults(builder, loc, prefetchMap, operands, {}),
        /*isWrite=*/false, /*localityHint=*/kGroupPrefetchLocality,
        /*isDataCache=*/true);
  Value zero = arith::ConstantIndexOp::create(builder, loc, 0);
  vector::StoreOp::create(
      builder, loc,
      withLaneType(builder, loc, line, stageType.getElementType()), stage,
      ValueRange{lineLoop.getInductionVar(), zero});
}
