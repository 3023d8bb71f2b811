// memref.copy between layouts that place every element at the same offset
// is one copy of the physical buffers: f32[1,256] between {1,0:T(1,128)}
// and row-major both ways, and bf16[12,200] between two equal T(8,128)
// layouts (padding included). Each result is compared, element by element,
// with the row-major source (the number of elements that differ).
// RUN: tlayout-opt %s %{lower_to_llvm} | %{run} | FileCheck %s
// RUN: tlayout-opt %s --lower-tiled-layouts | FileCheck %s --check-prefix=IR

#T = #tlayout.tiled<{1,0:T(1,128)}>
#U = #tlayout.tiled<{1,0:T(8,128)}>

// IR-LABEL: func.func @main(
// IR-NOT: affine.store
// IR: memref.copy {{.*}} : memref<256xf32> to memref<256xf32>
// IR: memref.copy {{.*}} : memref<256xf32> to memref<256xf32>
// IR-NOT: affine.store
// IR: memref.copy {{.*}} : memref<4096xbf16> to memref<4096xbf16>

// The number of elements of %a and %b that differ.
func.func @diff(%a: memref<?x?xf32>, %b: memref<?x?xf32>) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %a, %c0 : memref<?x?xf32>
  %cols = memref.dim %a, %c1 : memref<?x?xf32>
  %n = scf.for %i = %c0 to %rows step %c1 iter_args(%acc = %c0) -> index {
    %m = scf.for %j = %c0 to %cols step %c1 iter_args(%acc2 = %acc) -> index {
      %x = memref.load %a[%i, %j] : memref<?x?xf32>
      %y = memref.load %b[%i, %j] : memref<?x?xf32>
      %ne = arith.cmpf une, %x, %y : f32
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
  %c12 = arith.constant 12 : index
  %c200 = arith.constant 200 : index
  %c256 = arith.constant 256 : index
  %src = memref.alloc() : memref<1x256xf32>
  scf.for %j = %c0 to %c256 step %c1 {
    %k = arith.index_cast %j : index to i32
    %v = arith.sitofp %k : i32 to f32
    memref.store %v, %src[%c0, %j] : memref<1x256xf32>
  }
  // Row-major to tiles, read through the tiled memref's own loads.
  %t = memref.alloc() : memref<1x256xf32, #T>
  memref.copy %src, %t : memref<1x256xf32> to memref<1x256xf32, #T>
  %seen = memref.alloc() : memref<1x256xf32>
  scf.for %j = %c0 to %c256 step %c1 {
    %v = memref.load %t[%c0, %j] : memref<1x256xf32, #T>
    memref.store %v, %seen[%c0, %j] : memref<1x256xf32>
  }
  %srcd = memref.cast %src : memref<1x256xf32> to memref<?x?xf32>
  %seend = memref.cast %seen : memref<1x256xf32> to memref<?x?xf32>
  %d0 = func.call @diff(%srcd, %seend) : (memref<?x?xf32>, memref<?x?xf32>) -> index
  // CHECK: to tiles: 0
  vector.print str "to tiles: "
  vector.print %d0 : index
  // And back.
  %back = memref.alloc() : memref<1x256xf32>
  memref.copy %t, %back : memref<1x256xf32, #T> to memref<1x256xf32>
  %backd = memref.cast %back : memref<1x256xf32> to memref<?x?xf32>
  %d1 = func.call @diff(%srcd, %backd) : (memref<?x?xf32>, memref<?x?xf32>) -> index
  // CHECK: back: 0
  vector.print str "back: "
  vector.print %d1 : index

  // Two equal tiled layouts of bf16[12,200]: written element by element,
  // copied whole, read element by element.
  %u = memref.alloc() : memref<12x200xbf16, #U>
  %w = memref.alloc() : memref<12x200xbf16, #U>
  %expect = memref.alloc() : memref<12x200xf32>
  scf.for %i = %c0 to %c12 step %c1 {
    scf.for %j = %c0 to %c200 step %c1 {
      %k = affine.apply affine_map<(i, j) -> (i * 7 + j)>(%i, %j)
      %ki = arith.index_cast %k : index to i32
      %f = arith.sitofp %ki : i32 to f32
      %b = arith.truncf %f : f32 to bf16
      %r = arith.extf %b : bf16 to f32
      memref.store %b, %u[%i, %j] : memref<12x200xbf16, #U>
      memref.store %r, %expect[%i, %j] : memref<12x200xf32>
    }
  }
  memref.copy %u, %w : memref<12x200xbf16, #U> to memref<12x200xbf16, #U>
  %got = memref.alloc() : memref<12x200xf32>
  scf.for %i = %c0 to %c12 step %c1 {
    scf.for %j = %c0 to %c200 step %c1 {
      %b = memref.load %w[%i, %j] : memref<12x200xbf16, #U>
      %f = arith.extf %b : bf16 to f32
      memref.store %f, %got[%i, %j] : memref<12x200xf32>
    }
  }
  %ed = memref.cast %expect : memref<12x200xf32> to memref<?x?xf32>
  %gd = memref.cast %got : memref<12x200xf32> to memref<?x?xf32>
  %d2 = func.call @diff(%ed, %gd) : (memref<?x?xf32>, memref<?x?xf32>) -> index
  // CHECK: equal layouts: 0
  vector.print str "equal layouts: "
  vector.print %d2 : index
  memref.dealloc %src : memref<1x256xf32>
  memref.dealloc %t : memref<1x256xf32, #T>
  memref.dealloc %seen : memref<1x256xf32>
  memref.dealloc %back : memref<1x256xf32>
  memref.dealloc %u : memref<12x200xbf16, #U>
  memref.dealloc %w : memref<12x200xbf16, #U>
  memref.dealloc %expect : memref<12x200xf32>
  memref.dealloc %got : memref<12x200xf32>
  return
}
