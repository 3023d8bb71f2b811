// A dense layer in linalg on tensors, written without layouts or buffers:
// y = relu(x W + b) with bf16 x and W accumulated in f32, then the sum of
// each row of y. Bufferize it, give its buffers the TPU target's layouts
// (x and W get T(8,128)(2,1), y T(8,128), b and the row sums T(128)),
// deallocate them and run it on the CPU:
//
//   tlayout-opt --tlayout-tpu-bufferize-pipeline bufferized-dense.mlir |
//     mlir-runner -e main -entry-point-result=void \
//       -shared-libs=<libmlir_runner_utils.so>,<libmlir_c_runner_utils.so>
//
// Add --mlir-print-ir-after=tlayout-assign-tpu-layouts to see the layouts.
// test/Target/TPU/Integration/tpu-examples.test compares what it prints with
// the untiled run.

#id = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (j)>

func.func @dense(%x: tensor<24x200xbf16>, %w: tensor<200x160xbf16>,
                 %b: tensor<160xf32>) -> tensor<24xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<24x160xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<24x160xf32>) -> tensor<24x160xf32>
  %xw = linalg.matmul ins(%x, %w : tensor<24x200xbf16>, tensor<200x160xbf16>)
                      outs(%acc : tensor<24x160xf32>) -> tensor<24x160xf32>
  %y = linalg.generic {indexing_maps = [#id, #row, #id],
                       iterator_types = ["parallel", "parallel"]}
      ins(%xw, %b : tensor<24x160xf32>, tensor<160xf32>)
      outs(%e : tensor<24x160xf32>) {
  ^bb0(%v: f32, %bias: f32, %o: f32):
    %s = arith.addf %v, %bias : f32
    %r = arith.maximumf %s, %zero : f32
    linalg.yield %r : f32
  } -> tensor<24x160xf32>
  %se = tensor.empty() : tensor<24xf32>
  %sinit = linalg.fill ins(%zero : f32) outs(%se : tensor<24xf32>) -> tensor<24xf32>
  %sums = linalg.reduce ins(%y : tensor<24x160xf32>) outs(%sinit : tensor<24xf32>)
      dimensions = [1]
      (%in: f32, %a: f32) {
        %n = arith.addf %a, %in : f32
        linalg.yield %n : f32
      }
  return %sums : tensor<24xf32>
}

// x[i][k] = (5 i + k) mod 9 - 4, W[k][j] = (k + 2 j) mod 7 - 3,
// b[j] = j mod 11 - 5.
func.func @main() {
  %ex = tensor.empty() : tensor<24x200xbf16>
  %x = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]}
      outs(%ex : tensor<24x200xbf16>) {
  ^bb0(%o: bf16):
    %i = linalg.index 0 : index
    %k = linalg.index 1 : index
    %v = affine.apply affine_map<(i, k) -> ((i * 5 + k) mod 9 - 4)>(%i, %k)
    %vi = arith.index_cast %v : index to i32
    %f = arith.sitofp %vi : i32 to bf16
    linalg.yield %f : bf16
  } -> tensor<24x200xbf16>
  %ew = tensor.empty() : tensor<200x160xbf16>
  %w = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]}
      outs(%ew : tensor<200x160xbf16>) {
  ^bb0(%o: bf16):
    %k = linalg.index 0 : index
    %j = linalg.index 1 : index
    %v = affine.apply affine_map<(k, j) -> ((k + j * 2) mod 7 - 3)>(%k, %j)
    %vi = arith.index_cast %v : index to i32
    %f = arith.sitofp %vi : i32 to bf16
    linalg.yield %f : bf16
  } -> tensor<200x160xbf16>
  %eb = tensor.empty() : tensor<160xf32>
  %b = linalg.generic {indexing_maps = [affine_map<(j) -> (j)>], iterator_types = ["parallel"]}
      outs(%eb : tensor<160xf32>) {
  ^bb0(%o: f32):
    %j = linalg.index 0 : index
    %v = affine.apply affine_map<(j) -> (j mod 11 - 5)>(%j)
    %vi = arith.index_cast %v : index to i32
    %f = arith.sitofp %vi : i32 to f32
    linalg.yield %f : f32
  } -> tensor<160xf32>
  %sums = call @dense(%x, %w, %b) : (tensor<24x200xbf16>, tensor<200x160xbf16>, tensor<160xf32>) -> tensor<24xf32>
  // Rows 0, 5, 10, 15 and 20.
  %c0 = arith.constant 0 : index
  %c5 = arith.constant 5 : index
  %c24 = arith.constant 24 : index
  scf.for %i = %c0 to %c24 step %c5 {
    %s = tensor.extract %sums[%i] : tensor<24xf32>
    vector.print %s : f32
  }
  return
}
