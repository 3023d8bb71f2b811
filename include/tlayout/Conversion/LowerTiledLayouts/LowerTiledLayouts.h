//===- LowerTiledLayouts.h - Tiled memrefs to physical buffers --*- C++ -*-===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// The lowering of tiled memrefs to their physical buffers, for passes and
// downstream compilers to compose: the physical type of a tiled memref, the
// type converter, the conversion patterns and target, and what the lowering
// rewrites. How the patterns work (their shared state, the expansions of
// copies and vector accesses) stays in lib/Conversion/LowerTiledLayouts.
//
//===----------------------------------------------------------------------===//

#ifndef TLAYOUT_CONVERSION_LOWERTILEDLAYOUTS_LOWERTILEDLAYOUTS_H
#define TLAYOUT_CONVERSION_LOWERTILEDLAYOUTS_LOWERTILEDLAYOUTS_H

#include "tlayout/Conversion/Passes.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::tlayout {

/// The physical memref type of a memref with a tlayout layout: the
/// identity-layout memref of the layout's physical shape (1-D with tail
/// padding `L(n)`), same element type and memory space. A physical size that
/// depends on a dynamic logical size is dynamic. A view has its root's
/// buffer type, or, at tile-aligned static offsets, the strided type of its
/// window of that buffer. Fails (silently; the pass reports why at the op)
/// for layouts the lowering does not handle, e.g. an element size `E(n)`
/// other than the element type's.
FailureOr<MemRefType> getPhysicalMemRefType(MemRefType type);

namespace detail {
struct TiledLoweringState;
} // namespace detail

/// A type converter that maps tiled memrefs to `getPhysicalMemRefType`
/// followed by one `index` per dynamic logical size (and, for a view that is
/// not a window, one per dynamic size of its root and per dynamic offset),
/// and leaves every other type alone. The patterns built with it share, through
/// it, what they compute once per conversion (each layout's index maps), so
/// it must outlive them.
class TiledLayoutTypeConverter : public TypeConverter {
public:
  TiledLayoutTypeConverter();
  ~TiledLayoutTypeConverter() override;

private:
  friend struct detail::TiledLoweringState;
  std::unique_ptr<detail::TiledLoweringState> state;
};

/// Adds the patterns that rewrite the ops using tiled memrefs into ops on
/// their physical buffers, e.g.
///
/// ```mlir
/// %v = memref.load %m[%i, %j] : memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>
/// ```
/// becomes
/// ```mlir
/// %a = affine.apply affine_map<(d0, d1) -> (d0 floordiv 2)>(%i, %j)
/// ...
/// %v = memref.load %p[%a, %b, %c, %d] : memref<2x3x2x2xf32>
/// ```
///
/// These patterns and populateLowerTiledLayoutsStructuralPatterns are the
/// one list of the ops the lowering handles (TiledLayoutsLoweringInfo reads
/// it): a new op is one pattern here plus its test. Copies and vector
/// accesses expand, inside the conversion, into accesses of the original
/// memrefs, which the conversion lowers in turn; a failure anywhere leaves
/// the IR as it was. Each pattern of the lowering also says which ops of its
/// kind it takes (a vector of at most 4096 elements of fixed length, a
/// `memref.dim` of an existing dimension, ranked casts and copies, no view
/// allocated or cast).
///
/// These patterns define what a layout means and lower every op they take
/// on any target; a target adds faster forms of some of them through the
/// hook of lowerTiledLayouts (the CPU's: tlayout/Target/CPU).
void populateLowerTiledLayoutsPatterns(
    const TiledLayoutTypeConverter &typeConverter, RewritePatternSet &patterns);

/// Adds the patterns that carry lowered tiled memrefs across function
/// signatures, calls, returns, `scf` region ops and `cf` branches (upstream's
/// structural type conversions and the lowering's own for `func.func` and
/// `cf`), and marks those ops legal in `target` once their types are.
void populateLowerTiledLayoutsStructuralPatterns(
    const TiledLayoutTypeConverter &typeConverter, RewritePatternSet &patterns,
    ConversionTarget &target);

/// Makes every op that uses a tiled memref (in an operand, result or global
/// type) illegal in `target`, and every other op legal, except
/// `tlayout.to_physical`, `tlayout.from_physical` and `tlayout.copy`, which
/// are always rewritten, and a `vector.mask` of a transfer of a tiled memref,
/// which is rewritten with it.
void configureLowerTiledLayoutsTarget(
    ConversionTarget &target, const TiledLayoutTypeConverter &typeConverter);

