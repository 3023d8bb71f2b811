// RUN: tlayout-opt %s --lower-tiled-layouts \
// RUN:   "--tlayout-cpu-loops=collapse-loops=false row-accumulator-bytes=0" \
// RUN:   --split-input-file | FileCheck %s --check-prefix=TILED
// RUN: tlayout-opt %s --lower-tiled-layouts \
// RUN:   --tlayout-cpu-loops=physical-order=false --split-input-file \
// RUN:   | FileCheck %s --check-prefix=ROWS
// RUN: tlayout-opt %s --lower-tiled-layouts \
// RUN:   "--tlayout-cpu-loops=collapse-loops=false tile-row-walk-bytes=512 row-accumulator-bytes=0" \
// RUN:   --split-input-file | FileCheck %s --check-prefix=BYTES512
// By default the walked rows accumulate into one vector each:
// RUN: tlayout-opt %s --lower-tiled-layouts \
// RUN:   --tlayout-cpu-loops=collapse-loops=false --split-input-file \
// RUN:   | FileCheck %s --check-prefix=VEC

// Reductions along the minor dimension of T(8,128), from the tiled source:
// the rows of a group of tiles walked tile by tile where
// simplify-indexing-tile-rows.mlir's conditions hold.
// A bf16 row sum accumulated in f32 (the extension in the chain): each of
// the 8 rows of a group of tiles keeps 128 partials, and the group's tiles
// are walked in the buffer's order, tile by tile, all 8 rows in each.
// TILED-LABEL: func.func @row_sum_bf16
// TILED:       %[[P:.*]] = memref.alloca() : memref<8x128xf32>
// TILED:       affine.for %[[G:.*]] = 0 to 2 {
// TILED:         affine.for %[[FR:.*]] = 0 to 8 {
// TILED-NEXT:      affine.for %[[F:.*]] = 0 to 128 {
// TILED-NEXT:        affine.store %{{.*}}, %[[P]][%[[FR]], %[[F]]]
// TILED:         affine.for %[[T:.*]] = 0 to 4 {
// TILED-NEXT:      affine.for %[[R:.*]] = 0 to 8 {
// TILED-NEXT:        affine.for %[[E:.*]] = 0 to 128 {
// TILED-NEXT:          %[[Q:.*]] = affine.load %[[P]][%[[R]], %[[E]]]
// TILED-NEXT:          %[[X:.*]] = affine.load %{{.*}}[%[[G]], %[[T]], %[[R]], %[[E]]] : memref<2x4x8x128xbf16>
// TILED-NEXT:          %[[Y:.*]] = arith.extf %[[X]] : bf16 to f32
// TILED-NEXT:          %[[N:.*]] = arith.addf %[[Q]], %[[Y]] fastmath<fast>
// TILED-NEXT:          affine.store %[[N]], %[[P]][%[[R]], %[[E]]]
// TILED:         affine.for %[[CR:.*]] = 0 to 8 {
// TILED-NEXT:      %[[S:.*]] = affine.for %[[CE:.*]] = 0 to 128 iter_args
// TILED-NEXT:        affine.load %[[P]][%[[CR]], %[[CE]]]
// TILED:           affine.store %[[S]], %{{.*}}[%[[G]] * 8 + %[[CR]]]
// Without physical-order, each row walks its tiles with partials of its own.
// ROWS-LABEL:  func.func @row_sum_bf16
// ROWS:        memref.alloca() : memref<128xf32>
// ROWS-NOT:    memref<8x128xf32>
// ROWS:        return

#T = #tlayout.tiled<{1,0:T(8,128)}>
func.func @row_sum_bf16(%a: memref<16x512xbf16, #T>, %out: memref<16xf32>) {
  %z = arith.constant 0.0 : f32
  affine.for %i = 0 to 16 {
    %s = affine.for %j = 0 to 512 iter_args(%acc = %z) -> f32 {
      %x = affine.load %a[%i, %j] : memref<16x512xbf16, #T>
      %y = arith.extf %x : bf16 to f32
      %n = arith.addf %acc, %y fastmath<fast> : f32
      affine.yield %n : f32
    }
    affine.store %s, %out[%i] : memref<16xf32>
  }
  return
}

// -----

