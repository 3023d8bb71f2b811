// Hostile but valid inputs lower correctly.
// RUN: tlayout-opt %s --lower-tiled-layouts -split-input-file | FileCheck %s
// A pass run twice changes nothing the second time.
// RUN: tlayout-opt %s --lower-tiled-layouts -split-input-file > %t.once
// RUN: tlayout-opt %s --lower-tiled-layouts --lower-tiled-layouts -split-input-file > %t.twice
// RUN: diff %t.once %t.twice

// 0-sized dimensions: an empty physical buffer.
// CHECK-LABEL: func.func @empty(
// CHECK-SAME: memref<0x3x2x2xf32>
// CHECK: memref.alloc() : memref<0x3x2x2xf32>
func.func @empty(%m: memref<0x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>) -> memref<0x5xf32, #tlayout.tiled<{1,0:T(2,2)}>> {
  %a = memref.alloc() : memref<0x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>
  return %a : memref<0x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>
}

// -----

// Rank 0 with a tile: XLA's u32[]{:T(128)} occupies one 128-element tile.
// CHECK-LABEL: func.func @scalar(
// CHECK-SAME: %[[M:.*]]: memref<1x128xi32>
// CHECK: %[[Z:.*]] = arith.constant 0 : index
// CHECK: %[[Z2:.*]] = arith.constant 0 : index
// CHECK: memref.load %[[M]][%[[Z]], %[[Z2]]] : memref<1x128xi32>
func.func @scalar(%m: memref<i32, #tlayout.tiled<{:T(128)}>>) -> i32 {
  %v = memref.load %m[] : memref<i32, #tlayout.tiled<{:T(128)}>>
  return %v : i32
}

// -----

// Tiled and affine-map layouts in one module: only the tiled one changes.
// CHECK: #[[TRANSPOSE:.*]] = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-LABEL: func.func @mixed(
// CHECK-SAME: %[[T:.*]]: memref<2x3x2x2xf32>, %[[A:.*]]: memref<4x4xf32, #[[TRANSPOSE]]>, %[[S:.*]]: memref<4x4xf32, strided<[1, 4]>>
// CHECK: memref.load %[[A]][%{{.*}}, %{{.*}}] : memref<4x4xf32, #[[TRANSPOSE]]>
// CHECK: memref.load %[[S]][%{{.*}}, %{{.*}}] : memref<4x4xf32, strided<[1, 4]>>
// CHECK: memref.load %[[T]][%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}] : memref<2x3x2x2xf32>
func.func @mixed(%t: memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>,
                 %a: memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>>,
                 %s: memref<4x4xf32, strided<[1, 4]>>, %i: index) -> f32 {
  %x = memref.load %a[%i, %i] : memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>>
  %y = memref.load %s[%i, %i] : memref<4x4xf32, strided<[1, 4]>>
  %z = memref.load %t[%i, %i] : memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>
  %r = arith.addf %x, %y : f32
  %q = arith.addf %r, %z : f32
  return %q : f32
}

// -----

