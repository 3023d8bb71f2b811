// Views of tiled memrefs run: writes through a view at an unaligned offset,
// at a tile-aligned offset, through a view of a view, at run-time offsets,
// and at the ends of dimensions (empty views, the last whole and partial
// tiles) land where the parent's layout puts those elements.
// RUN: tlayout-opt %s %{lower_to_llvm} | %{run} | FileCheck %s

#fig1 = #tlayout.tiled<{1,0:T(2,2)}>
#dynview = #tlayout.tiled<{1,0:T(2,2)}, parent = [3, 5], offsets = [?, ?]>

func.func private @printMemrefI32(memref<*xi32>)

func.func @clear(%p: memref<24xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c24 = arith.constant 24 : index
  %neg = arith.constant -1 : i32
  scf.for %k = %c0 to %c24 step %c1 {
    memref.store %neg, %p[%k] : memref<24xi32>
  }
  return
}

/// Stores 10 * i + j at every (i, j) of a view.
func.func @fill(%v: memref<?x?xi32, #dynview>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c10 = arith.constant 10 : index
  %rows = memref.dim %v, %c0 : memref<?x?xi32, #dynview>
  %cols = memref.dim %v, %c1 : memref<?x?xi32, #dynview>
  scf.for %i = %c0 to %rows step %c1 {
    scf.for %j = %c0 to %cols step %c1 {
      %r = arith.muli %i, %c10 : index
      %x = arith.addi %r, %j : index
      %w = arith.index_cast %x : index to i32
      memref.store %w, %v[%i, %j] : memref<?x?xi32, #dynview>
    }
  }
  return
}

