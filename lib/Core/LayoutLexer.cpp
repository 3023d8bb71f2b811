//===- LayoutLexer.cpp - The one cursor over layout text ------------------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//

#include "tlayout/Core/LayoutLexer.h"

#include "llvm/ADT/StringExtras.h"

#include <limits>

using namespace mlir::tlayout;
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

bool LayoutLexer::consumeIf(StringRef token) {
  skipSpace();
  if (!text.substr(pos).starts_with(token))
    return false;
  pos += token.size();
  return true;
}

StringRef LayoutLexer::parseWord() {
  return parseWhile([](char c) { return llvm::isAlnum(c) || c == '_'; });
}

StringRef LayoutLexer::parseWhile(llvm::function_ref<bool(char)> isPart) {
  skipSpace();
  size_t start = pos;
  while (pos < text.size() && isPart(text[pos]))
    ++pos;
  return text.slice(start, pos);
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

LayoutLexer::IntegerToken LayoutLexer::lexInteger(StringRef signs) {
  skipSpace();
  IntegerToken token;
  token.start = pos;
  size_t end = pos;
  if (end < text.size() && signs.contains(text[end]))
    ++end;
  size_t digits = end;
  while (end < text.size() && llvm::isDigit(text[end]))
    ++end;
  if (end == digits)
    return token;
  pos = end;
  token.text = text.slice(token.start, end);
  // The magnitude fits in int64, or is one more for INT64_MIN.
  uint64_t magnitude = 0;
  constexpr uint64_t kMax = std::numeric_limits<int64_t>::max();
  bool negative = text[token.start] == '-';
  if (text.slice(digits, end).getAsInteger(10, magnitude) ||
      magnitude > kMax + (negative ? 1 : 0))
    return token;
  token.value = negative ? static_cast<int64_t>(0 - magnitude)
                         : static_cast<int64_t>(magnitude);
  return token;
}

Expected<int64_t> LayoutLexer::parseInteger(const llvm::Twine &what) {
  IntegerToken token = lexInteger("+-");
  if (token.text.empty())
    return error(token.start,
                 "expected " + what + " but found '" + describeHere() + "'");
  if (!token.value)
    return error(token.start,
                 "integer '" + token.text + "' does not fit in int64");
  return *token.value;
}

Error LayoutLexer::parseIntegerList(const llvm::Twine &what,
                                    llvm::SmallVectorImpl<int64_t> &values) {
  do {
    Expected<int64_t> value = parseInteger(what);
    if (!value)
      return value.takeError();
    values.push_back(*value);
  } while (consumeIf(','));
  return Error::success();
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

//===----------------------------------------------------------------------===//
// What follows a layout in an attribute
//===----------------------------------------------------------------------===//

Expected<LayoutSuffix> mlir::tlayout::parseLayoutSuffix(LayoutLexer &lexer) {
  auto expect = [&](StringRef token) -> Error {
    if (lexer.consumeIf(token))
      return Error::success();
    return lexer.error(lexer.getPos(),
                       "expected '" + token +
                           "' in the view description `, parent = [...], "
                           "offsets = [...]` or the sizes `, sizes = [...]`");
  };
  auto parseList = [&](llvm::SmallVectorImpl<int64_t> &values) -> Error {
    if (Error err = expect("["))
      return err;
    if (lexer.consumeIf(']'))
      return Error::success();
    do {
      if (lexer.consumeIf('?')) {
        values.push_back(kDynamicSize);
        continue;
      }
      if (!llvm::isDigit(lexer.peek()))
        return lexer.error(lexer.getPos(), "expected a size, an offset or '?'");
      Expected<int64_t> value = lexer.parseInteger("a size or an offset");
      if (!value)
        return value.takeError();
      values.push_back(*value);
    } while (lexer.consumeIf(','));
    return expect("]");
  };
  // `name = [...]`; the name is already read when empty.
  auto parseField = [&](StringRef name,
                        llvm::SmallVectorImpl<int64_t> &values) -> Error {
    if (!name.empty())
      if (Error err = expect(name))
        return err;
    if (Error err = expect("="))
      return err;
    return parseList(values);
  };
  LayoutSuffix suffix;
  if (Error err = expect(","))
    return std::move(err);
  if ((suffix.bound = lexer.consumeIf("sizes"))) {
    if (Error err = parseField("", suffix.sizes))
      return std::move(err);
  } else {
    if (Error err = parseField("parent", suffix.parentShape))
      return std::move(err);
    if (Error err = expect(","))
      return std::move(err);
    if (Error err = parseField("offsets", suffix.offsets))
      return std::move(err);
  }
  if (!lexer.atEnd())
    return lexer.error(lexer.getPos(), suffix.bound
                                           ? "unexpected text after the sizes"
                                           : "unexpected text after the view "
                                             "description");
  return suffix;
}
