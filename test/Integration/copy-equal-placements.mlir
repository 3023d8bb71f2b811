// memref.copy between layouts that place every element at the same offset
// is one copy of the physical buffers, and gives what the untiled program
// gives: f32[8,16] between row-major and {1,0:T(2,16)} (tiles of whole
// rows) both ways, and between two equal packed layouts of i4[3,5] (15
// elements: the last byte holds one element and 4 bits that are not the
// buffer's, which the copy leaves as they were).
// RUN: tlayout-opt %s %{lower_to_llvm} | %{run} | FileCheck %s
// RUN: tlayout-opt %s --lower-tiled-layouts | FileCheck %s --check-prefix=IR

#T = #tlayout.tiled<{1,0:T(2,16)}>
#P = #tlayout.tiled<{1,0:E(4)}>

// IR-LABEL: func.func @main(
// IR-NOT: affine.store
// IR: memref.copy {{.*}} : memref<128xf32> to memref<128xf32>
// IR-NOT: affine.store
// IR: memref.copy {{.*}} : memref<128xf32> to memref<128xf32>
// IR-NOT: affine.store
// IR: memref.copy {{.*}} : memref<7xi8, strided<[1]>> to memref<7xi8, strided<[1]>>
// IR-NOT: affine.store

func.func private @printMemrefI32(memref<*xi32>)

