// --tlayout-check-tensor-encodings: a tensor whose encoding is a memory
// layout is an error where the value is defined (bufferization would drop
// the layout) on the plain upstream route; --tlayout-bufferize-tensor-encodings
// keeps the layouts instead (tensor-bufferize.mlir).
// RUN: tlayout-opt %s --split-input-file --tlayout-check-tensor-encodings --verify-diagnostics

// A function argument, at the argument.
// expected-error @+1 {{block argument #0 has type 'tensor<16x256xbf16, #tlayout.tiled<{1,0:T(8,128)(2,1)}>>', whose encoding #tlayout.tiled<{1,0:T(8,128)(2,1)}> is a memory layout: bufferization would drop it}}
func.func @arg(%x: tensor<16x256xbf16, #tlayout.tiled<{1,0:T(8,128)(2,1)}>>) -> bf16 {
  %c0 = arith.constant 0 : index
  %v = tensor.extract %x[%c0, %c0] : tensor<16x256xbf16, #tlayout.tiled<{1,0:T(8,128)(2,1)}>>
  return %v : bf16
}

// -----

// An op's result, at the op; the physical-dimension form too.
func.func @result() -> tensor<8x128xf32, #tlayout.dims<[1, 0, 1:packed(4)]>> {
  // expected-error @+1 {{result #0 has type 'tensor<8x128xf32, #tlayout.dims<[1, 0, 1:packed(4)]>>', whose encoding #tlayout.dims<[1, 0, 1:packed(4)]> is a memory layout}}
  %e = tensor.empty() : tensor<8x128xf32, #tlayout.dims<[1, 0, 1:packed(4)]>>
  return %e : tensor<8x128xf32, #tlayout.dims<[1, 0, 1:packed(4)]>>
}

// -----

// A declaration has no arguments to report: at the function.
// expected-error @+1 {{result #0 of the function has type 'tensor<4x8xi8, #tlayout.tiled<{1,0:T(8,128)(4,1)}>>'}}
func.func private @external() -> tensor<4x8xi8, #tlayout.tiled<{1,0:T(8,128)(4,1)}>>

// -----

// A loop's block argument and result.
func.func @loop(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{result #0 has type 'tensor<8x128xf32, #tlayout.tiled<{1,0:T(8,128)}>>'}}
  %e = tensor.empty() : tensor<8x128xf32, #tlayout.tiled<{1,0:T(8,128)}>>
  // expected-error @+2 {{result #0 has type}}
  // expected-error @+1 {{block argument #1 has type}}
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%t = %e) -> tensor<8x128xf32, #tlayout.tiled<{1,0:T(8,128)}>> {
    scf.yield %t : tensor<8x128xf32, #tlayout.tiled<{1,0:T(8,128)}>>
  }
  return
}

// -----

// Other encodings are not layouts: nothing to report.
func.func @other(%x: tensor<4xf32, "any">, %y: tensor<4xf32>) -> tensor<4xf32, "any"> {
  return %x : tensor<4xf32, "any">
}
