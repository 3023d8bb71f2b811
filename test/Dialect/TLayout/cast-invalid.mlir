// RUN: tlayout-opt %s -split-input-file -verify-diagnostics

// A tlayout.cast between layouts that place some element differently, or
// that it cannot compare, is an error that says what differs.

func.func @moves_an_element(%m: memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>) {
  // expected-error @+1 {{'tlayout.cast' op expects the layouts to place every element at the same offset, but element (0, 2) is at offset 4 of the source and 2 of the result; copy instead}}
  %r = tlayout.cast %m : memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>> to memref<3x5xf32>
  return
}

// -----

// Every element in place, but the tile pads the buffer.
func.func @padded(%m: memref<1x100xf32, #tlayout.tiled<{1,0:T(1,128)}>>) {
  // expected-error @+1 {{'tlayout.cast' op expects the layouts to place the elements in buffers of the same size, but 'memref<1x100xf32, #tlayout.tiled<{1,0:T(1,128)}>>' occupies 128 elements and 'memref<1x100xf32>' occupies 100}}
  %r = tlayout.cast %m : memref<1x100xf32, #tlayout.tiled<{1,0:T(1,128)}>> to memref<1x100xf32>
  return
}

// -----

func.func @other_shape(%m: memref<4x6xf32>) {
  // expected-error @+1 {{'tlayout.cast' op expects the result to have the source's shape, element type and memory space, got 'memref<4x6xf32>' and 'memref<6x4xf32>'}}
  %r = tlayout.cast %m : memref<4x6xf32> to memref<6x4xf32>
  return
}

// -----

func.func @other_element_bits(%m: memref<4x8xi4>) {
  // expected-error @+1 {{'tlayout.cast' op expects the elements to take the same bits, but 'memref<4x8xi4>' stores them in 8 and 'memref<4x8xi4, #tlayout.tiled<{1,0:E(4)}>>' in 4}}
  %r = tlayout.cast %m : memref<4x8xi4> to memref<4x8xi4, #tlayout.tiled<{1,0:E(4)}>>
  return
}

// -----

func.func @strided(%m: memref<4x6xf32, strided<[6, 1]>>) {
  // expected-error @+1 {{'tlayout.cast' op expects the source to have a #tlayout.tiled, #tlayout.dims or identity layout, got 'memref<4x6xf32, strided<[6, 1]>>'}}
  %r = tlayout.cast %m : memref<4x6xf32, strided<[6, 1]>> to memref<4x6xf32>
  return
}

// -----

func.func @dynamic(%m: memref<?x6xf32>) {
  // expected-error @+1 {{'tlayout.cast' op operand #0 must be statically shaped memref of any type values, but got 'memref<?x6xf32>'}}
  %r = tlayout.cast %m : memref<?x6xf32> to memref<?x6xf32>
  return
}

// -----

func.func @view(%m: memref<8x8xf32, #tlayout.tiled<{1,0:T(2,2)}>>) {
  %v = tlayout.subview %m[1, 1] [2, 2] : memref<8x8xf32, #tlayout.tiled<{1,0:T(2,2)}>> to memref<2x2xf32, #tlayout.tiled<{1,0:T(2,2)}, parent = [8, 8], offsets = [1, 1]>>
  // expected-error @+1 {{'tlayout.cast' op expects the source not to be a view}}
  %r = tlayout.cast %v : memref<2x2xf32, #tlayout.tiled<{1,0:T(2,2)}, parent = [8, 8], offsets = [1, 1]>> to memref<2x2xf32>
  return
}
