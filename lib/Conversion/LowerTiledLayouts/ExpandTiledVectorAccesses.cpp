//===- ExpandTiledVectorAccesses.cpp - Vector accesses element-wise -------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// Rewrites vector reads and writes of tiled memrefs (vector.transfer_read,
// vector.transfer_write, affine.vector_load, affine.vector_store). Where the
// layout's contiguity analysis shows the vector's elements adjacent in the
// physical buffer (a 1-D vector within a contiguous run, from a start index
// that is a known multiple of a width the run admits), it becomes one
// vector.load or vector.store on the physical buffer, unless its elements
// are unpacked sub-byte ones (LLVM packs the lanes of their vectors into
// bits, while the buffer gives each element a byte). A tile row of packed
// elements interleaved by groups of rows (`T(8,128)(8,1)E(4)`) may go as
// one access of the group's run as words, one per column: the CPU target's
// faster pattern (tlayout/Target/CPU), ahead of these. Otherwise it becomes
// one scalar access per vector element, which --lower-tiled-layouts then
// lowers.
// A vector may cross tile boundaries, where consecutive elements are not
// adjacent in the physical buffer; element-wise accesses address each one
// through the layout, so none touches the wrong element. Out-of-bounds and
// masked-off elements of transfers are guarded: reads give the padding value
// and writes are skipped. Bounds are the memref's logical sizes. A mask has
// the transfer's mask type: one bit per element read or written, indexed in
// memref dimension order, whatever the permutation map. A transfer inside a
// vector.mask takes its mask (and, for reads, its pass-through values) and
// replaces it. Masked transfers never take the one-vector path.
//
//===----------------------------------------------------------------------===//

#include "tlayout/Conversion/LowerTiledLayouts/Patterns.h"
#include "tlayout/Conversion/LowerTiledLayouts/PhysicalLayout.h"

#include "tlayout/Core/LayoutAnalysis.h"
#include "tlayout/Dialect/TLayout/IR/TLayoutAttrs.h"
#include "tlayout/Dialect/TLayout/IR/TLayoutOps.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/DebugLog.h"

#include <numeric>

#define DEBUG_TYPE "lower-tiled-layouts"

using namespace mlir;
using namespace mlir::tlayout;

using mlir::tlayout::kMaxSplitVectorElements;

namespace {
/// One element of a vector access: its position in the vector and its
/// memref index, the condition (or null) under which it is accessed, and
/// whether that condition includes a mask bit.
struct Element {
  SmallVector<int64_t> position;
  SmallVector<Value> index;
  Value condition;
  Value maskBit;
};
} // namespace

SmallVector<SmallVector<int64_t>>
mlir::tlayout::getVectorPositions(ArrayRef<int64_t> shape) {
  SmallVector<SmallVector<int64_t>> result;
  SmallVector<int64_t> position(shape.size(), 0);
  int64_t count = 1;
  for (int64_t s : shape)
    count *= s;
  for (int64_t n = 0; n < count; ++n) {
    int64_t rest = n;
    for (size_t i = shape.size(); i-- > 0;) {
      position[i] = rest % shape[i];
      rest /= shape[i];
    }
    result.push_back(position);
  }
  return result;
}

