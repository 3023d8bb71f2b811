// RUN: tlayout-opt %s --split-input-file --verify-diagnostics | FileCheck %s
// RUN: tlayout-opt %s --split-input-file --verify-diagnostics --mlir-print-op-generic | tlayout-opt --split-input-file | FileCheck %s

// CHECK-LABEL: func.func @roundtrip(
// CHECK:         tlayout.relayout %{{.*}} : tensor<?x256xbf16> to tensor<?x256xbf16, #tlayout.tiled<{1,0:T(8,128)(2,1)}>>
// CHECK:         tlayout.relayout %{{.*}} : tensor<?x256xbf16, #tlayout.tiled<{1,0:T(8,128)(2,1)}>> to tensor<?x256xbf16, #tlayout.dims<[0, 1]>>
func.func @roundtrip(%a: tensor<?x256xbf16>) -> tensor<?x256xbf16, #tlayout.dims<[0, 1]>> {
  %t = tlayout.relayout %a : tensor<?x256xbf16> to tensor<?x256xbf16, #tlayout.tiled<{1,0:T(8,128)(2,1)}>>
  %d = tlayout.relayout %t : tensor<?x256xbf16, #tlayout.tiled<{1,0:T(8,128)(2,1)}>> to tensor<?x256xbf16, #tlayout.dims<[0, 1]>>
  return %d : tensor<?x256xbf16, #tlayout.dims<[0, 1]>>
}

// -----

func.func @shape(%a: tensor<8x128xf32>) {
  // expected-error @+1 {{'tlayout.relayout' op expects the same shape, got 'tensor<8x128xf32>' and 'tensor<16x128xf32, #tlayout.tiled<{1,0:T(8,128)}>>'}}
  %t = tlayout.relayout %a : tensor<8x128xf32> to tensor<16x128xf32, #tlayout.tiled<{1,0:T(8,128)}>>
  return
}

// -----

func.func @element(%a: tensor<8x128xf32>) {
  // expected-error @+1 {{'tlayout.relayout' op expects the same element type, got 'f32' and 'bf16'}}
  %t = tlayout.relayout %a : tensor<8x128xf32> to tensor<8x128xbf16>
  return
}

// -----

func.func @not_a_layout(%a: tensor<8x128xf32>) {
  // expected-error @+1 {{'tlayout.relayout' op expects the result encoding to be a memory layout or none, got "sparse"}}
  %t = tlayout.relayout %a : tensor<8x128xf32> to tensor<8x128xf32, "sparse">
  return
}

// -----

func.func @rank(%a: tensor<8x128xf32>) {
  // expected-error @+1 {{'tlayout.relayout' op the result minor_to_major has 1 entries but the shape has rank 2}}
  %t = tlayout.relayout %a : tensor<8x128xf32> to tensor<8x128xf32, #tlayout.tiled<{0:T(128)}>>
  return
}
