//===- Patterns.h - The lowering's pattern families -------------*- C++ -*-===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// The base class of the lowering's own patterns, and one populate function
// per file of patterns (not installed); populateLowerTiledLayoutsPatterns
// adds them all.
//
//===----------------------------------------------------------------------===//

#ifndef TLAYOUT_LIB_CONVERSION_LOWERTILEDLAYOUTS_PATTERNS_H
#define TLAYOUT_LIB_CONVERSION_LOWERTILEDLAYOUTS_PATTERNS_H

#include "tlayout/Conversion/LowerTiledLayouts/LowerTiledLayouts.h"

namespace mlir::tlayout {

/// Reports a diagnostic (or, quietly, none) for `checkSupported`.
using EmitErrorFn = function_ref<InFlightDiagnostic()>;

/// A pattern of the lowering that can tell, before the conversion starts,
/// whether it rewrites a given op of its root kind (`checkSupported`), and
/// if not, why. The pre-check of --lower-tiled-layouts and
/// isLoweredTiledMemRefUser ask the pattern rooted at each op, so that a
/// pattern's conditions are written once, next to its rewrite; the pattern
/// checks them again (quietly) before rewriting.
class TiledConversionPattern : public ConversionPattern {
public:
  /// The debug label that marks a TiledConversionPattern in a pattern set.
  static constexpr StringLiteral kDebugLabel = "tlayout-lower-tiled-layouts";

  TiledConversionPattern(const TypeConverter &typeConverter, StringRef rootName,
                         PatternBenefit benefit, MLIRContext *context)
      : ConversionPattern(typeConverter, rootName, benefit, context) {
    addDebugLabels(kDebugLabel);
  }

  /// Whether this pattern rewrites `op`, an op of its root kind; if not,
  /// reports why through `emitError`.
  virtual LogicalResult checkSupported(Operation *op,
                                       EmitErrorFn emitError) const = 0;

  /// `pattern` as a TiledConversionPattern, or null for another pattern.
  static const TiledConversionPattern *dynCast(const RewritePattern &pattern) {
    return llvm::is_contained(pattern.getDebugLabels(), kDebugLabel)
               ? static_cast<const TiledConversionPattern *>(&pattern)
               : nullptr;
  }
};

/// A TiledConversionPattern rooted at `SourceOp`: like OpConversionPattern,
/// with a `check` of the op's own conditions (none by default) that runs
/// before `matchAndRewrite`.
template <typename SourceOp>
class TiledOpConversionPattern : public TiledConversionPattern {
public:
  using OneToNOpAdaptor =
      typename SourceOp::template GenericAdaptor<ArrayRef<ValueRange>>;

  TiledOpConversionPattern(const TypeConverter &typeConverter,
                           MLIRContext *context, PatternBenefit benefit = 1)
      : TiledConversionPattern(typeConverter, SourceOp::getOperationName(),
                               benefit, context) {}

  LogicalResult checkSupported(Operation *op,
                               EmitErrorFn emitError) const final {
    return check(cast<SourceOp>(op), emitError);
  }

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<ValueRange> operands,
                  ConversionPatternRewriter &rewriter) const final {
    auto sourceOp = cast<SourceOp>(op);
    if (failed(check(sourceOp, [] { return InFlightDiagnostic(); })))
      return rewriter.notifyMatchFailure(op, "not supported by the lowering");
    return matchAndRewrite(sourceOp, OneToNOpAdaptor(operands, sourceOp),
                           rewriter);
  }

  /// The conditions under which this pattern rewrites `op` (beyond a
  /// lowerable layout of each tiled memref it uses, which the pre-check
  /// verifies for every op); reported through `emitError` when not met.
  virtual LogicalResult check(SourceOp op, EmitErrorFn emitError) const {
    return success();
  }

  /// Rewrites `op`, whose conditions hold.
  virtual LogicalResult
  matchAndRewrite(SourceOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const = 0;

private:
  using ConversionPattern::matchAndRewrite;
};

/// memref.load/store, affine.load/store (AccessPatterns.cpp).
void populateTiledAccessPatterns(const TiledLayoutTypeConverter &typeConverter,
                                 RewritePatternSet &patterns);

/// memref.atomic_rmw/generic_atomic_rmw/prefetch (AtomicPatterns.cpp).
void populateTiledAtomicPatterns(const TiledLayoutTypeConverter &typeConverter,
                                 RewritePatternSet &patterns);

/// vector.maskedload/maskedstore, vector.gather/scatter and
/// vector.expandload/compressstore, lane by lane (VectorMemoryPatterns.cpp).
void populateTiledVectorMemoryPatterns(
    const TiledLayoutTypeConverter &typeConverter, RewritePatternSet &patterns);

/// memref.alloc/alloca/dealloc/global/get_global (BufferPatterns.cpp).
void populateTiledBufferPatterns(const TiledLayoutTypeConverter &typeConverter,
                                 RewritePatternSet &patterns);

/// memref.dim/cast, tlayout.to_physical/from_physical/subview
/// (ViewPatterns.cpp).
void populateTiledViewPatterns(const TiledLayoutTypeConverter &typeConverter,
                               RewritePatternSet &patterns);

/// memref.copy and tlayout.copy, expanded into loop nests of accesses
/// (ExpandTiledCopies.cpp).
void populateTiledCopyPatterns(const TiledLayoutTypeConverter &typeConverter,
                               RewritePatternSet &patterns);

/// memref.copy between row-major and T(r,c)(2,1) / T(r,c)(4,1) tiles, and
/// transposing copies (row-major and column-major, T(8,128) and the
/// transposed array in T(8,128)), as vector loads, shuffles and stores
/// ahead of the generic expansion (VectorizeTiledCopies.cpp); a CPU fast
/// path. Copies that
/// write at least `nontemporalThreshold` bytes (0: none) store with
/// non-temporal hints where the target is 64-byte aligned at run time.
void populateVectorizedCopyPatterns(
    const TiledLayoutTypeConverter &typeConverter, RewritePatternSet &patterns,
    int64_t nontemporalThreshold);

/// vector.transfer_read/write and affine.vector_load/store of one tile row
/// of `T(r,c)(k,1)E(n)` packed elements as one access of the group's run,
/// one word per column, ahead of the patterns of
/// populateTiledVectorAccessPatterns (ExpandTiledVectorAccesses.cpp); a CPU
/// fast path.
void populatePackedColumnAccessPatterns(
    const TiledLayoutTypeConverter &typeConverter, RewritePatternSet &patterns);

/// vector.transfer_read/write (also under vector.mask) and
/// affine.vector_load/store, as one contiguous access or element by element
/// (ExpandTiledVectorAccesses.cpp).
void populateTiledVectorAccessPatterns(
    const TiledLayoutTypeConverter &typeConverter, RewritePatternSet &patterns);

} // namespace mlir::tlayout

#endif // TLAYOUT_LIB_CONVERSION_LOWERTILEDLAYOUTS_PATTERNS_H
