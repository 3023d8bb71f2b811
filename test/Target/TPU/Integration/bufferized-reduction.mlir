// A row reduction on tensors, bf16 accumulated in f32 and int8 accumulated
// in i32, through --tlayout-tpu-bufferize-pipeline: it prints what the same
// program prints bufferized and lowered by upstream's passes alone
// (untiled), its buffers get the TPU layouts, and every buffer @main gets is
// freed there.
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

// Row sums: bf16 rows accumulated in f32, i8 rows accumulated in i32.
func.func @rowsum_bf16(%x: tensor<20x300xbf16>) -> tensor<20xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<20xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<20xf32>) -> tensor<20xf32>
  %r = linalg.reduce ins(%x : tensor<20x300xbf16>) outs(%init : tensor<20xf32>)
      dimensions = [1]
      (%in: bf16, %acc: f32) {
        %w = arith.extf %in : bf16 to f32
        %s = arith.addf %acc, %w : f32
        linalg.yield %s : f32
      }
  return %r : tensor<20xf32>
}

func.func @rowsum_i8(%x: tensor<20x300xi8>) -> tensor<20xi32> {
  %zero = arith.constant 0 : i32
  %e = tensor.empty() : tensor<20xi32>
  %init = linalg.fill ins(%zero : i32) outs(%e : tensor<20xi32>) -> tensor<20xi32>
  %r = linalg.reduce ins(%x : tensor<20x300xi8>) outs(%init : tensor<20xi32>)
      dimensions = [1]
      (%in: i8, %acc: i32) {
        %w = arith.extsi %in : i8 to i32
        %s = arith.addi %acc, %w : i32
        linalg.yield %s : i32
      }
  return %r : tensor<20xi32>
}

// x[i][j] = (300 i + 7 j) mod 251 - 125.
func.func @inputs() -> (tensor<20x300xbf16>, tensor<20x300xi8>) {
  %ef = tensor.empty() : tensor<20x300xbf16>
  %e8 = tensor.empty() : tensor<20x300xi8>
  %f, %b = linalg.generic {indexing_maps = [#id, #id],
                           iterator_types = ["parallel", "parallel"]}
      outs(%ef, %e8 : tensor<20x300xbf16>, tensor<20x300xi8>) {
  ^bb0(%o: bf16, %p: i8):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %v = affine.apply affine_map<(i, j) -> ((i * 300 + j * 7) mod 251 - 125)>(%i, %j)
    %vi = arith.index_cast %v : index to i32
    %vf = arith.sitofp %vi : i32 to bf16
    %v8 = arith.trunci %vi : i32 to i8
    linalg.yield %vf, %v8 : bf16, i8
  } -> (tensor<20x300xbf16>, tensor<20x300xi8>)
  return %f, %b : tensor<20x300xbf16>, tensor<20x300xi8>
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c20 = arith.constant 20 : index
  %xf, %x8 = call @inputs() : () -> (tensor<20x300xbf16>, tensor<20x300xi8>)
  %rf = call @rowsum_bf16(%xf) : (tensor<20x300xbf16>) -> tensor<20xf32>
  %r8 = call @rowsum_i8(%x8) : (tensor<20x300xi8>) -> tensor<20xi32>
  // Every fourth row sum of each.
  scf.for %i = %c0 to %c20 step %c4 {
    %v = tensor.extract %rf[%i] : tensor<20xf32>
    vector.print %v : f32
  }
  scf.for %i = %c0 to %c20 step %c4 {
    %v = tensor.extract %r8[%i] : tensor<20xi32>
    vector.print %v : i32
  }
  return
}

// CHECK:      -1156
// CHECK-NEXT: 165
// CHECK-NEXT: 733
// CHECK-NEXT: 46
// CHECK-NEXT: -641
// CHECK-NEXT: -1156
// CHECK-NEXT: 165
// CHECK-NEXT: 733
// CHECK-NEXT: 46
// CHECK-NEXT: -641

// IR: func.func @rowsum_bf16(%{{.*}}: memref<20x300xbf16, #tlayout.tiled<{1,0:T(8,128)(2,1)}>>) -> memref<20xf32, #tlayout.tiled<{0:T(128)}>>
// IR: func.func @rowsum_i8(%{{.*}}: memref<20x300xi8, #tlayout.tiled<{1,0:T(8,128)(4,1)}>>) -> memref<20xi32, #tlayout.tiled<{0:T(128)}>>

// FREE-LABEL: func.func @main
// FREE-COUNT-4: memref.dealloc %base_buffer
// FREE-LABEL: func.func private @dealloc_helper
