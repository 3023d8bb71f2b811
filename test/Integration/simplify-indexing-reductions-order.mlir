// Reductions that must keep their order across tiles: float sums without
// `reassoc` (only `contract` and the other flags) over values whose sum
// depends on the order, and reassociable sums whose accumulator or combined
// value is also stored in the loop. The sums are printed bit for bit (as
// i32) and must be those of the untiled program.
// RUN: tlayout-opt %s %{lower_to_llvm} | %{run} | FileCheck %s
// RUN: tlayout-opt %s --lower-tiled-layouts \
// RUN:   --tlayout-cpu-loops=reassociate-reductions=false \
// RUN:   %{lower_to_llvm}=simplify-indexing=false | %{run} | FileCheck %s
// RUN: tlayout-opt %s --lower-tiled-layouts --tlayout-cpu-loops \
// RUN:   --canonicalize | mlir-opt --lower-affine --convert-scf-to-cf \
// RUN:   --expand-strided-metadata --lower-affine --finalize-memref-to-llvm \
// RUN:   --convert-to-llvm --reconcile-unrealized-casts | %{run} | FileCheck %s
// RUN: sed -e "s/, #T>/>/g" %s | tlayout-opt %{lower_to_llvm} | %{run} \
// RUN:   | FileCheck %s

#T = #tlayout.tiled<{1,0:T(8,128)}>
// CHECK: [-819534692,  1319560361,  1153810432,  1319560348]
// CHECK: [-2.8e+09,  1.4e+09,  1582,  1.4e+09]
// CHECK: [-819534692,  1319560361,  1153810432,  1319560348]
// CHECK: [-2.8e+09,  1.4e+09,  1582,  1.4e+09]
// CHECK: [-819534692,  1319560349,  1153769472,  1311171766]
// CHECK: [-2.8e+09,  1.4e+09,  1577,  7.00002e+08]
// CHECK: [-819534692,  1319560349,  1153769472,  1311171766]
// CHECK: [-2.8e+09,  1.4e+09,  1577,  7.00002e+08]

func.func private @printMemrefF32(memref<*xf32>)
func.func private @printMemrefI32(memref<*xi32>)

// Non-reassoc float sum: order-sensitive values.
func.func @noreassoc(%a: memref<4x300xf32, #T>, %out: memref<4xf32>) {
  %init = arith.constant 0.0 : f32
  affine.for %i = 0 to 4 {
    %s = affine.for %j = 0 to 300 iter_args(%acc = %init) -> f32 {
      %x = affine.load %a[%i, %j] : memref<4x300xf32, #T>
      %n = arith.addf %acc, %x : f32
      affine.yield %n : f32
    }
    affine.store %s, %out[%i] : memref<4xf32>
  }
  return
}
// contract only, not reassoc
func.func @contract(%a: memref<4x300xf32, #T>, %out: memref<4xf32>) {
  %init = arith.constant 0.0 : f32
  affine.for %i = 0 to 4 {
    %s = affine.for %j = 0 to 300 iter_args(%acc = %init) -> f32 {
      %x = affine.load %a[%i, %j] : memref<4x300xf32, #T>
      %n = arith.addf %acc, %x fastmath<contract,nnan,ninf,nsz,arcp,afn> : f32
      affine.yield %n : f32
    }
    affine.store %s, %out[%i] : memref<4xf32>
  }
  return
}
// acc used twice: stored every iteration
func.func @accused(%a: memref<4x300xf32, #T>, %out: memref<4xf32>, %trace: memref<4x300xf32>) {
  %init = arith.constant 1.0 : f32
  affine.for %i = 0 to 4 {
    %s = affine.for %j = 3 to 299 iter_args(%acc = %init) -> f32 {
      %x = affine.load %a[%i, %j] : memref<4x300xf32, #T>
      affine.store %acc, %trace[%i, %j] : memref<4x300xf32>
      %n = arith.addf %acc, %x fastmath<reassoc> : f32
      affine.yield %n : f32
    }
    affine.store %s, %out[%i] : memref<4xf32>
  }
  return
}
// result of combiner used elsewhere too
func.func @resused(%a: memref<4x300xf32, #T>, %out: memref<4xf32>, %trace: memref<4x300xf32>) {
  %init = arith.constant 1.0 : f32
  affine.for %i = 0 to 4 {
    %s = affine.for %j = 3 to 299 iter_args(%acc = %init) -> f32 {
      %x = affine.load %a[%i, %j] : memref<4x300xf32, #T>
      %n = arith.addf %acc, %x fastmath<reassoc> : f32
      affine.store %n, %trace[%i, %j] : memref<4x300xf32>
      affine.yield %n : f32
    }
    affine.store %s, %out[%i] : memref<4xf32>
  }
  return
}

