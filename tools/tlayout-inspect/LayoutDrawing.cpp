//===- LayoutDrawing.cpp - Slices, tile levels and the text drawing -------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//

#include "LayoutDrawing.h"
#include "InspectSupport.h"

#include "llvm/Support/Format.h"

using namespace mlir::tlayout;
using namespace mlir::tlayout::inspect;

//===----------------------------------------------------------------------===//
// Slice
//===----------------------------------------------------------------------===//

std::optional<llvm::SmallVector<int64_t, 4>> Slice::indexAt(int64_t r,
                                                            int64_t c) const {
  if (r < 0 || c < 0 || r >= rows || c >= cols)
    return std::nullopt;
  llvm::SmallVector<int64_t, 4> index = base;
  if (index.empty())
    return index;
  if (wrapped) {
    int64_t i = r * wrapWidth + c;
    if (i >= length)
      return std::nullopt;
    index[0] = i;
    return index;
  }
  index[colDim] = c;
  if (index.size() >= 2)
    index[rowDim] = r;
  return index;
}

llvm::Expected<Slice> inspect::chooseSlice(const DrawRequest &request,
                                           int64_t wrapWidth) {
  const XlaShape &shape = request.shape;
  unsigned rank = shape.dims.size();
  Slice s;
  if (!request.dims.empty()) {
    llvm::Expected<llvm::SmallVector<int64_t, 4>> parsed =
        parseList(request.dims, "--dims");
    if (!parsed)
      return parsed.takeError();
    llvm::SmallVector<int64_t, 4> &pair = *parsed;
    if (pair.size() != 2 || pair[0] < 0 || pair[1] < 0 ||
        pair[0] >= int64_t(rank) || pair[1] >= int64_t(rank) ||
        pair[0] == pair[1])
      return makeError("--dims needs two different dimensions below the rank");
    s.rowDim = pair[0];
    s.colDim = pair[1];
  } else if (rank >= 2) {
    s.rowDim = rank - 2;
    s.colDim = rank - 1;
  }
  if (rank == 1) {
    s.length = shape.dims[0];
    s.cols = s.length;
    if (wrapWidth > 0 && s.length > wrapWidth) {
      s.wrapped = true;
      s.wrapWidth = s.cols = wrapWidth;
      s.rows = (s.length + wrapWidth - 1) / wrapWidth;
    }
  } else if (rank >= 2) {
    s.rows = shape.dims[s.rowDim];
    s.cols = shape.dims[s.colDim];
  }
  s.base.assign(rank, 0);
  if (!request.at.empty()) {
    llvm::Expected<llvm::SmallVector<int64_t, 4>> base =
        parseList(request.at, "--at");
    if (!base)
      return base.takeError();
    s.base = std::move(*base);
    if (s.base.size() != rank)
      return makeError("--at needs " + llvm::Twine(rank) + " indices");
  }
  return s;
}

//===----------------------------------------------------------------------===//
// Tile levels
//===----------------------------------------------------------------------===//

llvm::Expected<int64_t> TileLevel::tileOf(llvm::ArrayRef<int64_t> index) const {
  llvm::Expected<int64_t> offset = truncated.offsetOf(index);
  if (!offset)
    return offset.takeError();
  return *offset / size;
}

/// The product of the static sizes in `sizes`.
static int64_t productOf(llvm::ArrayRef<IndexExpr> sizes) {
  int64_t product = 1;
  for (const IndexExpr &size : sizes)
    product *= size.getConstant().value_or(1);
  return product;
}

llvm::Expected<llvm::SmallVector<TileLevel, 3>>
inspect::getTileLevels(const DrawRequest &request) {
  llvm::SmallVector<TileLevel, 3> levels;
  const XlaShape &shape = request.shape;
  if (request.inputDims) {
    int64_t size = 1;
    for (const DimsLayoutEntry &dim : *request.inputDims)
      if (dim.kind != DimsLayoutEntry::Kind::Dynamic)
        size *= dim.size;
    if (size > 1)
      levels.push_back({"block of the fixed-size physical dimensions",
                        request.indexing, size, size});
    return std::move(levels);
  }
  const TiledLayout &layout = shape.layout;
  auto levelShapes = request.indexing.getLevelShapes();
  auto innerCount = [](const Tile &tile) {
    return static_cast<unsigned>(llvm::count_if(
        tile.dims, [](int64_t d) { return d != Tile::kCombine; }));
  };
  for (unsigned k = 0; k < layout.tiles.size(); ++k) {
    TiledLayout truncated = layout;
    truncated.tiles.resize(k + 1);
    truncated.tailPaddingAlignment = 1;
    llvm::Expected<BufferIndexing> compiled =
        BufferIndexing::compile(truncated, shape.dims);
    if (!compiled)
      return compiled.takeError();
    int64_t size = 1;
    for (int64_t d : layout.tiles[k].dims)
      if (d != Tile::kCombine)
        size *= d;
    // A tile stays one run of the buffer while the later tiles split only
    // dimensions inside it.
    std::optional<int64_t> run;
    unsigned inside = innerCount(layout.tiles[k]);
    bool contiguous = true;
    for (unsigned j = k + 1; j < layout.tiles.size() && contiguous; ++j) {
      unsigned rank = layout.tiles[j].dims.size();
      if (rank > inside)
        contiguous = false;
      else
        inside = inside - rank + 2 * innerCount(layout.tiles[j]);
    }
    if (contiguous)
      run = productOf(llvm::ArrayRef(levelShapes.back()).take_back(inside));
    levels.push_back(
        {"T" + layout.tiles[k].str(), std::move(*compiled), size, run});
  }
  return std::move(levels);
}