/// The elements of an access at `base` through `permutation` (vector dim ->
/// memref dim, a minor projected permutation; broadcast dims have no memref
/// dim). Dims not known in bounds get `index < dim` guards, against the
/// memref's logical sizes; a mask adds its bit. A transfer's mask has the
/// transfer's mask type (vector::inferTransferOpMaskType): it is indexed in
/// memref dimension order, over the memref dimensions the transfer runs
/// along, and a transfer without any has a one-element mask.
static SmallVector<Element> elementsOf(RewriterBase &rewriter, Location loc,
                                       Value memref, ValueRange base,
                                       VectorType vectorType,
                                       AffineMap permutation,
                                       ArrayRef<bool> inBounds, Value mask) {
  // Vector position -> mask position.
  AffineMap maskMap = inversePermutation(compressUnusedDims(permutation));
  SmallVector<Element> elements;
  for (const SmallVector<int64_t> &position :
       getVectorPositions(vectorType.getShape())) {
    Element element;
    element.position = position;
    element.index.assign(base.begin(), base.end());
    for (auto [k, expr] : llvm::enumerate(permutation.getResults())) {
      auto dim = dyn_cast<AffineDimExpr>(expr);
      if (!dim)
        continue; // A broadcast dimension reads one element.
      unsigned m = dim.getPosition();
      if (position[k] != 0) {
        Value offset =
            arith::ConstantIndexOp::create(rewriter, loc, position[k]);
        element.index[m] =
            arith::AddIOp::create(rewriter, loc, element.index[m], offset);
      }
      if (!inBounds.empty() && inBounds[k])
        continue;
      Value size = memref::DimOp::create(rewriter, loc, memref, m);
      Value less = arith::CmpIOp::create(
          rewriter, loc, arith::CmpIPredicate::ult, element.index[m], size);
      element.condition =
          element.condition
              ? arith::AndIOp::create(rewriter, loc, element.condition, less)
                    .getResult()
              : less;
    }
    if (mask) {
      SmallVector<int64_t> maskPosition = maskMap.compose(position);
      if (maskPosition.empty())
        maskPosition.push_back(0);
      Value bit = vector::ExtractOp::create(rewriter, loc, mask, maskPosition);
      element.maskBit = bit;
      element.condition =
          element.condition
              ? arith::AndIOp::create(rewriter, loc, element.condition, bit)
                    .getResult()
              : bit;
    }
    elements.push_back(std::move(element));
  }
  return elements;
}

/// Reads the elements into a vector; guarded elements read `padding` where
/// their condition fails, or the element of `passthru` (if given) at their
/// position where their mask bit is off.
static Value readElements(RewriterBase &rewriter, Location loc, Value memref,
                          VectorType vectorType, ArrayRef<Element> elements,
                          Value padding, Value passthru = nullptr) {
  SmallVector<Value> values;
  for (const Element &element : elements) {
    if (!element.condition) {
      values.push_back(
          memref::LoadOp::create(rewriter, loc, memref, element.index));
      continue;
    }
    auto ifOp = scf::IfOp::create(
        rewriter, loc, element.condition,
        [&](OpBuilder &b, Location l) {
          Value v = memref::LoadOp::create(b, l, memref, element.index);
          scf::YieldOp::create(b, l, v);
        },
        [&](OpBuilder &b, Location l) {
          Value fallback = padding;
          if (passthru && element.maskBit) {
            Value kept =
                vector::ExtractOp::create(b, l, passthru, element.position);
            fallback =
                arith::SelectOp::create(b, l, element.maskBit, padding, kept);
          }
          scf::YieldOp::create(b, l, fallback);
        });
    values.push_back(ifOp.getResult(0));
  }
  return vector::FromElementsOp::create(rewriter, loc, vectorType, values);
}

/// Writes the elements of `vector`; guarded elements are written only where
/// their condition holds.
static void writeElements(RewriterBase &rewriter, Location loc, Value vector,
                          Value memref, ArrayRef<Element> elements) {
  for (const Element &element : elements) {
    Value value =
        vector::ExtractOp::create(rewriter, loc, vector, element.position);
    if (!element.condition) {
      memref::StoreOp::create(rewriter, loc, value, memref, element.index);
      continue;
    }
    auto ifOp = scf::IfOp::create(rewriter, loc, element.condition,
                                  /*withElseRegion=*/false);
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointToStart(ifOp.thenBlock());
    memref::StoreOp::create(rewriter, loc, value, memref, element.index);
  }
}

//===----------------------------------------------------------------------===//
// Contiguous accesses
//===----------------------------------------------------------------------===//

static int64_t knownMultiple(Value value, unsigned depth);

/// A number every value of `expr` is a multiple of (0: it is always 0).
static int64_t exprMultiple(AffineExpr expr, ValueRange dims,
                            ValueRange symbols, unsigned depth) {
  if (auto constant = dyn_cast<AffineConstantExpr>(expr))
    return std::abs(constant.getValue());
  if (auto dim = dyn_cast<AffineDimExpr>(expr))
    return knownMultiple(dims[dim.getPosition()], depth + 1);
  if (auto symbol = dyn_cast<AffineSymbolExpr>(expr))
    return knownMultiple(symbols[symbol.getPosition()], depth + 1);
  auto binary = cast<AffineBinaryOpExpr>(expr);
  int64_t lhs = exprMultiple(binary.getLHS(), dims, symbols, depth);
  int64_t rhs = exprMultiple(binary.getRHS(), dims, symbols, depth);
  switch (expr.getKind()) {
  case AffineExprKind::Add:
    return std::gcd(lhs, rhs);
  case AffineExprKind::Mul:
    return llvm::checkedMul(lhs, rhs).value_or(1);
  case AffineExprKind::Mod:
    // x = q * c + (x mod c): a common divisor of x and c divides the rest.
    return rhs ? std::gcd(lhs, rhs) : 1;
  case AffineExprKind::FloorDiv:
    // A multiple of k * c, divided by c, is a multiple of k.
    return rhs && lhs % rhs == 0 ? lhs / rhs : 1;
  default:
    return 1;
  }
}

