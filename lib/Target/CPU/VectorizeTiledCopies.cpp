//===- VectorizeTiledCopies.cpp - Relayout copies as vector shuffles ------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// Rewrites two kinds of `memref.copy` between layouts into loops of
// whole-vector loads, vector.shuffle and whole-vector stores, ahead of the
// element-by-element loop nest of ExpandTiledCopies.cpp (these patterns have a
// higher benefit and leave every copy they cannot prove to be one of their
// forms to it):
//
// - Interleaving tiles, `T(r,c)(k,1)` with k = 2 or 4 (bf16's `(2,1)`,
//   s8's `(4,1)`): each group of k rows of a tile is one run of k*c
//   elements of the physical buffer, element (q, j) of the group at
//   j*k + q. The copy loads the k rows of c elements, interleaves them
//   (pairwise shuffles: even rows with even rows, odd with odd, then the
//   two) and stores one vector of k*c; the way back loads the run and
//   splits it into rows by the inverse shuffles. The shuffles go on integer
//   lanes of the element's width (bitcasts of float vectors), which LLVM
//   lowers to permutes on every target.
// - Transposing copies: between two layouts whose contiguous runs go along
//   different dimensions, row-major and column-major (`{0,1}`), or
//   `{1,0:T(8,128)}` and `{0,1:T(8,128)}` (the transposed array in tiles:
//   XLA's transpose as a relayout). The copy moves square blocks of B x B
//   elements (B elements of one 64-byte line where the shape and the tile
//   rows hold whole such blocks: 16 of 32 bits, 32 of 16, 64 of 8; fewer
//   otherwise), each as sub-blocks of one vector register (the pass's
//   vector-register-bytes) by one 128-bit lane: per sub-block, each
//   register loaded lane by lane from as many source runs, rounds of
//   interleaves within lanes (no permute across lanes); the sub-blocks of a
//   band of target runs concatenated into B-element runs where the stores
//   are non-temporal (whole lines), each sub-block's registers stored as
//   they come otherwise; by groups of blocks of up to 256 x 256 elements
//   that stay in the L2 cache and the TLB. A tiled source's block is first
//   staged line by line in a buffer at the function's start, the next
//   block's lines prefetched. An untiled source of 8- or 16-bit elements
//   whose target holds runs of 256 bytes goes by staged groups of 4 x 4
//   blocks instead: the group's source runs copied into one buffer (each
//   prefetching the run 8 further on), its blocks transposed into a
//   second, whose rows are the target's runs; where those runs do not
//   start lines, the groups go down each run and carry its partial last
//   line to the next, which stores whole lines.
//
// Copies that write at least the non-temporal threshold's bytes into a
// target that is 64-byte aligned at run time store with non-temporal hints;
// static allocations of tiled memrefs of that size are made 64-byte aligned
// so that copies into them can.
//
// These are the CPU target's (populateCpuTiledLayoutsPatterns): the plain
// lowering places every element the same way without them. This file holds
// what the patterns share (CopyEmission.h) and populateVectorizedCopyPatterns;
// the patterns are in InterleavedCopies.cpp, TransposingCopies.cpp and
// AlignedAllocations.cpp.
//
// Both need static 2-D shapes and layouts that are not views. The
// interleaving copy needs whole tiles and a row-major side; anything else
// (padding, tails, dynamic sizes, other tilings) takes the generic
// expansion. The transpose needs runs that stay within a tile row and at
// least one block; it moves the largest multiple of the block along each
// dimension as blocks, the rest (odd sizes, fewer than B rows and columns)
// by the largest smaller blocks that fit, down to blocks of 8, and what
// none fits in element by element.
//
//===----------------------------------------------------------------------===//

#include "CopyEmission.h"

#include "tlayout/Conversion/LowerTiledLayouts/Patterns.h"
#include "tlayout/Conversion/LowerTiledLayouts/PhysicalLayout.h"

#include "tlayout/Dialect/TLayout/IR/TLayoutAttrs.h"
#include "tlayout/Dialect/TLayout/IR/TLayoutDialect.h"
#include "tlayout/Target/CPU/Transforms.h"
#include "tlayout/Target/CPU/Tuning.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/bit.h"

using namespace mlir;
using namespace mlir::tlayout;
using namespace mlir::tlayout::cpu;

/// Whether `type` is a static 2-D memref with the identity layout (not a
/// tlayout layout) whose elements vectors can hold.
bool mlir::tlayout::cpu::isPlainMatrix(MemRefType type) {
  return type.getRank() == 2 && type.hasStaticShape() &&
         type.getLayout().isIdentity() && !getLayoutAttr(type) &&
         VectorType::isValidElementType(type.getElementType());
}

