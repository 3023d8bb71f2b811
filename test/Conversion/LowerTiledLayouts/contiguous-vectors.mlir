// Vector accesses within a contiguous run of the layout become one vector
// access of the physical buffer; the others are split into elements.
// RUN: tlayout-opt %s --split-input-file --lower-tiled-layouts | FileCheck %s

#tiled = #tlayout.tiled<{1,0:T(8,128)}>

// A loop over columns with step 16 reads 16 elements of one 128-wide run.
// CHECK-LABEL: func.func @aligned_loop(
// CHECK-SAME: %[[B:.*]]: memref<2x2x8x128xf32>
// CHECK: affine.for %[[J:.*]] = 0 to 256 step 16
// CHECK: %[[FLAT:.*]] = memref.reinterpret_cast %[[B]]
// CHECK: %[[OFF:.*]] = affine.apply #{{.*}}(%{{.*}}, %[[J]])
// CHECK: vector.load %[[FLAT]][%[[OFF]]] : memref<4096xf32>, vector<16xf32>
// CHECK-NOT: memref.load
func.func @aligned_loop(%m: memref<16x256xf32, #tiled>, %i: index) -> vector<16xf32> {
  %pad = arith.constant 0.0 : f32
  %zero = arith.constant dense<0.0> : vector<16xf32>
  %r = affine.for %j = 0 to 256 step 16 iter_args(%acc = %zero) -> vector<16xf32> {
    %v = vector.transfer_read %m[%i, %j], %pad {in_bounds = [true]} : memref<16x256xf32, #tiled>, vector<16xf32>
    %s = arith.addf %acc, %v : vector<16xf32>
    affine.yield %s : vector<16xf32>
  }
  return %r : vector<16xf32>
}

// -----

#tiled = #tlayout.tiled<{1,0:T(8,128)}>

// Stores too, and affine vector accesses; a start of 128 * k + 64.
// CHECK-LABEL: func.func @aligned_store(
// CHECK: vector.store %{{.*}}, %{{.*}}[%{{.*}}] : memref<4096xf32>, vector<64xf32>
// CHECK: vector.store %{{.*}}, %{{.*}}[%{{.*}}] : memref<4096xf32>, vector<8xf32>
// CHECK-NOT: memref.store
func.func @aligned_store(%m: memref<16x256xf32, #tiled>, %i: index, %k: index, %v: vector<64xf32>, %w: vector<8xf32>) {
  %c128 = arith.constant 128 : index
  %c64 = arith.constant 64 : index
  %a = arith.muli %k, %c128 : index
  %j = arith.addi %a, %c64 : index
  vector.transfer_write %v, %m[%i, %j] {in_bounds = [true]} : vector<64xf32>, memref<16x256xf32, #tiled>
  affine.for %x = 0 to 256 step 8 {
    affine.vector_store %w, %m[%i, %x] : memref<16x256xf32, #tiled>, vector<8xf32>
  }
  return
}

// -----

#tiled = #tlayout.tiled<{1,0:T(8,128)}>

// A start not known to be aligned, a vector across a tile boundary, a read
// that may run out of bounds and one along the rows are split into elements.
// CHECK-LABEL: func.func @split(
// CHECK-NOT: vector.load
// CHECK-COUNT-4: memref.load
// CHECK-NOT: vector.load
func.func @split(%m: memref<16x256xf32, #tiled>, %i: index, %j: index) -> (vector<4xf32>) {
  %pad = arith.constant 0.0 : f32
  %v = vector.transfer_read %m[%i, %j], %pad {in_bounds = [true]} : memref<16x256xf32, #tiled>, vector<4xf32>
  return %v : vector<4xf32>
}

// CHECK-LABEL: func.func @across_tiles(
// CHECK-NOT: vector.load
// CHECK-COUNT-256: memref.load
func.func @across_tiles(%m: memref<16x256xf32, #tiled>, %i: index) -> vector<256xf32> {
  %pad = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %v = vector.transfer_read %m[%i, %c0], %pad {in_bounds = [true]} : memref<16x256xf32, #tiled>, vector<256xf32>
  return %v : vector<256xf32>
}

// CHECK-LABEL: func.func @maybe_out_of_bounds(
// CHECK-NOT: vector.load
// CHECK: scf.if
func.func @maybe_out_of_bounds(%m: memref<16x256xf32, #tiled>, %i: index) -> vector<8xf32> {
  %pad = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %v = vector.transfer_read %m[%i, %c0], %pad : memref<16x256xf32, #tiled>, vector<8xf32>
  return %v : vector<8xf32>
}

// CHECK-LABEL: func.func @along_rows(
// CHECK-NOT: vector.load
// CHECK-COUNT-8: memref.load
func.func @along_rows(%m: memref<16x256xf32, #tiled>, %j: index) -> vector<8xf32> {
  %pad = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %v = vector.transfer_read %m[%c0, %j], %pad {in_bounds = [true], permutation_map = affine_map<(d0, d1) -> (d0)>} : memref<16x256xf32, #tiled>, vector<8xf32>
  return %v : vector<8xf32>
}

// -----

// Physical dimensions: packed(4) runs of columns; whole rows when row-major.
// CHECK-LABEL: func.func @dims(
// CHECK: vector.load %{{.*}}[%{{.*}}] : memref<48xf32>, vector<4xf32>
// CHECK: vector.load %{{.*}}[%{{.*}}] : memref<?xf32>, vector<6xf32>
func.func @dims(%m: memref<6x8xf32, #tlayout.dims<[1, 0, 1:packed(4)]>>, %n: memref<?x?xf32, #tlayout.dims<[1, 0]>>, %i: index) -> (vector<4xf32>, vector<6xf32>) {
  %pad = arith.constant 0.0 : f32
  %c4 = arith.constant 4 : index
  %c0 = arith.constant 0 : index
  %v = vector.transfer_read %m[%i, %c4], %pad {in_bounds = [true]} : memref<6x8xf32, #tlayout.dims<[1, 0, 1:packed(4)]>>, vector<4xf32>
  %w = vector.transfer_read %n[%c0, %i], %pad {in_bounds = [true], permutation_map = affine_map<(d0, d1) -> (d0)>} : memref<?x?xf32, #tlayout.dims<[1, 0]>>, vector<6xf32>
  return %v, %w : vector<4xf32>, vector<6xf32>
}

// -----

#tiled = #tlayout.tiled<{1,0:T(8,128)}>

// Masked transfers, and transfers inside vector.mask, are split into
// elements even where the unmasked transfer would be one vector access; the
// vector.mask goes with its transfer.
// CHECK-LABEL: func.func @masked(
// CHECK-NOT: vector.load
// CHECK-NOT: vector.store
// CHECK-NOT: vector.mask
// CHECK-COUNT-8: scf.if
// CHECK: return
func.func @masked(%m: memref<16x256xf32, #tiled>, %i: index, %n: index, %v: vector<4xf32>) -> vector<4xf32> {
  %pad = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %mask = vector.create_mask %n : vector<4xi1>
  %a = vector.transfer_read %m[%i, %c0], %pad, %mask {in_bounds = [true]} : memref<16x256xf32, #tiled>, vector<4xf32>
  vector.mask %mask { vector.transfer_write %v, %m[%i, %c0] {in_bounds = [true]} : vector<4xf32>, memref<16x256xf32, #tiled> } : vector<4xi1>
  return %a : vector<4xf32>
}
