// A predicate mask, written without layouts: a comparison of two i32 arrays
// is kept in a VMEM array of i1, then selects the larger element of each
// pair and counts where the first was larger. Run it with the TPU target's
// placement on the CPU:
//
//   tlayout-opt --tlayout-tpu-pipeline predicate-select.mlir | mlir-runner \
//     -e main -entry-point-result=void -shared-libs=<libmlir_runner_utils.so>
//
// --tlayout-assign-tpu-layouts gives the 64x256 mask
// #tlayout.tiled<{1,0:T(32,128)(32,1)E(1)}>: one bit per element, 2048 bytes
// in all, which the lowering allocates as memref<2048xi8>.

#hbm = #tlayout_tpu.memory_space<hbm>
#vmem = #tlayout_tpu.memory_space<vmem>

func.func @select_max(%a: memref<64x256xi32, #hbm>, %b: memref<64x256xi32, #hbm>,
                      %c: memref<64x256xi32, #hbm>) -> i32 {
  %mask = memref.alloc() : memref<64x256xi1, #vmem>
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 256 {
      %x = affine.load %a[%i, %j] : memref<64x256xi32, #hbm>
      %y = affine.load %b[%i, %j] : memref<64x256xi32, #hbm>
      %gt = arith.cmpi sgt, %x, %y : i32
      affine.store %gt, %mask[%i, %j] : memref<64x256xi1, #vmem>
    }
  }
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %count = affine.for %i = 0 to 64 iter_args(%acc = %zero) -> i32 {
    %row = affine.for %j = 0 to 256 iter_args(%r = %acc) -> i32 {
      %m = affine.load %mask[%i, %j] : memref<64x256xi1, #vmem>
      %x = affine.load %a[%i, %j] : memref<64x256xi32, #hbm>
      %y = affine.load %b[%i, %j] : memref<64x256xi32, #hbm>
      %v = arith.select %m, %x, %y : i32
      affine.store %v, %c[%i, %j] : memref<64x256xi32, #hbm>
      %inc = arith.select %m, %one, %zero : i32
      %n = arith.addi %r, %inc : i32
      affine.yield %n : i32
    }
    affine.yield %row : i32
  }
  memref.dealloc %mask : memref<64x256xi1, #vmem>
  return %count : i32
}

func.func @main() {
  %a = memref.alloc() : memref<64x256xi32, #hbm>
  %b = memref.alloc() : memref<64x256xi32, #hbm>
  %c = memref.alloc() : memref<64x256xi32, #hbm>
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 256 {
      %p = affine.apply affine_map<(i, j) -> ((i * 13 + j * 7) mod 17)>(%i, %j)
      %q = affine.apply affine_map<(i, j) -> ((i * 5 + j * 3) mod 19)>(%i, %j)
      %pi = arith.index_cast %p : index to i32
      %qi = arith.index_cast %q : index to i32
      affine.store %pi, %a[%i, %j] : memref<64x256xi32, #hbm>
      affine.store %qi, %b[%i, %j] : memref<64x256xi32, #hbm>
    }
  }
  %count = call @select_max(%a, %b, %c) : (memref<64x256xi32, #hbm>, memref<64x256xi32, #hbm>, memref<64x256xi32, #hbm>) -> i32
  vector.print %count : i32
  %zero = arith.constant 0 : i32
  %sum = affine.for %i = 0 to 64 iter_args(%acc = %zero) -> i32 {
    %row = affine.for %j = 0 to 256 iter_args(%r = %acc) -> i32 {
      %v = affine.load %c[%i, %j] : memref<64x256xi32, #hbm>
      %n = arith.addi %r, %v : i32
      affine.yield %n : i32
    }
    affine.yield %row : i32
  }
  vector.print %sum : i32
  return
}
