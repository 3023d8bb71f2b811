// A buffer printed through an unranked memref keeps its layout under the
// TPU pipeline (printMemrefI32 reads it row-major); the buffer it is copied
// from gets the TPU's tiling, and the printout matches the untiled run.
// RUN: tlayout-opt %s --tlayout-tpu-pipeline | %{run} | FileCheck %s
// RUN: tlayout-opt %s %{lower_to_llvm} | %{run} | FileCheck %s
// RUN: tlayout-opt %s --tlayout-assign-tpu-layouts 2>&1 | FileCheck %s --check-prefix=IR
// IR: remark: keeps the layout of 'memref<4x8xi32>': it is cast to an unranked memref, which keeps no layout
// IR: memref.alloc() : memref<16x256xi32, #tlayout.tiled<{1,0:T(8,128)}>>
// IR: memref.alloc() : memref<4x8xi32>
// IR: memref.cast %{{.*}} : memref<4x8xi32> to memref<*xi32>

func.func private @printMemrefI32(memref<*xi32>)

func.func @main() {
  %a = memref.alloc() : memref<16x256xi32>
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 256 {
      %v = affine.apply affine_map<(d0, d1) -> (d0 * 256 + d1)>(%i, %j)
      %w = arith.index_cast %v : index to i32
      affine.store %w, %a[%i, %j] : memref<16x256xi32>
    }
  }
  // p[i][j] = a[4 * i + 1][32 * j + 3] = 1024 * i + 32 * j + 259.
  %p = memref.alloc() : memref<4x8xi32>
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 8 {
      %x = affine.load %a[4 * %i + 1, 32 * %j + 3] : memref<16x256xi32>
      affine.store %x, %p[%i, %j] : memref<4x8xi32>
    }
  }
  %u = memref.cast %p : memref<4x8xi32> to memref<*xi32>
  // CHECK:      [259,   291,   323,   355,   387,   419,   451,   483]
  // CHECK-NEXT: [1283,   1315,   1347,   1379,   1411,   1443,   1475,   1507]
  // CHECK-NEXT: [2307,   2339,   2371,   2403,   2435,   2467,   2499,   2531]
  // CHECK-NEXT: [3331,   3363,   3395,   3427,   3459,   3491,   3523,   3555]
  call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  memref.dealloc %a : memref<16x256xi32>
  memref.dealloc %p : memref<4x8xi32>
  return
}
