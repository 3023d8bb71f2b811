//===- LayoutAnalysisTest.cpp - Contiguity, vectors, tiles, windows -------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// Every answer of the analyses is checked by enumeration: what they claim
// contiguous is contiguous for every element of small shapes, and windows
// give every element of the view its offset in the root.
//
//===----------------------------------------------------------------------===//

#include "tlayout/Core/LayoutAnalysis.h"
#include "tlayout/Core/DimsLayout.h"

#include "Reference.h"

#include "gtest/gtest.h"

#include <algorithm>

using namespace mlir::tlayout;
using K = DimsLayoutEntry;

namespace {

using reference::allIndices;

/// Layouts of rank 2 in both models.
std::vector<std::pair<std::string, std::function<llvm::Expected<BufferIndexing>(
                                       llvm::ArrayRef<int64_t>)>>>
sampleLayouts() {
  std::vector<std::pair<
      std::string,
      std::function<llvm::Expected<BufferIndexing>(llvm::ArrayRef<int64_t>)>>>
      result;
  for (const char *text :
       {"{1,0}", "{0,1}", "{1,0:T(2,2)}", "{0,1:T(4,1)}", "{1,0:T(2,3)}",
        "{1,0:T(4,2)(2,1)}", "{0,1:T(2,4)(2,2)}", "{1,0:T(3)}",
        "{1,0:T(2,*,2)}", "{1,0:T(4,4)L(8)}"}) {
    TiledLayout layout = *TiledLayout::parse(text);
    result.push_back({text, [layout](llvm::ArrayRef<int64_t> shape) {
                        return BufferIndexing::compile(layout, shape);
                      }});
  }
  std::vector<std::vector<DimsLayoutEntry>> dimsLayouts = {
      {K::dynamic(1), K::dynamic(0), K::packed(1, 4)},
      {K::dynamic(0), K::dynamic(1), K::oddEven(1, 4)},
      {K::dynamic(0), K::dynamic(1), K::packed(0, 2), K::packed(1, 3)},
      {K::dynamic(1), K::packed(1, 2), K::dynamic(0), K::packed(0, 2)},
  };
  for (const auto &dims : dimsLayouts)
    result.push_back(
        {printPhysDims(dims), [dims](llvm::ArrayRef<int64_t> shape) {
           return BufferIndexing::compile(dims, shape);
         }});
  return result;
}

TEST(LayoutAnalysisTest, ContiguityIsSound) {
  for (const auto &[name, compile] : sampleLayouts())
    for (int64_t a = 1; a <= 6; ++a)
      for (int64_t b = 1; b <= 9; ++b) {
        std::vector<int64_t> shape = {a, b};
        auto indexing = llvm::expectedToOptional(compile(shape));
        if (!indexing)
          continue;
        auto contiguity = getContiguity(*indexing);
        for (unsigned dim = 0; dim < 2; ++dim) {
          std::optional<int64_t> length = contiguity[dim].length.getConstant();
          ASSERT_TRUE(length.has_value());
          int64_t run = contiguity[dim].wholeDimension ? shape[dim] : *length;
          for (const auto &index : allIndices(shape)) {
            if (index[dim] % run != 0)
              continue;
            int64_t start = *indexing->offsetOf(index);
            auto next = index;
            for (int64_t j = 1; j < run && index[dim] + j < shape[dim]; ++j) {
              next[dim] = index[dim] + j;
              ASSERT_EQ(*indexing->offsetOf(next), start + j)
                  << name << " dim " << dim << " run " << run;
            }
          }
        }
      }
}

TEST(LayoutAnalysisTest, ContiguityExamples) {
  auto runs = [](const char *layout, std::vector<int64_t> shape) {
    auto indexing = BufferIndexing::compile(*TiledLayout::parse(layout), shape);
    std::string s;
    for (const Contiguity &c : getContiguity(*indexing))
      s += (s.empty() ? "" : " ") + c.length.str() +
           (c.wholeDimension ? "*" : "");
    return s;
  };
  EXPECT_EQ(runs("{1,0}", {6, 8}), "1 8*");
  EXPECT_EQ(runs("{0,1}", {6, 8}), "6* 1");
  EXPECT_EQ(runs("{1,0}", {kDynamicSize, kDynamicSize}), "1 s1*");
  EXPECT_EQ(runs("{1,0:T(8,128)}", {16, 256}), "1 128");
  EXPECT_EQ(runs("{1,0:T(8,128)}", {16, 100}), "1 100*");
  // Pairs of rows interleave: (2,1) makes dimension 0 the fastest.
  EXPECT_EQ(runs("{1,0:T(8,128)(2,1)}", {16, 256}), "2 1");
  EXPECT_EQ(runs("{0,1:T(4,1)}", {6, 8}), "1 4");
  auto oddEven = BufferIndexing::compile(
      {K::dynamic(0), K::dynamic(1), K::oddEven(1, 8)}, {2, 16});
  EXPECT_EQ(getContiguity(*oddEven)[1].length.str(), "1");
}

TEST(LayoutAnalysisTest, WidestVectorIsContiguous) {
  for (const auto &[name, compile] : sampleLayouts())
    for (int64_t a = 1; a <= 5; ++a)
      for (int64_t b = 1; b <= 9; ++b) {
        std::vector<int64_t> shape = {a, b};
        auto indexing = llvm::expectedToOptional(compile(shape));
        if (!indexing)
          continue;
        for (unsigned dim = 0; dim < 2; ++dim)
          for (int64_t alignment = 1; alignment <= 8; ++alignment) {
            int64_t w = getWidestVector(*indexing, dim, alignment);
            ASSERT_GE(w, 1);
            int64_t width = std::min(w, shape[dim]);
            for (const auto &index : allIndices(shape)) {
              if (index[dim] % alignment != 0 ||
                  index[dim] + width > shape[dim])
                continue;
              int64_t start = *indexing->offsetOf(index);
              auto next = index;
              for (int64_t j = 1; j < width; ++j) {
                next[dim] = index[dim] + j;
                ASSERT_EQ(*indexing->offsetOf(next), start + j)
                    << name << " dim " << dim << " alignment " << alignment;
              }
            }
          }
      }
  auto tiled =
      BufferIndexing::compile(*TiledLayout::parse("{1,0:T(8,128)}"), {16, 256});
  EXPECT_EQ(getWidestVector(*tiled, 1, 16), 16);
  EXPECT_EQ(getWidestVector(*tiled, 1, 256), 128);
  EXPECT_EQ(getWidestVector(*tiled, 1, 6), 2);
  EXPECT_EQ(getWidestVector(*tiled, 0, 8), 1);
  auto rowMajor =
      BufferIndexing::compile(*TiledLayout::parse("{1,0}"), {16, 256});
  EXPECT_EQ(getWidestVector(*rowMajor, 1, 1), kUnboundedWidth);
}

/// Brute force: every aligned tile covers a contiguous range of offsets.
bool bruteTileContiguous(const BufferIndexing &indexing,
                         llvm::ArrayRef<int64_t> shape,
                         llvm::ArrayRef<int64_t> tile) {
  for (const auto &start : allIndices(shape)) {
    if (start[0] % tile[0] || start[1] % tile[1])
      continue;
    std::vector<int64_t> offsets;
    for (int64_t i = 0; i < tile[0] && start[0] + i < shape[0]; ++i)
      for (int64_t j = 0; j < tile[1] && start[1] + j < shape[1]; ++j)
        offsets.push_back(*indexing.offsetOf({start[0] + i, start[1] + j}));
    auto [lo, hi] = std::minmax_element(offsets.begin(), offsets.end());
    if (*hi - *lo + 1 != static_cast<int64_t>(offsets.size()))
      return false;
  }
  return true;
}

TEST(LayoutAnalysisTest, TileContiguityIsSound) {
  int claimed = 0;
  for (const auto &[name, compile] : sampleLayouts())
    for (int64_t a = 1; a <= 8; ++a)
      for (int64_t b = 1; b <= 8; ++b) {
        std::vector<int64_t> shape = {a, b};
        auto indexing = llvm::expectedToOptional(compile(shape));
        if (!indexing)
          continue;
        for (int64_t t0 = 1; t0 <= a; ++t0)
          for (int64_t t1 = 1; t1 <= b; ++t1) {
            // Whole tiles only: edge tiles with padding are ragged.
            if (a % t0 || b % t1)
              continue;
            if (!isTileContiguous(*indexing, {t0, t1}))
              continue;
            ++claimed;
            ASSERT_TRUE(bruteTileContiguous(*indexing, shape, {t0, t1}))
                << name << " on " << a << "x" << b << " tile " << t0 << "x"
                << t1;
          }
      }
  EXPECT_GT(claimed, 1000);
  auto tiled =
      BufferIndexing::compile(*TiledLayout::parse("{1,0:T(8,128)}"), {16, 256});
  EXPECT_TRUE(isTileContiguous(*tiled, {8, 128}));
  EXPECT_TRUE(isTileContiguous(*tiled, {1, 128}));
  EXPECT_TRUE(isTileContiguous(*tiled, {2, 128}));
  EXPECT_TRUE(isTileContiguous(*tiled, {1, 32}));
  EXPECT_FALSE(isTileContiguous(*tiled, {8, 64}));
  EXPECT_FALSE(isTileContiguous(*tiled, {16, 128}));
  EXPECT_TRUE(isTileContiguous(*tiled, {8, 256}));
}

TEST(LayoutAnalysisTest, WindowsPlaceEveryElement) {
  int windows = 0;
  for (const auto &[name, compile] : sampleLayouts())
    for (int64_t a = 1; a <= 6; ++a)
      for (int64_t b = 1; b <= 6; ++b) {
        auto root = llvm::expectedToOptional(compile({a, b}));
        if (!root)
          continue;
        for (int64_t va = 1; va <= a; ++va)
          for (int64_t vb = 1; vb <= b; ++vb) {
            auto view = llvm::expectedToOptional(compile({va, vb}));
            if (!view)
              continue;
            for (int64_t oa = 0; oa + va <= a; ++oa)
              for (int64_t ob = 0; ob + vb <= b; ++ob) {
                llvm::SmallVector<int64_t> origin;
                if (!isWindowOf(*view, *root, {oa, ob}, &origin))
                  continue;
                ++windows;
                int64_t base = 0;
                for (auto [k, dim] : llvm::enumerate(root->getDims()))
                  base += origin[k] * *dim.stride.getConstant();
                auto physical = view->getPhysicalIndices();
                for (const auto &e : allIndices({va, vb})) {
                  int64_t offset = base;
                  for (auto [k, dim] : llvm::enumerate(root->getDims()))
                    offset += *physical[k].evaluate(e, {va, vb}) *
                              *dim.stride.getConstant();
                  ASSERT_EQ(offset, *root->offsetOf({e[0] + oa, e[1] + ob}))
                      << name << " view " << va << "x" << vb << " at " << oa
                      << "," << ob;
                }
              }
          }
      }
  EXPECT_GT(windows, 1000);
  auto root =
      BufferIndexing::compile(*TiledLayout::parse("{1,0:T(8,128)}"), {32, 512});
  auto view =
      BufferIndexing::compile(*TiledLayout::parse("{1,0:T(8,128)}"), {16, 256});
  llvm::SmallVector<int64_t> origin;
  EXPECT_TRUE(isWindowOf(*view, *root, {8, 128}, &origin));
  EXPECT_EQ(origin, (llvm::SmallVector<int64_t>{1, 1, 0, 0}));
  EXPECT_FALSE(isWindowOf(*view, *root, {4, 128}));
}

} // namespace

