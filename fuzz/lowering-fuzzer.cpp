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

#include "tlayout/Conversion/Passes.h"
#include "tlayout/Core/BufferIndexing.h"
#include "tlayout/Dialect/TLayout/IR/TLayoutDialect.h"

#include "FuzzContext.h"

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

/// The results of `map` (dims and symbols) at the integer `operands`.
static SmallVector<int64_t> evaluateMap(AffineMap map,
                                        llvm::ArrayRef<int64_t> operands) {
  if (map.getNumResults() == 0)
    return {}; // Rank 0: no physical index.
  Builder builder(map.getContext());
  SmallVector<Attribute> constants;
  for (int64_t v : operands)
    constants.push_back(builder.getIndexAttr(v));
  SmallVector<Attribute> results;
  check(succeeded(map.constantFold(constants, results)),
        "lowered map does not fold to constants");
  SmallVector<int64_t> values;
  for (Attribute a : results)
    values.push_back(cast<IntegerAttr>(a).getInt());
  return values;
}

/// The value of an index operand of the lowered load: the lowered function
/// takes the buffer, the dynamic sizes, then the logical indices.
static int64_t evaluate(Value value, llvm::ArrayRef<int64_t> args) {
  if (auto arg = dyn_cast<BlockArgument>(value))
    return args[arg.getArgNumber() - 1];
  if (auto constant = value.getDefiningOp<arith::ConstantIndexOp>())
    return constant.value();
  auto apply = value.getDefiningOp<affine::AffineApplyOp>();
  check(apply != nullptr, "unexpected index producer");
  SmallVector<int64_t> operands;
  for (Value operand : apply.getMapOperands())
    operands.push_back(evaluate(operand, args));
  return evaluateMap(apply.getAffineMap(), operands).front();
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
  ::mlir::tlayout::TiledLayout layout(perm);
  unsigned numTiles = fdp.ConsumeIntegralInRange<unsigned>(0, 2);
  for (unsigned t = 0; t < numTiles; ++t) {
    ::mlir::tlayout::Tile tile;
    unsigned length = fdp.ConsumeIntegralInRange<unsigned>(1, rank + 1);
    for (unsigned i = 0; i < length; ++i) {
      int64_t entry = fdp.ConsumeIntegralInRange<int64_t>(0, 8);
      tile.dims.push_back(entry == 0 ? ::mlir::tlayout::Tile::kCombine : entry);
    }
    layout.tiles.push_back(tile);
  }
  if (fdp.ConsumeBool())
    layout.tailPaddingAlignment = fdp.ConsumeIntegralInRange<int64_t>(1, 64);
  bool useAffine = fdp.ConsumeBool();
  // Some dimensions are only known at run time.
  std::vector<bool> dynamic;
  for (unsigned i = 0; i < rank; ++i)
    dynamic.push_back(fdp.ConsumeBool());

  std::string shapeText;
  for (unsigned i = 0; i < rank; ++i)
    shapeText +=
        (dynamic[i] ? std::string("?") : std::to_string(shape[i])) + "x";
  std::string type =
      "memref<" + shapeText + "f32, #tlayout.tiled<" + layout.str() + ">>";
  std::string args, indices;
  for (unsigned i = 0; i < rank; ++i) {
    args += ", %i" + std::to_string(i) + ": index";
    indices += (i ? ", %i" : "%i") + std::to_string(i);
  }
  // Affine loads need their map operands to be valid dims or symbols, which
  // function arguments are.
  std::string load = useAffine ? "affine.load" : "memref.load";
  std::string source = "func.func @f(%m: " + type + args + ") -> f32 {\n" +
                       "  %v = " + load + " %m[" + indices + "] : " + type +
                       "\n  return %v : f32\n}\n";

  if (getenv("TLAYOUT_FUZZ_PRINT")) {
    llvm::errs() << source << "// run-time shape:";
    for (int64_t size : shape)
      llvm::errs() << ' ' << size;
    llvm::errs() << "\n";
  }
  MLIRContext &context = ::mlir::tlayout::fuzz::getRunContext<
      affine::AffineDialect, arith::ArithDialect, func::FuncDialect,
      memref::MemRefDialect>();
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(source, &context);
  bool valid = !static_cast<bool>(layout.verify(shape));
  if (!valid) {
    check(!module, "MLIR accepted a layout the core rejects");
    return 0;
  }
  check(static_cast<bool>(module), "MLIR rejected a layout the core accepts");
  llvm::Expected<::mlir::tlayout::BufferIndexing> indexing =
      ::mlir::tlayout::BufferIndexing::compile(layout, shape);
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
  // The physical shape, with the run-time sizes for its dynamic dimensions.
  llvm::Expected<::mlir::tlayout::BufferIndexing> runtime =
      ::mlir::tlayout::BufferIndexing::compile(layout, shape);
  check(static_cast<bool>(runtime), "the core cannot compile a valid layout");
  SmallVector<int64_t> physicalShape;
  // The pass picks the flat buffer from the declared shape, where dynamic
  // sizes are symbols: mirror that decision.
  std::vector<int64_t> declared = shape;
  for (unsigned i = 0; i < rank; ++i)
    if (dynamic[i])
      declared[i] = ::mlir::tlayout::kDynamicSize;
  llvm::Expected<::mlir::tlayout::BufferIndexing> symbolic =
      ::mlir::tlayout::BufferIndexing::compile(layout, declared);
  check(static_cast<bool>(symbolic), "the core cannot compile a valid layout");
  bool tailPadded =
      !(symbolic->getTiledNumElements() == symbolic->getNumElements());
  if (tailPadded)
    physicalShape.push_back(total); // The flat buffer.
  else
    for (const ::mlir::tlayout::BufferDim &dim : runtime->getDims())
      physicalShape.push_back(*dim.size.getConstant());
  check(static_cast<int64_t>(physicalShape.size()) == physical.getRank(),
        "physical rank differs");
  for (auto [i, size] : llvm::enumerate(physicalShape))
    check(physical.isDynamicDim(i) || physical.getDimSize(i) == size,
          "static physical size differs");
  int64_t physicalTotal = 1;
  for (int64_t size : physicalShape)
    physicalTotal *= size;
  check(physicalTotal == total, "physical size differs");
  SmallVector<int64_t> dynamicSizes;
  for (unsigned i = 0; i < rank; ++i)
    if (dynamic[i])
      dynamicSizes.push_back(shape[i]);

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
    SmallVector<int64_t> args(dynamicSizes);
    llvm::append_range(args, index);
    SmallVector<int64_t> physicalIndex;
    if (auto load = dyn_cast<affine::AffineLoadOp>(access)) {
      SmallVector<int64_t> operands;
      for (Value v : load.getMapOperands())
        operands.push_back(evaluate(v, args));
      physicalIndex = evaluateMap(load.getAffineMap(), operands);
    } else {
      for (Value v : cast<memref::LoadOp>(access).getIndices())
        physicalIndex.push_back(evaluate(v, args));
    }
    int64_t offset = 0;
    for (auto [i, v] : llvm::enumerate(physicalIndex)) {
      check(v >= 0 && v < physicalShape[i], "index outside the buffer");
      offset = offset * physicalShape[i] + v;
    }
    check(offset == *indexing->offsetOf(index),
          "lowered offset differs from the core");
  }
  return 0;
}
