// The layout's affine map is the multi-result floordiv/mod map of the
// placement: upstream --normalize-memrefs, which reads only
// MemRefLayoutAttrInterface::getAffineMap, derives the physical shape from it.
// RUN: tlayout-opt %s --normalize-memrefs | FileCheck %s

// CHECK-LABEL: func.func @figure1(
// CHECK: %[[A:.*]] = memref.alloc() : memref<2x3x2x2xf32>
// CHECK: affine.load %[[A]][symbol(%{{.*}}) floordiv 2, symbol(%{{.*}}) floordiv 2, symbol(%{{.*}}) mod 2, symbol(%{{.*}}) mod 2] : memref<2x3x2x2xf32>
func.func @figure1(%i: index, %j: index) -> f32 {
  %m = memref.alloc() : memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>
  %v = affine.load %m[%i, %j] : memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>
  memref.dealloc %m : memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>
  return %v : f32
}

// The bf16 TPU layout: rows pair up inside each 8x128 tile.
// CHECK-LABEL: func.func @bf16(
// CHECK: memref.alloc() : memref<2x2x4x128x2x1xbf16>
// CHECK: affine.load %{{.*}}[symbol(%[[I:.*]]) floordiv 8, symbol(%[[J:.*]]) floordiv 128, (symbol(%[[I]]) floordiv 2) mod 4, symbol(%[[J]]) mod 128, symbol(%[[I]]) mod 2, 0]
func.func @bf16(%i: index, %j: index) -> bf16 {
  %m = memref.alloc() : memref<16x256xbf16, #tlayout.tiled<{1,0:T(8,128)(2,1)}>>
  %v = affine.load %m[%i, %j] : memref<16x256xbf16, #tlayout.tiled<{1,0:T(8,128)(2,1)}>>
  memref.dealloc %m : memref<16x256xbf16, #tlayout.tiled<{1,0:T(8,128)(2,1)}>>
  return %v : bf16
}
