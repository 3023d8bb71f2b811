// The transposing copies' shuffles as x86 code without AVX-512: LLVM 22
// moves a block of `<32 x bfloat>` rows element by element (movzwl/movw,
// 2,000 of each per block: a twentieth of memcpy's speed on an AVX2 host),
// but shuffles the same rows as i16 with byte shuffles and lane permutes.
// The copies shuffle integer lanes, so bf16 transposes, row-major to
// column-major and `{1,0:T(8,128)}` to `{0,1:T(8,128)}`, compile to vector
// code on AVX2 too; the same copies as bf16 lanes did not.
// REQUIRES: x86-registered-target
// RUN: tlayout-opt %s --tlayout-lower-to-llvm \
// RUN:   | mlir-translate --mlir-to-llvmir \
// RUN:   | llc -O3 -mtriple=x86_64-unknown-linux-gnu -mattr=+avx2 \
// RUN:   | FileCheck %s

#C = #tlayout.tiled<{0,1}>
#T = #tlayout.tiled<{1,0:T(8,128)}>
#TT = #tlayout.tiled<{0,1:T(8,128)}>

// CHECK-LABEL: to_colmajor:
// CHECK-NOT: movzwl
// CHECK: vpshufb
// CHECK-NOT: movzwl
// CHECK-LABEL: tiled_transposed:
// CHECK-NOT: movzwl
// CHECK: vpshufb
// CHECK-NOT: movzwl
// CHECK: .Lfunc_end1:
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
