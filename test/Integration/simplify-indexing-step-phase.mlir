// Loops whose step does not divide the tile start each tile at the loop's
// phase in it, max((lb - c * t) mod step, lb - c * t). Upstream's folding
// of affine.for bounds takes the low end's remainder for the lowest value
// of a `mod` over a range that spans several periods: with lb = 3, step 3
// and 8-row tiles over 3 tiles, (3 - 8 * t) mod 3 is bounded below by
// (3 - 16) mod 3 = 2, its upper bound, and the bound folded to 2 (tile 1
// then visited rows 10 and 13 instead of 9 and 12). The phase is written
// with ceildiv, which that folding bounds soundly. Every program prints
// what the untiled program prints.
// RUN: tlayout-opt %s %{lower_to_llvm} | %{run} | FileCheck %s
// RUN: tlayout-opt %s --lower-tiled-layouts --tlayout-cpu-loops \
// RUN:   --canonicalize | mlir-opt --lower-affine --convert-scf-to-cf \
// RUN:   --expand-strided-metadata --lower-affine --finalize-memref-to-llvm \
// RUN:   --convert-to-llvm --reconcile-unrealized-casts | %{run} | FileCheck %s
// The loops over a tile by a step that does not divide it left affine:
// RUN: tlayout-opt %s --lower-tiled-layouts \
// RUN:   --tlayout-cpu-loops=predicate-tails=false \
// RUN:   --canonicalize | mlir-opt --lower-affine --convert-scf-to-cf \
// RUN:   --expand-strided-metadata --lower-affine --finalize-memref-to-llvm \
// RUN:   --convert-to-llvm --reconcile-unrealized-casts | %{run} | FileCheck %s
// RUN: sed -e "s/, #[TP]>/>/g" %s | tlayout-opt %{lower_to_llvm} | %{run} \
// RUN:   | FileCheck %s

#T = #tlayout.tiled<{1,0:T(8,128)}>
#P = #tlayout.tiled<{1,0:T(8,128)(2,1)}>

func.func private @printMemrefI32(memref<*xi32>)

/// Marks rows [3, 17) step 3 of column 7, and the sum of what was there.
func.func @rows_step3(%m: memref<21x8xi32, #P>, %out: memref<1xi32>) {
  %zero = arith.constant 0 : i32
  %s = affine.for %i = 3 to 17 step 3 iter_args(%acc = %zero) -> i32 {
    %x = affine.load %m[%i, 7] : memref<21x8xi32, #P>
    %id = affine.apply affine_map<(i) -> (i * 1000 + 7)>(%i)
    %v = arith.index_cast %id : index to i32
    affine.store %v, %m[%i, 7] : memref<21x8xi32, #P>
    %n = arith.addi %acc, %x : i32
    affine.yield %n : i32
  }
  affine.store %s, %out[0] : memref<1xi32>
  return
}

/// Marks columns [lb, ub) step 7 and step 5 of rows 1 and 2 (phases whose
/// remainders at the low end are the step's last).
func.func @cols(%m: memref<3x700xi32, #T>) {
  affine.for %j = 6 to 650 step 7 {
    %v = arith.index_cast %j : index to i32
    affine.store %v, %m[1, %j] : memref<3x700xi32, #T>
  }
  affine.for %j = 4 to 520 step 5 {
    %v = arith.index_cast %j : index to i32
    affine.store %v, %m[2, %j] : memref<3x700xi32, #T>
  }
  return
}

/// The sum of m[i][j] * (i * 7 + j + 1) over the memref.
func.func @checksum(%m: memref<3x700xi32, #T>) {
  %zero = arith.constant 0 : i32
  %s = affine.for %i = 0 to 3 iter_args(%a = %zero) -> i32 {
    %r = affine.for %j = 0 to 700 iter_args(%b = %a) -> i32 {
      %x = affine.load %m[%i, %j] : memref<3x700xi32, #T>
      %w = affine.apply affine_map<(i, j) -> (i * 7 + j + 1)>(%i, %j)
      %wi = arith.index_cast %w : index to i32
      %p = arith.muli %x, %wi : i32
      %n = arith.addi %b, %p : i32
      affine.yield %n : i32
    }
    affine.yield %r : i32
  }
  %o = memref.alloc() : memref<1xi32>
  affine.store %s, %o[0] : memref<1xi32>
  %u = memref.cast %o : memref<1xi32> to memref<*xi32>
  func.call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  return
}

func.func @main() {
  %zero = arith.constant 0 : i32
  %m = memref.alloc() : memref<21x8xi32, #P>
  affine.for %i = 0 to 21 {
    affine.for %j = 0 to 8 {
      %w = affine.apply affine_map<(i, j) -> (i * 8 + j)>(%i, %j)
      %wi = arith.index_cast %w : index to i32
      affine.store %wi, %m[%i, %j] : memref<21x8xi32, #P>
    }
  }
  %sum = memref.alloc() : memref<1xi32>
  func.call @rows_step3(%m, %sum)
      : (memref<21x8xi32, #P>, memref<1xi32>) -> ()
  %col = memref.alloc() : memref<21xi32>
  affine.for %i = 0 to 21 {
    %x = affine.load %m[%i, 7] : memref<21x8xi32, #P>
    affine.store %x, %col[%i] : memref<21xi32>
  }
  %colu = memref.cast %col : memref<21xi32> to memref<*xi32>
  %sumu = memref.cast %sum : memref<1xi32> to memref<*xi32>
  // CHECK: [7, 15, 23, 3007, 39, 47, 6007, 63, 71, 9007, 87, 95, 12007, 111, 119, 15007, 135, 143, 151, 159, 167]
  func.call @printMemrefI32(%colu) : (memref<*xi32>) -> ()
  // CHECK: [395]
  func.call @printMemrefI32(%sumu) : (memref<*xi32>) -> ()
  %c = memref.alloc() : memref<3x700xi32, #T>
  affine.for %i = 0 to 3 {
    affine.for %j = 0 to 700 {
      affine.store %zero, %c[%i, %j] : memref<3x700xi32, #T>
    }
  }
  func.call @cols(%c) : (memref<3x700xi32, #T>) -> ()
  // CHECK: [22968666]
  func.call @checksum(%c) : (memref<3x700xi32, #T>) -> ()
  return
}
