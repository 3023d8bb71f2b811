//===- Passes.cpp - The CPU target's passes and pipeline ------------------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// The CPU target's passes, each a thin adapter over its rewrite
// (Transforms.h, NibbleBytes.h): --tlayout-cpu-lower-tiled-layouts (the
// conversion's lowerTiledLayouts with the CPU's patterns through its hook),
// --tlayout-cpu-walk-tile-rows, --tlayout-cpu-jam-repeated-stores,
// --tlayout-cpu-nibble-bytes and --tlayout-cpu-predicate-tails; and
// buildLoopPipeline with --tlayout-cpu-loops, the loop passes in the order
// --tlayout-lower-to-llvm runs them.
//
//===----------------------------------------------------------------------===//

#include "tlayout/Dialect/TLayout/Transforms/Passes.h"
#include "tlayout/Conversion/LowerTiledLayouts/LowerTiledLayouts.h"
#include "tlayout/Target/CPU/NibbleBytes.h"
#include "tlayout/Target/CPU/Passes.h"
#include "tlayout/Target/CPU/Transforms.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Rewrite/FrozenRewritePatternSet.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"
#include "llvm/Support/MathExtras.h"

namespace mlir::tlayout::cpu {
#define GEN_PASS_DEF_CPULOWERTILEDLAYOUTS
#define GEN_PASS_DEF_JAMREPEATEDSTORES
#define GEN_PASS_DEF_NIBBLEBYTES
#define GEN_PASS_DEF_PREDICATETILETAILS
#define GEN_PASS_DEF_WALKTILEROWS
#include "tlayout/Target/CPU/Passes.h.inc"
} // namespace mlir::tlayout::cpu

using namespace mlir;
using namespace mlir::tlayout;
using namespace mlir::tlayout::cpu;

//===----------------------------------------------------------------------===//
// The lowering of tiled layouts with the CPU's copies
//===----------------------------------------------------------------------===//

namespace {
struct CpuLowerTiledLayoutsPass
    : mlir::tlayout::cpu::impl::CpuLowerTiledLayoutsBase<
          CpuLowerTiledLayoutsPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (vectorRegisterBytes < kMinVectorRegisterBytes ||
        !llvm::isPowerOf2_64(static_cast<uint64_t>(vectorRegisterBytes))) {
      // Reported at the module's location, without the module printed.
      emitError(module.getLoc())
          << "--tlayout-cpu-lower-tiled-layouts: vector-register-bytes="
          << static_cast<int64_t>(vectorRegisterBytes)
          << " is not a power of two of at least " << kMinVectorRegisterBytes;
      return signalPassFailure();
    }
    auto addCpuPatterns = [&](const TiledLayoutTypeConverter &typeConverter,
                              RewritePatternSet &patterns) {
      populateCpuTiledLayoutsPatterns(typeConverter, patterns,
                                      nontemporalCopyThreshold,
                                      vectorRegisterBytes);
    };
    if (failed(lowerTiledLayouts(module, addCpuPatterns)))
      signalPassFailure();
  }
};
} // namespace

void mlir::tlayout::cpu::populateCpuTiledLayoutsPatterns(
    const TiledLayoutTypeConverter &typeConverter, RewritePatternSet &patterns,
    int64_t nontemporalCopyThreshold, int64_t vectorRegisterBytes) {
  populateVectorizedCopyPatterns(typeConverter, patterns,
                                 nontemporalCopyThreshold, vectorRegisterBytes);
  populatePackedColumnAccessPatterns(typeConverter, patterns);
}

//===----------------------------------------------------------------------===//
// Loop schedules
//===----------------------------------------------------------------------===//

namespace {
struct WalkTileRowsPass
    : mlir::tlayout::cpu::impl::WalkTileRowsBase<WalkTileRowsPass> {
  using Base::Base;

  void runOnOperation() override {
    // Innermost first: a loop this rewrites is erased, and its parents
    // are visited after it.
    SmallVector<affine::AffineForOp> loops;
    getOperation()->walk(
        [&](affine::AffineForOp loop) { loops.push_back(loop); });
    IRRewriter rewriter(&getContext());
    for (affine::AffineForOp loop : loops)
      walkTileRowsInPhysicalOrder(loop, rewriter, tileRowWalkBytes,
                                  rowAccumulatorBytes);
  }
};

struct JamRepeatedStoresPass
    : mlir::tlayout::cpu::impl::JamRepeatedStoresBase<JamRepeatedStoresPass> {
  using Base::Base;

  void runOnOperation() override {
    // Loops of straight-line bodies, none inside another.
    SmallVector<affine::AffineForOp> straight;
    getOperation()->walk([&](affine::AffineForOp loop) {
      if (llvm::all_of(loop.getBody()->getOperations(),
                       [](Operation &op) { return op.getNumRegions() == 0; }))
        straight.push_back(loop);
    });
    IRRewriter rewriter(&getContext());
    for (affine::AffineForOp loop : straight)
      jamRepeatedStores(loop, rewriter);
  }
};

struct PredicateTileTailsPass
    : mlir::tlayout::cpu::impl::PredicateTileTailsBase<PredicateTileTailsPass> {
  using Base::Base;

  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    predicateTileTails(getOperation(), rewriter);
  }
};

struct NibbleBytesPass
    : mlir::tlayout::cpu::impl::NibbleBytesBase<NibbleBytesPass> {
  using Base::Base;

  /// populateNibbleBytePatterns, frozen once for every op the pass runs on.
  FrozenRewritePatternSet patterns;

  LogicalResult initialize(MLIRContext *context) override {
    RewritePatternSet set(context);
    populateNibbleBytePatterns(set);
    patterns = std::move(set);
    return success();
  }

  void runOnOperation() override {
    walkAndApplyPatterns(getOperation(), patterns);
  }
};
} // namespace

//===----------------------------------------------------------------------===//
// --tlayout-cpu-loops
//===----------------------------------------------------------------------===//

void mlir::tlayout::cpu::buildLoopPipeline(OpPassManager &pm,
                                           const LoopPipelineOptions &options) {
  SimplifyIndexingOptions simplify;
  simplify.tileLoops = options.tileLoops;
  simplify.reassociateReductions = options.reassociateReductions;
  simplify.predicateTails = options.predicateTails;
  // The walks and the jam read what the assumptions promise.
  simplify.dropAssumptions = false;
  pm.addPass(createSimplifyIndexing(simplify));
  if (options.physicalOrder && options.reassociateReductions) {
    WalkTileRowsOptions walk;
    walk.tileRowWalkBytes = options.tileRowWalkBytes;
    walk.rowAccumulatorBytes = options.rowAccumulatorBytes;
    pm.addPass(createWalkTileRows(walk));
  }
  if (options.physicalOrder) {
    pm.addPass(createPhysicalOrder());
    if (options.jamRepeatedStores)
      pm.addPass(createJamRepeatedStores());
    if (options.collapseLoops)
      pm.addPass(createCollapseLoops());
  }
  if (options.nibbleBytes)
    pm.addPass(createNibbleBytes());
  // Also drops the marks of loops it does not lower.
  pm.addPass(createPredicateTileTails());
}

void mlir::tlayout::cpu::registerCpuPipelines() {
  PassPipelineRegistration<LoopPipelineOptions>(
      "tlayout-cpu-loops",
      "Simplify the indexing of lowered tiled layouts and run the CPU's loop "
      "schedules, as --tlayout-lower-to-llvm does",
      [](OpPassManager &pm, const LoopPipelineOptions &options) {
        buildLoopPipeline(pm, options);
        pm.addPass(createDropAssumptions());
      });
}
