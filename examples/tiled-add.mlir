// An element-wise kernel on XLA's Figure 1 layout, F32[3,5]{1,0:T(2,2)} (in
// i32 so that the printed numbers are exact), run next to the same kernel on
// row-major memrefs. README command 1 (scripts/bootstrap.sh) shows the
// lowering of @add and runs @main on the CPU:
//
//   ./build/bin/tlayout-opt examples/tiled-add.mlir --lower-tiled-layouts
//   ./build/bin/tlayout-opt examples/tiled-add.mlir --tlayout-lower-to-llvm |
//     mlir-runner-22 -e main -entry-point-result=void \
//       -shared-libs=/usr/lib/llvm-22/lib/libmlir_runner_utils.so,/usr/lib/llvm-22/lib/libmlir_c_runner_utils.so
//
// It prints the row-major result, the tiled result read back in logical
// order (the same numbers), and the tiled result's physical buffer: 2x2
// tiles, -1 where the tiles pad the 3x5 array.

#fig1 = #tlayout.tiled<{1,0:T(2,2)}>

func.func private @printMemrefI32(memref<*xi32>)

// c = a + b on tiled memrefs. --lower-tiled-layouts rewrites each access
// into one of the 2x3x2x2 physical buffer through floordiv/mod maps.
func.func @add(%a: memref<3x5xi32, #fig1>, %b: memref<3x5xi32, #fig1>,
               %c: memref<3x5xi32, #fig1>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  scf.for %i = %c0 to %c3 step %c1 {
    scf.for %j = %c0 to %c5 step %c1 {
      %x = memref.load %a[%i, %j] : memref<3x5xi32, #fig1>
      %y = memref.load %b[%i, %j] : memref<3x5xi32, #fig1>
      %z = arith.addi %x, %y : i32
      memref.store %z, %c[%i, %j] : memref<3x5xi32, #fig1>
    }
  }
  return
}

// The same kernel on row-major memrefs.
func.func @add_untiled(%a: memref<3x5xi32>, %b: memref<3x5xi32>,
                       %c: memref<3x5xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  scf.for %i = %c0 to %c3 step %c1 {
    scf.for %j = %c0 to %c5 step %c1 {
      %x = memref.load %a[%i, %j] : memref<3x5xi32>
      %y = memref.load %b[%i, %j] : memref<3x5xi32>
      %z = arith.addi %x, %y : i32
      memref.store %z, %c[%i, %j] : memref<3x5xi32>
    }
  }
  return
}

// a[i, j] = 10 * i + j and b[i, j] = 100 * (i + 1), by logical index.
func.func @init(%a: memref<3x5xi32>, %b: memref<3x5xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c10 = arith.constant 10 : index
  %c100 = arith.constant 100 : index
  scf.for %i = %c0 to %c3 step %c1 {
    scf.for %j = %c0 to %c5 step %c1 {
      %r = arith.muli %i, %c10 : index
      %v = arith.addi %r, %j : index
      %vi = arith.index_cast %v : index to i32
      memref.store %vi, %a[%i, %j] : memref<3x5xi32>
      %i1 = arith.addi %i, %c1 : index
      %w = arith.muli %i1, %c100 : index
      %wi = arith.index_cast %w : index to i32
      memref.store %wi, %b[%i, %j] : memref<3x5xi32>
    }
  }
  return
}

func.func @main() {
  %a = memref.alloc() : memref<3x5xi32>
  %b = memref.alloc() : memref<3x5xi32>
  %c = memref.alloc() : memref<3x5xi32>
  call @init(%a, %b) : (memref<3x5xi32>, memref<3x5xi32>) -> ()

  // Row-major.
  vector.print str "row-major result:\n"
  call @add_untiled(%a, %b, %c)
      : (memref<3x5xi32>, memref<3x5xi32>, memref<3x5xi32>) -> ()
  %cu = memref.cast %c : memref<3x5xi32> to memref<*xi32>
  call @printMemrefI32(%cu) : (memref<*xi32>) -> ()

  // Tiled: relayout the inputs, run, read the result back in logical order.
  %ta = memref.alloc() : memref<3x5xi32, #fig1>
  %tb = memref.alloc() : memref<3x5xi32, #fig1>
  %tc = memref.alloc() : memref<3x5xi32, #fig1>
  %pc = tlayout.to_physical %tc : memref<3x5xi32, #fig1> to memref<24xi32>
  %neg = arith.constant -1 : i32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c24 = arith.constant 24 : index
  scf.for %k = %c0 to %c24 step %c1 {
    memref.store %neg, %pc[%k] : memref<24xi32>
  }
  memref.copy %a, %ta : memref<3x5xi32> to memref<3x5xi32, #fig1>
  memref.copy %b, %tb : memref<3x5xi32> to memref<3x5xi32, #fig1>
  call @add(%ta, %tb, %tc)
      : (memref<3x5xi32, #fig1>, memref<3x5xi32, #fig1>,
         memref<3x5xi32, #fig1>) -> ()
  %back = memref.alloc() : memref<3x5xi32>
  memref.copy %tc, %back : memref<3x5xi32, #fig1> to memref<3x5xi32>
  vector.print str "tiled result, in logical order:\n"
  %bu = memref.cast %back : memref<3x5xi32> to memref<*xi32>
  call @printMemrefI32(%bu) : (memref<*xi32>) -> ()
  vector.print str "tiled result's physical buffer (-1: padding):\n"
  %pu = memref.cast %pc : memref<24xi32> to memref<*xi32>
  call @printMemrefI32(%pu) : (memref<*xi32>) -> ()

  memref.dealloc %a : memref<3x5xi32>
  memref.dealloc %b : memref<3x5xi32>
  memref.dealloc %c : memref<3x5xi32>
  memref.dealloc %ta : memref<3x5xi32, #fig1>
  memref.dealloc %tb : memref<3x5xi32, #fig1>
  memref.dealloc %tc : memref<3x5xi32, #fig1>
  memref.dealloc %back : memref<3x5xi32>
  return
}
