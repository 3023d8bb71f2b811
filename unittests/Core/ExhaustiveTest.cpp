//===- ExhaustiveTest.cpp - Normal form vs. brute-force enumeration -------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// For every shape of rank 1 to 3 with sizes 1 to 7, every minor_to_major
// permutation and a family of one- and two-level tilings (combine markers,
// tiles longer than the shape, uneven later tiles, tail padding), checks that
//  - the physical size and every level shape agree with the reference;
//  - the forward map agrees with the reference, is injective and stays
//    below the tiled size;
//  - the inverse map undoes the forward map and reports every other offset
//    as padding.
//
//===----------------------------------------------------------------------===//

#include "tlayout/Core/BufferIndexing.h"

#include "Reference.h"

#include "llvm/ADT/STLExtras.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <numeric>

using namespace mlir::tlayout;

namespace {

using reference::forEachIndex;

constexpr int64_t kStar = Tile::kCombine;

/// All tiles of length 1..maxLength with entries from `entries`, not ending
/// in `*`.
std::vector<Tile> allTiles(size_t maxLength, std::vector<int64_t> entries) {
  std::vector<Tile> result;
  std::vector<Tile> frontier = {Tile()};
  for (size_t len = 1; len <= maxLength; ++len) {
    std::vector<Tile> next;
    for (const Tile &t : frontier)
      for (int64_t e : entries) {
        Tile grown = t;
        grown.dims.push_back(e);
        next.push_back(grown);
        if (e != kStar)
          result.push_back(grown);
      }
    frontier = std::move(next);
  }
  return result;
}

/// The tilings to test for a rank: no tiles; every first tile from a small
/// alphabet; and each of those followed by a set of second tiles.
std::vector<std::vector<Tile>> tilingsFor(size_t rank) {
  std::vector<int64_t> alphabet = rank <= 2
                                      ? std::vector<int64_t>{kStar, 1, 2, 3, 4}
                                      : std::vector<int64_t>{kStar, 2, 3};
  std::vector<Tile> firsts = allTiles(rank, alphabet);
  // Tiles longer than the shape.
  firsts.push_back(Tile(std::vector<int64_t>(rank + 1, 2)));
  firsts.push_back(Tile(std::vector<int64_t>(rank + 1, 1)));
  std::vector<Tile> seconds = {Tile{2, 1},   Tile{1, 2},     Tile{2},
                               Tile{3},      Tile{kStar, 2}, Tile{2, kStar, 3},
                               Tile{4, 1, 1}};
  std::vector<std::vector<Tile>> result = {{}};
  for (const Tile &first : firsts) {
    result.push_back({first});
    if (rank < 3 || first.dims.size() <= 2)
      for (const Tile &second : seconds)
        result.push_back({first, second});
  }
  return result;
}

void forEachShape(size_t rank, int64_t maxSize,
                  llvm::function_ref<void(const std::vector<int64_t> &)> fn) {
  std::vector<int64_t> bounds(rank, maxSize);
  forEachIndex(bounds, [&](const std::vector<int64_t> &zeroBased) {
    std::vector<int64_t> shape = zeroBased;
    for (int64_t &s : shape)
      ++s;
    fn(shape);
  });
}

std::string describe(const TiledLayout &layout,
                     const std::vector<int64_t> &shape) {
  std::string s = "shape [";
  for (int64_t d : shape)
    s += std::to_string(d) + ",";
  return s + "] layout " + layout.str();
}

/// Checks one layout against the reference; returns false after the first
/// mismatch (with a gtest failure) so that one bug does not flood the log.
bool checkLayout(const TiledLayout &layout, const std::vector<int64_t> &shape) {
  llvm::Expected<BufferIndexing> compiled =
      BufferIndexing::compile(layout, shape);
  if (!compiled) {
    ADD_FAILURE() << describe(layout, shape) << ": "
                  << llvm::toString(compiled.takeError());
    return false;
  }
  const BufferIndexing &indexing = *compiled;
  reference::Placement origin =
      reference::place(layout, shape, std::vector<int64_t>(shape.size(), 0));
  // Level shapes.
  auto levels = indexing.getLevelShapes();
  if (levels.size() != origin.levelBounds.size()) {
    ADD_FAILURE() << describe(layout, shape) << ": level count";
    return false;
  }
  for (size_t l = 0; l < levels.size(); ++l) {
    std::vector<int64_t> sizes;
    for (const IndexExpr &e : levels[l])
      sizes.push_back(e.getConstant().value_or(-1));
    if (sizes != origin.levelBounds[l]) {
      ADD_FAILURE() << describe(layout, shape) << ": level " << l << " shape";
      return false;
    }
  }
  int64_t total = reference::physicalSize(layout, shape);
  std::optional<int64_t> size = indexing.getNumElements().getConstant();
  int64_t tiled = *indexing.getTiledNumElements().getConstant();
  if (size != total) {
    ADD_FAILURE() << describe(layout, shape) << ": size " << size.value_or(-1)
                  << " expected " << total;
    return false;
  }
  // Forward map: agrees with the reference, injective, below the size.
  std::vector<std::vector<int64_t>> owner(total);
  std::vector<bool> used(total, false);
  bool ok = true;
  IndexExpr offsetExpr = indexing.getOffset();
  forEachIndex(shape, [&](const std::vector<int64_t> &index) {
    if (!ok)
      return;
    std::optional<int64_t> offset = offsetExpr.evaluate(index, shape);
    int64_t expected = reference::offsetOf(layout, shape, index);
    if (!offset || *offset != expected || expected >= tiled || used[expected]) {
      ADD_FAILURE() << describe(layout, shape) << ": offset of index "
                    << ::testing::PrintToString(index) << " expected "
                    << expected;
      ok = false;
      return;
    }
    used[expected] = true;
    owner[expected] = index;
  });
  if (!ok)
    return false;
  // Inverse map: undoes the forward map; everything else is padding.
  for (int64_t offset = 0; offset < total; ++offset) {
    auto back = indexing.indexAt(offset);
    if (!back) {
      ADD_FAILURE() << describe(layout, shape) << ": inverse of " << offset
                    << ": " << llvm::toString(back.takeError());
      return false;
    }
    if (used[offset] != back->has_value() ||
        (used[offset] &&
         std::vector<int64_t>((*back)->begin(), (*back)->end()) !=
             owner[offset])) {
      ADD_FAILURE() << describe(layout, shape) << ": inverse of offset "
                    << offset;
      return false;
    }
  }
  return true;
}

/// Checks one minor_to_major permutation (in lexicographic order).
void runExhaustive(size_t rank, int64_t maxSize, size_t permutationIndex) {
  std::vector<int64_t> perm(rank);
  std::iota(perm.begin(), perm.end(), 0);
  std::vector<std::vector<Tile>> tilings = tilingsFor(rank);
  size_t checked = 0;
  for (size_t skip = 0; skip < permutationIndex; ++skip)
    std::next_permutation(perm.begin(), perm.end());
  {
    for (const std::vector<Tile> &tiles : tilings) {
      TiledLayout layout(perm, tiles);
      bool ok = true;
      forEachShape(rank, maxSize, [&](const std::vector<int64_t> &shape) {
        if (ok)
          ok = checkLayout(layout, shape);
        ++checked;
      });
      if (!ok)
        return;
    }
  }
  ::testing::Test::RecordProperty("layouts_checked", std::to_string(checked));
}

// One test per permutation, so that the test runner can spread them over
// cores.
TEST(ExhaustiveTest, Rank1) { runExhaustive(1, 7, 0); }
TEST(ExhaustiveTest, Rank2Perm0) { runExhaustive(2, 7, 0); }
TEST(ExhaustiveTest, Rank2Perm1) { runExhaustive(2, 7, 1); }
TEST(ExhaustiveTest, Rank3Perm0) { runExhaustive(3, 7, 0); }
TEST(ExhaustiveTest, Rank3Perm1) { runExhaustive(3, 7, 1); }
TEST(ExhaustiveTest, Rank3Perm2) { runExhaustive(3, 7, 2); }
TEST(ExhaustiveTest, Rank3Perm3) { runExhaustive(3, 7, 3); }
TEST(ExhaustiveTest, Rank3Perm4) { runExhaustive(3, 7, 4); }
TEST(ExhaustiveTest, Rank3Perm5) { runExhaustive(3, 7, 5); }

TEST(ExhaustiveTest, TailPadding) {
  for (int64_t align : {2, 3, 8, 100}) {
    TiledLayout layout({1, 0}, {Tile{2, 3}});
    layout.tailPaddingAlignment = align;
    forEachShape(2, 5, [&](const std::vector<int64_t> &shape) {
      EXPECT_TRUE(checkLayout(layout, shape));
    });
  }
}

TEST(ExhaustiveTest, Rank0) {
  for (std::vector<Tile> tiles :
       {std::vector<Tile>{}, {Tile{128}}, {Tile{2, 4}, Tile{2, 1}}})
    EXPECT_TRUE(checkLayout(TiledLayout({}, tiles), {}));
}

/// Layouts that fuzzing found wrong once, checked on every small shape of
/// their rank.
TEST(ExhaustiveTest, FuzzRegressions) {
  for (const char *text : {
           // A combination of a combination that still owned a piece: the
           // inverse map took padding for elements.
           "{:(6,6)(*,1,6)(*,*,*,6)}",
           "{0:(6,6)(*,1,6)(*,*,*,6)}",
           "{1,0:(3,2)(*,1,2)(*,*,*,2)}",
       }) {
    llvm::Expected<TiledLayout> layout = TiledLayout::parse(text);
    ASSERT_TRUE(static_cast<bool>(layout)) << text;
    forEachShape(layout->getRank(), 4, [&](const std::vector<int64_t> &shape) {
      EXPECT_TRUE(checkLayout(*layout, shape)) << text;
    });
  }
}

TEST(ExhaustiveTest, PlacementStructureIsSound) {
  // Layouts of equal placement structure must place every element
  // identically.
  std::vector<std::vector<Tile>> tilings = tilingsFor(2);
  forEachShape(2, 4, [&](const std::vector<int64_t> &shape) {
    std::vector<std::pair<BufferIndexing, TiledLayout>> compiled;
    for (std::vector<int64_t> perm : {std::vector<int64_t>{1, 0}, {0, 1}})
      for (size_t i = 0; i < tilings.size(); i += 7) {
        TiledLayout layout(perm, tilings[i]);
        compiled.emplace_back(*BufferIndexing::compile(layout, shape), layout);
      }
    for (size_t a = 0; a < compiled.size(); ++a)
      for (size_t b = a + 1; b < compiled.size(); ++b) {
        if (!compiled[a].first.hasSamePlacementStructure(compiled[b].first))
          continue;
        forEachIndex(shape, [&](const std::vector<int64_t> &index) {
          ASSERT_EQ(reference::offsetOf(compiled[a].second, shape, index),
                    reference::offsetOf(compiled[b].second, shape, index))
              << compiled[a].second.str() << " vs " << compiled[b].second.str();
        });
      }
  });
}

} // namespace
