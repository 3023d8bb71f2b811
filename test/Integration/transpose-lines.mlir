// Transposing copies of 16- and 8-bit elements move blocks whose runs are
// one 64-byte line (32 x 32 of i16, 64 x 64 of i8), or smaller blocks where
// the shape or a tile row holds no such block, and the rows and columns
// past the last whole block by the largest smaller blocks that fit (down to
// 8 x 8) and what none fits in element by element; row-major to column-major
// and T(8,128) to the transposed array in T(8,128), each way. A block goes
// by sub-blocks of one vector register (vector-register-bytes: 32 by
// default; 16 and 64 below) by one 128-bit lane: lane k of register i is
// the lane of source run i + 8k (i16) or i + 16k (i8), transposed within
// lanes and concatenated into whole target runs (non-temporal stores) or
// stored register by register (plain stores). A tiled source's block is
// first copied line by line into a buffer on the stack (one loop that LLVM
// must not unroll) while the next block's lines are prefetched. An untiled
// source of 8- or 16-bit elements whose target holds runs of 256 bytes and
// that has at least 4 blocks along both dimensions goes by staged groups of
// 4 x 4 blocks (the blocks past the last whole group as above) through two
// buffers: the group's runs copied in, its blocks
// transposed from one buffer into the other, the other's rows stored as the
// target's runs (groups_*: i8 with columns past the last group, i16 with
// rows and columns past it, bf16, into tiles whose rows hold the runs, i8
// and bf16, and odd sizes with blocks past the last group, i8 and bf16).
// Each case
// prints the number of elements that differ from the row-major source: read
// through the target's own loads, and after the copy back. The second run
// lowers the non-temporal threshold to 1 byte: every tiled allocation is
// then 64-byte aligned and the copies into it store non-temporally.
// RUN: tlayout-opt %s %{lower_to_llvm} | %{run} | FileCheck %s
// RUN: tlayout-opt %s --tlayout-lower-to-llvm=nontemporal-copy-threshold=1 \
// RUN:   | %{run} | FileCheck %s
// RUN: tlayout-opt %s --tlayout-lower-to-llvm=vector-register-bytes=16 \
// RUN:   | %{run} | FileCheck %s
// RUN: tlayout-opt %s --tlayout-lower-to-llvm=vector-register-bytes=64 \
// RUN:   | %{run} | FileCheck %s
// RUN: tlayout-opt %s --tlayout-cpu-lower-tiled-layouts=nontemporal-copy-threshold=1 \
// RUN:   | FileCheck %s --check-prefix=IR
// RUN: tlayout-opt %s --tlayout-cpu-lower-tiled-layouts=vector-register-bytes=64 \
// RUN:   | FileCheck %s --check-prefix=IR64

