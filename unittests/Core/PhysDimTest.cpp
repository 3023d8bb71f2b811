//===- PhysDimTest.cpp - Morello-style layouts in the normal form ---------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// Layouts written as physical dimensions (Dynamic, Packed, OddEven) compile
// to the same normal form as XLA tilings: checked against a direct
// transcription of the buffer indexing formula, and against equivalent XLA
// layouts.
//
//===----------------------------------------------------------------------===//

#include "tlayout/Core/BufferIndexing.h"

#include "gtest/gtest.h"

using namespace mlir::tlayout;

namespace {

/// The formula: back to front, each physical dimension adds
/// alpha * position, with alpha the volume covered so far; OddEven places
/// even positions of its strip first.
int64_t referenceOffset(llvm::ArrayRef<DimsLayoutEntry> dims,
                        llvm::ArrayRef<int64_t> shape,
                        llvm::ArrayRef<int64_t> index) {
  std::vector<int64_t> covered(shape.size(), 1);
  int64_t alpha = 1, offset = 0;
  for (const DimsLayoutEntry &d : llvm::reverse(dims)) {
    int64_t v = covered[d.logicalDim];
    int64_t x = index[d.logicalDim] / v;
    int64_t size;
    switch (d.kind) {
    case DimsLayoutEntry::Kind::Dynamic:
      size = (shape[d.logicalDim] + v - 1) / v;
      break;
    case DimsLayoutEntry::Kind::Packed:
      size = d.size;
      x %= d.size;
      covered[d.logicalDim] *= d.size;
      break;
    case DimsLayoutEntry::Kind::OddEven:
      size = d.size;
      x %= d.size;
      x = (x % 2) * (d.size / 2) + x / 2;
      covered[d.logicalDim] *= d.size;
      break;
    }
    offset += alpha * x;
    alpha *= size;
  }
  return offset;
}

void checkAgainstFormula(llvm::ArrayRef<DimsLayoutEntry> dims,
                         std::vector<int64_t> shape) {
  llvm::Expected<BufferIndexing> indexing =
      BufferIndexing::compile(dims, shape);
  if (!indexing) {
    std::string message = llvm::toString(indexing.takeError());
    FAIL() << "shape " << shape[0] << "x" << shape[1] << ": " << message;
  }
  int64_t total = *indexing->getNumElements().getConstant();
  std::vector<int> owner(total, -1);
  int64_t count = 1;
  for (int64_t s : shape)
    count *= s;
  std::vector<int64_t> index(shape.size());
  for (int64_t n = 0; n < count; ++n) {
    int64_t rest = n;
    for (size_t i = shape.size(); i-- > 0;) {
      index[i] = rest % shape[i];
      rest /= shape[i];
    }
    int64_t expected = referenceOffset(dims, shape, index);
    llvm::Expected<int64_t> offset = indexing->offsetOf(index);
    ASSERT_TRUE(static_cast<bool>(offset));
    ASSERT_EQ(*offset, expected) << "element " << n;
    ASSERT_LT(expected, total);
    ASSERT_EQ(owner[expected], -1) << "two elements at " << expected;
    owner[expected] = n;
  }
  for (int64_t o = 0; o < total; ++o) {
    auto back = indexing->indexAt(o);
    ASSERT_TRUE(static_cast<bool>(back));
    ASSERT_EQ(back->has_value(), owner[o] >= 0) << "offset " << o;
  }
}

TEST(PhysDimTest, MorelloPackedExampleIsXlaT41) {
  // [1 dynamic, 0 dynamic, 1 packed(4)] on 6x8 places every element like
  // XLA's {0,1:T(4,1)}.
  std::vector<DimsLayoutEntry> dims = {DimsLayoutEntry::dynamic(1),
                                       DimsLayoutEntry::dynamic(0),
                                       DimsLayoutEntry::packed(1, 4)};
  llvm::Expected<BufferIndexing> morello =
      BufferIndexing::compile(dims, {6, 8});
  llvm::Expected<BufferIndexing> xla =
      BufferIndexing::compile(*TiledLayout::parse("{0,1:T(4,1)}"), {6, 8});
  ASSERT_TRUE(static_cast<bool>(morello) && static_cast<bool>(xla));
  EXPECT_TRUE(morello->hasSamePlacementStructure(*xla));
  for (int64_t r = 0; r < 6; ++r)
    for (int64_t c = 0; c < 8; ++c)
      EXPECT_EQ(*morello->offsetOf({r, c}), *xla->offsetOf({r, c}));
  // The derivation in the text: b = d1 mod 4 + 4 d0 + 24 floor(d1 / 4).
  EXPECT_EQ(*morello->offsetOf({5, 7}), 3 + 4 * 5 + 24 * 1);
  // Row-major and column-major are one-liners.
  llvm::Expected<BufferIndexing> rowMajor = BufferIndexing::compile(
      {DimsLayoutEntry::dynamic(0), DimsLayoutEntry::dynamic(1)}, {6, 8});
  llvm::Expected<BufferIndexing> xlaRowMajor =
      BufferIndexing::compile(*TiledLayout::parse("{1,0}"), {6, 8});
  EXPECT_TRUE(rowMajor->hasSamePlacementStructure(*xlaRowMajor));
}

TEST(PhysDimTest, OddEvenStrips) {
  // A strip of 8 along the minor dimension: evens, then odds.
  std::vector<DimsLayoutEntry> dims = {DimsLayoutEntry::dynamic(0),
                                       DimsLayoutEntry::dynamic(1),
                                       DimsLayoutEntry::oddEven(1, 8)};
  llvm::Expected<BufferIndexing> indexing =
      BufferIndexing::compile(dims, {2, 16});
  ASSERT_TRUE(static_cast<bool>(indexing));
  std::vector<int64_t> row;
  for (int64_t c = 0; c < 8; ++c)
    row.push_back(*indexing->offsetOf({0, c}));
  EXPECT_EQ(row, (std::vector<int64_t>{0, 4, 1, 5, 2, 6, 3, 7}));
  EXPECT_EQ(*indexing->offsetOf({1, 9}), 16 + 8 + 4);
  checkAgainstFormula(dims, {2, 16});
}

TEST(PhysDimTest, AgreesWithTheFormula) {
  using K = DimsLayoutEntry;
  std::vector<std::vector<DimsLayoutEntry>> layouts = {
      {K::dynamic(0), K::dynamic(1)},
      {K::dynamic(1), K::dynamic(0)},
      {K::dynamic(1), K::dynamic(0), K::packed(1, 4)},
      {K::dynamic(0), K::dynamic(1), K::packed(0, 2), K::packed(1, 3)},
      {K::dynamic(1), K::dynamic(0), K::packed(0, 3), K::oddEven(1, 4)},
      {K::packed(0, 4), K::dynamic(1), K::packed(0, 2)},
      {K::dynamic(0), K::dynamic(1), K::oddEven(1, 2), K::packed(1, 3)},
      {K::packed(1, 3), K::dynamic(0), K::packed(1, 3)},
  };
  for (const std::vector<DimsLayoutEntry> &dims : layouts)
    for (int64_t a = 1; a <= 7; ++a)
      for (int64_t b = 1; b <= 9; ++b)
        checkAgainstFormula(dims, {a, b});
}

TEST(PhysDimTest, Errors) {
  auto error = [](std::vector<DimsLayoutEntry> dims,
                  std::vector<int64_t> shape) {
    llvm::Expected<BufferIndexing> indexing =
        BufferIndexing::compile(dims, shape);
    return indexing ? std::string() : llvm::toString(indexing.takeError());
  };
  EXPECT_EQ(
      error({DimsLayoutEntry::dynamic(0), DimsLayoutEntry::dynamic(0)}, {4}),
      "dimension 0 has more than one dynamic physical dimension");
  EXPECT_EQ(
      error({DimsLayoutEntry::packed(0, 2), DimsLayoutEntry::dynamic(0)}, {4}),
      "the dynamic physical dimension of dimension 0 must be its "
      "outermost");
  EXPECT_EQ(error({DimsLayoutEntry::dynamic(2)}, {4}),
            "physical dimension 0 refers to dimension 2 of a rank-1 shape");
  EXPECT_EQ(
      error({DimsLayoutEntry::dynamic(0), DimsLayoutEntry::packed(0, 0)}, {4}),
      "physical dimension 1 has non-positive size 0");
  EXPECT_EQ(
      error({DimsLayoutEntry::dynamic(0), DimsLayoutEntry::oddEven(0, 3)}, {4}),
      "odd-even strip of physical dimension 1 has odd size 3");
  EXPECT_EQ(error({DimsLayoutEntry::dynamic(0)}, {4, 3}),
            "dimension 1 is not covered: give it a dynamic physical "
            "dimension or packed sizes that reach its size");
  // Packed pieces that reach the size cover a dimension; size-1 dimensions
  // need no entry.
  EXPECT_EQ(
      error({DimsLayoutEntry::packed(0, 2), DimsLayoutEntry::packed(0, 2)},
            {4, 1}),
      "");
}

} // namespace
