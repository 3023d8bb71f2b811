//===- TpuAttrs.h - tlayout_tpu attributes ----------------------*- C++ -*-===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// `#tlayout_tpu.target` and `#tlayout_tpu.memory_space`, and how the TPU
// passes find the target and read memory spaces.
//
//===----------------------------------------------------------------------===//

#ifndef TLAYOUT_TARGET_TPU_IR_TPUATTRS_H
#define TLAYOUT_TARGET_TPU_IR_TPUATTRS_H

#include "tlayout/Dialect/TLayout/IR/TLayoutAttrs.h"
#include "tlayout/Target/TPU/TpuTarget.h"

#include "mlir/IR/Attributes.h"
#include "mlir/IR/DialectImplementation.h"

#define GET_ATTRDEF_CLASSES
#include "tlayout/Target/TPU/IR/TpuAttrs.h.inc"

namespace mlir::tlayout::tpu {

/// The name of the module attribute that holds the target.
inline constexpr llvm::StringLiteral kTargetAttrName = "tlayout_tpu.target";

/// The description of the TPU target a pass works for: the preset `choice`
/// names, else (for `PresetChoice::Module`) the module's `tlayout_tpu.target`
/// attribute, else the default preset. Reports a misplaced attribute at
/// `module`.
FailureOr<TargetDescription>
getTargetDescription(Operation *module,
                     ::mlir::tlayout::tpu::PresetChoice choice);

/// The `S(n)` number of memory space `space`: 0 for none, the number of a
/// builtin integer space or of any MemorySpaceAttrInterface
/// (`#tlayout.memory_space<1>`, `#tlayout_tpu.memory_space<vmem>`);
/// std::nullopt for a memory space of another kind.
std::optional<int64_t> getMemorySpaceNumber(Attribute space);

/// `vmem` for a named memory space, `memory space 7` otherwise.
std::string getMemorySpaceDisplayName(int64_t space);

} // namespace mlir::tlayout::tpu

#endif // TLAYOUT_TARGET_TPU_IR_TPUATTRS_H
