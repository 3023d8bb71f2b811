// RUN: tlayout-opt %s --lower-tiled-layouts -split-input-file -verify-diagnostics -allow-unregistered-dialect
// RUN: not tlayout-opt %s --lower-tiled-layouts -split-input-file -allow-unregistered-dialect --mlir-print-ir-after-failure 2>&1 | FileCheck %s

// An op the pass cannot rewrite is named with its operand; the pass fails and
// leaves the module unchanged.

// CHECK-LABEL: IR Dump After LowerTiledLayouts Failed
// CHECK: func.func @unknown_op(%{{.*}}: memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>
// CHECK: memref.load %{{.*}} : memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>
// CHECK: "test.consume"
func.func @unknown_op(%m: memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>, %i: index) -> f32 {
  %v = memref.load %m[%i, %i] : memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>
  // expected-error @+1 {{uses a tiled memref (operand #0 of type 'memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>') that --lower-tiled-layouts cannot rewrite}}
  "test.consume"(%m) : (memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>) -> ()
  return %v : f32
}

// -----

func.func @unranked_copy(%m: memref<8x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>, %u: memref<*xf32>) {
  // expected-error @+1 {{copies between a tiled memref and an unranked memref cannot be rewritten; cast to a ranked memref first}}
  memref.copy %m, %u : memref<8x256xf32, #tlayout.tiled<{1,0:T(8,128)}>> to memref<*xf32>
  return
}

// -----

func.func @huge_vector(%m: memref<128x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>, %i: index, %pad: f32) -> vector<64x128xf32> {
  // expected-error @+1 {{a vector access of a tiled memref is split into elements, and this vector has more than 4096 elements}}
  %v = vector.transfer_read %m[%i, %i], %pad : memref<128x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>, vector<64x128xf32>
  return %v : vector<64x128xf32>
}

// -----

func.func @reinterpret(%m: memref<8x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>) -> memref<2048xf32> {
  // expected-error @+1 {{uses a tiled memref (operand #0 of type 'memref<8x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>') that --lower-tiled-layouts cannot rewrite}}
  %r = memref.reinterpret_cast %m to offset: [0], sizes: [2048], strides: [1] : memref<8x256xf32, #tlayout.tiled<{1,0:T(8,128)}>> to memref<2048xf32>
  return %r : memref<2048xf32>
}

// -----

func.func @result(%b: memref<24xf32>) {
  // expected-error @+1 {{uses a tiled memref (result #0 of type 'memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>') that --lower-tiled-layouts cannot rewrite}}
  %m = "test.produce"(%b) : (memref<24xf32>) -> memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>
  return
}

// -----

// expected-error @+1 {{cannot lower argument #0: element size E(16) differs from the 8 bits of 'i8'; the lowering stores elements in their own type}}
func.func @element_size(%m: memref<8x128xi8, #tlayout.tiled<{1,0:T(8,128)E(16)}>>) {
  return
}

// -----

// expected-error @+1 {{cannot lower argument #0: element size E(8) is too small for an element type of 32 bits}}
func.func @element_too_small(%m: memref<8x128xf32, #tlayout.tiled<{1,0:E(8)}>>) {
  return
}

// -----

func.func @alloc_view() {
  // expected-error @+1 {{a view of a tiled memref (result #0) can only be accessed, copied, viewed or passed along, not allocated, made global or cast}}
  %v = memref.alloc() : memref<4x100xf32, #tlayout.tiled<{1,0:T(8,128)}, parent = [16, 256], offsets = [3, 0]>>
  return
}
