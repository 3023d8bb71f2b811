// Rows packed into the words of T(8,128)(8,1)E(4) (8 rows of int4 share
// each 32-bit word of a tile column), written row by row as a user writes
// the relayout: --tlayout-simplify-indexing runs the 8 rows of a group
// inside the loop over tiles, so that each run of words is loaded and
// stored once (and, unpacking, loaded once for its 8 rows). The packed array is first filled with -1, so a word that
// kept any of its old bits would show. Both shapes (24 x 256, whole
// groups and tiles; 20 x 200, a partial group and padding, written element
// by element) are read back element by element and compared with the
// source (counts of differing elements), then unpacked row by row
// (vector reads of the packed rows) and compared again. A second kernel
// stores every row of a T(8,128) array into one row of a row-major array
// (each row overwriting the last: the last row's values remain); it
// prints what the untiled program prints.
// RUN: tlayout-opt %s %{lower_to_llvm} | %{run} | FileCheck %s
// RUN: tlayout-opt %s %{lower_to_llvm}=physical-order=false | %{run} \
// RUN:   | FileCheck %s
// The pass on its own, as composed by hand with upstream's lowering:
// RUN: tlayout-opt %s --tlayout-cpu-lower-tiled-layouts --tlayout-cpu-loops \
// RUN:   --canonicalize | mlir-opt --convert-vector-to-scf --lower-affine \
// RUN:   --convert-scf-to-cf --expand-strided-metadata --lower-affine \
// RUN:   --convert-vector-to-llvm --finalize-memref-to-llvm --convert-to-llvm \
// RUN:   --reconcile-unrealized-casts | %{run} | FileCheck %s
// The untiled program prints the same overwritten rows:
// RUN: sed -e "s/, #T>/>/g" %s | tlayout-opt %{lower_to_llvm} | %{run} \
// RUN:   | FileCheck %s --check-prefix=LAST
// The same three ways without nibble-bytes (the fields assembled and split
// in words):
// RUN: tlayout-opt %s %{lower_to_llvm}=nibble-bytes=false | %{run} \
// RUN:   | FileCheck %s
// The rewrite happens: one load and one store of each run of packed words,
// and with nibble-bytes (the default) the words' bytes assembled from pairs
// of rows and interleaved, so that the words are not loaded at all (every
// bit of them is written).
// RUN: tlayout-opt %s --tlayout-cpu-lower-tiled-layouts \
// RUN:   --tlayout-cpu-loops=nibble-bytes=false \
// RUN:   --canonicalize | FileCheck %s --check-prefixes=IR,WORDS
// RUN: tlayout-opt %s --tlayout-cpu-lower-tiled-layouts --tlayout-cpu-loops \
// RUN:   --canonicalize | FileCheck %s --check-prefixes=IR,BYTES
// IR-LABEL:   func.func @pack_rows(
// IR:           affine.for %{{.*}} = 0 to 3 {
// IR-NEXT:        affine.for %{{.*}} = 0 to 2 {
// IR:               vector.transfer_read
// WORDS:            vector.load
// IR-NOT:           vector.load
// IR-NOT:           vector.store
// IR-NOT:           affine.for
// IR-COUNT-7:       vector.transfer_read
// IR-NOT:           vector.load
// IR-NOT:           affine.for
// BYTES-COUNT-4:    arith.ori {{.*}} : vector<128xi8>
// BYTES-COUNT-3:    vector.interleave
// BYTES-NOT:        vector<128xi32>
// IR:               vector.store
// IR-NEXT:        }
// IR-NEXT:      }
// IR-NEXT:      return
// Unpacking: each run of words is loaded once for its 8 rows, which write
// distinct rows of the row-major array.
// IR-LABEL:   func.func @unpack_diff(
// IR:           affine.for %{{.*}} = 0 to 3 {
// IR-NEXT:        affine.for %{{.*}} = 0 to 2 {
// IR-NOT:           affine.for
// IR:               vector.load
// IR-NOT:           vector.load
// BYTES-NOT:        vector<128xi32>
// IR-COUNT-8:       vector.transfer_write
// IR-NOT:           vector.load
// IR:             }
// The last row's load alone remains (the other loads are dead once their
// stores are overwritten).
// IR-LABEL:   func.func @last_row(
// IR:           affine.for %{{.*}} = 0 to 2 {
// IR-NEXT:        affine.for %{{.*}} = 0 to 128 {
// IR-NEXT:          affine.load %{{.*}}[0, %{{.*}}, 7, %{{.*}}]
// IR-NEXT:          affine.store
// IR-NEXT:        }
// IR-NEXT:      }
// IR-NEXT:      return

