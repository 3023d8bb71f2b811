// RUN: tlayout-opt %s --lower-tiled-layouts -split-input-file -verify-diagnostics

// Atomics, masked, gathering and compressing accesses of tiled memrefs that
// the lowering cannot rewrite: each says why and what to do instead.

func.func @maskedload_2d(%m: memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>, %i: index, %mask: vector<2x2xi1>, %p: vector<2x2xf32>) -> vector<2x2xf32> {
  // expected-error @+1 {{vector.maskedload of the rank-2 vector type 'vector<2x2xf32>' on a tiled memref cannot be rewritten: its lanes run along the memref's innermost dimension, which the lowering takes for 1-D vectors only; split it into 1-D accesses}}
  %r = vector.maskedload %m[%i, %i], %mask, %p : memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>, vector<2x2xi1>, vector<2x2xf32> into vector<2x2xf32>
  return %r : vector<2x2xf32>
}

// -----

func.func @compressstore_2d(%m: memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>, %i: index, %mask: vector<2x2xi1>, %v: vector<2x2xf32>) {
  // expected-error @+1 {{vector.compressstore of the rank-2 vector type 'vector<2x2xf32>' on a tiled memref cannot be rewritten}}
  vector.compressstore %m[%i, %i], %mask, %v : memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>, vector<2x2xi1>, vector<2x2xf32>
  return
}

// -----

func.func @gather_scalable(%m: memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>, %i: index, %idx: vector<[4]xindex>, %mask: vector<[4]xi1>, %p: vector<[4]xf32>) -> vector<[4]xf32> {
  // expected-error @+1 {{vector.gather of a tiled memref with the scalable vector type 'vector<[4]xf32>' cannot be rewritten: the lowering accesses a vector lane by lane, and a scalable vector has no fixed number of lanes; use a fixed-length vector}}
  %r = vector.gather %m[%i, %i][%idx], %mask, %p : memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>, vector<[4]xindex>, vector<[4]xi1>, vector<[4]xf32> into vector<[4]xf32>
  return %r : vector<[4]xf32>
}

// -----

func.func @scatter_large(%m: memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>, %i: index, %idx: vector<8192xindex>, %mask: vector<8192xi1>, %v: vector<8192xf32>) {
  // expected-error @+1 {{vector.scatter of a tiled memref is split into one access per lane, and this vector has more than 4096 lanes; access smaller vectors}}
  vector.scatter %m[%i, %i][%idx], %mask, %v : memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>, vector<8192xindex>, vector<8192xi1>, vector<8192xf32>
  return
}

// -----

func.func @gather_in_mask(%m: memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>, %i: index, %idx: vector<4xindex>, %mask: vector<4xi1>, %p: vector<4xf32>) -> vector<4xf32> {
  %all = arith.constant dense<true> : vector<4xi1>
  %r = vector.mask %mask {
    // expected-error @+1 {{vector.gather of a tiled memref inside vector.mask cannot be rewritten: give the op the mask as its own mask operand}}
    %g = vector.gather %m[%i, %i][%idx], %all, %p : memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>, vector<4xindex>, vector<4xi1>, vector<4xf32> into vector<4xf32>
    vector.yield %g : vector<4xf32>
  } : vector<4xi1> -> vector<4xf32>
  return %r : vector<4xf32>
}

// -----

// Upstream's verifiers reject the ops that need a strided memref; see
// docs/MemRefOps.md for the tlayout equivalent of each.
func.func @vector_load(%m: memref<16x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>, %i: index) -> vector<8xf32> {
  // expected-error @+1 {{'vector.load' op most minor memref dim must have unit stride}}
  %v = vector.load %m[%i, %i] : memref<16x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>, vector<8xf32>
  return %v : vector<8xf32>
}

// -----

func.func @subview(%m: memref<16x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>) {
  // expected-error @+1 {{base type 'memref<16x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>' is not strided}}
  %v = memref.subview %m[0, 0] [8, 128] [1, 1] : memref<16x256xf32, #tlayout.tiled<{1,0:T(8,128)}>> to memref<8x128xf32, strided<[256, 1]>>
  return
}

// -----

