// The attention block in bf16 with a causal mask, as mixed-precision front
// ends emit it: bf16 activations and weights, matmuls accumulating in f32
// and rounded to bf16, heads split and merged on bf16 arrays (packed
// tilings, T(8,128)(2,1) at the boundary), causal scores masked with a
// select on the row and column indices, softmax in f32, probabilities
// rounded to bf16 for the second batch matmul. Sequence 16, width 256,
// 2 heads of 128.
#Rb = #tlayout.tiled<{1,0:T(8,128)(2,1)}>
#R = #tlayout.tiled<{1,0:T(8,128)}>
#id2 = affine_map<(i, j) -> (i, j)>
#id3 = affine_map<(b, i, j) -> (b, i, j)>
module attributes {tlayout_tpu.target = #tlayout_tpu.target<"v5e">} {
  func.func private @printMemrefF32(tensor<*xf32>)

  // x @ w accumulated in f32, rounded to bf16.
  func.func private @proj(%x: tensor<16x256xbf16>, %w: tensor<256x256xbf16>) -> tensor<16x256xbf16> {
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<16x256xf32>
    %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<16x256xf32>) -> tensor<16x256xf32>
    %m = linalg.matmul ins(%x, %w : tensor<16x256xbf16>, tensor<256x256xbf16>) outs(%acc : tensor<16x256xf32>) -> tensor<16x256xf32>
    %eb = tensor.empty() : tensor<16x256xbf16>
    %r = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
        ins(%m : tensor<16x256xf32>) outs(%eb : tensor<16x256xbf16>) {
    ^bb0(%a: f32, %o: bf16):
      %t = arith.truncf %a : f32 to bf16
      linalg.yield %t : bf16
    } -> tensor<16x256xbf16>
    return %r : tensor<16x256xbf16>
  }

  func.func @attention(%x: tensor<16x256xbf16> {tlayout.layout = #Rb},
                       %wq: tensor<256x256xbf16> {tlayout.layout = #Rb},
                       %wk: tensor<256x256xbf16> {tlayout.layout = #Rb},
                       %wv: tensor<256x256xbf16> {tlayout.layout = #Rb},
                       %wo: tensor<256x256xbf16> {tlayout.layout = #Rb})
      -> (tensor<16x256xf32> {tlayout.layout = #R}) {
    %zero = arith.constant 0.0 : f32
    %q = call @proj(%x, %wq) : (tensor<16x256xbf16>, tensor<256x256xbf16>) -> tensor<16x256xbf16>
    %k = call @proj(%x, %wk) : (tensor<16x256xbf16>, tensor<256x256xbf16>) -> tensor<16x256xbf16>
    %v = call @proj(%x, %wv) : (tensor<16x256xbf16>, tensor<256x256xbf16>) -> tensor<16x256xbf16>
    %q3 = tensor.expand_shape %q [[0], [1, 2]] output_shape [16, 2, 128] : tensor<16x256xbf16> into tensor<16x2x128xbf16>
    %k3 = tensor.expand_shape %k [[0], [1, 2]] output_shape [16, 2, 128] : tensor<16x256xbf16> into tensor<16x2x128xbf16>
    %v3 = tensor.expand_shape %v [[0], [1, 2]] output_shape [16, 2, 128] : tensor<16x256xbf16> into tensor<16x2x128xbf16>
    %eh = tensor.empty() : tensor<2x16x128xbf16>
    %qh = linalg.transpose ins(%q3 : tensor<16x2x128xbf16>) outs(%eh : tensor<2x16x128xbf16>) permutation = [1, 0, 2]
    %eh2 = tensor.empty() : tensor<2x16x128xbf16>
    %kh = linalg.transpose ins(%k3 : tensor<16x2x128xbf16>) outs(%eh2 : tensor<2x16x128xbf16>) permutation = [1, 0, 2]
    %eh3 = tensor.empty() : tensor<2x16x128xbf16>
    %vh = linalg.transpose ins(%v3 : tensor<16x2x128xbf16>) outs(%eh3 : tensor<2x16x128xbf16>) permutation = [1, 0, 2]

    // Scores q k^T (a batch matmul with a transposed operand, written as
    // the generic a front end emits for einsum "bqd,bkd->bqk"), in f32.
    %es = tensor.empty() : tensor<2x16x16xf32>
    %sacc = linalg.fill ins(%zero : f32) outs(%es : tensor<2x16x16xf32>) -> tensor<2x16x16xf32>
    %s = linalg.generic {indexing_maps = [affine_map<(b, i, j, d) -> (b, i, d)>, affine_map<(b, i, j, d) -> (b, j, d)>, affine_map<(b, i, j, d) -> (b, i, j)>],
                         iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
        ins(%qh, %kh : tensor<2x16x128xbf16>, tensor<2x16x128xbf16>) outs(%sacc : tensor<2x16x16xf32>) {
    ^bb0(%a: bf16, %b: bf16, %acc: f32):
      %af = arith.extf %a : bf16 to f32
      %bf = arith.extf %b : bf16 to f32
      %m = arith.mulf %af, %bf : f32
      %r = arith.addf %acc, %m : f32
      linalg.yield %r : f32
    } -> tensor<2x16x16xf32>
    // Scale and causal mask: a key after the query gets -inf.
    %scale = arith.constant 0.0883883461 : f32
    %ninf = arith.constant 0xFF800000 : f32
    %em = tensor.empty() : tensor<2x16x16xf32>
    %masked = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
        ins(%s : tensor<2x16x16xf32>) outs(%em : tensor<2x16x16xf32>) {
    ^bb0(%a: f32, %o: f32):
      %i = linalg.index 1 : index
      %j = linalg.index 2 : index
      %later = arith.cmpi ugt, %j, %i : index
      %sc = arith.mulf %a, %scale : f32
      %r = arith.select %later, %ninf, %sc : f32
      linalg.yield %r : f32
    } -> tensor<2x16x16xf32>
    %e2 = tensor.empty() : tensor<2x16xf32>
    %macc = linalg.fill ins(%ninf : f32) outs(%e2 : tensor<2x16xf32>) -> tensor<2x16xf32>
    %mx = linalg.reduce ins(%masked : tensor<2x16x16xf32>) outs(%macc : tensor<2x16xf32>) dimensions = [2]
      (%in: f32, %init: f32) {
        %r = arith.maximumf %in, %init : f32
        linalg.yield %r : f32
      }
    %ex = tensor.empty() : tensor<2x16x16xf32>
    %p = linalg.generic {indexing_maps = [#id3, affine_map<(b, i, j) -> (b, i)>, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
        ins(%masked, %mx : tensor<2x16x16xf32>, tensor<2x16xf32>) outs(%ex : tensor<2x16x16xf32>) {
    ^bb0(%a: f32, %m: f32, %o: f32):
      %d = arith.subf %a, %m : f32
      %e = math.exp %d : f32
      linalg.yield %e : f32
    } -> tensor<2x16x16xf32>
    %sumacc = linalg.fill ins(%zero : f32) outs(%e2 : tensor<2x16xf32>) -> tensor<2x16xf32>
    %sum = linalg.reduce ins(%p : tensor<2x16x16xf32>) outs(%sumacc : tensor<2x16xf32>) dimensions = [2]
      (%in: f32, %init: f32) {
        %r = arith.addf %in, %init : f32
        linalg.yield %r : f32
      }
    %eb = tensor.empty() : tensor<2x16x16xf32>
    %sumb = linalg.broadcast ins(%sum : tensor<2x16xf32>) outs(%eb : tensor<2x16x16xf32>) dimensions = [2]
    %epb = tensor.empty() : tensor<2x16x16xbf16>
    %pb = linalg.generic {indexing_maps = [#id3, #id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
        ins(%p, %sumb : tensor<2x16x16xf32>, tensor<2x16x16xf32>) outs(%epb : tensor<2x16x16xbf16>) {
    ^bb0(%a: f32, %b: f32, %o: bf16):
      %d = arith.divf %a, %b : f32
      %t = arith.truncf %d : f32 to bf16
      linalg.yield %t : bf16
    } -> tensor<2x16x16xbf16>

    %eo = tensor.empty() : tensor<2x16x128xf32>
    %oacc = linalg.fill ins(%zero : f32) outs(%eo : tensor<2x16x128xf32>) -> tensor<2x16x128xf32>
    %o = linalg.batch_matmul ins(%pb, %vh : tensor<2x16x16xbf16>, tensor<2x16x128xbf16>) outs(%oacc : tensor<2x16x128xf32>) -> tensor<2x16x128xf32>
    %eob = tensor.empty() : tensor<2x16x128xbf16>
    %ob = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
        ins(%o : tensor<2x16x128xf32>) outs(%eob : tensor<2x16x128xbf16>) {
    ^bb0(%a: f32, %out: bf16):
      %t = arith.truncf %a : f32 to bf16
      linalg.yield %t : bf16
    } -> tensor<2x16x128xbf16>
    %eot = tensor.empty() : tensor<16x2x128xbf16>
    %ot = linalg.transpose ins(%ob : tensor<2x16x128xbf16>) outs(%eot : tensor<16x2x128xbf16>) permutation = [1, 0, 2]
    %om = tensor.collapse_shape %ot [[0], [1, 2]] : tensor<16x2x128xbf16> into tensor<16x256xbf16>
    %ey = tensor.empty() : tensor<16x256xf32>
    %yacc = linalg.fill ins(%zero : f32) outs(%ey : tensor<16x256xf32>) -> tensor<16x256xf32>
    %y = linalg.matmul ins(%om, %wo : tensor<16x256xbf16>, tensor<256x256xbf16>) outs(%yacc : tensor<16x256xf32>) -> tensor<16x256xf32>
    %er = tensor.empty() : tensor<16x256xf32>
    %res = linalg.generic {indexing_maps = [#id2, #id2, #id2], iterator_types = ["parallel", "parallel"]}
        ins(%y, %x : tensor<16x256xf32>, tensor<16x256xbf16>) outs(%er : tensor<16x256xf32>) {
    ^bb0(%a: f32, %b: bf16, %out: f32):
      %bf = arith.extf %b : bf16 to f32
      %r = arith.addf %a, %bf : f32
      linalg.yield %r : f32
    } -> tensor<16x256xf32>
    return %res : tensor<16x256xf32>
  }

  // ((i*a + j*b) mod m - m/2) / den in bf16 (exact: small multiples of a
  // power of two).
  func.func private @input_pattern(%a: index, %b: index, %m: index, %den: f32) -> tensor<256x256xbf16> {
    %e = tensor.empty() : tensor<256x256xbf16>
    %w = linalg.generic {indexing_maps = [#id2], iterator_types = ["parallel", "parallel"]}
        outs(%e : tensor<256x256xbf16>) {
    ^bb0(%o: bf16):
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
      %t = arith.truncf %v : f32 to bf16
      linalg.yield %t : bf16
    } -> tensor<256x256xbf16>
    return %w : tensor<256x256xbf16>
  }

  func.func @main() {
    %e = tensor.empty() : tensor<16x256xbf16>
    %x = linalg.generic {indexing_maps = [#id2], iterator_types = ["parallel", "parallel"]}
        outs(%e : tensor<16x256xbf16>) {
    ^bb0(%o: bf16):
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
      %t = arith.truncf %v : f32 to bf16
      linalg.yield %t : bf16
    } -> tensor<16x256xbf16>
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c5 = arith.constant 5 : index
    %c7 = arith.constant 7 : index
    %c11 = arith.constant 11 : index
    %c13 = arith.constant 13 : index
    %c64 = arith.constant 64.0 : f32
    %c16 = arith.constant 16.0 : f32
    %wq = call @input_pattern(%c5, %c11, %c13, %c64) : (index, index, index, f32) -> tensor<256x256xbf16>
    %wk = call @input_pattern(%c7, %c3, %c11, %c64) : (index, index, index, f32) -> tensor<256x256xbf16>
    %wv = call @input_pattern(%c3, %c5, %c7, %c16) : (index, index, index, f32) -> tensor<256x256xbf16>
    %wo = call @input_pattern(%c11, %c1, %c13, %c16) : (index, index, index, f32) -> tensor<256x256xbf16>
    %y = call @attention(%x, %wq, %wk, %wv, %wo) : (tensor<16x256xbf16>, tensor<256x256xbf16>, tensor<256x256xbf16>, tensor<256x256xbf16>, tensor<256x256xbf16>) -> tensor<16x256xf32>

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
