// The nibble-bytes rewrite of --tlayout-simplify-indexing (NibbleBytes.h):
// where it applies and where it leaves the word arithmetic alone. Executed
// checks are in test/Integration/nibble-bytes.mlir.
// RUN: tlayout-opt %s --tlayout-cpu-loops --canonicalize \
// RUN:   --split-input-file | FileCheck %s
// RUN: tlayout-opt %s --tlayout-cpu-loops=nibble-bytes=false \
// RUN:   --canonicalize --split-input-file | FileCheck %s --check-prefix=OFF

// A field of words read as bytes: byte s / 8 of each word, its high half
// for s = 4 (mod 8).
// CHECK-LABEL: func.func @split_field(
// CHECK-SAME: %[[B:.*]]: vector<16xi8>
// CHECK: %[[E:.*]], %[[O:.*]] = vector.deinterleave %[[B]] : vector<16xi8> -> vector<8xi8>
// CHECK: %{{.*}}, %[[Q:.*]] = vector.deinterleave %[[O]] : vector<8xi8> -> vector<4xi8>
// CHECK: %[[H:.*]] = arith.shrui %[[Q]], %{{.*}} : vector<4xi8>
// CHECK: arith.trunci %[[H]] : vector<4xi8> to vector<4xi4>
// OFF-LABEL: func.func @split_field(
// OFF: arith.shrui %{{.*}}, %{{.*}} : vector<4xi32>
func.func @split_field(%b: vector<16xi8>) -> vector<4xi4> {
  %w = vector.bitcast %b : vector<16xi8> to vector<4xi32>
  %s = arith.constant dense<28> : vector<4xi32>
  %h = arith.shrui %w, %s : vector<4xi32>
  %f = arith.trunci %h : vector<4xi32> to vector<4xi4>
  return %f : vector<4xi4>
}

// -----

// Not a whole field (a shift of 2), words not read as bytes, not 4 bits:
// the word arithmetic stays.
// CHECK-LABEL: func.func @negative_split(
// CHECK-NOT: vector.deinterleave
// CHECK: return
func.func @negative_split(%b: vector<16xi8>, %w2: vector<4xi32>)
    -> (vector<4xi4>, vector<4xi4>, vector<4xi8>) {
  %w = vector.bitcast %b : vector<16xi8> to vector<4xi32>
  %s = arith.constant dense<2> : vector<4xi32>
  %h = arith.shrui %w, %s : vector<4xi32>
  %f = arith.trunci %h : vector<4xi32> to vector<4xi4>
  %g = arith.trunci %w2 : vector<4xi32> to vector<4xi4>
  %i = arith.trunci %w : vector<4xi32> to vector<4xi8>
  return %f, %g, %i : vector<4xi4>, vector<4xi4>, vector<4xi8>
}

// -----

