// Kernels of the runtime benchmarks, compiled through tlayout's pipeline
// (--tlayout-lower-to-llvm) and clang -O3. Every kernel has a row-major
// twin in the same file so both compile the same way; the harness
// (bench.cpp) calls them through their C interfaces.

#T = #tlayout.tiled<{1,0:T(8,128)}>
#B = #tlayout.tiled<{1,0:T(8,128)(2,1)}>
#Q = #tlayout.tiled<{1,0:T(8,128)(4,1)}>
#C = #tlayout.tiled<{0,1}>
#P = #tlayout.tiled<{1,0:T(8,128)(8,1)E(4)}>
#TT = #tlayout.tiled<{0,1:T(8,128)}>

// Relayout: row-major to T(8,128) and back, and bf16 to T(8,128)(2,1) and
// back.
func.func @relayout_to_tiled_f32(%src: memref<4096x4096xf32>,
                                 %dst: memref<4096x4096xf32, #T>)
    attributes {llvm.emit_c_interface} {
  memref.copy %src, %dst : memref<4096x4096xf32> to memref<4096x4096xf32, #T>
  return
}

func.func @relayout_from_tiled_f32(%src: memref<4096x4096xf32, #T>,
                                   %dst: memref<4096x4096xf32>)
    attributes {llvm.emit_c_interface} {
  memref.copy %src, %dst : memref<4096x4096xf32, #T> to memref<4096x4096xf32>
  return
}

func.func @relayout_to_tiled_bf16(%src: memref<4096x4096xbf16>,
                                  %dst: memref<4096x4096xbf16, #B>)
    attributes {llvm.emit_c_interface} {
  memref.copy %src, %dst
      : memref<4096x4096xbf16> to memref<4096x4096xbf16, #B>
  return
}

func.func @relayout_from_tiled_bf16(%src: memref<4096x4096xbf16, #B>,
                                    %dst: memref<4096x4096xbf16>)
    attributes {llvm.emit_c_interface} {
  memref.copy %src, %dst
      : memref<4096x4096xbf16, #B> to memref<4096x4096xbf16>
  return
}

// s8 to T(8,128)(4,1) (four rows interleaved) and back.
func.func @relayout_to_tiled_s8(%src: memref<4096x4096xi8>,
                                %dst: memref<4096x4096xi8, #Q>)
    attributes {llvm.emit_c_interface} {
  memref.copy %src, %dst : memref<4096x4096xi8> to memref<4096x4096xi8, #Q>
  return
}

func.func @relayout_from_tiled_s8(%src: memref<4096x4096xi8, #Q>,
                                  %dst: memref<4096x4096xi8>)
    attributes {llvm.emit_c_interface} {
  memref.copy %src, %dst : memref<4096x4096xi8, #Q> to memref<4096x4096xi8>
  return
}

// int8 to packed int4, the TPU's T(8,128)(8,1)E(4) (two elements a byte,
// eight rows interleaved), and back with sign extension, written as a user
// converts: each row's 128-element vectors read, converted and written.
func.func @relayout_to_packed_s4(%src: memref<4096x4096xi8>,
                                 %dst: memref<4096x4096xi4, #P>)
    attributes {llvm.emit_c_interface} {
  %pad = arith.constant 0 : i8
  affine.for %i = 0 to 4096 {
    affine.for %j = 0 to 4096 step 128 {
      %v = vector.transfer_read %src[%i, %j], %pad {in_bounds = [true]}
          : memref<4096x4096xi8>, vector<128xi8>
      %t = arith.trunci %v : vector<128xi8> to vector<128xi4>
      vector.transfer_write %t, %dst[%i, %j] {in_bounds = [true]}
          : vector<128xi4>, memref<4096x4096xi4, #P>
    }
  }
  return
}

func.func @relayout_from_packed_s4(%src: memref<4096x4096xi4, #P>,
                                   %dst: memref<4096x4096xi8>)
    attributes {llvm.emit_c_interface} {
  %pad = arith.constant 0 : i4
  affine.for %i = 0 to 4096 {
    affine.for %j = 0 to 4096 step 128 {
      %v = vector.transfer_read %src[%i, %j], %pad {in_bounds = [true]}
          : memref<4096x4096xi4, #P>, vector<128xi4>
      %e = arith.extsi %v : vector<128xi4> to vector<128xi8>
      vector.transfer_write %e, %dst[%i, %j] {in_bounds = [true]}
          : vector<128xi8>, memref<4096x4096xi8>
    }
  }
  return
}

// Transposes: row-major to column-major as a copy (lowered to 16 x 16
// blocks of vector shuffles by --lower-tiled-layouts), and T(8,128) to
// T(8,128) of the transposed array (dst[j][i] = src[i][j]) written as a
// user writes a blocked transpose: 16 x 16 blocks read as 16 contiguous
// rows (vector.transfer_read within a tile), transposed by four rounds of
// two-row vector.shuffle (each round swaps the off-diagonal halves of the
// 2h x 2h blocks; upstream's default lowering of vector.transpose goes
// element by element) and written as 16 contiguous rows of the
// destination, by groups of 256 x 256 elements that stay in the L2 cache
// and the TLB.
func.func @transpose_to_colmajor_f32(%src: memref<4096x4096xf32>,
                                     %dst: memref<4096x4096xf32, #C>)
    attributes {llvm.emit_c_interface} {
  memref.copy %src, %dst : memref<4096x4096xf32> to memref<4096x4096xf32, #C>
  return
}

// T(8,128) to T(8,128) of the transposed array as XLA writes a transpose:
// a memref.copy to `{0,1:T(8,128)}` (the transposed array in tiles), lowered
// by --lower-tiled-layouts into 16 x 16 blocks of vector shuffles between
// the two tiled buffers.
func.func @transpose_tiled_copy_f32(%src: memref<4096x4096xf32, #T>,
                                    %dst: memref<4096x4096xf32, #TT>)
    attributes {llvm.emit_c_interface} {
  memref.copy %src, %dst
      : memref<4096x4096xf32, #T> to memref<4096x4096xf32, #TT>
  return
}

func.func @transpose_tiled_f32(%src: memref<4096x4096xf32, #T>,
                               %dst: memref<4096x4096xf32, #T>)
    attributes {llvm.emit_c_interface} {
  %pad = arith.constant 0.0 : f32
  affine.for %gi = 0 to 4096 step 256 {
  affine.for %gj = 0 to 4096 step 256 {
  affine.for %bi = 0 to 256 step 16 {
    affine.for %bj = 0 to 256 step 16 {
      %i = affine.apply affine_map<(d0, d1) -> (d0 + d1)>(%gi, %bi)
      %j = affine.apply affine_map<(d0, d1) -> (d0 + d1)>(%gj, %bj)
      %r0_0 = vector.transfer_read %src[%i, %j], %pad {in_bounds = [true]}
          : memref<4096x4096xf32, #T>, vector<16xf32>
      %i1 = affine.apply affine_map<(d0) -> (d0 + 1)>(%i)
      %r1_0 = vector.transfer_read %src[%i1, %j], %pad {in_bounds = [true]}
          : memref<4096x4096xf32, #T>, vector<16xf32>
      %i2 = affine.apply affine_map<(d0) -> (d0 + 2)>(%i)
      %r2_0 = vector.transfer_read %src[%i2, %j], %pad {in_bounds = [true]}
          : memref<4096x4096xf32, #T>, vector<16xf32>
      %i3 = affine.apply affine_map<(d0) -> (d0 + 3)>(%i)
      %r3_0 = vector.transfer_read %src[%i3, %j], %pad {in_bounds = [true]}
          : memref<4096x4096xf32, #T>, vector<16xf32>
      %i4 = affine.apply affine_map<(d0) -> (d0 + 4)>(%i)
      %r4_0 = vector.transfer_read %src[%i4, %j], %pad {in_bounds = [true]}
          : memref<4096x4096xf32, #T>, vector<16xf32>
      %i5 = affine.apply affine_map<(d0) -> (d0 + 5)>(%i)
      %r5_0 = vector.transfer_read %src[%i5, %j], %pad {in_bounds = [true]}
          : memref<4096x4096xf32, #T>, vector<16xf32>
      %i6 = affine.apply affine_map<(d0) -> (d0 + 6)>(%i)
      %r6_0 = vector.transfer_read %src[%i6, %j], %pad {in_bounds = [true]}
          : memref<4096x4096xf32, #T>, vector<16xf32>
      %i7 = affine.apply affine_map<(d0) -> (d0 + 7)>(%i)
      %r7_0 = vector.transfer_read %src[%i7, %j], %pad {in_bounds = [true]}
          : memref<4096x4096xf32, #T>, vector<16xf32>
      %i8 = affine.apply affine_map<(d0) -> (d0 + 8)>(%i)
      %r8_0 = vector.transfer_read %src[%i8, %j], %pad {in_bounds = [true]}
          : memref<4096x4096xf32, #T>, vector<16xf32>
      %i9 = affine.apply affine_map<(d0) -> (d0 + 9)>(%i)
      %r9_0 = vector.transfer_read %src[%i9, %j], %pad {in_bounds = [true]}
          : memref<4096x4096xf32, #T>, vector<16xf32>
      %i10 = affine.apply affine_map<(d0) -> (d0 + 10)>(%i)
      %r10_0 = vector.transfer_read %src[%i10, %j], %pad {in_bounds = [true]}
          : memref<4096x4096xf32, #T>, vector<16xf32>
      %i11 = affine.apply affine_map<(d0) -> (d0 + 11)>(%i)
      %r11_0 = vector.transfer_read %src[%i11, %j], %pad {in_bounds = [true]}
          : memref<4096x4096xf32, #T>, vector<16xf32>
      %i12 = affine.apply affine_map<(d0) -> (d0 + 12)>(%i)
      %r12_0 = vector.transfer_read %src[%i12, %j], %pad {in_bounds = [true]}
          : memref<4096x4096xf32, #T>, vector<16xf32>
      %i13 = affine.apply affine_map<(d0) -> (d0 + 13)>(%i)
      %r13_0 = vector.transfer_read %src[%i13, %j], %pad {in_bounds = [true]}
          : memref<4096x4096xf32, #T>, vector<16xf32>
      %i14 = affine.apply affine_map<(d0) -> (d0 + 14)>(%i)
      %r14_0 = vector.transfer_read %src[%i14, %j], %pad {in_bounds = [true]}
          : memref<4096x4096xf32, #T>, vector<16xf32>
      %i15 = affine.apply affine_map<(d0) -> (d0 + 15)>(%i)
      %r15_0 = vector.transfer_read %src[%i15, %j], %pad {in_bounds = [true]}
          : memref<4096x4096xf32, #T>, vector<16xf32>
      %r0_1 = vector.shuffle %r0_0, %r8_0 [0, 1, 2, 3, 4, 5, 6, 7, 16, 17, 18, 19, 20, 21, 22, 23] : vector<16xf32>, vector<16xf32>
      %r8_1 = vector.shuffle %r0_0, %r8_0 [8, 9, 10, 11, 12, 13, 14, 15, 24, 25, 26, 27, 28, 29, 30, 31] : vector<16xf32>, vector<16xf32>
      %r1_1 = vector.shuffle %r1_0, %r9_0 [0, 1, 2, 3, 4, 5, 6, 7, 16, 17, 18, 19, 20, 21, 22, 23] : vector<16xf32>, vector<16xf32>
      %r9_1 = vector.shuffle %r1_0, %r9_0 [8, 9, 10, 11, 12, 13, 14, 15, 24, 25, 26, 27, 28, 29, 30, 31] : vector<16xf32>, vector<16xf32>
      %r2_1 = vector.shuffle %r2_0, %r10_0 [0, 1, 2, 3, 4, 5, 6, 7, 16, 17, 18, 19, 20, 21, 22, 23] : vector<16xf32>, vector<16xf32>
      %r10_1 = vector.shuffle %r2_0, %r10_0 [8, 9, 10, 11, 12, 13, 14, 15, 24, 25, 26, 27, 28, 29, 30, 31] : vector<16xf32>, vector<16xf32>
      %r3_1 = vector.shuffle %r3_0, %r11_0 [0, 1, 2, 3, 4, 5, 6, 7, 16, 17, 18, 19, 20, 21, 22, 23] : vector<16xf32>, vector<16xf32>
      %r11_1 = vector.shuffle %r3_0, %r11_0 [8, 9, 10, 11, 12, 13, 14, 15, 24, 25, 26, 27, 28, 29, 30, 31] : vector<16xf32>, vector<16xf32>
      %r4_1 = vector.shuffle %r4_0, %r12_0 [0, 1, 2, 3, 4, 5, 6, 7, 16, 17, 18, 19, 20, 21, 22, 23] : vector<16xf32>, vector<16xf32>
      %r12_1 = vector.shuffle %r4_0, %r12_0 [8, 9, 10, 11, 12, 13, 14, 15, 24, 25, 26, 27, 28, 29, 30, 31] : vector<16xf32>, vector<16xf32>
      %r5_1 = vector.shuffle %r5_0, %r13_0 [0, 1, 2, 3, 4, 5, 6, 7, 16, 17, 18, 19, 20, 21, 22, 23] : vector<16xf32>, vector<16xf32>
      %r13_1 = vector.shuffle %r5_0, %r13_0 [8, 9, 10, 11, 12, 13, 14, 15, 24, 25, 26, 27, 28, 29, 30, 31] : vector<16xf32>, vector<16xf32>
      %r6_1 = vector.shuffle %r6_0, %r14_0 [0, 1, 2, 3, 4, 5, 6, 7, 16, 17, 18, 19, 20, 21, 22, 23] : vector<16xf32>, vector<16xf32>
      %r14_1 = vector.shuffle %r6_0, %r14_0 [8, 9, 10, 11, 12, 13, 14, 15, 24, 25, 26, 27, 28, 29, 30, 31] : vector<16xf32>, vector<16xf32>
      %r7_1 = vector.shuffle %r7_0, %r15_0 [0, 1, 2, 3, 4, 5, 6, 7, 16, 17, 18, 19, 20, 21, 22, 23] : vector<16xf32>, vector<16xf32>
      %r15_1 = vector.shuffle %r7_0, %r15_0 [8, 9, 10, 11, 12, 13, 14, 15, 24, 25, 26, 27, 28, 29, 30, 31] : vector<16xf32>, vector<16xf32>
      %r0_2 = vector.shuffle %r0_1, %r4_1 [0, 1, 2, 3, 16, 17, 18, 19, 8, 9, 10, 11, 24, 25, 26, 27] : vector<16xf32>, vector<16xf32>
      %r4_2 = vector.shuffle %r0_1, %r4_1 [4, 5, 6, 7, 20, 21, 22, 23, 12, 13, 14, 15, 28, 29, 30, 31] : vector<16xf32>, vector<16xf32>
      %r1_2 = vector.shuffle %r1_1, %r5_1 [0, 1, 2, 3, 16, 17, 18, 19, 8, 9, 10, 11, 24, 25, 26, 27] : vector<16xf32>, vector<16xf32>
      %r5_2 = vector.shuffle %r1_1, %r5_1 [4, 5, 6, 7, 20, 21, 22, 23, 12, 13, 14, 15, 28, 29, 30, 31] : vector<16xf32>, vector<16xf32>
      %r2_2 = vector.shuffle %r2_1, %r6_1 [0, 1, 2, 3, 16, 17, 18, 19, 8, 9, 10, 11, 24, 25, 26, 27] : vector<16xf32>, vector<16xf32>
      %r6_2 = vector.shuffle %r2_1, %r6_1 [4, 5, 6, 7, 20, 21, 22, 23, 12, 13, 14, 15, 28, 29, 30, 31] : vector<16xf32>, vector<16xf32>
      %r3_2 = vector.shuffle %r3_1, %r7_1 [0, 1, 2, 3, 16, 17, 18, 19, 8, 9, 10, 11, 24, 25, 26, 27] : vector<16xf32>, vector<16xf32>
      %r7_2 = vector.shuffle %r3_1, %r7_1 [4, 5, 6, 7, 20, 21, 22, 23, 12, 13, 14, 15, 28, 29, 30, 31] : vector<16xf32>, vector<16xf32>
      %r8_2 = vector.shuffle %r8_1, %r12_1 [0, 1, 2, 3, 16, 17, 18, 19, 8, 9, 10, 11, 24, 25, 26, 27] : vector<16xf32>, vector<16xf32>
      %r12_2 = vector.shuffle %r8_1, %r12_1 [4, 5, 6, 7, 20, 21, 22, 23, 12, 13, 14, 15, 28, 29, 30, 31] : vector<16xf32>, vector<16xf32>
      %r9_2 = vector.shuffle %r9_1, %r13_1 [0, 1, 2, 3, 16, 17, 18, 19, 8, 9, 10, 11, 24, 25, 26, 27] : vector<16xf32>, vector<16xf32>
      %r13_2 = vector.shuffle %r9_1, %r13_1 [4, 5, 6, 7, 20, 21, 22, 23, 12, 13, 14, 15, 28, 29, 30, 31] : vector<16xf32>, vector<16xf32>
      %r10_2 = vector.shuffle %r10_1, %r14_1 [0, 1, 2, 3, 16, 17, 18, 19, 8, 9, 10, 11, 24, 25, 26, 27] : vector<16xf32>, vector<16xf32>
      %r14_2 = vector.shuffle %r10_1, %r14_1 [4, 5, 6, 7, 20, 21, 22, 23, 12, 13, 14, 15, 28, 29, 30, 31] : vector<16xf32>, vector<16xf32>
      %r11_2 = vector.shuffle %r11_1, %r15_1 [0, 1, 2, 3, 16, 17, 18, 19, 8, 9, 10, 11, 24, 25, 26, 27] : vector<16xf32>, vector<16xf32>
      %r15_2 = vector.shuffle %r11_1, %r15_1 [4, 5, 6, 7, 20, 21, 22, 23, 12, 13, 14, 15, 28, 29, 30, 31] : vector<16xf32>, vector<16xf32>
      %r0_3 = vector.shuffle %r0_2, %r2_2 [0, 1, 16, 17, 4, 5, 20, 21, 8, 9, 24, 25, 12, 13, 28, 29] : vector<16xf32>, vector<16xf32>
      %r2_3 = vector.shuffle %r0_2, %r2_2 [2, 3, 18, 19, 6, 7, 22, 23, 10, 11, 26, 27, 14, 15, 30, 31] : vector<16xf32>, vector<16xf32>
      %r1_3 = vector.shuffle %r1_2, %r3_2 [0, 1, 16, 17, 4, 5, 20, 21, 8, 9, 24, 25, 12, 13, 28, 29] : vector<16xf32>, vector<16xf32>
      %r3_3 = vector.shuffle %r1_2, %r3_2 [2, 3, 18, 19, 6, 7, 22, 23, 10, 11, 26, 27, 14, 15, 30, 31] : vector<16xf32>, vector<16xf32>
      %r4_3 = vector.shuffle %r4_2, %r6_2 [0, 1, 16, 17, 4, 5, 20, 21, 8, 9, 24, 25, 12, 13, 28, 29] : vector<16xf32>, vector<16xf32>
      %r6_3 = vector.shuffle %r4_2, %r6_2 [2, 3, 18, 19, 6, 7, 22, 23, 10, 11, 26, 27, 14, 15, 30, 31] : vector<16xf32>, vector<16xf32>
      %r5_3 = vector.shuffle %r5_2, %r7_2 [0, 1, 16, 17, 4, 5, 20, 21, 8, 9, 24, 25, 12, 13, 28, 29] : vector<16xf32>, vector<16xf32>
      %r7_3 = vector.shuffle %r5_2, %r7_2 [2, 3, 18, 19, 6, 7, 22, 23, 10, 11, 26, 27, 14, 15, 30, 31] : vector<16xf32>, vector<16xf32>
      %r8_3 = vector.shuffle %r8_2, %r10_2 [0, 1, 16, 17, 4, 5, 20, 21, 8, 9, 24, 25, 12, 13, 28, 29] : vector<16xf32>, vector<16xf32>
      %r10_3 = vector.shuffle %r8_2, %r10_2 [2, 3, 18, 19, 6, 7, 22, 23, 10, 11, 26, 27, 14, 15, 30, 31] : vector<16xf32>, vector<16xf32>
      %r9_3 = vector.shuffle %r9_2, %r11_2 [0, 1, 16, 17, 4, 5, 20, 21, 8, 9, 24, 25, 12, 13, 28, 29] : vector<16xf32>, vector<16xf32>
      %r11_3 = vector.shuffle %r9_2, %r11_2 [2, 3, 18, 19, 6, 7, 22, 23, 10, 11, 26, 27, 14, 15, 30, 31] : vector<16xf32>, vector<16xf32>
      %r12_3 = vector.shuffle %r12_2, %r14_2 [0, 1, 16, 17, 4, 5, 20, 21, 8, 9, 24, 25, 12, 13, 28, 29] : vector<16xf32>, vector<16xf32>
      %r14_3 = vector.shuffle %r12_2, %r14_2 [2, 3, 18, 19, 6, 7, 22, 23, 10, 11, 26, 27, 14, 15, 30, 31] : vector<16xf32>, vector<16xf32>
      %r13_3 = vector.shuffle %r13_2, %r15_2 [0, 1, 16, 17, 4, 5, 20, 21, 8, 9, 24, 25, 12, 13, 28, 29] : vector<16xf32>, vector<16xf32>
      %r15_3 = vector.shuffle %r13_2, %r15_2 [2, 3, 18, 19, 6, 7, 22, 23, 10, 11, 26, 27, 14, 15, 30, 31] : vector<16xf32>, vector<16xf32>
      %r0_4 = vector.shuffle %r0_3, %r1_3 [0, 16, 2, 18, 4, 20, 6, 22, 8, 24, 10, 26, 12, 28, 14, 30] : vector<16xf32>, vector<16xf32>
      %r1_4 = vector.shuffle %r0_3, %r1_3 [1, 17, 3, 19, 5, 21, 7, 23, 9, 25, 11, 27, 13, 29, 15, 31] : vector<16xf32>, vector<16xf32>
      %r2_4 = vector.shuffle %r2_3, %r3_3 [0, 16, 2, 18, 4, 20, 6, 22, 8, 24, 10, 26, 12, 28, 14, 30] : vector<16xf32>, vector<16xf32>
      %r3_4 = vector.shuffle %r2_3, %r3_3 [1, 17, 3, 19, 5, 21, 7, 23, 9, 25, 11, 27, 13, 29, 15, 31] : vector<16xf32>, vector<16xf32>
      %r4_4 = vector.shuffle %r4_3, %r5_3 [0, 16, 2, 18, 4, 20, 6, 22, 8, 24, 10, 26, 12, 28, 14, 30] : vector<16xf32>, vector<16xf32>
      %r5_4 = vector.shuffle %r4_3, %r5_3 [1, 17, 3, 19, 5, 21, 7, 23, 9, 25, 11, 27, 13, 29, 15, 31] : vector<16xf32>, vector<16xf32>
      %r6_4 = vector.shuffle %r6_3, %r7_3 [0, 16, 2, 18, 4, 20, 6, 22, 8, 24, 10, 26, 12, 28, 14, 30] : vector<16xf32>, vector<16xf32>
      %r7_4 = vector.shuffle %r6_3, %r7_3 [1, 17, 3, 19, 5, 21, 7, 23, 9, 25, 11, 27, 13, 29, 15, 31] : vector<16xf32>, vector<16xf32>
      %r8_4 = vector.shuffle %r8_3, %r9_3 [0, 16, 2, 18, 4, 20, 6, 22, 8, 24, 10, 26, 12, 28, 14, 30] : vector<16xf32>, vector<16xf32>
      %r9_4 = vector.shuffle %r8_3, %r9_3 [1, 17, 3, 19, 5, 21, 7, 23, 9, 25, 11, 27, 13, 29, 15, 31] : vector<16xf32>, vector<16xf32>
      %r10_4 = vector.shuffle %r10_3, %r11_3 [0, 16, 2, 18, 4, 20, 6, 22, 8, 24, 10, 26, 12, 28, 14, 30] : vector<16xf32>, vector<16xf32>
      %r11_4 = vector.shuffle %r10_3, %r11_3 [1, 17, 3, 19, 5, 21, 7, 23, 9, 25, 11, 27, 13, 29, 15, 31] : vector<16xf32>, vector<16xf32>
      %r12_4 = vector.shuffle %r12_3, %r13_3 [0, 16, 2, 18, 4, 20, 6, 22, 8, 24, 10, 26, 12, 28, 14, 30] : vector<16xf32>, vector<16xf32>
      %r13_4 = vector.shuffle %r12_3, %r13_3 [1, 17, 3, 19, 5, 21, 7, 23, 9, 25, 11, 27, 13, 29, 15, 31] : vector<16xf32>, vector<16xf32>
      %r14_4 = vector.shuffle %r14_3, %r15_3 [0, 16, 2, 18, 4, 20, 6, 22, 8, 24, 10, 26, 12, 28, 14, 30] : vector<16xf32>, vector<16xf32>
      %r15_4 = vector.shuffle %r14_3, %r15_3 [1, 17, 3, 19, 5, 21, 7, 23, 9, 25, 11, 27, 13, 29, 15, 31] : vector<16xf32>, vector<16xf32>
      vector.transfer_write %r0_4, %dst[%j, %i] {in_bounds = [true]}
          : vector<16xf32>, memref<4096x4096xf32, #T>
      %j1 = affine.apply affine_map<(d0) -> (d0 + 1)>(%j)
      vector.transfer_write %r1_4, %dst[%j1, %i] {in_bounds = [true]}
          : vector<16xf32>, memref<4096x4096xf32, #T>
      %j2 = affine.apply affine_map<(d0) -> (d0 + 2)>(%j)
      vector.transfer_write %r2_4, %dst[%j2, %i] {in_bounds = [true]}
          : vector<16xf32>, memref<4096x4096xf32, #T>
      %j3 = affine.apply affine_map<(d0) -> (d0 + 3)>(%j)
      vector.transfer_write %r3_4, %dst[%j3, %i] {in_bounds = [true]}
          : vector<16xf32>, memref<4096x4096xf32, #T>
      %j4 = affine.apply affine_map<(d0) -> (d0 + 4)>(%j)
      vector.transfer_write %r4_4, %dst[%j4, %i] {in_bounds = [true]}
          : vector<16xf32>, memref<4096x4096xf32, #T>
      %j5 = affine.apply affine_map<(d0) -> (d0 + 5)>(%j)
      vector.transfer_write %r5_4, %dst[%j5, %i] {in_bounds = [true]}
          : vector<16xf32>, memref<4096x4096xf32, #T>
      %j6 = affine.apply affine_map<(d0) -> (d0 + 6)>(%j)
      vector.transfer_write %r6_4, %dst[%j6, %i] {in_bounds = [true]}
          : vector<16xf32>, memref<4096x4096xf32, #T>
      %j7 = affine.apply affine_map<(d0) -> (d0 + 7)>(%j)
      vector.transfer_write %r7_4, %dst[%j7, %i] {in_bounds = [true]}
          : vector<16xf32>, memref<4096x4096xf32, #T>
      %j8 = affine.apply affine_map<(d0) -> (d0 + 8)>(%j)
      vector.transfer_write %r8_4, %dst[%j8, %i] {in_bounds = [true]}
          : vector<16xf32>, memref<4096x4096xf32, #T>
      %j9 = affine.apply affine_map<(d0) -> (d0 + 9)>(%j)
      vector.transfer_write %r9_4, %dst[%j9, %i] {in_bounds = [true]}
          : vector<16xf32>, memref<4096x4096xf32, #T>
      %j10 = affine.apply affine_map<(d0) -> (d0 + 10)>(%j)
      vector.transfer_write %r10_4, %dst[%j10, %i] {in_bounds = [true]}
          : vector<16xf32>, memref<4096x4096xf32, #T>
      %j11 = affine.apply affine_map<(d0) -> (d0 + 11)>(%j)
      vector.transfer_write %r11_4, %dst[%j11, %i] {in_bounds = [true]}
          : vector<16xf32>, memref<4096x4096xf32, #T>
      %j12 = affine.apply affine_map<(d0) -> (d0 + 12)>(%j)
      vector.transfer_write %r12_4, %dst[%j12, %i] {in_bounds = [true]}
          : vector<16xf32>, memref<4096x4096xf32, #T>
      %j13 = affine.apply affine_map<(d0) -> (d0 + 13)>(%j)
      vector.transfer_write %r13_4, %dst[%j13, %i] {in_bounds = [true]}
          : vector<16xf32>, memref<4096x4096xf32, #T>
      %j14 = affine.apply affine_map<(d0) -> (d0 + 14)>(%j)
      vector.transfer_write %r14_4, %dst[%j14, %i] {in_bounds = [true]}
          : vector<16xf32>, memref<4096x4096xf32, #T>
      %j15 = affine.apply affine_map<(d0) -> (d0 + 15)>(%j)
      vector.transfer_write %r15_4, %dst[%j15, %i] {in_bounds = [true]}
          : vector<16xf32>, memref<4096x4096xf32, #T>
    }
  }
  }
  }
  return
}

// Element-wise add, written once per layout.
func.func @add_tiled(%a: memref<4096x4096xf32, #T>,
                     %b: memref<4096x4096xf32, #T>,
                     %c: memref<4096x4096xf32, #T>)
    attributes {llvm.emit_c_interface} {
  affine.for %i = 0 to 4096 {
    affine.for %j = 0 to 4096 {
      %x = affine.load %a[%i, %j] : memref<4096x4096xf32, #T>
      %y = affine.load %b[%i, %j] : memref<4096x4096xf32, #T>
      %s = arith.addf %x, %y : f32
      affine.store %s, %c[%i, %j] : memref<4096x4096xf32, #T>
    }
  }
  return
}

func.func @add_rowmajor(%a: memref<4096x4096xf32>, %b: memref<4096x4096xf32>,
                        %c: memref<4096x4096xf32>)
    attributes {llvm.emit_c_interface} {
  affine.for %i = 0 to 4096 {
    affine.for %j = 0 to 4096 {
      %x = affine.load %a[%i, %j] : memref<4096x4096xf32>
      %y = affine.load %b[%i, %j] : memref<4096x4096xf32>
      %s = arith.addf %x, %y : f32
      affine.store %s, %c[%i, %j] : memref<4096x4096xf32>
    }
  }
  return
}

// Element-wise add over every third column: a step that does not divide
// the tile's 128 columns.
func.func @add_step3_tiled(%a: memref<4096x4096xf32, #T>,
                           %b: memref<4096x4096xf32, #T>,
                           %c: memref<4096x4096xf32, #T>)
    attributes {llvm.emit_c_interface} {
  affine.for %i = 0 to 4096 {
    affine.for %j = 0 to 4096 step 3 {
      %x = affine.load %a[%i, %j] : memref<4096x4096xf32, #T>
      %y = affine.load %b[%i, %j] : memref<4096x4096xf32, #T>
      %s = arith.addf %x, %y : f32
      affine.store %s, %c[%i, %j] : memref<4096x4096xf32, #T>
    }
  }
  return
}

func.func @add_step3_rowmajor(%a: memref<4096x4096xf32>,
                              %b: memref<4096x4096xf32>,
                              %c: memref<4096x4096xf32>)
    attributes {llvm.emit_c_interface} {
  affine.for %i = 0 to 4096 {
    affine.for %j = 0 to 4096 step 3 {
      %x = affine.load %a[%i, %j] : memref<4096x4096xf32>
      %y = affine.load %b[%i, %j] : memref<4096x4096xf32>
      %s = arith.addf %x, %y : f32
      affine.store %s, %c[%i, %j] : memref<4096x4096xf32>
    }
  }
  return
}

// Row reduction (sum of each row, in iter_args).
func.func @row_sum_tiled(%a: memref<4096x4096xf32, #T>, %out: memref<4096xf32>)
    attributes {llvm.emit_c_interface} {
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 4096 {
    %s = affine.for %j = 0 to 4096 iter_args(%acc = %zero) -> f32 {
      %x = affine.load %a[%i, %j] : memref<4096x4096xf32, #T>
      %n = arith.addf %acc, %x fastmath<fast> : f32
      affine.yield %n : f32
    }
    affine.store %s, %out[%i] : memref<4096xf32>
  }
  return
}

func.func @row_sum_rowmajor(%a: memref<4096x4096xf32>, %out: memref<4096xf32>)
    attributes {llvm.emit_c_interface} {
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 4096 {
    %s = affine.for %j = 0 to 4096 iter_args(%acc = %zero) -> f32 {
      %x = affine.load %a[%i, %j] : memref<4096x4096xf32>
      %n = arith.addf %acc, %x fastmath<fast> : f32
      affine.yield %n : f32
    }
    affine.store %s, %out[%i] : memref<4096xf32>
  }
  return
}

// Column reduction (sum of each column, accumulated in memory).
func.func @col_sum_tiled(%a: memref<4096x4096xf32, #T>, %out: memref<4096xf32>)
    attributes {llvm.emit_c_interface} {
  %zero = arith.constant 0.0 : f32
  affine.for %j = 0 to 4096 {
    affine.store %zero, %out[%j] : memref<4096xf32>
  }
  affine.for %i = 0 to 4096 {
    affine.for %j = 0 to 4096 {
      %x = affine.load %a[%i, %j] : memref<4096x4096xf32, #T>
      %o = affine.load %out[%j] : memref<4096xf32>
      %n = arith.addf %o, %x : f32
      affine.store %n, %out[%j] : memref<4096xf32>
    }
  }
  return
}

func.func @col_sum_rowmajor(%a: memref<4096x4096xf32>, %out: memref<4096xf32>)
    attributes {llvm.emit_c_interface} {
  %zero = arith.constant 0.0 : f32
  affine.for %j = 0 to 4096 {
    affine.store %zero, %out[%j] : memref<4096xf32>
  }
  affine.for %i = 0 to 4096 {
    affine.for %j = 0 to 4096 {
      %x = affine.load %a[%i, %j] : memref<4096x4096xf32>
      %o = affine.load %out[%j] : memref<4096xf32>
      %n = arith.addf %o, %x : f32
      affine.store %n, %out[%j] : memref<4096xf32>
    }
  }
  return
}

// Blocked matrix product C = A B of 1024 x 1024 matrices, the same loop
// nest for both layouts: per 8 x 128 block of C (one T(8,128) tile), C
// zeroed, then for each k a rank-1 update of the block by column k of A's 8
// rows and row k of B's 128 columns. bf16 operands accumulate in f32.
func.func @matmul_tiled_f32(%A: memref<1024x1024xf32, #T>, %B: memref<1024x1024xf32, #T>, %C: memref<1024x1024xf32, #T>)
    attributes {llvm.emit_c_interface} {
  %zero = arith.constant 0.0 : f32
  affine.for %i0 = 0 to 1024 step 8 {
    affine.for %j0 = 0 to 1024 step 128 {
      affine.for %ii = 0 to 8 {
        affine.for %jj = 0 to 128 {
          affine.store %zero, %C[%i0 + %ii, %j0 + %jj] : memref<1024x1024xf32, #T>
        }
      }
      affine.for %k = 0 to 1024 {
        affine.for %ii = 0 to 8 {
          %a = affine.load %A[%i0 + %ii, %k] : memref<1024x1024xf32, #T>
          affine.for %jj = 0 to 128 {
            %b = affine.load %B[%k, %j0 + %jj] : memref<1024x1024xf32, #T>
            %c = affine.load %C[%i0 + %ii, %j0 + %jj] : memref<1024x1024xf32, #T>
            %p = arith.mulf %a, %b : f32
            %s = arith.addf %c, %p : f32
            affine.store %s, %C[%i0 + %ii, %j0 + %jj] : memref<1024x1024xf32, #T>
          }
        }
      }
    }
  }
  return
}

func.func @matmul_rowmajor_f32(%A: memref<1024x1024xf32>, %B: memref<1024x1024xf32>, %C: memref<1024x1024xf32>)
    attributes {llvm.emit_c_interface} {
  %zero = arith.constant 0.0 : f32
  affine.for %i0 = 0 to 1024 step 8 {
    affine.for %j0 = 0 to 1024 step 128 {
      affine.for %ii = 0 to 8 {
        affine.for %jj = 0 to 128 {
          affine.store %zero, %C[%i0 + %ii, %j0 + %jj] : memref<1024x1024xf32>
        }
      }
      affine.for %k = 0 to 1024 {
        affine.for %ii = 0 to 8 {
          %a = affine.load %A[%i0 + %ii, %k] : memref<1024x1024xf32>
          affine.for %jj = 0 to 128 {
            %b = affine.load %B[%k, %j0 + %jj] : memref<1024x1024xf32>
            %c = affine.load %C[%i0 + %ii, %j0 + %jj] : memref<1024x1024xf32>
            %p = arith.mulf %a, %b : f32
            %s = arith.addf %c, %p : f32
            affine.store %s, %C[%i0 + %ii, %j0 + %jj] : memref<1024x1024xf32>
          }
        }
      }
    }
  }
  return
}

func.func @matmul_tiled_bf16(%A: memref<1024x1024xbf16, #T>, %B: memref<1024x1024xbf16, #T>, %C: memref<1024x1024xf32, #T>)
    attributes {llvm.emit_c_interface} {
  %zero = arith.constant 0.0 : f32
  affine.for %i0 = 0 to 1024 step 8 {
    affine.for %j0 = 0 to 1024 step 128 {
      affine.for %ii = 0 to 8 {
        affine.for %jj = 0 to 128 {
          affine.store %zero, %C[%i0 + %ii, %j0 + %jj] : memref<1024x1024xf32, #T>
        }
      }
      affine.for %k = 0 to 1024 {
        affine.for %ii = 0 to 8 {
          %a = affine.load %A[%i0 + %ii, %k] : memref<1024x1024xbf16, #T>
          affine.for %jj = 0 to 128 {
            %b = affine.load %B[%k, %j0 + %jj] : memref<1024x1024xbf16, #T>
            %af = arith.extf %a : bf16 to f32
            %bf = arith.extf %b : bf16 to f32
            %c = affine.load %C[%i0 + %ii, %j0 + %jj] : memref<1024x1024xf32, #T>
            %p = arith.mulf %af, %bf : f32
            %s = arith.addf %c, %p : f32
            affine.store %s, %C[%i0 + %ii, %j0 + %jj] : memref<1024x1024xf32, #T>
          }
        }
      }
    }
  }
  return
}

func.func @matmul_rowmajor_bf16(%A: memref<1024x1024xbf16>, %B: memref<1024x1024xbf16>, %C: memref<1024x1024xf32>)
    attributes {llvm.emit_c_interface} {
  %zero = arith.constant 0.0 : f32
  affine.for %i0 = 0 to 1024 step 8 {
    affine.for %j0 = 0 to 1024 step 128 {
      affine.for %ii = 0 to 8 {
        affine.for %jj = 0 to 128 {
          affine.store %zero, %C[%i0 + %ii, %j0 + %jj] : memref<1024x1024xf32>
        }
      }
      affine.for %k = 0 to 1024 {
        affine.for %ii = 0 to 8 {
          %a = affine.load %A[%i0 + %ii, %k] : memref<1024x1024xbf16>
          affine.for %jj = 0 to 128 {
            %b = affine.load %B[%k, %j0 + %jj] : memref<1024x1024xbf16>
            %af = arith.extf %a : bf16 to f32
            %bf = arith.extf %b : bf16 to f32
            %c = affine.load %C[%i0 + %ii, %j0 + %jj] : memref<1024x1024xf32>
            %p = arith.mulf %af, %bf : f32
            %s = arith.addf %c, %p : f32
            affine.store %s, %C[%i0 + %ii, %j0 + %jj] : memref<1024x1024xf32>
          }
        }
      }
    }
  }
  return
}

//===----------------------------------------------------------------------===//
// Relayout copies at memory bandwidth: transposes of every element width
// and size as copies between layouts, and a copy between equal placements.
//===----------------------------------------------------------------------===//

// Row-major to column-major and T(8,128) to the transposed array in
// T(8,128), bf16 and s8 (32 x 32 and 64 x 64 blocks, one line a run), the
// f32 ones at 2048 x 2048 (16 MiB), and column-major back to row-major.
func.func @transpose_to_colmajor_bf16(%src: memref<4096x4096xbf16>,
                                      %dst: memref<4096x4096xbf16, #C>)
    attributes {llvm.emit_c_interface} {
  memref.copy %src, %dst
      : memref<4096x4096xbf16> to memref<4096x4096xbf16, #C>
  return
}

func.func @transpose_to_colmajor_s8(%src: memref<4096x4096xi8>,
                                    %dst: memref<4096x4096xi8, #C>)
    attributes {llvm.emit_c_interface} {
  memref.copy %src, %dst : memref<4096x4096xi8> to memref<4096x4096xi8, #C>
  return
}

func.func @transpose_tiled_copy_bf16(%src: memref<4096x4096xbf16, #T>,
                                     %dst: memref<4096x4096xbf16, #TT>)
    attributes {llvm.emit_c_interface} {
  memref.copy %src, %dst
      : memref<4096x4096xbf16, #T> to memref<4096x4096xbf16, #TT>
  return
}

func.func @transpose_tiled_copy_s8(%src: memref<4096x4096xi8, #T>,
                                   %dst: memref<4096x4096xi8, #TT>)
    attributes {llvm.emit_c_interface} {
  memref.copy %src, %dst
      : memref<4096x4096xi8, #T> to memref<4096x4096xi8, #TT>
  return
}

func.func @transpose_from_colmajor_f32(%src: memref<4096x4096xf32, #C>,
                                       %dst: memref<4096x4096xf32>)
    attributes {llvm.emit_c_interface} {
  memref.copy %src, %dst : memref<4096x4096xf32, #C> to memref<4096x4096xf32>
  return
}

func.func @transpose_to_colmajor_f32_2048(%src: memref<2048x2048xf32>,
                                          %dst: memref<2048x2048xf32, #C>)
    attributes {llvm.emit_c_interface} {
  memref.copy %src, %dst : memref<2048x2048xf32> to memref<2048x2048xf32, #C>
  return
}

func.func @transpose_tiled_copy_f32_2048(%src: memref<2048x2048xf32, #T>,
                                        %dst: memref<2048x2048xf32, #TT>)
    attributes {llvm.emit_c_interface} {
  memref.copy %src, %dst
      : memref<2048x2048xf32, #T> to memref<2048x2048xf32, #TT>
  return
}

// Equal placements: one memcpy of the physical buffer.
func.func @copy_same_placement_f32(%src: memref<4096x4096xf32, #T>,
                                   %dst: memref<4096x4096xf32, #T>)
    attributes {llvm.emit_c_interface} {
  memref.copy %src, %dst
      : memref<4096x4096xf32, #T> to memref<4096x4096xf32, #T>
  return
}

// Reductions along the minor dimension of T(8,128): each row's max (f32),
// each row's sum of bf16 accumulated in f32, and the softmax denominator
// (two passes over each row: its max, then the sum of exp(x - max)). The
// combiners may be reassociated (fastmath<fast>), as in row_sum above.
//===----------------------------------------------------------------------===//

func.func @row_max_tiled(%a: memref<4096x4096xf32, #T>, %out: memref<4096xf32>)
    attributes {llvm.emit_c_interface} {
  %lowest = arith.constant 0xFF800000 : f32
  affine.for %i = 0 to 4096 {
    %m = affine.for %j = 0 to 4096 iter_args(%acc = %lowest) -> f32 {
      %x = affine.load %a[%i, %j] : memref<4096x4096xf32, #T>
      %n = arith.maximumf %acc, %x fastmath<fast> : f32
      affine.yield %n : f32
    }
    affine.store %m, %out[%i] : memref<4096xf32>
  }
  return
}

func.func @row_max_rowmajor(%a: memref<4096x4096xf32>, %out: memref<4096xf32>)
    attributes {llvm.emit_c_interface} {
  %lowest = arith.constant 0xFF800000 : f32
  affine.for %i = 0 to 4096 {
    %m = affine.for %j = 0 to 4096 iter_args(%acc = %lowest) -> f32 {
      %x = affine.load %a[%i, %j] : memref<4096x4096xf32>
      %n = arith.maximumf %acc, %x fastmath<fast> : f32
      affine.yield %n : f32
    }
    affine.store %m, %out[%i] : memref<4096xf32>
  }
  return
}

func.func @row_sum_bf16_tiled(%a: memref<4096x4096xbf16, #T>, %out: memref<4096xf32>)
    attributes {llvm.emit_c_interface} {
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 4096 {
    %s = affine.for %j = 0 to 4096 iter_args(%acc = %zero) -> f32 {
      %x = affine.load %a[%i, %j] : memref<4096x4096xbf16, #T>
      %y = arith.extf %x : bf16 to f32
      %n = arith.addf %acc, %y fastmath<fast> : f32
      affine.yield %n : f32
    }
    affine.store %s, %out[%i] : memref<4096xf32>
  }
  return
}

func.func @row_sum_bf16_rowmajor(%a: memref<4096x4096xbf16>, %out: memref<4096xf32>)
    attributes {llvm.emit_c_interface} {
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 4096 {
    %s = affine.for %j = 0 to 4096 iter_args(%acc = %zero) -> f32 {
      %x = affine.load %a[%i, %j] : memref<4096x4096xbf16>
      %y = arith.extf %x : bf16 to f32
      %n = arith.addf %acc, %y fastmath<fast> : f32
      affine.yield %n : f32
    }
    affine.store %s, %out[%i] : memref<4096xf32>
  }
  return
}

func.func @softmax_sum_tiled(%a: memref<4096x4096xf32, #T>, %out: memref<4096xf32>)
    attributes {llvm.emit_c_interface} {
  %lowest = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 4096 {
    %m = affine.for %j = 0 to 4096 iter_args(%acc = %lowest) -> f32 {
      %x = affine.load %a[%i, %j] : memref<4096x4096xf32, #T>
      %n = arith.maximumf %acc, %x fastmath<fast> : f32
      affine.yield %n : f32
    }
    %s = affine.for %j = 0 to 4096 iter_args(%acc = %zero) -> f32 {
      %x = affine.load %a[%i, %j] : memref<4096x4096xf32, #T>
      %d = arith.subf %x, %m fastmath<fast> : f32
      %e = math.exp %d fastmath<fast> : f32
      %n = arith.addf %acc, %e fastmath<fast> : f32
      affine.yield %n : f32
    }
    affine.store %s, %out[%i] : memref<4096xf32>
  }
  return
}

func.func @softmax_sum_rowmajor(%a: memref<4096x4096xf32>, %out: memref<4096xf32>)
    attributes {llvm.emit_c_interface} {
  %lowest = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 4096 {
    %m = affine.for %j = 0 to 4096 iter_args(%acc = %lowest) -> f32 {
      %x = affine.load %a[%i, %j] : memref<4096x4096xf32>
      %n = arith.maximumf %acc, %x fastmath<fast> : f32
      affine.yield %n : f32
    }
    %s = affine.for %j = 0 to 4096 iter_args(%acc = %zero) -> f32 {
      %x = affine.load %a[%i, %j] : memref<4096x4096xf32>
      %d = arith.subf %x, %m fastmath<fast> : f32
      %e = math.exp %d fastmath<fast> : f32
      %n = arith.addf %acc, %e fastmath<fast> : f32
      affine.yield %n : f32
    }
    affine.store %s, %out[%i] : memref<4096xf32>
  }
  return
}

//===----------------------------------------------------------------------===//
// Transposes of bf16 and s8 at 2048 x 2048 (8 and 4 MiB, rows of 4096 and
// 2048 bytes: power-of-two strides), row-major to column-major and
// T(8,128) to the transposed array in T(8,128).
//===----------------------------------------------------------------------===//

func.func @transpose_to_colmajor_bf16_2048(%src: memref<2048x2048xbf16>,
                                           %dst: memref<2048x2048xbf16, #C>)
    attributes {llvm.emit_c_interface} {
  memref.copy %src, %dst
      : memref<2048x2048xbf16> to memref<2048x2048xbf16, #C>
  return
}

func.func @transpose_tiled_copy_bf16_2048(%src: memref<2048x2048xbf16, #T>,
                                          %dst: memref<2048x2048xbf16, #TT>)
    attributes {llvm.emit_c_interface} {
  memref.copy %src, %dst
      : memref<2048x2048xbf16, #T> to memref<2048x2048xbf16, #TT>
  return
}

func.func @transpose_to_colmajor_s8_2048(%src: memref<2048x2048xi8>,
                                         %dst: memref<2048x2048xi8, #C>)
    attributes {llvm.emit_c_interface} {
  memref.copy %src, %dst : memref<2048x2048xi8> to memref<2048x2048xi8, #C>
  return
}

func.func @transpose_tiled_copy_s8_2048(%src: memref<2048x2048xi8, #T>,
                                        %dst: memref<2048x2048xi8, #TT>)
    attributes {llvm.emit_c_interface} {
  memref.copy %src, %dst
      : memref<2048x2048xi8, #T> to memref<2048x2048xi8, #TT>
  return
}
