//===- MemRefInput.h - Reading MLIR memref types ----------------*- C++ -*-===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// tlayout-inspect's MLIR input: a memref type with a #tlayout.tiled or
// #tlayout.dims layout, and the MLIR names of XLA element types.
//
//===----------------------------------------------------------------------===//

#ifndef TLAYOUT_TOOLS_TLAYOUTINSPECT_MEMREFINPUT_H
#define TLAYOUT_TOOLS_TLAYOUTINSPECT_MEMREFINPUT_H

#include "ArrayReport.h"

namespace mlir::tlayout::inspect {

/// Parses an MLIR memref type; an error with a column on bad text.
llvm::Expected<ArrayInput> parseMemRefInput(llvm::StringRef text);

/// The MLIR element type an XLA element type is written as (integers
/// signless).
std::string toMlirTypeName(ElementType type);

} // namespace mlir::tlayout::inspect

#endif // TLAYOUT_TOOLS_TLAYOUTINSPECT_MEMREFINPUT_H
