// A matmul C = A x B on 8x128 blocks: each block of A and B is copied from
// HBM into VMEM (a view of the tiled array copied into a VMEM buffer), the
// block product accumulates in VMEM, and the result block is copied back.
// Written without layouts; run it with the TPU target's placement:
//
//   tlayout-opt --tlayout-tpu-pipeline matmul.mlir | mlir-runner ...

#hbm = #tlayout_tpu.memory_space<hbm>
#vmem = #tlayout_tpu.memory_space<vmem>

func.func @matmul(%a: memref<16x256xf32, #hbm>, %b: memref<256x256xf32, #hbm>,
                  %c: memref<16x256xf32, #hbm>) {
  %va = memref.alloc() : memref<8x128xf32, #vmem>
  %vb = memref.alloc() : memref<128x128xf32, #vmem>
  %vc = memref.alloc() : memref<8x128xf32, #vmem>
  %zero = arith.constant 0.0 : f32
  affine.for %bi = 0 to 16 step 8 {
    affine.for %bj = 0 to 256 step 128 {
      affine.for %i = 0 to 8 {
        affine.for %j = 0 to 128 {
          affine.store %zero, %vc[%i, %j] : memref<8x128xf32, #vmem>
        }
      }
      affine.for %bk = 0 to 256 step 128 {
        %sa = memref.subview %a[%bi, %bk] [8, 128] [1, 1] : memref<16x256xf32, #hbm> to memref<8x128xf32, strided<[256, 1], offset: ?>, #hbm>
        %sb = memref.subview %b[%bk, %bj] [128, 128] [1, 1] : memref<256x256xf32, #hbm> to memref<128x128xf32, strided<[256, 1], offset: ?>, #hbm>
        tlayout.copy %sa, %va : memref<8x128xf32, strided<[256, 1], offset: ?>, #hbm> to memref<8x128xf32, #vmem>
        tlayout.copy %sb, %vb : memref<128x128xf32, strided<[256, 1], offset: ?>, #hbm> to memref<128x128xf32, #vmem>
        affine.for %i = 0 to 8 {
          affine.for %j = 0 to 128 {
            %init = affine.load %vc[%i, %j] : memref<8x128xf32, #vmem>
            %s = affine.for %k = 0 to 128 iter_args(%acc = %init) -> f32 {
              %x = affine.load %va[%i, %k] : memref<8x128xf32, #vmem>
              %y = affine.load %vb[%k, %j] : memref<128x128xf32, #vmem>
              %p = arith.mulf %x, %y : f32
              %n = arith.addf %acc, %p : f32
              affine.yield %n : f32
            }
            affine.store %s, %vc[%i, %j] : memref<8x128xf32, #vmem>
          }
        }
      }
      %sc = memref.subview %c[%bi, %bj] [8, 128] [1, 1] : memref<16x256xf32, #hbm> to memref<8x128xf32, strided<[256, 1], offset: ?>, #hbm>
      tlayout.copy %vc, %sc : memref<8x128xf32, #vmem> to memref<8x128xf32, strided<[256, 1], offset: ?>, #hbm>
    }
  }
  memref.dealloc %va : memref<8x128xf32, #vmem>
  memref.dealloc %vb : memref<128x128xf32, #vmem>
  memref.dealloc %vc : memref<8x128xf32, #vmem>
  return
}

func.func @main() {
  %a = memref.alloc() : memref<16x256xf32, #hbm>
  %b = memref.alloc() : memref<256x256xf32, #hbm>
  %c = memref.alloc() : memref<16x256xf32, #hbm>
  affine.for %i = 0 to 16 {
    affine.for %k = 0 to 256 {
      %p = affine.apply affine_map<(i, k) -> ((i + 2 * k) mod 5)>(%i, %k)
      %pi = arith.index_cast %p : index to i32
      %pf = arith.sitofp %pi : i32 to f32
      affine.store %pf, %a[%i, %k] : memref<16x256xf32, #hbm>
    }
  }
  affine.for %k = 0 to 256 {
    affine.for %j = 0 to 256 {
      %p = affine.apply affine_map<(k, j) -> ((3 * k + j) mod 4)>(%k, %j)
      %pi = arith.index_cast %p : index to i32
      %pf = arith.sitofp %pi : i32 to f32
      affine.store %pf, %b[%k, %j] : memref<256x256xf32, #hbm>
    }
  }
  call @matmul(%a, %b, %c) : (memref<16x256xf32, #hbm>, memref<256x256xf32, #hbm>, memref<16x256xf32, #hbm>) -> ()
  %zero = arith.constant 0.0 : f32
  %sum = affine.for %i = 0 to 16 iter_args(%acc = %zero) -> f32 {
    %row = affine.for %j = 0 to 256 iter_args(%r = %acc) -> f32 {
      %v = affine.load %c[%i, %j] : memref<16x256xf32, #hbm>
      %n = arith.addf %r, %v : f32
      affine.yield %n : f32
    }
    affine.yield %row : f32
  }
  vector.print %sum : f32
  %c3 = arith.constant 3 : index
  %c200 = arith.constant 200 : index
  %e = memref.load %c[%c3, %c200] : memref<16x256xf32, #hbm>
  vector.print %e : f32
  return
}
