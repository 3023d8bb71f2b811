//===- TpuDialect.h - The tlayout_tpu dialect -------------------*- C++ -*-===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// The tlayout_tpu dialect: the emulated TPU target and its named memory
// spaces, apart from the generic tlayout dialect.
//
//===----------------------------------------------------------------------===//

#ifndef TLAYOUT_TARGET_TPU_IR_TPUDIALECT_H
#define TLAYOUT_TARGET_TPU_IR_TPUDIALECT_H

#include "mlir/IR/Dialect.h"

#include "tlayout/Target/TPU/IR/TpuDialect.h.inc"

#endif // TLAYOUT_TARGET_TPU_IR_TPUDIALECT_H
