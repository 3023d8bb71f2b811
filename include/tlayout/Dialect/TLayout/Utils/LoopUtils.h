//===- LoopUtils.h - Strip-mining loops by tiles ----------------*- C++ -*-===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// Strip-mining a loop by the tile size that divides its induction variable,
// with the privatization of reassociable reductions into per-element
// partials across the tiles (the mechanism of --tlayout-simplify-indexing),
// and the reductions and allocation scopes it relies on.
//
//===----------------------------------------------------------------------===//

#ifndef TLAYOUT_DIALECT_TLAYOUT_UTILS_LOOPUTILS_H
#define TLAYOUT_DIALECT_TLAYOUT_UTILS_LOOPUTILS_H

#include "tlayout/Dialect/TLayout/Analysis/IndexFacts.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::tlayout {

//===----------------------------------------------------------------------===//
// Strip-mining
//===----------------------------------------------------------------------===//

/// The largest period `c / gcd(a, c)` of `iv` in a `(a * iv + ...) floordiv
/// c` (or mod, ceildiv) of the affine maps that use it; 0 if there is none
/// (or a coefficient `a` overflows int64).
int64_t findTilePeriod(Value iv);

/// The loops a strip-mined loop became: `outer` over tiles, `inner` over
/// the elements of one tile.
struct StripMinedLoop {
  Operation *outer;
  Operation *inner;
};

/// A reduction carried in a loop's iter_args: the region argument's only
/// use is operand `accPosition` of `combiner`, an associative and
/// commutative op of the loop's body whose only use is the yield, in the
/// argument's position; `identity` is the value its partials start from:
/// the combiner's neutral element where that is not poison under the
/// combiner's fast-math flags, else (a float maximum or minimum) an
/// infinity or the loop's constant initial value.
struct TileReduction {
  Operation *combiner;
  unsigned accPosition;
  TypedAttr identity;
};

/// The reductions of every iter_arg of `loop` if each is one that may be
/// reassociated (integer add and mul without overflow flags, min, max,
/// and, or, xor; float add, mul, min, max with the `reassoc` fastmath
/// flag) on a scalar; std::nullopt if the loop has none or one is not such
/// a reduction.
std::optional<SmallVector<TileReduction>> getTileReductions(Operation *loop);

/// The largest tile for which strip-mining keeps per-element partials of a
/// reduction (a stack buffer of this many elements per reduction).
constexpr int64_t kMaxTilePartials = 1024;

/// Strip-mines `loop` by `c`: a loop over tiles `t` and, inside, a loop of
/// at most `c` iterations `e`, in the same order of iterations, the body's
/// index replaced by `c * t + e`. `facts` proves which bounds are multiples
/// of `c`. A step that does not divide `c` starts each tile at the loop's
/// phase in it, `max((lb - c * t) mod step, lb - c * t)`. Fails, changing
/// nothing, where the step neither divides `c` nor is smaller than it, or
/// the lower bound has several results.
///
/// With `reassociateReductions`, a loop whose iter_args are all
/// reductions that may be reassociated (getTileReductions) carries no
/// values through the new loops: element `e` accumulates into a partial of
/// its own (`memref.alloca` of `c` elements in the enclosing allocation
/// scope, filled with the identity before the loops; only where the loops
/// between are sequential scf and affine loops and conditionals, as a
/// parallel loop's trips would share the buffer), and a loop after
/// them combines the initial values with the `c` partials. Every tile
/// then continues the same `c` partials instead of reducing its elements
/// to one value; the combined result is that of the loop up to the
/// reassociation the combiners allow.
FailureOr<StripMinedLoop> stripMineByTile(affine::AffineForOp loop, int64_t c,
                                          IndexFactsAnalysis &facts,
                                          RewriterBase &rewriter,
                                          bool reassociateReductions = false);

/// As above for an scf.for of constant positive step and signed
/// comparison.
FailureOr<StripMinedLoop> stripMineByTile(scf::ForOp loop, int64_t c,
                                          IndexFactsAnalysis &facts,
                                          RewriterBase &rewriter,
                                          bool reassociateReductions = false);

/// Whether `loop`, whose index is divided by `c`, is better normalized
/// than strip-mined: it steps by a multiple of `c`, or its single lower
/// bound depends on an enclosing loop's index.
bool shouldNormalizeForTile(affine::AffineForOp loop, int64_t c);

/// Whether `op` combines values associatively and commutatively: integer
/// add and mul without overflow flags, min, max, and, or, xor; float add,
/// mul, min, max where its fastmath flags allow reassociation.
bool isReassociableCombiner(Operation *op);

/// Whether combining a value with itself by `combiner` gives the value
/// back (maxima, minima, `andi`, `ori`): partials of such a combiner may
/// start from any value that the reduction combines anyway.
bool isIdempotentCombiner(Operation *combiner);

/// The value that partials combined by `combiner` (isReassociableCombiner)
/// of values of `type` start from, in a reduction whose initial value is the
/// constant `init` (null if it is not a constant); see getTileReductions.
std::optional<TypedAttr> getCombinerIdentity(Operation *combiner, Type type,
                                             Attribute init);

/// The region of the closest allocation scope around `op` (a function or an
/// op with the AutomaticAllocationScope trait) if every op between runs its
/// regions one at a time (sequential scf and affine loops and
/// conditionals), so that a buffer allocated there is private to one
/// execution of `op`; null otherwise.
Region *getAllocationScopeRegion(Operation *op);

} // namespace mlir::tlayout

#endif // TLAYOUT_DIALECT_TLAYOUT_UTILS_LOOPUTILS_H
