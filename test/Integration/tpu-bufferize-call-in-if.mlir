// A function that writes its argument in place (linalg.generic outs and
// tensor.insert), called under an scf.if of a function whose arguments and
// result have three other layouts, and called directly: through
// --tlayout-tpu-bufferize-pipeline and through the generic passes, every
// buffer prints what the program without layouts prints (the argument %a
// is copied before the in-place write, as one-shot bufferization does).
// Found by an adversarial hunt: upstream's --buffer-deallocation-simplification
// crashed (BufferOriginAnalysis) on what the ownership-based deallocation
// left without a canonicalization; the pipeline now runs CSE before it.
// Failed before its fix: tlayout-opt %s --tlayout-tpu-bufferize-pipeline
// RUN: tlayout-opt %s --tlayout-tpu-bufferize-pipeline | %{run} | FileCheck %s
// RUN: tlayout-opt %s --tlayout-propagate-tensor-layouts \
// RUN:   --tlayout-bufferize-tensor-encodings --convert-linalg-to-affine-loops \
// RUN:   %{lower_to_llvm} | %{run} | FileCheck %s

// CHECK:      {{\[\[}}1,   2,   3,   4,   5,   6,   7,   8,   9,   10],
// CHECK:       [51,   52,   53,   54,   55,   56,   57,   58,   59,   -77]]
// CHECK:      {{\[\[}}100,   101,   102,   103,   104,   105,   106,   107,   108,   109],
// CHECK:       [150,   151,   152,   153,   154,   155,   156,   157,   158,   159]]
// CHECK:      {{\[\[}}1,   2,   3,   4,   5,   6,   7,   8,   9,   10],
// CHECK:       [51,   52,   53,   54,   55,   56,   57,   58,   59,   -77]]
// CHECK:      {{\[\[}}0,   1,   2,   3,   4,   5,   6,   7,   8,   9],
// CHECK:       [50,   51,   52,   53,   54,   55,   56,   57,   58,   59]]
// CHECK:      {{\[\[}}100,   101,   102,   103,   104,   105,   106,   107,   108,   109],
// CHECK:       [150,   151,   152,   153,   154,   155,   156,   157,   158,   159]]

#LT = #tlayout.tiled<{1,0:T(8,128)}>
#LC = #tlayout.tiled<{0,1:T(8,128)}>
#LS = #tlayout.tiled<{1,0:T(2,3)}>
#LD = #tlayout.dims<[1, 0, 1:packed(4)]>
#id = affine_map<(i, j) -> (i, j)>
func.func private @printMemrefF32(memref<*xf32>)
func.func @pr(%t: tensor<6x10xf32>) {
  %m = bufferization.to_buffer %t : tensor<6x10xf32> to memref<6x10xf32>
  %u = memref.cast %m : memref<6x10xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}
// Writes into its argument in place (outs = %a).
func.func @inc(%a: tensor<6x10xf32> {tlayout.layout = #LC}) -> (tensor<6x10xf32> {tlayout.layout = #LC}) {
  %one = arith.constant 1.0 : f32
  %r = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]} outs(%a : tensor<6x10xf32>) {
  ^bb0(%o: f32):
    %s = arith.addf %o, %one : f32
    linalg.yield %s : f32
  } -> tensor<6x10xf32>
  %c5 = arith.constant 5 : index
  %c9 = arith.constant 9 : index
  %v = arith.constant -77.0 : f32
  %r2 = tensor.insert %v into %r[%c5, %c9] : tensor<6x10xf32>
  return %r2 : tensor<6x10xf32>
}
func.func @sel(%p: i1, %a: tensor<6x10xf32> {tlayout.layout = #LS}, %b: tensor<6x10xf32> {tlayout.layout = #LT}) -> (tensor<6x10xf32> {tlayout.layout = #LD}) {
  %r = scf.if %p -> tensor<6x10xf32> {
    %x = func.call @inc(%a) : (tensor<6x10xf32>) -> tensor<6x10xf32>
    scf.yield %x : tensor<6x10xf32>
  } else {
    scf.yield %b : tensor<6x10xf32>
  }
  return %r : tensor<6x10xf32>
}
func.func @mk(%base: f32) -> tensor<6x10xf32> {
  %e = tensor.empty() : tensor<6x10xf32>
  %r = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]} outs(%e : tensor<6x10xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %v = affine.apply affine_map<(i, j) -> (i * 10 + j)>(%i, %j)
    %vi = arith.index_cast %v : index to i32
    %f = arith.sitofp %vi : i32 to f32
    %g = arith.addf %f, %base : f32
    linalg.yield %g : f32
  } -> tensor<6x10xf32>
  return %r : tensor<6x10xf32>
}
func.func @main() {
  %t = arith.constant true
  %f = arith.constant false
  %z = arith.constant 0.0 : f32
  %h = arith.constant 100.0 : f32
  %a = call @mk(%z) : (f32) -> tensor<6x10xf32>
  %b = call @mk(%h) : (f32) -> tensor<6x10xf32>
  %r1 = call @sel(%t, %a, %b) : (i1, tensor<6x10xf32>, tensor<6x10xf32>) -> tensor<6x10xf32>
  %r2 = call @sel(%f, %a, %b) : (i1, tensor<6x10xf32>, tensor<6x10xf32>) -> tensor<6x10xf32>
  %r3 = call @inc(%a) : (tensor<6x10xf32>) -> tensor<6x10xf32>
  call @pr(%r1) : (tensor<6x10xf32>) -> ()
  call @pr(%r2) : (tensor<6x10xf32>) -> ()
  call @pr(%r3) : (tensor<6x10xf32>) -> ()
  call @pr(%a) : (tensor<6x10xf32>) -> ()
  call @pr(%b) : (tensor<6x10xf32>) -> ()
  return
}
