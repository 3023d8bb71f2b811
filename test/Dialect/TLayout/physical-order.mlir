// RUN: tlayout-opt %s --tlayout-physical-order | FileCheck %s

// A perfect nest is permuted into the physical order of the buffer it
// accesses, where the permutation is proved legal; the negative_ case (a
// bound that uses a loop that would move inside it) keeps its order.

// CHECK-LABEL: func.func @positive_tiles
// CHECK:         affine.for %[[T:.*]] = 0 to 8 {
// CHECK-NEXT:      affine.for %[[U:.*]] = 0 to 2 {
// CHECK-NEXT:        affine.for %[[E:.*]] = 0 to 8 {
// CHECK-NEXT:          affine.for %[[F:.*]] = 0 to 128 {
// CHECK-NEXT:            affine.load %{{.*}}[%[[T]], %[[U]], %[[E]], %[[F]]]
func.func @positive_tiles(%a: memref<8x2x8x128xf32>, %b: memref<8x2x8x128xf32>) {
  affine.for %t = 0 to 8 {
    affine.for %e = 0 to 8 {
      affine.for %u = 0 to 2 {
        affine.for %f = 0 to 128 {
          %x = affine.load %a[%t, %u, %e, %f] : memref<8x2x8x128xf32>
          affine.store %x, %b[%t, %u, %e, %f] : memref<8x2x8x128xf32>
        }
      }
    }
  }
  return
}

// CHECK-LABEL: func.func @negative_bound
// CHECK:         affine.for %[[E:.*]] = 0 to 8 {
// CHECK-NEXT:      affine.for %{{.*}} = 0 to #{{.*}}(%[[E]]) {
func.func @negative_bound(%a: memref<2x8xf32>) {
  affine.for %e = 0 to 8 {
    affine.for %u = 0 to affine_map<(d0) -> (d0 floordiv 4 + 1)>(%e) {
      %x = affine.load %a[%u, %e] : memref<2x8xf32>
      affine.store %x, %a[%u, %e] : memref<2x8xf32>
    }
  }
  return
}
