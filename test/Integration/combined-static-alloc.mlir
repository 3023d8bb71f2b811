// A static memref whose layout combines dimensions (`*`) allocates with its
// sizes bound to the layout map's symbols (see
// test/Conversion/LowerTiledLayouts/combined-static-alloc.mlir), and runs
// like the untiled program (the second run, with the layout and the symbol
// operands removed). The physical buffer is checked too: T(2,*,3) places
// (i, j, k) at ((i floordiv 2) * 4 + (j * 6 + k) floordiv 3) * 6 +
// (i mod 2) * 3 + (j * 6 + k) mod 3.
// RUN: tlayout-opt %s %{lower_to_llvm} | %{run} | FileCheck %s --check-prefixes=CHECK,TILED
// RUN: sed -e 's/alloc()\[[^]]*\]/alloc()/' -e 's/, #tlayout[.]tiled<[^>]*>>/>/g' -e '/TILED-ONLY/d' %s | tlayout-opt %{lower_to_llvm} | %{run} | FileCheck %s

func.func private @printMemrefI32(memref<*xi32>)

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c6 = arith.constant 6 : index
  %c100 = arith.constant 100 : index
  %c10 = arith.constant 10 : index
  %a = memref.alloc()[%c4, %c2, %c6] : memref<4x2x6xi32, #tlayout.tiled<{2,1,0:T(2,*,3)}>>
  scf.for %i = %c0 to %c4 step %c1 {
    scf.for %j = %c0 to %c2 step %c1 {
      scf.for %k = %c0 to %c6 step %c1 {
        %x = arith.muli %i, %c100 : index
        %y = arith.muli %j, %c10 : index
        %s = arith.addi %x, %y : index
        %t = arith.addi %s, %k : index
        %v = arith.index_cast %t : index to i32
        memref.store %v, %a[%i, %j, %k] : memref<4x2x6xi32, #tlayout.tiled<{2,1,0:T(2,*,3)}>>
      }
    }
  }
  // The logical array, in either program.
  // CHECK: [0,{{ +}}1,{{ +}}2,{{ +}}3,{{ +}}4,{{ +}}5],
  // CHECK-NEXT: [10,{{ +}}11,{{ +}}12,{{ +}}13,{{ +}}14,{{ +}}15]],
  // CHECK: [310,{{ +}}311,{{ +}}312,{{ +}}313,{{ +}}314,{{ +}}315]]]
  %plain = memref.alloc() : memref<4x2x6xi32>
  memref.copy %a, %plain : memref<4x2x6xi32, #tlayout.tiled<{2,1,0:T(2,*,3)}>> to memref<4x2x6xi32>
  %u = memref.cast %plain : memref<4x2x6xi32> to memref<*xi32>
  call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  // The physical buffer: rows 0 and 1 interleave by threes.
  // TILED: [0,{{ +}}1,{{ +}}2,{{ +}}100,{{ +}}101,{{ +}}102,{{ +}}3,{{ +}}4,{{ +}}5,{{ +}}103,{{ +}}104,{{ +}}105,{{ +}}10,{{ +}}11,{{ +}}12,{{ +}}110,{{ +}}111,{{ +}}112,{{ +}}13,{{ +}}14,{{ +}}15,{{ +}}113,{{ +}}114,{{ +}}115,{{ +}}200,{{ +}}201,{{ +}}202,{{ +}}300,{{ +}}301,{{ +}}302,{{ +}}203,{{ +}}204,{{ +}}205,{{ +}}303,{{ +}}304,{{ +}}305,{{ +}}210,{{ +}}211,{{ +}}212,{{ +}}310,{{ +}}311,{{ +}}312,{{ +}}213,{{ +}}214,{{ +}}215,{{ +}}313,{{ +}}314,{{ +}}315]
  %p = tlayout.to_physical %a : memref<4x2x6xi32, #tlayout.tiled<{2,1,0:T(2,*,3)}>> to memref<48xi32> // TILED-ONLY
  %pu = memref.cast %p : memref<48xi32> to memref<*xi32> // TILED-ONLY
  call @printMemrefI32(%pu) : (memref<*xi32>) -> () // TILED-ONLY
  memref.dealloc %plain : memref<4x2x6xi32>
  memref.dealloc %a : memref<4x2x6xi32, #tlayout.tiled<{2,1,0:T(2,*,3)}>>
  return
}