namespace {

BufferIndexing compileXla(const char *layout, std::vector<int64_t> shape) {
  return llvm::cantFail(BufferIndexing::compile(
      llvm::cantFail(TiledLayout::parse(layout)), shape));
}

} // namespace

TEST(LayoutAnalysisTest, ComparePlacementAgreesWithEveryOffset) {
  const char *layouts[] = {"{1,0}",           "{0,1}",        "{1,0:T(2,2)}",
                           "{1,0:T(1,4)}",    "{1,0:T(2,1)}", "{0,1:T(2,1)}",
                           "{1,0:T(4)}",      "{1,0:T(1,1)}", "{1,0:T(2,*)}",
                           "{1,0:T(2,2)L(8)}"};
  for (int64_t rows = 1; rows <= 4; ++rows)
    for (int64_t cols = 1; cols <= 5; ++cols)
      for (const char *a : layouts)
        for (const char *b : layouts) {
          std::vector<int64_t> shape = {rows, cols};
          auto ia = llvm::expectedToOptional(BufferIndexing::compile(
              llvm::cantFail(TiledLayout::parse(a)), shape));
          auto ib = llvm::expectedToOptional(BufferIndexing::compile(
              llvm::cantFail(TiledLayout::parse(b)), shape));
          if (!ia || !ib)
            continue;
          std::string what = std::string(a) + " vs " + b + " on " +
                             std::to_string(rows) + "x" + std::to_string(cols);
          auto result = comparePlacement(*ia, *ib);
          ASSERT_TRUE(static_cast<bool>(result)) << what;
          std::optional<std::vector<int64_t>> first;
          for (const auto &index : allIndices(shape))
            if (*ia->offsetOf(index) != *ib->offsetOf(index)) {
              first = index;
              break;
            }
          bool same = !first && *ia->getNumElements().getConstant() ==
                                    *ib->getNumElements().getConstant();
          EXPECT_EQ(result->same, same) << what;
          ASSERT_EQ(result->firstDifference.has_value(), first.has_value())
              << what;
          if (first)
            EXPECT_EQ(std::vector<int64_t>(result->firstDifference->begin(),
                                           result->firstDifference->end()),
                      *first)
                << what;
        }
}

