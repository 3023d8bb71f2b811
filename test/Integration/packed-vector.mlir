// Vector transfers of packed elements run: a contiguous, byte-aligned run is
// one vector access of the bytes (in XLA's order within each byte, checked on
// the raw bytes), and transfers that cross tiles, leave the bounds or are
// masked go element by element; reads give what the untiled array gives. A
// global's initializer is packed into bytes.
// RUN: tlayout-opt %s %{lower_to_llvm} | %{run} | FileCheck %s

#row4 = #tlayout.tiled<{1,0:T(2,8)E(4)}>
#bits = #tlayout.tiled<{1,0:E(1)}>

memref.global "private" constant @g : memref<3x12xi4, #row4> =
    dense<[[0, 1, 2, 3, 4, 5, 6, 7, -8, -7, -6, -5],
           [-4, -3, -2, -1, 0, 1, 2, 3, 4, 5, 6, 7],
           [-8, -7, -6, -5, -4, -3, -2, -1, 0, 1, 2, 3]]>
memref.global "private" constant @u : memref<3x12xi4> =
    dense<[[0, 1, 2, 3, 4, 5, 6, 7, -8, -7, -6, -5],
           [-4, -3, -2, -1, 0, 1, 2, 3, 4, 5, 6, 7],
           [-8, -7, -6, -5, -4, -3, -2, -1, 0, 1, 2, 3]]>

/// Eight elements of a row of the untiled array, read one by one (a vector
/// load of the untiled memref<..xi4> would read packed bytes on the CPU,
/// where each of its elements takes a byte).
func.func @row8(%u: memref<3x12xi4>, %i: index, %j: index) -> vector<8xi4> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %init = arith.constant dense<0> : vector<8xi4>
  %v = scf.for %k = %c0 to %c8 step %c1 iter_args(%acc = %init) -> vector<8xi4> {
    %c = arith.addi %j, %k : index
    %x = memref.load %u[%i, %c] : memref<3x12xi4>
    %n = vector.insert %x, %acc[%k] : i4 into vector<8xi4>
    scf.yield %n : vector<8xi4>
  }
  return %v : vector<8xi4>
}

