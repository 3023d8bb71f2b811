//===- IndexExpr.cpp - Pure symbolic index arithmetic ---------------------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// Construction with folding, evaluation with checked arithmetic, and printing
// of IndexExpr.
//
//===----------------------------------------------------------------------===//

#include "tlayout/Core/IndexExpr.h"

#include "tlayout/Core/Printing.h"

#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/ErrorHandling.h"

#include <cassert>

using namespace mlir::tlayout;

struct IndexExpr::Node {
  Kind kind;
  int64_t value; // Constant value, or Dim/Symbol position.
  // Operands of binary nodes; null for leaves. Held as nodes rather than
  // IndexExpr values so that building a leaf does not build more leaves.
  std::shared_ptr<const Node> lhs, rhs;
  Node(Kind kind, int64_t value) : kind(kind), value(value) {}
  Node(Kind kind, std::shared_ptr<const Node> lhs,
       std::shared_ptr<const Node> rhs)
      : kind(kind), value(0), lhs(std::move(lhs)), rhs(std::move(rhs)) {}
};

int64_t mlir::tlayout::floorDivide(int64_t lhs, int64_t rhs) {
  assert(rhs > 0 && "divisor must be positive");
  int64_t q = lhs / rhs;
  if (lhs % rhs != 0 && lhs < 0)
    --q;
  return q;
}

int64_t mlir::tlayout::ceilDivide(int64_t lhs, int64_t rhs) {
  assert(rhs > 0 && "divisor must be positive");
  int64_t q = lhs / rhs;
  if (lhs % rhs != 0 && lhs > 0)
    ++q;
  return q;
}

int64_t mlir::tlayout::floorMod(int64_t lhs, int64_t rhs) {
  assert(rhs > 0 && "divisor must be positive");
  int64_t r = lhs % rhs;
  return r < 0 ? r + rhs : r;
}

//===----------------------------------------------------------------------===//
// Construction
//===----------------------------------------------------------------------===//

IndexExpr::IndexExpr() : IndexExpr(constant(0)) {}

IndexExpr IndexExpr::constant(int64_t value) {
  return IndexExpr(std::make_shared<const Node>(Kind::Constant, value));
}

IndexExpr IndexExpr::dim(unsigned position) {
  return IndexExpr(std::make_shared<const Node>(Kind::Dim, position));
}

IndexExpr IndexExpr::symbol(unsigned position) {
  return IndexExpr(std::make_shared<const Node>(Kind::Symbol, position));
}

IndexExpr::Kind IndexExpr::getKind() const { return node->kind; }

std::optional<int64_t> IndexExpr::getConstant() const {
  if (node->kind == Kind::Constant)
    return node->value;
  return std::nullopt;
}

unsigned IndexExpr::getPosition() const {
  assert((node->kind == Kind::Dim || node->kind == Kind::Symbol) &&
         "not a dim or symbol");
  return static_cast<unsigned>(node->value);
}

IndexExpr IndexExpr::getLHS() const {
  assert(node->lhs && "not a binary expression");
  return IndexExpr(node->lhs);
}
IndexExpr IndexExpr::getRHS() const {
  assert(node->rhs && "not a binary expression");
  return IndexExpr(node->rhs);
}

IndexExpr IndexExpr::binary(Kind kind, const IndexExpr &lhs,
                            const IndexExpr &rhs) {
  return IndexExpr(std::make_shared<const Node>(kind, lhs.node, rhs.node));
}

IndexExpr mlir::tlayout::operator+(const IndexExpr &lhs, const IndexExpr &rhs) {
  std::optional<int64_t> l = lhs.getConstant(), r = rhs.getConstant();
  if (l && r)
    if (std::optional<int64_t> sum = llvm::checkedAdd(*l, *r))
      return IndexExpr::constant(*sum);
  if (l == 0)
    return rhs;
  if (r == 0)
    return lhs;
  // Keep constants on the right.
  if (l && !r)
    return IndexExpr::binary(IndexExpr::Kind::Add, rhs, lhs);
  return IndexExpr::binary(IndexExpr::Kind::Add, lhs, rhs);
}