#P = #tlayout.tiled<{1,0:T(8,128)(8,1)E(4)}>
#T = #tlayout.tiled<{1,0:T(8,128)}>

func.func private @printI64(i64)
func.func private @printNewline()
func.func private @printMemrefF32(memref<*xf32>)

// Every element of a packed array set to -1 (all bits of every word).
func.func @fill(%dst: memref<?x?xi4, #P>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = arith.constant -1 : i4
  %rows = memref.dim %dst, %c0 : memref<?x?xi4, #P>
  %cols = memref.dim %dst, %c1 : memref<?x?xi4, #P>
  scf.for %i = %c0 to %rows step %c1 {
    scf.for %j = %c0 to %cols step %c1 {
      memref.store %m, %dst[%i, %j] : memref<?x?xi4, #P>
    }
  }
  return
}

// src[i][j] = (7 i + 3 j) mod 16 - 8, in [-8, 7].
func.func @init(%src: memref<?x?xi8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %src, %c0 : memref<?x?xi8>
  %cols = memref.dim %src, %c1 : memref<?x?xi8>
  scf.for %i = %c0 to %rows step %c1 {
    scf.for %j = %c0 to %cols step %c1 {
      %v = affine.apply affine_map<(i, j) -> ((i * 7 + j * 3) mod 16 - 8)>(%i, %j)
      %w = arith.index_cast %v : index to i8
      memref.store %w, %src[%i, %j] : memref<?x?xi8>
    }
  }
  return
}

// The user's relayout: rows of 128 int8 truncated and written to the
// packed layout.
func.func @pack_rows(%src: memref<24x256xi8>, %dst: memref<24x256xi4, #P>) {
  %pad = arith.constant 0 : i8
  affine.for %i = 0 to 24 {
    affine.for %j = 0 to 256 step 128 {
      %v = vector.transfer_read %src[%i, %j], %pad {in_bounds = [true]}
          : memref<24x256xi8>, vector<128xi8>
      %t = arith.trunci %v : vector<128xi8> to vector<128xi4>
      vector.transfer_write %t, %dst[%i, %j] {in_bounds = [true]}
          : vector<128xi4>, memref<24x256xi4, #P>
    }
  }
  return
}

func.func @pack_elements(%src: memref<20x200xi8>, %dst: memref<20x200xi4, #P>) {
  affine.for %i = 0 to 20 {
    affine.for %j = 0 to 200 {
      %v = affine.load %src[%i, %j] : memref<20x200xi8>
      %t = arith.trunci %v : i8 to i4
      affine.store %t, %dst[%i, %j] : memref<20x200xi4, #P>
    }
  }
  return
}

// How many elements of the packed array differ from the source.
func.func @diff(%src: memref<?x?xi8>, %dst: memref<?x?xi4, #P>) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %src, %c0 : memref<?x?xi8>
  %cols = memref.dim %src, %c1 : memref<?x?xi8>
  %n = scf.for %i = %c0 to %rows step %c1 iter_args(%ni = %c0) -> index {
    %m = scf.for %j = %c0 to %cols step %c1 iter_args(%nj = %ni) -> index {
      %x = memref.load %src[%i, %j] : memref<?x?xi8>
      %y = memref.load %dst[%i, %j] : memref<?x?xi4, #P>
      %z = arith.extsi %y : i4 to i8
      %ne = arith.cmpi ne, %x, %z : i8
      %d = arith.index_cast %ne : i1 to index
      %s = arith.addi %nj, %d : index
      scf.yield %s : index
    }
    scf.yield %m : index
  }
  return %n : index
}

