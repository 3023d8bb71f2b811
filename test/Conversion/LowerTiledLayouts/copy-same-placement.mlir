// memref.copy between two static layouts that place every element at the
// same offset (equal layouts, or a tiled layout and row-major where the
// tiles change nothing) is one copy of the physical buffers as 1-D memrefs,
// with or without the CPU fast paths; other copies keep the loop nest.
// RUN: tlayout-opt %s --split-input-file --lower-tiled-layouts | FileCheck %s
// RUN: tlayout-opt %s --split-input-file --lower-tiled-layouts | FileCheck %s

#T = #tlayout.tiled<{1,0:T(1,128)}>

// f32[1,256]{1,0:T(1,128)} places like {1,0}.
// CHECK-LABEL: func.func @tiled_to_row_major(
// CHECK-SAME: %[[SRC:.*]]: memref<1x2x1x128xf32>, %[[DST:.*]]: memref<1x256xf32>
// CHECK: %[[FROM:.*]] = memref.reinterpret_cast %[[SRC]] to offset: [0], sizes: [256], strides: [1] : memref<1x2x1x128xf32> to memref<256xf32>
// CHECK: %[[TO:.*]] = memref.collapse_shape %[[DST]] {{\[}}[0, 1]] : memref<1x256xf32> into memref<256xf32>
// CHECK: memref.copy %[[FROM]], %[[TO]] : memref<256xf32> to memref<256xf32>
// CHECK-NOT: affine.for
// CHECK: return
func.func @tiled_to_row_major(%a: memref<1x256xf32, #T>, %b: memref<1x256xf32>) {
  memref.copy %a, %b : memref<1x256xf32, #T> to memref<1x256xf32>
  return
}

// -----

#T = #tlayout.tiled<{1,0:T(1,128)}>

// CHECK-LABEL: func.func @row_major_to_tiled(
// CHECK: memref.copy %{{.*}}, %{{.*}} : memref<256xf32> to memref<256xf32>
// CHECK-NOT: affine.for
// CHECK: return
func.func @row_major_to_tiled(%a: memref<1x256xf32>, %b: memref<1x256xf32, #T>) {
  memref.copy %a, %b : memref<1x256xf32> to memref<1x256xf32, #T>
  return
}

// -----

#T = #tlayout.tiled<{1,0:T(8,128)}>

// Equal layouts, padding included: 16 x 256 elements of a 12 x 200 array.
// CHECK-LABEL: func.func @equal_layouts(
// CHECK: memref.copy %{{.*}}, %{{.*}} : memref<4096xbf16> to memref<4096xbf16>
// CHECK-NOT: affine.for
// CHECK: return
func.func @equal_layouts(%a: memref<12x200xbf16, #T>, %b: memref<12x200xbf16, #T>) {
  memref.copy %a, %b : memref<12x200xbf16, #T> to memref<12x200xbf16, #T>
  return
}

// -----

#T = #tlayout.tiled<{1,0:T(8,128)}>
#U = #tlayout.tiled<{1,0:T(8,128)(1,1)}>

// Two spellings of one placement.
// CHECK-LABEL: func.func @same_placement_other_layout(
// CHECK: memref.copy %{{.*}}, %{{.*}} : memref<8192xf32> to memref<8192xf32>
// CHECK-NOT: affine.for
// CHECK: return
func.func @same_placement_other_layout(%a: memref<16x512xf32, #T>, %b: memref<16x512xf32, #U>) {
  memref.copy %a, %b : memref<16x512xf32, #T> to memref<16x512xf32, #U>
  return
}

// -----

#T = #tlayout.tiled<{1,0:T(8,128)}>

// Tiles that move elements: the loop nest.
// CHECK-LABEL: func.func @negative_other_placement(
// CHECK: affine.for
// CHECK: affine.load
// CHECK: affine.store
func.func @negative_other_placement(%a: memref<16x256xf32>, %b: memref<16x256xf32, #T>) {
  memref.copy %a, %b : memref<16x256xf32> to memref<16x256xf32, #T>
  return
}

// -----

#T = #tlayout.tiled<{1,0:T(1,128)}>

// Padding on one side only (f32[1,200] in tiles of 128 holds 256 elements):
// the loop nest.
// CHECK-LABEL: func.func @negative_padding(
// CHECK: affine.for
// CHECK: affine.load
// CHECK: affine.store
func.func @negative_padding(%a: memref<1x200xf32>, %b: memref<1x200xf32, #T>) {
  memref.copy %a, %b : memref<1x200xf32> to memref<1x200xf32, #T>
  return
}

// -----

#T = #tlayout.tiled<{1,0:T(1,128)}>

// Dynamic shapes: the loop nest.
// CHECK-LABEL: func.func @negative_dynamic(
// CHECK: scf.for
// CHECK: memref.load
// CHECK: memref.store
func.func @negative_dynamic(%a: memref<1x?xf32>, %b: memref<1x?xf32, #T>) {
  memref.copy %a, %b : memref<1x?xf32> to memref<1x?xf32, #T>
  return
}
