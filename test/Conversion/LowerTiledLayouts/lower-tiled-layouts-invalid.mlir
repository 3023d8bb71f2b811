// RUN: tlayout-opt %s --lower-tiled-layouts -split-input-file -verify-diagnostics -allow-unregistered-dialect
// RUN: not tlayout-opt %s --lower-tiled-layouts -split-input-file -allow-unregistered-dialect --mlir-print-ir-after-failure 2>&1 | FileCheck %s

// An op the pass cannot rewrite is named with its operand and what to do
// instead; the pass fails and leaves the module unchanged.

// CHECK-LABEL: IR Dump After LowerTiledLayouts Failed
// CHECK: func.func @unknown_op(%{{.*}}: memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>
// CHECK: memref.load %{{.*}} : memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>
// CHECK: "test.consume"
func.func @unknown_op(%m: memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>, %i: index) -> f32 {
  %v = memref.load %m[%i, %i] : memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>
  // expected-error @+1 {{test.consume uses a tiled memref (operand #0 of type 'memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>'), which --lower-tiled-layouts cannot rewrite; lower it to loads, stores, vector transfers or copies first, or hand it the physical buffer (tlayout.to_physical)}}
  "test.consume"(%m) : (memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>) -> ()
  return %v : f32
}

// -----

// A copy expanded earlier in the module is not kept when a later op fails.
// CHECK-LABEL: IR Dump After LowerTiledLayouts Failed
// CHECK: func.func @copy_then_fail(
// CHECK: memref.copy %{{.*}}, %{{.*}} : memref<3x5xf32> to memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>
// CHECK: "test.consume"
func.func @copy_then_fail(%a: memref<3x5xf32>, %m: memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>) {
  memref.copy %a, %m : memref<3x5xf32> to memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>
  // expected-error @+1 {{test.consume uses a tiled memref}}
  "test.consume"(%m) : (memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>) -> ()
  return
}

// -----

func.func @unranked_copy(%m: memref<8x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>, %u: memref<*xf32>) {
  // expected-error @+1 {{memref.copy between a tiled memref and an unranked memref cannot be rewritten; cast the unranked memref to the ranked shape first}}
  memref.copy %m, %u : memref<8x256xf32, #tlayout.tiled<{1,0:T(8,128)}>> to memref<*xf32>
  return
}

// -----

func.func @huge_vector(%m: memref<128x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>, %i: index, %pad: f32) -> vector<64x128xf32> {
  // expected-error @+1 {{vector.transfer_read of a tiled memref is split into element accesses, and this vector has more than 4096 elements; access smaller vectors, or run --convert-vector-to-scf first to unroll it into 1-D transfers}}
  %v = vector.transfer_read %m[%i, %i], %pad : memref<128x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>, vector<64x128xf32>
  return %v : vector<64x128xf32>
}

// -----

func.func @reinterpret(%m: memref<8x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>) -> memref<2048xf32> {
  // expected-error @+1 {{memref.reinterpret_cast uses a tiled memref (operand #0 of type 'memref<8x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>'), which --lower-tiled-layouts cannot rewrite; offsets and strides cannot describe a tiled layout; use tlayout.to_physical / tlayout.from_physical to reach the physical buffer}}
  %r = memref.reinterpret_cast %m to offset: [0], sizes: [2048], strides: [1] : memref<8x256xf32, #tlayout.tiled<{1,0:T(8,128)}>> to memref<2048xf32>
  return %r : memref<2048xf32>
}

// -----

func.func @pointer(%m: memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>) -> index {
  // expected-error @+1 {{memref.extract_aligned_pointer_as_index uses a tiled memref (operand #0 of type 'memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>'), which --lower-tiled-layouts cannot rewrite; take the pointer of the physical buffer (tlayout.to_physical)}}
  %r = memref.extract_aligned_pointer_as_index %m : memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>> -> index
  return %r : index
}

// -----

func.func @space_cast(%m: memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>) {
  // expected-error @+1 {{memref.memory_space_cast uses a tiled memref (operand #0 of type 'memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>'), which --lower-tiled-layouts cannot rewrite; give the memref its memory space where it is allocated, or cast the physical buffer (tlayout.to_physical)}}
  %r = memref.memory_space_cast %m : memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>> to memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>, 1>
  return
}

// -----

