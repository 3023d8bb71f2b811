// RUN: tlayout-opt %s --split-input-file --tlayout-bufferize-tensor-encodings | FileCheck %s

// Function boundaries, allocations and linalg ops keep the encodings.
// CHECK-LABEL: func.func @elementwise(
// CHECK-SAME:    %[[A:.*]]: memref<16x256xbf16, #tlayout.tiled<{1,0:T(8,128)(2,1)}>>,
// CHECK-SAME:    %[[B:.*]]: memref<16x256xbf16>)
// CHECK-SAME:    -> memref<16x256xbf16, #tlayout.tiled<{1,0:T(8,128)(2,1)}>>
// CHECK:         %[[E:.*]] = memref.alloc() {{.*}} : memref<16x256xbf16, #tlayout.tiled<{1,0:T(8,128)(2,1)}>>
// CHECK:         linalg.generic {{.*}} ins(%[[A]], %[[B]] : {{.*}}) outs(%[[E]] : memref<16x256xbf16, #tlayout.tiled<{1,0:T(8,128)(2,1)}>>)
// CHECK:         return %[[E]]
#T = #tlayout.tiled<{1,0:T(8,128)(2,1)}>
#id = affine_map<(i, j) -> (i, j)>
func.func @elementwise(%a: tensor<16x256xbf16, #T>, %b: tensor<16x256xbf16>) -> tensor<16x256xbf16, #T> {
  %e = tensor.empty() : tensor<16x256xbf16, #T>
  %r = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : tensor<16x256xbf16, #T>, tensor<16x256xbf16>) outs(%e : tensor<16x256xbf16, #T>) {
  ^bb0(%x: bf16, %y: bf16, %o: bf16):
    %s = arith.addf %x, %y : bf16
    linalg.yield %s : bf16
  } -> tensor<16x256xbf16, #T>
  return %r : tensor<16x256xbf16, #T>
}

// -----

// A write into an argument that is read afterwards: the analysis' copy is a
// new buffer with the argument's layout (not the identity); an output that
// is not read gets an allocation with the layout, without a copy.
// CHECK-LABEL: func.func @conflict(
// CHECK-SAME:    %[[A:.*]]: memref<8x128xi8, #tlayout.tiled<{1,0:T(8,128)(4,1)}>>
// CHECK:         %[[F:.*]] = memref.alloc() {{.*}} : memref<8x128xi8, #tlayout.tiled<{1,0:T(8,128)(4,1)}>>
// CHECK-NOT:     copy
// CHECK:         linalg.fill {{.*}} outs(%[[F]] :
// CHECK:         %[[C:.*]] = memref.alloc() {{.*}} : memref<8x128xi8, #tlayout.tiled<{1,0:T(8,128)(4,1)}>>
// CHECK:         tlayout.copy %[[A]], %[[C]] : memref<8x128xi8, #tlayout.tiled<{1,0:T(8,128)(4,1)}>> to memref<8x128xi8, #tlayout.tiled<{1,0:T(8,128)(4,1)}>>
// CHECK:         linalg.generic {{.*}} outs(%[[C]] :
// CHECK:         return %[[F]], %[[C]], %[[A]]
#T = #tlayout.tiled<{1,0:T(8,128)(4,1)}>
#id = affine_map<(i, j) -> (i, j)>
func.func @conflict(%a: tensor<8x128xi8, #T>) -> (tensor<8x128xi8, #T>, tensor<8x128xi8, #T>, tensor<8x128xi8, #T>) {
  %c = arith.constant 3 : i8
  %f = linalg.fill ins(%c : i8) outs(%a : tensor<8x128xi8, #T>) -> tensor<8x128xi8, #T>
  %g = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]}
      outs(%a : tensor<8x128xi8, #T>) {
  ^bb0(%o: i8):
    %s = arith.addi %o, %c : i8
    linalg.yield %s : i8
  } -> tensor<8x128xi8, #T>
  return %f, %g, %a : tensor<8x128xi8, #T>, tensor<8x128xi8, #T>, tensor<8x128xi8, #T>
}

// -----

// scf.for iter_args carry the layout; alloc_tensor with dynamic sizes and a
// memory space.
// CHECK-LABEL: func.func @loop(
// CHECK:         %[[E:.*]] = memref.alloc(%{{.*}}) {{.*}} : memref<?x256xf32, #tlayout.tiled<{1,0:T(8,128)}>, 1>
// CHECK:         scf.for {{.*}} iter_args(%{{.*}} = %[[E]]) -> (memref<?x256xf32, #tlayout.tiled<{1,0:T(8,128)}>, 1>)
#T = #tlayout.tiled<{1,0:T(8,128)}>
func.func @loop(%n: index, %v: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %e = bufferization.alloc_tensor(%n) {memory_space = 1 : i64} : tensor<?x256xf32, #T>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%t = %e) -> tensor<?x256xf32, #T> {
    %w = tensor.insert %v into %t[%i, %c0] : tensor<?x256xf32, #T>
    scf.yield %w : tensor<?x256xf32, #T>
  }
  %x = tensor.extract %r[%c0, %c0] : tensor<?x256xf32, #T>
  return %x : f32
}