// All eight fields set: four bytes from pairs of fields, interleaved; the
// words they started from are not read.
// CHECK-LABEL: func.func @assemble(
// CHECK-SAME: -> vector<16xi8> {
// CHECK-NOT: vector<4xi32>
// CHECK-COUNT-4: arith.ori {{.*}} : vector<4xi8>
// CHECK: %[[L:.*]] = vector.interleave {{.*}} : vector<4xi8> -> vector<8xi8>
// CHECK: %[[R:.*]] = vector.interleave {{.*}} : vector<4xi8> -> vector<8xi8>
// CHECK: %[[V:.*]] = vector.interleave %[[L]], %[[R]] : vector<8xi8> -> vector<16xi8>
// CHECK: return %[[V]]
// OFF-LABEL: func.func @assemble(
// OFF: vector.bitcast {{.*}} : vector<4xi32> to vector<16xi8>
func.func @assemble(%w: vector<4xi32>, %x: vector<4xi4>) -> vector<16xi8> {
  %m0 = arith.constant dense<-241> : vector<4xi32>
  %k0 = arith.andi %w, %m0 : vector<4xi32>
  %z0 = arith.extui %x : vector<4xi4> to vector<4xi32>
  %c0 = arith.constant dense<4> : vector<4xi32>
  %y0 = arith.shli %z0, %c0 : vector<4xi32>
  %o0 = arith.ori %k0, %y0 : vector<4xi32>
  %m1 = arith.constant dense<-16> : vector<4xi32>
  %k1 = arith.andi %o0, %m1 : vector<4xi32>
  %z1 = arith.extui %x : vector<4xi4> to vector<4xi32>
  %c1 = arith.constant dense<0> : vector<4xi32>
  %y1 = arith.shli %z1, %c1 : vector<4xi32>
  %o1 = arith.ori %k1, %y1 : vector<4xi32>
  %m2 = arith.constant dense<-61441> : vector<4xi32>
  %k2 = arith.andi %o1, %m2 : vector<4xi32>
  %z2 = arith.extui %x : vector<4xi4> to vector<4xi32>
  %c2 = arith.constant dense<12> : vector<4xi32>
  %y2 = arith.shli %z2, %c2 : vector<4xi32>
  %o2 = arith.ori %k2, %y2 : vector<4xi32>
  %m3 = arith.constant dense<-3841> : vector<4xi32>
  %k3 = arith.andi %o2, %m3 : vector<4xi32>
  %z3 = arith.extui %x : vector<4xi4> to vector<4xi32>
  %c3 = arith.constant dense<8> : vector<4xi32>
  %y3 = arith.shli %z3, %c3 : vector<4xi32>
  %o3 = arith.ori %k3, %y3 : vector<4xi32>
  %m4 = arith.constant dense<-15728641> : vector<4xi32>
  %k4 = arith.andi %o3, %m4 : vector<4xi32>
  %z4 = arith.extui %x : vector<4xi4> to vector<4xi32>
  %c4 = arith.constant dense<20> : vector<4xi32>
  %y4 = arith.shli %z4, %c4 : vector<4xi32>
  %o4 = arith.ori %k4, %y4 : vector<4xi32>
  %m5 = arith.constant dense<-983041> : vector<4xi32>
  %k5 = arith.andi %o4, %m5 : vector<4xi32>
  %z5 = arith.extui %x : vector<4xi4> to vector<4xi32>
  %c5 = arith.constant dense<16> : vector<4xi32>
  %y5 = arith.shli %z5, %c5 : vector<4xi32>
  %o5 = arith.ori %k5, %y5 : vector<4xi32>
  %m6 = arith.constant dense<268435455> : vector<4xi32>
  %k6 = arith.andi %o5, %m6 : vector<4xi32>
  %z6 = arith.extui %x : vector<4xi4> to vector<4xi32>
  %c6 = arith.constant dense<28> : vector<4xi32>
  %y6 = arith.shli %z6, %c6 : vector<4xi32>
  %o6 = arith.ori %k6, %y6 : vector<4xi32>
  %m7 = arith.constant dense<-251658241> : vector<4xi32>
  %k7 = arith.andi %o6, %m7 : vector<4xi32>
  %z7 = arith.extui %x : vector<4xi4> to vector<4xi32>
  %c7 = arith.constant dense<24> : vector<4xi32>
  %y7 = arith.shli %z7, %c7 : vector<4xi32>
  %o7 = arith.ori %k7, %y7 : vector<4xi32>
  %b = vector.bitcast %o7 : vector<4xi32> to vector<16xi8>
  return %b : vector<16xi8>
}

// -----

// Seven fields set (bits 24 to 27 keep the words'), or a mask that clears
// more than its field: the word arithmetic stays.
// CHECK-LABEL: func.func @negative_assemble(
// CHECK-NOT: vector.interleave
// CHECK: return
func.func @negative_assemble(%w: vector<4xi32>, %x: vector<4xi4>)
    -> vector<16xi8> {
  %m0 = arith.constant dense<-241> : vector<4xi32>
  %k0 = arith.andi %w, %m0 : vector<4xi32>
  %z0 = arith.extui %x : vector<4xi4> to vector<4xi32>
  %c0 = arith.constant dense<4> : vector<4xi32>
  %y0 = arith.shli %z0, %c0 : vector<4xi32>
  %o0 = arith.ori %k0, %y0 : vector<4xi32>
  %m1 = arith.constant dense<-16> : vector<4xi32>
  %k1 = arith.andi %o0, %m1 : vector<4xi32>
  %z1 = arith.extui %x : vector<4xi4> to vector<4xi32>
  %c1 = arith.constant dense<0> : vector<4xi32>
  %y1 = arith.shli %z1, %c1 : vector<4xi32>
  %o1 = arith.ori %k1, %y1 : vector<4xi32>
  %m2 = arith.constant dense<-61441> : vector<4xi32>
  %k2 = arith.andi %o1, %m2 : vector<4xi32>
  %z2 = arith.extui %x : vector<4xi4> to vector<4xi32>
  %c2 = arith.constant dense<12> : vector<4xi32>
  %y2 = arith.shli %z2, %c2 : vector<4xi32>
  %o2 = arith.ori %k2, %y2 : vector<4xi32>
  %m3 = arith.constant dense<-3841> : vector<4xi32>
  %k3 = arith.andi %o2, %m3 : vector<4xi32>
  %z3 = arith.extui %x : vector<4xi4> to vector<4xi32>
  %c3 = arith.constant dense<8> : vector<4xi32>
  %y3 = arith.shli %z3, %c3 : vector<4xi32>
  %o3 = arith.ori %k3, %y3 : vector<4xi32>
  %m4 = arith.constant dense<-15728641> : vector<4xi32>
  %k4 = arith.andi %o3, %m4 : vector<4xi32>
  %z4 = arith.extui %x : vector<4xi4> to vector<4xi32>
  %c4 = arith.constant dense<20> : vector<4xi32>
  %y4 = arith.shli %z4, %c4 : vector<4xi32>
  %o4 = arith.ori %k4, %y4 : vector<4xi32>
  %m5 = arith.constant dense<-983041> : vector<4xi32>
  %k5 = arith.andi %o4, %m5 : vector<4xi32>
  %z5 = arith.extui %x : vector<4xi4> to vector<4xi32>
  %c5 = arith.constant dense<16> : vector<4xi32>
  %y5 = arith.shli %z5, %c5 : vector<4xi32>
  %o5 = arith.ori %k5, %y5 : vector<4xi32>
  %m6 = arith.constant dense<268435455> : vector<4xi32>
  %k6 = arith.andi %o5, %m6 : vector<4xi32>
  %z6 = arith.extui %x : vector<4xi4> to vector<4xi32>
  %c6 = arith.constant dense<28> : vector<4xi32>
  %y6 = arith.shli %z6, %c6 : vector<4xi32>
  %o6 = arith.ori %k6, %y6 : vector<4xi32>
  %b = vector.bitcast %o6 : vector<4xi32> to vector<16xi8>
  return %b : vector<16xi8>
}

