// RUN: tlayout-opt %s --tlayout-lower-to-llvm | %{run} | FileCheck %s
// RUN: tlayout-opt %s --tlayout-lower-to-llvm=simplify-indexing=false | %{run} | FileCheck %s
// RUN: tlayout-opt %s --tlayout-lower-to-llvm=physical-order=false | %{run} | FileCheck %s
// CHECK: [0, 2, 4]
// CHECK-NEXT: [1, 3, 5]
//
// Found by the random programs: physical-order (on in --tlayout-lower-to-llvm) also permutes nests
// over plain row-major memrefs: a column-order nest whose body calls a
// function with side effects is turned into row order, so a program with no
// tiled layout at all prints different numbers than upstream's lowering.
// Failed before its fix: tlayout-opt %s --tlayout-lower-to-llvm | mlir-runner ...
// Passes: --tlayout-lower-to-llvm=physical-order=false; mlir-opt
//   --lower-affine --convert-scf-to-cf --expand-strided-metadata
//   --finalize-memref-to-llvm --convert-to-llvm --reconcile-unrealized-casts
// Expected (j outer): [0, 2, 4], [1, 3, 5]
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
  %m = memref.alloc() : memref<2x3xi32>
  affine.for %j = 0 to 3 {
    affine.for %i = 0 to 2 {
      %t = func.call @tick(%cnt) : (memref<1xi32>) -> i32
      affine.store %t, %m[%i, %j] : memref<2x3xi32>
    }
  }
  %u = memref.cast %m : memref<2x3xi32> to memref<*xi32>
  call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  return
}
