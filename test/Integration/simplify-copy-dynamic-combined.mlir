// memref.copy from a tiled memref with tail padding into a memref of run-time
// size whose layout combines that size with a tiled dimension. The copy's
// indices divide by the run-time size: the simplified maps hold both
// `x floordiv n` and `x mod n`, which must stay apart.
// RUN: tlayout-opt %s %{lower_to_llvm}=simplify-indexing=false | %{run} | FileCheck %s
// RUN: tlayout-opt %s %{lower_to_llvm} | %{run} | FileCheck %s
// RUN: tlayout-opt %s %{lower_to_llvm}=physical-order=false | %{run} | FileCheck %s

#s = #tlayout.tiled<{0,1,2:T(5)L(8)}>
#l = #tlayout.tiled<{0,2,1:T(5,*,1,1)}>

func.func private @printMemrefI32(memref<*xi32>)

/// Numbers a 5x1xn tiled array row-major, copies it into `#l` and reads the
/// copy back through `#l`.
func.func @run(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %a = memref.alloc() : memref<5x1x7xi32, #s>
  scf.for %i = %c0 to %c5 step %c1 {
    scf.for %k = %c0 to %n step %c1 {
      %r = arith.muli %i, %n : index
      %x = arith.addi %r, %k : index
      %v = arith.index_cast %x : index to i32
      memref.store %v, %a[%i, %c0, %k] : memref<5x1x7xi32, #s>
    }
  }
  %b = memref.alloc(%n)[%c5, %c1, %n] : memref<5x1x?xi32, #l>
  memref.copy %a, %b : memref<5x1x7xi32, #s> to memref<5x1x?xi32, #l>
  %out = memref.alloc(%n) : memref<5x1x?xi32>
  scf.for %i = %c0 to %c5 step %c1 {
    scf.for %k = %c0 to %n step %c1 {
      %v = memref.load %b[%i, %c0, %k] : memref<5x1x?xi32, #l>
      memref.store %v, %out[%i, %c0, %k] : memref<5x1x?xi32>
    }
  }
  %u = memref.cast %out : memref<5x1x?xi32> to memref<*xi32>
  call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  memref.dealloc %out : memref<5x1x?xi32>
  memref.dealloc %b : memref<5x1x?xi32, #l>
  memref.dealloc %a : memref<5x1x7xi32, #s>
  return
}

func.func @main() {
  %c7 = arith.constant 7 : index
  call @run(%c7) : (index) -> ()
  return
}

// CHECK: sizes = [5, 1, 7]
// CHECK-NEXT{LITERAL}: [[[0,   1,   2,   3,   4,   5,   6]],
// CHECK-NEXT{LITERAL}:  [[7,   8,   9,   10,   11,   12,   13]],
// CHECK-NEXT{LITERAL}:  [[14,   15,   16,   17,   18,   19,   20]],
// CHECK-NEXT{LITERAL}:  [[21,   22,   23,   24,   25,   26,   27]],
// CHECK-NEXT{LITERAL}:  [[28,   29,   30,   31,   32,   33,   34]]]
