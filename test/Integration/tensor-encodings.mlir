// Kernels on tensors whose layouts are fixed at their boundaries (bf16, int8
// and f32; element-wise, matmul, reductions, slices, a loop carrying a
// tensor, and a relayout at a function boundary), through
// --tlayout-tpu-bufferize-pipeline
// and through the generic passes lowered with --tlayout-lower-to-llvm: both
// print what the same program without encodings prints, bufferized and
// lowered by upstream's passes alone. The buffers carry the encodings'
// layouts (IR).
// RUN: tlayout-opt %s --tlayout-tpu-bufferize-pipeline | %{run} > %t.tpu
// RUN: tlayout-opt %s --tlayout-propagate-tensor-layouts --tlayout-bufferize-tensor-encodings \
// RUN:   --convert-linalg-to-affine-loops %{lower_to_llvm} | %{run} > %t.generic
// RUN: sed -E 's/ \{tlayout.layout = #[A-Za-z]+\}//g' %s | tlayout-opt \
// RUN:   "--one-shot-bufferize=bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" \
// RUN:   --convert-linalg-to-loops --buffer-deallocation-pipeline --convert-bufferization-to-memref --expand-strided-metadata \
// RUN:   --lower-affine --convert-scf-to-cf --convert-to-llvm --reconcile-unrealized-casts | %{run} > %t.ref
// RUN: diff %t.tpu %t.ref
// RUN: diff %t.generic %t.ref
// RUN: FileCheck %s < %t.ref
// RUN: tlayout-opt %s --tlayout-propagate-tensor-layouts --tlayout-bufferize-tensor-encodings \
// RUN:   | FileCheck %s --check-prefix=IR
// The sed above must have removed every layout.
// RUN: sed -E 's/ \{tlayout.layout = #[A-Za-z]+\}//g' %s | not grep -E 'tlayout.layout = #[A-Z]'
// The relayouts: at @transpose_layout's return, and where @main's values
// meet ops that keep their types (tensor.cast) or calls with other layouts.
// RUN: tlayout-opt %s --tlayout-propagate-tensor-layouts -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK

#Tb = #tlayout.tiled<{1,0:T(8,128)(2,1)}>
#Ti = #tlayout.tiled<{1,0:T(8,128)(4,1)}>
#Tf = #tlayout.tiled<{1,0:T(8,128)}>
#Tcol = #tlayout.tiled<{0,1:T(4,128)}>
#Tv = #tlayout.tiled<{0:T(128)}>
#Dp = #tlayout.dims<[1, 0, 1:packed(4)]>
#id = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>
#all = affine_map<(i, j) -> ()>

// c = (a + b) * a, element-wise in bf16.
func.func @ew_bf16(%a: tensor<16x300xbf16> {tlayout.layout = #Tb}, %b: tensor<16x300xbf16> {tlayout.layout = #Tb}) -> (tensor<16x300xbf16> {tlayout.layout = #Tb}) {
  %e = tensor.empty() : tensor<16x300xbf16>
  %r = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : tensor<16x300xbf16>, tensor<16x300xbf16>) outs(%e : tensor<16x300xbf16>) {
  ^bb0(%x: bf16, %y: bf16, %o: bf16):
    %s = arith.addf %x, %y : bf16
    %m = arith.mulf %s, %x : bf16
    linalg.yield %m : bf16
  } -> tensor<16x300xbf16>
  return %r : tensor<16x300xbf16>
}

