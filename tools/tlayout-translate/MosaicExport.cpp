//===- MosaicExport.cpp - tlayout layouts in Mosaic's form ----------------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//

#include "MosaicExport.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Twine.h"

using namespace mlir::tlayout;
using namespace mlir::tlayout::mosaic;

/// Mosaic's name for tlayout memory space `number`; std::nullopt for 0 (no
/// memory space: Mosaic's default) and for numbers Mosaic has no name for.
static std::optional<MemorySpace> getMosaicSpace(int64_t number) {
  for (MemorySpace space : {MemorySpace::Vmem, MemorySpace::Smem,
                            MemorySpace::Cmem, MemorySpace::Host})
    if (getTLayoutMemorySpace(space) == number)
      return space;
  return std::nullopt;
}

llvm::Expected<MosaicMemRef>
mosaic::exportToMosaic(llvm::ArrayRef<int64_t> shape,
                       llvm::StringRef elementType, int64_t elementBits,
                       const TiledLayout &layout) {
  auto cannot = [&](const llvm::Twine &why) {
    return llvm::createStringError("Mosaic cannot express the layout " +
                                   layout.str() + ": " + why);
  };
  unsigned rank = shape.size();
  if (layout.getRank() != rank)
    return cannot("it has " + llvm::Twine(layout.getRank()) +
                  " dimensions but the shape has " + llvm::Twine(rank));
  for (unsigned i = 0; i < layout.getRank(); ++i)
    if (layout.minorToMajor[i] != int64_t(rank - 1 - i))
      return cannot("its minor_to_major is not row-major, and #tpu.tiled has "
                    "no dimension order (transpose the buffer first)");
  if (layout.tailPaddingAlignment != 1)
    return cannot("#tpu.tiled has no tail padding L(n)");
  if (layout.elementSizeInBits && layout.elementSizeInBits != elementBits)
    return cannot("#tpu.tiled stores " + elementType + " in " +
                  llvm::Twine(elementBits) + " bits, not E(" +
                  llvm::Twine(layout.elementSizeInBits) + ")");
  for (const Tile &tile : layout.tiles)
    if (llvm::is_contained(tile.dims, Tile::kCombine))
      return cannot("#tpu.tiled has no combined ('*') tile dimensions");
  // XLA counts the missing leading dimensions of a longer tile as size 1;
  // Mosaic's first tile splits dimensions of the memref only.
  if (layout.hasTiles() && layout.tiles.front().dims.size() > rank)
    return cannot("its first tile T" + layout.tiles.front().str() + " has " +
                  llvm::Twine(layout.tiles.front().dims.size()) +
                  " entries but the shape has " + llvm::Twine(rank) +
                  " dimensions, and #tpu.tiled's first tile splits "
                  "dimensions of the memref only");
  MosaicMemRef memref;
  memref.shape.assign(shape.begin(), shape.end());
  memref.elementType = elementType.str();
  memref.hasTiledLayout = layout.hasTiles();
  memref.tiles.assign(layout.tiles.begin(), layout.tiles.end());
  if (layout.memorySpace != 0) {
    memref.memorySpace = getMosaicSpace(layout.memorySpace);
    if (!memref.memorySpace)
      return cannot("Mosaic names no memory space S(" +
                    llvm::Twine(layout.memorySpace) +
                    ") (it names hbm, vmem, smem, cmem and host)");
  }
  if (memref.hasTiledLayout) {
    memref.tileStrides = memref.getDefaultTileStrides();
    // Mosaic's strides are numbers: a dynamic size makes the stride of
    // every more major dimension unknown.
    for (auto [d, stride] : llvm::enumerate(memref.tileStrides))
      if (stride == kDynamicSize)
        return cannot("the tile stride of dimension " + llvm::Twine(d) +
                      " depends on a dynamic size, and #tpu.tiled strides "
                      "are numbers");
  }
  // Mosaic's verifier (nested tiles dividing the first, ...), and the check
  // that Mosaic places every element where tlayout does.
  llvm::Expected<MosaicMemRef> parsed = MosaicMemRef::parse(memref.str());
  if (!parsed)
    return cannot(llvm::toString(parsed.takeError()));
  llvm::Expected<TLayoutEquivalent> back = parsed->toTLayout();
  if (!back)
    return cannot(llvm::toString(back.takeError()));
  TiledLayout expected = layout;
  expected.elementSizeInBits = 0;
  if (back->isWindow || back->layout != expected)
    return cannot("Mosaic reads " + parsed->layoutStr() + " back as " +
                  back->layout.str());
  return std::move(*parsed);
}