// -----

// Slices become loads and stores through the layouts, no subview.
// CHECK-LABEL: func.func @slices(
// CHECK-SAME:    %[[A:.*]]: memref<16x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>
// CHECK-NOT:     memref.subview
// CHECK:         %[[BUF:.*]] = memref.alloc() {{.*}} : memref<4x256xf32, #tlayout.dims<[0, 1]>>
// CHECK:         %[[S:.*]] = scf.for {{.*}} iter_args(%{{.*}} = %[[BUF]])
// CHECK:         memref.load %[[A]]
// CHECK:         memref.store %{{.*}}, %{{.*}} : memref<4x256xf32, #tlayout.dims<[0, 1]>>
// CHECK:         scf.for {{.*}} iter_args(%{{.*}} = %[[A]])
// CHECK:         memref.load %[[S]]
// CHECK:         memref.store %{{.*}}, %{{.*}} : memref<16x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>
// CHECK-NOT:     memref.subview
#T = #tlayout.tiled<{1,0:T(8,128)}>
#D = #tlayout.dims<[0, 1]>
func.func @slices(%a: tensor<16x256xf32, #T>) -> tensor<16x256xf32, #T> {
  %s = tensor.extract_slice %a[2, 0] [4, 256] [3, 1] : tensor<16x256xf32, #T> to tensor<4x256xf32, #D>
  %r = tensor.insert_slice %s into %a[0, 0] [4, 256] [1, 1] : tensor<4x256xf32, #D> into tensor<16x256xf32, #T>
  return %r : tensor<16x256xf32, #T>
}

// -----

// A slice whose size is a value that folds to a constant keeps the dynamic
// size its type has (a size is dropped only where the op's static size is
// 1): both become loops, no subview. (The constant was read as a static
// size, the rank reduction failed, and upstream's subview of the tiled
// buffer was rejected as not strided.)
// CHECK-LABEL: func.func @slices_constant_size(
// CHECK-SAME:    %[[A:.*]]: memref<6x6xi32, #tlayout.tiled<{1,0:T(2,3)}>>
// CHECK-NOT:     memref.subview
// CHECK:         %[[C3:.*]] = arith.constant 3 : index
// CHECK:         memref.alloc(%[[C3]]) {{.*}} : memref<?x3xi32, #tlayout.tiled<{1,0:T(2,3)}>>
// CHECK:         scf.for
// CHECK:         memref.load %[[A]]
// CHECK:         scf.for
// CHECK:         memref.store %{{.*}}, %{{.*}} : memref<6x6xi32, #tlayout.tiled<{1,0:T(2,3)}>>
// CHECK-NOT:     memref.subview
#L = #tlayout.tiled<{1,0:T(2,3)}>
func.func @slices_constant_size(%a: tensor<6x6xi32, #L>, %b: tensor<?x3xi32, #L>) -> (tensor<?x3xi32, #L>, tensor<6x6xi32, #L>) {
  %c3 = arith.constant 3 : index
  %s = tensor.extract_slice %a[1, 1] [%c3, 3] [1, 1] : tensor<6x6xi32, #L> to tensor<?x3xi32, #L>
  %r = tensor.insert_slice %b into %a[1, 1] [%c3, 3] [1, 1] : tensor<?x3xi32, #L> into tensor<6x6xi32, #L>
  return %s, %r : tensor<?x3xi32, #L>, tensor<6x6xi32, #L>
}

// -----

// tlayout.relayout: a new buffer in the result's layout and a copy.
// CHECK-LABEL: func.func @relayout(
// CHECK-SAME:    %[[A:.*]]: memref<?x128xf32>
// CHECK:         %[[C0:.*]] = arith.constant 0 : index
// CHECK:         %[[N:.*]] = memref.dim %[[A]], %[[C0]]
// CHECK:         %[[R:.*]] = memref.alloc(%[[N]]) {{.*}} : memref<?x128xf32, #tlayout.tiled<{0,1:T(8,128)}>>
// CHECK:         tlayout.copy %[[A]], %[[R]] : memref<?x128xf32> to memref<?x128xf32, #tlayout.tiled<{0,1:T(8,128)}>>
// CHECK:         return %[[R]]
func.func @relayout(%a: tensor<?x128xf32>) -> tensor<?x128xf32, #tlayout.tiled<{0,1:T(8,128)}>> {
  %r = tlayout.relayout %a : tensor<?x128xf32> to tensor<?x128xf32, #tlayout.tiled<{0,1:T(8,128)}>>
  return %r : tensor<?x128xf32, #tlayout.tiled<{0,1:T(8,128)}>>
}

