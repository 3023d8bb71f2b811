//===- LayoutLexer.cpp - Shared lexing of layout and shape text -----------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//

#include "LayoutLexer.h"

#include "llvm/ADT/StringExtras.h"

#include <limits>

using namespace mlir::tlayout;
using namespace mlir::tlayout::detail;
using llvm::Error;
using llvm::Expected;
using llvm::StringRef;

Error LayoutLexer::error(size_t at, const llvm::Twine &message) const {
  return llvm::make_error<ParseError>(at, message.str());
}

void LayoutLexer::skipSpace() {
  // XLA's lexer skips `/* ... */` and `// ...` comments as it skips spaces
  // (hlo_lexer.cc); XLA prints `/*index=5*/` in long tuples. An unterminated
  // `/*` is left for the parser to report.
  while (pos < text.size()) {
    StringRef rest = text.substr(pos);
    if (llvm::isSpace(text[pos])) {
      ++pos;
    } else if (rest.starts_with("/*")) {
      size_t end = rest.find("*/", 2);
      if (end == StringRef::npos)
        return;
      pos += end + 2;
    } else if (rest.starts_with("//")) {
      size_t end = rest.find_first_of("\n\r");
      pos = end == StringRef::npos ? text.size() : pos + end;
    } else {
      return;
    }
  }
}

bool LayoutLexer::atEnd() {
  skipSpace();
  return pos >= text.size();
}

bool LayoutLexer::consumeIf(char c) {
  skipSpace();
  if (pos < text.size() && text[pos] == c) {
    ++pos;
    return true;
  }
  return false;
}

char LayoutLexer::peek() {
  skipSpace();
  return pos < text.size() ? text[pos] : '\0';
}

StringRef LayoutLexer::describeHere() {
  skipSpace();
  if (pos >= text.size())
    return "end of input";
  return text.substr(pos, 1);
}

Error LayoutLexer::expect(char c) {
  if (consumeIf(c))
    return Error::success();
  return error(pos, llvm::Twine("expected '") + llvm::Twine(c) +
                        "' but found '" + describeHere() + "'");
}

Expected<int64_t> LayoutLexer::parseInteger(const llvm::Twine &what) {
  skipSpace();
  size_t start = pos;
  bool negative = false;
  if (pos < text.size() && (text[pos] == '-' || text[pos] == '+')) {
    negative = text[pos] == '-';
    ++pos;
  }
  size_t digitsStart = pos;
  while (pos < text.size() && llvm::isDigit(text[pos]))
    ++pos;
  if (pos == digitsStart) {
    pos = start;
    return error(start,
                 "expected " + what + " but found '" + describeHere() + "'");
  }
  uint64_t magnitude = 0;
  if (text.substr(digitsStart, pos - digitsStart).getAsInteger(10, magnitude) ||
      magnitude > static_cast<uint64_t>(std::numeric_limits<int64_t>::max()))
    return error(start, "integer '" + text.substr(start, pos - start) +
                            "' does not fit in int64");
  int64_t value = static_cast<int64_t>(magnitude);
  return negative ? -value : value;
}

Expected<Tile> LayoutLexer::parseTile() {
  if (Error err = expect('('))
    return std::move(err);
  Tile tile;
  if (consumeIf(')'))
    return tile;
  do {
    if (consumeIf('*')) {
      tile.dims.push_back(Tile::kCombine);
      continue;
    }
    Expected<int64_t> value = parseInteger("a tile size or '*'");
    if (!value)
      return value.takeError();
    tile.dims.push_back(*value);
  } while (consumeIf(','));
  if (Error err = expect(')'))
    return std::move(err);
  return tile;
}
