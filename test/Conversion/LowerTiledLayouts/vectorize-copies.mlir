// memref.copy between row-major and interleaving tiles T(r,c)(2,1) /
// T(r,c)(4,1), or the column-major layout, lowers to vector loads, shuffles
// and stores where the shapes are whole tiles (blocks); anything else takes
// the element-by-element loop nest.
// RUN: tlayout-opt %s --split-input-file --tlayout-cpu-lower-tiled-layouts | FileCheck %s

#B = #tlayout.tiled<{1,0:T(4,8)(2,1)}>

// Two rows of 8 interleaved into one run of 16 per pair of rows of a tile.
// The shuffles go on i16 lanes (bitcasts around them), which backends
// lower as permutes (x86 with AVX512-FP16 takes bf16 lanes one by one).
// CHECK-LABEL: func.func @to_pairs(
// CHECK-SAME: %[[SRC:.*]]: memref<8x16xbf16>, %[[DST:.*]]: memref<2x2x2x8x2x1xbf16>
// CHECK: %[[RUNS:.*]] = memref.collapse_shape %[[DST]] {{\[}}[0], [1], [2], [3, 4, 5]] : memref<2x2x2x8x2x1xbf16> into memref<2x2x2x16xbf16>
// CHECK: affine.for %[[TR:.*]] = 0 to 2 {
// CHECK: affine.for %[[TC:.*]] = 0 to 2 {
// CHECK: affine.for %[[G:.*]] = 0 to 2 {
// CHECK: %[[L0:.*]] = affine.vector_load %[[SRC]][%[[TR]] * 4 + %[[G]] * 2, %[[TC]] * 8] : memref<8x16xbf16>, vector<8xbf16>
// CHECK: %[[R0:.*]] = vector.bitcast %[[L0]] : vector<8xbf16> to vector<8xi16>
// CHECK: %[[L1:.*]] = affine.vector_load %[[SRC]][%[[TR]] * 4 + %[[G]] * 2 + 1, %[[TC]] * 8] : memref<8x16xbf16>, vector<8xbf16>
// CHECK: %[[R1:.*]] = vector.bitcast %[[L1]] : vector<8xbf16> to vector<8xi16>
// CHECK: %[[I:.*]] = vector.shuffle %[[R0]], %[[R1]] [0, 8, 1, 9, 2, 10, 3, 11, 4, 12, 5, 13, 6, 14, 7, 15] : vector<8xi16>, vector<8xi16>
// CHECK: %[[V:.*]] = vector.bitcast %[[I]] : vector<16xi16> to vector<16xbf16>
// CHECK: affine.vector_store %[[V]], %[[RUNS]][%[[TR]], %[[TC]], %[[G]], 0] : memref<2x2x2x16xbf16>, vector<16xbf16>
// CHECK-NOT: memref.copy
func.func @to_pairs(%a: memref<8x16xbf16>, %b: memref<8x16xbf16, #B>) {
  memref.copy %a, %b : memref<8x16xbf16> to memref<8x16xbf16, #B>
  return
}

// -----

#B = #tlayout.tiled<{1,0:T(4,8)(2,1)}>

// The way back: one run of 16 split into its even and odd elements.
// CHECK-LABEL: func.func @from_pairs(
// CHECK-SAME: %[[SRC:.*]]: memref<2x2x2x8x2x1xbf16>, %[[DST:.*]]: memref<8x16xbf16>
// CHECK: %[[RUNS:.*]] = memref.collapse_shape %[[SRC]]
// CHECK: %[[L:.*]] = affine.vector_load %[[RUNS]][%[[TR:.*]], %[[TC:.*]], %[[G:.*]], 0] : memref<2x2x2x16xbf16>, vector<16xbf16>
// CHECK: %[[V:.*]] = vector.bitcast %[[L]] : vector<16xbf16> to vector<16xi16>
// CHECK: %[[E:.*]] = vector.shuffle %[[V]], %[[V]] [0, 2, 4, 6, 8, 10, 12, 14] : vector<16xi16>, vector<16xi16>
// CHECK: %[[O:.*]] = vector.shuffle %[[V]], %[[V]] [1, 3, 5, 7, 9, 11, 13, 15] : vector<16xi16>, vector<16xi16>
// CHECK: %[[R0:.*]] = vector.bitcast %[[E]] : vector<8xi16> to vector<8xbf16>
// CHECK: affine.vector_store %[[R0]], %[[DST]][%[[TR]] * 4 + %[[G]] * 2, %[[TC]] * 8] : memref<8x16xbf16>, vector<8xbf16>
// CHECK: %[[R1:.*]] = vector.bitcast %[[O]] : vector<8xi16> to vector<8xbf16>
// CHECK: affine.vector_store %[[R1]], %[[DST]][%[[TR]] * 4 + %[[G]] * 2 + 1, %[[TC]] * 8] : memref<8x16xbf16>, vector<8xbf16>
func.func @from_pairs(%a: memref<8x16xbf16, #B>, %b: memref<8x16xbf16>) {
  memref.copy %a, %b : memref<8x16xbf16, #B> to memref<8x16xbf16>
  return
}

