//===- ArrayReport.cpp - The report on one array's layout -----------------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//

#include "ArrayReport.h"
#include "InspectSupport.h"
#include "MemRefInput.h"

#include "tlayout/Dialect/TLayout/IR/TLayoutAttrs.h"
#include "tlayout/Target/TPU/TpuTarget.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir::tlayout;
using namespace mlir::tlayout::inspect;

std::string inspect::memrefTypeOf(
    const XlaShape &shape,
    const std::optional<llvm::SmallVector<DimsLayoutEntry, 4>> &inputDims) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << "memref<";
  for (int64_t d : shape.dims)
    os << (d == kDynamicSize ? std::string("?") : std::to_string(d)) << 'x';
  os << toMlirTypeName(shape.elementType);
  TiledLayout layout = shape.layout;
  int64_t space = layout.memorySpace;
  layout.memorySpace = 0;
  if (inputDims)
    os << ", #tlayout.dims<" << printPhysDims(*inputDims) << ">";
  else
    os << ", #tlayout.tiled<" << layout.str() << ">";
  if (space != 0) {
    llvm::StringRef name = tpu::getMemorySpaceName(space);
    if (name.empty())
      os << ", #tlayout.memory_space<" << space << ">";
    else
      os << ", #tlayout_tpu.memory_space<" << name << ">";
  }
  os << ">";
  return s;
}

static std::string joinExprs(llvm::ArrayRef<IndexExpr> exprs) {
  std::string s;
  llvm::raw_string_ostream os(s);
  llvm::interleaveComma(exprs, os);
  return s;
}

/// `affine_map<(d0, d1)[s0, s1] -> (...)>` for the given results.
static std::string affineMapText(unsigned rank, bool dynamic,
                                 llvm::ArrayRef<IndexExpr> results) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << "affine_map<(";
  for (unsigned i = 0; i < rank; ++i)
    os << (i ? ", " : "") << 'd' << i;
  os << ')';
  if (dynamic) {
    os << '[';
    for (unsigned i = 0; i < rank; ++i)
      os << (i ? ", " : "") << 's' << i;
    os << ']';
  }
  os << " -> (" << joinExprs(results) << ")>";
  return s;
}

std::vector<std::string> inspect::explainLayoutExtras(const XlaShape &shape) {
  std::vector<std::string> notes;
  for (unsigned i = 0; i < shape.dims.size(); ++i)
    if (shape.isBounded(i))
      notes.push_back("dimension " + std::to_string(i) +
                      " is dynamic with bound " +
                      std::to_string(shape.dims[i]) +
                      " (<=): memory is sized for the bound");
  const LayoutExtras &extras = shape.extras;
  if (!extras.dimLevelTypes.empty())
    notes.push_back(
        std::string("D(") + llvm::join(extras.dimLevelTypes, ",") +
        "): per-dimension level types of a sparse array (D dense, C "
        "compressed, S singleton, H loose compressed; + not unique, ~ not "
        "ordered)" +
        (extras.isSparse() ? "; sizes here are of the dense form, tlayout "
                             "does not place sparse storage"
                           : ""));
  if (extras.indexType)
    notes.push_back("#(" + getElementTypeName(*extras.indexType).str() +
                    "): the index type of the sparse storage");
  if (extras.pointerType)
    notes.push_back("*(" + getElementTypeName(*extras.pointerType).str() +
                    "): the pointer type of the sparse storage");
  for (const SplitConfig &config : extras.splitConfigs) {
    std::string indices;
    for (int64_t i : config.splitIndices)
      indices += (indices.empty() ? "" : ",") + std::to_string(i);
    notes.push_back("SC(" + std::to_string(config.dimension) + ":" + indices +
                    "): the buffer is split in memory along dimension " +
                    std::to_string(config.dimension) + " before index " +
                    indices + "; sizes are those of the whole array");
  }
  if (extras.physicalShape)
    notes.push_back("P(" + extras.physicalShape->str() +
                    "): the array is stored on the device as that shape; "
                    "sizes here are of the logical layout");
  if (extras.dynamicMetadataPrefixBytes)
    notes.push_back(
        "M(" + std::to_string(extras.dynamicMetadataPrefixBytes) +
        "): " + std::to_string(extras.dynamicMetadataPrefixBytes) +
        " bytes of dynamic-shape metadata (the actual sizes) precede the "
        "data; the module report counts them in physical bytes");
  return notes;
}

