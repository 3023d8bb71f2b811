//===- HloText.cpp - Reading the buffers of HLO text ----------------------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// The text is first cut into statements: a statement ends at a line break
// outside every bracket that does not follow a comma or an instruction's
// shape, so wrapped instructions and headers join up, and
// comments (`// ...`, `/* ... */`) and the contents of strings never count.
// A computation header is a statement that ends with its body's `{`; a
// lone `}` ends the body. Each instruction statement is then read up to its
// opcode: `[ROOT] name = shape opcode(...)`; the rest is skipped.
//
//===----------------------------------------------------------------------===//

#include "tlayout/Format/HloText.h"

#include "llvm/ADT/StringExtras.h"

#include <functional>

using namespace mlir::tlayout;
using llvm::Expected;
using llvm::StringRef;

namespace {
/// A statement: its text with comments blanked, and for each of its bytes
/// the offset of that byte in the whole text.
struct Statement {
  std::string text;
  std::vector<size_t> offsets;
};
} // namespace

/// Cuts `text` into statements.
static std::vector<Statement> splitStatements(StringRef text) {
  std::vector<Statement> statements;
  Statement current;
  int depth = 0;
  auto flush = [&] {
    if (!StringRef(current.text).trim().empty())
      statements.push_back(std::move(current));
    current = Statement();
  };
  auto add = [&](char c, size_t at) {
    current.text.push_back(c);
    current.offsets.push_back(at);
  };
  /// Whether the statement has an `=` outside brackets and strings (an
  /// instruction or the module line, never a computation header).
  auto hasTopLevelEquals = [](StringRef s) {
    int d = 0;
    bool inString = false;
    for (size_t i = 0; i < s.size(); ++i) {
      char c = s[i];
      if (inString) {
        if (c == '\\')
          ++i;
        else if (c == '"')
          inString = false;
      } else if (c == '"') {
        inString = true;
      } else if (c == '(' || c == '[' || c == '{') {
        ++d;
      } else if (c == ')' || c == ']' || c == '}') {
        --d;
      } else if (c == '=' && d == 0) {
        return true;
      }
    }
    return false;
  };
  /// Whether the statement is `name = shape` so far: its opcode is on the
  /// next line.
  auto endsAfterShape = [](StringRef s) {
    size_t eq = s.find('=');
    if (eq == StringRef::npos || s.starts_with("HloModule"))
      return false;
    StringRef rest = s.substr(eq + 1).ltrim();
    size_t consumed = 0;
    llvm::Expected<HloShape> shape = HloShape::parsePrefix(rest, consumed);
    if (!shape) {
      // Not a shape, so the statement does not end after one: text after
      // `=` is often no shape at all (an opcode of a shapeless instruction,
      // `v = abs(a)`). This is an answer, not an error of the text: the
      // statement is then cut here, and readHloText parses its shape again
      // and reports a bad one with its line and column. Only a ParseError
      // can come from the shape parser.
      llvm::handleAllErrors(shape.takeError(), [](const ParseError &) {});
      return false;
    }
    return rest.substr(consumed).trim().empty();
  };
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '"') {
      // A string, with its escapes, is copied whole.
      add(c, i);
      for (++i; i < text.size(); ++i) {
        add(text[i], i);
        if (text[i] == '\\' && i + 1 < text.size()) {
          ++i;
          add(text[i], i);
        } else if (text[i] == '"') {
          break;
        }
      }
      continue;
    }
    if (c == '/' && i + 1 < text.size() && text[i + 1] == '/') {
      while (i + 1 < text.size() && text[i + 1] != '\n')
        ++i;
      continue;
    }
    if (c == '/' && i + 1 < text.size() && text[i + 1] == '*') {
      size_t end = text.find("*/", i + 2);
      i = end == StringRef::npos ? text.size() : end + 1;
      add(' ', i < text.size() ? i : text.size() - 1);
      continue;
    }
    if (c == '\n') {
      StringRef trimmed = StringRef(current.text).rtrim();
      if (depth == 0 && !trimmed.ends_with(",") && !endsAfterShape(trimmed)) {
        flush();
      } else if (depth == 1 && trimmed.ends_with("{") &&
                 !hasTopLevelEquals(trimmed)) {
        // A computation header: its body follows.
        flush();
        depth = 0;
      } else {
        add(' ', i);
      }
      continue;
    }
    if (c == '}' && depth == 0) {
      flush();
      add('}', i);
      flush();
      continue;
    }
    if (c == '(' || c == '[' || c == '{')
      ++depth;
    else if (c == ')' || c == ']' || c == '}')
      --depth;
    add(c, i);
  }
  StringRef trimmed = StringRef(current.text).rtrim();
  if (depth == 1 && trimmed.ends_with("{") && !hasTopLevelEquals(trimmed))
    depth = 0;
  flush();
  return statements;
}

/// `line L, column C` of byte `offset` of `text`.
static std::string location(StringRef text, size_t offset) {
  offset = std::min(offset, text.size());
  StringRef before = text.take_front(offset);
  size_t line = before.count('\n') + 1;
  size_t lineStart = before.rfind('\n');
  size_t column =
      lineStart == StringRef::npos ? offset + 1 : offset - lineStart;
  return "line " + std::to_string(line) + ", column " + std::to_string(column);
}

