//===- MemoryUsageTest.cpp - The peak of live bytes per memory space ------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// analyzeMemoryUsage as a pass other than the TPU's own (a layout
// assignment's capacity constraint) calls it: per memory space of a
// function, the peak bytes, the op where it happens and the allocations live
// there; and where BufferLifetimeAnalysis ends each allocation's life.
//
//===----------------------------------------------------------------------===//

#include "tlayout/Target/TPU/Transforms/MemoryUsage.h"
#include "tlayout/Dialect/TLayout/IR/TLayoutDialect.h"
#include "tlayout/Target/TPU/IR/TpuDialect.h"
#include "tlayout/Target/TPU/Transforms/BufferLifetime.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::tlayout::tpu;

namespace {
class MemoryUsageTest : public ::testing::Test {
protected:
  MemoryUsageTest() {
    context.loadDialect<func::FuncDialect, memref::MemRefDialect,
                        arith::ArithDialect, scf::SCFDialect,
                        mlir::tlayout::TLayoutDialect, TLayoutTpuDialect>();
  }

  /// The function named `name` of `source`, parsed into `module`.
  func::FuncOp parse(StringRef source, StringRef name) {
    module = parseSourceString<ModuleOp>(source, &context);
    if (!module)
      return {};
    return module->lookupSymbol<func::FuncOp>(name);
  }

  /// The allocations of `func` in program order.
  static SmallVector<Operation *> allocs(func::FuncOp func) {
    SmallVector<Operation *> result;
    func.walk([&](memref::AllocOp op) { result.push_back(op); });
    return result;
  }

  MLIRContext context;
  OwningOpRef<ModuleOp> module;
};

// Five 32 MiB VMEM buffers, each read once in sequence: the peak is the
// three live at the third allocation, not the 160 MiB they add up to.
constexpr const char *kSequence = R"mlir(
  !vmem = memref<8192x1024xf32, #tlayout_tpu.memory_space<vmem>>
  func.func @seq(%out: memref<8192x1024xf32>) {
    %a = memref.alloc() : !vmem
    %b = memref.alloc() : !vmem
    %c = memref.alloc() : !vmem
    memref.copy %a, %c : !vmem to !vmem
    memref.copy %b, %c : !vmem to !vmem
    %d = memref.alloc() : !vmem
    memref.copy %c, %d : !vmem to !vmem
    %e = memref.alloc() : !vmem
    memref.copy %d, %e : !vmem to !vmem
    tlayout.copy %e, %out : !vmem to memref<8192x1024xf32>
    return
  }
)mlir";

TEST_F(MemoryUsageTest, PeakOfASequence) {
  func::FuncOp func = parse(kSequence, "seq");
  ASSERT_TRUE(func);
  MemoryUsage usage = analyzeMemoryUsage(func);
  SmallVector<Operation *> ops = allocs(func);
  ASSERT_EQ(ops.size(), 5u);
  ASSERT_EQ(usage.spaces.size(), 1u);
  const SpaceUsage &vmem = usage.spaces.front();
  EXPECT_EQ(vmem.space, 1);
  EXPECT_EQ(vmem.peakBytes, 3 * 33554432);
  EXPECT_EQ(vmem.sumBytes, 5 * 33554432);
  EXPECT_EQ(vmem.peakOp, ops[2]);
  ASSERT_EQ(vmem.liveAtPeak.size(), 3u);
  for (size_t i = 0; i < 3; ++i) {
    EXPECT_EQ(vmem.liveAtPeak[i].op, ops[i]);
    EXPECT_EQ(vmem.liveAtPeak[i].kind, LiveAllocation::Kind::Buffer);
    EXPECT_EQ(vmem.liveAtPeak[i].bytes, 33554432);
    EXPECT_EQ(vmem.liveAtPeak[i].copies, 1);
  }
  // %a dies at its copy into %c, %e at the copy out.
  ASSERT_EQ(usage.buffers.size(), 5u);
  EXPECT_FALSE(usage.buffers[0].livesToFunctionEnd);
  EXPECT_EQ(usage.buffers[0].lastUse, ops[2]->getNextNode());
  EXPECT_EQ(usage.buffers[4].lastUse,
            func.getBody().front().getTerminator()->getPrevNode());
}

// Where lives end: through a view, a loop that reads the buffer, a value
// returned; and an unused allocation at its own op.
constexpr const char *kLifetimes = R"mlir(
  !vmem = memref<64x128xf32, #tlayout_tpu.memory_space<vmem>>
  func.func @lives(%out: memref<32x128xf32>, %n: index) -> !vmem {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %viewed = memref.alloc() : !vmem
    %v = memref.subview %viewed[0, 0] [32, 128] [1, 1] : !vmem to memref<32x128xf32, strided<[128, 1]>, #tlayout_tpu.memory_space<vmem>>
    %looped = memref.alloc() : !vmem
    scf.for %i = %c0 to %n step %c1 {
      %x = memref.load %looped[%i, %c0] : !vmem
    }
    %unused = memref.alloc() : !vmem
    memref.copy %v, %out : memref<32x128xf32, strided<[128, 1]>, #tlayout_tpu.memory_space<vmem>> to memref<32x128xf32>
    %returned = memref.alloc() : !vmem
    return %returned : !vmem
  }
)mlir";

TEST_F(MemoryUsageTest, Lifetimes) {
  func::FuncOp func = parse(kLifetimes, "lives");
  ASSERT_TRUE(func);
  SmallVector<Operation *> ops = allocs(func);
  ASSERT_EQ(ops.size(), 4u);
  BufferLifetimeAnalysis analysis;
  Operation *copy = nullptr, *loop = nullptr;
  func.walk([&](memref::CopyOp op) { copy = op; });
  func.walk([&](scf::ForOp op) { loop = op; });

  BufferLifetime viewed = analysis.getLifetime(ops[0]);
  EXPECT_FALSE(viewed.toFunctionEnd);
  EXPECT_EQ(viewed.end, copy);
  BufferLifetime looped = analysis.getLifetime(ops[1]);
  EXPECT_FALSE(looped.toFunctionEnd);
  EXPECT_EQ(looped.end, loop);
  BufferLifetime unused = analysis.getLifetime(ops[2]);
  EXPECT_FALSE(unused.toFunctionEnd);
  EXPECT_EQ(unused.end, ops[2]);
  EXPECT_TRUE(analysis.getLifetime(ops[3]).toFunctionEnd);
}
} // namespace
