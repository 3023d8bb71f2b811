// RUN: tlayout-opt %s --lower-tiled-layouts \
// RUN:   --tlayout-cpu-loops=tile-row-walk-bytes=512 \
// RUN:   --split-input-file | FileCheck %s
// RUN: tlayout-opt %s --lower-tiled-layouts \
// RUN:   --tlayout-cpu-loops=reassociate-reductions=false \
// RUN:   --split-input-file | FileCheck %s --check-prefix=ORDER

// A row reduction whose combiner may be reassociated: every column of a
// tile accumulates into its own partial across the row's tiles (no value
// carried by the tile loops), and one loop combines the partials. (With
// tile-row-walk-bytes=512, rows of f32, which read 512 contiguous bytes of
// each tile, keep their loop; simplify-indexing-tile-rows.mlir has the rows
// that walk their group of tiles tile by tile.)

#T = #tlayout.tiled<{1,0:T(8,128)}>
// CHECK-LABEL: func.func @row_sum_reassoc
// CHECK:       %[[P:.*]] = memref.alloca() : memref<128xf32>
// CHECK:       affine.for %[[TI:.*]] = 0 to 8 {
// CHECK-NEXT:    affine.for %[[EI:.*]] = 0 to 8 {
// CHECK-NEXT:      %[[ID:.*]] = arith.constant -0.000000e+00 : f32
// CHECK-NEXT:      affine.for %[[F:.*]] = 0 to 128 {
// CHECK-NEXT:        affine.store %[[ID]], %[[P]][%[[F]]]
// The row's two tiles store to the same partials, which every row
// revisits in cache: they stay a loop, each tile's row read in order.
// CHECK:           affine.for %[[TJ:.*]] = 0 to 2 {
// CHECK-NEXT:        affine.for %[[EJ:.*]] = 0 to 128 {
// CHECK-NEXT:          %[[A:.*]] = affine.load %[[P]][%[[EJ]]]
// CHECK-NEXT:          %[[X:.*]] = affine.load %{{.*}}[%[[TI]], %[[TJ]], %[[EI]], %[[EJ]]]
// CHECK-NEXT:          %[[N:.*]] = arith.addf %[[A]], %[[X]] fastmath<reassoc>
// CHECK-NEXT:          affine.store %[[N]], %[[P]][%[[EJ]]]
// CHECK-NEXT:        }
// CHECK-NEXT:      }
// CHECK-NEXT:      %[[R:.*]] = affine.for %[[G:.*]] = 0 to 128 iter_args(%[[B:.*]] = %{{.*}}) -> (f32) {
// CHECK-NEXT:        %[[Q:.*]] = affine.load %[[P]][%[[G]]]
// CHECK-NEXT:        %[[M:.*]] = arith.addf %[[B]], %[[Q]] fastmath<reassoc>
// CHECK-NEXT:        affine.yield %[[M]]
// CHECK:           affine.store %[[R]], %{{.*}}[%[[TI]] * 8 + %[[EI]]] : memref<64xf32>
// ORDER-LABEL: func.func @row_sum_reassoc
// ORDER-NOT:   memref.alloca
// ORDER:       affine.for %{{.*}} = 0 to 2 iter_args
// ORDER-NEXT:    affine.for %{{.*}} = 0 to 128 iter_args
func.func @row_sum_reassoc(%a: memref<64x256xf32, #T>, %out: memref<64xf32>) {
  %z = arith.constant 0.0 : f32
  affine.for %i = 0 to 64 {
    %s = affine.for %j = 0 to 256 iter_args(%acc = %z) -> f32 {
      %x = affine.load %a[%i, %j] : memref<64x256xf32, #T>
      %n = arith.addf %acc, %x fastmath<reassoc> : f32
      affine.yield %n : f32
    }
    affine.store %s, %out[%i] : memref<64xf32>
  }
  return
}

// -----

// Without `reassoc` a float sum keeps its order: the tiles carry it.

