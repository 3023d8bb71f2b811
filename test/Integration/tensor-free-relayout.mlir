// A relayout between two layouts that place every element alike (row-major
// and {1,0:T(8,128)} on 8x128, {1,0:T(1,128)} on 1x256) moves nothing: it
// bufferizes to a tlayout.cast of its source's buffer, a view, and the
// analysis treats the result as an alias of the source. Writes into such a
// view while the source is read later get the analysis' copy, and a
// relayout that moves bytes (another tiling) or a relayout to its own type
// (an out-of-place copy) still copies. The program prints what the same
// program without layouts prints, bufferized and lowered by upstream alone.
// RUN: tlayout-opt %s --tlayout-bufferize-tensor-encodings --convert-linalg-to-affine-loops \
// RUN:   %{lower_to_llvm} | %{run} | grep -v base@ > %t.tiled
// RUN: sed -E -e 's/, #[RTUV]>/>/g' -e 's/tlayout.relayout (%[a-z0-9]+) : (tensor<[^>]*>) to/tensor.cast \1 : \2 to/' %s | tlayout-opt \
// RUN:   "--one-shot-bufferize=bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" \
// RUN:   --convert-linalg-to-loops --convert-bufferization-to-memref --expand-strided-metadata \
// RUN:   --lower-affine --convert-scf-to-cf --convert-to-llvm --reconcile-unrealized-casts | %{run} | grep -v base@ > %t.ref
// RUN: diff %t.tiled %t.ref
// RUN: FileCheck %s < %t.ref
// RUN: sed -E 's/, #[RTUV]>/>/g' %s | not grep -E 'tensor<[^>]*, #'
// RUN: tlayout-opt %s --tlayout-bufferize-tensor-encodings | FileCheck %s --check-prefix=IR
// IR-LABEL: func.func @scaled(
// IR-SAME:    %[[X:.*]]: memref<8x128xf32>
// IR:         %[[V:.*]] = tlayout.cast %[[X]] : memref<8x128xf32> to memref<8x128xf32, #tlayout.tiled<{1,0:T(8,128)}>>
// IR:         linalg.generic {{.*}} ins(%[[V]] :
// IR-LABEL: func.func @overwrite(
// IR-SAME:    %[[X:.*]]: memref<8x128xf32>
// The fill writes into the view while %x is returned: the analysis copies.
// IR:         memref.alloc
// IR:         linalg.fill
// IR:         return
// IR-LABEL: func.func @retiled(
// IR:         memref.alloc() {{.*}} : memref<8x128xf32, #tlayout.tiled<{0,1:T(8,128)}>>
// IR:         tlayout.copy
// IR-LABEL: func.func @row(
// IR:         tlayout.cast %{{.*}} : memref<1x256xf32> to memref<1x256xf32, #tlayout.tiled<{1,0:T(1,128)}>>
// IR-NOT:     tlayout.copy
// IR:         return

#R = #tlayout.tiled<{1,0:T(8,128)}>
#T = #tlayout.tiled<{0,1:T(8,128)}>
#U = #tlayout.tiled<{1,0:T(1,128)}>
#id = affine_map<(i, j) -> (i, j)>

func.func private @printMemrefF32(memref<*xf32>)

func.func @print(%t: tensor<8x128xf32>) {
  %m = bufferization.to_buffer %t : tensor<8x128xf32> to memref<8x128xf32>
  %u = memref.cast %m : memref<8x128xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}

// 1000 i + j.
func.func @iota() -> tensor<8x128xf32> {
  %e = tensor.empty() : tensor<8x128xf32>
  %f = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]}
    outs(%e : tensor<8x128xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %c1000 = arith.constant 1000 : index
    %x = arith.muli %i, %c1000 : index
    %s = arith.addi %x, %j : index
    %v = arith.index_cast %s : index to i32
    %w = arith.sitofp %v : i32 to f32
    linalg.yield %w : f32
  } -> tensor<8x128xf32>
  return %f : tensor<8x128xf32>
}

// Reads through the view: 2 x.
func.func @scaled(%x: tensor<8x128xf32>) -> tensor<8x128xf32> {
  %v = tlayout.relayout %x : tensor<8x128xf32> to tensor<8x128xf32, #R>
  %e = tensor.empty() : tensor<8x128xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
    ins(%v : tensor<8x128xf32, #R>) outs(%e : tensor<8x128xf32>) {
  ^bb0(%a: f32, %o: f32):
    %s = arith.addf %a, %a : f32
    linalg.yield %s : f32
  } -> tensor<8x128xf32>
  return %r : tensor<8x128xf32>
}