func.func @pf(%m: memref<4xf32>) {
  %o = memref.alloc() : memref<4xi32>
  affine.for %i = 0 to 4 {
    %x = affine.load %m[%i] : memref<4xf32>
    %y = arith.bitcast %x : f32 to i32
    affine.store %y, %o[%i] : memref<4xi32>
  }
  %u = memref.cast %o : memref<4xi32> to memref<*xi32>
  func.call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  %v = memref.cast %m : memref<4xf32> to memref<*xf32>
  func.call @printMemrefF32(%v) : (memref<*xf32>) -> ()
  return
}
func.func @main() {
  %c0 = arith.constant 0 : index
  %c5 = arith.constant 5 : index
  %c131 = arith.constant 131 : index
  %c257 = arith.constant 257 : index
  %c300 = arith.constant 300 : index
  %a = memref.alloc() : memref<4x300xf32, #T>
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 300 {
      %v = affine.apply affine_map<(i, j) -> ((i * 37 + j * 11) mod 23)>(%i, %j)
      %w = arith.index_cast %v : index to i32
      %f = arith.sitofp %w : i32 to f32
      %big = arith.constant 1.0e8 : f32
      %c7 = arith.constant 7 : i32
      %r = arith.remsi %w, %c7 : i32
      %z = arith.constant 0 : i32
      %isz = arith.cmpi eq, %r, %z : i32
      %g = arith.mulf %f, %big : f32
      %g2 = arith.negf %g : f32
      %odd = arith.constant 1 : i32
      %jj = arith.index_cast %j : index to i32
      %p = arith.andi %jj, %odd : i32
      %isodd = arith.cmpi eq, %p, %odd : i32
      %h = arith.select %isodd, %g, %g2 : f32
      %k = arith.select %isz, %h, %f : f32
      affine.store %k, %a[%i, %j] : memref<4x300xf32, #T>
    }
  }
  %o1 = memref.alloc() : memref<4xf32>
  %o2 = memref.alloc() : memref<4xf32>
  %tr = memref.alloc() : memref<4x300xf32>
  %zf = arith.constant 0.0 : f32
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 300 {
      affine.store %zf, %tr[%i, %j] : memref<4x300xf32>
    }
  }
  %o1u = memref.cast %o1 : memref<4xf32> to memref<*xf32>
  %o2u = memref.cast %o2 : memref<4xf32> to memref<*xf32>
  %tru = memref.cast %tr : memref<4x300xf32> to memref<*xf32>
  func.call @noreassoc(%a, %o1) : (memref<4x300xf32, #T>, memref<4xf32>) -> ()
  func.call @pf(%o1) : (memref<4xf32>) -> ()
  func.call @contract(%a, %o1) : (memref<4x300xf32, #T>, memref<4xf32>) -> ()
  func.call @pf(%o1) : (memref<4xf32>) -> ()
  func.call @accused(%a, %o1, %tr) : (memref<4x300xf32, #T>, memref<4xf32>, memref<4x300xf32>) -> ()
  func.call @pf(%o1) : (memref<4xf32>) -> ()
  func.call @resused(%a, %o1, %tr) : (memref<4x300xf32, #T>, memref<4xf32>, memref<4x300xf32>) -> ()
  func.call @pf(%o1) : (memref<4xf32>) -> ()
  return
}
