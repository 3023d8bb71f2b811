// RUN: tlayout-opt %s --tlayout-cpu-loops --split-input-file \
// RUN:   | FileCheck %s
// RUN: tlayout-opt %s --tlayout-cpu-loops=collapse-loops=false \
// RUN:   --split-input-file | FileCheck %s --check-prefix=OFF
// RUN: tlayout-opt %s --tlayout-cpu-loops=physical-order=false \
// RUN:   --split-input-file | FileCheck %s --check-prefix=OFF

// --tlayout-simplify-indexing collapses the innermost loops of a perfect
// nest that walk the trailing dimensions of every buffer they index, whole
// and in order, into one loop over collapsed views of the buffers. Here in
// physical form; the negative_ cases must stay as they are.

// CHECK-LABEL: func.func @positive_whole
// CHECK-SAME:    (%[[A:.*]]: memref<2x3x4xf32>, %[[B:.*]]: memref<2x3x4xf32>)
// CHECK-NEXT:    %[[VA:.*]] = memref.collapse_shape %[[A]] {{\[}}[0, 1, 2]] : memref<2x3x4xf32> into memref<24xf32>
// CHECK-NEXT:    %[[VB:.*]] = memref.collapse_shape %[[B]] {{\[}}[0, 1, 2]] : memref<2x3x4xf32> into memref<24xf32>
// CHECK-NEXT:    affine.for %[[K:.*]] = 0 to 24 {
// CHECK-NEXT:      %[[X:.*]] = affine.load %[[VA]][%[[K]]]
// CHECK-NEXT:      %[[Y:.*]] = arith.negf %[[X]]
// CHECK-NEXT:      affine.store %[[Y]], %[[VB]][%[[K]]]
// CHECK-NEXT:    }
// CHECK-NEXT:    return
// OFF-LABEL:   func.func @positive_whole
// OFF:         affine.for %{{.*}} = 0 to 2 {
// OFF-NEXT:      affine.for %{{.*}} = 0 to 3 {
// OFF-NEXT:        affine.for %{{.*}} = 0 to 4 {
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

// -----

// The outer loop indexes the buffers otherwise (a scaled index into a
// larger dimension): the inner two collapse, the outer stays. Another access to
// the buffer, outside the loops' indices, is left as it is.
// CHECK-LABEL: func.func @positive_inner
// CHECK-SAME:    (%[[A:.*]]: memref<3x4x8xi32>, %[[B:.*]]: memref<6x4x8xi32>)
// CHECK:         %[[VA:.*]] = memref.collapse_shape %[[A]] {{\[}}[0], [1, 2]] : memref<3x4x8xi32> into memref<3x32xi32>
// CHECK:         %[[VB:.*]] = memref.collapse_shape %[[B]] {{\[}}[0], [1, 2]] : memref<6x4x8xi32> into memref<6x32xi32>
// CHECK:         affine.for %[[G:.*]] = 0 to 3 {
// CHECK-NEXT:      affine.for %[[K:.*]] = 0 to 32 {
// CHECK-NEXT:        %[[X:.*]] = affine.load %[[VA]][%[[G]], %[[K]]]
// CHECK-NEXT:        %[[Z:.*]] = affine.load %[[A]][0, 0, 0]
// CHECK-NEXT:        %[[S:.*]] = arith.addi %[[X]], %[[Z]]
// CHECK-NEXT:        affine.store %[[S]], %[[VB]][%[[G]] * 2, %[[K]]]
func.func @positive_inner(%a: memref<3x4x8xi32>, %b: memref<6x4x8xi32>) {
  affine.for %g = 0 to 3 {
    affine.for %r = 0 to 4 {
      affine.for %e = 0 to 8 {
        %x = affine.load %a[%g, %r, %e] : memref<3x4x8xi32>
        %z = affine.load %a[0, 0, 0] : memref<3x4x8xi32>
        %s = arith.addi %x, %z : i32
        affine.store %s, %b[%g * 2, %r, %e] : memref<6x4x8xi32>
      }
    }
  }
  return
}

// -----

// A nest inside another loop (here one that runs it twice) is one step of
// a schedule of its own and keeps its loops.
// CHECK-LABEL: func.func @negative_inside_loop
// CHECK-NOT:   memref.collapse_shape
// CHECK:       return
func.func @negative_inside_loop(%a: memref<4x8xi32>) {
  affine.for %k = 0 to 2 {
    %c = arith.constant 1 : i32
    affine.for %i = 0 to 4 {
      affine.for %j = 0 to 8 {
        %x = affine.load %a[%i, %j] : memref<4x8xi32>
        %y = arith.addi %x, %c : i32
        affine.store %y, %a[%i, %j] : memref<4x8xi32>
      }
    }
  }
  return
}

// -----

