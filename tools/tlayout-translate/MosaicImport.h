//===- MosaicImport.h - Rewrite Mosaic memref types to tlayout --*- C++ -*-===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// The text rewrite behind `tlayout-translate --import-mosaic`: every memref
// type written with Mosaic's `#tpu.tiled` layout or `#tpu.memory_space`
// becomes the tlayout type that places every element at the same offset.
//
//===----------------------------------------------------------------------===//

#ifndef TLAYOUT_TOOLS_TLAYOUTTRANSLATE_MOSAICIMPORT_H
#define TLAYOUT_TOOLS_TLAYOUTTRANSLATE_MOSAICIMPORT_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"

#include <optional>
#include <string>

namespace mlir::tlayout::translate {

/// Reports an error or a remark at a byte offset of the input text.
using ImportDiagnosticFn =
    llvm::function_ref<void(size_t offset, const llvm::Twine &message)>;

/// Rewrites the memref types with Mosaic attributes in MLIR text `text`
/// into tlayout memref types: `#tpu.tiled` with default tile strides into
/// `#tlayout.tiled<{...:T...}>`, with strides that skip tiles into the view
/// layout of a window of the larger buffer, `#tpu.memory_space<vmem>` into
/// `#tlayout_tpu.memory_space<vmem>`. A memref type in a memory space
/// tlayout has no number for (`semaphore_mem`, `vmem_shared`) or of a Mosaic
/// element type (`!tpu.dma_semaphore`) is kept whole as an opaque type,
/// `!tpu<"memref<...>">`, with a remark through `emitRemark`. The other `#tpu.`
/// attributes and `!tpu.` types of a Pallas kernel
/// (`#tpu.dimension_semantics<parallel>`, `#tpu.core_type<tc>`,
/// `!tpu.dma_semaphore`) are kept as they are. Comments and string literals
/// are left alone; each line keeps its number. Every memref type that
/// cannot be rewritten is an error reported through `emitError` at its
/// offset; then the result is std::nullopt (after reporting all of them).
std::optional<std::string> importMosaicText(llvm::StringRef text,
                                            ImportDiagnosticFn emitError,
                                            ImportDiagnosticFn emitRemark);

} // namespace mlir::tlayout::translate

#endif // TLAYOUT_TOOLS_TLAYOUTTRANSLATE_MOSAICIMPORT_H
