// A tensor program for the downstream compiler's --tpu-bufferize mode: a
// scaled matmul of two arrays and a bias broadcast along the rows, printed.
// `downstream-compiler --tpu-bufferize attention-head.mlir | mlir-runner ...`
// prints what the program prints without layouts.
func.func private @printMemrefF32(tensor<*xf32>)

func.func @scores(%q: tensor<4x8xf32>, %k: tensor<8x6xf32>,
                  %bias: tensor<6xf32>) -> tensor<4x6xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x6xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<4x6xf32>) -> tensor<4x6xf32>
  %s = linalg.matmul ins(%q, %k : tensor<4x8xf32>, tensor<8x6xf32>)
                     outs(%acc : tensor<4x6xf32>) -> tensor<4x6xf32>
  %e2 = tensor.empty() : tensor<4x6xf32>
  %b = linalg.broadcast ins(%bias : tensor<6xf32>) outs(%e2 : tensor<4x6xf32>)
                        dimensions = [0]
  %e3 = tensor.empty() : tensor<4x6xf32>
  %r = linalg.add ins(%s, %b : tensor<4x6xf32>, tensor<4x6xf32>)
                  outs(%e3 : tensor<4x6xf32>) -> tensor<4x6xf32>
  return %r : tensor<4x6xf32>
}

func.func @main() {
  %q = arith.constant dense<1.0> : tensor<4x8xf32>
  %k = arith.constant dense<0.5> : tensor<8x6xf32>
  %bias = arith.constant dense<[0.0, 1.0, 2.0, 3.0, 4.0, 5.0]> : tensor<6xf32>
  %r = call @scores(%q, %k, %bias)
      : (tensor<4x8xf32>, tensor<8x6xf32>, tensor<6xf32>) -> tensor<4x6xf32>
  %u = tensor.cast %r : tensor<4x6xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
