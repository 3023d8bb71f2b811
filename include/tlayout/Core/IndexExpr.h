//===- IndexExpr.h - Pure symbolic index arithmetic -------------*- C++ -*-===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// A small immutable expression language over logical indices (`d<i>`) and
// logical dimension sizes (`s<i>`) with +, *, floordiv, ceildiv and mod. The
// layout core uses it to describe physical sizes, strides and offsets
// symbolically, so that every query also works when dimension sizes are only
// known at run time. It depends on LLVM Support only; the MLIR adapters turn
// it into an `AffineExpr`.
//
//===----------------------------------------------------------------------===//

#ifndef TLAYOUT_CORE_INDEXEXPR_H
#define TLAYOUT_CORE_INDEXEXPR_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

namespace mlir::tlayout {

/// An immutable, shareable symbolic integer expression. Constructors fold
/// constants with overflow-checked arithmetic (an overflowing fold is left
/// unfolded, so that evaluation reports it) and apply a few exact
/// simplifications (`x * 1`, `x floordiv 1`, nested floordivs, ...).
class IndexExpr {
public:
  enum class Kind { Constant, Dim, Symbol, Add, Mul, FloorDiv, CeilDiv, Mod };

  /// The constant 0.
  IndexExpr();
  IndexExpr(int64_t value) : IndexExpr(constant(value)) {}

  static IndexExpr constant(int64_t value);
  /// The logical index along dimension `position`.
  static IndexExpr dim(unsigned position);
  /// The (run-time) size of logical dimension `position`.
  static IndexExpr symbol(unsigned position);

  Kind getKind() const;
  /// The value of a constant expression, or std::nullopt.
  std::optional<int64_t> getConstant() const;
  bool isConstant(int64_t value) const { return getConstant() == value; }
  /// The position of a `Dim` or `Symbol` expression.
  unsigned getPosition() const;
  /// The operands of a binary expression.
  IndexExpr getLHS() const;
  IndexExpr getRHS() const;

  /// Evaluates the expression. Returns std::nullopt on int64 overflow,
  /// division by zero, or a missing dim/symbol value.
  std::optional<int64_t> evaluate(llvm::ArrayRef<int64_t> dims,
                                  llvm::ArrayRef<int64_t> symbols) const;

  /// Whether the expression, written out as a tree, has more than `limit`
  /// nodes. Visits at most `limit + 1` nodes, however large the tree.
  bool hasMoreNodesThan(size_t limit) const {
    return countNodesUpTo(limit) > limit;
  }
  /// The number of nodes of the expression written out as a tree, counted
  /// up to `limit + 1` at most.
  size_t countNodesUpTo(size_t limit) const;

  /// Whether the expression mentions a size symbol `s<i>`.
  bool hasSymbols() const;

  /// The expression with every `d<i>` replaced by `dims[i]`.
  IndexExpr substituteDims(llvm::ArrayRef<IndexExpr> dims) const;

  /// Structural equality.
  bool operator==(const IndexExpr &other) const;
  bool operator!=(const IndexExpr &other) const { return !(*this == other); }

  /// Prints in MLIR affine syntax: `d0 floordiv 8 + s1 * 4`.
  void print(llvm::raw_ostream &os) const;
  std::string str() const;

  friend IndexExpr operator+(const IndexExpr &lhs, const IndexExpr &rhs);
  friend IndexExpr operator*(const IndexExpr &lhs, const IndexExpr &rhs);
  friend IndexExpr floorDiv(const IndexExpr &lhs, const IndexExpr &rhs);
  friend IndexExpr ceilDiv(const IndexExpr &lhs, const IndexExpr &rhs);
  friend IndexExpr mod(const IndexExpr &lhs, const IndexExpr &rhs);

  struct Node;

private:
  explicit IndexExpr(std::shared_ptr<const Node> node)
      : node(std::move(node)) {}
  static IndexExpr binary(Kind kind, const IndexExpr &lhs,
                          const IndexExpr &rhs);
  std::shared_ptr<const Node> node;
};

IndexExpr operator+(const IndexExpr &lhs, const IndexExpr &rhs);
IndexExpr operator*(const IndexExpr &lhs, const IndexExpr &rhs);
IndexExpr floorDiv(const IndexExpr &lhs, const IndexExpr &rhs);
IndexExpr ceilDiv(const IndexExpr &lhs, const IndexExpr &rhs);
IndexExpr mod(const IndexExpr &lhs, const IndexExpr &rhs);

inline llvm::raw_ostream &operator<<(llvm::raw_ostream &os,
                                     const IndexExpr &expr) {
  expr.print(os);
  return os;
}

/// Floor division and modulo with a positive divisor, as in MLIR affine
/// arithmetic (the remainder is never negative).
int64_t floorDivide(int64_t lhs, int64_t rhs);
int64_t ceilDivide(int64_t lhs, int64_t rhs);
int64_t floorMod(int64_t lhs, int64_t rhs);

} // namespace mlir::tlayout

#endif // TLAYOUT_CORE_INDEXEXPR_H