/// The tlayout layout of `type` as a core layout, for a static 2-D memref
/// whose layout is a #tlayout.tiled that is not a view and has neither tail
/// padding nor its own element size.
std::optional<TiledLayout>
mlir::tlayout::cpu::plainTiledLayout(MemRefType type) {
  auto attr = dyn_cast<TiledLayoutAttr>(type.getLayout());
  if (!attr || attr.isView() || type.getRank() != 2 || !type.hasStaticShape() ||
      !VectorType::isValidElementType(type.getElementType()))
    return std::nullopt;
  const TiledLayout &layout = attr.getLayout();
  if (layout.tailPaddingAlignment != 1 || layout.elementSizeInBits != 0)
    return std::nullopt;
  return layout;
}

/// The row-major side, the other side and whether the row-major side is the
/// source, when exactly one side of `op` is a plain matrix of the other's
/// shape and element type.
std::optional<std::tuple<MemRefType, MemRefType, bool>>
mlir::tlayout::cpu::splitCopy(memref::CopyOp op) {
  auto srcType = dyn_cast<MemRefType>(op.getSource().getType());
  auto dstType = dyn_cast<MemRefType>(op.getTarget().getType());
  if (!srcType || !dstType || srcType.getShape() != dstType.getShape() ||
      srcType.getElementType() != dstType.getElementType())
    return std::nullopt;
  if (isPlainMatrix(srcType) && getLayoutAttr(dstType))
    return std::make_tuple(srcType, dstType, true);
  if (isPlainMatrix(dstType) && getLayoutAttr(srcType))
    return std::make_tuple(dstType, srcType, false);
  return std::nullopt;
}

/// The lowered buffer of `type` from the conversion, checked to have the
/// identity layout and the shape `expected`.
FailureOr<Value> mlir::tlayout::cpu::physicalBuffer(
    const ConversionPattern &pattern, Operation *op, MemRefType type,
    ValueRange lowered, ArrayRef<int64_t> expected) {
  FailureOr<PhysicalLayout> layout = layoutFor(pattern, op, type);
  if (failed(layout) || lowered.empty() ||
      layout->type.getShape() != expected ||
      !layout->type.getLayout().isIdentity() ||
      lowered.front().getType() != layout->type)
    return failure();
  return lowered.front();
}

/// Builds `affine.for %iv = 0 to size` loops, one per entry of `sizes`,
/// outermost first, leaves the builder inside the innermost and returns
/// their induction variables.
SmallVector<Value> mlir::tlayout::cpu::buildLoops(OpBuilder &builder,
                                                  Location loc,
                                                  ArrayRef<int64_t> sizes) {
  SmallVector<Value> ivs;
  for (int64_t size : sizes) {
    auto loop = affine::AffineForOp::create(builder, loc, 0, size, 1);
    builder.setInsertionPointToStart(loop.getBody());
    ivs.push_back(loop.getInductionVar());
  }
  return ivs;
}

/// The map (d...) -> (exprs...) over `numDims` dims.
AffineMap mlir::tlayout::cpu::mapOf(unsigned numDims,
                                    ArrayRef<AffineExpr> exprs,
                                    MLIRContext *context) {
  return AffineMap::get(numDims, 0, exprs, context);
}

/// Whether the copies of this file move elements of `type`: vectors of it
/// hold their lanes as a memref holds its elements
/// (hasByteAddressedVectorLanes: not `i1`/`i4`, whose lanes LLVM packs into
/// bits), and it is an integer or float of at most 64 bits (not `index`, whose
/// width the lowering does not know; a 64-byte line holds at least 8 of them,
/// the smallest block).
bool mlir::tlayout::cpu::isVectorizableElement(Type type) {
  return hasByteAddressedVectorLanes(type) && type.isIntOrFloat() &&
         type.getIntOrFloatBitWidth() <= 64;
}

/// Stores `value` at `map(operands)` of the identity-layout `buffer`, where
/// the operands need not be valid affine dims (an `scf.for`'s index): a
/// `vector.store`, with the non-temporal hint and an alignment of 64 bytes
/// when `nontemporal` (the caller checked that the store starts at a
/// multiple of 64 bytes).
void mlir::tlayout::cpu::storeRunAt(OpBuilder &builder, Location loc,
                                    Value value, Value buffer, AffineMap map,
                                    ValueRange operands, bool nontemporal) {
  auto store =
      vector::StoreOp::create(builder, loc, value, buffer,
                              emitResults(builder, loc, map, operands, {}));
  if (!nontemporal)
    return;
  store.setNontemporal(true);
  store.setAlignmentAttr(builder.getI64IntegerAttr(kNontemporalAlignment));
}

