// Copies between packed and unpacked layouts run, padding included: a
// row-major i4 array copied into T(2,4)E(4) (5x7 padded to 6x8), from there
// into an unpacked tiling and another packing, and back, gives the array
// back; the padding bits of the packed buffer keep what they held. The same
// with run-time sizes, and tlayout.copy between equal packed placements.
// RUN: tlayout-opt %s %{lower_to_llvm} | %{run} | FileCheck %s

#packed = #tlayout.tiled<{1,0:T(2,4)E(4)}>
#unpacked = #tlayout.tiled<{1,0:T(2,4)}>
#other = #tlayout.tiled<{0,1:T(4,2)E(4)}>

/// (i * 7 + j) mod 16 - 8 at every (i, j).
func.func @fill(%a: memref<?x?xi4>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %a, %c0 : memref<?x?xi4>
  %cols = memref.dim %a, %c1 : memref<?x?xi4>
  scf.for %i = %c0 to %rows step %c1 {
    scf.for %j = %c0 to %cols step %c1 {
      %r = affine.apply affine_map<(i, j) -> ((i * 7 + j) mod 16)>(%i, %j)
      %w = arith.index_cast %r : index to i32
      %eight = arith.constant 8 : i32
      %s = arith.subi %w, %eight : i32
      %q = arith.trunci %s : i32 to i4
      memref.store %q, %a[%i, %j] : memref<?x?xi4>
    }
  }
  return
}

/// The sum of sign-extended elements weighted by their row-major position.
func.func @checksum(%a: memref<?x?xi4>) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i32
  %rows = memref.dim %a, %c0 : memref<?x?xi4>
  %cols = memref.dim %a, %c1 : memref<?x?xi4>
  %s = scf.for %i = %c0 to %rows step %c1 iter_args(%acc = %zero) -> i32 {
    %row = scf.for %j = %c0 to %cols step %c1 iter_args(%r = %acc) -> i32 {
      %v = memref.load %a[%i, %j] : memref<?x?xi4>
      %x = arith.extsi %v : i4 to i32
      %k = affine.apply affine_map<(i, j)[c] -> (i * c + j + 1)>(%i, %j)[%cols]
      %ki = arith.index_cast %k : index to i32
      %p = arith.muli %x, %ki : i32
      %n = arith.addi %r, %p : i32
      scf.yield %n : i32
    }
    scf.yield %row : i32
  }
  return %s : i32
}

func.func @main() {
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %a = memref.alloc() : memref<5x7xi4>
  %ad = memref.cast %a : memref<5x7xi4> to memref<?x?xi4>
  call @fill(%ad) : (memref<?x?xi4>) -> ()
  %sa = call @checksum(%ad) : (memref<?x?xi4>) -> i32
  // CHECK: [[SUM:-296]]
  vector.print %sa : i32

  %p = memref.alloc() : memref<5x7xi4, #packed>
  %raw = tlayout.to_physical %p : memref<5x7xi4, #packed> to memref<24xi8>
  %c0 = arith.constant 0 : index
  %allones = arith.constant dense<-1> : vector<24xi8>
  vector.store %allones, %raw[%c0] : memref<24xi8>, vector<24xi8>
  memref.copy %a, %p : memref<5x7xi4> to memref<5x7xi4, #packed>
  // Byte 5 holds (0, 6) = -2 (0xe) and the padding column 7 (still 0xf).
  // CHECK-NEXT: 239
  %c5i = arith.constant 5 : index
  %b5 = memref.load %raw[%c5i] : memref<24xi8>
  %b5w = arith.extui %b5 : i8 to i32
  vector.print %b5w : i32

  // Packed -> unpacked tiles -> another packing -> row-major.
  %q = memref.alloc() : memref<5x7xi4, #unpacked>
  memref.copy %p, %q : memref<5x7xi4, #packed> to memref<5x7xi4, #unpacked>
  %o = memref.alloc() : memref<5x7xi4, #other>
  memref.copy %q, %o : memref<5x7xi4, #unpacked> to memref<5x7xi4, #other>
  %t = memref.alloc() : memref<5x7xi4, #packed>
  tlayout.copy %p, %t : memref<5x7xi4, #packed> to memref<5x7xi4, #packed>
  %b = memref.alloc() : memref<5x7xi4>
  memref.copy %o, %b : memref<5x7xi4, #other> to memref<5x7xi4>
  %bd = memref.cast %b : memref<5x7xi4> to memref<?x?xi4>
  %sb = call @checksum(%bd) : (memref<?x?xi4>) -> i32
  %c = memref.alloc() : memref<5x7xi4>
  memref.copy %t, %c : memref<5x7xi4, #packed> to memref<5x7xi4>
  %cd = memref.cast %c : memref<5x7xi4> to memref<?x?xi4>
  %sc = call @checksum(%cd) : (memref<?x?xi4>) -> i32
  // CHECK-NEXT: [[SUM]]
  // CHECK-NEXT: [[SUM]]
  vector.print %sb : i32
  vector.print %sc : i32

  // Run-time sizes: 3x5 through a dynamic packed buffer.
  %d = memref.alloc(%c3, %c5) : memref<?x?xi4>
  call @fill(%d) : (memref<?x?xi4>) -> ()
  %sd = call @checksum(%d) : (memref<?x?xi4>) -> i32
  %dp = memref.alloc(%c3, %c5) : memref<?x?xi4, #packed>
  memref.copy %d, %dp : memref<?x?xi4> to memref<?x?xi4, #packed>
  %e = memref.alloc(%c3, %c5) : memref<?x?xi4>
  memref.copy %dp, %e : memref<?x?xi4, #packed> to memref<?x?xi4>
  %se = call @checksum(%e) : (memref<?x?xi4>) -> i32
  // CHECK-NEXT: [[DYN:-172]]
  // CHECK-NEXT: [[DYN]]
  vector.print %sd : i32
  vector.print %se : i32
  return
}
