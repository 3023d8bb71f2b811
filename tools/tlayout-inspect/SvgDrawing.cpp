//===- SvgDrawing.cpp - SVG picture of a layout ---------------------------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// Draws a 2-D slice of an array next to (or above) its buffer. Large arrays
// are drawn as a window over their first tiles, with a note of what was left
// out, so that the canvas stays within about 3500 by 3500 pixels, which
// browsers and rsvg-convert render easily.
// Cells are coloured by their first-level tile, the same in both views; every
// tile level has its own border style, explained in a legend. Per-element
// labels are drawn only where they fit in their cells; otherwise tiles are
// numbered and memory rows carry their offsets and the indices they hold.
//
// Drawing takes two steps: SvgPicture, here, computes the view (SvgView.h:
// the panels' cells, lines to draw, labels and positions, the legend, the
// canvas size) as plain data, and renderSvg (SvgRender.cpp) prints that
// view as SVG.
//
//===----------------------------------------------------------------------===//

#include "InspectSupport.h"
#include "LayoutDrawing.h"
#include "SvgView.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cmath>
#include <functional>

using namespace mlir::tlayout;
using namespace mlir::tlayout::inspect;
using namespace mlir::tlayout::inspect::svg;

/// Bounds of a grid of cells, in pixels.
constexpr int64_t kMaxGridWidth = 3000;
constexpr int64_t kMaxLogicalHeight = 1200;
constexpr int64_t kMaxMemoryHeight = 1800;
constexpr int64_t kMinCell = 6;
/// The most columns and rows a window shows, keeping cells >= kMinCell.
constexpr int64_t kMaxWindowCols = kMaxGridWidth / kMinCell;
constexpr int64_t kMaxWindowRows = kMaxLogicalHeight / kMinCell;
/// The most buffer rows shown, and the buffer drawn whole up to this many.
constexpr int64_t kMaxMemoryRows = 96;
constexpr int64_t kWholeMemoryRows = 64;
/// The widest buffer row (twice that for a tile of prime size).
constexpr int64_t kMaxMemoryWidth = 128;
/// The widest buffer grid whose cells carry no labels.
constexpr int64_t kUnlabeledWidth = 1600;
/// Smallest font size drawn inside cells.
constexpr double kMinFont = 7;
/// Views side by side when together no wider than this.
constexpr int64_t kSideBySideWidth = 1800;

constexpr const char *kUntiledFill = "#cfe0f5";

/// Distinct, readable fills: golden-angle hues.
static std::string colorOf(int64_t tile) {
  int hue = static_cast<int>((tile * 137) % 360);
  return "hsl(" + std::to_string(hue) + ",70%,80%)";
}

/// The font size at which `chars` characters in `lines` lines fit a cell,
/// or 0 when that is below kMinFont.
static double fitFont(double cell, size_t chars, size_t lines) {
  double font = std::min(
      {11.0, (cell - 4) / (kCharWidth * chars), (cell - 2) / (1.15 * lines)});
  return font >= kMinFont ? font : 0;
}

/// Indices of `candidates` (positions, text widths) placed left to right
/// without overlapping.
static std::vector<size_t>
placeWithoutOverlap(llvm::ArrayRef<std::pair<double, double>> candidates) {
  std::vector<size_t> chosen;
  double end = -1e9;
  for (auto [i, c] : llvm::enumerate(candidates)) {
    if (c.first - c.second / 2 < end + 4)
      continue;
    chosen.push_back(i);
    end = c.first + c.second / 2;
  }
  return chosen;
}

static std::string rangeText(int64_t first, int64_t last, int64_t total) {
  return std::to_string(first) + "-" + std::to_string(last) + " of " +
         std::to_string(total);
}

/// The extent of the first tile from (0,0) along rows and columns, by
/// scanning where `tileAt` changes.
static std::pair<int64_t, int64_t> firstTileExtent(
    int64_t rows, int64_t cols,
    llvm::function_ref<std::optional<int64_t>(int64_t, int64_t)> tileAt) {
  constexpr int64_t kScan = 4096;
  std::optional<int64_t> first = tileAt(0, 0);
  int64_t r = 1, c = 1;
  while (r < std::min(rows, kScan) && tileAt(r, 0) == first)
    ++r;
  while (c < std::min(cols, kScan) && tileAt(0, c) == first)
    ++c;
  return {r, c};
}

