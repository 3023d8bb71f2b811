//===- Patterns.h - The lowering's pattern families -------------*- C++ -*-===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// The base class of the lowering's own patterns, one populate function per
// file of patterns, the expansions of copies and vector accesses that the
// patterns run, and the helpers of vector accesses that the lowering's two
// files of vector patterns and a target's faster patterns share;
// populateLowerTiledLayoutsPatterns adds all the patterns. A target's
// patterns (tlayout/Target/CPU) derive from the same base class.
//
//===----------------------------------------------------------------------===//

#ifndef TLAYOUT_CONVERSION_LOWERTILEDLAYOUTS_PATTERNS_H
#define TLAYOUT_CONVERSION_LOWERTILEDLAYOUTS_PATTERNS_H

#include "tlayout/Conversion/LowerTiledLayouts/LowerTiledLayouts.h"

#include "mlir/Interfaces/VectorInterfaces.h"
#include "llvm/Support/DebugLog.h"

namespace mlir::tlayout {

/// The debug type of the lowering's traces (`-debug-only=lower-tiled-layouts`
/// where LLVM has assertions): every file of the lowering defines DEBUG_TYPE
/// to it.
inline constexpr const char kDebugType[] = "lower-tiled-layouts";

/// Reports a diagnostic (or, quietly, none) for `checkSupported`.
using EmitErrorFn = function_ref<InFlightDiagnostic()>;

/// A pattern of the lowering that can tell, before the conversion starts,
/// whether it rewrites a given op of its root kind (`checkSupported`), and
/// if not, why. The pre-check of --lower-tiled-layouts and
/// isLoweredTiledMemRefUser ask the pattern rooted at each op, so that a
/// pattern's conditions are written once, next to its rewrite; the pattern
/// checks them again (quietly) before rewriting.
///
/// Each one registers itself with the TiledLayoutTypeConverter it is built
/// with, for as long as it lives: `lookup` finds, among the patterns built
/// with a converter, those of this class, whatever other patterns share
/// their pattern set.
class TiledConversionPattern : public ConversionPattern {
public:
  TiledConversionPattern(const TiledLayoutTypeConverter &typeConverter,
                         StringRef rootName, PatternBenefit benefit,
                         MLIRContext *context);
  ~TiledConversionPattern() override;

  /// Whether this pattern rewrites `op`, an op of its root kind; if not,
  /// reports why through `emitError`.
  virtual LogicalResult checkSupported(Operation *op,
                                       EmitErrorFn emitError) const = 0;

  /// `pattern` as a TiledConversionPattern built with `typeConverter`, or
  /// null for any other pattern.
  static const TiledConversionPattern *
  lookup(const TiledLayoutTypeConverter &typeConverter,
         const RewritePattern &pattern);
};

/// A TiledConversionPattern rooted at `SourceOp`: like OpConversionPattern,
/// with a `check` of the op's own conditions (none by default) that runs
/// before `matchAndRewrite`.
template <typename SourceOp>
class TiledOpConversionPattern : public TiledConversionPattern {
public:
  using OneToNOpAdaptor =
      typename SourceOp::template GenericAdaptor<ArrayRef<ValueRange>>;

