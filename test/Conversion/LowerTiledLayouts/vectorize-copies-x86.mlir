// The interleaving copies' shuffles as x86 code: LLVM 22 takes the even and
// odd lanes of a `<256 x bfloat>` one by one (vpextrw / vmovw, a third of
// memcpy's speed) where AVX512-BF16 and AVX512-FP16 are both on (Sapphire
// Rapids and later, what `-march=native` gives there), but permutes the
// same lanes as i16 two vectors at a time (vpermt2w). The copies shuffle
// integer lanes, so bf16 relayouts to and from T(8,128)(2,1) compile to
// permutes on every x86 target; the same copies as bf16 lanes did not.
// REQUIRES: x86-registered-target
// RUN: tlayout-opt %s --split-input-file --tlayout-lower-to-llvm \
// RUN:   | mlir-translate --mlir-to-llvmir \
// RUN:   | llc -O3 -mtriple=x86_64-unknown-linux-gnu \
// RUN:       -mattr=+avx512f,+avx512bw,+avx512vl,+avx512bf16,+avx512fp16 \
// RUN:   | FileCheck %s

#B = #tlayout.tiled<{1,0:T(8,128)(2,1)}>

// CHECK-LABEL: from_pairs:
// CHECK-NOT: vpextrw
// CHECK-NOT: vmovw
// CHECK: vpermt2w
// CHECK-NOT: vpextrw
// CHECK-NOT: vmovw
// CHECK-LABEL: to_pairs:
// CHECK-NOT: vpextrw
// CHECK-NOT: vmovw
// CHECK: vpermt2w
// CHECK-NOT: vpextrw
// CHECK-NOT: vmovw
// CHECK: .Lfunc_end1:
func.func @from_pairs(%a: memref<64x256xbf16, #B>, %b: memref<64x256xbf16>) {
  memref.copy %a, %b : memref<64x256xbf16, #B> to memref<64x256xbf16>
  return
}

func.func @to_pairs(%a: memref<64x256xbf16>, %b: memref<64x256xbf16, #B>) {
  memref.copy %a, %b : memref<64x256xbf16> to memref<64x256xbf16, #B>
  return
}
