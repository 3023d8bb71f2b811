// RUN: tlayout-opt %s -split-input-file -verify-diagnostics

// A tlayout.reshape that would move an element, or that the verifier cannot
// check, is an error that says what differs.

// A split at 4 rows cuts through the 8-row tiles: the result pads each
// half-tile, so its buffer is larger.
func.func @split_inside_tile(%m: memref<16x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>) {
  // expected-error @+1 {{'tlayout.reshape' op expects the result's physical buffer to be the source's: 'memref<4x4x256xf32, #tlayout.tiled<{2,1,0:T(8,128)}>>' occupies 8192 elements and 'memref<16x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>' occupies 4096; copy into a memref of the new shape instead}}
  %s = tlayout.reshape %m : memref<16x256xf32, #tlayout.tiled<{1,0:T(8,128)}>> to memref<4x4x256xf32, #tlayout.tiled<{2,1,0:T(8,128)}>>
  return
}

// -----

// Same size, other tiles: element (0, 4, 0) is in another place.
func.func @other_tiles(%m: memref<16x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>) {
  // expected-error @+1 {{'tlayout.reshape' op does not keep every element in place: source element (0, 128) is at physical offset 1024 but result element (0, 0, 128) (the same row-major position 128) is at physical offset 512; split or merge dimensions along whole tiles, or copy into a memref of the new shape}}
  %s = tlayout.reshape %m : memref<16x256xf32, #tlayout.tiled<{1,0:T(8,128)}>> to memref<2x8x256xf32, #tlayout.tiled<{2,1,0:T(4,128)}>>
  return
}

// -----

func.func @element_count(%m: memref<16x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>) {
  // expected-error @+1 {{'tlayout.reshape' op expects the result to have the source's 4096 elements, got 2048}}
  %s = tlayout.reshape %m : memref<16x256xf32, #tlayout.tiled<{1,0:T(8,128)}>> to memref<8x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>
  return
}

// -----

func.func @untiled(%m: memref<16x256xf32>) {
  // expected-error @+1 {{'tlayout.reshape' op expects the source to have a #tlayout.tiled or #tlayout.dims layout, got 'memref<16x256xf32>'; use memref.expand_shape or memref.collapse_shape}}
  %s = tlayout.reshape %m : memref<16x256xf32> to memref<2x8x256xf32, #tlayout.tiled<{2,1,0:T(8,128)}>>
  return
}

// -----

func.func @dynamic(%m: memref<?x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>) {
  // expected-error @+1 {{'tlayout.reshape' op expects a static source shape, got 'memref<?x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>': the reshape is proved element by element}}
  %s = tlayout.reshape %m : memref<?x256xf32, #tlayout.tiled<{1,0:T(8,128)}>> to memref<2x8x256xf32, #tlayout.tiled<{2,1,0:T(8,128)}>>
  return
}

// -----

func.func @view(%m: memref<16x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>) {
  %v = tlayout.subview %m[0, 0] [8, 256] : memref<16x256xf32, #tlayout.tiled<{1,0:T(8,128)}>> to memref<8x256xf32, #tlayout.tiled<{1,0:T(8,128)}, parent = [16, 256], offsets = [0, 0]>>
  // expected-error @+1 {{'tlayout.reshape' op expects the source not to be a view, got 'memref<8x256xf32, #tlayout.tiled<{1,0:T(8,128)}, parent = [16, 256], offsets = [0, 0]>>'; reshape the parent memref, then take the view with tlayout.subview}}
  %s = tlayout.reshape %v : memref<8x256xf32, #tlayout.tiled<{1,0:T(8,128)}, parent = [16, 256], offsets = [0, 0]>> to memref<2048xf32, #tlayout.tiled<{0:T(1024)}>>
  return
}

// -----

func.func @element_type(%m: memref<16x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>) {
  // expected-error @+1 {{'tlayout.reshape' op expects the result to have the source's element type and memory space}}
  %s = tlayout.reshape %m : memref<16x256xf32, #tlayout.tiled<{1,0:T(8,128)}>> to memref<2x8x256xi32, #tlayout.tiled<{2,1,0:T(8,128)}>>
  return
}

// -----

func.func @too_large(%m: memref<4096x2048xf32, #tlayout.tiled<{1,0:T(8,128)}>>) {
  // expected-error @+1 {{'tlayout.reshape' op cannot prove that the reshape keeps every element in place: it compares each element's offset, and 'memref<4096x2048xf32, #tlayout.tiled<{1,0:T(8,128)}>>' has more than 4194304 elements; reshape smaller memrefs or copy}}
  %s = tlayout.reshape %m : memref<4096x2048xf32, #tlayout.tiled<{1,0:T(8,128)}>> to memref<512x8x2048xf32, #tlayout.tiled<{2,1,0:T(8,128)}>>
  return
}

// -----

// Dimensions combined (`*`) then tiled by 3 columns do not place elements
// as tiles of 4 columns do.
func.func @combined_other_tiles(%m: memref<4x2x6xf32, #tlayout.tiled<{2,1,0:T(2,*,3)}>>) {
  // expected-error @+1 {{'tlayout.reshape' op does not keep every element in place: source element (0, 0, 3) is at physical offset 6 but result element (0, 3) (the same row-major position 3) is at physical offset 3}}
  %s = tlayout.reshape %m : memref<4x2x6xf32, #tlayout.tiled<{2,1,0:T(2,*,3)}>> to memref<4x12xf32, #tlayout.tiled<{1,0:T(2,4)}>>
  return
}

// -----

func.func @tensor_without_encoding(%a: tensor<32x256xf32>) {
  // expected-error @+1 {{expects the source tensor's encoding to be a #tlayout.tiled or #tlayout.dims layout, got 'tensor<32x256xf32>'; use tensor.expand_shape or tensor.collapse_shape}}
  %v = tlayout.reshape %a : tensor<32x256xf32> to tensor<4x8x256xf32, #tlayout.tiled<{2,1,0:T(8,128)}>>
  return
}

// -----

func.func @tensor_to_memref(%a: tensor<32x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>) {
  // expected-error @+1 {{expects the source and the result to be both memrefs or both tensors}}
  %v = tlayout.reshape %a : tensor<32x256xf32, #tlayout.tiled<{1,0:T(8,128)}>> to memref<4x8x256xf32, #tlayout.tiled<{2,1,0:T(8,128)}>>
  return
}

// -----

// Splitting the rows inside a tile moves elements: not a view.
func.func @tensor_inside_tile(%a: tensor<16x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>) {
  // expected-error @+1 {{does not keep every element in place: source element (0, 128) is at physical offset 1024 but result element (0, 1, 0)}}
  %v = tlayout.reshape %a : tensor<16x256xf32, #tlayout.tiled<{1,0:T(8,128)}>> to tensor<16x2x128xf32, #tlayout.tiled<{2,1,0:T(2,128)}>>
  return
}