// -----

// CHECK-LABEL: func.func @negative_wide_mask(
// CHECK-NOT: vector.interleave
// CHECK: return
func.func @negative_wide_mask(%w: vector<4xi32>, %x: vector<4xi4>)
    -> vector<16xi8> {
  %m0 = arith.constant dense<-241> : vector<4xi32>
  %k0 = arith.andi %w, %m0 : vector<4xi32>
  %z0 = arith.extui %x : vector<4xi4> to vector<4xi32>
  %c0 = arith.constant dense<4> : vector<4xi32>
  %y0 = arith.shli %z0, %c0 : vector<4xi32>
  %o0 = arith.ori %k0, %y0 : vector<4xi32>
  %m1 = arith.constant dense<-16> : vector<4xi32>
  %k1 = arith.andi %o0, %m1 : vector<4xi32>
  %z1 = arith.extui %x : vector<4xi4> to vector<4xi32>
  %c1 = arith.constant dense<0> : vector<4xi32>
  %y1 = arith.shli %z1, %c1 : vector<4xi32>
  %o1 = arith.ori %k1, %y1 : vector<4xi32>
  %m2 = arith.constant dense<-61441> : vector<4xi32>
  %k2 = arith.andi %o1, %m2 : vector<4xi32>
  %z2 = arith.extui %x : vector<4xi4> to vector<4xi32>
  %c2 = arith.constant dense<12> : vector<4xi32>
  %y2 = arith.shli %z2, %c2 : vector<4xi32>
  %o2 = arith.ori %k2, %y2 : vector<4xi32>
  %m3 = arith.constant dense<-7937> : vector<4xi32>
  %k3 = arith.andi %o2, %m3 : vector<4xi32>
  %z3 = arith.extui %x : vector<4xi4> to vector<4xi32>
  %c3 = arith.constant dense<8> : vector<4xi32>
  %y3 = arith.shli %z3, %c3 : vector<4xi32>
  %o3 = arith.ori %k3, %y3 : vector<4xi32>
  %m4 = arith.constant dense<-15728641> : vector<4xi32>
  %k4 = arith.andi %o3, %m4 : vector<4xi32>
  %z4 = arith.extui %x : vector<4xi4> to vector<4xi32>
  %c4 = arith.constant dense<20> : vector<4xi32>
  %y4 = arith.shli %z4, %c4 : vector<4xi32>
  %o4 = arith.ori %k4, %y4 : vector<4xi32>
  %m5 = arith.constant dense<-983041> : vector<4xi32>
  %k5 = arith.andi %o4, %m5 : vector<4xi32>
  %z5 = arith.extui %x : vector<4xi4> to vector<4xi32>
  %c5 = arith.constant dense<16> : vector<4xi32>
  %y5 = arith.shli %z5, %c5 : vector<4xi32>
  %o5 = arith.ori %k5, %y5 : vector<4xi32>
  %m6 = arith.constant dense<268435455> : vector<4xi32>
  %k6 = arith.andi %o5, %m6 : vector<4xi32>
  %z6 = arith.extui %x : vector<4xi4> to vector<4xi32>
  %c6 = arith.constant dense<28> : vector<4xi32>
  %y6 = arith.shli %z6, %c6 : vector<4xi32>
  %o6 = arith.ori %k6, %y6 : vector<4xi32>
  %m7 = arith.constant dense<-251658241> : vector<4xi32>
  %k7 = arith.andi %o6, %m7 : vector<4xi32>
  %z7 = arith.extui %x : vector<4xi4> to vector<4xi32>
  %c7 = arith.constant dense<24> : vector<4xi32>
  %y7 = arith.shli %z7, %c7 : vector<4xi32>
  %o7 = arith.ori %k7, %y7 : vector<4xi32>
  %b = vector.bitcast %o7 : vector<4xi32> to vector<16xi8>
  return %b : vector<16xi8>
}
