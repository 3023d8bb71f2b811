//===- CompareReport.h - Comparing two layouts in tlayout-inspect -*- C++
//-*-===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// `tlayout-inspect A --compare B`: whether two arrays (XLA shapes or memref
// types) place their elements identically. For one shape: equal or not,
// with the first index whose offset differs, and both normal forms (equal
// exactly when the placements are). For two shapes of one element count:
// whether the reshape between them is free (the tlayout.reshape verifier's
// answer) and, for shapes that are a permutation of each other, whether a
// transpose is.
//
//===----------------------------------------------------------------------===//

#ifndef TLAYOUT_TOOLS_TLAYOUTINSPECT_COMPAREREPORT_H
#define TLAYOUT_TOOLS_TLAYOUTINSPECT_COMPAREREPORT_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::tlayout::inspect {

/// Prints the comparison of the arrays `first` and `second` (each an XLA
/// shape or a memref type) to `os`; returns an error for input that is not
/// one static array.
llvm::Error inspectComparison(llvm::StringRef first, llvm::StringRef second,
                              llvm::raw_ostream &os);

} // namespace mlir::tlayout::inspect

#endif // TLAYOUT_TOOLS_TLAYOUTINSPECT_COMPAREREPORT_H