func.func @expand_shape(%m: memref<16x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>) {
  // expected-error @+1 {{'memref.expand_shape' op operand #0 must be strided memref of any type values}}
  %v = memref.expand_shape %m [[0, 1], [2]] output_shape [2, 8, 256] : memref<16x256xf32, #tlayout.tiled<{1,0:T(8,128)}>> into memref<2x8x256xf32>
  return
}

// -----

func.func @collapse_shape(%m: memref<16x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>) {
  // expected-error @+1 {{'memref.collapse_shape' op operand #0 must be strided memref of any type values}}
  %v = memref.collapse_shape %m [[0, 1]] : memref<16x256xf32, #tlayout.tiled<{1,0:T(8,128)}>> into memref<4096xf32>
  return
}

// -----

func.func @extract_strided_metadata(%m: memref<16x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>) {
  // expected-error @+1 {{'memref.extract_strided_metadata' op operand #0 must be strided memref of any type values}}
  %base, %off, %sizes:2, %strides:2 = memref.extract_strided_metadata %m : memref<16x256xf32, #tlayout.tiled<{1,0:T(8,128)}>> -> memref<f32>, index, index, index, index, index
  return
}

// -----

func.func @reinterpret_cast_to(%b: memref<4096xf32>) -> memref<16x256xf32, #tlayout.tiled<{1,0:T(8,128)}>> {
  // expected-error @+1 {{'memref.reinterpret_cast' op result #0 must be strided memref of any type values}}
  %r = memref.reinterpret_cast %b to offset: [0], sizes: [16, 256], strides: [256, 1] : memref<4096xf32> to memref<16x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>
  return %r : memref<16x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>
}

// -----

func.func @realloc(%m: memref<256xf32, #tlayout.tiled<{0:T(128)}>>) {
  // expected-error @+1 {{unsupported layout for source memref type 'memref<256xf32, #tlayout.tiled<{0:T(128)}>>'}}
  %v = memref.realloc %m : memref<256xf32, #tlayout.tiled<{0:T(128)}>> to memref<512xf32, #tlayout.tiled<{0:T(128)}>>
  return
}

// -----

func.func @maskedload_rank0(%m: memref<f32, #tlayout.tiled<{:T(128)}>>, %mask: vector<2xi1>, %p: vector<2xf32>) -> vector<2xf32> {
  // expected-error @+1 {{vector.maskedload of the rank-0 tiled memref 'memref<f32, #tlayout.tiled<{:T(128)}>>' cannot be rewritten: its lanes run along the memref's innermost dimension, and a rank-0 memref has none; use memref.load or memref.store of its one element}}
  %r = vector.maskedload %m[], %mask, %p : memref<f32, #tlayout.tiled<{:T(128)}>>, vector<2xi1>, vector<2xf32> into vector<2xf32>
  return %r : vector<2xf32>
}

// -----

func.func @gather_rank0(%m: memref<f32, #tlayout.tiled<{:T(128)}>>, %idx: vector<2xindex>, %mask: vector<2xi1>, %p: vector<2xf32>) -> vector<2xf32> {
  // expected-error @+1 {{vector.gather of the rank-0 tiled memref 'memref<f32, #tlayout.tiled<{:T(128)}>>' cannot be rewritten}}
  %r = vector.gather %m[][%idx], %mask, %p : memref<f32, #tlayout.tiled<{:T(128)}>>, vector<2xindex>, vector<2xi1>, vector<2xf32> into vector<2xf32>
  return %r : vector<2xf32>
}

// -----

func.func @assume_alignment_view(%m: memref<16x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>, %i: index) {
  %v = tlayout.subview %m[%i, 0] [8, 256] : memref<16x256xf32, #tlayout.tiled<{1,0:T(8,128)}>> to memref<8x256xf32, #tlayout.tiled<{1,0:T(8,128)}, parent = [16, 256], offsets = [?, 0]>>
  // expected-error @+1 {{memref.assume_alignment of a view of a tiled memref (operand #0) cannot be rewritten: a view can only be accessed, copied, viewed or passed along; assume the alignment of the parent memref}}
  %a = memref.assume_alignment %v, 64 : memref<8x256xf32, #tlayout.tiled<{1,0:T(8,128)}, parent = [16, 256], offsets = [?, 0]>>
  return
}