// The packed rows unpacked by vector reads, and compared with the source.
func.func @unpack_diff(%src: memref<24x256xi8>, %dst: memref<24x256xi4, #P>)
    -> index {
  %pad = arith.constant 0 : i4
  %c0 = arith.constant 0 : index
  %out = memref.alloc() : memref<24x256xi8>
  affine.for %i = 0 to 24 {
    affine.for %j = 0 to 256 step 128 {
      %v = vector.transfer_read %dst[%i, %j], %pad {in_bounds = [true]}
          : memref<24x256xi4, #P>, vector<128xi4>
      %e = arith.extsi %v : vector<128xi4> to vector<128xi8>
      vector.transfer_write %e, %out[%i, %j] {in_bounds = [true]}
          : vector<128xi8>, memref<24x256xi8>
    }
  }
  %n = affine.for %i = 0 to 24 iter_args(%ni = %c0) -> index {
    %m = affine.for %j = 0 to 256 iter_args(%nj = %ni) -> index {
      %x = affine.load %src[%i, %j] : memref<24x256xi8>
      %y = affine.load %out[%i, %j] : memref<24x256xi8>
      %ne = arith.cmpi ne, %x, %y : i8
      %d = arith.index_cast %ne : i1 to index
      %s = arith.addi %nj, %d : index
      affine.yield %s : index
    }
    affine.yield %m : index
  }
  memref.dealloc %out : memref<24x256xi8>
  return %n : index
}

// Every row of %a stored to the one row of %out.
func.func @last_row(%a: memref<8x256xf32, #T>, %out: memref<1x256xf32>) {
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 256 {
      %x = affine.load %a[%i, %j] : memref<8x256xf32, #T>
      affine.store %x, %out[0, %j] : memref<1x256xf32>
    }
  }
  return
}

func.func @print(%n: index) {
  %i = arith.index_cast %n : index to i64
  call @printI64(%i) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}

// CHECK-COUNT-3: {{^}}0{{$}}
// CHECK:         [7,   8,   9,   10
// CHECK-SAME:      262]]
// LAST:          [7,   8,   9,   10
// LAST-SAME:       262]]
func.func @main() {
  %src = memref.alloc() : memref<24x256xi8>
  %dst = memref.alloc() : memref<24x256xi4, #P>
  %srcd = memref.cast %src : memref<24x256xi8> to memref<?x?xi8>
  %dstd = memref.cast %dst : memref<24x256xi4, #P> to memref<?x?xi4, #P>
  call @init(%srcd) : (memref<?x?xi8>) -> ()
  call @fill(%dstd) : (memref<?x?xi4, #P>) -> ()
  call @pack_rows(%src, %dst) : (memref<24x256xi8>, memref<24x256xi4, #P>) -> ()
  %d0 = call @diff(%srcd, %dstd) : (memref<?x?xi8>, memref<?x?xi4, #P>) -> index
  call @print(%d0) : (index) -> ()
  %d1 = call @unpack_diff(%src, %dst) : (memref<24x256xi8>, memref<24x256xi4, #P>) -> index
  call @print(%d1) : (index) -> ()

  %src2 = memref.alloc() : memref<20x200xi8>
  %dst2 = memref.alloc() : memref<20x200xi4, #P>
  %src2d = memref.cast %src2 : memref<20x200xi8> to memref<?x?xi8>
  %dst2d = memref.cast %dst2 : memref<20x200xi4, #P> to memref<?x?xi4, #P>
  call @init(%src2d) : (memref<?x?xi8>) -> ()
  call @fill(%dst2d) : (memref<?x?xi4, #P>) -> ()
  call @pack_elements(%src2, %dst2) : (memref<20x200xi8>, memref<20x200xi4, #P>) -> ()
  %d2 = call @diff(%src2d, %dst2d) : (memref<?x?xi8>, memref<?x?xi4, #P>) -> index
  call @print(%d2) : (index) -> ()

  // a[i][j] = i + j: the last row is 7 + j.
  %a = memref.alloc() : memref<8x256xf32, #T>
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 256 {
      %v = affine.apply affine_map<(i, j) -> (i + j)>(%i, %j)
      %w = arith.index_cast %v : index to i64
      %f = arith.sitofp %w : i64 to f32
      affine.store %f, %a[%i, %j] : memref<8x256xf32, #T>
    }
  }
  %out = memref.alloc() : memref<1x256xf32>
  call @last_row(%a, %out) : (memref<8x256xf32, #T>, memref<1x256xf32>) -> ()
  %outu = memref.cast %out : memref<1x256xf32> to memref<*xf32>
  call @printMemrefF32(%outu) : (memref<*xf32>) -> ()
  memref.dealloc %src : memref<24x256xi8>
  memref.dealloc %dst : memref<24x256xi4, #P>
  memref.dealloc %src2 : memref<20x200xi8>
  memref.dealloc %dst2 : memref<20x200xi4, #P>
  memref.dealloc %a : memref<8x256xf32, #T>
  memref.dealloc %out : memref<1x256xf32>
  return
}
