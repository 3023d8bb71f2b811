//===- MemRefLayout.h - A memref's layout in memory -------------*- C++ -*-===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// Memref-level answers over the core that several layers ask: the bits an
// element of a memref takes in memory, the indexing of a memref's layout
// (row-major where it has none), and the shift of a layout's expressions to
// one of its views, so that each is written once.
//
//===----------------------------------------------------------------------===//

#ifndef TLAYOUT_DIALECT_TLAYOUT_IR_MEMREFLAYOUT_H
#define TLAYOUT_DIALECT_TLAYOUT_IR_MEMREFLAYOUT_H

#include "tlayout/Core/BufferIndexing.h"

#include "mlir/IR/AffineExpr.h"
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

/// How the symbols of a view's expressions are numbered (ViewShift).
enum class ViewSymbols {
  /// Symbol `i` is the size of the root's dimension `i`, static or not, and
  /// the dynamic offset of dimension `i` is symbol `rank + i`: the numbering
  /// of a layout attribute's affine map (getAffineMap), whose symbols an
  /// allocation binds to the logical sizes.
  ByDimension,
  /// The root's dynamic sizes in order, then the view's dynamic offsets in
  /// order; static sizes and offsets are constants: the numbering of the
  /// lowering's maps, whose symbols are the index values a lowered memref
  /// carries.
  DynamicOnly,
};

/// The expressions of a layout compiled for its root (the memref it places,
/// a view's parent: `d<i>` its logical indices, `s<i>` the size of its
/// dimension `i`), read over a view of the root: `d<i>` becomes
/// `d<i> + offset<i>` (element `e` of the view is element `e + offsets` of
/// the root), and sizes and dynamic offsets become symbols numbered as
/// ViewSymbols says. A layout that is not a view has no offsets: its
/// expressions only have their symbols renumbered.
///
/// For the root of sizes `[?, 256]` of a view at offsets `[3, ?]`, with
/// DynamicOnly, `d0 floordiv 8 + s0` becomes `(d0 + 3) floordiv 8 + s0` and
/// `d1 mod 128` becomes `(d1 + s1) mod 128`; with ByDimension the dynamic
/// offset is `s3` instead.
class ViewShift {
public:
  /// The shift for the root of sizes `rootShape` (ShapedType::kDynamic where
  /// dynamic) and a view at `offsets` (ShapedType::kDynamic where only known
  /// at run time), or no view when `offsets` is empty.
  ViewShift(ArrayRef<int64_t> rootShape, ArrayRef<int64_t> offsets,
            ViewSymbols numbering, MLIRContext *context);

  /// `expr` over the view's indices and the symbols of the numbering.
  AffineExpr apply(const IndexExpr &expr) const;

  /// The symbols of a map of `results` (expressions from apply): with
  /// DynamicOnly, every dynamic size and offset; with ByDimension, none when
  /// the results use no symbol, the root's sizes when they use no dynamic
  /// offset, and the sizes and offsets otherwise.
  unsigned getNumSymbols(ArrayRef<AffineExpr> results) const;

private:
  MLIRContext *context;
  ViewSymbols numbering;
  unsigned rank;
  /// What `d<i>` and `s<i>` become.
  SmallVector<AffineExpr> dims, symbols;
  /// DynamicOnly: the number of dynamic sizes and offsets.
  unsigned numDynamic = 0;
};

} // namespace mlir::tlayout

#endif // TLAYOUT_DIALECT_TLAYOUT_IR_MEMREFLAYOUT_H
