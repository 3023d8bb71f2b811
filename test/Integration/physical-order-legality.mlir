// The pipelines permute loop nests into the buffer's physical order only
// where that provably keeps every dependence. Memory accesses that
// upstream's dependence analysis does not model (memref.load/store with
// computed indices), accesses to one buffer through two memref values
// (which it takes for two buffers) and through a view made in the nest
// (which it takes for a fixed buffer) block the permutation: each program
// prints what it prints untiled and unpermuted.
// RUN: tlayout-opt %s %{lower_to_llvm} | %{run} | FileCheck %s
// RUN: tlayout-opt %s %{lower_to_llvm}=physical-order=false | %{run} | FileCheck %s
// RUN: sed -e "s/, #C[MT]>/>/g" %s | tlayout-opt %{lower_to_llvm} | %{run} | FileCheck %s

#CM = #tlayout.tiled<{0,1}>
#CT = #tlayout.tiled<{0,1:T(2,2)}>

func.func private @printMemrefI32(memref<*xi32>)

/// m[i][j] = m[i - 1][j + 1] + 100: each row reads the row above, already
/// updated. Column-major order would read it before its update.
func.func @shift(%m: memref<4x4xi32, #CM>) {
  %c1 = arith.constant 1 : index
  %c100 = arith.constant 100 : i32
  affine.for %i = 1 to 4 {
    affine.for %j = 0 to 3 {
      %pi = arith.subi %i, %c1 : index
      %nj = arith.addi %j, %c1 : index
      %x = memref.load %m[%pi, %nj] : memref<4x4xi32, #CM>
      %y = arith.addi %x, %c100 : i32
      affine.store %y, %m[%i, %j] : memref<4x4xi32, #CM>
    }
  }
  return
}

/// Numbers the elements in the order the nest visits them, with a counter
/// kept in memory.
func.func @visit(%m: memref<4x4xi32, #CT>) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i32
  %zero = arith.constant 0 : i32
  %count = memref.alloc() : memref<1xi32>
  memref.store %zero, %count[%c0] : memref<1xi32>
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 4 {
      %n = memref.load %count[%c0] : memref<1xi32>
      affine.store %n, %m[%i, %j] : memref<4x4xi32, #CT>
      %next = arith.addi %n, %one : i32
      memref.store %next, %count[%c0] : memref<1xi32>
    }
  }
  memref.dealloc %count : memref<1xi32>
  return
}

/// m[i][j] = m[i - 1][j + 1] + 100 by columns, reading through a cast:
/// each column reads the next one, not updated yet. Row-major order would
/// read it updated.
func.func @skew(%m: memref<4x4xi32>) {
  %c100 = arith.constant 100 : i32
  %v = memref.cast %m : memref<4x4xi32> to memref<?x4xi32>
  affine.for %j = 0 to 3 {
    affine.for %i = 1 to 4 {
      %x = affine.load %v[%i - 1, %j + 1] : memref<?x4xi32>
      %y = arith.addi %x, %c100 : i32
      affine.store %y, %m[%i, %j] : memref<4x4xi32>
    }
  }
  return
}

/// The same through a view of rows i and i + 1 made in the nest.
func.func @rows(%m: memref<4x4xi32>) {
  %c100 = arith.constant 100 : i32
  affine.for %j = 0 to 3 {
    affine.for %i = 0 to 3 {
      %s = memref.subview %m[%i, 0] [2, 4] [1, 1] : memref<4x4xi32> to memref<2x4xi32, strided<[4, 1], offset: ?>>
      %x = affine.load %s[0, %j + 1] : memref<2x4xi32, strided<[4, 1], offset: ?>>
      %y = arith.addi %x, %c100 : i32
      affine.store %y, %s[1, %j] : memref<2x4xi32, strided<[4, 1], offset: ?>>
    }
  }
  return
}

func.func @main() {
  %a = memref.alloc() : memref<4x4xi32, #CM>
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 4 {
      %v = affine.apply affine_map<(d0, d1) -> (d0 * 4 + d1)>(%i, %j)
      %w = arith.index_cast %v : index to i32
      affine.store %w, %a[%i, %j] : memref<4x4xi32, #CM>
    }
  }
  call @shift(%a) : (memref<4x4xi32, #CM>) -> ()
  %ra = memref.alloc() : memref<4x4xi32>
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 4 {
      %v = affine.load %a[%i, %j] : memref<4x4xi32, #CM>
      affine.store %v, %ra[%i, %j] : memref<4x4xi32>
    }
  }
  %ua = memref.cast %ra : memref<4x4xi32> to memref<*xi32>
  // CHECK:      [0,   1,   2,   3]
  // CHECK-NEXT: [101,   102,   103,   7]
  // CHECK-NEXT: [202,   203,   107,   11]
  // CHECK-NEXT: [303,   207,   111,   15]
  call @printMemrefI32(%ua) : (memref<*xi32>) -> ()

  %b = memref.alloc() : memref<4x4xi32, #CT>
  call @visit(%b) : (memref<4x4xi32, #CT>) -> ()
  %rb = memref.alloc() : memref<4x4xi32>
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 4 {
      %v = affine.load %b[%i, %j] : memref<4x4xi32, #CT>
      affine.store %v, %rb[%i, %j] : memref<4x4xi32>
    }
  }
  %ub = memref.cast %rb : memref<4x4xi32> to memref<*xi32>
  // CHECK:      [0,   1,   2,   3]
  // CHECK-NEXT: [4,   5,   6,   7]
  // CHECK-NEXT: [8,   9,   10,   11]
  // CHECK-NEXT: [12,   13,   14,   15]
  call @printMemrefI32(%ub) : (memref<*xi32>) -> ()

  %c = memref.alloc() : memref<4x4xi32>
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 4 {
      %v = affine.apply affine_map<(d0, d1) -> (d0 * 4 + d1)>(%i, %j)
      %w = arith.index_cast %v : index to i32
      affine.store %w, %c[%i, %j] : memref<4x4xi32>
    }
  }
  call @skew(%c) : (memref<4x4xi32>) -> ()
  %uc = memref.cast %c : memref<4x4xi32> to memref<*xi32>
  // CHECK:      [0,   1,   2,   3]
  // CHECK-NEXT: [101,   102,   103,   7]
  // CHECK-NEXT: [105,   106,   107,   11]
  // CHECK-NEXT: [109,   110,   111,   15]
  call @printMemrefI32(%uc) : (memref<*xi32>) -> ()

  %d = memref.alloc() : memref<4x4xi32>
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 4 {
      %v = affine.apply affine_map<(d0, d1) -> (d0 * 4 + d1)>(%i, %j)
      %w = arith.index_cast %v : index to i32
      affine.store %w, %d[%i, %j] : memref<4x4xi32>
    }
  }
  call @rows(%d) : (memref<4x4xi32>) -> ()
  %ud = memref.cast %d : memref<4x4xi32> to memref<*xi32>
  // CHECK:      [0,   1,   2,   3]
  // CHECK-NEXT: [101,   102,   103,   7]
  // CHECK-NEXT: [105,   106,   107,   11]
  // CHECK-NEXT: [109,   110,   111,   15]
  call @printMemrefI32(%ud) : (memref<*xi32>) -> ()

  memref.dealloc %a : memref<4x4xi32, #CM>
  memref.dealloc %ra : memref<4x4xi32>
  memref.dealloc %b : memref<4x4xi32, #CT>
  memref.dealloc %rb : memref<4x4xi32>
  memref.dealloc %c : memref<4x4xi32>
  memref.dealloc %d : memref<4x4xi32>
  return
}
