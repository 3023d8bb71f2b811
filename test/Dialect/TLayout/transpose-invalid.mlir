// RUN: tlayout-opt %s --split-input-file --verify-diagnostics

func.func @not_bitcast(%m: memref<256x512xf32, #tlayout.tiled<{1,0:T(8,128)}>>) {
  // expected-error @below {{expects the layouts to make the transpose a bitcast, but element (0, 1) of the source is at offset 1 and at offset 128 in the result; use linalg.transpose (a copy)}}
  %t = tlayout.transpose %m permutation = [1, 0]
      : memref<256x512xf32, #tlayout.tiled<{1,0:T(8,128)}>>
     to memref<512x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>
  return
}

// -----

func.func @row_major(%m: memref<4x8xf32>) {
  // expected-error @below {{expects the layouts to make the transpose a bitcast, but element (0, 1) of the source is at offset 1 and at offset 4 in the result}}
  %t = tlayout.transpose %m permutation = [1, 0] : memref<4x8xf32> to memref<8x4xf32>
  return
}

// -----

func.func @not_permutation(%m: memref<4x8xf32>) {
  // expected-error @below {{expects the permutation to name every dimension of the source once, got [0, 0]}}
  %t = tlayout.transpose %m permutation = [0, 0] : memref<4x8xf32> to memref<4x4xf32>
  return
}

// -----

func.func @shape(%m: memref<4x8xf32>) {
  // expected-error @below {{expects dimension 0 of the result to be dimension 1 of the source}}
  %t = tlayout.transpose %m permutation = [1, 0] : memref<4x8xf32> to memref<4x8xf32>
  return
}

// -----

func.func @rank(%m: memref<4x8xf32>) {
  // expected-error @below {{expects a permutation of the source's 2 dimensions and a result of that rank, got 3 entries}}
  %t = tlayout.transpose %m permutation = [1, 0, 2] : memref<4x8xf32> to memref<8x4xf32>
  return
}

// -----

func.func @mixed(%m: memref<4x8xf32>) {
  // expected-error @below {{expects the source and the result to be both memrefs or both tensors}}
  %t = tlayout.transpose %m permutation = [1, 0] : memref<4x8xf32> to tensor<8x4xf32>
  return
}

// -----

func.func @element(%m: memref<4x8xf32>) {
  // expected-error @below {{expects one element type and memory space}}
  %t = tlayout.transpose %m permutation = [0, 1] : memref<4x8xf32> to memref<4x8xi32>
  return
}

// -----

func.func @view(%m: memref<2x2xf32, #tlayout.tiled<{1,0:T(2,2)}, parent = [8, 8], offsets = [1, 1]>>) {
  // expected-error @below {{expects the source not to be a view}}
  %t = tlayout.transpose %m permutation = [0, 1] : memref<2x2xf32, #tlayout.tiled<{1,0:T(2,2)}, parent = [8, 8], offsets = [1, 1]>> to memref<2x2xf32>
  return
}