/// What --lower-tiled-layouts rewrites, read off its pattern set
/// (populateLowerTiledLayoutsPatterns and
/// populateLowerTiledLayoutsStructuralPatterns) and its conversion target
/// (configureLowerTiledLayoutsTarget). Building one builds those patterns:
/// build it once to ask about many ops.
class TiledLayoutsLoweringInfo {
public:
  explicit TiledLayoutsLoweringInfo(MLIRContext *context);
  ~TiledLayoutsLoweringInfo();
  TiledLayoutsLoweringInfo(const TiledLayoutsLoweringInfo &) = delete;
  TiledLayoutsLoweringInfo &
  operator=(const TiledLayoutsLoweringInfo &) = delete;

  /// Whether the conversion must rewrite `op` (the target deems it illegal):
  /// it uses a tiled memref, or it is a tlayout op that is always rewritten.
  bool mustRewrite(Operation *op) const;

  /// Whether a pattern of the lowering is rooted at `op`'s kind.
  bool hasPatternFor(Operation *op) const;

  /// The kinds of ops the lowering's patterns are rooted at, sorted by name
  /// (the list that the pass description states, checked by a unit test).
  SmallVector<OperationName> getRewrittenOps() const;

  /// Whether the lowering rewrites `op`: a pattern is rooted at its kind and,
  /// if it is one of the lowering's own, takes this op. If not, the
  /// lowering's pattern says why through `emitError`; an op of a kind that
  /// no pattern handles fails without a diagnostic.
  LogicalResult
  checkRewrites(Operation *op,
                function_ref<InFlightDiagnostic()> emitError) const;

private:
  TiledLayoutTypeConverter typeConverter;
  RewritePatternSet patterns;
  ConversionTarget target;
  DenseMap<OperationName, SmallVector<const RewritePattern *, 1>>
      patternsByRoot;
};

/// Whether --lower-tiled-layouts rewrites `op` where it uses tiled memrefs:
/// a pattern of the lowering is rooted at its kind and takes this op (see
/// TiledLayoutsLoweringInfo::checkRewrites). The op's own conditions do not
/// depend on its memrefs being tiled yet, so a layout assignment can ask
/// about an op before it tiles the memrefs it uses. Builds a
/// TiledLayoutsLoweringInfo per call.
bool isLoweredTiledMemRefUser(Operation *op);

/// Adds a target's patterns to the lowering's set: faster forms of some of
/// the lowering's rewrites, with a higher benefit, built with the lowering's
/// type converter. The lowering's own patterns take whatever they leave.
using TargetTiledPatternsFn =
    function_ref<void(const TiledLayoutTypeConverter &typeConverter,
                      RewritePatternSet &patterns)>;

/// Runs the lowering of tiled layouts on `module`, as --lower-tiled-layouts
/// does: the pre-check (checkLowerTiledLayoutsPreconditions), the erasure
/// of unreachable blocks that use tiled memrefs (the conversion visits only
/// reachable blocks), then one partial conversion with
/// populateLowerTiledLayoutsPatterns, the patterns `addTargetPatterns` adds
/// (if given), and populateLowerTiledLayoutsStructuralPatterns, under
/// configureLowerTiledLayoutsTarget. A failure, reported at the offending
/// ops, leaves the module as it was but for that dead code.
LogicalResult lowerTiledLayouts(ModuleOp module,
                                TargetTiledPatternsFn addTargetPatterns = {});

/// Reports every op in `module` that uses a tiled memref the conversion
/// cannot rewrite (TiledLayoutsLoweringInfo), or whose tiled memref types
/// have no physical layout, with what to do instead; fails if there is one.
/// Runs before the conversion, which would stop at the first such op.
LogicalResult checkLowerTiledLayoutsPreconditions(ModuleOp module);

/// Whether `op` uses a tiled memref: as an operand or result, as the type of
/// a global, in a function's signature, or as an argument of a block of its
/// regions (what the pre-check reports of an op no pattern takes).
bool usesTiledMemRef(Operation *op);

} // namespace mlir::tlayout

#endif // TLAYOUT_CONVERSION_LOWERTILEDLAYOUTS_LOWERTILEDLAYOUTS_H
