// RUN: tlayout-opt %s --tlayout-cpu-lower-tiled-layouts \
// RUN:   "--tlayout-cpu-loops=physical-order=false predicate-tails=false" \
// RUN:   --split-input-file | FileCheck %s
// RUN: tlayout-opt %s --tlayout-cpu-lower-tiled-layouts \
// RUN:   --tlayout-cpu-loops="tile-loops=false physical-order=false predicate-tails=false" \
// RUN:   --split-input-file | FileCheck %s --check-prefix=NOTILE
// RUN: tlayout-opt %s --tlayout-cpu-lower-tiled-layouts \
// RUN:   "--tlayout-cpu-loops=collapse-loops=false predicate-tails=false" \
// RUN:   --split-input-file | FileCheck %s --check-prefix=PHYS
// RUN: tlayout-opt %s --tlayout-cpu-lower-tiled-layouts \
// RUN:   --tlayout-cpu-loops=predicate-tails=false \
// RUN:   --split-input-file | FileCheck %s --check-prefix=COLLAPSE

// Element-wise loops over T(8,128): the lowering divides both indices by
// the tile; strip-mining by the tile sizes leaves plain loop indices.
// Without strip-mining nothing can be proved; with physical-order (the
// default; the first run turns it off) the tile loops go outside and the
// element loops inside.

#T = #tlayout.tiled<{1,0:T(8,128)}>
// CHECK-LABEL: func.func @add
// CHECK:       affine.for %[[TI:.*]] = 0 to 8 {
// CHECK-NEXT:    affine.for %[[EI:.*]] = 0 to 8 {
// CHECK-NEXT:      affine.for %[[TJ:.*]] = 0 to 2 {
// CHECK-NEXT:        affine.for %[[EJ:.*]] = 0 to 128 {
// CHECK-NEXT:          affine.load %{{.*}}[%[[TI]], %[[TJ]], %[[EI]], %[[EJ]]]
// CHECK-NEXT:          affine.load %{{.*}}[%[[TI]], %[[TJ]], %[[EI]], %[[EJ]]]
// CHECK-NEXT:          arith.addf
// CHECK-NEXT:          affine.store %{{.*}}, %{{.*}}[%[[TI]], %[[TJ]], %[[EI]], %[[EJ]]]
// CHECK-NOT:   floordiv
// CHECK:       return
// NOTILE-LABEL: func.func @add
// NOTILE:       affine.load %{{.*}}[%{{.*}} floordiv 8, %{{.*}} floordiv 128, %{{.*}} mod 8, %{{.*}} mod 128]
// PHYS-LABEL:  func.func @add
// PHYS:        affine.for %[[TI:.*]] = 0 to 8 {
// PHYS-NEXT:     affine.for %[[TJ:.*]] = 0 to 2 {
// PHYS-NEXT:       affine.for %[[EI:.*]] = 0 to 8 {
// PHYS-NEXT:         affine.for %[[EJ:.*]] = 0 to 128 {
// PHYS-NEXT:           affine.load %{{.*}}[%[[TI]], %[[TJ]], %[[EI]], %[[EJ]]]
// In physical order the nest walks each buffer whole and in order: its
// loops collapse into one over a collapsed view of each buffer.
// COLLAPSE-LABEL: func.func @add
// COLLAPSE-SAME:    (%[[A:.*]]: memref<8x2x8x128xf32>, %[[B:.*]]: memref<8x2x8x128xf32>, %[[C:.*]]: memref<8x2x8x128xf32>)
// COLLAPSE-NEXT:    %[[VA:.*]] = memref.collapse_shape %[[A]] {{\[}}[0, 1, 2, 3]] : memref<8x2x8x128xf32> into memref<16384xf32>
// COLLAPSE-NEXT:    %[[VB:.*]] = memref.collapse_shape %[[B]] {{\[}}[0, 1, 2, 3]]
// COLLAPSE-NEXT:    %[[VC:.*]] = memref.collapse_shape %[[C]] {{\[}}[0, 1, 2, 3]]
// COLLAPSE-NEXT:    affine.for %[[K:.*]] = 0 to 16384 {
// COLLAPSE-NEXT:      %[[X:.*]] = affine.load %[[VA]][%[[K]]] : memref<16384xf32>
// COLLAPSE-NEXT:      %[[Y:.*]] = affine.load %[[VB]][%[[K]]] : memref<16384xf32>
// COLLAPSE-NEXT:      %[[S:.*]] = arith.addf %[[X]], %[[Y]]
// COLLAPSE-NEXT:      affine.store %[[S]], %[[VC]][%[[K]]] : memref<16384xf32>
// COLLAPSE-NEXT:    }
// COLLAPSE-NEXT:    return
func.func @add(%a: memref<64x256xf32, #T>, %b: memref<64x256xf32, #T>,
               %c: memref<64x256xf32, #T>) {
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 256 {
      %x = affine.load %a[%i, %j] : memref<64x256xf32, #T>
      %y = affine.load %b[%i, %j] : memref<64x256xf32, #T>
      %s = arith.addf %x, %y : f32
      affine.store %s, %c[%i, %j] : memref<64x256xf32, #T>
    }
  }
  return
}

