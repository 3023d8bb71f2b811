// A layout that combines dimensions (`*`) needs the sizes of the combined
// dimensions in its affine map: #tlayout.tiled<{2,1,0:T(2,*,3)}> places
// (i, j, k) by (j * S2 + k) floordiv 3, with S2 the size of dimension 2. The
// layout attribute has no shape (MemRefLayoutAttrInterface::getAffineMap
// takes none), so the map writes the sizes as symbols s0, s1, s2, and
// upstream's memref.alloc verifier requires one symbol operand per map
// symbol, even where the shape is static. The allocation binds them to the
// sizes; the lowering places elements by the memref's own sizes and rejects
// a binding that contradicts them. A layout bound to the static shape
// (`sizes = [4, 2, 6]`) needs no symbols: test/Dialect/TLayout/bound-sizes.mlir.
// RUN: tlayout-opt %s -split-input-file -verify-diagnostics --lower-tiled-layouts | FileCheck %s

// CHECK-LABEL: func.func @static_combined(
// CHECK: %[[A:.*]] = memref.alloc() : memref<2x4x2x3xf32>
// CHECK: memref.store %{{.*}}, %[[A]][%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}] : memref<2x4x2x3xf32>
// CHECK: memref.dealloc %[[A]] : memref<2x4x2x3xf32>
func.func @static_combined(%i: index, %j: index, %k: index, %v: f32) {
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c6 = arith.constant 6 : index
  %a = memref.alloc()[%c4, %c2, %c6] : memref<4x2x6xf32, #tlayout.tiled<{2,1,0:T(2,*,3)}>>
  memref.store %v, %a[%i, %j, %k] : memref<4x2x6xf32, #tlayout.tiled<{2,1,0:T(2,*,3)}>>
  memref.dealloc %a : memref<4x2x6xf32, #tlayout.tiled<{2,1,0:T(2,*,3)}>>
  return
}

// -----

// Without the symbols, upstream's verifier rejects the allocation before
// any tlayout pass runs.
func.func @static_combined_no_symbols() {
  // expected-error @+1 {{'memref.alloc' op symbol operand count does not equal memref symbol count: expected 3, got 0}}
  %a = memref.alloc() : memref<4x2x6xf32, #tlayout.tiled<{2,1,0:T(2,*,3)}>>
  return
}

// -----

func.func @static_combined_wrong_size() {
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  // expected-error @+1 {{memref.alloc binds symbol s2 of the layout map (the size of dimension 2) to 5, but that dimension has size 6; bind each symbol to its dimension's size}}
  %a = memref.alloc()[%c4, %c2, %c5] : memref<4x2x6xf32, #tlayout.tiled<{2,1,0:T(2,*,3)}>>
  return
}

// -----

func.func @dynamic_combined_wrong_size() {
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  // expected-error @+1 {{memref.alloca binds symbol s1 of the layout map (the size of dimension 1) to 3, but that dimension has size 4; bind each symbol to its dimension's size}}
  %a = memref.alloca(%c4)[%c3, %c3] : memref<3x?xf32, #tlayout.tiled<{1,0:T(*,4)}>>
  return
}
