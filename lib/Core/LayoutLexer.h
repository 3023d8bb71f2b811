//===- LayoutLexer.h - Shared lexing of layout and shape text ---*- C++ -*-===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// The position-tracking primitives of the layout parser (TiledLayout.cpp):
// spaces and comments, single characters,
// integers and tiles `(a,b,*)`, with errors as ParseErrors at a column.
// Internal to the core library.
//
//===----------------------------------------------------------------------===//

#ifndef TLAYOUT_LIB_CORE_LAYOUTLEXER_H
#define TLAYOUT_LIB_CORE_LAYOUTLEXER_H

#include "tlayout/Core/TiledLayout.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/Error.h"

namespace mlir::tlayout::detail {

/// A cursor over layout or shape text; positions are offsets into `text`.
class LayoutLexer {
public:
  explicit LayoutLexer(llvm::StringRef text) : text(text) {}

  size_t getPos() const { return pos; }
  llvm::Error error(size_t at, const llvm::Twine &message) const;
  /// Skips spaces and comments.
  void skipSpace();
  bool atEnd();
  bool consumeIf(char c);
  char peek();
  /// The next character, or `end of input`, for messages.
  llvm::StringRef describeHere();
  llvm::Error expect(char c);
  /// A signed decimal integer that fits in int64; `what` names it in the
  /// error.
  llvm::Expected<int64_t> parseInteger(const llvm::Twine &what);
  /// A tile `(a,b,...)` whose sizes may be `*`; `()` is returned empty, for
  /// the verifier to report with the tile's number.
  llvm::Expected<Tile> parseTile();

protected:
  llvm::StringRef text;
  size_t pos = 0;
};

} // namespace mlir::tlayout::detail

#endif // TLAYOUT_LIB_CORE_LAYOUTLEXER_H
