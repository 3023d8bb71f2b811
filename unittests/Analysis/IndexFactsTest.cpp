//===- IndexFactsTest.cpp - Ranges and divisors against enumeration -------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// The facts of affine expressions and of index values in loops, checked
// against every value the operands and loops take over small ranges: each
// value must be admitted (soundness), and where the analysis promises an
// exact range it must be the enumerated minimum and maximum. Then the ends
// of int64, where a fact that would overflow must be weakened, never
// wrapped.
//
//===----------------------------------------------------------------------===//

#include "tlayout/Dialect/TLayout/Analysis/IndexFacts.h"
#include "tlayout/Dialect/TLayout/IR/TLayoutDialect.h"
#include "tlayout/Dialect/TLayout/IR/TLayoutOps.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/StringExtras.h"

#include "gtest/gtest.h"

#include <limits>
#include <string>

using namespace mlir;
using namespace mlir::tlayout;

namespace {

constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
constexpr int64_t kMin = std::numeric_limits<int64_t>::min();

/// `x` as text, for failure messages.
template <typename T> std::string str(const T &x) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << x;
  return text;
}

/// The value of `e` at `dims` (no symbols), computed by upstream's constant
/// folding of affine expressions.
int64_t valueAt(AffineExpr e, ArrayRef<int64_t> dims) {
  MLIRContext *ctx = e.getContext();
  SmallVector<AffineExpr> constants = llvm::map_to_vector(
      dims, [&](int64_t v) { return getAffineConstantExpr(v, ctx); });
  AffineExpr folded = e.replaceDimsAndSymbols(constants, {});
  auto constant = dyn_cast<AffineConstantExpr>(folded);
  EXPECT_TRUE(constant) << "does not fold: " << str(folded);
  return constant ? constant.getValue() : 0;
}

/// The values an index of facts {lo, hi, multiple} takes (both ends known).
SmallVector<int64_t> valuesOf(const IndexFacts &f) {
  SmallVector<int64_t> values;
  for (int64_t v = *f.lo; v <= *f.hi; ++v)
    if (f.admits(v))
      values.push_back(v);
  return values;
}

/// Operand facts over small ranges whose ends are multiples of the divisor
/// (tight facts), single values included.
SmallVector<IndexFacts> smallOperandFacts() {
  SmallVector<IndexFacts> all;
  for (int64_t multiple : {1, 2, 3})
    for (int64_t lo = -4; lo <= 4; ++lo)
      for (int64_t hi = lo; hi <= lo + 6; ++hi) {
        if (lo % multiple != 0 || hi % multiple != 0)
          continue;
        IndexFacts f;
        f.lo = lo;
        f.hi = hi;
        f.multiple = multiple;
        all.push_back(f);
      }
  return all;
}

/// Checks the facts of `e` over two dims against every pair of values.
/// `exact`: the range must be the enumerated one.
void checkAgainstEnumeration(AffineExpr e, bool exact,
                             ArrayRef<IndexFacts> operandFacts) {
  for (const IndexFacts &f0 : operandFacts)
    for (const IndexFacts &f1 : operandFacts) {
      IndexFacts facts = evaluateIndexFacts(e, {f0, f1}, /*numDims=*/2);
      int64_t min = kMax, max = kMin;
      for (int64_t v0 : valuesOf(f0))
        for (int64_t v1 : valuesOf(f1)) {
          int64_t v = valueAt(e, {v0, v1});
          min = std::min(min, v);
          max = std::max(max, v);
          ASSERT_TRUE(facts.admits(v))
              << str(e) << " = " << v << " at d0 = " << v0 << ", d1 = " << v1
              << " is outside [" << (facts.lo ? *facts.lo : kMin) << ", "
              << (facts.hi ? *facts.hi : kMax) << "] or not a multiple of "
              << facts.multiple;
        }
      if (exact) {
        ASSERT_TRUE(facts.lo && facts.hi) << str(e);
        EXPECT_EQ(*facts.lo, min) << str(e);
        EXPECT_EQ(*facts.hi, max) << str(e);
      }
    }
}