// -----

// Row reduction (along dimension 1) in iter_args: both loops are
// strip-mined and the reduction is carried through the new loops.

#T = #tlayout.tiled<{1,0:T(8,128)}>
// CHECK-LABEL: func.func @row_sum
// CHECK:       affine.for %[[TI:.*]] = 0 to 8 {
// CHECK-NEXT:    affine.for %[[EI:.*]] = 0 to 8 {
// CHECK:           %[[R:.*]] = affine.for %[[TJ:.*]] = 0 to 2 iter_args(%[[A:.*]] = %{{.*}}) -> (f32) {
// CHECK-NEXT:        %[[S:.*]] = affine.for %[[EJ:.*]] = 0 to 128 iter_args(%[[B:.*]] = %[[A]]) -> (f32) {
// CHECK-NEXT:          %[[X:.*]] = affine.load %{{.*}}[%[[TI]], %[[TJ]], %[[EI]], %[[EJ]]]
// CHECK-NEXT:          %[[N:.*]] = arith.addf %[[B]], %[[X]]
// CHECK-NEXT:          affine.yield %[[N]]
// CHECK:             affine.yield %[[S]]
// CHECK:           affine.store %[[R]], %{{.*}}[%[[TI]] * 8 + %[[EI]]] : memref<64xf32>
// PHYS-LABEL:  func.func @row_sum
// PHYS:        affine.for %{{.*}} = 0 to 8 {
// PHYS-NEXT:     affine.for %{{.*}} = 0 to 8 {
func.func @row_sum(%a: memref<64x256xf32, #T>, %out: memref<64xf32>) {
  %z = arith.constant 0.0 : f32
  affine.for %i = 0 to 64 {
    %s = affine.for %j = 0 to 256 iter_args(%acc = %z) -> f32 {
      %x = affine.load %a[%i, %j] : memref<64x256xf32, #T>
      %n = arith.addf %acc, %x : f32
      affine.yield %n : f32
    }
    affine.store %s, %out[%i] : memref<64xf32>
  }
  return
}

// -----

// Column reduction (along dimension 0) through memory. Physical order is
// legal here (the accumulator's dependences are carried by the row loops,
// which stay outside the columns' element loop) and puts the tiles outside.

