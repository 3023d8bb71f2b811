// A program shaped as front ends emit it, through the default
// --tlayout-tpu-bufferize-pipeline (whose layout assignment now chooses
// every layout) and each policy, against the same program without layouts
// bufferized and lowered by upstream alone: a matmul, heads split by
// tensor.expand_shape (a reshape copy: no layout of the target makes it a
// bitcast) and transposed (a view), a dense constant (a global in its
// layout), a reduction and a broadcast (the placement rules), the heads
// merged back by tensor.collapse_shape, rows split along whole tiles (a
// free reshape, a view), all in a private function whose boundaries the
// assignment chooses.
// RUN: tlayout-opt %s --tlayout-assign-layouts 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// RUN: tlayout-opt %s --tlayout-tpu-bufferize-pipeline 2>/dev/null | %{run} | FileCheck %s
// RUN: tlayout-opt %s --tlayout-tpu-bufferize-pipeline=layout-policy=fast 2>/dev/null | %{run} | FileCheck %s
// RUN: tlayout-opt %s --tlayout-tpu-bufferize-pipeline=layout-policy=row-major 2>/dev/null | %{run} | FileCheck %s
// RUN: tlayout-opt %s --tlayout-tpu-bufferize-pipeline=layout-policy=propagate 2>/dev/null | %{run} | FileCheck %s
// RUN: tlayout-opt %s --tlayout-drop-layout-attributes \
// RUN:   --one-shot-bufferize="bufferize-function-boundaries" \
// RUN:   --convert-linalg-to-loops --expand-strided-metadata --lower-affine \
// RUN:   --convert-scf-to-cf --convert-to-llvm --reconcile-unrealized-casts \
// RUN:   | %{run} | FileCheck %s

// (Every row of the result is the same sum over the rows, broadcast.)
// CHECK:      {{\[\[}}5.99515e+08,   576,   5.99172e+08,   5.98879e+08,   5.99809e+08,   5.99515e+08,   576],
// CHECK-NEXT:  [5.99515e+08,   576,   5.99172e+08,   5.98879e+08,   5.99809e+08,   5.99515e+08,   576],
// CHECK-NEXT:  [5.99515e+08,   576,   5.99172e+08,   5.98879e+08,   5.99809e+08,   5.99515e+08,   576],
// CHECK-NEXT:  [5.99515e+08,   576,   5.99172e+08,   5.98879e+08,   5.99809e+08,   5.99515e+08,   576]]

// REMARK-DAG: remark: free transpose
// REMARK-DAG: remark: free reshape
// REMARK-DAG: remark: reshape copy of 'tensor<16x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>'
// REMARK-DAG: remark: layout assignment: {{[0-9]+}} groups, 0 bytes of padding, {{[0-9]+}} bytes moved by relayouts and transposes, optimal

module attributes {tlayout_tpu.target = #tlayout_tpu.target<"v5e">} {
  func.func private @heads(%x: tensor<16x256xf32>, %w: tensor<256x256xf32>) -> tensor<16x256xf32> {
    %e = tensor.empty() : tensor<16x256xf32>
    %z = arith.constant 0.0 : f32
    %f = linalg.fill ins(%z : f32) outs(%e : tensor<16x256xf32>) -> tensor<16x256xf32>
    %m = linalg.matmul ins(%x, %w : tensor<16x256xf32>, tensor<256x256xf32>) outs(%f : tensor<16x256xf32>) -> tensor<16x256xf32>
    %h = tensor.expand_shape %m [[0], [1, 2]] output_shape [16, 2, 128] : tensor<16x256xf32> into tensor<16x2x128xf32>
    %et = tensor.empty() : tensor<2x16x128xf32>
    %t = linalg.transpose ins(%h : tensor<16x2x128xf32>) outs(%et : tensor<2x16x128xf32>) permutation = [1, 0, 2]
    %c = arith.constant dense<1.5> : tensor<2x16x128xf32>
    %e2 = tensor.empty() : tensor<2x16x128xf32>
    %a = linalg.add ins(%t, %c : tensor<2x16x128xf32>, tensor<2x16x128xf32>) outs(%e2 : tensor<2x16x128xf32>) -> tensor<2x16x128xf32>
    %e3 = tensor.empty() : tensor<2x128xf32>
    %f3 = linalg.fill ins(%z : f32) outs(%e3 : tensor<2x128xf32>) -> tensor<2x128xf32>
    %r = linalg.reduce ins(%a : tensor<2x16x128xf32>) outs(%f3 : tensor<2x128xf32>) dimensions = [1]
      (%in: f32, %init: f32) {
        %s = arith.addf %in, %init : f32
        linalg.yield %s : f32
      }
    %e4 = tensor.empty() : tensor<2x16x128xf32>
    %b = linalg.broadcast ins(%r : tensor<2x128xf32>) outs(%e4 : tensor<2x16x128xf32>) dimensions = [1]
    %e5 = tensor.empty() : tensor<16x2x128xf32>
    %t2 = linalg.transpose ins(%b : tensor<2x16x128xf32>) outs(%e5 : tensor<16x2x128xf32>) permutation = [1, 0, 2]
    %back = tensor.collapse_shape %t2 [[0], [1, 2]] : tensor<16x2x128xf32> into tensor<16x256xf32>
    %rows = tensor.expand_shape %back [[0, 1], [2]] output_shape [2, 8, 256] : tensor<16x256xf32> into tensor<2x8x256xf32>
    %e6 = tensor.empty() : tensor<2x8x256xf32>
    %sq = linalg.mul ins(%rows, %rows : tensor<2x8x256xf32>, tensor<2x8x256xf32>) outs(%e6 : tensor<2x8x256xf32>) -> tensor<2x8x256xf32>
    %flat = tensor.collapse_shape %sq [[0, 1], [2]] : tensor<2x8x256xf32> into tensor<16x256xf32>
    return %flat : tensor<16x256xf32>
  }
  func.func private @printMemrefF32(tensor<*xf32>)
  func.func @main() {
    %e = tensor.empty() : tensor<16x256xf32>
    %x = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} outs(%e : tensor<16x256xf32>) {
    ^bb0(%o: f32):
      %i = linalg.index 0 : index
      %j = linalg.index 1 : index
      %k = arith.addi %i, %j : index
      %c7 = arith.constant 7 : index
      %k2 = arith.remui %k, %c7 : index
      %ii = arith.index_cast %k2 : index to i64
      %f = arith.sitofp %ii : i64 to f32
      linalg.yield %f : f32
    } -> tensor<16x256xf32>
    %e2 = tensor.empty() : tensor<256x256xf32>
    %w = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} outs(%e2 : tensor<256x256xf32>) {
    ^bb0(%o: f32):
      %i = linalg.index 0 : index
      %j = linalg.index 1 : index
      %k = arith.muli %i, %j : index
      %c5 = arith.constant 5 : index
      %k2 = arith.remui %k, %c5 : index
      %ii = arith.index_cast %k2 : index to i64
      %f = arith.sitofp %ii : i64 to f32
      linalg.yield %f : f32
    } -> tensor<256x256xf32>
    %r = func.call @heads(%x, %w) : (tensor<16x256xf32>, tensor<256x256xf32>) -> tensor<16x256xf32>
    %s = tensor.extract_slice %r[0, 3] [4, 7] [5, 37] : tensor<16x256xf32> to tensor<4x7xf32>
    %u = tensor.cast %s : tensor<4x7xf32> to tensor<*xf32>
    call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
    return
  }
}
