// RUN: tlayout-opt %s --lower-tiled-layouts --tlayout-simplify-indexing \
// RUN:   | FileCheck %s --check-prefix=MARKED
// RUN: tlayout-opt %s --lower-tiled-layouts --tlayout-simplify-indexing \
// RUN:   --tlayout-cpu-predicate-tails | FileCheck %s

// --tlayout-simplify-indexing marks the loop over a tile's elements whose
// step (3) does not divide the tile (128); --tlayout-cpu-predicate-tails
// lowers it to an scf.for that asks LLVM's vectorizer for a masked tail.

// MARKED-LABEL: func.func @step3
// MARKED:         affine.for %{{.*}} = max #{{.*}} to min #{{.*}} step 3 {
// MARKED:         } {tlayout.predicated_tail}
// CHECK-DAG:     #[[VEC:.*]] = #llvm.loop_vectorize<predicateEnable = true>
// CHECK-DAG:     #[[ANN:.*]] = #llvm.loop_annotation<vectorize = #[[VEC]]>
// CHECK-LABEL:   func.func @step3
// CHECK:           scf.for
// CHECK:           } {loop_annotation = #[[ANN]]}
// CHECK-NOT:       tlayout.predicated_tail
#T = #tlayout.tiled<{1,0:T(8,128)}>
func.func @step3(%a: memref<64x512xf32, #T>, %b: memref<64x512xf32, #T>) {
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 512 step 3 {
      %x = affine.load %a[%i, %j] : memref<64x512xf32, #T>
      %y = arith.addf %x, %x : f32
      affine.store %y, %b[%i, %j] : memref<64x512xf32, #T>
    }
  }
  return
}
