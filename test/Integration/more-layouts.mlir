// More placements checked exactly: column-major {0,1}, bf16 and i16 with the
// TPU's T(8,128)(2,1), the combined-dims example against its flat
// equivalent, and a copy from row-major to T(8,128) and back.
// RUN: tlayout-opt %s %{lower_to_llvm} | %{run} | FileCheck %s

func.func private @printMemrefI32(memref<*xi32>)

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index

  // Column-major {0,1} with 2x2 tiles on f32[3,5]: the physical order is
  // (columns, rows), so tiles of 2 columns x 2 rows.
  %cm = memref.alloc() : memref<3x5xi32, #tlayout.tiled<{0,1:T(2,2)}>>
  %pcm = tlayout.to_physical %cm : memref<3x5xi32, #tlayout.tiled<{0,1:T(2,2)}>> to memref<24xi32>
  %neg = arith.constant -1 : i32
  %c24 = arith.constant 24 : index
  scf.for %k = %c0 to %c24 step %c1 {
    memref.store %neg, %pcm[%k] : memref<24xi32>
  }
  affine.for %i = 0 to 3 {
    affine.for %j = 0 to 5 {
      %v = affine.apply affine_map<(d0, d1) -> (d0 * 5 + d1)>(%i, %j)
      %w = arith.index_cast %v : index to i32
      affine.store %w, %cm[%i, %j] : memref<3x5xi32, #tlayout.tiled<{0,1:T(2,2)}>>
    }
  }
  %ucm = memref.cast %pcm : memref<24xi32> to memref<*xi32>
  // CHECK: [0,  5,  1,  6,  10,  -1,  11,  -1,  2,  7,  3,  8,  12,  -1,  13,  -1,  4,  9,  -1,  -1,  14,  -1,  -1,  -1]
  call @printMemrefI32(%ucm) : (memref<*xi32>) -> ()

  // i16 and bf16 with T(8,128)(2,1) on [16,256]: element (r, c) sits at
  // (r/8)*2048 + (c/128)*1024 + ((r%8)/2)*256 + (c%128)*2 + r%2.
  %h = memref.alloc() : memref<16x256xi16, #tlayout.tiled<{1,0:T(8,128)(2,1)}>>
  %b = memref.alloc() : memref<16x256xbf16, #tlayout.tiled<{1,0:T(8,128)(2,1)}>>
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 256 {
      %v = affine.apply affine_map<(d0, d1) -> (d0 * 256 + d1)>(%i, %j)
      %w = arith.index_cast %v : index to i16
      affine.store %w, %h[%i, %j] : memref<16x256xi16, #tlayout.tiled<{1,0:T(8,128)(2,1)}>>
      %c8i16 = arith.constant 8 : i16
      %small = arith.remui %w, %c8i16 : i16
      %f = arith.uitofp %small : i16 to bf16
      affine.store %f, %b[%i, %j] : memref<16x256xbf16, #tlayout.tiled<{1,0:T(8,128)(2,1)}>>
    }
  }
  %ph = tlayout.to_physical %h : memref<16x256xi16, #tlayout.tiled<{1,0:T(8,128)(2,1)}>> to memref<4096xi16>
  %pb = tlayout.to_physical %b : memref<16x256xbf16, #tlayout.tiled<{1,0:T(8,128)(2,1)}>> to memref<4096xbf16>
  // (1,0) is at 1, (0,1) at 2, (2,0) at 256, (8,0) at 2048, (0,128) at 1024,
  // (11,130) at 2048 + 1024 + 256 + 4 + 1 = 3333.
  %o1 = arith.constant 1 : index
  %o2 = arith.constant 2 : index
  %o256 = arith.constant 256 : index
  %o2048 = arith.constant 2048 : index
  %o1024 = arith.constant 1024 : index
  %o3333 = arith.constant 3333 : index
  %e1 = memref.load %ph[%o1] : memref<4096xi16>
  %e2 = memref.load %ph[%o2] : memref<4096xi16>
  %e256 = memref.load %ph[%o256] : memref<4096xi16>
  %e2048 = memref.load %ph[%o2048] : memref<4096xi16>
  %e1024 = memref.load %ph[%o1024] : memref<4096xi16>
  %e3333 = memref.load %ph[%o3333] : memref<4096xi16>
  // CHECK: 256
  // CHECK-NEXT: 1
  // CHECK-NEXT: 512
  // CHECK-NEXT: 2048
  // CHECK-NEXT: 128
  // CHECK-NEXT: 2946
  vector.print %e1 : i16
  vector.print %e2 : i16
  vector.print %e256 : i16
  vector.print %e2048 : i16
  vector.print %e1024 : i16
  vector.print %e3333 : i16
  // The bf16 array holds id mod 8 at the same places: (11,130) -> 2946 mod 8.
  %f3333 = memref.load %pb[%o3333] : memref<4096xbf16>
  %f32 = arith.extf %f3333 : bf16 to f32
  // CHECK-NEXT: 2
  vector.print %f32 : f32

  // The combined-dims example: f32[2,7,8,11,10]{4,3,2,1,0:T(*,*,2,*,3)}
  // indexes exactly like f32[112,110]{1,0:T(2,3)}. Write ids through both
  // and count the physical positions where they differ.
  // Combined dimensions make the layout map use the logical sizes as
  // symbols, which the allocation binds.
  %s2 = arith.constant 2 : index
  %s7 = arith.constant 7 : index
  %s8 = arith.constant 8 : index
  %s11 = arith.constant 11 : index
  %s10 = arith.constant 10 : index
  %x = memref.alloc()[%s2, %s7, %s8, %s11, %s10] : memref<2x7x8x11x10xi32, #tlayout.tiled<{4,3,2,1,0:T(*,*,2,*,3)}>>
  %y = memref.alloc() : memref<112x110xi32, #tlayout.tiled<{1,0:T(2,3)}>>
  %px = tlayout.to_physical %x : memref<2x7x8x11x10xi32, #tlayout.tiled<{4,3,2,1,0:T(*,*,2,*,3)}>> to memref<12432xi32>
  %py = tlayout.to_physical %y : memref<112x110xi32, #tlayout.tiled<{1,0:T(2,3)}>> to memref<12432xi32>
  %c12432 = arith.constant 12432 : index
  // Padding must compare equal too: clear both buffers first.
  scf.for %k = %c0 to %c12432 step %c1 {
    memref.store %neg, %px[%k] : memref<12432xi32>
    memref.store %neg, %py[%k] : memref<12432xi32>
  }
  affine.for %a = 0 to 2 {
    affine.for %bb = 0 to 7 {
      affine.for %c = 0 to 8 {
        affine.for %d = 0 to 11 {
          affine.for %e = 0 to 10 {
            %row = affine.apply affine_map<(a, b, c) -> ((a * 7 + b) * 8 + c)>(%a, %bb, %c)
            %col = affine.apply affine_map<(d, e) -> (d * 10 + e)>(%d, %e)
            %id = affine.apply affine_map<(r, c) -> (r * 110 + c)>(%row, %col)
            %w = arith.index_cast %id : index to i32
            memref.store %w, %x[%a, %bb, %c, %d, %e] : memref<2x7x8x11x10xi32, #tlayout.tiled<{4,3,2,1,0:T(*,*,2,*,3)}>>
            memref.store %w, %y[%row, %col] : memref<112x110xi32, #tlayout.tiled<{1,0:T(2,3)}>>
          }
        }
      }
    }
  }
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %diff = scf.for %k = %c0 to %c12432 step %c1 iter_args(%acc = %zero) -> i32 {
    %p = memref.load %px[%k] : memref<12432xi32>
    %q = memref.load %py[%k] : memref<12432xi32>
    %ne = arith.cmpi ne, %p, %q : i32
    %inc = arith.select %ne, %one, %zero : i32
    %next = arith.addi %acc, %inc : i32
    scf.yield %next : i32
  }
  // CHECK-NEXT: 0
  vector.print %diff : i32

  // Row-major -> T(8,128) -> row-major reproduces the input.
  %src = memref.alloc() : memref<20x300xi32>
  affine.for %i = 0 to 20 {
    affine.for %j = 0 to 300 {
      %v = affine.apply affine_map<(d0, d1) -> (d0 * 300 + d1)>(%i, %j)
      %w = arith.index_cast %v : index to i32
      affine.store %w, %src[%i, %j] : memref<20x300xi32>
    }
  }
  %t = memref.alloc() : memref<20x300xi32, #tlayout.tiled<{1,0:T(8,128)}>>
  memref.copy %src, %t : memref<20x300xi32> to memref<20x300xi32, #tlayout.tiled<{1,0:T(8,128)}>>
  %back = memref.alloc() : memref<20x300xi32>
  memref.copy %t, %back : memref<20x300xi32, #tlayout.tiled<{1,0:T(8,128)}>> to memref<20x300xi32>
  %c20 = arith.constant 20 : index
  %c300 = arith.constant 300 : index
  %bad = scf.for %i = %c0 to %c20 step %c1 iter_args(%acc = %zero) -> i32 {
    %row = scf.for %j = %c0 to %c300 step %c1 iter_args(%acc2 = %acc) -> i32 {
      %p = memref.load %src[%i, %j] : memref<20x300xi32>
      %q = memref.load %back[%i, %j] : memref<20x300xi32>
      %ne = arith.cmpi ne, %p, %q : i32
      %inc = arith.select %ne, %one, %zero : i32
      %next = arith.addi %acc2, %inc : i32
      scf.yield %next : i32
    }
    scf.yield %row : i32
  }
  // CHECK-NEXT: 0
  vector.print %bad : i32
  // (9, 130) of the tiled copy is at (9/8)*3*1024 + (130/128)*1024 + (9%8)*128 + 2.
  %pt = tlayout.to_physical %t : memref<20x300xi32, #tlayout.tiled<{1,0:T(8,128)}>> to memref<9216xi32>
  %o = arith.constant 4226 : index
  %e = memref.load %pt[%o] : memref<9216xi32>
  // CHECK-NEXT: 2830
  vector.print %e : i32
  return
}