#T = #tlayout.tiled<{1,0:T(8,128)}>
// CHECK-LABEL: func.func @row_sum_ordered
// CHECK-NOT:   memref.alloca
// CHECK:       affine.for %{{.*}} = 0 to 2 iter_args
// CHECK-NEXT:    affine.for %{{.*}} = 0 to 128 iter_args
// CHECK:       return
func.func @row_sum_ordered(%a: memref<64x256xf32, #T>, %out: memref<64xf32>) {
  %z = arith.constant 0.0 : f32
  affine.for %i = 0 to 64 {
    %s = affine.for %j = 0 to 256 iter_args(%acc = %z) -> f32 {
      %x = affine.load %a[%i, %j] : memref<64x256xf32, #T>
      %n = arith.addf %acc, %x fastmath<nnan,ninf,nsz,contract> : f32
      affine.yield %n : f32
    }
    affine.store %s, %out[%i] : memref<64xf32>
  }
  return
}

// -----

// Integer reductions always reassociate; two of them (a maximum with the
// accumulator second, a sum) in an scf.for with dynamic bounds, each with
// its partials and its identity.

#T = #tlayout.tiled<{1,0:T(8,128)}>
// CHECK-LABEL: func.func @row_max_sum_scf
// CHECK-DAG:   %[[PM:.*]] = memref.alloca() : memref<128xi32>
// CHECK-DAG:   %[[PS:.*]] = memref.alloca() : memref<128xi32>
// CHECK-DAG:   %[[LOW:.*]] = arith.constant -2147483648 : i32
// CHECK:       memref.store %[[LOW]], %[[PM]]
// CHECK-NEXT:  memref.store %{{.*}}, %[[PS]]
// CHECK:       scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK:         scf.for %[[E:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK:           %[[M:.*]] = memref.load %[[PM]][%[[E]]]
// CHECK-NEXT:      %[[S:.*]] = memref.load %[[PS]][%[[E]]]
// CHECK:           %[[X:.*]] = memref.load %{{.*}}[%{{.*}}, %{{.*}}, %{{.*}}, %[[E]]]
// CHECK-NEXT:      %[[M2:.*]] = arith.maxsi %[[X]], %[[M]] : i32
// CHECK-NEXT:      %[[S2:.*]] = arith.addi %[[S]], %[[X]] : i32
// CHECK-NEXT:      memref.store %[[M2]], %[[PM]][%[[E]]]
// CHECK-NEXT:      memref.store %[[S2]], %[[PS]][%[[E]]]
// CHECK:       scf.for %{{.*}} iter_args(%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) -> (i32, i32)
// CHECK:         arith.maxsi
// CHECK:         arith.addi
func.func @row_max_sum_scf(%a: memref<8x?xi32, #T>, %lb: index, %ub: index,
                           %out: memref<2xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %low = arith.constant -100 : i32
  %zero = arith.constant 0 : i32
  %r:2 = scf.for %j = %lb to %ub step %c1 iter_args(%m = %low, %s = %zero)
      -> (i32, i32) {
    %x = memref.load %a[%c3, %j] : memref<8x?xi32, #T>
    %m2 = arith.maxsi %x, %m : i32
    %s2 = arith.addi %s, %x : i32
    scf.yield %m2, %s2 : i32, i32
  }
  memref.store %r#0, %out[%c0] : memref<2xi32>
  memref.store %r#1, %out[%c1] : memref<2xi32>
  return
}

// -----

// One iter_arg that is not a reduction (the accumulator is also stored)
// keeps them all carried.

#T = #tlayout.tiled<{1,0:T(8,128)}>
// CHECK-LABEL: func.func @not_a_reduction
// CHECK-NOT:   memref.alloca
// CHECK:       affine.for %{{.*}} = 0 to 2 iter_args
// CHECK:       return
func.func @not_a_reduction(%a: memref<8x256xi32, #T>, %b: memref<256xi32>,
                           %out: memref<1xi32>) {
  %z = arith.constant 0 : i32
  %s = affine.for %j = 0 to 256 iter_args(%acc = %z) -> i32 {
    %x = affine.load %a[3, %j] : memref<8x256xi32, #T>
    affine.store %acc, %b[%j] : memref<256xi32>
    %n = arith.addi %acc, %x : i32
    affine.yield %n : i32
  }
  affine.store %s, %out[0] : memref<1xi32>
  return
}

