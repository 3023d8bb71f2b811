// Packed sub-byte elements: --lower-tiled-layouts gives the byte buffer and
// accesses of a byte and a shift, both floordiv/mod maps of the layout's.
// RUN: tlayout-opt %s --split-input-file --verify-diagnostics --lower-tiled-layouts | FileCheck %s

#i4t = #tlayout.tiled<{1,0:T(8,128)(8,1)E(4)}>

// A load: the byte (position floordiv 2) shifted right by 4 for the even
// position, 0 for the odd one, truncated to i4.
// CHECK-DAG: #[[BYTE:.*]] = affine_map<(d0, d1) -> ((d0 floordiv 8) * 1024 + (d1 floordiv 128) * 512 + (d1 mod 128) * 4 + (d0 mod 8) floordiv 2)>
// CHECK-DAG: #[[SHIFT:.*]] = affine_map<(d0, d1) -> ((d0 mod 2) * -4 + 4)>
// CHECK-LABEL: func.func @load(
// CHECK-SAME: %[[B:.*]]: memref<2048xi8>, %[[I:.*]]: index, %[[J:.*]]: index) -> i4
// CHECK: %[[BYTE_I:.*]] = affine.apply #[[BYTE]](%[[I]], %[[J]])
// CHECK: %[[SHIFT_I:.*]] = affine.apply #[[SHIFT]](%[[I]], %[[J]])
// CHECK: %[[V:.*]] = memref.load %[[B]][%[[BYTE_I]]] : memref<2048xi8>
// CHECK: %[[S:.*]] = arith.index_cast %[[SHIFT_I]] : index to i8
// CHECK: %[[R:.*]] = arith.shrui %[[V]], %[[S]] : i8
// CHECK: %[[T:.*]] = arith.trunci %[[R]] : i8 to i4
// CHECK: return %[[T]] : i4
func.func @load(%m: memref<16x256xi4, #i4t>, %i: index, %j: index) -> i4 {
  %v = memref.load %m[%i, %j] : memref<16x256xi4, #i4t>
  return %v : i4
}

// -----

#i1t = #tlayout.tiled<{1,0:T(32,128)(32,1)E(1)}>

// A store: read the byte, clear the element's bit, or in the value.
// CHECK-LABEL: func.func @store(
// CHECK-SAME: %[[B:.*]]: memref<2048xi8>, %[[I:.*]]: index, %[[J:.*]]: index, %[[X:.*]]: i1)
// CHECK: %[[BYTE_I:.*]] = affine.apply
// CHECK: %[[SHIFT_I:.*]] = affine.apply
// CHECK: %[[OLD:.*]] = memref.load %[[B]][%[[BYTE_I]]] : memref<2048xi8>
// CHECK: %[[W:.*]] = arith.extui %[[X]] : i1 to i8
// CHECK: %[[S:.*]] = arith.index_cast %[[SHIFT_I]] : index to i8
// CHECK: %[[ONE:.*]] = arith.constant 1 : i8
// CHECK: %[[ALL:.*]] = arith.constant -1 : i8
// CHECK: %[[FIELD:.*]] = arith.shli %[[ONE]], %[[S]] : i8
// CHECK: %[[KEEP:.*]] = arith.xori %[[FIELD]], %[[ALL]] : i8
// CHECK: %[[PLACED:.*]] = arith.shli %[[W]], %[[S]] : i8
// CHECK: %[[KEPT:.*]] = arith.andi %[[OLD]], %[[KEEP]] : i8
// CHECK: %[[NEW:.*]] = arith.ori %[[KEPT]], %[[PLACED]] : i8
// CHECK: memref.store %[[NEW]], %[[B]][%[[BYTE_I]]] : memref<2048xi8>
func.func @store(%m: memref<64x256xi1, #i1t>, %i: index, %j: index, %x: i1) {
  memref.store %x, %m[%i, %j] : memref<64x256xi1, #i1t>
  return
}

// -----

// The buffer has ceil(elements * n / 8) bytes: 3x5 i4 is 15 elements in 8
// bytes; with dynamic sizes, (s0 * s1 * 4) ceildiv 8 of them.
// CHECK: #{{.*}} = affine_map<()[s0, s1] -> (((s0 * s1) * 4) ceildiv 8)>
// CHECK-LABEL: func.func @alloc(
// CHECK: memref.alloc() : memref<8xi8>
// CHECK: %[[N:.*]] = affine.apply #{{.*}}()[%{{.*}}, %{{.*}}]
// CHECK: memref.alloc(%[[N]]) : memref<?xi8>
func.func @alloc(%n: index, %k: index) {
  %a = memref.alloc() : memref<3x5xi4, #tlayout.tiled<{1,0:E(4)}>>
  %b = memref.alloc(%n, %k) : memref<?x?xi4, #tlayout.tiled<{1,0:E(4)}>>
  return
}

