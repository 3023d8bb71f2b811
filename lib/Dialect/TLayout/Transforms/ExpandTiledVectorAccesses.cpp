//===- ExpandTiledVectorAccesses.cpp - Vector accesses element-wise -------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// Rewrites vector reads and writes of tiled memrefs (vector.transfer_read,
// vector.transfer_write, affine.vector_load, affine.vector_store) into one
// scalar access per vector element, which --lower-tiled-layouts then lowers.
// A vector may cross tile boundaries, where consecutive elements are not
// adjacent in the physical buffer; element-wise accesses address each one
// through the layout, so none touches the wrong element. Out-of-bounds and
// masked-off elements of transfers are guarded: reads give the padding value
// and writes are skipped.
//
//===----------------------------------------------------------------------===//

#include "tlayout/Dialect/TLayout/IR/TLayoutAttrs.h"
#include "tlayout/Dialect/TLayout/Transforms/Transforms.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace mlir::tlayout;

using mlir::tlayout::kMaxSplitVectorElements;

namespace {
/// One element of a vector access: its position in the vector and its
/// memref index, and the condition (or null) under which it is accessed.
struct Element {
  SmallVector<int64_t> position;
  SmallVector<Value> index;
  Value condition;
};
} // namespace

/// All positions of a vector shape in row-major order.
static SmallVector<SmallVector<int64_t>> positionsOf(ArrayRef<int64_t> shape) {
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
/// dim). Dims not known in bounds get `index < dim` guards; a mask adds its
/// bit.
static SmallVector<Element> elementsOf(RewriterBase &rewriter, Location loc,
                                       Value memref, ValueRange base,
                                       VectorType vectorType,
                                       AffineMap permutation,
                                       ArrayRef<bool> inBounds, Value mask) {
  SmallVector<Element> elements;
  for (const SmallVector<int64_t> &position :
       positionsOf(vectorType.getShape())) {
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
      Value bit = vector::ExtractOp::create(rewriter, loc, mask, position);
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
/// their condition fails.
static Value readElements(RewriterBase &rewriter, Location loc, Value memref,
                          VectorType vectorType, ArrayRef<Element> elements,
                          Value padding) {
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
        [&](OpBuilder &b, Location l) { scf::YieldOp::create(b, l, padding); });
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

/// The memref indices an affine access map gives.
static SmallVector<Value> affineIndices(RewriterBase &rewriter, Location loc,
                                        AffineMap map, ValueRange operands) {
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
    return type.getNumElements() > kMaxSplitVectorElements;
  };
  if (auto transfer = dyn_cast<VectorTransferOpInterface>(op)) {
    auto write = dyn_cast<vector::TransferWriteOp>(op);
    if (tooLarge(transfer.getVectorType()) || (write && write->getNumResults()))
      return failure(); // Too large, or a transfer on a tensor.
    SmallVector<Element> elements =
        elementsOf(rewriter, loc, transfer.getBase(), transfer.getIndices(),
                   transfer.getVectorType(), transfer.getPermutationMap(),
                   transfer.getInBoundsValues(), transfer.getMask());
    if (write) {
      writeElements(rewriter, loc, write.getVector(), write.getBase(),
                    elements);
      rewriter.eraseOp(op);
    } else {
      auto read = cast<vector::TransferReadOp>(op);
      rewriter.replaceOp(op, readElements(rewriter, loc, read.getBase(),
                                          read.getVectorType(), elements,
                                          read.getPadding()));
    }
    return success();
  }
  if (isa<affine::AffineVectorLoadOp, affine::AffineVectorStoreOp>(op)) {
    auto load = dyn_cast<affine::AffineVectorLoadOp>(op);
    auto store = dyn_cast<affine::AffineVectorStoreOp>(op);
    VectorType type = load ? load.getVectorType() : store.getVectorType();
    Value memref = load ? load.getMemRef() : store.getMemRef();
    AffineMap map = load ? load.getAffineMap() : store.getAffineMap();
    ValueRange operands = load ? load.getMapOperands() : store.getMapOperands();
    if (tooLarge(type))
      return failure();
    // Affine vector accesses are in bounds along the minor dimensions.
    SmallVector<Value> base = affineIndices(rewriter, loc, map, operands);
    AffineMap minor = AffineMap::getMinorIdentityMap(
        cast<MemRefType>(memref.getType()).getRank(), type.getRank(),
        rewriter.getContext());
    SmallVector<bool> inBounds(type.getRank(), true);
    SmallVector<Element> elements = elementsOf(
        rewriter, loc, memref, base, type, minor, inBounds, /*mask=*/nullptr);
    if (load) {
      rewriter.replaceOp(op, readElements(rewriter, loc, memref, type, elements,
                                          /*padding=*/nullptr));
    } else {
      writeElements(rewriter, loc, store.getValue(), memref, elements);
      rewriter.eraseOp(op);
    }
    return success();
  }
  return failure();
}
