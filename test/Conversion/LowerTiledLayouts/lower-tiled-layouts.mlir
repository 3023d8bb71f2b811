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
// CHECK-SAME: %[[B:.*]]: memref<24xf32, #tlayout_tpu.memory_space<vmem>>
// CHECK: %[[V:.*]] = memref.reinterpret_cast %[[B]] to offset: [0], sizes: [2, 3, 2, 2], strides: [12, 4, 2, 1] : memref<24xf32, #tlayout_tpu.memory_space<vmem>> to memref<2x3x2x2xf32, #tlayout_tpu.memory_space<vmem>>
// CHECK: %[[F:.*]] = memref.reinterpret_cast %[[V]] to offset: [0], sizes: [24], strides: [1] : memref<2x3x2x2xf32, #tlayout_tpu.memory_space<vmem>> to memref<24xf32, #tlayout_tpu.memory_space<vmem>>
// CHECK: return %[[F]]
func.func @views(%b: memref<24xf32, #tlayout_tpu.memory_space<vmem>>) -> memref<24xf32, #tlayout_tpu.memory_space<vmem>> {
  %m = tlayout.from_physical %b : memref<24xf32, #tlayout_tpu.memory_space<vmem>> to memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>, #tlayout_tpu.memory_space<vmem>>
  %p = tlayout.to_physical %m : memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>, #tlayout_tpu.memory_space<vmem>> to memref<24xf32, #tlayout_tpu.memory_space<vmem>>
  return %p : memref<24xf32, #tlayout_tpu.memory_space<vmem>>
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

// -----

// Dynamic shapes: the physical buffer has `?` where a size depends on a
// dynamic logical size, and the logical sizes travel with it through
// signatures, calls and returns.

// CHECK-DAG: #[[OUTER:.*]] = affine_map<()[s0] -> (s0 ceildiv 8)>
// CHECK-LABEL: func.func @dynamic(
// CHECK-SAME: %[[M:.*]]: memref<?x2x8x128xf32>, %[[N:.*]]: index, %[[I:.*]]: index, %[[J:.*]]: index) -> (f32, index, memref<?x2x8x128xf32>, index)
// CHECK: memref.load %[[M]][%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}] : memref<?x2x8x128xf32>
// CHECK: %[[T:.*]] = affine.apply #[[OUTER]]()[%[[N]]]
// CHECK: %[[A:.*]] = memref.alloc(%[[T]]) : memref<?x2x8x128xf32>
// CHECK: return %{{.*}}, %[[N]], %[[A]], %[[N]] : f32, index, memref<?x2x8x128xf32>, index
func.func @dynamic(%m: memref<?x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>, %i: index, %j: index)
    -> (f32, index, memref<?x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>) {
  %v = memref.load %m[%i, %j] : memref<?x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>
  %c0 = arith.constant 0 : index
  %n = memref.dim %m, %c0 : memref<?x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>
  %a = memref.alloc(%n) : memref<?x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>
  return %v, %n, %a : f32, index, memref<?x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>
}

// Combined dynamic dimensions use the sizes in the index arithmetic. The
// layout map has the logical sizes as symbols, which an alloc binds.
// CHECK-LABEL: func.func @dynamic_combined(
// CHECK-SAME: %[[N:.*]]: index, %[[I:.*]]: index
// CHECK: %[[A:.*]] = memref.alloc(%{{.*}}) : memref<?x4xf32>
// CHECK: affine.load %[[A]][(%[[I]] * symbol(%[[N]]) + %[[I]]) floordiv 4, (%[[I]] * symbol(%[[N]]) + %[[I]]) mod 4] : memref<?x4xf32>
func.func @dynamic_combined(%n: index, %i: index) -> f32 {
  %a = memref.alloc(%n, %n)[%n, %n] : memref<?x?xf32, #tlayout.tiled<{1,0:T(*,4)}>>
  %x = affine.load %a[%i, %i] : memref<?x?xf32, #tlayout.tiled<{1,0:T(*,4)}>>
  return %x : f32
}

// Casts between static and dynamic sizes pass the sizes along.
// CHECK-LABEL: func.func @cast_to_dynamic(
// CHECK-SAME: %[[M:.*]]: memref<2x2x8x128xf32>) -> (memref<?x2x8x128xf32>, index)
// CHECK: %[[S:.*]] = arith.constant 16 : index
// CHECK: %[[C:.*]] = memref.cast %[[M]] : memref<2x2x8x128xf32> to memref<?x2x8x128xf32>
// CHECK: return %[[C]], %[[S]]
func.func @cast_to_dynamic(%m: memref<16x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>) -> memref<?x256xf32, #tlayout.tiled<{1,0:T(8,128)}>> {
  %c = memref.cast %m : memref<16x256xf32, #tlayout.tiled<{1,0:T(8,128)}>> to memref<?x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>
  return %c : memref<?x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>
}

