// A stack of residual layers as a scan over stacked weights, as front ends
// emit a loop over layers: an scf.for carries the hidden state [16,128]
// through 4 layers, each slicing its weights [128,128] out of a [4,128,128]
// stack with tensor.extract_slice at the loop index, a matmul, an scf.if
// that picks the activation (ReLU on even layers, a halving on odd ones),
// and a residual add. f32.
#R = #tlayout.tiled<{1,0:T(8,128)}>
#R3 = #tlayout.tiled<{2,1,0:T(8,128)}>
#id2 = affine_map<(i, j) -> (i, j)>
module attributes {tlayout_tpu.target = #tlayout_tpu.target<"v5e">} {
  func.func private @printMemrefF32(tensor<*xf32>)

  func.func @layers(%x: tensor<16x128xf32> {tlayout.layout = #R}, %ws: tensor<4x128x128xf32> {tlayout.layout = #R3})
      -> (tensor<16x128xf32> {tlayout.layout = #R}) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %zero = arith.constant 0.0 : f32
    %half = arith.constant 0.5 : f32
    %h = scf.for %l = %c0 to %c4 step %c1 iter_args(%hid = %x) -> (tensor<16x128xf32>) {
      %w = tensor.extract_slice %ws[%l, 0, 0] [1, 128, 128] [1, 1, 1] : tensor<4x128x128xf32> to tensor<128x128xf32>
      %e = tensor.empty() : tensor<16x128xf32>
      %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<16x128xf32>) -> tensor<16x128xf32>
      %m = linalg.matmul ins(%hid, %w : tensor<16x128xf32>, tensor<128x128xf32>) outs(%acc : tensor<16x128xf32>) -> tensor<16x128xf32>
      %parity = arith.remui %l, %c2 : index
      %even = arith.cmpi eq, %parity, %c0 : index
      %a = scf.if %even -> (tensor<16x128xf32>) {
        %ea = tensor.empty() : tensor<16x128xf32>
        %r = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
            ins(%m : tensor<16x128xf32>) outs(%ea : tensor<16x128xf32>) {
        ^bb0(%v: f32, %o: f32):
          %y = arith.maximumf %v, %zero : f32
          linalg.yield %y : f32
        } -> tensor<16x128xf32>
        scf.yield %r : tensor<16x128xf32>
      } else {
        %ea = tensor.empty() : tensor<16x128xf32>
        %r = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
            ins(%m : tensor<16x128xf32>) outs(%ea : tensor<16x128xf32>) {
        ^bb0(%v: f32, %o: f32):
          %y = arith.mulf %v, %half : f32
          linalg.yield %y : f32
        } -> tensor<16x128xf32>
        scf.yield %r : tensor<16x128xf32>
      }
      %er = tensor.empty() : tensor<16x128xf32>
      %n = linalg.add ins(%a, %hid : tensor<16x128xf32>, tensor<16x128xf32>) outs(%er : tensor<16x128xf32>) -> tensor<16x128xf32>
      scf.yield %n : tensor<16x128xf32>
    }
    return %h : tensor<16x128xf32>
  }

  func.func @main() {
    %ex = tensor.empty() : tensor<16x128xf32>
    %x = linalg.generic {indexing_maps = [#id2], iterator_types = ["parallel", "parallel"]}
        outs(%ex : tensor<16x128xf32>) {
    ^bb0(%o: f32):
      %i = linalg.index 0 : index
      %j = linalg.index 1 : index
      %c5 = arith.constant 5 : index
      %c13 = arith.constant 13 : index
      %i5 = arith.muli %i, %c5 : index
      %s = arith.addi %i5, %j : index
      %r = arith.remui %s, %c13 : index
      %ri = arith.index_cast %r : index to i32
      %c6 = arith.constant 6 : i32
      %d = arith.subi %ri, %c6 : i32
      %f = arith.sitofp %d : i32 to f32
      %c8 = arith.constant 8.0 : f32
      %v = arith.divf %f, %c8 : f32
      linalg.yield %v : f32
    } -> tensor<16x128xf32>
    %ew = tensor.empty() : tensor<4x128x128xf32>
    %ws = linalg.generic {indexing_maps = [affine_map<(l, i, j) -> (l, i, j)>], iterator_types = ["parallel", "parallel", "parallel"]}
        outs(%ew : tensor<4x128x128xf32>) {
    ^bb0(%o: f32):
      %l = linalg.index 0 : index
      %i = linalg.index 1 : index
      %j = linalg.index 2 : index
      %c3 = arith.constant 3 : index
      %c7 = arith.constant 7 : index
      %c11 = arith.constant 11 : index
      %l7 = arith.muli %l, %c7 : index
      %i3 = arith.muli %i, %c3 : index
      %s1 = arith.addi %l7, %i3 : index
      %s = arith.addi %s1, %j : index
      %r = arith.remui %s, %c11 : index
      %ri = arith.index_cast %r : index to i32
      %c5 = arith.constant 5 : i32
      %d = arith.subi %ri, %c5 : i32
      %f = arith.sitofp %d : i32 to f32
      %c128 = arith.constant 128.0 : f32
      %v = arith.divf %f, %c128 : f32
      linalg.yield %v : f32
    } -> tensor<4x128x128xf32>
    %y = call @layers(%x, %ws) : (tensor<16x128xf32>, tensor<4x128x128xf32>) -> tensor<16x128xf32>
    %zero = arith.constant 0.0 : f32
    %er = tensor.empty() : tensor<16xf32>
    %racc = linalg.fill ins(%zero : f32) outs(%er : tensor<16xf32>) -> tensor<16xf32>
    %rows = linalg.reduce ins(%y : tensor<16x128xf32>) outs(%racc : tensor<16xf32>) dimensions = [1]
      (%in: f32, %init: f32) {
        %r = arith.addf %in, %init : f32
        linalg.yield %r : f32
      }
    %ec = tensor.empty() : tensor<128xf32>
    %cacc = linalg.fill ins(%zero : f32) outs(%ec : tensor<128xf32>) -> tensor<128xf32>
    %cols = linalg.reduce ins(%y : tensor<16x128xf32>) outs(%cacc : tensor<128xf32>) dimensions = [0]
      (%in: f32, %init: f32) {
        %r = arith.addf %in, %init : f32
        linalg.yield %r : f32
      }
    %u = tensor.cast %rows : tensor<16xf32> to tensor<*xf32>
    call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
    %v = tensor.cast %cols : tensor<128xf32> to tensor<*xf32>
    call @printMemrefF32(%v) : (tensor<*xf32>) -> ()
    return
  }
}
