// Masked vector transfers of tiled memrefs: the mask is indexed in memref
// dimension order (the transfer's mask type), not in vector order, and has
// no broadcast dimensions; masks also come from an enclosing vector.mask.
// The expected values are those of the same program on row-major memrefs
// through tlayout-opt --tlayout-lower-to-llvm, where upstream MLIR lowers
// the transfers, except that there: the masked 0-d transfers are 1-element
// transfers (upstream does not lower them), vector.mask is the mask operand
// (and an arith.select for the pass-through), and the read along dims 2 and
// 0 of the 3-D memref is one along dims 0 and 2 and a transpose (upstream's
// VectorToSCF indexes the mask of that read in vector order).
// RUN: tlayout-opt %s %{lower_to_llvm} | %{run} | FileCheck %s
// RUN: tlayout-opt %s --tlayout-lower-to-llvm=simplify-indexing=false \
// RUN:   | %{run} | FileCheck %s

#t = #tlayout.tiled<{1,0:T(2,2)}>
#u = #tlayout.tiled<{2,1,0:T(2,2)}>

func.func private @printMemrefI32(memref<*xi32>)

memref.global "private" constant @small : memref<2x2xi32, #t> =
    dense<[[0, 1], [10, 11]]>
memref.global "private" constant @wide : memref<3x5xi32, #t> =
    dense<[[0, 1, 2, 3, 4], [10, 11, 12, 13, 14], [20, 21, 22, 23, 24]]>
memref.global "private" constant @cube : memref<2x3x4xi32, #u> =
    dense<[[[0, 1, 2, 3], [10, 11, 12, 13], [20, 21, 22, 23]],
           [[100, 101, 102, 103], [110, 111, 112, 113], [120, 121, 122, 123]]]>

/// Prints a 3x5 tiled memref through a row-major copy.
func.func @print35(%m: memref<3x5xi32, #t>) {
  %plain = memref.alloc() : memref<3x5xi32>
  memref.copy %m, %plain : memref<3x5xi32, #t> to memref<3x5xi32>
  %u = memref.cast %plain : memref<3x5xi32> to memref<*xi32>
  call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  memref.dealloc %plain : memref<3x5xi32>
  return
}

