// Vector accesses of tiled memrefs run correctly also where a vector crosses
// tile boundaries (consecutive elements are not adjacent in memory), and
// transfers honour bounds and masks.
// RUN: tlayout-opt %s %{lower_to_llvm} | %{run} | FileCheck %s

#fig1 = #tlayout.tiled<{1,0:T(2,2)}>

memref.global "private" constant @fig1 : memref<3x5xi32, #fig1> =
    dense<[[0, 1, 2, 3, 4], [5, 6, 7, 8, 9], [10, 11, 12, 13, 14]]>

func.func @main() {
  %g = memref.get_global @fig1 : memref<3x5xi32, #fig1>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %pad = arith.constant -1 : i32
  // Row 1, columns 1..4: crosses two tile boundaries.
  // CHECK: ( 6, 7, 8, 9 )
  %a = vector.transfer_read %g[%c1, %c1], %pad {in_bounds = [true]} : memref<3x5xi32, #fig1>, vector<4xi32>
  vector.print %a : vector<4xi32>
  // Columns 3..6 of row 2: the last two are out of bounds and read the padding.
  // CHECK: ( 13, 14, -1, -1 )
  %b = vector.transfer_read %g[%c2, %c3], %pad : memref<3x5xi32, #fig1>, vector<4xi32>
  vector.print %b : vector<4xi32>
  // A 2-D read along both dimensions.
  // CHECK: ( ( 1, 2, 3 ), ( 6, 7, 8 ) )
  %c = vector.transfer_read %g[%c0, %c1], %pad {in_bounds = [true, true]} : memref<3x5xi32, #fig1>, vector<2x3xi32>
  vector.print %c : vector<2x3xi32>
  // Dynamic sizes: bounds are the logical sizes (3x5), not the padded
  // physical ones (4x6); row 3 and column 5 read the padding.
  %dyn = memref.cast %g : memref<3x5xi32, #fig1> to memref<?x?xi32, #fig1>
  // CHECK: ( ( 13, 14, -1 ), ( -1, -1, -1 ) )
  %e = vector.transfer_read %dyn[%c2, %c3], %pad : memref<?x?xi32, #fig1>, vector<2x3xi32>
  vector.print %e : vector<2x3xi32>
  // An affine vector load.
  // CHECK: ( 10, 11, 12, 13, 14 )
  %d = affine.vector_load %g[2, 0] : memref<3x5xi32, #fig1>, vector<5xi32>
  vector.print %d : vector<5xi32>

  // Writes: a masked transfer and an affine vector store into a fresh
  // tiled buffer, then the physical buffer.
  %m = memref.alloc() : memref<3x5xi32, #fig1>
  %p = tlayout.to_physical %m : memref<3x5xi32, #fig1> to memref<24xi32>
  %zero = arith.constant dense<0> : vector<24xi32>
  vector.store %zero, %p[%c0] : memref<24xi32>, vector<24xi32>
  %v = arith.constant dense<[100, 101, 102, 103, 104]> : vector<5xi32>
  %mask = arith.constant dense<[true, false, true, false, true]> : vector<5xi1>
  vector.transfer_write %v, %m[%c0, %c0], %mask {in_bounds = [true]} : vector<5xi32>, memref<3x5xi32, #fig1>
  %w = arith.constant dense<[7, 8, 9]> : vector<3xi32>
  affine.vector_store %w, %m[2, 2] : memref<3x5xi32, #fig1>, vector<3xi32>
  // CHECK: ( 100, 0, 0, 0, 102, 0, 0, 0, 104, 0, 0, 0, 0, 0, 0, 0, 7, 8, 0, 0, 9, 0, 0, 0 )
  %all = vector.load %p[%c0] : memref<24xi32>, vector<24xi32>
  vector.print %all : vector<24xi32>
  memref.dealloc %m : memref<3x5xi32, #fig1>
  return
}
