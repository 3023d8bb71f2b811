//===- Passes.h - CPU target passes -----------------------------*- C++ -*-===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// Declarations and registration of the CPU target's passes (the lowering of
// tiled layouts with the CPU's copies, and the loop schedules tuned for its
// caches and registers) and of --tlayout-cpu-loops, the loop passes in the
// order --tlayout-lower-to-llvm runs them.
//
//===----------------------------------------------------------------------===//

#ifndef TLAYOUT_TARGET_CPU_PASSES_H
#define TLAYOUT_TARGET_CPU_PASSES_H

#include "tlayout/Target/CPU/Tuning.h"

#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"

namespace mlir::tlayout::cpu {

#define GEN_PASS_DECL
#include "tlayout/Target/CPU/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "tlayout/Target/CPU/Passes.h.inc"

/// Options of `--tlayout-cpu-loops`: which loop transformations run after
/// the lowering of tiled layouts, with the CPU's tuning.
struct LoopPipelineOptions : public PassPipelineOptions<LoopPipelineOptions> {
  Option<bool> tileLoops{
      *this, "tile-loops",
      llvm::cl::desc("--tlayout-simplify-indexing's tile-loops: strip-mine "
                     "loops whose induction variable is divided by a tile "
                     "size (default: true)"),
      llvm::cl::init(true)};
  Option<bool> physicalOrder{
      *this, "physical-order",
      llvm::cl::desc("Run --tlayout-physical-order, and with it "
                     "--tlayout-cpu-walk-tile-rows (with "
                     "reassociate-reductions), "
                     "--tlayout-cpu-jam-repeated-stores and "
                     "--tlayout-collapse-loops (default: true)"),
      llvm::cl::init(true)};
  Option<bool> collapseLoops{
      *this, "collapse-loops",
      llvm::cl::desc("With physical-order, run --tlayout-collapse-loops "
                     "(default: true)"),
      llvm::cl::init(true)};
  Option<bool> jamRepeatedStores{
      *this, "jam-repeated-stores",
      llvm::cl::desc("With physical-order, run "
                     "--tlayout-cpu-jam-repeated-stores (default: true)"),
      llvm::cl::init(true)};
  Option<bool> reassociateReductions{
      *this, "reassociate-reductions",
      llvm::cl::desc("--tlayout-simplify-indexing's reassociate-reductions: "
                     "per-element partials across the tiles; with "
                     "physical-order, also run --tlayout-cpu-walk-tile-rows "
                     "(default: true)"),
      llvm::cl::init(true)};
  Option<int64_t> tileRowWalkBytes{
      *this, "tile-row-walk-bytes",
      llvm::cl::desc("--tlayout-cpu-walk-tile-rows' tile-row-walk-bytes "
                     "(default: 1024)"),
      llvm::cl::init(kDefaultTileRowWalkBytes)};
  Option<int64_t> rowAccumulatorBytes{
      *this, "row-accumulator-bytes",
      llvm::cl::desc("--tlayout-cpu-walk-tile-rows' row-accumulator-bytes "
                     "(default: 32)"),
      llvm::cl::init(kDefaultRowAccumulatorBytes)};
  Option<bool> predicateTails{
      *this, "predicate-tails",
      llvm::cl::desc("Mark the tails of strip-mined loops "
                     "(--tlayout-simplify-indexing's predicate-tails) for "
                     "--tlayout-cpu-predicate-tails (default: true)"),
      llvm::cl::init(true)};
  Option<bool> nibbleBytes{
      *this, "nibble-bytes",
      llvm::cl::desc("Run --tlayout-cpu-nibble-bytes (default: true)"),
      llvm::cl::init(true)};
};

/// Adds the loop passes that follow the lowering of tiled layouts on the
/// CPU, in this order: --tlayout-simplify-indexing (keeping
/// `tlayout.assume_multiple`, which the later passes read),
/// --tlayout-cpu-walk-tile-rows (with physical-order and
/// reassociate-reductions), --tlayout-physical-order,
/// --tlayout-cpu-jam-repeated-stores and --tlayout-collapse-loops (with
/// physical-order, unless disabled), --tlayout-cpu-nibble-bytes (unless
/// disabled) and --tlayout-cpu-predicate-tails. The caller drops the
/// assumptions after them (--tlayout-drop-assumptions).
void buildLoopPipeline(OpPassManager &pm, const LoopPipelineOptions &options);

/// Registers `--tlayout-cpu-loops`: buildLoopPipeline followed by
/// --tlayout-drop-assumptions.
void registerCpuPipelines();

} // namespace mlir::tlayout::cpu

#endif // TLAYOUT_TARGET_CPU_PASSES_H
