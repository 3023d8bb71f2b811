// Scalars through the TPU pipeline: rank-0 memrefs get the tiles TPU dumps
// print for them (f32[]{:T(128)}, bf16[]{:T(256)}, s8[]{:T(512)}) and hold
// the same values as untiled.
// RUN: tlayout-opt %s --tlayout-tpu-pipeline | %{run} | FileCheck %s
// RUN: tlayout-opt %s --tlayout-lower-to-llvm | %{run} | FileCheck %s
// RUN: tlayout-opt %s --tlayout-assign-tpu-layouts | FileCheck %s --check-prefix=IR
// IR: memref.alloc() : memref<f32, #tlayout.tiled<{:T(128)}>>
// IR: memref.alloc() : memref<bf16, #tlayout.tiled<{:T(256)}>>
// IR: memref.alloc() : memref<i8, #tlayout.tiled<{:T(512)}>>

func.func @main() {
  %s = memref.alloc() : memref<f32>
  %h = memref.alloc() : memref<bf16>
  %b = memref.alloc() : memref<i8>
  %c0 = arith.constant 0.0 : f32
  memref.store %c0, %s[] : memref<f32>
  affine.for %i = 0 to 10 {
    %x = memref.load %s[] : memref<f32>
    %fi = arith.index_cast %i : index to i32
    %f = arith.sitofp %fi : i32 to f32
    %y = arith.addf %x, %f : f32
    memref.store %y, %s[] : memref<f32>
  }
  %sum = memref.load %s[] : memref<f32>
  %half = arith.truncf %sum : f32 to bf16
  affine.store %half, %h[] : memref<bf16>
  %i8 = arith.constant -7 : i8
  affine.store %i8, %b[] : memref<i8>
  // CHECK: 45
  vector.print %sum : f32
  %hv = affine.load %h[] : memref<bf16>
  %he = arith.extf %hv : bf16 to f32
  // CHECK-NEXT: 45
  vector.print %he : f32
  %bv = affine.load %b[] : memref<i8>
  // CHECK-NEXT: -7
  vector.print %bv : i8
  memref.dealloc %s : memref<f32>
  memref.dealloc %h : memref<bf16>
  memref.dealloc %b : memref<i8>
  return
}