// Tiled memrefs crossing calls to external functions: the declaration and
// the call both take the physical buffer.
// CHECK-LABEL: func.func private @dma(memref<1x2x8x128xbf16, #tlayout_tpu.memory_space<vmem>>)
// CHECK-LABEL: func.func @caller(
// CHECK: call @dma(%{{.*}}) : (memref<1x2x8x128xbf16, #tlayout_tpu.memory_space<vmem>>) -> ()
func.func private @dma(memref<8x256xbf16, #tlayout.tiled<{1,0:T(8,128)}>, #tlayout_tpu.memory_space<vmem>>)
func.func @caller(%m: memref<8x256xbf16, #tlayout.tiled<{1,0:T(8,128)}>, #tlayout_tpu.memory_space<vmem>>) {
  call @dma(%m) : (memref<8x256xbf16, #tlayout.tiled<{1,0:T(8,128)}>, #tlayout_tpu.memory_space<vmem>>) -> ()
  return
}

// -----

// `*` combining into a size-0 dimension: the copy's walk has no
// iterations, and its index maps divide by nothing of size 0.
// CHECK-LABEL: func.func @copy_combined_empty(
// CHECK-NOT: floordiv 0
// CHECK-NOT: mod 0
// CHECK: return
func.func @copy_combined_empty(%a: memref<3x0xi32>, %b: memref<3x0xi32, #tlayout.tiled<{1,0:T(*,2)}>>,
                               %c: memref<0x3xi32>, %d: memref<0x3xi32, #tlayout.tiled<{1,0:T(*,1)}>>) {
  memref.copy %a, %b : memref<3x0xi32> to memref<3x0xi32, #tlayout.tiled<{1,0:T(*,2)}>>
  memref.copy %b, %a : memref<3x0xi32, #tlayout.tiled<{1,0:T(*,2)}>> to memref<3x0xi32>
  memref.copy %c, %d : memref<0x3xi32> to memref<0x3xi32, #tlayout.tiled<{1,0:T(*,1)}>>
  return
}

// -----

// A root of static size 0 and a dynamic size: its physical size is the
// constant 0, which the dynamic result of to_physical still receives.
// CHECK-LABEL: func.func @to_physical_empty(
// CHECK-SAME: %[[M:.*]]: memref<0x?xi32>, %{{.*}}: index
// CHECK: %[[Z:.*]] = arith.constant 0 : index
// CHECK: memref.reinterpret_cast %[[M]] to offset: [0], sizes: [%[[Z]]], strides: [1] : memref<0x?xi32> to memref<?xi32>
func.func @to_physical_empty(%m: memref<0x?xi32, #tlayout.tiled<{1,0:L(4)}>>) -> memref<?xi32> {
  %p = tlayout.to_physical %m : memref<0x?xi32, #tlayout.tiled<{1,0:L(4)}>> to memref<?xi32>
  return %p : memref<?xi32>
}

// -----

// With L(n), a static shape of size 0 keeps a tiled (empty) buffer while a
// dynamic one is flat: the cast reinterprets the buffer.
// CHECK-LABEL: func.func @cast_empty_padded(
// CHECK-SAME: %[[M:.*]]: memref<0x3xi32>
// CHECK: memref.reinterpret_cast %[[M]] to offset: [0], sizes: [%{{.*}}], strides: [1] : memref<0x3xi32> to memref<?xi32>
func.func @cast_empty_padded(%m: memref<0x3xi32, #tlayout.tiled<{1,0:L(4)}>>) -> memref<?x?xi32, #tlayout.tiled<{1,0:L(4)}>> {
  %c = memref.cast %m : memref<0x3xi32, #tlayout.tiled<{1,0:L(4)}>> to memref<?x?xi32, #tlayout.tiled<{1,0:L(4)}>>
  return %c : memref<?x?xi32, #tlayout.tiled<{1,0:L(4)}>>
}

// -----

// Empty views past the last tile, and views of an empty memref, are no
// windows of the physical buffer (none could start there): they carry the
// root's buffer like unaligned views.
// CHECK-LABEL: func.func @empty_views(
// CHECK-NOT: memref.subview
// CHECK: return
func.func @empty_views(%m: memref<4x4xi32, #tlayout.tiled<{1,0:T(2,2)}>>, %e: memref<0x4xi32, #tlayout.tiled<{1,0:T(2,2)}>>) {
  %v = tlayout.subview %m[0, 4] [2, 0] : memref<4x4xi32, #tlayout.tiled<{1,0:T(2,2)}>> to memref<2x0xi32, #tlayout.tiled<{1,0:T(2,2)}, parent = [4, 4], offsets = [0, 4]>>
  %w = tlayout.subview %e[0, 2] [0, 2] : memref<0x4xi32, #tlayout.tiled<{1,0:T(2,2)}>> to memref<0x2xi32, #tlayout.tiled<{1,0:T(2,2)}, parent = [0, 4], offsets = [0, 2]>>
  return
}

// -----

// A view of run-time sizes at static offsets at the end of a dimension is
// empty whenever it is valid: no window either.
// CHECK-LABEL: func.func @dynamic_views_at_end(
// CHECK-NOT: memref.subview
// CHECK: return
func.func @dynamic_views_at_end(%m: memref<4x4xi32, #tlayout.tiled<{1,0:T(2,2)}>>, %a: index, %b: index) {
  %v = tlayout.subview %m[0, 4] [%a, %b] : memref<4x4xi32, #tlayout.tiled<{1,0:T(2,2)}>> to memref<?x?xi32, #tlayout.tiled<{1,0:T(2,2)}, parent = [4, 4], offsets = [0, 4]>>
  %w = tlayout.subview %m[4, 2] [%a, 2] : memref<4x4xi32, #tlayout.tiled<{1,0:T(2,2)}>> to memref<?x2xi32, #tlayout.tiled<{1,0:T(2,2)}, parent = [4, 4], offsets = [4, 2]>>
  return
}
