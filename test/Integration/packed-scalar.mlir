// Packed sub-byte elements run: E(4), E(2) and E(1) layouts lower to byte
// buffers, loads and stores round-trip every value (an i4 loaded and
// sign-extended gives its signed value), and the bits of a byte are in XLA's
// order: the element at the lower physical position takes the more
// significant bits (PackIntN in xla/util.h, openxla/xla). The raw bytes are
// read through an untiled i8 view of the same buffer (tlayout.to_physical).
// RUN: tlayout-opt %s %{lower_to_llvm} | %{run} | FileCheck %s

#i4t = #tlayout.tiled<{1,0:T(8,128)(8,1)E(4)}>
#i1t = #tlayout.tiled<{1,0:T(32,128)(32,1)E(1)}>
#i2 = #tlayout.tiled<{0:E(2)}>
#odd4 = #tlayout.tiled<{1,0:E(4)}>
#odd1 = #tlayout.tiled<{1,0:E(1)}>

func.func @print_byte(%bytes: memref<?xi8>, %k: index) {
  %b = memref.load %bytes[%k] : memref<?xi8>
  %w = arith.extui %b : i8 to i32
  vector.print %w : i32
  return
}

func.func @print_bytes(%bytes: memref<?xi8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %bytes, %c0 : memref<?xi8>
  scf.for %k = %c0 to %n step %c1 {
    func.call @print_byte(%bytes, %k) : (memref<?xi8>, index) -> ()
  }
  return
}

func.func @fill_bytes(%bytes: memref<?xi8>, %v: i8) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %bytes, %c0 : memref<?xi8>
  scf.for %k = %c0 to %n step %c1 {
    memref.store %v, %bytes[%k] : memref<?xi8>
  }
  return
}

/// (i * 7 + j * 3) mod 16 as an i4 at every (i, j), then the sum of the
/// elements read back and sign-extended.
func.func @sum_i4(%m: memref<16x256xi4, #i4t>) -> i32 {
  %zero = arith.constant 0 : i32
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 256 {
      %r = affine.apply affine_map<(i, j) -> ((i * 7 + j * 3) mod 16)>(%i, %j)
      %w = arith.index_cast %r : index to i4
      affine.store %w, %m[%i, %j] : memref<16x256xi4, #i4t>
    }
  }
  %s = affine.for %i = 0 to 16 iter_args(%acc = %zero) -> i32 {
    %row = affine.for %j = 0 to 256 iter_args(%a = %acc) -> i32 {
      %v = affine.load %m[%i, %j] : memref<16x256xi4, #i4t>
      %x = arith.extsi %v : i4 to i32
      %t = arith.addi %a, %x : i32
      affine.yield %t : i32
    }
    affine.yield %row : i32
  }
  return %s : i32
}

