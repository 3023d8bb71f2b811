//===- TpuTiling.cpp - The emulated TPU's default tilings -----------------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// Implements the default TPU tiling rules documented in TpuTiling.h.
//
//===----------------------------------------------------------------------===//

#include "tlayout/Target/TPU/TpuTiling.h"

using namespace mlir::tlayout;

llvm::Expected<TiledLayout>
tpu::getDefaultLayout(llvm::ArrayRef<int64_t> shape, int64_t elementBits,
                      const TilingOptions &options) {
  if (options.lanes <= 0 || options.sublanes <= 0)
    return llvm::createStringError(
        "lanes (" + llvm::Twine(options.lanes) + ") and sublanes (" +
        llvm::Twine(options.sublanes) + ") must be positive");
  static constexpr int64_t supported[] = {1, 2, 4, 8, 16, 32, 64};
  if (!llvm::is_contained(supported, elementBits))
    return llvm::createStringError("no TPU tiling for " +
                                   llvm::Twine(elementBits) +
                                   "-bit elements; expected 1, 2, 4, 8, 16, "
                                   "32 or 64 bits");
  unsigned rank = shape.size();
  TiledLayout layout = TiledLayout::rowMajor(rank);
  // Elements packed into one 32-bit word.
  int64_t pack = elementBits >= 32 ? 1 : 32 / elementBits;
  int64_t lanes = options.lanes;
  if (rank == 0) {
    // As TPU dumps print scalars: one tile of a vector register row of
    // 32-bit words, in elements of at least a byte (`f32[]{:T(128)}`,
    // `bf16[]{:T(256)}`, `pred[]{:T(512)}`), without E(n).
    layout.tiles.push_back(Tile{lanes * std::min<int64_t>(pack, 4)});
    return layout;
  }
  auto large = [](int64_t size, int64_t bound) {
    return size == kDynamicSize || size >= bound;
  };
  if (rank == 1) {
    if (pack == 1) {
      layout.tiles.push_back(Tile{large(shape[0], 1024) ? 1024 : lanes});
    } else {
      layout.tiles.push_back(Tile{large(shape[0], 1024) ? 1024 : lanes * pack});
      layout.tiles.push_back(Tile{lanes});
      layout.tiles.push_back(Tile{pack, 1});
    }
  } else {
    int64_t second = shape[rank - 2];
    int64_t rows = options.sublanes;
    if (!large(second, 3))
      rows = 2;
    else if (!large(second, 5))
      rows = 4;
    rows = std::min(rows, options.sublanes);
    if (pack == 1) {
      layout.tiles.push_back(Tile{rows, lanes});
    } else {
      layout.tiles.push_back(Tile{std::max(rows, pack), lanes});
      layout.tiles.push_back(Tile{pack, 1});
    }
  }
  if (elementBits < 8)
    layout.elementSizeInBits = elementBits;
  return layout;
}
