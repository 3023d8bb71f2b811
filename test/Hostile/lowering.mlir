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
// CHECK-LABEL: func.func private @dma(memref<1x2x8x128xbf16, #tlayout.memory_space<vmem>>)
// CHECK-LABEL: func.func @caller(
// CHECK: call @dma(%{{.*}}) : (memref<1x2x8x128xbf16, #tlayout.memory_space<vmem>>) -> ()
func.func private @dma(memref<8x256xbf16, #tlayout.tiled<{1,0:T(8,128)}>, #tlayout.memory_space<vmem>>)
func.func @caller(%m: memref<8x256xbf16, #tlayout.tiled<{1,0:T(8,128)}>, #tlayout.memory_space<vmem>>) {
  call @dma(%m) : (memref<8x256xbf16, #tlayout.tiled<{1,0:T(8,128)}>, #tlayout.memory_space<vmem>>) -> ()
  return
}
