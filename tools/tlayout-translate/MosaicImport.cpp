//===- MosaicImport.cpp - Rewrite Mosaic memref types to tlayout ----------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//

#include "MosaicImport.h"

#include "tlayout/Target/TPU/MosaicLayout.h"

#include "llvm/ADT/StringExtras.h"

#include <algorithm>

using namespace mlir::tlayout;
using namespace mlir::tlayout::mosaic;
using namespace mlir::tlayout::translate;

static bool isIdentifierChar(char c) {
  return llvm::isAlnum(c) || c == '_' || c == '$' || c == '.';
}

/// The offset just past the `>` that closes the `<` at `open`, or npos.
static size_t findClosingAngle(llvm::StringRef text, size_t open) {
  int depth = 0;
  for (size_t i = open; i < text.size(); ++i) {
    if (text[i] == '<')
      ++depth;
    else if (text[i] == '>' && --depth == 0)
      return i + 1;
  }
  return llvm::StringRef::npos;
}

/// The tlayout type for one Mosaic memref type, or std::nullopt after
/// reporting why there is none.
static std::optional<std::string> rewriteMemRef(llvm::StringRef type, size_t at,
                                                ImportDiagnosticFn emitError,
                                                ImportDiagnosticFn emitRemark) {
  llvm::Expected<MosaicMemRef> memref = MosaicMemRef::parse(type);
  if (!memref) {
    auto [column, message] = ParseError::take(memref.takeError());
    emitError(at + column, "invalid Mosaic memref type: " + message);
    return std::nullopt;
  }
  // Semaphores, and memory shared by cores, have no tlayout equivalent, and
  // MLIR's memref holds no element type of an unregistered dialect: the
  // type is kept whole, as an opaque type of Mosaic's dialect.
  bool noSpace =
      memref->memorySpace && !getTLayoutMemorySpace(*memref->memorySpace);
  if (noSpace || llvm::StringRef(memref->elementType).starts_with("!")) {
    std::string kept = type.str();
    std::replace(kept.begin(), kept.end(), '\n', ' ');
    std::string opaque = "!tpu<\"" + llvm::StringRef(kept).trim().str() + "\">";
    emitRemark(at,
               "kept " + type + " as the opaque type " + opaque + ": " +
                   (noSpace ? "tlayout has no memory space '" +
                                  stringifyMemorySpace(*memref->memorySpace) +
                                  "' (it names hbm, vmem, smem, cmem and "
                                  "host)"
                            : "a memref holds no Mosaic element type "
                              "without Mosaic's dialect"));
    return opaque + std::string(type.count('\n'), '\n');
  }
  llvm::Expected<TLayoutEquivalent> eq = memref->toTLayout();
  if (!eq) {
    size_t layout = type.find("#tpu.tiled");
    if (layout == llvm::StringRef::npos)
      layout = type.find("#tpu.memory_space");
    emitError(at + (layout == llvm::StringRef::npos ? 0 : layout),
              "cannot import " + type + ": " + llvm::toString(eq.takeError()));
    return std::nullopt;
  }
  // Keep the line count: a type written over several lines ends in as many
  // newlines (whitespace between tokens).
  return printTLayout(*memref, *eq).memrefType +
         std::string(type.count('\n'), '\n');
}

std::optional<std::string>
translate::importMosaicText(llvm::StringRef text, ImportDiagnosticFn emitError,
                            ImportDiagnosticFn emitRemark) {
  std::string out;
  out.reserve(text.size());
  bool failed = false;
  size_t i = 0;
  while (i < text.size()) {
    llvm::StringRef rest = text.drop_front(i);
    bool tokenStart = i == 0 || !isIdentifierChar(text[i - 1]);
    if (rest.starts_with("//")) {
      size_t end = rest.find('\n');
      size_t n = end == llvm::StringRef::npos ? rest.size() : end;
      out += rest.take_front(n);
      i += n;
      continue;
    }
    if (rest.front() == '"') {
      size_t n = 1;
      while (n < rest.size() && rest[n] != '"' && rest[n] != '\n')
        n += rest[n] == '\\' ? 2 : 1;
      n = std::min(n + 1, rest.size());
      out += rest.take_front(n);
      i += n;
      continue;
    }
    if (tokenStart && rest.starts_with("memref<")) {
      size_t end = findClosingAngle(text, i + 6);
      llvm::StringRef type =
          end == llvm::StringRef::npos ? rest : text.slice(i, end);
      if (type.contains("#tpu.")) {
        if (end == llvm::StringRef::npos) {
          emitError(i, "a memref type with Mosaic attributes is not closed "
                       "by '>'");
          return std::nullopt;
        }
        if (std::optional<std::string> rewritten =
                rewriteMemRef(type, i, emitError, emitRemark))
          out += *rewritten;
        else
          failed = true;
        i = end;
        continue;
      }
    }
    out += rest.front();
    ++i;
  }
  if (failed)
    return std::nullopt;
  return out;
}
