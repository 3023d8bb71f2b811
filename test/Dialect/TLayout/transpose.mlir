// RUN: tlayout-opt %s | tlayout-opt | FileCheck %s
// RUN: tlayout-opt %s --mlir-print-op-generic | tlayout-opt | FileCheck %s

// A tiled array transposed into the transposed tiling: the same bytes.
// CHECK-LABEL: func.func @tiled(
// CHECK:         tlayout.transpose %{{.*}} permutation = [1, 0] : memref<256x512xf32, #tlayout.tiled<{1,0:T(8,128)}>> to memref<512x256xf32, #tlayout.tiled<{0,1:T(8,128)}>>
func.func @tiled(%m: memref<256x512xf32, #tlayout.tiled<{1,0:T(8,128)}>>)
    -> memref<512x256xf32, #tlayout.tiled<{0,1:T(8,128)}>> {
  %t = tlayout.transpose %m permutation = [1, 0]
      : memref<256x512xf32, #tlayout.tiled<{1,0:T(8,128)}>>
     to memref<512x256xf32, #tlayout.tiled<{0,1:T(8,128)}>>
  return %t : memref<512x256xf32, #tlayout.tiled<{0,1:T(8,128)}>>
}

// Row-major to column-major with dims layouts, on tensors, rank 3.
// CHECK-LABEL: func.func @tensors(
// CHECK:         tlayout.transpose %{{.*}} permutation = [2, 0, 1] : tensor<2x3x4xf32> to tensor<4x2x3xf32, #tlayout.dims<[1, 2, 0]>>
func.func @tensors(%t: tensor<2x3x4xf32>) -> tensor<4x2x3xf32, #tlayout.dims<[1, 2, 0]>> {
  %r = tlayout.transpose %t permutation = [2, 0, 1]
      : tensor<2x3x4xf32> to tensor<4x2x3xf32, #tlayout.dims<[1, 2, 0]>>
  return %r : tensor<4x2x3xf32, #tlayout.dims<[1, 2, 0]>>
}

// Unit dimensions move freely in row-major.
// CHECK-LABEL: func.func @unit(
// CHECK:         tlayout.transpose %{{.*}} permutation = [1, 0] : memref<1x8xi8> to memref<8x1xi8>
func.func @unit(%m: memref<1x8xi8>) -> memref<8x1xi8> {
  %t = tlayout.transpose %m permutation = [1, 0] : memref<1x8xi8> to memref<8x1xi8>
  return %t : memref<8x1xi8>
}