// With 64-byte registers a sub-block is the block's 32 (i16) or 64 (i8)
// runs by one lane.
// IR64-LABEL: func.func @colmajor_i16(
// IR64-COUNT-128: affine.vector_load {{.*}} : memref<64x96xi16>, vector<8xi16>
// IR64: affine.vector_store {{.*}} : memref<96x64xi16>, vector<32xi16>
// IR64-LABEL: func.func @colmajor_i8(
// IR64-COUNT-256: affine.vector_load {{.*}} : memref<128x192xi8>, vector<16xi8>
// IR-LABEL: func.func @colmajor_i16(
// IR: memref.alloc() {alignment = 64 : i64} : memref<96x64xi16>
// IR-NOT: memref.alloca
// IR-COUNT-128: affine.vector_load {{.*}} : memref<64x96xi16>, vector<8xi16>
// IR: vector.store {{.*}} {alignment = 64 : i64, nontemporal = true} : memref<96x64xi16>, vector<32xi16>
// IR-LABEL: func.func @colmajor_i8(
// IR-COUNT-256: affine.vector_load {{.*}} : memref<128x192xi8>, vector<16xi8>
// The 16 rows and columns past the blocks of 32 go by blocks of 16.
// IR-LABEL: func.func @colmajor_i8_rest(
// IR-COUNT-64: affine.vector_load {{.*}} : memref<48x80xi8>, vector<16xi8>
// IR-NOT: nontemporal
// IR: affine.for %{{.*}} = 0 to 5 {
// IR-COUNT-16: affine.vector_store {{.*}} : memref<80x48xi8>, vector<16xi8>
// IR-NOT: nontemporal
// IR: affine.for %{{.*}} = 0 to 2 {
// IR-COUNT-16: affine.vector_store {{.*}} : memref<80x48xi8>, vector<16xi8>
// IR-NOT: affine.for %{{.*}} = 32 to 48 {
// IR-LABEL: func.func @tiles_i8(
// The staging buffers go at the start of the function.
// IR-NEXT: memref.alloca() {alignment = 64 : i64, tlayout.staging_slot = 0 : i64} : memref<64x64xi8>
// IR: memref.alloc() {alignment = 64 : i64} : memref<32x3x8x128xi8>
// IR: scf.for %[[LINE:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// IR: %[[WHOLE:.*]] = vector.load %{{.*}} : memref<32x3x8x128xi8>, vector<64xi8>
// IR: memref.prefetch %{{.*}}, read, locality<3>, data : memref<32x3x8x128xi8>
// IR: vector.store %[[WHOLE]], %{{.*}}[%[[LINE]], %{{.*}}] : memref<64x64xi8>, vector<64xi8>
// IR: } {loop_annotation = #[[NOUNROLL:.*]]}
// IR-COUNT-256: affine.vector_load {{.*}} : memref<64x64xi8>, vector<16xi8>
// IR: vector.store {{.*}} {alignment = 64 : i64, nontemporal = true} : memref<48x2x8x128xi8>, vector<64xi8>
// IR-LABEL: func.func @tiles_i16(
// IR-COUNT-128: affine.vector_load {{.*}} : memref<32x32xi16>, vector<8xi16>
// The 8 rows and columns past the blocks of 64 go by blocks of 8, read from
// the tiles themselves.
// IR-LABEL: func.func @tiles_i8_padded(
// IR-COUNT-256: affine.vector_load {{.*}} : memref<64x64xi8>, vector<16xi8>
// IR: affine.for %{{.*}} = 0 to 25 {
// IR-COUNT-8: affine.vector_load {{.*}} : memref<9x2x8x128xi8>, vector<8xi8>
// IR-COUNT-8: affine.vector_store {{.*}} : memref<25x1x8x128xi8>, vector<8xi8>
// IR: affine.for %{{.*}} = 0 to 8 {
// IR-COUNT-8: affine.vector_load {{.*}} : memref<9x2x8x128xi8>, vector<8xi8>
// IR-COUNT-8: affine.vector_store {{.*}} : memref<25x1x8x128xi8>, vector<8xi8>
// IR-NOT: affine.for %{{.*}} = 64 to 72 {
// IR-LABEL: func.func @colmajor_i16_odd(
// Rows of 70 i16 (140 bytes) do not start lines: plain stores.
// IR-NOT: nontemporal
// IR-LABEL: func.func @tiles_i16_odd(
// IR: vector.store {{.*}} {alignment = 64 : i64, nontemporal = true} : memref<10x1x8x128xi16>, vector<32xi16>
// IR-LABEL: func.func @tiles_i8_loop(
// IR-NEXT: memref.alloca() {alignment = 64 : i64, tlayout.staging_slot = 0 : i64} : memref<64x64xi8>
// IR-NOT: memref.alloca
// IR: scf.for
// IR-NOT: memref.alloca
// IR: memref.prefetch
// The copy back into rows of 780 bytes goes by carried groups, whose
// second buffer's rows are a line longer.
// IR-LABEL: func.func @groups_i8(
// IR-NEXT: memref.alloca() {{.*}}tlayout.staging_slot = 1{{.*}} : memref<256x320xi8>
// IR-NEXT: memref.alloca() {{.*}}tlayout.staging_slot = 1{{.*}} : memref<256x256xi8>
// IR-NEXT: memref.alloca() {{.*}}tlayout.staging_slot = 0{{.*}} : memref<256x256xi8>
// IR-NOT: memref.alloca
// IR: vector.store {{.*}} {alignment = 64 : i64, nontemporal = true} : memref<780x512xi8>, vector<64xi8>
// IR: vector.store {{.*}} {alignment = 64 : i64, nontemporal = true} : memref<512x780xi8>, vector<64xi8>
// IR-LABEL: func.func @groups_i16(
// IR-NEXT: memref.alloca() {{.*}}tlayout.staging_slot = 1{{.*}} : memref<128x160xi16>
// IR-NEXT: memref.alloca() {{.*}}tlayout.staging_slot = 1{{.*}} : memref<128x128xi16>
// IR-NEXT: memref.alloca() {{.*}}tlayout.staging_slot = 0{{.*}} : memref<128x128xi16>
// IR-NOT: memref.alloca
// IR: affine.for %{{.*}} = 0 to 49 {
// IR-COUNT-8: affine.vector_load {{.*}} : memref<264x392xi16>, vector<8xi16>
// IR: affine.for %{{.*}} = 0 to 32 {
// IR-COUNT-8: affine.vector_load {{.*}} : memref<264x392xi16>, vector<8xi16>
// IR-NOT: affine.for %{{.*}} = 256 to 264 {
// IR-LABEL: func.func @groups_tiled_i8(
// IR-NEXT: memref.alloca() {{.*}}tlayout.staging_slot = 0{{.*}} : memref<64x64xi8>
// IR-NEXT: memref.alloca() {{.*}}tlayout.staging_slot = 1{{.*}} : memref<256x256xi8>
// IR-NEXT: memref.alloca() {{.*}}tlayout.staging_slot = 0{{.*}} : memref<256x256xi8>
// IR: vector.load {{.*}} : memref<256x256xi8>, vector<64xi8>
// IR: vector.store {{.*}} {alignment = 64 : i64, nontemporal = true} : memref<64x1x8x256xi8>, vector<64xi8>
// IR-LABEL: func.func @groups_tiled_bf16(
// IR-NEXT: memref.alloca() {{.*}}tlayout.staging_slot = 0{{.*}} : memref<32x32xi16>
// IR-NEXT: memref.alloca() {{.*}}tlayout.staging_slot = 1{{.*}} : memref<128x128xi16>
// IR-NEXT: memref.alloca() {{.*}}tlayout.staging_slot = 0{{.*}} : memref<128x128xi16>
// IR: vector.load {{.*}} : memref<128x128xi16>, vector<32xi16>
// IR: vector.store {{.*}} {alignment = 64 : i64, nontemporal = true} : memref<48x2x8x128xbf16>, vector<32xbf16>
// IR-LABEL: func.func @groups_odd_i8(
// IR-NEXT: memref.alloca() {{.*}}tlayout.staging_slot = 1{{.*}} : memref<256x256xi8>
// IR-NEXT: memref.alloca() {{.*}}tlayout.staging_slot = 0{{.*}} : memref<256x256xi8>
// IR: affine.for %{{.*}} = 0 to 2 {
// IR: affine.for %{{.*}} = 0 to 2 {
// IR: vector.load {{.*}} : memref<600x700xi8>, vector<256xi8>
// IR: affine.for %{{.*}} = 0 to 1 {
// IR: affine.for %{{.*}} = 0 to 10 {
// IR: affine.vector_load {{.*}} : memref<600x700xi8>, vector<16xi8>
// IR: affine.for %{{.*}} = 0 to 4 {
// IR: affine.for %{{.*}} = 0 to 1 {
// IR: affine.vector_load {{.*}} : memref<600x700xi8>, vector<16xi8>
// The 24 rows past the blocks of 64 go by blocks of 16 and 8; of the 60
// columns, 56 by blocks of 32, 16 and 8, and the last 4 element by
// element.
// IR: affine.for %{{.*}} = 0 to 43 {
// IR-COUNT-16: affine.vector_load {{.*}} : memref<600x700xi8>, vector<16xi8>
// IR: affine.for %{{.*}} = 0 to 87 {
// IR-COUNT-8: affine.vector_load {{.*}} : memref<600x700xi8>, vector<8xi8>
// IR: affine.for %{{.*}} = 696 to 700 {
// IR: affine.for %{{.*}} = 592 to 600 {
// IR: affine.for %{{.*}} = 0 to 18 {
// IR: affine.for %{{.*}} = 0 to 36 {
// IR: affine.for %{{.*}} = 0 to 72 {
// IR: affine.for %{{.*}} = 696 to 700 {
// IR: affine.for %{{.*}} = 0 to 576 {
// Carried groups: columns of 1001 bytes start anywhere in a line. The
// groups go down each column (the loop along the 3 groups innermost); the
// first stores its 256 bytes with plain stores, the middle one the 4 lines
// from the one that holds its first byte, non-temporally, the last the
// carried line and its own bytes with plain stores; each but the last
// carries its row's last line to the front of the row. The blocks past the
// groups store plainly, the fence after them.
// IR-LABEL: func.func @carried_i8(
// IR-NEXT: memref.alloca() {{.*}}tlayout.staging_slot = 1{{.*}} : memref<256x256xi8>
// IR-NEXT: memref.alloca() {{.*}}tlayout.staging_slot = 1{{.*}} : memref<256x320xi8>
// IR: %[[POINTER:.*]] = memref.extract_aligned_pointer_as_index %[[TARGET:.*]] : memref<300x1001xi8> -> index
// IR: affine.for %{{.*}} = 0 to 1 {
// IR-NEXT: affine.for %[[GROUP:.*]] = 0 to 3 {
// IR: %[[FIRST:.*]] = arith.cmpi eq, %[[GROUP]], %{{.*}} : index
// IR: %[[LAST:.*]] = arith.cmpi eq, %[[GROUP]], %{{.*}} : index
// IR: scf.if %[[FIRST]] {
// IR-COUNT-4: vector.store %{{.*}}, %[[TARGET]][%{{.*}}, %{{.*}}] : memref<300x1001xi8>, vector<64xi8>
// IR: vector.store %{{.*}}, %[[CARRY:.*]][%{{.*}}, %{{.*}}] : memref<256x320xi8>, vector<64xi8>
// IR: } else {
// IR: scf.if %[[LAST]] {
// IR: %[[SHIFT:.*]] = affine.apply #{{.*}}(%{{.*}}, %{{.*}}, %{{.*}})[%[[POINTER]]]
// IR: %[[FROM:.*]] = arith.subi %{{.*}}, %[[SHIFT]] : index
// IR: vector.load %[[CARRY]][%{{.*}}, %[[FROM]]] : memref<256x320xi8>, vector<64xi8>
// IR-COUNT-5: vector.store %{{.*}}, %[[TARGET]][%{{.*}}, %{{.*}}] : memref<300x1001xi8>, vector<64xi8>
// IR: } else {
// IR-COUNT-4: vector.store %{{.*}}, %[[TARGET]][%{{.*}}, %{{.*}}] {alignment = 64 : i64, nontemporal = true} : memref<300x1001xi8>, vector<64xi8>
// IR: vector.store %{{.*}}, %[[CARRY]][%{{.*}}, %{{.*}}] : memref<256x320xi8>, vector<64xi8>
// IR-NOT: nontemporal
// IR: llvm.fence seq_cst
// IR-NOT: nontemporal
// IR-LABEL: func.func @carried_i16(
// IR: vector.store {{.*}} {alignment = 64 : i64, nontemporal = true} : memref<200x500xi16>, vector<32xi16>
// IR-LABEL: func.func @carried_bf16(
// IR: vector.store {{.*}} {alignment = 64 : i64, nontemporal = true} : memref<130x450xbf16>, vector<32xbf16>