// int8 operands accumulated in i32; the accumulator's layout comes from the
// result type.
func.func @matmul_i8(%a: tensor<20x136xi8> {tlayout.layout = #Ti}, %b: tensor<136x200xi8> {tlayout.layout = #Ti}) -> (tensor<20x200xi32> {tlayout.layout = #Tf}) {
  %zero = arith.constant 0 : i32
  %e = tensor.empty() : tensor<20x200xi32>
  %c = linalg.fill ins(%zero : i32) outs(%e : tensor<20x200xi32>) -> tensor<20x200xi32>
  %r = linalg.matmul ins(%a, %b : tensor<20x136xi8>, tensor<136x200xi8>)
                     outs(%c : tensor<20x200xi32>) -> tensor<20x200xi32>
  return %r : tensor<20x200xi32>
}

// Row sums of an f32 matrix in physical dimensions, into a tiled vector.
func.func @rowsum_f32(%a: tensor<24x130xf32> {tlayout.layout = #Dp}) -> (tensor<24xf32> {tlayout.layout = #Tv}) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<24xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<24xf32>) -> tensor<24xf32>
  %r = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<24x130xf32>) outs(%c : tensor<24xf32>) {
  ^bb0(%x: f32, %o: f32):
    %s = arith.addf %o, %x : f32
    linalg.yield %s : f32
  } -> tensor<24xf32>
  return %r : tensor<24xf32>
}

// Rows 8-15 plus one, written over rows 24-31; every other column of row 3
// (a rank-reducing, strided slice) written into row 0 at offset 1.
func.func @slices_f32(%a: tensor<32x256xf32> {tlayout.layout = #Tf}) -> (tensor<32x256xf32> {tlayout.layout = #Tf}) {
  %one = arith.constant 1.0 : f32
  %s = tensor.extract_slice %a[8, 0] [8, 256] [1, 1] : tensor<32x256xf32> to tensor<8x256xf32>
  %e = tensor.empty() : tensor<8x256xf32>
  %p = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%s : tensor<8x256xf32>) outs(%e : tensor<8x256xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = arith.addf %x, %one : f32
    linalg.yield %y : f32
  } -> tensor<8x256xf32>
  %w = tensor.insert_slice %p into %a[24, 0] [8, 256] [1, 1] : tensor<8x256xf32> into tensor<32x256xf32>
  %r = tensor.extract_slice %w[3, 0] [1, 100] [1, 2] : tensor<32x256xf32> to tensor<100xf32>
  %z = tensor.insert_slice %r into %w[0, 1] [1, 100] [1, 1] : tensor<100xf32> into tensor<32x256xf32>
  return %z : tensor<32x256xf32>
}

// acc = acc * 0.5 + a, n times, the accumulator carried by scf.for.
func.func @loop_f32(%a: tensor<16x256xf32> {tlayout.layout = #Tf}, %n: index) -> (tensor<16x256xf32> {tlayout.layout = #Tf}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %half = arith.constant 0.5 : f32
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x256xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<16x256xf32>) -> tensor<16x256xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> tensor<16x256xf32> {
    %q = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
        ins(%a : tensor<16x256xf32>) outs(%acc : tensor<16x256xf32>) {
    ^bb0(%x: f32, %o: f32):
      %h = arith.mulf %o, %half : f32
      %s = arith.addf %h, %x : f32
      linalg.yield %s : f32
    } -> tensor<16x256xf32>
    scf.yield %q : tensor<16x256xf32>
  }
  return %r : tensor<16x256xf32>
}

// The argument's layout is not the result's: a relayout where they meet.
func.func @transpose_layout(%a: tensor<24x130xf32> {tlayout.layout = #Dp}) -> (tensor<24x130xf32> {tlayout.layout = #Tcol}) {
  return %a : tensor<24x130xf32>
}

// Inputs: v[i][j] = (7 i + j) mod 11 - 5, in every element type.
func.func @input_f32() -> tensor<32x300xf32> {
  %e = tensor.empty() : tensor<32x300xf32>
  %r = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]}
      outs(%e : tensor<32x300xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %v = affine.apply affine_map<(i, j) -> ((i * 7 + j) mod 11 - 5)>(%i, %j)
    %vi = arith.index_cast %v : index to i32
    %f = arith.sitofp %vi : i32 to f32
    linalg.yield %f : f32
  } -> tensor<32x300xf32>
  return %r : tensor<32x300xf32>
}

