// #tlayout.dims: parsing, printing back, the layout map, and the lowering.
// RUN: tlayout-opt %s --split-input-file | FileCheck %s --check-prefix=PRINT
// RUN: tlayout-opt %s --split-input-file --normalize-memrefs | FileCheck %s --check-prefix=MAP
// RUN: tlayout-opt %s --split-input-file --lower-tiled-layouts | FileCheck %s --check-prefix=LOWER

// PRINT-LABEL: func.func @spellings
// PRINT-SAME: memref<6x8xf32, #tlayout.dims<[1, 0, 1:packed(4)]>>
// PRINT-SAME: memref<2x16xf32, #tlayout.dims<[0, 1, 1:odd_even(8)]>>
// PRINT-SAME: memref<3x5xf32, #tlayout.dims<[1, 0]>>
// PRINT-SAME: memref<4x4xf32, #tlayout.dims<[1, 0, 1:packed(4)], parent = [6, 8], offsets = [2, ?]>>
// PRINT-SAME: memref<3x5xf32, #tlayout.dims<[0, 1]>>)
func.func @spellings(
    %a: memref<6x8xf32, #tlayout.dims<[1:dynamic, 0, 1 : packed(4)]>>,
    %b: memref<2x16xf32, #tlayout.dims<[0, 1, 1:odd_even(8)]>>,
    %c: memref<3x5xf32, #tlayout.dims<[1, 0]>>,
    %d: memref<4x4xf32, #tlayout.dims<[1, 0, 1:packed(4)], parent = [6, 8], offsets = [2, ?]>>,
    %e: memref<3x5xf32, #tlayout.dims<[0, 1]>>) {
  return
}

// -----

// The map is the multi-result floordiv/mod map: normalize-memrefs derives the
// physical shape from it.
// MAP-LABEL: func.func @morello(
// MAP: memref.alloc() : memref<2x6x4xf32>
// MAP: affine.load %{{.*}}[symbol(%[[I:.*]]) floordiv 4, symbol(%{{.*}}), symbol(%[[I]]) mod 4]
// LOWER-LABEL: func.func @morello(
// LOWER: %[[A:.*]] = memref.alloc() : memref<2x6x4xf32>
// LOWER: affine.load %[[A]][%{{.*}} floordiv 4, %{{.*}}, %{{.*}} mod 4] : memref<2x6x4xf32>
func.func @morello(%i: index, %j: index) -> f32 {
  %m = memref.alloc() : memref<6x8xf32, #tlayout.dims<[1, 0, 1:packed(4)]>>
  %v = affine.load %m[%j, %i] : memref<6x8xf32, #tlayout.dims<[1, 0, 1:packed(4)]>>
  memref.dealloc %m : memref<6x8xf32, #tlayout.dims<[1, 0, 1:packed(4)]>>
  return %v : f32
}

// -----

// An odd-even strip is two physical dimensions: the parity, then the
// position within its half.
// LOWER-DAG: #[[PARITY:.*]] = affine_map<(d0, d1) -> (d1 mod 2)>
// LOWER-DAG: #[[HALF:.*]] = affine_map<(d0, d1) -> ((d1 floordiv 2) mod 4)>
// LOWER-DAG: #[[STRIP:.*]] = affine_map<(d0, d1) -> (d1 floordiv 8)>
// LOWER-LABEL: func.func @odd_even(
// LOWER-SAME: %[[B:.*]]: memref<2x2x2x4xf32>, %[[I:.*]]: index, %[[J:.*]]: index
// LOWER: %[[S:.*]] = affine.apply #[[STRIP]](%[[I]], %[[J]])
// LOWER: %[[P:.*]] = affine.apply #[[PARITY]](%[[I]], %[[J]])
// LOWER: %[[H:.*]] = affine.apply #[[HALF]](%[[I]], %[[J]])
// LOWER: memref.store %{{.*}}, %[[B]][%{{.*}}, %[[S]], %[[P]], %[[H]]] : memref<2x2x2x4xf32>
func.func @odd_even(%m: memref<2x16xf32, #tlayout.dims<[0, 1, 1:odd_even(8)]>>, %i: index, %j: index, %x: f32) {
  memref.store %x, %m[%i, %j] : memref<2x16xf32, #tlayout.dims<[0, 1, 1:odd_even(8)]>>
  return
}

// -----

// Dynamic sizes travel with the buffer, as for XLA tiles.
// LOWER-LABEL: func.func @dynamic(
// LOWER-SAME: %{{.*}}: memref<?x?x4xf32>, %{{.*}}: index, %{{.*}}: index, %{{.*}}: index, %{{.*}}: index
func.func @dynamic(%m: memref<?x?xf32, #tlayout.dims<[0, 1, 1:packed(4)]>>, %i: index, %j: index) -> f32 {
  %v = memref.load %m[%i, %j] : memref<?x?xf32, #tlayout.dims<[0, 1, 1:packed(4)]>>
  return %v : f32
}

// -----

// A view at whole packed pieces is a window of the parent's buffer.
// LOWER-LABEL: func.func @window(
// LOWER: memref.subview %{{.*}}[1, 2, 0] [1, 4, 4] [1, 1, 1] : memref<2x6x4xf32> to memref<1x4x4xf32, strided<[24, 4, 1], offset: 32>>
func.func @window(%m: memref<6x8xf32, #tlayout.dims<[1, 0, 1:packed(4)]>>) -> f32 {
  %c1 = arith.constant 1 : index
  %w = tlayout.subview %m[2, 4] [4, 4] : memref<6x8xf32, #tlayout.dims<[1, 0, 1:packed(4)]>> to memref<4x4xf32, #tlayout.dims<[1, 0, 1:packed(4)], parent = [6, 8], offsets = [2, 4]>>
  %v = memref.load %w[%c1, %c1] : memref<4x4xf32, #tlayout.dims<[1, 0, 1:packed(4)], parent = [6, 8], offsets = [2, 4]>>
  return %v : f32
}
