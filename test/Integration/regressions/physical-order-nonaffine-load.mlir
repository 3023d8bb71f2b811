// RUN: tlayout-opt %s --tlayout-lower-to-llvm | %{run} | FileCheck %s
// RUN: tlayout-opt %s --tlayout-lower-to-llvm=simplify-indexing=false | %{run} | FileCheck %s
// RUN: tlayout-opt %s --tlayout-lower-to-llvm=physical-order=false | %{run} | FileCheck %s
// CHECK: [0, 1, 2, 3]
// CHECK-NEXT: [101, 102, 103, 7]
// CHECK-NEXT: [202, 203, 107, 11]
// CHECK-NEXT: [303, 207, 111, 15]
//
// Found by the random programs: physical-order permutes an affine.for nest whose body reads, with
// memref.load at indices computed by arith ops, an element an earlier
// iteration stored (a read-after-write the dependence analysis cannot see).
// Failed before its fix: tlayout-opt %s --tlayout-lower-to-llvm | mlir-runner ...
// Passes: --tlayout-lower-to-llvm=physical-order=false, and upstream's
// lowering of the same program with a row-major memref.
// Expected (the i-outer order, as written):
//   [0, 1, 2, 3], [101, 102, 103, 7], [202, 203, 107, 11], [303, 207, 111, 15]
// Printed with physical-order: [0, 1, 2, 3], [101, 102, 103, 7],
//   [105, 106, 107, 11], [109, 110, 111, 15] (the j loop moved outside)
#l = #tlayout.tiled<{0,1}>
func.func private @printMemrefI32(memref<*xi32>)
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c100 = arith.constant 100 : i32
  %m = memref.alloc() : memref<4x4xi32, #l>
  scf.for %i = %c0 to %c4 step %c1 {
    scf.for %j = %c0 to %c4 step %c1 {
      %r = arith.muli %i, %c4 : index
      %k = arith.addi %r, %j : index
      %v = arith.index_cast %k : index to i32
      memref.store %v, %m[%i, %j] : memref<4x4xi32, #l>
    }
  }
  affine.for %i = 1 to 4 {
    affine.for %j = 0 to 3 {
      %i1 = arith.subi %i, %c1 : index
      %j1 = arith.addi %j, %c1 : index
      %x = memref.load %m[%i1, %j1] : memref<4x4xi32, #l>
      %y = arith.addi %x, %c100 : i32
      affine.store %y, %m[%i, %j] : memref<4x4xi32, #l>
    }
  }
  %out = memref.alloc() : memref<4x4xi32>
  memref.copy %m, %out : memref<4x4xi32, #l> to memref<4x4xi32>
  %u = memref.cast %out : memref<4x4xi32> to memref<*xi32>
  call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  return
}
