//===- TLayoutAttrs.h - tlayout attributes ----------------------*- C++ -*-===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// `#tlayout.tiled`, `#tlayout.dims` and `#tlayout.memory_space`, and the
// adapters from the layout core to MLIR (affine expressions, memref type
// checks).
//
//===----------------------------------------------------------------------===//

#ifndef TLAYOUT_DIALECT_TLAYOUT_IR_TLAYOUTATTRS_H
#define TLAYOUT_DIALECT_TLAYOUT_IR_TLAYOUTATTRS_H

#include "tlayout/Core/BufferIndexing.h"
#include "tlayout/Core/DimsLayout.h"
#include "tlayout/Core/TiledLayout.h"

#include "mlir/IR/AffineMap.h"
#include "mlir/IR/Attributes.h"
#include "mlir/IR/BuiltinAttributeInterfaces.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectImplementation.h"

#include "tlayout/Dialect/TLayout/IR/TLayoutAttrInterfaces.h.inc"

namespace mlir::tlayout::detail {
/// The storage of #tlayout.tiled, written by hand (it caches compiled
/// layouts): lib/Dialect/TLayout/IR/TiledLayoutAttrStorage.h.
struct TiledLayoutAttrStorage;
} // namespace mlir::tlayout::detail

#define GET_ATTRDEF_CLASSES
#include "tlayout/Dialect/TLayout/IR/TLayoutAttrs.h.inc"

namespace mlir::tlayout {

/// Converts a core index expression into an affine expression: logical index
/// `d<i>` becomes dim `i`, size `s<i>` becomes symbol `i`.
AffineExpr toAffineExpr(const ::mlir::tlayout::IndexExpr &expr,
                        MLIRContext *context);

/// The memref's `#tlayout.tiled` layout, or null.
TiledLayoutAttr getTiledLayout(MemRefType type);

/// The memref's tlayout layout (`#tlayout.tiled` or `#tlayout.dims`), or
/// null. Passes treat memrefs with such a layout as "tiled".
LayoutAttrInterface getLayoutAttr(MemRefType type);

/// Compiles the layout of a memref with a tlayout layout against its shape
/// (a view's against its parent's). Reports problems (including an `E(n)`
/// too small for the element type, which the layout interface cannot see)
/// through `emitError`.
FailureOr<::mlir::tlayout::BufferIndexing>
compileMemRefLayout(MemRefType type,
                    llvm::function_ref<InFlightDiagnostic()> emitError);

/// Checks that the memory-layout encoding of the tensor `type` (if any) fits
/// its shape and element type, reporting through `emitError` otherwise. The
/// tensor ops' verifiers and the tensor-encoding passes share it.
LogicalResult
verifyLayoutEncoding(RankedTensorType type,
                     llvm::function_ref<InFlightDiagnostic()> emitError);

/// The memref a tensor stands for when its layout is honoured: the tensor's
/// shape and element type in `memorySpace`, with the tensor's encoding as
/// its layout when the encoding is a memory layout (`#tlayout.tiled`,
/// `#tlayout.dims`, any `MemRefLayoutAttrInterface`), otherwise the
/// identity layout. Bufferization, the view ops on tensors and the tensors'
/// footprints share it.
MemRefType getEncodedMemRefType(RankedTensorType type,
                                Attribute memorySpace = {});

/// The bits an element of `type` needs, or 0 when that is not a fixed size.
int64_t getElementTypeBits(Type type);

} // namespace mlir::tlayout

#endif // TLAYOUT_DIALECT_TLAYOUT_IR_TLAYOUTATTRS_H