// Two integer reductions of i16 in i32, in one loop: both partials get a
// slice per row.
// TILED-LABEL: func.func @row_max_sum_i16
// TILED-DAG:   %[[PM:.*]] = memref.alloca() : memref<8x128xi32>
// TILED-DAG:   %[[PS:.*]] = memref.alloca() : memref<8x128xi32>
// TILED:       affine.store %{{.*}}, %[[PS]]
// TILED:       affine.for %[[T:.*]] = 0 to 2 {
// TILED-NEXT:    affine.for %[[R:.*]] = 0 to 8 {
// TILED-NEXT:      affine.for %[[E:.*]] = 0 to 128 {
// TILED-DAG:         affine.load %[[PM]][%[[R]], %[[E]]]
// TILED-DAG:         affine.load %[[PS]][%[[R]], %[[E]]]
// TILED:             arith.maxsi
// TILED:             arith.addi
// Both partials in vectors of 8 i32, two iter_args of one loop, and one
// combination of two rows of 8.
// VEC-LABEL:   func.func @row_max_sum_i16
// VEC-DAG:     %[[PM:.*]] = memref.alloca() : memref<8x8xi32>
// VEC-DAG:     %[[PS:.*]] = memref.alloca() : memref<8x8xi32>
// VEC:         affine.for %{{.*}} = 0 to 2 {
// VEC-NEXT:      %[[LOW:.*]] = arith.constant -2147483648 : i32
// VEC-NEXT:      %[[ZERO:.*]] = arith.constant 0 : i32
// VEC-NEXT:      affine.for %[[FR:.*]] = 0 to 8 {
// VEC-NEXT:      %[[LOWS:.*]] = vector.broadcast %[[LOW]] : i32 to vector<8xi32>
// VEC-NEXT:      affine.vector_store %[[LOWS]], %[[PM]][%[[FR]], 0]
// VEC-NEXT:      %[[ZEROS:.*]] = vector.broadcast %[[ZERO]] : i32 to vector<8xi32>
// VEC-NEXT:      affine.vector_store %[[ZEROS]], %[[PS]][%[[FR]], 0]
// VEC:         affine.for %[[T:.*]] = 0 to 2 {
// VEC-NEXT:      affine.for %[[R:.*]] = 0 to 8 {
// VEC-DAG:         %[[VM:.*]] = affine.vector_load %[[PM]][%[[R]], 0]
// VEC-DAG:         %[[VS:.*]] = affine.vector_load %[[PS]][%[[R]], 0]
// VEC:             %[[RES:.*]]:2 = affine.for %[[E:.*]] = 0 to 128 step 8 iter_args
// VEC-NEXT:          affine.vector_load %{{.*}}[%{{.*}}, %[[T]], %[[R]], %[[E]]] : memref<2x2x8x128xi16>, vector<8xi16>
// VEC-NEXT:          arith.extsi %{{.*}} : vector<8xi16> to vector<8xi32>
// VEC-NEXT:          arith.maxsi %{{.*}} : vector<8xi32>
// VEC-NEXT:          arith.addi %{{.*}} : vector<8xi32>
// VEC-NEXT:          affine.yield
// VEC-NEXT:        }
// VEC-DAG:         affine.vector_store %[[RES]]#0, %[[PM]][%[[R]], 0]
// VEC-DAG:         affine.vector_store %[[RES]]#1, %[[PS]][%[[R]], 0]
// VEC:         affine.for %[[CR:.*]] = 0 to 8 {
// VEC-NEXT:      affine.for %{{.*}} = 0 to 8 iter_args
// VEC-DAG:         affine.load %[[PM]][%[[CR]], %{{.*}}] : memref<8x8xi32>
// VEC-DAG:         affine.load %[[PS]][%[[CR]], %{{.*}}] : memref<8x8xi32>

#T = #tlayout.tiled<{1,0:T(8,128)}>
func.func @row_max_sum_i16(%a: memref<16x256xi16, #T>, %mx: memref<16xi32>, %sm: memref<16xi32>) {
  %low = arith.constant -2147483648 : i32
  %z = arith.constant 0 : i32
  affine.for %i = 0 to 16 {
    %m, %s = affine.for %j = 0 to 256 iter_args(%am = %low, %as = %z) -> (i32, i32) {
      %x16 = affine.load %a[%i, %j] : memref<16x256xi16, #T>
      %x = arith.extsi %x16 : i16 to i32
      %m2 = arith.maxsi %x, %am : i32
      %s2 = arith.addi %as, %x : i32
      affine.yield %m2, %s2 : i32, i32
    }
    affine.store %m, %mx[%i] : memref<16xi32>
    affine.store %s, %sm[%i] : memref<16xi32>
  }
  return
}

// -----

// f32 rows: 512 contiguous bytes per row and tile, walked by default
// (tile-row-walk-bytes=1024), left as they are with 512.
// TILED-LABEL: func.func @row_sum_f32
// TILED:       memref.alloca() : memref<8x128xf32>
// TILED:       return
// BYTES512-LABEL: func.func @row_sum_f32
// BYTES512:       memref.alloca() : memref<128xf32>
// BYTES512-NOT:   memref<8x128xf32>
// BYTES512:       return

#T = #tlayout.tiled<{1,0:T(8,128)}>
func.func @row_sum_f32(%a: memref<16x512xf32, #T>, %out: memref<16xf32>) {
  %z = arith.constant 0.0 : f32
  affine.for %i = 0 to 16 {
    %s = affine.for %j = 0 to 512 iter_args(%acc = %z) -> f32 {
      %x = affine.load %a[%i, %j] : memref<16x512xf32, #T>
      %n = arith.addf %acc, %x fastmath<fast> : f32
      affine.yield %n : f32
    }
    affine.store %s, %out[%i] : memref<16xf32>
  }
  return
}