TEST(LayoutAnalysisTest, ComparePlacementOfTransposes) {
  // A column-major 3x5 array is its row-major 5x3 transpose.
  auto r = comparePlacement(compileXla("{0,1}", {3, 5}),
                            compileXla("{1,0}", {5, 3}), {1, 0});
  ASSERT_TRUE(static_cast<bool>(r));
  EXPECT_TRUE(r->same);
  r = comparePlacement(compileXla("{1,0}", {3, 5}), compileXla("{1,0}", {5, 3}),
                       {1, 0});
  ASSERT_TRUE(static_cast<bool>(r));
  EXPECT_FALSE(r->same);
  ASSERT_TRUE(r->firstDifference.has_value());
  EXPECT_EQ(llvm::ArrayRef<int64_t>(*r->firstDifference),
            llvm::ArrayRef<int64_t>({0, 1}));
  EXPECT_EQ(r->offsetA, 1);
  EXPECT_EQ(r->offsetB, 3);
  // Bad requests are errors.
  EXPECT_FALSE(static_cast<bool>(llvm::expectedToOptional(comparePlacement(
      compileXla("{1,0}", {3, 5}), compileXla("{1,0}", {3, 5}), {0, 0}))));
  EXPECT_FALSE(static_cast<bool>(llvm::expectedToOptional(comparePlacement(
      compileXla("{1,0}", {3, 5}), compileXla("{1,0}", {3, 4})))));
}

