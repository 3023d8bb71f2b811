//===- SvgView.h - The SVG drawing as plain data ----------------*- C++ -*-===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// What tlayout-inspect's SVG drawing shows, as plain data: the panels' cells,
// lines to draw, labels and positions, the legend and the canvas size.
// SvgDrawing.cpp computes it from a DrawRequest; renderSvg (SvgRender.cpp)
// prints it.
//
//===----------------------------------------------------------------------===//

#ifndef TLAYOUT_TOOLS_TLAYOUTINSPECT_SVGVIEW_H
#define TLAYOUT_TOOLS_TLAYOUTINSPECT_SVGVIEW_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace mlir::tlayout::inspect::svg {

/// Monospace glyph width, as a fraction of the font size.
constexpr double kCharWidth = 0.6;
/// The largest cell, in pixels.
constexpr int64_t kMaxCell = 36;
/// The canvas' margin, in pixels.
constexpr int kMargin = 20;
/// The fill of padding positions.
constexpr const char *kPaddingFill = "#d0d0d0";

/// The width of `chars` monospace characters at size `font`.
inline double textWidth(size_t chars, double font) {
  return chars * kCharWidth * font;
}

/// What a position of a grid holds, for border drawing.
enum class CellState {
  /// No element: outside the array or the buffer.
  Outside,
  /// An element the window leaves out.
  Cut,
  /// A drawn element or buffer position.
  Drawn
};

/// A drawn cell: its fill, its tiles and its label.
struct Cell {
  std::string fill;
  /// The tile of each level, when known.
  llvm::SmallVector<std::optional<int64_t>, 3> tiles;
  /// Label lines and whether the label is muted (padding).
  llvm::SmallVector<std::string, 4> label;
  bool muted = false;
};

/// A text at a position, with extra SVG attributes.
struct Text {
  double x, y, font;
  std::string text;
  const char *anchor = "start";
  std::string extra;
};

/// One view: captions, a grid of cells and the labels around it.
struct Panel {
  llvm::SmallVector<std::pair<std::string, std::string>, 3> captions;
  int64_t rows = 0, cols = 0;
  double cell = kMaxCell;
  std::vector<std::optional<Cell>> cells;
  /// The states of the positions around the window, row by row over rows
  /// -1 to `rows` and columns -1 to `cols` (the window's own entries are
  /// unused).
  std::vector<CellState> frame;
  /// Which lines of each level to draw: horizontal, vertical.
  llvm::SmallVector<std::pair<bool, bool>, 3> levelLines;
  double leftWidth = 0, rightWidth = 0;
  /// Texts relative to the grid's top-left corner.
  std::vector<Text> texts;
  /// Where the grid goes, set by the layout.
  double x = 0, y = 0;

  static constexpr double kCaptionLine = 16, kAxis = 14;
  double captionsHeight() const { return captions.size() * kCaptionLine + 4; }
  double gridWidth() const { return cols * cell; }
  double width() const {
    double w = leftWidth + gridWidth() + rightWidth;
    for (const auto &caption : captions)
      w = std::max(w, textWidth(caption.first.size(), 11));
    return w;
  }
  double height() const { return captionsHeight() + kAxis + rows * cell + 8; }
  const std::optional<Cell> &at(int64_t r, int64_t c) const {
    return cells[r * cols + c];
  }
  CellState state(int64_t r, int64_t c) const {
    if (r >= 0 && c >= 0 && r < rows && c < cols)
      return at(r, c) ? CellState::Drawn : CellState::Outside;
    if (r < -1 || c < -1 || r > rows || c > cols)
      return CellState::Outside;
    return frame[(r + 1) * (cols + 2) + (c + 1)];
  }
  /// Fills `frame` from the state of each position around the window.
  void setFrame(llvm::function_ref<CellState(int64_t, int64_t)> outside) {
    frame.assign((rows + 2) * (cols + 2), CellState::Outside);
    for (int64_t r = -1; r <= rows; ++r)
      for (int64_t c = -1; c <= cols; ++c)
        if (r < 0 || c < 0 || r == rows || c == cols)
          frame[(r + 1) * (cols + 2) + (c + 1)] = outside(r, c);
  }
};

/// The picture as plain data: every shape, label and position, computed
/// from the request by SvgBuilder and printed as SVG by renderSvg.
struct SvgView {
  std::string title;
  /// Legend entries: the text and the class of the sample drawn before it.
  std::vector<std::pair<std::string, std::string>> legend;
  /// The number of tile levels, whose borders the panels draw.
  size_t numLevels = 0;
  Panel logical, memory;
  /// Lines under the picture, starting at `notesTop`.
  std::vector<std::string> notes;
  double notesTop = 0;
  double width = 0, height = 0;
};

/// Prints `view` as SVG.
void renderSvg(const SvgView &view, llvm::raw_ostream &os);

} // namespace mlir::tlayout::inspect::svg

#endif // TLAYOUT_TOOLS_TLAYOUTINSPECT_SVGVIEW_H