/// Stores `value` at `map(ivs)` of the identity-layout `buffer`: an
/// `affine.vector_store`, or, when `nontemporal`, storeRunAt's non-temporal
/// store.
void mlir::tlayout::cpu::storeRun(OpBuilder &builder, Location loc, Value value,
                                  Value buffer, AffineMap map, ValueRange ivs,
                                  bool nontemporal) {
  if (!nontemporal) {
    affine::AffineVectorStoreOp::create(builder, loc, value, buffer, map, ivs);
    return;
  }
  storeRunAt(builder, loc, value, buffer, map, ivs, /*nontemporal=*/true);
}

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
void mlir::tlayout::cpu::emitCopyNest(OpBuilder &builder, Location loc,
                                      Value target, bool nontemporal,
                                      function_ref<void(bool)> emitNest,
                                      int64_t alignment) {
  if (!nontemporal) {
    emitNest(false);
    return;
  }
  if (alignment <= 1) {
    emitNest(true);
    LLVM::FenceOp::create(builder, loc, LLVM::AtomicOrdering::seq_cst);
    return;
  }
  OpBuilder::InsertionGuard guard(builder);
  Value pointer =
      memref::ExtractAlignedPointerAsIndexOp::create(builder, loc, target);
  Value misalignment = arith::RemUIOp::create(
      builder, loc, pointer,
      arith::ConstantIndexOp::create(builder, loc, alignment));
  Value aligned = arith::CmpIOp::create(
      builder, loc, arith::CmpIPredicate::eq, misalignment,
      arith::ConstantIndexOp::create(builder, loc, 0));
  auto ifOp = scf::IfOp::create(builder, loc, aligned, /*withElseRegion=*/true);
  builder.setInsertionPoint(ifOp.thenBlock()->getTerminator());
  emitNest(true);
  builder.setInsertionPoint(ifOp.thenBlock()->getTerminator());
  LLVM::FenceOp::create(builder, loc, LLVM::AtomicOrdering::seq_cst);
  builder.setInsertionPoint(ifOp.elseBlock()->getTerminator());
  emitNest(false);
}

/// Whether a copy of `type` (the logical target, of byte-sized elements)
/// writes at least `threshold` bytes (a threshold of 0 or less never allows
/// non-temporal stores).
bool mlir::tlayout::cpu::reachesThreshold(MemRefType type, int64_t threshold) {
  int64_t bytes = std::max<int64_t>(1, type.getElementTypeBitWidth() / 8);
  return threshold > 0 &&
         type.getNumElements() >=
             static_cast<int64_t>(llvm::divideCeil(threshold, bytes));
}

/// `vector` with lanes of `laneType`, of the same width (a vector.bitcast
/// where the lane types differ). The interleaving and the transposing
/// copies shuffle integer lanes of the element's width, which LLVM's
/// backends lower best: x86 (LLVM 22, AVX-512) takes the even and odd
/// halves of a `<256 x bfloat>` lane by lane (vpextrw/vmovw, a third of
/// memcpy's speed in the bf16 relayout from T(8,128)(2,1)), but those of
/// `<256 x i16>` by two-vector permutes (vpermt2w); without AVX-512 it
/// moves a transposed block of `<32 x bfloat>` rows element by element.
Value mlir::tlayout::cpu::withLaneType(OpBuilder &builder, Location loc,
                                       Value vector, Type laneType) {
  auto type = cast<VectorType>(vector.getType());
  if (type.getElementType() == laneType)
    return vector;
  return vector::BitCastOp::create(builder, loc, type.clone(laneType), vector);
}

/// The integer lane type of `elementType`'s width (see withLaneType).
Type mlir::tlayout::cpu::getIntegerLaneType(Type elementType) {
  return IntegerType::get(elementType.getContext(),
                          elementType.getIntOrFloatBitWidth());
}

void mlir::tlayout::cpu::populateVectorizedCopyPatterns(
    const TiledLayoutTypeConverter &typeConverter, RewritePatternSet &patterns,
    int64_t nontemporalThreshold, int64_t vectorRegisterBytes) {
  // Ahead of the generic expansion (benefit 1), which takes what these
  // leave.
  populateInterleavedCopyPatterns(typeConverter, patterns, /*benefit=*/2,
                                  nontemporalThreshold);
  populateLineAlignedAllocPatterns(typeConverter, patterns, /*benefit=*/2,
                                   nontemporalThreshold);
  populateTransposingCopyPatterns(typeConverter, patterns, /*benefit=*/2,
                                  nontemporalThreshold, vectorRegisterBytes);
}