// -----

#Q = #tlayout.tiled<{1,0:T(8,4)(4,1)}>

// Four rows: rows 0 and 2 interleaved, rows 1 and 3 interleaved, then the
// two, so that element j of row q lands at 4j + q.
// CHECK-LABEL: func.func @to_quads(
// CHECK: %[[RUNS:.*]] = memref.collapse_shape %{{.*}} {{\[}}[0], [1], [2], [3, 4, 5]] : memref<1x1x2x4x4x1xi8> into memref<1x1x2x16xi8>
// CHECK: %[[R0:.*]] = affine.vector_load %{{.*}}[%[[TR:.*]] * 8 + %[[G:.*]] * 4, %[[TC:.*]] * 4] : memref<8x4xi8>, vector<4xi8>
// CHECK: %[[R1:.*]] = affine.vector_load %{{.*}}[%[[TR]] * 8 + %[[G]] * 4 + 1, %[[TC]] * 4]
// CHECK: %[[R2:.*]] = affine.vector_load %{{.*}}[%[[TR]] * 8 + %[[G]] * 4 + 2, %[[TC]] * 4]
// CHECK: %[[R3:.*]] = affine.vector_load %{{.*}}[%[[TR]] * 8 + %[[G]] * 4 + 3, %[[TC]] * 4]
// CHECK: %[[E:.*]] = vector.shuffle %[[R0]], %[[R2]] [0, 4, 1, 5, 2, 6, 3, 7]
// CHECK: %[[O:.*]] = vector.shuffle %[[R1]], %[[R3]] [0, 4, 1, 5, 2, 6, 3, 7]
// CHECK: %[[V:.*]] = vector.shuffle %[[E]], %[[O]] [0, 8, 1, 9, 2, 10, 3, 11, 4, 12, 5, 13, 6, 14, 7, 15] : vector<8xi8>, vector<8xi8>
// CHECK: affine.vector_store %[[V]], %[[RUNS]][%[[TR]], %[[TC]], %[[G]], 0] : memref<1x1x2x16xi8>, vector<16xi8>
func.func @to_quads(%a: memref<8x4xi8>, %b: memref<8x4xi8, #Q>) {
  memref.copy %a, %b : memref<8x4xi8> to memref<8x4xi8, #Q>
  return
}

// -----

#Q = #tlayout.tiled<{1,0:T(8,4)(4,1)}>

// CHECK-LABEL: func.func @from_quads(
// CHECK: %[[V:.*]] = affine.vector_load %{{.*}} : memref<1x1x2x16xi8>, vector<16xi8>
// CHECK: %[[E:.*]] = vector.shuffle %[[V]], %[[V]] [0, 2, 4, 6, 8, 10, 12, 14]
// CHECK: %[[O:.*]] = vector.shuffle %[[V]], %[[V]] [1, 3, 5, 7, 9, 11, 13, 15]
// CHECK: %[[R0:.*]] = vector.shuffle %[[E]], %[[E]] [0, 2, 4, 6]
// CHECK: %[[R2:.*]] = vector.shuffle %[[E]], %[[E]] [1, 3, 5, 7]
// CHECK: %[[R1:.*]] = vector.shuffle %[[O]], %[[O]] [0, 2, 4, 6]
// CHECK: %[[R3:.*]] = vector.shuffle %[[O]], %[[O]] [1, 3, 5, 7]
// CHECK: affine.vector_store %[[R0]], %{{.*}}[%{{.*}} * 8 + %{{.*}} * 4, %{{.*}} * 4]
// CHECK: affine.vector_store %[[R1]], %{{.*}}[%{{.*}} * 8 + %{{.*}} * 4 + 1, %{{.*}} * 4]
// CHECK: affine.vector_store %[[R2]], %{{.*}}[%{{.*}} * 8 + %{{.*}} * 4 + 2, %{{.*}} * 4]
// CHECK: affine.vector_store %[[R3]], %{{.*}}[%{{.*}} * 8 + %{{.*}} * 4 + 3, %{{.*}} * 4]
func.func @from_quads(%a: memref<8x4xi8, #Q>, %b: memref<8x4xi8>) {
  memref.copy %a, %b : memref<8x4xi8, #Q> to memref<8x4xi8>
  return
}

// -----

#B = #tlayout.tiled<{1,0:T(4,8)(2,1)}>

