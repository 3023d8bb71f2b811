// tlayout-translate --import-mosaic rewrites Mosaic's memref types into
// tlayout's: default tile strides give the #tlayout.tiled layout with the
// same tiles, strides that skip tiles the view layout of a window of the
// larger buffer, #tpu.memory_space the tlayout memory space of that name
// (`any` none). Other types, comments and strings are left as they are.
// RUN: tlayout-translate --import-mosaic %s | FileCheck %s
// RUN: tlayout-translate --import-mosaic %s | tlayout-opt | FileCheck %s

// CHECK-LABEL: func.func @kernel
// CHECK-SAME: memref<16x256xbf16, #tlayout.tiled<{1,0:T(8,128)(2,1)}>, #tlayout_tpu.memory_space<vmem>>
// CHECK-SAME: memref<2x16x256xf32, #tlayout.tiled<{2,1,0:T(8,128)}>, #tlayout_tpu.memory_space<hbm>>
// CHECK-SAME: memref<16x256xf32, #tlayout.tiled<{1,0:T(8,128)}, parent = [16, 512], offsets = [0, 0]>>
// CHECK-SAME: memref<?x128xf32, #tlayout.tiled<{1,0:T(8,128)}>>
// CHECK-SAME: memref<8xi32, #tlayout_tpu.memory_space<smem>>
// CHECK-SAME: memref<8xi32>
// CHECK-SAME: memref<4x8xf32>
// CHECK-SAME: memref<4x8xf32, strided<[8, 1]>>
func.func @kernel(%a: memref<16x256xbf16, #tpu.tiled<(8,128)(2,1),[2,1]>, #tpu.memory_space<vmem>>,
                  %b: memref<2x16x256xf32, #tpu.tiled<(8,128),[4,2,1]>, #tpu.memory_space<hbm>>,
                  %c: memref<16x256xf32, #tpu.tiled<(8,128),[4,1]>>,
                  %d: memref<?x128xf32, #tpu.tiled<(8,128),[1,1]>>,
                  %e: memref<8xi32, #tpu.memory_space<smem>>,
                  %f: memref<8xi32, #tpu.memory_space<any>>,
                  %g: memref<4x8xf32, #tpu.tiled<,[8,1]>>,
                  %h: memref<4x8xf32, strided<[8, 1]>>) {
  // A comment with memref<4xf32, #tpu.tiled<(3),[9]>> stays.
  // CHECK: "memref<4xf32, #tpu.tiled<(3),[9]>>"
  %s = arith.constant {note = "memref<4xf32, #tpu.tiled<(3),[9]>>"} 0 : i32
  return
}