func.func @fill16(%a: memref<?x?xi16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %a, %c0 : memref<?x?xi16>
  %cols = memref.dim %a, %c1 : memref<?x?xi16>
  scf.for %i = %c0 to %rows step %c1 {
    scf.for %j = %c0 to %cols step %c1 {
      %k = affine.apply affine_map<(i, j) -> (i * 1000 + j)>(%i, %j)
      %v = arith.index_cast %k : index to i16
      memref.store %v, %a[%i, %j] : memref<?x?xi16>
    }
  }
  return
}
func.func @fill8(%a: memref<?x?xi8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %a, %c0 : memref<?x?xi8>
  %cols = memref.dim %a, %c1 : memref<?x?xi8>
  scf.for %i = %c0 to %rows step %c1 {
    scf.for %j = %c0 to %cols step %c1 {
      %k = affine.apply affine_map<(i, j) -> (i * 7 + j)>(%i, %j)
      %v = arith.index_cast %k : index to i8
      memref.store %v, %a[%i, %j] : memref<?x?xi8>
    }
  }
  return
}
func.func @diff16(%a: memref<?x?xi16>, %b: memref<?x?xi16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %a, %c0 : memref<?x?xi16>
  %cols = memref.dim %a, %c1 : memref<?x?xi16>
  %n = scf.for %i = %c0 to %rows step %c1 iter_args(%ni = %c0) -> index {
    %m = scf.for %j = %c0 to %cols step %c1 iter_args(%nj = %ni) -> index {
      %x = memref.load %a[%i, %j] : memref<?x?xi16>
      %y = memref.load %b[%i, %j] : memref<?x?xi16>
      %ne = arith.cmpi ne, %x, %y : i16
      %d = arith.index_cast %ne : i1 to index
      %s = arith.addi %nj, %d : index
      scf.yield %s : index
    }
    scf.yield %m : index
  }
  vector.print %n : index
  return
}
func.func @diff8(%a: memref<?x?xi8>, %b: memref<?x?xi8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %a, %c0 : memref<?x?xi8>
  %cols = memref.dim %a, %c1 : memref<?x?xi8>
  %n = scf.for %i = %c0 to %rows step %c1 iter_args(%ni = %c0) -> index {
    %m = scf.for %j = %c0 to %cols step %c1 iter_args(%nj = %ni) -> index {
      %x = memref.load %a[%i, %j] : memref<?x?xi8>
      %y = memref.load %b[%i, %j] : memref<?x?xi8>
      %ne = arith.cmpi ne, %x, %y : i8
      %d = arith.index_cast %ne : i1 to index
      %s = arith.addi %nj, %d : index
      scf.yield %s : index
    }
    scf.yield %m : index
  }
  vector.print %n : index
  return
}

func.func @fillbf16(%a: memref<?x?xbf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %a, %c0 : memref<?x?xbf16>
  %cols = memref.dim %a, %c1 : memref<?x?xbf16>
  scf.for %i = %c0 to %rows step %c1 {
    scf.for %j = %c0 to %cols step %c1 {
      %k = affine.apply affine_map<(i, j) -> (i * 1000 + j)>(%i, %j)
      %w = arith.index_cast %k : index to i16
      %v = arith.bitcast %w : i16 to bf16
      memref.store %v, %a[%i, %j] : memref<?x?xbf16>
    }
  }
  return
}
// Compares the bits (a NaN's pattern is data like any other).
func.func @diffbf16(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %a, %c0 : memref<?x?xbf16>
  %cols = memref.dim %a, %c1 : memref<?x?xbf16>
  %n = scf.for %i = %c0 to %rows step %c1 iter_args(%ni = %c0) -> index {
    %m = scf.for %j = %c0 to %cols step %c1 iter_args(%nj = %ni) -> index {
      %x = memref.load %a[%i, %j] : memref<?x?xbf16>
      %y = memref.load %b[%i, %j] : memref<?x?xbf16>
      %xi = arith.bitcast %x : bf16 to i16
      %yi = arith.bitcast %y : bf16 to i16
      %ne = arith.cmpi ne, %xi, %yi : i16
      %d = arith.index_cast %ne : i1 to index
      %s = arith.addi %nj, %d : index
      scf.yield %s : index
    }
    scf.yield %m : index
  }
  vector.print %n : index
  return
}

