// RUN: tlayout-opt %s --tlayout-lower-to-llvm | %{run} | FileCheck %s
// RUN: tlayout-opt %s --tlayout-lower-to-llvm=physical-order=false | %{run} | FileCheck %s
//
// Found by the random programs with cf blocks: a static buffer cast to
// dynamic sizes reaches a loop through a block argument, so its bound is a
// constant only once the block argument folds away. The loop from 3 to 3,
// strip-mined by the tile-row walk, is an outer loop with no trips around
// an inner loop bounded by `min(3, d0 * -3 + s0)`, and MLIR 22's folding of
// that inner loop's bounds (run by the greedy driver of
// --convert-vector-to-scf) left an upper bound map without results: 'affine.for
// op expected upper bound map to have at least one result'. Affine ops are
// now lowered before the vector lowering folds anything.
// Reduced from random_programs.py case 100:9 (an earlier salt of its cf
// blocks).
// Failed before its fix: tlayout-opt %s --tlayout-lower-to-llvm

#t = #tlayout.tiled<{0,1:T(3,3,*,1,3)(2,1)}>

func.func private @f(%sel: index) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %v = arith.constant 5 : i32
  %z = arith.constant 0 : i32
  %a = memref.alloc() : memref<3x1xi32, #t>
  %b = memref.alloc() : memref<3x1xi32, #t>
  memref.store %z, %a[%c2, %c0] : memref<3x1xi32, #t>
  memref.store %z, %b[%c2, %c0] : memref<3x1xi32, #t>
  %ca = memref.cast %a : memref<3x1xi32, #t> to memref<?x?xi32, #t>
  %cb = memref.cast %b : memref<3x1xi32, #t> to memref<?x?xi32, #t>
  %p = arith.cmpi eq, %sel, %c0 : index
  cf.cond_br %p, ^j(%ca : memref<?x?xi32, #t>), ^j(%cb : memref<?x?xi32, #t>)
^j(%m: memref<?x?xi32, #t>):
  %d0 = memref.dim %m, %c0 : memref<?x?xi32, #t>
  // No trips: 3 to 3.
  affine.for %i = 3 to %d0 {
    memref.store %v, %m[%i, %c0] : memref<?x?xi32, #t>
  }
  // Two trips: 1 to 3.
  affine.for %i = 1 to %d0 {
    memref.store %v, %m[%i, %c0] : memref<?x?xi32, #t>
  }
  %r = memref.load %m[%c2, %c0] : memref<?x?xi32, #t>
  memref.dealloc %a : memref<3x1xi32, #t>
  memref.dealloc %b : memref<3x1xi32, #t>
  return %r : i32
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // CHECK: 5
  // CHECK-NEXT: 5
  %x = func.call @f(%c0) : (index) -> i32
  %y = func.call @f(%c1) : (index) -> i32
  vector.print %x : i32
  vector.print %y : i32
  return
}
