// A 3x3 "same" convolution as im2col plus a matmul, as front ends lower
// convolutions for matrix units: the image [8,8,16] (HWC) is padded by one
// pixel with tensor.pad, its patches gathered into a [64,144] matrix by a
// linalg.generic that reads the padded image with tensor.extract, the
// filter [3,3,16,128] collapsed to [144,128] with tensor.collapse_shape,
// multiplied, the [64,128] result expanded back to [8,8,128] with
// tensor.expand_shape, then a bias and a ReLU. In f32, and in int8 with an
// i32 accumulator requantized to int8 (printed as f32). The f32 image
// arrives in the TPU's tiling, as the output of a previous layer would.
#R = #tlayout.tiled<{1,0:T(8,128)}>
#Ri = #tlayout.tiled<{1,0:T(8,128)(4,1)}>
#Fi = #tlayout.tiled<{3,2,1,0:T(8,128)(4,1)}>
#I3 = #tlayout.tiled<{2,1,0:T(8,128)}>
#id3 = affine_map<(h, w, c) -> (h, w, c)>
#id4 = affine_map<(a, b, c, d) -> (a, b, c, d)>
module attributes {tlayout_tpu.target = #tlayout_tpu.target<"v5e">} {
  func.func private @printMemrefF32(tensor<*xf32>)

