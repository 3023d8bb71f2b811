// A layout that combines dimensions (`*`) bound to its memref's static shape
// (`sizes = [...]`) prints back as written, and its affine map has no
// symbols: upstream's memref.alloc verifier takes it without symbol operands,
// and upstream --normalize-memrefs, which reads only the map, builds the same
// physical buffer (2x4x2x3) as --lower-tiled-layouts.
// RUN: tlayout-opt %s | tlayout-opt | FileCheck %s --check-prefix=ROUND
// RUN: tlayout-opt %s --normalize-memrefs | FileCheck %s --check-prefix=NORM
// RUN: tlayout-opt %s --lower-tiled-layouts | FileCheck %s --check-prefix=LOWER

// ROUND-LABEL: func.func @alloc(
// ROUND: memref.alloc() : memref<4x2x6xf32, #tlayout.tiled<{2,1,0:T(2,*,3)}, sizes = [4, 2, 6]>>
// NORM-LABEL: func.func @alloc(
// NORM: %[[A:.*]] = memref.alloc() : memref<2x4x2x3xf32>
// NORM: affine.store %{{.*}}, %[[A]][symbol(%[[I:.*]]) floordiv 2, symbol(%[[J:.*]]) * 2 + symbol(%[[K:.*]]) floordiv 3, symbol(%[[I]]) mod 2, symbol(%[[K]]) mod 3] : memref<2x4x2x3xf32>
// LOWER-LABEL: func.func @alloc(
// LOWER: %[[A:.*]] = memref.alloc() : memref<2x4x2x3xf32>
func.func @alloc(%i: index, %j: index, %k: index, %v: f32) {
  %a = memref.alloc() : memref<4x2x6xf32, #tlayout.tiled<{2,1,0:T(2,*,3)}, sizes = [4, 2, 6]>>
  affine.store %v, %a[%i, %j, %k] : memref<4x2x6xf32, #tlayout.tiled<{2,1,0:T(2,*,3)}, sizes = [4, 2, 6]>>
  memref.dealloc %a : memref<4x2x6xf32, #tlayout.tiled<{2,1,0:T(2,*,3)}, sizes = [4, 2, 6]>>
  return
}

// The bound and the unbound layout place every element identically.
// ROUND-LABEL: func.func @cast(
// ROUND: tlayout.cast %{{.*}} : memref<3x8xbf16, #tlayout.tiled<{1,0:T(*,4)(2,1)}, sizes = [3, 8]>> to memref<3x8xbf16, #tlayout.tiled<{1,0:T(*,4)(2,1)}>>
// LOWER-LABEL: func.func @cast(
// LOWER-SAME: %[[M:.*]]: memref<3x4x2x1xbf16>
// LOWER: return %[[M]] : memref<3x4x2x1xbf16>
func.func @cast(%m: memref<3x8xbf16, #tlayout.tiled<{1,0:T(*,4)(2,1)}, sizes = [3, 8]>>) -> memref<3x8xbf16, #tlayout.tiled<{1,0:T(*,4)(2,1)}>> {
  %c = tlayout.cast %m : memref<3x8xbf16, #tlayout.tiled<{1,0:T(*,4)(2,1)}, sizes = [3, 8]>> to memref<3x8xbf16, #tlayout.tiled<{1,0:T(*,4)(2,1)}>>
  return %c : memref<3x8xbf16, #tlayout.tiled<{1,0:T(*,4)(2,1)}>>
}

// A view of a bound memref records the parent's sizes, as any view does.
// ROUND-LABEL: func.func @view(
// ROUND: tlayout.subview %{{.*}}[1, 0, 2] [2, 2, 3] : memref<4x2x6xf32, #tlayout.tiled<{2,1,0:T(2,*,3)}, sizes = [4, 2, 6]>> to memref<2x2x3xf32, #tlayout.tiled<{2,1,0:T(2,*,3)}, parent = [4, 2, 6], offsets = [1, 0, 2]>>
// LOWER-LABEL: func.func @view(
// LOWER-SAME: %[[M:.*]]: memref<2x4x2x3xf32>
// LOWER: memref.load %[[M]]
func.func @view(%m: memref<4x2x6xf32, #tlayout.tiled<{2,1,0:T(2,*,3)}, sizes = [4, 2, 6]>>, %i: index) -> f32 {
  %s = tlayout.subview %m[1, 0, 2] [2, 2, 3] : memref<4x2x6xf32, #tlayout.tiled<{2,1,0:T(2,*,3)}, sizes = [4, 2, 6]>> to memref<2x2x3xf32, #tlayout.tiled<{2,1,0:T(2,*,3)}, parent = [4, 2, 6], offsets = [1, 0, 2]>>
  %x = memref.load %s[%i, %i, %i] : memref<2x2x3xf32, #tlayout.tiled<{2,1,0:T(2,*,3)}, parent = [4, 2, 6], offsets = [1, 0, 2]>>
  return %x : f32
}
