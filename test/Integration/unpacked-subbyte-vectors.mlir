// Vector accesses of unpacked sub-byte elements (i1, i2, i4 with no E(n):
// one byte per element, as XLA stores them) on a tiled memref. LLVM packs
// the lanes of such vectors into bits, so the lowering must not store them
// as one vector of the buffer's elements: every access below reads back what
// a row-major i8 program of the same values reads. The program is written
// once over `iT` (the element type) and `MOD` (2^bits); each element type is
// run tiled and as the row-major i8 program (layouts removed), and both runs
// must print the same lines. Values are kept in the element type's signed
// range and are printed sign-extended, so both programs
// hold the same numbers.
//
// RUN: sed -e 's/iT/i1/g' -e 's/MOD/2/g' %s | tlayout-opt %{lower_to_llvm} | %{run} | FileCheck %s --check-prefix=I1
// RUN: sed -e 's/iT/i8/g' -e 's/MOD/2/g' -e 's/, #[tu]>/>/g' %s | tlayout-opt %{lower_to_llvm} | %{run} | FileCheck %s --check-prefix=I1
// RUN: sed -e 's/iT/i2/g' -e 's/MOD/4/g' %s | tlayout-opt %{lower_to_llvm} | %{run} | FileCheck %s --check-prefix=I2
// RUN: sed -e 's/iT/i8/g' -e 's/MOD/4/g' -e 's/, #[tu]>/>/g' %s | tlayout-opt %{lower_to_llvm} | %{run} | FileCheck %s --check-prefix=I2
// RUN: sed -e 's/iT/i4/g' -e 's/MOD/16/g' %s | tlayout-opt %{lower_to_llvm} | %{run} | FileCheck %s --check-prefix=I4
// RUN: sed -e 's/iT/i8/g' -e 's/MOD/16/g' -e 's/, #[tu]>/>/g' %s | tlayout-opt %{lower_to_llvm} | %{run} | FileCheck %s --check-prefix=I4

#t = #tlayout.tiled<{1,0:T(2,4)}>
#u = #tlayout.tiled<{0,1:T(4,2)}>

// Element values: 0 and -1 fit every type.
memref.global "private" constant @g : memref<2x8xiT, #t> =
    dense<[[0, -1, -1, 0, -1, 0, 0, -1], [-1, -1, 0, 0, 0, -1, -1, -1]]>

/// The k-th value: (7k + 3) mod MOD - MOD/2, in the signed range of iT.
func.func @value(%k: index) -> iT {
  %c3 = arith.constant 3 : index
  %c7 = arith.constant 7 : index
  %mod = arith.constant MOD : index
  %c2 = arith.constant 2 : index
  %a = arith.muli %k, %c7 : index
  %b = arith.addi %a, %c3 : index
  %r = arith.remui %b, %mod : index
  %h = arith.divui %mod, %c2 : index
  %s = arith.subi %r, %h : index
  %v = arith.index_cast %s : index to iT
  return %v : iT
}

/// Values k0, k0 + 1, ... k0 + 7.
func.func @values(%k0: index) -> vector<8xiT> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %z = arith.constant 0 : iT
  %init = vector.broadcast %z : iT to vector<8xiT>
  %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %init) -> vector<8xiT> {
    %k = arith.addi %k0, %i : index
    %v = func.call @value(%k) : (index) -> iT
    %n = vector.insert %v, %acc[%i] : iT into vector<8xiT>
    scf.yield %n : vector<8xiT>
  }
  return %r : vector<8xiT>
}

func.func @print8(%v: vector<8xiT>) {
  %w = arith.extsi %v : vector<8xiT> to vector<8xi64>
  vector.print %w : vector<8xi64>
  return
}

func.func @print4(%v: vector<4xiT>) {
  %w = arith.extsi %v : vector<4xiT> to vector<4xi64>
  vector.print %w : vector<4xi64>
  return
}

