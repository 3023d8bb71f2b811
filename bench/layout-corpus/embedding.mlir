// Embedding lookups as front ends emit them: token ids as a dense constant,
// rows of the table gathered by a linalg.generic that reads the table with
// tensor.extract at (ids[t], d), scaled and added to positional embeddings,
// in bf16 (a [64,256] table) and int8 (a quantized table with a per-row f32
// scale, dequantized on the gather). Then mean-pooled over the sequence.
#Rb = #tlayout.tiled<{1,0:T(8,128)(2,1)}>
#Ri = #tlayout.tiled<{1,0:T(8,128)(4,1)}>
#id2 = affine_map<(t, d) -> (t, d)>
#tok = affine_map<(t, d) -> (t)>
module attributes {tlayout_tpu.target = #tlayout_tpu.target<"v5e">} {
  func.func private @printMemrefF32(tensor<*xf32>)

  func.func @embed_bf16(%ids: tensor<16xi32>, %table: tensor<64x256xbf16> {tlayout.layout = #Rb},
                        %pos: tensor<16x256xbf16> {tlayout.layout = #Rb})
      -> (tensor<16x256xbf16> {tlayout.layout = #Rb}) {
    %e = tensor.empty() : tensor<16x256xbf16>
    %g = linalg.generic {indexing_maps = [#tok, #id2], iterator_types = ["parallel", "parallel"]}
        ins(%ids : tensor<16xi32>) outs(%e : tensor<16x256xbf16>) {
    ^bb0(%id: i32, %o: bf16):
      %d = linalg.index 1 : index
      %row = arith.index_cast %id : i32 to index
      %v = tensor.extract %table[%row, %d] : tensor<64x256xbf16>
      linalg.yield %v : bf16
    } -> tensor<16x256xbf16>
    %scale = arith.constant 16.0 : bf16
    %e2 = tensor.empty() : tensor<16x256xbf16>
    %r = linalg.generic {indexing_maps = [#id2, #id2, #id2], iterator_types = ["parallel", "parallel"]}
        ins(%g, %pos : tensor<16x256xbf16>, tensor<16x256xbf16>) outs(%e2 : tensor<16x256xbf16>) {
    ^bb0(%a: bf16, %p: bf16, %o: bf16):
      %m = arith.mulf %a, %scale : bf16
      %s = arith.addf %m, %p : bf16
      linalg.yield %s : bf16
    } -> tensor<16x256xbf16>
    return %r : tensor<16x256xbf16>
  }

  func.func @embed_i8(%ids: tensor<16xi32>, %table: tensor<64x256xi8> {tlayout.layout = #Ri},
                      %scales: tensor<64xf32>) -> tensor<16x256xf32> {
    %e = tensor.empty() : tensor<16x256xf32>
    %g = linalg.generic {indexing_maps = [#tok, #id2], iterator_types = ["parallel", "parallel"]}
        ins(%ids : tensor<16xi32>) outs(%e : tensor<16x256xf32>) {
    ^bb0(%id: i32, %o: f32):
      %d = linalg.index 1 : index
      %row = arith.index_cast %id : i32 to index
      %q = tensor.extract %table[%row, %d] : tensor<64x256xi8>
      %s = tensor.extract %scales[%row] : tensor<64xf32>
      %f = arith.sitofp %q : i8 to f32
      %v = arith.mulf %f, %s : f32
      linalg.yield %v : f32
    } -> tensor<16x256xf32>
    return %g : tensor<16x256xf32>
  }

  func.func private @mean_pool(%x: tensor<16x256xf32>) -> tensor<256xf32> {
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<256xf32>
    %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<256xf32>) -> tensor<256xf32>
    %s = linalg.reduce ins(%x : tensor<16x256xf32>) outs(%acc : tensor<256xf32>) dimensions = [0]
      (%in: f32, %init: f32) {
        %r = arith.addf %in, %init : f32
        linalg.yield %r : f32
      }
    %e2 = tensor.empty() : tensor<256xf32>
    %m = linalg.generic {indexing_maps = [affine_map<(d) -> (d)>, affine_map<(d) -> (d)>], iterator_types = ["parallel"]}
        ins(%s : tensor<256xf32>) outs(%e2 : tensor<256xf32>) {
    ^bb0(%a: f32, %o: f32):
      %n = arith.constant 16.0 : f32
      %q = arith.divf %a, %n : f32
      linalg.yield %q : f32
    } -> tensor<256xf32>
    return %m : tensor<256xf32>
  }

  func.func @main() {
    %ids = arith.constant dense<[3, 17, 42, 0, 63, 17, 8, 29, 3, 55, 61, 12, 40, 7, 33, 21]> : tensor<16xi32>
    %et = tensor.empty() : tensor<64x256xi8>
    %tq = linalg.generic {indexing_maps = [#id2], iterator_types = ["parallel", "parallel"]}
        outs(%et : tensor<64x256xi8>) {
    ^bb0(%o: i8):
      %v = linalg.index 0 : index
      %d = linalg.index 1 : index
      %c13 = arith.constant 13 : index
      %c5 = arith.constant 5 : index
      %c61 = arith.constant 61 : index
      %v13 = arith.muli %v, %c13 : index
      %d5 = arith.muli %d, %c5 : index
      %s = arith.addi %v13, %d5 : index
      %r = arith.remui %s, %c61 : index
      %ri = arith.index_cast %r : index to i8
      %c30 = arith.constant 30 : i8
      %q = arith.subi %ri, %c30 : i8
      linalg.yield %q : i8
    } -> tensor<64x256xi8>
    %etb = tensor.empty() : tensor<64x256xbf16>
    %tb = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
        ins(%tq : tensor<64x256xi8>) outs(%etb : tensor<64x256xbf16>) {
    ^bb0(%q: i8, %o: bf16):
      %f = arith.sitofp %q : i8 to f32
      %c32 = arith.constant 32.0 : f32
      %v = arith.divf %f, %c32 : f32
      %b = arith.truncf %v : f32 to bf16
      linalg.yield %b : bf16
    } -> tensor<64x256xbf16>
    %ep = tensor.empty() : tensor<16x256xbf16>
    %pos = linalg.generic {indexing_maps = [#id2], iterator_types = ["parallel", "parallel"]}
        outs(%ep : tensor<16x256xbf16>) {
    ^bb0(%o: bf16):
      %t = linalg.index 0 : index
      %d = linalg.index 1 : index
      %c3 = arith.constant 3 : index
      %c7 = arith.constant 7 : index
      %t3 = arith.muli %t, %c3 : index
      %s = arith.addi %t3, %d : index
      %r = arith.remui %s, %c7 : index
      %ri = arith.index_cast %r : index to i32
      %f = arith.sitofp %ri : i32 to f32
      %c4 = arith.constant 4.0 : f32
      %v = arith.divf %f, %c4 : f32
      %b = arith.truncf %v : f32 to bf16
      linalg.yield %b : bf16
    } -> tensor<16x256xbf16>
    %es = tensor.empty() : tensor<64xf32>
    %scales = linalg.generic {indexing_maps = [affine_map<(v) -> (v)>], iterator_types = ["parallel"]}
        outs(%es : tensor<64xf32>) {
    ^bb0(%o: f32):
      %v = linalg.index 0 : index
      %c4 = arith.constant 4 : index
      %r = arith.remui %v, %c4 : index
      %ri = arith.index_cast %r : index to i32
      %c1 = arith.constant 1 : i32
      %p = arith.addi %ri, %c1 : i32
      %f = arith.sitofp %p : i32 to f32
      %c16 = arith.constant 16.0 : f32
      %s = arith.divf %f, %c16 : f32
      linalg.yield %s : f32
    } -> tensor<64xf32>

    %yb = call @embed_bf16(%ids, %tb, %pos) : (tensor<16xi32>, tensor<64x256xbf16>, tensor<16x256xbf16>) -> tensor<16x256xbf16>
    %eyf = tensor.empty() : tensor<16x256xf32>
    %yf = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
        ins(%yb : tensor<16x256xbf16>) outs(%eyf : tensor<16x256xf32>) {
    ^bb0(%a: bf16, %o: f32):
      %f = arith.extf %a : bf16 to f32
      linalg.yield %f : f32
    } -> tensor<16x256xf32>
    %pb = call @mean_pool(%yf) : (tensor<16x256xf32>) -> tensor<256xf32>
    %u = tensor.cast %pb : tensor<256xf32> to tensor<*xf32>
    call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
    // One gathered row in full: token 2 (id 42).
    %row = tensor.extract_slice %yf[2, 0] [1, 256] [1, 1] : tensor<16x256xf32> to tensor<256xf32>
    %ur = tensor.cast %row : tensor<256xf32> to tensor<*xf32>
    call @printMemrefF32(%ur) : (tensor<*xf32>) -> ()

    %yi = call @embed_i8(%ids, %tq, %scales) : (tensor<16xi32>, tensor<64x256xi8>, tensor<64xf32>) -> tensor<16x256xf32>
    %pi = call @mean_pool(%yi) : (tensor<16x256xf32>) -> tensor<256xf32>
    %v = tensor.cast %pi : tensor<256xf32> to tensor<*xf32>
    call @printMemrefF32(%v) : (tensor<*xf32>) -> ()
    return
  }
}
