//===- Printing.h - Printed text as a string --------------------*- C++ -*-===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// The one body of the `str()` methods of the core's and the formats' types:
// what their `print(raw_ostream &)` writes, as a string.
//
//===----------------------------------------------------------------------===//

#ifndef TLAYOUT_CORE_PRINTING_H
#define TLAYOUT_CORE_PRINTING_H

#include "llvm/Support/raw_ostream.h"

#include <string>

namespace mlir::tlayout {

/// What `value.print(os)` writes, as a string.
template <typename T> std::string printToString(const T &value) {
  std::string result;
  llvm::raw_string_ostream os(result);
  value.print(os);
  return result;
}

} // namespace mlir::tlayout

#endif // TLAYOUT_CORE_PRINTING_H
