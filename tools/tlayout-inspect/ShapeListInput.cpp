//===- ShapeListInput.cpp - A list of shapes, one a line ------------------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//

#include "ShapeListInput.h"
#include "InspectSupport.h"

#include "tlayout/Format/XlaShape.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir::tlayout;
using namespace mlir::tlayout::inspect;
using llvm::StringRef;

namespace {
/// One shape of the list and its 1-based line.
struct ListedShape {
  unsigned line;
  StringRef text;
};
} // namespace

/// The shapes of the list: every line but blank ones and `//` comments.
static llvm::SmallVector<ListedShape> listedShapes(StringRef text) {
  llvm::SmallVector<StringRef> lines;
  text.split(lines, '\n');
  llvm::SmallVector<ListedShape> shapes;
  for (auto [i, line] : llvm::enumerate(lines)) {
    StringRef trimmed = line.trim();
    if (!trimmed.empty() && !trimmed.starts_with("//"))
      shapes.push_back({static_cast<unsigned>(i + 1), trimmed});
  }
  return shapes;
}

/// Whether `line` starts as an XLA shape: a tuple, or a type name followed
/// by `[` (`f32[`, `token[`) or `b(` for a buffer.
static bool startsAsShape(StringRef line) {
  if (line.starts_with("(") || line.starts_with("b("))
    return true;
  StringRef name =
      line.take_while([](char c) { return llvm::isAlnum(c) || c == '_'; });
  return !name.empty() && line.drop_front(name.size()).starts_with("[");
}

bool inspect::isShapeList(StringRef text) {
  if (!text.contains('\n') || text.contains(" = "))
    return false;
  llvm::SmallVector<ListedShape> shapes = listedShapes(text);
  return !shapes.empty() && llvm::all_of(shapes, [](const ListedShape &shape) {
    return startsAsShape(shape.text);
  });
}

llvm::Error
inspect::inspectShapeList(StringRef text,
                          llvm::Error (*inspectOne)(StringRef shape)) {
  llvm::SmallVector<ListedShape> shapes = listedShapes(text);
  for (const ListedShape &shape : shapes) {
    llvm::Expected<HloShape> parsed = HloShape::parse(shape.text);
    if (!parsed) {
      auto [column, message] = ParseError::take(parsed.takeError());
      return makeError("line " + std::to_string(shape.line) + ", column " +
                       std::to_string(column + 1) + ": " + message);
    }
  }
  for (auto [i, shape] : llvm::enumerate(shapes)) {
    llvm::outs() << (i ? "\n" : "") << "line " << shape.line << ": "
                 << shape.text << "\n";
    llvm::outs().flush();
    if (llvm::Error err = inspectOne(shape.text))
      return err;
  }
  return llvm::Error::success();
}
