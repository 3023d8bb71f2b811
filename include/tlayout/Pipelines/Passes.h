//===- Passes.h - tlayout's named pipelines ---------------------*- C++ -*-===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// The pipelines that span layers: the generic dialect's passes, the lowering
// of tiled layouts (the conversion), the CPU target's copies and loop
// schedules, and upstream's lowering to the LLVM dialect. The TPU target builds
// its own pipelines on top of these (tlayout/Target/TPU/Transforms/Passes.h).
//
//===----------------------------------------------------------------------===//

#ifndef TLAYOUT_PIPELINES_PASSES_H
#define TLAYOUT_PIPELINES_PASSES_H

#include "tlayout/Conversion/Passes.h"
#include "tlayout/Dialect/TLayout/Transforms/Passes.h"
#include "tlayout/Target/CPU/Passes.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"

namespace mlir::tlayout {

/// Options of `--tlayout-lower-to-llvm`.
struct LowerToLLVMOptions : public PassPipelineOptions<LowerToLLVMOptions> {
  Option<bool> simplifyIndexing{
      *this, "simplify-indexing",
      llvm::cl::desc("Run --tlayout-simplify-indexing and the loop passes "
                     "of --tlayout-cpu-loops after the lowering of tiled "
                     "layouts (default: true)"),
      llvm::cl::init(true)};
  Option<bool> physicalOrder{
      *this, "physical-order",
      llvm::cl::desc("Permute loop nests, and the rows of tiles of "
                     "reductions, into physical order, jam the rows that "
                     "store to the same words and collapse nests over whole "
                     "buffers (where dependences allow): --tlayout-cpu-loops' "
                     "physical-order (default: true)"),
      llvm::cl::init(true)};
  Option<int64_t> tileRowWalkBytes{
      *this, "tile-row-walk-bytes",
      llvm::cl::desc(
          "--tlayout-cpu-walk-tile-rows' option: walk the rows of a group "
          "of tiles tile by tile where a row reads fewer than this many "
          "contiguous bytes of a tile (default: 1024; 512 for targets whose "
          "registers hold one f32 row's partials of T(8,128), such as "
          "AVX-512)"),
      llvm::cl::init(cpu::kDefaultTileRowWalkBytes)};
  Option<int64_t> rowAccumulatorBytes{
      *this, "row-accumulator-bytes",
      llvm::cl::desc("--tlayout-cpu-walk-tile-rows' option: where the rows "
                     "of tiles of a reduction are walked tile by tile, "
                     "accumulate each row into a vector of this many bytes "
                     "(default: 32, one AVX2 register; 0 keeps one partial "
                     "per element)"),
      llvm::cl::init(cpu::kDefaultRowAccumulatorBytes)};
  Option<bool> nibbleBytes{
      *this, "nibble-bytes",
      llvm::cl::desc("--tlayout-cpu-nibble-bytes: split and "
                     "assemble the 4-bit fields of 32-bit words read from or "
                     "written to bytes on the bytes (little-endian) "
                     "(default: true)"),
      llvm::cl::init(true)};
  Option<int64_t> nontemporalCopyThreshold{
      *this, "nontemporal-copy-threshold",
      llvm::cl::desc(
          "--tlayout-cpu-lower-tiled-layouts' option: relayout copies lowered "
          "to vector code that write at least this many bytes "
          "store with non-temporal hints where their target is "
          "64-byte aligned at run time, 0 never (default: 8388608, 8 MiB)"),
      llvm::cl::init(cpu::kDefaultNontemporalCopyThreshold)};
  Option<int64_t> vectorRegisterBytes{
      *this, "vector-register-bytes",
      llvm::cl::desc(
          "--tlayout-cpu-lower-tiled-layouts' option: the target's vector "
          "register "
          "width in bytes, a power of two of at least 16; transposing copies "
          "move their blocks by sub-blocks of one register by one 128-bit "
          "lane (default: 32, AVX2; 64 for AVX-512)"),
      llvm::cl::init(cpu::kDefaultVectorRegisterBytes)};

  /// --tlayout-cpu-lower-tiled-layouts' options as this pipeline sets them.
  cpu::CpuLowerTiledLayoutsOptions getLowerTiledLayoutsOptions() const {
    cpu::CpuLowerTiledLayoutsOptions lower;
    lower.nontemporalCopyThreshold = nontemporalCopyThreshold;
    lower.vectorRegisterBytes = vectorRegisterBytes;
    return lower;
  }
};

/// Builds --tlayout-lower-to-llvm: --tlayout-cpu-lower-tiled-layouts (with the
/// pipeline's nontemporal-copy-threshold and vector-register-bytes), the
/// loop passes of --tlayout-cpu-loops (cpu::buildLoopPipeline, unless
/// simplify-indexing is disabled; with physical-order unless disabled, and
/// the pipeline's tile-row-walk-bytes, row-accumulator-bytes and
/// nibble-bytes), --tlayout-drop-assumptions,
/// --tlayout-erase-memory-spaces, then upstream's lowering of affine, scf,
/// vector, memref, arith, func and cf to the LLVM dialect. The context needs
/// the ConvertToLLVMPatternInterface of those dialects registered (as
/// tlayout-opt and mlir-opt do).
void buildLowerToLLVMPipeline(OpPassManager &pm,
                              const LowerToLLVMOptions &options);

/// Registers the named pipeline `--tlayout-lower-to-llvm` (the TPU target
/// registers its own, tlayout/Target/TPU/Transforms/Passes.h).
void registerTLayoutPipelines();

} // namespace mlir::tlayout

#endif // TLAYOUT_PIPELINES_PASSES_H
