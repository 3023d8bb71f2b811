// RUN: tlayout-opt %s --lower-tiled-layouts | FileCheck %s

// Atomics and prefetches act on the element's place in the physical buffer;
// masked, gathering and compressing vector accesses become one guarded
// scalar access per lane; a reshape reuses the physical buffer.

#t = #tlayout.tiled<{1,0:T(2,2)}>

// CHECK-DAG: #[[D0T:.*]] = affine_map<(d0, d1) -> (d0 floordiv 2)>
// CHECK-DAG: #[[D1T:.*]] = affine_map<(d0, d1) -> (d1 floordiv 2)>
// CHECK-DAG: #[[D0M:.*]] = affine_map<(d0, d1) -> (d0 mod 2)>
// CHECK-DAG: #[[D1M:.*]] = affine_map<(d0, d1) -> (d1 mod 2)>
// CHECK-DAG: #[[S1T:.*]] = affine_map<(d0, d1)[s0] -> (d1 floordiv 2)>
// CHECK-DAG: #[[R0:.*]] = affine_map<(d0, d1, d2) -> (d0)>
// CHECK-DAG: #[[R1:.*]] = affine_map<(d0, d1, d2) -> (d1 floordiv 8)>
// CHECK-DAG: #[[R2:.*]] = affine_map<(d0, d1, d2) -> (d2 floordiv 128)>
// CHECK-DAG: #[[R3:.*]] = affine_map<(d0, d1, d2) -> (d1 mod 8)>
// CHECK-DAG: #[[R4:.*]] = affine_map<(d0, d1, d2) -> (d2 mod 128)>

// CHECK-LABEL: func.func @atomic_rmw(
// CHECK-SAME: %[[M:.*]]: memref<2x3x2x2xf32>, %[[I:.*]]: index, %[[J:.*]]: index, %[[X:.*]]: f32)
// CHECK: %[[A:.*]] = affine.apply #[[D0T]](%[[I]], %[[J]])
// CHECK: %[[B:.*]] = affine.apply #[[D1T]](%[[I]], %[[J]])
// CHECK: %[[C:.*]] = affine.apply #[[D0M]](%[[I]], %[[J]])
// CHECK: %[[D:.*]] = affine.apply #[[D1M]](%[[I]], %[[J]])
// CHECK: %[[R:.*]] = memref.atomic_rmw addf %[[X]], %[[M]][%[[A]], %[[B]], %[[C]], %[[D]]] : (f32, memref<2x3x2x2xf32>) -> f32
// CHECK: return %[[R]]
func.func @atomic_rmw(%m: memref<3x5xf32, #t>, %i: index, %j: index, %x: f32) -> f32 {
  %r = memref.atomic_rmw addf %x, %m[%i, %j] : (f32, memref<3x5xf32, #t>) -> f32
  return %r : f32
}

// CHECK-LABEL: func.func @generic_atomic_rmw(
// CHECK-SAME: %[[M:.*]]: memref<2x3x2x2xf32>, %{{.*}}: index, %{{.*}}: index, %[[X:.*]]: f32)
// CHECK: %[[R:.*]] = memref.generic_atomic_rmw %[[M]][%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}] : memref<2x3x2x2xf32> {
// CHECK-NEXT: ^bb0(%[[OLD:.*]]: f32):
// CHECK-NEXT: %[[N:.*]] = arith.mulf %[[OLD]], %[[X]] : f32
// CHECK-NEXT: memref.atomic_yield %[[N]] : f32
// CHECK: return %[[R]]
func.func @generic_atomic_rmw(%m: memref<3x5xf32, #t>, %i: index, %j: index, %x: f32) -> f32 {
  %r = memref.generic_atomic_rmw %m[%i, %j] : memref<3x5xf32, #t> {
  ^bb0(%old: f32):
    %n = arith.mulf %old, %x : f32
    memref.atomic_yield %n : f32
  }
  return %r : f32
}

// A dynamic size is a symbol of the index map.
// CHECK-LABEL: func.func @prefetch(
// CHECK-SAME: %[[M:.*]]: memref<?x3x2x2xf32>, %[[N:.*]]: index, %[[I:.*]]: index, %[[J:.*]]: index)
// CHECK: %[[B:.*]] = affine.apply #[[S1T]](%[[I]], %[[J]])[%[[N]]]
// CHECK: memref.prefetch %[[M]][%{{.*}}, %[[B]], %{{.*}}, %{{.*}}], write, locality<1>, data : memref<?x3x2x2xf32>
func.func @prefetch(%m: memref<?x5xf32, #t>, %i: index, %j: index) {
  memref.prefetch %m[%i, %j], write, locality<1>, data : memref<?x5xf32, #t>
  return
}

