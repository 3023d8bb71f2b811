//===- SvgRender.cpp - SVG text of a drawing ------------------------------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// Prints an SvgView (SvgView.h) as SVG: each panel's captions, cells, tile
// borders (one line style per tile level, explained in the legend) and
// labels, then the legend and the notes.
//
//===----------------------------------------------------------------------===//

#include "SvgView.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Format.h"

#include <cmath>

using namespace mlir::tlayout::inspect::svg;

namespace {
/// How the border of a tile level is drawn; deeper levels reuse the last.
struct LineStyle {
  const char *color;
  double width;
  const char *dash;
  const char *words;
};
} // namespace
static constexpr LineStyle kLevelStyles[] = {
    {"#000000", 2.5, "", "thick black"},
    {"#1a56db", 1.6, "6,3", "blue dashed"},
    {"#e07b00", 1.4, "2,2", "orange dotted"},
    {"#8e24aa", 1.2, "1,2", "purple dotted"},
};
static const LineStyle &levelStyle(size_t level) {
  return kLevelStyles[std::min(level, std::size(kLevelStyles) - 1)];
}

static std::string escape(llvm::StringRef text) {
  std::string s;
  for (char c : text) {
    if (c == '&')
      s += "&amp;";
    else if (c == '<')
      s += "&lt;";
    else if (c == '>')
      s += "&gt;";
    else
      s += c;
  }
  return s;
}

/// A coordinate with at most one decimal.
static std::string num(double v) {
  double rounded = std::round(v * 10) / 10;
  if (rounded == std::floor(rounded))
    return std::to_string(static_cast<int64_t>(rounded));
  std::string s;
  llvm::raw_string_ostream(s) << llvm::format("%.1f", rounded);
  return s;
}

/// The segments of grid lines for which `pred(a, b)` holds between cells a
/// and b, merged into one SVG path.
static std::string
linesPath(const Panel &p, double gx, double gy,
          llvm::function_ref<bool(int64_t, int64_t, int64_t, int64_t)> pred) {
  std::string d;
  llvm::raw_string_ostream os(d);
  // Horizontal line L separates rows L-1 and L, vertical line L columns
  // L-1 and L: each drawn as its runs where `pred` holds.
  auto drawLines = [&](bool vertical) {
    int64_t lines = vertical ? p.cols : p.rows;
    int64_t along = vertical ? p.rows : p.cols;
    for (int64_t line = 0; line <= lines; ++line) {
      int64_t start = -1;
      for (int64_t k = 0; k <= along; ++k) {
        bool on = k < along && (vertical ? pred(k, line - 1, k, line)
                                         : pred(line - 1, k, line, k));
        if (on && start < 0)
          start = k;
        if (on || start < 0)
          continue;
        if (vertical)
          os << 'M' << num(gx + line * p.cell) << ' '
             << num(gy + start * p.cell) << 'V' << num(gy + k * p.cell);
        else
          os << 'M' << num(gx + start * p.cell) << ' '
             << num(gy + line * p.cell) << 'H' << num(gx + k * p.cell);
        start = -1;
      }
    }
  };
  drawLines(/*vertical=*/false);
  drawLines(/*vertical=*/true);
  return d;
}

