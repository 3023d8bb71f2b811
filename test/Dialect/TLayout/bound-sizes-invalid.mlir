// What `sizes = [...]` on #tlayout.tiled rejects, and where.
// RUN: tlayout-opt %s -split-input-file -verify-diagnostics

// expected-error @+1 {{the layout is bound to sizes [4, 2, 6] but the memref's shape is 4x2x5}}
func.func private @shape_differs(memref<4x2x5xf32, #tlayout.tiled<{2,1,0:T(2,*,3)}, sizes = [4, 2, 6]>>)

// -----

// expected-error @+1 {{the layout is bound to sizes [4, 2, 6] but the memref's shape is 4x?x6}}
func.func private @dynamic_memref(memref<4x?x6xf32, #tlayout.tiled<{2,1,0:T(2,*,3)}, sizes = [4, 2, 6]>>)

// -----

// expected-error @+1 {{`sizes` binds the layout to a static shape, but the size of dimension 1 is '?'}}
func.func private @dynamic_size(memref<4x2x6xf32, #tlayout.tiled<{2,1,0:T(2,*,3)}, sizes = [4, ?, 6]>>)

// -----

// expected-error @+1 {{`sizes` has 2 entries but the layout has rank 3}}
func.func private @rank(memref<4x2x6xf32, #tlayout.tiled<{2,1,0:T(2,*,3)}, sizes = [4, 2]>>)

// -----

// expected-error @+1 {{`sizes` binds a layout that combines dimensions (`*`) to its shape; this layout has no `*` and places elements without sizes: drop `sizes`}}
func.func private @no_combine(memref<16x256xf32, #tlayout.tiled<{1,0:T(8,128)}, sizes = [16, 256]>>)

// -----

// expected-error @+1 {{unexpected text after the sizes}}
func.func private @trailing(memref<4x2x6xf32, #tlayout.tiled<{2,1,0:T(2,*,3)}, sizes = [4, 2, 6], parent = [4, 2, 6]>>)

// -----

// expected-error @+1 {{expected a size, an offset or '?'}}
func.func private @junk(memref<4x2x6xf32, #tlayout.tiled<{2,1,0:T(2,*,3)}, sizes = [4, x, 6]>>)

// -----

// expected-error @+1 {{expected '=' in the view description `, parent = [...], offsets = [...]` or the sizes `, sizes = [...]`}}
func.func private @no_equals(memref<4x2x6xf32, #tlayout.tiled<{2,1,0:T(2,*,3)}, sizes [4, 2, 6]>>)

// -----

// A bound layout still needs its symbols nowhere: binding some is an error
// of upstream's verifier.
func.func @symbols_given(%n: index) {
  // expected-error @+1 {{'memref.alloc' op symbol operand count does not equal memref symbol count: expected 0, got 1}}
  %a = memref.alloc()[%n] : memref<4x2x6xf32, #tlayout.tiled<{2,1,0:T(2,*,3)}, sizes = [4, 2, 6]>>
  return
}
