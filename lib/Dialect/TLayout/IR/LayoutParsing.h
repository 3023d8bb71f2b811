//===- LayoutParsing.h - The layout attributes' text ------------*- C++ -*-===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// How #tlayout.tiled and #tlayout.dims read their text (private to the
// dialect's IR library): the dialect hands each its raw text, the core's
// parsers read it (TiledLayout::parse, parsePhysDims and parseLayoutSuffix,
// one parser per grammar), and their errors become diagnostics at the
// column they name.
//
//===----------------------------------------------------------------------===//

#ifndef TLAYOUT_LIB_DIALECT_TLAYOUT_IR_LAYOUTPARSING_H
#define TLAYOUT_LIB_DIALECT_TLAYOUT_IR_LAYOUTPARSING_H

#include "mlir/IR/DialectImplementation.h"
#include "llvm/Support/Error.h"

#include <optional>

namespace mlir::tlayout::detail {

/// The text between the angle brackets of `spec` (`tiled<...>`,
/// `dims<...>`); std::nullopt after an error that expects `what` and shows
/// `example`.
std::optional<StringRef> getLayoutText(DialectAsmParser &parser, StringRef spec,
                                       StringRef what, StringRef example);

/// Reports `err` (a ParseError of the core's parsers, at a column of `text`,
/// which lies in the parser's source) as an error at that column.
void emitParseError(AsmParser &parser, StringRef text, llvm::Error err);

/// Parses what follows a layout in `text` from `pos` to the end, with the
/// core's parseLayoutSuffix: a view description
/// `, parent = [16, ?], offsets = [3, ?]` or the bound sizes
/// `, sizes = [4, 2, 6]` (`bound`, where given, says whether it is sizes).
LogicalResult parseLayoutSuffix(AsmParser &parser, StringRef text, size_t pos,
                                SmallVectorImpl<int64_t> &parentShape,
                                SmallVectorImpl<int64_t> &offsets,
                                SmallVectorImpl<int64_t> &sizes,
                                bool *bound = nullptr);

/// Parses `dims<...>` (`spec`, the dialect's raw text) with the core's
/// parsePhysDims and parseLayoutSuffix, reporting errors at their column in
/// the source.
Attribute parseDimsLayout(DialectAsmParser &parser, StringRef spec);

} // namespace mlir::tlayout::detail

#endif // TLAYOUT_LIB_DIALECT_TLAYOUT_IR_LAYOUTPARSING_H
