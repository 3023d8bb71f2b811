// RUN: tlayout-opt %s --lower-tiled-layouts --tlayout-simplify-indexing \
// RUN:   --split-input-file | FileCheck %s

// A reduction inside a parallel loop keeps its order across the tiles: the
// partials would be one buffer allocated outside the parallel loop, shared
// by its trips that run at the same time.

#T = #tlayout.tiled<{1,0:T(8,128)}>
// CHECK-LABEL: func.func @affine_parallel_rows
// CHECK-NOT:   memref.alloca
// CHECK:       affine.parallel
// CHECK-NEXT:    affine.for %{{.*}} = 0 to 3 iter_args
// CHECK-NEXT:      affine.for %{{.*}} = 0 to min #{{.*}} iter_args
// CHECK-NOT:   memref.alloca
// CHECK:       return
func.func @affine_parallel_rows(%a: memref<16x300xi32, #T>,
                                %out: memref<16xi32>) {
  %z = arith.constant 0 : i32
  affine.parallel (%i) = (0) to (16) {
    %s = affine.for %j = 0 to 300 iter_args(%acc = %z) -> i32 {
      %x = affine.load %a[%i, %j] : memref<16x300xi32, #T>
      %n = arith.addi %acc, %x : i32
      affine.yield %n : i32
    }
    affine.store %s, %out[%i] : memref<16xi32>
  }
  return
}

// -----

#T = #tlayout.tiled<{1,0:T(8,128)}>
// CHECK-LABEL: func.func @scf_parallel_rows
// CHECK-NOT:   memref.alloca
// CHECK:       scf.parallel
// CHECK:         scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args
// CHECK:           scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args
// CHECK-NOT:   memref.alloca
// CHECK:       return
func.func @scf_parallel_rows(%a: memref<16x300xf32, #T>,
                             %out: memref<16xf32>) {
  %z = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c300 = arith.constant 300 : index
  scf.parallel (%i) = (%c0) to (%c16) step (%c1) {
    %s = scf.for %j = %c0 to %c300 step %c1 iter_args(%acc = %z) -> f32 {
      %x = memref.load %a[%i, %j] : memref<16x300xf32, #T>
      %n = arith.addf %acc, %x fastmath<reassoc> : f32
      scf.yield %n : f32
    }
    memref.store %s, %out[%i] : memref<16xf32>
    scf.reduce
  }
  return
}

// -----

// The same in a sequential loop nested in scf.forall.

#T = #tlayout.tiled<{1,0:T(8,128)}>
// CHECK-LABEL: func.func @forall_rows
// CHECK-NOT:   memref.alloca
// CHECK:       scf.forall
// CHECK:         affine.for %{{.*}} = 0 to 3 iter_args
// CHECK-NEXT:      affine.for %{{.*}} = 0 to min #{{.*}} iter_args
// CHECK-NOT:   memref.alloca
// CHECK:       return
func.func @forall_rows(%a: memref<16x300xi32, #T>, %out: memref<16xi32>) {
  %z = arith.constant 0 : i32
  scf.forall (%i) in (16) {
    affine.for %k = 0 to 1 {
      %s = affine.for %j = 0 to 300 iter_args(%acc = %z) -> i32 {
        %x = memref.load %a[%i, %j] : memref<16x300xi32, #T>
        %n = arith.maxsi %acc, %x : i32
        affine.yield %n : i32
      }
      memref.store %s, %out[%i] : memref<16xi32>
    }
  }
  return
}

// -----

// A sequential loop around the reduction still shares its partials: they
// are allocated once in the function and filled before each reduction.

#T = #tlayout.tiled<{1,0:T(8,128)}>
// CHECK-LABEL: func.func @sequential_rows
// CHECK:       memref.alloca() : memref<128xi32>
// CHECK:       scf.for
// CHECK:       return
func.func @sequential_rows(%a: memref<16x300xi32, #T>, %out: memref<16xi32>) {
  %z = arith.constant 0 : i32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  scf.for %i = %c0 to %c16 step %c1 {
    %s = affine.for %j = 0 to 300 iter_args(%acc = %z) -> i32 {
      %x = memref.load %a[%i, %j] : memref<16x300xi32, #T>
      %n = arith.addi %acc, %x : i32
      affine.yield %n : i32
    }
    memref.store %s, %out[%i] : memref<16xi32>
  }
  return
}