// With tail padding L(n), a dynamic shape's buffer is flat while a static
// shape the padding does not grow keeps its tiled shape: the cast
// reinterprets the buffer, and so does the way back.
// CHECK-LABEL: func.func @cast_tail_padded(
// CHECK-SAME: %[[M:.*]]: memref<2x2x2x2xi32>) -> (memref<?xi32>, index, index)
// CHECK: %[[N:.*]] = affine.apply #{{.*}}()[%[[R:.*]], %[[C:.*]]]
// CHECK: %[[D:.*]] = memref.reinterpret_cast %[[M]] to offset: [0], sizes: [%[[N]]], strides: [1] : memref<2x2x2x2xi32> to memref<?xi32>
// CHECK: return %[[D]], %[[R]], %[[C]]
func.func @cast_tail_padded(%m: memref<4x4xi32, #tlayout.tiled<{1,0:T(2,2)L(8)}>>) -> memref<?x?xi32, #tlayout.tiled<{1,0:T(2,2)L(8)}>> {
  %d = memref.cast %m : memref<4x4xi32, #tlayout.tiled<{1,0:T(2,2)L(8)}>> to memref<?x?xi32, #tlayout.tiled<{1,0:T(2,2)L(8)}>>
  return %d : memref<?x?xi32, #tlayout.tiled<{1,0:T(2,2)L(8)}>>
}

// CHECK-LABEL: func.func @cast_tail_padded_back(
// CHECK-SAME: %[[D:.*]]: memref<?xi32>, %{{.*}}: index, %{{.*}}: index) -> memref<2x2x2x2xi32>
// CHECK: %[[S:.*]] = memref.reinterpret_cast %[[D]] to offset: [0], sizes: [2, 2, 2, 2], strides: [8, 4, 2, 1] : memref<?xi32> to memref<2x2x2x2xi32>
// CHECK: return %[[S]]
func.func @cast_tail_padded_back(%d: memref<?x?xi32, #tlayout.tiled<{1,0:T(2,2)L(8)}>>) -> memref<4x4xi32, #tlayout.tiled<{1,0:T(2,2)L(8)}>> {
  %s = memref.cast %d : memref<?x?xi32, #tlayout.tiled<{1,0:T(2,2)L(8)}>> to memref<4x4xi32, #tlayout.tiled<{1,0:T(2,2)L(8)}>>
  return %s : memref<4x4xi32, #tlayout.tiled<{1,0:T(2,2)L(8)}>>
}

// Physical views with dynamic sizes.
// CHECK-LABEL: func.func @dynamic_views(
// CHECK-SAME: %[[B:.*]]: memref<?xf32>, %[[N:.*]]: index
// CHECK: %[[T:.*]] = affine.apply #{{.*}}()[%[[N]]]
// CHECK: %[[V:.*]] = memref.reinterpret_cast %[[B]] to offset: [0], sizes: [%[[T]], 1, 8, 128], strides: [1024, 1024, 128, 1] : memref<?xf32> to memref<?x1x8x128xf32>
// CHECK: %[[E:.*]] = affine.apply #{{.*}}()[%[[N]]]
// CHECK: memref.reinterpret_cast %[[V]] to offset: [0], sizes: [%[[E]]], strides: [1] : memref<?x1x8x128xf32> to memref<?xf32>
func.func @dynamic_views(%b: memref<?xf32>, %n: index) -> memref<?xf32> {
  %m = tlayout.from_physical %b[%n] : memref<?xf32> to memref<?x128xf32, #tlayout.tiled<{1,0:T(8,128)}>>
  %p = tlayout.to_physical %m : memref<?x128xf32, #tlayout.tiled<{1,0:T(8,128)}>> to memref<?xf32>
  return %p : memref<?xf32>
}