/// How many of `total` to show: a few tiles of `extent`, whole tiles where
/// that cuts, all when that is little more.
static int64_t windowSize(int64_t total, int64_t extent, int64_t least,
                          int64_t most) {
  int64_t want = std::max(2 * extent, least);
  if (total * 2 <= want * 3)
    want = total;
  else if (want >= extent)
    want = want / extent * extent;
  return std::max<int64_t>(1, std::min({total, want, most}));
}

/// Buffer elements a row: a divisor of a first-level tile's run up to
/// kMaxMemoryWidth, so that each tile starts a row.
static int64_t memoryWidthFor(llvm::ArrayRef<TileLevel> levels, int64_t cols) {
  if (levels.empty())
    return std::clamp<int64_t>(cols, 1, kMaxMemoryWidth);
  int64_t run = levels.front().memoryRun.value_or(levels.front().size);
  if (run < 4)
    return run * std::max<int64_t>(1, 8 / run);
  int64_t w = std::min(run, kMaxMemoryWidth);
  while (run % w != 0)
    --w;
  // A run with no good divisor (a prime size): a row per run when that is
  // not too wide, else rows that do not start with the tiles.
  if (w >= 16 || w == run)
    return w;
  return run <= 2 * kMaxMemoryWidth ? run : kMaxMemoryWidth;
}

namespace {
/// Builds the picture's view: chooses the windows, cells, labels and the
/// layout of the canvas.
class SvgPicture {
public:
  SvgPicture(const DrawRequest &request) : request(request) {}
  llvm::Error build();
  /// The view `build` computed.
  SvgView view;

private:
  void buildLogical();
  void buildMemory();

  /// The tile of `index` at `level`; std::nullopt after recording an error.
  std::optional<int64_t> tileOf(const TileLevel &level,
                                llvm::ArrayRef<int64_t> index);
  /// Keeps the first error of the cell by cell building, for build().
  void record(llvm::Error err);

  const DrawRequest &request;
  llvm::SmallVector<TileLevel, 3> levels;
  Slice slice;
  int64_t total = 0;
  int64_t memoryWidth = 1;
  /// Distinct first-level tiles along the first row of the logical window.
  int64_t tilesAcross = 1;
  /// Whether the windows leave part of the array or buffer out.
  bool logicalCut = false, memoryCut = false;
  double headerHeight = 0;
  /// The first error met building the cells, or empty.
  std::string error;
};
} // namespace

std::optional<int64_t> SvgPicture::tileOf(const TileLevel &level,
                                          llvm::ArrayRef<int64_t> index) {
  llvm::Expected<int64_t> tile = level.tileOf(index);
  if (!tile) {
    record(tile.takeError());
    return std::nullopt;
  }
  return *tile;
}

void SvgPicture::record(llvm::Error err) {
  std::string message = llvm::toString(std::move(err));
  if (error.empty())
    error = std::move(message);
}

