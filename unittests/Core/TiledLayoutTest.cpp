//===- TiledLayoutTest.cpp - Parsing, printing, validation ----------------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//

#include "tlayout/Core/TiledLayout.h"
#include "tlayout/Core/BufferIndexing.h"
#include "tlayout/Core/LayoutLexer.h"
#include "tlayout/Core/XlaLayout.h"

#include "gtest/gtest.h"

using namespace mlir::tlayout;

namespace {

std::string roundTrip(llvm::StringRef text) {
  llvm::Expected<TiledLayout> layout = TiledLayout::parse(text);
  if (!layout)
    return "error: " + llvm::toString(layout.takeError());
  return layout->str();
}

/// The message and 1-based column of a parse error, or "" when it parsed.
std::string parseError(llvm::StringRef text) {
  llvm::Expected<TiledLayout> layout = TiledLayout::parse(text);
  if (layout)
    return "";
  return llvm::toString(layout.takeError());
}

std::string verifyError(llvm::StringRef text, std::vector<int64_t> shape,
                        int64_t bits = 0) {
  llvm::Expected<TiledLayout> layout = TiledLayout::parse(text);
  if (!layout)
    return "parse: " + llvm::toString(layout.takeError());
  llvm::Error err = layout->verify(shape, bits);
  return err ? llvm::toString(std::move(err)) : "";
}

TEST(TiledLayoutTest, RoundTripsXlaExamples) {
  for (const char *text :
       {"{1,0:T(2,2)}", "{3,2,0,1:T(8,128)(2,1)}", "{3,2,1,0:T(*,*,42,123)}",
        "{1,0:T(2,128)E(4)}", "{3,2,1,0:T(42,123)(4,5)L(100)E(42)}",
        "{:T(128)}", "{0,1,2:T(512)}", "{2,1,0:T(2,*,128)}", "{}", "{0}",
        "{3,2,0,1:T(8,128)(2,1)S(1)}", "{1,0:L(8)}", "{1,0:S(5)}"})
    EXPECT_EQ(roundTrip(text), text);
}

TEST(TiledLayoutTest, AcceptsBareTilesAndSpaces) {
  EXPECT_EQ(roundTrip("{1,0:(2,2)}"), "{1,0:T(2,2)}");
  EXPECT_EQ(roundTrip("{ 1 , 0 : T(2, * , 128) (2,1) }"),
            "{1,0:T(2,*,128)(2,1)}");
  EXPECT_EQ(roundTrip("{1,0:(8,128)(2,1)E(16)}"), "{1,0:T(8,128)(2,1)E(16)}");
}

TEST(TiledLayoutTest, ParsesFields) {
  llvm::Expected<TiledLayout> layout =
      TiledLayout::parse("{3,2,1,0:T(42,123)(4,5)L(100)E(42)S(3)}");
  ASSERT_TRUE(static_cast<bool>(layout));
  EXPECT_EQ(layout->minorToMajor, (llvm::SmallVector<int64_t, 4>{3, 2, 1, 0}));
  ASSERT_EQ(layout->tiles.size(), 2u);
  EXPECT_EQ(layout->tiles[0], (Tile{42, 123}));
  EXPECT_EQ(layout->tiles[1], (Tile{4, 5}));
  EXPECT_EQ(layout->tailPaddingAlignment, 100);
  EXPECT_EQ(layout->elementSizeInBits, 42);
  EXPECT_EQ(layout->memorySpace, 3);
  llvm::Expected<TiledLayout> combined = TiledLayout::parse("{1,0:T(*,2)}");
  ASSERT_TRUE(static_cast<bool>(combined));
  EXPECT_EQ(combined->tiles[0].dims[0], Tile::kCombine);
}

TEST(TiledLayoutTest, ParseErrorsCarryColumns) {
  EXPECT_EQ(parseError("1,0"), "column 1: expected '{' but found '1'");
  EXPECT_EQ(parseError("{1,0"),
            "column 5: expected '}' but found 'end of input'");
  EXPECT_EQ(parseError("{1,x}"),
            "column 4: expected a dimension number but found 'x'");
  EXPECT_EQ(parseError("{1,0:T(8,}"),
            "column 10: expected a tile size or '*' but found '}'");
  EXPECT_EQ(parseError("{1,0:Q(1)}"),
            "column 6: expected a layout field D(...), T(...), L(...), "
            "#(...), *(...), E(...), S(...), SC(...), P(...) or M(...) but "
            "found 'Q'");
  EXPECT_EQ(parseError("{1,0:E(4)T(2,2)}"),
            "column 10: layout field 'T' is repeated or out of order; XLA "
            "writes the fields in the order D, T, L, #, *, E, S, SC, P, M");
  EXPECT_EQ(parseError("{1,0:L(2)L(2)}"),
            "column 10: layout field 'L' is repeated or out of order; XLA "
            "writes the fields in the order D, T, L, #, *, E, S, SC, P, M");
  EXPECT_EQ(parseError("{1,0:D(D,C)}"),
            "column 6: layout field 'D' with a sparse dimension level is not "
            "supported: a memref is dense (D(D,...,D) is accepted and "
            "dropped)");
  EXPECT_EQ(parseError("{1,0:D(D)}"),
            "column 6: layout field 'D' names 1 dimension levels for 2 "
            "dimensions");
  EXPECT_EQ(parseError("{1,0:T(2,2)D(D,D)}"),
            "column 12: layout field 'D' is repeated or out of order; XLA "
            "writes the fields in the order D, T, L, #, *, E, S, SC, P, M");
  EXPECT_EQ(parseError("{1,0:T(2,2)M(8)}").substr(0, 36),
            "column 12: layout field 'M' (the byt");
  EXPECT_EQ(parseError("{1,0:T(2,2)SC(0:2)}").substr(0, 37),
            "column 12: layout field 'SC' (split c");
  EXPECT_EQ(parseError("{1,0:P(f32[2,2]{1,0})}").substr(0, 35),
            "column 6: layout field 'P' (the phy");
  EXPECT_EQ(parseError("{1,0:#(s32)}").substr(0, 36),
            "column 6: layout fields '#' and '*' ");
  EXPECT_EQ(parseError("{1,0} x"), "column 7: unexpected 'x' after the layout");
  EXPECT_EQ(parseError("{99999999999999999999}"),
            "column 2: integer '99999999999999999999' does not fit in int64");
  EXPECT_EQ(parseError("{1,0:T}"), "column 7: expected '(' but found '}'");
}

/// The one parser of XLA's layout text: every field in XLA's order, and
/// nothing out of it (hlo_parser.cc ParseLayout reads each field once, in
/// order).
TEST(XlaLayoutTest, EveryFieldRoundTrips) {
  for (const char *text :
       {"{1,0}", "{}", "{:T(128)}", "{0:D(C)}", "{1,0:D(D,C+~)}",
        "{3,2,1,0:T(42,123)(4,5)L(100)E(42)}", "{3,2,1,0:T(*,*,42,123)}",
        "{1,0:D(D,C)#(u32)*(u16)}", "{1,0:T(8,128)S(1)SC(0:3)(1:0,4)M(16)}",
        "{0,1:D(D,C)P(s32[10,20]{1,0})}", "{0:T(8)M(1024)}",
        "{0:D(S)L(4)#(u8)*(u64)E(8)S(2)SC(0:1)P(f32[2]{0})M(4)}"}) {
    llvm::Expected<XlaLayout> layout = XlaLayout::parse(text);
    ASSERT_TRUE(static_cast<bool>(layout))
        << text << ": " << llvm::toString(layout.takeError());
    EXPECT_EQ(layout->str(), text);
  }
}

TEST(XlaLayoutTest, RejectsWhatXlaRejects) {
  auto error = [](llvm::StringRef text) {
    llvm::Expected<XlaLayout> layout = XlaLayout::parse(text);
    return layout ? std::string() : llvm::toString(layout.takeError());
  };
  // Fields out of XLA's order, each one of them against its successor.
  EXPECT_EQ(error("{1,0:S(1)T(8,128)}"),
            "column 10: layout field 'T' is repeated or out of order; XLA "
            "writes the fields in the order D, T, L, #, *, E, S, SC, P, M");
  const char *fields[] = {"D(D,C)",       "T(2,2)", "L(2)", "#(u32)",
                          "*(u32)",       "E(8)",   "S(1)", "SC(0:1)",
                          "P(f32[2]{0})", "M(4)"};
  for (size_t i = 0; i + 1 < std::size(fields); ++i) {
    std::string swapped =
        std::string("{1,0:") + fields[i + 1] + fields[i] + "}";
    EXPECT_NE(error(swapped).find("is repeated or out of order"),
              std::string::npos)
        << swapped;
  }
  // A physical shape only on a sparse layout, and no tiles on one.
  EXPECT_EQ(error("{0,1:P(s32[10,20]{1,0})}"),
            "column 6: layout field 'P' (the physical shape of a sparse "
            "array) needs a sparse layout (a D(...) level other than D)");
  EXPECT_EQ(error("{1,0:D(D,C)T(2,2)}"),
            "column 12: a sparse layout (a D(...) level other than D) has no "
            "tiles");
  EXPECT_EQ(error("{1,0:D(D+,C)}"),
            "column 8: dimension level 'D+' is not valid: a dense level is "
            "unique and ordered");
  EXPECT_EQ(error("{1,0:D(D,C)#(s32)}"),
            "column 12: #(...) needs an unsigned integer type such as u32, "
            "found 's32'");
  EXPECT_EQ(error("{0:SC(1:2)}"),
            "column 4: SC(...) splits dimension 1 of a rank-1 layout");
  EXPECT_EQ(error("{0:M(-1)}"),
            "column 4: M(-1): metadata bytes cannot be negative");
  EXPECT_EQ(error("{0:D(C)P(f32[2]{0}}"),
            "column 9: expected ')' to close P(...)");
  EXPECT_EQ(error("{0:D(C)P()}"), "column 10: P(...) needs a shape");
}

/// Every subset of the fields, in XLA's order, on a rank-1 layout: those
/// XLA accepts print back unchanged, the others (tiles on a sparse layout, a
/// physical shape on a dense one) are errors, and every subset also reads
/// as a memref layout exactly when it has only T, L, E and S.
TEST(XlaLayoutTest, EverySubsetOfFields) {
  const char *fields[] = {"D(C)", "T(8)", "L(4)",    "#(u32)",       "*(u16)",
                          "E(8)", "S(1)", "SC(0:3)", "P(f32[2]{0})", "M(16)"};
  constexpr unsigned n = std::size(fields);
  for (unsigned mask = 0; mask < (1u << n); ++mask) {
    auto has = [&](unsigned i) { return (mask >> i) & 1; };
    std::string text = mask ? "{0:" : "{0";
    for (unsigned i = 0; i < n; ++i)
      if (has(i))
        text += fields[i];
    text += "}";
    bool sparse = has(0);
    bool valid = !(sparse && has(1)) && (!has(8) || sparse);
    llvm::Expected<XlaLayout> layout = XlaLayout::parse(text);
    std::string printed =
        layout ? layout->str() : llvm::toString(layout.takeError());
    ASSERT_EQ(static_cast<bool>(layout), valid) << text << ": " << printed;
    if (valid)
      EXPECT_EQ(printed, text);
    bool memref =
        !has(0) && !has(3) && !has(4) && !has(7) && !has(8) && !has(9);
    llvm::Expected<TiledLayout> tiled = TiledLayout::parse(text);
    EXPECT_EQ(static_cast<bool>(tiled), memref) << text;
    if (tiled)
      EXPECT_EQ(tiled->str(), text);
    else
      llvm::consumeError(tiled.takeError());
  }
}

/// Comments are spaces, as XLA's lexer skips them.
TEST(XlaLayoutTest, CommentsAreSpaces) {
  EXPECT_EQ(roundTrip("{1, /* minor */ 0 : T(8,128) // tiles\n}"),
            "{1,0:T(8,128)}");
  EXPECT_EQ(parseError("{1,0 /* open"), "column 6: expected '}' but found '/'");
  size_t consumed = 0;
  llvm::Expected<XlaLayout> prefix =
      XlaLayout::parsePrefix("/*x*/{1,0:T(2,2)} rest", consumed);
  ASSERT_TRUE(static_cast<bool>(prefix));
  EXPECT_EQ(consumed, 17u);
}

/// The one printer of tiles.
TEST(TiledLayoutTest, TilesPrintAsXlaWritesThem) {
  EXPECT_EQ((Tile{8, 128}).str(), "(8,128)");
  EXPECT_EQ((Tile{2, Tile::kCombine, 128}).str(), "(2,*,128)");
  std::string text;
  llvm::raw_string_ostream os(text);
  printTiles(os, {Tile{8, 128}, Tile{2, 1}});
  EXPECT_EQ(text, "(8,128)(2,1)");
}

TEST(TiledLayoutTest, DenseDimLevelsAreDropped) {
  // XLA's all-dense `D` says what a memref is; XLA does not print it.
  for (const char *text : {"{1,0:D(D,D)T(2,2)}", "{1,0:D(D,D)}", "{0:D(D)}"}) {
    llvm::Expected<TiledLayout> layout = TiledLayout::parse(text);
    ASSERT_TRUE(static_cast<bool>(layout)) << text;
    EXPECT_EQ(layout->str().find('D'), std::string::npos) << layout->str();
  }
  llvm::Expected<TiledLayout> tiled = TiledLayout::parse("{1,0:D(D,D)T(2,2)}");
  ASSERT_TRUE(static_cast<bool>(tiled));
  EXPECT_EQ(tiled->str(), "{1,0:T(2,2)}");
}

TEST(TiledLayoutTest, ValidationMessagesAreDistinct) {
  EXPECT_EQ(verifyError("{1,0}", {3, 5}), "");
  EXPECT_EQ(verifyError("{1,0}", {3, 5, 7}),
            "minor_to_major has 2 entries but the shape has rank 3");
  EXPECT_EQ(verifyError("{2,0}", {3, 5}),
            "minor_to_major entry 2 is out of range: dimensions are numbered "
            "0 to 1");
  EXPECT_EQ(verifyError("{-1,0}", {3, 5}),
            "minor_to_major entry -1 is out of range: dimensions are numbered "
            "0 to 1");
  EXPECT_EQ(verifyError("{0,0}", {3, 5}),
            "minor_to_major lists dimension 0 twice; it must be a permutation");
  EXPECT_EQ(verifyError("{1,0:T()}", {3, 5}), "tile 0 is empty");
  EXPECT_EQ(verifyError("{1,0:T(2,2)(0,1)}", {3, 5}),
            "tile 1 has size 0 in dimension 0; tile sizes must be positive");
  EXPECT_EQ(verifyError("{1,0:T(2,-2)}", {3, 5}),
            "tile 0 has negative size -2 in dimension 1; write '*' to combine "
            "dimensions");
  EXPECT_EQ(verifyError("{1,0:T(2,*)}", {3, 5}),
            "tile 0 has '*' as its most minor entry; '*' combines a dimension "
            "into the next more minor one");
  EXPECT_EQ(verifyError("{1,0:L(0)}", {3, 5}),
            "tail padding alignment L(0) must be positive");
  EXPECT_EQ(verifyError("{1,0:L(-4)}", {3, 5}),
            "tail padding alignment L(-4) must be positive");
  EXPECT_EQ(verifyError("{1,0:E(-1)}", {3, 5}),
            "element size E(-1) must not be negative");
  EXPECT_EQ(verifyError("{1,0:E(8)}", {3, 5}, 32),
            "element size E(8) is too small for an element type of 32 bits");
  EXPECT_EQ(verifyError("{1,0:E(4)}", {3, 5}, 4), "");
  EXPECT_EQ(verifyError("{1,0}", {-3, 5}), "dimension 0 has negative size -3");
}

TEST(TiledLayoutTest, OverflowIsAnError) {
  EXPECT_EQ(verifyError("{1,0}", {int64_t(1) << 40, int64_t(1) << 40}),
            "the physical size of the layout overflows int64");
  EXPECT_EQ(verifyError("{0:T(4611686018427387904)(4)}", {3}),
            "the product of all tile sizes overflows int64");
  EXPECT_EQ(verifyError("{0}", {int64_t(1) << 60}, 32),
            "the physical size in bits (1152921504606846976 elements of 32 "
            "bits) overflows int64");
  // Large but representable.
  EXPECT_EQ(verifyError("{1,0:T(8,128)}", {int64_t(1) << 30, 1 << 20}), "");
}

/// lexInteger, the one scanner of integers the parsers share: the signs it
/// is given, no token without a digit (the cursor stays), a value only
/// where it fits in int64, every boundary of the range.
TEST(LayoutLexerTest, LexIntegerTakesSignsDigitsAndRange) {
  struct Case {
    const char *text;
    const char *signs;
    const char *token;
    std::optional<int64_t> value;
    size_t posAfter;
  };
  const Case cases[] = {
      {"  42,", "", "42", 42, 4},
      {"-7", "", "", std::nullopt, 0},
      {"-7", "-", "-7", -7, 2},
      {"+7", "-", "", std::nullopt, 0},
      {"+7", "+-", "+7", 7, 2},
      {"- 7", "-", "", std::nullopt, 0},
      {"x", "+-", "", std::nullopt, 0},
      {"", "+-", "", std::nullopt, 0},
      {"9223372036854775807", "", "9223372036854775807", INT64_MAX, 19},
      {"9223372036854775808", "", "9223372036854775808", std::nullopt, 19},
      {"-9223372036854775807", "-", "-9223372036854775807", -INT64_MAX, 20},
      {"-9223372036854775808", "-", "-9223372036854775808", INT64_MIN, 20},
      {"-9223372036854775809", "-", "-9223372036854775809", std::nullopt, 20},
      {"/* a */ 5", "", "5", 5, 9},
      {"99999999999999999999999", "", "99999999999999999999999", std::nullopt,
       23},
      {"007", "", "007", 7, 3},
  };
  for (const Case &c : cases) {
    SCOPED_TRACE(c.text);
    LayoutLexer lexer(c.text);
    LayoutLexer::IntegerToken token = lexer.lexInteger(c.signs);
    EXPECT_EQ(token.text, c.token);
    EXPECT_EQ(token.value, c.value);
    EXPECT_EQ(lexer.getPos(), c.posAfter);
    // The token starts after spaces and comments and ends at the cursor.
    EXPECT_EQ(token.start, lexer.getPos() - token.text.size());
  }
}

TEST(TiledLayoutTest, TilesLongerThanTheShapeAreValid) {
  EXPECT_EQ(verifyError("{0:T(2,4)}", {5}), "");
  EXPECT_EQ(verifyError("{:T(128)}", {}), "");
}

} // namespace