  TiledOpConversionPattern(const TiledLayoutTypeConverter &typeConverter,
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
    if (failed(check(sourceOp, [] { return InFlightDiagnostic(); }))) {
      LDBG(kDebugType) << "no rewrite: " << op->getName() << " at "
                       << op->getLoc()
                       << " fails its pattern's check (the pre-check says why)";
      return rewriter.notifyMatchFailure(op, "not supported by the lowering");
    }
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

/// vector.transfer_read/write (also under vector.mask) and
/// affine.vector_load/store, as one contiguous access or element by element
/// (ExpandTiledVectorAccesses.cpp).
void populateTiledVectorAccessPatterns(
    const TiledLayoutTypeConverter &typeConverter, RewritePatternSet &patterns);

/// A number `value` is known to be a multiple of (0: it is known to be 0),
/// from constants, loop induction variables, additions, multiplications and
/// affine.apply ops.
int64_t getKnownMultiple(Value value);

/// A 1-D vector access along one memref dimension, as the contiguous and
/// the packed-column rewrites take it: the memref, the indices of the
/// vector's first element, the vector type, the memref dimension the vector
/// runs along, and the vector a write stores (null for a read).
struct OneDimVectorAccess {
  Value memref;
  ValueRange indices;
  VectorType vectorType;
  unsigned dim;
  Value toStore;
};

/// A rewrite of `op`, the 1-D vector access `access`, that fails, changing
/// nothing, where it does not apply.
using OneDimVectorRewrite = function_ref<LogicalResult(
    RewriterBase &rewriter, Operation *op, const OneDimVectorAccess &access)>;

/// The access of a vector transfer that is 1-D, unmasked (no mask operand),
/// in bounds, on a memref (a write without a result) and not a broadcast;
/// std::nullopt otherwise.
std::optional<OneDimVectorAccess>
getOneDimTransferAccess(VectorTransferOpInterface transfer);

/// What an `affine.vector_load` or `affine.vector_store` accesses: the
/// vector type, the memref, the access map and its operands, and the vector
/// a store writes (null for a load).
struct AffineVectorAccess {
  VectorType type;
  Value memref;
  AffineMap map;
  ValueRange mapOperands;
  Value written;
};

/// `op`'s access if it is an affine vector load or store, else std::nullopt.
std::optional<AffineVectorAccess> getAffineVectorAccess(Operation *op);

/// The memref indices of an affine access map, one affine.apply each.
SmallVector<Value> getAffineAccessIndices(RewriterBase &rewriter, Location loc,
                                          AffineMap map, ValueRange operands);

/// Tries `rewrite` on `op`, the 1-D affine vector access `access`, along the
/// memref's innermost dimension. Its indices are built before `op`
/// (getAffineAccessIndices: their affine.apply ops carry what is known of
/// their alignment) and erased again when `rewrite` fails.
LogicalResult rewriteAffineVectorAccess(RewriterBase &rewriter, Operation *op,
                                        const AffineVectorAccess &access,
                                        OneDimVectorRewrite rewrite);

/// All positions of a vector of shape `shape`, in row-major order.
SmallVector<SmallVector<int64_t>> getVectorPositions(ArrayRef<int64_t> shape);

/// Fails, explaining through `emitError`, when `op` accesses a scalable
/// vector of type `vectorType` (null: none), which the lowering cannot
/// access `unit` by `unit` ("lane" or "element"): it has no fixed number of
/// them.
LogicalResult checkFixedLengthVector(Operation *op, VectorType vectorType,
                                     StringRef unit, EmitErrorFn emitError);

/// Fails, explaining through `emitError`, when `type`, the memref `op`
/// accesses a vector of, is not a memref of scalars: the lowering splits
/// vector accesses of memrefs of scalars only.
LogicalResult checkMemRefOfScalars(Operation *op, Type type,
                                   EmitErrorFn emitError);

//===----------------------------------------------------------------------===//
// Expansions the patterns run inside the conversion
//===----------------------------------------------------------------------===//

/// Rewrites a `memref.copy` with a tiled memref on either side into a loop
/// nest of loads and stores of the original memrefs (which the lowering then
/// rewrites; a conversion pattern calls it inside the conversion). With a
/// tiled destination the nest walks its physical order,
/// whole tiles at a time, skipping padding; otherwise it walks the logical
/// indices in row-major order. Static shapes give affine loops:
///
/// ```mlir
/// memref.copy %a, %b : memref<3x5xf32> to
///                      memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>
/// ```
/// becomes
/// ```mlir
/// affine.for %t0 = 0 to 2 { affine.for %t1 = 0 to 3 {
///   affine.for %r = 0 to 2 { affine.for %c = 0 to 2 {
///     affine.if #in_bounds(%t0, %t1, %r, %c) {
///       %v = affine.load %a[%t0 * 2 + %r, %t1 * 2 + %c] : ...
///       affine.store %v, %b[%t0 * 2 + %r, %t1 * 2 + %c] : ... }}}}}
/// ```
/// Returns the outermost op of the nest.
FailureOr<Operation *> expandTiledCopy(RewriterBase &rewriter,
                                       memref::CopyOp op);

class CopyOp;

/// Rewrites `tlayout.copy` into what --lower-tiled-layouts lowers: a
/// `memref.copy` of the two physical buffers when both layouts place every
/// element at the same offset, a `memref.copy` when neither memref has a
/// tlayout layout, and otherwise the loop nest of expandTiledCopy (which
/// writes the target in its physical order). Returns the first op created;
/// on failure `op` is left in place.
FailureOr<Operation *> expandCopyOp(RewriterBase &rewriter, CopyOp op);

/// The largest vector (in elements) that `expandTiledVectorAccess` splits.
constexpr int64_t kMaxSplitVectorElements = 4096;

/// Rewrites a vector access of a tiled memref (`vector.transfer_read`,
/// `vector.transfer_write`, `affine.vector_load`, `affine.vector_store`)
/// into one `vector.load`/`vector.store` of the physical buffer where the
/// layout keeps the elements adjacent (1-D, unmasked, in bounds, from a start
/// index known to be a multiple of a width the run admits), and otherwise
/// into one scalar access per element, guarded by the transfer's bounds and
/// mask (a transfer inside `vector.mask` replaces the `vector.mask`).
/// Correct also when the vector crosses tile boundaries. Fails for scalable
/// vectors, vectors of more than kMaxSplitVectorElements elements, memrefs
/// of vectors and transfers on tensors.
LogicalResult expandTiledVectorAccess(RewriterBase &rewriter, Operation *op);

} // namespace mlir::tlayout

#endif // TLAYOUT_CONVERSION_LOWERTILEDLAYOUTS_PATTERNS_H
