// Encodings that --tlayout-bufferize-tensor-encodings cannot honour: an
// error where the layout would be lost, before anything changes.
// RUN: tlayout-opt %s --split-input-file --tlayout-bufferize-tensor-encodings --verify-diagnostics

// A reshape would bufferize into memref.collapse_shape, which has no
// non-strided layouts.
func.func @collapse(%a: tensor<8x128xf32, #tlayout.tiled<{1,0:T(8,128)}>>) -> tensor<1024xf32> {
  // expected-error @+1 {{'tensor.collapse_shape' on a tensor with a layout encoding would lose the layout when bufferized}}
  %r = tensor.collapse_shape %a [[0, 1]] : tensor<8x128xf32, #tlayout.tiled<{1,0:T(8,128)}>> into tensor<1024xf32>
  return %r : tensor<1024xf32>
}

// -----

// A constant whose value is not dense elements (a resource) would bufferize
// into a row-major global (dense constants become globals in their layout).
func.func @constant() -> tensor<4xi32, #tlayout.tiled<{0:T(128)}>> {
  // expected-error @+1 {{'arith.constant' on a tensor with a layout encoding would lose the layout}}
  %c = arith.constant dense_resource<blob> : tensor<4xi32, #tlayout.tiled<{0:T(128)}>>
  return %c : tensor<4xi32, #tlayout.tiled<{0:T(128)}>>
}

{-#
  dialect_resources: {
    builtin: {
      blob: "0x0400000001000000020000000300000004000000"
    }
  }
#-}

// -----

// An encoding whose rank is not the tensor's.
// expected-error @+1 {{the encoding of 'tensor<8x128xf32, #tlayout.tiled<{0:T(128)}>>' cannot be its buffer's layout}}
func.func @rank(%a: tensor<8x128xf32, #tlayout.tiled<{0:T(128)}>>) {
  return
}

// -----

// E(4) packs elements of 4 bits: an f32 does not fit.
func.func @element_size() {
  // expected-error @+1 {{the encoding of 'tensor<8x128xf32, #tlayout.tiled<{1,0:T(8,128)E(4)}>>' cannot be its buffer's layout}}
  %e = tensor.empty() : tensor<8x128xf32, #tlayout.tiled<{1,0:T(8,128)E(4)}>>
  return
}

// -----

// A declaration's result, at the declaration.
// expected-error @+1 {{the encoding of 'tensor<8xf32, #tlayout.tiled<{1,0:T(8,128)}>>' cannot be its buffer's layout: minor_to_major has 2 entries but the shape has rank 1}}
func.func private @declared() -> tensor<8xf32, #tlayout.tiled<{1,0:T(8,128)}>>

// -----

// A view layout places a window of a parent buffer, which a tensor does not
// have: rejected at the tensor, before bufferization allocates a view type.
// expected-error @+1 {{the encoding of 'tensor<2x2xf32, #tlayout.tiled<{1,0:T(2,2)}, parent = [8, 8], offsets = [1, 1]>>' cannot be its buffer's layout: the view layout #tlayout.tiled<{1,0:T(2,2)}, parent = [8, 8], offsets = [1, 1]> places a window of a parent buffer, not a tensor}}
func.func @view(%a: tensor<2x2xf32, #tlayout.tiled<{1,0:T(2,2)}, parent = [8, 8], offsets = [1, 1]>>) {
  return
}
