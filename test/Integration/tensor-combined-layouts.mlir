// Tensors whose layouts combine dimensions (`*`): static ones, unbound and
// bound to their shape (`sizes = [...]`), and a dynamic one, allocated by
// --tlayout-bufferize-tensor-encodings (an unbound layout's allocation binds
// every dimension's size to its map's symbols), relaid out, reduced, and
// lowered with --tlayout-lower-to-llvm. The program prints what the same
// program without encodings prints, bufferized and lowered by upstream's
// passes alone (where the relayouts are casts to the same type). A relayout
// between two layouts that place every element alike bufferizes to a
// tlayout.cast.
// RUN: tlayout-opt %s --tlayout-bufferize-tensor-encodings --convert-linalg-to-affine-loops \
// RUN:   %{lower_to_llvm} | %{run} | grep -v base@ > %t.tiled
// RUN: sed -E -e 's/, #[CBD]>/>/g' -e 's/tlayout.relayout (%[a-z]+) : (tensor<[^>]*>) to/tensor.cast \1 : \2 to/' %s | tlayout-opt \
// RUN:   "--one-shot-bufferize=bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" \
// RUN:   --convert-linalg-to-loops --convert-bufferization-to-memref --expand-strided-metadata \
// RUN:   --lower-affine --convert-scf-to-cf --convert-to-llvm --reconcile-unrealized-casts | %{run} | grep -v base@ > %t.ref
// RUN: diff %t.tiled %t.ref
// RUN: FileCheck %s < %t.ref
// The sed above must have removed every layout.
// RUN: sed -E 's/, #[CBD]>/>/g' %s | not grep -E 'tensor<[^>]*, #'
// RUN: tlayout-opt %s --tlayout-bufferize-tensor-encodings | FileCheck %s --check-prefix=IR
// IR-LABEL: func.func @iota(
// IR: %[[C4:.*]] = arith.constant 4 : index
// IR: %[[C2:.*]] = arith.constant 2 : index
// IR: %[[C6:.*]] = arith.constant 6 : index
// IR: memref.alloc()[%[[C4]], %[[C2]], %[[C6]]] {alignment = 64 : i64} : memref<4x2x6xi32, #tlayout.tiled<{2,1,0:T(2,*,3)}>>
// IR-LABEL: func.func @dynamic_sum(
// IR-SAME: %[[N:[^:]*]]: index
// IR: %[[C4:.*]] = arith.constant 4 : index
// IR: memref.alloc(%[[N]])[%[[N]], %[[C4]]] {alignment = 64 : i64} : memref<?x4xi32, #tlayout.tiled<{1,0:T(*,4)}>>
// IR-LABEL: func.func @main(
// The relayout between the unbound and the bound layout moves nothing (the
// two place every element alike): a cast of the buffer, no allocation.
// IR: tlayout.cast %{{.*}} : memref<4x2x6xi32, #tlayout.tiled<{2,1,0:T(2,*,3)}>> to memref<4x2x6xi32, #tlayout.tiled<{2,1,0:T(2,*,3)}, sizes = [4, 2, 6]>>
// IR-NOT: memref.alloc() {alignment = 64 : i64} : memref<4x2x6xi32, #tlayout.tiled<{2,1,0:T(2,*,3)}, sizes = [4, 2, 6]>>
// IR: memref.alloc()[%{{.*}}, %{{.*}}, %{{.*}}] {alignment = 64 : i64} : memref<4x2x6xi32, #tlayout.tiled<{2,1,0:T(2,*,3)}>>

#C = #tlayout.tiled<{2,1,0:T(2,*,3)}>
#B = #tlayout.tiled<{2,1,0:T(2,*,3)}, sizes = [4, 2, 6]>
#D = #tlayout.tiled<{1,0:T(*,4)}>
#id3 = affine_map<(i, j, k) -> (i, j, k)>
#id2 = affine_map<(i, j) -> (i, j)>

func.func private @printMemrefI32(memref<*xi32>)

func.func @print(%t: tensor<4x2x6xi32>) {
  %m = bufferization.to_buffer %t : tensor<4x2x6xi32> to memref<4x2x6xi32>
  %u = memref.cast %m : memref<4x2x6xi32> to memref<*xi32>
  call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  return
}

