//===- InspectSupport.h - Shared helpers of tlayout-inspect -----*- C++ -*-===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// What every part of tlayout-inspect uses: failing with one error line, and
// reading and printing index lists.
//
//===----------------------------------------------------------------------===//

#ifndef TLAYOUT_TOOLS_TLAYOUTINSPECT_INSPECTSUPPORT_H
#define TLAYOUT_TOOLS_TLAYOUTINSPECT_INSPECTSUPPORT_H

#include "tlayout/Core/TiledLayout.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"

#include <string>

namespace tlayout::inspect {

/// Fails with one line `tlayout-inspect: error: <message>` and exit code 1.
[[noreturn]] void fail(const llvm::Twine &message);

/// Reads `i,j,...` (optionally in parentheses or brackets); `what` names the
/// option in the error.
llvm::SmallVector<int64_t, 4> parseList(llvm::StringRef text,
                                        llvm::StringRef what);

/// `(i,j,...)`.
std::string indexText(llvm::ArrayRef<int64_t> index);

} // namespace tlayout::inspect

#endif // TLAYOUT_TOOLS_TLAYOUTINSPECT_INSPECTSUPPORT_H
