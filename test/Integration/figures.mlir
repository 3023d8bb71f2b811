// Writes every element of tiled arrays through logical indices, then prints
// the physical buffers: each value must sit at the offset XLA's formulas give.
// RUN: tlayout-opt %s %{lower_to_llvm} | %{run} | FileCheck %s

func.func private @printMemrefI32(memref<*xi32>)

/// Fills the physical buffer with -1 (padding), then stores i * cols + j at
/// each logical (i, j).
func.func @fill_fig1(%m: memref<3x5xi32, #tlayout.tiled<{1,0:T(2,2)}>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c24 = arith.constant 24 : index
  %neg = arith.constant -1 : i32
  %p = tlayout.to_physical %m : memref<3x5xi32, #tlayout.tiled<{1,0:T(2,2)}>> to memref<24xi32>
  scf.for %k = %c0 to %c24 step %c1 {
    memref.store %neg, %p[%k] : memref<24xi32>
  }
  scf.for %i = %c0 to %c3 step %c1 {
    scf.for %j = %c0 to %c5 step %c1 {
      %r = arith.muli %i, %c5 : index
      %v = arith.addi %r, %j : index
      %w = arith.index_cast %v : index to i32
      memref.store %w, %m[%i, %j] : memref<3x5xi32, #tlayout.tiled<{1,0:T(2,2)}>>
    }
  }
  return
}

func.func @main() {
  // Figure 1: f32[3,5]{1,0:T(2,2)}; (2,3) = 13 is at offset 17.
  %a = memref.alloc() : memref<3x5xi32, #tlayout.tiled<{1,0:T(2,2)}>>
  call @fill_fig1(%a) : (memref<3x5xi32, #tlayout.tiled<{1,0:T(2,2)}>>) -> ()
  %pa = tlayout.to_physical %a : memref<3x5xi32, #tlayout.tiled<{1,0:T(2,2)}>> to memref<24xi32>
  %ua = memref.cast %pa : memref<24xi32> to memref<*xi32>
  // CHECK: sizes = [24]
  // CHECK-NEXT: [0,  1,  5,  6,  2,  3,  7,  8,  4,  -1,  9,  -1,  10,  11,  -1,  -1,  12,  13,  -1,  -1,  14,  -1,  -1,  -1]
  call @printMemrefI32(%ua) : (memref<*xi32>) -> ()

  // Figure 2: 4x8 with (2,4)(2,1): within each 2x4 tile, the two rows of a
  // column are adjacent. Written with affine.store.
  %b = memref.alloc() : memref<4x8xi32, #tlayout.tiled<{1,0:T(2,4)(2,1)}>>
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 8 {
      %v = affine.apply affine_map<(d0, d1) -> (d0 * 8 + d1)>(%i, %j)
      %w = arith.index_cast %v : index to i32
      affine.store %w, %b[%i, %j] : memref<4x8xi32, #tlayout.tiled<{1,0:T(2,4)(2,1)}>>
    }
  }
  %pb = tlayout.to_physical %b : memref<4x8xi32, #tlayout.tiled<{1,0:T(2,4)(2,1)}>> to memref<32xi32>
  %ub = memref.cast %pb : memref<32xi32> to memref<*xi32>
  // CHECK: sizes = [32]
  // CHECK-NEXT: [0,  8,  1,  9,  2,  10,  3,  11,  4,  12,  5,  13,  6,  14,  7,  15,  16,  24,  17,  25,  18,  26,  19,  27,  20,  28,  21,  29,  22,  30,  23,  31]
  call @printMemrefI32(%ub) : (memref<*xi32>) -> ()

  // A second tile reaching the tile-count dimensions: 8x8 (2,4)(2,1,1,1)
  // puts (6,5) at offset 51. Read it back through the physical buffer.
  %c = memref.alloc() : memref<8x8xi32, #tlayout.tiled<{1,0:T(2,4)(2,1,1,1)}>>
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %v = affine.apply affine_map<(d0, d1) -> (d0 * 8 + d1)>(%i, %j)
      %w = arith.index_cast %v : index to i32
      affine.store %w, %c[%i, %j] : memref<8x8xi32, #tlayout.tiled<{1,0:T(2,4)(2,1,1,1)}>>
    }
  }
  %pc = tlayout.to_physical %c : memref<8x8xi32, #tlayout.tiled<{1,0:T(2,4)(2,1,1,1)}>> to memref<64xi32>
  %c51 = arith.constant 51 : index
  %e = memref.load %pc[%c51] : memref<64xi32>
  // CHECK: 53
  vector.print %e : i32

  // Logical reads give back what was written (row sums of Figure 1: 10, 35, 60).
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %zero = arith.constant 0 : i32
  scf.for %i = %c0 to %c3 step %c1 {
    %s = scf.for %j = %c0 to %c5 step %c1 iter_args(%acc = %zero) -> i32 {
      %x = memref.load %a[%i, %j] : memref<3x5xi32, #tlayout.tiled<{1,0:T(2,2)}>>
      %n = arith.addi %acc, %x : i32
      scf.yield %n : i32
    }
    // CHECK: 10
    // CHECK: 35
    // CHECK: 60
    vector.print %s : i32
  }
  memref.dealloc %a : memref<3x5xi32, #tlayout.tiled<{1,0:T(2,2)}>>
  memref.dealloc %b : memref<4x8xi32, #tlayout.tiled<{1,0:T(2,4)(2,1)}>>
  memref.dealloc %c : memref<8x8xi32, #tlayout.tiled<{1,0:T(2,4)(2,1,1,1)}>>
  return
}