llvm::Error SvgPicture::build() {
  const BufferIndexing &indexing = request.indexing;
  if (!indexing.hasStaticShape())
    return makeError("drawing needs a static shape: give the sizes of the "
                     "dynamic dimensions with --sizes");
  total = *indexing.getNumElements().getConstant();
  if (*indexing.getLogicalNumElements().getConstant() == 0)
    return makeError("the array has no elements to draw");
  llvm::Expected<llvm::SmallVector<TileLevel, 3>> tileLevels =
      getTileLevels(request);
  if (!tileLevels)
    return tileLevels.takeError();
  levels = std::move(*tileLevels);
  llvm::Expected<Slice> chosen = chooseSlice(request);
  if (!chosen)
    return chosen.takeError();
  slice = std::move(*chosen);
  memoryWidth = memoryWidthFor(levels, slice.cols);
  if (request.shape.dims.size() == 1) {
    chosen = chooseSlice(request, memoryWidth);
    if (!chosen)
      return chosen.takeError();
    slice = std::move(*chosen);
  }
  view.title = request.shape.str();
  view.notes.assign(request.notes.begin(), request.notes.end());
  view.numLevels = levels.size();
  buildLogical();
  buildMemory();
  if (!error.empty())
    return makeError(error);

  // Legend: one line per entry, a sample and its meaning.
  for (auto [k, level] : llvm::enumerate(levels)) {
    std::string text = "level " + std::to_string(k + 1) + " tile " +
                       level.name +
                       (k == 0 ? " (and the array's edge): " : ": ");
    text += level.memoryRun ? "one run of " + std::to_string(*level.memoryRun) +
                                  " elements in memory"
                            : std::string("not one run in memory");
    if (k == 0)
      text += "; it colours its cells in both views";
    bool rows = view.logical.levelLines[k].first,
         cols = view.logical.levelLines[k].second;
    if (!rows || !cols)
      text += std::string("; ") +
              (!rows && !cols ? "its borders"
               : !rows        ? "borders between rows"
                              : "borders between "
                                "columns") +
              " left to the cell grid";
    view.legend.push_back({text, "level" + std::to_string(k + 1)});
  }
  if (levels.empty())
    view.legend.push_back({"the array's edge", "outline"});
  auto any = [](const Panel &p, llvm::function_ref<bool(const Cell &)> pred) {
    return llvm::any_of(p.cells, [&](const std::optional<Cell> &cell) {
      return cell && pred(*cell);
    });
  };
  if (any(view.memory,
          [](const Cell &cell) { return cell.fill == kPaddingFill; }))
    view.legend.push_back(
        {"padding: a buffer position holding no element", "padding"});
  if (logicalCut || memoryCut)
    view.legend.push_back({"window edge: the array or buffer goes on", "cut"});

  // Place the views side by side when they fit, else one above the other.
  headerHeight = kMargin + 22 + view.legend.size() * 16 + 10;
  view.logical.x = kMargin + view.logical.leftWidth;
  view.logical.y = headerHeight + view.logical.captionsHeight() + Panel::kAxis;
  double legendWidth = 0;
  for (const auto &entry : view.legend)
    legendWidth = std::max(legendWidth, 36 + textWidth(entry.first.size(), 11));
  double titleWidth = textWidth(request.shape.str().size(), 13);
  if (view.logical.width() + 60 + view.memory.width() <= kSideBySideWidth) {
    double left = kMargin + view.logical.width() + 60;
    view.memory.x = left + view.memory.leftWidth;
    view.memory.y = headerHeight + view.memory.captionsHeight() + Panel::kAxis;
    view.width = left + view.memory.width();
    view.height =
        headerHeight + std::max(view.logical.height(), view.memory.height());
  } else {
    double top = headerHeight + view.logical.height() + 24;
    view.memory.x = kMargin + view.memory.leftWidth;
    view.memory.y = top + view.memory.captionsHeight() + Panel::kAxis;
    view.width = kMargin + std::max(view.logical.width(), view.memory.width());
    view.height = top + view.memory.height();
  }
  view.notesTop = view.height + 24;
  double notesWidth = 0;
  for (const std::string &note : request.notes)
    notesWidth = std::max(notesWidth, textWidth(note.size(), 11));
  if (!request.notes.empty())
    view.height = view.notesTop + request.notes.size() * 16;
  view.width =
      std::ceil(std::max({view.width, kMargin + legendWidth,
                          kMargin + titleWidth, kMargin + notesWidth}) +
                kMargin);
  view.height = std::ceil(view.height + kMargin);
  return llvm::Error::success();
}