// -----

// A maximum with `fast` (which holds `reassoc` and `ninf`): an infinity
// would be poison, and the lowest finite float would be the result of no
// element from -inf; the partials start from the loop's initial value.
// Where that is not a constant, the loop keeps its order.

#T = #tlayout.tiled<{1,0:T(8,128)}>
// CHECK-LABEL: func.func @row_max_fast
// CHECK:       %[[P:.*]] = memref.alloca() : memref<128xf32>
// CHECK-NOT:   3.40282347E+38
// CHECK:       arith.constant 0.000000e+00 : f32
// CHECK:       %[[START:.*]] = arith.constant 0.000000e+00 : f32
// CHECK:       affine.store %[[START]], %[[P]]
// CHECK:       arith.maximumf %{{.*}}, %{{.*}} fastmath<fast>
// CHECK-LABEL: func.func @row_max_fast_argument
// CHECK-NOT:   memref.alloca
// CHECK:       affine.for %{{.*}} = 0 to 2 iter_args
// CHECK:       return
func.func @row_max_fast(%a: memref<8x256xf32, #T>, %out: memref<1xf32>) {
  %z = arith.constant 0.0 : f32
  %s = affine.for %j = 0 to 256 iter_args(%acc = %z) -> f32 {
    %x = affine.load %a[3, %j] : memref<8x256xf32, #T>
    %n = arith.maximumf %acc, %x fastmath<fast> : f32
    affine.yield %n : f32
  }
  affine.store %s, %out[0] : memref<1xf32>
  return
}
func.func @row_max_fast_argument(%a: memref<8x256xf32, #T>, %init: f32,
                                 %out: memref<1xf32>) {
  %s = affine.for %j = 0 to 256 iter_args(%acc = %init) -> f32 {
    %x = affine.load %a[3, %j] : memref<8x256xf32, #T>
    %n = arith.maximumf %acc, %x fastmath<fast> : f32
    affine.yield %n : f32
  }
  affine.store %s, %out[0] : memref<1xf32>
  return
}

// -----

// `maxnumf` and `minnumf` start their partials from NaN, their neutral
// element, unless `nnan` makes NaN poison (LLVM folds a combination with a
// NaN constant to poison): then from an infinity, and under `ninf` too
// from the loop's initial value.

