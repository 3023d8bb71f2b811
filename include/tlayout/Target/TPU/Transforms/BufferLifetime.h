//===- BufferLifetime.h - Where an allocation's life ends -------*- C++ -*-===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// The liveness of allocations after bufferization, for the memory accounting:
// the op after which nothing reads or writes a `memref.alloc` any more. It
// follows the buffer through its views and aliases, and sends it to the end
// of its function whenever it cannot see where the buffer goes.
//
//===----------------------------------------------------------------------===//

#ifndef TLAYOUT_TARGET_TPU_TRANSFORMS_BUFFERLIFETIME_H
#define TLAYOUT_TARGET_TPU_TRANSFORMS_BUFFERLIFETIME_H

#include "mlir/IR/Operation.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace mlir::tlayout::tpu {

/// Where the life of one allocation ends.
struct BufferLifetime {
  /// The buffer may be used until its function returns: it is returned,
  /// stored into memory, passed to a function not defined in the module, used
  /// by an op whose effects are unknown or that accesses it after returning,
  /// or it is a `memref.alloca`.
  bool toFunctionEnd = true;
  /// Otherwise the buffer is dead once this op has run. The op is in the
  /// block of the allocation, or in the block of an op around it when the
  /// buffer leaves its region (yielded, carried to the next trip, ...); it
  /// is the allocation itself when nothing uses the buffer.
  Operation *end = nullptr;
};

/// Computes where allocations die, caching what it learns about the callees
/// of the module.
///
/// The buffer's aliases are the results of every op that takes it or an
/// alias (views, casts, `tlayout.cast`/`reshape`/`subview`/`to_physical`,
/// calls of functions defined in the module, unknown ops), the iteration
/// arguments and results of loops it is carried through, the results of
/// region ops it is yielded from and the arguments of blocks it is branched
/// to; not the results of ops that only read memory into scalars or vectors
/// (loads) or sizes (`memref.dim`). The buffer lives to the end of its
/// function (`toFunctionEnd`) when an alias is returned from it, passed to a
/// function not defined in the module (or one that may keep it), may be
/// stored by an op that writes memory without accessing the alias (a
/// `memref.store` of the memref itself), is used by an op with no declared
/// memory effects, is used by a `memref.dma_start` (the transfer runs on
/// after it) or inside a region of an op that may run it after the op
/// (anything but loops, region-branch ops and linalg-style ops, and
/// `async.execute`).
///
/// Otherwise a use nested in an op (a loop, an `scf.if`) counts as a use by
/// that op at the level of the allocation, so a buffer used in a loop lives
/// until the loop ends; a buffer passed to the terminator of its block
/// (yielded, branched) leaves its region, and its end is looked for one
/// level up. A `memref.dealloc` is one more use: the buffer lives to the
/// later of its last use and its deallocation.
class BufferLifetimeAnalysis {
public:
  /// The lifetime of the buffer `alloc` (a `memref.alloc` or
  /// `memref.alloca`) returns.
  BufferLifetime getLifetime(Operation *alloc);

  /// Whether `callee` may keep its argument `index` past its return other
  /// than by returning it (true for a callee whose analysis is under way:
  /// recursion).
  bool calleeMayCapture(FunctionOpInterface callee, unsigned index);

private:
  DenseMap<std::pair<Operation *, unsigned>, bool> captures;
  llvm::SmallPtrSet<Operation *, 4> inProgress;
};

} // namespace mlir::tlayout::tpu

#endif // TLAYOUT_TARGET_TPU_TRANSFORMS_BUFFERLIFETIME_H
