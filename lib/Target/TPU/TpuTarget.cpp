//===- TpuTarget.cpp - The emulated TPU's description ---------------------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//

#include "tlayout/Target/TPU/TpuTarget.h"

#include "llvm/ADT/STLExtras.h"

using namespace tlayout::tpu;

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

llvm::ArrayRef<TargetDescription> tlayout::tpu::getPresets() {
  // name, lanes, sublanes, HBM, VMEM, SMEM, CMEM, host (0: unlimited/none).
  static const TargetDescription presets[] = {
      {"v4", 128, 8, 32 * GiB, 16 * MiB, 16 * KiB, 128 * MiB, 0},
      {"v5e", 128, 8, 16 * GiB, 128 * MiB, 16 * KiB, 0, 0},
      {"v5p", 128, 8, 95 * GiB, 64 * MiB, 16 * KiB, 0, 0},
      {"v6e", 128, 8, 32 * GiB, 128 * MiB, 16 * KiB, 0, 0},
  };
  return presets;
}

std::optional<TargetDescription> tlayout::tpu::getPreset(llvm::StringRef name) {
  for (const TargetDescription &preset : getPresets())
    if (preset.name == name)
      return preset;
  return std::nullopt;
}

std::optional<TargetDescription> tlayout::tpu::getPreset(PresetChoice choice) {
  int index = static_cast<int>(choice);
  llvm::ArrayRef<TargetDescription> presets = getPresets();
  if (index < 0 || index >= static_cast<int>(presets.size()))
    return std::nullopt;
  return presets[index];
}
