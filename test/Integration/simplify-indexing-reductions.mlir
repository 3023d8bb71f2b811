// Reductions and steps that do not divide the tile through the pipeline:
// with reassociation allowed (integer combiners, float ones with `reassoc`)
// each element of a tile accumulates into its own partial across the
// tiles; a step of 3 or 5 over T(8,128) columns is strip-mined at tile
// boundaries. Bounds are not multiples of the step or the tile, some are
// dynamic, and some loops run no trip (an upper bound below the lower
// one). Every program prints what the untiled program prints (the values
// are small integers, so float sums in any order are exact).
// RUN: tlayout-opt %s %{lower_to_llvm} | %{run} | FileCheck %s
// RUN: tlayout-opt %s %{lower_to_llvm}=physical-order=false | %{run} | FileCheck %s
// RUN: tlayout-opt %s --lower-tiled-layouts \
// RUN:   --tlayout-cpu-loops=reassociate-reductions=false \
// RUN:   %{lower_to_llvm}=simplify-indexing=false | %{run} | FileCheck %s
// The pass on its own, as composed by hand with upstream's lowering:
// RUN: tlayout-opt %s --lower-tiled-layouts --tlayout-cpu-loops \
// RUN:   --canonicalize | mlir-opt --lower-affine --convert-scf-to-cf \
// RUN:   --expand-strided-metadata --lower-affine --finalize-memref-to-llvm \
// RUN:   --convert-to-llvm --reconcile-unrealized-casts | %{run} | FileCheck %s
// RUN: sed -e "s/, #T>/>/g" %s | tlayout-opt %{lower_to_llvm} | %{run} | FileCheck %s

#T = #tlayout.tiled<{1,0:T(8,128)}>

func.func private @printMemrefF32(memref<*xf32>)
func.func private @printMemrefI32(memref<*xi32>)

/// Sums of rows, columns [lb, ub) step 1, with reassociation.
func.func @row_sums(%a: memref<10x300xf32, #T>, %lb: index, %ub: index,
                    %out: memref<10xf32>) {
  %init = arith.constant 0.5 : f32
  affine.for %i = 0 to 10 {
    %s = affine.for %j = %lb to %ub iter_args(%acc = %init) -> f32 {
      %x = affine.load %a[%i, %j] : memref<10x300xf32, #T>
      %n = arith.addf %acc, %x fastmath<reassoc> : f32
      affine.yield %n : f32
    }
    affine.store %s, %out[%i] : memref<10xf32>
  }
  return
}

/// Maxima of rows with step 3 (the combiner's operands swapped), and sums
/// of rows with step 5 in an scf.for, both over [lb, ub).
func.func @row_steps(%a: memref<10x300xi32, #T>, %lb: index, %ub: index,
                     %max: memref<10xi32>, %sum: memref<10xi32>) {
  %low = arith.constant -1000 : i32
  %zero = arith.constant 0 : i32
  %c5 = arith.constant 5 : index
  affine.for %i = 0 to 10 {
    %m = affine.for %j = %lb to %ub step 3 iter_args(%acc = %low) -> i32 {
      %x = affine.load %a[%i, %j] : memref<10x300xi32, #T>
      %n = arith.maxsi %x, %acc : i32
      affine.yield %n : i32
    }
    affine.store %m, %max[%i] : memref<10xi32>
    %s = scf.for %j = %lb to %ub step %c5 iter_args(%acc = %zero) -> i32 {
      %x = memref.load %a[%i, %j] : memref<10x300xi32, #T>
      %n = arith.addi %acc, %x : i32
      scf.yield %n : i32
    }
    memref.store %s, %sum[%i] : memref<10xi32>
  }
  return
}

/// Copies every third column of [lb, ub) (a loop without reductions).
func.func @copy_step3(%a: memref<10x300xi32, #T>, %b: memref<10x300xi32, #T>,
                      %lb: index, %ub: index) {
  affine.for %i = 0 to 10 {
    affine.for %j = %lb to %ub step 3 {
      %x = affine.load %a[%i, %j] : memref<10x300xi32, #T>
      affine.store %x, %b[%i, %j] : memref<10x300xi32, #T>
    }
  }
  return
}

