// RUN: tlayout-opt %s --tlayout-lower-to-llvm | %{run} | FileCheck %s
// RUN: tlayout-opt %s --tlayout-lower-to-llvm=simplify-indexing=false | %{run} | FileCheck %s
// RUN: tlayout-opt %s --tlayout-lower-to-llvm=physical-order=false | %{run} | FileCheck %s
// CHECK: [0, 1, 2]
// CHECK-NEXT: [3, 4, 5]
//
// Found by the random programs: physical-order permutes an affine.for nest whose body calls a
// function with side effects (a counter bumped through memref.load/store in
// another buffer), so every element gets a different counter value.
// Reduced from random_programs.py case 1000:30.
// Failed before its fix: tlayout-opt %s --tlayout-lower-to-llvm | mlir-runner ...
// Passes: --tlayout-lower-to-llvm=physical-order=false.
// Expected (i outer): [0, 1, 2], [3, 4, 5]
#l = #tlayout.tiled<{0,1:T(2,2)}>
func.func private @printMemrefI32(memref<*xi32>)
func.func private @tick(%c: memref<1xi32>) -> i32 {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i32
  %v = memref.load %c[%c0] : memref<1xi32>
  %n = arith.addi %v, %one : i32
  memref.store %n, %c[%c0] : memref<1xi32>
  return %v : i32
}
func.func @main() {
  %c0 = arith.constant 0 : index
  %z = arith.constant 0 : i32
  %cnt = memref.alloc() : memref<1xi32>
  memref.store %z, %cnt[%c0] : memref<1xi32>
  %m = memref.alloc() : memref<2x3xi32, #l>
  affine.for %i = 0 to 2 {
    affine.for %j = 0 to 3 {
      %t = func.call @tick(%cnt) : (memref<1xi32>) -> i32
      affine.store %t, %m[%i, %j] : memref<2x3xi32, #l>
    }
  }
  %out = memref.alloc() : memref<2x3xi32>
  memref.copy %m, %out : memref<2x3xi32, #l> to memref<2x3xi32>
  %u = memref.cast %out : memref<2x3xi32> to memref<*xi32>
  call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  return
}
