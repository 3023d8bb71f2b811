// Mosaic TPU memref types, imported with tlayout-translate --import-mosaic,
// place every element where Mosaic's own offset formula puts it:
//  - two tile levels with default tile strides, #tpu.tiled<(4,2)(2,1),[2,1]>
//    on 4x4: offset = (j/2)*8 + (i/2)*4 + (j%2)*2 + i%2;
//  - a window: #tpu.tiled<(2,4),[4,1]> on 4x6 skips two of every four tiles
//    along dimension 1, a window of a 4x16 buffer with default strides:
//    offset = (i/2)*32 + (j/4)*8 + (i%2)*4 + j%4 (padding stays -1).
// Reading each memref back gives what the untiled program reads, 10 * i + j.
// RUN: tlayout-translate --import-mosaic %s | tlayout-opt %{lower_to_llvm} | %{run} | FileCheck %s

func.func private @printMemrefI32(memref<*xi32>)

func.func @clear(%p: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %p, %c0 : memref<?xi32>
  %neg = arith.constant -1 : i32
  scf.for %k = %c0 to %n step %c1 {
    memref.store %neg, %p[%k] : memref<?xi32>
  }
  return
}

/// Stores 10 * i + j at every (i, j) of a Mosaic memref.
func.func @fill_pairs(%m: memref<4x4xi32, #tpu.tiled<(4,2)(2,1),[2,1]>>) {
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 4 {
      %x = affine.apply affine_map<(d0, d1) -> (d0 * 10 + d1)>(%i, %j)
      %w = arith.index_cast %x : index to i32
      affine.store %w, %m[%i, %j] : memref<4x4xi32, #tpu.tiled<(4,2)(2,1),[2,1]>>
    }
  }
  return
}

func.func @fill_window(%m: memref<4x6xi32, #tpu.tiled<(2,4),[4,1]>>) {
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 6 {
      %x = affine.apply affine_map<(d0, d1) -> (d0 * 10 + d1)>(%i, %j)
      %w = arith.index_cast %x : index to i32
      affine.store %w, %m[%i, %j] : memref<4x6xi32, #tpu.tiled<(2,4),[4,1]>>
    }
  }
  return
}

/// Copies a window into a row-major memref.
func.func @read_window(%m: memref<4x6xi32, #tpu.tiled<(2,4),[4,1]>>, %out: memref<4x6xi32>) {
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 6 {
      %v = affine.load %m[%i, %j] : memref<4x6xi32, #tpu.tiled<(2,4),[4,1]>>
      affine.store %v, %out[%i, %j] : memref<4x6xi32>
    }
  }
  return
}

func.func @main() {
  // Two tile levels, default strides.
  %a = memref.alloc() : memref<4x4xi32, #tpu.tiled<(4,2)(2,1),[2,1]>>
  %pa = tlayout.to_physical %a : memref<4x4xi32, #tpu.tiled<(4,2)(2,1),[2,1]>> to memref<16xi32>
  %pad = memref.cast %pa : memref<16xi32> to memref<?xi32>
  call @clear(%pad) : (memref<?xi32>) -> ()
  call @fill_pairs(%a) : (memref<4x4xi32, #tpu.tiled<(4,2)(2,1),[2,1]>>) -> ()
  %ua = memref.cast %pa : memref<16xi32> to memref<*xi32>
  // CHECK: [0,  10,  1,  11,  20,  30,  21,  31,  2,  12,  3,  13,  22,  32,  23,  33]
  call @printMemrefI32(%ua) : (memref<*xi32>) -> ()

  // A window of a larger buffer: Mosaic's strides [4,1] on 4x6.
  %buf = memref.alloc() : memref<4x16xi32, #tpu.tiled<(2,4),[4,1]>>
  %pb = tlayout.to_physical %buf : memref<4x16xi32, #tpu.tiled<(2,4),[4,1]>> to memref<64xi32>
  %pbd = memref.cast %pb : memref<64xi32> to memref<?xi32>
  call @clear(%pbd) : (memref<?xi32>) -> ()
  %w = tlayout.subview %buf[0, 0] [4, 6] : memref<4x16xi32, #tpu.tiled<(2,4),[4,1]>> to memref<4x6xi32, #tpu.tiled<(2,4),[4,1]>>
  call @fill_window(%w) : (memref<4x6xi32, #tpu.tiled<(2,4),[4,1]>>) -> ()
  %ub = memref.cast %pb : memref<64xi32> to memref<*xi32>
  // CHECK: [0,  1,  2,  3,  10,  11,  12,  13,  4,  5,  -1,  -1,  14,  15,  -1,  -1,  -1,  -1,  -1,  -1,  -1,  -1,  -1,  -1,  -1,  -1,  -1,  -1,  -1,  -1,  -1,  -1,  20,  21,  22,  23,  30,  31,  32,  33,  24,  25,  -1,  -1,  34,  35,  -1,  -1,  -1,  -1,  -1,  -1,  -1,  -1,  -1,  -1,  -1,  -1,  -1,  -1,  -1,  -1,  -1,  -1]
  call @printMemrefI32(%ub) : (memref<*xi32>) -> ()

  %out = memref.alloc() : memref<4x6xi32>
  call @read_window(%w, %out) : (memref<4x6xi32, #tpu.tiled<(2,4),[4,1]>>, memref<4x6xi32>) -> ()
  %uo = memref.cast %out : memref<4x6xi32> to memref<*xi32>
  // CHECK:      [0,   1,   2,   3,   4,   5]
  // CHECK-NEXT: [10,   11,   12,   13,   14,   15]
  // CHECK-NEXT: [20,   21,   22,   23,   24,   25]
  // CHECK-NEXT: [30,   31,   32,   33,   34,   35]
  call @printMemrefI32(%uo) : (memref<*xi32>) -> ()

  memref.dealloc %out : memref<4x6xi32>
  memref.dealloc %buf : memref<4x16xi32, #tpu.tiled<(2,4),[4,1]>>
  memref.dealloc %a : memref<4x4xi32, #tpu.tiled<(4,2)(2,1),[2,1]>>
  return
}
