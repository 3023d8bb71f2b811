// The int4 and predicate example kernels under examples/tpu run with the TPU
// target's placement, sub-byte elements packed into bytes
// (--tlayout-tpu-pipeline), and print exactly what the same kernels print
// without tiling (--tlayout-lower-to-llvm, one byte per element); the
// numbers are also checked against values computed by hand.

// RUN: tlayout-opt %{tlayout_src_root}/examples/tpu/int4-matvec.mlir --tlayout-tpu-pipeline | %{run} > %t.int4.tpu
// RUN: tlayout-opt %{tlayout_src_root}/examples/tpu/int4-matvec.mlir --tlayout-lower-to-llvm | %{run} > %t.int4.ref
// RUN: diff %t.int4.tpu %t.int4.ref
// RUN: FileCheck %s --check-prefix=INT4 < %t.int4.tpu
// INT4:      -644
// INT4-NEXT: -680
// INT4-NEXT: -560
// INT4-NEXT: -10144

// RUN: tlayout-opt %{tlayout_src_root}/examples/tpu/predicate-select.mlir --tlayout-tpu-pipeline | %{run} > %t.pred.tpu
// RUN: tlayout-opt %{tlayout_src_root}/examples/tpu/predicate-select.mlir --tlayout-lower-to-llvm | %{run} > %t.pred.ref
// RUN: diff %t.pred.tpu %t.pred.ref
// RUN: FileCheck %s --check-prefix=PRED < %t.pred.tpu
// PRED:      6905
// PRED-NEXT: 188851

// The pipeline packed them: the layouts it assigned, and the byte buffers
// the lowering allocates for them.
// RUN: tlayout-opt %{tlayout_src_root}/examples/tpu/int4-matvec.mlir --tlayout-assign-tpu-layouts | FileCheck %s --check-prefix=TILED-INT4
// TILED-INT4: memref.alloc() : memref<16x256xi4, #tlayout.tiled<{1,0:T(8,128)(8,1)E(4)}>, #tlayout_tpu.memory_space<vmem>>
// RUN: tlayout-opt %{tlayout_src_root}/examples/tpu/int4-matvec.mlir --tlayout-assign-tpu-layouts --lower-tiled-layouts | FileCheck %s --check-prefix=BYTES-INT4
// BYTES-INT4: memref.alloc() : memref<2048xi8, #tlayout_tpu.memory_space<vmem>>
// RUN: tlayout-opt %{tlayout_src_root}/examples/tpu/predicate-select.mlir --tlayout-assign-tpu-layouts | FileCheck %s --check-prefix=TILED-PRED
// TILED-PRED: memref.alloc() : memref<64x256xi1, #tlayout.tiled<{1,0:T(32,128)(32,1)E(1)}>, #tlayout_tpu.memory_space<vmem>>
// RUN: tlayout-opt %{tlayout_src_root}/examples/tpu/predicate-select.mlir --tlayout-assign-tpu-layouts --lower-tiled-layouts | FileCheck %s --check-prefix=BYTES-PRED
// BYTES-PRED: memref.alloc() : memref<2048xi8, #tlayout_tpu.memory_space<vmem>>
