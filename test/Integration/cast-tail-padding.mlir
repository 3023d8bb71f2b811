// Casts between static and dynamic sizes run where tail padding L(n) keeps
// the dynamic shape's buffer flat while the static shape keeps its tiled
// physical shape (the padding does not grow it): with tiles, with a
// permutation, and both ways. Elements land where the static placement
// puts them.
// RUN: tlayout-opt %s %{lower_to_llvm} | %{run} | FileCheck %s

#tl = #tlayout.tiled<{1,0:T(2,2)L(8)}>
#perm = #tlayout.tiled<{0,1:T(2,2)L(8)}>
#grown = #tlayout.tiled<{1,0:T(2,2)L(12)}>

func.func private @printMemrefI32(memref<*xi32>)

/// Stores 10 * i + j at every (i, j); bounds from memref.dim.
func.func @fill(%m: memref<?x?xi32, #tl>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c10 = arith.constant 10 : index
  %rows = memref.dim %m, %c0 : memref<?x?xi32, #tl>
  %cols = memref.dim %m, %c1 : memref<?x?xi32, #tl>
  scf.for %i = %c0 to %rows step %c1 {
    scf.for %j = %c0 to %cols step %c1 {
      %r = arith.muli %i, %c10 : index
      %x = arith.addi %r, %j : index
      %w = arith.index_cast %x : index to i32
      memref.store %w, %m[%i, %j] : memref<?x?xi32, #tl>
    }
  }
  return
}

func.func @fill_perm(%m: memref<?x?xi32, #perm>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c10 = arith.constant 10 : index
  %rows = memref.dim %m, %c0 : memref<?x?xi32, #perm>
  %cols = memref.dim %m, %c1 : memref<?x?xi32, #perm>
  scf.for %i = %c0 to %rows step %c1 {
    scf.for %j = %c0 to %cols step %c1 {
      %r = arith.muli %i, %c10 : index
      %x = arith.addi %r, %j : index
      %w = arith.index_cast %x : index to i32
      memref.store %w, %m[%i, %j] : memref<?x?xi32, #perm>
    }
  }
  return
}

func.func @fill_grown(%m: memref<?x?xi32, #grown>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c10 = arith.constant 10 : index
  %rows = memref.dim %m, %c0 : memref<?x?xi32, #grown>
  %cols = memref.dim %m, %c1 : memref<?x?xi32, #grown>
  scf.for %i = %c0 to %rows step %c1 {
    scf.for %j = %c0 to %cols step %c1 {
      %r = arith.muli %i, %c10 : index
      %x = arith.addi %r, %j : index
      %w = arith.index_cast %x : index to i32
      memref.store %w, %m[%i, %j] : memref<?x?xi32, #grown>
    }
  }
  return
}

/// A static 4x4 memref filled through a cast to dynamic sizes, then read
/// back through a cast of the dynamic memref to the static shape.
func.func @tiles() {
  %m = memref.alloc() : memref<4x4xi32, #tl>
  %d = memref.cast %m : memref<4x4xi32, #tl> to memref<?x?xi32, #tl>
  call @fill(%d) : (memref<?x?xi32, #tl>) -> ()
  %p = tlayout.to_physical %m : memref<4x4xi32, #tl> to memref<16xi32>
  %u = memref.cast %p : memref<16xi32> to memref<*xi32>
  // Tiles (0,0), (0,1), (1,0), (1,1), each row-major.
  // CHECK: [0,  1,  10,  11,  2,  3,  12,  13,  20,  21,  30,  31,  22,  23,  32,  33]
  call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  %s = call @back(%d) : (memref<?x?xi32, #tl>) -> memref<4x4xi32, #tl>
  %c3 = arith.constant 3 : index
  %c2 = arith.constant 2 : index
  %v = memref.load %s[%c3, %c2] : memref<4x4xi32, #tl>
  // CHECK: 32
  vector.print %v : i32
  memref.dealloc %m : memref<4x4xi32, #tl>
  return
}

func.func @back(%d: memref<?x?xi32, #tl>) -> memref<4x4xi32, #tl> {
  %s = memref.cast %d : memref<?x?xi32, #tl> to memref<4x4xi32, #tl>
  return %s : memref<4x4xi32, #tl>
}

/// The same with a permutation: dimension 0 is the minor one.
func.func @permuted() {
  %m = memref.alloc() : memref<4x4xi32, #perm>
  %d = memref.cast %m : memref<4x4xi32, #perm> to memref<?x?xi32, #perm>
  call @fill_perm(%d) : (memref<?x?xi32, #perm>) -> ()
  %p = tlayout.to_physical %m : memref<4x4xi32, #perm> to memref<16xi32>
  %u = memref.cast %p : memref<16xi32> to memref<*xi32>
  // CHECK: [0,  10,  1,  11,  20,  30,  21,  31,  2,  12,  3,  13,  22,  32,  23,  33]
  call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  memref.dealloc %m : memref<4x4xi32, #perm>
  return
}

/// Padding that does grow the static shape: both buffers are flat.
func.func @grown() {
  %m = memref.alloc() : memref<2x2xi32, #grown>
  %d = memref.cast %m : memref<2x2xi32, #grown> to memref<?x?xi32, #grown>
  call @fill_grown(%d) : (memref<?x?xi32, #grown>) -> ()
  %p = tlayout.to_physical %m : memref<2x2xi32, #grown> to memref<12xi32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %sub = memref.subview %p[0] [4] [1] : memref<12xi32> to memref<4xi32, strided<[1]>>
  %u = memref.cast %sub : memref<4xi32, strided<[1]>> to memref<*xi32>
  // CHECK: [0,  1,  10,  11]
  call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  memref.dealloc %m : memref<2x2xi32, #grown>
  return
}

func.func @main() {
  call @tiles() : () -> ()
  call @permuted() : () -> ()
  call @grown() : () -> ()
  return
}