/// getKnownMultiple, through at most 8 levels of definitions.
static int64_t knownMultiple(Value value, unsigned depth) {
  if (depth > 8)
    return 1;
  if (std::optional<int64_t> constant = getConstantIntValue(value))
    return std::abs(*constant);
  if (auto forOp = affine::getForInductionVarOwner(value)) {
    int64_t step = forOp.getStepAsInt();
    if (!forOp.hasConstantLowerBound())
      return 1;
    return std::gcd(forOp.getConstantLowerBound(), step);
  }
  if (auto forOp = scf::getForInductionVarOwner(value))
    return std::gcd(knownMultiple(forOp.getLowerBound(), depth + 1),
                    knownMultiple(forOp.getStep(), depth + 1));
  Operation *def = value.getDefiningOp();
  if (!def)
    return 1;
  if (auto add = dyn_cast<arith::AddIOp>(def))
    return std::gcd(knownMultiple(add.getLhs(), depth + 1),
                    knownMultiple(add.getRhs(), depth + 1));
  if (auto mul = dyn_cast<arith::MulIOp>(def))
    return llvm::checkedMul(knownMultiple(mul.getLhs(), depth + 1),
                            knownMultiple(mul.getRhs(), depth + 1))
        .value_or(1);
  if (auto apply = dyn_cast<affine::AffineApplyOp>(def)) {
    AffineMap map = apply.getAffineMap();
    return exprMultiple(map.getResult(0), apply.getDimOperands(),
                        apply.getSymbolOperands(), depth);
  }
  return 1;
}

int64_t mlir::tlayout::getKnownMultiple(Value value) {
  return knownMultiple(value, 0);
}

/// Swaps the order of the elements within each group of 8 / `bits`
/// consecutive ones: between LLVM's order of a vector.bitcast from bytes
/// (the first element in the least significant bits) and XLA's (the first
/// element in the most significant bits). Its own inverse.
static Value reverseWithinBytes(RewriterBase &rewriter, Location loc,
                                Value vector, int64_t bits) {
  int64_t perByte = 8 / bits;
  int64_t n = cast<VectorType>(vector.getType()).getNumElements();
  SmallVector<int64_t> mask;
  for (int64_t k = 0; k < n; ++k)
    mask.push_back(k - k % perByte + (perByte - 1 - k % perByte));
  return vector::ShuffleOp::create(rewriter, loc, vector, vector, mask);
}