// Padding (6 rows of 4-row tiles), a dynamic size, a strided row-major
// side, a (8,1) tile, a (4,2) tile and runs longer than 1024 elements take
// the element-by-element nest.
// CHECK-LABEL: func.func @fallbacks(
// CHECK-NOT: vector.shuffle
// CHECK-NOT: memref.copy
// CHECK: return
func.func @fallbacks(%a: memref<6x16xbf16>, %b: memref<6x16xbf16, #B>,
                     %c: memref<?x16xbf16>, %d: memref<?x16xbf16, #B>,
                     %e: memref<8x16xbf16, strided<[32, 1]>>,
                     %f: memref<8x16xbf16, #B>,
                     %g: memref<8x16xi8>,
                     %h: memref<8x16xi8, #tlayout.tiled<{1,0:T(8,8)(8,1)}>>,
                     %k: memref<8x16xi8, #tlayout.tiled<{1,0:T(8,8)(4,2)}>>,
                     %l: memref<2x1024xi8>,
                     %m: memref<2x1024xi8, #tlayout.tiled<{1,0:T(2,1024)(2,1)}>>) {
  memref.copy %a, %b : memref<6x16xbf16> to memref<6x16xbf16, #B>
  memref.copy %c, %d : memref<?x16xbf16> to memref<?x16xbf16, #B>
  memref.copy %e, %f : memref<8x16xbf16, strided<[32, 1]>> to memref<8x16xbf16, #B>
  memref.copy %g, %h : memref<8x16xi8> to memref<8x16xi8, #tlayout.tiled<{1,0:T(8,8)(8,1)}>>
  memref.copy %g, %k : memref<8x16xi8> to memref<8x16xi8, #tlayout.tiled<{1,0:T(8,8)(4,2)}>>
  memref.copy %l, %m : memref<2x1024xi8> to memref<2x1024xi8, #tlayout.tiled<{1,0:T(2,1024)(2,1)}>>
  return
}

// -----

#C = #tlayout.tiled<{0,1}>

// Row-major to column-major: 16 x 16 blocks of f32 (here by groups of 2 x 2
// blocks; 16 x 16 where the shape allows), each as sub-blocks of one
// 32-byte register by one 128-bit lane (vector-register-bytes' default):
// register i of a sub-block is the 4-element lanes of source runs i and
// i + 4 concatenated, and two rounds of interleaves within lanes leave in
// register t the 8 elements of column t (8 shuffles on i32 lanes, none
// across lanes). Each sub-block's 4 registers are stored as they come, half
// runs of 8 of the transposed buffer (plain stores; a band's runs are
// stored whole only where non-temporal stores need whole lines, see
// nontemporal-copies.mlir), so only one sub-block is live at a time. The
// source's rows are streams: read in place, no staging buffer.
// CHECK-LABEL: func.func @to_column_major(
// CHECK-SAME: %[[SRC:.*]]: memref<64x32xf32>, %[[DST:.*]]: memref<32x64xf32>
// CHECK-NOT: memref.alloca
// CHECK: affine.for %[[GX:.*]] = 0 to 2 {
// CHECK: affine.for %[[GY:.*]] = 0 to 1 {
// CHECK: affine.for %[[X:.*]] = 0 to 2 {
// CHECK: affine.for %[[Y:.*]] = 0 to 2 {
// CHECK: %[[R0:.*]] = affine.vector_load %[[SRC]][%[[GX]] * 32 + %[[X]] * 16, %[[GY]] * 32 + %[[Y]] * 16] : memref<64x32xf32>, vector<4xf32>
// CHECK: %[[I0:.*]] = vector.bitcast %[[R0]] : vector<4xf32> to vector<4xi32>
// CHECK: %[[R4:.*]] = affine.vector_load %[[SRC]][%[[GX]] * 32 + %[[X]] * 16 + 4, %[[GY]] * 32 + %[[Y]] * 16] : memref<64x32xf32>, vector<4xf32>
// CHECK: %[[I4:.*]] = vector.bitcast %[[R4]] : vector<4xf32> to vector<4xi32>
// CHECK: vector.shuffle %[[I0]], %[[I4]] [0, 1, 2, 3, 4, 5, 6, 7] : vector<4xi32>, vector<4xi32>
// CHECK-COUNT-6: affine.vector_load %[[SRC]][%[[GX]] * 32 + %[[X]] * 16 + {{[1-7]}}, %[[GY]] * 32 + %[[Y]] * 16] : memref<64x32xf32>, vector<4xf32>
// CHECK-COUNT-4: vector.shuffle %{{.*}}, %{{.*}} [{{0, 8, 1, 9, 4, 12, 5, 13|2, 10, 3, 11, 6, 14, 7, 15}}] : vector<8xi32>, vector<8xi32>
// CHECK-COUNT-4: vector.shuffle %{{.*}}, %{{.*}} [{{0, 8, 1, 9, 4, 12, 5, 13|2, 10, 3, 11, 6, 14, 7, 15}}] : vector<8xi32>, vector<8xi32>
// CHECK: affine.vector_store %{{.*}}, %[[DST]][%[[GY]] * 32 + %[[Y]] * 16, %[[GX]] * 32 + %[[X]] * 16] : memref<32x64xf32>, vector<8xf32>
// CHECK-COUNT-3: affine.vector_store %{{.*}}, %[[DST]][%[[GY]] * 32 + %[[Y]] * 16 + {{[1-3]}}, %[[GX]] * 32 + %[[X]] * 16] : memref<32x64xf32>, vector<8xf32>
// CHECK-COUNT-8: affine.vector_load %[[SRC]][%[[GX]] * 32 + %[[X]] * 16 + {{8|9|1[0-5]}}, %[[GY]] * 32 + %[[Y]] * 16] : memref<64x32xf32>, vector<4xf32>
// CHECK-COUNT-8: vector.shuffle {{.*}} : vector<8xi32>, vector<8xi32>
// CHECK-COUNT-4: affine.vector_store %{{.*}}, %[[DST]][%[[GY]] * 32 + %[[Y]] * 16{{( \+ [1-3])?}}, %[[GX]] * 32 + %[[X]] * 16 + 8] : memref<32x64xf32>, vector<8xf32>
// CHECK: affine.vector_load %[[SRC]][%[[GX]] * 32 + %[[X]] * 16, %[[GY]] * 32 + %[[Y]] * 16 + 4] : memref<64x32xf32>, vector<4xf32>
// CHECK-COUNT-24: affine.vector_store %{{.*}}, %[[DST]][%[[GY]] * 32 + %[[Y]] * 16 + {{[4-9]|1[0-5]}}, %[[GX]] * 32 + %[[X]] * 16{{( \+ 8)?}}] : memref<32x64xf32>, vector<8xf32>
// CHECK-NOT: vector.shuffle
func.func @to_column_major(%a: memref<64x32xf32>, %b: memref<64x32xf32, #C>) {
  memref.copy %a, %b : memref<64x32xf32> to memref<64x32xf32, #C>
  return
}

