//===- MosaicLayoutTest.cpp - Mosaic's layouts against tlayout's ----------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// Mosaic TPU's `#tpu.tiled` memref layouts: parsing and its diagnostics,
// Mosaic's offsets of hand-computed examples, and, exhaustively over small
// shapes and tilings, that Mosaic's offset formula agrees with tlayout's
// offset (through TiledLayout and BufferIndexing) of the equivalent layout:
// the layout itself for default strides, the larger buffer of the window
// for strides that skip tiles.
//
//===----------------------------------------------------------------------===//

#include "tlayout/Target/TPU/MosaicLayout.h"
#include "tlayout/Core/BufferIndexing.h"

#include "../Core/Reference.h"

#include "gtest/gtest.h"

using namespace mlir::tlayout;
using namespace mlir::tlayout::mosaic;

namespace {

using reference::forEachIndex;

MosaicMemRef parseOrDie(llvm::StringRef text) {
  llvm::Expected<MosaicMemRef> m = MosaicMemRef::parse(text);
  if (!m) {
    ADD_FAILURE() << text.str() << ": " << llvm::toString(m.takeError());
    return {};
  }
  return std::move(*m);
}

std::string parseError(llvm::StringRef text) {
  llvm::Expected<MosaicMemRef> m = MosaicMemRef::parse(text);
  if (m)
    return "parsed";
  return llvm::toString(m.takeError());
}

TEST(MosaicLayout, ParsesAndPrints) {
  MosaicMemRef m = parseOrDie("memref<16x256xbf16, #tpu.tiled<(8,128)(2,1),"
                              "[2,1]>, #tpu.memory_space<vmem>>");
  EXPECT_EQ(m.shape, (llvm::SmallVector<int64_t, 4>{16, 256}));
  EXPECT_EQ(m.elementType, "bf16");
  EXPECT_EQ(m.getElementBits(), 16);
  ASSERT_EQ(m.tiles.size(), 2u);
  EXPECT_EQ(m.tiles[0], (Tile{8, 128}));
  EXPECT_EQ(m.tiles[1], (Tile{2, 1}));
  EXPECT_EQ(m.tileStrides, (llvm::SmallVector<int64_t, 4>{2, 1}));
  EXPECT_EQ(m.memorySpace, MemorySpace::Vmem);
  EXPECT_EQ(m.str(), "memref<16x256xbf16, #tpu.tiled<(8,128)(2,1),[2,1]>, "
                     "#tpu.memory_space<vmem>>");
  // Spaces anywhere between tokens, a dynamic size, no tiles, no layout.
  EXPECT_EQ(parseOrDie("memref< ? x 128 x f32 , #tpu.tiled< (8, 128) , "
                       "[ 1 , 1 ] > >")
                .str(),
            "memref<?x128xf32, #tpu.tiled<(8,128),[1,1]>>");
  EXPECT_EQ(parseOrDie("memref<4x8xi32, #tpu.tiled<,[8,1]>>").str(),
            "memref<4x8xi32, #tpu.tiled<,[8,1]>>");
  EXPECT_EQ(parseOrDie("memref<4xi8, #tpu.memory_space<smem>>").str(),
            "memref<4xi8, #tpu.memory_space<smem>>");
  EXPECT_EQ(parseOrDie("memref<f32, #tpu.tiled<,[]>>").str(),
            "memref<f32, #tpu.tiled<,[]>>");
}

TEST(MosaicLayout, Diagnostics) {
  EXPECT_EQ(parseError("memref<16x256xbf16, #tpu.tiled<(8,128),[1]>>"),
            "column 21: #tpu.tiled has 1 tile strides but the memref has "
            "rank 2");
  EXPECT_EQ(parseError("memref<16x256xbf16, #tpu.tiled<(8,128)(3,1),[2,1]>>"),
            "column 21: tile (3,1) does not evenly divide the first tile "
            "(8,128) (it would add padding inside a tile, which Mosaic does "
            "not allow)");
  EXPECT_EQ(parseError("memref<256xf32, #tpu.tiled<(8,128),[1]>>"),
            "column 17: the first tile has 2 dimensions but the memref has "
            "rank 1");
  EXPECT_EQ(parseError("memref<256xf32, #tpu.tiled<(128)(2,1),[1]>>"),
            "column 17: tile (2,1) has 2 dimensions but tiles inside the "
            "first tile can only split its 1 dimensions (Mosaic does not "
            "tile across first tiles)");
  EXPECT_EQ(parseError("memref<16x256xbf16, #tpu.tiled<(8,128),[2,-1]>>"),
            "column 43: tile stride -1 is negative");
  // INT64_MIN fits in 64 bits; one less does not.
  EXPECT_EQ(parseError("memref<16x256xbf16, #tpu.tiled<(8,128),[2,"
                       "-9223372036854775808]>>"),
            "column 43: tile stride -9223372036854775808 is negative");
  EXPECT_EQ(parseError("memref<16x256xbf16, #tpu.tiled<(8,128),[2,"
                       "-9223372036854775809]>>"),
            "column 43: a tile stride -9223372036854775809 does not fit in "
            "64 bits");
  EXPECT_EQ(parseError("memref<16x256xbf16, #tpu.tiled<(8,0),[2,1]>>"),
            "column 35: tile size 0 is not positive");
  EXPECT_EQ(parseError("memref<16x256xbf16, #tpu.memory_space<vram>>"),
            "column 39: unknown Mosaic memory space 'vram'; expected any, "
            "vmem, smem, hbm, cmem, semaphore_mem, vmem_shared or host");
  EXPECT_EQ(parseError("memref<16x256xbf16, #tpu.tiled<(8,128)[2,1]>>"),
            "column 39: expected ',' between the tiles and the tile strides, "
            "found '[2'");
  EXPECT_EQ(parseError("memref<16x256xbf16, strided<[256,1]>>"),
            "column 21: expected #tpu.tiled<...> or #tpu.memory_space<...>, "
            "found 'strided<[256'");
  EXPECT_EQ(parseError("memref<16x256xbf16> x"),
            "column 21: unexpected text after the memref type");
  EXPECT_EQ(parseError("memref<16x256xbf16, #tpu.memory_space<vmem>, "
                       "#tpu.tiled<(8,128),[2,1]>>"),
            "column 46: the layout must come before the memory space");
  EXPECT_EQ(parseError("memref<99999999999999999999x1xf32>"),
            "column 8: a dimension size 99999999999999999999 does not fit "
            "in 64 bits");
  EXPECT_EQ(parseError("memref<4611686018427387904x4611686018427387904xf32, "
                       "#tpu.tiled<,[4611686018427387904,1]>>"),
            "column 53: offsets of this layout do not fit in 64 bits");
}

/// Offsets worked out by hand from Mosaic's definition.
TEST(MosaicLayout, HandComputedOffsets) {
  MosaicMemRef m =
      parseOrDie("memref<16x256xbf16, #tpu.tiled<(8,128)(2,1),[2,1]>>");
  auto offset = [&](llvm::ArrayRef<int64_t> index) {
    llvm::Expected<int64_t> o = m.offsetOf(index);
    EXPECT_TRUE(bool(o));
    return o ? *o : -1;
  };
  // Inside the first (8,128) tile, rows pair up: (2i, j) and (2i+1, j) are
  // neighbours, each pair of rows spans 256 elements.
  EXPECT_EQ(offset({0, 0}), 0);
  EXPECT_EQ(offset({1, 0}), 1);
  EXPECT_EQ(offset({0, 1}), 2);
  EXPECT_EQ(offset({2, 0}), 256);
  EXPECT_EQ(offset({7, 127}), 3 * 256 + 127 * 2 + 1);
  // Tiles of 1024 elements: tile (0,1) at 1024, tile (1,0) at 2 * 1024.
  EXPECT_EQ(offset({0, 128}), 1024);
  EXPECT_EQ(offset({8, 0}), 2048);
  EXPECT_EQ(offset({15, 255}), 4095);
  EXPECT_EQ(m.getOffsetMapText(),
            "(d0, d1) -> (d0 floordiv 8 * 2048 + d1 floordiv 128 * 1024 + "
            "(d0 floordiv 2) mod 4 * 256 + d1 mod 128 * 2 + d0 mod 2)");
  EXPECT_FALSE(bool(m.offsetOf({16, 0})));
  llvm::consumeError(m.offsetOf({16, 0}).takeError());

  // The same array as a window of a 32x512 buffer: strides [4,1].
  MosaicMemRef w =
      parseOrDie("memref<16x256xbf16, #tpu.tiled<(8,128)(2,1),[4,1]>>");
  llvm::Expected<int64_t> o = w.offsetOf({8, 0});
  ASSERT_TRUE(bool(o));
  EXPECT_EQ(*o, 4096);
  llvm::Expected<TLayoutEquivalent> eq = w.toTLayout();
  ASSERT_TRUE(bool(eq)) << llvm::toString(eq.takeError());
  EXPECT_TRUE(eq->isWindow);
  EXPECT_EQ(eq->bufferShape, (llvm::SmallVector<int64_t, 4>{16, 512}));
  TLayoutText text = printTLayout(w, *eq);
  EXPECT_EQ(text.layoutAttr, "#tlayout.tiled<{1,0:T(8,128)(2,1)}, parent = "
                             "[16, 512], offsets = [0, 0]>");
  EXPECT_EQ(text.subview,
            "%window = tlayout.subview %buffer[0, 0] [16, 256] : "
            "memref<16x512xbf16, #tlayout.tiled<{1,0:T(8,128)(2,1)}>> to "
            "memref<16x256xbf16, #tlayout.tiled<{1,0:T(8,128)(2,1)}, parent "
            "= [16, 512], offsets = [0, 0]>>");
}

TEST(MosaicLayout, DefaultStridesGiveTheTiledLayout) {
  MosaicMemRef m = parseOrDie("memref<16x256xbf16, #tpu.tiled<(8,128)(2,1),"
                              "[2,1]>, #tpu.memory_space<vmem>>");
  llvm::Expected<TLayoutEquivalent> eq = m.toTLayout();
  ASSERT_TRUE(bool(eq)) << llvm::toString(eq.takeError());
  EXPECT_FALSE(eq->isWindow);
  TLayoutText text = printTLayout(m, *eq);
  EXPECT_EQ(text.xlaLayout, "{1,0:T(8,128)(2,1)S(1)}");
  EXPECT_EQ(text.memrefType,
            "memref<16x256xbf16, #tlayout.tiled<{1,0:T(8,128)(2,1)}>, "
            "#tlayout_tpu.memory_space<vmem>>");
  // A dimension of one tile may have any stride.
  MosaicMemRef one = parseOrDie("memref<8x256xf32, #tpu.tiled<(8,128),[7,1]>>");
  EXPECT_TRUE(one.hasDefaultTileStrides());
  // Tiles stored column by column are neither the layout nor a window.
  MosaicMemRef columns =
      parseOrDie("memref<16x256xf32, #tpu.tiled<(8,128),[1,2]>>");
  llvm::Expected<TLayoutEquivalent> none = columns.toTLayout();
  ASSERT_FALSE(bool(none));
  EXPECT_EQ(llvm::toString(none.takeError()),
            "tile strides of #tpu.tiled<(8,128),[1,2]>: the most minor "
            "dimension has stride 2, not 1, so the tiles are not a window of "
            "a row-major tiled buffer");
  MosaicMemRef overlap =
      parseOrDie("memref<16x256xf32, #tpu.tiled<(8,128),[1,1]>>");
  llvm::Expected<TLayoutEquivalent> bad = overlap.toTLayout();
  ASSERT_FALSE(bool(bad));
  EXPECT_EQ(llvm::toString(bad.takeError()),
            "tile strides of #tpu.tiled<(8,128),[1,1]>: dimension 0 has "
            "stride 1, which is not a multiple of dimension 1's stride 1 by "
            "at least its 2 tiles, so the tiles are not a window of a "
            "row-major tiled buffer");
  MosaicMemRef semaphore =
      parseOrDie("memref<4xi32, #tpu.memory_space<semaphore_mem>>");
  llvm::Expected<TLayoutEquivalent> space = semaphore.toTLayout();
  ASSERT_FALSE(bool(space));
  EXPECT_EQ(llvm::toString(space.takeError()),
            "Mosaic memory space 'semaphore_mem' has no tlayout equivalent "
            "(tlayout names hbm, vmem, smem, cmem and host)");
}

/// Tilings Mosaic accepts for rank `rank`: a first tile of rank 1..rank
/// with sizes from {1,2,3,4}, alone or followed by one nested tile that
/// divides it.
std::vector<std::vector<Tile>> mosaicTilings(unsigned rank) {
  std::vector<std::vector<Tile>> result = {{}};
  const int64_t sizes[] = {1, 2, 3, 4};
  for (unsigned k = 1; k <= std::min(rank, 2u); ++k) {
    forEachIndex(std::vector<int64_t>(k, 4),
                 [&](const std::vector<int64_t> &pick) {
                   Tile first;
                   for (int64_t p : pick)
                     first.dims.push_back(sizes[p]);
                   result.push_back({first});
                   // Nested tiles on the last one or two parts of the first
                   // tile.
                   for (unsigned n = 1; n <= k; ++n) {
                     forEachIndex(std::vector<int64_t>(n, 4),
                                  [&](const std::vector<int64_t> &nested) {
                                    Tile second;
                                    for (unsigned i = 0; i < n; ++i) {
                                      int64_t t = sizes[nested[i]];
                                      if (first.dims[k - n + i] % t != 0)
                                        return;
                                      second.dims.push_back(t);
                                    }
                                    result.push_back({first, second});
                                  });
                   }
                 });
  }
  return result;
}

std::string describe(const MosaicMemRef &m) { return m.str(); }

/// Checks Mosaic's offset against tlayout's for every index of `m`.
void checkAgainstTLayout(const MosaicMemRef &m, bool expectWindow) {
  llvm::Expected<TLayoutEquivalent> eq = m.toTLayout();
  ASSERT_TRUE(bool(eq)) << describe(m) << ": "
                        << llvm::toString(eq.takeError());
  ASSERT_EQ(eq->isWindow, expectWindow) << describe(m);
  llvm::Expected<BufferIndexing> indexing =
      BufferIndexing::compile(eq->layout, eq->bufferShape);
  ASSERT_TRUE(bool(indexing))
      << describe(m) << ": " << llvm::toString(indexing.takeError());
  for (unsigned d = 0; d < m.getRank(); ++d)
    ASSERT_GE(eq->bufferShape[d], m.shape[d]) << describe(m);
  bool ok = true;
  forEachIndex(std::vector<int64_t>(m.shape.begin(), m.shape.end()),
               [&](const std::vector<int64_t> &index) {
                 if (!ok)
                   return;
                 llvm::Expected<int64_t> mosaic = m.offsetOf(index);
                 llvm::Expected<int64_t> ours = indexing->offsetOf(index);
                 if (!mosaic || !ours) {
                   ADD_FAILURE() << describe(m);
                   llvm::consumeError(mosaic.takeError());
                   llvm::consumeError(ours.takeError());
                   ok = false;
                   return;
                 }
                 if (*mosaic != *ours) {
                   ADD_FAILURE()
                       << describe(m) << " index "
                       << ::testing::PrintToString(index) << ": Mosaic "
                       << *mosaic << ", tlayout " << *ours;
                   ok = false;
                 }
               });
}

/// Every shape of rank 1 to 3 with sizes 1 to 5 (rank 3: 1 to 4), every
/// tiling above, default strides: Mosaic's offsets are tlayout's offsets of
/// the `#tlayout.tiled` layout with the same tiles.
TEST(MosaicLayoutExhaustive, DefaultStridesMatchTLayout) {
  int64_t checked = 0;
  for (unsigned rank = 1; rank <= 3; ++rank) {
    int64_t maxSize = rank == 3 ? 4 : 5;
    std::vector<std::vector<Tile>> tilings = mosaicTilings(rank);
    forEachIndex(std::vector<int64_t>(rank, maxSize),
                 [&](const std::vector<int64_t> &pick) {
                   for (const std::vector<Tile> &tiles : tilings) {
                     MosaicMemRef m;
                     for (int64_t p : pick)
                       m.shape.push_back(p + 1);
                     m.elementType = "f32";
                     m.hasTiledLayout = true;
                     m.tiles.assign(tiles.begin(), tiles.end());
                     m.tileStrides = m.getDefaultTileStrides();
                     // Through the text, as the tools read it.
                     MosaicMemRef parsed = parseOrDie(m.str());
                     checkAgainstTLayout(parsed, /*expectWindow=*/false);
                     ++checked;
                   }
                 });
  }
  EXPECT_GT(checked, 10000);
}

/// Windows: for every shape and tiling, the strides of every larger buffer
/// with up to 2 more tiles along each dimension. Mosaic's offsets are
/// tlayout's offsets in that buffer (the window at offset 0).
TEST(MosaicLayoutExhaustive, WindowStridesMatchTheBuffer) {
  int64_t windows = 0;
  for (unsigned rank = 1; rank <= 3; ++rank) {
    int64_t maxSize = rank == 3 ? 3 : 5;
    std::vector<std::vector<Tile>> tilings = mosaicTilings(rank);
    forEachIndex(std::vector<int64_t>(rank, maxSize),
                 [&](const std::vector<int64_t> &pick) {
                   for (const std::vector<Tile> &tiles : tilings) {
                     MosaicMemRef m;
                     for (int64_t p : pick)
                       m.shape.push_back(p + 1);
                     m.elementType = "f32";
                     m.hasTiledLayout = true;
                     m.tiles.assign(tiles.begin(), tiles.end());
                     llvm::SmallVector<int64_t, 4> counts = m.getTileCounts();
                     forEachIndex(std::vector<int64_t>(rank, 3),
                                  [&](const std::vector<int64_t> &extra) {
                                    // Row-major strides over the buffer's tile
                                    // counts.
                                    m.tileStrides.assign(rank, 0);
                                    int64_t stride = 1;
                                    for (unsigned d = rank; d-- > 0;) {
                                      m.tileStrides[d] = stride;
                                      stride *= counts[d] + extra[d];
                                    }
                                    MosaicMemRef parsed = parseOrDie(m.str());
                                    bool window =
                                        !parsed.hasDefaultTileStrides();
                                    checkAgainstTLayout(parsed, window);
                                    windows += window;
                                  });
                   }
                 });
  }
  EXPECT_GT(windows, 10000);
}

} // namespace