/// Sum of b[i][j] * (300 * i + j + 1) over all elements.
func.func @checksum(%b: memref<10x300xi32, #T>, %out: memref<1xi32>) {
  %zero = arith.constant 0 : i32
  %s = affine.for %i = 0 to 10 iter_args(%acc = %zero) -> i32 {
    %r = affine.for %j = 0 to 300 iter_args(%racc = %acc) -> i32 {
      %x = affine.load %b[%i, %j] : memref<10x300xi32, #T>
      %w = affine.apply affine_map<(i, j) -> (i * 300 + j + 1)>(%i, %j)
      %wi = arith.index_cast %w : index to i32
      %p = arith.muli %x, %wi : i32
      %n = arith.addi %racc, %p : i32
      affine.yield %n : i32
    }
    affine.yield %r : i32
  }
  affine.store %s, %out[0] : memref<1xi32>
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c7 = arith.constant 7 : index
  %c129 = arith.constant 129 : index
  %c200 = arith.constant 200 : index
  %c293 = arith.constant 293 : index
  %c300 = arith.constant 300 : index
  %zi = arith.constant 0 : i32
  %a = memref.alloc() : memref<10x300xf32, #T>
  %ai = memref.alloc() : memref<10x300xi32, #T>
  %bi = memref.alloc() : memref<10x300xi32, #T>
  affine.for %i = 0 to 10 {
    affine.for %j = 0 to 300 {
      %v = affine.apply affine_map<(i, j) -> ((i * 37 + j * 11) mod 23)>(%i, %j)
      %w = arith.index_cast %v : index to i32
      %f = arith.sitofp %w : i32 to f32
      affine.store %f, %a[%i, %j] : memref<10x300xf32, #T>
      affine.store %w, %ai[%i, %j] : memref<10x300xi32, #T>
      affine.store %zi, %bi[%i, %j] : memref<10x300xi32, #T>
    }
  }
  %out = memref.alloc() : memref<10xf32>
  %max = memref.alloc() : memref<10xi32>
  %sum = memref.alloc() : memref<10xi32>
  %outu = memref.cast %out : memref<10xf32> to memref<*xf32>
  %maxu = memref.cast %max : memref<10xi32> to memref<*xi32>
  %sumu = memref.cast %sum : memref<10xi32> to memref<*xi32>

  // CHECK: [3289.5, 3303.5, 3294.5, 3308.5, 3299.5, 3290.5, 3304.5, 3295.5, 3309.5, 3300.5]
  func.call @row_sums(%a, %c0, %c300, %out)
      : (memref<10x300xf32, #T>, index, index, memref<10xf32>) -> ()
  func.call @printMemrefF32(%outu) : (memref<*xf32>) -> ()
  // CHECK: [2124.5, 2158.5, 2123.5, 2088.5, 2122.5, 2133.5, 2144.5, 2109.5, 2097.5, 2131.5]
  func.call @row_sums(%a, %c7, %c200, %out)
      : (memref<10x300xf32, #T>, index, index, memref<10xf32>) -> ()
  func.call @printMemrefF32(%outu) : (memref<*xf32>) -> ()
  // No trip: the initial value.
  // CHECK: [0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5]
  func.call @row_sums(%a, %c200, %c7, %out)
      : (memref<10x300xf32, #T>, index, index, memref<10xf32>) -> ()
  func.call @printMemrefF32(%outu) : (memref<*xf32>) -> ()

  // CHECK: [22, 22, 22, 22, 22, 22, 22, 22, 22, 22]
  // CHECK: [638, 636, 634, 632, 653, 651, 649, 647, 645, 666]
  func.call @row_steps(%ai, %c1, %c293, %max, %sum)
      : (memref<10x300xi32, #T>, index, index, memref<10xi32>,
         memref<10xi32>) -> ()
  func.call @printMemrefI32(%maxu) : (memref<*xi32>) -> ()
  func.call @printMemrefI32(%sumu) : (memref<*xi32>) -> ()
  // CHECK: [22, 22, 22, 22, 22, 22, 22, 22, 22, 22]
  // CHECK: [150, 153, 156, 159, 162, 165, 168, 171, 174, 177]
  func.call @row_steps(%ai, %c129, %c200, %max, %sum)
      : (memref<10x300xi32, #T>, index, index, memref<10xi32>,
         memref<10xi32>) -> ()
  func.call @printMemrefI32(%maxu) : (memref<*xi32>) -> ()
  func.call @printMemrefI32(%sumu) : (memref<*xi32>) -> ()
  // No trip: the initial values.
  // CHECK: [-1000, -1000, -1000, -1000, -1000, -1000, -1000, -1000, -1000, -1000]
  // CHECK: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
  func.call @row_steps(%ai, %c200, %c129, %max, %sum)
      : (memref<10x300xi32, #T>, index, index, memref<10xi32>,
         memref<10xi32>) -> ()
  func.call @printMemrefI32(%maxu) : (memref<*xi32>) -> ()
  func.call @printMemrefI32(%sumu) : (memref<*xi32>) -> ()

  // CHECK: [15809158]
  %check = memref.alloc() : memref<1xi32>
  %checku = memref.cast %check : memref<1xi32> to memref<*xi32>
  func.call @copy_step3(%ai, %bi, %c7, %c293)
      : (memref<10x300xi32, #T>, memref<10x300xi32, #T>, index, index) -> ()
  func.call @checksum(%bi, %check) : (memref<10x300xi32, #T>, memref<1xi32>) -> ()
  func.call @printMemrefI32(%checku) : (memref<*xi32>) -> ()
  return
}