/// Prints one panel of `view`.
static void drawPanel(llvm::raw_ostream &os, const SvgView &view,
                      const Panel &p, llvm::StringRef name) {
  double gx = p.x, gy = p.y;
  os << "<g class=\"" << name << "\">\n";
  double capY = gy - Panel::kAxis - p.captionsHeight() + 12;
  for (auto [i, caption] : llvm::enumerate(p.captions)) {
    os << "<text x=\"" << num(gx - p.leftWidth) << "\" y=\""
       << num(capY + i * Panel::kCaptionLine) << "\"";
    if (!caption.second.empty())
      os << " class=\"" << caption.second << "\" fill=\"#b00020\"";
    os << ">" << escape(caption.first) << "</text>\n";
  }
  // Fills, a rectangle per run of equal cells in a row.
  for (int64_t r = 0; r < p.rows; ++r) {
    int64_t c = 0;
    while (c < p.cols) {
      if (!p.at(r, c)) {
        ++c;
        continue;
      }
      int64_t end = c + 1;
      while (end < p.cols && p.at(r, end) &&
             p.at(r, end)->fill == p.at(r, c)->fill)
        ++end;
      os << "<rect x=\"" << num(gx + c * p.cell) << "\" y=\""
         << num(gy + r * p.cell) << "\" width=\"" << num((end - c) * p.cell)
         << "\" height=\"" << num(p.cell) << "\" fill=\"" << p.at(r, c)->fill
         << "\"/>\n";
      c = end;
    }
  }
  auto drawn = [&](int64_t r, int64_t c) {
    return p.state(r, c) == CellState::Drawn;
  };
  auto path = [&](llvm::StringRef cls, const std::string &d,
                  llvm::StringRef style) {
    if (!d.empty())
      os << "<path class=\"" << cls << "\" d=\"" << d
         << "\" fill=\"none\" stroke-linecap=\"square\" " << style << "/>\n";
  };
  if (p.cell >= 5)
    path("grid",
         linesPath(p, gx, gy,
                   [&](int64_t r1, int64_t c1, int64_t r2, int64_t c2) {
                     return drawn(r1, c1) && drawn(r2, c2);
                   }),
         "stroke=\"#777\" stroke-width=\"0.5\"");
  for (size_t k = view.numLevels; k-- > 0;) {
    const LineStyle &style = levelStyle(k);
    bool horizontal = p.levelLines[k].first;
    bool vertical = p.levelLines[k].second;
    std::string d = linesPath(
        p, gx, gy, [&](int64_t r1, int64_t c1, int64_t r2, int64_t c2) {
          if (!drawn(r1, c1) || !drawn(r2, c2))
            return false;
          if (r1 != r2 ? !horizontal : !vertical)
            return false;
          std::optional<int64_t> a = p.at(r1, c1)->tiles[k],
                                 b = p.at(r2, c2)->tiles[k];
          return a && b && *a != *b;
        });
    std::string attrs = std::string("stroke=\"") + style.color +
                        "\" stroke-width=\"" + num(style.width) + "\"";
    if (*style.dash)
      attrs += std::string(" stroke-dasharray=\"") + style.dash + "\"";
    path("level" + std::to_string(k + 1), d, attrs);
  }
  auto across = [&](CellState want) {
    return [&, want](int64_t r1, int64_t c1, int64_t r2, int64_t c2) {
      CellState a = p.state(r1, c1), b = p.state(r2, c2);
      return (a == CellState::Drawn && b == want) ||
             (b == CellState::Drawn && a == want);
    };
  };
  path("outline", linesPath(p, gx, gy, across(CellState::Outside)),
       "stroke=\"#000\" stroke-width=\"2.5\"");
  path("cut", linesPath(p, gx, gy, across(CellState::Cut)),
       "stroke=\"#999\" stroke-width=\"2\" stroke-dasharray=\"8,4\"");
  for (const Text &t : p.texts) {
    os << "<text x=\"" << num(gx + t.x) << "\" y=\"" << num(gy + t.y)
       << "\" font-size=\"" << num(t.font) << "\"";
    if (llvm::StringRef(t.anchor) != "start")
      os << " text-anchor=\"" << t.anchor << "\"";
    if (!t.extra.empty())
      os << ' ' << t.extra;
    os << ">" << escape(t.text) << "</text>\n";
  }
  os << "</g>\n";
}

void mlir::tlayout::inspect::svg::renderSvg(const SvgView &view,
                                            llvm::raw_ostream &os) {
  os << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << num(view.width)
     << "\" height=\"" << num(view.height)
     << "\" font-family=\"monospace\" font-size=\"11\">\n";
  os << "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
  os << "<text x=\"" << kMargin << "\" y=\"" << kMargin + 12
     << "\" font-size=\"13\" font-weight=\"bold\">" << escape(view.title)
     << "</text>\n";
  double y = kMargin + 22 + 12;
  os << "<g class=\"legend\">\n";
  for (const auto &[text, cls] : view.legend) {
    double x0 = kMargin, x1 = kMargin + 28, mid = y - 4;
    if (cls == "padding") {
      os << "<rect x=\"" << num(x0 + 7) << "\" y=\"" << num(mid - 6)
         << "\" width=\"14\" height=\"12\" fill=\"" << kPaddingFill
         << "\" stroke=\"#777\" stroke-width=\"0.5\"/>\n";
    } else {
      std::string attrs;
      if (cls == "cut") {
        attrs = "stroke=\"#999\" stroke-width=\"2\" stroke-dasharray=\"8,4\"";
      } else if (cls == "outline") {
        attrs = "stroke=\"#000\" stroke-width=\"2.5\"";
      } else {
        const LineStyle &style = levelStyle(std::stoul(cls.substr(5)) - 1);
        attrs = std::string("stroke=\"") + style.color + "\" stroke-width=\"" +
                num(style.width) + "\"";
        if (*style.dash)
          attrs += std::string(" stroke-dasharray=\"") + style.dash + "\"";
      }
      os << "<path d=\"M" << num(x0) << ' ' << num(mid) << 'H' << num(x1)
         << "\" " << attrs << "/>\n";
    }
    os << "<text x=\"" << num(x1 + 8) << "\" y=\"" << num(y)
       << "\" class=\"legend-" << cls << "\">" << escape(text) << "</text>\n";
    y += 16;
  }
  os << "</g>\n";
  drawPanel(os, view, view.logical, "logical");
  drawPanel(os, view, view.memory, "memory");
  if (!view.notes.empty()) {
    os << "<g class=\"notes\">\n";
    double y = view.notesTop;
    for (const std::string &note : view.notes) {
      os << "<text x=\"" << kMargin << "\" y=\"" << num(y) << "\">"
         << escape(note) << "</text>\n";
      y += 16;
    }
    os << "</g>\n";
  }
  os << "</svg>\n";
}
