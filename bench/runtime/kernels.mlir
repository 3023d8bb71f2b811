// Kernels of the runtime benchmarks, compiled through tlayout's pipeline
// (--tlayout-lower-to-llvm) and clang -O3. Every kernel has a row-major
// twin in the same file so both compile the same way; the harness
// (bench.cpp) calls them through their C interfaces.

#T = #tlayout.tiled<{1,0:T(8,128)}>
#B = #tlayout.tiled<{1,0:T(8,128)(2,1)}>

// Relayout: row-major to T(8,128) and back, and bf16 to T(8,128)(2,1).
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