/// A fresh 3x5 tiled memref holding -1 everywhere.
func.func @fresh() -> memref<3x5xi32, #t> {
  %m = memref.alloc() : memref<3x5xi32, #t>
  %neg = arith.constant -1 : i32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  scf.for %i = %c0 to %c3 step %c1 {
    scf.for %j = %c0 to %c5 step %c1 {
      memref.store %neg, %m[%i, %j] : memref<3x5xi32, #t>
    }
  }
  return %m : memref<3x5xi32, #t>
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %pad = arith.constant -7 : i32
  %small = memref.get_global @small : memref<2x2xi32, #t>
  %wide = memref.get_global @wide : memref<3x5xi32, #t>
  %cube = memref.get_global @cube : memref<2x3x4xi32, #u>

  // A transposed read: the mask keeps memref row 0, so vector column 0.
  %m0 = arith.constant dense<[[true, true], [false, false]]> : vector<2x2xi1>
  %r0 = vector.transfer_read %small[%c0, %c0], %pad, %m0 {permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : memref<2x2xi32, #t>, vector<2x2xi32>
  // CHECK: ( ( 0, -7 ), ( 1, -7 ) )
  vector.print %r0 : vector<2x2xi32>

  // A transposed read with a non-square mask (rows x columns of the memref),
  // running out of bounds at column 5.
  %m1 = arith.constant dense<[[true, false, true, true], [true, true, false, true]]> : vector<2x4xi1>
  %r1 = vector.transfer_read %wide[%c1, %c2], %pad, %m1 {permutation_map = affine_map<(d0, d1) -> (d1, d0)>, in_bounds = [false, true]} : memref<3x5xi32, #t>, vector<4x2xi32>
  // CHECK: ( ( 12, 22 ), ( -7, 23 ), ( 14, -7 ), ( -7, -7 ) )
  vector.print %r1 : vector<4x2xi32>

  // A broadcast read: the mask has only the memref column dimension.
  %m2 = arith.constant dense<[true, false, true, true]> : vector<4xi1>
  %r2 = vector.transfer_read %wide[%c2, %c1], %pad, %m2 {permutation_map = affine_map<(d0, d1) -> (0, d1)>} : memref<3x5xi32, #t>, vector<3x4xi32>
  // CHECK: ( ( 21, -7, 23, 24 ), ( 21, -7, 23, 24 ), ( 21, -7, 23, 24 ) )
  vector.print %r2 : vector<3x4xi32>
  %r3 = vector.transfer_read %wide[%c1, %c2], %pad, %m2 {permutation_map = affine_map<(d0, d1) -> (d1, 0)>} : memref<3x5xi32, #t>, vector<4x3xi32>
  // CHECK: ( ( 12, 12, 12 ), ( -7, -7, -7 ), ( 14, 14, 14 ), ( -7, -7, -7 ) )
  vector.print %r3 : vector<4x3xi32>

  // A 3-D memref read along dims 2 and 0, in that order: the mask is 2x3
  // (dim 0, then dim 2).
  %m4 = arith.constant dense<[[true, true, false], [false, true, true]]> : vector<2x3xi1>
  %r4 = vector.transfer_read %cube[%c0, %c1, %c1], %pad, %m4 {permutation_map = affine_map<(d0, d1, d2) -> (d2, d0)>} : memref<2x3x4xi32, #u>, vector<3x2xi32>
  // CHECK: ( ( 11, -7 ), ( 12, 112 ), ( -7, 113 ) )
  vector.print %r4 : vector<3x2xi32>

  // A dynamic mask from create_mask: memref rows < 2, columns < 1.
  %m5 = vector.create_mask %c2, %c1 : vector<3x2xi1>
  %r5 = vector.transfer_read %wide[%c0, %c2], %pad, %m5 {permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : memref<3x5xi32, #t>, vector<2x3xi32>
  // CHECK: ( ( 2, 12, -7 ), ( -7, -7, -7 ) )
  vector.print %r5 : vector<2x3xi32>

  // A 0-d masked read: the mask is vector<1xi1>.
  %on = vector.create_mask %c1 : vector<1xi1>
  %off = vector.create_mask %c0 : vector<1xi1>
  %r6 = vector.transfer_read %wide[%c2, %c3], %pad, %on : memref<3x5xi32, #t>, vector<i32>
  %r7 = vector.transfer_read %wide[%c2, %c3], %pad, %off : memref<3x5xi32, #t>, vector<i32>
  // CHECK: ( 23 )
  vector.print %r6 : vector<i32>
  // CHECK: ( -7 )
  vector.print %r7 : vector<i32>

  // Transfers masked by vector.mask; masked-off lanes of a read take the
  // pass-through vector's values where there is one.
  %m9 = vector.create_mask %c3 : vector<4xi1>
  %keep = arith.constant dense<[40, 41, 42, 43]> : vector<4xi32>
  %r8 = vector.mask %m9 { vector.transfer_read %wide[%c1, %c0], %pad {in_bounds = [true]} : memref<3x5xi32, #t>, vector<4xi32> } : vector<4xi1> -> vector<4xi32>
  %r9 = vector.mask %m9, %keep { vector.transfer_read %wide[%c2, %c2], %pad : memref<3x5xi32, #t>, vector<4xi32> } : vector<4xi1> -> vector<4xi32>
  // CHECK: ( 10, 11, 12, -7 )
  vector.print %r8 : vector<4xi32>
  // CHECK: ( 22, 23, 24, 43 )
  vector.print %r9 : vector<4xi32>

  // Transposed writes with a non-square mask, one running out of bounds.
  %v = arith.constant dense<[[100, 101], [102, 103], [104, 105], [106, 107]]> : vector<4x2xi32>
  %w0 = call @fresh() : () -> memref<3x5xi32, #t>
  vector.transfer_write %v, %w0[%c1, %c2], %m1 {permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : vector<4x2xi32>, memref<3x5xi32, #t>
  // CHECK: Unranked Memref
  // CHECK-NEXT: {{\[\[}}-1, -1, -1, -1, -1],
  // CHECK-NEXT: [-1, -1, 100, -1, 104],
  // CHECK-NEXT: [-1, -1, 101, 103, -1{{\]\]}}
  call @print35(%w0) : (memref<3x5xi32, #t>) -> ()
  %w1 = call @fresh() : () -> memref<3x5xi32, #t>
  %m8 = vector.create_mask %c1, %c3 : vector<2x4xi1>
  vector.transfer_write %v, %w1[%c0, %c0], %m8 {permutation_map = affine_map<(d0, d1) -> (d1, d0)>, in_bounds = [true, true]} : vector<4x2xi32>, memref<3x5xi32, #t>
  // CHECK: Unranked Memref
  // CHECK-NEXT: {{\[\[}}100, 102, 104, -1, -1],
  // CHECK-NEXT: [-1, -1, -1, -1, -1],
  // CHECK-NEXT: [-1, -1, -1, -1, -1{{\]\]}}
  call @print35(%w1) : (memref<3x5xi32, #t>) -> ()
  // A 0-d masked write.
  %s = arith.constant dense<55> : vector<i32>
  vector.transfer_write %s, %w1[%c2, %c2], %on : vector<i32>, memref<3x5xi32, #t>
  vector.transfer_write %s, %w1[%c2, %c3], %off : vector<i32>, memref<3x5xi32, #t>
  // CHECK: Unranked Memref
  // CHECK-NEXT: {{\[\[}}100, 102, 104, -1, -1],
  // CHECK-NEXT: [-1, -1, -1, -1, -1],
  // CHECK-NEXT: [-1, -1, 55, -1, -1{{\]\]}}
  call @print35(%w1) : (memref<3x5xi32, #t>) -> ()
  %k = arith.constant dense<[70, 71, 72, 73]> : vector<4xi32>
  vector.mask %m9 { vector.transfer_write %k, %w0[%c0, %c2] : vector<4xi32>, memref<3x5xi32, #t> } : vector<4xi1>
  // CHECK: Unranked Memref
  // CHECK-NEXT: {{\[\[}}-1, -1, 70, 71, 72],
  // CHECK-NEXT: [-1, -1, 100, -1, 104],
  // CHECK-NEXT: [-1, -1, 101, 103, -1{{\]\]}}
  call @print35(%w0) : (memref<3x5xi32, #t>) -> ()
  memref.dealloc %w0 : memref<3x5xi32, #t>
  memref.dealloc %w1 : memref<3x5xi32, #t>
  return
}
