// An element-wise add over bf16, written without layouts: HBM inputs are
// copied to VMEM, added there, and the sum copied back. Run it with the TPU
// target's placement on the CPU:
//
//   tlayout-opt --tlayout-tpu-pipeline elementwise-bf16.mlir | mlir-runner \
//     -e main -entry-point-result=void -shared-libs=<libmlir_runner_utils.so>
//
// --tlayout-assign-tpu-layouts gives the 16x256 bf16 arrays
// #tlayout.tiled<{1,0:T(8,128)(2,1)}>.

#hbm = #tlayout_tpu.memory_space<hbm>
#vmem = #tlayout_tpu.memory_space<vmem>

func.func @add(%a: memref<16x256xbf16, #hbm>, %b: memref<16x256xbf16, #hbm>,
               %c: memref<16x256xbf16, #hbm>) {
  %va = memref.alloc() : memref<16x256xbf16, #vmem>
  %vb = memref.alloc() : memref<16x256xbf16, #vmem>
  %vc = memref.alloc() : memref<16x256xbf16, #vmem>
  tlayout.copy %a, %va : memref<16x256xbf16, #hbm> to memref<16x256xbf16, #vmem>
  tlayout.copy %b, %vb : memref<16x256xbf16, #hbm> to memref<16x256xbf16, #vmem>
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 256 {
      %x = affine.load %va[%i, %j] : memref<16x256xbf16, #vmem>
      %y = affine.load %vb[%i, %j] : memref<16x256xbf16, #vmem>
      %s = arith.addf %x, %y : bf16
      affine.store %s, %vc[%i, %j] : memref<16x256xbf16, #vmem>
    }
  }
  tlayout.copy %vc, %c : memref<16x256xbf16, #vmem> to memref<16x256xbf16, #hbm>
  memref.dealloc %va : memref<16x256xbf16, #vmem>
  memref.dealloc %vb : memref<16x256xbf16, #vmem>
  memref.dealloc %vc : memref<16x256xbf16, #vmem>
  return
}

func.func @main() {
  %a = memref.alloc() : memref<16x256xbf16, #hbm>
  %b = memref.alloc() : memref<16x256xbf16, #hbm>
  %c = memref.alloc() : memref<16x256xbf16, #hbm>
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 256 {
      %p = affine.apply affine_map<(i, j) -> ((i * 256 + j) mod 7)>(%i, %j)
      %q = affine.apply affine_map<(i, j) -> ((i + j) mod 5)>(%i, %j)
      %pi = arith.index_cast %p : index to i32
      %qi = arith.index_cast %q : index to i32
      %pf = arith.sitofp %pi : i32 to bf16
      %qf = arith.sitofp %qi : i32 to bf16
      affine.store %pf, %a[%i, %j] : memref<16x256xbf16, #hbm>
      affine.store %qf, %b[%i, %j] : memref<16x256xbf16, #hbm>
    }
  }
  call @add(%a, %b, %c) : (memref<16x256xbf16, #hbm>, memref<16x256xbf16, #hbm>, memref<16x256xbf16, #hbm>) -> ()
  // Every element, and their sum.
  %zero = arith.constant 0.0 : f32
  %sum = affine.for %i = 0 to 16 iter_args(%acc = %zero) -> f32 {
    %row = affine.for %j = 0 to 256 iter_args(%r = %acc) -> f32 {
      %v = affine.load %c[%i, %j] : memref<16x256xbf16, #hbm>
      %w = arith.extf %v : bf16 to f32
      %n = arith.addf %r, %w : f32
      affine.yield %n : f32
    }
    affine.yield %row : f32
  }
  vector.print %sum : f32
  %c9 = arith.constant 9 : index
  %c130 = arith.constant 130 : index
  %e = memref.load %c[%c9, %c130] : memref<16x256xbf16, #hbm>
  %f = arith.extf %e : bf16 to f32
  vector.print %f : f32
  return
}