llvm::Expected<ArrayReport>
inspect::computeArrayReport(ArrayInput input, const ArrayQueries &queries) {
  ArrayReport report;
  report.input = std::move(input);
  const XlaShape &shape = report.input.shape;
  const auto &inputDims = report.input.inputDims;
  llvm::Expected<BufferIndexing> compiled =
      inputDims ? BufferIndexing::compile(*inputDims, shape.dims)
                : BufferIndexing::compile(shape.layout, shape.dims);
  if (!compiled)
    return compiled.takeError();
  report.indexing.emplace(std::move(*compiled));
  const BufferIndexing &indexing = *report.indexing;
  unsigned rank = shape.dims.size();
  bool dynamic = !indexing.hasStaticShape();

  for (const std::string &text : queries.indices) {
    llvm::Expected<llvm::SmallVector<int64_t, 4>> index =
        parseList(text, "--index");
    if (!index)
      return index.takeError();
    llvm::Expected<int64_t> offset = indexing.offsetOf(*index);
    if (!offset)
      return offset.takeError();
    report.offsets.push_back(*offset);
  }
  for (int64_t offset : queries.offsets) {
    auto index = indexing.indexAt(offset);
    if (!index)
      return index.takeError();
    report.indices.push_back(*index);
  }

  report.memref = memrefTypeOf(shape, inputDims);
  for (auto [i, level] : llvm::enumerate(indexing.getLevelShapes())) {
    std::string label = inputDims ? std::string("physical dims")
                        : i == 0  ? std::string("minor_to_major")
                                  : "after T" + shape.layout.tiles[i - 1].str();
    report.levels.push_back({label, level});
  }
  report.footprint = getFootprint(indexing, shape.getElementBits());
  report.contiguity = getContiguity(indexing);
  {
    const InverseMap &inverse = indexing.getInverse();
    llvm::raw_string_ostream os(report.inverseMap);
    os << "(";
    for (unsigned k = 0; k < indexing.getDims().size(); ++k)
      os << (k ? ", " : "") << 'd' << k;
    os << ") -> (" << joinExprs(inverse.logicalIndex) << ")";
    for (auto [i, guard] : llvm::enumerate(inverse.guards))
      os << (i ? " and " : " if ") << guard.first << " < " << guard.second;
  }
  // The layout as physical dimensions (given, or converted from XLA's), its
  // canonical form, and the layout in the model it was not given in.
  std::optional<llvm::SmallVector<DimsLayoutEntry, 4>> dims = inputDims;
  if (inputDims) {
    if (std::optional<TiledLayout> tiled = toTiledLayout(*dims, shape.dims))
      report.otherModel = "#tlayout.tiled<" + tiled->str() + ">";
  } else {
    TiledLayout layout = shape.layout;
    layout.memorySpace = 0;
    dims = toPhysDims(layout, shape.dims);
    if (dims)
      report.otherModel = printDimsAttr(*dims);
  }
  if (dims) {
    llvm::Expected<std::string> canonical =
        printCanonicalDimsAttr(*dims, shape.dims);
    if (!canonical)
      return canonical.takeError();
    report.canonicalDims = std::move(*canonical);
  }
  report.physicalMap =
      affineMapText(rank, dynamic, indexing.getPhysicalIndices());
  report.offsetMap = affineMapText(rank, dynamic, {indexing.getOffset()});
  report.notes = explainLayoutExtras(shape);
  return std::move(report);
}

void inspect::printQueryAnswers(const ArrayReport &report,
                                llvm::raw_ostream &os) {
  for (int64_t offset : report.offsets)
    os << offset << "\n";
  for (const auto &index : report.indices)
    os << (index ? indexText(*index) : std::string("padding")) << "\n";
}

