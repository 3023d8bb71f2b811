// One self-attention block as a front end emits it: projections as
// matmuls, heads split with tensor.expand_shape and moved to the front with
// linalg.transpose, scores as a batch matmul, softmax as reductions and
// broadcasts, heads merged back with a transpose and tensor.collapse_shape,
// the output projection and a residual add. f32, sequence 16, model width
// 256, 2 heads of 128. The input and the weights come in the TPU's tiling.
#R = #tlayout.tiled<{1,0:T(8,128)}>
module attributes {tlayout_tpu.target = #tlayout_tpu.target<"v5e">} {
  func.func private @printMemrefF32(tensor<*xf32>)

  func.func @attention(%x: tensor<16x256xf32> {tlayout.layout = #R},
                       %wq: tensor<256x256xf32> {tlayout.layout = #R},
                       %wk: tensor<256x256xf32> {tlayout.layout = #R},
                       %wv: tensor<256x256xf32> {tlayout.layout = #R},
                       %wo: tensor<256x256xf32> {tlayout.layout = #R})
      -> (tensor<16x256xf32> {tlayout.layout = #R}) {
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<16x256xf32>
    %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<16x256xf32>) -> tensor<16x256xf32>
    %q = linalg.matmul ins(%x, %wq : tensor<16x256xf32>, tensor<256x256xf32>) outs(%acc : tensor<16x256xf32>) -> tensor<16x256xf32>
    %k = linalg.matmul ins(%x, %wk : tensor<16x256xf32>, tensor<256x256xf32>) outs(%acc : tensor<16x256xf32>) -> tensor<16x256xf32>
    %v = linalg.matmul ins(%x, %wv : tensor<16x256xf32>, tensor<256x256xf32>) outs(%acc : tensor<16x256xf32>) -> tensor<16x256xf32>

    // Split the heads: [16,256] -> [16,2,128] -> [2,16,128].
    %q3 = tensor.expand_shape %q [[0], [1, 2]] output_shape [16, 2, 128] : tensor<16x256xf32> into tensor<16x2x128xf32>
    %k3 = tensor.expand_shape %k [[0], [1, 2]] output_shape [16, 2, 128] : tensor<16x256xf32> into tensor<16x2x128xf32>
    %v3 = tensor.expand_shape %v [[0], [1, 2]] output_shape [16, 2, 128] : tensor<16x256xf32> into tensor<16x2x128xf32>
    %eh = tensor.empty() : tensor<2x16x128xf32>
    %qh = linalg.transpose ins(%q3 : tensor<16x2x128xf32>) outs(%eh : tensor<2x16x128xf32>) permutation = [1, 0, 2]
    %eh2 = tensor.empty() : tensor<2x16x128xf32>
    %vh = linalg.transpose ins(%v3 : tensor<16x2x128xf32>) outs(%eh2 : tensor<2x16x128xf32>) permutation = [1, 0, 2]
    // K transposed for the scores: [16,2,128] -> [2,128,16].
    %ekt = tensor.empty() : tensor<2x128x16xf32>
    %kt = linalg.transpose ins(%k3 : tensor<16x2x128xf32>) outs(%ekt : tensor<2x128x16xf32>) permutation = [1, 2, 0]

    // Scores, scaled by 1/sqrt(128).
    %es = tensor.empty() : tensor<2x16x16xf32>
    %sacc = linalg.fill ins(%zero : f32) outs(%es : tensor<2x16x16xf32>) -> tensor<2x16x16xf32>
    %s = linalg.batch_matmul ins(%qh, %kt : tensor<2x16x128xf32>, tensor<2x128x16xf32>) outs(%sacc : tensor<2x16x16xf32>) -> tensor<2x16x16xf32>
    %scale = arith.constant 0.0883883461 : f32
    %es2 = tensor.empty() : tensor<2x16x16xf32>
    %ss = linalg.generic {indexing_maps = [affine_map<(b, i, j) -> (b, i, j)>, affine_map<(b, i, j) -> (b, i, j)>],
                          iterator_types = ["parallel", "parallel", "parallel"]}
        ins(%s : tensor<2x16x16xf32>) outs(%es2 : tensor<2x16x16xf32>) {
    ^bb0(%a: f32, %o: f32):
      %m = arith.mulf %a, %scale : f32
      linalg.yield %m : f32
    } -> tensor<2x16x16xf32>

    // Softmax over the last dimension.
    %ninf = arith.constant -3.0e38 : f32
    %em = tensor.empty() : tensor<2x16xf32>
    %macc = linalg.fill ins(%ninf : f32) outs(%em : tensor<2x16xf32>) -> tensor<2x16xf32>
    %mx = linalg.reduce ins(%ss : tensor<2x16x16xf32>) outs(%macc : tensor<2x16xf32>) dimensions = [2]
      (%in: f32, %init: f32) {
        %r = arith.maximumf %in, %init : f32
        linalg.yield %r : f32
      }
    %eb = tensor.empty() : tensor<2x16x16xf32>
    %mxb = linalg.broadcast ins(%mx : tensor<2x16xf32>) outs(%eb : tensor<2x16x16xf32>) dimensions = [2]
    %ed = tensor.empty() : tensor<2x16x16xf32>
    %d = linalg.sub ins(%ss, %mxb : tensor<2x16x16xf32>, tensor<2x16x16xf32>) outs(%ed : tensor<2x16x16xf32>) -> tensor<2x16x16xf32>
    %ex = tensor.empty() : tensor<2x16x16xf32>
    %p = linalg.exp ins(%d : tensor<2x16x16xf32>) outs(%ex : tensor<2x16x16xf32>) -> tensor<2x16x16xf32>
    %sumacc = linalg.fill ins(%zero : f32) outs(%em : tensor<2x16xf32>) -> tensor<2x16xf32>
    %sum = linalg.reduce ins(%p : tensor<2x16x16xf32>) outs(%sumacc : tensor<2x16xf32>) dimensions = [2]
      (%in: f32, %init: f32) {
        %r = arith.addf %in, %init : f32
        linalg.yield %r : f32
      }
    %eb2 = tensor.empty() : tensor<2x16x16xf32>
    %sumb = linalg.broadcast ins(%sum : tensor<2x16xf32>) outs(%eb2 : tensor<2x16x16xf32>) dimensions = [2]
    %ep = tensor.empty() : tensor<2x16x16xf32>
    %pn = linalg.div ins(%p, %sumb : tensor<2x16x16xf32>, tensor<2x16x16xf32>) outs(%ep : tensor<2x16x16xf32>) -> tensor<2x16x16xf32>

    // Weighted values, heads merged: [2,16,128] -> [16,2,128] -> [16,256].
    %eo = tensor.empty() : tensor<2x16x128xf32>
    %oacc = linalg.fill ins(%zero : f32) outs(%eo : tensor<2x16x128xf32>) -> tensor<2x16x128xf32>
    %o = linalg.batch_matmul ins(%pn, %vh : tensor<2x16x16xf32>, tensor<2x16x128xf32>) outs(%oacc : tensor<2x16x128xf32>) -> tensor<2x16x128xf32>
    %eot = tensor.empty() : tensor<16x2x128xf32>
    %ot = linalg.transpose ins(%o : tensor<2x16x128xf32>) outs(%eot : tensor<16x2x128xf32>) permutation = [1, 0, 2]
    %om = tensor.collapse_shape %ot [[0], [1, 2]] : tensor<16x2x128xf32> into tensor<16x256xf32>
    %y = linalg.matmul ins(%om, %wo : tensor<16x256xf32>, tensor<256x256xf32>) outs(%acc : tensor<16x256xf32>) -> tensor<16x256xf32>
    %er = tensor.empty() : tensor<16x256xf32>
    %res = linalg.add ins(%y, %x : tensor<16x256xf32>, tensor<16x256xf32>) outs(%er : tensor<16x256xf32>) -> tensor<16x256xf32>
    return %res : tensor<16x256xf32>
  }

  // A [rows, cols] array of small multiples of 1/den: ((i*a + j*b) mod m - m/2) / den.
  func.func private @input_pattern(%a: index, %b: index, %m: index, %den: f32) -> tensor<256x256xf32> {
    %e = tensor.empty() : tensor<256x256xf32>
    %w = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
        outs(%e : tensor<256x256xf32>) {
    ^bb0(%o: f32):
      %i = linalg.index 0 : index
      %j = linalg.index 1 : index
      %ia = arith.muli %i, %a : index
      %jb = arith.muli %j, %b : index
      %s = arith.addi %ia, %jb : index
      %r = arith.remui %s, %m : index
      %c2 = arith.constant 2 : index
      %h = arith.divui %m, %c2 : index
      %ri = arith.index_cast %r : index to i32
      %hi = arith.index_cast %h : index to i32
      %d = arith.subi %ri, %hi : i32
      %f = arith.sitofp %d : i32 to f32
      %v = arith.divf %f, %den : f32
      linalg.yield %v : f32
    } -> tensor<256x256xf32>
    return %w : tensor<256x256xf32>
  }

  func.func @main() {
    %e = tensor.empty() : tensor<16x256xf32>
    %x = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
        outs(%e : tensor<16x256xf32>) {
    ^bb0(%o: f32):
      %i = linalg.index 0 : index
      %j = linalg.index 1 : index
      %c7 = arith.constant 7 : index
      %c3 = arith.constant 3 : index
      %c17 = arith.constant 17 : index
      %i7 = arith.muli %i, %c7 : index
      %j3 = arith.muli %j, %c3 : index
      %s = arith.addi %i7, %j3 : index
      %r = arith.remui %s, %c17 : index
      %ri = arith.index_cast %r : index to i32
      %c8 = arith.constant 8 : i32
      %d = arith.subi %ri, %c8 : i32
      %f = arith.sitofp %d : i32 to f32
      %c16 = arith.constant 16.0 : f32
      %v = arith.divf %f, %c16 : f32
      linalg.yield %v : f32
    } -> tensor<16x256xf32>
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c5 = arith.constant 5 : index
    %c7 = arith.constant 7 : index
    %c11 = arith.constant 11 : index
    %c13 = arith.constant 13 : index
    %c64 = arith.constant 64.0 : f32
    %c16 = arith.constant 16.0 : f32
    %wq = call @input_pattern(%c5, %c11, %c13, %c64) : (index, index, index, f32) -> tensor<256x256xf32>
    %wk = call @input_pattern(%c7, %c3, %c11, %c64) : (index, index, index, f32) -> tensor<256x256xf32>
    %wv = call @input_pattern(%c3, %c5, %c7, %c16) : (index, index, index, f32) -> tensor<256x256xf32>
    %wo = call @input_pattern(%c11, %c1, %c13, %c16) : (index, index, index, f32) -> tensor<256x256xf32>
    %y = call @attention(%x, %wq, %wk, %wv, %wo) : (tensor<16x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>) -> tensor<16x256xf32>

    // Print the row sums and the column sums.
    %zero = arith.constant 0.0 : f32
    %er = tensor.empty() : tensor<16xf32>
    %racc = linalg.fill ins(%zero : f32) outs(%er : tensor<16xf32>) -> tensor<16xf32>
    %rows = linalg.reduce ins(%y : tensor<16x256xf32>) outs(%racc : tensor<16xf32>) dimensions = [1]
      (%in: f32, %init: f32) {
        %r = arith.addf %in, %init : f32
        linalg.yield %r : f32
      }
    %ec = tensor.empty() : tensor<256xf32>
    %cacc = linalg.fill ins(%zero : f32) outs(%ec : tensor<256xf32>) -> tensor<256xf32>
    %cols = linalg.reduce ins(%y : tensor<16x256xf32>) outs(%cacc : tensor<256xf32>) dimensions = [0]
      (%in: f32, %init: f32) {
        %r = arith.addf %in, %init : f32
        linalg.yield %r : f32
      }
    %u = tensor.cast %rows : tensor<16xf32> to tensor<*xf32>
    call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
    %v = tensor.cast %cols : tensor<256xf32> to tensor<*xf32>
    call @printMemrefF32(%v) : (tensor<*xf32>) -> ()
    return
  }
}
