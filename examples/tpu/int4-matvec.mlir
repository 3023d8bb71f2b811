// A matrix-vector product with int4 weights, written without layouts: the
// weights are copied from HBM to VMEM, each row is multiplied with an i32
// vector there (every weight sign-extended), and the result copied back.
// Run it with the TPU target's placement on the CPU:
//
//   tlayout-opt --tlayout-tpu-pipeline int4-matvec.mlir | mlir-runner \
//     -e main -entry-point-result=void -shared-libs=<libmlir_runner_utils.so>
//
// --tlayout-assign-tpu-layouts gives the 16x256 i4 weights
// #tlayout.tiled<{1,0:T(8,128)(8,1)E(4)}>: two weights a byte, 2048 bytes in
// all, which the lowering allocates as memref<2048xi8>.

#hbm = #tlayout_tpu.memory_space<hbm>
#vmem = #tlayout_tpu.memory_space<vmem>

func.func @matvec(%w: memref<16x256xi4, #hbm>, %x: memref<256xi32, #hbm>,
                  %y: memref<16xi32, #hbm>) {
  %vw = memref.alloc() : memref<16x256xi4, #vmem>
  %vx = memref.alloc() : memref<256xi32, #vmem>
  %vy = memref.alloc() : memref<16xi32, #vmem>
  tlayout.copy %w, %vw : memref<16x256xi4, #hbm> to memref<16x256xi4, #vmem>
  tlayout.copy %x, %vx : memref<256xi32, #hbm> to memref<256xi32, #vmem>
  %zero = arith.constant 0 : i32
  affine.for %i = 0 to 16 {
    %dot = affine.for %j = 0 to 256 iter_args(%acc = %zero) -> i32 {
      %q = affine.load %vw[%i, %j] : memref<16x256xi4, #vmem>
      %s = arith.extsi %q : i4 to i32
      %v = affine.load %vx[%j] : memref<256xi32, #vmem>
      %p = arith.muli %s, %v : i32
      %n = arith.addi %acc, %p : i32
      affine.yield %n : i32
    }
    affine.store %dot, %vy[%i] : memref<16xi32, #vmem>
  }
  tlayout.copy %vy, %y : memref<16xi32, #vmem> to memref<16xi32, #hbm>
  memref.dealloc %vw : memref<16x256xi4, #vmem>
  memref.dealloc %vx : memref<256xi32, #vmem>
  memref.dealloc %vy : memref<16xi32, #vmem>
  return
}

func.func @main() {
  %w = memref.alloc() : memref<16x256xi4, #hbm>
  %x = memref.alloc() : memref<256xi32, #hbm>
  %y = memref.alloc() : memref<16xi32, #hbm>
  // Weights -8..7: (3i + 5j) mod 16 - 8.
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 256 {
      %r = affine.apply affine_map<(i, j) -> ((i * 3 + j * 5) mod 16)>(%i, %j)
      %ri = arith.index_cast %r : index to i32
      %eight = arith.constant 8 : i32
      %s = arith.subi %ri, %eight : i32
      %q = arith.trunci %s : i32 to i4
      affine.store %q, %w[%i, %j] : memref<16x256xi4, #hbm>
    }
  }
  affine.for %j = 0 to 256 {
    %r = affine.apply affine_map<(j) -> (j mod 11)>(%j)
    %v = arith.index_cast %r : index to i32
    affine.store %v, %x[%j] : memref<256xi32, #hbm>
  }
  call @matvec(%w, %x, %y) : (memref<16x256xi4, #hbm>, memref<256xi32, #hbm>, memref<16xi32, #hbm>) -> ()
  // The first rows, and the sum of all.
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c15 = arith.constant 15 : index
  %y0 = memref.load %y[%c0] : memref<16xi32, #hbm>
  %y1 = memref.load %y[%c1] : memref<16xi32, #hbm>
  %y15 = memref.load %y[%c15] : memref<16xi32, #hbm>
  vector.print %y0 : i32
  vector.print %y1 : i32
  vector.print %y15 : i32
  %zero = arith.constant 0 : i32
  %sum = affine.for %i = 0 to 16 iter_args(%acc = %zero) -> i32 {
    %v = affine.load %y[%i] : memref<16xi32, #hbm>
    %n = arith.addi %acc, %v : i32
    affine.yield %n : i32
  }
  vector.print %sum : i32
  return
}
