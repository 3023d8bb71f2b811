//===- HtmlReport.h - The memory report as one HTML page --------*- C++ -*-===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// `tlayout-inspect DUMP --html FILE`: the memory report as one
// self-contained page (no network, no external scripts or styles). Per
// memory space, live bytes over program order as an SVG chart with the peak
// marked; the buffers live at the peak in a table sortable by size, padding
// and padding ratio, each with its shape, instruction, unpadded size and
// the layout that saves the most; the picture of the worst offender.
//
//===----------------------------------------------------------------------===//

#ifndef TLAYOUT_TOOLS_TLAYOUTINSPECT_HTMLREPORT_H
#define TLAYOUT_TOOLS_TLAYOUTINSPECT_HTMLREPORT_H

#include "MemoryReport.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::tlayout::inspect {

/// Writes the page of `report` to `os`.
void renderHtmlReport(const MemoryReport &report, llvm::raw_ostream &os);

/// Writes the page to `path`.
llvm::Error writeHtmlReport(const MemoryReport &report, llvm::StringRef path);

} // namespace mlir::tlayout::inspect

#endif // TLAYOUT_TOOLS_TLAYOUTINSPECT_HTMLREPORT_H