// -----

// memref.copy into a tiled memref walks the destination's tiles; after
// canonicalization the store indexes the physical buffer directly, and only
// the partial tiles are guarded.

// CANON-DAG: #[[SET:.*]] = affine_set<(d0, d1, d2, d3) : (-(d1 * 2 + d3) + 4 >= 0, -(d0 * 2 + d2) + 2 >= 0)>
// CANON-LABEL: func.func @copy_in(
// CANON-SAME: %[[A:.*]]: memref<3x5xf32>, %[[B:.*]]: memref<2x3x2x2xf32>
// CANON: affine.for %[[T0:.*]] = 0 to 2 {
// CANON: affine.for %[[T1:.*]] = 0 to 3 {
// CANON: affine.for %[[R:.*]] = 0 to 2 {
// CANON: affine.for %[[C:.*]] = 0 to 2 {
// CANON: affine.if #[[SET]](%[[T0]], %[[T1]], %[[R]], %[[C]]) {
// CANON: %[[V:.*]] = affine.load %[[A]][%[[T0]] * 2 + %[[R]], %[[T1]] * 2 + %[[C]]] : memref<3x5xf32>
// CANON: affine.store %[[V]], %[[B]][%[[T0]], %[[T1]], %[[R]], %[[C]]] : memref<2x3x2x2xf32>
func.func @copy_in(%a: memref<3x5xf32>, %b: memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>) {
  memref.copy %a, %b : memref<3x5xf32> to memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>
  return
}

// Whole tiles need no guard.
// CANON-LABEL: func.func @copy_whole_tiles(
// CANON-NOT: affine.if
// CANON: affine.store %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}] : memref<2x2x8x128xf32>
func.func @copy_whole_tiles(%a: memref<16x256xf32>, %b: memref<16x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>) {
  memref.copy %a, %b : memref<16x256xf32> to memref<16x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>
  return
}

// Out of a tiled memref: the logical order of the destination.
// CANON-LABEL: func.func @copy_out(
// CANON: affine.for %[[I:.*]] = 0 to 3 {
// CANON: affine.for %[[J:.*]] = 0 to 5 {
// CANON: affine.load %{{.*}}[%[[I]] floordiv 2, %[[J]] floordiv 2, %[[I]] mod 2, %[[J]] mod 2] : memref<2x3x2x2xf32>
// CANON: affine.store %{{.*}}, %{{.*}}[%[[I]], %[[J]]] : memref<3x5xf32>
func.func @copy_out(%a: memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>, %b: memref<3x5xf32>) {
  memref.copy %a, %b : memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>> to memref<3x5xf32>
  return
}

// Dynamic shapes: scf loops with a run-time guard.
// CHECK-LABEL: func.func @copy_dynamic(
// CHECK: scf.for
// CHECK: scf.for
// CHECK: scf.for
// CHECK: scf.for
// CHECK: arith.cmpi ult
// CHECK: scf.if
func.func @copy_dynamic(%a: memref<?x?xf32>, %b: memref<?x?xf32, #tlayout.tiled<{1,0:T(8,128)}>>) {
  memref.copy %a, %b : memref<?x?xf32> to memref<?x?xf32, #tlayout.tiled<{1,0:T(8,128)}>>
  return
}

// -----

