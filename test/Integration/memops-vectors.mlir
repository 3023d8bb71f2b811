// Masked, gathering and compressing vector accesses of tiled memrefs, lane by
// lane. The second run is the same program with the layouts removed
// (upstream lowers it): both print the same numbers.
// RUN: tlayout-opt %s %{lower_to_llvm} | %{run} | FileCheck %s
// RUN: sed -e 's/, #t>/>/g' %s | tlayout-opt %{lower_to_llvm} | %{run} | FileCheck %s

#t = #tlayout.tiled<{1,0:T(2,2)}>

func.func private @printMemrefI32(memref<*xi32>)

/// Element (i, j) of a fresh 3x5 memref holds 10 * i + j.
func.func @fresh() -> memref<3x5xi32, #t> {
  %m = memref.alloc() : memref<3x5xi32, #t>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c10 = arith.constant 10 : index
  scf.for %i = %c0 to %c3 step %c1 {
    scf.for %j = %c0 to %c5 step %c1 {
      %a = arith.muli %i, %c10 : index
      %b = arith.addi %a, %j : index
      %v = arith.index_cast %b : index to i32
      memref.store %v, %m[%i, %j] : memref<3x5xi32, #t>
    }
  }
  return %m : memref<3x5xi32, #t>
}

func.func @print35(%m: memref<3x5xi32, #t>) {
  %plain = memref.alloc() : memref<3x5xi32>
  memref.copy %m, %plain : memref<3x5xi32, #t> to memref<3x5xi32>
  %u = memref.cast %plain : memref<3x5xi32> to memref<*xi32>
  call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  memref.dealloc %plain : memref<3x5xi32>
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %m = call @fresh() : () -> memref<3x5xi32, #t>
  %pass = arith.constant dense<[-1, -2, -3, -4]> : vector<4xi32>

  // A masked load across a tile boundary; the masked-off last lane would be
  // past the end of the row and is not read.
  %mask = arith.constant dense<[true, false, true, false]> : vector<4xi1>
  %l0 = vector.maskedload %m[%c1, %c2], %mask, %pass : memref<3x5xi32, #t>, vector<4xi1>, vector<4xi32> into vector<4xi32>
  // CHECK: ( 12, -2, 14, -4 )
  vector.print %l0 : vector<4xi32>
  %dyn = vector.create_mask %c3 : vector<4xi1>
  %l1 = vector.maskedload %m[%c2, %c1], %dyn, %pass : memref<3x5xi32, #t>, vector<4xi1>, vector<4xi32> into vector<4xi32>
  // CHECK: ( 21, 22, 23, -4 )
  vector.print %l1 : vector<4xi32>

  // A gather: indices are offsets from the base along the innermost
  // dimension, negative ones included; masked-off lanes are not read.
  %idx = arith.constant dense<[3, -1, 0, 99]> : vector<4xi32>
  %gmask = arith.constant dense<[true, true, true, false]> : vector<4xi1>
  %g0 = vector.gather %m[%c1, %c1][%idx], %gmask, %pass : memref<3x5xi32, #t>, vector<4xi32>, vector<4xi1>, vector<4xi32> into vector<4xi32>
  // CHECK: ( 14, 10, 11, -4 )
  vector.print %g0 : vector<4xi32>
  // A 2-D gather of index-typed offsets.
  %idx2 = arith.constant dense<[[0, 4], [2, 1]]> : vector<2x2xindex>
  %all2 = arith.constant dense<true> : vector<2x2xi1>
  %pass2 = arith.constant dense<0> : vector<2x2xi32>
  %g1 = vector.gather %m[%c2, %c0][%idx2], %all2, %pass2 : memref<3x5xi32, #t>, vector<2x2xindex>, vector<2x2xi1>, vector<2x2xi32> into vector<2x2xi32>
  // CHECK: ( ( 20, 24 ), ( 22, 21 ) )
  vector.print %g1 : vector<2x2xi32>

  // An expanding load reads consecutive elements into the active lanes.
  %emask = arith.constant dense<[false, true, false, true]> : vector<4xi1>
  %e0 = vector.expandload %m[%c0, %c3], %emask, %pass : memref<3x5xi32, #t>, vector<4xi1>, vector<4xi32> into vector<4xi32>
  // CHECK: ( -1, 3, -3, 4 )
  vector.print %e0 : vector<4xi32>

  // A masked store, a scatter and a compressing store.
  %v = arith.constant dense<[100, 101, 102, 103]> : vector<4xi32>
  vector.maskedstore %m[%c0, %c1], %mask, %v : memref<3x5xi32, #t>, vector<4xi1>, vector<4xi32>
  %sidx = arith.constant dense<[4, 0, 2, -7]> : vector<4xi32>
  vector.scatter %m[%c1, %c0][%sidx], %gmask, %v : memref<3x5xi32, #t>, vector<4xi32>, vector<4xi1>, vector<4xi32>
  %cmask = arith.constant dense<[true, false, true, true]> : vector<4xi1>
  vector.compressstore %m[%c2, %c2], %cmask, %v : memref<3x5xi32, #t>, vector<4xi1>, vector<4xi32>
  // CHECK: Unranked Memref
  // CHECK-NEXT: {{\[\[}}0, 100, 2, 102, 4],
  // CHECK-NEXT: [101, 11, 102, 13, 100],
  // CHECK-NEXT: [20, 21, 100, 102, 103{{\]\]}}
  call @print35(%m) : (memref<3x5xi32, #t>) -> ()
  memref.dealloc %m : memref<3x5xi32, #t>
  return
}
