// A transformer MLP block with a pre-layernorm, in f32 and in bf16 (bf16
// storage and matmul operands, f32 statistics and accumulation, as mixed
// precision front ends emit it): mean and variance as reductions over the
// features, broadcast back with linalg.broadcast, scale and shift by
// [256]-vectors broadcast over the rows (a dense constant among them), a
// matmul up to 512, a bias and a ReLU, a matmul down to 256 and a residual
// add. 32 tokens.
#R = #tlayout.tiled<{1,0:T(8,128)}>
#Rb = #tlayout.tiled<{1,0:T(8,128)(2,1)}>
#ln = affine_map<(i, j) -> (i, j)>
module attributes {tlayout_tpu.target = #tlayout_tpu.target<"v5e">} {
  func.func private @printMemrefF32(tensor<*xf32>)

  // (x - mean) / sqrt(var + eps) * gamma + beta, over dimension 1.
  func.func private @layernorm(%x: tensor<32x256xf32>, %gamma: tensor<256xf32>) -> tensor<32x256xf32> {
    %zero = arith.constant 0.0 : f32
    %n = arith.constant 256.0 : f32
    %eps = arith.constant 1.0e-5 : f32
    %e1 = tensor.empty() : tensor<32xf32>
    %acc = linalg.fill ins(%zero : f32) outs(%e1 : tensor<32xf32>) -> tensor<32xf32>
    %sum = linalg.reduce ins(%x : tensor<32x256xf32>) outs(%acc : tensor<32xf32>) dimensions = [1]
      (%in: f32, %init: f32) {
        %r = arith.addf %in, %init : f32
        linalg.yield %r : f32
      }
    %eb = tensor.empty() : tensor<32x256xf32>
    %sumb = linalg.broadcast ins(%sum : tensor<32xf32>) outs(%eb : tensor<32x256xf32>) dimensions = [1]
    %ec = tensor.empty() : tensor<32x256xf32>
    %c = linalg.generic {indexing_maps = [#ln, #ln, #ln], iterator_types = ["parallel", "parallel"]}
        ins(%x, %sumb : tensor<32x256xf32>, tensor<32x256xf32>) outs(%ec : tensor<32x256xf32>) {
    ^bb0(%a: f32, %s: f32, %o: f32):
      %m = arith.divf %s, %n : f32
      %d = arith.subf %a, %m : f32
      linalg.yield %d : f32
    } -> tensor<32x256xf32>
    %ec2 = tensor.empty() : tensor<32x256xf32>
    %sq = linalg.mul ins(%c, %c : tensor<32x256xf32>, tensor<32x256xf32>) outs(%ec2 : tensor<32x256xf32>) -> tensor<32x256xf32>
    %vacc = linalg.fill ins(%zero : f32) outs(%e1 : tensor<32xf32>) -> tensor<32xf32>
    %var = linalg.reduce ins(%sq : tensor<32x256xf32>) outs(%vacc : tensor<32xf32>) dimensions = [1]
      (%in: f32, %init: f32) {
        %r = arith.addf %in, %init : f32
        linalg.yield %r : f32
      }
    %e2 = tensor.empty() : tensor<32xf32>
    %rstd = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
        ins(%var : tensor<32xf32>) outs(%e2 : tensor<32xf32>) {
    ^bb0(%v: f32, %o: f32):
      %m = arith.divf %v, %n : f32
      %p = arith.addf %m, %eps : f32
      %s = math.sqrt %p : f32
      %one = arith.constant 1.0 : f32
      %r = arith.divf %one, %s : f32
      linalg.yield %r : f32
    } -> tensor<32xf32>
    %eb2 = tensor.empty() : tensor<32x256xf32>
    %rstdb = linalg.broadcast ins(%rstd : tensor<32xf32>) outs(%eb2 : tensor<32x256xf32>) dimensions = [1]
    %eb3 = tensor.empty() : tensor<32x256xf32>
    %gb = linalg.broadcast ins(%gamma : tensor<256xf32>) outs(%eb3 : tensor<32x256xf32>) dimensions = [0]
    %beta = arith.constant dense<0.25> : tensor<256xf32>
    %eb4 = tensor.empty() : tensor<32x256xf32>
    %bb = linalg.broadcast ins(%beta : tensor<256xf32>) outs(%eb4 : tensor<32x256xf32>) dimensions = [0]
    %ey = tensor.empty() : tensor<32x256xf32>
    %y = linalg.generic {indexing_maps = [#ln, #ln, #ln, #ln, #ln], iterator_types = ["parallel", "parallel"]}
        ins(%c, %rstdb, %gb, %bb : tensor<32x256xf32>, tensor<32x256xf32>, tensor<32x256xf32>, tensor<32x256xf32>)
        outs(%ey : tensor<32x256xf32>) {
    ^bb0(%a: f32, %r: f32, %g: f32, %b: f32, %o: f32):
      %n1 = arith.mulf %a, %r : f32
      %n2 = arith.mulf %n1, %g : f32
      %n3 = arith.addf %n2, %b : f32
      linalg.yield %n3 : f32
    } -> tensor<32x256xf32>
    return %y : tensor<32x256xf32>
  }

  func.func @mlp_f32(%x: tensor<32x256xf32> {tlayout.layout = #R}, %gamma: tensor<256xf32>,
                     %w1: tensor<256x512xf32> {tlayout.layout = #R}, %b1: tensor<512xf32>,
                     %w2: tensor<512x256xf32> {tlayout.layout = #R})
      -> (tensor<32x256xf32> {tlayout.layout = #R}) {
    %zero = arith.constant 0.0 : f32
    %y = call @layernorm(%x, %gamma) : (tensor<32x256xf32>, tensor<256xf32>) -> tensor<32x256xf32>
    %eh = tensor.empty() : tensor<32x512xf32>
    %hacc = linalg.fill ins(%zero : f32) outs(%eh : tensor<32x512xf32>) -> tensor<32x512xf32>
    %h = linalg.matmul ins(%y, %w1 : tensor<32x256xf32>, tensor<256x512xf32>) outs(%hacc : tensor<32x512xf32>) -> tensor<32x512xf32>
    %eb = tensor.empty() : tensor<32x512xf32>
    %bb = linalg.broadcast ins(%b1 : tensor<512xf32>) outs(%eb : tensor<32x512xf32>) dimensions = [0]
    %ea = tensor.empty() : tensor<32x512xf32>
    %a = linalg.generic {indexing_maps = [#ln, #ln, #ln], iterator_types = ["parallel", "parallel"]}
        ins(%h, %bb : tensor<32x512xf32>, tensor<32x512xf32>) outs(%ea : tensor<32x512xf32>) {
    ^bb0(%p: f32, %q: f32, %o: f32):
      %s = arith.addf %p, %q : f32
      %r = arith.maximumf %s, %zero : f32
      linalg.yield %r : f32
    } -> tensor<32x512xf32>
    %eo = tensor.empty() : tensor<32x256xf32>
    %oacc = linalg.fill ins(%zero : f32) outs(%eo : tensor<32x256xf32>) -> tensor<32x256xf32>
    %o = linalg.matmul ins(%a, %w2 : tensor<32x512xf32>, tensor<512x256xf32>) outs(%oacc : tensor<32x256xf32>) -> tensor<32x256xf32>
    %er = tensor.empty() : tensor<32x256xf32>
    %r = linalg.add ins(%o, %x : tensor<32x256xf32>, tensor<32x256xf32>) outs(%er : tensor<32x256xf32>) -> tensor<32x256xf32>
    return %r : tensor<32x256xf32>
  }

  // The same block in bf16: the statistics in f32, the matmuls on bf16
  // operands accumulating in f32, the activations stored in bf16.
  func.func @mlp_bf16(%x: tensor<32x256xbf16> {tlayout.layout = #Rb}, %gamma: tensor<256xf32>,
                      %w1: tensor<256x512xbf16> {tlayout.layout = #Rb}, %b1: tensor<512xf32>,
                      %w2: tensor<512x256xbf16> {tlayout.layout = #Rb})
      -> (tensor<32x256xbf16> {tlayout.layout = #Rb}) {
    %zero = arith.constant 0.0 : f32
    %ex = tensor.empty() : tensor<32x256xf32>
    %xf = linalg.generic {indexing_maps = [#ln, #ln], iterator_types = ["parallel", "parallel"]}
        ins(%x : tensor<32x256xbf16>) outs(%ex : tensor<32x256xf32>) {
    ^bb0(%a: bf16, %o: f32):
      %f = arith.extf %a : bf16 to f32
      linalg.yield %f : f32
    } -> tensor<32x256xf32>
    %y = call @layernorm(%xf, %gamma) : (tensor<32x256xf32>, tensor<256xf32>) -> tensor<32x256xf32>
    %eyb = tensor.empty() : tensor<32x256xbf16>
    %yb = linalg.generic {indexing_maps = [#ln, #ln], iterator_types = ["parallel", "parallel"]}
        ins(%y : tensor<32x256xf32>) outs(%eyb : tensor<32x256xbf16>) {
    ^bb0(%a: f32, %o: bf16):
      %t = arith.truncf %a : f32 to bf16
      linalg.yield %t : bf16
    } -> tensor<32x256xbf16>
    %eh = tensor.empty() : tensor<32x512xf32>
    %hacc = linalg.fill ins(%zero : f32) outs(%eh : tensor<32x512xf32>) -> tensor<32x512xf32>
    %h = linalg.matmul ins(%yb, %w1 : tensor<32x256xbf16>, tensor<256x512xbf16>) outs(%hacc : tensor<32x512xf32>) -> tensor<32x512xf32>
    %eb = tensor.empty() : tensor<32x512xf32>
    %bb = linalg.broadcast ins(%b1 : tensor<512xf32>) outs(%eb : tensor<32x512xf32>) dimensions = [0]
    %ea = tensor.empty() : tensor<32x512xbf16>
    %a = linalg.generic {indexing_maps = [#ln, #ln, #ln], iterator_types = ["parallel", "parallel"]}
        ins(%h, %bb : tensor<32x512xf32>, tensor<32x512xf32>) outs(%ea : tensor<32x512xbf16>) {
    ^bb0(%p: f32, %q: f32, %o: bf16):
      %s = arith.addf %p, %q : f32
      %r = arith.maximumf %s, %zero : f32
      %t = arith.truncf %r : f32 to bf16
      linalg.yield %t : bf16
    } -> tensor<32x512xbf16>
    %eo = tensor.empty() : tensor<32x256xf32>
    %oacc = linalg.fill ins(%zero : f32) outs(%eo : tensor<32x256xf32>) -> tensor<32x256xf32>
    %o = linalg.matmul ins(%a, %w2 : tensor<32x512xbf16>, tensor<512x256xbf16>) outs(%oacc : tensor<32x256xf32>) -> tensor<32x256xf32>
    %er = tensor.empty() : tensor<32x256xbf16>
    %r = linalg.generic {indexing_maps = [#ln, #ln, #ln], iterator_types = ["parallel", "parallel"]}
        ins(%o, %xf : tensor<32x256xf32>, tensor<32x256xf32>) outs(%er : tensor<32x256xbf16>) {
    ^bb0(%p: f32, %q: f32, %out: bf16):
      %s = arith.addf %p, %q : f32
      %t = arith.truncf %s : f32 to bf16
      linalg.yield %t : bf16
    } -> tensor<32x256xbf16>
    return %r : tensor<32x256xbf16>
  }

  // ((i*a + j*b) mod m - m/2) / den, as f32.
  func.func private @input_pattern_256x512(%a: index, %b: index, %m: index, %den: f32) -> tensor<256x512xf32> {
    %e = tensor.empty() : tensor<256x512xf32>
    %w = linalg.generic {indexing_maps = [#ln], iterator_types = ["parallel", "parallel"]}
        outs(%e : tensor<256x512xf32>) {
    ^bb0(%o: f32):
      %i = linalg.index 0 : index
      %j = linalg.index 1 : index
      %v = func.call @input_value(%i, %j, %a, %b, %m, %den) : (index, index, index, index, index, f32) -> f32
      linalg.yield %v : f32
    } -> tensor<256x512xf32>
    return %w : tensor<256x512xf32>
  }

  func.func private @input_value(%i: index, %j: index, %a: index, %b: index, %m: index, %den: f32) -> f32 {
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
    return %v : f32
  }

  func.func private @input_to_bf16(%x: tensor<256x512xf32>) -> tensor<256x512xbf16> {
    %e = tensor.empty() : tensor<256x512xbf16>
    %r = linalg.generic {indexing_maps = [#ln, #ln], iterator_types = ["parallel", "parallel"]}
        ins(%x : tensor<256x512xf32>) outs(%e : tensor<256x512xbf16>) {
    ^bb0(%a: f32, %o: bf16):
      %t = arith.truncf %a : f32 to bf16
      linalg.yield %t : bf16
    } -> tensor<256x512xbf16>
    return %r : tensor<256x512xbf16>
  }

  func.func private @print_sums(%y: tensor<32x256xf32>) {
    %zero = arith.constant 0.0 : f32
    %er = tensor.empty() : tensor<32xf32>
    %racc = linalg.fill ins(%zero : f32) outs(%er : tensor<32xf32>) -> tensor<32xf32>
    %rows = linalg.reduce ins(%y : tensor<32x256xf32>) outs(%racc : tensor<32xf32>) dimensions = [1]
      (%in: f32, %init: f32) {
        %r = arith.addf %in, %init : f32
        linalg.yield %r : f32
      }
    %ec = tensor.empty() : tensor<256xf32>
    %cacc = linalg.fill ins(%zero : f32) outs(%ec : tensor<256xf32>) -> tensor<256xf32>
    %cols = linalg.reduce ins(%y : tensor<32x256xf32>) outs(%cacc : tensor<256xf32>) dimensions = [0]
      (%in: f32, %init: f32) {
        %r = arith.addf %in, %init : f32
        linalg.yield %r : f32
      }
    %u = tensor.cast %rows : tensor<32xf32> to tensor<*xf32>
    call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
    %v = tensor.cast %cols : tensor<256xf32> to tensor<*xf32>
    call @printMemrefF32(%v) : (tensor<*xf32>) -> ()
    return
  }

  func.func @main() {
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c5 = arith.constant 5 : index
    %c7 = arith.constant 7 : index
    %c11 = arith.constant 11 : index
    %c13 = arith.constant 13 : index
    %c17 = arith.constant 17 : index
    %c8f = arith.constant 8.0 : f32
    %c64f = arith.constant 64.0 : f32
    %ex = tensor.empty() : tensor<32x256xf32>
    %x = linalg.generic {indexing_maps = [#ln], iterator_types = ["parallel", "parallel"]}
        outs(%ex : tensor<32x256xf32>) {
    ^bb0(%o: f32):
      %i = linalg.index 0 : index
      %j = linalg.index 1 : index
      %v = func.call @input_value(%i, %j, %c7, %c3, %c17, %c8f) : (index, index, index, index, index, f32) -> f32
      linalg.yield %v : f32
    } -> tensor<32x256xf32>
    %eg = tensor.empty() : tensor<256xf32>
    %gamma = linalg.generic {indexing_maps = [affine_map<(j) -> (j)>], iterator_types = ["parallel"]}
        outs(%eg : tensor<256xf32>) {
    ^bb0(%o: f32):
      %j = linalg.index 0 : index
      %v = func.call @input_value(%c1, %j, %c1, %c5, %c11, %c8f) : (index, index, index, index, index, f32) -> f32
      %one = arith.constant 1.0 : f32
      %g = arith.addf %v, %one : f32
      linalg.yield %g : f32
    } -> tensor<256xf32>
    %eb1 = tensor.empty() : tensor<512xf32>
    %b1 = linalg.generic {indexing_maps = [affine_map<(j) -> (j)>], iterator_types = ["parallel"]}
        outs(%eb1 : tensor<512xf32>) {
    ^bb0(%o: f32):
      %j = linalg.index 0 : index
      %v = func.call @input_value(%c1, %j, %c1, %c3, %c7, %c8f) : (index, index, index, index, index, f32) -> f32
      linalg.yield %v : f32
    } -> tensor<512xf32>
    %w1 = call @input_pattern_256x512(%c5, %c11, %c13, %c64f) : (index, index, index, f32) -> tensor<256x512xf32>
    %w2t = call @input_pattern_256x512(%c3, %c7, %c11, %c64f) : (index, index, index, f32) -> tensor<256x512xf32>
    %ew2 = tensor.empty() : tensor<512x256xf32>
    %w2 = linalg.transpose ins(%w2t : tensor<256x512xf32>) outs(%ew2 : tensor<512x256xf32>) permutation = [1, 0]

    %y = call @mlp_f32(%x, %gamma, %w1, %b1, %w2) : (tensor<32x256xf32>, tensor<256xf32>, tensor<256x512xf32>, tensor<512xf32>, tensor<512x256xf32>) -> tensor<32x256xf32>
    call @print_sums(%y) : (tensor<32x256xf32>) -> ()

    // bf16: the same inputs rounded to bf16 (all of them are exact in bf16).
    %exb = tensor.empty() : tensor<32x256xbf16>
    %xb = linalg.generic {indexing_maps = [#ln, #ln], iterator_types = ["parallel", "parallel"]}
        ins(%x : tensor<32x256xf32>) outs(%exb : tensor<32x256xbf16>) {
    ^bb0(%a: f32, %o: bf16):
      %t = arith.truncf %a : f32 to bf16
      linalg.yield %t : bf16
    } -> tensor<32x256xbf16>
    %w1b = call @input_to_bf16(%w1) : (tensor<256x512xf32>) -> tensor<256x512xbf16>
    %w2tb = call @input_to_bf16(%w2t) : (tensor<256x512xf32>) -> tensor<256x512xbf16>
    %ew2b = tensor.empty() : tensor<512x256xbf16>
    %w2b = linalg.transpose ins(%w2tb : tensor<256x512xbf16>) outs(%ew2b : tensor<512x256xbf16>) permutation = [1, 0]
    %yb = call @mlp_bf16(%xb, %gamma, %w1b, %b1, %w2b) : (tensor<32x256xbf16>, tensor<256xf32>, tensor<256x512xbf16>, tensor<512xf32>, tensor<512x256xbf16>) -> tensor<32x256xbf16>
    %eyf = tensor.empty() : tensor<32x256xf32>
    %yf = linalg.generic {indexing_maps = [#ln, #ln], iterator_types = ["parallel", "parallel"]}
        ins(%yb : tensor<32x256xbf16>) outs(%eyf : tensor<32x256xf32>) {
    ^bb0(%a: bf16, %o: f32):
      %f = arith.extf %a : bf16 to f32
      linalg.yield %f : f32
    } -> tensor<32x256xf32>
    call @print_sums(%yf) : (tensor<32x256xf32>) -> ()
    return
  }
}