//===----------------------------------------------------------------------===//
// Text drawing
//===----------------------------------------------------------------------===//

llvm::Error inspect::printTextDrawing(const DrawRequest &request,
                                      llvm::raw_ostream &os) {
  const BufferIndexing &indexing = request.indexing;
  if (!indexing.hasStaticShape())
    return makeError(
        "drawing needs a static shape: give the sizes of the dynamic "
        "dimensions with --sizes");
  std::optional<int64_t> total = indexing.getNumElements().getConstant();
  if (!total || *total > 65536)
    return makeError("the buffer is too large to draw as text (more than 65536 "
                     "elements); --svg draws a window of it");
  llvm::Expected<Slice> chosen = chooseSlice(request);
  if (!chosen)
    return chosen.takeError();
  const Slice &slice = *chosen;
  llvm::Expected<llvm::SmallVector<TileLevel, 3>> tileLevels =
      getTileLevels(request);
  if (!tileLevels)
    return tileLevels.takeError();
  llvm::ArrayRef<TileLevel> levels = *tileLevels;
  // Without tiles every element is its own tile.
  auto tileOf = [&](llvm::ArrayRef<int64_t> index) -> llvm::Expected<int64_t> {
    if (!levels.empty())
      return levels.front().tileOf(index);
    return indexing.offsetOf(index);
  };

  int64_t rows = slice.rows, cols = slice.cols;
  std::vector<int64_t> offsets, tiles;
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t c = 0; c < cols; ++c) {
      llvm::SmallVector<int64_t, 4> index = *slice.indexAt(r, c);
      llvm::Expected<int64_t> offset = indexing.offsetOf(index);
      if (!offset)
        return offset.takeError();
      offsets.push_back(*offset);
      llvm::Expected<int64_t> tile = tileOf(index);
      if (!tile)
        return tile.takeError();
      tiles.push_back(*tile);
    }
  int64_t width = 1;
  for (int64_t o : offsets)
    width = std::max<int64_t>(width, std::to_string(o).size());
  os << "offsets (rows: dimension " << slice.rowDim << ", columns: dimension "
     << slice.colDim << "; '|' and '-' mark first-level tile boundaries):\n";
  for (int64_t r = 0; r < rows; ++r) {
    if (r > 0) {
      // A horizontal rule under cells whose tile changes downwards.
      std::string rule;
      bool any = false;
      for (int64_t c = 0; c < cols; ++c) {
        bool boundary = tiles[r * cols + c] != tiles[(r - 1) * cols + c];
        any |= boundary;
        rule += std::string(width + 1, boundary ? '-' : ' ');
        rule += ' ';
      }
      if (any)
        os << "  " << llvm::StringRef(rule).rtrim() << "\n";
    }
    std::string line = "  ";
    for (int64_t c = 0; c < cols; ++c) {
      std::string cell = std::to_string(offsets[r * cols + c]);
      line += std::string(width - cell.size() + 1, ' ') + cell;
      bool boundary =
          c + 1 < cols && tiles[r * cols + c] != tiles[r * cols + c + 1];
      line += boundary ? '|' : ' ';
    }
    os << llvm::StringRef(line).rtrim() << "\n";
  }

  int64_t memoryWidth =
      request.shape.layout.tiles.empty() || levels.empty()
          ? std::max<int64_t>(1, std::min<int64_t>(cols, 32))
          : std::max<int64_t>(1, std::min<int64_t>(levels.front().size, 32));
  os << "memory (offset: logical index; '.' is padding):\n";
  for (int64_t o = 0; o < *total; ++o) {
    auto at = indexing.indexAt(o);
    if (!at)
      return at.takeError();
    if (o % memoryWidth == 0)
      os << llvm::format("  %6lld:", static_cast<long long>(o));
    os << ' ' << (*at ? indexText(**at) : std::string("."));
    if ((o + 1) % memoryWidth == 0 || o + 1 == *total)
      os << "\n";
  }
  return llvm::Error::success();
}
