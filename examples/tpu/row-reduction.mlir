// A row reduction over f32 rows of uneven length (300 pads to 384 under
// T(8,128)), written without layouts. Run it with the TPU target's
// placement:
//
//   tlayout-opt --tlayout-tpu-pipeline row-reduction.mlir | mlir-runner ...

#hbm = #tlayout_tpu.memory_space<hbm>
#vmem = #tlayout_tpu.memory_space<vmem>

func.func @rowsum(%x: memref<20x300xf32, #hbm>, %out: memref<20xf32, #hbm>) {
  %vx = memref.alloc() : memref<20x300xf32, #vmem>
  %vo = memref.alloc() : memref<20xf32, #vmem>
  tlayout.copy %x, %vx : memref<20x300xf32, #hbm> to memref<20x300xf32, #vmem>
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 20 {
    %s = affine.for %j = 0 to 300 iter_args(%acc = %zero) -> f32 {
      %v = affine.load %vx[%i, %j] : memref<20x300xf32, #vmem>
      %n = arith.addf %acc, %v : f32
      affine.yield %n : f32
    }
    affine.store %s, %vo[%i] : memref<20xf32, #vmem>
  }
  tlayout.copy %vo, %out : memref<20xf32, #vmem> to memref<20xf32, #hbm>
  memref.dealloc %vx : memref<20x300xf32, #vmem>
  memref.dealloc %vo : memref<20xf32, #vmem>
  return
}

func.func @main() {
  %x = memref.alloc() : memref<20x300xf32, #hbm>
  %out = memref.alloc() : memref<20xf32, #hbm>
  affine.for %i = 0 to 20 {
    affine.for %j = 0 to 300 {
      %p = affine.apply affine_map<(i, j) -> ((i * 3 + j) mod 11)>(%i, %j)
      %pi = arith.index_cast %p : index to i32
      %pf = arith.sitofp %pi : i32 to f32
      affine.store %pf, %x[%i, %j] : memref<20x300xf32, #hbm>
    }
  }
  call @rowsum(%x, %out) : (memref<20x300xf32, #hbm>, memref<20xf32, #hbm>) -> ()
  affine.for %i = 0 to 20 {
    %v = affine.load %out[%i] : memref<20xf32, #hbm>
    vector.print %v : f32
  }
  return
}