// -----

#C = #tlayout.tiled<{0,1}>

// Column-major to row-major reads the transposed buffer by rows; f64 takes
// 8 x 8 blocks, as sub-blocks of 4 runs by 2 (one interleave of 64-bit
// lanes: 2 shuffles each, no exchange of lanes), each sub-block's 2
// registers stored as half runs of 4.
// CHECK-LABEL: func.func @from_column_major(
// CHECK-SAME: %[[SRC:.*]]: memref<16x8xf64>, %[[DST:.*]]: memref<8x16xf64>
// CHECK: affine.for %[[GX:.*]] = 0 to 2 {
// CHECK: affine.for %[[GY:.*]] = 0 to 1 {
// CHECK: affine.for %[[X:.*]] = 0 to 1 {
// CHECK: affine.for %[[Y:.*]] = 0 to 1 {
// CHECK-COUNT-4: affine.vector_load %[[SRC]][%[[GX]] * 8 + %[[X]] * 8{{( \+ [1-3])?}}, %[[GY]] * 8 + %[[Y]] * 8] : memref<16x8xf64>, vector<2xf64>
// CHECK-COUNT-2: vector.shuffle %{{.*}}, %{{.*}} [{{0, 4, 2, 6|1, 5, 3, 7}}] : vector<4xi64>, vector<4xi64>
// CHECK: affine.vector_store %{{.*}}, %[[DST]][%[[GY]] * 8 + %[[Y]] * 8, %[[GX]] * 8 + %[[X]] * 8] : memref<8x16xf64>, vector<4xf64>
// CHECK: affine.vector_store %{{.*}}, %[[DST]][%[[GY]] * 8 + %[[Y]] * 8 + 1, %[[GX]] * 8 + %[[X]] * 8] : memref<8x16xf64>, vector<4xf64>
// CHECK-COUNT-4: affine.vector_load %[[SRC]][%[[GX]] * 8 + %[[X]] * 8 + {{[4-7]}}, %[[GY]] * 8 + %[[Y]] * 8] : memref<16x8xf64>, vector<2xf64>
// CHECK-COUNT-2: vector.shuffle %{{.*}}, %{{.*}} [{{0, 4, 2, 6|1, 5, 3, 7}}] : vector<4xi64>, vector<4xi64>
// CHECK: affine.vector_store %{{.*}}, %[[DST]][%[[GY]] * 8 + %[[Y]] * 8, %[[GX]] * 8 + %[[X]] * 8 + 4] : memref<8x16xf64>, vector<4xf64>
// CHECK: affine.vector_store %{{.*}}, %[[DST]][%[[GY]] * 8 + %[[Y]] * 8 + 1, %[[GX]] * 8 + %[[X]] * 8 + 4] : memref<8x16xf64>, vector<4xf64>
// CHECK-COUNT-4: affine.vector_load %[[SRC]][%[[GX]] * 8 + %[[X]] * 8{{.*}}, %[[GY]] * 8 + %[[Y]] * 8 + 2] : memref<16x8xf64>, vector<2xf64>
// CHECK-COUNT-12: affine.vector_store %{{.*}}, %[[DST]][%[[GY]] * 8 + %[[Y]] * 8 + {{[2-7]}}, %[[GX]] * 8 + %[[X]] * 8{{( \+ 4)?}}] : memref<8x16xf64>, vector<4xf64>
// CHECK-NOT: vector.shuffle
func.func @from_column_major(%a: memref<8x16xf64, #C>, %b: memref<8x16xf64>) {
  memref.copy %a, %b : memref<8x16xf64, #C> to memref<8x16xf64>
  return
}

