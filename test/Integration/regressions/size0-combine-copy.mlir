// RUN: tlayout-opt %s --tlayout-lower-to-llvm | FileCheck %s
// RUN: tlayout-opt %s --tlayout-lower-to-llvm=simplify-indexing=false | FileCheck %s
// RUN: tlayout-opt %s --tlayout-lower-to-llvm=physical-order=false | FileCheck %s
// CHECK: llvm.func
// CHECK-NOT: tlayout.
//
// Found by the random programs: size-0 dimensions combined by `*` into the next dimension. A copy
// into such a memref fails to lower ("division by non-positive value is not
// supported" at the memref.copy).
// Failed before its fix: tlayout-opt %s --tlayout-lower-to-llvm
func.func @copy(%a: memref<3x0xi32>) {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %b = memref.alloc()[%c3, %c0] : memref<3x0xi32, #tlayout.tiled<{1,0:T(*,2)}>>
  memref.copy %a, %b : memref<3x0xi32> to memref<3x0xi32, #tlayout.tiled<{1,0:T(*,2)}>>
  return
}