// -----

#row4 = #tlayout.tiled<{1,0:T(2,8)E(4)}>

// A contiguous run of whole bytes is one vector.load of the bytes, a
// bitcast, and the swap of each pair into XLA's order; a run that starts
// inside a byte goes element by element.
// CHECK-LABEL: func.func @vector(
// CHECK: %[[V:.*]] = vector.load %{{.*}}[%{{.*}}] : memref<32xi8>, vector<4xi8>
// CHECK: %[[C:.*]] = vector.bitcast %[[V]] : vector<4xi8> to vector<8xi4>
// CHECK: vector.shuffle %[[C]], %[[C]] [1, 0, 3, 2, 5, 4, 7, 6] : vector<8xi4>, vector<8xi4>
// CHECK-NOT: vector.load
// CHECK: vector.from_elements
func.func @vector(%m: memref<3x12xi4, #row4>, %i: index) -> (vector<8xi4>, vector<2xi4>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %pad = arith.constant 0 : i4
  %v = vector.transfer_read %m[%i, %c0], %pad {in_bounds = [true]} : memref<3x12xi4, #row4>, vector<8xi4>
  %w = vector.transfer_read %m[%i, %c1], %pad {in_bounds = [true]} : memref<3x12xi4, #row4>, vector<2xi4>
  return %v, %w : vector<8xi4>, vector<2xi4>
}

// -----

// A global's initializer is packed: 1, 2, 3 at positions 0, 1, 2 are the
// bytes 0x12 and 0x30.
// CHECK: memref.global "private" constant @g : memref<2xi8> = dense<[18, 48]>
memref.global "private" constant @g : memref<3xi4, #tlayout.tiled<{0:E(4)}>> = dense<[1, 2, 3]>

// -----

// Elements that are not scalars are not packed.
// expected-error @+1 {{func.func cannot be rewritten: cannot lower argument #0: element size E(4) packs elements into bytes, which the lowering does for integer and float elements only, not 'vector<2xi1>'}}
func.func @vector_elements(%m: memref<8xvector<2xi1>, #tlayout.tiled<{0:E(4)}>>) {
  return
}

// -----

// The physical buffer of a packed memref is its bytes.
func.func @bytes_not_elements(%m: memref<3xi4, #tlayout.tiled<{0:E(4)}>>) {
  // expected-error @+1 {{'tlayout.to_physical' op expects the result to have element type 'i8', got 'i4'}}
  %p = tlayout.to_physical %m : memref<3xi4, #tlayout.tiled<{0:E(4)}>> to memref<3xi4>
  return
}

// -----

func.func @byte_count(%m: memref<3xi4, #tlayout.tiled<{0:E(4)}>>) {
  // expected-error @+1 {{'tlayout.to_physical' op expects the result to have 2 elements (the physical size of 'memref<3xi4, #tlayout.tiled<{0:E(4)}>>'), got 3}}
  %p = tlayout.to_physical %m : memref<3xi4, #tlayout.tiled<{0:E(4)}>> to memref<3xi8>
  return
}

// -----

// E(8) of an i4 stores each element in a byte of its own: the element type's
// buffer, as without E(n).
// CHECK-LABEL: func.func @byte_each(
// CHECK-SAME: %[[B:.*]]: memref<4xi4>
// CHECK: memref.load %[[B]]
func.func @byte_each(%m: memref<4xi4, #tlayout.tiled<{0:E(8)}>>, %i: index) -> i4 {
  %v = memref.load %m[%i] : memref<4xi4, #tlayout.tiled<{0:E(8)}>>
  return %v : i4
}

// -----

// An i8 does not fit in E(4): XLA's rule, which the layout core checks.
// expected-error @+1 {{func.func cannot be rewritten: cannot lower argument #0: element size E(4) is too small for an element type of 8 bits}}
func.func @i8_in_four_bits(%m: memref<8xi8, #tlayout.tiled<{0:E(4)}>>) {
  return
}
