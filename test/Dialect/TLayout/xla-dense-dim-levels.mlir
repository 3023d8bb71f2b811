// XLA's all-dense dimension levels `D(D,...,D)` say what a memref already is:
// pasted layouts keep working, and the attribute prints without them, as XLA
// prints a dense layout.
// RUN: tlayout-opt %s | tlayout-opt | FileCheck %s

// CHECK: func.func private @dense(memref<16x256xbf16, #tlayout.tiled<{1,0:T(8,128)(2,1)}>>)
func.func private @dense(memref<16x256xbf16, #tlayout.tiled<{1,0:D(D,D)T(8,128)(2,1)}>>)
// CHECK: func.func private @untiled(memref<4xf32, #tlayout.tiled<{0}>>)
func.func private @untiled(memref<4xf32, #tlayout.tiled<{0:D(D)}>>)
