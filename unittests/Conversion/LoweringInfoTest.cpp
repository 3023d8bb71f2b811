//===- LoweringInfoTest.cpp - What the lowering says it rewrites ----------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// The list of ops in --lower-tiled-layouts' description is the list of ops
// its patterns are rooted at (TiledLayoutsLoweringInfo), no more, no less;
// isLoweredTiledMemRefUser answers from the patterns, by op kind and by the
// op's own conditions, whether its memrefs are tiled yet or not.
//
//===----------------------------------------------------------------------===//

#include "tlayout/Conversion/LowerTiledLayouts/LowerTiledLayouts.h"
#include "tlayout/Dialect/TLayout/IR/TLayoutDialect.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include "gtest/gtest.h"

#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>

using namespace mlir;

namespace {

/// The ops named in backquotes in the paragraph of the pass description
/// that starts with "Rewritten ops".
std::set<std::string> documentedOps() {
  std::ifstream file(TLAYOUT_SOURCE_DIR
                     "/include/tlayout/Conversion/Passes.td");
  std::stringstream text;
  text << file.rdbuf();
  std::string td = text.str();
  size_t start = td.find("Rewritten ops");
  if (start == std::string::npos)
    return {};
  std::string paragraph = td.substr(start, td.find("\n\n", start) - start);
  std::set<std::string> result;
  std::regex name("`([a-z_]+\\.[a-z_]+)`");
  for (std::sregex_iterator it(paragraph.begin(), paragraph.end(), name), end;
       it != end; ++it)
    result.insert((*it)[1]);
  return result;
}

void loadDialects(MLIRContext &context) {
  context.loadDialect<mlir::tlayout::TLayoutDialect, affine::AffineDialect,
                      arith::ArithDialect, cf::ControlFlowDialect,
                      func::FuncDialect, memref::MemRefDialect, scf::SCFDialect,
                      vector::VectorDialect>();
}

TEST(LoweringInfoTest, DescriptionListsTheRewrittenOps) {
  MLIRContext context;
  loadDialects(context);
  mlir::tlayout::TiledLayoutsLoweringInfo info(&context);
  std::set<std::string> rewritten;
  std::string listed;
  for (OperationName name : info.getRewrittenOps()) {
    rewritten.insert(name.getStringRef().str());
    listed += " " + name.getStringRef().str();
  }
  EXPECT_EQ(documentedOps(), rewritten) << "the patterns rewrite:" << listed;
}

TEST(LoweringInfoTest, LoweredTiledMemRefUsers) {
  MLIRContext context;
  loadDialects(context);
  const char *source = R"mlir(
    func.func @f(%m: memref<8x8xf32>, %u: memref<*xf32>, %i: index) {
      %c1 = arith.constant 1 : index
      %c7 = arith.constant 7 : index
      %pad = arith.constant 0.0 : f32
      %v = memref.load %m[%i, %i] : memref<8x8xf32>
      %d1 = memref.dim %m, %c1 : memref<8x8xf32>
      %d7 = memref.dim %m, %c7 : memref<8x8xf32>
      %r = memref.reinterpret_cast %m to offset: [0], sizes: [64], strides: [1] : memref<8x8xf32> to memref<64xf32>
      %w = vector.transfer_read %m[%i, %i], %pad : memref<8x8xf32>, vector<8xf32>
      %s = vector.transfer_read %m[%i, %i], %pad : memref<8x8xf32>, vector<[8]xf32>
      %c = memref.cast %m : memref<8x8xf32> to memref<*xf32>
      memref.copy %m, %m : memref<8x8xf32> to memref<8x8xf32>
      return
    })mlir";
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(source, &context);
  ASSERT_TRUE(module);
  std::map<std::string, bool> lowered;
  module->walk([&](Operation *op) {
    std::string key = op->getName().getStringRef().str();
    if (auto dim = dyn_cast<memref::DimOp>(op))
      key += std::to_string(*dim.getConstantIndex());
    if (auto read = dyn_cast<vector::TransferReadOp>(op))
      key += read.getVectorType().isScalable() ? " scalable" : " fixed";
    lowered[key] = mlir::tlayout::isLoweredTiledMemRefUser(op);
  });
  EXPECT_TRUE(lowered["memref.load"]);
  EXPECT_TRUE(lowered["memref.dim1"]);
  EXPECT_FALSE(lowered["memref.dim7"]);
  EXPECT_FALSE(lowered["memref.reinterpret_cast"]);
  EXPECT_TRUE(lowered["vector.transfer_read fixed"]);
  EXPECT_FALSE(lowered["vector.transfer_read scalable"]);
  EXPECT_FALSE(lowered["memref.cast"]);
  EXPECT_TRUE(lowered["memref.copy"]);
  EXPECT_TRUE(lowered["func.return"]);
  EXPECT_FALSE(lowered["arith.constant"]);
}

} // namespace
