// Transposing copies of sub-byte elements (one byte per element in an
// unpacked memref, but packed into bits in LLVM's vectors) take the
// element-by-element nest, not 16 x 16 blocks of vectors: i4 row-major ->
// {1,0} -> {0,1:T(8,128)} -> row-major, each compared with the source
// (counts of differing elements).
// RUN: tlayout-opt %s %{lower_to_llvm} | %{run} | FileCheck %s
// CHECK-COUNT-3: {{^}}0{{$}}
func.func private @printI64(i64)
func.func private @printNewline()
func.func @diff0(%a: memref<16x16xi4>, %b: memref<16x16xi4, #tlayout.tiled<{1,0}>>) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cr = arith.constant 16 : index
  %cc = arith.constant 16 : index
  %n = scf.for %i = %c0 to %cr step %c1 iter_args(%ni = %c0) -> index {
    %m = scf.for %j = %c0 to %cc step %c1 iter_args(%nj = %ni) -> index {
      %x = memref.load %a[%i, %j] : memref<16x16xi4>
      %y = memref.load %b[%i, %j] : memref<16x16xi4, #tlayout.tiled<{1,0}>>
      %ne = arith.cmpi ne, %x, %y : i4
      %d = arith.index_cast %ne : i1 to index
      %s = arith.addi %nj, %d : index
      scf.yield %s : index
    }
    scf.yield %m : index
  }
  return %n : index
}
func.func @diff1(%a: memref<16x16xi4>, %b: memref<16x16xi4, #tlayout.tiled<{0,1:T(8,128)}>>) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cr = arith.constant 16 : index
  %cc = arith.constant 16 : index
  %n = scf.for %i = %c0 to %cr step %c1 iter_args(%ni = %c0) -> index {
    %m = scf.for %j = %c0 to %cc step %c1 iter_args(%nj = %ni) -> index {
      %x = memref.load %a[%i, %j] : memref<16x16xi4>
      %y = memref.load %b[%i, %j] : memref<16x16xi4, #tlayout.tiled<{0,1:T(8,128)}>>
      %ne = arith.cmpi ne, %x, %y : i4
      %d = arith.index_cast %ne : i1 to index
      %s = arith.addi %nj, %d : index
      scf.yield %s : index
    }
    scf.yield %m : index
  }
  return %n : index
}
func.func @cmpplain(%a: memref<16x16xi4>, %b: memref<16x16xi4>) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cr = arith.constant 16 : index
  %cc = arith.constant 16 : index
  %n = scf.for %i = %c0 to %cr step %c1 iter_args(%ni = %c0) -> index {
    %m = scf.for %j = %c0 to %cc step %c1 iter_args(%nj = %ni) -> index {
      %x = memref.load %a[%i, %j] : memref<16x16xi4>
      %y = memref.load %b[%i, %j] : memref<16x16xi4>
      %ne = arith.cmpi ne, %x, %y : i4
      %d = arith.index_cast %ne : i1 to index
      %s = arith.addi %nj, %d : index
      scf.yield %s : index
    }
    scf.yield %m : index
  }
  return %n : index
}
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cr = arith.constant 16 : index
  %cc = arith.constant 16 : index
  %a = memref.alloc() {alignment = 64} : memref<16x16xi4>
  scf.for %i = %c0 to %cr step %c1 {
    scf.for %j = %c0 to %cc step %c1 {
      %k = affine.apply affine_map<(i, j) -> (i * 1009 + j * 7)>(%i, %j)
      %w = arith.index_cast %k : index to i64
      %v = arith.trunci %w : i64 to i4
      memref.store %v, %a[%i, %j] : memref<16x16xi4>
    }
  }
  %m0 = memref.alloc() {alignment = 64} : memref<16x16xi4, #tlayout.tiled<{1,0}>>
  memref.copy %a, %m0 : memref<16x16xi4> to memref<16x16xi4, #tlayout.tiled<{1,0}>>
  %d0 = func.call @diff0(%a, %m0) : (memref<16x16xi4>, memref<16x16xi4, #tlayout.tiled<{1,0}>>) -> index
  %e0 = arith.index_cast %d0 : index to i64
  func.call @printI64(%e0) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %m1 = memref.alloc() {alignment = 64} : memref<16x16xi4, #tlayout.tiled<{0,1:T(8,128)}>>
  memref.copy %m0, %m1 : memref<16x16xi4, #tlayout.tiled<{1,0}>> to memref<16x16xi4, #tlayout.tiled<{0,1:T(8,128)}>>
  %d1 = func.call @diff1(%a, %m1) : (memref<16x16xi4>, memref<16x16xi4, #tlayout.tiled<{0,1:T(8,128)}>>) -> index
  %e1 = arith.index_cast %d1 : index to i64
  func.call @printI64(%e1) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %z = memref.alloc() {alignment = 64} : memref<16x16xi4>
  memref.copy %m1, %z : memref<16x16xi4, #tlayout.tiled<{0,1:T(8,128)}>> to memref<16x16xi4>
  %dz = func.call @cmpplain(%a, %z) : (memref<16x16xi4>, memref<16x16xi4>) -> index
  %ez = arith.index_cast %dz : index to i64
  func.call @printI64(%ez) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}