IndexExpr mlir::tlayout::operator*(const IndexExpr &lhs, const IndexExpr &rhs) {
  std::optional<int64_t> l = lhs.getConstant(), r = rhs.getConstant();
  if (l && r)
    if (std::optional<int64_t> prod = llvm::checkedMul(*l, *r))
      return IndexExpr::constant(*prod);
  if (l == 0 || r == 0)
    return IndexExpr::constant(0);
  if (l == 1)
    return rhs;
  if (r == 1)
    return lhs;
  if (l && !r)
    return IndexExpr::binary(IndexExpr::Kind::Mul, rhs, lhs);
  return IndexExpr::binary(IndexExpr::Kind::Mul, lhs, rhs);
}

IndexExpr mlir::tlayout::floorDiv(const IndexExpr &lhs, const IndexExpr &rhs) {
  std::optional<int64_t> l = lhs.getConstant(), r = rhs.getConstant();
  if (r && *r > 0) {
    if (l)
      return IndexExpr::constant(floorDivide(*l, *r));
    if (*r == 1)
      return lhs;
    // (x floordiv a) floordiv b == x floordiv (a * b) for positive a, b.
    if (lhs.getKind() == IndexExpr::Kind::FloorDiv)
      if (std::optional<int64_t> a = lhs.getRHS().getConstant())
        if (std::optional<int64_t> ab = llvm::checkedMul(*a, *r))
          return floorDiv(lhs.getLHS(), IndexExpr::constant(*ab));
  }
  return IndexExpr::binary(IndexExpr::Kind::FloorDiv, lhs, rhs);
}

IndexExpr mlir::tlayout::ceilDiv(const IndexExpr &lhs, const IndexExpr &rhs) {
  std::optional<int64_t> l = lhs.getConstant(), r = rhs.getConstant();
  if (r && *r > 0) {
    if (l)
      return IndexExpr::constant(ceilDivide(*l, *r));
    if (*r == 1)
      return lhs;
  }
  return IndexExpr::binary(IndexExpr::Kind::CeilDiv, lhs, rhs);
}

IndexExpr mlir::tlayout::mod(const IndexExpr &lhs, const IndexExpr &rhs) {
  std::optional<int64_t> l = lhs.getConstant(), r = rhs.getConstant();
  if (r && *r > 0) {
    if (l)
      return IndexExpr::constant(floorMod(*l, *r));
    if (*r == 1)
      return IndexExpr::constant(0);
    // (x mod a) mod b == x mod b when b divides a.
    if (lhs.getKind() == IndexExpr::Kind::Mod)
      if (std::optional<int64_t> a = lhs.getRHS().getConstant())
        if (*a > 0 && *a % *r == 0)
          return mod(lhs.getLHS(), rhs);
  }
  return IndexExpr::binary(IndexExpr::Kind::Mod, lhs, rhs);
}

//===----------------------------------------------------------------------===//
// Queries
//===----------------------------------------------------------------------===//

std::optional<int64_t>
IndexExpr::evaluate(llvm::ArrayRef<int64_t> dims,
                    llvm::ArrayRef<int64_t> symbols) const {
  switch (node->kind) {
  case Kind::Constant:
    return node->value;
  case Kind::Dim:
    if (static_cast<size_t>(node->value) >= dims.size())
      return std::nullopt;
    return dims[node->value];
  case Kind::Symbol:
    if (static_cast<size_t>(node->value) >= symbols.size())
      return std::nullopt;
    return symbols[node->value];
  default:
    break;
  }
  std::optional<int64_t> l = getLHS().evaluate(dims, symbols);
  std::optional<int64_t> r = getRHS().evaluate(dims, symbols);
  if (!l || !r)
    return std::nullopt;
  switch (node->kind) {
  case Kind::Add:
    return llvm::checkedAdd(*l, *r);
  case Kind::Mul:
    return llvm::checkedMul(*l, *r);
  case Kind::FloorDiv:
    if (*r <= 0)
      return std::nullopt;
    return floorDivide(*l, *r);
  case Kind::CeilDiv:
    if (*r <= 0)
      return std::nullopt;
    return ceilDivide(*l, *r);
  case Kind::Mod:
    if (*r <= 0)
      return std::nullopt;
    return floorMod(*l, *r);
  default:
    llvm_unreachable("leaf kinds handled above");
  }
}

