// The transposing copies' shuffles as x86 code without AVX-512. LLVM 22
// moves a block of `<32 x bfloat>` rows element by element (movzwl/movw,
// 2,000 of each per block: a twentieth of memcpy's speed on an AVX2 host),
// so the copies shuffle integer lanes of the element's width. Each round of
// the transpose is an interleave within 128-bit lanes (one
// vpunpckl/vpunpckh a register) or an exchange of whole lanes
// (vperm2i128/vinserti128), by sub-blocks of one 32-byte register a row;
// the exchanges of blocks at every bit that the copies shuffled by before
// took vpshufb byte shuffles and blends, twice the instructions.
// REQUIRES: x86-registered-target
// RUN: tlayout-opt %s --tlayout-lower-to-llvm \
// RUN:   | mlir-translate --mlir-to-llvmir \
// RUN:   | llc -O3 -mtriple=x86_64-unknown-linux-gnu -mattr=+avx2 \
// RUN:   | FileCheck %s

#C = #tlayout.tiled<{0,1}>
#T = #tlayout.tiled<{1,0:T(8,128)}>
#TT = #tlayout.tiled<{0,1:T(8,128)}>

// CHECK-LABEL: to_colmajor:
// CHECK-NOT: {{movzwl|vpshufb}}
// CHECK: vpunpcklwd
// CHECK-NOT: {{movzwl|vpshufb}}
// CHECK: vperm2i128
// CHECK-NOT: {{movzwl|vpshufb}}
// CHECK-LABEL: tiled_transposed:
// CHECK-NOT: {{movzwl|vpshufb}}
// CHECK: vpunpckhwd
// CHECK-NOT: {{movzwl|vpshufb}}
// CHECK-LABEL: to_colmajor_s8:
// CHECK-NOT: vpshufb
// CHECK: vpunpcklbw
// CHECK-NOT: vpshufb
// CHECK-LABEL: to_colmajor_f32:
// CHECK-NOT: {{vpshufb|vblendps}}
// CHECK: vunpcklps
// CHECK-NOT: {{vpshufb|vblendps}}
// CHECK: .Lfunc_end3:
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
