// Views of tiled memrefs run: writes through a view at an unaligned offset,
// at a tile-aligned offset, through a view of a view, and at run-time
// offsets land where the parent's layout puts those elements.
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
  return
}