/// A contiguous, byte-aligned vector access of packed elements: one
/// vector.load (or vector.store) of the bytes that hold them, and a
/// vector.bitcast between the bytes and the elements, with the elements of
/// each byte reversed into XLA's order.
static LogicalResult
accessPackedBytes(RewriterBase &rewriter, Operation *op, Value memref,
                  const BufferIndexing &indexing, ValueRange indices,
                  VectorType vectorType, int64_t bits, Value toStore) {
  Location loc = op->getLoc();
  MLIRContext *context = rewriter.getContext();
  auto type = cast<MemRefType>(memref.getType());
  int64_t perByte = 8 / bits;
  std::optional<int64_t> bytes =
      getFootprint(indexing, bits).physicalBytes.getConstant();
  if (!bytes)
    return failure();
  auto i8 = rewriter.getI8Type();
  auto bufferType = MemRefType::get({*bytes}, i8, MemRefLayoutAttrInterface(),
                                    type.getMemorySpace());
  Value buffer = ToPhysicalOp::create(rewriter, loc, bufferType, memref);
  AffineExpr byteExpr =
      toAffineExpr(getPackedByte(indexing.getOffset(), bits), context);
  Value byte = affine::AffineApplyOp::create(
      rewriter, loc, AffineMap::get(type.getRank(), 0, byteExpr), indices);
  auto byteVector =
      VectorType::get({vectorType.getNumElements() / perByte}, i8);
  auto bitsVector = VectorType::get({vectorType.getNumElements()},
                                    rewriter.getIntegerType(bits));
  if (toStore) {
    Value asBits = toStore;
    if (vectorType != bitsVector)
      asBits = arith::BitcastOp::create(rewriter, loc, bitsVector, toStore);
    Value ordered = reverseWithinBytes(rewriter, loc, asBits, bits);
    Value asBytes =
        vector::BitCastOp::create(rewriter, loc, byteVector, ordered);
    vector::StoreOp::create(rewriter, loc, asBytes, buffer, ValueRange{byte});
    rewriter.eraseOp(op);
    return success();
  }
  Value loaded = vector::LoadOp::create(rewriter, loc, byteVector, buffer,
                                        ValueRange{byte});
  Value asBits = vector::BitCastOp::create(rewriter, loc, bitsVector, loaded);
  Value result = reverseWithinBytes(rewriter, loc, asBits, bits);
  if (vectorType != bitsVector)
    result = arith::BitcastOp::create(rewriter, loc, vectorType, result);
  rewriter.replaceOp(op, result);
  return success();
}

/// Fails, tracing why `op` does not become one vector access (it is then
/// split into element accesses).
static LogicalResult notContiguous(Operation *op, const Twine &why) {
  LDBG() << "element by element: " << op->getName() << " at " << op->getLoc()
         << ": " << why;
  return failure();
}

/// Rewrites the 1-D vector access `access` (along memref dimension `dim` at
/// `indices`) into one vector.load (or vector.store of `toStore`) on the
/// physical buffer when the layout keeps the vector's elements adjacent.
/// Fails, changing nothing, otherwise.
static LogicalResult accessContiguously(RewriterBase &rewriter, Operation *op,
                                        const OneDimVectorAccess &access) {
  auto [memref, indices, vectorType, dim, toStore] = access;
  auto type = cast<MemRefType>(memref.getType());
  LayoutAttrInterface layout = getLayoutAttr(type);
  int64_t packed = getPackedBits(type);
  if (!layout || layout.isView())
    return notContiguous(op, "not a tiled memref that is not a view");
  if (vectorType.getRank() != 1 ||
      vectorType.getElementType() != type.getElementType())
    return notContiguous(op, "not a 1-D vector of the memref's elements");
  if (layout.getElementSizeInBits() != 0 && !packed)
    return notContiguous(op, "an element size E(n) that does not pack");
  // Unpacked elements go as one vector of the buffer's own elements, which
  // must then sit in memory as a memref's do (an unpacked `i2` takes a whole
  // byte, while the lanes of `vector<8xi2>` are packed bits).
  if (!packed && !hasByteAddressedVectorLanes(type.getElementType()))
    return notContiguous(op, "unpacked elements that a vector packs into bits");
  // Packed elements go as whole bytes: the width a multiple of the elements
  // per byte, each of the element's own width.
  if (packed && (vectorType.getNumElements() % (8 / packed) != 0 ||
                 type.getElementType().getIntOrFloatBitWidth() != packed))
    return notContiguous(op, "packed elements that are not whole bytes");
  // A type that verified compiles.
  std::optional<BufferIndexing> indexing =
      llvm::expectedToOptional(layout.compile(type.getShape(), 0));
  if (!indexing)
    return notContiguous(op, "the layout does not compile");
  int64_t width = vectorType.getNumElements();
  int64_t multiple = getKnownMultiple(indices[dim]);
  // A start of 0 is a multiple of anything; ask for the width itself.
  int64_t widest = getWidestVector(*indexing, dim, multiple ? multiple : width);
  if (width > widest && !packed)
    return notContiguous(op, "the layout keeps at most " + Twine(widest) +
                                 " elements adjacent from this start, not " +
                                 Twine(width));
  if (width > widest)
    return failure();

  Location loc = op->getLoc();
  MLIRContext *context = rewriter.getContext();
  unsigned rank = type.getRank();
  IndexExpr offset = indexing->getOffset();
  if (packed) {
    // The first element must start a byte: its position a known multiple
    // of the elements per byte.
    AffineExpr position = toAffineExpr(offset, context);
    if (offset.hasSymbols() ||
        exprMultiple(position, indices, {}, 0) % (8 / packed) != 0)
      return notContiguous(op, "the first element may not start a byte");
    return accessPackedBytes(rewriter, op, memref, *indexing, indices,
                             vectorType, packed, toStore);
  }
  std::optional<int64_t> numElements = indexing->getNumElements().getConstant();
  auto physicalType = MemRefType::get(
      {numElements.value_or(ShapedType::kDynamic)}, type.getElementType(),
      MemRefLayoutAttrInterface(), type.getMemorySpace());
  Value buffer = ToPhysicalOp::create(rewriter, loc, physicalType, memref);
  SmallVector<Value> operands(indices.begin(), indices.end());
  if (offset.hasSymbols())
    for (unsigned i = 0; i < rank; ++i)
      operands.push_back(memref::DimOp::create(rewriter, loc, memref, i));
  AffineMap map = AffineMap::get(rank, offset.hasSymbols() ? rank : 0,
                                 toAffineExpr(offset, context), context);
  Value position = affine::AffineApplyOp::create(rewriter, loc, map, operands);
  if (toStore) {
    vector::StoreOp::create(rewriter, loc, toStore, buffer,
                            ValueRange{position});
    rewriter.eraseOp(op);
  } else {
    rewriter.replaceOp(op, vector::LoadOp::create(rewriter, loc, vectorType,
                                                  buffer, ValueRange{position})
                               .getResult());
  }
  return success();
}

