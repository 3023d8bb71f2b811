// RUN: tlayout-opt %s --tlayout-cpu-lower-tiled-layouts | FileCheck %s
// RUN: tlayout-opt %s --lower-tiled-layouts | FileCheck %s --check-prefix=GENERIC
// RUN: not tlayout-opt %s --tlayout-cpu-lower-tiled-layouts=vector-register-bytes=24 \
// RUN:   2>&1 | FileCheck %s --check-prefix=BAD

// The CPU target's lowering of tiled layouts is the conversion with the
// CPU's copies added through its hook: a copy into `T(8,128)(2,1)` tiles
// interleaves pairs of rows with vector shuffles, where the generic
// lowering (what a layout means, on any target) copies element by element.

// CHECK-LABEL: func.func @to_pairs
// CHECK:         affine.vector_load
// CHECK:         vector.shuffle
// CHECK:         affine.vector_store
// GENERIC-LABEL: func.func @to_pairs
// GENERIC-NOT:   vector.shuffle
// GENERIC:       affine.load
// GENERIC:       affine.store
// BAD: error: --tlayout-cpu-lower-tiled-layouts: vector-register-bytes=24 is not a power of two of at least 16
func.func @to_pairs(%a: memref<16x256xbf16>,
                    %b: memref<16x256xbf16, #tlayout.tiled<{1,0:T(8,128)(2,1)}>>) {
  memref.copy %a, %b : memref<16x256xbf16>
      to memref<16x256xbf16, #tlayout.tiled<{1,0:T(8,128)(2,1)}>>
  return
}