size_t IndexExpr::countNodesUpTo(size_t limit) const {
  // Subexpressions are shared, so the tree can be exponentially larger than
  // the nodes held: count tree nodes with an explicit stack and stop early.
  llvm::SmallVector<const Node *, 16> stack{node.get()};
  size_t count = 0;
  while (!stack.empty()) {
    const Node *n = stack.pop_back_val();
    if (++count > limit)
      return count;
    if (n->lhs)
      stack.push_back(n->lhs.get());
    if (n->rhs)
      stack.push_back(n->rhs.get());
  }
  return count;
}

bool IndexExpr::hasSymbols() const {
  switch (node->kind) {
  case Kind::Constant:
  case Kind::Dim:
    return false;
  case Kind::Symbol:
    return true;
  default:
    return getLHS().hasSymbols() || getRHS().hasSymbols();
  }
}

IndexExpr IndexExpr::substituteDims(llvm::ArrayRef<IndexExpr> dims) const {
  switch (node->kind) {
  case Kind::Constant:
  case Kind::Symbol:
    return *this;
  case Kind::Dim:
    assert(static_cast<size_t>(node->value) < dims.size() && "missing dim");
    return dims[node->value];
  case Kind::Add:
    return getLHS().substituteDims(dims) + getRHS().substituteDims(dims);
  case Kind::Mul:
    return getLHS().substituteDims(dims) * getRHS().substituteDims(dims);
  case Kind::FloorDiv:
    return floorDiv(getLHS().substituteDims(dims),
                    getRHS().substituteDims(dims));
  case Kind::CeilDiv:
    return ceilDiv(getLHS().substituteDims(dims),
                   getRHS().substituteDims(dims));
  case Kind::Mod:
    return mod(getLHS().substituteDims(dims), getRHS().substituteDims(dims));
  }
  llvm_unreachable("every kind handled");
}

bool IndexExpr::operator==(const IndexExpr &other) const {
  if (node == other.node)
    return true;
  if (node->kind != other.node->kind)
    return false;
  switch (node->kind) {
  case Kind::Constant:
  case Kind::Dim:
  case Kind::Symbol:
    return node->value == other.node->value;
  default:
    return getLHS() == other.getLHS() && getRHS() == other.getRHS();
  }
}

static bool isBinary(IndexExpr::Kind kind) {
  return kind != IndexExpr::Kind::Constant && kind != IndexExpr::Kind::Dim &&
         kind != IndexExpr::Kind::Symbol;
}

void IndexExpr::print(llvm::raw_ostream &os) const {
  switch (node->kind) {
  case Kind::Constant:
    os << node->value;
    return;
  case Kind::Dim:
    os << 'd' << node->value;
    return;
  case Kind::Symbol:
    os << 's' << node->value;
    return;
  case Kind::Add:
    getLHS().print(os);
    os << " + ";
    if (getRHS().getKind() == Kind::Add) {
      os << '(';
      getRHS().print(os);
      os << ')';
    } else {
      getRHS().print(os);
    }
    return;
  default:
    break;
  }
  // Multiplicative operators share one precedence level and associate left;
  // a chain of different ones gets parentheses for readability, as MLIR
  // prints `(d0 floordiv 2) mod 4`.
  bool lhsParens =
      getLHS().getKind() == Kind::Add ||
      (isBinary(getLHS().getKind()) && getLHS().getKind() != node->kind);
  if (lhsParens)
    os << '(';
  getLHS().print(os);
  if (lhsParens)
    os << ')';
  switch (node->kind) {
  case Kind::Mul:
    os << " * ";
    break;
  case Kind::FloorDiv:
    os << " floordiv ";
    break;
  case Kind::CeilDiv:
    os << " ceildiv ";
    break;
  case Kind::Mod:
    os << " mod ";
    break;
  default:
    llvm_unreachable("binary kinds only");
  }
  bool rhsParens = isBinary(getRHS().getKind());
  if (rhsParens)
    os << '(';
  getRHS().print(os);
  if (rhsParens)
    os << ')';
}

std::string IndexExpr::str() const { return printToString(*this); }
