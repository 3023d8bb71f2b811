//===- lowering-fuzzer.cpp - Fuzz --lower-tiled-layouts against the core --===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// A structured fuzzer: the input picks a shape (rank 0-3, sizes 0-6), a
// minor_to_major permutation, up to two tiles (with combine markers and tiles
// longer than the shape) and a tail padding. A layout the core rejects must
// be rejected by MLIR's parser too. Otherwise a function that loads one
// element (memref.load or affine.load) is lowered in-process, and the affine
// arithmetic of the result, evaluated for every logical index, must address
// exactly the offset the core's forward map gives.
//
//===----------------------------------------------------------------------===//

#include "tlayout/Core/BufferIndexing.h"
#include "tlayout/Dialect/TLayout/IR/TLayoutDialect.h"
#include "tlayout/Dialect/TLayout/Transforms/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"

#include <fuzzer/FuzzedDataProvider.h>

#include <cstdlib>

using namespace mlir;

static void check(bool condition, const char *what) {
  if (!condition) {
    llvm::errs() << "lowering-fuzzer: " << what << "\n";
    std::abort();
  }
}

static MLIRContext &getContext() {
  static MLIRContext *context = [] {
    DialectRegistry registry;
    registry
        .insert<affine::AffineDialect, arith::ArithDialect, func::FuncDialect,
                memref::MemRefDialect, mlir::tlayout::TLayoutDialect>();
    auto *ctx = new MLIRContext(registry);
    ctx->loadAllAvailableDialects();
    ctx->getDiagEngine().registerHandler(
        [](Diagnostic &) { return success(); });
    return ctx;
  }();
  return *context;
}

/// The value of an index operand of the lowered load for logical `index`.
static int64_t evaluate(Value value, llvm::ArrayRef<int64_t> index) {
  if (auto arg = dyn_cast<BlockArgument>(value))
    return index[arg.getArgNumber() - 1];
  if (auto constant = value.getDefiningOp<arith::ConstantIndexOp>())
    return constant.value();
  auto apply = value.getDefiningOp<affine::AffineApplyOp>();
  check(apply != nullptr, "unexpected index producer");
  SmallVector<int64_t> operands;
  for (Value operand : apply.getMapOperands())
    operands.push_back(evaluate(operand, index));
  SmallVector<int64_t> results = apply.getAffineMap().compose(operands);
  return results.front();
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  FuzzedDataProvider fdp(data, size);
  unsigned rank = fdp.ConsumeIntegralInRange<unsigned>(0, 3);
  std::vector<int64_t> shape;
  for (unsigned i = 0; i < rank; ++i)
    shape.push_back(fdp.ConsumeIntegralInRange<int64_t>(0, 6));
  std::vector<int64_t> perm;
  for (unsigned i = 0; i < rank; ++i)
    perm.push_back(i);
  for (unsigned i = rank; i > 1; --i)
    std::swap(perm[i - 1],
              perm[fdp.ConsumeIntegralInRange<unsigned>(0, i - 1)]);
  ::tlayout::TiledLayout layout(perm);
  unsigned numTiles = fdp.ConsumeIntegralInRange<unsigned>(0, 2);
  for (unsigned t = 0; t < numTiles; ++t) {
    ::tlayout::Tile tile;
    unsigned length = fdp.ConsumeIntegralInRange<unsigned>(1, rank + 1);
    for (unsigned i = 0; i < length; ++i) {
      int64_t entry = fdp.ConsumeIntegralInRange<int64_t>(0, 8);
      tile.dims.push_back(entry == 0 ? ::tlayout::Tile::kCombine : entry);
    }
    layout.tiles.push_back(tile);
  }
  if (fdp.ConsumeBool())
    layout.tailPaddingAlignment = fdp.ConsumeIntegralInRange<int64_t>(1, 64);
  bool useAffine = fdp.ConsumeBool();

  std::string shapeText;
  for (int64_t s : shape)
    shapeText += std::to_string(s) + "x";
  std::string type =
      "memref<" + shapeText + "f32, #tlayout.tiled<" + layout.str() + ">>";
  std::string args, indices;
  for (unsigned i = 0; i < rank; ++i) {
    args += ", %i" + std::to_string(i) + ": index";
    indices += (i ? ", %i" : "%i") + std::to_string(i);
  }
  std::string load = useAffine ? "affine.load" : "memref.load";
  std::string source = "func.func @f(%m: " + type + args + ") -> f32 {\n" +
                       "  %v = " + load + " %m[" + indices + "] : " + type +
                       "\n  return %v : f32\n}\n";

  MLIRContext &context = getContext();
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(source, &context);
  bool valid = !static_cast<bool>(layout.verify(shape));
  if (!valid) {
    check(!module, "MLIR accepted a layout the core rejects");
    return 0;
  }
  check(static_cast<bool>(module), "MLIR rejected a layout the core accepts");
  llvm::Expected<::tlayout::BufferIndexing> indexing =
      ::tlayout::BufferIndexing::compile(layout, shape);
  check(static_cast<bool>(indexing), "the core cannot compile a valid layout");
  int64_t total = *indexing->getNumElements().getConstant();
  if (total > (1 << 14))
    return 0;

  PassManager pm(&context);
  pm.addPass(mlir::tlayout::createLowerTiledLayouts());
  check(succeeded(pm.run(*module)), "the lowering failed on a valid layout");

  auto func = cast<func::FuncOp>(module->getBody()->front());
  Operation *access = nullptr;
  func.walk([&](Operation *op) {
    if (isa<memref::LoadOp, affine::AffineLoadOp>(op))
      access = op;
  });
  check(access != nullptr, "no load after lowering");
  auto physical = cast<MemRefType>(access->getOperand(0).getType());
  check(physical.getLayout().isIdentity(), "physical buffer not identity");
  check(physical.getNumElements() == total, "physical size differs");

  int64_t logical = 1;
  for (int64_t s : shape)
    logical *= s;
  std::vector<int64_t> index(rank, 0);
  for (int64_t n = 0; n < logical; ++n) {
    int64_t rest = n;
    for (unsigned i = rank; i-- > 0;) {
      index[i] = rest % shape[i];
      rest /= shape[i];
    }
    SmallVector<int64_t> physicalIndex;
    if (auto load = dyn_cast<affine::AffineLoadOp>(access)) {
      SmallVector<int64_t> operands;
      for (Value v : load.getMapOperands())
        operands.push_back(evaluate(v, index));
      physicalIndex = load.getAffineMap().compose(operands);
    } else {
      for (Value v : cast<memref::LoadOp>(access).getIndices())
        physicalIndex.push_back(evaluate(v, index));
    }
    int64_t offset = 0;
    for (auto [i, v] : llvm::enumerate(physicalIndex)) {
      check(v >= 0 && v < physical.getDimSize(i), "index outside the buffer");
      offset = offset * physical.getDimSize(i) + v;
    }
    check(offset == *indexing->offsetOf(index),
          "lowered offset differs from the core");
  }
  return 0;
}