func.func @sum_f32(%t: tensor<?x?xf32>) -> f32 {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<f32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<f32>) -> tensor<f32>
  %r = linalg.generic {indexing_maps = [#id, #all], iterator_types = ["reduction", "reduction"]}
      ins(%t : tensor<?x?xf32>) outs(%c : tensor<f32>) {
  ^bb0(%x: f32, %o: f32):
    %s = arith.addf %o, %x : f32
    linalg.yield %s : f32
  } -> tensor<f32>
  %v = tensor.extract %r[] : tensor<f32>
  return %v : f32
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c9 = arith.constant 9 : index
  %c26 = arith.constant 26 : index
  %c130 = arith.constant 130 : index
  %in = call @input_f32() : () -> tensor<32x300xf32>

  // bf16 element-wise.
  %af = tensor.extract_slice %in[0, 0] [16, 300] [1, 1] : tensor<32x300xf32> to tensor<16x300xf32>
  %bf = tensor.extract_slice %in[16, 0] [16, 300] [1, 1] : tensor<32x300xf32> to tensor<16x300xf32>
  %eb = tensor.empty() : tensor<16x300xbf16>
  %ab = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%af : tensor<16x300xf32>) outs(%eb : tensor<16x300xbf16>) {
  ^bb0(%x: f32, %o: bf16):
    %t = arith.truncf %x : f32 to bf16
    linalg.yield %t : bf16
  } -> tensor<16x300xbf16>
  %bb = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%bf : tensor<16x300xf32>) outs(%eb : tensor<16x300xbf16>) {
  ^bb0(%x: f32, %o: bf16):
    %t = arith.truncf %x : f32 to bf16
    linalg.yield %t : bf16
  } -> tensor<16x300xbf16>
  %cb = call @ew_bf16(%ab, %bb) : (tensor<16x300xbf16>, tensor<16x300xbf16>) -> tensor<16x300xbf16>
  %ef = tensor.empty() : tensor<16x300xf32>
  %cbf = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%cb : tensor<16x300xbf16>) outs(%ef : tensor<16x300xf32>) {
  ^bb0(%x: bf16, %o: f32):
    %t = arith.extf %x : bf16 to f32
    linalg.yield %t : f32
  } -> tensor<16x300xf32>
  %cbd = tensor.cast %cbf : tensor<16x300xf32> to tensor<?x?xf32>
  %s1 = call @sum_f32(%cbd) : (tensor<?x?xf32>) -> f32
  vector.print %s1 : f32
  %x1 = tensor.extract %cb[%c9, %c130] : tensor<16x300xbf16>
  %x1f = arith.extf %x1 : bf16 to f32
  vector.print %x1f : f32

  // int8 matmul.
  %ea = tensor.empty() : tensor<20x136xi8>
  %in20 = tensor.extract_slice %in[0, 0] [20, 136] [1, 1] : tensor<32x300xf32> to tensor<20x136xf32>
  %ai = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%in20 : tensor<20x136xf32>) outs(%ea : tensor<20x136xi8>) {
  ^bb0(%x: f32, %o: i8):
    %t = arith.fptosi %x : f32 to i8
    linalg.yield %t : i8
  } -> tensor<20x136xi8>
  %ebm = tensor.empty() : tensor<136x200xi8>
  // B[k][j] = (k + 3 j) mod 9 - 4.
  %bi = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]}
      outs(%ebm : tensor<136x200xi8>) {
  ^bb0(%o: i8):
    %k = linalg.index 0 : index
    %j = linalg.index 1 : index
    %v = affine.apply affine_map<(k, j) -> ((k + j * 3) mod 9 - 4)>(%k, %j)
    %t = arith.index_cast %v : index to i8
    linalg.yield %t : i8
  } -> tensor<136x200xi8>
  %ci = call @matmul_i8(%ai, %bi) : (tensor<20x136xi8>, tensor<136x200xi8>) -> tensor<20x200xi32>
  %eci = tensor.empty() : tensor<20x200xf32>
  %cif = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%ci : tensor<20x200xi32>) outs(%eci : tensor<20x200xf32>) {
  ^bb0(%x: i32, %o: f32):
    %t = arith.sitofp %x : i32 to f32
    linalg.yield %t : f32
  } -> tensor<20x200xf32>
  %cid = tensor.cast %cif : tensor<20x200xf32> to tensor<?x?xf32>
  %s2 = call @sum_f32(%cid) : (tensor<?x?xf32>) -> f32
  vector.print %s2 : f32
  %x2 = tensor.extract %ci[%c9, %c130] : tensor<20x200xi32>
  vector.print %x2 : i32

  // f32 row sums, in physical dimensions in and tiled out.
  %a3 = tensor.extract_slice %in[5, 100] [24, 130] [1, 1] : tensor<32x300xf32> to tensor<24x130xf32>
  %rs = call @rowsum_f32(%a3) : (tensor<24x130xf32>) -> tensor<24xf32>
  %x3 = tensor.extract %rs[%c5] : tensor<24xf32>
  vector.print %x3 : f32
  %x4 = tensor.extract %rs[%c9] : tensor<24xf32>
  vector.print %x4 : f32

  // Slices.
  %a4 = tensor.extract_slice %in[0, 10] [32, 256] [1, 1] : tensor<32x300xf32> to tensor<32x256xf32>
  %sl = call @slices_f32(%a4) : (tensor<32x256xf32>) -> tensor<32x256xf32>
  %esl = tensor.empty() : tensor<32x256xf32>
  %slc = linalg.copy ins(%sl : tensor<32x256xf32>) outs(%esl : tensor<32x256xf32>) -> tensor<32x256xf32>
  %sld = tensor.cast %slc : tensor<32x256xf32> to tensor<?x?xf32>
  %s5 = call @sum_f32(%sld) : (tensor<?x?xf32>) -> f32
  vector.print %s5 : f32
  %x5 = tensor.extract %sl[%c26, %c9] : tensor<32x256xf32>
  vector.print %x5 : f32
  %x6 = tensor.extract %sl[%c0, %c3] : tensor<32x256xf32>
  vector.print %x6 : f32

  // A loop over tensors.
  %a5 = tensor.extract_slice %in[16, 20] [16, 256] [1, 1] : tensor<32x300xf32> to tensor<16x256xf32>
  %lp = call @loop_f32(%a5, %c5) : (tensor<16x256xf32>, index) -> tensor<16x256xf32>
  %x7 = tensor.extract %lp[%c9, %c130] : tensor<16x256xf32>
  vector.print %x7 : f32
  %elp = tensor.empty() : tensor<16x256xf32>
  %lpc = linalg.copy ins(%lp : tensor<16x256xf32>) outs(%elp : tensor<16x256xf32>) -> tensor<16x256xf32>
  %lpd = tensor.cast %lpc : tensor<16x256xf32> to tensor<?x?xf32>
  %s6 = call @sum_f32(%lpd) : (tensor<?x?xf32>) -> f32
  vector.print %s6 : f32

  // A relayout at a function boundary.
  %tl = call @transpose_layout(%a3) : (tensor<24x130xf32>) -> tensor<24x130xf32>
  %c23 = arith.constant 23 : index
  %c129 = arith.constant 129 : index
  %x8 = tensor.extract %tl[%c9, %c5] : tensor<24x130xf32>
  vector.print %x8 : f32
  %x9 = tensor.extract %tl[%c23, %c129] : tensor<24x130xf32>
  vector.print %x9 : f32
  %etl = tensor.empty() : tensor<24x130xf32>
  %tlc = linalg.copy ins(%tl : tensor<24x130xf32>) outs(%etl : tensor<24x130xf32>) -> tensor<24x130xf32>
  %tld = tensor.cast %tlc : tensor<24x130xf32> to tensor<?x?xf32>
  %s7 = call @sum_f32(%tld) : (tensor<?x?xf32>) -> f32
  vector.print %s7 : f32
  return
}

