// RUN: tlayout-opt %s --tlayout-lower-to-llvm | FileCheck %s
// RUN: tlayout-opt %s --tlayout-lower-to-llvm=simplify-indexing=false | FileCheck %s
// RUN: tlayout-opt %s --tlayout-lower-to-llvm=physical-order=false | FileCheck %s
// CHECK: llvm.func
// CHECK-NOT: tlayout.
//
// Found by the random programs: memref.cast from static to dynamic sizes of a layout with tiles
// and tail padding L(n) is rejected by the lowering ("failed to legalize
// operation 'memref.cast'"); the same cast without L(n) lowers.
// Reduced from random_programs.py cases 100:12, 102:2 and others.
// Failed before its fix: tlayout-opt %s --tlayout-lower-to-llvm
func.func private @use(memref<?x?xi32, #tlayout.tiled<{1,0:T(2,2)L(16)}>>)
func.func @f() {
  %m = memref.alloc() : memref<3x3xi32, #tlayout.tiled<{1,0:T(2,2)L(16)}>>
  %d = memref.cast %m : memref<3x3xi32, #tlayout.tiled<{1,0:T(2,2)L(16)}>> to memref<?x?xi32, #tlayout.tiled<{1,0:T(2,2)L(16)}>>
  call @use(%d) : (memref<?x?xi32, #tlayout.tiled<{1,0:T(2,2)L(16)}>>) -> ()
  return
}
