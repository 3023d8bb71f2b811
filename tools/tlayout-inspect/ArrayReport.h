//===- ArrayReport.h - The report on one array's layout ---------*- C++ -*-===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// Everything tlayout-inspect says about one array and its layout, computed
// once (computeArrayReport) and then rendered as text or JSON.
//
//===----------------------------------------------------------------------===//

#ifndef TLAYOUT_TOOLS_TLAYOUTINSPECT_ARRAYREPORT_H
#define TLAYOUT_TOOLS_TLAYOUTINSPECT_ARRAYREPORT_H

#include "tlayout/Core/BufferIndexing.h"
#include "tlayout/Core/DimsLayout.h"
#include "tlayout/Core/LayoutAnalysis.h"
#include "tlayout/Format/XlaShape.h"

#include "llvm/Support/JSON.h"

#include <optional>
#include <string>
#include <vector>

namespace mlir::tlayout::inspect {

/// An array as the input gave it.
struct ArrayInput {
  XlaShape shape;
  /// The layout as physical dimensions, when the input gave it that way
  /// (`#tlayout.dims`); the shape's layout is unused then.
  std::optional<llvm::SmallVector<DimsLayoutEntry, 4>> inputDims;
  /// The sizes `--sizes` gave, e.g. `dimension 0 = 40`.
  std::string givenSizes;
};

/// What the report answers besides the layout itself.
struct ArrayQueries {
  llvm::ArrayRef<std::string> indices;
  llvm::ArrayRef<int64_t> offsets;
};

/// The report on one array.
struct ArrayReport {
  ArrayInput input;
  std::optional<BufferIndexing> indexing;
  std::string memref;
  /// Per physical-shape level: its label and sizes.
  std::vector<std::pair<std::string, llvm::SmallVector<IndexExpr, 4>>> levels;
  Footprint footprint;
  std::string physicalMap, offsetMap, inverseMap;
  llvm::SmallVector<Contiguity, 4> contiguity;
  /// The layout in the model it was not given in (`none` when there is no
  /// such form), and the canonical physical dimensions.
  std::string otherModel = "none", canonicalDims = "none";
  /// What the layout fields that place nothing (bounded dimensions, `M`,
  /// `SC`, `P`, `D`, `#`, `*`) mean for this array, one sentence each.
  std::vector<std::string> notes;
  /// Answers to `--index` (offsets) and `--offset` (indices; none for a
  /// padding position).
  std::vector<int64_t> offsets;
  std::vector<std::optional<llvm::SmallVector<int64_t, 4>>> indices;
};

/// Computes the report; bad queries are errors.
llvm::Expected<ArrayReport> computeArrayReport(ArrayInput input,
                                               const ArrayQueries &queries);

/// The sentences explaining `shape`'s non-placing layout fields.
std::vector<std::string> explainLayoutExtras(const XlaShape &shape);

/// The memref type an XLA shape is written as.
std::string memrefTypeOf(
    const XlaShape &shape,
    const std::optional<llvm::SmallVector<DimsLayoutEntry, 4>> &inputDims =
        std::nullopt);

void printArrayReport(const ArrayReport &report, llvm::raw_ostream &os);
void printQueryAnswers(const ArrayReport &report, llvm::raw_ostream &os);
llvm::json::Value arrayReportToJson(const ArrayReport &report,
                                    const ArrayQueries &queries);

} // namespace mlir::tlayout::inspect

#endif // TLAYOUT_TOOLS_TLAYOUTINSPECT_ARRAYREPORT_H