// The number of elements of %a and %b that differ.
func.func @diff(%a: memref<8x16xi32>, %b: memref<8x16xi32>) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %n = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %c0) -> index {
    %m = scf.for %j = %c0 to %c16 step %c1 iter_args(%acc2 = %acc) -> index {
      %x = memref.load %a[%i, %j] : memref<8x16xi32>
      %y = memref.load %b[%i, %j] : memref<8x16xi32>
      %ne = arith.cmpi ne, %x, %y : i32
      %one = arith.select %ne, %c1, %c0 : index
      %s = arith.addi %acc2, %one : index
      scf.yield %s : index
    }
    scf.yield %m : index
  }
  return %n : index
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  // The untiled program: src[i, j] = i * 16 + j.
  %src = memref.alloc() : memref<8x16xi32>
  scf.for %i = %c0 to %c8 step %c1 {
    scf.for %j = %c0 to %c16 step %c1 {
      %k = affine.apply affine_map<(i, j) -> (i * 16 + j)>(%i, %j)
      %v = arith.index_cast %k : index to i32
      memref.store %v, %src[%i, %j] : memref<8x16xi32>
    }
  }
  %f = memref.alloc() : memref<8x16xf32>
  scf.for %i = %c0 to %c8 step %c1 {
    scf.for %j = %c0 to %c16 step %c1 {
      %v = memref.load %src[%i, %j] : memref<8x16xi32>
      %x = arith.sitofp %v : i32 to f32
      memref.store %x, %f[%i, %j] : memref<8x16xf32>
    }
  }
  // Row-major to tiles, read through the tiled memref's own loads.
  %t = memref.alloc() : memref<8x16xf32, #T>
  memref.copy %f, %t : memref<8x16xf32> to memref<8x16xf32, #T>
  %seen = memref.alloc() : memref<8x16xi32>
  scf.for %i = %c0 to %c8 step %c1 {
    scf.for %j = %c0 to %c16 step %c1 {
      %x = memref.load %t[%i, %j] : memref<8x16xf32, #T>
      %v = arith.fptosi %x : f32 to i32
      memref.store %v, %seen[%i, %j] : memref<8x16xi32>
    }
  }
  %d0 = func.call @diff(%src, %seen) : (memref<8x16xi32>, memref<8x16xi32>) -> index
  // CHECK: to tiles: 0
  vector.print str "to tiles: "
  vector.print %d0 : index
  %e = memref.load %seen[%c1, %c3] : memref<8x16xi32>
  // CHECK-NEXT: (1, 3): 19
  vector.print str "(1, 3): "
  vector.print %e : i32
  // And back into a row-major buffer.
  %back = memref.alloc() : memref<8x16xf32>
  memref.copy %t, %back : memref<8x16xf32, #T> to memref<8x16xf32>
  scf.for %i = %c0 to %c8 step %c1 {
    scf.for %j = %c0 to %c16 step %c1 {
      %x = memref.load %back[%i, %j] : memref<8x16xf32>
      %v = arith.fptosi %x : f32 to i32
      memref.store %v, %seen[%i, %j] : memref<8x16xi32>
    }
  }
  %d1 = func.call @diff(%src, %seen) : (memref<8x16xi32>, memref<8x16xi32>) -> index
  // CHECK: back: 0
  vector.print str "back: "
  vector.print %d1 : index

  // Packed: p[i, j] = (i * 5 + j) mod 16 - 8, written element by element;
  // q's elements first all -1 (every bit set, its last byte's low half
  // too), then q = p copied whole.
  %p = memref.alloc() : memref<3x5xi4, #P>
  %q = memref.alloc() : memref<3x5xi4, #P>
  %m1 = arith.constant -1 : i4
  // p's last byte all 0 first: its low half is not an element.
  %c7 = arith.constant 7 : index
  %pbytes = tlayout.to_physical %p : memref<3x5xi4, #P> to memref<8xi8>
  %zero8 = arith.constant 0 : i8
  memref.store %zero8, %pbytes[%c7] : memref<8xi8>
  scf.for %i = %c0 to %c3 step %c1 {
    scf.for %j = %c0 to %c5 step %c1 {
      %k = affine.apply affine_map<(i, j) -> ((i * 5 + j) mod 16)>(%i, %j)
      %w = arith.index_cast %k : index to i32
      %eight = arith.constant 8 : i32
      %s = arith.subi %w, %eight : i32
      %x = arith.trunci %s : i32 to i4
      memref.store %x, %p[%i, %j] : memref<3x5xi4, #P>
      memref.store %m1, %q[%i, %j] : memref<3x5xi4, #P>
    }
  }
  // q's bytes as the buffer they are: 8 bytes, the last one's low half not
  // an element.
  %bytes = tlayout.to_physical %q : memref<3x5xi4, #P> to memref<8xi8>
  %ff = arith.constant -1 : i8
  memref.store %ff, %bytes[%c7] : memref<8xi8>
  memref.copy %p, %q : memref<3x5xi4, #P> to memref<3x5xi4, #P>
  %got = memref.alloc() : memref<3x5xi32>
  scf.for %i = %c0 to %c3 step %c1 {
    scf.for %j = %c0 to %c5 step %c1 {
      %x = memref.load %q[%i, %j] : memref<3x5xi4, #P>
      %v = arith.extsi %x : i4 to i32
      memref.store %v, %got[%i, %j] : memref<3x5xi32>
    }
  }
  %gotu = memref.cast %got : memref<3x5xi32> to memref<*xi32>
  // CHECK: rank = 2 offset = 0 sizes = [3, 5]
  // CHECK: [-8,{{ +}}-7,{{ +}}-6,{{ +}}-5,{{ +}}-4],
  // CHECK-NEXT: [-3,{{ +}}-2,{{ +}}-1,{{ +}}0,{{ +}}1],
  // CHECK-NEXT: [2,{{ +}}3,{{ +}}4,{{ +}}5,{{ +}}6]]
  call @printMemrefI32(%gotu) : (memref<*xi32>) -> ()
  // The last byte: element 14 (6) in the high half, the low half kept
  // (0x6f; copying the whole byte would give 0x60).
  %last = memref.load %bytes[%c7] : memref<8xi8>
  %lastw = arith.extui %last : i8 to i32
  // CHECK: last byte: 111
  vector.print str "last byte: "
  vector.print %lastw : i32
  memref.dealloc %src : memref<8x16xi32>
  memref.dealloc %f : memref<8x16xf32>
  memref.dealloc %t : memref<8x16xf32, #T>
  memref.dealloc %seen : memref<8x16xi32>
  memref.dealloc %back : memref<8x16xf32>
  memref.dealloc %p : memref<3x5xi4, #P>
  memref.dealloc %q : memref<3x5xi4, #P>
  memref.dealloc %got : memref<3x5xi32>
  return
}
