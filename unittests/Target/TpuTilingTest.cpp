//===- TpuTilingTest.cpp - Default TPU tilings ----------------------------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//

#include "tlayout/Target/TPU/TpuTiling.h"
#include "tlayout/Core/BufferIndexing.h"

#include "gtest/gtest.h"

using namespace mlir::tlayout;

namespace {

std::string layoutOf(std::vector<int64_t> shape, int64_t bits,
                     tpu::TilingOptions options = {}) {
  llvm::Expected<TiledLayout> layout =
      tpu::getDefaultLayout(shape, bits, options);
  if (!layout)
    return "error: " + llvm::toString(layout.takeError());
  return layout->str();
}

TEST(TpuTilingTest, Rank2Rules) {
  EXPECT_EQ(layoutOf({128, 256}, 32), "{1,0:T(8,128)}");
  EXPECT_EQ(layoutOf({1, 256}, 32), "{1,0:T(2,128)}");
  EXPECT_EQ(layoutOf({2, 256}, 32), "{1,0:T(2,128)}");
  EXPECT_EQ(layoutOf({3, 256}, 32), "{1,0:T(4,128)}");
  EXPECT_EQ(layoutOf({4, 256}, 32), "{1,0:T(4,128)}");
  EXPECT_EQ(layoutOf({5, 256}, 32), "{1,0:T(8,128)}");
  EXPECT_EQ(layoutOf({kDynamicSize, 256}, 32), "{1,0:T(8,128)}");
  EXPECT_EQ(layoutOf({64, 64}, 64), "{1,0:T(8,128)}");
  EXPECT_EQ(layoutOf({8, 1, 1280, 16384}, 16), "{3,2,1,0:T(8,128)(2,1)}");
  EXPECT_EQ(layoutOf({2, 256}, 16), "{1,0:T(2,128)(2,1)}");
  EXPECT_EQ(layoutOf({4, 256}, 16), "{1,0:T(4,128)(2,1)}");
  EXPECT_EQ(layoutOf({64, 256}, 8), "{1,0:T(8,128)(4,1)}");
  // A tile holds whole 32-bit words: 8-bit rows come four at a time.
  EXPECT_EQ(layoutOf({2, 256}, 8), "{1,0:T(4,128)(4,1)}");
  EXPECT_EQ(layoutOf({64, 256}, 1), "{1,0:T(32,128)(32,1)E(1)}");
  EXPECT_EQ(layoutOf({64, 256}, 4), "{1,0:T(8,128)(8,1)E(4)}");
}

TEST(TpuTilingTest, Rank1AndRank0) {
  // Scalars are tiled as TPU dumps print them: f32[]{:T(128)},
  // bf16[]{:T(256)}, s32[]{:T(128)}, pred[]{:T(512)}.
  EXPECT_EQ(layoutOf({}, 32), "{:T(128)}");
  EXPECT_EQ(layoutOf({}, 16), "{:T(256)}");
  EXPECT_EQ(layoutOf({}, 8), "{:T(512)}");
  EXPECT_EQ(layoutOf({}, 1), "{:T(512)}");
  EXPECT_EQ(layoutOf({}, 4), "{:T(512)}");
  EXPECT_EQ(layoutOf({}, 64), "{:T(128)}");
  tpu::TilingOptions wide;
  wide.lanes = 256;
  EXPECT_EQ(layoutOf({}, 32, wide), "{:T(256)}");
  EXPECT_EQ(layoutOf({100}, 32), "{0:T(128)}");
  EXPECT_EQ(layoutOf({1024}, 32), "{0:T(1024)}");
  EXPECT_EQ(layoutOf({5000}, 16), "{0:T(1024)(128)(2,1)}");
  EXPECT_EQ(layoutOf({100}, 16), "{0:T(256)(128)(2,1)}");
  EXPECT_EQ(layoutOf({kDynamicSize}, 32), "{0:T(1024)}");
}

TEST(TpuTilingTest, Generations) {
  tpu::TilingOptions wide;
  wide.lanes = 256;
  wide.sublanes = 16;
  EXPECT_EQ(layoutOf({128, 512}, 32, wide), "{1,0:T(16,256)}");
  EXPECT_EQ(layoutOf({128, 512}, 16, wide), "{1,0:T(16,256)(2,1)}");
  EXPECT_EQ(layoutOf({3, 512}, 32, wide), "{1,0:T(4,256)}");
  tpu::TilingOptions narrow;
  narrow.sublanes = 2;
  EXPECT_EQ(layoutOf({64, 256}, 32, narrow), "{1,0:T(2,128)}");
}

TEST(TpuTilingTest, Errors) {
  EXPECT_EQ(layoutOf({8, 8}, 12),
            "error: no TPU tiling for 12-bit elements; expected 1, 2, 4, 8, "
            "16, 32 or 64 bits");
  tpu::TilingOptions bad;
  bad.lanes = 0;
  EXPECT_EQ(layoutOf({8, 8}, 32, bad),
            "error: lanes (0) and sublanes (8) must be positive");
}

/// Every default layout is valid for its shape, places every element, and
/// pads no more than one tile's worth per tiled dimension.
TEST(TpuTilingTest, DefaultsAreValidEverywhere) {
  for (int64_t bits : {1, 2, 4, 8, 16, 32, 64})
    for (unsigned rank = 0; rank <= 3; ++rank) {
      std::vector<int64_t> sizes = {1, 2, 3, 4, 5, 9, 130, 1025};
      std::vector<int64_t> shape(rank, 0);
      std::function<void(unsigned)> each = [&](unsigned d) {
        if (d == rank) {
          llvm::Expected<TiledLayout> layout =
              tpu::getDefaultLayout(shape, bits);
          ASSERT_TRUE(static_cast<bool>(layout));
          llvm::Error err = layout->verify(shape, bits);
          ASSERT_FALSE(static_cast<bool>(err))
              << llvm::toString(std::move(err));
          llvm::Expected<BufferIndexing> indexing =
              BufferIndexing::compile(*layout, shape);
          ASSERT_TRUE(static_cast<bool>(indexing));
          int64_t logical = 1;
          for (int64_t s : shape)
            logical *= s;
          EXPECT_GE(*indexing->getNumElements().getConstant(), logical);
          return;
        }
        for (int64_t s : sizes) {
          shape[d] = s;
          each(d + 1);
        }
      };
      each(0);
    }
}

} // namespace