#T = #tlayout.tiled<{1,0:T(8,128)}>
// CHECK-LABEL: func.func @column_sum
// CHECK:       affine.for %[[TI:.*]] = 0 to 8 {
// CHECK-NEXT:    affine.for %[[EI:.*]] = 0 to 8 {
// CHECK-NEXT:      affine.for %[[TJ:.*]] = 0 to 2 {
// CHECK-NEXT:        affine.for %[[EJ:.*]] = 0 to 128 {
// CHECK-NEXT:          affine.load %{{.*}}[%[[TI]], %[[TJ]], %[[EI]], %[[EJ]]]
// CHECK-NEXT:          affine.load %{{.*}}[%[[TJ]] * 128 + %[[EJ]]] : memref<256xf32>
// CHECK-NEXT:          arith.addf
// CHECK-NEXT:          affine.store %{{.*}}, %{{.*}}[%[[TJ]] * 128 + %[[EJ]]] : memref<256xf32>
// With physical order, each tile is read in order, row after row. Its 8
// rows store to the same sums, but every group of tile rows revisits those
// sums, which stay in cache: the rows are not jammed into the loop over the
// columns (which would read each tile as 8 interleaved streams).
// PHYS-LABEL:  func.func @column_sum
// PHYS:        affine.for %[[TI:.*]] = 0 to 8 {
// PHYS-NEXT:     affine.for %[[TJ:.*]] = 0 to 2 {
// PHYS-NEXT:       affine.for %[[EI:.*]] = 0 to 8 {
// PHYS-NEXT:         affine.for %[[EJ:.*]] = 0 to 128 {
// PHYS-NEXT:           affine.load %{{.*}}[%[[TI]], %[[TJ]], %[[EI]], %[[EJ]]]
// PHYS-NEXT:           affine.load %{{.*}}[%[[TJ]] * 128 + %[[EJ]]] : memref<256xf32>
// PHYS-NEXT:           arith.addf
// PHYS-NEXT:           affine.store %{{.*}}, %{{.*}}[%[[TJ]] * 128 + %[[EJ]]] : memref<256xf32>
// PHYS-NEXT:         }
func.func @column_sum(%a: memref<64x256xf32, #T>, %out: memref<256xf32>) {
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 256 {
      %x = affine.load %a[%i, %j] : memref<64x256xf32, #T>
      %o = affine.load %out[%j] : memref<256xf32>
      %n = arith.addf %o, %x : f32
      affine.store %n, %out[%j] : memref<256xf32>
    }
  }
  return
}

// -----

// A copy between two tilings of one dimension (T(8,128) -> T(128,8)): the
// column loop is strip-mined by 128 then by 8, and both buffers are indexed
// without a division.

#A = #tlayout.tiled<{1,0:T(8,128)}>
#B = #tlayout.tiled<{1,0:T(128,8)}>
// CHECK-LABEL: func.func @retile
// CHECK:       affine.for %[[TI:.*]] = 0 to 16 {
// CHECK-NEXT:    affine.for %[[EI:.*]] = 0 to 8 {
// CHECK-NEXT:      affine.for %[[TJ:.*]] = 0 to 2 {
// CHECK-NEXT:        affine.for %[[UJ:.*]] = 0 to 16 {
// CHECK-NEXT:          affine.for %[[EJ:.*]] = 0 to 8 {
// CHECK-NEXT:            affine.load %{{.*}}[%[[TI]], %[[TJ]], %[[EI]], %[[UJ]] * 8 + %[[EJ]]] : memref<16x2x8x128xf32>
// CHECK-NEXT:            affine.store %{{.*}}, %{{.*}}[0, %[[TJ]] * 16 + %[[UJ]], %[[TI]] * 8 + %[[EI]], %[[EJ]]] : memref<1x32x128x8xf32>
func.func @retile(%a: memref<128x256xf32, #A>, %b: memref<128x256xf32, #B>) {
  affine.for %i = 0 to 128 {
    affine.for %j = 0 to 256 {
      %x = affine.load %a[%i, %j] : memref<128x256xf32, #A>
      affine.store %x, %b[%i, %j] : memref<128x256xf32, #B>
    }
  }
  return
}

// -----

// memref.copy between row-major and T(8,128)(2,1) bf16: the lowering walks
// the destination's tiles (two rows loaded and interleaved per run); every
// index is a loop index or a sum of them.

#B = #tlayout.tiled<{1,0:T(8,128)(2,1)}>
// CHECK-LABEL: func.func @relayout_bf16
// CHECK-NOT:   floordiv
// CHECK-NOT:   mod
// CHECK:       affine.vector_load %{{.*}}[%{{.*}} * 8 + %{{.*}} * 2 + 1, %{{.*}} * 128] : memref<64x256xbf16>
// CHECK:       affine.vector_store %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}, %{{.*}}, 0] : memref<8x2x4x256xbf16>
// CHECK:       return
func.func @relayout_bf16(%a: memref<64x256xbf16>, %b: memref<64x256xbf16, #B>) {
  memref.copy %a, %b : memref<64x256xbf16> to memref<64x256xbf16, #B>
  return
}

