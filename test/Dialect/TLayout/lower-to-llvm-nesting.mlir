// The function-local passes of --tlayout-lower-to-llvm run nested under the
// module's isolated ops (so the pass manager runs them on the functions in
// parallel, and on a nested module as a whole); the passes that change
// signatures, calls and globals run on the module. Functions and calls are
// converted by --convert-func-to-llvm, which resolves callees through a
// symbol table, before --convert-to-llvm, whose func patterns scan the
// module for every call.
// RUN: tlayout-opt %s --tlayout-lower-to-llvm --dump-pass-pipeline \
// RUN:   -o /dev/null 2>&1 | FileCheck %s --check-prefix=PIPELINE
// Threads change nothing in the result.
// RUN: tlayout-opt %s --tlayout-lower-to-llvm > %t.threads.mlir
// RUN: tlayout-opt %s --tlayout-lower-to-llvm --mlir-disable-threading \
// RUN:   > %t.serial.mlir
// RUN: diff %t.threads.mlir %t.serial.mlir
// RUN: FileCheck %s --input-file=%t.threads.mlir

// PIPELINE:      builtin.module(
// PIPELINE-NEXT:   tlayout-cpu-lower-tiled-layouts
// PIPELINE-NEXT:   any(
// PIPELINE-NEXT:     tlayout-simplify-indexing
// PIPELINE-NEXT:     tlayout-cpu-walk-tile-rows
// PIPELINE-NEXT:     tlayout-physical-order
// PIPELINE-NEXT:     tlayout-cpu-jam-repeated-stores
// PIPELINE-NEXT:     tlayout-collapse-loops
// PIPELINE-NEXT:     tlayout-cpu-nibble-bytes
// PIPELINE-NEXT:     tlayout-cpu-predicate-tails
// PIPELINE-NEXT:     tlayout-drop-assumptions
// PIPELINE-NEXT:   ),
// PIPELINE-NEXT:   tlayout-erase-memory-spaces
// PIPELINE-NEXT:   any(
// PIPELINE-NEXT:     lower-affine
// PIPELINE-NEXT:     convert-vector-to-scf
// PIPELINE-NEXT:     canonicalize
// PIPELINE-NEXT:     loop-invariant-code-motion
// PIPELINE-NEXT:     convert-scf-to-cf
// PIPELINE-NEXT:     expand-strided-metadata
// PIPELINE-NEXT:     lower-affine
// PIPELINE-NEXT:   ),
// PIPELINE-NEXT:   convert-vector-to-llvm
// PIPELINE-NEXT:   finalize-memref-to-llvm
// PIPELINE-NEXT:   convert-func-to-llvm
// PIPELINE-NEXT:   convert-to-llvm
// PIPELINE-NEXT:   reconcile-unrealized-casts
// PIPELINE-NEXT:   tlayout-drop-layout-attributes
// PIPELINE-NEXT: )

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

// The functions of a nested module are simplified and lowered too.
// CHECK-LABEL: module @inner
// CHECK-LABEL: llvm.func @fill(
// CHECK-NOT: affine.
// CHECK-NOT: floordiv
// CHECK: llvm.return
module @inner {
  func.func @fill(%a: memref<16x256xf32, #t>, %k: f32) {
    affine.for %i = 0 to 16 {
      affine.for %j = 0 to 256 {
        affine.store %k, %a[%i, %j] : memref<16x256xf32, #t>
      }
    }
    return
  }
}
