// tlayout-translate --export-mosaic prints the module with every tiled
// memref type in Mosaic TPU's form, and the import reads it back as the
// same module.
// RUN: tlayout-translate --export-mosaic %s | FileCheck %s
// RUN: tlayout-translate --export-mosaic %s | tlayout-translate --import-mosaic \
// RUN:   | FileCheck %s --check-prefix=BACK

// CHECK-LABEL: func.func @copy(
// CHECK-SAME: memref<16x256xbf16, #tpu.tiled<(8,128)(2,1),[2,1]>, #tpu.memory_space<vmem>>
// CHECK-SAME: memref<16x256xf32, #tpu.tiled<(8,128),[2,1]>>
// CHECK-SAME: memref<8xf32>
// CHECK-SAME: memref<4x8x128xi8, #tpu.tiled<(32,128)(4,1),[1,1,1]>, #tpu.memory_space<smem>>
// CHECK: memref.alloc() : memref<16x256xf32, #tpu.tiled<(8,128),[2,1]>>
// CHECK-NOT: #tlayout
// BACK-LABEL: func.func @copy(
// BACK-SAME: memref<16x256xbf16, #tlayout.tiled<{1,0:T(8,128)(2,1)}>, #tlayout_tpu.memory_space<vmem>>
// BACK-SAME: memref<16x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>
// BACK-SAME: memref<8xf32>
// BACK-SAME: memref<4x8x128xi8, #tlayout.tiled<{2,1,0:T(32,128)(4,1)}>, #tlayout_tpu.memory_space<smem>>
func.func @copy(%a: memref<16x256xbf16, #tlayout.tiled<{1,0:T(8,128)(2,1)}>, #tlayout_tpu.memory_space<vmem>>,
                %b: memref<16x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>,
                %c: memref<8xf32>,
                %d: memref<4x8x128xi8, #tlayout.tiled<{2,1,0:T(32,128)(4,1)}>, #tlayout_tpu.memory_space<smem>>) {
  %x = memref.alloc() : memref<16x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>
  memref.copy %b, %x : memref<16x256xf32, #tlayout.tiled<{1,0:T(8,128)}>> to memref<16x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>
  return
}
