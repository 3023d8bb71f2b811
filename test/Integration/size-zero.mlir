// Size-0 and size-1 dimensions run: copies into and out of memrefs with a
// size-0 dimension (static, or 0 only at run time) do nothing, also where
// `*` combines the size-0 dimension with another; `*` over size-1
// dimensions copies like the untiled program; a root of static size 0 in
// one dimension and dynamic size in another has an empty physical buffer;
// accesses, views and casts of empty memrefs lower.
// RUN: tlayout-opt %s %{lower_to_llvm} | %{run} | FileCheck %s

#comb = #tlayout.tiled<{1,0:T(*,2)}>
#comb_t = #tlayout.tiled<{0,1:T(*,2)}>
#pad = #tlayout.tiled<{1,0:L(4)}>
#fig1 = #tlayout.tiled<{1,0:T(2,2)}>

func.func private @printMemrefI32(memref<*xi32>)

/// Stores 10 * i + j at every (i, j) of an untiled memref.
func.func @fill(%m: memref<?x?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c10 = arith.constant 10 : index
  %rows = memref.dim %m, %c0 : memref<?x?xi32>
  %cols = memref.dim %m, %c1 : memref<?x?xi32>
  scf.for %i = %c0 to %rows step %c1 {
    scf.for %j = %c0 to %cols step %c1 {
      %r = arith.muli %i, %c10 : index
      %x = arith.addi %r, %j : index
      %w = arith.index_cast %x : index to i32
      memref.store %w, %m[%i, %j] : memref<?x?xi32>
    }
  }
  return
}

/// Prints a memref, or "empty" and its sizes when it has no elements
/// (printMemrefI32 reads one element even then).
func.func @print2(%m: memref<?x?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %m, %c0 : memref<?x?xi32>
  %cols = memref.dim %m, %c1 : memref<?x?xi32>
  %n = arith.muli %rows, %cols : index
  %empty = arith.cmpi eq, %n, %c0 : index
  scf.if %empty {
    vector.print str "empty "
    vector.print %rows : index
    vector.print %cols : index
  } else {
    %u = memref.cast %m : memref<?x?xi32> to memref<*xi32>
    func.call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  }
  return
}

/// Copies through a tiled memref of the sizes of %a: in, then out into %b.
func.func @round_trip(%a: memref<?x?xi32>, %b: memref<?x?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %a, %c0 : memref<?x?xi32>
  %cols = memref.dim %a, %c1 : memref<?x?xi32>
  %t = memref.alloc(%rows, %cols)[%rows, %cols] : memref<?x?xi32, #comb>
  memref.copy %a, %t : memref<?x?xi32> to memref<?x?xi32, #comb>
  memref.copy %t, %b : memref<?x?xi32, #comb> to memref<?x?xi32>
  memref.dealloc %t : memref<?x?xi32, #comb>
  return
}

func.func @round_trip_t(%a: memref<?x?xi32>, %b: memref<?x?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %a, %c0 : memref<?x?xi32>
  %cols = memref.dim %a, %c1 : memref<?x?xi32>
  %t = memref.alloc(%rows, %cols)[%rows, %cols] : memref<?x?xi32, #comb_t>
  memref.copy %a, %t : memref<?x?xi32> to memref<?x?xi32, #comb_t>
  memref.copy %t, %b : memref<?x?xi32, #comb_t> to memref<?x?xi32>
  memref.dealloc %t : memref<?x?xi32, #comb_t>
  return
}

/// Copies of run-time sizes %r x %c, printed after the round trip.
func.func @dynamic_case(%r: index, %c: index) {
  %a = memref.alloc(%r, %c) : memref<?x?xi32>
  %b = memref.alloc(%r, %c) : memref<?x?xi32>
  call @fill(%a) : (memref<?x?xi32>) -> ()
  call @round_trip(%a, %b) : (memref<?x?xi32>, memref<?x?xi32>) -> ()
  call @print2(%b) : (memref<?x?xi32>) -> ()
  call @round_trip_t(%a, %b) : (memref<?x?xi32>, memref<?x?xi32>) -> ()
  call @print2(%b) : (memref<?x?xi32>) -> ()
  memref.dealloc %a : memref<?x?xi32>
  memref.dealloc %b : memref<?x?xi32>
  return
}

