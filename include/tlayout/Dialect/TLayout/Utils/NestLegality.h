//===- NestLegality.h - Legality of loop transformations --------*- C++ -*-===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// What the loop transformations prove before they change a nest: whether
// two memrefs are disjoint buffers and whether a permutation of a perfect
// nest keeps every dependence.
//
//===----------------------------------------------------------------------===//

#ifndef TLAYOUT_DIALECT_TLAYOUT_UTILS_NESTLEGALITY_H
#define TLAYOUT_DIALECT_TLAYOUT_UTILS_NESTLEGALITY_H

#include "mlir/Dialect/Affine/IR/AffineOps.h"

namespace mlir::tlayout {

//===----------------------------------------------------------------------===//
// Nest legality
//===----------------------------------------------------------------------===//

/// Whether distinct memref values `a` and `b` are known to hold disjoint
/// buffers (through casts and views): different allocations, different
/// globals, an allocation and anything that existed before it. Distinct
/// arguments of a function are taken not to alias, as upstream's affine
/// transformations take them.
bool isDisjoint(Value a, Value b);
/// Whether permuting `band` (a perfect nest without iter_args) by
/// `permutation` (loop k goes to position permutation[k]) keeps every
/// dependence of the nest. Only what upstream's dependence analysis models
/// is allowed in the nest: affine.load and affine.store (not the affine
/// vector accesses, which it takes for one element), ops without memory
/// effects, and ops whose effects are those of the ops they hold. Anything
/// else (a memref.load, a call, a vector transfer, an atomic, an op of
/// unknown effects) makes it fail, and so do an access to a memref defined
/// in the nest (a view that moves with the loops), two accessed memref
/// values that may be one buffer, and a dependence that cannot be analysed
/// or whose distance has no lower bound.
bool isLegalPermutation(ArrayRef<affine::AffineForOp> band,
                        ArrayRef<unsigned> permutation);

} // namespace mlir::tlayout

#endif // TLAYOUT_DIALECT_TLAYOUT_UTILS_NESTLEGALITY_H
