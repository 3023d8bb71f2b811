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

#define GEN_PASS_DECL
#include "tlayout/Conversion/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "tlayout/Conversion/Passes.h.inc"

} // namespace mlir::tlayout

#endif // TLAYOUT_CONVERSION_PASSES_H
