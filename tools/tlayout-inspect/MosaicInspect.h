//===- MosaicInspect.h - Mosaic memref types in tlayout-inspect -*- C++ -*-===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// tlayout-inspect's report for Mosaic TPU's memref text
// (`memref<16x256xbf16, #tpu.tiled<(8,128)(2,1),[2,1]>, ...>`): the tiles and
// tile strides, Mosaic's offset map, the equivalent #tlayout.tiled layout or
// the window of a larger buffer, and Mosaic's offsets of given indices.
//
//===----------------------------------------------------------------------===//

#ifndef TLAYOUT_TOOLS_TLAYOUTINSPECT_MOSAICINSPECT_H
#define TLAYOUT_TOOLS_TLAYOUTINSPECT_MOSAICINSPECT_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include "llvm/Support/Error.h"

#include <string>

namespace mlir::tlayout::inspect {

/// Whether `text` is a memref type written with Mosaic's attributes
/// (`#tpu.tiled`, `#tpu.memory_space`).
bool isMosaicMemRef(llvm::StringRef text);

/// What the command line asks about a Mosaic memref type.
struct MosaicRequest {
  llvm::StringRef text;
  /// `--index` values (`i,j,...`): print Mosaic's offset of each.
  llvm::ArrayRef<std::string> indices;
  /// `--offset` values: print the index Mosaic stores at each.
  llvm::ArrayRef<int64_t> offsets;
  bool json = false;
};

/// Prints the report (or the answers) for a Mosaic memref type; bad input is
/// an error.
llvm::Error inspectMosaic(const MosaicRequest &request);

} // namespace mlir::tlayout::inspect

#endif // TLAYOUT_TOOLS_TLAYOUTINSPECT_MOSAICINSPECT_H