func.func @result(%b: memref<24xf32>) {
  // expected-error @+1 {{test.produce uses a tiled memref (result #0 of type 'memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>'), which --lower-tiled-layouts cannot rewrite}}
  %m = "test.produce"(%b) : (memref<24xf32>) -> memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>
  return
}

// -----

func.func @linalg(%m: memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>, %x: f32) {
  // expected-error @+1 {{linalg.fill uses a tiled memref (operand #1 of type 'memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>'), which --lower-tiled-layouts cannot rewrite; lower linalg to loops first (--convert-linalg-to-affine-loops or --convert-linalg-to-loops)}}
  linalg.fill ins(%x : f32) outs(%m : memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>)
  return
}

// -----

func.func @loop_carried(%m: memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>) {
  // expected-error @+1 {{affine.for uses a tiled memref (operand #0 of type 'memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>'), which --lower-tiled-layouts cannot rewrite; carry tiled memrefs through func, scf.for, scf.if, scf.while or cf branches, or lower this op first}}
  %r = affine.for %i = 0 to 4 iter_args(%a = %m) -> (memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>) {
    // expected-error @+1 {{affine.yield uses a tiled memref (operand #0 of type 'memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>'), which --lower-tiled-layouts cannot rewrite; carry tiled memrefs through func, scf.for, scf.if, scf.while or cf branches, or lower this op first}}
    affine.yield %a : memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>
  }
  return
}

// -----

func.func @cast_to_unranked(%m: memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>) -> memref<*xf32> {
  // expected-error @+1 {{memref.cast of a tiled memref to an unranked memref cannot be rewritten: an unranked memref keeps no layout; cast the physical buffer (tlayout.to_physical) instead, or pass the ranked tiled memref}}
  %u = memref.cast %m : memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>> to memref<*xf32>
  return %u : memref<*xf32>
}

// -----

func.func @cast_from_unranked(%u: memref<*xf32>) -> memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>> {
  // expected-error @+1 {{memref.cast from an unranked memref to a tiled memref cannot be rewritten: an unranked memref keeps no layout; cast to the untiled ranked shape and reach the tiled memref with tlayout.from_physical}}
  %m = memref.cast %u : memref<*xf32> to memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>
  return %m : memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>
}

// -----

// expected-error @+1 {{func.func cannot be rewritten: cannot lower argument #0: element size E(16) differs from the 8 bits of 'i8'; the lowering stores elements in their own type: drop E(...) or use an element type of that many bits}}
func.func @element_size(%m: memref<8x128xi8, #tlayout.tiled<{1,0:T(8,128)E(16)}>>) {
  return
}

// -----

// The first use reports why the type cannot be lowered; later ones refer
// to it.
// expected-error @+1 {{func.func cannot be rewritten: its argument #0 has type 'memref<8x128xf32, #tlayout.tiled<{1,0:E(8)}>>', which cannot be lowered (reported above)}}
func.func @element_too_small(%m: memref<8x128xf32, #tlayout.tiled<{1,0:E(8)}>>, %i: index) {
  // expected-error @+1 {{memref.load cannot be rewritten: cannot lower operand #0: element size E(8) is too small for an element type of 32 bits}}
  %v = memref.load %m[%i, %i] : memref<8x128xf32, #tlayout.tiled<{1,0:E(8)}>>
  return
}

// -----

func.func @alloc_view() {
  // expected-error @+1 {{memref.alloc of a view of a tiled memref (result #0) cannot be rewritten: a view can only be accessed, copied, viewed or passed along; allocate the parent memref, then take the view with tlayout.subview}}
  %v = memref.alloc() : memref<4x100xf32, #tlayout.tiled<{1,0:T(8,128)}, parent = [16, 256], offsets = [3, 0]>>
  return
}

// -----

func.func @cast_view(%v: memref<2x3xf32, #tlayout.tiled<{1,0:T(2,2)}, parent = [3, 5], offsets = [1, 1]>>) {
  // expected-error @+1 {{memref.cast of a view of a tiled memref (operand #0) cannot be rewritten: a view can only be accessed, copied, viewed or passed along; cast the parent memref, then take the view with tlayout.subview}}
  %c = memref.cast %v : memref<2x3xf32, #tlayout.tiled<{1,0:T(2,2)}, parent = [3, 5], offsets = [1, 1]>> to memref<?x3xf32, #tlayout.tiled<{1,0:T(2,2)}, parent = [3, 5], offsets = [1, 1]>>
  return
}