namespace {

/// Random text from the layout alphabet never crashes the parser, and every
/// layout it accepts either fails verification with a message or compiles
/// and answers queries for small shapes.
TEST(TiledLayoutTest, RandomTextNeverCrashes) {
  const std::string alphabet = "{}():,*TLES0123456789- ";
  uint64_t state = 12345;
  auto next = [&] {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return static_cast<unsigned>(state >> 33);
  };
  size_t accepted = 0;
  for (int iteration = 0; iteration < 20000; ++iteration) {
    std::string text = "{";
    size_t length = next() % 24;
    for (size_t i = 0; i < length; ++i)
      text += alphabet[next() % alphabet.size()];
    if (next() % 2)
      text += "}";
    llvm::Expected<TiledLayout> layout = TiledLayout::parse(text);
    if (!layout) {
      llvm::consumeError(layout.takeError());
      continue;
    }
    // Printing and parsing again gives the same layout.
    llvm::Expected<TiledLayout> again = TiledLayout::parse(layout->str());
    ASSERT_TRUE(static_cast<bool>(again)) << text;
    EXPECT_EQ(*again, *layout) << text;
    std::vector<int64_t> shape(layout->getRank(), 3);
    if (llvm::Error err = layout->verify(shape)) {
      llvm::consumeError(std::move(err));
      continue;
    }
    ++accepted;
    llvm::Expected<BufferIndexing> indexing =
        BufferIndexing::compile(*layout, shape);
    ASSERT_TRUE(static_cast<bool>(indexing)) << text;
    std::optional<int64_t> size = indexing->getNumElements().getConstant();
    ASSERT_TRUE(size.has_value()) << text;
    for (int64_t offset = 0; offset < std::min<int64_t>(*size, 64); ++offset) {
      auto index = indexing->indexAt(offset);
      ASSERT_TRUE(static_cast<bool>(index)) << text;
    }
  }
  EXPECT_GT(accepted, 0u);
}

} // namespace

