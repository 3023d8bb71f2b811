// A static memref whose layout combines dimensions (`*`) and is bound to its
// shape (`sizes = [...]`) allocates without symbol operands, with
// memref.alloc and memref.alloca, and runs like the untiled program (the
// second run, with the layouts removed). tlayout.cast views the bound buffer
// through the unbound layout: the same placement, so the same values. The
// physical buffer is checked too: T(2,*,3) places (i, j, k) at
// ((i floordiv 2) * 4 + (j * 6 + k) floordiv 3) * 6 + (i mod 2) * 3 +
// (j * 6 + k) mod 3.
// RUN: tlayout-opt %s %{lower_to_llvm} | %{run} | FileCheck %s --check-prefixes=CHECK,TILED
// RUN: sed -e 's/, #tlayout[.]tiled<[^>]*>>/>/g' -e '/TILED-ONLY/d' %s | tlayout-opt %{lower_to_llvm} | %{run} | FileCheck %s

func.func private @printMemrefI32(memref<*xi32>)

// Fills element (i, j, k) with 100 i + 10 j + k + base.
func.func @fill(%a: memref<4x2x6xi32, #tlayout.tiled<{2,1,0:T(2,*,3)}, sizes = [4, 2, 6]>>, %base: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c6 = arith.constant 6 : index
  %c100 = arith.constant 100 : index
  %c10 = arith.constant 10 : index
  scf.for %i = %c0 to %c4 step %c1 {
    scf.for %j = %c0 to %c2 step %c1 {
      scf.for %k = %c0 to %c6 step %c1 {
        %x = arith.muli %i, %c100 : index
        %y = arith.muli %j, %c10 : index
        %s = arith.addi %x, %y : index
        %t = arith.addi %s, %k : index
        %u = arith.addi %t, %base : index
        %v = arith.index_cast %u : index to i32
        memref.store %v, %a[%i, %j, %k] : memref<4x2x6xi32, #tlayout.tiled<{2,1,0:T(2,*,3)}, sizes = [4, 2, 6]>>
      }
    }
  }
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1000 = arith.constant 1000 : index
  %a = memref.alloc() : memref<4x2x6xi32, #tlayout.tiled<{2,1,0:T(2,*,3)}, sizes = [4, 2, 6]>>
  call @fill(%a, %c0) : (memref<4x2x6xi32, #tlayout.tiled<{2,1,0:T(2,*,3)}, sizes = [4, 2, 6]>>, index) -> ()
  // The logical array, read through the unbound layout, in either program.
  // CHECK: [0,{{ +}}1,{{ +}}2,{{ +}}3,{{ +}}4,{{ +}}5],
  // CHECK-NEXT: [10,{{ +}}11,{{ +}}12,{{ +}}13,{{ +}}14,{{ +}}15]],
  // CHECK: [310,{{ +}}311,{{ +}}312,{{ +}}313,{{ +}}314,{{ +}}315]]]
  %view = tlayout.cast %a : memref<4x2x6xi32, #tlayout.tiled<{2,1,0:T(2,*,3)}, sizes = [4, 2, 6]>> to memref<4x2x6xi32, #tlayout.tiled<{2,1,0:T(2,*,3)}>>
  %plain = memref.alloc() : memref<4x2x6xi32>
  memref.copy %view, %plain : memref<4x2x6xi32, #tlayout.tiled<{2,1,0:T(2,*,3)}>> to memref<4x2x6xi32>
  %u = memref.cast %plain : memref<4x2x6xi32> to memref<*xi32>
  call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  // The physical buffer: rows 0 and 1 interleave by threes.
  // TILED: [0,{{ +}}1,{{ +}}2,{{ +}}100,{{ +}}101,{{ +}}102,{{ +}}3,{{ +}}4,{{ +}}5,{{ +}}103,{{ +}}104,{{ +}}105,{{ +}}10,{{ +}}11,{{ +}}12,{{ +}}110,{{ +}}111,{{ +}}112,{{ +}}13,{{ +}}14,{{ +}}15,{{ +}}113,{{ +}}114,{{ +}}115,{{ +}}200,{{ +}}201,{{ +}}202,{{ +}}300,{{ +}}301,{{ +}}302,{{ +}}203,{{ +}}204,{{ +}}205,{{ +}}303,{{ +}}304,{{ +}}305,{{ +}}210,{{ +}}211,{{ +}}212,{{ +}}310,{{ +}}311,{{ +}}312,{{ +}}213,{{ +}}214,{{ +}}215,{{ +}}313,{{ +}}314,{{ +}}315]
  %p = tlayout.to_physical %a : memref<4x2x6xi32, #tlayout.tiled<{2,1,0:T(2,*,3)}, sizes = [4, 2, 6]>> to memref<48xi32> // TILED-ONLY
  %pu = memref.cast %p : memref<48xi32> to memref<*xi32> // TILED-ONLY
  call @printMemrefI32(%pu) : (memref<*xi32>) -> () // TILED-ONLY
  // A stack buffer, copied between two bound memrefs.
  // CHECK: [1000,{{ +}}1001,{{ +}}1002,{{ +}}1003,{{ +}}1004,{{ +}}1005],
  // CHECK: [1310,{{ +}}1311,{{ +}}1312,{{ +}}1313,{{ +}}1314,{{ +}}1315]]]
  %s = memref.alloca() : memref<4x2x6xi32, #tlayout.tiled<{2,1,0:T(2,*,3)}, sizes = [4, 2, 6]>>
  call @fill(%s, %c1000) : (memref<4x2x6xi32, #tlayout.tiled<{2,1,0:T(2,*,3)}, sizes = [4, 2, 6]>>, index) -> ()
  memref.copy %s, %a : memref<4x2x6xi32, #tlayout.tiled<{2,1,0:T(2,*,3)}, sizes = [4, 2, 6]>> to memref<4x2x6xi32, #tlayout.tiled<{2,1,0:T(2,*,3)}, sizes = [4, 2, 6]>>
  memref.copy %a, %plain : memref<4x2x6xi32, #tlayout.tiled<{2,1,0:T(2,*,3)}, sizes = [4, 2, 6]>> to memref<4x2x6xi32>
  call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  memref.dealloc %plain : memref<4x2x6xi32>
  memref.dealloc %a : memref<4x2x6xi32, #tlayout.tiled<{2,1,0:T(2,*,3)}, sizes = [4, 2, 6]>>
  return
}
