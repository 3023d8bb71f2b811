// Dynamic shapes run: sizes known only at run time flow through calls, loop
// bounds come from memref.dim, and the physical buffers match the static
// placements.
// RUN: tlayout-opt %s %{lower_to_llvm} | %{run} | FileCheck %s

#fig1 = #tlayout.tiled<{1,0:T(2,2)}>
#comb = #tlayout.tiled<{1,0:T(*,4)}>

func.func private @printMemrefI32(memref<*xi32>)

/// Stores i * cols + j at every logical (i, j); bounds from memref.dim.
func.func @fill(%m: memref<?x?xi32, #fig1>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %m, %c0 : memref<?x?xi32, #fig1>
  %cols = memref.dim %m, %c1 : memref<?x?xi32, #fig1>
  scf.for %i = %c0 to %rows step %c1 {
    scf.for %j = %c0 to %cols step %c1 {
      %r = arith.muli %i, %cols : index
      %v = arith.addi %r, %j : index
      %w = arith.index_cast %v : index to i32
      memref.store %w, %m[%i, %j] : memref<?x?xi32, #fig1>
    }
  }
  return
}

func.func @fill_combined(%m: memref<?x?xi32, #comb>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %m, %c0 : memref<?x?xi32, #comb>
  %cols = memref.dim %m, %c1 : memref<?x?xi32, #comb>
  scf.for %i = %c0 to %rows step %c1 {
    scf.for %j = %c0 to %cols step %c1 {
      %r = arith.muli %i, %cols : index
      %v = arith.addi %r, %j : index
      %w = arith.index_cast %v : index to i32
      memref.store %w, %m[%i, %j] : memref<?x?xi32, #comb>
    }
  }
  return
}

func.func @clear(%p: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %neg = arith.constant -1 : i32
  %n = memref.dim %p, %c0 : memref<?xi32>
  scf.for %k = %c0 to %n step %c1 {
    memref.store %neg, %p[%k] : memref<?xi32>
  }
  return
}

func.func @run(%rows: index, %cols: index) {
  %a = memref.alloc(%rows, %cols) : memref<?x?xi32, #fig1>
  %pa = tlayout.to_physical %a : memref<?x?xi32, #fig1> to memref<?xi32>
  call @clear(%pa) : (memref<?xi32>) -> ()
  call @fill(%a) : (memref<?x?xi32, #fig1>) -> ()
  %ua = memref.cast %pa : memref<?xi32> to memref<*xi32>
  call @printMemrefI32(%ua) : (memref<*xi32>) -> ()

  %b = memref.alloc(%rows, %cols)[%rows, %cols] : memref<?x?xi32, #comb>
  %pb = tlayout.to_physical %b : memref<?x?xi32, #comb> to memref<?xi32>
  call @clear(%pb) : (memref<?xi32>) -> ()
  call @fill_combined(%b) : (memref<?x?xi32, #comb>) -> ()
  %ub = memref.cast %pb : memref<?xi32> to memref<*xi32>
  call @printMemrefI32(%ub) : (memref<*xi32>) -> ()
  memref.dealloc %a : memref<?x?xi32, #fig1>
  memref.dealloc %b : memref<?x?xi32, #comb>
  return
}

func.func @main() {
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  // Figure 1 with run-time sizes: 24 elements, the same placement.
  // CHECK: sizes = [24]
  // CHECK-NEXT: [0,  1,  5,  6,  2,  3,  7,  8,  4,  -1,  9,  -1,  10,  11,  -1,  -1,  12,  13,  -1,  -1,  14,  -1,  -1,  -1]
  // Combining the rows into the columns, then tiles of 4: row-major with the
  // last tile padded.
  // CHECK: sizes = [16]
  // CHECK-NEXT: [0,  1,  2,  3,  4,  5,  6,  7,  8,  9,  10,  11,  12,  13,  14,  -1]
  call @run(%c3, %c5) : (index, index) -> ()
  return
}
