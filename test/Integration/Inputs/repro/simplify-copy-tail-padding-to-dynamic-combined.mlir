// NEW (silent miscompile): with index simplification, memref.copy from a
// tiled memref with tail padding (5x1x7, {0,1,2:T(5)L(8)}) into a memref of
// run-time size whose layout combines dimensions (5x1x?, {0,2,1:T(5,*,1,1)})
// and reading the destination back gives wrong elements: 0, 2, 4, 6, then
// uninitialized memory, instead of 0..34. Without L(8) on the source, or with
// a static destination, it is right. Reduced from random_programs.py case
// 1005:21 (run with --avoid-known).
// Fails: tlayout-opt %s --tlayout-lower-to-llvm | mlir-runner ...
//   (also with physical-order=false)
// Passes: --tlayout-lower-to-llvm=simplify-indexing=false, which prints
//   [[[0, 1, 2, 3, 4, 5, 6]], [[7, ..., 13]], ..., [[28, ..., 34]]]
#s = #tlayout.tiled<{0,1,2:T(5)L(8)}>
#l = #tlayout.tiled<{0,2,1:T(5,*,1,1)}>
func.func private @printMemrefI32(memref<*xi32>)
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
  return
}
func.func @main() {
  %c7 = arith.constant 7 : index
  call @run(%c7) : (index) -> ()
  return
}
