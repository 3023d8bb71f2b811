// The function-local passes of --tlayout-lower-to-llvm run nested under
// func.func (so the pass manager runs them on the functions in parallel);
// the passes that change signatures, calls and globals run on the module.
// RUN: tlayout-opt %s --tlayout-lower-to-llvm --dump-pass-pipeline \
// RUN:   -o /dev/null 2>&1 | FileCheck %s --check-prefix=PIPELINE
// Threads change nothing in the result.
// RUN: tlayout-opt %s --tlayout-lower-to-llvm > %t.threads.mlir
// RUN: tlayout-opt %s --tlayout-lower-to-llvm --mlir-disable-threading \
// RUN:   > %t.serial.mlir
// RUN: diff %t.threads.mlir %t.serial.mlir
// RUN: FileCheck %s --input-file=%t.threads.mlir
// --tlayout-simplify-indexing runs on func.func, nested implicitly from the
// command line.
// RUN: tlayout-opt %s --lower-tiled-layouts --tlayout-simplify-indexing \
// RUN:   --dump-pass-pipeline -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=IMPLICIT

// PIPELINE:      builtin.module(
// PIPELINE-NEXT:   lower-tiled-layouts
// PIPELINE-NEXT:   func.func(
// PIPELINE-NEXT:     tlayout-simplify-indexing
// PIPELINE-NEXT:     tlayout-drop-assumptions
// PIPELINE-NEXT:   ),
// PIPELINE-NEXT:   tlayout-erase-memory-spaces
// PIPELINE-NEXT:   func.func(
// PIPELINE-NEXT:     convert-vector-to-scf
// PIPELINE-NEXT:     lower-affine
// PIPELINE-NEXT:     canonicalize
// PIPELINE-NEXT:     loop-invariant-code-motion
// PIPELINE-NEXT:     convert-scf-to-cf
// PIPELINE-NEXT:     expand-strided-metadata
// PIPELINE-NEXT:     lower-affine
// PIPELINE-NEXT:   ),
// PIPELINE-NEXT:   convert-vector-to-llvm
// PIPELINE-NEXT:   finalize-memref-to-llvm
// PIPELINE-NEXT:   convert-to-llvm
// PIPELINE-NEXT:   reconcile-unrealized-casts
// PIPELINE-NEXT: )

// IMPLICIT:      builtin.module(
// IMPLICIT-NEXT:   lower-tiled-layouts
// IMPLICIT-NEXT:   func.func(
// IMPLICIT-NEXT:     tlayout-simplify-indexing

#t = #tlayout.tiled<{1,0:T(8,128)}>

// CHECK-LABEL: llvm.func @sum(
// CHECK-NOT: func.
// CHECK-LABEL: llvm.func @scale(
// CHECK: llvm.call @sum(
func.func @sum(%a: memref<16x256xf32, #t>, %out: memref<16xf32>) {
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 16 {
    %s = affine.for %j = 0 to 256 iter_args(%acc = %zero) -> f32 {
      %x = affine.load %a[%i, %j] : memref<16x256xf32, #t>
      %n = arith.addf %acc, %x fastmath<reassoc> : f32
      affine.yield %n : f32
    }
    affine.store %s, %out[%i] : memref<16xf32>
  }
  return
}

func.func @scale(%a: memref<16x256xf32, #t>, %out: memref<16xf32>, %k: f32) {
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 256 {
      %x = affine.load %a[%i, %j] : memref<16x256xf32, #t>
      %y = arith.mulf %x, %k : f32
      affine.store %y, %a[%i, %j] : memref<16x256xf32, #t>
    }
  }
  func.call @sum(%a, %out) : (memref<16x256xf32, #t>, memref<16xf32>) -> ()
  return
}
