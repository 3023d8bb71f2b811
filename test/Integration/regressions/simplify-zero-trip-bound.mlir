// RUN: tlayout-opt %s --tlayout-lower-to-llvm | FileCheck %s
// RUN: tlayout-opt %s --tlayout-lower-to-llvm=simplify-indexing=false | FileCheck %s
// RUN: tlayout-opt %s --tlayout-lower-to-llvm=physical-order=false | FileCheck %s
// CHECK: llvm.func
// CHECK-NOT: tlayout.
//
// Found by the random programs: with index simplification (tile-loops), a loop nest over a memref
// with a size-0 dimension (bounds from memref.dim) reading a tiled memref
// lowers to an affine.for whose upper bound map has no result: the pipeline
// stops with "'affine.for' op expected upper bound map to have at least one
// result" (reported after convert-vector-to-scf folds the bounds).
// Reduced from random_programs.py case 100:9.
// Failed before its fix: tlayout-opt %s --tlayout-lower-to-llvm (also physical-order=false)
// Passes: --tlayout-lower-to-llvm=simplify-indexing=false
func.func @f() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = memref.alloc() : memref<3x3xi32, #tlayout.tiled<{0,1:T(3,3)}>>
  %d = memref.dim %m, %c1 : memref<3x3xi32, #tlayout.tiled<{0,1:T(3,3)}>>
  %out = memref.alloc() : memref<0x2xi32>
  %n = memref.dim %out, %c0 : memref<0x2xi32>
  %k = memref.dim %out, %c1 : memref<0x2xi32>
  affine.for %i = 0 to %n {
    affine.for %j = 0 to %k {
      %x = arith.subi %d, %c1 : index
      %v = affine.load %m[%i, %j] : memref<3x3xi32, #tlayout.tiled<{0,1:T(3,3)}>>
      affine.store %v, %out[%i, %j] : memref<0x2xi32>
    }
  }
  return
}
