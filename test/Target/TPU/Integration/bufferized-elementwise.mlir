// An element-wise kernel on tensors, in bf16 and int8 (where it wraps),
// through --tlayout-tpu-bufferize-pipeline: it prints what the same program
// prints bufferized and lowered by upstream's passes alone (untiled), its
// buffers get the TPU layouts, and every buffer a call returns to @main is
// freed there once its last use is past.
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

// c = (a + b) * a element-wise in bf16; in i8 times 37 as well, which wraps.
func.func @ew_bf16(%a: tensor<20x300xbf16>, %b: tensor<20x300xbf16>) -> tensor<20x300xbf16> {
  %e = tensor.empty() : tensor<20x300xbf16>
  %r = linalg.generic {indexing_maps = [#id, #id, #id],
                       iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : tensor<20x300xbf16>, tensor<20x300xbf16>)
      outs(%e : tensor<20x300xbf16>) {
  ^bb0(%x: bf16, %y: bf16, %o: bf16):
    %s = arith.addf %x, %y : bf16
    %m = arith.mulf %s, %x : bf16
    linalg.yield %m : bf16
  } -> tensor<20x300xbf16>
  return %r : tensor<20x300xbf16>
}

func.func @ew_i8(%a: tensor<20x300xi8>, %b: tensor<20x300xi8>) -> tensor<20x300xi8> {
  %e = tensor.empty() : tensor<20x300xi8>
  %r = linalg.generic {indexing_maps = [#id, #id, #id],
                       iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : tensor<20x300xi8>, tensor<20x300xi8>)
      outs(%e : tensor<20x300xi8>) {
  ^bb0(%x: i8, %y: i8, %o: i8):
    %s = arith.addi %x, %y : i8
    %m = arith.muli %s, %x : i8
    %k = arith.constant 37 : i8
    %w = arith.muli %m, %k : i8
    linalg.yield %w : i8
  } -> tensor<20x300xi8>
  return %r : tensor<20x300xi8>
}

// Inputs: a[i][j] = (300 i + j) mod 7 - 3, b[i][j] = (i + j) mod 5 - 2.
func.func @inputs_i32() -> (tensor<20x300xi32>, tensor<20x300xi32>) {
  %e = tensor.empty() : tensor<20x300xi32>
  %a, %b = linalg.generic {indexing_maps = [#id, #id],
                           iterator_types = ["parallel", "parallel"]}
      outs(%e, %e : tensor<20x300xi32>, tensor<20x300xi32>) {
  ^bb0(%o: i32, %p: i32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %k = affine.apply affine_map<(i, j) -> ((i * 300 + j) mod 7 - 3)>(%i, %j)
    %l = affine.apply affine_map<(i, j) -> ((i + j) mod 5 - 2)>(%i, %j)
    %ki = arith.index_cast %k : index to i32
    %li = arith.index_cast %l : index to i32
    linalg.yield %ki, %li : i32, i32
  } -> (tensor<20x300xi32>, tensor<20x300xi32>)
  return %a, %b : tensor<20x300xi32>, tensor<20x300xi32>
}

func.func @to_bf16(%x: tensor<20x300xi32>) -> tensor<20x300xbf16> {
  %e = tensor.empty() : tensor<20x300xbf16>
  %r = linalg.generic {indexing_maps = [#id, #id],
                       iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<20x300xi32>) outs(%e : tensor<20x300xbf16>) {
  ^bb0(%v: i32, %o: bf16):
    %f = arith.sitofp %v : i32 to bf16
    linalg.yield %f : bf16
  } -> tensor<20x300xbf16>
  return %r : tensor<20x300xbf16>
}

func.func @to_i8(%x: tensor<20x300xi32>) -> tensor<20x300xi8> {
  %e = tensor.empty() : tensor<20x300xi8>
  %r = linalg.generic {indexing_maps = [#id, #id],
                       iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<20x300xi32>) outs(%e : tensor<20x300xi8>) {
  ^bb0(%v: i32, %o: i8):
    %t = arith.trunci %v : i32 to i8
    linalg.yield %t : i8
  } -> tensor<20x300xi8>
  return %r : tensor<20x300xi8>
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c9 = arith.constant 9 : index
  %c20 = arith.constant 20 : index
  %c130 = arith.constant 130 : index
  %c299 = arith.constant 299 : index
  %c300 = arith.constant 300 : index
  %ai, %bi = call @inputs_i32() : () -> (tensor<20x300xi32>, tensor<20x300xi32>)

  // bf16: the sum of every element (in f32) and two elements.
  %af = call @to_bf16(%ai) : (tensor<20x300xi32>) -> tensor<20x300xbf16>
  %bf = call @to_bf16(%bi) : (tensor<20x300xi32>) -> tensor<20x300xbf16>
  %cf = call @ew_bf16(%af, %bf) : (tensor<20x300xbf16>, tensor<20x300xbf16>) -> tensor<20x300xbf16>
  %zf = arith.constant 0.0 : f32
  %sumf = scf.for %i = %c0 to %c20 step %c1 iter_args(%acc = %zf) -> f32 {
    %row = scf.for %j = %c0 to %c300 step %c1 iter_args(%r = %acc) -> f32 {
      %v = tensor.extract %cf[%i, %j] : tensor<20x300xbf16>
      %w = arith.extf %v : bf16 to f32
      %n = arith.addf %r, %w : f32
      scf.yield %n : f32
    }
    scf.yield %row : f32
  }
  vector.print %sumf : f32
  %x = tensor.extract %cf[%c9, %c130] : tensor<20x300xbf16>
  %xf = arith.extf %x : bf16 to f32
  vector.print %xf : f32

  // i8: the sum of every element (in i32) and two elements.
  %a8 = call @to_i8(%ai) : (tensor<20x300xi32>) -> tensor<20x300xi8>
  %b8 = call @to_i8(%bi) : (tensor<20x300xi32>) -> tensor<20x300xi8>
  %c8 = call @ew_i8(%a8, %b8) : (tensor<20x300xi8>, tensor<20x300xi8>) -> tensor<20x300xi8>
  %zi = arith.constant 0 : i32
  %sumi = scf.for %i = %c0 to %c20 step %c1 iter_args(%acc = %zi) -> i32 {
    %row = scf.for %j = %c0 to %c300 step %c1 iter_args(%r = %acc) -> i32 {
      %v = tensor.extract %c8[%i, %j] : tensor<20x300xi8>
      %w = arith.extsi %v : i8 to i32
      %n = arith.addi %r, %w : i32
      scf.yield %n : i32
    }
    scf.yield %row : i32
  }
  vector.print %sumi : i32
  %y = tensor.extract %c8[%c9, %c130] : tensor<20x300xi8>
  vector.print %y : i8
  %c19 = arith.constant 19 : index
  %z = tensor.extract %c8[%c19, %c299] : tensor<20x300xi8>
  vector.print %z : i8
  return
}

// c[9][130] = (-1 + 2) * -1 in both; c[19][299] = (-3 + 1) * -3 * 37 = 222,
// which wraps to -34 in i8.
// CHECK:      23984
// CHECK-NEXT: -1
// CHECK-NEXT: 98416
// CHECK-NEXT: -37
// CHECK-NEXT: -34

// IR: func.func @ew_bf16(%{{.*}}: memref<20x300xbf16, #tlayout.tiled<{1,0:T(8,128)(2,1)}>>, %{{.*}}: memref<20x300xbf16, #tlayout.tiled<{1,0:T(8,128)(2,1)}>>) -> memref<20x300xbf16, #tlayout.tiled<{1,0:T(8,128)(2,1)}>>
// IR: memref.alloc() {{.*}}: memref<20x300xbf16, #tlayout.tiled<{1,0:T(8,128)(2,1)}>>
// IR: func.func @ew_i8(%{{.*}}: memref<20x300xi8, #tlayout.tiled<{1,0:T(8,128)(4,1)}>>, %{{.*}}: memref<20x300xi8, #tlayout.tiled<{1,0:T(8,128)(4,1)}>>) -> memref<20x300xi8, #tlayout.tiled<{1,0:T(8,128)(4,1)}>>
// IR: memref.alloc() {{.*}}: memref<20x300xi8, #tlayout.tiled<{1,0:T(8,128)(4,1)}>>
// IR: func.func @inputs_i32() -> (memref<20x300xi32, #tlayout.tiled<{1,0:T(8,128)}>>, memref<20x300xi32, #tlayout.tiled<{1,0:T(8,128)}>>)

// The functions hand their buffers to the caller; @main frees the eight it
// gets (each where the ownership the deallocation computed says so).
// FREE-LABEL: func.func @ew_bf16
// FREE-NOT:   memref.dealloc
// FREE-LABEL: func.func @main
// FREE-COUNT-8: memref.dealloc %base_buffer
// FREE-LABEL: func.func private @dealloc_helper
