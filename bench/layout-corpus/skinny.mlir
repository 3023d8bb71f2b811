// Skinny arrays made by transposes, as front ends produce them from
// structure-of-arrays inputs: points [3,1024] (x, y, z rows) transposed to
// [1024,3], rotated by a [3,3] dense constant with a matmul, their norms
// reduced and broadcast back to normalize; complex numbers [2,2048] (real
// and imaginary rows) transposed to [2048,2], multiplied by a [2,2]
// constant (a complex rotation as a matmul) and squared element-wise; and
// int8 pairs [2,4096] transposed to [4096,2], squared and summed in i32.
// The inputs come in the TPU's tilings for their few rows ({1,0:T(4,128)}
// for 3 rows, {1,0:T(2,128)} and int8 {1,0:T(4,128)(4,1)} for 2): the
// transposed arrays are dense and free only as {0,1:...}, and pad the 2 or
// 3 to 128 in the row-major tiling T(8,128).
#P3 = #tlayout.tiled<{1,0:T(4,128)}>
#P2 = #tlayout.tiled<{1,0:T(2,128)}>
#P2i = #tlayout.tiled<{1,0:T(4,128)(4,1)}>
#id2 = affine_map<(i, j) -> (i, j)>
module attributes {tlayout_tpu.target = #tlayout_tpu.target<"v5e">} {
  func.func private @printMemrefF32(tensor<*xf32>)

