// RUN: tlayout-opt %s --tlayout-lower-to-llvm | %{run} | FileCheck %s
// RUN: tlayout-opt %s --tlayout-lower-to-llvm=simplify-indexing=false | %{run} | FileCheck %s
// RUN: tlayout-opt %s --tlayout-lower-to-llvm=physical-order=false | %{run} | FileCheck %s
//
// Found by an adversarial hunt: a loop stepping by 2 whose index is divided
// by two tile periods (rows `i floordiv 2` and `i` of a T(4,8) array). The
// strip-mining queued a new tile loop twice (as a tile loop, then as the
// parent of a loop normalized inside it), erased it at its first visit and
// read it at the second: --tlayout-simplify-indexing crashed (segfault).
// Failed before its fix: tlayout-opt %s --tlayout-lower-to-llvm
// Passes: --tlayout-lower-to-llvm=simplify-indexing=false
// Expected: rows 0..11 (`i floordiv 2`) hold 1 in columns 0..15; column 0
// of the even rows 0..22 (`i`) is then overwritten by 2, and incremented
// once more where row `i floordiv 2` comes later (rows 2..10: 3).
// CHECK:      [2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0]
// CHECK-NEXT: [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0]
// CHECK-NEXT: [3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0]
// CHECK-NEXT: [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0]
// CHECK-NEXT: [3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0]
// CHECK-NEXT: [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0]
// CHECK-NEXT: [3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0]
// CHECK-NEXT: [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0]
// CHECK-NEXT: [3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0]
// CHECK-NEXT: [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0]
// CHECK-NEXT: [3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0]
// CHECK-NEXT: [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0]
// CHECK-NEXT: [2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
// CHECK-NEXT: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
// CHECK-NEXT: [2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
// CHECK-NEXT: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
// CHECK-NEXT: [2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
// CHECK-NEXT: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
// CHECK-NEXT: [2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
// CHECK-NEXT: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
// CHECK-NEXT: [2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
// CHECK-NEXT: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
// CHECK-NEXT: [2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
// CHECK-NEXT: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
// CHECK-NEXT: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
// CHECK-NEXT: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
#L = #tlayout.tiled<{1,0:T(4,8)}>
func.func private @printMemrefI32(memref<*xi32>)
func.func @k(%out: memref<26x18xi32, #L>) {
  %one = arith.constant 1 : i32
  %two = arith.constant 2 : i32
  affine.for %i = 0 to 24 step 2 {
    affine.for %j = 0 to 16 {
      %a = affine.load %out[%i floordiv 2, %j] : memref<26x18xi32, #L>
      %b = arith.addi %a, %one : i32
      affine.store %b, %out[%i floordiv 2, %j] : memref<26x18xi32, #L>
      affine.store %two, %out[%i, 0] : memref<26x18xi32, #L>
    }
  }
  return
}
func.func @main() {
  %z = arith.constant 0 : i32
  %m = memref.alloc() : memref<26x18xi32, #L>
  %plain = memref.alloc() : memref<26x18xi32>
  affine.for %r = 0 to 26 {
    affine.for %c = 0 to 18 {
      affine.store %z, %plain[%r, %c] : memref<26x18xi32>
    }
  }
  memref.copy %plain, %m : memref<26x18xi32> to memref<26x18xi32, #L>
  call @k(%m) : (memref<26x18xi32, #L>) -> ()
  memref.copy %m, %plain : memref<26x18xi32, #L> to memref<26x18xi32>
  %u = memref.cast %plain : memref<26x18xi32> to memref<*xi32>
  call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  return
}
