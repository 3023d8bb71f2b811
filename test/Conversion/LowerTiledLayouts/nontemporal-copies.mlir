// RUN: tlayout-opt %s --split-input-file \
// RUN:   --tlayout-cpu-lower-tiled-layouts=nontemporal-copy-threshold=1 \
// RUN:   | FileCheck %s --check-prefix=LOW
// RUN: tlayout-opt %s --split-input-file --tlayout-cpu-lower-tiled-layouts \
// RUN:   | FileCheck %s --check-prefix=DEFAULT
// RUN: tlayout-opt %s --split-input-file \
// RUN:   --tlayout-cpu-lower-tiled-layouts=nontemporal-copy-threshold=0 \
// RUN:   | FileCheck %s --check-prefix=NEVER

// Relayout copies lowered to vector code store with non-temporal hints when
// they write at least `nontemporal-copy-threshold` bytes (default 8 MiB; 0
// never) and every store starts a 64-byte line: under a run-time check of
// the target's alignment, with a fence after the non-temporal nest and the
// plain nest in the other branch.

#C = #tlayout.tiled<{0,1:T(8,128)}>

// LOW-LABEL: func.func @small_transpose(
// LOW-SAME: %{{.*}}: memref<32x48xf32>, %[[DST:.*]]: memref<6x1x8x128xf32>
// LOW: %[[P:.*]] = memref.extract_aligned_pointer_as_index %[[DST]]
// LOW: %[[R:.*]] = arith.remui %[[P]], %{{.*}} : index
// LOW: %[[OK:.*]] = arith.cmpi eq, %[[R]], %{{.*}} : index
// LOW: scf.if %[[OK]] {
// LOW-COUNT-16: vector.store %{{.*}}, %[[DST]][{{.*}}] {alignment = 64 : i64, nontemporal = true} : memref<6x1x8x128xf32>, vector<16xf32>
// LOW: llvm.fence seq_cst
// LOW: } else {
// LOW-NOT: nontemporal
// LOW-COUNT-16: affine.vector_store %{{.*}}, %[[DST]]
// LOW-NOT: nontemporal
// LOW: return

// DEFAULT-LABEL: func.func @small_transpose(
// DEFAULT-NOT: scf.if
// DEFAULT-NOT: nontemporal
// DEFAULT: return
func.func @small_transpose(%a: memref<32x48xf32>, %b: memref<32x48xf32, #C>) {
  memref.copy %a, %b : memref<32x48xf32> to memref<32x48xf32, #C>
  return
}

// -----

#C = #tlayout.tiled<{0,1:T(8,128)}>

// 16 MiB written: non-temporal by default.
// DEFAULT-LABEL: func.func @large_transpose(
// DEFAULT: scf.if
// DEFAULT: nontemporal = true
// DEFAULT: llvm.fence seq_cst
// NEVER-LABEL: func.func @large_transpose(
// NEVER-NOT: scf.if
// NEVER-NOT: nontemporal
// NEVER: return
func.func @large_transpose(%a: memref<2048x2048xf32, #C>, %b: memref<2048x2048xf32>) {
  memref.copy %a, %b : memref<2048x2048xf32, #C> to memref<2048x2048xf32>
  return
}

// -----

#C = #tlayout.tiled<{0,1}>
#S = #tlayout.tiled<{1,0:T(8,8)(2,1)}>

// 16 x 16 blocks of i16 (the shape holds no 32 x 32 block) store runs of
// 32 bytes, and rows of T(8,8)(2,1) hold 16 bytes: half lines, plain stores
// whatever the threshold.
// LOW-LABEL: func.func @partial_lines(
// LOW-NOT: scf.if
// LOW-NOT: nontemporal
// LOW: vector.shuffle
// LOW-NOT: scf.if
// LOW-NOT: nontemporal
// LOW: return
func.func @partial_lines(%a: memref<16x48xi16>, %b: memref<16x48xi16, #C>,
                         %c: memref<16x64xi16, #S>, %d: memref<16x64xi16>) {
  memref.copy %a, %b : memref<16x48xi16> to memref<16x48xi16, #C>
  memref.copy %c, %d : memref<16x64xi16, #S> to memref<16x64xi16>
  return
}

// -----

#B = #tlayout.tiled<{1,0:T(8,128)(2,1)}>

// Into T(8,128)(2,1): each store is one run of 256 elements (512 bytes).
// LOW-LABEL: func.func @interleave(
// LOW: scf.if
// LOW: vector.store %{{.*}} {alignment = 64 : i64, nontemporal = true} : memref<2x2x4x256xbf16>, vector<256xbf16>
// LOW: llvm.fence seq_cst
// LOW: } else {
// LOW: affine.vector_store
func.func @interleave(%a: memref<16x256xbf16>, %b: memref<16x256xbf16, #B>) {
  memref.copy %a, %b : memref<16x256xbf16> to memref<16x256xbf16, #B>
  return
}
