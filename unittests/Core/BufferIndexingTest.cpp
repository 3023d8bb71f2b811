//===- BufferIndexingTest.cpp - Worked values of the normal form ----------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// Every worked value from the reference documents, plus symbolic (dynamic)
// sizes and placement equality.
//
//===----------------------------------------------------------------------===//

#include "tlayout/Core/BufferIndexing.h"
#include "tlayout/Core/LayoutAnalysis.h"

#include "Reference.h"

#include "gtest/gtest.h"

using namespace mlir::tlayout;

namespace {

BufferIndexing compile(llvm::StringRef layoutText, std::vector<int64_t> shape) {
  llvm::Expected<TiledLayout> layout = TiledLayout::parse(layoutText);
  EXPECT_TRUE(static_cast<bool>(layout));
  llvm::Expected<BufferIndexing> indexing =
      BufferIndexing::compile(*layout, shape);
  if (!indexing) {
    ADD_FAILURE() << llvm::toString(indexing.takeError());
    std::abort();
  }
  return std::move(*indexing);
}

int64_t offset(const BufferIndexing &indexing, std::vector<int64_t> index) {
  llvm::Expected<int64_t> result = indexing.offsetOf(index);
  if (!result) {
    ADD_FAILURE() << llvm::toString(result.takeError());
    return -1;
  }
  return *result;
}

std::string shapeString(llvm::ArrayRef<IndexExpr> shape) {
  std::string s;
  llvm::raw_string_ostream os(s);
  llvm::interleaveComma(shape, os);
  return s;
}

TEST(BufferIndexingTest, Figure1) {
  // f32[3,5]{1,0:T(2,2)}: 24 elements, (2,3) at 17.
  BufferIndexing indexing = compile("{1,0:T(2,2)}", {3, 5});
  EXPECT_TRUE(indexing.getNumElements().isConstant(24));
  EXPECT_EQ(offset(indexing, {2, 3}), 17);
  EXPECT_EQ(shapeString(indexing.getLevelShapes()[0]), "3, 5");
  EXPECT_EQ(shapeString(indexing.getLevelShapes()[1]), "2, 3, 2, 2");
  EXPECT_EQ(indexing.getOffset().str(),
            "(d0 floordiv 2) * 12 + (d1 floordiv 2) * 4 + (d0 mod 2) * 2 + "
            "d1 mod 2");
  // The inverse: 17 holds (2,3); 19 is padding (row 3 does not exist).
  auto at17 = indexing.indexAt(17);
  ASSERT_TRUE(static_cast<bool>(at17));
  ASSERT_TRUE(at17->has_value());
  EXPECT_EQ(**at17, (llvm::SmallVector<int64_t, 4>{2, 3}));
  auto at19 = indexing.indexAt(19);
  ASSERT_TRUE(static_cast<bool>(at19));
  EXPECT_FALSE(at19->has_value());
  auto at24 = indexing.indexAt(24);
  EXPECT_FALSE(static_cast<bool>(at24));
  EXPECT_EQ(llvm::toString(at24.takeError()),
            "offset 24 is outside the buffer of 24 elements");
}

TEST(BufferIndexingTest, Figure2RepeatedTiling) {
  // 4x8 with (2,4)(2,1): the second tile pairs rows within each 2x4 tile.
  BufferIndexing indexing = compile("{1,0:T(2,4)(2,1)}", {4, 8});
  EXPECT_TRUE(indexing.getNumElements().isConstant(32));
  // First 2x4 tile: (0,0)=0, (1,0)=1, (0,1)=2, (1,1)=3, ...
  EXPECT_EQ(offset(indexing, {0, 0}), 0);
  EXPECT_EQ(offset(indexing, {1, 0}), 1);
  EXPECT_EQ(offset(indexing, {0, 1}), 2);
  EXPECT_EQ(offset(indexing, {1, 3}), 7);
  EXPECT_EQ(offset(indexing, {0, 4}), 8);
  EXPECT_EQ(offset(indexing, {2, 0}), 16);
  EXPECT_EQ(offset(indexing, {3, 7}), 31);
}

TEST(BufferIndexingTest, SecondTileReachingCrossTileDimensions) {
  // 8x8 tiled (2,4)(2,1,1,1) puts (6,5) at 51.
  BufferIndexing indexing = compile("{1,0:T(2,4)(2,1,1,1)}", {8, 8});
  EXPECT_EQ(offset(indexing, {6, 5}), 51);
  EXPECT_EQ(offset(indexing, {6, 5}),
            reference::offsetOf(*TiledLayout::parse("{1,0:T(2,4)(2,1,1,1)}"),
                                {8, 8}, {6, 5}));
}

TEST(BufferIndexingTest, CombinedDimensions) {
  // F32[2,7,8,11,10]{4,3,2,1,0:T(*,*,2,*,3)} indexes like
  // F32[112,110]{1,0:T(2,3)}.
  BufferIndexing combined =
      compile("{4,3,2,1,0:T(*,*,2,*,3)}", {2, 7, 8, 11, 10});
  BufferIndexing flat = compile("{1,0:T(2,3)}", {112, 110});
  EXPECT_EQ(combined.getNumElements().getConstant(),
            flat.getNumElements().getConstant());
  for (int64_t a = 0; a < 2; ++a)
    for (int64_t b = 0; b < 7; ++b)
      for (int64_t c = 0; c < 8; ++c)
        for (int64_t d = 0; d < 11; ++d)
          for (int64_t e = 0; e < 10; ++e)
            ASSERT_EQ(offset(combined, {a, b, c, d, e}),
                      offset(flat, {(a * 7 + b) * 8 + c, d * 10 + e}));
}

/// Whether `expr` divides or takes a remainder by a constant that is not
/// positive.
static bool dividesByNonPositive(const IndexExpr &expr) {
  switch (expr.getKind()) {
  case IndexExpr::Kind::Constant:
  case IndexExpr::Kind::Dim:
  case IndexExpr::Kind::Symbol:
    return false;
  case IndexExpr::Kind::FloorDiv:
  case IndexExpr::Kind::CeilDiv:
  case IndexExpr::Kind::Mod:
    if (std::optional<int64_t> c = expr.getRHS().getConstant(); c && *c <= 0)
      return true;
    break;
  default:
    break;
  }
  return dividesByNonPositive(expr.getLHS()) ||
         dividesByNonPositive(expr.getRHS());
}

TEST(BufferIndexingTest, CombinedSizeZeroHasNoDivisionByZero) {
  // A combination with a part of size 0 has no elements; its inverse must
  // not divide by that size.
  for (const std::vector<int64_t> &shape :
       {std::vector<int64_t>{3, 0}, std::vector<int64_t>{0, 3},
        std::vector<int64_t>{0, 0}}) {
    BufferIndexing indexing = compile("{1,0:T(*,2)}", shape);
    EXPECT_TRUE(indexing.getNumElements().isConstant(0));
    const InverseMap &inverse = indexing.getInverse();
    for (const IndexExpr &e : inverse.logicalIndex)
      EXPECT_FALSE(dividesByNonPositive(e)) << e.str();
    for (const auto &[value, bound] : inverse.guards) {
      EXPECT_FALSE(dividesByNonPositive(value));
      EXPECT_FALSE(dividesByNonPositive(bound));
    }
    for (const IndexExpr &e : indexing.getPhysicalIndices())
      EXPECT_FALSE(dividesByNonPositive(e));
  }
}

TEST(BufferIndexingTest, TpuSizes) {
  // bf16[2,3,1004]{2,1,0:T(8,128)(2,1)}: 16384 elements, 32768 bytes.
  BufferIndexing bf16 = compile("{2,1,0:T(8,128)(2,1)}", {2, 3, 1004});
  Footprint fp = getFootprint(bf16, 16);
  EXPECT_TRUE(fp.physicalElements.isConstant(16384));
  EXPECT_TRUE(fp.physicalBytes.isConstant(32768));
  EXPECT_TRUE(fp.logicalBytes.isConstant(2 * 3 * 1004 * 2));
  // f32[123,456]{1,0:T(8,128)}: 65536 elements.
  BufferIndexing f32 = compile("{1,0:T(8,128)}", {123, 456});
  EXPECT_TRUE(f32.getNumElements().isConstant(65536));
  // f32[5]{0:T(2,4)}: a tile longer than the shape, 16 elements.
  BufferIndexing rank1 = compile("{0:T(2,4)}", {5});
  EXPECT_TRUE(rank1.getNumElements().isConstant(16));
  EXPECT_EQ(offset(rank1, {4}), 8);
  // s32[8388608,8,4]{2,1,0:T(8,128)}: 32x padding.
  BufferIndexing s32 = compile("{2,1,0:T(8,128)}", {8388608, 8, 4});
  std::optional<double> ratio = getFootprint(s32, 32).paddingRatio;
  ASSERT_TRUE(ratio.has_value());
  EXPECT_DOUBLE_EQ(*ratio, 32.0);
}

TEST(BufferIndexingTest, TailPaddingAndElementSize) {
  // T(42,123)(4,5)L(100)E(42) on [3,4,5,6]: L rounds the count up to 100s.
  llvm::Expected<TiledLayout> layout =
      TiledLayout::parse("{3,2,1,0:T(42,123)(4,5)L(100)E(64)}");
  ASSERT_TRUE(static_cast<bool>(layout));
  llvm::Expected<BufferIndexing> indexing =
      BufferIndexing::compile(*layout, {3, 4, 5, 6});
  ASSERT_TRUE(static_cast<bool>(indexing));
  int64_t tiled = *indexing->getTiledNumElements().getConstant();
  int64_t total = *indexing->getNumElements().getConstant();
  EXPECT_EQ(total % 100, 0);
  EXPECT_GE(total, tiled);
  EXPECT_LT(total - tiled, 100);
  EXPECT_EQ(total, reference::physicalSize(*layout, {3, 4, 5, 6}));
  // Offsets past the tiled elements are tail padding.
  auto tail = indexing->indexAt(total - 1);
  ASSERT_TRUE(static_cast<bool>(tail));
  if (total > tiled)
    EXPECT_FALSE(tail->has_value());
  // s4 with E(4): two elements a byte.
  BufferIndexing s4 = compile("{1,0:T(2,128)E(4)}", {2, 256});
  EXPECT_TRUE(getFootprint(s4, 4).physicalBytes.isConstant(256));
}

TEST(BufferIndexingTest, DynamicSizesAreSymbolic) {
  BufferIndexing indexing = compile("{1,0:T(8,128)}", {kDynamicSize, 256});
  EXPECT_FALSE(indexing.hasStaticShape());
  EXPECT_EQ(indexing.getNumElements().str(), "(s0 ceildiv 8) * 2048");
  EXPECT_EQ(shapeString(indexing.getLevelShapes().back()),
            "s0 ceildiv 8, 2, 8, 128");
  llvm::Expected<int64_t> o = indexing.offsetOf({9, 130}, {10, 256});
  ASSERT_TRUE(static_cast<bool>(o));
  EXPECT_EQ(*o, reference::offsetOf(*TiledLayout::parse("{1,0:T(8,128)}"),
                                    {10, 256}, {9, 130}));
  llvm::Expected<int64_t> missing = indexing.offsetOf({0, 0});
  ASSERT_FALSE(static_cast<bool>(missing));
  EXPECT_EQ(llvm::toString(missing.takeError()),
            "the shape has dynamic dimensions: give their sizes");
  // Combined dynamic dimensions use the size as a symbol.
  BufferIndexing combined = compile("{1,0:T(*,4)}", {3, kDynamicSize});
  EXPECT_EQ(combined.getOffset().str(),
            "((d0 * s1 + d1) floordiv 4) * 4 + (d0 * s1 + d1) mod 4");
  EXPECT_EQ(combined.getNumElements().str(), "((s1 * 3) ceildiv 4) * 4");
}

TEST(BufferIndexingTest, OutOfBoundsIndex) {
  BufferIndexing indexing = compile("{1,0:T(2,2)}", {3, 5});
  llvm::Expected<int64_t> o = indexing.offsetOf({3, 0});
  ASSERT_FALSE(static_cast<bool>(o));
  EXPECT_EQ(llvm::toString(o.takeError()),
            "index 3 is out of bounds for dimension 0 of size 3");
}

TEST(BufferIndexingTest, PlacementEquality) {
  auto same = [](llvm::StringRef a, llvm::StringRef b,
                 std::vector<int64_t> shape) {
    TiledLayout la = *TiledLayout::parse(a), lb = *TiledLayout::parse(b);
    llvm::Expected<PlacementComparison> result =
        comparePlacement(*BufferIndexing::compile(la, shape),
                         *BufferIndexing::compile(lb, shape));
    EXPECT_TRUE(static_cast<bool>(result));
    return la.elementSizeInBits == lb.elementSizeInBits && result->same;
  };
  EXPECT_TRUE(same("{1,0}", "{1,0:T(1,1)}", {3, 5}));
  EXPECT_TRUE(same("{1,0:T(2,2)}", "{1,0:T(2,2)(1,1)}", {3, 5}));
  EXPECT_TRUE(same("{1,0}", "{1,0:T(1,128)}", {8, 256}));
  EXPECT_TRUE(same("{1,0}", "{0,1}", {1, 5}));
  EXPECT_FALSE(same("{1,0}", "{1,0:T(1,128)}", {8, 200}));
  EXPECT_FALSE(same("{1,0}", "{0,1}", {3, 5}));
  EXPECT_FALSE(same("{1,0:T(2,2)}", "{1,0:T(2,2)L(32)}", {3, 5}));
  EXPECT_FALSE(same("{1,0:E(4)}", "{1,0}", {3, 5}));
  // Equal placements the structure alone does not show: a tile on a unit
  // dimension and padding that a larger tile holds.
  EXPECT_TRUE(same("{0}", "{0:T(128)}", {128}));
  EXPECT_TRUE(same("{1,0:T(2,16)}", "{1,0}", {8, 16}));
  EXPECT_TRUE(same("{0:T(8)}", "{0:T(8)(4)}", {5}));
  EXPECT_TRUE(same("{0:T(16)}", "{0:T(8)}", {12}));
  EXPECT_FALSE(same("{0:T(16)}", "{0:T(8)}", {5}));
}

TEST(BufferIndexingTest, MultiResultMap) {
  BufferIndexing indexing =
      compile("{3,2,0,1:T(8,128)(2,1)}", {8, 1, 1280, 16384});
  std::string results;
  llvm::raw_string_ostream os(results);
  llvm::interleaveComma(indexing.getPhysicalIndices(), os);
  // The second tile splits the row-in-tile d2 mod 8 into pairs: (d2 floordiv
  // 2) mod 4 and d2 mod 2; the lane d3 mod 128 is split by 1.
  EXPECT_EQ(results, "d1, d0, d2 floordiv 8, d3 floordiv 128, (d2 floordiv 2) "
                     "mod 4, d3 mod 128, d2 mod 2, 0");
}

} // namespace
