// A matmul on tensors, bf16 accumulated in f32 and int8 accumulated in i32,
// through --tlayout-tpu-bufferize-pipeline: it prints what the same program
// prints bufferized and lowered by upstream's passes alone (untiled), its
// buffers get the TPU layouts, and every buffer @main gets is freed there.
// RUN: tlayout-opt %s --tlayout-tpu-bufferize-pipeline | %{run} > %t.tpu
// RUN: tlayout-opt %s "--one-shot-bufferize=bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" \
// RUN:   --convert-linalg-to-loops --buffer-deallocation-pipeline --expand-strided-metadata \
// RUN:   --lower-affine --convert-scf-to-cf --convert-to-llvm --reconcile-unrealized-casts | %{run} > %t.ref
// RUN: diff %t.tpu %t.ref
// RUN: FileCheck %s < %t.tpu
// RUN: tlayout-opt %s --tlayout-tpu-bufferize-pipeline --mlir-print-ir-after=tlayout-assign-tpu-layouts \
// RUN:   -o /dev/null 2>&1 | FileCheck %s --check-prefix=IR
// RUN: tlayout-opt %s --tlayout-tpu-bufferize-pipeline --mlir-print-ir-after=cse \
// RUN:   -o /dev/null 2>&1 | FileCheck %s --check-prefix=FREE

#id = affine_map<(i, j) -> (i, j)>

// C = A B with bf16 operands accumulated in f32, and with i8 operands
// accumulated in i32 (linalg.matmul extends each operand to the result's
// type, signed for integers).
func.func @matmul_bf16(%a: tensor<20x136xbf16>, %b: tensor<136x200xbf16>) -> tensor<20x200xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<20x200xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<20x200xf32>) -> tensor<20x200xf32>
  %r = linalg.matmul ins(%a, %b : tensor<20x136xbf16>, tensor<136x200xbf16>)
                     outs(%c : tensor<20x200xf32>) -> tensor<20x200xf32>
  return %r : tensor<20x200xf32>
}

func.func @matmul_i8(%a: tensor<20x136xi8>, %b: tensor<136x200xi8>) -> tensor<20x200xi32> {
  %zero = arith.constant 0 : i32
  %e = tensor.empty() : tensor<20x200xi32>
  %c = linalg.fill ins(%zero : i32) outs(%e : tensor<20x200xi32>) -> tensor<20x200xi32>
  %r = linalg.matmul ins(%a, %b : tensor<20x136xi8>, tensor<136x200xi8>)
                     outs(%c : tensor<20x200xi32>) -> tensor<20x200xi32>
  return %r : tensor<20x200xi32>
}

// A[i][k] = (7 i + k) mod 11 - 5, B[k][j] = (k + 3 j) mod 9 - 4.
func.func @inputs_bf16() -> (tensor<20x136xbf16>, tensor<136x200xbf16>) {
  %ea = tensor.empty() : tensor<20x136xbf16>
  %a = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]}
      outs(%ea : tensor<20x136xbf16>) {
  ^bb0(%o: bf16):
    %i = linalg.index 0 : index
    %k = linalg.index 1 : index
    %v = affine.apply affine_map<(i, k) -> ((i * 7 + k) mod 11 - 5)>(%i, %k)
    %vi = arith.index_cast %v : index to i32
    %f = arith.sitofp %vi : i32 to bf16
    linalg.yield %f : bf16
  } -> tensor<20x136xbf16>
  %eb = tensor.empty() : tensor<136x200xbf16>
  %b = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]}
      outs(%eb : tensor<136x200xbf16>) {
  ^bb0(%o: bf16):
    %k = linalg.index 0 : index
    %j = linalg.index 1 : index
    %v = affine.apply affine_map<(k, j) -> ((k + j * 3) mod 9 - 4)>(%k, %j)
    %vi = arith.index_cast %v : index to i32
    %f = arith.sitofp %vi : i32 to bf16
    linalg.yield %f : bf16
  } -> tensor<136x200xbf16>
  return %a, %b : tensor<20x136xbf16>, tensor<136x200xbf16>
}