void SvgPicture::buildLogical() {
  Panel &p = view.logical;
  const BufferIndexing &indexing = request.indexing;
  auto tileAt = [&](int64_t r, int64_t c) -> std::optional<int64_t> {
    std::optional<llvm::SmallVector<int64_t, 4>> index = slice.indexAt(r, c);
    if (!index || levels.empty())
      return std::nullopt;
    return tileOf(levels.front(), *index);
  };
  auto [tileRows, tileCols] =
      levels.empty() ? std::pair<int64_t, int64_t>{slice.rows, slice.cols}
                     : firstTileExtent(slice.rows, slice.cols, tileAt);
  p.rows = windowSize(slice.rows, tileRows, 16, kMaxWindowRows);
  p.cols = windowSize(slice.cols, tileCols, 32, kMaxWindowCols);
  p.cell = std::clamp<double>(
      std::floor(std::min(double(kMaxGridWidth) / p.cols,
                          double(kMaxLogicalHeight) / p.rows)),
      kMinCell, kMaxCell);
  p.setFrame([this](int64_t r, int64_t c) {
    return slice.indexAt(r, c) ? CellState::Cut : CellState::Outside;
  });
  // Level borders along an axis where that level's tiles are one cell wide
  // would only redraw the cell grid.
  for (const TileLevel &level : levels) {
    auto [rows, cols] = firstTileExtent(
        p.rows, p.cols, [&](int64_t r, int64_t c) -> std::optional<int64_t> {
          if (auto index = slice.indexAt(r, c))
            return tileOf(level, *index);
          return std::nullopt;
        });
    bool outer = &level == &levels.front();
    p.levelLines.push_back(
        {outer || rows > 1 || p.rows <= 32, outer || cols > 1 || p.cols <= 32});
  }

  size_t longest = 1;
  for (int64_t r = 0; r < p.rows; ++r)
    for (int64_t c = 0; c < p.cols; ++c) {
      std::optional<llvm::SmallVector<int64_t, 4>> index = slice.indexAt(r, c);
      if (!index) {
        p.cells.push_back(std::nullopt);
        continue;
      }
      llvm::Expected<int64_t> offset = indexing.offsetOf(*index);
      if (!offset) {
        record(offset.takeError());
        p.cells.push_back(std::nullopt);
        continue;
      }
      Cell cell;
      for (const TileLevel &level : levels)
        cell.tiles.push_back(tileOf(level, *index));
      cell.fill = levels.empty() ? kUntiledFill
                                 : colorOf(cell.tiles.front().value_or(0));
      cell.label.push_back(std::to_string(*offset));
      longest = std::max(longest, cell.label.front().size());
      p.cells.push_back(std::move(cell));
    }
  double font = fitFont(p.cell, longest, 1);
  if (font == 0) {
    for (std::optional<Cell> &cell : p.cells)
      if (cell)
        cell->label.clear();
  }

  // Cell labels.
  for (int64_t r = 0; r < p.rows; ++r)
    for (int64_t c = 0; c < p.cols; ++c)
      if (const std::optional<Cell> &cell = p.at(r, c);
          cell && !cell->label.empty())
        p.texts.push_back({(c + 0.5) * p.cell, (r + 0.5) * p.cell + font * 0.35,
                           font, cell->label.front(), "middle", ""});
  // Without cell labels, number the first-level tiles at their corners.
  if (font == 0 && !levels.empty()) {
    for (int64_t r = 0; r < p.rows; ++r)
      for (int64_t c = 0; c < p.cols; ++c) {
        const std::optional<Cell> &cell = p.at(r, c);
        if (!cell)
          continue;
        auto tileOfCell = [&](int64_t rr,
                              int64_t cc) -> std::optional<int64_t> {
          if (rr < 0 || cc < 0 || rr >= p.rows || cc >= p.cols || !p.at(rr, cc))
            return std::nullopt;
          return p.at(rr, cc)->tiles.front();
        };
        std::optional<int64_t> tile = cell->tiles.front();
        if (tileOfCell(r - 1, c) == tile || tileOfCell(r, c - 1) == tile)
          continue;
        int64_t across = 1, down = 1;
        while (tileOfCell(r, c + across) == tile)
          ++across;
        while (tileOfCell(r + down, c) == tile)
          ++down;
        llvm::Expected<int64_t> offset =
            indexing.offsetOf(*slice.indexAt(r, c));
        std::string full = "tile " + std::to_string(*tile) + " @" +
                           std::to_string(offset ? *offset : 0);
        std::string brief = std::to_string(*tile);
        if (!offset)
          llvm::consumeError(offset.takeError());
        double room = across * p.cell - 6;
        if (down * p.cell < 12)
          continue;
        for (const std::string &candidate : {full, brief})
          if (textWidth(candidate.size(), 10) <= room) {
            p.texts.push_back({c * p.cell + 3, r * p.cell + 11, 10, candidate,
                               "start",
                               "font-weight=\"bold\" class=\"tile-label\" "
                               "paint-order=\"stroke\" stroke=\"white\" "
                               "stroke-width=\"3\""});
            break;
          }
      }
  }

  // Axes: column numbers above, row numbers to the left.
  auto axisCandidates = [&](int64_t count, bool alongColumns) {
    std::vector<int64_t> picks;
    for (int64_t i = 0; i < count; ++i) {
      bool start = i == 0;
      if (!start && !levels.empty()) {
        const std::optional<Cell> &a =
            alongColumns ? p.at(0, i - 1) : p.at(i - 1, 0);
        const std::optional<Cell> &b = alongColumns ? p.at(0, i) : p.at(i, 0);
        start = a && b && a->tiles.front() != b->tiles.front();
      }
      if (start || p.cell >= 22)
        picks.push_back(i);
    }
    return picks;
  };
  std::vector<int64_t> colPicks = axisCandidates(p.cols, true);
  std::vector<std::pair<double, double>> colPlaces;
  for (int64_t c : colPicks)
    colPlaces.push_back(
        {(c + 0.5) * p.cell, textWidth(std::to_string(c).size(), 9)});
  for (size_t i : placeWithoutOverlap(colPlaces))
    p.texts.push_back({colPlaces[i].first, -4, 9, std::to_string(colPicks[i]),
                       "middle", "fill=\"#444\""});
  std::vector<int64_t> rowPicks = axisCandidates(p.rows, false);
  std::vector<std::pair<double, double>> rowPlaces;
  for (int64_t r : rowPicks)
    rowPlaces.push_back({(r + 0.5) * p.cell, 10});
  for (size_t i : placeWithoutOverlap(rowPlaces)) {
    int64_t r = rowPicks[i];
    std::string text = std::to_string(slice.wrapped ? r * slice.wrapWidth : r);
    p.leftWidth = std::max(p.leftWidth, textWidth(text.size(), 9) + 6);
    p.texts.push_back(
        {-4, rowPlaces[i].first + 3, 9, text, "end", "fill=\"#444\""});
  }

  // Captions.
  p.captions.push_back({font ? "logical array (cells: their offsets)"
                        : levels.empty()
                            ? "logical array"
                            : "logical array (tiles: number @ first offset)",
                        ""});
  unsigned rank = request.shape.dims.size();
  if (slice.wrapped) {
    p.captions.push_back(
        {std::to_string(slice.wrapWidth) + " elements a row", ""});
  } else if (rank >= 2) {
    std::string what = "rows: dimension " + std::to_string(slice.rowDim) +
                       ", columns: dimension " + std::to_string(slice.colDim);
    if (rank > 2) {
      std::string at = "(";
      for (unsigned i = 0; i < rank; ++i)
        at += (i ? "," : "") + (i == slice.rowDim || i == slice.colDim
                                    ? std::string("*")
                                    : std::to_string(slice.base[i]));
      what += ", at " + at + ")";
    }
    p.captions.push_back({what, ""});
  }
  std::string note;
  if (slice.wrapped) {
    int64_t shown = std::min(slice.length, p.rows * slice.wrapWidth);
    if (shown < slice.length)
      note = "showing elements " + rangeText(0, shown - 1, slice.length);
  } else {
    if (p.rows < slice.rows)
      note = "showing rows " + rangeText(0, p.rows - 1, slice.rows);
    if (p.cols < slice.cols)
      note += (note.empty() ? "showing columns " : ", columns ") +
              rangeText(0, p.cols - 1, slice.cols);
  }
  logicalCut = !note.empty();
  if (!note.empty())
    p.captions.push_back({note, "window-note"});
  if (p.leftWidth == 0)
    p.leftWidth = 8;
}