// -----

// scf.for with dynamic bounds: the tile loop runs to ub ceildiv 8 and the
// element loop to min(8, ub - 8 * t), so the last, partial tile is walked
// too.

#T = #tlayout.tiled<{1,0:T(8,128)}>
// CHECK-DAG:   #[[TILES8:.*]] = affine_map<()[s0] -> (s0 ceildiv 8)>
// CHECK-DAG:   #[[REST8:.*]] = affine_map<(d0)[s0] -> (8, d0 * -8 + s0)>
// CHECK-LABEL: func.func @dynamic
// CHECK-SAME:  (%[[A:.*]]: memref<?x?x8x128xf32>, %{{.*}}: index, %{{.*}}: index, %[[N:.*]]: index, %[[M:.*]]: index)
// CHECK:       %[[NT:.*]] = affine.apply #[[TILES8]]()[%[[N]]]
// CHECK:       scf.for %[[TI:.*]] = %{{.*}} to %[[NT]] step
// CHECK:         %[[NE:.*]] = affine.min #[[REST8]](%[[TI]])[%[[N]]]
// CHECK:         scf.for %[[EI:.*]] = %{{.*}} to %[[NE]] step
// CHECK:             scf.for %[[TJ:.*]] = %{{.*}} to %{{.*}} step
// CHECK:               scf.for %[[EJ:.*]] = %{{.*}} to %{{.*}} step
// CHECK-NEXT:            memref.store %{{.*}}, %[[A]][%[[TI]], %[[TJ]], %[[EI]], %[[EJ]]] : memref<?x?x8x128xf32>
func.func @dynamic(%a: memref<?x?xf32, #T>, %n: index, %m: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  scf.for %i = %c0 to %n step %c1 {
    scf.for %j = %c0 to %m step %c1 {
      memref.store %one, %a[%i, %j] : memref<?x?xf32, #T>
    }
  }
  return
}

// -----

// A lower bound that is not a tile boundary and a step of 2: the first tile
// starts at max(1, 3 - 8 * t) (the odd rows) and the last ends at 20.

#T = #tlayout.tiled<{1,0:T(8,128)}>
// CHECK-DAG:   #[[FIRST:.*]] = affine_map<(d0) -> (1, d0 * -8 + 3)>
// CHECK-DAG:   #[[LAST:.*]] = affine_map<(d0) -> (8, d0 * -8 + 20)>
// CHECK-LABEL: func.func @unaligned
// CHECK:       affine.for %[[TI:.*]] = 0 to 3 {
// CHECK-NEXT:    affine.for %[[EI:.*]] = max #[[FIRST]](%[[TI]]) to min #[[LAST]](%[[TI]]) step 2 {
// CHECK:             affine.store %{{.*}}, %{{.*}}[%[[TI]], %{{.*}}, %[[EI]], %{{.*}}]
func.func @unaligned(%a: memref<20x300xf32, #T>) {
  %one = arith.constant 1.0 : f32
  affine.for %i = 3 to 20 step 2 {
    affine.for %j = 0 to 300 {
      affine.store %one, %a[%i, %j] : memref<20x300xf32, #T>
    }
  }
  return
}

// -----

// Ranges alone: rows 8 to 15 lie in the second row of tiles, so the row's
// division is the constant 1 and its remainder i - 8, with or without
// strip-mining.

#T = #tlayout.tiled<{1,0:T(8,128)}>
// NOTILE-LABEL: func.func @one_tile_row
// NOTILE:       affine.store %{{.*}}, %{{.*}}[1, %{{.*}} floordiv 128, %{{.*}} - 8, %{{.*}} mod 128]
func.func @one_tile_row(%a: memref<64x256xf32, #T>) {
  %one = arith.constant 1.0 : f32
  affine.for %i = 8 to 16 {
    affine.for %j = 0 to 256 {
      affine.store %one, %a[%i, %j] : memref<64x256xf32, #T>
    }
  }
  return
}

