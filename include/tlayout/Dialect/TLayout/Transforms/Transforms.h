//===- Transforms.h - tlayout rewrite patterns ------------------*- C++ -*-===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// Patterns and type conversion that passes and downstream compilers compose.
//
//===----------------------------------------------------------------------===//

#ifndef TLAYOUT_DIALECT_TLAYOUT_TRANSFORMS_TRANSFORMS_H
#define TLAYOUT_DIALECT_TLAYOUT_TRANSFORMS_TRANSFORMS_H

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::tlayout {

/// The physical memref type of a memref with a `#tlayout.tiled` layout: the
/// identity-layout memref of the layout's physical shape (1-D with tail
/// padding), same element type and memory space. Fails for dynamic shapes
/// and for layouts the lowering does not handle.
FailureOr<MemRefType> getPhysicalMemRefType(MemRefType type);

/// A type converter that maps tiled memrefs to `getPhysicalMemRefType`
/// followed by one `index` per dynamic logical size, and leaves every other
/// type alone. It also caches, per tiled type, the index maps the patterns
/// use, so that each layout is compiled once per conversion.
class TiledLayoutTypeConverter : public TypeConverter {
public:
  TiledLayoutTypeConverter();
  ~TiledLayoutTypeConverter() override;

  /// The lowering of each tiled type (an implementation detail of the
  /// patterns).
  struct Cache;
  Cache &getCache() const { return *cache; }

private:
  std::unique_ptr<Cache> cache;
};

/// Adds patterns that rewrite accesses to tiled memrefs into accesses to
/// their physical buffers:
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
/// Covers memref alloc/alloca/dealloc/load/store/dim/cast, affine load/store
/// and `tlayout.to_physical`/`from_physical`. Function, call, return and
/// control-flow signatures need the upstream structural patterns as well.
void populateLowerTiledLayoutsPatterns(
    const TiledLayoutTypeConverter &typeConverter, RewritePatternSet &patterns);

/// Rewrites a `memref.copy` with a tiled memref on either side into a loop
/// nest of loads and stores of the original memrefs (which the lowering then
/// rewrites). With a tiled destination the nest walks its physical order,
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

/// What one allocation takes.
struct BufferUsage {
  Operation *alloc = nullptr;
  MemRefType type;
  /// The memory space number (`S(n)`); 0 when none.
  int64_t space = 0;
  /// Bytes; std::nullopt for dynamic sizes and when `overflows`.
  std::optional<int64_t> logicalBytes, physicalBytes;
  /// The static sizes of the buffer take more bytes than int64 counts.
  bool overflows = false;
  std::optional<double> paddingRatio;
  /// Physical bytes live in `space` once this allocation is made.
  int64_t liveBytes = 0;
  /// Those live bytes do not fit in int64 (`liveBytes` is then meaningless).
  bool liveOverflows = false;
};

/// The peak of one memory space in one function.
struct SpaceUsage {
  int64_t space = 0;
  int64_t peakBytes = 0;
  /// Some allocation in this space has a dynamic size (left out of the peak).
  bool hasDynamic = false;
  /// The bytes live at some point, or some buffer's own bytes, do not fit in
  /// int64; `peakBytes` is then the peak before that point.
  bool overflows = false;
};

/// The memory a region (a function body) allocates.
struct MemoryUsage {
  /// The allocations in program order, with the bytes live at each.
  SmallVector<BufferUsage> buffers;
  /// The peak of each memory space allocated in.
  SmallVector<SpaceUsage> spaces;
};

/// The memory `region` allocates. An allocation lives from its op to a
/// `memref.dealloc` of it, or to the end; nested regions count once.
MemoryUsage analyzeMemoryUsage(Region &region);

/// `vmem` for a named memory space, `memory space 7` otherwise.
std::string getMemorySpaceName(int64_t space);

class CopyOp;

/// Rewrites `tlayout.copy` into what --lower-tiled-layouts lowers: a
/// `memref.copy` of the two physical buffers when both layouts place every
/// element at the same offset, a `memref.copy` when neither memref has a
/// tlayout layout, and otherwise the loop nest of expandTiledCopy (which
/// writes the target in its physical order). Returns the first op created.
FailureOr<Operation *> expandCopyOp(RewriterBase &rewriter, CopyOp op);

/// The largest vector (in elements) that `expandTiledVectorAccess` splits.
constexpr int64_t kMaxSplitVectorElements = 4096;

/// Rewrites a vector access of a tiled memref (`vector.transfer_read`,
/// `vector.transfer_write`, `affine.vector_load`, `affine.vector_store`)
/// into one scalar access per element, guarded by the transfer's bounds and
/// mask. Correct also when the vector crosses tile boundaries. Fails for
/// vectors of more than 4096 elements and for transfers on tensors.
LogicalResult expandTiledVectorAccess(RewriterBase &rewriter, Operation *op);

} // namespace mlir::tlayout

#endif // TLAYOUT_DIALECT_TLAYOUT_TRANSFORMS_TRANSFORMS_H