// Globals: the initializer is permuted into physical order (padding zero);
// a splat stays a splat.
// CHECK-LABEL: memref.global "private" constant @fig1 : memref<2x3x2x2xi32> = dense<{{\[\[\[\[}}0, 1], [5, 6]], {{\[\[}}2, 3], [7, 8]], {{\[\[}}4, 0], [9, 0]]], {{\[\[\[}}10, 11], [0, 0]], {{\[\[}}12, 13], [0, 0]], {{\[\[}}14, 0], [0, 0]]]]>
// CHECK-LABEL: memref.global "private" @ones : memref<2x2x8x128xf32> = dense<1.000000e+00>
// CHECK-LABEL: memref.global "private" @uninitialized : memref<2x3x2x2xf32>
// CHECK-LABEL: func.func @get_global()
// CHECK: memref.get_global @fig1 : memref<2x3x2x2xi32>
memref.global "private" constant @fig1 : memref<3x5xi32, #tlayout.tiled<{1,0:T(2,2)}>> = dense<[[0, 1, 2, 3, 4], [5, 6, 7, 8, 9], [10, 11, 12, 13, 14]]>
memref.global "private" @ones : memref<16x256xf32, #tlayout.tiled<{1,0:T(8,128)}>> = dense<1.0>
memref.global "private" @uninitialized : memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>
func.func @get_global() -> memref<3x5xi32, #tlayout.tiled<{1,0:T(2,2)}>> {
  %g = memref.get_global @fig1 : memref<3x5xi32, #tlayout.tiled<{1,0:T(2,2)}>>
  return %g : memref<3x5xi32, #tlayout.tiled<{1,0:T(2,2)}>>
}

// -----

// Vector accesses become one guarded scalar access per element: correct
// also across tile boundaries.
// CHECK-LABEL: func.func @vector_read(
// CHECK-SAME: %[[M:.*]]: memref<2x3x2x2xf32>, %[[I:.*]]: index, %[[J:.*]]: index, %[[P:.*]]: f32
// CHECK-COUNT-4: memref.load %[[M]]
// CHECK: vector.from_elements %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : vector<4xf32>
func.func @vector_read(%m: memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>, %i: index, %j: index, %pad: f32) -> vector<4xf32> {
  %v = vector.transfer_read %m[%i, %j], %pad {in_bounds = [true]} : memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>, vector<4xf32>
  return %v : vector<4xf32>
}

// Out-of-bounds elements of a transfer read the padding value.
// CHECK-LABEL: func.func @vector_read_bounds(
// CHECK-COUNT-2: arith.cmpi ult
// CHECK: scf.if
// CHECK: memref.load
// CHECK: } else {
// CHECK: scf.yield %{{.*}} : f32
func.func @vector_read_bounds(%m: memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>, %i: index, %pad: f32) -> vector<2xf32> {
  %v = vector.transfer_read %m[%i, %i], %pad : memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>, vector<2xf32>
  return %v : vector<2xf32>
}

// CHECK-LABEL: func.func @affine_vector_store(
// CHECK-COUNT-3: vector.extract
// CHECK-NOT: vector.store
func.func @affine_vector_store(%m: memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>, %v: vector<3xf32>) {
  affine.vector_store %v, %m[1, 1] : memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>, vector<3xf32>
  return
}

// -----

// A view indexes its root's buffer at the element plus its offsets; views of
// views add offsets; dynamic offsets travel with the buffer.
// CHECK-LABEL: func.func @views(
// CHECK-SAME: %[[M:.*]]: memref<2x3x2x2xf32>, %[[J:.*]]: index
// CHECK: %[[A:.*]] = arith.addi %{{.*}}, %[[J]] : index
// CHECK: %[[O:.*]] = arith.addi %[[A]], %{{.*}} : index
// CHECK: affine.load %[[M]][0, (symbol(%[[O]]) + 1) floordiv 2, 1, (symbol(%[[O]]) + 1) mod 2] : memref<2x3x2x2xf32>
func.func @views(%m: memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>, %j: index) -> f32 {
  %v = tlayout.subview %m[1, %j] [2, 3] : memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>> to memref<2x3xf32, #tlayout.tiled<{1,0:T(2,2)}, parent = [3, 5], offsets = [1, ?]>>
  %w = tlayout.subview %v[0, 1] [1, 2] : memref<2x3xf32, #tlayout.tiled<{1,0:T(2,2)}, parent = [3, 5], offsets = [1, ?]>> to memref<1x2xf32, #tlayout.tiled<{1,0:T(2,2)}, parent = [3, 5], offsets = [1, ?]>>
  %x = affine.load %w[0, 1] : memref<1x2xf32, #tlayout.tiled<{1,0:T(2,2)}, parent = [3, 5], offsets = [1, ?]>>
  return %x : f32
}

