// memref.realloc takes identity layouts only (its verifier rejects a tiled
// memref). docs/MemRefOps.md gives its tlayout equivalent: allocate the new
// size, copy the elements both sizes hold through views of that size, and
// free the old buffer. This runs it, growing and shrinking (static and
// dynamic sizes, another tile size), and prints what realloc of row-major
// memrefs keeps: the elements both sizes hold.
// RUN: tlayout-opt %s %{lower_to_llvm} | %{run} | FileCheck %s

#t = #tlayout.tiled<{0:T(4)}>
#v = #tlayout.tiled<{0:T(8)}>

func.func private @printMemrefI32(memref<*xi32>)

/// Prints the first `n` elements of `m`, each through its layout.
func.func @print(%m: memref<?xi32, #t>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %plain = memref.alloc(%n) : memref<?xi32>
  scf.for %i = %c0 to %n step %c1 {
    %v = memref.load %m[%i] : memref<?xi32, #t>
    memref.store %v, %plain[%i] : memref<?xi32>
  }
  %u = memref.cast %plain : memref<?xi32> to memref<*xi32>
  call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  memref.dealloc %plain : memref<?xi32>
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c6 = arith.constant 6 : index
  %c10 = arith.constant 10 : index
  %c13 = arith.constant 13 : index
  %m = memref.alloc() : memref<10xi32, #t>
  scf.for %i = %c0 to %c10 step %c1 {
    %v = arith.index_cast %i : index to i32
    memref.store %v, %m[%i] : memref<10xi32, #t>
  }

  // Grow 10 -> 13: the first 10 elements are kept; write the rest.
  %g = memref.alloc() : memref<13xi32, #t>
  %gv = tlayout.subview %g[0] [10] : memref<13xi32, #t> to memref<10xi32, #tlayout.tiled<{0:T(4)}, parent = [13], offsets = [0]>>
  memref.copy %m, %gv : memref<10xi32, #t> to memref<10xi32, #tlayout.tiled<{0:T(4)}, parent = [13], offsets = [0]>>
  memref.dealloc %m : memref<10xi32, #t>
  %seven = arith.constant 77 : i32
  scf.for %i = %c10 to %c13 step %c1 {
    memref.store %seven, %g[%i] : memref<13xi32, #t>
  }
  %gd = memref.cast %g : memref<13xi32, #t> to memref<?xi32, #t>
  // CHECK: Unranked Memref
  // CHECK-SAME: sizes = [13]
  // CHECK-NEXT: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 77, 77, 77]
  call @print(%gd, %c13) : (memref<?xi32, #t>, index) -> ()

  // Shrink 13 -> ? (6).
  %s = memref.alloc(%c6) : memref<?xi32, #t>
  %sv = tlayout.subview %g[0] [%c6] : memref<13xi32, #t> to memref<?xi32, #tlayout.tiled<{0:T(4)}, parent = [13], offsets = [0]>>
  memref.copy %sv, %s : memref<?xi32, #tlayout.tiled<{0:T(4)}, parent = [13], offsets = [0]>> to memref<?xi32, #t>
  memref.dealloc %g : memref<13xi32, #t>
  // CHECK: Unranked Memref
  // CHECK-SAME: sizes = [6]
  // CHECK-NEXT: [0, 1, 2, 3, 4, 5]
  call @print(%s, %c6) : (memref<?xi32, #t>, index) -> ()

  // Grow ? (6) -> 10 with another tile size.
  %w = memref.alloc() : memref<10xi32, #v>
  %wv = tlayout.subview %w[0] [%c6] : memref<10xi32, #v> to memref<?xi32, #tlayout.tiled<{0:T(8)}, parent = [10], offsets = [0]>>
  memref.copy %s, %wv : memref<?xi32, #t> to memref<?xi32, #tlayout.tiled<{0:T(8)}, parent = [10], offsets = [0]>>
  memref.dealloc %s : memref<?xi32, #t>
  %plain = memref.alloc() : memref<6xi32>
  scf.for %i = %c0 to %c6 step %c1 {
    %v = memref.load %w[%i] : memref<10xi32, #v>
    memref.store %v, %plain[%i] : memref<6xi32>
  }
  %u = memref.cast %plain : memref<6xi32> to memref<*xi32>
  // CHECK: Unranked Memref
  // CHECK-NEXT: [0, 1, 2, 3, 4, 5]
  call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  memref.dealloc %plain : memref<6xi32>
  memref.dealloc %w : memref<10xi32, #v>
  return
}
