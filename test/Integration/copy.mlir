// memref.copy between layouts runs: row-major -> Figure 1 tiles -> a
// two-level tiling -> row-major gives back the input, and the tiled buffer
// holds Figure 1's placement. Also with run-time sizes.
// RUN: tlayout-opt %s %{lower_to_llvm} | %{run} | FileCheck %s

#fig1 = #tlayout.tiled<{1,0:T(2,2)}>
#two = #tlayout.tiled<{0,1:T(2,4)(2,1)}>

func.func private @printMemrefI32(memref<*xi32>)

func.func @iota(%a: memref<?x?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %a, %c0 : memref<?x?xi32>
  %cols = memref.dim %a, %c1 : memref<?x?xi32>
  scf.for %i = %c0 to %rows step %c1 {
    scf.for %j = %c0 to %cols step %c1 {
      %r = arith.muli %i, %cols : index
      %v = arith.addi %r, %j : index
      %w = arith.index_cast %v : index to i32
      memref.store %w, %a[%i, %j] : memref<?x?xi32>
    }
  }
  return
}

func.func @fill(%p: memref<?xi32>, %v: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %p, %c0 : memref<?xi32>
  scf.for %k = %c0 to %n step %c1 {
    memref.store %v, %p[%k] : memref<?xi32>
  }
  return
}

func.func @static_copies() {
  %neg = arith.constant -1 : i32
  %a = memref.alloc() : memref<3x5xi32>
  %ad = memref.cast %a : memref<3x5xi32> to memref<?x?xi32>
  call @iota(%ad) : (memref<?x?xi32>) -> ()
  %b = memref.alloc() : memref<3x5xi32, #fig1>
  %pb = tlayout.to_physical %b : memref<3x5xi32, #fig1> to memref<24xi32>
  %pbd = memref.cast %pb : memref<24xi32> to memref<?xi32>
  call @fill(%pbd, %neg) : (memref<?xi32>, i32) -> ()
  memref.copy %a, %b : memref<3x5xi32> to memref<3x5xi32, #fig1>
  %ub = memref.cast %pb : memref<24xi32> to memref<*xi32>
  // CHECK: sizes = [24]
  // CHECK-NEXT: [0,  1,  5,  6,  2,  3,  7,  8,  4,  -1,  9,  -1,  10,  11,  -1,  -1,  12,  13,  -1,  -1,  14,  -1,  -1,  -1]
  call @printMemrefI32(%ub) : (memref<*xi32>) -> ()
  %c = memref.alloc() : memref<3x5xi32, #two>
  memref.copy %b, %c : memref<3x5xi32, #fig1> to memref<3x5xi32, #two>
  %d = memref.alloc() : memref<3x5xi32>
  memref.copy %c, %d : memref<3x5xi32, #two> to memref<3x5xi32>
  %ud = memref.cast %d : memref<3x5xi32> to memref<*xi32>
  // CHECK: sizes = [3, 5]
  // CHECK-NEXT: {{\[}}[0,   1,   2,   3,   4],
  // CHECK-NEXT: [5,   6,   7,   8,   9],
  // CHECK-NEXT: [10,   11,   12,   13,   14]]
  call @printMemrefI32(%ud) : (memref<*xi32>) -> ()
  memref.dealloc %a : memref<3x5xi32>
  memref.dealloc %b : memref<3x5xi32, #fig1>
  memref.dealloc %c : memref<3x5xi32, #two>
  memref.dealloc %d : memref<3x5xi32>
  return
}

func.func @dynamic_copies(%rows: index, %cols: index) {
  %neg = arith.constant -1 : i32
  %a = memref.alloc(%rows, %cols) : memref<?x?xi32>
  call @iota(%a) : (memref<?x?xi32>) -> ()
  %b = memref.alloc(%rows, %cols) : memref<?x?xi32, #fig1>
  %pb = tlayout.to_physical %b : memref<?x?xi32, #fig1> to memref<?xi32>
  call @fill(%pb, %neg) : (memref<?xi32>, i32) -> ()
  memref.copy %a, %b : memref<?x?xi32> to memref<?x?xi32, #fig1>
  %ub = memref.cast %pb : memref<?xi32> to memref<*xi32>
  // CHECK: sizes = [24]
  // CHECK-NEXT: [0,  1,  5,  6,  2,  3,  7,  8,  4,  -1,  9,  -1,  10,  11,  -1,  -1,  12,  13,  -1,  -1,  14,  -1,  -1,  -1]
  call @printMemrefI32(%ub) : (memref<*xi32>) -> ()
  %d = memref.alloc(%rows, %cols) : memref<?x?xi32>
  memref.copy %b, %d : memref<?x?xi32, #fig1> to memref<?x?xi32>
  %ud = memref.cast %d : memref<?x?xi32> to memref<*xi32>
  // CHECK: sizes = [3, 5]
  // CHECK-NEXT: {{\[}}[0,   1,   2,   3,   4],
  // CHECK-NEXT: [5,   6,   7,   8,   9],
  // CHECK-NEXT: [10,   11,   12,   13,   14]]
  call @printMemrefI32(%ud) : (memref<*xi32>) -> ()
  memref.dealloc %a : memref<?x?xi32>
  memref.dealloc %b : memref<?x?xi32, #fig1>
  memref.dealloc %d : memref<?x?xi32>
  return
}

func.func @main() {
  call @static_copies() : () -> ()
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  call @dynamic_copies(%c3, %c5) : (index, index) -> ()
  return
}
