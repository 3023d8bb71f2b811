// tlayout.assume_multiple never reaches the LLVM lowering, whether or not
// the pipelines simplify indexing: the promise is dropped either way.
// RUN: tlayout-opt %s %{lower_to_llvm}=simplify-indexing=false | %{run} | FileCheck %s
// RUN: tlayout-opt %s --tlayout-tpu-pipeline=simplify-indexing=false | %{run} | FileCheck %s
// RUN: tlayout-opt %s %{lower_to_llvm} | %{run} | FileCheck %s
// RUN: tlayout-opt %s --tlayout-tpu-pipeline | %{run} | FileCheck %s
// RUN: tlayout-opt %s %{lower_to_llvm}=simplify-indexing=false | FileCheck %s --check-prefix=IR
// RUN: tlayout-opt %s --tlayout-tpu-pipeline=simplify-indexing=false | FileCheck %s --check-prefix=IR
// IR-NOT: tlayout.

#T = #tlayout.tiled<{1,0:T(8,128)}>

/// Numbers the first `n` rows (a promised multiple of 8) and sums them.
func.func @number(%m: memref<16x256xi32>, %n: index) -> i32 {
  %n8 = tlayout.assume_multiple %n, 8 : index
  affine.for %i = 0 to %n8 {
    affine.for %j = 0 to 256 {
      %v = affine.apply affine_map<(d0, d1) -> (d0 * 256 + d1)>(%i, %j)
      %w = arith.index_cast %v : index to i32
      affine.store %w, %m[%i, %j] : memref<16x256xi32>
    }
  }
  %zero = arith.constant 0 : i32
  %sum = affine.for %i = 0 to %n8 iter_args(%acc = %zero) -> i32 {
    %row = affine.for %j = 0 to 256 iter_args(%a = %acc) -> i32 {
      %x = affine.load %m[%i, %j] : memref<16x256xi32>
      %s = arith.addi %a, %x : i32
      affine.yield %s : i32
    }
    affine.yield %row : i32
  }
  return %sum : i32
}

/// The same over a buffer tiled T(8,128) from the start.
func.func @number_tiled(%m: memref<16x256xi32, #T>, %n: index) -> i32 {
  %n8 = tlayout.assume_multiple %n, 8 : index
  affine.for %i = 0 to %n8 {
    affine.for %j = 0 to 256 {
      %v = affine.apply affine_map<(d0, d1) -> (d0 * 256 + d1)>(%i, %j)
      %w = arith.index_cast %v : index to i32
      affine.store %w, %m[%i, %j] : memref<16x256xi32, #T>
    }
  }
  %zero = arith.constant 0 : i32
  %sum = affine.for %i = 0 to %n8 iter_args(%acc = %zero) -> i32 {
    %row = affine.for %j = 0 to 256 iter_args(%a = %acc) -> i32 {
      %x = affine.load %m[%i, %j] : memref<16x256xi32, #T>
      %s = arith.addi %a, %x : i32
      affine.yield %s : i32
    }
    affine.yield %row : i32
  }
  return %sum : i32
}

func.func @main() {
  %c16 = arith.constant 16 : index
  %c8 = arith.constant 8 : index
  %a = memref.alloc() : memref<16x256xi32>
  %b = memref.alloc() : memref<16x256xi32, #T>
  // 0 + 1 + ... + 4095 and 0 + 1 + ... + 2047.
  // CHECK: 8386560
  // CHECK-NEXT: 2096128
  %sa = call @number(%a, %c16) : (memref<16x256xi32>, index) -> i32
  vector.print %sa : i32
  %sb = call @number_tiled(%b, %c8) : (memref<16x256xi32, #T>, index) -> i32
  vector.print %sb : i32
  memref.dealloc %a : memref<16x256xi32>
  memref.dealloc %b : memref<16x256xi32, #T>
  return
}