static bool isNameChar(char c) {
  return llvm::isAlnum(c) || c == '_' || c == '.' || c == '-' || c == '%';
}

Expected<HloText> mlir::tlayout::readHloText(StringRef text) {
  HloText result;
  std::string computation;
  /// The line of byte `counted` of the text.
  unsigned line = 1;
  size_t counted = 0;
  for (const Statement &statement : splitStatements(text)) {
    StringRef s = statement.text;
    size_t pos = 0;
    auto skipSpace = [&] {
      while (pos < s.size() && llvm::isSpace(s[pos]))
        ++pos;
    };
    auto word = [&] {
      skipSpace();
      size_t start = pos;
      while (pos < s.size() && isNameChar(s[pos]))
        ++pos;
      return s.slice(start, pos);
    };
    auto offsetOf = [&](size_t at) {
      return statement.offsets[std::min(at, statement.offsets.size() - 1)];
    };
    auto error = [&](size_t at, const llvm::Twine &message) {
      return llvm::createStringError(location(text, offsetOf(at)) + ": " +
                                     message);
    };
    skipSpace();
    size_t start = pos;
    // Lines are counted incrementally: statements come in text order.
    size_t here = offsetOf(start);
    if (here > counted) {
      line += StringRef(text.data() + counted, here - counted).count('\n');
      counted = here;
    }
    if (s.substr(pos) == "}") {
      computation.clear();
      continue;
    }
    StringRef first = word();
    if (first == "HloModule") {
      StringRef name = word();
      result.moduleName = name.rtrim(',').str();
      continue;
    }
    bool isEntry = first == "ENTRY";
    bool isRoot = first == "ROOT";
    StringRef name = isEntry || isRoot ? word() : first;
    skipSpace();
    if (pos < s.size() && s[pos] == '=' && !isEntry) {
      // An instruction: name = shape opcode(...)...
      ++pos;
      skipSpace();
      size_t shapeStart = pos;
      // An instruction printed without its shape (`v = abs(a)`) names no
      // buffer the text can size.
      size_t wordEnd = pos;
      while (wordEnd < s.size() && isNameChar(s[wordEnd]))
        ++wordEnd;
      StringRef opcodeWord = s.slice(pos, wordEnd);
      if (!opcodeWord.empty() && wordEnd < s.size() && s[wordEnd] == '(' &&
          opcodeWord != "b" && !parseElementType(opcodeWord) &&
          opcodeWord != "token" && opcodeWord != "opaque") {
        ++result.numInstructions;
        ++result.numShapeless;
        if (!result.computations.empty() && !computation.empty())
          ++result.computations.back().numInstructions;
        continue;
      }
      size_t consumed = 0;
      Expected<HloShape> shape =
          HloShape::parsePrefix(s.substr(shapeStart), consumed);
      if (!shape) {
        size_t column = 0;
        std::string message;
        llvm::handleAllErrors(shape.takeError(), [&](const ParseError &e) {
          column = e.getColumn();
          message = e.getMessage().str();
        });
        return error(shapeStart + column,
                     "the shape of '" + name.ltrim('%') + "': " + message);
      }
      pos = shapeStart + consumed;
      StringRef opcode = word();
      if (opcode.empty())
        return error(pos, "expected an opcode after the shape of '" +
                              name.ltrim('%') + "'");
      ++result.numInstructions;
      if (!result.computations.empty() && !computation.empty())
        ++result.computations.back().numInstructions;
      bool anyArray = false;
      shape->forEachArray(
          [&](llvm::ArrayRef<int64_t> index, const XlaShape &array) {
            anyArray = true;
            HloBuffer buffer;
            buffer.computation = computation;
            buffer.instruction = name.ltrim('%').str();
            buffer.opcode = opcode.str();
            buffer.tupleIndex.assign(index.begin(), index.end());
            buffer.shape = array;
            buffer.line = line;
            result.buffers.push_back(std::move(buffer));
          });
      std::function<void(const HloShape &)> countTokens =
          [&](const HloShape &shape) {
            if (shape.kind == HloShape::Kind::Token ||
                shape.kind == HloShape::Kind::Opaque)
              ++result.numTokens;
            for (const HloShape &e : shape.elements)
              countTokens(e);
          };
      countTokens(*shape);
      (void)anyArray;
      continue;
    }
    if (pos < s.size() && (s[pos] == '(' || s[pos] == '{') && !name.empty()) {
      // A computation header: [ENTRY] name (params) -> shape {
      HloComputationText header;
      header.name = name.ltrim('%').str();
      header.isEntry = isEntry;
      header.line = line;
      result.computations.push_back(header);
      computation = header.name;
      continue;
    }
    return error(start, "expected an instruction 'name = shape opcode(...)', "
                        "a computation header 'name (parameters) -> shape {' "
                        "or an 'HloModule' line");
  }
  return result;
}
