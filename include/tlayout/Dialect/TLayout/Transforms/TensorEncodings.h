//===- TensorEncodings.h - Layouts carried by tensor encodings --*- C++ -*-===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// Rewrites and analyses of tensors whose encoding is a memory layout
// (`#tlayout.tiled`, `#tlayout.dims`), used by
// --tlayout-bufferize-tensor-encodings and --tlayout-propagate-tensor-layouts
// (docs/Tensors.md).
//
//===----------------------------------------------------------------------===//

#ifndef TLAYOUT_DIALECT_TLAYOUT_TRANSFORMS_TENSORENCODINGS_H
#define TLAYOUT_DIALECT_TLAYOUT_TRANSFORMS_TENSORENCODINGS_H

#include "tlayout/Dialect/TLayout/IR/TLayoutAttrs.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::tlayout {

/// The memory layout a tensor type's encoding holds, or null (no encoding,
/// or an encoding that is not a layout).
MemRefLayoutAttrInterface getLayoutEncoding(Type type);

/// Whether `op` has an operand or result whose type is a tensor with a
/// layout encoding.
bool hasLayoutEncodedTensor(Operation *op);

/// The physical bytes a tensor of `type` takes in memory with its layout
/// encoding (or row-major), from the layout core's footprint; std::nullopt
/// for dynamic shapes or element types without a fixed size.
std::optional<int64_t> getEncodedTensorBytes(RankedTensorType type);

/// The bytes of the elements of `type` alone, `ceil(elements * bits / 8)`
/// as the layout core's footprint counts them (so a padding is physical
/// minus logical bytes); std::nullopt for dynamic shapes or element types
/// without a fixed size.
std::optional<int64_t> getLogicalTensorBytes(RankedTensorType type);

/// Whether relayouting a tensor of type `source` into another type `result`
/// (one shape and element type) moves nothing: the static shape's two
/// layouts (their encodings, or row-major) place every element at the same
/// offset of buffers of one size, as `{1,0:T(8,128)}` and row-major do on
/// 8x128xf32. Such a `tlayout.relayout` bufferizes to a `tlayout.cast` of
/// its source's buffer instead of a copy. False for one type: a relayout
/// to its own type is a copy (bufferization's out-of-place copies).
bool isFreeRelayout(RankedTensorType source, RankedTensorType result);

/// The target whose layouts a pass chooses from: the attribute parsed from
/// `target` when it is not empty, else the module's attribute that offers
/// layouts, else the one parsed from `defaultTarget`. Reports at `module`
/// an option (named `target` or `default-target`) that is not an attribute
/// that offers layouts, or no target.
FailureOr<LayoutTargetAttrInterface>
resolveLayoutTarget(ModuleOp module, StringRef target, StringRef defaultTarget);

/// Rewrites `tensor.extract_slice` and `tensor.insert_slice` ops whose
/// source, result or destination carries a layout encoding into loop nests
/// of `tensor.extract`/`tensor.insert`, which bufferize into loads and
/// stores through the layouts (upstream bufferizes slices into
/// `memref.subview`, which rejects non-strided layouts). An extract becomes
/// a copy into a new tensor of the result's encoding; an insert writes the
/// destination in place:
///
/// ```mlir
/// %s = tensor.extract_slice %t[2, 0] [4, 8] [1, 1]
///     : tensor<8x8xf32, #tiled> to tensor<4x8xf32, #tiled>
/// ```
/// becomes
/// ```mlir
/// %e = tensor.empty() : tensor<4x8xf32, #tiled>
/// %s = scf.for %i = %c0 to %c4 step %c1 iter_args(%a = %e) -> (...) {
///   %r = scf.for %j = %c0 to %c8 step %c1 iter_args(%b = %a) -> (...) {
///     %x = tensor.extract %t[%i + 2, %j] ...
///     %n = tensor.insert %x into %b[%i, %j] ...
///     scf.yield %n : ...
///   }
///   scf.yield %r : ...
/// }
/// ```
void populateEncodedSliceToLoopsPatterns(RewritePatternSet &patterns);

} // namespace mlir::tlayout

#endif // TLAYOUT_DIALECT_TLAYOUT_TRANSFORMS_TENSORENCODINGS_H
