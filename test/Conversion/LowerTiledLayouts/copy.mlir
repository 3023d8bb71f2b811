// tlayout.copy: its verifier, and how --lower-tiled-layouts lowers it.
// RUN: tlayout-opt %s --split-input-file --verify-diagnostics --lower-tiled-layouts | FileCheck %s

#tiled = #tlayout.tiled<{1,0:T(8,128)}>

// HBM row-major into VMEM tiles: a loop nest over whole destination tiles.
// CHECK-LABEL: func.func @relayout(
// CHECK-SAME: %[[A:.*]]: memref<16x256xf32, #tlayout_tpu.memory_space<hbm>>, %[[B:.*]]: memref<2x2x8x128xf32, #tlayout_tpu.memory_space<vmem>>
// CHECK: affine.for %{{.*}} = 0 to 2 {
// CHECK: affine.for %{{.*}} = 0 to 2 {
// CHECK: affine.for %{{.*}} = 0 to 8 {
// CHECK: affine.for %{{.*}} = 0 to 128 {
// CHECK: affine.load %[[A]]
// CHECK: affine.store %{{.*}}, %[[B]]
// CHECK-NOT: tlayout.copy
func.func @relayout(%a: memref<16x256xf32, #tlayout_tpu.memory_space<hbm>>, %b: memref<16x256xf32, #tiled, #tlayout_tpu.memory_space<vmem>>) {
  tlayout.copy %a, %b : memref<16x256xf32, #tlayout_tpu.memory_space<hbm>> to memref<16x256xf32, #tiled, #tlayout_tpu.memory_space<vmem>>
  return
}

// -----

// The same placement in both models: the physical buffers are copied whole.
// CHECK-LABEL: func.func @same_placement(
// CHECK: %[[P:.*]] = memref.reinterpret_cast %{{.*}} to offset: [0], sizes: [48]
// CHECK: %[[Q:.*]] = memref.reinterpret_cast %{{.*}} to offset: [0], sizes: [48]
// CHECK: memref.copy %[[P]], %[[Q]] : memref<48xf32, #tlayout_tpu.memory_space<hbm>> to memref<48xf32, #tlayout_tpu.memory_space<vmem>>
func.func @same_placement(%a: memref<6x8xf32, #tlayout.tiled<{0,1:T(4,1)}>, #tlayout_tpu.memory_space<hbm>>, %b: memref<6x8xf32, #tlayout.dims<[1, 0, 1:packed(4)]>, #tlayout_tpu.memory_space<vmem>>) {
  tlayout.copy %a, %b : memref<6x8xf32, #tlayout.tiled<{0,1:T(4,1)}>, #tlayout_tpu.memory_space<hbm>> to memref<6x8xf32, #tlayout.dims<[1, 0, 1:packed(4)]>, #tlayout_tpu.memory_space<vmem>>
  return
}

// -----

// No tlayout layout on either side: a memory-space transfer.
// CHECK-LABEL: func.func @transfer(
// CHECK: memref.copy %{{.*}}, %{{.*}} : memref<4x4xf32, #tlayout_tpu.memory_space<hbm>> to memref<4x4xf32, #tlayout_tpu.memory_space<vmem>>
func.func @transfer(%a: memref<4x4xf32, #tlayout_tpu.memory_space<hbm>>, %b: memref<4x4xf32, #tlayout_tpu.memory_space<vmem>>) {
  tlayout.copy %a, %b : memref<4x4xf32, #tlayout_tpu.memory_space<hbm>> to memref<4x4xf32, #tlayout_tpu.memory_space<vmem>>
  return
}

// -----

func.func @shape(%a: memref<4x4xf32>, %b: memref<4x8xf32>) {
  // expected-error @+1 {{'tlayout.copy' op expects the same logical shape, but dimension 1 is 4 and 8}}
  tlayout.copy %a, %b : memref<4x4xf32> to memref<4x8xf32>
  return
}

// -----

func.func @element(%a: memref<4x4xf32>, %b: memref<4x4xf16>) {
  // expected-error @+1 {{'tlayout.copy' op expects the same element type, got 'f32' and 'f16'}}
  tlayout.copy %a, %b : memref<4x4xf32> to memref<4x4xf16>
  return
}

// -----

func.func @rank(%a: memref<16xf32>, %b: memref<4x4xf32>) {
  // expected-error @+1 {{'tlayout.copy' op expects the same rank, got 1 and 2}}
  tlayout.copy %a, %b : memref<16xf32> to memref<4x4xf32>
  return
}