  func.func @points(%p: tensor<3x1024xf32> {tlayout.layout = #P3}) -> tensor<1024x3xf32> {
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<1024x3xf32>
    %pt = linalg.transpose ins(%p : tensor<3x1024xf32>) outs(%e : tensor<1024x3xf32>) permutation = [1, 0]
    %rot = arith.constant dense<[[0.0, -1.0, 0.0], [1.0, 0.0, 0.0], [0.0, 0.0, 2.0]]> : tensor<3x3xf32>
    %er = tensor.empty() : tensor<1024x3xf32>
    %racc = linalg.fill ins(%zero : f32) outs(%er : tensor<1024x3xf32>) -> tensor<1024x3xf32>
    %r = linalg.matmul ins(%pt, %rot : tensor<1024x3xf32>, tensor<3x3xf32>) outs(%racc : tensor<1024x3xf32>) -> tensor<1024x3xf32>
    %en = tensor.empty() : tensor<1024xf32>
    %nacc = linalg.fill ins(%zero : f32) outs(%en : tensor<1024xf32>) -> tensor<1024xf32>
    %n2 = linalg.reduce ins(%r : tensor<1024x3xf32>) outs(%nacc : tensor<1024xf32>) dimensions = [1]
      (%in: f32, %init: f32) {
        %sq = arith.mulf %in, %in : f32
        %s = arith.addf %sq, %init : f32
        linalg.yield %s : f32
      }
    %eb = tensor.empty() : tensor<1024x3xf32>
    %n2b = linalg.broadcast ins(%n2 : tensor<1024xf32>) outs(%eb : tensor<1024x3xf32>) dimensions = [1]
    %eu = tensor.empty() : tensor<1024x3xf32>
    %u = linalg.generic {indexing_maps = [#id2, #id2, #id2], iterator_types = ["parallel", "parallel"]}
        ins(%r, %n2b : tensor<1024x3xf32>, tensor<1024x3xf32>) outs(%eu : tensor<1024x3xf32>) {
    ^bb0(%a: f32, %n: f32, %o: f32):
      %one = arith.constant 1.0 : f32
      %d = arith.addf %n, %one : f32
      %q = arith.divf %a, %d : f32
      linalg.yield %q : f32
    } -> tensor<1024x3xf32>
    return %u : tensor<1024x3xf32>
  }

  func.func @complex(%z: tensor<2x2048xf32> {tlayout.layout = #P2}) -> tensor<2048x2xf32> {
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<2048x2xf32>
    %zt = linalg.transpose ins(%z : tensor<2x2048xf32>) outs(%e : tensor<2048x2xf32>) permutation = [1, 0]
    // (re, im) * (0.5 + 0.25i) as a [2,2] matmul.
    %w = arith.constant dense<[[0.5, 0.25], [-0.25, 0.5]]> : tensor<2x2xf32>
    %er = tensor.empty() : tensor<2048x2xf32>
    %racc = linalg.fill ins(%zero : f32) outs(%er : tensor<2048x2xf32>) -> tensor<2048x2xf32>
    %r = linalg.matmul ins(%zt, %w : tensor<2048x2xf32>, tensor<2x2xf32>) outs(%racc : tensor<2048x2xf32>) -> tensor<2048x2xf32>
    %es = tensor.empty() : tensor<2048x2xf32>
    %sq = linalg.mul ins(%r, %r : tensor<2048x2xf32>, tensor<2048x2xf32>) outs(%es : tensor<2048x2xf32>) -> tensor<2048x2xf32>
    return %sq : tensor<2048x2xf32>
  }

  func.func @pairs_i8(%q: tensor<2x4096xi8> {tlayout.layout = #P2i}) -> tensor<2xi32> {
    %e = tensor.empty() : tensor<4096x2xi8>
    %qt = linalg.transpose ins(%q : tensor<2x4096xi8>) outs(%e : tensor<4096x2xi8>) permutation = [1, 0]
    %ew = tensor.empty() : tensor<4096x2xi32>
    %w = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
        ins(%qt : tensor<4096x2xi8>) outs(%ew : tensor<4096x2xi32>) {
    ^bb0(%a: i8, %o: i32):
      %x = arith.extsi %a : i8 to i32
      %m = arith.muli %x, %x : i32
      linalg.yield %m : i32
    } -> tensor<4096x2xi32>
    %zero = arith.constant 0 : i32
    %es = tensor.empty() : tensor<2xi32>
    %acc = linalg.fill ins(%zero : i32) outs(%es : tensor<2xi32>) -> tensor<2xi32>
    %s = linalg.reduce ins(%w : tensor<4096x2xi32>) outs(%acc : tensor<2xi32>) dimensions = [0]
      (%in: i32, %init: i32) {
        %r = arith.addi %in, %init : i32
        linalg.yield %r : i32
      }
    return %s : tensor<2xi32>
  }

  // Column sums and every 64th row of a [n, k] result.
  func.func private @print_1024x3(%x: tensor<1024x3xf32>) {
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<3xf32>
    %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<3xf32>) -> tensor<3xf32>
    %s = linalg.reduce ins(%x : tensor<1024x3xf32>) outs(%acc : tensor<3xf32>) dimensions = [0]
      (%in: f32, %init: f32) {
        %r = arith.addf %in, %init : f32
        linalg.yield %r : f32
      }
    %u = tensor.cast %s : tensor<3xf32> to tensor<*xf32>
    call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
    %sl = tensor.extract_slice %x[0, 0] [16, 3] [64, 1] : tensor<1024x3xf32> to tensor<16x3xf32>
    %v = tensor.cast %sl : tensor<16x3xf32> to tensor<*xf32>
    call @printMemrefF32(%v) : (tensor<*xf32>) -> ()
    return
  }

  func.func @main() {
    %ep = tensor.empty() : tensor<3x1024xf32>
    %p = linalg.generic {indexing_maps = [#id2], iterator_types = ["parallel", "parallel"]}
        outs(%ep : tensor<3x1024xf32>) {
    ^bb0(%o: f32):
      %c = linalg.index 0 : index
      %n = linalg.index 1 : index
      %c5 = arith.constant 5 : index
      %c31 = arith.constant 31 : index
      %c5n = arith.muli %c, %c5 : index
      %s = arith.addi %c5n, %n : index
      %r = arith.remui %s, %c31 : index
      %ri = arith.index_cast %r : index to i32
      %c15 = arith.constant 15 : i32
      %d = arith.subi %ri, %c15 : i32
      %f = arith.sitofp %d : i32 to f32
      %c4 = arith.constant 4.0 : f32
      %v = arith.divf %f, %c4 : f32
      linalg.yield %v : f32
    } -> tensor<3x1024xf32>
    %u = call @points(%p) : (tensor<3x1024xf32>) -> tensor<1024x3xf32>
    call @print_1024x3(%u) : (tensor<1024x3xf32>) -> ()

    %ez = tensor.empty() : tensor<2x2048xf32>
    %z = linalg.generic {indexing_maps = [#id2], iterator_types = ["parallel", "parallel"]}
        outs(%ez : tensor<2x2048xf32>) {
    ^bb0(%o: f32):
      %c = linalg.index 0 : index
      %n = linalg.index 1 : index
      %c7 = arith.constant 7 : index
      %c3 = arith.constant 3 : index
      %c29 = arith.constant 29 : index
      %c7c = arith.muli %c, %c7 : index
      %n3 = arith.muli %n, %c3 : index
      %s = arith.addi %c7c, %n3 : index
      %r = arith.remui %s, %c29 : index
      %ri = arith.index_cast %r : index to i32
      %c14 = arith.constant 14 : i32
      %d = arith.subi %ri, %c14 : i32
      %f = arith.sitofp %d : i32 to f32
      %c8 = arith.constant 8.0 : f32
      %v = arith.divf %f, %c8 : f32
      linalg.yield %v : f32
    } -> tensor<2x2048xf32>
    %w = call @complex(%z) : (tensor<2x2048xf32>) -> tensor<2048x2xf32>
    %zero = arith.constant 0.0 : f32
    %e2 = tensor.empty() : tensor<2xf32>
    %acc = linalg.fill ins(%zero : f32) outs(%e2 : tensor<2xf32>) -> tensor<2xf32>
    %ws = linalg.reduce ins(%w : tensor<2048x2xf32>) outs(%acc : tensor<2xf32>) dimensions = [0]
      (%in: f32, %init: f32) {
        %r = arith.addf %in, %init : f32
        linalg.yield %r : f32
      }
    %wu = tensor.cast %ws : tensor<2xf32> to tensor<*xf32>
    call @printMemrefF32(%wu) : (tensor<*xf32>) -> ()
    %wsl = tensor.extract_slice %w[5, 0] [16, 2] [128, 1] : tensor<2048x2xf32> to tensor<16x2xf32>
    %wv = tensor.cast %wsl : tensor<16x2xf32> to tensor<*xf32>
    call @printMemrefF32(%wv) : (tensor<*xf32>) -> ()

    %eq = tensor.empty() : tensor<2x4096xi8>
    %q = linalg.generic {indexing_maps = [#id2], iterator_types = ["parallel", "parallel"]}
        outs(%eq : tensor<2x4096xi8>) {
    ^bb0(%o: i8):
      %c = linalg.index 0 : index
      %n = linalg.index 1 : index
      %c11 = arith.constant 11 : index
      %c101 = arith.constant 101 : index
      %c11c = arith.muli %c, %c11 : index
      %s = arith.addi %c11c, %n : index
      %r = arith.remui %s, %c101 : index
      %ri = arith.index_cast %r : index to i8
      %c50 = arith.constant 50 : i8
      %d = arith.subi %ri, %c50 : i8
      linalg.yield %d : i8
    } -> tensor<2x4096xi8>
    %qs = call @pairs_i8(%q) : (tensor<2x4096xi8>) -> tensor<2xi32>
    %eqf = tensor.empty() : tensor<2xf32>
    %qsf = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
        ins(%qs : tensor<2xi32>) outs(%eqf : tensor<2xf32>) {
    ^bb0(%a: i32, %o: f32):
      %f = arith.sitofp %a : i32 to f32
      linalg.yield %f : f32
    } -> tensor<2xf32>
    %qu = tensor.cast %qsf : tensor<2xf32> to tensor<*xf32>
    call @printMemrefF32(%qu) : (tensor<*xf32>) -> ()
    return
  }
}