TEST(LayoutAnalysisTest, ComparePlacementOfTransposesAgreesWithEveryOffset) {
  // Every pair of layouts on a shape and its transpose, ranks 2 and 3: the
  // answer (decided on renamed normal forms where they match, element by
  // element otherwise) is what every offset says.
  const char *layouts2[] = {"{1,0}",        "{0,1}",        "{1,0:T(2,2)}",
                            "{0,1:T(2,2)}", "{1,0:T(1,4)}", "{0,1:T(1,4)}",
                            "{1,0:T(2,1)}", "{0,1:T(4,1)}", "{1,0:T(4)}",
                            "{0,1:T(2,3)}", "{1,0:T(2,*)}", "{1,0:T(2,2)L(8)}"};
  const char *layouts3[] = {
      "{2,1,0}",        "{0,1,2}",        "{1,0,2}",        "{2,0,1}",
      "{2,1,0:T(2,2)}", "{0,2,1:T(2,2)}", "{1,2,0:T(2,2)}", "{0,1,2:T(2,1)}"};
  std::vector<std::vector<int64_t>> perms2 = {{1, 0}, {0, 1}};
  std::vector<std::vector<int64_t>> perms3 = {
      {2, 0, 1}, {1, 0, 2}, {0, 2, 1}, {2, 1, 0}};
  unsigned same = 0, compared = 0;
  auto check = [&](const char *a, const char *b, std::vector<int64_t> shape,
                   const std::vector<int64_t> &perm) {
    std::vector<int64_t> transposed(shape.size());
    for (size_t k = 0; k < perm.size(); ++k)
      transposed[k] = shape[perm[k]];
    auto ia = llvm::expectedToOptional(
        BufferIndexing::compile(llvm::cantFail(TiledLayout::parse(a)), shape));
    auto ib = llvm::expectedToOptional(BufferIndexing::compile(
        llvm::cantFail(TiledLayout::parse(b)), transposed));
    if (!ia || !ib)
      return;
    std::string what = std::string(a) + " vs " + b;
    for (int64_t s : shape)
      what += " " + std::to_string(s);
    auto result = comparePlacement(*ia, *ib, perm);
    ASSERT_TRUE(static_cast<bool>(result)) << what;
    bool differs = false;
    for (const auto &index : allIndices(shape)) {
      std::vector<int64_t> permuted(index.size());
      for (size_t k = 0; k < perm.size(); ++k)
        permuted[k] = index[perm[k]];
      if (*ia->offsetOf(index) != *ib->offsetOf(permuted)) {
        differs = true;
        break;
      }
    }
    bool expected = !differs && *ia->getNumElements().getConstant() ==
                                    *ib->getNumElements().getConstant();
    EXPECT_EQ(result->same, expected) << what;
    same += expected;
    ++compared;
  };
  for (int64_t rows = 1; rows <= 5; ++rows)
    for (int64_t cols = 1; cols <= 5; ++cols)
      for (const char *a : layouts2)
        for (const char *b : layouts2)
          for (const auto &perm : perms2)
            check(a, b, {rows, cols}, perm);
  for (int64_t d0 = 1; d0 <= 3; ++d0)
    for (int64_t d1 = 1; d1 <= 3; ++d1)
      for (int64_t d2 = 1; d2 <= 4; ++d2)
        for (const char *a : layouts3)
          for (const char *b : layouts3)
            for (const auto &perm : perms3)
              check(a, b, {d0, d1, d2}, perm);
  // Both answers occur often.
  EXPECT_GT(same, 500u);
  EXPECT_GT(compared - same, 5000u);
}