func.func @colmajor_i16() {
  %a = memref.alloc() : memref<64x96xi16>
  %r = memref.alloc() : memref<64x96xi16>
  %b = memref.alloc() : memref<64x96xi16>
  %ad = memref.cast %a : memref<64x96xi16> to memref<?x?xi16>
  %rd = memref.cast %r : memref<64x96xi16> to memref<?x?xi16>
  %bd = memref.cast %b : memref<64x96xi16> to memref<?x?xi16>
  call @fill16(%ad) : (memref<?x?xi16>) -> ()
  %t0 = memref.alloc() : memref<64x96xi16, #tlayout.tiled<{0,1}>>
  memref.copy %a, %t0 : memref<64x96xi16> to memref<64x96xi16, #tlayout.tiled<{0,1}>>
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 96 {
      %v = affine.load %t0[%i, %j] : memref<64x96xi16, #tlayout.tiled<{0,1}>>
      affine.store %v, %r[%i, %j] : memref<64x96xi16>
    }
  }
  call @diff16(%ad, %rd) : (memref<?x?xi16>, memref<?x?xi16>) -> ()
  memref.copy %t0, %b : memref<64x96xi16, #tlayout.tiled<{0,1}>> to memref<64x96xi16>
  call @diff16(%ad, %bd) : (memref<?x?xi16>, memref<?x?xi16>) -> ()
  return
}
func.func @colmajor_i8() {
  %a = memref.alloc() : memref<128x192xi8>
  %r = memref.alloc() : memref<128x192xi8>
  %b = memref.alloc() : memref<128x192xi8>
  %ad = memref.cast %a : memref<128x192xi8> to memref<?x?xi8>
  %rd = memref.cast %r : memref<128x192xi8> to memref<?x?xi8>
  %bd = memref.cast %b : memref<128x192xi8> to memref<?x?xi8>
  call @fill8(%ad) : (memref<?x?xi8>) -> ()
  %t0 = memref.alloc() : memref<128x192xi8, #tlayout.tiled<{0,1}>>
  memref.copy %a, %t0 : memref<128x192xi8> to memref<128x192xi8, #tlayout.tiled<{0,1}>>
  affine.for %i = 0 to 128 {
    affine.for %j = 0 to 192 {
      %v = affine.load %t0[%i, %j] : memref<128x192xi8, #tlayout.tiled<{0,1}>>
      affine.store %v, %r[%i, %j] : memref<128x192xi8>
    }
  }
  call @diff8(%ad, %rd) : (memref<?x?xi8>, memref<?x?xi8>) -> ()
  memref.copy %t0, %b : memref<128x192xi8, #tlayout.tiled<{0,1}>> to memref<128x192xi8>
  call @diff8(%ad, %bd) : (memref<?x?xi8>, memref<?x?xi8>) -> ()
  return
}
func.func @colmajor_i8_rest() {
  %a = memref.alloc() : memref<48x80xi8>
  %r = memref.alloc() : memref<48x80xi8>
  %b = memref.alloc() : memref<48x80xi8>
  %ad = memref.cast %a : memref<48x80xi8> to memref<?x?xi8>
  %rd = memref.cast %r : memref<48x80xi8> to memref<?x?xi8>
  %bd = memref.cast %b : memref<48x80xi8> to memref<?x?xi8>
  call @fill8(%ad) : (memref<?x?xi8>) -> ()
  %t0 = memref.alloc() : memref<48x80xi8, #tlayout.tiled<{0,1}>>
  memref.copy %a, %t0 : memref<48x80xi8> to memref<48x80xi8, #tlayout.tiled<{0,1}>>
  affine.for %i = 0 to 48 {
    affine.for %j = 0 to 80 {
      %v = affine.load %t0[%i, %j] : memref<48x80xi8, #tlayout.tiled<{0,1}>>
      affine.store %v, %r[%i, %j] : memref<48x80xi8>
    }
  }
  call @diff8(%ad, %rd) : (memref<?x?xi8>, memref<?x?xi8>) -> ()
  memref.copy %t0, %b : memref<48x80xi8, #tlayout.tiled<{0,1}>> to memref<48x80xi8>
  call @diff8(%ad, %bd) : (memref<?x?xi8>, memref<?x?xi8>) -> ()
  return
}
func.func @tiles_i8() {
  %a = memref.alloc() : memref<256x384xi8>
  %r = memref.alloc() : memref<256x384xi8>
  %b = memref.alloc() : memref<256x384xi8>
  %ad = memref.cast %a : memref<256x384xi8> to memref<?x?xi8>
  %rd = memref.cast %r : memref<256x384xi8> to memref<?x?xi8>
  %bd = memref.cast %b : memref<256x384xi8> to memref<?x?xi8>
  call @fill8(%ad) : (memref<?x?xi8>) -> ()
  %t0 = memref.alloc() : memref<256x384xi8, #tlayout.tiled<{1,0:T(8,128)}>>
  memref.copy %a, %t0 : memref<256x384xi8> to memref<256x384xi8, #tlayout.tiled<{1,0:T(8,128)}>>
  %t1 = memref.alloc() : memref<256x384xi8, #tlayout.tiled<{0,1:T(8,128)}>>
  memref.copy %t0, %t1 : memref<256x384xi8, #tlayout.tiled<{1,0:T(8,128)}>> to memref<256x384xi8, #tlayout.tiled<{0,1:T(8,128)}>>
  affine.for %i = 0 to 256 {
    affine.for %j = 0 to 384 {
      %v = affine.load %t1[%i, %j] : memref<256x384xi8, #tlayout.tiled<{0,1:T(8,128)}>>
      affine.store %v, %r[%i, %j] : memref<256x384xi8>
    }
  }
  call @diff8(%ad, %rd) : (memref<?x?xi8>, memref<?x?xi8>) -> ()
  %w0 = memref.alloc() : memref<256x384xi8, #tlayout.tiled<{1,0:T(8,128)}>>
  memref.copy %t1, %w0 : memref<256x384xi8, #tlayout.tiled<{0,1:T(8,128)}>> to memref<256x384xi8, #tlayout.tiled<{1,0:T(8,128)}>>
  memref.copy %w0, %b : memref<256x384xi8, #tlayout.tiled<{1,0:T(8,128)}>> to memref<256x384xi8>
  call @diff8(%ad, %bd) : (memref<?x?xi8>, memref<?x?xi8>) -> ()
  return
}
func.func @tiles_i16() {
  %a = memref.alloc() : memref<128x256xi16>
  %r = memref.alloc() : memref<128x256xi16>
  %b = memref.alloc() : memref<128x256xi16>
  %ad = memref.cast %a : memref<128x256xi16> to memref<?x?xi16>
  %rd = memref.cast %r : memref<128x256xi16> to memref<?x?xi16>
  %bd = memref.cast %b : memref<128x256xi16> to memref<?x?xi16>
  call @fill16(%ad) : (memref<?x?xi16>) -> ()
  %t0 = memref.alloc() : memref<128x256xi16, #tlayout.tiled<{1,0:T(8,128)}>>
  memref.copy %a, %t0 : memref<128x256xi16> to memref<128x256xi16, #tlayout.tiled<{1,0:T(8,128)}>>
  %t1 = memref.alloc() : memref<128x256xi16, #tlayout.tiled<{0,1:T(8,128)}>>
  memref.copy %t0, %t1 : memref<128x256xi16, #tlayout.tiled<{1,0:T(8,128)}>> to memref<128x256xi16, #tlayout.tiled<{0,1:T(8,128)}>>
  affine.for %i = 0 to 128 {
    affine.for %j = 0 to 256 {
      %v = affine.load %t1[%i, %j] : memref<128x256xi16, #tlayout.tiled<{0,1:T(8,128)}>>
      affine.store %v, %r[%i, %j] : memref<128x256xi16>
    }
  }
  call @diff16(%ad, %rd) : (memref<?x?xi16>, memref<?x?xi16>) -> ()
  %w0 = memref.alloc() : memref<128x256xi16, #tlayout.tiled<{1,0:T(8,128)}>>
  memref.copy %t1, %w0 : memref<128x256xi16, #tlayout.tiled<{0,1:T(8,128)}>> to memref<128x256xi16, #tlayout.tiled<{1,0:T(8,128)}>>
  memref.copy %w0, %b : memref<128x256xi16, #tlayout.tiled<{1,0:T(8,128)}>> to memref<128x256xi16>
  call @diff16(%ad, %bd) : (memref<?x?xi16>, memref<?x?xi16>) -> ()
  return
}
func.func @tiles_i8_padded() {
  %a = memref.alloc() : memref<72x200xi8>
  %r = memref.alloc() : memref<72x200xi8>
  %b = memref.alloc() : memref<72x200xi8>
  %ad = memref.cast %a : memref<72x200xi8> to memref<?x?xi8>
  %rd = memref.cast %r : memref<72x200xi8> to memref<?x?xi8>
  %bd = memref.cast %b : memref<72x200xi8> to memref<?x?xi8>
  call @fill8(%ad) : (memref<?x?xi8>) -> ()
  %t0 = memref.alloc() : memref<72x200xi8, #tlayout.tiled<{1,0:T(8,128)}>>
  memref.copy %a, %t0 : memref<72x200xi8> to memref<72x200xi8, #tlayout.tiled<{1,0:T(8,128)}>>
  %t1 = memref.alloc() : memref<72x200xi8, #tlayout.tiled<{0,1:T(8,128)}>>
  memref.copy %t0, %t1 : memref<72x200xi8, #tlayout.tiled<{1,0:T(8,128)}>> to memref<72x200xi8, #tlayout.tiled<{0,1:T(8,128)}>>
  affine.for %i = 0 to 72 {
    affine.for %j = 0 to 200 {
      %v = affine.load %t1[%i, %j] : memref<72x200xi8, #tlayout.tiled<{0,1:T(8,128)}>>
      affine.store %v, %r[%i, %j] : memref<72x200xi8>
    }
  }
  call @diff8(%ad, %rd) : (memref<?x?xi8>, memref<?x?xi8>) -> ()
  %w0 = memref.alloc() : memref<72x200xi8, #tlayout.tiled<{1,0:T(8,128)}>>
  memref.copy %t1, %w0 : memref<72x200xi8, #tlayout.tiled<{0,1:T(8,128)}>> to memref<72x200xi8, #tlayout.tiled<{1,0:T(8,128)}>>
  memref.copy %w0, %b : memref<72x200xi8, #tlayout.tiled<{1,0:T(8,128)}>> to memref<72x200xi8>
  call @diff8(%ad, %bd) : (memref<?x?xi8>, memref<?x?xi8>) -> ()
  return
}
func.func @colmajor_i16_odd() {
  %a = memref.alloc() : memref<70x45xi16>
  %r = memref.alloc() : memref<70x45xi16>
  %b = memref.alloc() : memref<70x45xi16>
  %ad = memref.cast %a : memref<70x45xi16> to memref<?x?xi16>
  %rd = memref.cast %r : memref<70x45xi16> to memref<?x?xi16>
  %bd = memref.cast %b : memref<70x45xi16> to memref<?x?xi16>
  call @fill16(%ad) : (memref<?x?xi16>) -> ()
  %t0 = memref.alloc() : memref<70x45xi16, #tlayout.tiled<{0,1}>>
  memref.copy %a, %t0 : memref<70x45xi16> to memref<70x45xi16, #tlayout.tiled<{0,1}>>
  affine.for %i = 0 to 70 {
    affine.for %j = 0 to 45 {
      %v = affine.load %t0[%i, %j] : memref<70x45xi16, #tlayout.tiled<{0,1}>>
      affine.store %v, %r[%i, %j] : memref<70x45xi16>
    }
  }
  call @diff16(%ad, %rd) : (memref<?x?xi16>, memref<?x?xi16>) -> ()
  memref.copy %t0, %b : memref<70x45xi16, #tlayout.tiled<{0,1}>> to memref<70x45xi16>
  call @diff16(%ad, %bd) : (memref<?x?xi16>, memref<?x?xi16>) -> ()
  return
}
func.func @tiles_i16_odd() {
  %a = memref.alloc() : memref<100x75xi16>
  %r = memref.alloc() : memref<100x75xi16>
  %b = memref.alloc() : memref<100x75xi16>
  %ad = memref.cast %a : memref<100x75xi16> to memref<?x?xi16>
  %rd = memref.cast %r : memref<100x75xi16> to memref<?x?xi16>
  %bd = memref.cast %b : memref<100x75xi16> to memref<?x?xi16>
  call @fill16(%ad) : (memref<?x?xi16>) -> ()
  %t0 = memref.alloc() : memref<100x75xi16, #tlayout.tiled<{1,0:T(8,128)}>>
  memref.copy %a, %t0 : memref<100x75xi16> to memref<100x75xi16, #tlayout.tiled<{1,0:T(8,128)}>>
  %t1 = memref.alloc() : memref<100x75xi16, #tlayout.tiled<{0,1:T(8,128)}>>
  memref.copy %t0, %t1 : memref<100x75xi16, #tlayout.tiled<{1,0:T(8,128)}>> to memref<100x75xi16, #tlayout.tiled<{0,1:T(8,128)}>>
  affine.for %i = 0 to 100 {
    affine.for %j = 0 to 75 {
      %v = affine.load %t1[%i, %j] : memref<100x75xi16, #tlayout.tiled<{0,1:T(8,128)}>>
      affine.store %v, %r[%i, %j] : memref<100x75xi16>
    }
  }
  call @diff16(%ad, %rd) : (memref<?x?xi16>, memref<?x?xi16>) -> ()
  %w0 = memref.alloc() : memref<100x75xi16, #tlayout.tiled<{1,0:T(8,128)}>>
  memref.copy %t1, %w0 : memref<100x75xi16, #tlayout.tiled<{0,1:T(8,128)}>> to memref<100x75xi16, #tlayout.tiled<{1,0:T(8,128)}>>
  memref.copy %w0, %b : memref<100x75xi16, #tlayout.tiled<{1,0:T(8,128)}>> to memref<100x75xi16>
  call @diff16(%ad, %bd) : (memref<?x?xi16>, memref<?x?xi16>) -> ()
  return
}
// The copy in a loop of 20,000 trips: its staging buffer is allocated once,
// at the start of the function (a buffer of 4 KiB a trip would take 80 MB of
// stack and crash).
func.func @tiles_i8_loop() {
  %a = memref.alloc() : memref<64x128xi8>
  %r = memref.alloc() : memref<64x128xi8>
  %ad = memref.cast %a : memref<64x128xi8> to memref<?x?xi8>
  %rd = memref.cast %r : memref<64x128xi8> to memref<?x?xi8>
  call @fill8(%ad) : (memref<?x?xi8>) -> ()
  %t0 = memref.alloc() : memref<64x128xi8, #tlayout.tiled<{1,0:T(8,128)}>>
  memref.copy %a, %t0 : memref<64x128xi8> to memref<64x128xi8, #tlayout.tiled<{1,0:T(8,128)}>>
  %t1 = memref.alloc() : memref<64x128xi8, #tlayout.tiled<{0,1:T(8,128)}>>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %trips = arith.constant 20000 : index
  scf.for %k = %c0 to %trips step %c1 {
    memref.copy %t0, %t1 : memref<64x128xi8, #tlayout.tiled<{1,0:T(8,128)}>> to memref<64x128xi8, #tlayout.tiled<{0,1:T(8,128)}>>
  }
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 128 {
      %v = affine.load %t1[%i, %j] : memref<64x128xi8, #tlayout.tiled<{0,1:T(8,128)}>>
      affine.store %v, %r[%i, %j] : memref<64x128xi8>
    }
  }
  call @diff8(%ad, %rd) : (memref<?x?xi8>, memref<?x?xi8>) -> ()
  return
}