#T = #tlayout.tiled<{1,0:T(8,128)}>
// CHECK-LABEL: func.func @row_maxnum_reassoc
// CHECK:       memref.alloca() : memref<128xf32>
// CHECK:       arith.constant 0xFFC00000 : f32
// CHECK:       arith.maxnumf %{{.*}}, %{{.*}} fastmath<reassoc>
// CHECK-LABEL: func.func @row_maxnum_nnan
// CHECK:       memref.alloca() : memref<128xf32>
// CHECK-NOT:   0xFFC00000
// CHECK:       arith.constant 0xFF800000 : f32
// CHECK-NOT:   0xFFC00000
// CHECK:       arith.maxnumf %{{.*}}, %{{.*}} fastmath<reassoc,nnan>
// CHECK-LABEL: func.func @row_maxnum_fast
// CHECK:       %[[P:.*]] = memref.alloca() : memref<128xf32>
// CHECK-NOT:   0xFFC00000
// CHECK:       arith.constant 0xFF800000 : f32
// CHECK:       %[[START:.*]] = arith.constant 0xFF800000 : f32
// CHECK-NOT:   0xFFC00000
// CHECK:       affine.store %[[START]], %[[P]]
// CHECK:       arith.maxnumf %{{.*}}, %{{.*}} fastmath<fast>
// CHECK-LABEL: func.func @row_minnum_nnan
// CHECK:       memref.alloca() : memref<128xf32>
// CHECK-NOT:   0x7FC00000
// CHECK:       arith.constant 0x7F800000 : f32
// CHECK-NOT:   0x7FC00000
// CHECK:       arith.minnumf %{{.*}}, %{{.*}} fastmath<reassoc,nnan>
// CHECK-LABEL: func.func @row_minnum_fast_f16
// CHECK:       %[[P:.*]] = memref.alloca() : memref<128xf16>
// CHECK:       arith.constant 0x7C00 : f16
// CHECK:       %[[START:.*]] = arith.constant 0x7C00 : f16
// CHECK:       affine.store %[[START]], %[[P]]
// CHECK:       arith.minnumf %{{.*}}, %{{.*}} fastmath<fast>
func.func @row_maxnum_reassoc(%a: memref<8x256xf32, #T>, %out: memref<1xf32>) {
  %z = arith.constant 0.0 : f32
  %s = affine.for %j = 0 to 256 iter_args(%acc = %z) -> f32 {
    %x = affine.load %a[3, %j] : memref<8x256xf32, #T>
    %n = arith.maxnumf %acc, %x fastmath<reassoc> : f32
    affine.yield %n : f32
  }
  affine.store %s, %out[0] : memref<1xf32>
  return
}
func.func @row_maxnum_nnan(%a: memref<8x256xf32, #T>, %out: memref<1xf32>) {
  %z = arith.constant 0.0 : f32
  %s = affine.for %j = 0 to 256 iter_args(%acc = %z) -> f32 {
    %x = affine.load %a[3, %j] : memref<8x256xf32, #T>
    %n = arith.maxnumf %acc, %x fastmath<reassoc,nnan> : f32
    affine.yield %n : f32
  }
  affine.store %s, %out[0] : memref<1xf32>
  return
}
func.func @row_maxnum_fast(%a: memref<8x256xf32, #T>, %out: memref<1xf32>) {
  %z = arith.constant 0xFF800000 : f32
  %s = affine.for %j = 0 to 256 iter_args(%acc = %z) -> f32 {
    %x = affine.load %a[3, %j] : memref<8x256xf32, #T>
    %n = arith.maxnumf %acc, %x fastmath<fast> : f32
    affine.yield %n : f32
  }
  affine.store %s, %out[0] : memref<1xf32>
  return
}
func.func @row_minnum_nnan(%a: memref<8x256xf32, #T>, %out: memref<1xf32>) {
  %z = arith.constant 0.0 : f32
  %s = affine.for %j = 0 to 256 iter_args(%acc = %z) -> f32 {
    %x = affine.load %a[3, %j] : memref<8x256xf32, #T>
    %n = arith.minnumf %x, %acc fastmath<reassoc,nnan> : f32
    affine.yield %n : f32
  }
  affine.store %s, %out[0] : memref<1xf32>
  return
}
func.func @row_minnum_fast_f16(%a: memref<8x256xf16, #T>, %out: memref<1xf16>) {
  %z = arith.constant 0x7C00 : f16
  %s = affine.for %j = 0 to 256 iter_args(%acc = %z) -> f16 {
    %x = affine.load %a[3, %j] : memref<8x256xf16, #T>
    %n = arith.minnumf %acc, %x fastmath<fast> : f16
    affine.yield %n : f16
  }
  affine.store %s, %out[0] : memref<1xf16>
  return
}

// -----

// An integer sum with overflow flags keeps its order: another grouping
// could overflow where the loop's does not.

#T = #tlayout.tiled<{1,0:T(8,128)}>
// CHECK-LABEL: func.func @row_sum_nsw
// CHECK-NOT:   memref.alloca
// CHECK:       affine.for %{{.*}} = 0 to 2 iter_args
// CHECK:       return
func.func @row_sum_nsw(%a: memref<8x256xi32, #T>, %out: memref<1xi32>) {
  %z = arith.constant 0 : i32
  %s = affine.for %j = 0 to 256 iter_args(%acc = %z) -> i32 {
    %x = affine.load %a[3, %j] : memref<8x256xi32, #T>
    %n = arith.addi %acc, %x overflow<nsw> : i32
    affine.yield %n : i32
  }
  affine.store %s, %out[0] : memref<1xi32>
  return
}
