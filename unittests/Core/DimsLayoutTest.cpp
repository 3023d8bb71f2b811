//===- DimsLayoutTest.cpp - Physical-dimension layouts: text, forms -------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// The text form, the canonical form and the conversions between the two
// layout models, each checked element by element against compiled offsets
// over small shapes.
//
//===----------------------------------------------------------------------===//

#include "tlayout/Core/DimsLayout.h"

#include "Reference.h"

#include "gtest/gtest.h"

#include <map>

using namespace mlir::tlayout;
using K = DimsLayoutEntry;

namespace {

using reference::allIndices;

/// Both place every element at the same offset in buffers of equal size.
void expectSamePlacement(const BufferIndexing &a, const BufferIndexing &b,
                         const std::string &what) {
  ASSERT_EQ(a.getNumElements(), b.getNumElements()) << what;
  for (const auto &index : allIndices(a.getShape()))
    ASSERT_EQ(*a.offsetOf(index), *b.offsetOf(index)) << what;
}

std::string errorOf(llvm::Error err) {
  std::string message;
  llvm::handleAllErrors(std::move(err), [&](const llvm::ErrorInfoBase &e) {
    message = e.message();
  });
  return message;
}

TEST(DimsLayoutTest, TextRoundTrips) {
  for (const char *text :
       {"[]", "[0]", "[1, 0, 1:packed(4)]", "[0, 1, 1:odd_even(8)]",
        "[2, 0, 1, 0:packed(2), 1:packed(3)]"}) {
    auto dims = parsePhysDims(text);
    ASSERT_TRUE(static_cast<bool>(dims)) << text;
    EXPECT_EQ(printPhysDims(*dims), text);
  }
  auto spelled = parsePhysDims(" [ 1:dynamic ,0 ,1 : packed ( 4 ) ] ");
  ASSERT_TRUE(static_cast<bool>(spelled));
  EXPECT_EQ(printPhysDims(*spelled), "[1, 0, 1:packed(4)]");
}

TEST(DimsLayoutTest, TextErrorsHaveColumns) {
  auto error = [](const char *text) {
    auto dims = parsePhysDims(text);
    if (dims)
      return std::string("no error");
    return errorOf(dims.takeError());
  };
  EXPECT_EQ(error("1, 0"),
            "column 1: expected '[' to open the list of physical dimensions");
  EXPECT_EQ(error("[1, x]"),
            "column 5: expected a dimension number but found 'x'");
  EXPECT_EQ(
      error("[1:tiled(2)]"),
      "column 4: expected 'packed', 'odd_even' or 'dynamic', got 'tiled'");
  EXPECT_EQ(error("[1:(2)]"),
            "column 4: expected 'packed', 'odd_even' or 'dynamic', got '('");
  // Sizes are verifyPhysDims' to check, as for the attribute.
  EXPECT_EQ(error("[1:packed(0)]"), "no error");
  EXPECT_EQ(error("[1:packed(99999999999999999999)]"),
            "column 11: integer '99999999999999999999' does not fit in int64");
  EXPECT_EQ(error("[1:packed 4]"),
            "column 11: expected '(' and a size after 'packed'");
  EXPECT_EQ(error("[1 2]"), "column 4: expected ',' or ']'");
  EXPECT_EQ(error("[1] x"), "column 5: unexpected text after the list");
}

TEST(DimsLayoutTest, DimensionNumbersHaveOneLimit) {
  // One limit for the core and #tlayout.dims: numbers below kMaxLogicalDims.
  auto error = [](const std::string &text) {
    auto dims = parsePhysDims(text);
    if (dims)
      return std::string("no error");
    return errorOf(dims.takeError());
  };
  EXPECT_EQ(kMaxLogicalDims, 1024);
  EXPECT_EQ(error("[1023]"), "no error");
  EXPECT_EQ(error("[0, 1024]"),
            "column 5: dimension number 1024 is out of range (0 to 1023)");
  EXPECT_EQ(
      error("[4294967295]"),
      "column 2: dimension number 4294967295 is out of range (0 to 1023)");
  EXPECT_EQ(error("[-1]"),
            "column 2: dimension number -1 is out of range (0 to 1023)");
  // Comments are spaces, as in the XLA layout text.
  EXPECT_EQ(error("[1, /* the rows */ 0]"), "no error");
}

TEST(DimsLayoutTest, VerifyStructure) {
  auto error = [](std::vector<DimsLayoutEntry> dims, unsigned rank) {
    llvm::Error err = verifyPhysDims(dims, rank);
    return err ? errorOf(std::move(err)) : std::string();
  };
  EXPECT_EQ(error({K::dynamic(1), K::dynamic(0)}, 2), "");
  EXPECT_EQ(error({K::dynamic(0)}, 2),
            "dimension 1 has no physical dimension; give it at least a "
            "dynamic one");
  EXPECT_EQ(error({K::dynamic(0), K::dynamic(0)}, 1),
            "dimension 0 has more than one dynamic physical dimension");
  EXPECT_EQ(error({K::packed(0, 2), K::dynamic(0)}, 1),
            "the dynamic physical dimension of dimension 0 must be its "
            "outermost");
  EXPECT_EQ(error({K::dynamic(0), K::oddEven(0, 3)}, 1),
            "odd-even strip of physical dimension 1 has odd size 3");
  EXPECT_EQ(error({K::dynamic(3)}, 1),
            "physical dimension 0 refers to dimension 3 of a rank-1 layout");
}

TEST(DimsLayoutTest, OneLiners) {
  EXPECT_EQ(printPhysDims(rowMajorDims(3)), "[0, 1, 2]");
  EXPECT_EQ(printPhysDims(colMajorDims(3)), "[2, 1, 0]");
  auto col = BufferIndexing::compile(colMajorDims(2), {3, 5});
  ASSERT_TRUE(static_cast<bool>(col));
  EXPECT_EQ(*col->offsetOf({2, 1}), 2 + 3 * 1);
}

const std::vector<std::vector<DimsLayoutEntry>> &sampleLayouts() {
  static const std::vector<std::vector<DimsLayoutEntry>> layouts = {
      {K::dynamic(0), K::dynamic(1)},
      {K::dynamic(1), K::dynamic(0)},
      {K::dynamic(1), K::dynamic(0), K::packed(1, 4)},
      {K::dynamic(0), K::dynamic(1), K::packed(0, 2), K::packed(1, 3)},
      {K::dynamic(1), K::dynamic(0), K::packed(0, 3), K::oddEven(1, 4)},
      {K::dynamic(0), K::packed(0, 2), K::packed(0, 2), K::dynamic(1)},
      {K::dynamic(0), K::dynamic(1), K::oddEven(1, 2), K::packed(1, 3)},
      {K::packed(1, 3), K::dynamic(0), K::packed(1, 3)},
      {K::dynamic(0), K::dynamic(1), K::packed(1, 1), K::packed(0, 1)},
      {K::packed(0, 4), K::dynamic(1), K::packed(0, 2)},
      {K::dynamic(1), K::packed(1, 2), K::dynamic(0), K::packed(0, 2)},
      {K::dynamic(0), K::dynamic(1), K::packed(0, 2), K::packed(1, 2),
       K::packed(0, 2)},
  };
  return layouts;
}

TEST(DimsLayoutTest, CanonicalFormKeepsPlacement) {
  for (const auto &dims : sampleLayouts())
    for (int64_t a = 1; a <= 7; ++a)
      for (int64_t b = 1; b <= 9; ++b) {
        std::vector<int64_t> shape = {a, b};
        auto original =
            llvm::expectedToOptional(BufferIndexing::compile(dims, shape));
        if (!original)
          continue;
        std::string what = printPhysDims(dims) + " on " + std::to_string(a) +
                           "x" + std::to_string(b);
        auto canonical = canonicalizePhysDims(dims, shape);
        ASSERT_TRUE(static_cast<bool>(canonical)) << what;
        ASSERT_FALSE(static_cast<bool>(verifyPhysDims(*canonical, 2))) << what;
        auto compiled = BufferIndexing::compile(*canonical, shape);
        ASSERT_TRUE(static_cast<bool>(compiled)) << what;
        expectSamePlacement(*original, *compiled,
                            what + " -> " + printPhysDims(*canonical));
        // Idempotent.
        auto again = canonicalizePhysDims(*canonical, shape);
        ASSERT_TRUE(static_cast<bool>(again));
        EXPECT_EQ(printPhysDims(*again), printPhysDims(*canonical)) << what;
      }
}

TEST(DimsLayoutTest, CanonicalFormExamples) {
  auto canonical = [](std::vector<DimsLayoutEntry> dims,
                      std::vector<int64_t> shape) {
    auto result = canonicalizePhysDims(dims, shape);
    return result ? printPhysDims(*result) : errorOf(result.takeError());
  };
  // Adjacent packed entries merge; one that then covers the rest exactly
  // becomes dynamic and absorbs nothing more.
  EXPECT_EQ(canonical({K::dynamic(0), K::packed(0, 2), K::packed(0, 4)}, {16}),
            "[0]");
  // With padding, one packed entry of the padded extent places the same.
  EXPECT_EQ(canonical({K::dynamic(0), K::packed(0, 2), K::packed(0, 4)}, {12}),
            "[0:packed(16)]");
  EXPECT_EQ(canonical({K::dynamic(0), K::packed(0, 2), K::packed(0, 4)},
                      {kDynamicSize}),
            "[0, 0:packed(8)]");
  // Size-1 entries drop; a dimension keeps one entry.
  EXPECT_EQ(canonical({K::dynamic(0), K::dynamic(1), K::packed(1, 1)}, {1, 5}),
            "[0, 1]");
  // A packed entry covering its whole dimension is dynamic.
  EXPECT_EQ(
      canonical({K::packed(1, 2), K::dynamic(0), K::packed(1, 4)}, {3, 8}),
      "[1, 0, 1:packed(4)]");
  EXPECT_EQ(canonical({K::dynamic(0), K::oddEven(0, 2)}, {8}), "[0]");
  EXPECT_EQ(canonical({K::dynamic(0), K::oddEven(0, 2)}, {7}), "[0:packed(8)]");
  EXPECT_EQ(canonical({K::dynamic(0), K::oddEven(0, 4)}, {8}),
            "[0, 0:odd_even(4)]");
  // A strip beyond a small dimension is a dead factor, which pads the digit
  // inside it: both place element x at x in 48 elements.
  EXPECT_EQ(canonical({K::dynamic(0), K::oddEven(0, 6), K::packed(0, 8)}, {5}),
            "[0:packed(48)]");
  EXPECT_EQ(canonical({K::packed(0, 48)}, {5}), "[0:packed(48)]");
  // A strip whose parity alone is live keeps its dead half (x at 3x); on
  // [2, 1] dimension 1 can own the factor.
  EXPECT_EQ(canonical({K::dynamic(0), K::oddEven(0, 6)}, {2}),
            "[0:odd_even(6)]");
  EXPECT_EQ(canonical({K::oddEven(0, 6), K::dynamic(1)}, {2, 1}),
            "[0, 1:packed(3)]");
  // Dynamic sizes: a strip beyond a static dimension is packed.
  EXPECT_EQ(canonical({K::dynamic(0), K::dynamic(1), K::oddEven(1, 6),
                       K::packed(1, 8)},
                      {kDynamicSize, 5}),
            "[0, 1:packed(48)]");
}

/// Every list of up to `length` entries over `rank` dimensions, with packed
/// sizes 1 to 4 and odd-even strips of 2, 4 and 6.
std::vector<std::vector<DimsLayoutEntry>> allLists(unsigned rank,
                                                   unsigned length) {
  std::vector<DimsLayoutEntry> entries;
  for (unsigned d = 0; d < rank; ++d) {
    entries.push_back(K::dynamic(d));
    for (int64_t size = 1; size <= 4; ++size)
      entries.push_back(K::packed(d, size));
    for (int64_t size = 2; size <= 6; size += 2)
      entries.push_back(K::oddEven(d, size));
  }
  std::vector<std::vector<DimsLayoutEntry>> lists = {{}};
  std::vector<std::vector<DimsLayoutEntry>> all;
  for (unsigned n = 1; n <= length; ++n) {
    std::vector<std::vector<DimsLayoutEntry>> longer;
    for (const auto &list : lists)
      for (const DimsLayoutEntry &e : entries) {
        longer.push_back(list);
        longer.back().push_back(e);
      }
    lists = std::move(longer);
    all.insert(all.end(), lists.begin(), lists.end());
  }
  return all;
}

/// Equal placement (the offset of every element, found by brute force, and
/// the buffer size) holds exactly when the normal forms print the same.
void checkNormalFormExact(const std::vector<int64_t> &shape, unsigned length) {
  std::map<std::vector<int64_t>, std::string> formOfPlacement;
  std::map<std::string, std::vector<int64_t>> placementOfForm;
  std::string shapeText;
  for (int64_t size : shape)
    shapeText += std::to_string(size) + " ";
  for (const auto &dims : allLists(shape.size(), length)) {
    auto compiled =
        llvm::expectedToOptional(BufferIndexing::compile(dims, shape));
    if (!compiled)
      continue;
    std::vector<int64_t> placement = {
        *compiled->getNumElements().getConstant()};
    for (const auto &index : allIndices(shape))
      placement.push_back(*compiled->offsetOf(index));
    std::string what = printPhysDims(dims) + " on " + shapeText;
    auto normal = canonicalizePhysDims(dims, shape);
    ASSERT_TRUE(static_cast<bool>(normal)) << what;
    std::string form = printPhysDims(*normal);
    // The normal form places the same way and is its own normal form.
    auto again = BufferIndexing::compile(*normal, shape);
    ASSERT_TRUE(static_cast<bool>(again)) << what << " -> " << form;
    ASSERT_FALSE(static_cast<bool>(verifyPhysDims(*normal, shape.size())))
        << what << " -> " << form;
    expectSamePlacement(*compiled, *again, what + " -> " + form);
    auto twice = canonicalizePhysDims(*normal, shape);
    ASSERT_TRUE(static_cast<bool>(twice));
    ASSERT_EQ(printPhysDims(*twice), form) << what;
    auto [byPlacement, newPlacement] =
        formOfPlacement.insert({placement, form});
    ASSERT_EQ(byPlacement->second, form)
        << what << ": an equal placement has another normal form";
    auto [byForm, newForm] = placementOfForm.insert({form, placement});
    ASSERT_EQ(byForm->second, placement)
        << what << ": another placement has the normal form " << form;
  }
}

TEST(DimsLayoutTest, NormalFormIsExactOnSmallShapes) {
  for (int64_t a = 1; a <= 9; ++a)
    checkNormalFormExact({a}, 4);
  for (int64_t a = 1; a <= 4; ++a)
    for (int64_t b = 1; b <= 4; ++b)
      checkNormalFormExact({a, b}, 3);
  for (std::vector<int64_t> shape :
       {std::vector<int64_t>{2, 3}, {3, 2}, {1, 4}})
    checkNormalFormExact(shape, 4);
  for (std::vector<int64_t> shape :
       {std::vector<int64_t>{2, 1, 3}, {1, 2, 2}, {2, 2, 2}, {3, 1, 1}})
    checkNormalFormExact(shape, 3);
}

/// XLA layouts of rank 1 and 2 whose pieces are logical or unit
/// dimensions: tiles longer than the shape, uneven and several levels.
std::vector<const char *> xlaLayoutsOfRank(unsigned rank) {
  if (rank == 1)
    return {"{0}",         "{0:T(2)}",   "{0:T(3)}",       "{0:T(4)}",
            "{0:T(8)}",    "{0:T(3,1)}", "{0:T(2,2)}",     "{0:T(4)(2)}",
            "{0:T(6)(3)}", "{0:T(1,4)}", "{0:T(2,3)(1,1)}"};
  return {"{1,0}",
          "{0,1}",
          "{1,0:T(2,2)}",
          "{0,1:T(4,1)}",
          "{1,0:T(2,3)}",
          "{1,0:T(4,2)(2,1)}",
          "{0,1:T(2,4)(2,2)}",
          "{1,0:T(3)}",
          "{1,0:T(1,2)(1,1)}",
          "{0,1:T(2,1,2)}",
          "{1,0:T(8)}",
          "{1,0:T(1,8)}",
          "{0,1:T(3,1)}",
          "{1,0:T(2,1)}",
          "{1,0:T(4,4)(2,1)}"};
}

/// Over one shape, XLA layouts and physical-dimension lists alike: equal
/// placement (brute force) holds exactly when getNormalForm is equal.
void checkNormalFormExactAcrossModels(const std::vector<int64_t> &shape,
                                      unsigned length) {
  std::map<std::vector<int64_t>, std::string> formOfPlacement;
  std::map<std::string, std::vector<int64_t>> placementOfForm;
  // One layout of each placement seen, for haveSamePlacement.
  std::vector<std::pair<std::vector<int64_t>, BufferIndexing>> seen;
  auto check = [&](const BufferIndexing &compiled, const std::string &what,
                   bool isList) {
    std::vector<int64_t> placement = {*compiled.getNumElements().getConstant()};
    for (const auto &index : allIndices(shape))
      placement.push_back(*compiled.offsetOf(index));
    bool known = false;
    for (const auto &[other, layout] : seen) {
      std::optional<bool> same = haveSamePlacement(compiled, layout);
      ASSERT_TRUE(same.has_value()) << what;
      ASSERT_EQ(*same, other == placement) << what;
      known |= *same;
    }
    if (!known)
      seen.push_back({placement, compiled});
    // Placements that no list prints (a unit dimension's tile between two
    // pieces of a dimension) have no normal form; every list has one.
    auto normal = getNormalForm(compiled);
    ASSERT_TRUE(normal || !isList) << what;
    if (!normal)
      return;
    std::string form = printPhysDims(*normal);
    auto [byPlacement, newPlacement] =
        formOfPlacement.insert({placement, form});
    ASSERT_EQ(byPlacement->second, form)
        << what << ": an equal placement has another normal form";
    auto [byForm, newForm] = placementOfForm.insert({form, placement});
    ASSERT_EQ(byForm->second, placement)
        << what << ": another placement has the normal form " << form;
  };
  std::string shapeText;
  for (int64_t size : shape)
    shapeText += std::to_string(size) + " ";
  for (const char *text : xlaLayoutsOfRank(shape.size())) {
    auto compiled = BufferIndexing::compile(*TiledLayout::parse(text), shape);
    ASSERT_TRUE(static_cast<bool>(compiled)) << text;
    check(*compiled, std::string(text) + " on " + shapeText, false);
  }
  for (const auto &dims : allLists(shape.size(), length))
    if (auto compiled =
            llvm::expectedToOptional(BufferIndexing::compile(dims, shape)))
      check(*compiled, printPhysDims(dims) + " on " + shapeText, true);
}

TEST(DimsLayoutTest, NormalFormIsExactAcrossModels) {
  for (int64_t a = 1; a <= 9; ++a)
    checkNormalFormExactAcrossModels({a}, 3);
  for (int64_t a = 1; a <= 4; ++a)
    for (int64_t b = 1; b <= 4; ++b)
      checkNormalFormExactAcrossModels({a, b}, 3);
}

TEST(DimsLayoutTest, NormalFormOfEqualXlaLayouts) {
  // {1,0:T(1,128)} on f32[1,256] only tiles dimension 1 in two pieces that
  // read together as the whole dimension: it is {1,0}.
  auto normal = [](const char *layout, std::vector<int64_t> shape) {
    auto dims = toPhysDims(*TiledLayout::parse(layout), shape);
    if (!dims)
      return std::string("none");
    auto result = canonicalizePhysDims(*dims, shape);
    return result ? printPhysDims(*result) : errorOf(result.takeError());
  };
  EXPECT_EQ(normal("{1,0:T(1,128)}", {1, 256}), "[0, 1]");
  EXPECT_EQ(normal("{1,0}", {1, 256}), "[0, 1]");
  EXPECT_EQ(normal("{0,1}", {1, 256}), "[0, 1]");
  EXPECT_EQ(normal("{1,0:T(8,128)}", {8, 256}),
            normal("{1,0:T(8,128)}", {8, 256}));
  EXPECT_NE(normal("{1,0:T(8,128)}", {8, 256}), normal("{1,0}", {8, 256}));
  EXPECT_EQ(normal("{1,0:T(2,2)}", {3, 5}), "[0, 1, 0:packed(2), 1:packed(2)]");
  // Padding outside the outermost digit of a dimension is that digit's.
  auto canonical = [](std::vector<DimsLayoutEntry> dims,
                      std::vector<int64_t> shape) {
    auto result = canonicalizePhysDims(dims, shape);
    return result ? printPhysDims(*result) : errorOf(result.takeError());
  };
  EXPECT_EQ(
      canonical({K::packed(0, 2), K::dynamic(1), K::packed(0, 4)}, {3, 5}),
      canonical({K::packed(1, 10), K::packed(0, 4)}, {3, 5}));
}

TEST(DimsLayoutTest, MorelloExampleConvertsBothWays) {
  std::vector<DimsLayoutEntry> dims = {K::dynamic(1), K::dynamic(0),
                                       K::packed(1, 4)};
  std::optional<TiledLayout> tiled = toTiledLayout(dims, {6, 8});
  ASSERT_TRUE(tiled.has_value());
  EXPECT_EQ(tiled->str(), "{0,1:T(4,1)}");
  std::optional<llvm::SmallVector<DimsLayoutEntry, 4>> back =
      toPhysDims(*TiledLayout::parse("{0,1:T(4,1)}"), {6, 8});
  ASSERT_TRUE(back.has_value());
  EXPECT_EQ(printPhysDims(*back), "[1, 0, 1:packed(4), 0:packed(1)]");
  auto canonical = canonicalizePhysDims(*back, {6, 8});
  ASSERT_TRUE(static_cast<bool>(canonical));
  EXPECT_EQ(printPhysDims(*canonical), "[1, 0, 1:packed(4)]");
}

TEST(DimsLayoutTest, ConversionExamples) {
  auto toXla = [](llvm::ArrayRef<DimsLayoutEntry> dims,
                  std::vector<int64_t> shape) {
    std::optional<TiledLayout> tiled = toTiledLayout(dims, shape);
    return tiled ? tiled->str() : std::string("none");
  };
  EXPECT_EQ(toXla(rowMajorDims(2), {3, 5}), "{1,0}");
  EXPECT_EQ(toXla(colMajorDims(3), {3, 5, 2}), "{0,1,2}");
  // NCHWc with c = 8.
  EXPECT_EQ(toXla({K::dynamic(0), K::dynamic(1), K::dynamic(2), K::dynamic(3),
                   K::packed(1, 8)},
                  {2, 16, 3, 3}),
            "{3,2,1,0:T(8,1,1)}");
  // Two tile levels.
  EXPECT_EQ(toXla({K::dynamic(0), K::dynamic(1), K::packed(0, 4),
                   K::packed(1, 64), K::packed(0, 2), K::packed(1, 2)},
                  {16, 256}),
            "{1,0:T(8,128)(2,2)}");
  // Odd-even strips have no tiled form; nor does this order of pieces (a
  // piece of dimension 1 before one of dimension 0, which comes first).
  EXPECT_EQ(toXla({K::dynamic(0), K::dynamic(1), K::oddEven(1, 4)}, {2, 8}),
            "none");
  EXPECT_EQ(toXla({K::dynamic(0), K::dynamic(1), K::dynamic(2), K::packed(1, 2),
                   K::packed(0, 2)},
                  {4, 4, 4}),
            "none");
  // Dimension 1 of 6 padded to 8 is the outermost piece: a tile of 8 with
  // an outer piece of 1 places it the same.
  EXPECT_EQ(
      toXla({K::dynamic(0), K::dynamic(1), K::packed(1, 4), K::packed(0, 2)},
            {4, 6}),
      "{0,1:T(8,2)}");
  // On 4x8 the dynamic and packed entries of dimension 1 merge, and it is.
  EXPECT_EQ(
      toXla({K::dynamic(0), K::dynamic(1), K::packed(1, 4), K::packed(0, 2)},
            {4, 8}),
      "{1,0:T(2,1)}");
  auto toDims = [](const char *layout, std::vector<int64_t> shape) {
    auto dims = toPhysDims(*TiledLayout::parse(layout), shape);
    return dims ? printPhysDims(*dims) : std::string("none");
  };
  EXPECT_EQ(toDims("{1,0:T(8,128)}", {16, 256}),
            "[0, 1, 0:packed(8), 1:packed(128)]");
  EXPECT_EQ(toDims("{1,0:T(8,128)L(1024)}", {16, 256}), "none");
  EXPECT_EQ(toDims("{1,0:T(2,*,2)}", {4, 4}), "none");
}

TEST(DimsLayoutTest, ConversionsKeepPlacement) {
  // Every XLA layout with a physical-dimension form converts to one that
  // places every element the same, and back.
  const char *layouts[] = {"{1,0}",
                           "{0,1}",
                           "{1,0:T(2,2)}",
                           "{0,1:T(4,1)}",
                           "{1,0:T(2,3)}",
                           "{1,0:T(4,2)(2,1)}",
                           "{0,1:T(2,4)(2,2)}",
                           "{1,0:T(3)}",
                           "{1,0:T(1,2)(1,1)}",
                           "{0,1:T(2,1,2)}"};
  int converted = 0;
  for (const char *text : layouts) {
    TiledLayout layout = *TiledLayout::parse(text);
    for (int64_t a = 1; a <= 6; ++a)
      for (int64_t b = 1; b <= 6; ++b) {
        std::vector<int64_t> shape = {a, b};
        std::string what = std::string(text) + " on " + std::to_string(a) +
                           "x" + std::to_string(b);
        auto xla = BufferIndexing::compile(layout, shape);
        ASSERT_TRUE(static_cast<bool>(xla)) << what;
        auto dims = toPhysDims(layout, shape);
        if (!dims)
          continue;
        ++converted;
        auto morello = BufferIndexing::compile(*dims, shape);
        ASSERT_TRUE(static_cast<bool>(morello)) << what;
        expectSamePlacement(*xla, *morello,
                            what + " -> " + printPhysDims(*dims));
        if (std::optional<TiledLayout> back = toTiledLayout(*dims, shape)) {
          auto again = BufferIndexing::compile(*back, shape);
          ASSERT_TRUE(static_cast<bool>(again)) << what;
          expectSamePlacement(*xla, *again, what + " -> " + back->str());
        }
      }
  }
  EXPECT_GT(converted, 200);
}

/// Tiles of `length` entries from `sizes`.
std::vector<Tile> tilesOf(unsigned length, std::vector<int64_t> sizes) {
  std::vector<Tile> tiles = {Tile()};
  for (unsigned n = 0; n < length; ++n) {
    std::vector<Tile> longer;
    for (const Tile &t : tiles)
      for (int64_t size : sizes) {
        longer.push_back(t);
        longer.back().dims.push_back(size);
      }
    tiles = std::move(longer);
  }
  return tiles;
}

TEST(DimsLayoutTest, XlaLayoutsRoundTrip) {
  // Every XLA layout with a physical-dimension form converts back to one
  // that places every element the same: one and two tile levels, padded,
  // longer than the shape, over every order of rank 1 and 2.
  std::vector<std::vector<Tile>> tilings = {{}};
  for (unsigned length = 1; length <= 3; ++length)
    for (const Tile &t : tilesOf(length, {1, 2, 3, 4, 8}))
      tilings.push_back({t});
  for (const Tile &t : tilesOf(2, {2, 4, 8}))
    for (unsigned length = 1; length <= 2; ++length)
      for (const Tile &u : tilesOf(length, {1, 2}))
        tilings.push_back({t, u});
  int converted = 0, padded = 0;
  for (unsigned rank = 1; rank <= 2; ++rank) {
    std::vector<std::vector<int64_t>> orders =
        rank == 1 ? std::vector<std::vector<int64_t>>{{0}}
                  : std::vector<std::vector<int64_t>>{{1, 0}, {0, 1}};
    std::vector<std::vector<int64_t>> shapes;
    for (int64_t a = 1; a <= 9; ++a) {
      if (rank == 1) {
        shapes.push_back({a});
        continue;
      }
      for (int64_t b = 1; b <= 5 && a <= 5; ++b)
        shapes.push_back({a, b});
    }
    for (const auto &order : orders)
      for (const auto &tiles : tilings)
        for (const auto &shape : shapes) {
          TiledLayout layout(order, tiles);
          auto xla = BufferIndexing::compile(layout, shape);
          ASSERT_TRUE(static_cast<bool>(xla)) << layout.str();
          auto dims = toPhysDims(layout, shape);
          if (!dims)
            continue;
          std::string what = layout.str() + " on " + std::to_string(shape[0]) +
                             (rank == 2 ? "x" + std::to_string(shape[1]) : "") +
                             " -> " + printPhysDims(*dims);
          std::optional<TiledLayout> back = toTiledLayout(*dims, shape);
          ASSERT_TRUE(back.has_value()) << what;
          auto again = BufferIndexing::compile(*back, shape);
          ASSERT_TRUE(static_cast<bool>(again)) << what;
          expectSamePlacement(*xla, *again, what + " -> " + back->str());
          ++converted;
          padded += *xla->getNumElements().getConstant() !=
                    *xla->getLogicalNumElements().getConstant();
        }
  }
  EXPECT_GT(converted, 5000);
  EXPECT_GT(padded, 2000);
}

TEST(DimsLayoutTest, PaddedPackedPiecesConvertToTiles) {
  auto toXla = [](llvm::ArrayRef<DimsLayoutEntry> dims,
                  std::vector<int64_t> shape) {
    std::optional<TiledLayout> tiled = toTiledLayout(dims, shape);
    return tiled ? tiled->str() : std::string("none");
  };
  EXPECT_EQ(toXla({K::dynamic(0), K::packed(0, 8)}, {5}), "{0:T(8)}");
  EXPECT_EQ(toXla({K::packed(0, 8)}, {5}), "{0:T(8)}");
  // A tile beyond a small dimension: 8 rows of padding around 1.
  EXPECT_EQ(
      toXla({K::dynamic(1), K::packed(0, 8), K::packed(1, 128)}, {1, 256}),
      "{1,0:T(8,128)}");
  // A strip beyond the dimension is a dead factor, which pads.
  EXPECT_EQ(toXla({K::dynamic(0), K::oddEven(0, 6), K::packed(0, 8)}, {5}),
            "{0:T(48)}");
}

} // namespace