// Writes into the view while the source is still returned: the source
// must keep its values.
func.func @overwrite(%x: tensor<8x128xf32>) -> (tensor<8x128xf32>, tensor<8x128xf32>) {
  %v = tlayout.relayout %x : tensor<8x128xf32> to tensor<8x128xf32, #R>
  %c = arith.constant 7.0 : f32
  %f = linalg.fill ins(%c : f32) outs(%v : tensor<8x128xf32, #R>) -> tensor<8x128xf32, #R>
  %b = tlayout.relayout %f : tensor<8x128xf32, #R> to tensor<8x128xf32>
  return %b, %x : tensor<8x128xf32>, tensor<8x128xf32>
}

// Another tiling moves bytes: a copy, and back.
func.func @retiled(%x: tensor<8x128xf32>) -> tensor<8x128xf32> {
  %t = tlayout.relayout %x : tensor<8x128xf32> to tensor<8x128xf32, #T>
  %b = tlayout.relayout %t : tensor<8x128xf32, #T> to tensor<8x128xf32>
  return %b : tensor<8x128xf32>
}

// A 1x256 row in {1,0:T(1,128)}: the same bytes as row-major; its sum.
func.func @row(%x: tensor<1x256xf32>) -> f32 {
  %v = tlayout.relayout %x : tensor<1x256xf32> to tensor<1x256xf32, #U>
  %z = arith.constant 0.0 : f32
  %acc0 = tensor.empty() : tensor<f32>
  %acc = linalg.fill ins(%z : f32) outs(%acc0 : tensor<f32>) -> tensor<f32>
  %r = linalg.generic {indexing_maps = [#id, affine_map<(i, j) -> ()>], iterator_types = ["reduction", "reduction"]}
    ins(%v : tensor<1x256xf32, #U>) outs(%acc : tensor<f32>) {
  ^bb0(%a: f32, %o: f32):
    %s = arith.addf %a, %o : f32
    linalg.yield %s : f32
  } -> tensor<f32>
  %s = tensor.extract %r[] : tensor<f32>
  return %s : f32
}

func.func @main() {
  %x = call @iota() : () -> tensor<8x128xf32>
  // CHECK: [0,{{ +}}2,{{ +}}4,
  // CHECK: [14000,{{ +}}14002,
  %d = call @scaled(%x) : (tensor<8x128xf32>) -> tensor<8x128xf32>
  call @print(%d) : (tensor<8x128xf32>) -> ()
  // CHECK: [7,{{ +}}7,{{ +}}7,
  // CHECK: [0,{{ +}}1,{{ +}}2,
  // CHECK: [7000,{{ +}}7001,
  %f, %y = call @overwrite(%x) : (tensor<8x128xf32>) -> (tensor<8x128xf32>, tensor<8x128xf32>)
  call @print(%f) : (tensor<8x128xf32>) -> ()
  call @print(%y) : (tensor<8x128xf32>) -> ()
  // CHECK: [1000,{{ +}}1001,
  %t = call @retiled(%x) : (tensor<8x128xf32>) -> tensor<8x128xf32>
  call @print(%t) : (tensor<8x128xf32>) -> ()
  // 0 + 1 + ... + 255 = 32640.
  // CHECK: 32640
  %row = tensor.extract_slice %x[0, 0] [1, 128] [1, 1] : tensor<8x128xf32> to tensor<1x128xf32>
  %e = tensor.empty() : tensor<1x256xf32>
  %lo = tensor.insert_slice %row into %e[0, 0] [1, 128] [1, 1] : tensor<1x128xf32> into tensor<1x256xf32>
  %c128 = arith.constant 128.0 : f32
  %shift = tensor.empty() : tensor<1x128xf32>
  %hi = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
    ins(%row : tensor<1x128xf32>) outs(%shift : tensor<1x128xf32>) {
  ^bb0(%a: f32, %o: f32):
    %h = arith.addf %a, %c128 : f32
    linalg.yield %h : f32
  } -> tensor<1x128xf32>
  %full = tensor.insert_slice %hi into %lo[0, 128] [1, 128] [1, 1] : tensor<1x128xf32> into tensor<1x256xf32>
  %sum = call @row(%full) : (tensor<1x256xf32>) -> f32
  vector.print %sum : f32
  return
}
