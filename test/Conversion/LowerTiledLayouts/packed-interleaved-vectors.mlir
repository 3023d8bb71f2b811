// A row vector of a tile of packed elements interleaved by groups of rows
// (T(r,c)(k,1)E(n), k*n bits a whole number of bytes) is one load of the
// run of the tile's k rows as c words of k*n bits, shifted (and, for a
// write, masked, merged and stored back). Transfers not of one whole tile
// row go element by element.
// RUN: tlayout-opt %s --split-input-file --tlayout-cpu-lower-tiled-layouts | FileCheck %s

#P = #tlayout.tiled<{1,0:T(8,128)(8,1)E(4)}>

// CHECK-DAG: #[[RUNMAP:.+]] = affine_map<(d0, d1) -> ((d0 floordiv 8) * 16384 + (d1 floordiv 128) * 512)>
// CHECK-DAG: #[[SHIFT:.+]] = affine_map<(d0, d1) -> (((d0 mod 8) floordiv 2) * 8 + (-(d0 mod 2) + 1) * 4)>
// CHECK-LABEL: func.func @write_row(
// CHECK-SAME: %[[BUF:arg[0-9]+]]: memref<524288xi8>
// CHECK: affine.for %[[I:.+]] = 0 to 256 {
// CHECK: affine.for %[[J:.+]] = 0 to 4096 step 128 {
// CHECK: %[[V:.+]] = vector.transfer_read
// CHECK: %[[T:.+]] = arith.trunci %[[V]] : vector<128xi8> to vector<128xi4>
// CHECK: %[[START:.+]] = affine.apply #[[RUNMAP]](%[[I]], %[[J]])
// CHECK: %[[BYTES:.+]] = vector.load %[[BUF]][%[[START]]] : memref<524288xi8>, vector<512xi8>
// CHECK: %[[WORDS:.+]] = vector.bitcast %[[BYTES]] : vector<512xi8> to vector<128xi32>
// CHECK: affine.apply #[[SHIFT]](%[[I]], %[[J]])
// CHECK: %[[SH:.+]] = vector.broadcast %{{.+}} : i32 to vector<128xi32>
// CHECK: %[[MASK:.+]] = arith.shli %{{.+}}, %[[SH]] : vector<128xi32>
// CHECK: %[[KEEP:.+]] = arith.xori %[[MASK]]
// CHECK: %[[CLEARED:.+]] = arith.andi %[[WORDS]], %[[KEEP]]
// CHECK: %[[EXT:.+]] = arith.extui %[[T]] : vector<128xi4> to vector<128xi32>
// CHECK: %[[PLACED:.+]] = arith.shli %[[EXT]], %[[SH]]
// CHECK: %[[NEW:.+]] = arith.ori %[[CLEARED]], %[[PLACED]]
// CHECK: %[[OUT:.+]] = vector.bitcast %[[NEW]] : vector<128xi32> to vector<512xi8>
// CHECK: vector.store %[[OUT]], %[[BUF]][%[[START]]] : memref<524288xi8>, vector<512xi8>
func.func @write_row(%src: memref<256x4096xi8>, %dst: memref<256x4096xi4, #P>) {
  %pad = arith.constant 0 : i8
  affine.for %i = 0 to 256 {
    affine.for %j = 0 to 4096 step 128 {
      %v = vector.transfer_read %src[%i, %j], %pad {in_bounds = [true]}
          : memref<256x4096xi8>, vector<128xi8>
      %t = arith.trunci %v : vector<128xi8> to vector<128xi4>
      vector.transfer_write %t, %dst[%i, %j] {in_bounds = [true]}
          : vector<128xi4>, memref<256x4096xi4, #P>
    }
  }
  return
}

// -----

#P = #tlayout.tiled<{1,0:T(8,128)(8,1)E(4)}>

// CHECK-LABEL: func.func @read_row(
// CHECK: %[[BYTES:.+]] = vector.load %{{.+}} : memref<524288xi8>, vector<512xi8>
// CHECK: %[[WORDS:.+]] = vector.bitcast %[[BYTES]] : vector<512xi8> to vector<128xi32>
// CHECK: %[[SH:.+]] = vector.broadcast %{{.+}} : i32 to vector<128xi32>
// CHECK: %[[MOVED:.+]] = arith.shrui %[[WORDS]], %[[SH]] : vector<128xi32>
// CHECK: %[[V:.+]] = arith.trunci %[[MOVED]] : vector<128xi32> to vector<128xi4>
// CHECK: arith.extsi %[[V]] : vector<128xi4> to vector<128xi8>
func.func @read_row(%src: memref<256x4096xi4, #P>, %dst: memref<256x4096xi8>) {
  %pad = arith.constant 0 : i4
  affine.for %i = 0 to 256 {
    affine.for %j = 0 to 4096 step 128 {
      %v = vector.transfer_read %src[%i, %j], %pad {in_bounds = [true]}
          : memref<256x4096xi4, #P>, vector<128xi4>
      %e = arith.extsi %v : vector<128xi4> to vector<128xi8>
      vector.transfer_write %e, %dst[%i, %j] {in_bounds = [true]}
          : vector<128xi8>, memref<256x4096xi8>
    }
  }
  return
}

// -----

#P = #tlayout.tiled<{1,0:T(8,128)(8,1)E(4)}>

// Not from a tile's first column (64 is not a multiple of 128), and not a
// whole tile row (64 elements): element by element.
// CHECK-LABEL: func.func @not_tile_rows(
// CHECK-NOT: vector.bitcast
// CHECK: return
func.func @not_tile_rows(%dst: memref<256x4096xi4, #P>, %v: vector<128xi4>,
                         %w: vector<64xi4>, %i: index) {
  %c64 = arith.constant 64 : index
  %c0 = arith.constant 0 : index
  vector.transfer_write %v, %dst[%i, %c64] {in_bounds = [true]}
      : vector<128xi4>, memref<256x4096xi4, #P>
  vector.transfer_write %w, %dst[%i, %c0] {in_bounds = [true]}
      : vector<64xi4>, memref<256x4096xi4, #P>
  return
}

// -----

#P = #tlayout.tiled<{1,0:T(8,128)(8,1)E(4)}>

// A big-endian target would put the first byte of a word in its most
// significant bits: element by element.
// CHECK-LABEL: func.func @big_endian(
// CHECK-NOT: vector.bitcast
// CHECK: return
module attributes {dlti.dl_spec = #dlti.dl_spec<"dlti.endianness" = "big">} {
  func.func @big_endian(%dst: memref<256x4096xi4, #P>, %v: vector<128xi4>,
                        %i: index) {
    %c0 = arith.constant 0 : index
    vector.transfer_write %v, %dst[%i, %c0] {in_bounds = [true]}
        : vector<128xi4>, memref<256x4096xi4, #P>
    return
  }
}
