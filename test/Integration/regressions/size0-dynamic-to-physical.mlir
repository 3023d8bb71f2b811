// RUN: tlayout-opt %s --tlayout-lower-to-llvm | FileCheck %s
// RUN: tlayout-opt %s --tlayout-lower-to-llvm=simplify-indexing=false | FileCheck %s
// RUN: tlayout-opt %s --tlayout-lower-to-llvm=physical-order=false | FileCheck %s
// CHECK: llvm.func
// CHECK-NOT: tlayout.
//
// Found by the random programs: a size-0 dimension with a dynamic one (here with tail padding L(n)):
// tlayout.to_physical crashes --lower-tiled-layouts (in
// memref::ReinterpretCastOp::build). Reduced from random_programs.py case
// 100:13.
// Tail padding is not needed: `?x0` with T(2,2) crashes the same way (cases
// 1005:14, 1005:19, 1005:20 of a run that left out L(n) on size-0 shapes).
// Failed before its fix: tlayout-opt %s --tlayout-lower-to-llvm (crash), either function
func.func @f(%n: index) -> memref<?xi32> {
  %m = memref.alloc(%n) : memref<0x?xi32, #tlayout.tiled<{1,0:T(4,5)(3)L(8)}>>
  %p = tlayout.to_physical %m : memref<0x?xi32, #tlayout.tiled<{1,0:T(4,5)(3)L(8)}>> to memref<?xi32>
  return %p : memref<?xi32>
}

func.func @g(%n: index) -> memref<?xi32> {
  %m = memref.alloc(%n) : memref<?x0xi32, #tlayout.tiled<{1,0:T(2,2)}>>
  %p = tlayout.to_physical %m : memref<?x0xi32, #tlayout.tiled<{1,0:T(2,2)}>> to memref<?xi32>
  return %p : memref<?xi32>
}