func.func @groups_i8() {
  %a = memref.alloc() : memref<512x780xi8>
  %r = memref.alloc() : memref<512x780xi8>
  %b = memref.alloc() : memref<512x780xi8>
  %ad = memref.cast %a : memref<512x780xi8> to memref<?x?xi8>
  %rd = memref.cast %r : memref<512x780xi8> to memref<?x?xi8>
  %bd = memref.cast %b : memref<512x780xi8> to memref<?x?xi8>
  call @fill8(%ad) : (memref<?x?xi8>) -> ()
  %t0 = memref.alloc() : memref<512x780xi8, #tlayout.tiled<{0,1}>>
  memref.copy %a, %t0 : memref<512x780xi8> to memref<512x780xi8, #tlayout.tiled<{0,1}>>
  affine.for %i = 0 to 512 {
    affine.for %j = 0 to 780 {
      %v = affine.load %t0[%i, %j] : memref<512x780xi8, #tlayout.tiled<{0,1}>>
      affine.store %v, %r[%i, %j] : memref<512x780xi8>
    }
  }
  call @diff8(%ad, %rd) : (memref<?x?xi8>, memref<?x?xi8>) -> ()
  memref.copy %t0, %b : memref<512x780xi8, #tlayout.tiled<{0,1}>> to memref<512x780xi8>
  call @diff8(%ad, %bd) : (memref<?x?xi8>, memref<?x?xi8>) -> ()
  return
}
func.func @groups_i16() {
  %a = memref.alloc() : memref<264x392xi16>
  %r = memref.alloc() : memref<264x392xi16>
  %b = memref.alloc() : memref<264x392xi16>
  %ad = memref.cast %a : memref<264x392xi16> to memref<?x?xi16>
  %rd = memref.cast %r : memref<264x392xi16> to memref<?x?xi16>
  %bd = memref.cast %b : memref<264x392xi16> to memref<?x?xi16>
  call @fill16(%ad) : (memref<?x?xi16>) -> ()
  %t0 = memref.alloc() : memref<264x392xi16, #tlayout.tiled<{0,1}>>
  memref.copy %a, %t0 : memref<264x392xi16> to memref<264x392xi16, #tlayout.tiled<{0,1}>>
  affine.for %i = 0 to 264 {
    affine.for %j = 0 to 392 {
      %v = affine.load %t0[%i, %j] : memref<264x392xi16, #tlayout.tiled<{0,1}>>
      affine.store %v, %r[%i, %j] : memref<264x392xi16>
    }
  }
  call @diff16(%ad, %rd) : (memref<?x?xi16>, memref<?x?xi16>) -> ()
  memref.copy %t0, %b : memref<264x392xi16, #tlayout.tiled<{0,1}>> to memref<264x392xi16>
  call @diff16(%ad, %bd) : (memref<?x?xi16>, memref<?x?xi16>) -> ()
  return
}
func.func @groups_bf16() {
  %a = memref.alloc() : memref<384x136xbf16>
  %r = memref.alloc() : memref<384x136xbf16>
  %b = memref.alloc() : memref<384x136xbf16>
  %ad = memref.cast %a : memref<384x136xbf16> to memref<?x?xbf16>
  %rd = memref.cast %r : memref<384x136xbf16> to memref<?x?xbf16>
  %bd = memref.cast %b : memref<384x136xbf16> to memref<?x?xbf16>
  call @fillbf16(%ad) : (memref<?x?xbf16>) -> ()
  %t0 = memref.alloc() : memref<384x136xbf16, #tlayout.tiled<{0,1}>>
  memref.copy %a, %t0 : memref<384x136xbf16> to memref<384x136xbf16, #tlayout.tiled<{0,1}>>
  affine.for %i = 0 to 384 {
    affine.for %j = 0 to 136 {
      %v = affine.load %t0[%i, %j] : memref<384x136xbf16, #tlayout.tiled<{0,1}>>
      affine.store %v, %r[%i, %j] : memref<384x136xbf16>
    }
  }
  call @diffbf16(%ad, %rd) : (memref<?x?xbf16>, memref<?x?xbf16>) -> ()
  memref.copy %t0, %b : memref<384x136xbf16, #tlayout.tiled<{0,1}>> to memref<384x136xbf16>
  call @diffbf16(%ad, %bd) : (memref<?x?xbf16>, memref<?x?xbf16>) -> ()
  return
}

