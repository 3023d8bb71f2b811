// RUN: tlayout-opt %s --tlayout-drop-assumptions --split-input-file | FileCheck %s

// Every tlayout.assume_multiple is replaced by its operand, in nested
// regions too.
// CHECK-LABEL: func.func @drop(
// CHECK-SAME: %[[M:.*]]: memref<?xf32>, %[[N:.*]]: index
// CHECK-NOT: tlayout.assume_multiple
// CHECK: memref.load %[[M]][%[[N]]]
// CHECK: scf.for %[[I:[^ ]+]] =
// CHECK: memref.load %[[M]][%[[I]]]
func.func @drop(%m: memref<?xf32>, %n: index) -> f32 {
  %n8 = tlayout.assume_multiple %n, 8 : index
  %x = memref.load %m[%n8] : memref<?xf32>
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %r = scf.for %i = %c0 to %n step %c8 iter_args(%acc = %x) -> f32 {
    %i8 = tlayout.assume_multiple %i, 8 : index
    %y = memref.load %m[%i8] : memref<?xf32>
    %s = arith.addf %acc, %y : f32
    scf.yield %s : f32
  }
  return %r : f32
}

// -----

// Nothing else changes.
// CHECK-LABEL: func.func @negative_no_assumption(
// CHECK: %[[C:.*]] = arith.constant 4 : index
// CHECK: return %[[C]]
func.func @negative_no_assumption() -> index {
  %c = arith.constant 4 : index
  return %c : index
}
