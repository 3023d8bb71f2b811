//===- LayoutLexer.h - The one cursor over layout text ----------*- C++ -*-===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// The one cursor that every parser of layout and shape text reads with: the
// core's XLA layouts (TiledLayout.cpp) and lists of physical dimensions
// (DimsLayout.cpp), the formats' HLO shapes and the statements of HLO module
// text (lib/Format), and the TPU target's Mosaic text. It skips spaces and
// comments, reads characters, tokens, words, integers and tiles `(a,b,*)`,
// and reports errors as ParseErrors at a column. It also parses what follows
// a layout inside the dialect's attributes (a view or bound sizes), so that
// `#tlayout.tiled` and `#tlayout.dims` share one grammar for it.
//
//===----------------------------------------------------------------------===//

#ifndef TLAYOUT_CORE_LAYOUTLEXER_H
#define TLAYOUT_CORE_LAYOUTLEXER_H

#include "tlayout/Core/TiledLayout.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/Error.h"

#include <optional>

namespace mlir::tlayout {

/// A cursor over layout or shape text; positions are offsets into `text`,
/// and errors are ParseErrors at such an offset (a column).
class LayoutLexer {
public:
  explicit LayoutLexer(llvm::StringRef text) : text(text) {}

  llvm::StringRef getText() const { return text; }
  size_t getPos() const { return pos; }
  /// Moves the cursor to `at`, an offset into the text (to read a part of it
  /// again, or a part that another parser has read).
  void setPos(size_t at) { pos = at; }
  /// A ParseError at offset `at`.
  llvm::Error error(size_t at, const llvm::Twine &message) const;
  /// Skips spaces and `/* ... */` and `// ...` comments, as XLA's lexer
  /// does.
  void skipSpace();
  /// Whether only spaces and comments are left.
  bool atEnd();
  /// Reads `c` (after spaces) when it comes next.
  bool consumeIf(char c);
  /// Reads `token` (after spaces) when it comes next.
  bool consumeIf(llvm::StringRef token);
  /// The next character after spaces, or '\0' at the end.
  char peek();
  /// The next character, or `end of input`, for messages.
  llvm::StringRef describeHere();
  /// Reads `c`, or errors with "expected 'c' but found ...".
  llvm::Error expect(char c);
  /// The letters, digits and underscores at the cursor (after spaces); empty
  /// when none.
  llvm::StringRef parseWord();
  /// The characters at the cursor (after spaces) for which `isPart` holds;
  /// empty when none.
  llvm::StringRef parseWhile(llvm::function_ref<bool(char)> isPart);
  /// A decimal integer at the cursor (after spaces), as lexInteger reads it.
  struct IntegerToken {
    /// The offset of its first character.
    size_t start = 0;
    /// Its sign (one of lexInteger's `signs`, when one came) and digits;
    /// empty when no digit followed.
    llvm::StringRef text;
    /// Its value, where it fits in int64 (INT64_MIN included).
    std::optional<int64_t> value;
  };
  /// Reads a decimal integer: at most one character of `signs`, then
  /// digits. Without a digit the cursor stays where the token would start
  /// and its text is empty. The callers word their own errors (the one
  /// scanner of integers that the layout, shape and Mosaic parsers share).
  IntegerToken lexInteger(llvm::StringRef signs = "");
  /// A signed decimal integer that fits in int64; `what` names it in the
  /// error.
  llvm::Expected<int64_t> parseInteger(const llvm::Twine &what);
  /// One or more parseIntegers separated by commas, appended to `values`.
  llvm::Error parseIntegerList(const llvm::Twine &what,
                               llvm::SmallVectorImpl<int64_t> &values);
  /// A tile `(a,b,...)` whose sizes may be `*`; `()` is returned empty, for
  /// the verifier to report with the tile's number.
  llvm::Expected<Tile> parseTile();

protected:
  llvm::StringRef text;
  size_t pos = 0;
};

/// What may follow the layout inside `#tlayout.tiled<...>` and
/// `#tlayout.dims<...>`: a view of a larger buffer
/// `, parent = [16, ?], offsets = [3, ?]`, or the sizes a layout that
/// combines dimensions is bound to, `, sizes = [4, 2, 6]`. A `?` is
/// kDynamicSize; the values are the attribute verifier's to check.
struct LayoutSuffix {
  llvm::SmallVector<int64_t, 4> parentShape, offsets, sizes;
  /// Whether the text is `, sizes = [...]` (its list may be empty).
  bool bound = false;
};

/// Parses a LayoutSuffix from the lexer's position to the end of its text.
llvm::Expected<LayoutSuffix> parseLayoutSuffix(LayoutLexer &lexer);

} // namespace mlir::tlayout

#endif // TLAYOUT_CORE_LAYOUTLEXER_H