// Into tiles whose rows hold a group's runs of 256 (staged by groups); back
// from them (a tiled source: staged by blocks).
func.func @groups_tiled_i8() {
  %a = memref.alloc() : memref<256x512xi8>
  %r = memref.alloc() : memref<256x512xi8>
  %b = memref.alloc() : memref<256x512xi8>
  %ad = memref.cast %a : memref<256x512xi8> to memref<?x?xi8>
  %rd = memref.cast %r : memref<256x512xi8> to memref<?x?xi8>
  %bd = memref.cast %b : memref<256x512xi8> to memref<?x?xi8>
  call @fill8(%ad) : (memref<?x?xi8>) -> ()
  %t0 = memref.alloc() : memref<256x512xi8, #tlayout.tiled<{0,1:T(8,256)}>>
  memref.copy %a, %t0 : memref<256x512xi8> to memref<256x512xi8, #tlayout.tiled<{0,1:T(8,256)}>>
  affine.for %i = 0 to 256 {
    affine.for %j = 0 to 512 {
      %v = affine.load %t0[%i, %j] : memref<256x512xi8, #tlayout.tiled<{0,1:T(8,256)}>>
      affine.store %v, %r[%i, %j] : memref<256x512xi8>
    }
  }
  call @diff8(%ad, %rd) : (memref<?x?xi8>, memref<?x?xi8>) -> ()
  memref.copy %t0, %b : memref<256x512xi8, #tlayout.tiled<{0,1:T(8,256)}>> to memref<256x512xi8>
  call @diff8(%ad, %bd) : (memref<?x?xi8>, memref<?x?xi8>) -> ()
  return
}

