// RUN: tlayout-opt %s | tlayout-opt | FileCheck %s
// RUN: tlayout-opt %s -mlir-print-op-generic | tlayout-opt | FileCheck %s
// RUN: tlayout-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// tlayout.cast converts between layouts that place every element at the
// same offset of buffers of one size.

// {1,0:T(1,128)} on 1x256 tiles only what row-major already does.
// CHECK-LABEL: func.func @to_identity(
// CHECK: tlayout.cast %{{.*}} : memref<1x256xf32, #tlayout.tiled<{1,0:T(1,128)}>> to memref<1x256xf32>
func.func @to_identity(%m: memref<1x256xf32, #tlayout.tiled<{1,0:T(1,128)}>>) -> memref<1x256xf32> {
  %r = tlayout.cast %m : memref<1x256xf32, #tlayout.tiled<{1,0:T(1,128)}>> to memref<1x256xf32>
  return %r : memref<1x256xf32>
}

// Other equal placements: a unit tile, a tile as wide as the rows, the
// physical-dimension form, a minor_to_major that differs only on a size-1
// dimension.
// CHECK-LABEL: func.func @equal_layouts(
// CHECK-COUNT-4: tlayout.cast
func.func @equal_layouts(%m: memref<8x128xf32, #tlayout.tiled<{1,0:T(8,128)}>>,
                         %n: memref<4x6xi8>, %k: memref<1x6xi8>) {
  %a = tlayout.cast %m : memref<8x128xf32, #tlayout.tiled<{1,0:T(8,128)}>> to memref<8x128xf32, #tlayout.tiled<{1,0}>>
  %b = tlayout.cast %n : memref<4x6xi8> to memref<4x6xi8, #tlayout.tiled<{1,0:T(1,6)}>>
  %c = tlayout.cast %n : memref<4x6xi8> to memref<4x6xi8, #tlayout.dims<[0, 1, 1:packed(3)]>>
  %d = tlayout.cast %k : memref<1x6xi8> to memref<1x6xi8, #tlayout.tiled<{0,1}>>
  return
}

// A cast to its own type folds away; a cast back to the original type
// folds to the original; a cast of a cast casts the original.
// FOLD-LABEL: func.func @folds(
// FOLD-SAME: %[[M:[^:]*]]: memref<1x256xf32, #tlayout.tiled<{1,0:T(1,128)}>>
// FOLD-NEXT: %[[C:.*]] = tlayout.cast %[[M]] : memref<1x256xf32, #tlayout.tiled<{1,0:T(1,128)}>> to memref<1x256xf32, #tlayout.tiled<{0,1}>>
// FOLD-NEXT: return %[[M]], %[[C]]
func.func @folds(%m: memref<1x256xf32, #tlayout.tiled<{1,0:T(1,128)}>>)
    -> (memref<1x256xf32, #tlayout.tiled<{1,0:T(1,128)}>>,
        memref<1x256xf32, #tlayout.tiled<{0,1}>>) {
  %same = tlayout.cast %m : memref<1x256xf32, #tlayout.tiled<{1,0:T(1,128)}>> to memref<1x256xf32, #tlayout.tiled<{1,0:T(1,128)}>>
  %a = tlayout.cast %same : memref<1x256xf32, #tlayout.tiled<{1,0:T(1,128)}>> to memref<1x256xf32>
  %back = tlayout.cast %a : memref<1x256xf32> to memref<1x256xf32, #tlayout.tiled<{1,0:T(1,128)}>>
  %other = tlayout.cast %a : memref<1x256xf32> to memref<1x256xf32, #tlayout.tiled<{0,1}>>
  return %back, %other : memref<1x256xf32, #tlayout.tiled<{1,0:T(1,128)}>>, memref<1x256xf32, #tlayout.tiled<{0,1}>>
}