std::optional<AffineVectorAccess>
mlir::tlayout::getAffineVectorAccess(Operation *op) {
  if (auto load = dyn_cast<affine::AffineVectorLoadOp>(op))
    return AffineVectorAccess{load.getVectorType(), load.getMemRef(),
                              load.getAffineMap(), load.getMapOperands(),
                              Value()};
  if (auto store = dyn_cast<affine::AffineVectorStoreOp>(op))
    return AffineVectorAccess{store.getVectorType(), store.getMemRef(),
                              store.getAffineMap(), store.getMapOperands(),
                              store.getValue()};
  return std::nullopt;
}

std::optional<OneDimVectorAccess>
mlir::tlayout::getOneDimTransferAccess(VectorTransferOpInterface transfer) {
  auto write = dyn_cast<vector::TransferWriteOp>(transfer.getOperation());
  if (transfer.getMask() || transfer.getVectorType().getRank() != 1 ||
      !transfer.getInBoundsValues()[0] || (write && write->getNumResults()))
    return std::nullopt;
  auto dim = dyn_cast<AffineDimExpr>(transfer.getPermutationMap().getResult(0));
  if (!dim)
    return std::nullopt;
  return OneDimVectorAccess{transfer.getBase(), transfer.getIndices(),
                            transfer.getVectorType(), dim.getPosition(),
                            write ? write.getVector() : Value()};
}

LogicalResult
mlir::tlayout::rewriteAffineVectorAccess(RewriterBase &rewriter, Operation *op,
                                         const AffineVectorAccess &access,
                                         OneDimVectorRewrite rewrite) {
  unsigned rank = cast<MemRefType>(access.memref.getType()).getRank();
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(op);
  SmallVector<Value> indices = getAffineAccessIndices(
      rewriter, op->getLoc(), access.map, access.mapOperands);
  if (succeeded(rewrite(
          rewriter, op,
          {access.memref, indices, access.type, rank - 1, access.written})))
    return success();
  for (Value index : indices)
    rewriter.eraseOp(index.getDefiningOp());
  return failure();
}

/// Tries the contiguous rewrite of a vector access: 1-D, unmasked, in
/// bounds, along one memref dimension.
static LogicalResult tryContiguous(RewriterBase &rewriter, Operation *op) {
  if (auto transfer = dyn_cast<VectorTransferOpInterface>(op)) {
    std::optional<OneDimVectorAccess> access =
        getOneDimTransferAccess(transfer);
    if (!access)
      return notContiguous(op, "masked, not 1-D, not in bounds or a broadcast");
    return accessContiguously(rewriter, op, *access);
  }
  std::optional<AffineVectorAccess> access = getAffineVectorAccess(op);
  if (!access)
    return failure();
  if (access->type.getRank() != 1)
    return notContiguous(op, "not 1-D");
  return rewriteAffineVectorAccess(rewriter, op, *access, accessContiguously);
}