// Lane k is at column j + k; a masked-off lane takes the pass-through value.
// CHECK-LABEL: func.func @maskedload(
// CHECK-SAME: %[[M:.*]]: memref<2x3x2x2xf32>, %[[I:.*]]: index, %[[J:.*]]: index, %[[MASK:.*]]: vector<2xi1>, %[[P:.*]]: vector<2xf32>)
// CHECK: %[[B0:.*]] = vector.extract %[[MASK]][0]
// CHECK: %[[J0:.*]] = arith.addi %[[J]], %{{.*}}
// CHECK: %[[B1:.*]] = vector.extract %[[MASK]][1]
// CHECK: %[[J1:.*]] = arith.addi %[[J]], %{{.*}}
// CHECK: %[[L0:.*]] = scf.if %[[B0]] -> (f32) {
// CHECK: affine.apply #[[D1T]](%[[I]], %[[J0]])
// CHECK: memref.load %[[M]]
// CHECK: } else {
// CHECK: vector.extract %[[P]][0]
// CHECK: %[[L1:.*]] = scf.if %[[B1]] -> (f32) {
// CHECK: affine.apply #[[D1T]](%[[I]], %[[J1]])
// CHECK: } else {
// CHECK: vector.extract %[[P]][1]
// CHECK: vector.from_elements %[[L0]], %[[L1]] : vector<2xf32>
func.func @maskedload(%m: memref<3x5xf32, #t>, %i: index, %j: index, %mask: vector<2xi1>, %p: vector<2xf32>) -> vector<2xf32> {
  %r = vector.maskedload %m[%i, %j], %mask, %p : memref<3x5xf32, #t>, vector<2xi1>, vector<2xf32> into vector<2xf32>
  return %r : vector<2xf32>
}

// CHECK-LABEL: func.func @maskedstore(
// CHECK-SAME: %[[M:.*]]: memref<2x3x2x2xf32>, %{{.*}}: index, %{{.*}}: index, %[[MASK:.*]]: vector<2xi1>, %[[V:.*]]: vector<2xf32>)
// CHECK: %[[B0:.*]] = vector.extract %[[MASK]][0]
// CHECK: scf.if %[[B0]] {
// CHECK-NEXT: %[[E:.*]] = vector.extract %[[V]][0]
// CHECK: memref.store %[[E]], %[[M]]
// CHECK: scf.if
// CHECK: vector.extract %[[V]][1]
func.func @maskedstore(%m: memref<3x5xf32, #t>, %i: index, %j: index, %mask: vector<2xi1>, %v: vector<2xf32>) {
  vector.maskedstore %m[%i, %j], %mask, %v : memref<3x5xf32, #t>, vector<2xi1>, vector<2xf32>
  return
}

// Lane p is at column j + idx[p], the index sign-extended.
// CHECK-LABEL: func.func @gather(
// CHECK-SAME: %[[M:.*]]: memref<2x3x2x2xf32>, %[[I:.*]]: index, %[[J:.*]]: index, %[[IDX:.*]]: vector<2xi32>
// CHECK: %[[X0:.*]] = vector.extract %[[IDX]][0]
// CHECK: %[[C0:.*]] = arith.index_cast %[[X0]] : i32 to index
// CHECK: %[[J0:.*]] = arith.addi %[[J]], %[[C0]]
// CHECK: scf.if
// CHECK: affine.apply #[[D1T]](%[[I]], %[[J0]])
// CHECK: memref.load %[[M]]
func.func @gather(%m: memref<3x5xf32, #t>, %i: index, %j: index, %idx: vector<2xi32>, %mask: vector<2xi1>, %p: vector<2xf32>) -> vector<2xf32> {
  %r = vector.gather %m[%i, %j][%idx], %mask, %p : memref<3x5xf32, #t>, vector<2xi32>, vector<2xi1>, vector<2xf32> into vector<2xf32>
  return %r : vector<2xf32>
}

// CHECK-LABEL: func.func @scatter(
// CHECK-SAME: %[[M:.*]]: memref<2x3x2x2xf32>, %{{.*}}: index, %[[J:.*]]: index, %[[IDX:.*]]: vector<2x2xindex>
// CHECK: %[[X:.*]] = vector.extract %[[IDX]][1, 1] : index from vector<2x2xindex>
// CHECK-NEXT: arith.addi %[[J]], %[[X]]
// CHECK-COUNT-4: memref.store %{{.*}}, %[[M]]
func.func @scatter(%m: memref<3x5xf32, #t>, %i: index, %j: index, %idx: vector<2x2xindex>, %mask: vector<2x2xi1>, %v: vector<2x2xf32>) {
  vector.scatter %m[%i, %j][%idx], %mask, %v : memref<3x5xf32, #t>, vector<2x2xindex>, vector<2x2xi1>, vector<2x2xf32>
  return
}