/// Fills the view of %m at run-time offsets and sizes.
func.func @fill_at(%m: memref<3x5xi32, #fig1>, %o0: index, %o1: index, %s0: index, %s1: index) {
  %v = tlayout.subview %m[%o0, %o1] [%s0, %s1] : memref<3x5xi32, #fig1> to memref<?x?xi32, #dynview>
  call @fill(%v) : (memref<?x?xi32, #dynview>) -> ()
  return
}

func.func @main() {
  %m = memref.alloc() : memref<3x5xi32, #fig1>
  %p = tlayout.to_physical %m : memref<3x5xi32, #fig1> to memref<24xi32>
  %u = memref.cast %p : memref<24xi32> to memref<*xi32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index

  // Unaligned, static offsets: rows 1-2, columns 1-3. Parent (1,1) is at 3,
  // (1,2) at 6, (1,3) at 7, (2,1) at 13, (2,2) at 16, (2,3) at 17.
  call @clear(%p) : (memref<24xi32>) -> ()
  %a = tlayout.subview %m[1, 1] [2, 3] : memref<3x5xi32, #fig1> to memref<2x3xi32, #tlayout.tiled<{1,0:T(2,2)}, parent = [3, 5], offsets = [1, 1]>>
  affine.for %i = 0 to 2 {
    affine.for %j = 0 to 3 {
      %x = affine.apply affine_map<(d0, d1) -> (d0 * 10 + d1)>(%i, %j)
      %w = arith.index_cast %x : index to i32
      affine.store %w, %a[%i, %j] : memref<2x3xi32, #tlayout.tiled<{1,0:T(2,2)}, parent = [3, 5], offsets = [1, 1]>>
    }
  }
  // CHECK: [-1,  -1,  -1,  0,  -1,  -1,  1,  2,  -1,  -1,  -1,  -1,  -1,  10,  -1,  -1,  11,  12,  -1,  -1,  -1,  -1,  -1,  -1]
  call @printMemrefI32(%u) : (memref<*xi32>) -> ()

  // The same view at run-time offsets and sizes.
  call @clear(%p) : (memref<24xi32>) -> ()
  call @fill_at(%m, %c1, %c1, %c2, %c3) : (memref<3x5xi32, #fig1>, index, index, index, index) -> ()
  // CHECK: [-1,  -1,  -1,  0,  -1,  -1,  1,  2,  -1,  -1,  -1,  -1,  -1,  10,  -1,  -1,  11,  12,  -1,  -1,  -1,  -1,  -1,  -1]
  call @printMemrefI32(%u) : (memref<*xi32>) -> ()

  // Tile-aligned: the 2x2 tile at (0, 2), which is offsets 4-7.
  call @clear(%p) : (memref<24xi32>) -> ()
  call @fill_at(%m, %c0, %c2, %c2, %c2) : (memref<3x5xi32, #fig1>, index, index, index, index) -> ()
  // CHECK: [-1,  -1,  -1,  -1,  0,  1,  10,  11,  -1,  -1,  -1,  -1,  -1,  -1,  -1,  -1,  -1,  -1,  -1,  -1,  -1,  -1,  -1,  -1]
  call @printMemrefI32(%u) : (memref<*xi32>) -> ()

  // A view of a view: (1, %c1) then (%c1, 1) is the parent's (2, 2) and
  // (2, 3): offsets 16 and 17.
  call @clear(%p) : (memref<24xi32>) -> ()
  %v1 = tlayout.subview %m[1, %c1] [2, 4] : memref<3x5xi32, #fig1> to memref<2x4xi32, #tlayout.tiled<{1,0:T(2,2)}, parent = [3, 5], offsets = [1, ?]>>
  %v2 = tlayout.subview %v1[%c1, 1] [1, 2] : memref<2x4xi32, #tlayout.tiled<{1,0:T(2,2)}, parent = [3, 5], offsets = [1, ?]>> to memref<1x2xi32, #dynview>
  %c20 = arith.constant 20 : i32
  %c21 = arith.constant 21 : i32
  memref.store %c20, %v2[%c0, %c0] : memref<1x2xi32, #dynview>
  memref.store %c21, %v2[%c0, %c1] : memref<1x2xi32, #dynview>
  // CHECK: [-1,  -1,  -1,  -1,  -1,  -1,  -1,  -1,  -1,  -1,  -1,  -1,  -1,  -1,  -1,  -1,  20,  21,  -1,  -1,  -1,  -1,  -1,  -1]
  call @printMemrefI32(%u) : (memref<*xi32>) -> ()

  // Tile-aligned static offsets: a window of whole tiles of the physical
  // buffer (a memref.subview). The tile at (0, 2) holds offsets 4-7; a view
  // of that window at (1, 1) is the root's (1, 3), offset 7.
  call @clear(%p) : (memref<24xi32>) -> ()
  %t = tlayout.subview %m[0, 2] [2, 2] : memref<3x5xi32, #fig1> to memref<2x2xi32, #tlayout.tiled<{1,0:T(2,2)}, parent = [3, 5], offsets = [0, 2]>>
  affine.for %i = 0 to 2 {
    affine.for %j = 0 to 2 {
      %x = affine.apply affine_map<(d0, d1) -> (d0 * 10 + d1)>(%i, %j)
      %w = arith.index_cast %x : index to i32
      affine.store %w, %t[%i, %j] : memref<2x2xi32, #tlayout.tiled<{1,0:T(2,2)}, parent = [3, 5], offsets = [0, 2]>>
    }
  }
  %in = tlayout.subview %t[1, 1] [1, 1] : memref<2x2xi32, #tlayout.tiled<{1,0:T(2,2)}, parent = [3, 5], offsets = [0, 2]>> to memref<1x1xi32, #tlayout.tiled<{1,0:T(2,2)}, parent = [3, 5], offsets = [1, 3]>>
  %c99 = arith.constant 99 : i32
  memref.store %c99, %in[%c0, %c0] : memref<1x1xi32, #tlayout.tiled<{1,0:T(2,2)}, parent = [3, 5], offsets = [1, 3]>>
  // The whole buffer, also through the window's to_physical.
  %pt = tlayout.to_physical %t : memref<2x2xi32, #tlayout.tiled<{1,0:T(2,2)}, parent = [3, 5], offsets = [0, 2]>> to memref<24xi32>
  %ut = memref.cast %pt : memref<24xi32> to memref<*xi32>
  // CHECK: [-1,  -1,  -1,  -1,  0,  1,  10,  99,  -1,  -1,  -1,  -1,  -1,  -1,  -1,  -1,  -1,  -1,  -1,  -1,  -1,  -1,  -1,  -1]
  call @printMemrefI32(%ut) : (memref<*xi32>) -> ()

  // Reading through a view with a vector transfer that crosses a tile
  // boundary (between columns 1 and 2).
  %c31 = arith.constant 31 : i32
  %c32 = arith.constant 32 : i32
  %c33 = arith.constant 33 : i32
  memref.store %c31, %m[%c2, %c1] : memref<3x5xi32, #fig1>
  memref.store %c32, %m[%c2, %c2] : memref<3x5xi32, #fig1>
  memref.store %c33, %m[%c2, %c3] : memref<3x5xi32, #fig1>
  %g = tlayout.subview %m[2, 0] [1, 5] : memref<3x5xi32, #fig1> to memref<1x5xi32, #tlayout.tiled<{1,0:T(2,2)}, parent = [3, 5], offsets = [2, 0]>>
  %pad = arith.constant 0 : i32
  %r = vector.transfer_read %g[%c0, %c1], %pad {in_bounds = [true]} : memref<1x5xi32, #tlayout.tiled<{1,0:T(2,2)}, parent = [3, 5], offsets = [2, 0]>>, vector<3xi32>
  // CHECK: ( 31, 32, 33 )
  vector.print %r : vector<3xi32>
  memref.dealloc %m : memref<3x5xi32, #fig1>
  call @ends() : () -> ()
  return
}

/// Views at the ends of dimensions: empty views past the last tile (a
/// window there would start outside the physical buffer), views of an
/// empty memref, and the last whole and partial tiles, written and read
/// through.
func.func @ends() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %m = memref.alloc() : memref<4x4xi32, #fig1>
  %p = tlayout.to_physical %m : memref<4x4xi32, #fig1> to memref<16xi32>
  %u = memref.cast %p : memref<16xi32> to memref<*xi32>
  %neg = arith.constant -1 : i32
  affine.for %k = 0 to 16 {
    affine.store %neg, %p[%k] : memref<16xi32>
  }

  // Empty views at the end of the columns, of the rows, and of both.
  %e0 = tlayout.subview %m[0, 4] [2, 0] : memref<4x4xi32, #fig1> to memref<2x0xi32, #tlayout.tiled<{1,0:T(2,2)}, parent = [4, 4], offsets = [0, 4]>>
  %e1 = tlayout.subview %m[4, 0] [0, 4] : memref<4x4xi32, #fig1> to memref<0x4xi32, #tlayout.tiled<{1,0:T(2,2)}, parent = [4, 4], offsets = [4, 0]>>
  %e2 = tlayout.subview %m[4, 4] [0, 0] : memref<4x4xi32, #fig1> to memref<0x0xi32, #tlayout.tiled<{1,0:T(2,2)}, parent = [4, 4], offsets = [4, 4]>>
  %e3 = tlayout.subview %m[%c0, %c4] [%c2, %c0] : memref<4x4xi32, #fig1> to memref<?x?xi32, #tlayout.tiled<{1,0:T(2,2)}, parent = [4, 4], offsets = [?, ?]>>
  // Run-time sizes at static offsets at the end of a dimension.
  %e4 = tlayout.subview %m[0, 4] [%c2, %c0] : memref<4x4xi32, #fig1> to memref<?x?xi32, #tlayout.tiled<{1,0:T(2,2)}, parent = [4, 4], offsets = [0, 4]>>
  %e5 = tlayout.subview %m[4, 2] [%c0, 2] : memref<4x4xi32, #fig1> to memref<?x2xi32, #tlayout.tiled<{1,0:T(2,2)}, parent = [4, 4], offsets = [4, 2]>>
  %d4 = memref.dim %e4, %c0 : memref<?x?xi32, #tlayout.tiled<{1,0:T(2,2)}, parent = [4, 4], offsets = [0, 4]>>
  %d5 = memref.dim %e5, %c0 : memref<?x2xi32, #tlayout.tiled<{1,0:T(2,2)}, parent = [4, 4], offsets = [4, 2]>>
  // CHECK: 2
  // CHECK-NEXT: 0
  vector.print %d4 : index
  vector.print %d5 : index
  %z5 = memref.alloc(%c0) : memref<?x2xi32>
  memref.copy %z5, %e5 : memref<?x2xi32> to memref<?x2xi32, #tlayout.tiled<{1,0:T(2,2)}, parent = [4, 4], offsets = [4, 2]>>
  memref.dealloc %z5 : memref<?x2xi32>
  %d0 = memref.dim %e0, %c0 : memref<2x0xi32, #tlayout.tiled<{1,0:T(2,2)}, parent = [4, 4], offsets = [0, 4]>>
  %d1 = memref.dim %e1, %c1 : memref<0x4xi32, #tlayout.tiled<{1,0:T(2,2)}, parent = [4, 4], offsets = [4, 0]>>
  %d3 = memref.dim %e3, %c1 : memref<?x?xi32, #tlayout.tiled<{1,0:T(2,2)}, parent = [4, 4], offsets = [?, ?]>>
  // CHECK-NEXT: 2
  // CHECK-NEXT: 4
  // CHECK-NEXT: 0
  vector.print %d0 : index
  vector.print %d1 : index
  vector.print %d3 : index
  // Copies into and out of them write nothing.
  %z = memref.alloc() : memref<2x0xi32>
  memref.copy %z, %e0 : memref<2x0xi32> to memref<2x0xi32, #tlayout.tiled<{1,0:T(2,2)}, parent = [4, 4], offsets = [0, 4]>>
  memref.copy %e0, %z : memref<2x0xi32, #tlayout.tiled<{1,0:T(2,2)}, parent = [4, 4], offsets = [0, 4]>> to memref<2x0xi32>
  %z2 = memref.alloc() : memref<0x0xi32>
  memref.copy %z2, %e2 : memref<0x0xi32> to memref<0x0xi32, #tlayout.tiled<{1,0:T(2,2)}, parent = [4, 4], offsets = [4, 4]>>
  // The root's buffer, through an empty view.
  %pe = tlayout.to_physical %e1 : memref<0x4xi32, #tlayout.tiled<{1,0:T(2,2)}, parent = [4, 4], offsets = [4, 0]>> to memref<16xi32>

  // The last whole tile, (2, 2) to (3, 3): physical offsets 12-15.
  %t = tlayout.subview %m[2, 2] [2, 2] : memref<4x4xi32, #fig1> to memref<2x2xi32, #tlayout.tiled<{1,0:T(2,2)}, parent = [4, 4], offsets = [2, 2]>>
  affine.for %i = 0 to 2 {
    affine.for %j = 0 to 2 {
      %x = affine.apply affine_map<(d0, d1) -> (d0 * 10 + d1)>(%i, %j)
      %w = arith.index_cast %x : index to i32
      affine.store %w, %t[%i, %j] : memref<2x2xi32, #tlayout.tiled<{1,0:T(2,2)}, parent = [4, 4], offsets = [2, 2]>>
    }
  }
  %ue = memref.cast %pe : memref<16xi32> to memref<*xi32>
  // CHECK: [-1,  -1,  -1,  -1,  -1,  -1,  -1,  -1,  -1,  -1,  -1,  -1,  0,  1,  10,  11]
  call @printMemrefI32(%ue) : (memref<*xi32>) -> ()
  // Read back through the view.
  %pad = arith.constant 0 : i32
  %row = vector.transfer_read %t[%c1, %c0], %pad {in_bounds = [true]} : memref<2x2xi32, #tlayout.tiled<{1,0:T(2,2)}, parent = [4, 4], offsets = [2, 2]>>, vector<2xi32>
  // CHECK: ( 10, 11 )
  vector.print %row : vector<2xi32>

  // The last partial tile of a 3x5 memref: the element (2, 4), the only
  // one of its tile, at physical offset 20.
  %q = memref.alloc() : memref<3x5xi32, #fig1>
  %pq = tlayout.to_physical %q : memref<3x5xi32, #fig1> to memref<24xi32>
  affine.for %k = 0 to 24 {
    affine.store %neg, %pq[%k] : memref<24xi32>
  }
  %l = tlayout.subview %q[2, 4] [1, 1] : memref<3x5xi32, #fig1> to memref<1x1xi32, #tlayout.tiled<{1,0:T(2,2)}, parent = [3, 5], offsets = [2, 4]>>
  %c77 = arith.constant 77 : i32
  memref.store %c77, %l[%c0, %c0] : memref<1x1xi32, #tlayout.tiled<{1,0:T(2,2)}, parent = [3, 5], offsets = [2, 4]>>
  %lv = memref.load %l[%c0, %c0] : memref<1x1xi32, #tlayout.tiled<{1,0:T(2,2)}, parent = [3, 5], offsets = [2, 4]>>
  // CHECK: 77
  vector.print %lv : i32
  // The empty view just past it.
  %le = tlayout.subview %q[3, 5] [0, 0] : memref<3x5xi32, #fig1> to memref<0x0xi32, #tlayout.tiled<{1,0:T(2,2)}, parent = [3, 5], offsets = [3, 5]>>
  %z3 = memref.alloc() : memref<0x0xi32>
  memref.copy %z3, %le : memref<0x0xi32> to memref<0x0xi32, #tlayout.tiled<{1,0:T(2,2)}, parent = [3, 5], offsets = [3, 5]>>
  %uq = memref.cast %pq : memref<24xi32> to memref<*xi32>
  // CHECK: [-1,  -1,  -1,  -1,  -1,  -1,  -1,  -1,  -1,  -1,  -1,  -1,  -1,  -1,  -1,  -1,  -1,  -1,  -1,  -1,  77,  -1,  -1,  -1]
  call @printMemrefI32(%uq) : (memref<*xi32>) -> ()

  // Views of an empty memref: every view is empty.
  %n = memref.alloc() : memref<0x4xi32, #fig1>
  %nv = tlayout.subview %n[0, 2] [0, 2] : memref<0x4xi32, #fig1> to memref<0x2xi32, #tlayout.tiled<{1,0:T(2,2)}, parent = [0, 4], offsets = [0, 2]>>
  %nd = memref.dim %nv, %c1 : memref<0x2xi32, #tlayout.tiled<{1,0:T(2,2)}, parent = [0, 4], offsets = [0, 2]>>
  // CHECK: 2
  vector.print %nd : index
  %z4 = memref.alloc() : memref<0x2xi32>
  memref.copy %z4, %nv : memref<0x2xi32> to memref<0x2xi32, #tlayout.tiled<{1,0:T(2,2)}, parent = [0, 4], offsets = [0, 2]>>
  memref.dealloc %z : memref<2x0xi32>
  memref.dealloc %z2 : memref<0x0xi32>
  memref.dealloc %z3 : memref<0x0xi32>
  memref.dealloc %z4 : memref<0x2xi32>
  memref.dealloc %n : memref<0x4xi32, #fig1>
  memref.dealloc %q : memref<3x5xi32, #fig1>
  memref.dealloc %m : memref<4x4xi32, #fig1>
  return
}
