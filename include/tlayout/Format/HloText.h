//===- HloText.h - Reading the buffers of HLO text --------------*- C++ -*-===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// Reads HLO text as XLA prints it (a whole `HloModule`, or instruction
// lines) far enough to name every buffer: each instruction's result shape,
// tuple elements separately. Metadata, backend configs, shardings, comments
// and instructions wrapped over several lines are skipped, not parsed.
//
//===----------------------------------------------------------------------===//

#ifndef TLAYOUT_FORMAT_HLOTEXT_H
#define TLAYOUT_FORMAT_HLOTEXT_H

#include "tlayout/Format/XlaShape.h"

#include <string>
#include <vector>

namespace mlir::tlayout {

/// One array HLO text names: an instruction's result (a parameter is the
/// result of a `parameter` instruction), or one array of a tuple result.
struct HloBuffer {
  /// The computation holding the instruction; empty for a line outside one.
  std::string computation;
  /// The instruction's name, without `%`.
  std::string instruction;
  std::string opcode;
  /// The position in the result tuple, empty for an array result.
  llvm::SmallVector<int64_t, 2> tupleIndex;
  XlaShape shape;
  /// 1-based line of the instruction.
  unsigned line = 0;
};

/// A computation of the text.
struct HloComputationText {
  std::string name;
  bool isEntry = false;
  unsigned line = 0;
  unsigned numInstructions = 0;
};

/// What readHloText found.
struct HloText {
  /// From the `HloModule` line; empty when the text has none.
  std::string moduleName;
  std::vector<HloComputationText> computations;
  std::vector<HloBuffer> buffers;
  unsigned numInstructions = 0;
  /// Tokens and opaque values among the results (they take no memory).
  unsigned numTokens = 0;
  /// Instructions printed without a shape (`v = abs(a)`), whose results
  /// have no buffer here.
  unsigned numShapeless = 0;
};

/// Reads HLO text. Errors are `line L, column C: message`.
llvm::Expected<HloText> readHloText(llvm::StringRef text);

} // namespace mlir::tlayout

#endif // TLAYOUT_FORMAT_HLOTEXT_H
