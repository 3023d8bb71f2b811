//===- HloShapeTest.cpp - The whole HLO shape grammar ---------------------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// Shapes as XLA's own shape, layout and parser tests write them (quoted here
// as test data): each parses, and prints back exactly as XLA prints it.
//
//===----------------------------------------------------------------------===//

#include "tlayout/Format/HloText.h"
#include "tlayout/Format/XlaShape.h"

#include "gtest/gtest.h"

using namespace mlir::tlayout;

namespace {

std::string roundTrip(llvm::StringRef text) {
  llvm::Expected<HloShape> shape = HloShape::parse(text);
  if (!shape)
    return "error: " + llvm::toString(shape.takeError());
  return shape->str();
}

std::string errorOf(llvm::StringRef text) {
  llvm::Expected<HloShape> shape = HloShape::parse(text);
  return shape ? std::string() : llvm::toString(shape.takeError());
}

/// Strings XLA prints, which print back unchanged.
TEST(HloShapeTest, XlaShapesRoundTrip) {
  for (const char *text :
       {// The HLO parser's shape tests.
        "f32[123,456]", "f32[123,456]{0,1}", "f32[123,456]{0,1:T(2,128)}",
        "bf16[123,456,789]{2,1,0:T(2,*,128)(2,1)}",
        "s4[123,456]{1,0:T(2,128)E(4)}", "pred[123,456]{1,0:T(2,128)S(3)}",
        "pred[123,456]{1,0:S(3)}", "f32[123,456]{1,0:T(16,128)M(1024)}",
        "pred[123,456]{1,0:T(2,128)S(3)SC(1:200)}",
        "pred[123,456]{1,0:S(3)SC(0:10)(1:4,5)}",
        "pred[123,456]{1,0:SC(1:50,200)}", "opaque[]", "token[]",
        "f32[123,<=456]", "(f32[42], u32[<=123,<=456])", "u32[]{:T(128)}",
        // Layout printing: each field, and several in XLA's order.
        "f32[2]{0:D(C)}", "f32[2]{0:D(S)}", "f32[2]{0:D(H)}", "f32[2]{0:D(C~)}",
        "f32[2]{0:D(C+)}", "f32[2]{0:D(C+~)}", "f32[3,4]{1,0:D(D,C)}",
        "f32[1,2,3,4]{3,2,1,0:T(42,123)(4,5)}",
        "f32[1,2,3,4]{3,2,1,0:T(*,*,42,123)}", "f32[1,2,3,4]{3,2,1,0:L(100)}",
        "f32[1,2,3,4]{3,2,1,0:D(D,D,D,C)#(u32)}",
        "f32[1,2,3,4]{3,2,1,0:*(u16)}", "f32[1,2,3,4]{3,2,1,0:S(3)}",
        "f32[2,5]{0,1:SC(0:3)(1:0,4)}",
        "s32[20,10]{0,1:D(D,C)P(s32[10,20]{1,0})}", "f32[2,2]{0,1:M(123)}",
        "f64[1,2,3,4]{3,2,1,0:T(42,123)(4,5)L(100)E(64)}",
        // Shape printing: tuples, nesting, unbounded dynamic sizes.
        "(opaque[], f32[], u32[1,2]{1,0}, s32[3,4]{0,1})",
        "((opaque[], f32[], u32[1,2]{1,0}, s32[3,4]{0,1}), u32[1,2]{1,0}, "
        "token[])",
        "()", "(())", "f32[<=23,44,<=55]", "f32[?,784]", "f32[?]",
        "b(f32[8]{0})",
        // TPU dumps.
        "s32[<=4096]{0:T(8)M(1024)}", "f32[<=4194304]{0:T(1024)}",
        "s4[64,128]{1,0:T(64,128)(8,1)E(4)S(1)}",
        "((s32[<=4096]{0:T(8)M(1024)}), s32[<=4096]{0:T(8)M(1024)}, "
        "u32[]{:T(8)S(8)})",
        "s32[6]{0:T(128)S(1)SC(0:3)}", "f32[200001,128]{1,0:T(8)L(1024)}",
        "pred[]{:T(256)E(32)}", "bf16[]{:T(256)}", "f32[]{:T(128)S(6)}"})
    EXPECT_EQ(roundTrip(text), text);
}

/// XLA's parser reads forms it prints differently: spaces, a tuple without
/// spaces, all-dense level types (omitted), upper-case types.
TEST(HloShapeTest, NormalizesAsXlaPrints) {
  EXPECT_EQ(roundTrip("(f32[1572864],s8[5120,1024])"),
            "(f32[1572864], s8[5120,1024])");
  EXPECT_EQ(roundTrip("(f32[1],(f32[2], token[]), opaque[], f32[3])"),
            "(f32[1], (f32[2], token[]), opaque[], f32[3])");
  EXPECT_EQ(roundTrip("f32[123,456,789]{0,1,2:T(2, * , 128)}"),
            "f32[123,456,789]{0,1,2:T(2,*,128)}");
  EXPECT_EQ(roundTrip("f32[1024, 1024]"), "f32[1024,1024]");
  EXPECT_EQ(roundTrip("f32[3,4]{1,0:D(D,D)}"), "f32[3,4]{1,0}");
  EXPECT_EQ(roundTrip("F32[3,5]{1,0:(2,2)}"), "f32[3,5]{1,0:T(2,2)}");
}

/// Every element type of xla_data.proto, with its sizes and signedness.
TEST(HloShapeTest, ElementTypes) {
  struct Row {
    const char *name;
    int64_t storage, minimum;
  };
  for (Row row : std::initializer_list<Row>{{"pred", 8, 1},
                                            {"s1", 8, 1},
                                            {"u1", 8, 1},
                                            {"s2", 8, 2},
                                            {"u2", 8, 2},
                                            {"s4", 8, 4},
                                            {"u4", 8, 4},
                                            {"s8", 8, 8},
                                            {"u8", 8, 8},
                                            {"s16", 16, 16},
                                            {"u16", 16, 16},
                                            {"s32", 32, 32},
                                            {"u32", 32, 32},
                                            {"s64", 64, 64},
                                            {"u64", 64, 64},
                                            {"f16", 16, 16},
                                            {"bf16", 16, 16},
                                            {"f32", 32, 32},
                                            {"f64", 64, 64},
                                            {"c64", 64, 64},
                                            {"c128", 128, 128},
                                            {"f8e5m2", 8, 8},
                                            {"f8e4m3", 8, 8},
                                            {"f8e4m3fn", 8, 8},
                                            {"f8e4m3b11fnuz", 8, 8},
                                            {"f8e5m2fnuz", 8, 8},
                                            {"f8e4m3fnuz", 8, 8},
                                            {"f8e3m4", 8, 8},
                                            {"f8e8m0fnu", 8, 8},
                                            {"f4e2m1fn", 8, 4},
                                            {"f6e2m3fn", 8, 6},
                                            {"f6e3m2fn", 8, 6}}) {
    std::optional<ElementType> type = parseElementType(row.name);
    ASSERT_TRUE(type.has_value()) << row.name;
    EXPECT_EQ(getElementTypeName(*type), row.name);
    EXPECT_EQ(getStorageBits(*type), row.storage) << row.name;
    EXPECT_EQ(getMinimumBits(*type), row.minimum) << row.name;
    std::string shape = std::string(row.name) + "[2]{0}";
    EXPECT_EQ(roundTrip(shape), shape);
  }
  EXPECT_TRUE(isSignedInteger(*parseElementType("s4")));
  EXPECT_FALSE(isSignedInteger(*parseElementType("u4")));
  EXPECT_TRUE(isUnsignedInteger(*parseElementType("u1")));
  EXPECT_FALSE(isUnsignedInteger(*parseElementType("f32")));
}

/// Bounded dimensions take their bound as the physical size.
TEST(HloShapeTest, BoundedDimensions) {
  llvm::Expected<XlaShape> shape = XlaShape::parse("s32[<=4096,3]{1,0}");
  ASSERT_TRUE(static_cast<bool>(shape)) << llvm::toString(shape.takeError());
  EXPECT_EQ(shape->dims[0], 4096);
  EXPECT_TRUE(shape->isBounded(0));
  EXPECT_FALSE(shape->isBounded(1));
  llvm::Expected<XlaShape> plain = XlaShape::parse("s32[4096,3]");
  ASSERT_TRUE(static_cast<bool>(plain));
  EXPECT_TRUE(plain->boundedDims.empty());
}

/// Layout fields land where they belong.
TEST(HloShapeTest, LayoutFields) {
  llvm::Expected<XlaShape> shape =
      XlaShape::parse("f32[2,5]{0,1:T(2,128)S(3)SC(0:3)(1:0,4)M(16)}");
  ASSERT_TRUE(static_cast<bool>(shape)) << llvm::toString(shape.takeError());
  EXPECT_EQ(shape->layout.memorySpace, 3);
  ASSERT_EQ(shape->extras.splitConfigs.size(), 2u);
  EXPECT_EQ(shape->extras.splitConfigs[1].dimension, 1);
  EXPECT_EQ(shape->extras.splitConfigs[1].splitIndices.size(), 2u);
  EXPECT_EQ(shape->extras.dynamicMetadataPrefixBytes, 16);
  llvm::Expected<XlaShape> sparse =
      XlaShape::parse("f32[3,4]{1,0:D(D,C)#(u32)*(u16)}");
  ASSERT_TRUE(static_cast<bool>(sparse)) << llvm::toString(sparse.takeError());
  EXPECT_TRUE(sparse->extras.isSparse());
  EXPECT_EQ(sparse->extras.indexType, ElementType::U32);
  EXPECT_EQ(sparse->extras.pointerType, ElementType::U16);
}

/// Errors say why, at the right column.
TEST(HloShapeTest, Errors) {
  EXPECT_EQ(errorOf("f32[123,456]foobar{0,1}"),
            "column 13: unexpected 'f' after the shape");
  EXPECT_EQ(errorOf("f32[123,456]{foo}"),
            "column 14: expected a dimension number but found 'f'");
  EXPECT_EQ(errorOf("f32[123,456,789]{1:T(2, * , 128)}"),
            "column 17: minor_to_major has 1 entries but the shape has rank 3");
  EXPECT_EQ(errorOf("(f32[2], s32[]"),
            "column 15: expected ',' or ')' in the tuple but found 'end of "
            "input'");
  EXPECT_EQ(errorOf("token[1]"), "column 7: token has no dimensions: write "
                                 "token[]");
  EXPECT_EQ(errorOf("f32[<=]"), "column 5: expected a bound after '<='");
  EXPECT_EQ(errorOf("f32[2]{0:Q(1)}"),
            "column 10: expected a layout field D(...), T(...), L(...), "
            "#(...), *(...), E(...), S(...), SC(...), P(...) or M(...) but "
            "found 'Q'");
  EXPECT_EQ(errorOf("f32[2]{0:S(1)S(2)}"),
            "column 14: layout field 'S' is repeated or out of order; XLA "
            "writes the fields in the order D, T, L, #, *, E, S, SC, P, M");
  EXPECT_EQ(errorOf("f32[2]{0:#(f32)}"),
            "column 10: #(...) needs an unsigned integer type such as u32, "
            "found 'f32'");
  EXPECT_EQ(errorOf("f32[2,3]{1,0:D(D)}"),
            "column 14: layout field 'D' names 1 dimension levels for 2 "
            "dimensions");
  EXPECT_EQ(errorOf("f32[2]{0:SC(1:3)}"),
            "column 10: SC(...) splits dimension 1 of a rank-1 layout");
  // What XLA's parser rejects: fields out of order, an empty layout (a `{`
  // not followed by a dimension or `:` is no layout), a physical shape on
  // a dense layout.
  EXPECT_EQ(errorOf("f32[8,128]{1,0:S(1)T(8,128)}"),
            "column 20: layout field 'T' is repeated or out of order; XLA "
            "writes the fields in the order D, T, L, #, *, E, S, SC, P, M");
  EXPECT_EQ(errorOf("f32[]{}"),
            "column 6: an empty layout '{}' is not XLA's: a shape without a "
            "layout is written without braces, a scalar's tiles as "
            "{:T(128)}");
  EXPECT_EQ(errorOf("(f32[2], f32[] { })").substr(0, 30),
            "column 16: an empty layout '{}");
  EXPECT_EQ(errorOf("s32[20,10]{0,1:P(s32[10,20]{1,0})}"),
            "column 16: layout field 'P' (the physical shape of a sparse "
            "array) needs a sparse layout (a D(...) level other than D)");
  EXPECT_EQ(errorOf("s32[20,10]{0,1:D(D,C)P(s32[10,20]{1})}"),
            "column 34: minor_to_major has 1 entries but the shape has rank "
            "2");
  EXPECT_EQ(errorOf("b(token[])"), "column 3: a buffer b(...) holds an array "
                                   "shape");
  llvm::Expected<XlaShape> tuple = XlaShape::parse("(f32[2])");
  ASSERT_FALSE(static_cast<bool>(tuple));
  EXPECT_EQ(llvm::toString(tuple.takeError()),
            "column 1: expected an array shape; (f32[2]) is a tuple, token, "
            "opaque value or buffer");
  std::string deep(300, '(');
  EXPECT_NE(errorOf(deep).find("nested deeper than 256"), std::string::npos);
}

TEST(HloShapeTest, ForEachArrayVisitsTupleElements) {
  llvm::Expected<HloShape> shape =
      HloShape::parse("((f32[2]), token[], (s32[], (u8[3])))");
  ASSERT_TRUE(static_cast<bool>(shape));
  std::vector<std::string> seen;
  shape->forEachArray([&](llvm::ArrayRef<int64_t> index, const XlaShape &a) {
    std::string s = "{";
    for (int64_t i : index)
      s += std::to_string(i) + ";";
    seen.push_back(s + "}" + a.str());
  });
  EXPECT_EQ(seen, (std::vector<std::string>{"{0;0;}f32[2]", "{2;0;}s32[]",
                                            "{2;1;0;}u8[3]"}));
}

/// HLO text: every buffer a module names, with what must be skipped.
TEST(HloTextTest, ReadsModules) {
  const char *text =
      R"(HloModule m, entry_computation_layout={(f32[8,2]{0,1:T(2,128)S(5)}, s32[]{:T(128)})->(f32[8,2]{0,1:T(2,128)})}

%region (a: s32[], b: s32[]) -> pred[] {
  %a = s32[]{:T(128)} parameter(0)
  %b = s32[]{:T(128)} parameter(1)
  ROOT %lt = pred[]{:T(512)} compare(s32[]{:T(128)} %a, s32[]{:T(128)} %b), direction=LT, metadata={op_name="jit(f)/lt" source_file="a.py" source_line=3}
} // region

ENTRY %main.9 (p0: f32[8,2],
    p1: s32[]) -> (f32[8,2]) {
  %p0 = f32[8,2]{0,1:T(2,128)S(5)} parameter(0), sharding={devices=[1,2]<=[2]}
  %p1 = s32[]{:T(128)} parameter(1)
  %t = (f32[8,2]{0,1:T(2,128)}, /*index=1*/s32[]{:T(128)}, token[]) custom-call(%p0, %p1),
      custom_call_target="x", backend_config={"flag_configs":[],"a":"}{)("}
  %v = abs(%p1)
  ROOT %r = (f32[8,2]{0,1:T(2,128)}) tuple(%p0)
}
)";
  llvm::Expected<HloText> hlo = readHloText(text);
  ASSERT_TRUE(static_cast<bool>(hlo)) << llvm::toString(hlo.takeError());
  EXPECT_EQ(hlo->moduleName, "m");
  ASSERT_EQ(hlo->computations.size(), 2u);
  EXPECT_EQ(hlo->computations[1].name, "main.9");
  EXPECT_TRUE(hlo->computations[1].isEntry);
  EXPECT_EQ(hlo->numInstructions, 8u);
  EXPECT_EQ(hlo->numShapeless, 1u);
  EXPECT_EQ(hlo->numTokens, 1u);
  std::vector<std::string> names;
  for (const HloBuffer &b : hlo->buffers) {
    std::string index;
    for (int64_t i : b.tupleIndex)
      index += "." + std::to_string(i);
    names.push_back(b.computation + "/" + b.instruction + index + " " +
                    b.opcode + " " + b.shape.str() + " @" +
                    std::to_string(b.line));
  }
  EXPECT_EQ(names, (std::vector<std::string>{
                       "region/a parameter s32[]{:T(128)} @4",
                       "region/b parameter s32[]{:T(128)} @5",
                       "region/lt compare pred[]{:T(512)} @6",
                       "main.9/p0 parameter f32[8,2]{0,1:T(2,128)S(5)} @11",
                       "main.9/p1 parameter s32[]{:T(128)} @12",
                       "main.9/t.0 custom-call f32[8,2]{0,1:T(2,128)} @13",
                       "main.9/t.1 custom-call s32[]{:T(128)} @13",
                       "main.9/r.0 tuple f32[8,2]{0,1:T(2,128)} @16"}));
}

