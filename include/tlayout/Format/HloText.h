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

#include <optional>
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
  /// The array is a buffer `b(...)` (printed back as one).
  bool isBuffer = false;
  /// 1-based line of the instruction.
  unsigned line = 0;

  /// The shape as XLA prints it, `b(...)` kept.
  std::string shapeText() const {
    return isBuffer ? "b(" + shape.str() + ")" : shape.str();
  }
};

/// Where an output of an instruction shares an operand's buffer, as
/// `output_to_operand_aliasing={{0}: (1, {})}` says.
struct HloOutputAlias {
  llvm::SmallVector<int64_t, 2> outputIndex;
  int64_t operand = 0;
  llvm::SmallVector<int64_t, 2> operandIndex;
};

/// One instruction with a shape, as far as liveness needs it.
struct HloInstructionText {
  /// The name, without `%`.
  std::string name;
  std::string opcode;
  HloShape shape;
  /// The names of the operands (without `%`), in order; a constant's
  /// literal is not an operand.
  std::vector<std::string> operands;
  /// The computations the instruction calls (`calls=`, `to_apply=`,
  /// `body=`, `condition=`, `branch_computations=`, ...), without `%`,
  /// each with the attribute that names it.
  std::vector<std::pair<std::string, std::string>> called;
  /// `index=n` of a `get-tuple-element`.
  std::optional<int64_t> tupleIndex;
  /// `parameter(n)`'s number.
  std::optional<int64_t> parameterNumber;
  std::vector<HloOutputAlias> outputAliases;
  bool isRoot = false;
  /// 1-based line of the instruction.
  unsigned line = 0;
};

/// A computation of the text.
struct HloComputationText {
  std::string name;
  bool isEntry = false;
  unsigned line = 0;
  unsigned numInstructions = 0;
  /// The instructions with a shape, in text order (the schedule of a
  /// scheduled module).
  std::vector<HloInstructionText> instructions;
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
  /// The `entry_computation_layout` of the `HloModule` line: the entry
  /// parameters' shapes and the result's, when the line has one.
  std::optional<std::vector<HloShape>> entryParameterLayouts;
  std::optional<HloShape> entryResultLayout;
  /// Instruction lines outside every computation, in order.
  std::vector<HloInstructionText> looseInstructions;

  /// The computation named `name`, or nullptr.
  const HloComputationText *findComputation(llvm::StringRef name) const;
  /// The computation that runs: the one marked `ENTRY`, else the last
  /// one (XLA's rule), else nullptr.
  const HloComputationText *getEntry() const;
};

/// Reads HLO text. Errors are `line L, column C: message`; text that ends
/// inside a computation or a bracket, or a `}` that closes nothing, is an
/// error.
llvm::Expected<HloText> readHloText(llvm::StringRef text);

} // namespace mlir::tlayout

#endif // TLAYOUT_FORMAT_HLOTEXT_H
