// RUN: tlayout-opt %s --lower-tiled-layouts --split-input-file | FileCheck %s
// RUN: tlayout-opt %s --lower-tiled-layouts --canonicalize --split-input-file | FileCheck %s --check-prefix=CANON

// CHECK-DAG: #[[D0T:.*]] = affine_map<(d0, d1) -> (d0 floordiv 2)>
// CHECK-DAG: #[[D1T:.*]] = affine_map<(d0, d1) -> (d1 floordiv 2)>
// CHECK-DAG: #[[D0M:.*]] = affine_map<(d0, d1) -> (d0 mod 2)>
// CHECK-DAG: #[[D1M:.*]] = affine_map<(d0, d1) -> (d1 mod 2)>
// CHECK-LABEL: func.func @load(
// CHECK-SAME: %[[M:.*]]: memref<2x3x2x2xf32>, %[[I:.*]]: index, %[[J:.*]]: index) -> f32
// CHECK: %[[A:.*]] = affine.apply #[[D0T]](%[[I]], %[[J]])
// CHECK: %[[B:.*]] = affine.apply #[[D1T]](%[[I]], %[[J]])
// CHECK: %[[C:.*]] = affine.apply #[[D0M]](%[[I]], %[[J]])
// CHECK: %[[D:.*]] = affine.apply #[[D1M]](%[[I]], %[[J]])
// CHECK: %[[V:.*]] = memref.load %[[M]][%[[A]], %[[B]], %[[C]], %[[D]]] : memref<2x3x2x2xf32>
// CHECK: return %[[V]]
func.func @load(%m: memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>, %i: index, %j: index) -> f32 {
  %v = memref.load %m[%i, %j] : memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>
  return %v : f32
}

// CHECK-LABEL: func.func @store(
// CHECK-SAME: %[[M:.*]]: memref<2x3x2x2xf32>
// CHECK: memref.store %{{.*}}, %[[M]][%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}] : memref<2x3x2x2xf32>
func.func @store(%m: memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>, %i: index, %j: index, %v: f32) {
  memref.store %v, %m[%i, %j] : memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>
  return
}

// -----

// affine.load/store fold the layout into their own map. After
// canonicalization, a nest that walks whole tiles has no floordiv/mod left.

// CHECK-LABEL: func.func @whole_tiles(
// CHECK-SAME: %[[M:.*]]: memref<1x2x8x128xf32>
// CHECK: affine.load %[[M]][%{{.*}} floordiv 8, %{{.*}} floordiv 128, %{{.*}} mod 8, %{{.*}} mod 128]
// CHECK: affine.store %{{.*}}, %[[M]][%{{.*}} floordiv 8, %{{.*}} floordiv 128, %{{.*}} mod 8, %{{.*}} mod 128]
// CANON-LABEL: func.func @whole_tiles(
// CANON-SAME: %[[M:.*]]: memref<1x2x8x128xf32>
// CANON: affine.for %[[I:.*]] = 0 to 8 {
// CANON: affine.for %[[T:.*]] = 0 to 2 {
// CANON: affine.for %[[L:.*]] = 0 to 128 {
// CANON-NOT: floordiv
// CANON-NOT: mod
// CANON: affine.load %[[M]][0, %[[T]], %[[I]], %[[L]]]
// CANON-NOT: floordiv
// CANON-NOT: mod
// CANON: affine.store %{{.*}}, %[[M]][0, %[[T]], %[[I]], %[[L]]]
func.func @whole_tiles(%m: memref<8x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>) {
  %c = arith.constant 2.0 : f32
  affine.for %i = 0 to 8 {
    affine.for %t = 0 to 2 {
      affine.for %l = 0 to 128 {
        %v = affine.load %m[%i, %t * 128 + %l] : memref<8x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>
        %w = arith.mulf %v, %c : f32
        affine.store %w, %m[%i, %t * 128 + %l] : memref<8x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>
      }
    }
  }
  return
}

// -----

// Types convert across the module: allocation, signatures, calls, scf
// iter_args and external declarations. Tail padding gives a flat buffer.

// CHECK-LABEL: func.func private @external(memref<32xf32>)
func.func private @external(memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)L(32)}>>)

// CHECK-LABEL: func.func @module_wide(
// CHECK-SAME: %[[ARG:.*]]: memref<2x3x2x2xf32>) -> memref<2x3x2x2xf32>
// CHECK: %[[R:.*]] = scf.for {{.*}} iter_args(%[[A:.*]] = %[[ARG]]) -> (memref<2x3x2x2xf32>)
// CHECK: scf.yield %[[A]] : memref<2x3x2x2xf32>
// CHECK: %[[C:.*]] = call @module_wide(%[[R]]) : (memref<2x3x2x2xf32>) -> memref<2x3x2x2xf32>
// CHECK: return %[[C]] : memref<2x3x2x2xf32>
func.func @module_wide(%m: memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>) -> memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%a = %m) -> memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>> {
    scf.yield %a : memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>
  }
  %c = func.call @module_wide(%r) : (memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>) -> memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>
  return %c : memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>
}

