// RUN: tlayout-opt %s | tlayout-opt | FileCheck %s
// RUN: tlayout-opt %s -mlir-print-op-generic | tlayout-opt | FileCheck %s

// tlayout.reshape splits or merges dimensions where every element keeps its
// physical offset.

// Rows of T(8,128) tiles split at a multiple of 8, and merged back.
// CHECK-LABEL: func.func @split_rows(
// CHECK: %[[S:.*]] = tlayout.reshape %{{.*}} : memref<16x256xf32, #tlayout.tiled<{1,0:T(8,128)}>> to memref<2x8x256xf32, #tlayout.tiled<{2,1,0:T(8,128)}>>
// CHECK: tlayout.reshape %[[S]] : memref<2x8x256xf32, #tlayout.tiled<{2,1,0:T(8,128)}>> to memref<16x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>
func.func @split_rows(%m: memref<16x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>) {
  %s = tlayout.reshape %m : memref<16x256xf32, #tlayout.tiled<{1,0:T(8,128)}>> to memref<2x8x256xf32, #tlayout.tiled<{2,1,0:T(8,128)}>>
  %b = tlayout.reshape %s : memref<2x8x256xf32, #tlayout.tiled<{2,1,0:T(8,128)}>> to memref<16x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>
  return
}

// Whole tiles of rows: 4x16 rows of T(8,128) are 64 rows.
// CHECK-LABEL: func.func @merge_rows(
// CHECK: tlayout.reshape
func.func @merge_rows(%m: memref<4x16x128xbf16, #tlayout.tiled<{2,1,0:T(8,128)}>>) {
  %s = tlayout.reshape %m : memref<4x16x128xbf16, #tlayout.tiled<{2,1,0:T(8,128)}>> to memref<64x128xbf16, #tlayout.tiled<{1,0:T(8,128)}>>
  return
}

// A layout that combines dimensions 1 and 2 (`*`) before tiling places the
// elements as the merged shape does.
// CHECK-LABEL: func.func @merge_combined(
// CHECK: tlayout.reshape %{{.*}} : memref<4x2x6xf32, #tlayout.tiled<{2,1,0:T(2,*,3)}>> to memref<4x12xf32, #tlayout.tiled<{1,0:T(2,3)}>>
// CHECK: tlayout.reshape %{{.*}} : memref<4x2x6xf32, #tlayout.tiled<{2,1,0:T(2,*,3)}>> to memref<2x2x2x6xf32, #tlayout.tiled<{3,2,1,0:T(2,*,3)}>>
func.func @merge_combined(%m: memref<4x2x6xf32, #tlayout.tiled<{2,1,0:T(2,*,3)}>>) {
  %a = tlayout.reshape %m : memref<4x2x6xf32, #tlayout.tiled<{2,1,0:T(2,*,3)}>> to memref<4x12xf32, #tlayout.tiled<{1,0:T(2,3)}>>
  %b = tlayout.reshape %m : memref<4x2x6xf32, #tlayout.tiled<{2,1,0:T(2,*,3)}>> to memref<2x2x2x6xf32, #tlayout.tiled<{3,2,1,0:T(2,*,3)}>>
  return
}
