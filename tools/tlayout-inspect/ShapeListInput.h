//===- ShapeListInput.h - A list of shapes, one a line ----------*- C++ -*-===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// tlayout-inspect's input of several XLA shapes, one a line, as users paste
// them from logs: each gets its own report.
//
//===----------------------------------------------------------------------===//

#ifndef TLAYOUT_TOOLS_TLAYOUTINSPECT_SHAPELISTINPUT_H
#define TLAYOUT_TOOLS_TLAYOUTINSPECT_SHAPELISTINPUT_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

namespace mlir::tlayout::inspect {

/// Whether `text` is a list of shapes: more than one line, at least one
/// shape, and every line that is not blank or a `//` comment starts as a
/// shape does (`f32[`,
/// `(`, `b(`, `token[`) and is no HLO instruction (no ` = `).
bool isShapeList(llvm::StringRef text);

/// Reads every shape of the list first (failing with `line L, column C:` on
/// the first bad one), then inspects each with `inspectOne` under a
/// `line L: <shape>` header; returns the first error.
llvm::Error inspectShapeList(llvm::StringRef text,
                             llvm::Error (*inspectOne)(llvm::StringRef shape));

} // namespace mlir::tlayout::inspect

#endif // TLAYOUT_TOOLS_TLAYOUTINSPECT_SHAPELISTINPUT_H
