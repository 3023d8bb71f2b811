// Vector accesses inside contiguous runs become vector loads and stores of
// the physical buffer; run them and check they touch the right elements.
// RUN: tlayout-opt %s %{lower_to_llvm} | %{run} | FileCheck %s
// The rewrite did happen: the lowered code has vector loads of the buffer.
// RUN: tlayout-opt %s --lower-tiled-layouts | FileCheck %s --check-prefix=IR
// IR: vector.load {{.*}} : memref<4096xi32>, vector<16xi32>
// IR: vector.store {{.*}} : memref<4096xi32>, vector<8xi32>
// IR: vector.load {{.*}} : memref<48xi32>, vector<4xi32>

#tiled = #tlayout.tiled<{1,0:T(8,128)}>
#morello = #tlayout.dims<[1, 0, 1:packed(4)]>

func.func @main() {
  %c0 = arith.constant 0 : index
  %c9 = arith.constant 9 : index
  %m = memref.alloc() : memref<16x256xi32, #tiled>
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 256 {
      %v = affine.apply affine_map<(d0, d1) -> (d0 * 256 + d1)>(%i, %j)
      %w = arith.index_cast %v : index to i32
      affine.store %w, %m[%i, %j] : memref<16x256xi32, #tiled>
    }
  }
  // Row 9 read 16 at a time: the sums of each lane over the 16 reads are
  // sum_k (2304 + 16 k + lane) = 36864 + 1920 + 16 lane.
  %pad = arith.constant 0 : i32
  %zero = arith.constant dense<0> : vector<16xi32>
  %sum = affine.for %j = 0 to 256 step 16 iter_args(%acc = %zero) -> vector<16xi32> {
    %v = vector.transfer_read %m[%c9, %j], %pad {in_bounds = [true]} : memref<16x256xi32, #tiled>, vector<16xi32>
    %s = arith.addi %acc, %v : vector<16xi32>
    affine.yield %s : vector<16xi32>
  }
  // CHECK: ( 38784, 38800, 38816, 38832, 38848, 38864, 38880, 38896, 38912, 38928, 38944, 38960, 38976, 38992, 39008, 39024 )
  vector.print %sum : vector<16xi32>

  // Vector stores of -(lane + 1) over row 3, read back element by element.
  %lanes = arith.constant dense<[-1, -2, -3, -4, -5, -6, -7, -8]> : vector<8xi32>
  affine.for %j = 0 to 256 step 8 {
    affine.vector_store %lanes, %m[3, %j] : memref<16x256xi32, #tiled>, vector<8xi32>
  }
  %c3 = arith.constant 3 : index
  %c130 = arith.constant 130 : index
  %c255 = arith.constant 255 : index
  %a = memref.load %m[%c3, %c130] : memref<16x256xi32, #tiled>
  %b = memref.load %m[%c3, %c255] : memref<16x256xi32, #tiled>
  %c4 = arith.constant 4 : index
  %c = memref.load %m[%c4, %c0] : memref<16x256xi32, #tiled>
  // CHECK-NEXT: -3
  // CHECK-NEXT: -8
  // CHECK-NEXT: 1024
  vector.print %a : i32
  vector.print %b : i32
  vector.print %c : i32

  // Physical dimensions: columns 4..7 of row 5 are one packed(4) run.
  %d = memref.alloc() : memref<6x8xi32, #morello>
  affine.for %i = 0 to 6 {
    affine.for %j = 0 to 8 {
      %v = affine.apply affine_map<(d0, d1) -> (d0 * 8 + d1)>(%i, %j)
      %w = arith.index_cast %v : index to i32
      affine.store %w, %d[%i, %j] : memref<6x8xi32, #morello>
    }
  }
  %c5 = arith.constant 5 : index
  %r = vector.transfer_read %d[%c5, %c4], %pad {in_bounds = [true]} : memref<6x8xi32, #morello>, vector<4xi32>
  // CHECK-NEXT: ( 44, 45, 46, 47 )
  vector.print %r : vector<4xi32>
  return
}