/// A root of static size 0 and dynamic size %n: its physical buffer.
func.func @empty_root(%n: index) {
  %m = memref.alloc(%n) : memref<0x?xi32, #pad>
  %p = tlayout.to_physical %m : memref<0x?xi32, #pad> to memref<?xi32>
  %c0 = arith.constant 0 : index
  %size = memref.dim %p, %c0 : memref<?xi32>
  vector.print %size : index
  // A cast to dynamic sizes, a view and a copy of the empty memref.
  %c = memref.cast %m : memref<0x?xi32, #pad> to memref<?x?xi32, #pad>
  %c1 = arith.constant 1 : index
  %d = memref.dim %c, %c1 : memref<?x?xi32, #pad>
  vector.print %d : index
  %v = tlayout.subview %m[0, 1] [0, 2] : memref<0x?xi32, #pad> to memref<0x2xi32, #tlayout.tiled<{1,0:L(4)}, parent = [0, ?], offsets = [0, 1]>>
  %d1 = memref.dim %v, %c1 : memref<0x2xi32, #tlayout.tiled<{1,0:L(4)}, parent = [0, ?], offsets = [0, 1]>>
  vector.print %d1 : index
  %u = memref.alloc(%n) : memref<0x?xi32>
  memref.copy %u, %m : memref<0x?xi32> to memref<0x?xi32, #pad>
  memref.copy %c, %u : memref<?x?xi32, #pad> to memref<0x?xi32>
  memref.dealloc %u : memref<0x?xi32>
  memref.dealloc %m : memref<0x?xi32, #pad>
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c7 = arith.constant 7 : index

  // Static 3x0 and 0x3 with `*` over the size-0 dimension: nothing to copy,
  // and the untiled memref next to them is untouched.
  %s = memref.alloc() : memref<3x0xi32>
  %t = memref.alloc()[%c3, %c0] : memref<3x0xi32, #comb>
  memref.copy %s, %t : memref<3x0xi32> to memref<3x0xi32, #comb>
  memref.copy %t, %s : memref<3x0xi32, #comb> to memref<3x0xi32>
  %s2 = memref.alloc() : memref<0x3xi32>
  %t2 = memref.alloc()[%c0, %c3] : memref<0x3xi32, #comb>
  memref.copy %s2, %t2 : memref<0x3xi32> to memref<0x3xi32, #comb>
  memref.copy %t2, %s2 : memref<0x3xi32, #comb> to memref<0x3xi32>
  %p = tlayout.to_physical %t : memref<3x0xi32, #comb> to memref<0xi32>
  %p0 = memref.dim %p, %c0 : memref<0xi32>
  // CHECK: 0
  vector.print %p0 : index

  // Sizes 0 only at run time.
  // CHECK-NEXT: empty 3
  // CHECK-NEXT: 0
  // CHECK-NEXT: empty 3
  // CHECK-NEXT: 0
  call @dynamic_case(%c3, %c0) : (index, index) -> ()
  // CHECK-NEXT: empty 0
  // CHECK-NEXT: 3
  // CHECK-NEXT: empty 0
  // CHECK-NEXT: 3
  call @dynamic_case(%c0, %c3) : (index, index) -> ()
  // `*` over size-1 dimensions copies like the untiled program.
  // CHECK: sizes = [1, 3]
  // CHECK-NEXT: {{\[}}[0,   1,   2]]
  // CHECK: sizes = [1, 3]
  // CHECK-NEXT: {{\[}}[0,   1,   2]]
  call @dynamic_case(%c1, %c3) : (index, index) -> ()
  // CHECK: sizes = [3, 1]
  // CHECK-NEXT: {{\[}}[0],
  // CHECK-NEXT: [10],
  // CHECK-NEXT: [20]]
  // CHECK: sizes = [3, 1]
  // CHECK-NEXT: {{\[}}[0],
  // CHECK-NEXT: [10],
  // CHECK-NEXT: [20]]
  call @dynamic_case(%c3, %c1) : (index, index) -> ()
  // CHECK: sizes = [1, 1]
  // CHECK-NEXT: {{\[}}[0]]
  // CHECK: sizes = [1, 1]
  // CHECK-NEXT: {{\[}}[0]]
  call @dynamic_case(%c1, %c1) : (index, index) -> ()
  // A non-empty case next to them, as a control.
  // CHECK: sizes = [3, 7]
  // CHECK-NEXT: {{\[}}[0,   1,   2,   3,   4,   5,   6],
  // CHECK-NEXT: [10,   11,   12,   13,   14,   15,   16],
  // CHECK-NEXT: [20,   21,   22,   23,   24,   25,   26]]
  // CHECK: sizes = [3, 7]
  // CHECK-NEXT: {{\[}}[0,   1,   2,   3,   4,   5,   6],
  // CHECK-NEXT: [10,   11,   12,   13,   14,   15,   16],
  // CHECK-NEXT: [20,   21,   22,   23,   24,   25,   26]]
  call @dynamic_case(%c3, %c7) : (index, index) -> ()

  // CHECK-NEXT: 0
  // CHECK-NEXT: 7
  // CHECK-NEXT: 2
  call @empty_root(%c7) : (index) -> ()
  return
}
