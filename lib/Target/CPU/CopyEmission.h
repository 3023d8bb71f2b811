//===- CopyEmission.h - What the CPU's copy patterns share ------*- C++ -*-===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// Shared by the CPU target's copy patterns (not installed): which copies
// they take (plain matrices, plain tilings, the two sides of a copy), the
// physical buffers they write, loop nests and maps, and the stores of runs
// with or without non-temporal hints, the staging buffers of the transposing
// copies; and the pattern families of
// InterleavedCopies.cpp, TransposingCopies.cpp and AlignedAllocations.cpp,
// which populateVectorizedCopyPatterns adds.
//
//===----------------------------------------------------------------------===//

#ifndef TLAYOUT_LIB_TARGET_CPU_COPYEMISSION_H
#define TLAYOUT_LIB_TARGET_CPU_COPYEMISSION_H

#include "tlayout/Conversion/LowerTiledLayouts/Patterns.h"
#include "tlayout/Core/TiledLayout.h"
#include "tlayout/Target/CPU/Tuning.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"

#include <optional>
#include <tuple>

namespace mlir::tlayout::cpu {

/// Whether `type` is a static 2-D memref with the identity layout (not a
/// tlayout layout) whose elements vectors can hold.
bool isPlainMatrix(MemRefType type);

/// The tlayout layout of `type` as a core layout, for a 2-D memref
/// whose layout is a #tlayout.tiled that is not a view and has neither tail
/// padding nor its own element size.
std::optional<TiledLayout> plainTiledLayout(MemRefType type);

/// The row-major side, the other side and whether the row-major side is the
/// source, when exactly one side of `op` is a plain matrix of the other's
/// shape and element type.
std::optional<std::tuple<MemRefType, MemRefType, bool>>
splitCopy(memref::CopyOp op);

/// The lowered buffer of `type` from the conversion, checked to have the
/// identity layout and the shape `expected`.
FailureOr<Value> physicalBuffer(const ConversionPattern &pattern, Operation *op,
                                MemRefType type, ValueRange lowered,
                                ArrayRef<int64_t> expected);

/// Builds `affine.for %iv = 0 to size` loops, one per entry of `sizes`,
/// outermost first, leaves the builder inside the innermost and returns
/// their induction variables.
SmallVector<Value> buildLoops(OpBuilder &builder, Location loc,
                              ArrayRef<int64_t> sizes);

/// The map (d...) -> (exprs...) over `numDims` dims.
AffineMap mapOf(unsigned numDims, ArrayRef<AffineExpr> exprs,
                MLIRContext *context);

/// Whether the copies of this file move elements of `type`: vectors of it
/// hold their lanes as a memref holds its elements
/// (hasByteAddressedVectorLanes: not `i1`/`i4`, whose lanes LLVM packs into
/// bits), and it is an integer or float of at most 64 bits (not `index`, whose
/// width the lowering does not know; a 64-byte line holds at least 8 of them,
/// the smallest block).
bool isVectorizableElement(Type type);

/// Stores `value` at `map(operands)` of the identity-layout `buffer`, where
/// the operands need not be valid affine dims (an `scf.for`'s index): a
/// `vector.store`, with the non-temporal hint and an alignment of 64 bytes
/// when `nontemporal` (the caller checked that the store starts at a
/// multiple of 64 bytes).
void storeRunAt(OpBuilder &builder, Location loc, Value value, Value buffer,
                AffineMap map, ValueRange operands, bool nontemporal);

/// Stores `value` at `map(ivs)` of the identity-layout `buffer`: an
/// `affine.vector_store`, or, when `nontemporal`, storeRunAt's non-temporal
/// store.
void storeRun(OpBuilder &builder, Location loc, Value value, Value buffer,
              AffineMap map, ValueRange ivs, bool nontemporal);

/// Emits a copy's loop nest through `emitNest(nontemporal)`. When
/// `nontemporal` is allowed (the copy writes at least the threshold's bytes
/// and every non-temporal store of the nest starts a line when `target`'s
/// aligned pointer is a multiple of `alignment`: of 64 where the stores
/// start at multiples of 64 bytes from the start of `target`, of the
/// element's bytes where the nest places them by the pointer itself), the
/// nest is emitted twice under a run-time check that `target`'s aligned
/// pointer is a multiple of `alignment`: with non-temporal stores and a
/// sequentially consistent fence after them (non-temporal stores are weakly
/// ordered), or with plain stores. An alignment of 1 needs no check.
void emitCopyNest(OpBuilder &builder, Location loc, Value target,
                  bool nontemporal, function_ref<void(bool)> emitNest,
                  int64_t alignment = kNontemporalAlignment);

/// Whether a copy of `type` (the logical target, of byte-sized elements)
/// writes at least `threshold` bytes (a threshold of 0 or less never allows
/// non-temporal stores).
bool reachesThreshold(MemRefType type, int64_t threshold);

/// `vector` with lanes of `laneType`, of the same width (a vector.bitcast
/// where the lane types differ). The interleaving and the transposing
/// copies shuffle integer lanes of the element's width, which LLVM's
/// backends lower best: x86 (LLVM 22, AVX-512) takes the even and odd
/// halves of a `<256 x bfloat>` lane by lane (vpextrw/vmovw, a third of
/// memcpy's speed in the bf16 relayout from T(8,128)(2,1)), but those of
/// `<256 x i16>` by two-vector permutes (vpermt2w); without AVX-512 it
/// moves a transposed block of `<32 x bfloat>` rows element by element.
Value withLaneType(OpBuilder &builder, Location loc, Value vector,
                   Type laneType);

/// The integer lane type of `elementType`'s width (see withLaneType).
Type getIntegerLaneType(Type elementType);

/// The entry block of the function around `op` where a staging buffer for
/// `op` can go, or nothing when `op` is not in a function or is in a region
/// other than the bodies of sequential loops and conditionals (a parallel
/// loop's iterations would share the buffer) (StagingBuffers.cpp).
Block *stagingScope(Operation *op);

/// A `memref.alloca` of `type`, aligned to a line, at the start of the
/// function around `op` (which must have a stagingScope), allocated once
/// per call whatever loops `op` is in and shared by the copies of the
/// function that ask for the same type and `slot` (a copy that needs two
/// buffers of one type asks for two slots).
Value stagingBuffer(OpBuilder &builder, Operation *op, MemRefType type,
                    int64_t slot = 0);

/// An `scf.for` from 0 to `trips` by 1 that LLVM must not unroll.
scf::ForOp createNotUnrolledLoop(OpBuilder &builder, Location loc,
                                 int64_t trips);

/// Emits a loop over the rows of `stage` (its element type is that of
/// `lineType`'s integer lanes) that LLVM must not unroll: row k is the whole
/// line of `lineType` loaded from `source` at `lineMap(ivs, k)`, while the
/// lines at `prefetchMaps(ivs, k)` are prefetched into every cache level.
void emitStagingLoop(OpBuilder &builder, Location loc, Value source,
                     VectorType lineType, AffineMap lineMap,
                     ArrayRef<AffineMap> prefetchMaps, ValueRange ivs,
                     Value stage);

/// Adds the interleaving copies between row-major and `T(r,c)(k,1)` tiles
/// (InterleavedCopies.cpp), with `benefit`.
void populateInterleavedCopyPatterns(
    const TiledLayoutTypeConverter &typeConverter, RewritePatternSet &patterns,
    PatternBenefit benefit, int64_t nontemporalThreshold);

/// Adds the 64-byte alignment of static allocations of tiled memrefs of at
/// least `nontemporalThreshold` bytes (AlignedAllocations.cpp).
void populateLineAlignedAllocPatterns(
    const TiledLayoutTypeConverter &typeConverter, RewritePatternSet &patterns,
    PatternBenefit benefit, int64_t nontemporalThreshold);

/// Adds the transposing copies (TransposingCopies.cpp).
void populateTransposingCopyPatterns(
    const TiledLayoutTypeConverter &typeConverter, RewritePatternSet &patterns,
    PatternBenefit benefit, int64_t nontemporalThreshold,
    int64_t vectorRegisterBytes);

} // namespace mlir::tlayout::cpu

#endif // TLAYOUT_LIB_TARGET_CPU_COPYEMISSION_H