TEST(IndexFactsTest, ExpressionsAgainstEnumeration) {
  MLIRContext ctx;
  AffineExpr d0 = getAffineDimExpr(0, &ctx), d1 = getAffineDimExpr(1, &ctx);
  SmallVector<IndexFacts> operands = smallOperandFacts();
  // Monotone in each operand: the range is exact.
  for (AffineExpr e :
       {d0 + d1, d0 * 3, d0 * -2 + d1, d0 + 5, d0.floorDiv(4), d0.ceilDiv(3),
        (d0 + d1 * 2).floorDiv(3), (d0 * 2 + d1).ceilDiv(4)})
    checkAgainstEnumeration(e, /*exact=*/true, operands);
  // Sound only.
  for (AffineExpr e : {d0 % 4, (d0 + d1) % 3, (d0 * 6 + d1) % 4,
                       (d0 % 4).floorDiv(2), ((d0 * 3) % 6) * 2 + d1, d0 * d1,
                       (d0 * d1) % 5, d0.floorDiv(2) * 4 + d1 % 2})
    checkAgainstEnumeration(e, /*exact=*/false, operands);
}

TEST(IndexFactsTest, ModWithinOnePeriodIsExact) {
  MLIRContext ctx;
  AffineExpr d0 = getAffineDimExpr(0, &ctx);
  for (int64_t lo = -9; lo <= 9; ++lo)
    for (int64_t hi = lo; hi <= lo + 3; ++hi) {
      IndexFacts f;
      f.lo = lo;
      f.hi = hi;
      IndexFacts r = evaluateIndexFacts(d0 % 4, {f}, 1);
      bool onePeriod =
          llvm::divideFloorSigned(lo, 4) == llvm::divideFloorSigned(hi, 4);
      ASSERT_TRUE(r.lo && r.hi);
      if (onePeriod) {
        EXPECT_EQ(*r.lo, valueAt(d0 % 4, {lo}));
        EXPECT_EQ(*r.hi, valueAt(d0 % 4, {hi}));
      } else {
        EXPECT_EQ(*r.lo, 0);
        EXPECT_EQ(*r.hi, 3);
      }
      EXPECT_EQ(f.getPeriod(4).has_value(), onePeriod);
    }
}

TEST(IndexFactsTest, TightenKeepsOnlyMultiples) {
  for (int64_t multiple = 1; multiple <= 5; ++multiple)
    for (int64_t lo = -12; lo <= 12; ++lo)
      for (int64_t hi = lo; hi <= lo + 12; ++hi) {
        IndexFacts f;
        f.lo = lo;
        f.hi = hi;
        f.multiple = multiple;
        IndexFacts t = f;
        t.tighten();
        SmallVector<int64_t> multiples;
        for (int64_t v = lo; v <= hi; ++v)
          if (v % multiple == 0)
            multiples.push_back(v);
        if (multiples.empty()) {
          EXPECT_GT(*t.lo, *t.hi);
          continue;
        }
        EXPECT_EQ(*t.lo, multiples.front());
        EXPECT_EQ(*t.hi, multiples.back());
      }
}

//===----------------------------------------------------------------------===//
// Index values in IR
//===----------------------------------------------------------------------===//

/// `body` with LB, UB and STEP replaced by the given values.
std::string instantiate(StringRef body, int64_t lb, int64_t ub, int64_t step) {
  std::string text = body.str();
  for (auto [name, value] :
       {std::pair<StringRef, int64_t>{"LB", lb}, {"UB", ub}, {"STEP", step}})
    for (size_t at = text.find(name); at != std::string::npos;
         at = text.find(name, at))
      text.replace(at, name.size(), std::to_string(value));
  return text;
}

class IndexFactsIRTest : public ::testing::Test {
protected:
  IndexFactsIRTest() {
    ctx.loadDialect<affine::AffineDialect, arith::ArithDialect,
                    func::FuncDialect, scf::SCFDialect, TLayoutDialect>();
  }

  OwningOpRef<ModuleOp> parse(StringRef text) {
    OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(text, &ctx);
    EXPECT_TRUE(module) << text.str();
    return module;
  }

  MLIRContext ctx;
};