SmallVector<Value> mlir::tlayout::getAffineAccessIndices(RewriterBase &rewriter,
                                                         Location loc,
                                                         AffineMap map,
                                                         ValueRange operands) {
  SmallVector<Value> result;
  for (AffineExpr expr : map.getResults())
    result.push_back(affine::AffineApplyOp::create(
        rewriter, loc,
        AffineMap::get(map.getNumDims(), map.getNumSymbols(), expr), operands));
  return result;
}

LogicalResult mlir::tlayout::expandTiledVectorAccess(RewriterBase &rewriter,
                                                     Operation *op) {
  Location loc = op->getLoc();
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(op);
  auto tooLarge = [&](VectorType type) {
    return type.isScalable() || type.getNumElements() > kMaxSplitVectorElements;
  };
  if (auto transfer = dyn_cast<VectorTransferOpInterface>(op)) {
    auto write = dyn_cast<vector::TransferWriteOp>(op);
    auto memrefType = dyn_cast<MemRefType>(transfer.getBase().getType());
    if (tooLarge(transfer.getVectorType()) || !memrefType ||
        !memrefType.getElementType().isIntOrIndexOrFloat())
      return failure(); // Too large, on a tensor or of vector elements.
    // A transfer masked by an enclosing vector.mask is rewritten with that
    // mask, in place of the vector.mask; its masked-off lanes read the
    // pass-through vector's, if any.
    Value mask = transfer.getMask();
    Value passthru;
    auto maskOp = dyn_cast_or_null<vector::MaskOp>(op->getParentOp());
    if (maskOp) {
      LDBG() << "element by element: " << op->getName() << " at "
             << op->getLoc() << ": inside vector.mask";
      if (maskOp.getMaskableOp() != op || mask)
        return failure();
      mask = maskOp.getMask();
      passthru = maskOp.getPassthru();
      rewriter.setInsertionPoint(maskOp);
    } else if (succeeded(tryContiguous(rewriter, op))) {
      return success();
    }
    Operation *replaced = maskOp ? maskOp.getOperation() : op;
    SmallVector<Element> elements =
        elementsOf(rewriter, loc, transfer.getBase(), transfer.getIndices(),
                   transfer.getVectorType(), transfer.getPermutationMap(),
                   transfer.getInBoundsValues(), mask);
    if (write) {
      writeElements(rewriter, loc, write.getVector(), write.getBase(),
                    elements);
      rewriter.eraseOp(replaced);
    } else {
      auto read = cast<vector::TransferReadOp>(op);
      rewriter.replaceOp(replaced, readElements(rewriter, loc, read.getBase(),
                                                read.getVectorType(), elements,
                                                read.getPadding(), passthru));
    }
    return success();
  }
  if (succeeded(tryContiguous(rewriter, op)))
    return success();
  if (std::optional<AffineVectorAccess> access = getAffineVectorAccess(op)) {
    auto [type, memref, map, operands, written] = *access;
    if (tooLarge(type))
      return failure();
    // Affine vector accesses are in bounds along the minor dimensions.
    SmallVector<Value> base =
        getAffineAccessIndices(rewriter, loc, map, operands);
    AffineMap minor = AffineMap::getMinorIdentityMap(
        cast<MemRefType>(memref.getType()).getRank(), type.getRank(),
        rewriter.getContext());
    SmallVector<bool> inBounds(type.getRank(), true);
    SmallVector<Element> elements = elementsOf(
        rewriter, loc, memref, base, type, minor, inBounds, /*mask=*/nullptr);
    if (!written) {
      rewriter.replaceOp(op, readElements(rewriter, loc, memref, type, elements,
                                          /*padding=*/nullptr));
    } else {
      writeElements(rewriter, loc, written, memref, elements);
      rewriter.eraseOp(op);
    }
    return success();
  }
  return failure();
}

//===----------------------------------------------------------------------===//
// Patterns
//===----------------------------------------------------------------------===//

LogicalResult mlir::tlayout::checkFixedLengthVector(Operation *op,
                                                    VectorType vectorType,
                                                    StringRef unit,
                                                    EmitErrorFn emitError) {
  if (!vectorType || !vectorType.isScalable())
    return success();
  emitError() << op->getName() << " of a tiled memref with the scalable "
              << "vector type " << vectorType
              << " cannot be rewritten: the lowering accesses a vector " << unit
              << " by " << unit << ", and a scalable vector has no fixed "
              << "number of " << unit << "s; use a fixed-length vector";
  return failure();
}