// -----

// A view at tile-aligned static offsets is a window of whole tiles of the
// physical buffer: a plain memref.subview, indexed like an unviewed memref.
// CHECK-LABEL: func.func @aligned_view(
// CHECK-SAME: %[[M:.*]]: memref<2x2x8x128xf32>
// CHECK: %[[W:.*]] = memref.subview %[[M]][1, 1, 0, 0] [1, 1, 8, 128] [1, 1, 1, 1] : memref<2x2x8x128xf32> to memref<1x1x8x128xf32, strided<[2048, 1024, 128, 1], offset: 3072>>
// CHECK: affine.load %[[W]][%{{.*}} floordiv 8, %{{.*}} floordiv 128, %{{.*}} mod 8, %{{.*}} mod 128] : memref<1x1x8x128xf32, strided<[2048, 1024, 128, 1], offset: 3072>>
func.func @aligned_view(%m: memref<16x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>, %i: index, %j: index) -> f32 {
  %v = tlayout.subview %m[8, 128] [8, 128] : memref<16x256xf32, #tlayout.tiled<{1,0:T(8,128)}>> to memref<8x128xf32, #tlayout.tiled<{1,0:T(8,128)}, parent = [16, 256], offsets = [8, 128]>>
  %x = affine.load %v[%i, %j] : memref<8x128xf32, #tlayout.tiled<{1,0:T(8,128)}, parent = [16, 256], offsets = [8, 128]>>
  return %x : f32
}

// -----

// scf.if and scf.while results, and cf block arguments, carry the physical
// buffer (and dynamic sizes).
// CHECK-LABEL: func.func @control_flow(
// CHECK-SAME: %[[A:.*]]: memref<?x2x8x128xf32>, %[[N:.*]]: index, %[[B:.*]]: memref<?x2x8x128xf32>, %[[M:.*]]: index, %[[C:.*]]: i1
// CHECK: %[[IF:.*]]:2 = scf.if %[[C]] -> (memref<?x2x8x128xf32>, index) {
// CHECK: scf.yield %[[A]], %[[N]] : memref<?x2x8x128xf32>, index
// CHECK: scf.yield %[[B]], %[[M]] : memref<?x2x8x128xf32>, index
// CHECK: %[[W:.*]]:2 = scf.while (%{{.*}} = %[[IF]]#0, %{{.*}} = %[[IF]]#1) : (memref<?x2x8x128xf32>, index) -> (memref<?x2x8x128xf32>, index)
// CHECK: cf.br ^bb1(%[[W]]#0, %[[W]]#1 : memref<?x2x8x128xf32>, index)
// CHECK: ^bb1(%[[X:.*]]: memref<?x2x8x128xf32>, %[[XN:.*]]: index):
// CHECK: return %[[X]], %[[XN]] : memref<?x2x8x128xf32>, index
func.func @control_flow(%a: memref<?x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>,
                        %b: memref<?x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>, %c: i1)
    -> memref<?x256xf32, #tlayout.tiled<{1,0:T(8,128)}>> {
  %r = scf.if %c -> memref<?x256xf32, #tlayout.tiled<{1,0:T(8,128)}>> {
    scf.yield %a : memref<?x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>
  } else {
    scf.yield %b : memref<?x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>
  }
  %w = scf.while (%x = %r) : (memref<?x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>) -> memref<?x256xf32, #tlayout.tiled<{1,0:T(8,128)}>> {
    scf.condition(%c) %x : memref<?x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>
  } do {
  ^bb0(%y: memref<?x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>):
    scf.yield %y : memref<?x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>
  }
  cf.br ^bb1(%w : memref<?x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>)