// -----

// A declaration's signature.
// CHECK-LABEL: func.func private @external(memref<4x8xi8, #tlayout.tiled<{1,0:T(8,128)(4,1)}>>) -> memref<4x8xi8>
func.func private @external(tensor<4x8xi8, #tlayout.tiled<{1,0:T(8,128)(4,1)}>>) -> tensor<4x8xi8>

// -----

// A loop that yields a buffer it allocated, through scf.if: the buffers of
// the loop, the branches and the allocation all have the layout.
// CHECK-LABEL: func.func @loop_alloc(
// CHECK:         scf.for {{.*}} -> (memref<8x128xf32, #tlayout.tiled<{1,0:T(8,128)}>>)
// CHECK:           %[[N:.*]] = memref.alloc() {{.*}} : memref<8x128xf32, #tlayout.tiled<{1,0:T(8,128)}>>
// CHECK:           linalg.generic {{.*}} outs(%[[N]] :
// CHECK:           scf.if {{.*}} -> (memref<8x128xf32, #tlayout.tiled<{1,0:T(8,128)}>>)
// CHECK:             scf.yield %[[N]]
#T = #tlayout.tiled<{1,0:T(8,128)}>
#id = affine_map<(i, j) -> (i, j)>
func.func @loop_alloc(%a: tensor<8x128xf32, #T>, %n: index, %c: i1) -> tensor<8x128xf32, #T> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%t = %a) -> tensor<8x128xf32, #T> {
    %e = tensor.empty() : tensor<8x128xf32, #T>
    %q = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%t : tensor<8x128xf32, #T>) outs(%e : tensor<8x128xf32, #T>) {
    ^bb0(%x: f32, %o: f32):
      %s = arith.addf %x, %x : f32
      linalg.yield %s : f32
    } -> tensor<8x128xf32, #T>
    %w = scf.if %c -> tensor<8x128xf32, #T> {
      scf.yield %q : tensor<8x128xf32, #T>
    } else {
      scf.yield %t : tensor<8x128xf32, #T>
    }
    scf.yield %w : tensor<8x128xf32, #T>
  }
  return %r : tensor<8x128xf32, #T>
}

// -----

// A dense constant with a layout becomes a private constant global in that
// layout (its initializer in logical order; the lowering of tiled layouts
// writes it in physical order), read through memref.get_global: no copy at
// run time. Two constants of one value and type share one global.
// CHECK: memref.global "private" constant @__constant_in_layout : memref<4x3xi32, #tlayout.tiled<{0,1:T(2,128)}>> = dense<{{\[\[}}1, 2, 3], [4, 5, 6], [7, 8, 9], [10, 11, 12]]> {alignment = 64 : i64}
// CHECK-NOT: memref.global
// CHECK-LABEL: func.func @constant(
// CHECK:         %[[G:.*]] = memref.get_global @__constant_in_layout : memref<4x3xi32, #tlayout.tiled<{0,1:T(2,128)}>>
// CHECK:         linalg.add ins(%[[G]], %[[G]] : {{.*}})
#C = #tlayout.tiled<{0,1:T(2,128)}>
func.func @constant() -> tensor<4x3xi32, #C> {
  %c = arith.constant dense<[[1, 2, 3], [4, 5, 6], [7, 8, 9], [10, 11, 12]]> : tensor<4x3xi32, #C>
  %d = arith.constant dense<[[1, 2, 3], [4, 5, 6], [7, 8, 9], [10, 11, 12]]> : tensor<4x3xi32, #C>
  %e = tensor.empty() : tensor<4x3xi32, #C>
  %r = linalg.add ins(%c, %d : tensor<4x3xi32, #C>, tensor<4x3xi32, #C>) outs(%e : tensor<4x3xi32, #C>) -> tensor<4x3xi32, #C>
  return %r : tensor<4x3xi32, #C>
}

// -----

// A free reshape of a tensor is the memref form on the source's buffer.
// CHECK-LABEL: func.func @reshape(
// CHECK-SAME:    %[[A:.*]]: memref<32x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>
// CHECK:         %[[V:.*]] = tlayout.reshape %[[A]] : memref<32x256xf32, #tlayout.tiled<{1,0:T(8,128)}>> to memref<4x8x256xf32, #tlayout.tiled<{2,1,0:T(8,128)}>>
// CHECK-NOT:     memref.alloc
// CHECK:         return %[[V]]
func.func @reshape(%a: tensor<32x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>) -> tensor<4x8x256xf32, #tlayout.tiled<{2,1,0:T(8,128)}>> {
  %v = tlayout.reshape %a : tensor<32x256xf32, #tlayout.tiled<{1,0:T(8,128)}>> to tensor<4x8x256xf32, #tlayout.tiled<{2,1,0:T(8,128)}>>
  return %v : tensor<4x8x256xf32, #tlayout.tiled<{2,1,0:T(8,128)}>>
}