/// Prints each row of `m`, element by element.
func.func @printRows(%m: memref<4x8xiT, #t>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %z = arith.constant 0 : iT
  %init = vector.broadcast %z : iT to vector<8xiT>
  scf.for %i = %c0 to %c4 step %c1 {
    %row = scf.for %j = %c0 to %c8 step %c1 iter_args(%acc = %init) -> vector<8xiT> {
      %x = memref.load %m[%i, %j] : memref<4x8xiT, #t>
      %n = vector.insert %x, %acc[%j] : iT into vector<8xiT>
      scf.yield %n : vector<8xiT>
    }
    func.call @print8(%row) : (vector<8xiT>) -> ()
  }
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c24 = arith.constant 24 : index
  %z = arith.constant 0 : iT
  %m = memref.alloc() : memref<4x8xiT, #t>
  scf.for %i = %c0 to %c4 step %c1 {
    scf.for %j = %c0 to %c8 step %c1 {
      memref.store %z, %m[%i, %j] : memref<4x8xiT, #t>
    }
  }
  %v0 = func.call @values(%c0) : (index) -> vector<8xiT>
  %v1 = func.call @values(%c8) : (index) -> vector<8xiT>
  %v2 = func.call @values(%c16) : (index) -> vector<8xiT>
  %v3 = func.call @values(%c24) : (index) -> vector<8xiT>
  %q0 = vector.extract_strided_slice %v0 {offsets = [0], sizes = [4], strides = [1]} : vector<8xiT> to vector<4xiT>
  %q1 = vector.extract_strided_slice %v1 {offsets = [4], sizes = [4], strides = [1]} : vector<8xiT> to vector<4xiT>

  // Writes: one tile row (a contiguous run of the layout), a whole row
  // across two tiles, an affine store of a tile row, then lane by lane.
  vector.transfer_write %q0, %m[%c1, %c4] {in_bounds = [true]} : vector<4xiT>, memref<4x8xiT, #t>
  vector.transfer_write %v2, %m[%c2, %c0] {in_bounds = [true]} : vector<8xiT>, memref<4x8xiT, #t>
  affine.vector_store %q1, %m[3, 0] : memref<4x8xiT, #t>, vector<4xiT>
  %mask = arith.constant dense<[true, false, true, true]> : vector<4xi1>
  vector.maskedstore %m[%c0, %c1], %mask, %q1 : memref<4x8xiT, #t>, vector<4xi1>, vector<4xiT>
  %idx = arith.constant dense<[7, 5, 0, 6]> : vector<4xindex>
  %all = arith.constant dense<true> : vector<4xi1>
  vector.scatter %m[%c3, %c0][%idx], %all, %q0 : memref<4x8xiT, #t>, vector<4xindex>, vector<4xi1>, vector<4xiT>
  vector.compressstore %m[%c1, %c0], %mask, %q0 : memref<4x8xiT, #t>, vector<4xi1>, vector<4xiT>

  // The whole array, element by element.
  // I1: ( 0, 0, 0, 0, -1, 0, 0, 0 )
  // I1-NEXT: ( 0, 0, -1, 0, 0, -1, 0, -1 )
  // I1-NEXT: ( 0, -1, 0, -1, 0, -1, 0, -1 )
  // I1-NEXT: ( 0, -1, 0, -1, 0, -1, -1, 0 )
  // I2: ( 0, 1, 0, -1, -2, 0, 0, 0 )
  // I2-NEXT: ( 1, -1, -2, 0, 1, 0, -1, -2 )
  // I2-NEXT: ( 1, 0, -1, -2, 1, 0, -1, -2 )
  // I2-NEXT: ( -1, 0, -1, -2, 0, 0, -2, 1 )
  // I4: ( 0, -1, 0, -3, 4, 0, 0, 0 )
  // I4-NEXT: ( -5, -7, 0, 0, -5, 2, -7, 0 )
  // I4-NEXT: ( -5, 2, -7, 0, 7, -2, 5, -4 )
  // I4-NEXT: ( -7, 6, -3, 4, 0, 2, 0, -5 )
  func.call @printRows(%m) : (memref<4x8xiT, #t>) -> ()

  // Reads: a tile row, a row across tiles, an affine tile row, lane by
  // lane (masked-off lanes take the pass-through value).
  %r0 = vector.transfer_read %m[%c1, %c4], %z {in_bounds = [true]} : memref<4x8xiT, #t>, vector<4xiT>
  func.call @print4(%r0) : (vector<4xiT>) -> ()
  %r1 = vector.transfer_read %m[%c2, %c0], %z {in_bounds = [true]} : memref<4x8xiT, #t>, vector<8xiT>
  func.call @print8(%r1) : (vector<8xiT>) -> ()
  %r2 = affine.vector_load %m[3, 4] : memref<4x8xiT, #t>, vector<4xiT>
  func.call @print4(%r2) : (vector<4xiT>) -> ()
  %pass = vector.extract_strided_slice %v3 {offsets = [0], sizes = [4], strides = [1]} : vector<8xiT> to vector<4xiT>
  %r3 = vector.maskedload %m[%c0, %c0], %mask, %pass : memref<4x8xiT, #t>, vector<4xi1>, vector<4xiT> into vector<4xiT>
  func.call @print4(%r3) : (vector<4xiT>) -> ()
  %r4 = vector.gather %m[%c2, %c0][%idx], %mask, %pass : memref<4x8xiT, #t>, vector<4xindex>, vector<4xi1>, vector<4xiT> into vector<4xiT>
  func.call @print4(%r4) : (vector<4xiT>) -> ()
  %r5 = vector.expandload %m[%c1, %c2], %mask, %pass : memref<4x8xiT, #t>, vector<4xi1>, vector<4xiT> into vector<4xiT>
  func.call @print4(%r5) : (vector<4xiT>) -> ()
  // I1-NEXT: ( 0, -1, 0, -1 )
  // I1-NEXT: ( 0, -1, 0, -1, 0, -1, 0, -1 )
  // I1-NEXT: ( 0, -1, -1, 0 )
  // I1-NEXT: ( 0, -1, 0, 0 )
  // I1-NEXT: ( -1, -1, 0, 0 )
  // I1-NEXT: ( -1, -1, 0, 0 )
  // I2-NEXT: ( 1, 0, -1, -2 )
  // I2-NEXT: ( 1, 0, -1, -2, 1, 0, -1, -2 )
  // I2-NEXT: ( 0, 0, -2, 1 )
  // I2-NEXT: ( 0, 0, 0, -1 )
  // I2-NEXT: ( -2, 0, 1, -1 )
  // I2-NEXT: ( -2, 0, 0, 1 )
  // I4-NEXT: ( -5, 2, -7, 0 )
  // I4-NEXT: ( -5, 2, -7, 0, 7, -2, 5, -4 )
  // I4-NEXT: ( 0, 2, 0, -5 )
  // I4-NEXT: ( 0, -6, 0, -3 )
  // I4-NEXT: ( -4, -6, -5, 5 )
  // I4-NEXT: ( 0, -6, 0, -5 )

  // Copies: to another tiling (read back by rows of vectors), then from a
  // constant global through a tile row.
  %n = memref.alloc() : memref<4x8xiT, #u>
  memref.copy %m, %n : memref<4x8xiT, #t> to memref<4x8xiT, #u>
  scf.for %i = %c0 to %c4 step %c1 {
    %row = vector.transfer_read %n[%i, %c0], %z {in_bounds = [true]} : memref<4x8xiT, #u>, vector<8xiT>
    func.call @print8(%row) : (vector<8xiT>) -> ()
  }
  // I1-NEXT: ( 0, 0, 0, 0, -1, 0, 0, 0 )
  // I1-NEXT: ( 0, 0, -1, 0, 0, -1, 0, -1 )
  // I1-NEXT: ( 0, -1, 0, -1, 0, -1, 0, -1 )
  // I1-NEXT: ( 0, -1, 0, -1, 0, -1, -1, 0 )
  // I2-NEXT: ( 0, 1, 0, -1, -2, 0, 0, 0 )
  // I2-NEXT: ( 1, -1, -2, 0, 1, 0, -1, -2 )
  // I2-NEXT: ( 1, 0, -1, -2, 1, 0, -1, -2 )
  // I2-NEXT: ( -1, 0, -1, -2, 0, 0, -2, 1 )
  // I4-NEXT: ( 0, -1, 0, -3, 4, 0, 0, 0 )
  // I4-NEXT: ( -5, -7, 0, 0, -5, 2, -7, 0 )
  // I4-NEXT: ( -5, 2, -7, 0, 7, -2, 5, -4 )
  // I4-NEXT: ( -7, 6, -3, 4, 0, 2, 0, -5 )
  %g = memref.get_global @g : memref<2x8xiT, #t>
  %g0 = vector.transfer_read %g[%c1, %c4], %z {in_bounds = [true]} : memref<2x8xiT, #t>, vector<4xiT>
  func.call @print4(%g0) : (vector<4xiT>) -> ()
  // I1-NEXT: ( 0, -1, -1, -1 )
  // I2-NEXT: ( 0, -1, -1, -1 )
  // I4-NEXT: ( 0, -1, -1, -1 )
  memref.dealloc %n : memref<4x8xiT, #u>
  memref.dealloc %m : memref<4x8xiT, #t>
  return
}
