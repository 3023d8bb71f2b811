//===- HtmlReport.cpp - The memory report as one HTML page ----------------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// The page is written in one pass: a style sheet, a summary of the peaks, a
// section per memory space (chart and table) and the offender's picture,
// then a small script that sorts the tables. Opened with `#selftest`, the
// script sorts every table by each numeric column and writes the orders it
// saw into the page, so a headless browser's `--dump-dom` shows that sorting
// works; `window.onerror` writes any script error into the page likewise.
//
//===----------------------------------------------------------------------===//

#include "HtmlReport.h"
#include "InspectSupport.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>

using namespace mlir::tlayout;
using namespace mlir::tlayout::inspect;

/// `text` with `&`, `<`, `>` and `"` escaped.
static std::string escape(llvm::StringRef text) {
  std::string out;
  for (char c : text) {
    switch (c) {
    case '&':
      out += "&amp;";
      break;
    case '<':
      out += "&lt;";
      break;
    case '>':
      out += "&gt;";
      break;
    case '"':
      out += "&quot;";
      break;
    default:
      out += c;
    }
  }
  return out;
}

/// Bytes with binary units, for people: `32.0 MiB`.
static std::string humanBytes(int64_t bytes) {
  const char *units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
  double v = double(bytes);
  int unit = 0;
  while (v >= 1024 && unit < 4) {
    v /= 1024;
    ++unit;
  }
  if (unit == 0)
    return std::to_string(bytes) + " B";
  return llvm::formatv("{0:F1} {1}", v, units[unit]).str();
}

