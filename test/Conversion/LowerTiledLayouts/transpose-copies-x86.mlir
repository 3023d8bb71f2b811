// The transposing copies' shuffles as x86 code without AVX-512. LLVM 22
// moves a block of `<32 x bfloat>` rows element by element (movzwl/movw,
// 2,000 of each per block: a twentieth of memcpy's speed on an AVX2 host),
// and inserts the elements of `<8 x bfloat>` loads one by one (vpinsrw), so
// the copies load and shuffle integer lanes of the element's width. A
// sub-block is one 32-byte register by one 128-bit lane: the two lanes of
// a register are loaded from two source runs (vinserti128 from memory) and
// every round of the transpose is an interleave within lanes (one
// vpunpckl/vpunpckh a register), with no exchange of lanes (vperm2i128).
// A tiled source is staged through a buffer with a prefetch of the next
// block. A row-major bf16 source of whole staged groups (128 x 128) moves
// its rows in and out of two buffers of i16 lanes, bitcast to bf16 only as
// lines of 32 for the target: no element-by-element moves (with buffers of
// bf16, LLVM 22 moved some lines of the unrolled copy-out element by
// element). The second run optimizes the IR first, as clang -O3 does
// (unrolling, vectorizing), before the same checks.
// REQUIRES: x86-registered-target
// RUN: tlayout-opt %s --tlayout-lower-to-llvm \
// RUN:   | mlir-translate --mlir-to-llvmir \
// RUN:   | llc -O3 -mtriple=x86_64-unknown-linux-gnu -mattr=+avx2 \
// RUN:   | FileCheck %s
// RUN: tlayout-opt %s --tlayout-lower-to-llvm \
// RUN:   | mlir-translate --mlir-to-llvmir \
// RUN:   | opt -O3 -mtriple=x86_64-unknown-linux-gnu -mattr=+avx2 \
// RUN:   | llc -O3 -mtriple=x86_64-unknown-linux-gnu -mattr=+avx2 \
// RUN:   | FileCheck %s

#C = #tlayout.tiled<{0,1}>
#T = #tlayout.tiled<{1,0:T(8,128)}>
#TT = #tlayout.tiled<{0,1:T(8,128)}>

// CHECK-LABEL: to_colmajor:
// CHECK-NOT: {{movzwl|vpshufb|vpinsrw|vperm2i128}}
// CHECK: vinserti128 $1, {{[0-9]*}}(%
// CHECK-NOT: {{movzwl|vpshufb|vpinsrw|vperm2i128}}
// CHECK: vpunpcklwd
// CHECK-NOT: {{movzwl|vpshufb|vpinsrw|vperm2i128}}
// CHECK-LABEL: tiled_transposed:
// CHECK-NOT: {{movzwl|vpshufb|vpinsrw|vperm2i128}}
// CHECK-DAG: prefetcht0
// CHECK-DAG: vpunpckhwd
// CHECK-NOT: {{movzwl|vpshufb|vpinsrw|vperm2i128}}
// CHECK-LABEL: to_colmajor_s8:
// CHECK-NOT: {{vpshufb|vperm2i128}}
// CHECK: vpunpcklbw
// CHECK-NOT: {{vpshufb|vperm2i128}}
// CHECK-LABEL: to_colmajor_f32:
// CHECK-NOT: {{vpshufb|vblendps|vperm2f128}}
// CHECK: vunpcklps
// CHECK-NOT: {{vpshufb|vblendps|vperm2f128}}
// CHECK: .Lfunc_end3:
// CHECK-LABEL: groups_bf16:
// CHECK-NOT: {{movzwl|vpinsrw|vpextrw|vperm2i128}}
// CHECK: vpunpcklwd
// CHECK-NOT: {{movzwl|vpinsrw|vpextrw|vperm2i128}}
// CHECK: .Lfunc_end4:
func.func @to_colmajor(%a: memref<64x64xbf16>, %b: memref<64x64xbf16, #C>) {
  memref.copy %a, %b : memref<64x64xbf16> to memref<64x64xbf16, #C>
  return
}

func.func @tiled_transposed(%a: memref<128x128xbf16, #T>,
                            %b: memref<128x128xbf16, #TT>) {
  memref.copy %a, %b
      : memref<128x128xbf16, #T> to memref<128x128xbf16, #TT>
  return
}

func.func @to_colmajor_s8(%a: memref<128x128xi8>, %b: memref<128x128xi8, #C>) {
  memref.copy %a, %b : memref<128x128xi8> to memref<128x128xi8, #C>
  return
}

func.func @to_colmajor_f32(%a: memref<64x64xf32>, %b: memref<64x64xf32, #C>) {
  memref.copy %a, %b : memref<64x64xf32> to memref<64x64xf32, #C>
  return
}

func.func @groups_bf16(%a: memref<256x256xbf16>, %b: memref<256x256xbf16, #C>) {
  memref.copy %a, %b : memref<256x256xbf16> to memref<256x256xbf16, #C>
  return
}
