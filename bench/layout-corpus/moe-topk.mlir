// Mixture-of-experts gating with top-2 routing, as front ends emit it: gate
// logits [32,8] from a matmul (a narrow array), softmax over the experts,
// the top-1 and top-2 experts by argmax-style reductions (a linalg.generic
// with two outputs, the second after masking out the first), the chosen
// indices concatenated into a skinny [32,2] array with tensor.concat, the
// experts applied densely as a batch matmul over a broadcast of the tokens,
// and the outputs combined with the renormalized gate weights. f32, 32
// tokens of width 128, 8 experts.
#R = #tlayout.tiled<{1,0:T(8,128)}>
#R3 = #tlayout.tiled<{2,1,0:T(8,128)}>
#id2 = affine_map<(t, e) -> (t, e)>
#row = affine_map<(t, e) -> (t)>
module attributes {tlayout_tpu.target = #tlayout_tpu.target<"v5e">} {
  func.func private @printMemrefF32(tensor<*xf32>)

  // The largest value of each row and its index (the first on ties), among
  // the entries that are not masked (mask[t] = the index to skip, or -1).
  func.func private @argmax(%p: tensor<32x8xf32>, %skip: tensor<32xi32>) -> (tensor<32xf32>, tensor<32xi32>) {
    %ninf = arith.constant -3.0e38 : f32
    %m1 = arith.constant -1 : i32
    %ev = tensor.empty() : tensor<32xf32>
    %vacc = linalg.fill ins(%ninf : f32) outs(%ev : tensor<32xf32>) -> tensor<32xf32>
    %ei = tensor.empty() : tensor<32xi32>
    %iacc = linalg.fill ins(%m1 : i32) outs(%ei : tensor<32xi32>) -> tensor<32xi32>
    %r:2 = linalg.generic {indexing_maps = [#id2, #row, #row, #row], iterator_types = ["parallel", "reduction"]}
        ins(%p, %skip : tensor<32x8xf32>, tensor<32xi32>) outs(%vacc, %iacc : tensor<32xf32>, tensor<32xi32>) {
    ^bb0(%v: f32, %s: i32, %bv: f32, %bi: i32):
      %e = linalg.index 1 : index
      %ei32 = arith.index_cast %e : index to i32
      %gt = arith.cmpf ogt, %v, %bv : f32
      %ns = arith.cmpi ne, %ei32, %s : i32
      %take = arith.andi %gt, %ns : i1
      %nv = arith.select %take, %v, %bv : f32
      %ni = arith.select %take, %ei32, %bi : i32
      linalg.yield %nv, %ni : f32, i32
    } -> (tensor<32xf32>, tensor<32xi32>)
    return %r#0, %r#1 : tensor<32xf32>, tensor<32xi32>
  }

  func.func @moe(%x: tensor<32x128xf32> {tlayout.layout = #R}, %wg: tensor<128x8xf32>,
                 %experts: tensor<8x128x128xf32> {tlayout.layout = #R3})
      -> (tensor<32x128xf32> {tlayout.layout = #R}, tensor<32x2xi32>) {
    %zero = arith.constant 0.0 : f32
    %el = tensor.empty() : tensor<32x8xf32>
    %lacc = linalg.fill ins(%zero : f32) outs(%el : tensor<32x8xf32>) -> tensor<32x8xf32>
    %logits = linalg.matmul ins(%x, %wg : tensor<32x128xf32>, tensor<128x8xf32>) outs(%lacc : tensor<32x8xf32>) -> tensor<32x8xf32>

    // Softmax over the experts.
    %ninf = arith.constant -3.0e38 : f32
    %e1 = tensor.empty() : tensor<32xf32>
    %macc = linalg.fill ins(%ninf : f32) outs(%e1 : tensor<32xf32>) -> tensor<32xf32>
    %mx = linalg.reduce ins(%logits : tensor<32x8xf32>) outs(%macc : tensor<32xf32>) dimensions = [1]
      (%in: f32, %init: f32) {
        %r = arith.maximumf %in, %init : f32
        linalg.yield %r : f32
      }
    %ex = tensor.empty() : tensor<32x8xf32>
    %exps = linalg.generic {indexing_maps = [#id2, #row, #id2], iterator_types = ["parallel", "parallel"]}
        ins(%logits, %mx : tensor<32x8xf32>, tensor<32xf32>) outs(%ex : tensor<32x8xf32>) {
    ^bb0(%l: f32, %m: f32, %o: f32):
      %d = arith.subf %l, %m : f32
      %e = math.exp %d : f32
      linalg.yield %e : f32
    } -> tensor<32x8xf32>
    %sacc = linalg.fill ins(%zero : f32) outs(%e1 : tensor<32xf32>) -> tensor<32xf32>
    %sum = linalg.reduce ins(%exps : tensor<32x8xf32>) outs(%sacc : tensor<32xf32>) dimensions = [1]
      (%in: f32, %init: f32) {
        %r = arith.addf %in, %init : f32
        linalg.yield %r : f32
      }
    %eb = tensor.empty() : tensor<32x8xf32>
    %sumb = linalg.broadcast ins(%sum : tensor<32xf32>) outs(%eb : tensor<32x8xf32>) dimensions = [1]
    %ep = tensor.empty() : tensor<32x8xf32>
    %probs = linalg.div ins(%exps, %sumb : tensor<32x8xf32>, tensor<32x8xf32>) outs(%ep : tensor<32x8xf32>) -> tensor<32x8xf32>

    // Top-2.
    %none = arith.constant -1 : i32
    %en = tensor.empty() : tensor<32xi32>
    %noskip = linalg.fill ins(%none : i32) outs(%en : tensor<32xi32>) -> tensor<32xi32>
    %v1, %i1 = call @argmax(%probs, %noskip) : (tensor<32x8xf32>, tensor<32xi32>) -> (tensor<32xf32>, tensor<32xi32>)
    %v2, %i2 = call @argmax(%probs, %i1) : (tensor<32x8xf32>, tensor<32xi32>) -> (tensor<32xf32>, tensor<32xi32>)
    %i1c = tensor.expand_shape %i1 [[0, 1]] output_shape [32, 1] : tensor<32xi32> into tensor<32x1xi32>
    %i2c = tensor.expand_shape %i2 [[0, 1]] output_shape [32, 1] : tensor<32xi32> into tensor<32x1xi32>
    %idx = tensor.concat dim(1) %i1c, %i2c : (tensor<32x1xi32>, tensor<32x1xi32>) -> tensor<32x2xi32>

    // Gate weights: the two chosen probabilities renormalized, zero elsewhere.
    %eg = tensor.empty() : tensor<32x8xf32>
    %gates = linalg.generic {indexing_maps = [#row, #row, #row, #row, #id2], iterator_types = ["parallel", "parallel"]}
        ins(%v1, %v2, %i1, %i2 : tensor<32xf32>, tensor<32xf32>, tensor<32xi32>, tensor<32xi32>) outs(%eg : tensor<32x8xf32>) {
    ^bb0(%a: f32, %b: f32, %ia: i32, %ib: i32, %o: f32):
      %e = linalg.index 1 : index
      %e32 = arith.index_cast %e : index to i32
      %s = arith.addf %a, %b : f32
      %isa = arith.cmpi eq, %e32, %ia : i32
      %isb = arith.cmpi eq, %e32, %ib : i32
      %wa = arith.divf %a, %s : f32
      %wb = arith.divf %b, %s : f32
      %g1 = arith.select %isb, %wb, %zero : f32
      %g = arith.select %isa, %wa, %g1 : f32
      linalg.yield %g : f32
    } -> tensor<32x8xf32>

    // Every expert on every token: [8,32,128] x [8,128,128].
    %ebx = tensor.empty() : tensor<8x32x128xf32>
    %xb = linalg.broadcast ins(%x : tensor<32x128xf32>) outs(%ebx : tensor<8x32x128xf32>) dimensions = [0]
    %ey = tensor.empty() : tensor<8x32x128xf32>
    %yacc = linalg.fill ins(%zero : f32) outs(%ey : tensor<8x32x128xf32>) -> tensor<8x32x128xf32>
    %y = linalg.batch_matmul ins(%xb, %experts : tensor<8x32x128xf32>, tensor<8x128x128xf32>) outs(%yacc : tensor<8x32x128xf32>) -> tensor<8x32x128xf32>
    // out[t, d] = sum_e gates[t, e] * y[e, t, d]
    %eo = tensor.empty() : tensor<32x128xf32>
    %oacc = linalg.fill ins(%zero : f32) outs(%eo : tensor<32x128xf32>) -> tensor<32x128xf32>
    %out = linalg.generic {indexing_maps = [affine_map<(t, d, e) -> (t, e)>, affine_map<(t, d, e) -> (e, t, d)>, affine_map<(t, d, e) -> (t, d)>],
                           iterator_types = ["parallel", "parallel", "reduction"]}
        ins(%gates, %y : tensor<32x8xf32>, tensor<8x32x128xf32>) outs(%oacc : tensor<32x128xf32>) {
    ^bb0(%g: f32, %v: f32, %acc: f32):
      %m = arith.mulf %g, %v : f32
      %s = arith.addf %acc, %m : f32
      linalg.yield %s : f32
    } -> tensor<32x128xf32>
    return %out, %idx : tensor<32x128xf32>, tensor<32x2xi32>
  }

  func.func @main() {
    %ex = tensor.empty() : tensor<32x128xf32>
    %x = linalg.generic {indexing_maps = [#id2], iterator_types = ["parallel", "parallel"]}
        outs(%ex : tensor<32x128xf32>) {
    ^bb0(%o: f32):
      %i = linalg.index 0 : index
      %j = linalg.index 1 : index
      %c7 = arith.constant 7 : index
      %c3 = arith.constant 3 : index
      %c19 = arith.constant 19 : index
      %i7 = arith.muli %i, %c7 : index
      %j3 = arith.muli %j, %c3 : index
      %ij = arith.muli %i, %j : index
      %s1 = arith.addi %i7, %j3 : index
      %s = arith.addi %s1, %ij : index
      %r = arith.remui %s, %c19 : index
      %ri = arith.index_cast %r : index to i32
      %c9 = arith.constant 9 : i32
      %d = arith.subi %ri, %c9 : i32
      %f = arith.sitofp %d : i32 to f32
      %c8 = arith.constant 8.0 : f32
      %v = arith.divf %f, %c8 : f32
      linalg.yield %v : f32
    } -> tensor<32x128xf32>
    %ewg = tensor.empty() : tensor<128x8xf32>
    %wg = linalg.generic {indexing_maps = [#id2], iterator_types = ["parallel", "parallel"]}
        outs(%ewg : tensor<128x8xf32>) {
    ^bb0(%o: f32):
      %i = linalg.index 0 : index
      %j = linalg.index 1 : index
      %c5 = arith.constant 5 : index
      %c11 = arith.constant 11 : index
      %c23 = arith.constant 23 : index
      %i5 = arith.muli %i, %c5 : index
      %j11 = arith.muli %j, %c11 : index
      %ij = arith.muli %i, %j : index
      %s1 = arith.addi %i5, %j11 : index
      %s = arith.addi %s1, %ij : index
      %r = arith.remui %s, %c23 : index
      %ri = arith.index_cast %r : index to i32
      %c11i = arith.constant 11 : i32
      %d = arith.subi %ri, %c11i : i32
      %f = arith.sitofp %d : i32 to f32
      %c64 = arith.constant 64.0 : f32
      %v = arith.divf %f, %c64 : f32
      linalg.yield %v : f32
    } -> tensor<128x8xf32>
    %ee = tensor.empty() : tensor<8x128x128xf32>
    %experts = linalg.generic {indexing_maps = [affine_map<(e, i, j) -> (e, i, j)>], iterator_types = ["parallel", "parallel", "parallel"]}
        outs(%ee : tensor<8x128x128xf32>) {
    ^bb0(%o: f32):
      %e = linalg.index 0 : index
      %i = linalg.index 1 : index
      %j = linalg.index 2 : index
      %c3 = arith.constant 3 : index
      %c5 = arith.constant 5 : index
      %c13 = arith.constant 13 : index
      %e3 = arith.muli %e, %c3 : index
      %i5 = arith.muli %i, %c5 : index
      %s1 = arith.addi %e3, %i5 : index
      %s2 = arith.addi %s1, %j : index
      %ej = arith.muli %e, %j : index
      %s = arith.addi %s2, %ej : index
      %r = arith.remui %s, %c13 : index
      %ri = arith.index_cast %r : index to i32
      %c6 = arith.constant 6 : i32
      %d = arith.subi %ri, %c6 : i32
      %f = arith.sitofp %d : i32 to f32
      %c32 = arith.constant 32.0 : f32
      %v = arith.divf %f, %c32 : f32
      linalg.yield %v : f32
    } -> tensor<8x128x128xf32>
    %out, %idx = call @moe(%x, %wg, %experts) : (tensor<32x128xf32>, tensor<128x8xf32>, tensor<8x128x128xf32>) -> (tensor<32x128xf32>, tensor<32x2xi32>)

    %eif = tensor.empty() : tensor<32x2xf32>
    %idxf = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
        ins(%idx : tensor<32x2xi32>) outs(%eif : tensor<32x2xf32>) {
    ^bb0(%a: i32, %o: f32):
      %f = arith.sitofp %a : i32 to f32
      linalg.yield %f : f32
    } -> tensor<32x2xf32>
    %u = tensor.cast %idxf : tensor<32x2xf32> to tensor<*xf32>
    call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
    %zero = arith.constant 0.0 : f32
    %er = tensor.empty() : tensor<32xf32>
    %racc = linalg.fill ins(%zero : f32) outs(%er : tensor<32xf32>) -> tensor<32xf32>
    %rows = linalg.reduce ins(%out : tensor<32x128xf32>) outs(%racc : tensor<32xf32>) dimensions = [1]
      (%in: f32, %init: f32) {
        %r = arith.addf %in, %init : f32
        linalg.yield %r : f32
      }
    %ec = tensor.empty() : tensor<128xf32>
    %cacc = linalg.fill ins(%zero : f32) outs(%ec : tensor<128xf32>) -> tensor<128xf32>
    %cols = linalg.reduce ins(%out : tensor<32x128xf32>) outs(%cacc : tensor<128xf32>) dimensions = [0]
      (%in: f32, %init: f32) {
        %r = arith.addf %in, %init : f32
        linalg.yield %r : f32
      }
    %v = tensor.cast %rows : tensor<32xf32> to tensor<*xf32>
    call @printMemrefF32(%v) : (tensor<*xf32>) -> ()
    %w = tensor.cast %cols : tensor<128xf32> to tensor<*xf32>
    call @printMemrefF32(%w) : (tensor<*xf32>) -> ()
    return
  }
}