/// The facts of a loop's index and of applies, mins and maxes of it,
/// against the values they take, over every small loop.
TEST_F(IndexFactsIRTest, AffineLoopAgainstEnumeration) {
  const char *kBody = R"mlir(
func.func @f() {
  affine.for %i = LB to UB step STEP {
    %a = affine.apply affine_map<(d0) -> (d0 floordiv 4)>(%i)
    %b = affine.apply affine_map<(d0) -> (d0 mod 3)>(%i)
    %c = affine.apply affine_map<(d0) -> (d0 * -2 + 7)>(%i)
    %d = affine.min affine_map<(d0) -> (d0, 4)>(%i)
    %e = affine.max affine_map<(d0) -> (d0 * 2, 5)>(%i)
    %f = affine.apply affine_map<(d0) -> ((d0 mod 6) floordiv 2)>(%i)
    "test.use"(%a, %b, %c, %d, %e, %f) : (index, index, index, index, index, index) -> ()
  }
  return
}
)mlir";
  ctx.allowUnregisteredDialects();
  for (int64_t lb = -5; lb <= 5; ++lb)
    for (int64_t ub = lb + 1; ub <= lb + 11; ++ub)
      for (int64_t step = 1; step <= 3; ++step) {
        std::string text = instantiate(kBody, lb, ub, step);
        OwningOpRef<ModuleOp> module = parse(text);
        ASSERT_TRUE(module);
        affine::AffineForOp loop;
        module->walk([&](affine::AffineForOp op) { loop = op; });
        IndexFactsAnalysis analysis;
        SmallVector<int64_t> ivs;
        for (int64_t i = lb; i < ub; i += step)
          ivs.push_back(i);
        IndexFacts ivFacts = analysis.getFacts(loop.getInductionVar());
        for (int64_t i : ivs)
          ASSERT_TRUE(ivFacts.admits(i)) << text << " i = " << i;
        EXPECT_EQ(ivFacts.lo, lb) << text;
        if (step == 1)
          EXPECT_EQ(ivFacts.hi, ub - 1) << text;

        for (Operation &op : *loop.getBody()) {
          if (op.getNumResults() != 1)
            continue;
          AffineMap map;
          if (auto apply = dyn_cast<affine::AffineApplyOp>(op))
            map = apply.getAffineMap();
          else if (auto min = dyn_cast<affine::AffineMinOp>(op))
            map = min.getMap();
          else if (auto max = dyn_cast<affine::AffineMaxOp>(op))
            map = max.getMap();
          else
            continue;
          IndexFacts facts = analysis.getFacts(op.getResult(0));
          for (int64_t i : ivs) {
            SmallVector<int64_t> results;
            for (AffineExpr r : map.getResults())
              results.push_back(valueAt(r, {i}));
            int64_t v =
                isa<affine::AffineMinOp>(op)   ? *llvm::min_element(results)
                : isa<affine::AffineMaxOp>(op) ? *llvm::max_element(results)
                                               : results.front();
            ASSERT_TRUE(facts.admits(v))
                << text << str(op) << " = " << v << " at i = " << i;
          }
        }
      }
}

/// A loop nest whose inner bounds depend on the outer index, and an
/// scf.for: every value the inner index takes is admitted.
TEST_F(IndexFactsIRTest, NestedAndScfLoopsAgainstEnumeration) {
  const char *kBody = R"mlir(
func.func @f() {
  %lb = arith.constant LB : index
  %ub = arith.constant UB : index
  %step = arith.constant STEP : index
  affine.for %i = LB to UB {
    affine.for %j = affine_map<(d0) -> (d0 * 2)>(%i) to min affine_map<(d0) -> (d0 * 2 + 5, 13)>(%i) {
      "test.use"(%j) : (index) -> ()
    }
  }
  scf.for %k = %lb to %ub step %step {
    "test.use"(%k) : (index) -> ()
  }
  return
}
)mlir";
  ctx.allowUnregisteredDialects();
  for (int64_t lb = -4; lb <= 4; ++lb)
    for (int64_t ub = lb + 1; ub <= lb + 8; ++ub)
      for (int64_t step = 1; step <= 4; ++step) {
        std::string text = instantiate(kBody, lb, ub, step);
        OwningOpRef<ModuleOp> module = parse(text);
        ASSERT_TRUE(module);
        SmallVector<affine::AffineForOp> loops;
        module->walk([&](affine::AffineForOp op) { loops.push_back(op); });
        scf::ForOp scfLoop;
        module->walk([&](scf::ForOp op) { scfLoop = op; });
        ASSERT_EQ(loops.size(), 2u);
        // Post-order walk: the inner loop first.
        IndexFactsAnalysis analysis;
        IndexFacts inner = analysis.getFacts(loops[0].getInductionVar());
        for (int64_t i = lb; i < ub; ++i)
          for (int64_t j = 2 * i; j < std::min(2 * i + 5, int64_t(13)); ++j)
            ASSERT_TRUE(inner.admits(j)) << text << " j = " << j;
        IndexFacts k = analysis.getFacts(scfLoop.getInductionVar());
        for (int64_t v = lb; v < ub; v += step)
          ASSERT_TRUE(k.admits(v)) << text << " k = " << v;
        EXPECT_EQ(k.lo, lb);
        EXPECT_EQ(k.hi, ub - 1 - (ub - 1 - lb) % std::gcd(lb, step));
      }
}

