// A vector access of unpacked sub-byte elements (no E(n): an i1, i2 or i4
// takes a whole byte of the buffer) never becomes one vector access of the
// buffer, even within a contiguous run: LLVM packs the lanes of such
// vectors into bits. It is split into element accesses. Byte-sized elements
// and packed layouts (E(n)) keep their one vector access.
// RUN: tlayout-opt %s --split-input-file --lower-tiled-layouts | FileCheck %s

#t = #tlayout.tiled<{0:T(4)}>

// CHECK-LABEL: func.func @write_i2(
// CHECK-SAME: %[[B:.*]]: memref<2x4xi2>
// CHECK-NOT: vector.store
// CHECK-COUNT-8: memref.store %{{.*}}, %[[B]][%{{.*}}, %{{.*}}] : memref<2x4xi2>
// CHECK-NOT: vector.store
// CHECK: return
func.func @write_i2(%m: memref<8xi2, #t>, %v: vector<8xi2>) {
  %c0 = arith.constant 0 : index
  vector.transfer_write %v, %m[%c0] {in_bounds = [true]} : vector<8xi2>, memref<8xi2, #t>
  return
}

// -----

#t = #tlayout.tiled<{0:T(4)}>

// CHECK-LABEL: func.func @read_i1(
// CHECK-NOT: vector.load
// CHECK-COUNT-4: memref.load %{{.*}} : memref<2x4xi1>
// CHECK-NOT: vector.load
// CHECK: vector.from_elements %{{.*}} : vector<4xi1>
func.func @read_i1(%m: memref<8xi1, #t>) -> vector<4xi1> {
  %c4 = arith.constant 4 : index
  %f = arith.constant false
  %v = vector.transfer_read %m[%c4], %f {in_bounds = [true]} : memref<8xi1, #t>, vector<4xi1>
  return %v : vector<4xi1>
}

// -----

#t = #tlayout.tiled<{1,0:T(2,4)}>

// CHECK-LABEL: func.func @affine_i4(
// CHECK-NOT: vector.load
// CHECK-NOT: vector.store
// CHECK-COUNT-4: memref.load %{{.*}} : memref<2x2x2x4xi4>
// CHECK-COUNT-4: memref.store %{{.*}} : memref<2x2x2x4xi4>
// CHECK-NOT: vector.load
// CHECK-NOT: vector.store
// CHECK: return
func.func @affine_i4(%m: memref<4x8xi4, #t>) {
  %v = affine.vector_load %m[1, 4] : memref<4x8xi4, #t>, vector<4xi4>
  affine.vector_store %v, %m[2, 0] : memref<4x8xi4, #t>, vector<4xi4>
  return
}

// -----

#t = #tlayout.tiled<{0:T(4)}>

// Sub-byte floats too.
// CHECK-LABEL: func.func @write_f4(
// CHECK-NOT: vector.store
// CHECK-COUNT-4: memref.store %{{.*}} : memref<2x4xf4E2M1FN>
// CHECK-NOT: vector.store
// CHECK: return
func.func @write_f4(%m: memref<8xf4E2M1FN, #t>, %v: vector<4xf4E2M1FN>) {
  %c0 = arith.constant 0 : index
  vector.transfer_write %v, %m[%c0] {in_bounds = [true]} : vector<4xf4E2M1FN>, memref<8xf4E2M1FN, #t>
  return
}

// -----

#t = #tlayout.tiled<{0:T(4)}>

// An i8 run stays one vector access.
// CHECK-LABEL: func.func @write_i8(
// CHECK: vector.store %{{.*}} : memref<8xi8>, vector<4xi8>
// CHECK-NOT: memref.store
func.func @write_i8(%m: memref<8xi8, #t>, %v: vector<4xi8>) {
  %c0 = arith.constant 0 : index
  vector.transfer_write %v, %m[%c0] {in_bounds = [true]} : vector<4xi8>, memref<8xi8, #t>
  return
}

// -----

#p = #tlayout.tiled<{0:T(8)E(2)}>

// Packed i2 (E(2)) stays one access of whole bytes.
// CHECK-LABEL: func.func @write_packed_i2(
// CHECK: vector.bitcast %{{.*}} : vector<8xi2> to vector<2xi8>
// CHECK: vector.store %{{.*}} : memref<2xi8>, vector<2xi8>
// CHECK-NOT: memref.store
func.func @write_packed_i2(%m: memref<8xi2, #p>, %v: vector<8xi2>) {
  %c0 = arith.constant 0 : index
  vector.transfer_write %v, %m[%c0] {in_bounds = [true]} : vector<8xi2>, memref<8xi2, #p>
  return
}
