// RUN: tlayout-opt %s --tlayout-tpu-pipeline 2>/dev/null | %{run} | FileCheck %s
// CHECK: {{\[}}[7,
//
// Found by the random programs: --tlayout-assign-tpu-layouts gives a T(2,128) layout to a memref
// that is only cast to an unranked memref for a function declared here (the
// runtime's printMemrefI32), and the lowering then cannot lower the cast:
// "failed to legalize operation 'memref.cast' that was explicitly marked
// illegal". A ranked memref passed to a declared function keeps its layout;
// through a cast to memref<*xi32> it does not. Every untiled program that
// prints with printMemrefI32 hits it.
// Failed before its fix: tlayout-opt %s --tlayout-tpu-pipeline
// Passes: --tlayout-lower-to-llvm
func.func private @printMemrefI32(memref<*xi32>)
func.func @main() {
  %c0 = arith.constant 0 : index
  %v = arith.constant 7 : i32
  %m = memref.alloc() : memref<2x3xi32>
  memref.store %v, %m[%c0, %c0] : memref<2x3xi32>
  %u = memref.cast %m : memref<2x3xi32> to memref<*xi32>
  call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  return
}