// -----

// Loops tiled by hand (steps of whole tiles, element loops starting at the
// tile loop's index) are normalized: the same four plain indices.

#T = #tlayout.tiled<{1,0:T(8,128)}>
// CHECK-LABEL: func.func @hand_tiled
// CHECK:       affine.for %[[TI:.*]] = 0 to 8 {
// CHECK-NEXT:    affine.for %[[EI:.*]] = 0 to 8 {
// CHECK-NEXT:      affine.for %[[TJ:.*]] = 0 to 2 {
// CHECK-NEXT:        affine.for %[[EJ:.*]] = 0 to 128 {
// CHECK-NEXT:          affine.store %{{.*}}, %{{.*}}[%[[TI]], %[[TJ]], %[[EI]], %[[EJ]]]
func.func @hand_tiled(%a: memref<64x256xf32, #T>) {
  %one = arith.constant 1.0 : f32
  affine.for %i = 0 to 64 step 8 {
    affine.for %ii = affine_map<(d0) -> (d0)>(%i) to affine_map<(d0) -> (d0 + 8)>(%i) {
      affine.for %j = 0 to 256 step 128 {
        affine.for %jj = affine_map<(d0) -> (d0)>(%j) to affine_map<(d0) -> (d0 + 128)>(%j) {
          affine.store %one, %a[%ii, %jj] : memref<64x256xf32, #T>
        }
      }
    }
  }
  return
}

// -----

// Dynamic sizes promised to be whole tiles: the element loops run to the
// constants 8 and 128, and the promise is gone from the output.

#T = #tlayout.tiled<{1,0:T(8,128)}>
// CHECK-LABEL: func.func @assumed
// CHECK-NOT:   tlayout.assume_multiple
// CHECK:       affine.for %[[TI:.*]] = 0 to #{{.*}}()[%{{.*}}] {
// CHECK-NEXT:    affine.for %[[EI:.*]] = 0 to 8 {
// CHECK-NEXT:      affine.for %[[TJ:.*]] = 0 to #{{.*}}()[%{{.*}}] {
// CHECK-NEXT:        affine.for %[[EJ:.*]] = 0 to 128 {
// CHECK-NEXT:          affine.store %{{.*}}, %{{.*}}[%[[TI]], %[[TJ]], %[[EI]], %[[EJ]]]
func.func @assumed(%a: memref<?x?xf32, #T>, %n: index, %m: index) {
  %one = arith.constant 1.0 : f32
  %n8 = tlayout.assume_multiple %n, 8 : index
  %m128 = tlayout.assume_multiple %m, 128 : index
  affine.for %i = 0 to %n8 {
    affine.for %j = 0 to %m128 {
      affine.store %one, %a[%i, %j] : memref<?x?xf32, #T>
    }
  }
  return
}

// -----

// Without the promise, the same loops keep a partial last tile.

#T = #tlayout.tiled<{1,0:T(8,128)}>
// CHECK-LABEL: func.func @not_assumed
// CHECK:       affine.for %[[TI:.*]] = 0 to #{{.*}}()[%[[N:.*]]] {
// CHECK-NEXT:    affine.for %{{.*}} = 0 to min #{{.*}}(%[[TI]])[%[[N]]] {
func.func @not_assumed(%a: memref<?x?xf32, #T>, %n: index, %m: index) {
  %one = arith.constant 1.0 : f32
  affine.for %i = 0 to %n {
    affine.for %j = 0 to %m {
      affine.store %one, %a[%i, %j] : memref<?x?xf32, #T>
    }
  }
  return
}

// -----

// A loop whose step does not divide the tile is strip-mined at tile
// boundaries: tile t starts at the loop's phase in it, (0 - 8 * t) mod 3
// (written -8 * t + 3 * ((8 * t) ceildiv 3)), computed in the inner loop's
// bound once per tile; the body divides nothing.

