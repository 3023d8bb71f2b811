//===- InspectSupport.cpp - Shared helpers of tlayout-inspect -------------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//

#include "InspectSupport.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir::tlayout;
using namespace mlir::tlayout::inspect;

llvm::Error inspect::makeError(const llvm::Twine &message) {
  return llvm::createStringError(message);
}

llvm::Expected<llvm::SmallVector<int64_t, 4>>
inspect::parseList(llvm::StringRef text, llvm::StringRef what) {
  llvm::SmallVector<int64_t, 4> values;
  llvm::SmallVector<llvm::StringRef> parts;
  text.trim().trim("()[]").split(parts, ',', -1, false);
  for (llvm::StringRef part : parts) {
    int64_t v;
    if (part.trim().getAsInteger(10, v))
      return makeError("invalid " + what + " '" + text +
                       "': expected integers i,j,...");
    values.push_back(v);
  }
  return values;
}

std::string inspect::indexText(llvm::ArrayRef<int64_t> index) {
  std::string s = "(";
  for (auto [i, v] : llvm::enumerate(index))
    s += (i ? "," : "") + std::to_string(v);
  return s + ")";
}