// -----

#C = #tlayout.tiled<{0,1}>

// Not whole 16 x 16 blocks: one block, and the last 4 rows element by
// element.
// CHECK-LABEL: func.func @transpose_rest(
// CHECK-SAME: %[[SRC:.*]]: memref<20x16xf32>, %[[DST:.*]]: memref<16x20xf32>
// CHECK-COUNT-8: affine.vector_load %[[SRC]]{{.*}} vector<4xf32>
// CHECK: vector.shuffle
// CHECK-COUNT-4: affine.vector_store %{{.*}}, %[[DST]]{{.*}} vector<8xf32>
// CHECK-COUNT-8: affine.vector_load %[[SRC]]{{.*}} vector<4xf32>
// CHECK-COUNT-4: affine.vector_store %{{.*}}, %[[DST]]{{.*}} vector<8xf32>
// CHECK-COUNT-8: affine.vector_load %[[SRC]]{{.*}} vector<4xf32>
// CHECK-COUNT-24: affine.vector_store %{{.*}}, %[[DST]]{{.*}} vector<8xf32>
func.func @transpose_rest(%a: memref<20x16xf32>, %b: memref<20x16xf32, #C>) {
  memref.copy %a, %b : memref<20x16xf32> to memref<20x16xf32, #C>
  return
}

// -----

#C = #tlayout.tiled<{0,1}>

// Row-major to column-major of i8 by groups of 256 x 256 (runs of 256 bytes
// on both sides) through two buffers at the function's start: the group's
// 256 source runs copied whole into the first (a loop LLVM must not unroll,
// which prefetches the 4 lines of the run 8 further on, wrapping within the
// group), its 4 x 4 blocks of 64 x 64 transposed from the first into the
// second, each sub-block's registers stored as they come (32 of the 64
// elements of a target run), and the second's 256 rows stored as the
// target's runs, a line at a time. A second copy in the function takes the
// same buffers; the 16 columns past the last group go by blocks of 16.
// CHECK-DAG: #[[NOUNROLL:.*]] = #llvm.loop_annotation<unroll = #{{.*}}>
// CHECK-DAG: #[[ROW_AHEAD:.*]] = affine_map<(d0, d1, d2) -> (d0 * 256 + d2 - ((d2 + 8) floordiv 256) * 256 + 8)>
// CHECK-LABEL: func.func @groups_to_column_major(
// CHECK-SAME: %[[SRC:.*]]: memref<512x528xi8>, %[[DST:.*]]: memref<528x512xi8>, %[[DST2:.*]]: memref<528x512xi8>
// CHECK-NEXT: %[[OUT:.*]] = memref.alloca() {alignment = 64 : i64, tlayout.staging_slot = 1 : i64} : memref<256x256xi8>
// CHECK-NEXT: %[[IN:.*]] = memref.alloca() {alignment = 64 : i64, tlayout.staging_slot = 0 : i64} : memref<256x256xi8>
// CHECK-NOT: memref.alloca
// CHECK: affine.for %[[GX:.*]] = 0 to 2 {
// CHECK: affine.for %[[GY:.*]] = 0 to 2 {
// CHECK: scf.for %[[ROW:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK: %[[WHOLE:.*]] = vector.load %[[SRC]][{{.*}}] : memref<512x528xi8>, vector<256xi8>
// CHECK: %[[AHEAD:.*]] = affine.apply #[[ROW_AHEAD]](%[[GX]], %[[GY]], %[[ROW]])
// CHECK: memref.prefetch %[[SRC]][%[[AHEAD]], %{{.*}}], read, locality<3>, data : memref<512x528xi8>
// CHECK-COUNT-3: memref.prefetch %[[SRC]][%{{.*}}, %{{.*}}], read, locality<3>, data : memref<512x528xi8>
// CHECK-NOT: memref.prefetch
// CHECK: vector.store %[[WHOLE]], %[[IN]][%[[ROW]], %{{.*}}] : memref<256x256xi8>, vector<256xi8>
// CHECK: } {loop_annotation = #[[NOUNROLL]]}
// CHECK: affine.for %[[X:.*]] = 0 to 4 {
// CHECK: affine.for %[[Y:.*]] = 0 to 4 {
// CHECK: affine.vector_load %[[IN]][%[[X]] * 64, %[[Y]] * 64] : memref<256x256xi8>, vector<16xi8>
// CHECK: affine.vector_load %[[IN]][%[[X]] * 64 + 16, %[[Y]] * 64] : memref<256x256xi8>, vector<16xi8>
// CHECK-COUNT-30: affine.vector_load %[[IN]][%[[X]] * 64 + {{[0-9]+}}, %[[Y]] * 64] : memref<256x256xi8>, vector<16xi8>
// CHECK-COUNT-16: affine.vector_store %{{.*}}, %[[OUT]][%[[Y]] * 64{{( \+ [0-9]+)?}}, %[[X]] * 64] : memref<256x256xi8>, vector<32xi8>
// CHECK-COUNT-32: affine.vector_load %[[IN]][%[[X]] * 64 + {{[0-9]+}}, %[[Y]] * 64] : memref<256x256xi8>, vector<16xi8>
// CHECK-COUNT-16: affine.vector_store %{{.*}}, %[[OUT]][%[[Y]] * 64{{( \+ [0-9]+)?}}, %[[X]] * 64 + 32] : memref<256x256xi8>, vector<32xi8>
// CHECK: scf.for %[[TROW:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK: vector.load %[[OUT]][%[[TROW]], %{{.*}}] : memref<256x256xi8>, vector<64xi8>
// CHECK: vector.store %{{.*}}, %[[DST]][%{{.*}}, %{{.*}}] : memref<528x512xi8>, vector<64xi8>
// CHECK-COUNT-3: vector.store %{{.*}}, %[[DST]][%{{.*}}, %{{.*}}] : memref<528x512xi8>, vector<64xi8>
// CHECK: } {loop_annotation = #[[NOUNROLL]]}
// CHECK: affine.for %{{.*}} = 0 to 32 {
// CHECK-COUNT-16: affine.vector_load %[[SRC]]{{.*}} : memref<512x528xi8>, vector<16xi8>
// CHECK-COUNT-16: affine.vector_store %{{.*}}, %[[DST]]{{.*}} : memref<528x512xi8>, vector<16xi8>
// CHECK-NOT: affine.load
// CHECK: vector.store %{{.*}}, %[[IN]]
// CHECK: vector.store %{{.*}}, %[[DST2]]
// CHECK: return
func.func @groups_to_column_major(%a: memref<512x528xi8>, %b: memref<512x528xi8, #C>, %c: memref<512x528xi8, #C>) {
  memref.copy %a, %b : memref<512x528xi8> to memref<512x528xi8, #C>
  memref.copy %a, %c : memref<512x528xi8> to memref<512x528xi8, #C>
  return
}