void inspect::printArrayReport(const ArrayReport &report,
                               llvm::raw_ostream &os) {
  const XlaShape &shape = report.input.shape;
  const Footprint &footprint = report.footprint;
  os << "shape:              " << shape.str() << "\n";
  if (!report.input.givenSizes.empty())
    os << "dynamic sizes:      " << report.input.givenSizes << " (--sizes)\n";
  os << "memref:             " << report.memref << "\n";
  os << "element size:       " << shape.getElementBits() << " bits\n";
  os << "physical shape:\n";
  for (const auto &[label, level] : report.levels)
    os << "  " << llvm::left_justify(label, 18) << "[" << joinExprs(level)
       << "]\n";
  os << "logical elements:   " << footprint.logicalElements << "\n";
  os << "physical elements:  " << footprint.physicalElements;
  if (shape.layout.tailPaddingAlignment != 1)
    os << " (tail padded to a multiple of " << shape.layout.tailPaddingAlignment
       << ")";
  os << "\n";
  os << "logical bytes:      " << footprint.logicalBytes << "\n";
  os << "physical bytes:     " << footprint.physicalBytes << "\n";
  if (footprint.paddingRatio)
    os << "padding ratio:      "
       << llvm::format("%.3f", *footprint.paddingRatio) << "x\n";
  os << "physical index map: " << report.physicalMap << "\n";
  os << "offset map:         " << report.offsetMap << "\n";
  os << "inverse map:        " << report.inverseMap << "\n";
  os << "contiguity:         [";
  for (auto [i, c] : llvm::enumerate(report.contiguity))
    os << (i ? ", " : "") << c.length << (c.wholeDimension ? " (whole)" : "");
  os << "]\n";
  os << (report.input.inputDims ? "as XLA:             "
                                : "as dims:            ")
     << report.otherModel << "\n";
  os << "canonical dims:     " << report.canonicalDims << "\n";
  for (const std::string &note : report.notes)
    os << "note:               " << note << "\n";
}

llvm::json::Value inspect::arrayReportToJson(const ArrayReport &report,
                                             const ArrayQueries &queries) {
  const XlaShape &shape = report.input.shape;
  const Footprint &footprint = report.footprint;
  auto value = [](const IndexExpr &e) -> llvm::json::Value {
    if (std::optional<int64_t> c = e.getConstant())
      return *c;
    return e.str();
  };
  llvm::json::Object out;
  out["shape"] = shape.str();
  out["memref"] = report.memref;
  out["element_bits"] = shape.getElementBits();
  llvm::json::Array levels;
  for (const auto &level : report.levels) {
    llvm::json::Array dims;
    for (const IndexExpr &e : level.second)
      dims.push_back(value(e));
    levels.push_back(std::move(dims));
  }
  out["levels"] = std::move(levels);
  out["logical_elements"] = value(footprint.logicalElements);
  out["physical_elements"] = value(footprint.physicalElements);
  out["logical_bytes"] = value(footprint.logicalBytes);
  out["physical_bytes"] = value(footprint.physicalBytes);
  if (footprint.paddingRatio)
    out["padding_ratio"] = *footprint.paddingRatio;
  out["physical_index_map"] = report.physicalMap;
  out["offset_map"] = report.offsetMap;
  out["inverse_map"] = report.inverseMap;
  llvm::json::Array runs;
  for (const Contiguity &c : report.contiguity) {
    llvm::json::Object run;
    run["length"] = value(c.length);
    run["whole_dimension"] = c.wholeDimension;
    runs.push_back(std::move(run));
  }
  out["contiguity"] = std::move(runs);
  out[report.input.inputDims ? "as_xla" : "as_dims"] = report.otherModel;
  out["canonical_dims"] = report.canonicalDims;
  if (!report.notes.empty()) {
    llvm::json::Array notes;
    for (const std::string &note : report.notes)
      notes.push_back(note);
    out["notes"] = std::move(notes);
  }
  if (!queries.indices.empty()) {
    llvm::json::Array offsets;
    for (int64_t offset : report.offsets)
      offsets.push_back(offset);
    out["offsets"] = std::move(offsets);
  }
  if (!queries.offsets.empty()) {
    llvm::json::Array indices;
    for (const auto &index : report.indices) {
      if (index)
        indices.push_back(llvm::json::Array(
            llvm::ArrayRef<int64_t>(index->begin(), index->end())));
      else
        indices.push_back("padding");
    }
    out["indices"] = std::move(indices);
  }
  return llvm::json::Value(std::move(out));
}
