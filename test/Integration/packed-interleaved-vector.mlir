// Row vectors of packed elements interleaved by groups of rows, the TPU's
// T(8,128)(8,1)E(4) for i4 here at T(8,16)(8,1)E(4): a transfer of one tile
// row is a read-modify-write of the run of the tile's eight rows, one word
// of four bytes per column. The bytes it writes equal those of element-wise
// stores (and hand-checked ones), and reads give what element-wise loads
// give, sign-extended as the untiled int8 array holds them.
// RUN: tlayout-opt %s %{lower_to_llvm} | %{run} | FileCheck %s

#P = #tlayout.tiled<{1,0:T(8,16)(8,1)E(4)}>

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %pad8 = arith.constant 0 : i8
  %pad4 = arith.constant 0 : i4
  // src[i][j] = i + 2j, wrapped to a signed nibble (-8..7) and held in i8.
  %src = memref.alloc() : memref<16x32xi8>
  scf.for %i = %c0 to %c16 step %c1 {
    scf.for %j = %c0 to %c32 step %c1 {
      %j2 = arith.addi %j, %j : index
      %s = arith.addi %i, %j2 : index
      %w = arith.index_cast %s : index to i8
      %n = arith.trunci %w : i8 to i4
      %x = arith.extsi %n : i4 to i8
      memref.store %x, %src[%i, %j] : memref<16x32xi8>
    }
  }
  // Row vectors (the fast path) into %a, element-wise stores into %b.
  %a = memref.alloc() : memref<16x32xi4, #P>
  %b = memref.alloc() : memref<16x32xi4, #P>
  %araw = tlayout.to_physical %a : memref<16x32xi4, #P> to memref<256xi8>
  %braw = tlayout.to_physical %b : memref<16x32xi4, #P> to memref<256xi8>
  %zeros = arith.constant dense<0> : vector<256xi8>
  vector.store %zeros, %araw[%c0] : memref<256xi8>, vector<256xi8>
  vector.store %zeros, %braw[%c0] : memref<256xi8>, vector<256xi8>
  scf.for %i = %c0 to %c16 step %c1 {
    scf.for %j = %c0 to %c32 step %c16 {
      %v = vector.transfer_read %src[%i, %j], %pad8 {in_bounds = [true]}
          : memref<16x32xi8>, vector<16xi8>
      %t = arith.trunci %v : vector<16xi8> to vector<16xi4>
      vector.transfer_write %t, %a[%i, %j] {in_bounds = [true]}
          : vector<16xi4>, memref<16x32xi4, #P>
    }
    scf.for %j = %c0 to %c32 step %c1 {
      %x = memref.load %src[%i, %j] : memref<16x32xi8>
      %n = arith.trunci %x : i8 to i4
      memref.store %n, %b[%i, %j] : memref<16x32xi4, #P>
    }
  }
  // Column 0 of the first tile: rows 0 and 1 in byte 0 (row 0 in the high
  // nibble), rows 2 and 3 in byte 1, ...; then column 1 (rows + 2).
  // CHECK: ( 1, 35, 69, 103, 35, 69, 103, 137 )
  %first = vector.load %araw[%c0] : memref<256xi8>, vector<8xi8>
  %firstw = arith.extui %first : vector<8xi8> to vector<8xi32>
  vector.print %firstw : vector<8xi32>
  // CHECK-NEXT: byte mismatches: 0
  %av = vector.load %araw[%c0] : memref<256xi8>, vector<256xi8>
  %bv = vector.load %braw[%c0] : memref<256xi8>, vector<256xi8>
  %ne = arith.cmpi ne, %av, %bv : vector<256xi8>
  %nei = arith.extui %ne : vector<256xi1> to vector<256xi32>
  %zero = arith.constant 0 : i32
  %bad = vector.reduction <add>, %nei, %zero : vector<256xi32> into i32
  vector.print str "byte mismatches: "
  vector.print %bad : i32

  // The way back: row vectors sign-extended into %dst, checked against
  // %src and against element-wise loads of %b.
  %dst = memref.alloc() : memref<16x32xi8>
  scf.for %i = %c0 to %c16 step %c1 {
    scf.for %j = %c0 to %c32 step %c16 {
      %v = vector.transfer_read %a[%i, %j], %pad4 {in_bounds = [true]}
          : memref<16x32xi4, #P>, vector<16xi4>
      %e = arith.extsi %v : vector<16xi4> to vector<16xi8>
      vector.transfer_write %e, %dst[%i, %j] {in_bounds = [true]}
          : vector<16xi8>, memref<16x32xi8>
    }
  }
  %count = scf.for %i = %c0 to %c16 step %c1 iter_args(%acc = %zero) -> i32 {
    %row = scf.for %j = %c0 to %c32 step %c1 iter_args(%r = %acc) -> i32 {
      %x = memref.load %src[%i, %j] : memref<16x32xi8>
      %y = memref.load %dst[%i, %j] : memref<16x32xi8>
      %n = memref.load %b[%i, %j] : memref<16x32xi4, #P>
      %z = arith.extsi %n : i4 to i8
      %d1 = arith.cmpi ne, %x, %y : i8
      %d2 = arith.cmpi ne, %z, %y : i8
      %d = arith.ori %d1, %d2 : i1
      %di = arith.extui %d : i1 to i32
      %s = arith.addi %r, %di : i32
      scf.yield %s : i32
    }
    scf.yield %row : i32
  }
  // CHECK-NEXT: element mismatches: 0
  vector.print str "element mismatches: "
  vector.print %count : i32
  // Row 9, columns 16..31: 9 + 2j wrapped.
  // CHECK-NEXT: ( -7, -5, -3, -1, 1, 3, 5, 7, -7, -5, -3, -1, 1, 3, 5, 7 )
  %c9 = arith.constant 9 : index
  %r9 = vector.load %dst[%c9, %c16] : memref<16x32xi8>, vector<16xi8>
  %r9w = arith.extsi %r9 : vector<16xi8> to vector<16xi32>
  vector.print %r9w : vector<16xi32>
  memref.dealloc %src : memref<16x32xi8>
  memref.dealloc %dst : memref<16x32xi8>
  memref.dealloc %a : memref<16x32xi4, #P>
  memref.dealloc %b : memref<16x32xi4, #P>
  return
}