void SvgPicture::buildMemory() {
  Panel &p = view.memory;
  const BufferIndexing &indexing = request.indexing;
  int64_t w = memoryWidth;
  int64_t totalRows = (total + w - 1) / w;
  std::optional<int64_t> run =
      levels.empty() ? std::nullopt : levels.front().memoryRun;
  // The distinct tiles along the logical window's first row.
  for (int64_t c = 1; c < view.logical.cols; ++c) {
    const std::optional<Cell> &a = view.logical.at(0, c - 1),
                              &b = view.logical.at(0, c);
    if (a && b && !a->tiles.empty() && a->tiles.front() != b->tiles.front())
      ++tilesAcross;
  }
  p.cols = w;
  if (totalRows <= kWholeMemoryRows) {
    p.rows = totalRows;
  } else {
    int64_t rowsPerTile = run ? (*run + w - 1) / w : 8;
    int64_t want = std::max<int64_t>(rowsPerTile * tilesAcross, 16);
    if (want > kMaxMemoryRows)
      want = rowsPerTile <= kMaxMemoryRows
                 ? kMaxMemoryRows / rowsPerTile * rowsPerTile
                 : kMaxMemoryRows;
    p.rows = std::min(totalRows, want);
  }
  p.cell = std::clamp<double>(
      std::floor(std::min(double(kMaxGridWidth) / p.cols,
                          double(kMaxMemoryHeight) / p.rows)),
      kMinCell, kMaxCell);
  p.setFrame([this, w](int64_t r, int64_t c) {
    if (r < 0 || c < 0 || c >= w || r * w + c >= total)
      return CellState::Outside;
    return CellState::Cut;
  });
  // Rows are cut from one run: a run shorter than a row has every row
  // boundary for a border.
  for (const TileLevel &level : levels)
    p.levelLines.push_back(
        {&level == &levels.front() || level.memoryRun >= w, true});

  // Cells, and the label forms that fit: `(i,j)`, `i,j`, one index a line.
  llvm::SmallVector<size_t, 3> longest(3, 1);
  size_t longestPart = 1, rank = request.shape.dims.size();
  std::vector<std::optional<llvm::SmallVector<int64_t, 4>>> stored;
  for (int64_t o = 0; o < p.rows * w; ++o) {
    if (o >= total) {
      p.cells.push_back(std::nullopt);
      stored.push_back(std::nullopt);
      continue;
    }
    auto at = indexing.indexAt(o);
    if (!at) {
      record(at.takeError());
      p.cells.push_back(std::nullopt);
      stored.push_back(std::nullopt);
      continue;
    }
    Cell cell;
    for (const TileLevel &level : levels)
      cell.tiles.push_back(level.memoryRun
                               ? std::optional<int64_t>(o / *level.memoryRun)
                               : std::nullopt);
    if (*at) {
      cell.fill = levels.empty()
                      ? kUntiledFill
                      : colorOf(tileOf(levels.front(), **at).value_or(0));
      std::string text = indexText(**at);
      longest[0] = std::max(longest[0], text.size());
      longest[1] = std::max(longest[1], text.size() - 2);
      for (int64_t i : **at)
        longestPart = std::max(longestPart, std::to_string(i).size());
    } else {
      cell.fill = kPaddingFill;
      cell.muted = true;
      longestPart = std::max(longestPart, std::to_string(o).size());
      longest[0] = std::max(longest[0], std::to_string(o).size());
    }
    stored.push_back(*at);
    p.cells.push_back(std::move(cell));
  }
  double oneLine = fitFont(p.cell, longest[0], 1);
  double bare = fitFont(p.cell, std::max(longest[1], longest[0] - 2), 1);
  double stacked = rank >= 2 ? fitFont(p.cell, longestPart, rank) : 0;
  if (stacked < 9)
    stacked = 0;
  int form = oneLine >= 9 || (oneLine && !bare) ? 0
             : bare >= 9 || (bare && !stacked)  ? 1
             : stacked                          ? 2
                                                : -1;
  double font = form == 0 ? oneLine : form == 1 ? bare : stacked;
  for (int64_t o = 0; o < p.rows * w && form >= 0; ++o) {
    if (!p.cells[o])
      continue;
    Cell &cell = *p.cells[o];
    if (!stored[o]) {
      cell.label.push_back(std::to_string(o));
    } else if (form == 2) {
      for (int64_t i : *stored[o])
        cell.label.push_back(std::to_string(i));
    } else {
      std::string text = indexText(*stored[o]);
      cell.label.push_back(form == 0 ? text : text.substr(1, text.size() - 2));
    }
    size_t lines = cell.label.size();
    double firstBaseline =
        ((o / w) + 0.5) * p.cell - (lines - 1) * font * 1.1 / 2 + font * 0.35;
    for (auto [i, line] : llvm::enumerate(cell.label))
      p.texts.push_back({((o % w) + 0.5) * p.cell,
                         firstBaseline + i * font * 1.1, font, line, "middle",
                         cell.muted ? "fill=\"#777\"" : ""});
  }

  // Cells without labels need not be large.
  if (form < 0 && p.cols * p.cell > kUnlabeledWidth)
    p.cell = std::max<double>(kMinCell, std::floor(kUnlabeledWidth / p.cols));

  // Rows: the offset (and tile) to the left, the indices held to the right.
  int64_t step = std::max<int64_t>(1, std::ceil(11.0 / p.cell));
  double rowFont = std::min(10.0, std::max(8.0, p.cell * step - 2));
  for (int64_t r = 0; r < p.rows; r += step) {
    int64_t o = r * w;
    bool tileStart = run && o % *run == 0 && (form < 0 || w < *run);
    std::string left = std::to_string(o);
    if (tileStart)
      left = "tile " + std::to_string(o / *run) + "  " + left;
    p.leftWidth = std::max(p.leftWidth, textWidth(left.size(), rowFont) + 8);
    double y = (r + 0.5) * p.cell + rowFont * 0.35;
    p.texts.push_back({-6, y, rowFont, left, "end",
                       tileStart ? "font-weight=\"bold\" class=\"row-offset\""
                                 : "fill=\"#444\" class=\"row-offset\""});
    if (form >= 0)
      continue;
    std::optional<llvm::SmallVector<int64_t, 4>> first, last;
    for (int64_t c = 0; c < w && o + c < total; ++c)
      if (stored[o + c]) {
        if (!first)
          first = stored[o + c];
        last = stored[o + c];
      }
    std::string right = first ? indexText(*first) + " .. " + indexText(*last)
                              : std::string("padding");
    p.rightWidth = std::max(p.rightWidth, textWidth(right.size(), rowFont) + 8);
    p.texts.push_back(
        {w * p.cell + 6, y, rowFont, right, "start", "fill=\"#444\""});
  }
  // Column numbers within a row.
  int64_t colStep = 1;
  while (colStep * p.cell < textWidth(std::to_string(w).size() + 1, 9) + 6)
    colStep *= 2;
  for (int64_t c = 0; c < w; c += colStep)
    p.texts.push_back({(c + 0.5) * p.cell, -4, 9, "+" + std::to_string(c),
                       "middle", "fill=\"#444\""});

  p.captions.push_back({form >= 0 ? "memory (cells: the logical index held)"
                                  : "memory (rows: the first and last index "
                                    "held)",
                        ""});
  p.captions.push_back({std::to_string(w) +
                            (w == 1 ? " element a row" : " elements a row") +
                            ", offsets on the left",
                        ""});
  memoryCut = p.rows < totalRows;
  if (memoryCut) {
    std::string note = "showing offsets " + rangeText(0, p.rows * w - 1, total);
    if (run) {
      int64_t tiles = (total + *run - 1) / *run;
      int64_t lastTile = (p.rows * w - 1) / *run;
      note += " (tiles " + rangeText(0, lastTile, tiles) + ")";
    }
    p.captions.push_back({note, "window-note"});
  }
}

llvm::Expected<std::string>
inspect::renderSvgDrawing(const DrawRequest &request) {
  SvgPicture picture(request);
  if (llvm::Error err = picture.build())
    return std::move(err);
  std::string text;
  llvm::raw_string_ostream os(text);
  renderSvg(picture.view, os);
  return text;
}

llvm::Error inspect::writeSvgDrawing(const DrawRequest &request,
                                     llvm::StringRef path) {
  SvgPicture picture(request);
  if (llvm::Error err = picture.build())
    return err;
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec, llvm::sys::fs::OF_Text);
  if (ec)
    return makeError("cannot write '" + path + "': " + ec.message());
  renderSvg(picture.view, os);
  return llvm::Error::success();
}