// 100 i + 10 j + k, in a tensor allocated with the layout.
func.func @iota() -> tensor<4x2x6xi32, #C> {
  %e = tensor.empty() : tensor<4x2x6xi32, #C>
  %f = linalg.generic {indexing_maps = [#id3], iterator_types = ["parallel", "parallel", "parallel"]}
    outs(%e : tensor<4x2x6xi32, #C>) {
  ^bb0(%o: i32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %k = linalg.index 2 : index
    %c100 = arith.constant 100 : index
    %c10 = arith.constant 10 : index
    %x = arith.muli %i, %c100 : index
    %y = arith.muli %j, %c10 : index
    %s = arith.addi %x, %y : index
    %t = arith.addi %s, %k : index
    %v = arith.index_cast %t : index to i32
    linalg.yield %v : i32
  } -> tensor<4x2x6xi32, #C>
  return %f : tensor<4x2x6xi32, #C>
}

// A dynamic number of rows, combined into the columns: 10 i + j + 1000.
func.func @dynamic_sum(%n: index) -> i32 {
  %e = tensor.empty(%n) : tensor<?x4xi32, #D>
  %f = linalg.generic {indexing_maps = [#id2], iterator_types = ["parallel", "parallel"]}
    outs(%e : tensor<?x4xi32, #D>) {
  ^bb0(%o: i32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %c10 = arith.constant 10 : index
    %c1000 = arith.constant 1000 : index
    %x = arith.muli %i, %c10 : index
    %s = arith.addi %x, %j : index
    %t = arith.addi %s, %c1000 : index
    %v = arith.index_cast %t : index to i32
    linalg.yield %v : i32
  } -> tensor<?x4xi32, #D>
  %z = arith.constant 0 : i32
  %acc0 = tensor.empty() : tensor<i32>
  %acc = linalg.fill ins(%z : i32) outs(%acc0 : tensor<i32>) -> tensor<i32>
  %r = linalg.generic {indexing_maps = [#id2, affine_map<(i, j) -> ()>], iterator_types = ["reduction", "reduction"]}
    ins(%f : tensor<?x4xi32, #D>) outs(%acc : tensor<i32>) {
  ^bb0(%x: i32, %a: i32):
    %s = arith.addi %x, %a : i32
    linalg.yield %s : i32
  } -> tensor<i32>
  %v = tensor.extract %r[] : tensor<i32>
  return %v : i32
}

func.func @main() {
  %a = call @iota() : () -> tensor<4x2x6xi32, #C>
  // CHECK: [0,{{ +}}1,{{ +}}2,{{ +}}3,{{ +}}4,{{ +}}5],
  // CHECK-NEXT: [10,{{ +}}11,{{ +}}12,{{ +}}13,{{ +}}14,{{ +}}15]],
  // CHECK: [310,{{ +}}311,{{ +}}312,{{ +}}313,{{ +}}314,{{ +}}315]]]
  %b = tlayout.relayout %a : tensor<4x2x6xi32, #C> to tensor<4x2x6xi32, #B>
  %p = tlayout.relayout %b : tensor<4x2x6xi32, #B> to tensor<4x2x6xi32>
  call @print(%p) : (tensor<4x2x6xi32>) -> ()
  // Back into the unbound layout (a relayout's allocation binds the sizes),
  // and out again.
  // CHECK: [0,{{ +}}1,{{ +}}2,{{ +}}3,{{ +}}4,{{ +}}5],
  // CHECK: [310,{{ +}}311,{{ +}}312,{{ +}}313,{{ +}}314,{{ +}}315]]]
  %q = tlayout.relayout %p : tensor<4x2x6xi32> to tensor<4x2x6xi32, #C>
  %r = tlayout.relayout %q : tensor<4x2x6xi32, #C> to tensor<4x2x6xi32>
  call @print(%r) : (tensor<4x2x6xi32>) -> ()
  // 5 rows of 4: 4 * (1000 * 5 + 10 * (0+1+2+3+4)) + 5 * (0+1+2+3) = 20430.
  // CHECK: 20430
  %c5 = arith.constant 5 : index
  %s = call @dynamic_sum(%c5) : (index) -> i32
  vector.print %s : i32
  return
}