// bf16 into T(8,128) of the transposed array: the tile rows hold the staged
// groups' runs of 128.
func.func @groups_tiled_bf16() {
  %a = memref.alloc() : memref<256x384xbf16>
  %r = memref.alloc() : memref<256x384xbf16>
  %b = memref.alloc() : memref<256x384xbf16>
  %ad = memref.cast %a : memref<256x384xbf16> to memref<?x?xbf16>
  %rd = memref.cast %r : memref<256x384xbf16> to memref<?x?xbf16>
  %bd = memref.cast %b : memref<256x384xbf16> to memref<?x?xbf16>
  call @fillbf16(%ad) : (memref<?x?xbf16>) -> ()
  %t0 = memref.alloc() : memref<256x384xbf16, #tlayout.tiled<{0,1:T(8,128)}>>
  memref.copy %a, %t0 : memref<256x384xbf16> to memref<256x384xbf16, #tlayout.tiled<{0,1:T(8,128)}>>
  affine.for %i = 0 to 256 {
    affine.for %j = 0 to 384 {
      %v = affine.load %t0[%i, %j] : memref<256x384xbf16, #tlayout.tiled<{0,1:T(8,128)}>>
      affine.store %v, %r[%i, %j] : memref<256x384xbf16>
    }
  }
  call @diffbf16(%ad, %rd) : (memref<?x?xbf16>, memref<?x?xbf16>) -> ()
  memref.copy %t0, %b : memref<256x384xbf16, #tlayout.tiled<{0,1:T(8,128)}>> to memref<256x384xbf16>
  call @diffbf16(%ad, %bd) : (memref<?x?xbf16>, memref<?x?xbf16>) -> ()
  return
}

// Odd sizes: 9 x 10 blocks of 64, the staged groups 2 x 2 of them; the
// blocks past the groups by the blocks' nest, the elements past the last
// block one by one.
func.func @groups_odd_i8() {
  %a = memref.alloc() : memref<600x700xi8>
  %r = memref.alloc() : memref<600x700xi8>
  %b = memref.alloc() : memref<600x700xi8>
  %ad = memref.cast %a : memref<600x700xi8> to memref<?x?xi8>
  %rd = memref.cast %r : memref<600x700xi8> to memref<?x?xi8>
  %bd = memref.cast %b : memref<600x700xi8> to memref<?x?xi8>
  call @fill8(%ad) : (memref<?x?xi8>) -> ()
  %t0 = memref.alloc() : memref<600x700xi8, #tlayout.tiled<{0,1}>>
  memref.copy %a, %t0 : memref<600x700xi8> to memref<600x700xi8, #tlayout.tiled<{0,1}>>
  affine.for %i = 0 to 600 {
    affine.for %j = 0 to 700 {
      %v = affine.load %t0[%i, %j] : memref<600x700xi8, #tlayout.tiled<{0,1}>>
      affine.store %v, %r[%i, %j] : memref<600x700xi8>
    }
  }
  call @diff8(%ad, %rd) : (memref<?x?xi8>, memref<?x?xi8>) -> ()
  memref.copy %t0, %b : memref<600x700xi8, #tlayout.tiled<{0,1}>> to memref<600x700xi8>
  call @diff8(%ad, %bd) : (memref<?x?xi8>, memref<?x?xi8>) -> ()
  return
}
func.func @groups_odd_bf16() {
  %a = memref.alloc() : memref<300x200xbf16>
  %r = memref.alloc() : memref<300x200xbf16>
  %b = memref.alloc() : memref<300x200xbf16>
  %ad = memref.cast %a : memref<300x200xbf16> to memref<?x?xbf16>
  %rd = memref.cast %r : memref<300x200xbf16> to memref<?x?xbf16>
  %bd = memref.cast %b : memref<300x200xbf16> to memref<?x?xbf16>
  call @fillbf16(%ad) : (memref<?x?xbf16>) -> ()
  %t0 = memref.alloc() : memref<300x200xbf16, #tlayout.tiled<{0,1}>>
  memref.copy %a, %t0 : memref<300x200xbf16> to memref<300x200xbf16, #tlayout.tiled<{0,1}>>
  affine.for %i = 0 to 300 {
    affine.for %j = 0 to 200 {
      %v = affine.load %t0[%i, %j] : memref<300x200xbf16, #tlayout.tiled<{0,1}>>
      affine.store %v, %r[%i, %j] : memref<300x200xbf16>
    }
  }
  call @diffbf16(%ad, %rd) : (memref<?x?xbf16>, memref<?x?xbf16>) -> ()
  memref.copy %t0, %b : memref<300x200xbf16, #tlayout.tiled<{0,1}>> to memref<300x200xbf16>
  call @diffbf16(%ad, %bd) : (memref<?x?xbf16>, memref<?x?xbf16>) -> ()
  return
}

