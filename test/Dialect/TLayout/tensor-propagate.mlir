// RUN: tlayout-opt %s --split-input-file --tlayout-propagate-tensor-layouts --verify-diagnostics | FileCheck %s

// The layouts of the boundary reach the values that share their buffers:
// the output of the linalg op takes the result's layout, no relayout.
// CHECK-LABEL: func.func @elementwise(
// CHECK-SAME:    %{{.*}}: tensor<16x256xbf16, #tlayout.tiled<{1,0:T(8,128)(2,1)}>>, %{{.*}}: tensor<16x256xbf16>)
// CHECK-SAME:    -> tensor<16x256xbf16, #tlayout.tiled<{1,0:T(8,128)(2,1)}>>
// CHECK:         tensor.empty() : tensor<16x256xbf16, #tlayout.tiled<{1,0:T(8,128)(2,1)}>>
// CHECK-NOT:     tlayout.relayout
// CHECK:         return
#T = #tlayout.tiled<{1,0:T(8,128)(2,1)}>
#id = affine_map<(i, j) -> (i, j)>
func.func @elementwise(%a: tensor<16x256xbf16> {tlayout.layout = #T}, %b: tensor<16x256xbf16>)
    -> (tensor<16x256xbf16> {tlayout.layout = #T}) {
  %e = tensor.empty() : tensor<16x256xbf16>
  %r = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : tensor<16x256xbf16>, tensor<16x256xbf16>) outs(%e : tensor<16x256xbf16>) {
  ^bb0(%x: bf16, %y: bf16, %o: bf16):
    %s = arith.addf %x, %y : bf16
    linalg.yield %s : bf16
  } -> tensor<16x256xbf16>
  return %r : tensor<16x256xbf16>
}

// -----

// No fixed layout: a temporary takes the layout of the input it is computed
// from; the value returned is computed in the result's layout: nothing is
// relaid out.
// CHECK-LABEL: func.func @inner(
// CHECK:         %[[E:.*]] = tensor.empty() : tensor<8x128xf32, #tlayout.tiled<{1,0:T(8,128)}>>
// CHECK:         %[[T:.*]] = linalg.generic {{.*}} outs(%[[E]] : tensor<8x128xf32, #tlayout.tiled<{1,0:T(8,128)}>>)
// CHECK:         %[[F:.*]] = tensor.empty() : tensor<8x128xf32>
// CHECK:         %[[R:.*]] = linalg.generic {{.*}} ins(%[[T]] : {{.*}}) outs(%[[F]] : tensor<8x128xf32>)
// CHECK-NOT:     tlayout.relayout
// CHECK:         return %[[R]] : tensor<8x128xf32>
#T = #tlayout.tiled<{1,0:T(8,128)}>
#id = affine_map<(i, j) -> (i, j)>
func.func @inner(%a: tensor<8x128xf32> {tlayout.layout = #T}) -> tensor<8x128xf32> {
  %e = tensor.empty() : tensor<8x128xf32>
  %t = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<8x128xf32>) outs(%e : tensor<8x128xf32>) {
  ^bb0(%x: f32, %o: f32):
    %s = arith.mulf %x, %x : f32
    linalg.yield %s : f32
  } -> tensor<8x128xf32>
  %f = tensor.empty() : tensor<8x128xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%t : tensor<8x128xf32>) outs(%f : tensor<8x128xf32>) {
  ^bb0(%x: f32, %o: f32):
    %s = arith.addf %x, %x : f32
    linalg.yield %s : f32
  } -> tensor<8x128xf32>
  return %r : tensor<8x128xf32>
}

// -----

// A loop carries its init's layout; the result type wants another: one
// relayout, of the loop's result, at the return.
// CHECK-LABEL: func.func @loop(
// CHECK:         %[[L:.*]] = scf.for {{.*}} -> (tensor<16x128xi8, #tlayout.tiled<{1,0:T(8,128)(4,1)}>>)
// CHECK:           tensor.insert {{.*}} : tensor<16x128xi8, #tlayout.tiled<{1,0:T(8,128)(4,1)}>>
// CHECK:         %[[R:.*]] = tlayout.relayout %[[L]] : {{.*}} to tensor<16x128xi8, #tlayout.tiled<{0,1:T(8,128)(4,1)}>>
// CHECK:         return %[[R]]
func.func @loop(%a: tensor<16x128xi8> {tlayout.layout = #tlayout.tiled<{1,0:T(8,128)(4,1)}>}, %n: index, %v: i8)
    -> (tensor<16x128xi8> {tlayout.layout = #tlayout.tiled<{0,1:T(8,128)(4,1)}>}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%t = %a) -> tensor<16x128xi8> {
    %w = tensor.insert %v into %t[%i, %i] : tensor<16x128xi8>
    scf.yield %w : tensor<16x128xi8>
  }
  // expected-remark @+1 {{relayout of 'tensor<16x128xi8, #tlayout.tiled<{1,0:T(8,128)(4,1)}>>' to 'tensor<16x128xi8, #tlayout.tiled<{0,1:T(8,128)(4,1)}>>': 16384 bytes}}
  return %r : tensor<16x128xi8>
}

// -----

// A call passes its operand in the callee's layout; its result has the
// callee's layout, read as is by linalg and tensor.extract, and relaid out
// for tensor.cast, which keeps its operand's type.
// CHECK-LABEL: func.func private @callee(tensor<?x128xf32, #tlayout.dims<[1, 0, 1:packed(4)]>>) -> tensor<?x128xf32, #tlayout.tiled<{1,0:T(8,128)}>>
// CHECK-LABEL: func.func @caller(
// CHECK:         %[[A:.*]] = tlayout.relayout %{{.*}} : tensor<?x128xf32> to tensor<?x128xf32, #tlayout.dims<[1, 0, 1:packed(4)]>>
// CHECK:         %[[C:.*]] = call @callee(%[[A]])
// CHECK:         tensor.extract %[[C]]
// CHECK:         %[[R:.*]] = tlayout.relayout %[[C]] : tensor<?x128xf32, #tlayout.tiled<{1,0:T(8,128)}>> to tensor<?x128xf32>
// CHECK:         tensor.cast %[[R]]
func.func private @callee(tensor<?x128xf32> {tlayout.layout = #tlayout.dims<[1, 0, 1:packed(4)]>})
    -> (tensor<?x128xf32> {tlayout.layout = #tlayout.tiled<{1,0:T(8,128)}>})
func.func @caller(%a: tensor<?x128xf32>) -> (f32, tensor<4x128xf32>) {
  %c0 = arith.constant 0 : index
  // expected-remark @+1 {{relayout of 'tensor<?x128xf32>' to 'tensor<?x128xf32, #tlayout.dims<[1, 0, 1:packed(4)]>>': a dynamic number of bytes}}
  %c = call @callee(%a) : (tensor<?x128xf32>) -> tensor<?x128xf32>
  %x = tensor.extract %c[%c0, %c0] : tensor<?x128xf32>
  // expected-remark @+1 {{relayout of 'tensor<?x128xf32, #tlayout.tiled<{1,0:T(8,128)}>>' to 'tensor<?x128xf32>'}}
  %s = tensor.cast %c : tensor<?x128xf32> to tensor<4x128xf32>
  return %x, %s : f32, tensor<4x128xf32>
}

// -----

// expected-error @+1 {{the tlayout.layout of argument #0 must be a memory layout on a tensor without encoding, got #tlayout.tiled<{0:T(128)}> on 'f32'}}
func.func @scalar(%a: f32 {tlayout.layout = #tlayout.tiled<{0:T(128)}>}) {
  return
}

// -----

// expected-error @+1 {{the tlayout.layout of result #0: minor_to_major has 1 entries but the shape has rank 2}}
func.func private @rank() -> (tensor<8x128xf32> {tlayout.layout = #tlayout.tiled<{0:T(128)}>})

// -----

// A view layout is no tensor's layout.
// expected-error @+1 {{the tlayout.layout of argument #0: the view layout #tlayout.tiled<{1,0:T(2,2)}, parent = [8, 8], offsets = [1, 1]> places a window of a parent buffer, not a tensor}}
func.func @view(%a: tensor<2x2xf32> {tlayout.layout = #tlayout.tiled<{1,0:T(2,2)}, parent = [8, 8], offsets = [1, 1]>}) {
  return
}
