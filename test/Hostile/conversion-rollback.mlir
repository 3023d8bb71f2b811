// A module the lowering cannot rewrite in full is reported at the op that
// stops it, and left exactly as it was: copies and vector accesses are
// expanded inside the one conversion, so nothing before the failing op is
// rewritten either.
// RUN: tlayout-opt %s --lower-tiled-layouts -split-input-file -verify-diagnostics -allow-unregistered-dialect
// RUN: not tlayout-opt %s --lower-tiled-layouts -split-input-file -allow-unregistered-dialect --mlir-print-ir-after-failure 2>&1 | FileCheck %s \
// RUN:   --implicit-check-not="affine.for %" --implicit-check-not="scf.for %" \
// RUN:   --implicit-check-not="= affine.apply" --implicit-check-not="= memref.load" \
// RUN:   --implicit-check-not="memref.store %" --implicit-check-not="= tlayout.to_physical" \
// RUN:   --implicit-check-not="= vector.load" --implicit-check-not="vector.store %"

// A constant memref.dim index past the rank names no logical size.
// CHECK-LABEL: IR Dump After LowerTiledLayouts Failed
// CHECK: func.func @copy_then_dim_out_of_range(
// CHECK-NEXT: memref.copy %{{.*}}, %{{.*}} : memref<3x5xf32> to memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>
// CHECK-NEXT: arith.constant 7 : index
// CHECK-NEXT: memref.dim %{{.*}}, %{{.*}} : memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>
func.func @copy_then_dim_out_of_range(%a: memref<3x5xf32>, %m: memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>) -> index {
  memref.copy %a, %m : memref<3x5xf32> to memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>
  %c7 = arith.constant 7 : index
  // expected-error @+1 {{memref.dim of dimension 7 of a tiled memref of rank 2 cannot be rewritten: the memref has no such dimension, so it has no size to give}}
  %d = memref.dim %m, %c7 : memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>
  return %d : index
}

// -----

// A negative constant index neither.
// CHECK-LABEL: IR Dump After LowerTiledLayouts Failed
// CHECK: func.func @dim_negative(
// CHECK: memref.dim
func.func @dim_negative(%m: memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>) -> index {
  %c = arith.constant -1 : index
  // expected-error @+1 {{memref.dim of dimension -1 of a tiled memref of rank 2 cannot be rewritten}}
  %d = memref.dim %m, %c : memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>
  return %d : index
}

// -----

// tlayout.copy, a vector access and a copy before an op the lowering does
// not handle: none of them is expanded.
// CHECK-LABEL: IR Dump After LowerTiledLayouts Failed
// CHECK: func.func @expansions_then_unknown(
// CHECK-NEXT: tlayout.copy
// CHECK-NEXT: arith.constant
// CHECK-NEXT: arith.constant
// CHECK-NEXT: vector.transfer_read
// CHECK-NEXT: memref.copy
// CHECK-NEXT: "test.consume"
func.func @expansions_then_unknown(%a: memref<8x8xf32>, %m: memref<8x8xf32, #tlayout.tiled<{1,0:T(4,4)}>>, %n: memref<8x8xf32, #tlayout.tiled<{0,1:T(2,4)}>>) -> vector<8xf32> {
  tlayout.copy %a, %m : memref<8x8xf32> to memref<8x8xf32, #tlayout.tiled<{1,0:T(4,4)}>>
  %c1 = arith.constant 1 : index
  %pad = arith.constant 0.0 : f32
  %v = vector.transfer_read %m[%c1, %c1], %pad : memref<8x8xf32, #tlayout.tiled<{1,0:T(4,4)}>>, vector<8xf32>
  memref.copy %m, %n : memref<8x8xf32, #tlayout.tiled<{1,0:T(4,4)}>> to memref<8x8xf32, #tlayout.tiled<{0,1:T(2,4)}>>
  // expected-error @+1 {{test.consume uses a tiled memref (operand #0 of type 'memref<8x8xf32, #tlayout.tiled<{0,1:T(2,4)}>>'), which --lower-tiled-layouts cannot rewrite}}
  "test.consume"(%n) : (memref<8x8xf32, #tlayout.tiled<{0,1:T(2,4)}>>) -> ()
  return %v : vector<8xf32>
}

// -----

// A scalable vector has no fixed number of elements to access one by one.
// CHECK-LABEL: IR Dump After LowerTiledLayouts Failed
// CHECK: func.func @scalable_read(
// CHECK: vector.transfer_read %{{.*}} : memref<8x8xf32, #tlayout.tiled<{1,0:T(4,4)}>>, vector<[4]xf32>
func.func @scalable_read(%m: memref<8x8xf32, #tlayout.tiled<{1,0:T(4,4)}>>, %i: index) -> vector<[4]xf32> {
  %pad = arith.constant 0.0 : f32
  // expected-error @+1 {{vector.transfer_read of a tiled memref with the scalable vector type 'vector<[4]xf32>' cannot be rewritten: the lowering accesses a vector element by element, and a scalable vector has no fixed number of elements; use a fixed-length vector}}
  %v = vector.transfer_read %m[%i, %i], %pad : memref<8x8xf32, #tlayout.tiled<{1,0:T(4,4)}>>, vector<[4]xf32>
  return %v : vector<[4]xf32>
}

// -----

// CHECK-LABEL: IR Dump After LowerTiledLayouts Failed
// CHECK: func.func @scalable_affine_store(
// CHECK: affine.vector_store
func.func @scalable_affine_store(%m: memref<8x8xf32, #tlayout.tiled<{1,0:T(4,4)}>>, %v: vector<[4]xf32>) {
  // expected-error @+1 {{affine.vector_store of a tiled memref with the scalable vector type 'vector<[4]xf32>' cannot be rewritten}}
  affine.vector_store %v, %m[0, 0] : memref<8x8xf32, #tlayout.tiled<{1,0:T(4,4)}>>, vector<[4]xf32>
  return
}
