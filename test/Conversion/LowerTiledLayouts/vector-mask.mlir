// RUN: tlayout-opt %s --lower-tiled-layouts | FileCheck %s

// A vector.mask around a transfer of a tiled memref is rewritten with the
// transfer, also when its mask is a constant that upstream's folder of
// vector.mask would drop (folders do not run where a pattern applies).
// CHECK-LABEL: func.func @all_true_mask(
// CHECK-SAME: %[[M:.*]]: memref<1x1x1x3x3x1xi32>
// CHECK-NOT: vector.mask
// CHECK-NOT: vector.transfer_write
// CHECK: scf.if
// CHECK: memref.store %{{.*}}, %[[M]]
// CHECK: return
func.func @all_true_mask(%m: memref<1xi32, #tlayout.tiled<{0:T(3,3)(3,1)}>>) {
  %c0 = arith.constant 0 : index
  %mask = arith.constant dense<[true, true]> : vector<2xi1>
  %v = arith.constant dense<[2000, 2001]> : vector<2xi32>
  vector.mask %mask { vector.transfer_write %v, %m[%c0] {in_bounds = [false]} : vector<2xi32>, memref<1xi32, #tlayout.tiled<{0:T(3,3)(3,1)}>> } : vector<2xi1>
  return
}
