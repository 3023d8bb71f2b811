// RUN: tlayout-opt %s --tlayout-collapse-loops | FileCheck %s

// The innermost loops of a nest that walk the trailing dimensions of every
// buffer they index, whole and in order, become one loop over collapsed
// views of the buffers; the negative_ case (a nest inside another loop)
// keeps its loops.

// CHECK-LABEL: func.func @positive_whole
// CHECK-SAME:    (%[[A:.*]]: memref<2x3x4xf32>, %[[B:.*]]: memref<2x3x4xf32>)
// CHECK-NEXT:    %[[VA:.*]] = memref.collapse_shape %[[A]] {{\[}}[0, 1, 2]] : memref<2x3x4xf32> into memref<24xf32>
// CHECK-NEXT:    %[[VB:.*]] = memref.collapse_shape %[[B]] {{\[}}[0, 1, 2]] : memref<2x3x4xf32> into memref<24xf32>
// CHECK-NEXT:    affine.for %[[K:.*]] = 0 to 24 {
// CHECK-NEXT:      %[[X:.*]] = affine.load %[[VA]][%[[K]]]
// CHECK-NEXT:      %[[Y:.*]] = arith.negf %[[X]]
// CHECK-NEXT:      affine.store %[[Y]], %[[VB]][%[[K]]]
func.func @positive_whole(%a: memref<2x3x4xf32>, %b: memref<2x3x4xf32>) {
  affine.for %i = 0 to 2 {
    affine.for %j = 0 to 3 {
      affine.for %k = 0 to 4 {
        %x = affine.load %a[%i, %j, %k] : memref<2x3x4xf32>
        %y = arith.negf %x : f32
        affine.store %y, %b[%i, %j, %k] : memref<2x3x4xf32>
      }
    }
  }
  return
}

// CHECK-LABEL: func.func @negative_inside_loop
// CHECK:         scf.for
// CHECK-NEXT:      affine.for %{{.*}} = 0 to 3 {
// CHECK-NEXT:        affine.for %{{.*}} = 0 to 4 {
func.func @negative_inside_loop(%a: memref<3x4xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %r = %c0 to %n step %c1 {
    affine.for %j = 0 to 3 {
      affine.for %k = 0 to 4 {
        %x = affine.load %a[%j, %k] : memref<3x4xf32>
        %y = arith.negf %x : f32
        affine.store %y, %a[%j, %k] : memref<3x4xf32>
      }
    }
  }
  return
}
