// --tlayout-assign-layouts chooses layouts among the target's candidates
// and the programs compute what they compute without layouts: a skinny
// array made by a transpose takes the dense {0,1:T(2,128)} (its row-major
// tiling pads the 2 to 128), which makes the transpose a view of its input
// (tlayout.transpose, bufferized and lowered without a copy), element-wise
// operands are relayouted to their
// result's layout, and the calls from @main pass arrays in the layouts
// fixed at the callees' boundaries. Then bufferized with the layouts,
// lowered and run, next to the same program without layouts bufferized and
// lowered by upstream alone.
// RUN: tlayout-opt %s --tlayout-assign-layouts 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// RUN: tlayout-opt %s --tlayout-assign-layouts --tlayout-bufferize-tensor-encodings \
// RUN:   --convert-linalg-to-affine-loops %{lower_to_llvm} 2>/dev/null | %{run} | FileCheck %s
// The fast solver chooses the same here.
// RUN: tlayout-opt %s --tlayout-assign-layouts=exact-max-values=0 \
// RUN:   --tlayout-bufferize-tensor-encodings --convert-linalg-to-affine-loops \
// RUN:   %{lower_to_llvm} 2>/dev/null | %{run} | FileCheck %s
// RUN: tlayout-opt %s --tlayout-drop-layout-attributes \
// RUN:   --one-shot-bufferize="bufferize-function-boundaries" \
// RUN:   --convert-linalg-to-loops --convert-scf-to-cf --convert-to-llvm \
// RUN:   --reconcile-unrealized-casts | %{run} | FileCheck %s

// REMARK: remark: layout assignment: {{[0-9]+}} groups, {{[0-9]+}} bytes of padding, {{[0-9]+}} bytes moved by relayouts and transposes, optimal
// REMARK: remark: free transpose

// CHECK:      [0,  89700]
// CHECK:      [5.2934e+06,  5.3734e+06,  5.4542e+06,  5.5358e+06,  5.6182e+06,  5.7014e+06,  5.7854e+06,  5.8702e+06,  5.9558e+06,  6.0422e+06,  6.1294e+06,  6.2174e+06,  6.3062e+06,  6.3958e+06,  6.4862e+06,  6.5774e+06]

#R = #tlayout.tiled<{1,0:T(8,128)}>
#C = #tlayout.tiled<{0,1:T(8,128)}>
#S = #tlayout.tiled<{1,0:T(2,128)}>
module attributes {tlayout_tpu.target = #tlayout_tpu.target<"v5e">} {
  func.func private @printMemrefF32(tensor<*xf32>)

  func.func @skinny(%a: tensor<2x300xf32> {tlayout.layout = #S}) -> tensor<2xf32> {
    %e = tensor.empty() : tensor<300x2xf32>
    %t = linalg.transpose ins(%a : tensor<2x300xf32>) outs(%e : tensor<300x2xf32>) permutation = [1, 0]
    %e2 = tensor.empty() : tensor<300x2xf32>
    %x = linalg.add ins(%t, %t : tensor<300x2xf32>, tensor<300x2xf32>) outs(%e2 : tensor<300x2xf32>) -> tensor<300x2xf32>
    %zero = arith.constant 0.0 : f32
    %e3 = tensor.empty() : tensor<2xf32>
    %acc = linalg.fill ins(%zero : f32) outs(%e3 : tensor<2xf32>) -> tensor<2xf32>
    %r = linalg.reduce ins(%x : tensor<300x2xf32>) outs(%acc : tensor<2xf32>) dimensions = [0]
      (%in: f32, %init: f32) {
        %s = arith.addf %in, %init : f32
        linalg.yield %s : f32
      }
    return %r : tensor<2xf32>
  }

  func.func @mixed(%a: tensor<16x200xf32> {tlayout.layout = #R}, %b: tensor<16x200xf32> {tlayout.layout = #C}, %c: tensor<16x200xf32> {tlayout.layout = #C}) -> tensor<16x200xf32> {
    %e = tensor.empty() : tensor<16x200xf32>
    %s = linalg.add ins(%a, %b : tensor<16x200xf32>, tensor<16x200xf32>) outs(%e : tensor<16x200xf32>) -> tensor<16x200xf32>
    %e2 = tensor.empty() : tensor<16x200xf32>
    %m = linalg.mul ins(%s, %c : tensor<16x200xf32>, tensor<16x200xf32>) outs(%e2 : tensor<16x200xf32>) -> tensor<16x200xf32>
    return %m : tensor<16x200xf32>
  }

  func.func @main() {
    %e = tensor.empty() : tensor<2x300xf32>
    %a = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} outs(%e : tensor<2x300xf32>) {
    ^bb0(%o: f32):
      %i = linalg.index 0 : index
      %j = linalg.index 1 : index
      %k = arith.muli %i, %j : index
      %ki = arith.index_cast %k : index to i32
      %f = arith.sitofp %ki : i32 to f32
      linalg.yield %f : f32
    } -> tensor<2x300xf32>
    %r = call @skinny(%a) : (tensor<2x300xf32>) -> tensor<2xf32>
    %u = tensor.cast %r : tensor<2xf32> to tensor<*xf32>
    call @printMemrefF32(%u) : (tensor<*xf32>) -> ()

    %e2 = tensor.empty() : tensor<16x200xf32>
    %x = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} outs(%e2 : tensor<16x200xf32>) {
    ^bb0(%o: f32):
      %i = linalg.index 0 : index
      %j = linalg.index 1 : index
      %k = arith.addi %i, %j : index
      %ki = arith.index_cast %k : index to i32
      %f = arith.sitofp %ki : i32 to f32
      linalg.yield %f : f32
    } -> tensor<16x200xf32>
    %m = call @mixed(%x, %x, %x) : (tensor<16x200xf32>, tensor<16x200xf32>, tensor<16x200xf32>) -> tensor<16x200xf32>
    %zero = arith.constant 0.0 : f32
    %e3 = tensor.empty() : tensor<16xf32>
    %acc = linalg.fill ins(%zero : f32) outs(%e3 : tensor<16xf32>) -> tensor<16xf32>
    %sum = linalg.reduce ins(%m : tensor<16x200xf32>) outs(%acc : tensor<16xf32>) dimensions = [1]
      (%in: f32, %init: f32) {
        %s = arith.addf %in, %init : f32
        linalg.yield %s : f32
      }
    %v = tensor.cast %sum : tensor<16xf32> to tensor<*xf32>
    call @printMemrefF32(%v) : (tensor<*xf32>) -> ()
    return
  }
}