^bb1(%z: memref<?x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>):
  return %z : memref<?x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>
}

// -----

// cf.cond_br and cf.switch pass each tiled operand's buffer and dynamic size
// to their successors; the condition and the flag stay.
// CHECK-LABEL: func.func @switch_and_cond_br(
// CHECK-SAME: %[[SEL:.*]]: i32, %[[C:.*]]: i1, %[[A:.*]]: memref<?x2x8x128xf32>, %[[N:.*]]: index
// CHECK: cf.switch %[[SEL]] : i32, [
// CHECK-NEXT: default: ^bb2(%[[A]], %[[N]] : memref<?x2x8x128xf32>, index),
// CHECK-NEXT: 3: ^bb1(%[[A]], %[[N]] : memref<?x2x8x128xf32>, index)
// CHECK: ^bb1(%[[X:.*]]: memref<?x2x8x128xf32>, %[[XN:.*]]: index):
// CHECK: cf.cond_br %[[C]], ^bb2(%[[X]], %[[XN]] : memref<?x2x8x128xf32>, index), ^bb2(%[[A]], %[[N]] : memref<?x2x8x128xf32>, index)
func.func @switch_and_cond_br(%sel: i32, %c: i1,
    %a: memref<?x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>)
    -> memref<?x256xf32, #tlayout.tiled<{1,0:T(8,128)}>> {
  cf.switch %sel : i32, [
    default: ^join(%a : memref<?x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>),
    3: ^mid(%a : memref<?x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>)
  ]
^mid(%x: memref<?x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>):
  cf.cond_br %c, ^join(%x : memref<?x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>),
                 ^join(%a : memref<?x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>)
^join(%z: memref<?x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>):
  return %z : memref<?x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>
}

// -----

// A successor without operands, last or not, keeps none.
// CHECK-LABEL: func.func @empty_successors(
// CHECK-SAME: %[[SEL:.*]]: i32, %[[C:.*]]: i1, %[[A:.*]]: memref<?x2x8x128xf32>, %[[N:.*]]: index
// CHECK: cf.cond_br %[[C]], ^bb1(%[[A]], %[[N]] : memref<?x2x8x128xf32>, index), ^bb2
// CHECK: ^bb1(%[[X:.*]]: memref<?x2x8x128xf32>, %[[XN:.*]]: index):
// CHECK: cf.switch %[[SEL]] : i32, [
// CHECK-NEXT: default: ^bb1(%[[X]], %[[XN]] : memref<?x2x8x128xf32>, index),
// CHECK-NEXT: 4: ^bb2
// CHECK-NEXT: ]
func.func @empty_successors(%sel: i32, %c: i1,
    %a: memref<?x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>) {
  cf.cond_br %c, ^loop(%a : memref<?x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>),
                 ^exit
^loop(%x: memref<?x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>):
  cf.switch %sel : i32, [
    default: ^loop(%x : memref<?x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>),
    4: ^exit
  ]
^exit:
  return
}

// -----

// The conversion visits the blocks reachable from the entry: an unreachable
// block that holds a tiled memref is erased first; dead code without tiled
// memrefs stays.
// CHECK-LABEL: func.func @dead_tiled_block(
// CHECK-SAME: %[[A:.*]]: memref<2x2x8x128xf32>
// CHECK: memref.load %[[A]]
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-LABEL: func.func @dead_plain_block(
// CHECK: return
// CHECK: ^bb1:
// CHECK: arith.addf
func.func @dead_tiled_block(%a: memref<16x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>) -> f32 {
  %c0 = arith.constant 0 : index
  %v = memref.load %a[%c0, %c0] : memref<16x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>
  return %v : f32
^dead(%x: memref<16x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>):
  %w = memref.load %x[%c0, %c0] : memref<16x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>
  cf.br ^dead(%x : memref<16x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>)
}
func.func @dead_plain_block(%v: f32) -> f32 {
  return %v : f32
^dead:
  %w = arith.addf %v, %v : f32
  return %w : f32
}