static const char *const kStyle = R"(
body { font-family: sans-serif; margin: 16px; color: #222; background: #fff; }
h1 { font-size: 20px; } h2 { font-size: 17px; margin-top: 28px; }
table { border-collapse: collapse; margin: 8px 0; font-size: 13px; }
th, td { border: 1px solid #ccc; padding: 3px 8px; text-align: left; }
td.num, th.num { text-align: right; }
th.sortable { cursor: pointer; background: #eef; }
th.sorted-desc::after { content: " \25BC"; } th.sorted-asc::after { content: " \25B2"; }
.exceeded { color: #b00; font-weight: bold; } .ok { color: #070; }
code { font-size: 12px; }
.chart { border: 1px solid #ddd; }
)";

static const char *const kScript = R"(
window.onerror = function (message, source, line) {
  var e = document.getElementById('errors');
  e.textContent += 'error: ' + message + ' at line ' + line + '\n';
};
function sortTable(th) {
  var table = th.closest('table');
  var column = Array.prototype.indexOf.call(th.parentNode.children, th);
  var desc = !th.classList.contains('sorted-desc');
  var rows = Array.prototype.slice.call(table.tBodies[0].rows);
  rows.sort(function (a, b) {
    var x = parseFloat(a.cells[column].getAttribute('data-value'));
    var y = parseFloat(b.cells[column].getAttribute('data-value'));
    return desc ? y - x : x - y;
  });
  rows.forEach(function (r) { table.tBodies[0].appendChild(r); });
  Array.prototype.forEach.call(th.parentNode.children, function (h) {
    h.classList.remove('sorted-desc', 'sorted-asc');
  });
  th.classList.add(desc ? 'sorted-desc' : 'sorted-asc');
}
document.querySelectorAll('th.sortable').forEach(function (th) {
  th.addEventListener('click', function () { sortTable(th); });
});
if (location.hash === '#selftest') {
  var out = document.getElementById('selftest');
  document.querySelectorAll('table.live').forEach(function (table) {
    table.querySelectorAll('th.sortable').forEach(function (th) {
      th.click();
      var names = Array.prototype.map.call(table.tBodies[0].rows,
        function (r) { return r.cells[0].textContent; });
      out.textContent += 'selftest: ' + table.id + ' by ' +
        th.getAttribute('data-key') + ': ' + names.join(' ') + '\n';
    });
  });
  var svgs = document.querySelectorAll('svg');
  out.textContent += 'selftest: ' + svgs.length + ' pictures, first ' +
    (svgs.length ? Math.round(svgs[0].getBoundingClientRect().width) : 0) +
    ' px wide\n';
  out.textContent += 'selftest: done\n';
}
)";

/// The chart of live bytes over program order, the peak marked.
static void renderChart(const MemoryReport &report, const SpacePeak &peak,
                        llvm::ArrayRef<int64_t> live, llvm::raw_ostream &os) {
  const double width = 900, height = 240, left = 80, right = 20, top = 20,
               bottom = 40;
  double plotW = width - left - right, plotH = height - top - bottom;
  int64_t maxBytes = std::max<int64_t>(peak.peakBytes, 1);
  if (peak.capacity > 0 && peak.capacity < 4 * maxBytes)
    maxBytes = std::max(maxBytes, peak.capacity);
  size_t points = std::max<size_t>(live.size(), 1);
  auto x = [&](double p) { return left + plotW * p / double(points); };
  auto y = [&](int64_t bytes) {
    return top + plotH - plotH * (double(bytes) / double(maxBytes));
  };
  std::string space = memorySpaceName(peak.memorySpace);
  os << "<svg class=\"chart\" id=\"chart-" << escape(space)
     << "\" xmlns=\"http://www.w3.org/2000/svg\" width=\"" << width
     << "\" height=\"" << height << "\" viewBox=\"0 0 " << width << " "
     << height << "\">\n";
  os << "<rect x=\"0\" y=\"0\" width=\"" << width << "\" height=\"" << height
     << "\" fill=\"#ffffff\"/>\n";
  // Axes.
  os << llvm::formatv("<line x1=\"{0}\" y1=\"{1}\" x2=\"{0}\" y2=\"{2}\" "
                      "stroke=\"#444\"/>\n",
                      left, top, top + plotH);
  os << llvm::formatv("<line x1=\"{0}\" y1=\"{1}\" x2=\"{2}\" y2=\"{1}\" "
                      "stroke=\"#444\"/>\n",
                      left, top + plotH, left + plotW);
  os << llvm::formatv("<text x=\"{0}\" y=\"{1}\" font-size=\"11\" "
                      "text-anchor=\"end\">{2}</text>\n",
                      left - 4, y(maxBytes) + 4, humanBytes(maxBytes));
  os << llvm::formatv("<text x=\"{0}\" y=\"{1}\" font-size=\"11\" "
                      "text-anchor=\"end\">0</text>\n",
                      left - 4, top + plotH + 4);
  os << llvm::formatv("<text x=\"{0}\" y=\"{1}\" font-size=\"11\" "
                      "text-anchor=\"middle\">program order ({2} "
                      "instructions)</text>\n",
                      left + plotW / 2, height - 8, live.size());
  // The live bytes as a filled step curve.
  std::string path = llvm::formatv("M {0} {1}", x(0), y(0)).str();
  for (auto [p, bytes] : llvm::enumerate(live))
    path +=
        llvm::formatv(" L {0} {1} L {2} {1}", x(p), y(bytes), x(p + 1)).str();
  path += llvm::formatv(" L {0} {1} Z", x(live.size()), y(0)).str();
  os << "<path d=\"" << path
     << "\" fill=\"#9ecae1\" stroke=\"#3182bd\" stroke-width=\"1\"/>\n";
  if (peak.capacity > 0 && peak.capacity <= maxBytes) {
    os << llvm::formatv("<line x1=\"{0}\" y1=\"{1}\" x2=\"{2}\" y2=\"{1}\" "
                        "stroke=\"#e6550d\" stroke-dasharray=\"6,4\"/>\n",
                        left, y(peak.capacity), left + plotW);
    os << llvm::formatv("<text x=\"{0}\" y=\"{1}\" font-size=\"11\" "
                        "fill=\"#e6550d\" text-anchor=\"end\">capacity "
                        "{2}</text>\n",
                        left + plotW, y(peak.capacity) - 4,
                        humanBytes(peak.capacity));
  }
  // The peak.
  double px = x(peak.point + 0.5), py = y(peak.peakBytes);
  os << llvm::formatv("<line x1=\"{0}\" y1=\"{1}\" x2=\"{0}\" y2=\"{2}\" "
                      "stroke=\"#d62728\" stroke-width=\"2\"/>\n",
                      px, py, top + plotH);
  os << llvm::formatv("<circle class=\"peak-marker\" cx=\"{0}\" cy=\"{1}\" "
                      "r=\"6\" fill=\"#d62728\"/>\n",
                      px, py);
  bool rightSide = px > left + plotW * 0.6;
  os << llvm::formatv("<text x=\"{0}\" y=\"{1}\" font-size=\"12\" "
                      "fill=\"#d62728\" text-anchor=\"{2}\">peak {3} at "
                      "{4}</text>\n",
                      rightSide ? px - 10 : px + 10, std::max(py, top + 12.0),
                      rightSide ? "end" : "start", humanBytes(peak.peakBytes),
                      escape(peak.instruction));
  os << "</svg>\n";
}

/// The table of the buffers live at the peak.
static void renderTable(const SpacePeak &peak, llvm::raw_ostream &os) {
  std::string space = memorySpaceName(peak.memorySpace);
  os << "<table class=\"live\" id=\"live-" << escape(space)
     << "\">\n<thead><tr>"
     << "<th>buffer</th><th>instruction</th><th>shape</th>"
     << "<th class=\"num sortable\" data-key=\"size\">physical bytes</th>"
     << "<th class=\"num\">unpadded bytes</th>"
     << "<th class=\"num sortable\" data-key=\"padding\">padding bytes</th>"
     << "<th class=\"num sortable\" data-key=\"ratio\">padding ratio</th>"
     << "<th>layout that saves the most</th></tr></thead>\n<tbody>\n";
  for (const PeakBuffer &b : peak.live) {
    const BufferRow &row = b.row;
    int64_t physical = row.physicalBytes.value_or(0);
    int64_t logical = row.logicalBytes.value_or(0);
    double ratio = row.paddingRatio.value_or(1.0);
    os << "<tr><td>" << escape(row.name()) << "</td><td>"
       << escape(row.buffer.instruction) << " = " << escape(row.buffer.opcode)
       << "</td><td><code>" << escape(row.buffer.shapeText()) << "</code></td>";
    os << "<td class=\"num\" data-value=\"" << physical << "\">" << physical
       << "</td>";
    os << "<td class=\"num\" data-value=\"" << logical << "\">" << logical
       << "</td>";
    os << "<td class=\"num\" data-value=\"" << row.paddingBytes << "\">"
       << row.paddingBytes << "</td>";
    os << "<td class=\"num\" data-value=\"" << llvm::format("%.6f", ratio)
       << "\">" << llvm::format("%.3f", ratio) << "x</td><td>";
    if (b.fix.change)
      os << "<code>" << escape(b.fix.change->shape) << "</code> saves "
         << b.fix.change->savedBytes << " bytes (" << escape(b.fix.change->how)
         << ")";
    else
      os << "-";
    os << "</td></tr>\n";
  }
  os << "</tbody></table>\n";
}

void inspect::renderHtmlReport(const MemoryReport &report,
                               llvm::raw_ostream &os) {
  std::string title =
      "Memory of " +
      (report.moduleName.empty() ? std::string("HLO text") : report.moduleName);
  os << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta "
        "charset=\"utf-8\">\n<title>"
     << escape(title) << "</title>\n<style>" << kStyle
     << "</style>\n</head>\n<body>\n";
  os << "<h1>" << escape(title) << "</h1>\n";
  os << "<p>" << report.numComputations << " computations, "
     << report.numInstructions << " instructions; peaks over the schedule of "
     << (report.scheduleName.empty()
             ? std::string("the instruction lines")
             : "<code>" + escape(report.scheduleName) + "</code>")
     << " (" << report.schedule.size() << " program points)";
  if (report.target)
    os << "; target " << escape(report.target->name);
  os << ".</p>\n";
  os << "<pre id=\"errors\"></pre>\n<pre id=\"selftest\"></pre>\n";
  // The summary.
  os << "<table id=\"summary\"><thead><tr><th>memory space</th>"
        "<th class=\"num\">peak bytes</th><th>at</th>"
        "<th class=\"num\">capacity</th><th>verdict</th>"
        "<th class=\"num\">sum of named buffers (not the peak)</th>"
        "</tr></thead><tbody>\n";
  for (const auto &[space, peak] : report.peaks) {
    auto totals = report.bySpace.find(space);
    os << "<tr><td>" << escape(memorySpaceName(space)) << " (S(" << space
       << "))</td><td class=\"num\">" << peak.peakBytes << "</td><td>"
       << escape(peak.instruction) << " (line " << peak.line
       << ")</td><td class=\"num\">"
       << (peak.capacity ? std::to_string(peak.capacity) : std::string("-"))
       << "</td><td class=\""
       << (peak.exceeded() ? "exceeded\">over capacity by " +
                                 std::to_string(peak.peakBytes - peak.capacity)
           : peak.capacity ? std::string("ok\">fits")
                           : std::string("\">-"))
       << "</td><td class=\"num\">"
       << (totals == report.bySpace.end() ? 0 : totals->second.physicalBytes)
       << "</td></tr>\n";
  }
  os << "</tbody></table>\n";
  for (const auto &[space, peak] : report.peaks) {
    if (peak.peakBytes == 0)
      continue;
    os << "<h2>" << escape(memorySpaceName(space)) << " (S(" << space
       << "))</h2>\n";
    auto live = report.liveBytes.find(space);
    llvm::ArrayRef<int64_t> bytes;
    if (live != report.liveBytes.end())
      bytes = live->second;
    renderChart(report, peak, bytes, os);
    os << "<p>" << peak.live.size() << " buffers live at the peak";
    if (peak.calleeBytes)
      os << ", and " << peak.calleeBytes
         << " bytes of temporaries of the computation called there";
    os << ". Click a numeric column's header to sort.</p>\n";
    renderTable(peak, os);
  }
  os << "<h2>The worst offender</h2>\n";
  llvm::Expected<std::string> svg = renderOffenderSvg(report);
  if (svg) {
    const Offender &offender = report.offenders.front();
    os << "<p><code>" << escape(report.rows[offender.row].name()) << "</code> "
       << "<code>" << escape(report.rows[offender.row].buffer.shapeText())
       << "</code>";
    if (!offender.cause.empty())
      os << ": " << escape(offender.cause);
    os << "</p>\n<div id=\"offender\">" << *svg << "</div>\n";
  } else {
    llvm::consumeError(svg.takeError());
    os << "<p>No buffer has padding.</p>\n";
  }
  os << "<script>" << kScript << "</script>\n</body>\n</html>\n";
}

llvm::Error inspect::writeHtmlReport(const MemoryReport &report,
                                     llvm::StringRef path) {
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec, llvm::sys::fs::OF_Text);
  if (ec)
    return makeError("cannot write '" + path + "': " + ec.message());
  renderHtmlReport(report, os);
  return llvm::Error::success();
}
