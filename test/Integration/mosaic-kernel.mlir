// A Pallas-style TPU kernel written on Mosaic's memref types (f32 with
// (8,128) tiles, bf16 with (8,128)(2,1), both in VMEM) runs on the CPU after
// tlayout-translate --import-mosaic and tlayout-opt --tlayout-lower-to-llvm,
// and prints what the same program prints with Mosaic's layouts removed.
// RUN: tlayout-translate --import-mosaic %s | tlayout-opt %{lower_to_llvm} | %{run} | FileCheck %s
// RUN: sed -e 's/, #tpu\.tiled<[^>]*>//g' -e 's/, #tpu\.memory_space<[^>]*>//g' %s | tlayout-opt %{lower_to_llvm} | %{run} | FileCheck %s

func.func private @printMemrefF32(memref<*xf32>)
func.func private @printMemrefI32(memref<*xi32>)

/// o = 2 * x + y, one (8,128) vector register at a time.
func.func @kernel(%x: memref<16x256xf32, #tpu.tiled<(8,128),[2,1]>, #tpu.memory_space<vmem>>,
                  %y: memref<16x256xbf16, #tpu.tiled<(8,128)(2,1),[2,1]>, #tpu.memory_space<vmem>>,
                  %o: memref<16x256xf32, #tpu.tiled<(8,128),[2,1]>, #tpu.memory_space<vmem>>) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  %two = arith.constant dense<2.0> : vector<8x128xf32>
  %fpad = arith.constant 0.0 : f32
  %bpad = arith.constant 0.0 : bf16
  scf.for %i = %c0 to %c16 step %c8 {
    scf.for %j = %c0 to %c256 step %c128 {
      %a = vector.transfer_read %x[%i, %j], %fpad {in_bounds = [true, true]} : memref<16x256xf32, #tpu.tiled<(8,128),[2,1]>, #tpu.memory_space<vmem>>, vector<8x128xf32>
      %b = vector.transfer_read %y[%i, %j], %bpad {in_bounds = [true, true]} : memref<16x256xbf16, #tpu.tiled<(8,128)(2,1),[2,1]>, #tpu.memory_space<vmem>>, vector<8x128xbf16>
      %bf = arith.extf %b : vector<8x128xbf16> to vector<8x128xf32>
      %a2 = arith.mulf %a, %two : vector<8x128xf32>
      %s = arith.addf %a2, %bf : vector<8x128xf32>
      vector.transfer_write %s, %o[%i, %j] {in_bounds = [true, true]} : vector<8x128xf32>, memref<16x256xf32, #tpu.tiled<(8,128),[2,1]>, #tpu.memory_space<vmem>>
    }
  }
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %c16 = arith.constant 16 : index
  %c256 = arith.constant 256 : index
  %zero = arith.constant 0.0 : f32
  %x = memref.alloc() : memref<16x256xf32, #tpu.tiled<(8,128),[2,1]>, #tpu.memory_space<vmem>>
  %y = memref.alloc() : memref<16x256xbf16, #tpu.tiled<(8,128)(2,1),[2,1]>, #tpu.memory_space<vmem>>
  %o = memref.alloc() : memref<16x256xf32, #tpu.tiled<(8,128),[2,1]>, #tpu.memory_space<vmem>>
  // x[i, j] = 256 * i + j, y[i, j] = i - j mod 7 (exact in bf16).
  scf.for %i = %c0 to %c16 step %c1 {
    scf.for %j = %c0 to %c256 step %c1 {
      %r = arith.muli %i, %c256 : index
      %xi = arith.addi %r, %j : index
      %xint = arith.index_cast %xi : index to i32
      %xv = arith.sitofp %xint : i32 to f32
      memref.store %xv, %x[%i, %j] : memref<16x256xf32, #tpu.tiled<(8,128),[2,1]>, #tpu.memory_space<vmem>>
      %m = arith.remui %j, %c7 : index
      %yi = arith.subi %i, %m : index
      %yint = arith.index_cast %yi : index to i32
      %yv = arith.sitofp %yint : i32 to bf16
      memref.store %yv, %y[%i, %j] : memref<16x256xbf16, #tpu.tiled<(8,128)(2,1),[2,1]>, #tpu.memory_space<vmem>>
    }
  }
  call @kernel(%x, %y, %o) : (memref<16x256xf32, #tpu.tiled<(8,128),[2,1]>, #tpu.memory_space<vmem>>, memref<16x256xbf16, #tpu.tiled<(8,128)(2,1),[2,1]>, #tpu.memory_space<vmem>>, memref<16x256xf32, #tpu.tiled<(8,128),[2,1]>, #tpu.memory_space<vmem>>) -> ()
  // A position-weighted checksum of each row, sum over j of o[i, j] *
  // (j mod 5 + 1), and a few elements, read back through the layout.
  %sums = memref.alloc() : memref<16xi32>
  scf.for %i = %c0 to %c16 step %c1 {
    %s = scf.for %j = %c0 to %c256 step %c1 iter_args(%acc = %zero) -> (f32) {
      %v = memref.load %o[%i, %j] : memref<16x256xf32, #tpu.tiled<(8,128),[2,1]>, #tpu.memory_space<vmem>>
      %m = arith.remui %j, %c5 : index
      %w = arith.addi %m, %c1 : index
      %wint = arith.index_cast %w : index to i32
      %wf = arith.sitofp %wint : i32 to f32
      %p = arith.mulf %v, %wf : f32
      %n = arith.addf %acc, %p : f32
      scf.yield %n : f32
    }
    %si = arith.fptosi %s : f32 to i32
    memref.store %si, %sums[%i] : memref<16xi32>
  }
  // (Every partial sum is an integer below 2^24, exact in f32.)
  %us = memref.cast %sums : memref<16xi32> to memref<*xi32>
  // CHECK: [193561,  586519,  979477,  1372435,  1765393,  2158351,  2551309,  2944267,  3337225,  3730183,  4123141,  4516099,  4909057,  5302015,  5694973,  6087931]
  call @printMemrefI32(%us) : (memref<*xi32>) -> ()
  %corners = memref.alloc() : memref<4xf32>
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c9 = arith.constant 9 : index
  %c130 = arith.constant 130 : index
  %c255 = arith.constant 255 : index
  %c15 = arith.constant 15 : index
  %e0 = memref.load %o[%c0, %c0] : memref<16x256xf32, #tpu.tiled<(8,128),[2,1]>, #tpu.memory_space<vmem>>
  %e1 = memref.load %o[%c1, %c7] : memref<16x256xf32, #tpu.tiled<(8,128),[2,1]>, #tpu.memory_space<vmem>>
  %e2 = memref.load %o[%c9, %c130] : memref<16x256xf32, #tpu.tiled<(8,128),[2,1]>, #tpu.memory_space<vmem>>
  %e3 = memref.load %o[%c15, %c255] : memref<16x256xf32, #tpu.tiled<(8,128),[2,1]>, #tpu.memory_space<vmem>>
  memref.store %e0, %corners[%c0] : memref<4xf32>
  memref.store %e1, %corners[%c1] : memref<4xf32>
  memref.store %e2, %corners[%c2] : memref<4xf32>
  memref.store %e3, %corners[%c3] : memref<4xf32>
  %uc = memref.cast %corners : memref<4xf32> to memref<*xf32>
  // o[0,0] = 0, o[1,7] = 2 * 263 + 1, o[9,130] = 2 * 2434 + 9 - 4,
  // o[15,255] = 2 * 4095 + 15 - 3.
  // CHECK: [0,  527,  4873,  8202]
  call @printMemrefF32(%uc) : (memref<*xf32>) -> ()
  memref.dealloc %corners : memref<4xf32>
  memref.dealloc %sums : memref<16xi32>
  memref.dealloc %o : memref<16x256xf32, #tpu.tiled<(8,128),[2,1]>, #tpu.memory_space<vmem>>
  memref.dealloc %y : memref<16x256xbf16, #tpu.tiled<(8,128)(2,1),[2,1]>, #tpu.memory_space<vmem>>
  memref.dealloc %x : memref<16x256xf32, #tpu.tiled<(8,128),[2,1]>, #tpu.memory_space<vmem>>
  return
}