// -----

#C = #tlayout.tiled<{0,1}>

// bf16 goes by staged groups of 128 x 128 (runs of 256 bytes), its buffers
// of i16 (shared with any other 16-bit copy of the function); the rows of
// the second go out as lines of 32, bitcast back to bf16. A staged group
// copy in a loop takes the same buffers at the function's start.
// CHECK-LABEL: func.func @groups_bf16(
// CHECK-NEXT: memref.alloca() {{.*}} : memref<128x128xi16>
// CHECK-NEXT: memref.alloca() {{.*}} : memref<128x128xi16>
// CHECK-NOT: memref.alloca
// CHECK: %[[LINE:.*]] = vector.load %{{.*}} : memref<128x128xi16>, vector<32xi16>
// CHECK: vector.bitcast %[[LINE]] : vector<32xi16> to vector<32xbf16>
// CHECK: scf.for
// CHECK-NOT: memref.alloca
// CHECK: vector.load %{{.*}} : memref<128x128xi16>, vector<32xi16>
// CHECK-NOT: memref.alloca
// CHECK: return
func.func @groups_bf16(%a: memref<128x256xbf16>, %b: memref<128x256xbf16, #C>,
                       %c: memref<128x128xf16>, %d: memref<128x128xf16, #C>) {
  memref.copy %a, %b : memref<128x256xbf16> to memref<128x256xbf16, #C>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  scf.for %i = %c0 to %c3 step %c1 {
    memref.copy %c, %d : memref<128x128xf16> to memref<128x128xf16, #C>
  }
  return
}

// -----

#C = #tlayout.tiled<{0,1}>

// A buffer is taken only where it dominates the copy: an alloca of the same
// type marked with the same slot after the copy is left alone (the copy
// makes its own at the function's start).
// CHECK-LABEL: func.func @groups_marker_after(
// CHECK-NEXT: %[[OUT:.*]] = memref.alloca() {{.*}}tlayout.staging_slot = 1{{.*}} : memref<256x256xi8>
// CHECK-NEXT: %[[IN:.*]] = memref.alloca() {{.*}}tlayout.staging_slot = 0{{.*}} : memref<256x256xi8>
// CHECK: vector.store %{{.*}}, %[[IN]]
// CHECK: memref.alloca() {{.*}}tlayout.staging_slot = 0{{.*}} : memref<256x256xi8>
// CHECK: return
func.func @groups_marker_after(%a: memref<256x256xi8>, %b: memref<256x256xi8, #C>) {
  memref.copy %a, %b : memref<256x256xi8> to memref<256x256xi8, #C>
  %u = memref.alloca() {alignment = 64 : i64, tlayout.staging_slot = 0 : i64} : memref<256x256xi8>
  return
}

