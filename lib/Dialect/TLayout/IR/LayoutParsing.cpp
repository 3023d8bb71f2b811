//===- LayoutParsing.cpp - The layout attributes' text --------------------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// The attributes' text read by the core's parsers; see LayoutParsing.h.
//
//===----------------------------------------------------------------------===//

#include "LayoutParsing.h"

#include "tlayout/Core/LayoutLexer.h"
#include "tlayout/Core/TiledLayout.h"

using namespace mlir;
using namespace mlir::tlayout;

std::optional<StringRef>
mlir::tlayout::detail::getLayoutText(DialectAsmParser &parser, StringRef spec,
                                     StringRef what, StringRef example) {
  size_t open = spec.find('<');
  if (open == StringRef::npos || !spec.ends_with(">")) {
    parser.emitError(parser.getCurrentLocation())
        << "expected " << what << " in angle brackets, e.g. " << example;
    return std::nullopt;
  }
  return spec.slice(open + 1, spec.size() - 1);
}

void mlir::tlayout::detail::emitParseError(AsmParser &parser, StringRef text,
                                           llvm::Error err) {
  auto [column, message] = ParseError::take(std::move(err));
  parser.emitError(
      SMLoc::getFromPointer(text.data() + std::min(column, text.size())),
      message);
}

LogicalResult mlir::tlayout::detail::parseLayoutSuffix(
    AsmParser &parser, StringRef text, size_t pos,
    SmallVectorImpl<int64_t> &parentShape, SmallVectorImpl<int64_t> &offsets,
    SmallVectorImpl<int64_t> &sizes, bool *bound) {
  LayoutLexer lexer(text);
  lexer.setPos(pos);
  llvm::Expected<LayoutSuffix> suffix = tlayout::parseLayoutSuffix(lexer);
  if (!suffix) {
    emitParseError(parser, text, suffix.takeError());
    return failure();
  }
  parentShape.assign(suffix->parentShape.begin(), suffix->parentShape.end());
  offsets.assign(suffix->offsets.begin(), suffix->offsets.end());
  sizes.assign(suffix->sizes.begin(), suffix->sizes.end());
  if (bound)
    *bound = suffix->bound;
  return success();
}
