//===- TpuTarget.cpp - The emulated TPU's description ---------------------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//

#include "tlayout/Target/TPU/TpuTarget.h"

#include "llvm/ADT/STLExtras.h"

using namespace mlir::tlayout::tpu;

static constexpr int64_t KiB = 1024, MiB = 1024 * KiB, GiB = 1024 * MiB;

int64_t TargetDescription::getCapacity(int64_t space) const {
  switch (static_cast<MemorySpace>(space)) {
  case MemorySpace::Hbm:
    return hbmBytes;
  case MemorySpace::Vmem:
    return vmemBytes;
  case MemorySpace::Smem:
    return smemBytes;
  case MemorySpace::Cmem:
    return cmemBytes;
  case MemorySpace::Host:
    return hostBytes;
  }
  return 0;
}

llvm::ArrayRef<TargetDescription> mlir::tlayout::tpu::getPresets() {
  // The one table of TPU generations; the first row is the default.
  // name, lanes, sublanes, HBM, VMEM, SMEM, CMEM, host (0: unlimited/none).
  static const TargetDescription presets[] = {
      {"v4", 128, 8, 32 * GiB, 16 * MiB, 16 * KiB, 128 * MiB, 0},
      {"v5e", 128, 8, 16 * GiB, 128 * MiB, 16 * KiB, 0, 0},
      {"v5p", 128, 8, 95 * GiB, 64 * MiB, 16 * KiB, 0, 0},
      {"v6e", 128, 8, 32 * GiB, 128 * MiB, 16 * KiB, 0, 0},
  };
  return presets;
}

const TargetDescription &mlir::tlayout::tpu::getDefaultPreset() {
  return getPresets().front();
}

std::string mlir::tlayout::tpu::getPresetNames() {
  std::string names;
  for (const TargetDescription &preset : getPresets())
    names += (names.empty() ? "" : ", ") + preset.name.str();
  return names;
}

llvm::ArrayRef<NamedMemorySpace> mlir::tlayout::tpu::getNamedMemorySpaces() {
  static const NamedMemorySpace spaces[] = {{"hbm", MemorySpace::Hbm},
                                            {"vmem", MemorySpace::Vmem},
                                            {"smem", MemorySpace::Smem},
                                            {"cmem", MemorySpace::Cmem},
                                            {"host", MemorySpace::Host}};
  return spaces;
}

llvm::StringRef mlir::tlayout::tpu::getMemorySpaceName(int64_t space) {
  for (const NamedMemorySpace &named : getNamedMemorySpaces())
    if (static_cast<int64_t>(named.space) == space)
      return named.name;
  return "";
}

std::optional<int64_t>
mlir::tlayout::tpu::getMemorySpaceNumber(llvm::StringRef name) {
  for (const NamedMemorySpace &named : getNamedMemorySpaces())
    if (named.name == name)
      return static_cast<int64_t>(named.space);
  return std::nullopt;
}

std::optional<TargetDescription>
mlir::tlayout::tpu::getPreset(llvm::StringRef name) {
  for (const TargetDescription &preset : getPresets())
    if (preset.name == name)
      return preset;
  return std::nullopt;
}

std::optional<TargetDescription>
mlir::tlayout::tpu::getPreset(PresetChoice choice) {
  int index = static_cast<int>(choice);
  llvm::ArrayRef<TargetDescription> presets = getPresets();
  if (index < 0 || index >= static_cast<int>(presets.size()))
    return std::nullopt;
  return presets[index];
}
