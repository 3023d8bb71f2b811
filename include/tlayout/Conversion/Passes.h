//===- Passes.h - tlayout conversion passes ---------------------*- C++ -*-===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// Declarations and registration of the conversions out of tiled layouts
// (--lower-tiled-layouts).
//
//===----------------------------------------------------------------------===//

#ifndef TLAYOUT_CONVERSION_PASSES_H
#define TLAYOUT_CONVERSION_PASSES_H

#include "mlir/Pass/Pass.h"

namespace mlir::tlayout {

/// The default of --lower-tiled-layouts' `nontemporal-copy-threshold`, in
/// bytes: 8 MiB, a copy whose target would otherwise push most of the
/// caches' contents out.
constexpr int64_t kDefaultNontemporalCopyThreshold = 8 << 20;

/// The default of --lower-tiled-layouts' `vector-register-bytes`: 32, the
/// registers of AVX2 (x86 without AVX-512), the host the transposes' sub-
/// blocks (one such register by one 128-bit lane) were measured on.
constexpr int64_t kDefaultVectorRegisterBytes = 32;

/// The fewest bytes `vector-register-bytes` takes: one 128-bit lane, within
/// which every SIMD instruction set interleaves (the transposes' rounds).
constexpr int64_t kMinVectorRegisterBytes = 16;

#define GEN_PASS_DECL
#include "tlayout/Conversion/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "tlayout/Conversion/Passes.h.inc"

} // namespace mlir::tlayout

#endif // TLAYOUT_CONVERSION_PASSES_H
