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

#include "tlayout/Core/LayoutLexer.h"

#include "llvm/ADT/STLExtras.h"
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

/// Calls `visit` with the offset of every character of `s` outside strings
/// and the bracket depth after it (an opening bracket counts inside, a
/// closing one outside), in order, until it returns true; returns whether
/// it did.
static bool scanOutsideStrings(StringRef s,
                               llvm::function_ref<bool(size_t, int)> visit) {
  int depth = 0;
  bool inString = false;
  for (size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    if (inString) {
      if (c == '\\')
        ++i;
      else if (c == '"')
        inString = false;
      continue;
    }
    if (c == '"')
      inString = true;
    else if (c == '(' || c == '[' || c == '{')
      ++depth;
    else if (c == ')' || c == ']' || c == '}')
      --depth;
    if (!inString && visit(i, depth))
      return true;
  }
  return false;
}

/// Cuts `text` into statements. `openAt` is set to the offset of a
/// statement the text ends in before its brackets close, or npos.
static std::vector<Statement> splitStatements(StringRef text, size_t &openAt) {
  openAt = StringRef::npos;
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
    return scanOutsideStrings(
        s, [&](size_t i, int depth) { return depth == 0 && s[i] == '='; });
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
  if (depth != 0 && !current.offsets.empty()) {
    size_t first = StringRef(current.text).find_first_not_of(" \t\r\n");
    openAt = current.offsets[first == StringRef::npos ? 0 : first];
  }
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

/// Splits `s` at the commas outside brackets and strings.
static llvm::SmallVector<StringRef> splitTopLevel(StringRef s) {
  llvm::SmallVector<StringRef> pieces;
  size_t start = 0;
  scanOutsideStrings(s, [&](size_t i, int depth) {
    if (depth == 0 && s[i] == ',') {
      pieces.push_back(s.slice(start, i).trim());
      start = i + 1;
    }
    return false;
  });
  if (!s.substr(start).trim().empty())
    pieces.push_back(s.substr(start).trim());
  return pieces;
}

/// The offset of the bracket closing the one at `open`, or npos.
static size_t findClosing(StringRef s, size_t open) {
  size_t closing = StringRef::npos;
  scanOutsideStrings(s.drop_front(open), [&](size_t i, int depth) {
    char c = s[open + i];
    if (depth != 0 || (c != ')' && c != ']' && c != '}'))
      return false;
    closing = open + i;
    return true;
  });
  return closing;
}

/// Reads `{1,2}` at the start of `s` into `index`; false if it is not one.
static bool readIndex(StringRef &s, llvm::SmallVectorImpl<int64_t> &index) {
  s = s.ltrim();
  if (!s.consume_front("{"))
    return false;
  size_t close = s.find('}');
  if (close == StringRef::npos)
    return false;
  for (StringRef piece : splitTopLevel(s.take_front(close))) {
    int64_t v;
    if (piece.getAsInteger(10, v))
      return false;
    index.push_back(v);
  }
  s = s.drop_front(close + 1);
  return true;
}

/// Reads `{{0}: (1, {}), {1}: (2, {0})}`'s contents.
static std::vector<HloOutputAlias> readOutputAliases(StringRef s) {
  std::vector<HloOutputAlias> aliases;
  s = s.trim();
  if (!s.consume_front("{") || !s.consume_back("}"))
    return aliases;
  for (StringRef entry : splitTopLevel(s)) {
    HloOutputAlias alias;
    if (!readIndex(entry, alias.outputIndex))
      continue;
    entry = entry.ltrim();
    if (!entry.consume_front(":"))
      continue;
    entry = entry.trim();
    if (!entry.consume_front("(") || !entry.consume_back(")"))
      continue;
    llvm::SmallVector<StringRef> parts = splitTopLevel(entry);
    if (parts.size() != 2 || parts[0].getAsInteger(10, alias.operand))
      continue;
    StringRef index = parts[1];
    if (!readIndex(index, alias.operandIndex))
      continue;
    aliases.push_back(std::move(alias));
  }
  return aliases;
}

/// Reads the operands and attributes after an instruction's opcode.
static void readOperandsAndAttributes(StringRef rest,
                                      HloInstructionText &instruction) {
  rest = rest.ltrim();
  if (!rest.starts_with("("))
    return;
  size_t close = findClosing(rest, 0);
  if (close == StringRef::npos)
    return;
  StringRef inside = rest.slice(1, close);
  if (instruction.opcode == "parameter") {
    int64_t n;
    if (!inside.trim().getAsInteger(10, n))
      instruction.parameterNumber = n;
  } else if (instruction.opcode != "constant" && instruction.opcode != "iota") {
    for (StringRef piece : splitTopLevel(inside)) {
      // `%x`, or with its shape before it: `f32[2]{0} %x`.
      size_t space = piece.find_last_of(" \t");
      StringRef name =
          space == StringRef::npos ? piece : piece.substr(space + 1);
      name = name.ltrim('%');
      if (!name.empty())
        instruction.operands.push_back(name.str());
    }
  }
  static const char *const kCallAttributes[] = {"calls",
                                                "to_apply",
                                                "body",
                                                "condition",
                                                "true_computation",
                                                "false_computation",
                                                "branch_computations",
                                                "called_computations"};
  for (StringRef attribute : splitTopLevel(rest.substr(close + 1))) {
    auto [key, value] = attribute.split('=');
    key = key.trim();
    value = value.trim();
    if (key == "index") {
      int64_t n;
      if (!value.getAsInteger(10, n))
        instruction.tupleIndex = n;
    } else if (key == "output_to_operand_aliasing") {
      instruction.outputAliases = readOutputAliases(value);
    } else if (llvm::is_contained(kCallAttributes, key)) {
      if (value.starts_with("{") && value.ends_with("}"))
        value = value.drop_front().drop_back();
      for (StringRef name : splitTopLevel(value))
        if (!name.ltrim('%').empty())
          instruction.called.push_back(
              {key.str(), name.ltrim('%').trim().str()});
    }
  }
}

/// Reads `entry_computation_layout={(p0, p1, ...)->result}` of the
/// `HloModule` statement `s`; `at` gets the offset of an error.
static llvm::Error readEntryLayout(StringRef s, HloText &result, size_t &at) {
  size_t key = s.find("entry_computation_layout={");
  if (key == StringRef::npos)
    return llvm::Error::success();
  size_t open = key + StringRef("entry_computation_layout=").size();
  size_t close = findClosing(s, open);
  at = open;
  if (close == StringRef::npos)
    return llvm::createStringError("entry_computation_layout is not closed");
  StringRef body = s.slice(open + 1, close).trim();
  size_t arrow = StringRef::npos;
  if (body.starts_with("(")) {
    size_t paramsClose = findClosing(body, 0);
    if (paramsClose != StringRef::npos &&
        body.substr(paramsClose + 1).ltrim().starts_with("->"))
      arrow = body.find("->", paramsClose);
  }
  if (arrow == StringRef::npos)
    return llvm::createStringError(
        "expected entry_computation_layout={(parameters)->result}");
  std::vector<HloShape> parameters;
  size_t paramsClose = findClosing(body, 0);
  for (StringRef piece : splitTopLevel(body.slice(1, paramsClose))) {
    // `/*index=5*/` comments are blanked to spaces by now.
    Expected<HloShape> shape = HloShape::parse(piece.trim());
    if (!shape)
      return llvm::createStringError("entry_computation_layout: parameter " +
                                     std::to_string(parameters.size()) + ": " +
                                     llvm::toString(shape.takeError()));
    parameters.push_back(std::move(*shape));
  }
  Expected<HloShape> resultShape =
      HloShape::parse(body.substr(arrow + 2).trim());
  if (!resultShape)
    return llvm::createStringError("entry_computation_layout: the result: " +
                                   llvm::toString(resultShape.takeError()));
  result.entryParameterLayouts = std::move(parameters);
  result.entryResultLayout = std::move(*resultShape);
  return llvm::Error::success();
}

const HloComputationText *HloText::findComputation(StringRef name) const {
  for (const HloComputationText &c : computations)
    if (c.name == name)
      return &c;
  return nullptr;
}

const HloComputationText *HloText::getEntry() const {
  for (const HloComputationText &c : computations)
    if (c.isEntry)
      return &c;
  return computations.empty() ? nullptr : &computations.back();
}

Expected<HloText> mlir::tlayout::readHloText(StringRef text) {
  HloText result;
  std::string computation;
  /// The line of byte `counted` of the text.
  unsigned line = 1;
  size_t counted = 0;
  size_t openAt = StringRef::npos;
  std::vector<Statement> statements = splitStatements(text, openAt);
  // A bracket left open swallows the rest of the text into one statement:
  // say so rather than how that statement fails to parse.
  if (openAt != StringRef::npos)
    return llvm::createStringError(
        location(text, openAt) +
        ": the text ends before this statement's brackets close (is the "
        "module cut off, or a bracket unbalanced?)");
  unsigned computationLine = 0;
  for (const Statement &statement : statements) {
    StringRef s = statement.text;
    LayoutLexer cursor(s);
    auto word = [&] { return cursor.parseWhile(isNameChar); };
    auto offsetOf = [&](size_t at) {
      return statement.offsets[std::min(at, statement.offsets.size() - 1)];
    };
    // The last statement of a text that stops mid-line is likely cut off.
    bool cutOff =
        &statement == &statements.back() && !text.rtrim(" \t").ends_with("\n");
    auto error = [&](size_t at, const llvm::Twine &message) {
      return llvm::createStringError(
          location(text, offsetOf(at)) + ": " + message +
          (cutOff ? " (the text stops in this line: is the module cut off?)"
                  : ""));
    };
    cursor.skipSpace();
    size_t start = cursor.getPos();
    // Lines are counted incrementally: statements come in text order.
    size_t here = offsetOf(start);
    if (here > counted) {
      line += StringRef(text.data() + counted, here - counted).count('\n');
      counted = here;
    }
    if (s.substr(start) == "}") {
      if (computation.empty())
        return error(start, "'}' closes no computation");
      computation.clear();
      continue;
    }
    StringRef first = word();
    if (first == "HloModule") {
      StringRef name = word();
      result.moduleName = name.rtrim(',').str();
      size_t at = 0;
      if (llvm::Error err = readEntryLayout(s, result, at))
        return error(at, llvm::toString(std::move(err)));
      continue;
    }
    bool isEntry = first == "ENTRY";
    bool isRoot = first == "ROOT";
    StringRef name = isEntry || isRoot ? word() : first;
    if (!isEntry && cursor.consumeIf('=')) {
      // An instruction: name = shape opcode(...)...
      cursor.skipSpace();
      size_t shapeStart = cursor.getPos();
      // An instruction printed without its shape (`v = abs(a)`) names no
      // buffer the text can size.
      size_t wordEnd = shapeStart;
      while (wordEnd < s.size() && isNameChar(s[wordEnd]))
        ++wordEnd;
      StringRef opcodeWord = s.slice(shapeStart, wordEnd);
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
        auto [column, message] = ParseError::take(shape.takeError());
        return error(shapeStart + column,
                     "the shape of '" + name.ltrim('%') + "': " + message);
      }
      cursor.setPos(shapeStart + consumed);
      StringRef opcode = word();
      if (opcode.empty())
        return error(cursor.getPos(),
                     "expected an opcode after the shape of '" +
                         name.ltrim('%') + "'");
      ++result.numInstructions;
      HloInstructionText instruction;
      instruction.name = name.ltrim('%').str();
      instruction.opcode = opcode.str();
      instruction.shape = *shape;
      instruction.isRoot = isRoot;
      instruction.line = line;
      readOperandsAndAttributes(s.substr(cursor.getPos()), instruction);
      if (!result.computations.empty() && !computation.empty()) {
        ++result.computations.back().numInstructions;
        result.computations.back().instructions.push_back(
            std::move(instruction));
      } else {
        result.looseInstructions.push_back(std::move(instruction));
      }
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
            buffer.isBuffer = shape->isBufferAt(index);
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
    if ((cursor.peek() == '(' || cursor.peek() == '{') && !name.empty()) {
      // A computation header: [ENTRY] name (params) -> shape {
      if (!computation.empty())
        return error(start, "the computation '" + computation + "' (line " +
                                std::to_string(computationLine) +
                                ") is not closed with '}' before this "
                                "computation starts");
      HloComputationText header;
      header.name = name.ltrim('%').str();
      header.isEntry = isEntry;
      header.line = line;
      result.computations.push_back(header);
      computation = header.name;
      computationLine = line;
      continue;
    }
    return error(start, "expected an instruction 'name = shape opcode(...)', "
                        "a computation header 'name (parameters) -> shape {' "
                        "or an 'HloModule' line");
  }
  if (!computation.empty())
    return llvm::createStringError(
        "line " + std::to_string(text.rtrim().count('\n') + 1) +
        ": the text ends inside the computation '" + computation + "' (line " +
        std::to_string(computationLine) +
        "), which is never closed with '}' (is the module cut off?)");
  if (!result.moduleName.empty() && !result.computations.empty() &&
      llvm::none_of(result.computations,
                    [](const HloComputationText &c) { return c.isEntry; }))
    return llvm::createStringError(
        "line " + std::to_string(text.rtrim().count('\n') + 1) +
        ": the module '" + result.moduleName +
        "' has no ENTRY computation (is the module cut off?)");
  return result;
}
