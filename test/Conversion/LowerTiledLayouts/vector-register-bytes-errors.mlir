// vector-register-bytes names the target's vector registers: a power of two
// of at least 16 bytes (one 128-bit lane, which the transposes interleave
// within). Other values are reported before anything is rewritten.
// RUN: not tlayout-opt %s --tlayout-cpu-lower-tiled-layouts=vector-register-bytes=24 \
// RUN:   2>&1 | FileCheck %s --check-prefix=ODD --implicit-check-not=func.func
// RUN: not tlayout-opt %s --tlayout-cpu-lower-tiled-layouts=vector-register-bytes=8 \
// RUN:   2>&1 | FileCheck %s --check-prefix=SMALL --implicit-check-not=func.func
// RUN: not tlayout-opt %s --tlayout-lower-to-llvm=vector-register-bytes=0 \
// RUN:   2>&1 | FileCheck %s --check-prefix=ZERO --implicit-check-not=llvm.func
// RUN: tlayout-opt %s --tlayout-cpu-lower-tiled-layouts=vector-register-bytes=16 \
// RUN:   | FileCheck %s --check-prefix=OK

// ODD: error: --tlayout-cpu-lower-tiled-layouts: vector-register-bytes=24 is not a power of two of at least 16
// SMALL: error: --tlayout-cpu-lower-tiled-layouts: vector-register-bytes=8 is not a power of two of at least 16
// ZERO: error: --tlayout-cpu-lower-tiled-layouts: vector-register-bytes=0 is not a power of two of at least 16
// OK-LABEL: func.func @transpose(
// OK-COUNT-16: affine.vector_load {{.*}} vector<4xf32>
// OK: affine.vector_store {{.*}} vector<4xf32>

#C = #tlayout.tiled<{0,1}>
func.func @transpose(%a: memref<16x16xf32>, %b: memref<16x16xf32, #C>) {
  memref.copy %a, %b : memref<16x16xf32> to memref<16x16xf32, #C>
  return
}
