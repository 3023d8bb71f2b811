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

// -----

#T = #tlayout.tiled<{0:T(128)}>

// f32[128]{0} and {0:T(128)}: one tile holds the array.
// CHECK-LABEL: func.func @one_whole_tile(
// CHECK: memref.copy %{{.*}}, %{{.*}} : memref<128xf32> to memref<128xf32>
// CHECK-NOT: affine.for
// CHECK: return
func.func @one_whole_tile(%a: memref<128xf32, #tlayout.tiled<{0}>>, %b: memref<128xf32, #T>) {
  memref.copy %a, %b : memref<128xf32, #tlayout.tiled<{0}>> to memref<128xf32, #T>
  return
}

// -----

#T = #tlayout.tiled<{1,0:T(2,16)}>

// f32[8,16]{1,0:T(2,16)}: tiles of whole rows place like row-major.
// CHECK-LABEL: func.func @whole_rows(
// CHECK-SAME: %[[SRC:.*]]: memref<8x16xf32>
// CHECK: %[[FROM:.*]] = memref.collapse_shape %[[SRC]]
// CHECK: memref.copy %[[FROM]], %{{.*}} : memref<128xf32> to memref<128xf32>
// CHECK-NOT: affine.for
// CHECK: return
func.func @whole_rows(%a: memref<8x16xf32>, %b: memref<8x16xf32, #T>) {
  memref.copy %a, %b : memref<8x16xf32> to memref<8x16xf32, #T>
  return
}

// -----

#P = #tlayout.tiled<{1,0:E(4)}>

// Two equal packed layouts of i4[4,4]: 16 elements in 8 bytes, copied
// whole.
// CHECK-LABEL: func.func @packed_equal_layouts(
// CHECK-NOT: affine.for
// CHECK: memref.copy %{{.*}}, %{{.*}} : memref<8xi8> to memref<8xi8>
// CHECK-NOT: affine.for
// CHECK-NOT: memref.copy
// CHECK: return
func.func @packed_equal_layouts(%a: memref<4x4xi4, #P>, %b: memref<4x4xi4, #P>) {
  memref.copy %a, %b : memref<4x4xi4, #P> to memref<4x4xi4, #P>
  return
}

// -----

#P = #tlayout.tiled<{1,0:E(4)}>

// i4[3,5]: 15 elements in 8 bytes, the last holding one element in its
// high half; the 7 whole bytes are one copy, and the last byte takes the
// source's high half and keeps the destination's low half.
// CHECK-LABEL: func.func @packed_partial_last_byte(
// CHECK-NOT: affine.for
// CHECK: %[[F7:.*]] = memref.subview %[[FROM:.*]][0] [7] [1]
// CHECK: %[[T7:.*]] = memref.subview %[[TO:.*]][0] [7] [1]
// CHECK: memref.copy %[[F7]], %[[T7]] : memref<7xi8, strided<[1]>> to memref<7xi8, strided<[1]>>
// CHECK-DAG: %[[MASK:.*]] = arith.constant -16 : i8
// CHECK-DAG: %[[S:.*]] = memref.load %[[FROM]][%[[C7:.*]]] : memref<8xi8>
// CHECK-DAG: %[[D:.*]] = memref.load %[[TO]][%[[C7]]] : memref<8xi8>
// CHECK: memref.store %{{.*}}, %[[TO]][%[[C7]]] : memref<8xi8>
// CHECK-NOT: affine.for
// CHECK: return
func.func @packed_partial_last_byte(%a: memref<3x5xi4, #P>, %b: memref<3x5xi4, #P>) {
  memref.copy %a, %b : memref<3x5xi4, #P> to memref<3x5xi4, #P>
  return
}

// -----

#P = #tlayout.tiled<{1,0:E(4)}>
#Q = #tlayout.tiled<{1,0:T(1,4)E(4)}>

// Packed alike, placed differently (rows padded to 8): the loop nest.
// CHECK-LABEL: func.func @negative_packed_other_placement(
// CHECK: affine.for
func.func @negative_packed_other_placement(%a: memref<3x5xi4, #P>, %b: memref<3x5xi4, #Q>) {
  memref.copy %a, %b : memref<3x5xi4, #P> to memref<3x5xi4, #Q>
  return
}