func.func @print4(%v: vector<8xi4>) {
  %w = arith.extsi %v : vector<8xi4> to vector<8xi32>
  vector.print %w : vector<8xi32>
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %pad = arith.constant 7 : i4
  %m1 = arith.constant -1 : i4
  %g = memref.get_global @g : memref<3x12xi4, #row4>
  %u = memref.get_global @u : memref<3x12xi4>

  // Row 1, columns 0..7: one tile row, four whole bytes.
  // CHECK: ( -4, -3, -2, -1, 0, 1, 2, 3 )
  // CHECK-NEXT: ( -4, -3, -2, -1, 0, 1, 2, 3 )
  %a = vector.transfer_read %g[%c1, %c0], %pad {in_bounds = [true]} : memref<3x12xi4, #row4>, vector<8xi4>
  %ua = call @row8(%u, %c1, %c0) : (memref<3x12xi4>, index, index) -> vector<8xi4>
  call @print4(%a) : (vector<8xi4>) -> ()
  call @print4(%ua) : (vector<8xi4>) -> ()
  // Row 0, columns 4..11: across the tile boundary at column 8.
  // CHECK-NEXT: ( 4, 5, 6, 7, -8, -7, -6, -5 )
  // CHECK-NEXT: ( 4, 5, 6, 7, -8, -7, -6, -5 )
  %b = vector.transfer_read %g[%c0, %c4], %pad {in_bounds = [true]} : memref<3x12xi4, #row4>, vector<8xi4>
  %ub = call @row8(%u, %c0, %c4) : (memref<3x12xi4>, index, index) -> vector<8xi4>
  call @print4(%b) : (vector<8xi4>) -> ()
  call @print4(%ub) : (vector<8xi4>) -> ()
  // Row 2, columns 8..15: the last four are out of bounds (padding 7).
  // CHECK-NEXT: ( 0, 1, 2, 3, 7, 7, 7, 7 )
  // CHECK-NEXT: ( 0, 1, 2, 3, 7, 7, 7, 7 )
  %c = vector.transfer_read %g[%c2, %c8], %pad : memref<3x12xi4, #row4>, vector<8xi4>
  %uc = vector.transfer_read %u[%c2, %c8], %pad : memref<3x12xi4>, vector<8xi4>
  call @print4(%c) : (vector<8xi4>) -> ()
  call @print4(%uc) : (vector<8xi4>) -> ()
  // Masked: the lanes that are off read the padding.
  %mask = arith.constant dense<[true, false, true, false, true, false, true, false]> : vector<8xi1>
  // CHECK-NEXT: ( 0, -1, 2, -1, 4, -1, 6, -1 )
  // CHECK-NEXT: ( 0, -1, 2, -1, 4, -1, 6, -1 )
  %d = vector.transfer_read %g[%c0, %c0], %m1, %mask {in_bounds = [true]} : memref<3x12xi4, #row4>, vector<8xi4>
  %ud = vector.transfer_read %u[%c0, %c0], %m1, %mask {in_bounds = [true]} : memref<3x12xi4>, vector<8xi4>
  call @print4(%d) : (vector<8xi4>) -> ()
  call @print4(%ud) : (vector<8xi4>) -> ()

  // Writes into a zeroed buffer: whole bytes, a masked write, and a write
  // across tiles; then the 32 raw bytes.
  %m = memref.alloc() : memref<3x12xi4, #row4>
  %raw = tlayout.to_physical %m : memref<3x12xi4, #row4> to memref<32xi8>
  %zeros = arith.constant dense<0> : vector<32xi8>
  vector.store %zeros, %raw[%c0] : memref<32xi8>, vector<32xi8>
  %v = arith.constant dense<[1, 2, 3, 4, 5, 6, 7, -8]> : vector<8xi4>
  vector.transfer_write %v, %m[%c0, %c0] {in_bounds = [true]} : vector<8xi4>, memref<3x12xi4, #row4>
  vector.transfer_write %v, %m[%c1, %c0], %mask {in_bounds = [true]} : vector<8xi4>, memref<3x12xi4, #row4>
  %f = arith.constant dense<-1> : vector<8xi4>
  vector.transfer_write %f, %m[%c2, %c4] {in_bounds = [true]} : vector<8xi4>, memref<3x12xi4, #row4>
  // CHECK-NEXT: ( 18, 52, 86, 120, 16, 48, 80, 112, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 255, 255, 0, 0, 0, 0, 255, 255, 0, 0, 0, 0, 0, 0 )
  %all = vector.load %raw[%c0] : memref<32xi8>, vector<32xi8>
  %allw = arith.extui %all : vector<32xi8> to vector<32xi32>
  vector.print %allw : vector<32xi32>
  // Read back through the layout.
  // CHECK-NEXT: ( 1, 0, 3, 0, 5, 0, 7, 0 )
  %back = vector.transfer_read %m[%c1, %c0], %pad {in_bounds = [true]} : memref<3x12xi4, #row4>, vector<8xi4>
  call @print4(%back) : (vector<8xi4>) -> ()
  memref.dealloc %m : memref<3x12xi4, #row4>

  // Predicates, one bit each: 16 of them are two bytes, most significant
  // bit first.
  %p = memref.alloc() : memref<4x16xi1, #bits>
  %praw = tlayout.to_physical %p : memref<4x16xi1, #bits> to memref<8xi8>
  %pzeros = arith.constant dense<0> : vector<8xi8>
  vector.store %pzeros, %praw[%c0] : memref<8xi8>, vector<8xi8>
  %pv = arith.constant dense<[true, false, false, false, false, false, false, true, true, true, true, true, false, false, false, false]> : vector<16xi1>
  vector.transfer_write %pv, %p[%c1, %c0] {in_bounds = [true]} : vector<16xi1>, memref<4x16xi1, #bits>
  // CHECK-NEXT: ( 0, 0, 129, 240, 0, 0, 0, 0 )
  %pall = vector.load %praw[%c0] : memref<8xi8>, vector<8xi8>
  %pallw = arith.extui %pall : vector<8xi8> to vector<8xi32>
  vector.print %pallw : vector<8xi32>
  %false = arith.constant false
  // CHECK-NEXT: ( 1, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 0, 0, 0, 0 )
  %pr = vector.transfer_read %p[%c1, %c0], %false {in_bounds = [true]} : memref<4x16xi1, #bits>, vector<16xi1>
  vector.print %pr : vector<16xi1>
  // Unaligned (from bit 4 of a byte): element by element.
  // CHECK-NEXT: ( 0, 0, 0, 1, 1, 1, 1, 1 )
  %ps = vector.transfer_read %p[%c1, %c4], %false {in_bounds = [true]} : memref<4x16xi1, #bits>, vector<8xi1>
  vector.print %ps : vector<8xi1>
  memref.dealloc %p : memref<4x16xi1, #bits>
  return
}