#T = #tlayout.tiled<{0:T(8)}>
// CHECK-DAG:   #[[LB:.*]] = affine_map<(d0) -> (d0 * -8 + ((d0 * 8) ceildiv 3) * 3, 0, d0 * -8)>
// CHECK-DAG:   #[[UB:.*]] = affine_map<(d0) -> (8, d0 * -8 + 64)>
// CHECK-LABEL: func.func @step_three
// CHECK:       affine.for %[[T:.*]] = 0 to 8 {
// CHECK-NEXT:    affine.for %[[E:.*]] = max #[[LB]](%[[T]]) to min #[[UB]](%[[T]]) step 3 {
// CHECK-NEXT:      affine.store %{{.*}}, %{{.*}}[%[[T]], %[[E]]]
// CHECK-NEXT:    }
// CHECK-NEXT:  }
func.func @step_three(%a: memref<64xf32, #T>) {
  %one = arith.constant 1.0 : f32
  affine.for %i = 0 to 64 step 3 {
    affine.store %one, %a[%i] : memref<64xf32, #T>
  }
  return
}

// -----

// Divisions by a run-time size are left to the rest of the map's
// simplification, which must keep `j floordiv n` and `j mod n` apart: they
// are different values even where they have the same coefficient.

// CHECK-LABEL: func.func @symbolic_divisor
// CHECK-SAME:    (%{{.*}}: memref<?xi32>, %[[N:[[:alnum:]_]+]]: index)
// CHECK:       affine.for %[[I:[[:alnum:]_]+]] = 0 to 5 {
// CHECK-NEXT:    affine.for %[[J:[[:alnum:]_]+]] = 0 to %[[N]] {
// CHECK-NEXT:      affine.store %{{.*}}, %{{.*}}[%[[I]] + (%[[J]] mod symbol(%[[N]])) * 3 + (%[[J]] floordiv symbol(%[[N]])) * 5]
// CHECK-NEXT:      affine.store %{{.*}}, %{{.*}}[%[[I]] + (%[[J]] mod symbol(%[[N]])) * 5 + (%[[J]] floordiv symbol(%[[N]])) * 5]
// NOTILE-LABEL: func.func @symbolic_divisor
// NOTILE:         affine.store %{{.*}}, %{{.*}}[%[[I:[[:alnum:]_]+]] + (%[[J:[[:alnum:]_]+]] mod symbol(%[[N:[[:alnum:]_]+]])) * 3 + (%[[J]] floordiv symbol(%[[N]])) * 5]
// NOTILE-NEXT:    affine.store %{{.*}}, %{{.*}}[%[[I]] + (%[[J]] mod symbol(%[[N]])) * 5 + (%[[J]] floordiv symbol(%[[N]])) * 5]
// PHYS-LABEL:   func.func @symbolic_divisor
// PHYS:           affine.store %{{.*}}, %{{.*}}[%[[I:[[:alnum:]_]+]] + (%[[J:[[:alnum:]_]+]] mod symbol(%[[N:[[:alnum:]_]+]])) * 3 + (%[[J]] floordiv symbol(%[[N]])) * 5]
// PHYS-NEXT:      affine.store %{{.*}}, %{{.*}}[%[[I]] + (%[[J]] mod symbol(%[[N]])) * 5 + (%[[J]] floordiv symbol(%[[N]])) * 5]
func.func @symbolic_divisor(%a: memref<?xi32>, %n: index) {
  %c9 = arith.constant 9 : i32
  affine.for %i = 0 to 5 {
    affine.for %j = 0 to %n {
      %q = affine.apply affine_map<(d0)[s0] -> (d0 floordiv s0)>(%j)[%n]
      %r = affine.apply affine_map<(d0)[s0] -> (d0 mod s0)>(%j)[%n]
      %x = affine.apply affine_map<(d0, d1, d2) -> (d1 * 3 + d2 * 5 + d0)>(%i, %r, %q)
      affine.store %c9, %a[%x] : memref<?xi32>
      %y = affine.apply affine_map<(d0, d1, d2) -> (d1 * 5 + d2 * 5 + d0)>(%i, %r, %q)
      affine.store %c9, %a[%y] : memref<?xi32>
    }
  }
  return
}
