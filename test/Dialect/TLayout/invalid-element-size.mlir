// An element size E(n) that cannot hold the element type (XLA requires E(n)
// to hold the element) is rejected as soon as something sees both. The
// memref type's own verifier cannot: MLIR's MemRefType::verify hands the
// layout (MemRefLayoutAttrInterface::verifyLayout) the shape only, never the
// element type, and no other hook of the type system or of a dialect sees a
// foreign op's memref types. So each tlayout op verifies the E(n) of the
// tiled memrefs it takes, and every pass that lowers or measures one
// reports it (invalid-element-size-passes.mlir).
// RUN: tlayout-opt %s -split-input-file -verify-diagnostics

func.func @to_physical(%m: memref<8xf32, #tlayout.tiled<{0:E(3)}>>) {
  // expected-error @+1 {{'tlayout.to_physical' op element size E(3) is too small for an element type of 32 bits}}
  %0 = tlayout.to_physical %m : memref<8xf32, #tlayout.tiled<{0:E(3)}>> to memref<8xf32>
  return
}

// -----

func.func @from_physical(%b: memref<8xf32>) {
  // expected-error @+1 {{'tlayout.from_physical' op element size E(3) is too small for an element type of 32 bits}}
  %0 = tlayout.from_physical %b : memref<8xf32> to memref<8xf32, #tlayout.tiled<{0:E(3)}>>
  return
}

// -----

func.func @subview(%m: memref<8xf32, #tlayout.tiled<{0:E(3)}>>) {
  // expected-error @+1 {{'tlayout.subview' op element size E(3) is too small for an element type of 32 bits}}
  %s = tlayout.subview %m[0] [4] : memref<8xf32, #tlayout.tiled<{0:E(3)}>> to memref<4xf32, #tlayout.tiled<{0:E(3)}, parent = [8], offsets = [0]>>
  return
}

// -----

func.func @copy_source(%m: memref<8xf32, #tlayout.tiled<{0:E(3)}>>, %n: memref<8xf32>) {
  // expected-error @+1 {{'tlayout.copy' op element size E(3) is too small for an element type of 32 bits}}
  tlayout.copy %m, %n : memref<8xf32, #tlayout.tiled<{0:E(3)}>> to memref<8xf32>
  return
}

// -----

func.func @copy_target(%m: memref<8xi16>, %n: memref<8xi16, #tlayout.tiled<{0:E(8)}>>) {
  // expected-error @+1 {{'tlayout.copy' op element size E(8) is too small for an element type of 16 bits}}
  tlayout.copy %m, %n : memref<8xi16> to memref<8xi16, #tlayout.tiled<{0:E(8)}>>
  return
}

// -----

func.func @reshape(%m: memref<16x256xf32, #tlayout.tiled<{1,0:T(8,128)E(3)}>>) {
  // expected-error @+1 {{'tlayout.reshape' op element size E(3) is too small for an element type of 32 bits}}
  %r = tlayout.reshape %m : memref<16x256xf32, #tlayout.tiled<{1,0:T(8,128)E(3)}>> to memref<2x8x256xf32, #tlayout.tiled<{2,1,0:T(8,128)E(3)}>>
  return
}