// -----

// Without reassoc the sum keeps its order: no partials, nothing to walk.
// TILED-LABEL: func.func @negative_row_sum_ordered
// TILED-NOT:   memref.alloca
// TILED:       affine.for %{{.*}} = 0 to 8 {
// TILED-NEXT:    affine.for %{{.*}} = 0 to 4 iter_args
// TILED:       return

#T = #tlayout.tiled<{1,0:T(8,128)}>
func.func @negative_row_sum_ordered(%a: memref<16x512xbf16, #T>, %out: memref<16xf32>) {
  %z = arith.constant 0.0 : f32
  affine.for %i = 0 to 16 {
    %s = affine.for %j = 0 to 512 iter_args(%acc = %z) -> f32 {
      %x = affine.load %a[%i, %j] : memref<16x512xbf16, #T>
      %y = arith.extf %x : bf16 to f32
      %n = arith.addf %acc, %y : f32
      affine.yield %n : f32
    }
    affine.store %s, %out[%i] : memref<16xf32>
  }
  return
}

// -----

// A dynamic number of rows: the last group's rows have no constant count,
// and the partials no static size.
// TILED-LABEL: func.func @negative_dynamic_rows
// TILED:       memref.alloca() : memref<128xf32>
// TILED-NOT:   memref<8x128xf32>
// TILED:       return

#T = #tlayout.tiled<{1,0:T(8,128)}>
func.func @negative_dynamic_rows(%a: memref<?x512xbf16, #T>, %out: memref<?xf32>, %rows: index) {
  %z = arith.constant 0.0 : f32
  affine.for %i = 0 to %rows {
    %s = affine.for %j = 0 to 512 iter_args(%acc = %z) -> f32 {
      %x = affine.load %a[%i, %j] : memref<?x512xbf16, #T>
      %y = arith.extf %x : bf16 to f32
      %n = arith.addf %acc, %y fastmath<fast> : f32
      affine.yield %n : f32
    }
    affine.store %s, %out[%i] : memref<?xf32>
  }
  return
}

// -----

// Two passes over each bf16 row: the maximum is walked tile by tile; the sum of
// exp(x - max) uses each row's maximum, which its tiles would need from
// memory, and stays within the row loop (its two tiles store to the same
// partials, which every row revisits in cache: they stay a loop).
// TILED-LABEL: func.func @softmax_sum
// TILED-DAG:   %[[PM:.*]] = memref.alloca() : memref<8x128xf32>
// TILED-DAG:   %[[PS:.*]] = memref.alloca() : memref<128xf32>
// TILED:       affine.store %{{.*}}, %[[PM]]
// TILED:       affine.for %{{.*}} = 0 to 2 {
// TILED-NEXT:    affine.for %{{.*}} = 0 to 8 {
// TILED-NEXT:      affine.for %{{.*}} = 0 to 128 {
// TILED-NEXT:        affine.load %[[PM]]
// TILED:             arith.maximumf
// TILED:         affine.for %[[R:.*]] = 0 to 8 {
// TILED-NOT:       affine.for %{{.*}} = 0 to 2 {
// TILED:             affine.store %{{.*}}, %[[PS]]
// TILED:           affine.for %{{.*}} = 0 to 2 {
// TILED-NEXT:        affine.for %{{.*}} = 0 to 128 {
// TILED-NEXT:          affine.load %[[PS]]
// TILED:               math.exp
// TILED-NOT:           math.exp
// TILED:               affine.store %{{.*}}, %[[PS]]
// TILED-NEXT:        }

#T = #tlayout.tiled<{1,0:T(8,128)}>
func.func @softmax_sum(%a: memref<16x256xbf16, #T>, %out: memref<16xf32>) {
  %lowest = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 16 {
    %m = affine.for %j = 0 to 256 iter_args(%acc = %lowest) -> f32 {
      %xb = affine.load %a[%i, %j] : memref<16x256xbf16, #T>
      %x = arith.extf %xb : bf16 to f32
      %n = arith.maximumf %acc, %x fastmath<fast> : f32
      affine.yield %n : f32
    }
    %s = affine.for %j = 0 to 256 iter_args(%acc = %zero) -> f32 {
      %xb = affine.load %a[%i, %j] : memref<16x256xbf16, #T>
      %x = arith.extf %xb : bf16 to f32
      %d = arith.subf %x, %m fastmath<fast> : f32
      %e = math.exp %d fastmath<fast> : f32
      %n = arith.addf %acc, %e fastmath<fast> : f32
      affine.yield %n : f32
    }
    affine.store %s, %out[%i] : memref<16xf32>
  }
  return
}