func.func @inputs_i8() -> (tensor<20x136xi8>, tensor<136x200xi8>) {
  %ea = tensor.empty() : tensor<20x136xi8>
  %a = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]}
      outs(%ea : tensor<20x136xi8>) {
  ^bb0(%o: i8):
    %i = linalg.index 0 : index
    %k = linalg.index 1 : index
    %v = affine.apply affine_map<(i, k) -> ((i * 7 + k) mod 11 - 5)>(%i, %k)
    %vi = arith.index_cast %v : index to i8
    linalg.yield %vi : i8
  } -> tensor<20x136xi8>
  %eb = tensor.empty() : tensor<136x200xi8>
  %b = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]}
      outs(%eb : tensor<136x200xi8>) {
  ^bb0(%o: i8):
    %k = linalg.index 0 : index
    %j = linalg.index 1 : index
    %v = affine.apply affine_map<(k, j) -> ((k + j * 3) mod 9 - 4)>(%k, %j)
    %vi = arith.index_cast %v : index to i8
    linalg.yield %vi : i8
  } -> tensor<136x200xi8>
  return %a, %b : tensor<20x136xi8>, tensor<136x200xi8>
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c9 = arith.constant 9 : index
  %c19 = arith.constant 19 : index
  %c20 = arith.constant 20 : index
  %c130 = arith.constant 130 : index
  %c199 = arith.constant 199 : index
  %c200 = arith.constant 200 : index

  // bf16 -> f32: the sum of every element, the sum of their absolute
  // values and two elements.
  %af, %bf = call @inputs_bf16() : () -> (tensor<20x136xbf16>, tensor<136x200xbf16>)
  %cf = call @matmul_bf16(%af, %bf) : (tensor<20x136xbf16>, tensor<136x200xbf16>) -> tensor<20x200xf32>
  %zf = arith.constant 0.0 : f32
  %sf:2 = scf.for %i = %c0 to %c20 step %c1 iter_args(%s = %zf, %t = %zf) -> (f32, f32) {
    %row:2 = scf.for %j = %c0 to %c200 step %c1 iter_args(%r = %s, %q = %t) -> (f32, f32) {
      %v = tensor.extract %cf[%i, %j] : tensor<20x200xf32>
      %n = arith.addf %r, %v : f32
      %av = math.absf %v : f32
      %m = arith.addf %q, %av : f32
      scf.yield %n, %m : f32, f32
    }
    scf.yield %row#0, %row#1 : f32, f32
  }
  vector.print %sf#0 : f32
  vector.print %sf#1 : f32
  %x = tensor.extract %cf[%c9, %c130] : tensor<20x200xf32>
  vector.print %x : f32
  %y = tensor.extract %cf[%c19, %c199] : tensor<20x200xf32>
  vector.print %y : f32

  // i8 -> i32: the same.
  %a8, %b8 = call @inputs_i8() : () -> (tensor<20x136xi8>, tensor<136x200xi8>)
  %c8 = call @matmul_i8(%a8, %b8) : (tensor<20x136xi8>, tensor<136x200xi8>) -> tensor<20x200xi32>
  %zi = arith.constant 0 : i32
  %si:2 = scf.for %i = %c0 to %c20 step %c1 iter_args(%s = %zi, %t = %zi) -> (i32, i32) {
    %row:2 = scf.for %j = %c0 to %c200 step %c1 iter_args(%r = %s, %q = %t) -> (i32, i32) {
      %v = tensor.extract %c8[%i, %j] : tensor<20x200xi32>
      %n = arith.addi %r, %v : i32
      %av = math.absi %v : i32
      %m = arith.addi %q, %av : i32
      scf.yield %n, %m : i32, i32
    }
    scf.yield %row#0, %row#1 : i32, i32
  }
  vector.print %si#0 : i32
  vector.print %si#1 : i32
  %u = tensor.extract %c8[%c9, %c130] : tensor<20x200xi32>
  vector.print %u : i32
  %w = tensor.extract %c8[%c19, %c199] : tensor<20x200xi32>
  vector.print %w : i32
  return
}

// CHECK:      -1427
// CHECK-NEXT: 167229
// CHECK-NEXT: 31
// CHECK-NEXT: -39
// CHECK-NEXT: -1427
// CHECK-NEXT: 167229
// CHECK-NEXT: 31
// CHECK-NEXT: -39

// IR: func.func @matmul_bf16(%{{.*}}: memref<20x136xbf16, #tlayout.tiled<{1,0:T(8,128)(2,1)}>>, %{{.*}}: memref<136x200xbf16, #tlayout.tiled<{1,0:T(8,128)(2,1)}>>) -> memref<20x200xf32, #tlayout.tiled<{1,0:T(8,128)}>>
// IR: func.func @matmul_i8(%{{.*}}: memref<20x136xi8, #tlayout.tiled<{1,0:T(8,128)(4,1)}>>, %{{.*}}: memref<136x200xi8, #tlayout.tiled<{1,0:T(8,128)(4,1)}>>) -> memref<20x200xi32, #tlayout.tiled<{1,0:T(8,128)}>>

// FREE-LABEL: func.func @main
// FREE-COUNT-6: memref.dealloc %base_buffer
// FREE-LABEL: func.func private @dealloc_helper
