//===- MemRefLayout.h - A memref's layout in memory -------------*- C++ -*-===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// Memref-level answers over the core that several layers ask: the bits an
// element of a memref takes in memory, and the indexing of a memref's layout
// (row-major where it has none), so that each is written once.
//
//===----------------------------------------------------------------------===//

#ifndef TLAYOUT_DIALECT_TLAYOUT_IR_MEMREFLAYOUT_H
#define TLAYOUT_DIALECT_TLAYOUT_IR_MEMREFLAYOUT_H

#include "tlayout/Core/BufferIndexing.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/Support/Error.h"

namespace mlir::tlayout {

/// The bits each element of `type` takes in memory: the `E(n)` of its
/// tlayout layout where it has one (packed for n = 1, 2, 4), else its
/// element type's own bits rounded as the core stores them
/// (getStoredElementBits over the layout's element size and the type's).
int64_t getStoredElementBits(MemRefType type);

/// The indexing of `type`'s elements (no element size: offsets in
/// elements): its tlayout layout compiled for its shape, or the row-major
/// layout where it has none (the caller checks that its layout is then the
/// identity).
llvm::Expected<BufferIndexing> compileMemRefIndexing(MemRefType type);

} // namespace mlir::tlayout

#endif // TLAYOUT_DIALECT_TLAYOUT_IR_MEMREFLAYOUT_H