/// tlayout.assume_multiple adds its promise to what is known.
TEST_F(IndexFactsIRTest, AssumeMultiple) {
  OwningOpRef<ModuleOp> module = parse(R"mlir(
func.func @f(%n: index) -> index {
  %c = arith.constant 6 : index
  %m = affine.apply affine_map<()[s0] -> (s0 * 6)>()[%n]
  %a = tlayout.assume_multiple %m, 4 : index
  %b = tlayout.assume_multiple %n, 8 : index
  return %a : index
}
)mlir");
  ASSERT_TRUE(module);
  IndexFactsAnalysis analysis;
  SmallVector<Value> assumed;
  module->walk([&](AssumeMultipleOp op) { assumed.push_back(op); });
  ASSERT_EQ(assumed.size(), 2u);
  EXPECT_EQ(analysis.getFacts(assumed[0]).multiple, 12);
  EXPECT_EQ(analysis.getFacts(assumed[1]).multiple, 8);
  EXPECT_FALSE(analysis.getFacts(assumed[1]).lo.has_value());
}

//===----------------------------------------------------------------------===//
// The ends of int64
//===----------------------------------------------------------------------===//

/// The multiple above `lo` (below `hi`) may not be representable: the end
/// stays as it is instead of wrapping.
TEST(IndexFactsTest, TightenNearTheEndsOfInt64) {
  IndexFacts f;
  f.lo = kMax - 2;
  f.hi = kMax;
  f.multiple = 4;
  f.tighten();
  ASSERT_TRUE(f.lo && f.hi);
  EXPECT_EQ(*f.lo, kMax - 2);
  EXPECT_EQ(*f.hi, kMax - 3);

  IndexFacts g;
  g.lo = kMin;
  g.hi = kMin + 2;
  g.multiple = 3;
  g.tighten();
  ASSERT_TRUE(g.lo && g.hi);
  EXPECT_EQ(*g.lo, kMin + 2);
  EXPECT_EQ(*g.hi, kMin + 2);

  IndexFacts h;
  h.lo = kMin;
  h.hi = kMin + 1;
  h.multiple = 3;
  h.tighten();
  ASSERT_TRUE(h.lo && h.hi);
  EXPECT_EQ(*h.lo, kMin + 2);
  EXPECT_EQ(*h.hi, kMin + 1);
}

/// Sums, products and remainders at the ends of int64 give up the range
/// (or keep a weaker one) where the exact one would overflow.
TEST(IndexFactsTest, ExpressionsNearTheEndsOfInt64) {
  MLIRContext ctx;
  AffineExpr d0 = getAffineDimExpr(0, &ctx), d1 = getAffineDimExpr(1, &ctx);
  IndexFacts big;
  big.lo = kMax - 10;
  big.hi = kMax;
  IndexFacts low;
  low.lo = kMin;
  low.hi = kMin + 1;

  IndexFacts sum = evaluateIndexFacts(d0 + d1, {big, big}, 2);
  EXPECT_FALSE(sum.lo.has_value());
  EXPECT_FALSE(sum.hi.has_value());
  IndexFacts product = evaluateIndexFacts(d0 * 2, {big, big}, 2);
  EXPECT_FALSE(product.lo.has_value());

  // floor(INT64_MIN / 3) * 3 is below INT64_MIN; the remainders are
  // still exact: -2^63 mod 3 is 1.
  IndexFacts rem = evaluateIndexFacts(d0 % 3, {low, low}, 2);
  ASSERT_TRUE(rem.lo && rem.hi);
  EXPECT_EQ(*rem.lo, 1);
  EXPECT_EQ(*rem.hi, 2);
  // Within one representable period the remainder is exact.
  IndexFacts top = evaluateIndexFacts(d0 % 4, {big, big}, 2);
  ASSERT_TRUE(top.lo && top.hi);
  EXPECT_LE(*top.lo, (kMax - 10) % 4 == 0 ? 0 : 3);
  EXPECT_GE(*top.lo, 0);
  EXPECT_LE(*top.hi, 3);

  IndexFacts minConstant = evaluateIndexFacts(
      d0 * std::numeric_limits<int64_t>::min(), {big, big}, 2);
  EXPECT_EQ(minConstant.multiple, 1);
}

} // namespace