// Lane k is at column j plus the number of active lanes before it.
// CHECK-LABEL: func.func @compressstore(
// CHECK-SAME: %[[M:.*]]: memref<2x3x2x2xf32>, %{{.*}}: index, %[[J:.*]]: index, %[[MASK:.*]]: vector<2xi1>
// CHECK-DAG: %[[ONE:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0 : index
// CHECK: %[[B0:.*]] = vector.extract %[[MASK]][0]
// CHECK: %[[S0:.*]] = arith.select %[[B0]], %[[ONE]], %[[ZERO]]
// CHECK: %[[N1:.*]] = arith.addi %[[ZERO]], %[[S0]]
// CHECK: %[[J0:.*]] = arith.addi %[[J]], %[[ZERO]]
// CHECK: %[[J1:.*]] = arith.addi %[[J]], %[[N1]]
// CHECK: scf.if %[[B0]]
// CHECK: affine.apply #[[D1T]](%{{.*}}, %[[J0]])
// CHECK: scf.if
// CHECK: affine.apply #[[D1T]](%{{.*}}, %[[J1]])
func.func @compressstore(%m: memref<3x5xf32, #t>, %i: index, %j: index, %mask: vector<2xi1>, %v: vector<2xf32>) {
  vector.compressstore %m[%i, %j], %mask, %v : memref<3x5xf32, #t>, vector<2xi1>, vector<2xf32>
  return
}

// CHECK-LABEL: func.func @expandload(
// CHECK: arith.select
// CHECK: scf.if
// CHECK: memref.load
// CHECK: scf.if
// CHECK: memref.load
// CHECK: vector.from_elements
func.func @expandload(%m: memref<3x5xf32, #t>, %i: index, %j: index, %mask: vector<2xi1>, %p: vector<2xf32>) -> vector<2xf32> {
  %r = vector.expandload %m[%i, %j], %mask, %p : memref<3x5xf32, #t>, vector<2xi1>, vector<2xf32> into vector<2xf32>
  return %r : vector<2xf32>
}

// tlayout.reshape reuses the source's physical buffer in the result's
// physical shape; accesses go through the result's own layout map.
// CHECK-LABEL: func.func @reshape(
// CHECK-SAME: %[[M:.*]]: memref<2x2x8x128xf32>, %[[A:.*]]: index, %[[R:.*]]: index, %[[C:.*]]: index)
// CHECK: %[[B:.*]] = memref.reinterpret_cast %[[M]] to offset: [0], sizes: [2, 1, 2, 8, 128], strides: [2048, 2048, 1024, 128, 1] : memref<2x2x8x128xf32> to memref<2x1x2x8x128xf32>
// CHECK: %[[I0:.*]] = affine.apply #[[R0]](%[[A]], %[[R]], %[[C]])
// CHECK: %[[I1:.*]] = affine.apply #[[R1]](%[[A]], %[[R]], %[[C]])
// CHECK: %[[I2:.*]] = affine.apply #[[R2]](%[[A]], %[[R]], %[[C]])
// CHECK: %[[I3:.*]] = affine.apply #[[R3]](%[[A]], %[[R]], %[[C]])
// CHECK: %[[I4:.*]] = affine.apply #[[R4]](%[[A]], %[[R]], %[[C]])
// CHECK: memref.load %[[B]][%[[I0]], %[[I1]], %[[I2]], %[[I3]], %[[I4]]] : memref<2x1x2x8x128xf32>
func.func @reshape(%m: memref<16x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>, %a: index, %r: index, %c: index) -> f32 {
  %s = tlayout.reshape %m : memref<16x256xf32, #tlayout.tiled<{1,0:T(8,128)}>> to memref<2x8x256xf32, #tlayout.tiled<{2,1,0:T(8,128)}>>
  %v = memref.load %s[%a, %r, %c] : memref<2x8x256xf32, #tlayout.tiled<{2,1,0:T(8,128)}>>
  return %v : f32
}

// CHECK-LABEL: func.func @rank_and_alignment(
// CHECK-SAME: %[[M:.*]]: memref<?x3x2x2xf32>, %[[N:.*]]: index)
// CHECK: %[[A:.*]] = memref.assume_alignment %[[M]], 64 : memref<?x3x2x2xf32>
// CHECK: %[[R:.*]] = arith.constant 2 : index
// CHECK: return %[[A]], %[[N]], %[[R]] : memref<?x3x2x2xf32>, index, index
func.func @rank_and_alignment(%m: memref<?x5xf32, #t>) -> (memref<?x5xf32, #t>, index) {
  %a = memref.assume_alignment %m, 64 : memref<?x5xf32, #t>
  %r = memref.rank %m : memref<?x5xf32, #t>
  return %a, %r : memref<?x5xf32, #t>, index
}
