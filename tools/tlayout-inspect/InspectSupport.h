//===- InspectSupport.h - Shared helpers of tlayout-inspect -----*- C++ -*-===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// What every part of tlayout-inspect uses: errors (returned up to main,
// which prints each as one line), and reading and printing index lists and
// tiles.
//
//===----------------------------------------------------------------------===//

#ifndef TLAYOUT_TOOLS_TLAYOUTINSPECT_INSPECTSUPPORT_H
#define TLAYOUT_TOOLS_TLAYOUTINSPECT_INSPECTSUPPORT_H

#include "tlayout/Core/TiledLayout.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/Error.h"

#include <string>

namespace mlir::tlayout::inspect {

/// An error with `message`; main prints it as one line
/// `tlayout-inspect: error: <message>` and exits with code 1.
llvm::Error makeError(const llvm::Twine &message);

/// Reads `i,j,...` (optionally in parentheses or brackets); `what` names the
/// option in the error.
llvm::Expected<llvm::SmallVector<int64_t, 4>> parseList(llvm::StringRef text,
                                                        llvm::StringRef what);

/// `(i,j,...)`.
std::string indexText(llvm::ArrayRef<int64_t> index);

} // namespace mlir::tlayout::inspect

#endif // TLAYOUT_TOOLS_TLAYOUTINSPECT_INSPECTSUPPORT_H