TEST(HloTextTest, ErrorsHaveLines) {
  llvm::Expected<HloText> hlo =
      readHloText("HloModule m\nENTRY e {\n  x = f32[2]{1} parameter(0)\n}\n");
  ASSERT_FALSE(static_cast<bool>(hlo));
  EXPECT_EQ(llvm::toString(hlo.takeError()),
            "line 3, column 13: the shape of 'x': minor_to_major entry 1 is "
            "out of range: dimensions are numbered 0 to 0");
}

} // namespace

namespace {
/// Nesting through P(...) is bounded like tuple nesting.
TEST(HloShapeTest, PhysicalShapeNestingIsBounded) {
  std::string text;
  for (int i = 0; i < 300; ++i)
    text += "f32[2]{0:D(C)P(";
  text += "f32[2]{0}";
  for (int i = 0; i < 300; ++i)
    text += ")}";
  EXPECT_NE(errorOf(text).find("nested deeper than 256"), std::string::npos);
  EXPECT_EQ(roundTrip("f32[2]{0:D(C)P(f32[2]{0:D(C)P(f32[2]{0})})}"),
            "f32[2]{0:D(C)P(f32[2]{0:D(C)P(f32[2]{0})})}");
}

/// XLA prints `/*index=N*/` before every fifth element of a tuple; a bare
/// tuple reads like one inside an instruction line, and prints back so.
TEST(HloShapeTest, TupleIndexComments) {
  const char *six = "(f32[1], s32[2]{0}, u8[], token[], opaque[], "
                    "/*index=5*/b(s32[3,4]{1,0}))";
  EXPECT_EQ(roundTrip(six), six);
  EXPECT_EQ(roundTrip("(f32[1],f32[2],f32[3],f32[4],f32[5],f32[6])"),
            "(f32[1], f32[2], f32[3], f32[4], f32[5], /*index=5*/f32[6])");
  std::string eleven = "(";
  for (int i = 0; i < 11; ++i)
    eleven += std::string(i ? ", " : "") +
              (i && i % 5 == 0 ? "/*index=" + std::to_string(i) + "*/"
                               : std::string()) +
              "pred[]";
  eleven += ")";
  EXPECT_EQ(roundTrip(eleven), eleven);
  // Comments anywhere a space may be; an unterminated one is an error.
  EXPECT_EQ(roundTrip("( /*a*/ f32[2] /*b*/ {0} , b( u8[1] ) )"),
            "(f32[2]{0}, b(u8[1]))");
  EXPECT_EQ(errorOf("(f32[2], /*index=1"),
            "column 10: expected a shape such as f32[8,128], a tuple '(' or "
            "token[] but found '/'");
  // Buffers, tokens and opaque values inside tuples, as XLA prints them.
  EXPECT_EQ(roundTrip("((b(s32[3,4]{1,0}), opaque[]), token[])"),
            "((b(s32[3,4]{1,0}), opaque[]), token[])");
  EXPECT_EQ(errorOf("b(opaque[])"),
            "column 3: a buffer b(...) holds an array shape");
}

/// A scalar's layout prints as XLA prints it: `{}` not at all.
TEST(HloShapeTest, ScalarLayouts) {
  llvm::Expected<XlaShape> scalar = XlaShape::parse("f32[]");
  ASSERT_TRUE(static_cast<bool>(scalar));
  scalar->hasExplicitLayout = true;
  EXPECT_EQ(scalar->str(), "f32[]");
  EXPECT_EQ(roundTrip("u32[]{:T(128)}"), "u32[]{:T(128)}");
}
} // namespace
