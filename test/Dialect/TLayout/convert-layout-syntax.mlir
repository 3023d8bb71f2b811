// Layouts rewritten between the two models without moving any element.
// RUN: tlayout-opt %s --tlayout-convert-layout-syntax=to=xla | FileCheck %s --check-prefix=XLA
// RUN: tlayout-opt %s --tlayout-convert-layout-syntax=to=dims | FileCheck %s --check-prefix=DIMS
// RUN: tlayout-opt %s --tlayout-convert-layout-syntax=to=canonical | FileCheck %s --check-prefix=CANON
// Both ways: dims -> xla -> dims gives the dims layouts back.
// RUN: tlayout-opt %s --tlayout-convert-layout-syntax=to=xla --tlayout-convert-layout-syntax=to=dims | FileCheck %s --check-prefix=BACK
// A layout without a form in the target model is kept, with a remark.
// RUN: tlayout-opt %s --tlayout-convert-layout-syntax=to=xla --verify-diagnostics -o /dev/null
// RUN: not tlayout-opt %s --tlayout-convert-layout-syntax=to=nchw 2>&1 | FileCheck %s --check-prefix=BAD

// BAD: for the --to option: Cannot find option named 'nchw'!

// XLA-LABEL: func.func @morello(
// XLA-SAME: memref<6x8xf32, #tlayout.tiled<{0,1:T(4,1)}>>
// XLA: tlayout.subview %{{.*}}[2, 4] [4, 4] : memref<6x8xf32, #tlayout.tiled<{0,1:T(4,1)}>> to memref<4x4xf32, #tlayout.tiled<{0,1:T(4,1)}, parent = [6, 8], offsets = [2, 4]>>
// XLA: call @use(%{{.*}}) : (memref<6x8xf32, #tlayout.tiled<{0,1:T(4,1)}>>) -> ()
// BACK-LABEL: func.func @morello(
// BACK-SAME: memref<6x8xf32, #tlayout.dims<[1, 0, 1:packed(4), 0:packed(1)]>>
func.func private @use(memref<6x8xf32, #tlayout.dims<[1, 0, 1:packed(4)]>>)
func.func @morello(%m: memref<6x8xf32, #tlayout.dims<[1, 0, 1:packed(4)]>>) -> f32 {
  %c1 = arith.constant 1 : index
  %w = tlayout.subview %m[2, 4] [4, 4] : memref<6x8xf32, #tlayout.dims<[1, 0, 1:packed(4)]>> to memref<4x4xf32, #tlayout.dims<[1, 0, 1:packed(4)], parent = [6, 8], offsets = [2, 4]>>
  %v = memref.load %w[%c1, %c1] : memref<4x4xf32, #tlayout.dims<[1, 0, 1:packed(4)], parent = [6, 8], offsets = [2, 4]>>
  call @use(%m) : (memref<6x8xf32, #tlayout.dims<[1, 0, 1:packed(4)]>>) -> ()
  return %v : f32
}

// NCHWc with c = 8 is a tile (8,1,1) of NCHW.
// XLA-LABEL: func.func private @nchwc(
// XLA-SAME: memref<2x16x3x3xf32, #tlayout.tiled<{3,2,1,0:T(8,1,1)}>>
func.func private @nchwc(memref<2x16x3x3xf32, #tlayout.dims<[0, 1, 2, 3, 1:packed(8)]>>)

// DIMS-LABEL: func.func private @tpu(
// DIMS-SAME: memref<16x256xf32, #tlayout.dims<[0, 1, 0:packed(8), 1:packed(128)]>>
// DIMS-SAME: memref<16x256xbf16, #tlayout.dims<[0, 1, 0:packed(4), 1:packed(128), 0:packed(2), 1:packed(1)]>>
// Tail padding has no physical-dimension form.
// DIMS-SAME: memref<16x256xf32, #tlayout.tiled<{1,0:T(8,128)L(8192)}>>
func.func private @tpu(memref<16x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>,
                       memref<16x256xbf16, #tlayout.tiled<{1,0:T(8,128)(2,1)}>>,
                       memref<16x256xf32, #tlayout.tiled<{1,0:T(8,128)L(8192)}>>)

// CANON-LABEL: func.func private @canonical(
// CANON-SAME: memref<16xf32, #tlayout.dims<[0]>>
// CANON-SAME: memref<12xf32, #tlayout.dims<[0:packed(16)]>>
// CANON-SAME: memref<3x8xf32, #tlayout.dims<[1, 0, 1:packed(4)]>>
func.func private @canonical(memref<16xf32, #tlayout.dims<[0, 0:packed(2), 0:packed(4)]>>,
                             memref<12xf32, #tlayout.dims<[0, 0:packed(2), 0:packed(4)]>>,
                             memref<3x8xf32, #tlayout.dims<[1:packed(2), 0, 1:packed(4)]>>)

// Odd-even strips have no tiled form.
// expected-remark @+1 {{layout of 'memref<2x16xf32, #tlayout.dims<[0, 1, 1:odd_even(8)]>>' has no #tlayout.tiled form; kept}}
func.func private @odd_even(memref<2x16xf32, #tlayout.dims<[0, 1, 1:odd_even(8)]>>)

// A packed piece that pads is a tile: [0, 0:packed(8)] on 5 elements is
// {0:T(8)}, and back; with the dead strip of a small dimension in front,
// 48 elements of which 5 hold the array: {0:T(48)}.
// XLA-LABEL: func.func private @padded(
// XLA-SAME: memref<5xf32, #tlayout.tiled<{0:T(8)}>>
// XLA-SAME: memref<5xf32, #tlayout.tiled<{0:T(48)}>>
// XLA-SAME: memref<5xf32, #tlayout.tiled<{0:T(48)}>>
// BACK-LABEL: func.func private @padded(
// BACK-SAME: memref<5xf32, #tlayout.dims<[0, 0:packed(8)]>>
// CANON-LABEL: func.func private @padded(
// CANON-SAME: memref<5xf32, #tlayout.dims<[0:packed(8)]>>
// CANON-SAME: memref<5xf32, #tlayout.dims<[0:packed(48)]>>
// CANON-SAME: memref<5xf32, #tlayout.dims<[0:packed(48)]>>
func.func private @padded(memref<5xf32, #tlayout.dims<[0, 0:packed(8)]>>,
                          memref<5xf32, #tlayout.dims<[0:packed(48)]>>,
                          memref<5xf32, #tlayout.dims<[0, 0:odd_even(6), 0:packed(8)]>>)
