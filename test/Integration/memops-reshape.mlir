// tlayout.reshape views a tiled memref in another shape on the same physical
// buffer: rows of T(8,128) tiles split at a multiple of 8 and merged back.
// Reads and writes through either shape see the same elements. The second
// run is the same program on row-major memrefs, with memref.expand_shape and
// memref.collapse_shape in place of the reshapes: both print the same
// numbers.
// RUN: tlayout-opt %s %{lower_to_llvm} | %{run} | FileCheck %s
// RUN: sed -e 's/, #[ab]>/>/g' \
// RUN:   -e 's/tlayout.reshape %m : \(memref<[^>]*>\) to \(memref<[^>]*>\)/memref.expand_shape %m [[0, 1], [2]] output_shape [2, 8, 256] : \1 into \2/' \
// RUN:   -e 's/tlayout.reshape %%split : \(memref<[^>]*>\) to \(memref<[^>]*>\)/memref.collapse_shape %%split [[0, 1], [2]] : \1 into \2/' %s \
// RUN:   | tlayout-opt %{lower_to_llvm} | %{run} | FileCheck %s

#a = #tlayout.tiled<{1,0:T(8,128)}>
#b = #tlayout.tiled<{2,1,0:T(8,128)}>

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %c9 = arith.constant 9 : index
  %c16 = arith.constant 16 : index
  %c127 = arith.constant 127 : index
  %c128 = arith.constant 128 : index
  %c255 = arith.constant 255 : index
  %c256 = arith.constant 256 : index
  %c1000 = arith.constant 1000 : index
  %m = memref.alloc() : memref<16x256xi32, #a>
  scf.for %i = %c0 to %c16 step %c1 {
    scf.for %j = %c0 to %c256 step %c1 {
      %x = arith.muli %i, %c1000 : index
      %y = arith.addi %x, %j : index
      %v = arith.index_cast %y : index to i32
      memref.store %v, %m[%i, %j] : memref<16x256xi32, #a>
    }
  }
  %split = tlayout.reshape %m : memref<16x256xi32, #a> to memref<2x8x256xi32, #b>
  // Element (a, r, c) of the split memref is element (8a + r, c).
  %v0 = memref.load %split[%c0, %c0, %c0] : memref<2x8x256xi32, #b>
  %v1 = memref.load %split[%c0, %c7, %c128] : memref<2x8x256xi32, #b>
  %v2 = memref.load %split[%c1, %c0, %c127] : memref<2x8x256xi32, #b>
  %v3 = memref.load %split[%c1, %c5, %c255] : memref<2x8x256xi32, #b>
  // CHECK: ( 0, 7128, 8127, 13255 )
  %r0 = vector.from_elements %v0, %v1, %v2, %v3 : vector<4xi32>
  vector.print %r0 : vector<4xi32>

  // A write through the split memref is seen through the original and
  // through the merged one.
  %n = arith.constant -5 : i32
  memref.store %n, %split[%c1, %c1, %c3] : memref<2x8x256xi32, #b>
  %merged = tlayout.reshape %split : memref<2x8x256xi32, #b> to memref<16x256xi32, #a>
  %w0 = memref.load %m[%c9, %c3] : memref<16x256xi32, #a>
  %w1 = memref.load %merged[%c9, %c3] : memref<16x256xi32, #a>
  %w2 = memref.load %merged[%c9, %c5] : memref<16x256xi32, #a>
  // CHECK: ( -5, -5, 9005 )
  %r1 = vector.from_elements %w0, %w1, %w2 : vector<3xi32>
  vector.print %r1 : vector<3xi32>

  // A vector read along a row of the split memref.
  %pad = arith.constant 0 : i32
  %t = vector.transfer_read %split[%c1, %c1, %c0], %pad {in_bounds = [true]} : memref<2x8x256xi32, #b>, vector<8xi32>
  // CHECK: ( 9000, 9001, 9002, -5, 9004, 9005, 9006, 9007 )
  vector.print %t : vector<8xi32>
  memref.dealloc %m : memref<16x256xi32, #a>
  return
}