  func.func @conv_f32(%img: tensor<8x8x16xf32> {tlayout.layout = #I3}, %filter: tensor<3x3x16x128xf32>, %bias: tensor<128xf32>)
      -> (tensor<64x128xf32> {tlayout.layout = #R}) {
    %zero = arith.constant 0.0 : f32
    %padded = tensor.pad %img low[1, 1, 0] high[1, 1, 0] {
    ^bb0(%h: index, %w: index, %c: index):
      tensor.yield %zero : f32
    } : tensor<8x8x16xf32> to tensor<10x10x16xf32>
    // patches[p, k] = padded[p / 8 + k / 48, p % 8 + (k / 16) % 3, k % 16]
    %ep = tensor.empty() : tensor<64x144xf32>
    %patches = linalg.generic {indexing_maps = [affine_map<(p, k) -> (p, k)>], iterator_types = ["parallel", "parallel"]}
        outs(%ep : tensor<64x144xf32>) {
    ^bb0(%o: f32):
      %p = linalg.index 0 : index
      %k = linalg.index 1 : index
      %c8 = arith.constant 8 : index
      %c48 = arith.constant 48 : index
      %c16 = arith.constant 16 : index
      %c3 = arith.constant 3 : index
      %ph = arith.divui %p, %c8 : index
      %pw = arith.remui %p, %c8 : index
      %kh = arith.divui %k, %c48 : index
      %k16 = arith.divui %k, %c16 : index
      %kw = arith.remui %k16, %c3 : index
      %kc = arith.remui %k, %c16 : index
      %h = arith.addi %ph, %kh : index
      %w = arith.addi %pw, %kw : index
      %v = tensor.extract %padded[%h, %w, %kc] : tensor<10x10x16xf32>
      linalg.yield %v : f32
    } -> tensor<64x144xf32>
    %f2 = tensor.collapse_shape %filter [[0, 1, 2], [3]] : tensor<3x3x16x128xf32> into tensor<144x128xf32>
    %eo = tensor.empty() : tensor<64x128xf32>
    %acc = linalg.fill ins(%zero : f32) outs(%eo : tensor<64x128xf32>) -> tensor<64x128xf32>
    %mm = linalg.matmul ins(%patches, %f2 : tensor<64x144xf32>, tensor<144x128xf32>) outs(%acc : tensor<64x128xf32>) -> tensor<64x128xf32>
    %o3 = tensor.expand_shape %mm [[0, 1], [2]] output_shape [8, 8, 128] : tensor<64x128xf32> into tensor<8x8x128xf32>
    %eb = tensor.empty() : tensor<8x8x128xf32>
    %bb = linalg.broadcast ins(%bias : tensor<128xf32>) outs(%eb : tensor<8x8x128xf32>) dimensions = [0, 1]
    %er = tensor.empty() : tensor<8x8x128xf32>
    %r = linalg.generic {indexing_maps = [#id3, #id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
        ins(%o3, %bb : tensor<8x8x128xf32>, tensor<8x8x128xf32>) outs(%er : tensor<8x8x128xf32>) {
    ^bb0(%a: f32, %b: f32, %o: f32):
      %s = arith.addf %a, %b : f32
      %m = arith.maximumf %s, %zero : f32
      linalg.yield %m : f32
    } -> tensor<8x8x128xf32>
    %flat = tensor.collapse_shape %r [[0, 1], [2]] : tensor<8x8x128xf32> into tensor<64x128xf32>
    return %flat : tensor<64x128xf32>
  }

  // int8 activations and weights, i32 accumulation, requantized by a shift
  // and a clamp to int8.
  func.func @conv_i8(%img: tensor<8x8x16xi8>, %filter: tensor<3x3x16x128xi8> {tlayout.layout = #Fi})
      -> (tensor<64x128xi8> {tlayout.layout = #Ri}) {
    %zero = arith.constant 0 : i8
    %zero32 = arith.constant 0 : i32
    %padded = tensor.pad %img low[1, 1, 0] high[1, 1, 0] {
    ^bb0(%h: index, %w: index, %c: index):
      tensor.yield %zero : i8
    } : tensor<8x8x16xi8> to tensor<10x10x16xi8>
    %ep = tensor.empty() : tensor<64x144xi8>
    %patches = linalg.generic {indexing_maps = [affine_map<(p, k) -> (p, k)>], iterator_types = ["parallel", "parallel"]}
        outs(%ep : tensor<64x144xi8>) {
    ^bb0(%o: i8):
      %p = linalg.index 0 : index
      %k = linalg.index 1 : index
      %c8 = arith.constant 8 : index
      %c48 = arith.constant 48 : index
      %c16 = arith.constant 16 : index
      %c3 = arith.constant 3 : index
      %ph = arith.divui %p, %c8 : index
      %pw = arith.remui %p, %c8 : index
      %kh = arith.divui %k, %c48 : index
      %k16 = arith.divui %k, %c16 : index
      %kw = arith.remui %k16, %c3 : index
      %kc = arith.remui %k, %c16 : index
      %h = arith.addi %ph, %kh : index
      %w = arith.addi %pw, %kw : index
      %v = tensor.extract %padded[%h, %w, %kc] : tensor<10x10x16xi8>
      linalg.yield %v : i8
    } -> tensor<64x144xi8>
    %f2 = tensor.collapse_shape %filter [[0, 1, 2], [3]] : tensor<3x3x16x128xi8> into tensor<144x128xi8>
    %eo = tensor.empty() : tensor<64x128xi32>
    %acc = linalg.fill ins(%zero32 : i32) outs(%eo : tensor<64x128xi32>) -> tensor<64x128xi32>
    %mm = linalg.matmul ins(%patches, %f2 : tensor<64x144xi8>, tensor<144x128xi8>) outs(%acc : tensor<64x128xi32>) -> tensor<64x128xi32>
    %er = tensor.empty() : tensor<64x128xi8>
    %q = linalg.generic {indexing_maps = [affine_map<(p, k) -> (p, k)>, affine_map<(p, k) -> (p, k)>], iterator_types = ["parallel", "parallel"]}
        ins(%mm : tensor<64x128xi32>) outs(%er : tensor<64x128xi8>) {
    ^bb0(%a: i32, %o: i8):
      %c4 = arith.constant 4 : i32
      %lo = arith.constant -128 : i32
      %hi = arith.constant 127 : i32
      %s = arith.shrsi %a, %c4 : i32
      %c1 = arith.maxsi %s, %lo : i32
      %c2 = arith.minsi %c1, %hi : i32
      %t = arith.trunci %c2 : i32 to i8
      linalg.yield %t : i8
    } -> tensor<64x128xi8>
    return %q : tensor<64x128xi8>
  }

  func.func private @print_sums(%y: tensor<64x128xf32>) {
    %zero = arith.constant 0.0 : f32
    %er = tensor.empty() : tensor<64xf32>
    %racc = linalg.fill ins(%zero : f32) outs(%er : tensor<64xf32>) -> tensor<64xf32>
    %rows = linalg.reduce ins(%y : tensor<64x128xf32>) outs(%racc : tensor<64xf32>) dimensions = [1]
      (%in: f32, %init: f32) {
        %r = arith.addf %in, %init : f32
        linalg.yield %r : f32
      }
    %ec = tensor.empty() : tensor<128xf32>
    %cacc = linalg.fill ins(%zero : f32) outs(%ec : tensor<128xf32>) -> tensor<128xf32>
    %cols = linalg.reduce ins(%y : tensor<64x128xf32>) outs(%cacc : tensor<128xf32>) dimensions = [0]
      (%in: f32, %init: f32) {
        %r = arith.addf %in, %init : f32
        linalg.yield %r : f32
      }
    %u = tensor.cast %rows : tensor<64xf32> to tensor<*xf32>
    call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
    %v = tensor.cast %cols : tensor<128xf32> to tensor<*xf32>
    call @printMemrefF32(%v) : (tensor<*xf32>) -> ()
    return
  }

  func.func @main() {
    // Integer-valued inputs, the same in f32 and int8.
    %ei = tensor.empty() : tensor<8x8x16xi8>
    %imgi = linalg.generic {indexing_maps = [#id3], iterator_types = ["parallel", "parallel", "parallel"]}
        outs(%ei : tensor<8x8x16xi8>) {
    ^bb0(%o: i8):
      %h = linalg.index 0 : index
      %w = linalg.index 1 : index
      %c = linalg.index 2 : index
      %c5 = arith.constant 5 : index
      %c3 = arith.constant 3 : index
      %c11 = arith.constant 11 : index
      %h5 = arith.muli %h, %c5 : index
      %w3 = arith.muli %w, %c3 : index
      %s1 = arith.addi %h5, %w3 : index
      %s = arith.addi %s1, %c : index
      %r = arith.remui %s, %c11 : index
      %ri = arith.index_cast %r : index to i8
      %c5i = arith.constant 5 : i8
      %d = arith.subi %ri, %c5i : i8
      linalg.yield %d : i8
    } -> tensor<8x8x16xi8>
    %ef = tensor.empty() : tensor<3x3x16x128xi8>
    %filti = linalg.generic {indexing_maps = [#id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
        outs(%ef : tensor<3x3x16x128xi8>) {
    ^bb0(%o: i8):
      %a = linalg.index 0 : index
      %b = linalg.index 1 : index
      %c = linalg.index 2 : index
      %d = linalg.index 3 : index
      %c7 = arith.constant 7 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %c9 = arith.constant 9 : index
      %a7 = arith.muli %a, %c7 : index
      %b2 = arith.muli %b, %c2 : index
      %c3c = arith.muli %c, %c3 : index
      %s1 = arith.addi %a7, %b2 : index
      %s2 = arith.addi %s1, %c3c : index
      %s = arith.addi %s2, %d : index
      %r = arith.remui %s, %c9 : index
      %ri = arith.index_cast %r : index to i8
      %c4i = arith.constant 4 : i8
      %v = arith.subi %ri, %c4i : i8
      linalg.yield %v : i8
    } -> tensor<3x3x16x128xi8>
    %eif = tensor.empty() : tensor<8x8x16xf32>
    %imgf = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
        ins(%imgi : tensor<8x8x16xi8>) outs(%eif : tensor<8x8x16xf32>) {
    ^bb0(%a: i8, %o: f32):
      %f = arith.sitofp %a : i8 to f32
      linalg.yield %f : f32
    } -> tensor<8x8x16xf32>
    %eff = tensor.empty() : tensor<3x3x16x128xf32>
    %filtf = linalg.generic {indexing_maps = [#id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
        ins(%filti : tensor<3x3x16x128xi8>) outs(%eff : tensor<3x3x16x128xf32>) {
    ^bb0(%a: i8, %o: f32):
      %f = arith.sitofp %a : i8 to f32
      linalg.yield %f : f32
    } -> tensor<3x3x16x128xf32>
    %eb = tensor.empty() : tensor<128xf32>
    %bias = linalg.generic {indexing_maps = [affine_map<(c) -> (c)>], iterator_types = ["parallel"]}
        outs(%eb : tensor<128xf32>) {
    ^bb0(%o: f32):
      %c = linalg.index 0 : index
      %c13 = arith.constant 13 : index
      %r = arith.remui %c, %c13 : index
      %ri = arith.index_cast %r : index to i32
      %c6 = arith.constant 6 : i32
      %d = arith.subi %ri, %c6 : i32
      %f = arith.sitofp %d : i32 to f32
      linalg.yield %f : f32
    } -> tensor<128xf32>

    %yf = call @conv_f32(%imgf, %filtf, %bias) : (tensor<8x8x16xf32>, tensor<3x3x16x128xf32>, tensor<128xf32>) -> tensor<64x128xf32>
    call @print_sums(%yf) : (tensor<64x128xf32>) -> ()

    %yi = call @conv_i8(%imgi, %filti) : (tensor<8x8x16xi8>, tensor<3x3x16x128xi8>) -> tensor<64x128xi8>
    %eyi = tensor.empty() : tensor<64x128xf32>
    %yif = linalg.generic {indexing_maps = [affine_map<(p, k) -> (p, k)>, affine_map<(p, k) -> (p, k)>], iterator_types = ["parallel", "parallel"]}
        ins(%yi : tensor<64x128xi8>) outs(%eyi : tensor<64x128xf32>) {
    ^bb0(%a: i8, %o: f32):
      %f = arith.sitofp %a : i8 to f32
      linalg.yield %f : f32
    } -> tensor<64x128xf32>
    call @print_sums(%yif) : (tensor<64x128xf32>) -> ()
    return
  }
}
