// The example that README command 1 runs parses, verifies and prints in XLA's
// canonical layout text.
// RUN: tlayout-opt %{tlayout_src_root}/examples/figure1.mlir | FileCheck %s

// CHECK-LABEL: func.func @figure1(
// CHECK-SAME: memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>
// CHECK: tlayout.to_physical %{{.*}} : memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>> to memref<24xf32>
// CHECK-LABEL: func.func @tpu_bf16(
// CHECK: to memref<16384xbf16, #tlayout_tpu.memory_space<vmem>>
