//===- XlaShapeTest.cpp - Array shapes with layouts -----------------------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//

#include "tlayout/Format/XlaShape.h"

#include "gtest/gtest.h"

using namespace mlir::tlayout;

namespace {

TEST(XlaShapeTest, ParsesAndPrintsShapes) {
  for (const char *text :
       {"bf16[8,1,1280,16384]{3,2,0,1:T(8,128)(2,1)S(1)}",
        "bf16[2,3,1004]{2,1,0:T(2,*,128)}", "u32[]{:T(128)}",
        "s4[16,256]{1,0:T(2,128)E(4)}", "pred[32,128]{1,0:T(32,128)(32,1)E(1)}",
        "f32[3,5]", "f64[?,128]{1,0:T(8,128)}", "s8[4]{0}", "u16[2,2]{0,1}",
        "s16[1]", "u4[8]", "s32[2]", "u64[2]", "s64[3]", "u8[1]", "f16[2]"}) {
    llvm::Expected<XlaShape> shape = XlaShape::parse(text);
    ASSERT_TRUE(static_cast<bool>(shape))
        << text << ": " << llvm::toString(shape.takeError());
    EXPECT_EQ(shape->str(), text);
  }
  llvm::Expected<XlaShape> upper = XlaShape::parse("F32[3,5]{1,0:(2,2)}");
  ASSERT_TRUE(static_cast<bool>(upper));
  EXPECT_EQ(upper->str(), "f32[3,5]{1,0:T(2,2)}");
  EXPECT_EQ(upper->getElementBits(), 32);
}

TEST(XlaShapeTest, ErrorsPointIntoTheWholeText) {
  auto error = [](llvm::StringRef text) {
    llvm::Expected<XlaShape> shape = XlaShape::parse(text);
    return shape ? std::string() : llvm::toString(shape.takeError());
  };
  EXPECT_EQ(error("q32[3]"), "column 1: unknown element type 'q32'");
  EXPECT_EQ(error("f32(3)"), "column 4: expected '[' after the element type");
  EXPECT_EQ(error("f32[3,x]"),
            "column 7: expected a dimension size, '?' or '<=' and a bound");
  EXPECT_EQ(error("f32[3,5]{1,0:T(2,2}"),
            "column 19: expected ')' but found '}'");
  EXPECT_EQ(error("f32[3,5]{1}"),
            "column 9: minor_to_major has 1 entries but the shape has rank 2");
  EXPECT_EQ(error("f32[3,5]{1,0:E(16)}"),
            "column 9: element size E(16) is too small for an element type "
            "of 32 bits");
  EXPECT_EQ(error("s4[8]{0:E(4)}"), "");
  EXPECT_EQ(error("pred[8]{0:E(1)}"), "");
}

TEST(XlaShapeTest, HostileLayoutsReportTheirColumn) {
  std::string many = "{0:T";
  for (int i = 0; i < 30000; ++i)
    many += "(1)";
  many += "}";
  llvm::Expected<XlaShape> shape = XlaShape::parse("f32[4]" + many);
  ASSERT_FALSE(static_cast<bool>(shape));
  EXPECT_EQ(llvm::toString(shape.takeError()),
            "column 7: the layout has 30000 tile levels; at most 1024 are "
            "supported");
}

} // namespace