// CHECK-LABEL: func.func @alloc_dim_physical(
// CHECK: %[[A:.*]] = memref.alloca() {alignment = 64 : i64} : memref<32xf32>
// CHECK: %[[THREE:.*]] = arith.constant 3 : index
// CHECK: %[[FIVE:.*]] = arith.constant 5 : index
// CHECK: call @external(%[[A]]) : (memref<32xf32>) -> ()
// CHECK: return %[[A]], %[[THREE]], %[[FIVE]] : memref<32xf32>, index, index
func.func @alloc_dim_physical() -> (memref<32xf32>, index, index) {
  %m = memref.alloca() {alignment = 64} : memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)L(32)}>>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d0 = memref.dim %m, %c0 : memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)L(32)}>>
  %d1 = memref.dim %m, %c1 : memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)L(32)}>>
  func.call @external(%m) : (memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)L(32)}>>) -> ()
  %p = tlayout.to_physical %m : memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)L(32)}>> to memref<32xf32>
  return %p, %d0, %d1 : memref<32xf32>, index, index
}

// With tail padding, accesses index the flat buffer by the linear offset.
// CHECK-LABEL: func.func @flat_load(
// CHECK-SAME: %[[M:.*]]: memref<32xf32>, %[[I:.*]]: index, %[[J:.*]]: index
// CHECK: %[[O:.*]] = affine.apply #{{.*}}(%[[I]], %[[J]])
// CHECK: memref.load %[[M]][%[[O]]] : memref<32xf32>
func.func @flat_load(%m: memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)L(32)}>>, %i: index, %j: index) -> f32 {
  %v = memref.load %m[%i, %j] : memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)L(32)}>>
  return %v : f32
}

// -----

// to_physical / from_physical become views of the physical buffer.
// CHECK-LABEL: func.func @views(
// CHECK-SAME: %[[B:.*]]: memref<24xf32, #tlayout.memory_space<vmem>>
// CHECK: %[[V:.*]] = memref.reinterpret_cast %[[B]] to offset: [0], sizes: [2, 3, 2, 2], strides: [12, 4, 2, 1] : memref<24xf32, #tlayout.memory_space<vmem>> to memref<2x3x2x2xf32, #tlayout.memory_space<vmem>>
// CHECK: %[[F:.*]] = memref.reinterpret_cast %[[V]] to offset: [0], sizes: [24], strides: [1] : memref<2x3x2x2xf32, #tlayout.memory_space<vmem>> to memref<24xf32, #tlayout.memory_space<vmem>>
// CHECK: return %[[F]]
func.func @views(%b: memref<24xf32, #tlayout.memory_space<vmem>>) -> memref<24xf32, #tlayout.memory_space<vmem>> {
  %m = tlayout.from_physical %b : memref<24xf32, #tlayout.memory_space<vmem>> to memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>, #tlayout.memory_space<vmem>>
  %p = tlayout.to_physical %m : memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>, #tlayout.memory_space<vmem>> to memref<24xf32, #tlayout.memory_space<vmem>>
  return %p : memref<24xf32, #tlayout.memory_space<vmem>>
}

// -----

// Combined dimensions and a second tile level: F32[2,7,8]{2,1,0:T(*,2,4)(2,1)}.
// CHECK-LABEL: func.func @combined(
// CHECK-SAME: memref<7x2x1x4x2x1xf32>
// CHECK: affine.load %{{.*}}[(%{{.*}} * 7 + %{{.*}}) floordiv 2, %{{.*}} floordiv 4, 0, %{{.*}} mod 4, (%{{.*}} * 7 + %{{.*}}) mod 2, 0]
func.func @combined(%m: memref<2x7x8xf32, #tlayout.tiled<{2,1,0:T(*,2,4)(2,1)}>>, %i: index, %j: index, %k: index) -> f32 {
  %v = affine.load %m[%i, %j, %k] : memref<2x7x8xf32, #tlayout.tiled<{2,1,0:T(*,2,4)(2,1)}>>
  return %v : f32
}

// -----

// Memrefs without a tiled layout are left alone.
// CHECK-LABEL: func.func @negative_untiled(
// CHECK-SAME: %[[M:.*]]: memref<3x5xf32>
// CHECK: memref.load %[[M]][%{{.*}}, %{{.*}}] : memref<3x5xf32>
func.func @negative_untiled(%m: memref<3x5xf32>, %i: index, %j: index) -> f32 {
  %v = memref.load %m[%i, %j] : memref<3x5xf32>
  return %v : f32
}