// -----

#C = #tlayout.tiled<{0,1}>

// Not staged by groups: 32-bit elements (their blocks' runs are already
// lines the prefetchers follow), fewer blocks than a group's side
// (192 rows of i8: 3 blocks), and a copy in a parallel loop (whose
// iterations would share the buffers).
// CHECK-LABEL: func.func @negative_groups(
// CHECK-NOT: memref.alloca
// CHECK: affine.vector_load {{.*}} : memref<256x256xf32>, vector<4xf32>
// CHECK: affine.vector_load {{.*}} : memref<192x256xi8>, vector<16xi8>
// CHECK: scf.parallel
// CHECK: affine.vector_load {{.*}} : memref<256x256xi8>, vector<16xi8>
// CHECK-NOT: memref.alloca
// CHECK: return
func.func @negative_groups(%a: memref<256x256xf32>, %b: memref<256x256xf32, #C>,
                           %c: memref<192x256xi8>, %d: memref<192x256xi8, #C>,
                           %e: memref<256x256xi8>, %f: memref<256x256xi8, #C>) {
  memref.copy %a, %b : memref<256x256xf32> to memref<256x256xf32, #C>
  memref.copy %c, %d : memref<192x256xi8> to memref<192x256xi8, #C>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  scf.parallel (%i) = (%c0) to (%c2) step (%c1) {
    memref.copy %e, %f : memref<256x256xi8> to memref<256x256xi8, #C>
    scf.reduce
  }
  return
}

// -----

#C = #tlayout.tiled<{0,1}>

// Fewer than 8 rows: no block, the element-by-element nest.
// CHECK-LABEL: func.func @negative_transpose_below_block(
// CHECK-NOT: vector.shuffle
// CHECK: affine.load
// CHECK-NOT: vector.shuffle
func.func @negative_transpose_below_block(%a: memref<4x64xf32>, %b: memref<4x64xf32, #C>) {
  memref.copy %a, %b : memref<4x64xf32> to memref<4x64xf32, #C>
  return
}

// -----

#R = #tlayout.tiled<{1,0:T(8,128)}>
#T = #tlayout.tiled<{0,1:T(8,128)}>

// T(8,128) to T(8,128) of the transposed array (`{0,1:T(8,128)}`): each
// 16 x 16 block's source runs (half runs of two source tiles) are first
// copied whole into a 16 x 16 buffer allocated at the function's start, in
// a loop that LLVM must not unroll, while the same runs of the next block
// are prefetched; the sub-blocks then read the buffer and store their
// registers (half runs: plain stores) into two target tiles through the
// target's index map.
// CHECK-DAG: #[[NOUNROLL:.*]] = #llvm.loop_annotation<unroll = #{{.*}}>
// CHECK-LABEL: func.func @tiles_to_transposed_tiles(
// CHECK-SAME: %[[SRC:.*]]: memref<4x2x8x128xf32>, %[[DST:.*]]: memref<32x1x8x128xf32>
// CHECK-NEXT: %[[STAGE:.*]] = memref.alloca() {alignment = 64 : i64, tlayout.staging_slot = 0 : i64} : memref<16x16xi32>
// CHECK: affine.for %[[GX:.*]] = 0 to 1 {
// CHECK: affine.for %[[GY:.*]] = 0 to 8 {
// CHECK: affine.for %[[X:.*]] = 0 to 2 {
// CHECK: affine.for %[[Y:.*]] = 0 to 2 {
// CHECK: scf.for %[[LINE:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK: %[[WHOLE:.*]] = vector.load %[[SRC]][{{.*}}] : memref<4x2x8x128xf32>, vector<16xf32>
// CHECK: memref.prefetch %[[SRC]][{{.*}}], read, locality<3>, data : memref<4x2x8x128xf32>
// CHECK: %[[BITS:.*]] = vector.bitcast %[[WHOLE]] : vector<16xf32> to vector<16xi32>
// CHECK: vector.store %[[BITS]], %[[STAGE]][%[[LINE]], %{{.*}}] : memref<16x16xi32>, vector<16xi32>
// CHECK: } {loop_annotation = #[[NOUNROLL]]}
// CHECK: affine.vector_load %[[STAGE]][0, 0] : memref<16x16xi32>, vector<4xi32>
// CHECK: affine.vector_load %[[STAGE]][4, 0] : memref<16x16xi32>, vector<4xi32>
// CHECK-COUNT-6: affine.vector_load %[[STAGE]][{{[1-35-7]}}, 0] : memref<16x16xi32>, vector<4xi32>
// CHECK-COUNT-8: vector.shuffle {{.*}} : vector<8xi32>, vector<8xi32>
// CHECK-COUNT-4: affine.vector_store %{{.*}}, %[[DST]][%[[GY]] * 4 + %[[Y]] * 2, (%[[GX]] * 2 + %[[X]]) floordiv 8, {{[0-3]}}, %[[GX]] * 32 + %[[X]] * 16 - ((%[[GX]] * 2 + %[[X]]) floordiv 8) * 128] : memref<32x1x8x128xf32>, vector<8xf32>
// CHECK-COUNT-8: affine.vector_load %[[STAGE]][{{8|9|1[0-5]}}, 0] : memref<16x16xi32>, vector<4xi32>
// CHECK-COUNT-8: vector.shuffle {{.*}} : vector<8xi32>, vector<8xi32>
// CHECK-COUNT-4: affine.vector_store %{{.*}}, %[[DST]][%[[GY]] * 4 + %[[Y]] * 2, (%[[GX]] * 4 + %[[X]] * 2 + 1) floordiv 16, {{[0-3]}}, %[[GX]] * 32 + %[[X]] * 16 - ((%[[GX]] * 4 + %[[X]] * 2 + 1) floordiv 16) * 128 + 8] : memref<32x1x8x128xf32>, vector<8xf32>
// CHECK-COUNT-8: affine.vector_load %[[STAGE]][{{[0-7]}}, 4] : memref<16x16xi32>, vector<4xi32>
// CHECK-COUNT-4: affine.vector_store %{{.*}}, %[[DST]][%[[GY]] * 4 + %[[Y]] * 2, (%[[GX]] * 2 + %[[X]]) floordiv 8, {{[4-7]}}, %[[GX]] * 32 + %[[X]] * 16 - ((%[[GX]] * 2 + %[[X]]) floordiv 8) * 128] : memref<32x1x8x128xf32>, vector<8xf32>
// CHECK-COUNT-4: affine.vector_store %{{.*}}, %[[DST]][%[[GY]] * 4 + %[[Y]] * 2, {{.*}}, {{[4-7]}}, {{.*}} + 8] : memref<32x1x8x128xf32>, vector<8xf32>
// CHECK-COUNT-16: affine.vector_store %{{.*}}, %[[DST]][%[[GY]] * 4 + %[[Y]] * 2 + 1, {{.*}}] : memref<32x1x8x128xf32>, vector<8xf32>
// CHECK-NOT: vector.shuffle
func.func @tiles_to_transposed_tiles(%a: memref<32x256xf32, #R>, %b: memref<32x256xf32, #T>) {
  memref.copy %a, %b : memref<32x256xf32, #R> to memref<32x256xf32, #T>
  return
}

