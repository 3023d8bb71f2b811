// Kernels of the runtime benchmarks, compiled through tlayout's pipeline
// (--tlayout-lower-to-llvm) and clang -O3. Every kernel has a row-major
// twin in the same file so both compile the same way; the harness
// (bench.cpp) calls them through their C interfaces.

#T = #tlayout.tiled<{1,0:T(8,128)}>
#B = #tlayout.tiled<{1,0:T(8,128)(2,1)}>
#Q = #tlayout.tiled<{1,0:T(8,128)(4,1)}>
#C = #tlayout.tiled<{0,1}>

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

// Transposes: row-major to column-major as a copy (lowered to 16 x 16
// blocks of vector shuffles by --lower-tiled-layouts), and T(8,128) to
// T(8,128) of the transposed array (dst[j][i] = src[i][j]) written as a
// user writes a blocked transpose: 16 x 16 blocks read as 16 contiguous
// rows (vector.transfer_read within a tile), vector.transpose, and written
// as 16 contiguous rows of the destination.
func.func @transpose_to_colmajor_f32(%src: memref<4096x4096xf32>,
                                     %dst: memref<4096x4096xf32, #C>)
    attributes {llvm.emit_c_interface} {
  memref.copy %src, %dst : memref<4096x4096xf32> to memref<4096x4096xf32, #C>
  return
}

func.func @transpose_tiled_f32(%src: memref<4096x4096xf32, #T>,
                               %dst: memref<4096x4096xf32, #T>)
    attributes {llvm.emit_c_interface} {
  %pad = arith.constant 0.0 : f32
  %empty = arith.constant dense<0.0> : vector<16x16xf32>
  affine.for %i = 0 to 4096 step 16 {
    affine.for %j = 0 to 4096 step 16 {
      %r0 = vector.transfer_read %src[%i, %j], %pad {in_bounds = [true]}
          : memref<4096x4096xf32, #T>, vector<16xf32>
      %m0 = vector.insert %r0, %empty [0] : vector<16xf32> into vector<16x16xf32>
      %i1 = affine.apply affine_map<(d0) -> (d0 + 1)>(%i)
      %r1 = vector.transfer_read %src[%i1, %j], %pad {in_bounds = [true]}
          : memref<4096x4096xf32, #T>, vector<16xf32>
      %m1 = vector.insert %r1, %m0 [1] : vector<16xf32> into vector<16x16xf32>
      %i2 = affine.apply affine_map<(d0) -> (d0 + 2)>(%i)
      %r2 = vector.transfer_read %src[%i2, %j], %pad {in_bounds = [true]}
          : memref<4096x4096xf32, #T>, vector<16xf32>
      %m2 = vector.insert %r2, %m1 [2] : vector<16xf32> into vector<16x16xf32>
      %i3 = affine.apply affine_map<(d0) -> (d0 + 3)>(%i)
      %r3 = vector.transfer_read %src[%i3, %j], %pad {in_bounds = [true]}
          : memref<4096x4096xf32, #T>, vector<16xf32>
      %m3 = vector.insert %r3, %m2 [3] : vector<16xf32> into vector<16x16xf32>
      %i4 = affine.apply affine_map<(d0) -> (d0 + 4)>(%i)
      %r4 = vector.transfer_read %src[%i4, %j], %pad {in_bounds = [true]}
          : memref<4096x4096xf32, #T>, vector<16xf32>
      %m4 = vector.insert %r4, %m3 [4] : vector<16xf32> into vector<16x16xf32>
      %i5 = affine.apply affine_map<(d0) -> (d0 + 5)>(%i)
      %r5 = vector.transfer_read %src[%i5, %j], %pad {in_bounds = [true]}
          : memref<4096x4096xf32, #T>, vector<16xf32>
      %m5 = vector.insert %r5, %m4 [5] : vector<16xf32> into vector<16x16xf32>
      %i6 = affine.apply affine_map<(d0) -> (d0 + 6)>(%i)
      %r6 = vector.transfer_read %src[%i6, %j], %pad {in_bounds = [true]}
          : memref<4096x4096xf32, #T>, vector<16xf32>
      %m6 = vector.insert %r6, %m5 [6] : vector<16xf32> into vector<16x16xf32>
      %i7 = affine.apply affine_map<(d0) -> (d0 + 7)>(%i)
      %r7 = vector.transfer_read %src[%i7, %j], %pad {in_bounds = [true]}
          : memref<4096x4096xf32, #T>, vector<16xf32>
      %m7 = vector.insert %r7, %m6 [7] : vector<16xf32> into vector<16x16xf32>
      %i8 = affine.apply affine_map<(d0) -> (d0 + 8)>(%i)
      %r8 = vector.transfer_read %src[%i8, %j], %pad {in_bounds = [true]}
          : memref<4096x4096xf32, #T>, vector<16xf32>
      %m8 = vector.insert %r8, %m7 [8] : vector<16xf32> into vector<16x16xf32>
      %i9 = affine.apply affine_map<(d0) -> (d0 + 9)>(%i)
      %r9 = vector.transfer_read %src[%i9, %j], %pad {in_bounds = [true]}
          : memref<4096x4096xf32, #T>, vector<16xf32>
      %m9 = vector.insert %r9, %m8 [9] : vector<16xf32> into vector<16x16xf32>
      %i10 = affine.apply affine_map<(d0) -> (d0 + 10)>(%i)
      %r10 = vector.transfer_read %src[%i10, %j], %pad {in_bounds = [true]}
          : memref<4096x4096xf32, #T>, vector<16xf32>
      %m10 = vector.insert %r10, %m9 [10] : vector<16xf32> into vector<16x16xf32>
      %i11 = affine.apply affine_map<(d0) -> (d0 + 11)>(%i)
      %r11 = vector.transfer_read %src[%i11, %j], %pad {in_bounds = [true]}
          : memref<4096x4096xf32, #T>, vector<16xf32>
      %m11 = vector.insert %r11, %m10 [11] : vector<16xf32> into vector<16x16xf32>
      %i12 = affine.apply affine_map<(d0) -> (d0 + 12)>(%i)
      %r12 = vector.transfer_read %src[%i12, %j], %pad {in_bounds = [true]}
          : memref<4096x4096xf32, #T>, vector<16xf32>
      %m12 = vector.insert %r12, %m11 [12] : vector<16xf32> into vector<16x16xf32>
      %i13 = affine.apply affine_map<(d0) -> (d0 + 13)>(%i)
      %r13 = vector.transfer_read %src[%i13, %j], %pad {in_bounds = [true]}
          : memref<4096x4096xf32, #T>, vector<16xf32>
      %m13 = vector.insert %r13, %m12 [13] : vector<16xf32> into vector<16x16xf32>
      %i14 = affine.apply affine_map<(d0) -> (d0 + 14)>(%i)
      %r14 = vector.transfer_read %src[%i14, %j], %pad {in_bounds = [true]}
          : memref<4096x4096xf32, #T>, vector<16xf32>
      %m14 = vector.insert %r14, %m13 [14] : vector<16xf32> into vector<16x16xf32>
      %i15 = affine.apply affine_map<(d0) -> (d0 + 15)>(%i)
      %r15 = vector.transfer_read %src[%i15, %j], %pad {in_bounds = [true]}
          : memref<4096x4096xf32, #T>, vector<16xf32>
      %m15 = vector.insert %r15, %m14 [15] : vector<16xf32> into vector<16x16xf32>
      %t = vector.transpose %m15, [1, 0] : vector<16x16xf32> to vector<16x16xf32>
      %w0 = vector.extract %t[0] : vector<16xf32> from vector<16x16xf32>
      vector.transfer_write %w0, %dst[%j, %i] {in_bounds = [true]}
          : vector<16xf32>, memref<4096x4096xf32, #T>
      %j1 = affine.apply affine_map<(d0) -> (d0 + 1)>(%j)
      %w1 = vector.extract %t[1] : vector<16xf32> from vector<16x16xf32>
      vector.transfer_write %w1, %dst[%j1, %i] {in_bounds = [true]}
          : vector<16xf32>, memref<4096x4096xf32, #T>
      %j2 = affine.apply affine_map<(d0) -> (d0 + 2)>(%j)
      %w2 = vector.extract %t[2] : vector<16xf32> from vector<16x16xf32>
      vector.transfer_write %w2, %dst[%j2, %i] {in_bounds = [true]}
          : vector<16xf32>, memref<4096x4096xf32, #T>
      %j3 = affine.apply affine_map<(d0) -> (d0 + 3)>(%j)
      %w3 = vector.extract %t[3] : vector<16xf32> from vector<16x16xf32>
      vector.transfer_write %w3, %dst[%j3, %i] {in_bounds = [true]}
          : vector<16xf32>, memref<4096x4096xf32, #T>
      %j4 = affine.apply affine_map<(d0) -> (d0 + 4)>(%j)
      %w4 = vector.extract %t[4] : vector<16xf32> from vector<16x16xf32>
      vector.transfer_write %w4, %dst[%j4, %i] {in_bounds = [true]}
          : vector<16xf32>, memref<4096x4096xf32, #T>
      %j5 = affine.apply affine_map<(d0) -> (d0 + 5)>(%j)
      %w5 = vector.extract %t[5] : vector<16xf32> from vector<16x16xf32>
      vector.transfer_write %w5, %dst[%j5, %i] {in_bounds = [true]}
          : vector<16xf32>, memref<4096x4096xf32, #T>
      %j6 = affine.apply affine_map<(d0) -> (d0 + 6)>(%j)
      %w6 = vector.extract %t[6] : vector<16xf32> from vector<16x16xf32>
      vector.transfer_write %w6, %dst[%j6, %i] {in_bounds = [true]}
          : vector<16xf32>, memref<4096x4096xf32, #T>
      %j7 = affine.apply affine_map<(d0) -> (d0 + 7)>(%j)
      %w7 = vector.extract %t[7] : vector<16xf32> from vector<16x16xf32>
      vector.transfer_write %w7, %dst[%j7, %i] {in_bounds = [true]}
          : vector<16xf32>, memref<4096x4096xf32, #T>
      %j8 = affine.apply affine_map<(d0) -> (d0 + 8)>(%j)
      %w8 = vector.extract %t[8] : vector<16xf32> from vector<16x16xf32>
      vector.transfer_write %w8, %dst[%j8, %i] {in_bounds = [true]}
          : vector<16xf32>, memref<4096x4096xf32, #T>
      %j9 = affine.apply affine_map<(d0) -> (d0 + 9)>(%j)
      %w9 = vector.extract %t[9] : vector<16xf32> from vector<16x16xf32>
      vector.transfer_write %w9, %dst[%j9, %i] {in_bounds = [true]}
          : vector<16xf32>, memref<4096x4096xf32, #T>
      %j10 = affine.apply affine_map<(d0) -> (d0 + 10)>(%j)
      %w10 = vector.extract %t[10] : vector<16xf32> from vector<16x16xf32>
      vector.transfer_write %w10, %dst[%j10, %i] {in_bounds = [true]}
          : vector<16xf32>, memref<4096x4096xf32, #T>
      %j11 = affine.apply affine_map<(d0) -> (d0 + 11)>(%j)
      %w11 = vector.extract %t[11] : vector<16xf32> from vector<16x16xf32>
      vector.transfer_write %w11, %dst[%j11, %i] {in_bounds = [true]}
          : vector<16xf32>, memref<4096x4096xf32, #T>
      %j12 = affine.apply affine_map<(d0) -> (d0 + 12)>(%j)
      %w12 = vector.extract %t[12] : vector<16xf32> from vector<16x16xf32>
      vector.transfer_write %w12, %dst[%j12, %i] {in_bounds = [true]}
          : vector<16xf32>, memref<4096x4096xf32, #T>
      %j13 = affine.apply affine_map<(d0) -> (d0 + 13)>(%j)
      %w13 = vector.extract %t[13] : vector<16xf32> from vector<16x16xf32>
      vector.transfer_write %w13, %dst[%j13, %i] {in_bounds = [true]}
          : vector<16xf32>, memref<4096x4096xf32, #T>
      %j14 = affine.apply affine_map<(d0) -> (d0 + 14)>(%j)
      %w14 = vector.extract %t[14] : vector<16xf32> from vector<16x16xf32>
      vector.transfer_write %w14, %dst[%j14, %i] {in_bounds = [true]}
          : vector<16xf32>, memref<4096x4096xf32, #T>
      %j15 = affine.apply affine_map<(d0) -> (d0 + 15)>(%j)
      %w15 = vector.extract %t[15] : vector<16xf32> from vector<16x16xf32>
      vector.transfer_write %w15, %dst[%j15, %i] {in_bounds = [true]}
          : vector<16xf32>, memref<4096x4096xf32, #T>
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
