// Physical-dimension layouts (#tlayout.dims) lowered and run: Morello's
// packed example against XLA's {0,1:T(4,1)}, odd-even strips, a dynamic
// shape with padding, views, copies and vector reads.
// RUN: tlayout-opt %s %{lower_to_llvm} | %{run} | FileCheck %s

func.func private @printMemrefI32(memref<*xi32>)

#morello = #tlayout.dims<[1, 0, 1:packed(4)]>
#oddeven = #tlayout.dims<[0, 1, 1:odd_even(8)]>

/// Counts the positions where two buffers differ.
func.func @diff(%a: memref<?xi32>, %b: memref<?xi32>) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %n = memref.dim %a, %c0 : memref<?xi32>
  %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> i32 {
    %p = memref.load %a[%k] : memref<?xi32>
    %q = memref.load %b[%k] : memref<?xi32>
    %ne = arith.cmpi ne, %p, %q : i32
    %inc = arith.select %ne, %one, %zero : i32
    %next = arith.addi %acc, %inc : i32
    scf.yield %next : i32
  }
  return %r : i32
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index

  // [1 dynamic, 0 dynamic, 1 packed(4)] on 6x8: element (r, c) is at
  // c mod 4 + 4 r + 24 floor(c / 4), as XLA's {0,1:T(4,1)} places it.
  %m = memref.alloc() : memref<6x8xi32, #morello>
  %x = memref.alloc() : memref<6x8xi32, #tlayout.tiled<{0,1:T(4,1)}>>
  affine.for %i = 0 to 6 {
    affine.for %j = 0 to 8 {
      %v = affine.apply affine_map<(d0, d1) -> (d0 * 8 + d1)>(%i, %j)
      %w = arith.index_cast %v : index to i32
      affine.store %w, %m[%i, %j] : memref<6x8xi32, #morello>
      memref.store %w, %x[%i, %j] : memref<6x8xi32, #tlayout.tiled<{0,1:T(4,1)}>>
    }
  }
  %pm = tlayout.to_physical %m : memref<6x8xi32, #morello> to memref<48xi32>
  %px = tlayout.to_physical %x : memref<6x8xi32, #tlayout.tiled<{0,1:T(4,1)}>> to memref<48xi32>
  %um = memref.cast %pm : memref<48xi32> to memref<*xi32>
  // CHECK: [0,  1,  2,  3,  8,  9,  10,  11,  16,  17,  18,  19,  24,  25,  26,  27,  32,  33,  34,  35,  40,  41,  42,  43,  4,  5,  6,  7,  12,  13,  14,  15,  20,  21,  22,  23,  28,  29,  30,  31,  36,  37,  38,  39,  44,  45,  46,  47]
  call @printMemrefI32(%um) : (memref<*xi32>) -> ()
  %dm = memref.cast %pm : memref<48xi32> to memref<?xi32>
  %dx = memref.cast %px : memref<48xi32> to memref<?xi32>
  %d0 = call @diff(%dm, %dx) : (memref<?xi32>, memref<?xi32>) -> i32
  // CHECK-NEXT: 0
  vector.print %d0 : i32

  // Odd-even strips of 8 along the rows of 2x16: evens of each strip
  // first, then odds.
  %o = memref.alloc() : memref<2x16xi32, #oddeven>
  affine.for %i = 0 to 2 {
    affine.for %j = 0 to 16 {
      %v = affine.apply affine_map<(d0, d1) -> (d0 * 16 + d1)>(%i, %j)
      %w = arith.index_cast %v : index to i32
      affine.store %w, %o[%i, %j] : memref<2x16xi32, #oddeven>
    }
  }
  %po = tlayout.to_physical %o : memref<2x16xi32, #oddeven> to memref<32xi32>
  %uo = memref.cast %po : memref<32xi32> to memref<*xi32>
  // CHECK: [0,  2,  4,  6,  1,  3,  5,  7,  8,  10,  12,  14,  9,  11,  13,  15,  16,  18,  20,  22,  17,  19,  21,  23,  24,  26,  28,  30,  25,  27,  29,  31]
  call @printMemrefI32(%uo) : (memref<*xi32>) -> ()

  // Reading back through the layout undoes the interleaving.
  %e = memref.load %o[%c1, %c1] : memref<2x16xi32, #oddeven>
  // CHECK-NEXT: 17
  vector.print %e : i32

  // A vector read of 8 consecutive elements of a row crosses the strip's
  // interleaving and still reads them in logical order.
  %pad = arith.constant -1 : i32
  %c8 = arith.constant 8 : index
  %vec = vector.transfer_read %o[%c1, %c8], %pad {in_bounds = [true]} : memref<2x16xi32, #oddeven>, vector<8xi32>
  // CHECK-NEXT: ( 24, 25, 26, 27, 28, 29, 30, 31 )
  vector.print %vec : vector<8xi32>

  // A dynamic shape: 3x6 with packed(4) along the rows pads each row to 8.
  %n3 = arith.constant 3 : index
  %n6 = arith.constant 6 : index
  %dyn = memref.alloc(%n3, %n6) : memref<?x?xi32, #morello>
  scf.for %i = %c0 to %n3 step %c1 {
    scf.for %j = %c0 to %n6 step %c1 {
      %v = affine.apply affine_map<(d0, d1) -> (d0 * 6 + d1)>(%i, %j)
      %w = arith.index_cast %v : index to i32
      memref.store %w, %dyn[%i, %j] : memref<?x?xi32, #morello>
    }
  }
  %pd = tlayout.to_physical %dyn : memref<?x?xi32, #morello> to memref<?xi32>
  %size = memref.dim %pd, %c0 : memref<?xi32>
  // CHECK-NEXT: 24
  vector.print %size : index
  // (2, 5) is at 5 mod 4 + 4 * 2 + 12 * 1 = 21.
  %c21 = arith.constant 21 : index
  %at21 = memref.load %pd[%c21] : memref<?xi32>
  // CHECK-NEXT: 17
  vector.print %at21 : i32

  // Views: rows 2..5, columns 4..7 of the Morello array is a window of
  // whole packed pieces; columns 1..6 is not. Both read the right elements.
  %w1 = tlayout.subview %m[2, 4] [4, 4] : memref<6x8xi32, #morello> to memref<4x4xi32, #tlayout.dims<[1, 0, 1:packed(4)], parent = [6, 8], offsets = [2, 4]>>
  %w2 = tlayout.subview %m[1, 1] [3, 6] : memref<6x8xi32, #morello> to memref<3x6xi32, #tlayout.dims<[1, 0, 1:packed(4)], parent = [6, 8], offsets = [1, 1]>>
  %a = memref.load %w1[%c1, %n3] : memref<4x4xi32, #tlayout.dims<[1, 0, 1:packed(4)], parent = [6, 8], offsets = [2, 4]>>
  %c2 = arith.constant 2 : index
  %c5 = arith.constant 5 : index
  %b = memref.load %w2[%c2, %c5] : memref<3x6xi32, #tlayout.dims<[1, 0, 1:packed(4)], parent = [6, 8], offsets = [1, 1]>>
  // (3, 7) is 31 and (3, 6) is 30.
  // CHECK-NEXT: 31
  // CHECK-NEXT: 30
  vector.print %a : i32
  vector.print %b : i32

  // Row-major -> odd-even -> Morello -> row-major reproduces the input.
  %src = memref.alloc() : memref<2x16xi32>
  affine.for %i = 0 to 2 {
    affine.for %j = 0 to 16 {
      %v = affine.apply affine_map<(d0, d1) -> (d0 * 100 + d1)>(%i, %j)
      %w = arith.index_cast %v : index to i32
      affine.store %w, %src[%i, %j] : memref<2x16xi32>
    }
  }
  %t1 = memref.alloc() : memref<2x16xi32, #oddeven>
  %t2 = memref.alloc() : memref<2x16xi32, #tlayout.dims<[1, 0, 1:packed(4)]>>
  %back = memref.alloc() : memref<2x16xi32>
  memref.copy %src, %t1 : memref<2x16xi32> to memref<2x16xi32, #oddeven>
  memref.copy %t1, %t2 : memref<2x16xi32, #oddeven> to memref<2x16xi32, #tlayout.dims<[1, 0, 1:packed(4)]>>
  memref.copy %t2, %back : memref<2x16xi32, #tlayout.dims<[1, 0, 1:packed(4)]>> to memref<2x16xi32>
  %fs = memref.collapse_shape %src [[0, 1]] : memref<2x16xi32> into memref<32xi32>
  %fb = memref.collapse_shape %back [[0, 1]] : memref<2x16xi32> into memref<32xi32>
  %ds = memref.cast %fs : memref<32xi32> to memref<?xi32>
  %db = memref.cast %fb : memref<32xi32> to memref<?xi32>
  %d1 = call @diff(%ds, %db) : (memref<?xi32>, memref<?xi32>) -> i32
  // CHECK-NEXT: 0
  vector.print %d1 : i32
  return
}
