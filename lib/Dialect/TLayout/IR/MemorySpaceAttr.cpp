//===- MemorySpaceAttr.cpp - #tlayout.memory_space ------------------------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// Numbered memory spaces.
//
//===----------------------------------------------------------------------===//

#include "LayoutAttrUtils.h"
#include "tlayout/Dialect/TLayout/IR/TLayoutAttrs.h"
#include "tlayout/Dialect/TLayout/IR/TLayoutDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CheckedArithmetic.h"

using namespace mlir;
using namespace mlir::tlayout;
using namespace mlir::tlayout::detail;

//===----------------------------------------------------------------------===//
// MemorySpaceAttr
//===----------------------------------------------------------------------===//

LogicalResult
MemorySpaceAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                        int64_t value) {
  if (value < 0)
    return emitError() << "memory space " << value << " must not be negative";
  return success();
}

Attribute MemorySpaceAttr::parse(AsmParser &parser, Type) {
  if (parser.parseLess())
    return {};
  SMLoc loc = parser.getCurrentLocation();
  int64_t value = 0;
  OptionalParseResult number = parser.parseOptionalInteger(value);
  if (!number.has_value()) {
    // Names belong to a target's dialect, which gives them their numbers.
    StringRef name;
    if (succeeded(parser.parseOptionalKeyword(&name)))
      parser.emitError(loc)
          << "#tlayout.memory_space takes a number, got '" << name
          << "'; a target's named memory space is an attribute of the "
             "target's dialect (e.g. #tlayout_tpu.memory_space<"
          << name << ">)";
    else
      parser.emitError(loc, "expected a memory space number");
    return {};
  }
  if (failed(*number) || parser.parseGreater())
    return {};
  return getChecked([&] { return parser.emitError(loc); }, parser.getContext(),
                    value);
}

void MemorySpaceAttr::print(AsmPrinter &printer) const {
  printer << '<' << getValue() << '>';
}
