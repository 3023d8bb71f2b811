// Predicates through the TPU pipeline: i1 arrays get T(32,128)(32,1)E(1),
// one bit per element (2048 bytes for 64x256), and count the same as
// untiled; with pack-sub-byte=false, one byte per element, the same count.
// RUN: tlayout-opt %s --tlayout-tpu-pipeline | %{run} | FileCheck %s
// RUN: tlayout-opt %s --tlayout-lower-to-llvm | %{run} | FileCheck %s
// RUN: tlayout-opt %s --tlayout-assign-tpu-layouts=pack-sub-byte=false --tlayout-lower-to-llvm | %{run} | FileCheck %s
// RUN: tlayout-opt %s --tlayout-assign-tpu-layouts=pack-sub-byte=false | FileCheck %s --check-prefix=IR
// IR: memref.alloc() : memref<64x256xi1, #tlayout.tiled<{1,0:T(32,128)(32,1)}>>
// RUN: tlayout-opt %s --tlayout-assign-tpu-layouts | FileCheck %s --check-prefix=PACKED
// PACKED: memref.alloc() : memref<64x256xi1, #tlayout.tiled<{1,0:T(32,128)(32,1)E(1)}>>
// RUN: tlayout-opt %s --tlayout-assign-tpu-layouts --lower-tiled-layouts | FileCheck %s --check-prefix=BYTES
// BYTES: memref.alloc() : memref<2048xi8>

func.func @main() {
  %m = memref.alloc() : memref<64x256xi1>
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 256 {
      %r = affine.apply affine_map<(i, j) -> ((i + j) mod 3)>(%i, %j)
      %c0 = arith.constant 0 : index
      %b = arith.cmpi eq, %r, %c0 : index
      affine.store %b, %m[%i, %j] : memref<64x256xi1>
    }
  }
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %n = affine.for %i = 0 to 64 iter_args(%acc = %zero) -> i32 {
    %row = affine.for %j = 0 to 256 iter_args(%a = %acc) -> i32 {
      %b = affine.load %m[%i, %j] : memref<64x256xi1>
      %inc = arith.select %b, %one, %zero : i32
      %s = arith.addi %a, %inc : i32
      affine.yield %s : i32
    }
    affine.yield %row : i32
  }
  // CHECK: 5462
  vector.print %n : i32
  memref.dealloc %m : memref<64x256xi1>
  return
}
