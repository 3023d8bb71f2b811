// tlayout.cast views a memref in another layout that places every element
// at the same offset: writes through one are reads through the other. The
// second run is the same program with every layout and cast removed (plain
// row-major memrefs): both print the same numbers.
// RUN: tlayout-opt %s %{lower_to_llvm} | %{run} | FileCheck %s
// RUN: sed -e 's/, #[a-z]*>/>/g' \
// RUN:   -e 's/tlayout.cast \(%[a-z]*\) : memref<[^>]*> to memref<[^>]*>/memref.cast \1 : memref<4x6xi32> to memref<4x6xi32>/' %s \
// RUN:   | tlayout-opt %{lower_to_llvm} | %{run} | FileCheck %s

#split = #tlayout.dims<[0, 1, 1:packed(3)]>
#rows = #tlayout.tiled<{1,0:T(1,6)}>

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %c10 = arith.constant 10 : index
  %m = memref.alloc() : memref<4x6xi32, #split>
  scf.for %i = %c0 to %c4 step %c1 {
    scf.for %j = %c0 to %c6 step %c1 {
      %x = arith.muli %i, %c10 : index
      %y = arith.addi %x, %j : index
      %v = arith.index_cast %y : index to i32
      memref.store %v, %m[%i, %j] : memref<4x6xi32, #split>
    }
  }
  // The same buffer, row-major and with one-row tiles.
  %plain = tlayout.cast %m : memref<4x6xi32, #split> to memref<4x6xi32>
  %tiled = tlayout.cast %plain : memref<4x6xi32> to memref<4x6xi32, #rows>
  %v0 = memref.load %plain[%c0, %c4] : memref<4x6xi32>
  %v1 = memref.load %plain[%c3, %c5] : memref<4x6xi32>
  %v2 = memref.load %tiled[%c2, %c3] : memref<4x6xi32, #rows>
  // CHECK: ( 4, 35, 23 )
  %r0 = vector.from_elements %v0, %v1, %v2 : vector<3xi32>
  vector.print %r0 : vector<3xi32>

  // A write through the tiled view is seen through the original.
  %n = arith.constant -7 : i32
  memref.store %n, %tiled[%c1, %c5] : memref<4x6xi32, #rows>
  %w0 = memref.load %m[%c1, %c5] : memref<4x6xi32, #split>
  %w1 = memref.load %plain[%c1, %c4] : memref<4x6xi32>
  // CHECK: ( -7, 14 )
  %r1 = vector.from_elements %w0, %w1 : vector<2xi32>
  vector.print %r1 : vector<2xi32>

  // The whole buffer in row-major order.
  %pad = arith.constant 0 : i32
  %row = vector.transfer_read %plain[%c1, %c0], %pad {in_bounds = [true]} : memref<4x6xi32>, vector<6xi32>
  // CHECK: ( 10, 11, 12, 13, 14, -7 )
  vector.print %row : vector<6xi32>
  memref.dealloc %m : memref<4x6xi32, #split>
  return
}
