//===- MosaicInspect.cpp - Mosaic memref types in tlayout-inspect ---------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// The report reads everything from the core's MosaicMemRef: Mosaic's offsets
// come from Mosaic's own formula; the index at an offset comes from the
// equivalent tlayout layout (whose offsets the core's tests check against
// Mosaic's), and each answer is checked against Mosaic's formula again.
//
//===----------------------------------------------------------------------===//

#include "MosaicInspect.h"
#include "InspectSupport.h"

#include "tlayout/Core/BufferIndexing.h"
#include "tlayout/Target/TPU/MosaicLayout.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir::tlayout;
using namespace mlir::tlayout::inspect;
using namespace mlir::tlayout::mosaic;

bool inspect::isMosaicMemRef(llvm::StringRef text) {
  text = text.trim();
  return text.starts_with("memref<") &&
         (text.contains("#tpu.tiled") || text.contains("#tpu.memory_space"));
}

static std::string listText(llvm::ArrayRef<int64_t> values) {
  std::string s = "[";
  for (auto [i, v] : llvm::enumerate(values))
    s += (i ? ", " : "") +
         (v == kDynamicSize ? std::string("?") : std::to_string(v));
  return s + "]";
}

llvm::Error inspect::inspectMosaic(const MosaicRequest &request) {
  // The report answers --index, --offset and --json; the other options are
  // about tlayout's layouts: say so rather than ignore them.
  for (const auto &entry : llvm::cl::getRegisteredOptions()) {
    llvm::StringRef name = entry.first;
    if (!name.empty() && entry.second->getNumOccurrences() && name != "index" &&
        name != "offset" && name != "json")
      return makeError(
          "--" + name +
          " does not apply to Mosaic memref text: inspect the tlayout "
          "memref type that tlayout-inspect prints for it");
  }
  llvm::Expected<MosaicMemRef> parsed =
      MosaicMemRef::parse(request.text.trim());
  if (!parsed)
    return parsed.takeError();
  const MosaicMemRef &memref = *parsed;
  llvm::Expected<TLayoutEquivalent> eq = memref.toTLayout();
  std::string noEquivalent;
  if (!eq)
    noEquivalent = llvm::toString(eq.takeError());

  // The buffer tlayout indexes: the memref, or the buffer it is a window of.
  std::optional<BufferIndexing> indexing;
  if (eq) {
    llvm::Expected<BufferIndexing> compiled =
        BufferIndexing::compile(eq->layout, eq->bufferShape);
    if (!compiled)
      return compiled.takeError();
    indexing.emplace(std::move(*compiled));
  }

  // Mosaic's offsets of the requested indices.
  std::vector<std::string> answers;
  llvm::json::Array offsetsJson, indicesJson;
  for (const std::string &text : request.indices) {
    llvm::Expected<llvm::SmallVector<int64_t, 4>> index =
        parseList(text, "--index");
    if (!index)
      return index.takeError();
    llvm::Expected<int64_t> offset = memref.offsetOf(*index);
    if (!offset)
      return offset.takeError();
    answers.push_back(std::to_string(*offset));
    offsetsJson.push_back(*offset);
  }
  // The index Mosaic stores at each requested offset.
  for (int64_t offset : request.offsets) {
    if (!indexing)
      return makeError("--offset needs a tlayout equivalent of the layout: " +
                       noEquivalent);
    if (!memref.hasStaticShape())
      return makeError("--offset needs a static shape");
    auto index = indexing->indexAt(offset);
    if (!index)
      return index.takeError();
    std::string answer = "padding";
    llvm::json::Value value = "padding";
    if (*index) {
      llvm::ArrayRef<int64_t> at = **index;
      bool inside = true;
      for (unsigned d = 0; d < at.size(); ++d)
        inside &= at[d] < memref.shape[d];
      if (!inside) {
        answer = "outside the window " + indexText(at);
        value = "outside the window";
      } else {
        llvm::Expected<int64_t> check = memref.offsetOf(at);
        if (!check)
          return check.takeError();
        if (*check != offset)
          return makeError(
              "internal error: the tlayout equivalent disagrees with "
              "Mosaic's formula at offset " +
              llvm::Twine(offset));
        answer = indexText(at);
        value = llvm::json::Array(at);
      }
    }
    answers.push_back(answer);
    indicesJson.push_back(std::move(value));
  }

  std::string tilesText;
  llvm::raw_string_ostream tilesStream(tilesText);
  printTiles(tilesStream, memref.tiles);
  if (tilesText.empty())
    tilesText = "none";
  llvm::SmallVector<int64_t, 4> defaults = memref.getDefaultTileStrides();
  std::string strides = memref.hasTiledLayout
                            ? listText(memref.tileStrides)
                            : "none (identity layout: row-major)";
  std::string stridesNote;
  if (memref.hasTiledLayout)
    stridesNote =
        memref.hasDefaultTileStrides()
            ? " (the default ones for this shape)"
            : " (not the default " + listText(defaults) + " for this shape)";
  std::string space = "none";
  if (memref.memorySpace) {
    space = stringifyMemorySpace(*memref.memorySpace).str();
    if (std::optional<int64_t> n = getTLayoutMemorySpace(*memref.memorySpace))
      space += " (tlayout S(" + std::to_string(*n) + "))";
    else
      space += " (no tlayout equivalent)";
  }
  std::optional<TLayoutText> text;
  if (eq)
    text = printTLayout(memref, *eq);

  if (request.json) {
    llvm::json::Object out;
    out["mosaic_memref"] = memref.str();
    out["element_bits"] = memref.getElementBits();
    out["tiles"] = tilesText;
    out["tile_counts"] = llvm::json::Array(memref.getTileCounts());
    if (memref.hasTiledLayout)
      out["tile_strides"] = llvm::json::Array(memref.tileStrides);
    out["default_tile_strides"] = llvm::json::Array(defaults);
    out["memory_space"] = space;
    out["offset_map"] = memref.getOffsetMapText();
    if (text) {
      out["window"] = eq->isWindow;
      out["xla_layout"] = text->xlaLayout;
      out["tlayout_memref"] = text->memrefType;
      if (eq->isWindow) {
        out["buffer_memref"] = text->bufferType;
        out["subview"] = text->subview;
      }
      out["buffer_elements"] = indexing->getNumElements().str();
    } else {
      out["no_tlayout_equivalent"] = noEquivalent;
    }
    if (!request.indices.empty())
      out["offsets"] = std::move(offsetsJson);
    if (!request.offsets.empty())
      out["indices"] = std::move(indicesJson);
    llvm::outs() << llvm::formatv("{0:2}", llvm::json::Value(std::move(out)))
                 << "\n";
    return llvm::Error::success();
  }
  if (!answers.empty()) {
    for (const std::string &line : answers)
      llvm::outs() << line << "\n";
    return llvm::Error::success();
  }
  llvm::raw_ostream &os = llvm::outs();
  os << "mosaic memref:      " << memref.str() << "\n";
  os << "element size:       ";
  if (int64_t bits = memref.getElementBits())
    os << bits << " bits\n";
  else
    os << "unknown\n";
  os << "tiles:              " << tilesText << "\n";
  os << "tile counts:        " << listText(memref.getTileCounts()) << "\n";
  os << "tile strides:       " << strides << stridesNote << "\n";
  os << "memory space:       " << space << "\n";
  os << "offset map:         " << memref.getOffsetMapText() << "\n";
  if (!text) {
    os << "tlayout equivalent: none: " << noEquivalent << "\n";
    return llvm::Error::success();
  }
  os << "xla layout:         " << text->xlaLayout
     << (eq->isWindow ? " (of the larger buffer)" : "") << "\n";
  if (eq->isWindow) {
    os << "window of:          " << text->bufferType << "\n";
    os << "subview:            " << text->subview << "\n";
  }
  os << "tlayout memref:     " << text->memrefType << "\n";
  os << (eq->isWindow ? "buffer elements:    " : "physical elements:  ")
     << indexing->getNumElements() << "\n";
  return llvm::Error::success();
}
