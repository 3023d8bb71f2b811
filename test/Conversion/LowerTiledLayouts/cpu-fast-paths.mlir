// The CPU target's fast paths (vector copies between row-major and
// interleaving tiles, transposing copies, packed tile rows as column words)
// are patterns of their own that --tlayout-cpu-lower-tiled-layouts adds to
// the conversion; without them (--lower-tiled-layouts) the same ops take
// the plain lowering: element-wise copy nests and element-wise (byte)
// accesses.
// RUN: tlayout-opt %s --tlayout-cpu-lower-tiled-layouts | FileCheck %s --check-prefix=FAST
// RUN: tlayout-opt %s --tlayout-cpu-lower-tiled-layouts=nontemporal-copy-threshold=8388608 \
// RUN:   | FileCheck %s --check-prefix=FAST
// RUN: tlayout-opt %s --lower-tiled-layouts | FileCheck %s --check-prefix=PLAIN

#B = #tlayout.tiled<{1,0:T(4,8)(2,1)}>
#C = #tlayout.tiled<{0,1}>
#P = #tlayout.tiled<{1,0:T(8,16)(8,1)E(4)}>

// FAST-LABEL: func.func @to_pairs(
// FAST: vector.shuffle
// FAST-NOT: affine.load
// PLAIN-LABEL: func.func @to_pairs(
// PLAIN-NOT: vector.shuffle
// PLAIN: %[[E:.*]] = affine.load %{{.*}} : memref<8x16xbf16>
// PLAIN: affine.store %[[E]], %{{.*}} : memref<2x2x2x8x2x1xbf16>
// PLAIN: return
func.func @to_pairs(%a: memref<8x16xbf16>, %b: memref<8x16xbf16, #B>) {
  memref.copy %a, %b : memref<8x16xbf16> to memref<8x16xbf16, #B>
  return
}

// FAST-LABEL: func.func @to_colmajor(
// FAST-COUNT-16: affine.vector_load
// FAST: vector.shuffle
// FAST-NOT: affine.load
// PLAIN-LABEL: func.func @to_colmajor(
// PLAIN-NOT: vector
// PLAIN: %[[E:.*]] = affine.load %{{.*}}[%[[J:.*]], %[[I:.*]]] : memref<16x16xf32>
// PLAIN: affine.store %[[E]], %{{.*}}[%[[I]], %[[J]]] : memref<16x16xf32>
// PLAIN: return
func.func @to_colmajor(%a: memref<16x16xf32>, %b: memref<16x16xf32, #C>) {
  memref.copy %a, %b : memref<16x16xf32> to memref<16x16xf32, #C>
  return
}

// One tile row of packed nibbles, eight rows interleaved: the fast path
// reads the group's run as one i32 word per column; the plain lowering
// reads one byte per element.
// FAST-LABEL: func.func @packed_row(
// FAST: %[[GROUP:.*]] = vector.load %{{.*}} : memref<64xi8>, vector<64xi8>
// FAST: %[[WORDS:.*]] = vector.bitcast %[[GROUP]] : vector<64xi8> to vector<16xi32>
// FAST: %[[SHIFTED:.*]] = arith.shrui %[[WORDS]], %{{.*}} : vector<16xi32>
// FAST: arith.trunci %[[SHIFTED]] : vector<16xi32> to vector<16xi4>
// FAST-NOT: memref.load
// PLAIN-LABEL: func.func @packed_row(
// PLAIN-NOT: vector.load
// PLAIN-COUNT-16: memref.load %{{.*}} : memref<64xi8>
// PLAIN-NOT: vector.load
// PLAIN: return
func.func @packed_row(%p: memref<8x16xi4, #P>, %i: index) -> vector<16xi4> {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0 : i4
  %v = vector.transfer_read %p[%i, %c0], %pad {in_bounds = [true]}
      : memref<8x16xi4, #P>, vector<16xi4>
  return %v : vector<16xi4>
}

// The same row written: a read-modify-write of the run with the fast path,
// one byte read-modify-write per element without.
// FAST-LABEL: func.func @packed_row_store(
// FAST: vector.load %{{.*}} : memref<64xi8>, vector<64xi8>
// FAST: vector.store %{{.*}} : memref<64xi8>, vector<64xi8>
// PLAIN-LABEL: func.func @packed_row_store(
// PLAIN-NOT: vector.store
// PLAIN-COUNT-16: memref.store %{{.*}} : memref<64xi8>
// PLAIN-NOT: vector.store
// PLAIN: return
func.func @packed_row_store(%p: memref<8x16xi4, #P>, %i: index,
                            %v: vector<16xi4>) {
  %c0 = arith.constant 0 : index
  vector.transfer_write %v, %p[%i, %c0] {in_bounds = [true]}
      : vector<16xi4>, memref<8x16xi4, #P>
  return
}

// affine.vector_load takes the same fast path.
// FAST-LABEL: func.func @packed_row_affine(
// FAST: vector.bitcast %{{.*}} : vector<64xi8> to vector<16xi32>
// PLAIN-LABEL: func.func @packed_row_affine(
// PLAIN-NOT: vector.bitcast
// PLAIN: return
func.func @packed_row_affine(%p: memref<16x16xi4, #P>, %i: index)
    -> vector<16xi4> {
  %v = affine.vector_load %p[%i, 0] : memref<16x16xi4, #P>, vector<16xi4>
  return %v : vector<16xi4>
}
