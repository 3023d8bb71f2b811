// RUN: tlayout-opt %s --tlayout-lower-to-llvm | FileCheck %s
// RUN: tlayout-opt %s --tlayout-lower-to-llvm=simplify-indexing=false | FileCheck %s
// RUN: tlayout-opt %s --tlayout-lower-to-llvm=physical-order=false | FileCheck %s
// CHECK: llvm.func
// CHECK-NOT: tlayout.
//
// Found by the random programs: an empty tlayout.subview at the end of a dimension (offset equal
// to the size, size 0) lowers to a memref.subview upstream's verifier
// rejects ("offset 4 is out-of-bounds: 4 >= 4"). Also on layouts without
// tiles (`{0}`, `{1,0}`), where the view lowers to memref.subview directly.
// Reduced from random_programs.py cases 100:1, 2:22 and others.
// Failed before its fix: tlayout-opt %s --tlayout-lower-to-llvm
func.func private @use(memref<2x0xi32, #tlayout.tiled<{1,0:T(2,2)}, parent = [4, 4], offsets = [0, 4]>>)
func.func private @use1(memref<0xi32, #tlayout.tiled<{0}, parent = [2], offsets = [2]>>)
func.func @f(%m: memref<4x4xi32, #tlayout.tiled<{1,0:T(2,2)}>>, %n: memref<2xi32, #tlayout.tiled<{0}>>) {
  %v = tlayout.subview %m[0, 4] [2, 0] : memref<4x4xi32, #tlayout.tiled<{1,0:T(2,2)}>> to memref<2x0xi32, #tlayout.tiled<{1,0:T(2,2)}, parent = [4, 4], offsets = [0, 4]>>
  call @use(%v) : (memref<2x0xi32, #tlayout.tiled<{1,0:T(2,2)}, parent = [4, 4], offsets = [0, 4]>>) -> ()
  %w = tlayout.subview %n[2] [0] : memref<2xi32, #tlayout.tiled<{0}>> to memref<0xi32, #tlayout.tiled<{0}, parent = [2], offsets = [2]>>
  call @use1(%w) : (memref<0xi32, #tlayout.tiled<{0}, parent = [2], offsets = [2]>>) -> ()
  return
}