/// The same on the untiled array, one byte per element.
func.func @sum_i4_untiled(%m: memref<16x256xi4>) -> i32 {
  %zero = arith.constant 0 : i32
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 256 {
      %r = affine.apply affine_map<(i, j) -> ((i * 7 + j * 3) mod 16)>(%i, %j)
      %w = arith.index_cast %r : index to i4
      affine.store %w, %m[%i, %j] : memref<16x256xi4>
    }
  }
  %s = affine.for %i = 0 to 16 iter_args(%acc = %zero) -> i32 {
    %row = affine.for %j = 0 to 256 iter_args(%a = %acc) -> i32 {
      %v = affine.load %m[%i, %j] : memref<16x256xi4>
      %x = arith.extsi %v : i4 to i32
      %t = arith.addi %a, %x : i32
      affine.yield %t : i32
    }
    affine.yield %row : i32
  }
  return %s : i32
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %zero8 = arith.constant 0 : i8
  %ones8 = arith.constant -1 : i8

  // 3 then 5 at physical positions 0 and 1 of T(8,128)(8,1)E(4): elements
  // (0, 0) and (1, 0) share byte 0, which is 0x35.
  %a = memref.alloc() : memref<16x256xi4, #i4t>
  %ra = tlayout.to_physical %a : memref<16x256xi4, #i4t> to memref<2048xi8>
  %da = memref.cast %ra : memref<2048xi8> to memref<?xi8>
  call @fill_bytes(%da, %zero8) : (memref<?xi8>, i8) -> ()
  %three = arith.constant 3 : i4
  %five = arith.constant 5 : i4
  memref.store %three, %a[%c0, %c0] : memref<16x256xi4, #i4t>
  memref.store %five, %a[%c1, %c0] : memref<16x256xi4, #i4t>
  // CHECK: 53
  call @print_byte(%da, %c0) : (memref<?xi8>, index) -> ()
  // Round trip, and -3 sign-extends (zero-extended it is 13).
  %m3 = arith.constant -3 : i4
  memref.store %m3, %a[%c2, %c0] : memref<16x256xi4, #i4t>
  %l5 = memref.load %a[%c1, %c0] : memref<16x256xi4, #i4t>
  %lm3 = memref.load %a[%c2, %c0] : memref<16x256xi4, #i4t>
  %s5 = arith.extsi %l5 : i4 to i32
  %sm3 = arith.extsi %lm3 : i4 to i32
  %um3 = arith.extui %lm3 : i4 to i32
  // CHECK-NEXT: 5
  // CHECK-NEXT: -3
  // CHECK-NEXT: 13
  vector.print %s5 : i32
  vector.print %sm3 : i32
  vector.print %um3 : i32
  // Byte 1 holds (2, 0) = -3 (0xd) in its high half.
  // CHECK-NEXT: 208
  call @print_byte(%da, %c1) : (memref<?xi8>, index) -> ()

  // Every element round-trips: the same sum as the untiled array.
  %sum = call @sum_i4(%a) : (memref<16x256xi4, #i4t>) -> i32
  %u = memref.alloc() : memref<16x256xi4>
  %usum = call @sum_i4_untiled(%u) : (memref<16x256xi4>) -> i32
  // CHECK-NEXT: -2048
  // CHECK-NEXT: -2048
  vector.print %sum : i32
  vector.print %usum : i32
  // Views index through the root's positions: (9, 131) and (4, 4) hold
  // (9 * 7 + 131 * 3) mod 16 = 8 and (4 * 7 + 4 * 3) mod 16 = 8 (-8 as i4).
  %v = tlayout.subview %a[8, 128] [8, 128] : memref<16x256xi4, #i4t> to memref<8x128xi4, #tlayout.tiled<{1,0:T(8,128)(8,1)E(4)}, parent = [16, 256], offsets = [8, 128]>>
  %x = memref.load %v[%c1, %c3] : memref<8x128xi4, #tlayout.tiled<{1,0:T(8,128)(8,1)E(4)}, parent = [16, 256], offsets = [8, 128]>>
  %xe = arith.extsi %x : i4 to i32
  %vw = tlayout.subview %a[%c3, %c1] [4, 5] : memref<16x256xi4, #i4t> to memref<4x5xi4, #tlayout.tiled<{1,0:T(8,128)(8,1)E(4)}, parent = [16, 256], offsets = [?, ?]>>
  %y = memref.load %vw[%c1, %c3] : memref<4x5xi4, #tlayout.tiled<{1,0:T(8,128)(8,1)E(4)}, parent = [16, 256], offsets = [?, ?]>>
  %ye = arith.extsi %y : i4 to i32
  // CHECK-NEXT: -8
  // CHECK-NEXT: -8
  vector.print %xe : i32
  vector.print %ye : i32
  memref.dealloc %u : memref<16x256xi4>
  memref.dealloc %a : memref<16x256xi4, #i4t>

  // Predicates, T(32,128)(32,1)E(1): rows 0 and 2 of column 0 are physical
  // positions 0 and 2, bits 7 and 5 of byte 0: 0xa0.
  %p = memref.alloc() : memref<64x256xi1, #i1t>
  %rp = tlayout.to_physical %p : memref<64x256xi1, #i1t> to memref<2048xi8>
  %dp = memref.cast %rp : memref<2048xi8> to memref<?xi8>
  call @fill_bytes(%dp, %zero8) : (memref<?xi8>, i8) -> ()
  %true = arith.constant true
  %false = arith.constant false
  memref.store %true, %p[%c0, %c0] : memref<64x256xi1, #i1t>
  memref.store %true, %p[%c2, %c0] : memref<64x256xi1, #i1t>
  memref.store %true, %p[%c1, %c0] : memref<64x256xi1, #i1t>
  memref.store %false, %p[%c1, %c0] : memref<64x256xi1, #i1t>
  // CHECK-NEXT: 160
  call @print_byte(%dp, %c0) : (memref<?xi8>, index) -> ()
  %p2 = memref.load %p[%c2, %c0] : memref<64x256xi1, #i1t>
  %p1 = memref.load %p[%c1, %c0] : memref<64x256xi1, #i1t>
  // CHECK-NEXT: 1
  // CHECK-NEXT: 0
  vector.print %p2 : i1
  vector.print %p1 : i1
  memref.dealloc %p : memref<64x256xi1, #i1t>

  // E(2): 1, 2, 3 at positions 0, 1, 2 make 0b01101100.
  %q = memref.alloc() : memref<8xi2, #i2>
  %rq = tlayout.to_physical %q : memref<8xi2, #i2> to memref<2xi8>
  %dq = memref.cast %rq : memref<2xi8> to memref<?xi8>
  call @fill_bytes(%dq, %zero8) : (memref<?xi8>, i8) -> ()
  %v1 = arith.constant 1 : i2
  %v2 = arith.constant 2 : i2
  %v3 = arith.constant 3 : i2
  memref.store %v1, %q[%c0] : memref<8xi2, #i2>
  memref.store %v2, %q[%c1] : memref<8xi2, #i2>
  memref.store %v3, %q[%c2] : memref<8xi2, #i2>
  // CHECK-NEXT: 108
  call @print_byte(%dq, %c0) : (memref<?xi8>, index) -> ()
  memref.dealloc %q : memref<8xi2, #i2>

  // An odd shape: 15 i4 elements in 8 bytes, the low half of the last one
  // padding, which stores leave alone (0xff before, 0xff after).
  %o = memref.alloc() : memref<3x5xi4, #odd4>
  %ro = tlayout.to_physical %o : memref<3x5xi4, #odd4> to memref<8xi8>
  %do = memref.cast %ro : memref<8xi8> to memref<?xi8>
  call @fill_bytes(%do, %ones8) : (memref<?xi8>, i8) -> ()
  affine.for %i = 0 to 3 {
    affine.for %j = 0 to 5 {
      %r = affine.apply affine_map<(i, j) -> (i * 5 + j + 1)>(%i, %j)
      %w = arith.index_cast %r : index to i4
      affine.store %w, %o[%i, %j] : memref<3x5xi4, #odd4>
    }
  }
  // CHECK-NEXT: 18
  // CHECK-NEXT: 52
  // CHECK-NEXT: 86
  // CHECK-NEXT: 120
  // CHECK-NEXT: 154
  // CHECK-NEXT: 188
  // CHECK-NEXT: 222
  // CHECK-NEXT: 255
  call @print_bytes(%do) : (memref<?xi8>) -> ()
  memref.dealloc %o : memref<3x5xi4, #odd4>

  // 35 predicates in 5 bytes: every third one set.
  %b = memref.alloc() : memref<5x7xi1, #odd1>
  %rb = tlayout.to_physical %b : memref<5x7xi1, #odd1> to memref<5xi8>
  %db = memref.cast %rb : memref<5xi8> to memref<?xi8>
  call @fill_bytes(%db, %zero8) : (memref<?xi8>, i8) -> ()
  affine.for %i = 0 to 5 {
    affine.for %j = 0 to 7 {
      %r = affine.apply affine_map<(i, j) -> ((i * 7 + j) mod 3)>(%i, %j)
      %z = arith.cmpi eq, %r, %c0 : index
      affine.store %z, %b[%i, %j] : memref<5x7xi1, #odd1>
    }
  }
  // CHECK-NEXT: 146
  // CHECK-NEXT: 73
  // CHECK-NEXT: 36
  // CHECK-NEXT: 146
  // CHECK-NEXT: 64
  call @print_bytes(%db) : (memref<?xi8>) -> ()
  memref.dealloc %b : memref<5x7xi1, #odd1>
  return
}