// -----

#R = #tlayout.tiled<{1,0:T(8,128)}>
#T = #tlayout.tiled<{0,1:T(8,128)}>

// In a parallel loop the iterations would share a buffer at the function's
// start: no staging, the sub-blocks read the source in place.
// CHECK-LABEL: func.func @tiles_transpose_in_parallel_loop(
// CHECK-SAME: %[[SRC:.*]]: memref<4x2x8x128xf32>
// CHECK-NOT: memref.alloca
// CHECK: scf.parallel
// CHECK-NOT: memref.alloca
// CHECK: affine.vector_load %[[SRC]]{{.*}} : memref<4x2x8x128xf32>, vector<4xf32>
// CHECK-NOT: memref.alloca
// CHECK: return
func.func @tiles_transpose_in_parallel_loop(%a: memref<32x256xf32, #R>, %b: memref<32x256xf32, #T>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    memref.copy %a, %b : memref<32x256xf32, #R> to memref<32x256xf32, #T>
    scf.reduce
  }
  return
}

// -----

#R = #tlayout.tiled<{1,0:T(8,8)}>
#T = #tlayout.tiled<{0,1:T(8,128)}>

// A tile row of 8 f32 does not hold a 16-element run: 8 x 8 blocks.
// CHECK-LABEL: func.func @narrow_tiles_transpose(
// CHECK: memref.alloca() {alignment = 64 : i64, tlayout.staging_slot = 0 : i64} : memref<8x8xi32>
// CHECK-COUNT-8: affine.vector_load {{.*}} vector<4xi32>
// CHECK: vector.shuffle
// CHECK-NOT: affine.load
// CHECK: return
func.func @narrow_tiles_transpose(%a: memref<32x32xf32, #R>, %b: memref<32x32xf32, #T>) {
  memref.copy %a, %b : memref<32x32xf32, #R> to memref<32x32xf32, #T>
  return
}

// -----

#B = #tlayout.tiled<{1,0:T(8,128)(2,1)}>
#C = #tlayout.tiled<{0,1}>

// `index` elements have no fixed width and i1 lanes are bits in a vector:
// the element-by-element nest.
// CHECK-LABEL: func.func @not_byte_sized(
// CHECK-NOT: vector.shuffle
// CHECK: return
func.func @not_byte_sized(%a: memref<16x128xindex>, %b: memref<16x128xindex, #B>,
                          %c: memref<16x16xi1>, %d: memref<16x16xi1, #C>) {
  memref.copy %a, %b : memref<16x128xindex> to memref<16x128xindex, #B>
  memref.copy %c, %d : memref<16x16xi1> to memref<16x16xi1, #C>
  return
}