// An index used other than as a trailing index, loops that do not cover
// their dimension (a shorter loop, a start at 1, a step of 2), indices out
// of order, a strided memref, a dynamic one, an access in a region, a loop
// that carries a value.
// CHECK-LABEL: func.func @negative
// CHECK-NOT:   memref.collapse_shape
// CHECK:       return
func.func @negative(%a: memref<4x8xi32>, %s: memref<4x8xi32, strided<[16, 1]>>,
                    %d: memref<?x8xi32>, %t: memref<8x8xi32>,
                    %u: memref<8x8xi32>, %c: i1) {
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 8 {
      %v = arith.index_cast %j : index to i32
      affine.store %v, %a[%i, %j] : memref<4x8xi32>
    }
  }
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 7 {
      %x = affine.load %a[%i, %j] : memref<4x8xi32>
      affine.store %x, %a[%i, %j] : memref<4x8xi32>
    }
  }
  affine.for %i = 0 to 4 {
    affine.for %j = 1 to 8 {
      %x = affine.load %a[%i, %j] : memref<4x8xi32>
      affine.store %x, %a[%i, %j] : memref<4x8xi32>
    }
  }
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 8 step 2 {
      %x = affine.load %a[%i, %j] : memref<4x8xi32>
      affine.store %x, %a[%i, %j] : memref<4x8xi32>
    }
  }
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %x = affine.load %t[%i, %j] : memref<8x8xi32>
      affine.store %x, %u[%j, %i] : memref<8x8xi32>
    }
  }
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 8 {
      %x = affine.load %s[%i, %j] : memref<4x8xi32, strided<[16, 1]>>
      affine.store %x, %s[%i, %j] : memref<4x8xi32, strided<[16, 1]>>
    }
  }
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 8 {
      %x = affine.load %d[%i, %j] : memref<?x8xi32>
      affine.store %x, %d[%i, %j] : memref<?x8xi32>
    }
  }
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 8 {
      scf.if %c {
        %x = affine.load %a[%i, %j] : memref<4x8xi32>
        affine.store %x, %a[%i, %j] : memref<4x8xi32>
      }
    }
  }
  %z = arith.constant 0 : i32
  affine.for %i = 0 to 4 {
    %r = affine.for %j = 0 to 8 iter_args(%acc = %z) -> i32 {
      %x = affine.load %a[%i, %j] : memref<4x8xi32>
      %y = arith.addi %acc, %x : i32
      affine.yield %y : i32
    }
    affine.store %r, %a[%i, 0] : memref<4x8xi32>
  }
  return
}

// -----

// An index that is also the value stored: the collapsed index is another
// value, so nothing collapses.
// CHECK-LABEL: func.func @negative_index_stored
// CHECK:         affine.for %{{.*}} = 0 to 4 {
// CHECK-NEXT:      affine.for %[[J:.*]] = 0 to 8 {
// CHECK-NEXT:        affine.store %[[J]], %{{.*}}[%{{.*}}, %[[J]]]
// CHECK-NOT:     memref.collapse_shape
func.func @negative_index_stored(%m: memref<4x8xindex>) {
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 8 {
      affine.store %j, %m[%i, %j] : memref<4x8xindex>
    }
  }
  return
}

// -----

// The outer index stored: it would be stored after its loop is gone.
// CHECK-LABEL: func.func @negative_outer_index_stored
// CHECK:         affine.for %[[I:.*]] = 0 to 4 {
// CHECK-NEXT:      affine.for %[[J:.*]] = 0 to 8 {
// CHECK-NEXT:        affine.store %[[I]], %{{.*}}[%[[I]], %[[J]]]
// CHECK-NOT:     memref.collapse_shape
func.func @negative_outer_index_stored(%m: memref<4x8xindex>) {
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 8 {
      affine.store %i, %m[%i, %j] : memref<4x8xindex>
    }
  }
  return
}

// -----

// The buffer is a value the loop around the nest carries: there is no place
// before the nest for its view.
// CHECK-LABEL: func.func @negative_carried_memref
// CHECK:         affine.for %{{.*}} = 0 to 2 iter_args(%[[M:.*]] = %{{.*}})
// CHECK-NEXT:      affine.for %{{.*}} = 0 to 4 {
// CHECK-NEXT:        affine.for %{{.*}} = 0 to 8 {
// CHECK-NEXT:          affine.load %[[M]]
// CHECK-NOT:     memref.collapse_shape
func.func @negative_carried_memref(%a: memref<4x8xi32>, %b: memref<4x8xi32>)
    -> memref<4x8xi32> {
  %one = arith.constant 1 : i32
  %r = affine.for %k = 0 to 2 iter_args(%m = %a) -> (memref<4x8xi32>) {
    affine.for %i = 0 to 4 {
      affine.for %j = 0 to 8 {
        %x = affine.load %m[%i, %j] : memref<4x8xi32>
        %y = arith.addi %x, %one : i32
        affine.store %y, %m[%i, %j] : memref<4x8xi32>
      }
    }
    affine.yield %b : memref<4x8xi32>
  }
  return %r : memref<4x8xi32>
}