namespace {

TEST(HostileInputTest, ThousandTileLevels) {
  std::string ones = "{0:T", twos = "{0:T";
  for (int i = 0; i < 1000; ++i) {
    ones += "(1)";
    twos += "(2)";
  }
  ones += "}";
  twos += "}";
  llvm::Expected<TiledLayout> layout = TiledLayout::parse(ones);
  ASSERT_TRUE(static_cast<bool>(layout));
  EXPECT_EQ(layout->tiles.size(), 1000u);
  llvm::Expected<BufferIndexing> indexing =
      BufferIndexing::compile(*layout, {4});
  ASSERT_TRUE(static_cast<bool>(indexing));
  EXPECT_TRUE(indexing->getNumElements().isConstant(4));
  EXPECT_EQ(*indexing->offsetOf({3}), 3);
  auto back = indexing->indexAt(2);
  ASSERT_TRUE(static_cast<bool>(back) && back->has_value());
  EXPECT_EQ((**back)[0], 2);

  llvm::Expected<TiledLayout> overflowing = TiledLayout::parse(twos);
  ASSERT_TRUE(static_cast<bool>(overflowing));
  llvm::Error err = overflowing->verify({4});
  EXPECT_EQ(llvm::toString(std::move(err)),
            "the product of all tile sizes overflows int64");
}

TEST(HostileInputTest, IndexMapsOfRepeatedCombiningAreBounded) {
  // Each (*,*,10)(*,*,2) pair nests the previous index expression inside
  // the next: the tree doubled with every pair, and compiling 12 pairs took
  // a minute (the offset map printed gigabytes). Past kMaxIndexExprNodes,
  // compile() fails at once.
  auto pairs = [](int count) {
    std::string text = "{1,0:T(1)";
    for (int i = 0; i < count; ++i)
      text += "(*,*,10)(*,*,2)";
    return text + "}";
  };
  auto compileError = [](const std::string &text) -> std::string {
    llvm::Expected<TiledLayout> layout = TiledLayout::parse(text);
    if (!layout)
      return "parse: " + llvm::toString(layout.takeError());
    llvm::Expected<BufferIndexing> indexing =
        BufferIndexing::compile(*layout, {3, 5});
    return indexing ? "" : llvm::toString(indexing.takeError());
  };
  EXPECT_EQ(compileError(pairs(4)), "");
  for (int count : {8, 10, 12})
    EXPECT_EQ(compileError(pairs(count)),
              "the layout's index map has more than 65536 terms: its tiles "
              "combine (*) and split dimensions too many times");
  // The maps that do compile stay exact: every element round-trips.
  llvm::Expected<TiledLayout> layout = TiledLayout::parse(pairs(4));
  ASSERT_TRUE(static_cast<bool>(layout));
  llvm::Expected<BufferIndexing> indexing =
      BufferIndexing::compile(*layout, {3, 5});
  ASSERT_TRUE(static_cast<bool>(indexing));
  for (int64_t i = 0; i < 3; ++i)
    for (int64_t j = 0; j < 5; ++j) {
      llvm::Expected<int64_t> offset = indexing->offsetOf({i, j});
      ASSERT_TRUE(static_cast<bool>(offset));
      auto back = indexing->indexAt(*offset);
      ASSERT_TRUE(static_cast<bool>(back) && back->has_value());
      EXPECT_EQ(**back, (llvm::SmallVector<int64_t, 4>{i, j}));
    }
}

TEST(HostileInputTest, TileLevelsAreBounded) {
  auto levels = [](size_t count) {
    std::string text = "{0:T";
    for (size_t i = 0; i < count; ++i)
      text += "(1)";
    return text + "}";
  };
  // The bound itself verifies and compiles.
  EXPECT_EQ(verifyError(levels(kMaxTileLevels), {4}), "");
  // Past it, verify() fails before any level is built: 30,000 levels used
  // to take gigabytes.
  std::string many = levels(30000);
  llvm::Expected<TiledLayout> layout = TiledLayout::parse(many);
  ASSERT_TRUE(static_cast<bool>(layout));
  EXPECT_EQ(layout->tiles.size(), 30000u);
  EXPECT_EQ(llvm::toString(layout->verify()),
            "the layout has 30000 tile levels; at most 1024 are supported");
  EXPECT_EQ(verifyError(many, {4}),
            "the layout has 30000 tile levels; at most 1024 are supported");
  // Entries are bounded too: one tile of 30,000 entries pads 29,999 unit
  // dimensions.
  std::string wide = "{0:T(1";
  for (int i = 1; i < 30000; ++i)
    wide += ",1";
  wide += ")}";
  EXPECT_EQ(verifyError(wide, {4}),
            "the layout's tiles have 30000 entries in all; at most 4096 are "
            "supported");
  std::string fourWide = "{0:T";
  for (size_t i = 0; i < kMaxTileLevels; ++i)
    fourWide += "(1,1,1,1)";
  EXPECT_EQ(verifyError(fourWide + "}", {4}), "");
  EXPECT_EQ(verifyError(fourWide + "(1)}", {4}),
            "the layout has 1025 tile levels; at most 1024 are supported");
}

TEST(HostileInputTest, DeeplyNestedCombineMarkers) {
  // 64 dimensions of size 1 and 2 combined into one, then tiled by 4.
  TiledLayout layout = TiledLayout::rowMajor(64);
  Tile tile;
  for (int i = 0; i < 63; ++i)
    tile.dims.push_back(Tile::kCombine);
  tile.dims.push_back(4);
  layout.tiles.push_back(tile);
  std::vector<int64_t> shape(64, 1);
  shape[60] = 2;
  shape[63] = 3;
  llvm::Expected<BufferIndexing> indexing =
      BufferIndexing::compile(layout, shape);
  ASSERT_TRUE(static_cast<bool>(indexing));
  EXPECT_TRUE(indexing->getNumElements().isConstant(8));
  std::vector<int64_t> index(64, 0);
  index[60] = 1;
  index[63] = 2;
  EXPECT_EQ(*indexing->offsetOf(index), 5);
  auto back = indexing->indexAt(5);
  ASSERT_TRUE(static_cast<bool>(back) && back->has_value());
  EXPECT_EQ(std::vector<int64_t>((*back)->begin(), (*back)->end()), index);
  auto padding = indexing->indexAt(7);
  ASSERT_TRUE(static_cast<bool>(padding));
  EXPECT_FALSE(padding->has_value());
}

TEST(HostileInputTest, ZeroSizedAndRankZero) {
  llvm::Expected<BufferIndexing> empty =
      BufferIndexing::compile(*TiledLayout::parse("{1,0:T(8,128)}"), {0, 300});
  ASSERT_TRUE(static_cast<bool>(empty));
  EXPECT_TRUE(empty->getNumElements().isConstant(0));
  auto outside = empty->indexAt(0);
  EXPECT_FALSE(static_cast<bool>(outside));
  llvm::consumeError(outside.takeError());
  llvm::Expected<BufferIndexing> scalar =
      BufferIndexing::compile(*TiledLayout::parse("{:T(128)}"), {});
  ASSERT_TRUE(static_cast<bool>(scalar));
  EXPECT_TRUE(scalar->getNumElements().isConstant(128));
  EXPECT_EQ(*scalar->offsetOf({}), 0);
}

} // namespace
