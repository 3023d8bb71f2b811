// RUN: tlayout-opt %s --lower-tiled-layouts \
// RUN:   --tlayout-cpu-loops=predicate-tails=false \
// RUN:   --split-input-file | FileCheck %s

// Loops whose step (3) does not divide the tile (128 columns) are
// strip-mined at tile boundaries: tile t starts at the loop's phase in it,
// max((lb - 128 * t) mod 3, lb - 128 * t), computed in the inner loop's
// bound once per tile (the remainder written with ceildiv, which upstream's
// folding of loop bounds does not misjudge, and 0 to show it is never
// negative). The bodies keep no floordiv or mod.

#T = #tlayout.tiled<{1,0:T(8,128)}>
// CHECK-DAG:   #[[LB:.*]] = affine_map<(d0) -> (d0 * -128 + ((d0 * 128 - 1) ceildiv 3) * 3 + 1, 0, d0 * -128 + 1)>
// CHECK-DAG:   #[[UB:.*]] = affine_map<(d0) -> (128, d0 * -128 + 500)>
// CHECK-LABEL: func.func @add_step3
// CHECK:       affine.for %[[TI:.*]] = 0 to 8 {
// CHECK-NEXT:    affine.for %[[TJ:.*]] = 0 to 4 {
// CHECK-NEXT:      affine.for %[[EI:.*]] = 0 to 8 {
// CHECK-NEXT:        affine.for %[[EJ:.*]] = max #[[LB]](%[[TJ]]) to min #[[UB]](%[[TJ]]) step 3 {
// CHECK-NOT:           floordiv
// CHECK-NOT:           mod
// CHECK-NEXT:          affine.load %{{.*}}[%[[TI]], %[[TJ]], %[[EI]], %[[EJ]]]
// CHECK-NEXT:          arith.addf
// CHECK-NEXT:          affine.store %{{.*}}, %{{.*}}[%[[TI]], %[[TJ]], %[[EI]], %[[EJ]]]
// CHECK-NEXT:        }
func.func @add_step3(%a: memref<64x512xf32, #T>, %b: memref<64x512xf32, #T>) {
  affine.for %i = 0 to 64 {
    affine.for %j = 1 to 500 step 3 {
      %x = affine.load %a[%i, %j] : memref<64x512xf32, #T>
      %y = arith.addf %x, %x : f32
      affine.store %y, %b[%i, %j] : memref<64x512xf32, #T>
    }
  }
  return
}

// -----

// Unknown bounds: the phase and the ends of each tile are computed per
// tile (affine.max/min), and the tile loop is not strip-mined again for
// the phase's mod.

#T = #tlayout.tiled<{1,0:T(8,128)}>
// CHECK-DAG:   #[[PH:.*]] = affine_map<(d0)[s0] -> ((d0 * -128 + s0) mod 3, d0 * -128 + s0)>
// CHECK-LABEL: func.func @dynamic_step3
// CHECK-SAME:    %{{[^:]*}}: memref<?x?x8x128xf32>, %{{[^:]*}}: index, %{{[^:]*}}: index, %{{[^:]*}}: index, %[[LBV:[^:]*]]: index
// CHECK:       scf.for %[[TJ:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK-NEXT:    %[[S:.*]] = affine.max #[[PH]](%[[TJ]])[%[[LBV]]]
// CHECK-NEXT:    %[[E:.*]] = affine.min
// CHECK-NEXT:    scf.for %[[EJ:.*]] = %[[S]] to %[[E]] step %{{.*}} {
// CHECK-NEXT:      memref.store %{{.*}}, %{{.*}}[%{{.*}}, %[[TJ]], %{{.*}}, %[[EJ]]]
// CHECK-NEXT:    }
// CHECK-NEXT:  }
func.func @dynamic_step3(%a: memref<?x?xf32, #T>, %n: index, %lb: index,
                         %ub: index) {
  %c3 = arith.constant 3 : index
  %one = arith.constant 1.0 : f32
  affine.for %i = 0 to %n {
    scf.for %j = %lb to %ub step %c3 {
      memref.store %one, %a[%i, %j] : memref<?x?xf32, #T>
    }
  }
  return
}

// -----

// A step larger than the tile is left as it is.

#T = #tlayout.tiled<{1,0:T(8,128)}>
// CHECK-LABEL: func.func @step_past_tile
// CHECK:       affine.for %[[J:.*]] = 0 to 512 step 200 {
// CHECK-NEXT:    affine.store %{{.*}}, %{{.*}}[0, %[[J]] floordiv 128, 0, %[[J]] mod 128]
func.func @step_past_tile(%a: memref<8x512xf32, #T>) {
  %one = arith.constant 1.0 : f32
  affine.for %j = 0 to 512 step 200 {
    affine.store %one, %a[0, %j] : memref<8x512xf32, #T>
  }
  return
}
