// The TPU passes read a memory space by its S(n) number however it is
// spelled: the TPU dialect's name, the generic numbered space or a builtin
// integer. Host memory (5) is left alone, VMEM (1) is tiled; the memory
// report names the numbered spaces.
// RUN: tlayout-opt %s --tlayout-assign-tpu-layouts | FileCheck %s
// RUN: tlayout-opt %s --tlayout-memory-report 2>&1 | FileCheck %s --check-prefix=REPORT

// CHECK-LABEL: func.func @spaces
// CHECK-SAME: memref<16x256xf32, #tlayout.memory_space<5>>
// CHECK-SAME: memref<16x256xf32, #tlayout_tpu.memory_space<host>>
// CHECK-SAME: memref<16x256xf32, 5>
// CHECK-SAME: memref<16x256xf32, #tlayout.tiled<{1,0:T(8,128)}>, #tlayout.memory_space<1>>
// CHECK-SAME: memref<16x256xf32, #tlayout.tiled<{1,0:T(8,128)}>, #tlayout_tpu.memory_space<vmem>>
// CHECK-SAME: memref<16x256xf32, #tlayout.tiled<{1,0:T(8,128)}>, 1>
func.func @spaces(%h: memref<16x256xf32, #tlayout.memory_space<5>>,
                  %i: memref<16x256xf32, #tlayout_tpu.memory_space<host>>,
                  %j: memref<16x256xf32, 5>,
                  %v: memref<16x256xf32, #tlayout.memory_space<1>>,
                  %w: memref<16x256xf32, #tlayout_tpu.memory_space<vmem>>,
                  %x: memref<16x256xf32, 1>) {
  // REPORT: remark: vmem buffer 'memref<8xf32, #tlayout.memory_space<1>>'
  %a = memref.alloc() : memref<8xf32, #tlayout.memory_space<1>>
  // REPORT: remark: memory space 7 buffer 'memref<8xf32, #tlayout.memory_space<7>>'
  %b = memref.alloc() : memref<8xf32, #tlayout.memory_space<7>>
  return
}
