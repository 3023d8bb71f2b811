// RUN: tlayout-opt %s --lower-tiled-layouts --tlayout-cpu-loops \
// RUN:   --split-input-file | FileCheck %s
// RUN: tlayout-opt %s --lower-tiled-layouts \
// RUN:   --tlayout-cpu-loops=predicate-tails=false --split-input-file \
// RUN:   | FileCheck %s --check-prefix=OFF
// RUN: tlayout-opt %s --split-input-file --tlayout-lower-to-llvm \
// RUN:   | mlir-translate --split-input-file --mlir-to-llvmir \
// RUN:   | FileCheck %s --check-prefix=LLVM

// Strip-mining a loop whose step does not divide the tile leaves a loop
// over one tile's elements of a few trips (42 or 43 for a step of 3 in a
// tile of 128), a different number in each tile. With predicate-tails (on
// by default), such a loop that holds no other loop becomes an scf.for,
// its body's affine ops lowered as --lower-affine lowers them, with LLVM's
// loop annotation vectorize.predicate.enable: LLVM masks the last vector
// trip instead of running a scalar remainder. (An affine.for's attributes
// do not survive --lower-affine, so the loop is lowered here.)

// CHECK-DAG:   #[[VEC:.*]] = #llvm.loop_vectorize<predicateEnable = true>
// CHECK-DAG:   #[[ANN:.*]] = #llvm.loop_annotation<vectorize = #[[VEC]]>
// CHECK-LABEL: func.func @step3
// CHECK:         affine.for %[[T:.*]] = 0 to 4 {
// CHECK-NEXT:      affine.for %[[R:.*]] = 0 to 8 {
// CHECK:             scf.for %[[E:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK-NEXT:          %[[X:.*]] = memref.load %{{.*}}[%{{.*}}, %[[T]], %[[R]], %[[E]]] : memref<8x4x8x128xf32>
// CHECK-NEXT:          %[[Y:.*]] = memref.load %{{.*}}[%{{.*}}, %[[T]], %[[R]], %[[E]]] : memref<8x4x8x128xf32>
// CHECK-NEXT:          %[[S:.*]] = arith.addf %[[X]], %[[Y]] : f32
// CHECK-NEXT:          memref.store %[[S]], %{{.*}}[%{{.*}}, %[[T]], %[[R]], %[[E]]] : memref<8x4x8x128xf32>
// CHECK-NEXT:        } {loop_annotation = #[[ANN]]}
// CHECK-NOT:     tlayout.predicated_tail
// OFF-LABEL:   func.func @step3
// OFF:           affine.for %{{.*}} = max #{{.*}} to min #{{.*}} step 3 {
// OFF-NOT:       scf.for
// OFF-NOT:       loop_annotation
// OFF:           return
// LLVM-LABEL:  define void @step3
// LLVM:          br label %{{.*}}, !llvm.loop ![[LOOP:[0-9]+]]
// LLVM:        ![[LOOP]] = distinct !{![[LOOP]], ![[PRED:[0-9]+]]}
// LLVM:        ![[PRED]] = !{!"llvm.loop.vectorize.predicate.enable", i1 true}
#T = #tlayout.tiled<{1,0:T(8,128)}>
func.func @step3(%a: memref<64x512xf32, #T>, %b: memref<64x512xf32, #T>,
                 %c: memref<64x512xf32, #T>) {
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 512 step 3 {
      %x = affine.load %a[%i, %j] : memref<64x512xf32, #T>
      %y = affine.load %b[%i, %j] : memref<64x512xf32, #T>
      %s = arith.addf %x, %y : f32
      affine.store %s, %c[%i, %j] : memref<64x512xf32, #T>
    }
  }
  return
}

// -----

// A step that divides the tile: every tile runs the same trips.
// CHECK-LABEL: func.func @step2
// CHECK:         affine.for %{{.*}} = 0 to 128 step 2 {
// CHECK-NOT:     scf.for
// CHECK-NOT:     loop_annotation
// CHECK:         return
#T = #tlayout.tiled<{1,0:T(8,128)}>
func.func @step2(%a: memref<64x512xf32, #T>, %c: memref<64x512xf32, #T>) {
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 512 step 2 {
      %x = affine.load %a[%i, %j] : memref<64x512xf32, #T>
      affine.store %x, %c[%i, %j] : memref<64x512xf32, #T>
    }
  }
  return
}

// -----

// The loop over a tile's elements holds another loop: it stays affine,
// and the mark goes.
// CHECK-LABEL: func.func @holds_a_loop
// CHECK:         affine.for %{{.*}} = max #{{.*}} to min #{{.*}} step 3 {
// CHECK:           affine.for %{{.*}} = 0 to 4 {
// CHECK-NOT:     scf.for
// CHECK-NOT:     loop_annotation
// CHECK-NOT:     tlayout.predicated_tail
// CHECK:         return
#T = #tlayout.tiled<{1,0:T(8,128)}>
func.func @holds_a_loop(%a: memref<64x512xf32, #T>, %c: memref<64x512x4xf32>) {
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 512 step 3 {
      %x = affine.load %a[%i, %j] : memref<64x512xf32, #T>
      affine.for %k = 0 to 4 {
        affine.store %x, %c[%i, %j, %k] : memref<64x512x4xf32>
      }
    }
  }
  return
}

// -----

// Untiled: nothing is strip-mined, nothing is marked.
// CHECK-LABEL: func.func @untiled
// CHECK:         affine.for %{{.*}} = 0 to 512 step 3 {
// CHECK-NOT:     scf.for
// CHECK:         return
func.func @untiled(%a: memref<64x512xf32>, %c: memref<64x512xf32>) {
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 512 step 3 {
      %x = affine.load %a[%i, %j] : memref<64x512xf32>
      affine.store %x, %c[%i, %j] : memref<64x512xf32>
    }
  }
  return
}

// -----

// An affine.if in the body is lowered with it (to scf.if).
// CHECK-LABEL: func.func @if_in_body
// CHECK:         scf.for
// CHECK:           scf.if
// CHECK:         } {loop_annotation = #{{.*}}}
// CHECK-NOT:     affine.if
// CHECK:         return
#T = #tlayout.tiled<{1,0:T(8,128)}>
func.func @if_in_body(%a: memref<64x512xf32, #T>, %c: memref<64x512xf32, #T>) {
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 512 step 3 {
      affine.if affine_set<(d0) : (d0 - 256 >= 0)>(%j) {
        %x = affine.load %a[%i, %j] : memref<64x512xf32, #T>
        affine.store %x, %c[%i, %j] : memref<64x512xf32, #T>
      }
    }
  }
  return
}

// -----

// An affine op that --lower-affine's patterns do not lower: the loop stays
// affine, and the mark goes.
// CHECK-LABEL: func.func @delinearize_in_body
// CHECK:         affine.for %{{.*}} = max #{{.*}} to min #{{.*}} step 3 {
// CHECK:           affine.delinearize_index
// CHECK-NOT:     scf.for
// CHECK-NOT:     tlayout.predicated_tail
// CHECK:         return
#T = #tlayout.tiled<{1,0:T(8,128)}>
func.func @delinearize_in_body(%a: memref<64x512xf32, #T>, %c: memref<64x512xindex>) {
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 512 step 3 {
      %x = affine.load %a[%i, %j] : memref<64x512xf32, #T>
      %q:2 = affine.delinearize_index %j into (4, 128) : index, index
      affine.store %q#1, %c[%i, %j] : memref<64x512xindex>
    }
  }
  return
}
