// RUN: tlayout-opt %s --lower-tiled-layouts | FileCheck %s

// tlayout.cast lowers to the source's physical buffer: nothing where the
// two physical types agree, a reinterpretation of the same buffer where they
// differ.

// CHECK-LABEL: func.func @to_identity(
// CHECK-SAME: %[[B:.*]]: memref<1x2x1x128xf32>) -> memref<1x256xf32>
// CHECK-NEXT: %[[R:.*]] = memref.reinterpret_cast %[[B]] to offset: [0], sizes: [1, 256], strides: [256, 1] : memref<1x2x1x128xf32> to memref<1x256xf32>
// CHECK-NEXT: return %[[R]]
func.func @to_identity(%m: memref<1x256xf32, #tlayout.tiled<{1,0:T(1,128)}>>) -> memref<1x256xf32> {
  %r = tlayout.cast %m : memref<1x256xf32, #tlayout.tiled<{1,0:T(1,128)}>> to memref<1x256xf32>
  return %r : memref<1x256xf32>
}

// CHECK-LABEL: func.func @from_identity(
// CHECK-SAME: %[[B:[^:]*]]: memref<4x6xi8>
// CHECK: %[[R:.*]] = memref.reinterpret_cast %[[B]] to offset: [0], sizes: [4, 2, 3], strides: [6, 3, 1] : memref<4x6xi8> to memref<4x2x3xi8>
// CHECK: memref.load %[[R]][{{.*}}] : memref<4x2x3xi8>
func.func @from_identity(%m: memref<4x6xi8>, %i: index, %j: index) -> i8 {
  %r = tlayout.cast %m : memref<4x6xi8> to memref<4x6xi8, #tlayout.dims<[0, 1, 1:packed(3)]>>
  %v = memref.load %r[%i, %j] : memref<4x6xi8, #tlayout.dims<[0, 1, 1:packed(3)]>>
  return %v : i8
}

// Both sides lower to memref<4x6xf32>: the cast is gone.
// CHECK-LABEL: func.func @same_physical(
// CHECK-SAME: %[[B:.*]]: memref<4x6xf32>) -> memref<4x6xf32>
// CHECK-NEXT: return %[[B]]
func.func @same_physical(%m: memref<4x6xf32, #tlayout.dims<[0, 1]>>) -> memref<4x6xf32, #tlayout.tiled<{1,0}>> {
  %r = tlayout.cast %m : memref<4x6xf32, #tlayout.dims<[0, 1]>> to memref<4x6xf32, #tlayout.tiled<{1,0}>>
  return %r : memref<4x6xf32, #tlayout.tiled<{1,0}>>
}