func.func @carried_i8() {
  %a = memref.alloc() : memref<1001x300xi8>
  %r = memref.alloc() : memref<1001x300xi8>
  %b = memref.alloc() : memref<1001x300xi8>
  %ad = memref.cast %a : memref<1001x300xi8> to memref<?x?xi8>
  %rd = memref.cast %r : memref<1001x300xi8> to memref<?x?xi8>
  %bd = memref.cast %b : memref<1001x300xi8> to memref<?x?xi8>
  call @fill8(%ad) : (memref<?x?xi8>) -> ()
  %t0 = memref.alloc() : memref<1001x300xi8, #tlayout.tiled<{0,1}>>
  memref.copy %a, %t0 : memref<1001x300xi8> to memref<1001x300xi8, #tlayout.tiled<{0,1}>>
  affine.for %i = 0 to 1001 {
    affine.for %j = 0 to 300 {
      %v = affine.load %t0[%i, %j] : memref<1001x300xi8, #tlayout.tiled<{0,1}>>
      affine.store %v, %r[%i, %j] : memref<1001x300xi8>
    }
  }
  call @diff8(%ad, %rd) : (memref<?x?xi8>, memref<?x?xi8>) -> ()
  memref.copy %t0, %b : memref<1001x300xi8, #tlayout.tiled<{0,1}>> to memref<1001x300xi8>
  call @diff8(%ad, %bd) : (memref<?x?xi8>, memref<?x?xi8>) -> ()
  return
}
func.func @carried_i16() {
  %a = memref.alloc() : memref<500x200xi16>
  %r = memref.alloc() : memref<500x200xi16>
  %b = memref.alloc() : memref<500x200xi16>
  %ad = memref.cast %a : memref<500x200xi16> to memref<?x?xi16>
  %rd = memref.cast %r : memref<500x200xi16> to memref<?x?xi16>
  %bd = memref.cast %b : memref<500x200xi16> to memref<?x?xi16>
  call @fill16(%ad) : (memref<?x?xi16>) -> ()
  %t0 = memref.alloc() : memref<500x200xi16, #tlayout.tiled<{0,1}>>
  memref.copy %a, %t0 : memref<500x200xi16> to memref<500x200xi16, #tlayout.tiled<{0,1}>>
  affine.for %i = 0 to 500 {
    affine.for %j = 0 to 200 {
      %v = affine.load %t0[%i, %j] : memref<500x200xi16, #tlayout.tiled<{0,1}>>
      affine.store %v, %r[%i, %j] : memref<500x200xi16>
    }
  }
  call @diff16(%ad, %rd) : (memref<?x?xi16>, memref<?x?xi16>) -> ()
  memref.copy %t0, %b : memref<500x200xi16, #tlayout.tiled<{0,1}>> to memref<500x200xi16>
  call @diff16(%ad, %bd) : (memref<?x?xi16>, memref<?x?xi16>) -> ()
  return
}
func.func @carried_bf16() {
  %a = memref.alloc() : memref<450x130xbf16>
  %r = memref.alloc() : memref<450x130xbf16>
  %b = memref.alloc() : memref<450x130xbf16>
  %ad = memref.cast %a : memref<450x130xbf16> to memref<?x?xbf16>
  %rd = memref.cast %r : memref<450x130xbf16> to memref<?x?xbf16>
  %bd = memref.cast %b : memref<450x130xbf16> to memref<?x?xbf16>
  call @fillbf16(%ad) : (memref<?x?xbf16>) -> ()
  %t0 = memref.alloc() : memref<450x130xbf16, #tlayout.tiled<{0,1}>>
  memref.copy %a, %t0 : memref<450x130xbf16> to memref<450x130xbf16, #tlayout.tiled<{0,1}>>
  affine.for %i = 0 to 450 {
    affine.for %j = 0 to 130 {
      %v = affine.load %t0[%i, %j] : memref<450x130xbf16, #tlayout.tiled<{0,1}>>
      affine.store %v, %r[%i, %j] : memref<450x130xbf16>
    }
  }
  call @diffbf16(%ad, %rd) : (memref<?x?xbf16>, memref<?x?xbf16>) -> ()
  memref.copy %t0, %b : memref<450x130xbf16, #tlayout.tiled<{0,1}>> to memref<450x130xbf16>
  call @diffbf16(%ad, %bd) : (memref<?x?xbf16>, memref<?x?xbf16>) -> ()
  return
}

func.func @main() {
  // CHECK-COUNT-37: {{^}}0{{$}}
  // CHECK-NOT: {{.}}
  call @colmajor_i16() : () -> ()
  call @colmajor_i8() : () -> ()
  call @colmajor_i8_rest() : () -> ()
  call @tiles_i8() : () -> ()
  call @tiles_i16() : () -> ()
  call @tiles_i8_padded() : () -> ()
  call @colmajor_i16_odd() : () -> ()
  call @tiles_i16_odd() : () -> ()
  call @tiles_i8_loop() : () -> ()
  call @groups_i8() : () -> ()
  call @groups_i16() : () -> ()
  call @groups_bf16() : () -> ()
  call @groups_tiled_i8() : () -> ()
  call @groups_tiled_bf16() : () -> ()
  call @groups_odd_i8() : () -> ()
  call @groups_odd_bf16() : () -> ()
  call @carried_i8() : () -> ()
  call @carried_i16() : () -> ()
  call @carried_bf16() : () -> ()
  return
}