// CHECK:      52856
// CHECK-NEXT: 4
// CHECK-NEXT: -1427
// CHECK-NEXT: 31
// CHECK-NEXT: 3
// CHECK-NEXT: -9
// CHECK-NEXT: 2056
// CHECK-NEXT: -3
// CHECK-NEXT: -3
// CHECK-NEXT: 1.9375
// CHECK-NEXT: -7.75
// CHECK-NEXT: 0
// CHECK-NEXT: 2
// CHECK-NEXT: 0

// The kernels' buffers have the layouts of their boundaries; their
// allocations too.
// IR-LABEL: func.func @ew_bf16(%{{.*}}: memref<16x300xbf16, #tlayout.tiled<{1,0:T(8,128)(2,1)}>>, %{{.*}}: memref<16x300xbf16, #tlayout.tiled<{1,0:T(8,128)(2,1)}>>) -> memref<16x300xbf16, #tlayout.tiled<{1,0:T(8,128)(2,1)}>>
// IR:       memref.alloc() {{.*}} : memref<16x300xbf16, #tlayout.tiled<{1,0:T(8,128)(2,1)}>>
// IR-LABEL: func.func @matmul_i8(%{{.*}}: memref<20x136xi8, #tlayout.tiled<{1,0:T(8,128)(4,1)}>>, %{{.*}}: memref<136x200xi8, #tlayout.tiled<{1,0:T(8,128)(4,1)}>>) -> memref<20x200xi32, #tlayout.tiled<{1,0:T(8,128)}>>
// IR:       memref.alloc() {{.*}} : memref<20x200xi32, #tlayout.tiled<{1,0:T(8,128)}>>
// IR:       linalg.fill {{.*}} outs(%{{.*}} : memref<20x200xi32, #tlayout.tiled<{1,0:T(8,128)}>>)
// IR:       linalg.matmul
// IR-LABEL: func.func @rowsum_f32(%{{.*}}: memref<24x130xf32, #tlayout.dims<[1, 0, 1:packed(4)]>>) -> memref<24xf32, #tlayout.tiled<{0:T(128)}>>
// IR-LABEL: func.func @slices_f32(
// IR:       memref.alloc() {{.*}} : memref<8x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>
// IR-NOT:   memref.subview
// IR-LABEL: func.func @loop_f32(
// IR:       scf.for {{.*}} iter_args(%{{.*}} = %{{.*}}) -> (memref<16x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>)
// IR-LABEL: func.func @transpose_layout(
// IR:       %[[NEW:.*]] = memref.alloc() {{.*}} : memref<24x130xf32, #tlayout.tiled<{0,1:T(4,128)}>>
// IR:       tlayout.copy %{{.*}}, %[[NEW]] : memref<24x130xf32, #tlayout.dims<[1, 0, 1:packed(4)]>> to memref<24x130xf32, #tlayout.tiled<{0,1:T(4,128)}>>
// IR:       return %[[NEW]]
// @main computes the kernels' inputs in their layouts: no relayout there.
// IR-LABEL: func.func @main()
// IR-NOT:   tlayout.copy

// REMARK: tensor-encodings.mlir:116:3: remark: relayout of 'tensor<24x130xf32, #tlayout.dims<[1, 0, 1:packed(4)]>>' to 'tensor<24x130xf32, #tlayout.tiled<{0,1:T(4,128)}>>': 67584 bytes
// REMARK-NOT: remark
