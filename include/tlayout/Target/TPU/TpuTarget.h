//===- TpuTarget.h - The emulated TPU's description -------------*- C++ -*-===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// What the emulated TPU target is made of: vector register shape (lanes and
// sublanes, which the tiling rules read) and the capacity of each memory
// space. Named presets stand for a few TPU generations; every number can be
// overridden. The capacities are the emulated target's, chosen to be
// representative of each generation, and documented in docs/Guide.md.
//
//===----------------------------------------------------------------------===//

#ifndef TLAYOUT_TARGET_TPU_TPUTARGET_H
#define TLAYOUT_TARGET_TPU_TPUTARGET_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/CommandLine.h"

#include <cstdint>
#include <optional>
#include <string>

namespace mlir::tlayout::tpu {

/// Memory spaces, numbered as XLA's `S(n)`.
enum class MemorySpace : int64_t {
  Hbm = 0,
  Vmem = 1,
  Smem = 2,
  Cmem = 3,
  Host = 5
};

/// A named memory space of the TPU: its name in the IR
/// (`#tlayout_tpu.memory_space<vmem>`) and its `S(n)` number.
struct NamedMemorySpace {
  llvm::StringRef name;
  MemorySpace space;
};

/// The named memory spaces, in `S(n)` order.
llvm::ArrayRef<NamedMemorySpace> getNamedMemorySpaces();

/// The name of memory space `space` (an `S(n)` number), or an empty string.
llvm::StringRef getMemorySpaceName(int64_t space);

/// The `S(n)` number of the memory space called `name`, or std::nullopt.
std::optional<int64_t> getMemorySpaceNumber(llvm::StringRef name);

/// The largest `lanes` and `sublanes` a target may have: the tiling rules
/// multiply them by the elements packed in a 32-bit word (at most 32), and
/// tiles of this size already exceed every vector register by far.
inline constexpr int64_t kMaxRegisterDim = int64_t(1) << 16;

/// The emulated TPU: register shape and capacities in bytes (0: unlimited,
/// or absent on that generation).
struct TargetDescription {
  llvm::StringRef name;
  int64_t lanes = 128;
  int64_t sublanes = 8;
  int64_t hbmBytes = 0;
  int64_t vmemBytes = 0;
  int64_t smemBytes = 0;
  int64_t cmemBytes = 0;
  int64_t hostBytes = 0;

  /// The capacity of memory space `space` (an `S(n)` number); 0 when
  /// unlimited or unknown.
  int64_t getCapacity(int64_t space) const;
};

/// The named presets, in order: the one table of TPU generations (a new
/// generation is one row there). The first is the default.
llvm::ArrayRef<TargetDescription> getPresets();

/// The preset called `name`, or std::nullopt.
std::optional<TargetDescription> getPreset(llvm::StringRef name);

/// The preset used when none is named: the first of the table.
const TargetDescription &getDefaultPreset();

/// The preset names, comma-separated (for messages).
std::string getPresetNames();

/// A `target=` pass option's value: the index of a preset in getPresets(),
/// or `Module` for the module's `tlayout_tpu.target` attribute (else the
/// default preset).
enum class PresetChoice : int { Module = -1 };

/// The preset `choice` names; std::nullopt for `PresetChoice::Module` (or an
/// index out of range).
std::optional<TargetDescription> getPreset(PresetChoice choice);

/// A `llvm::cl` modifier that gives an option of type PresetChoice its
/// values, `module` and one per preset, from the preset table: pass options
/// and `--help` list exactly the presets that exist, and an unknown name is
/// an error when the options are parsed.
struct PresetValues {
  template <typename Opt> void apply(Opt &option) const {
    option.getParser().addLiteralOption(
        "module", PresetChoice::Module,
        "the module's tlayout_tpu.target, else the default preset");
    for (auto [index, preset] : llvm::enumerate(getPresets()))
      option.getParser().addLiteralOption(
          preset.name, static_cast<PresetChoice>(index), preset.name);
  }
};

} // namespace mlir::tlayout::tpu

#endif // TLAYOUT_TARGET_TPU_TPUTARGET_H
