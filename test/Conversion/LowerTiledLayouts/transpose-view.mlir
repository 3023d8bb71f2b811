// RUN: tlayout-opt %s --lower-tiled-layouts | FileCheck %s

// A free transpose is its source's physical buffer: the two tilings have
// one physical type, so nothing is left, no copy and no cast.
// CHECK-LABEL: func.func @same_buffer(
// CHECK-SAME:    %[[M:.*]]: memref<32x4x8x128xf32>) -> memref<32x4x8x128xf32>
// CHECK-NEXT:    return %[[M]] : memref<32x4x8x128xf32>
func.func @same_buffer(%m: memref<256x512xf32, #tlayout.tiled<{1,0:T(8,128)}>>)
    -> memref<512x256xf32, #tlayout.tiled<{0,1:T(8,128)}>> {
  %t = tlayout.transpose %m permutation = [1, 0]
      : memref<256x512xf32, #tlayout.tiled<{1,0:T(8,128)}>>
     to memref<512x256xf32, #tlayout.tiled<{0,1:T(8,128)}>>
  return %t : memref<512x256xf32, #tlayout.tiled<{0,1:T(8,128)}>>
}

// Physical types that differ (row-major 1x8 to a tiling of 8x1) are the
// same bytes reinterpreted.
// CHECK-LABEL: func.func @reinterpreted(
// CHECK-SAME:    %[[M:.*]]: memref<1x8xi8>)
// CHECK:         %[[R:.*]] = memref.reinterpret_cast %[[M]]
// CHECK-NOT:     memref.copy
// CHECK:         memref.load %[[R]]
func.func @reinterpreted(%m: memref<1x8xi8>) -> i8 {
  %t = tlayout.transpose %m permutation = [1, 0]
      : memref<1x8xi8> to memref<8x1xi8, #tlayout.tiled<{1,0:T(8,1)}>>
  %c3 = arith.constant 3 : index
  %c0 = arith.constant 0 : index
  %v = memref.load %t[%c3, %c0] : memref<8x1xi8, #tlayout.tiled<{1,0:T(8,1)}>>
  return %v : i8
}