LogicalResult mlir::tlayout::checkMemRefOfScalars(Operation *op, Type type,
                                                  EmitErrorFn emitError) {
  auto memref = dyn_cast<MemRefType>(type);
  if (memref && memref.getElementType().isIntOrIndexOrFloat())
    return success();
  emitError() << op->getName() << " of " << type
              << " cannot be rewritten: the lowering splits vector accesses "
                 "of memrefs of scalars only";
  return failure();
}

/// Fails, explaining through `emitError`, when `op` accesses `vectorType`
/// in `memrefType`, a vector the lowering cannot split into elements.
static LogicalResult checkSplittable(Operation *op, VectorType vectorType,
                                     Type memrefType, EmitErrorFn emitError) {
  if (failed(checkFixedLengthVector(op, vectorType, "element", emitError)))
    return failure();
  if (!vectorType || vectorType.getNumElements() > kMaxSplitVectorElements) {
    emitError() << op->getName()
                << " of a tiled memref is split into element accesses, and "
                   "this vector has more than "
                << kMaxSplitVectorElements
                << " elements; access smaller vectors, or run "
                   "--convert-vector-to-scf first to unroll it into 1-D "
                   "transfers";
    return failure();
  }
  return checkMemRefOfScalars(op, memrefType, emitError);
}

namespace {
/// `vector.transfer_read`/`transfer_write` and `affine.vector_load`/
/// `vector_store` of a tiled memref: expandTiledVectorAccess, whose accesses
/// of the original memref the conversion lowers in turn.
template <typename AccessOp>
struct VectorAccessLowering : TiledOpConversionPattern<AccessOp> {
  using TiledOpConversionPattern<AccessOp>::TiledOpConversionPattern;
  LogicalResult check(AccessOp op, EmitErrorFn emitError) const override {
    if constexpr (std::is_same_v<AccessOp, vector::TransferReadOp> ||
                  std::is_same_v<AccessOp, vector::TransferWriteOp>)
      return checkSplittable(op, op.getVectorType(), op.getBase().getType(),
                             emitError);
    else
      return checkSplittable(op, op.getVectorType(), op.getMemRefType(),
                             emitError);
  }
  LogicalResult matchAndRewrite(
      AccessOp op,
      typename TiledOpConversionPattern<AccessOp>::OneToNOpAdaptor adaptor,
      ConversionPatternRewriter &rewriter) const override {
    return expandTiledVectorAccess(rewriter, op);
  }
};

/// A `vector.mask` around a transfer of a tiled memref: the transfer,
/// element by element under the mask, replaces it.
struct MaskedTransferLowering : TiledOpConversionPattern<vector::MaskOp> {
  using TiledOpConversionPattern::TiledOpConversionPattern;
  LogicalResult check(vector::MaskOp op, EmitErrorFn emitError) const override {
    auto transfer =
        dyn_cast_or_null<VectorTransferOpInterface>(op.getMaskableOp());
    if (!transfer)
      return success();
    if (transfer.getMask()) {
      emitError() << op->getName()
                  << " around a transfer with its own mask cannot be "
                     "rewritten: mask the transfer once";
      return failure();
    }
    return checkSplittable(transfer.getOperation(), transfer.getVectorType(),
                           transfer.getBase().getType(), emitError);
  }
  LogicalResult
  matchAndRewrite(vector::MaskOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Operation *transfer = op.getMaskableOp();
    if (!isa_and_nonnull<VectorTransferOpInterface>(transfer))
      return rewriter.notifyMatchFailure(op, "masks no transfer");
    return expandTiledVectorAccess(rewriter, transfer);
  }
};
} // namespace

void mlir::tlayout::populateTiledVectorAccessPatterns(
    const TiledLayoutTypeConverter &typeConverter,
    RewritePatternSet &patterns) {
  patterns.add<VectorAccessLowering<vector::TransferReadOp>,
               VectorAccessLowering<vector::TransferWriteOp>,
               VectorAccessLowering<affine::AffineVectorLoadOp>,
               VectorAccessLowering<affine::AffineVectorStoreOp>,
               MaskedTransferLowering>(typeConverter, patterns.getContext());
}
