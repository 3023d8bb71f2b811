// Relayout copies that lower to vector shuffles (whole tiles of
// T(8,128)(2,1), T(8,128)(4,1), whole 16 x 16 blocks of a column-major
// transpose, also between two tiled layouts) place every element where the
// layout's index map says, and the way back gives the input again; the
// same for shapes with padding or odd sizes, which take the
// element-by-element nest. Each case counts the
// elements that differ from the row-major source: read through the tiled
// memref's own loads (the generic access lowering) and after the copy
// back.
// RUN: tlayout-opt %s %{lower_to_llvm} | %{run} | FileCheck %s

#B = #tlayout.tiled<{1,0:T(8,128)(2,1)}>
#Q = #tlayout.tiled<{1,0:T(8,128)(4,1)}>
#C = #tlayout.tiled<{0,1}>
#S = #tlayout.tiled<{1,0:T(4,8)(2,1)}>

func.func private @printMemrefI32(memref<*xi32>)

// a[i][j] = i * 1000 + j, truncated to the element type.
func.func @fill16(%a: memref<?x?xi16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %a, %c0 : memref<?x?xi16>
  %cols = memref.dim %a, %c1 : memref<?x?xi16>
  scf.for %i = %c0 to %rows step %c1 {
    scf.for %j = %c0 to %cols step %c1 {
      %k = affine.apply affine_map<(i, j) -> (i * 1000 + j)>(%i, %j)
      %v = arith.index_cast %k : index to i16
      memref.store %v, %a[%i, %j] : memref<?x?xi16>
    }
  }
  return
}

func.func @fill8(%a: memref<?x?xi8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %a, %c0 : memref<?x?xi8>
  %cols = memref.dim %a, %c1 : memref<?x?xi8>
  scf.for %i = %c0 to %rows step %c1 {
    scf.for %j = %c0 to %cols step %c1 {
      %k = affine.apply affine_map<(i, j) -> (i * 7 + j)>(%i, %j)
      %v = arith.index_cast %k : index to i8
      memref.store %v, %a[%i, %j] : memref<?x?xi8>
    }
  }
  return
}

func.func @fill32(%a: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %a, %c0 : memref<?x?xf32>
  %cols = memref.dim %a, %c1 : memref<?x?xf32>
  scf.for %i = %c0 to %rows step %c1 {
    scf.for %j = %c0 to %cols step %c1 {
      %k = affine.apply affine_map<(i, j) -> (i * 1000 + j)>(%i, %j)
      %w = arith.index_cast %k : index to i32
      %v = arith.sitofp %w : i32 to f32
      memref.store %v, %a[%i, %j] : memref<?x?xf32>
    }
  }
  return
}

// Prints the number of elements where `a` and `b` differ.
func.func @diff16(%a: memref<?x?xi16>, %b: memref<?x?xi16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %a, %c0 : memref<?x?xi16>
  %cols = memref.dim %a, %c1 : memref<?x?xi16>
  %n = scf.for %i = %c0 to %rows step %c1 iter_args(%ni = %c0) -> index {
    %m = scf.for %j = %c0 to %cols step %c1 iter_args(%nj = %ni) -> index {
      %x = memref.load %a[%i, %j] : memref<?x?xi16>
      %y = memref.load %b[%i, %j] : memref<?x?xi16>
      %ne = arith.cmpi ne, %x, %y : i16
      %d = arith.index_cast %ne : i1 to index
      %s = arith.addi %nj, %d : index
      scf.yield %s : index
    }
    scf.yield %m : index
  }
  vector.print %n : index
  return
}

func.func @diff8(%a: memref<?x?xi8>, %b: memref<?x?xi8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %a, %c0 : memref<?x?xi8>
  %cols = memref.dim %a, %c1 : memref<?x?xi8>
  %n = scf.for %i = %c0 to %rows step %c1 iter_args(%ni = %c0) -> index {
    %m = scf.for %j = %c0 to %cols step %c1 iter_args(%nj = %ni) -> index {
      %x = memref.load %a[%i, %j] : memref<?x?xi8>
      %y = memref.load %b[%i, %j] : memref<?x?xi8>
      %ne = arith.cmpi ne, %x, %y : i8
      %d = arith.index_cast %ne : i1 to index
      %s = arith.addi %nj, %d : index
      scf.yield %s : index
    }
    scf.yield %m : index
  }
  vector.print %n : index
  return
}

func.func @diff32(%a: memref<?x?xf32>, %b: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %a, %c0 : memref<?x?xf32>
  %cols = memref.dim %a, %c1 : memref<?x?xf32>
  %n = scf.for %i = %c0 to %rows step %c1 iter_args(%ni = %c0) -> index {
    %m = scf.for %j = %c0 to %cols step %c1 iter_args(%nj = %ni) -> index {
      %x = memref.load %a[%i, %j] : memref<?x?xf32>
      %y = memref.load %b[%i, %j] : memref<?x?xf32>
      %ne = arith.cmpf une, %x, %y : f32
      %d = arith.index_cast %ne : i1 to index
      %s = arith.addi %nj, %d : index
      scf.yield %s : index
    }
    scf.yield %m : index
  }
  vector.print %n : index
  return
}

// Row-major -> tiled (copy), tiled -> row-major through the tiled memref's
// loads, and tiled -> row-major (copy): two counts of differences.
func.func @pairs_16x384() {
  %a = memref.alloc() : memref<16x384xi16>
  %t = memref.alloc() : memref<16x384xi16, #B>
  %r = memref.alloc() : memref<16x384xi16>
  %b = memref.alloc() : memref<16x384xi16>
  %ad = memref.cast %a : memref<16x384xi16> to memref<?x?xi16>
  %rd = memref.cast %r : memref<16x384xi16> to memref<?x?xi16>
  %bd = memref.cast %b : memref<16x384xi16> to memref<?x?xi16>
  call @fill16(%ad) : (memref<?x?xi16>) -> ()
  memref.copy %a, %t : memref<16x384xi16> to memref<16x384xi16, #B>
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 384 {
      %v = affine.load %t[%i, %j] : memref<16x384xi16, #B>
      affine.store %v, %r[%i, %j] : memref<16x384xi16>
    }
  }
  call @diff16(%ad, %rd) : (memref<?x?xi16>, memref<?x?xi16>) -> ()
  memref.copy %t, %b : memref<16x384xi16, #B> to memref<16x384xi16>
  call @diff16(%ad, %bd) : (memref<?x?xi16>, memref<?x?xi16>) -> ()
  return
}

// Padding in both dimensions: the element-by-element nest.
func.func @pairs_11x200() {
  %a = memref.alloc() : memref<11x200xi16>
  %t = memref.alloc() : memref<11x200xi16, #B>
  %r = memref.alloc() : memref<11x200xi16>
  %b = memref.alloc() : memref<11x200xi16>
  %ad = memref.cast %a : memref<11x200xi16> to memref<?x?xi16>
  %rd = memref.cast %r : memref<11x200xi16> to memref<?x?xi16>
  %bd = memref.cast %b : memref<11x200xi16> to memref<?x?xi16>
  call @fill16(%ad) : (memref<?x?xi16>) -> ()
  memref.copy %a, %t : memref<11x200xi16> to memref<11x200xi16, #B>
  affine.for %i = 0 to 11 {
    affine.for %j = 0 to 200 {
      %v = affine.load %t[%i, %j] : memref<11x200xi16, #B>
      affine.store %v, %r[%i, %j] : memref<11x200xi16>
    }
  }
  call @diff16(%ad, %rd) : (memref<?x?xi16>, memref<?x?xi16>) -> ()
  memref.copy %t, %b : memref<11x200xi16, #B> to memref<11x200xi16>
  call @diff16(%ad, %bd) : (memref<?x?xi16>, memref<?x?xi16>) -> ()
  return
}

// bf16 elements with the bit patterns of fill16 (no NaNs among them): the
// interleaving copies shuffle them as i16 lanes and must move every bit.
func.func @fillbf16(%a: memref<?x?xbf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %a, %c0 : memref<?x?xbf16>
  %cols = memref.dim %a, %c1 : memref<?x?xbf16>
  scf.for %i = %c0 to %rows step %c1 {
    scf.for %j = %c0 to %cols step %c1 {
      %k = affine.apply affine_map<(i, j) -> (i * 1000 + j)>(%i, %j)
      %v = arith.index_cast %k : index to i16
      %f = arith.bitcast %v : i16 to bf16
      memref.store %f, %a[%i, %j] : memref<?x?xbf16>
    }
  }
  return
}

// Prints the number of elements whose bits differ.
func.func @diffbf16(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %a, %c0 : memref<?x?xbf16>
  %cols = memref.dim %a, %c1 : memref<?x?xbf16>
  %n = scf.for %i = %c0 to %rows step %c1 iter_args(%ni = %c0) -> index {
    %m = scf.for %j = %c0 to %cols step %c1 iter_args(%nj = %ni) -> index {
      %x = memref.load %a[%i, %j] : memref<?x?xbf16>
      %y = memref.load %b[%i, %j] : memref<?x?xbf16>
      %xi = arith.bitcast %x : bf16 to i16
      %yi = arith.bitcast %y : bf16 to i16
      %ne = arith.cmpi ne, %xi, %yi : i16
      %d = arith.index_cast %ne : i1 to index
      %s = arith.addi %nj, %d : index
      scf.yield %s : index
    }
    scf.yield %m : index
  }
  vector.print %n : index
  return
}

// The bench's bf16 relayout in small: whole T(8,128)(2,1) tiles of bf16
// both ways (shuffles of i16 lanes), then a shape with padding (the
// element-by-element nest).
func.func @pairs_bf16_16x384() {
  %a = memref.alloc() : memref<16x384xbf16>
  %t = memref.alloc() : memref<16x384xbf16, #B>
  %r = memref.alloc() : memref<16x384xbf16>
  %b = memref.alloc() : memref<16x384xbf16>
  %ad = memref.cast %a : memref<16x384xbf16> to memref<?x?xbf16>
  %rd = memref.cast %r : memref<16x384xbf16> to memref<?x?xbf16>
  %bd = memref.cast %b : memref<16x384xbf16> to memref<?x?xbf16>
  call @fillbf16(%ad) : (memref<?x?xbf16>) -> ()
  memref.copy %a, %t : memref<16x384xbf16> to memref<16x384xbf16, #B>
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 384 {
      %v = affine.load %t[%i, %j] : memref<16x384xbf16, #B>
      affine.store %v, %r[%i, %j] : memref<16x384xbf16>
    }
  }
  call @diffbf16(%ad, %rd) : (memref<?x?xbf16>, memref<?x?xbf16>) -> ()
  memref.copy %t, %b : memref<16x384xbf16, #B> to memref<16x384xbf16>
  call @diffbf16(%ad, %bd) : (memref<?x?xbf16>, memref<?x?xbf16>) -> ()
  return
}

func.func @pairs_bf16_11x200() {
  %a = memref.alloc() : memref<11x200xbf16>
  %t = memref.alloc() : memref<11x200xbf16, #B>
  %r = memref.alloc() : memref<11x200xbf16>
  %b = memref.alloc() : memref<11x200xbf16>
  %ad = memref.cast %a : memref<11x200xbf16> to memref<?x?xbf16>
  %rd = memref.cast %r : memref<11x200xbf16> to memref<?x?xbf16>
  %bd = memref.cast %b : memref<11x200xbf16> to memref<?x?xbf16>
  call @fillbf16(%ad) : (memref<?x?xbf16>) -> ()
  memref.copy %a, %t : memref<11x200xbf16> to memref<11x200xbf16, #B>
  affine.for %i = 0 to 11 {
    affine.for %j = 0 to 200 {
      %v = affine.load %t[%i, %j] : memref<11x200xbf16, #B>
      affine.store %v, %r[%i, %j] : memref<11x200xbf16>
    }
  }
  call @diffbf16(%ad, %rd) : (memref<?x?xbf16>, memref<?x?xbf16>) -> ()
  memref.copy %t, %b : memref<11x200xbf16, #B> to memref<11x200xbf16>
  call @diffbf16(%ad, %bd) : (memref<?x?xbf16>, memref<?x?xbf16>) -> ()
  return
}

// Four f32 rows interleaved (T(8,128)(4,1)): shuffles of i32 lanes.
func.func @quads_f32_16x256() {
  %a = memref.alloc() : memref<16x256xf32>
  %t = memref.alloc() : memref<16x256xf32, #Q>
  %r = memref.alloc() : memref<16x256xf32>
  %b = memref.alloc() : memref<16x256xf32>
  %ad = memref.cast %a : memref<16x256xf32> to memref<?x?xf32>
  %rd = memref.cast %r : memref<16x256xf32> to memref<?x?xf32>
  %bd = memref.cast %b : memref<16x256xf32> to memref<?x?xf32>
  call @fill32(%ad) : (memref<?x?xf32>) -> ()
  memref.copy %a, %t : memref<16x256xf32> to memref<16x256xf32, #Q>
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 256 {
      %v = affine.load %t[%i, %j] : memref<16x256xf32, #Q>
      affine.store %v, %r[%i, %j] : memref<16x256xf32>
    }
  }
  call @diff32(%ad, %rd) : (memref<?x?xf32>, memref<?x?xf32>) -> ()
  memref.copy %t, %b : memref<16x256xf32, #Q> to memref<16x256xf32>
  call @diff32(%ad, %bd) : (memref<?x?xf32>, memref<?x?xf32>) -> ()
  return
}

func.func @quads_24x256() {
  %a = memref.alloc() : memref<24x256xi8>
  %t = memref.alloc() : memref<24x256xi8, #Q>
  %r = memref.alloc() : memref<24x256xi8>
  %b = memref.alloc() : memref<24x256xi8>
  %ad = memref.cast %a : memref<24x256xi8> to memref<?x?xi8>
  %rd = memref.cast %r : memref<24x256xi8> to memref<?x?xi8>
  %bd = memref.cast %b : memref<24x256xi8> to memref<?x?xi8>
  call @fill8(%ad) : (memref<?x?xi8>) -> ()
  memref.copy %a, %t : memref<24x256xi8> to memref<24x256xi8, #Q>
  affine.for %i = 0 to 24 {
    affine.for %j = 0 to 256 {
      %v = affine.load %t[%i, %j] : memref<24x256xi8, #Q>
      affine.store %v, %r[%i, %j] : memref<24x256xi8>
    }
  }
  call @diff8(%ad, %rd) : (memref<?x?xi8>, memref<?x?xi8>) -> ()
  memref.copy %t, %b : memref<24x256xi8, #Q> to memref<24x256xi8>
  call @diff8(%ad, %bd) : (memref<?x?xi8>, memref<?x?xi8>) -> ()
  return
}

func.func @quads_13x131() {
  %a = memref.alloc() : memref<13x131xi8>
  %t = memref.alloc() : memref<13x131xi8, #Q>
  %r = memref.alloc() : memref<13x131xi8>
  %b = memref.alloc() : memref<13x131xi8>
  %ad = memref.cast %a : memref<13x131xi8> to memref<?x?xi8>
  %rd = memref.cast %r : memref<13x131xi8> to memref<?x?xi8>
  %bd = memref.cast %b : memref<13x131xi8> to memref<?x?xi8>
  call @fill8(%ad) : (memref<?x?xi8>) -> ()
  memref.copy %a, %t : memref<13x131xi8> to memref<13x131xi8, #Q>
  affine.for %i = 0 to 13 {
    affine.for %j = 0 to 131 {
      %v = affine.load %t[%i, %j] : memref<13x131xi8, #Q>
      affine.store %v, %r[%i, %j] : memref<13x131xi8>
    }
  }
  call @diff8(%ad, %rd) : (memref<?x?xi8>, memref<?x?xi8>) -> ()
  memref.copy %t, %b : memref<13x131xi8, #Q> to memref<13x131xi8>
  call @diff8(%ad, %bd) : (memref<?x?xi8>, memref<?x?xi8>) -> ()
  return
}

func.func @transpose_48x32() {
  %a = memref.alloc() : memref<48x32xf32>
  %t = memref.alloc() : memref<48x32xf32, #C>
  %r = memref.alloc() : memref<48x32xf32>
  %b = memref.alloc() : memref<48x32xf32>
  %ad = memref.cast %a : memref<48x32xf32> to memref<?x?xf32>
  %rd = memref.cast %r : memref<48x32xf32> to memref<?x?xf32>
  %bd = memref.cast %b : memref<48x32xf32> to memref<?x?xf32>
  call @fill32(%ad) : (memref<?x?xf32>) -> ()
  memref.copy %a, %t : memref<48x32xf32> to memref<48x32xf32, #C>
  affine.for %i = 0 to 48 {
    affine.for %j = 0 to 32 {
      %v = affine.load %t[%i, %j] : memref<48x32xf32, #C>
      affine.store %v, %r[%i, %j] : memref<48x32xf32>
    }
  }
  call @diff32(%ad, %rd) : (memref<?x?xf32>, memref<?x?xf32>) -> ()
  memref.copy %t, %b : memref<48x32xf32, #C> to memref<48x32xf32>
  call @diff32(%ad, %bd) : (memref<?x?xf32>, memref<?x?xf32>) -> ()
  return
}

func.func @transpose_19x23() {
  %a = memref.alloc() : memref<19x23xf32>
  %t = memref.alloc() : memref<19x23xf32, #C>
  %r = memref.alloc() : memref<19x23xf32>
  %b = memref.alloc() : memref<19x23xf32>
  %ad = memref.cast %a : memref<19x23xf32> to memref<?x?xf32>
  %rd = memref.cast %r : memref<19x23xf32> to memref<?x?xf32>
  %bd = memref.cast %b : memref<19x23xf32> to memref<?x?xf32>
  call @fill32(%ad) : (memref<?x?xf32>) -> ()
  memref.copy %a, %t : memref<19x23xf32> to memref<19x23xf32, #C>
  affine.for %i = 0 to 19 {
    affine.for %j = 0 to 23 {
      %v = affine.load %t[%i, %j] : memref<19x23xf32, #C>
      affine.store %v, %r[%i, %j] : memref<19x23xf32>
    }
  }
  call @diff32(%ad, %rd) : (memref<?x?xf32>, memref<?x?xf32>) -> ()
  memref.copy %t, %b : memref<19x23xf32, #C> to memref<19x23xf32>
  call @diff32(%ad, %bd) : (memref<?x?xf32>, memref<?x?xf32>) -> ()
  return
}

// Transposing copies between two tlayout layouts (the transposed array
// in tiles, as XLA writes a transpose), there and back: the first count
// reads the second layout through its loads, the second compares the round
// trip. 40x24 is not whole 16 x 16 blocks and T(8,8) rows do not hold a
// block of f32: both take the element-by-element nest.

func.func @transpose_tiles_48x256() {
  %a = memref.alloc() : memref<48x256xf32>
  %t = memref.alloc() : memref<48x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>
  %u = memref.alloc() : memref<48x256xf32, #tlayout.tiled<{0,1:T(8,128)}>>
  %w = memref.alloc() : memref<48x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>
  %r = memref.alloc() : memref<48x256xf32>
  %b = memref.alloc() : memref<48x256xf32>
  %ad = memref.cast %a : memref<48x256xf32> to memref<?x?xf32>
  %rd = memref.cast %r : memref<48x256xf32> to memref<?x?xf32>
  %bd = memref.cast %b : memref<48x256xf32> to memref<?x?xf32>
  call @fill32(%ad) : (memref<?x?xf32>) -> ()
  memref.copy %a, %t : memref<48x256xf32> to memref<48x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>
  memref.copy %t, %u : memref<48x256xf32, #tlayout.tiled<{1,0:T(8,128)}>> to memref<48x256xf32, #tlayout.tiled<{0,1:T(8,128)}>>
  affine.for %i = 0 to 48 {
    affine.for %j = 0 to 256 {
      %v = affine.load %u[%i, %j] : memref<48x256xf32, #tlayout.tiled<{0,1:T(8,128)}>>
      affine.store %v, %r[%i, %j] : memref<48x256xf32>
    }
  }
  call @diff32(%ad, %rd) : (memref<?x?xf32>, memref<?x?xf32>) -> ()
  memref.copy %u, %w : memref<48x256xf32, #tlayout.tiled<{0,1:T(8,128)}>> to memref<48x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>
  memref.copy %w, %b : memref<48x256xf32, #tlayout.tiled<{1,0:T(8,128)}>> to memref<48x256xf32>
  call @diff32(%ad, %bd) : (memref<?x?xf32>, memref<?x?xf32>) -> ()
  return
}

func.func @transpose_tiles_64x32() {
  %a = memref.alloc() : memref<64x32xf32>
  %t = memref.alloc() : memref<64x32xf32, #tlayout.tiled<{0,1:T(8,128)}>>
  %u = memref.alloc() : memref<64x32xf32, #tlayout.tiled<{1,0:T(8,128)}>>
  %w = memref.alloc() : memref<64x32xf32, #tlayout.tiled<{0,1:T(8,128)}>>
  %r = memref.alloc() : memref<64x32xf32>
  %b = memref.alloc() : memref<64x32xf32>
  %ad = memref.cast %a : memref<64x32xf32> to memref<?x?xf32>
  %rd = memref.cast %r : memref<64x32xf32> to memref<?x?xf32>
  %bd = memref.cast %b : memref<64x32xf32> to memref<?x?xf32>
  call @fill32(%ad) : (memref<?x?xf32>) -> ()
  memref.copy %a, %t : memref<64x32xf32> to memref<64x32xf32, #tlayout.tiled<{0,1:T(8,128)}>>
  memref.copy %t, %u : memref<64x32xf32, #tlayout.tiled<{0,1:T(8,128)}>> to memref<64x32xf32, #tlayout.tiled<{1,0:T(8,128)}>>
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 32 {
      %v = affine.load %u[%i, %j] : memref<64x32xf32, #tlayout.tiled<{1,0:T(8,128)}>>
      affine.store %v, %r[%i, %j] : memref<64x32xf32>
    }
  }
  call @diff32(%ad, %rd) : (memref<?x?xf32>, memref<?x?xf32>) -> ()
  memref.copy %u, %w : memref<64x32xf32, #tlayout.tiled<{1,0:T(8,128)}>> to memref<64x32xf32, #tlayout.tiled<{0,1:T(8,128)}>>
  memref.copy %w, %b : memref<64x32xf32, #tlayout.tiled<{0,1:T(8,128)}>> to memref<64x32xf32>
  call @diff32(%ad, %bd) : (memref<?x?xf32>, memref<?x?xf32>) -> ()
  return
}

func.func @transpose_rowmajor_tiles_32x48() {
  %a = memref.alloc() : memref<32x48xf32>
  %t = memref.alloc() : memref<32x48xf32, #tlayout.tiled<{1,0}>>
  %u = memref.alloc() : memref<32x48xf32, #tlayout.tiled<{0,1:T(8,16)}>>
  %w = memref.alloc() : memref<32x48xf32, #tlayout.tiled<{1,0}>>
  %r = memref.alloc() : memref<32x48xf32>
  %b = memref.alloc() : memref<32x48xf32>
  %ad = memref.cast %a : memref<32x48xf32> to memref<?x?xf32>
  %rd = memref.cast %r : memref<32x48xf32> to memref<?x?xf32>
  %bd = memref.cast %b : memref<32x48xf32> to memref<?x?xf32>
  call @fill32(%ad) : (memref<?x?xf32>) -> ()
  memref.copy %a, %t : memref<32x48xf32> to memref<32x48xf32, #tlayout.tiled<{1,0}>>
  memref.copy %t, %u : memref<32x48xf32, #tlayout.tiled<{1,0}>> to memref<32x48xf32, #tlayout.tiled<{0,1:T(8,16)}>>
  affine.for %i = 0 to 32 {
    affine.for %j = 0 to 48 {
      %v = affine.load %u[%i, %j] : memref<32x48xf32, #tlayout.tiled<{0,1:T(8,16)}>>
      affine.store %v, %r[%i, %j] : memref<32x48xf32>
    }
  }
  call @diff32(%ad, %rd) : (memref<?x?xf32>, memref<?x?xf32>) -> ()
  memref.copy %u, %w : memref<32x48xf32, #tlayout.tiled<{0,1:T(8,16)}>> to memref<32x48xf32, #tlayout.tiled<{1,0}>>
  memref.copy %w, %b : memref<32x48xf32, #tlayout.tiled<{1,0}>> to memref<32x48xf32>
  call @diff32(%ad, %bd) : (memref<?x?xf32>, memref<?x?xf32>) -> ()
  return
}

func.func @transpose_tiles_i16_32x64() {
  %a = memref.alloc() : memref<32x64xi16>
  %t = memref.alloc() : memref<32x64xi16, #tlayout.tiled<{1,0:T(8,32)}>>
  %u = memref.alloc() : memref<32x64xi16, #tlayout.tiled<{0,1:T(4,16)}>>
  %w = memref.alloc() : memref<32x64xi16, #tlayout.tiled<{1,0:T(8,32)}>>
  %r = memref.alloc() : memref<32x64xi16>
  %b = memref.alloc() : memref<32x64xi16>
  %ad = memref.cast %a : memref<32x64xi16> to memref<?x?xi16>
  %rd = memref.cast %r : memref<32x64xi16> to memref<?x?xi16>
  %bd = memref.cast %b : memref<32x64xi16> to memref<?x?xi16>
  call @fill16(%ad) : (memref<?x?xi16>) -> ()
  memref.copy %a, %t : memref<32x64xi16> to memref<32x64xi16, #tlayout.tiled<{1,0:T(8,32)}>>
  memref.copy %t, %u : memref<32x64xi16, #tlayout.tiled<{1,0:T(8,32)}>> to memref<32x64xi16, #tlayout.tiled<{0,1:T(4,16)}>>
  affine.for %i = 0 to 32 {
    affine.for %j = 0 to 64 {
      %v = affine.load %u[%i, %j] : memref<32x64xi16, #tlayout.tiled<{0,1:T(4,16)}>>
      affine.store %v, %r[%i, %j] : memref<32x64xi16>
    }
  }
  call @diff16(%ad, %rd) : (memref<?x?xi16>, memref<?x?xi16>) -> ()
  memref.copy %u, %w : memref<32x64xi16, #tlayout.tiled<{0,1:T(4,16)}>> to memref<32x64xi16, #tlayout.tiled<{1,0:T(8,32)}>>
  memref.copy %w, %b : memref<32x64xi16, #tlayout.tiled<{1,0:T(8,32)}>> to memref<32x64xi16>
  call @diff16(%ad, %bd) : (memref<?x?xi16>, memref<?x?xi16>) -> ()
  return
}

func.func @transpose_narrow_tiles_32x32() {
  %a = memref.alloc() : memref<32x32xf32>
  %t = memref.alloc() : memref<32x32xf32, #tlayout.tiled<{1,0:T(8,8)}>>
  %u = memref.alloc() : memref<32x32xf32, #tlayout.tiled<{0,1:T(8,128)}>>
  %w = memref.alloc() : memref<32x32xf32, #tlayout.tiled<{1,0:T(8,8)}>>
  %r = memref.alloc() : memref<32x32xf32>
  %b = memref.alloc() : memref<32x32xf32>
  %ad = memref.cast %a : memref<32x32xf32> to memref<?x?xf32>
  %rd = memref.cast %r : memref<32x32xf32> to memref<?x?xf32>
  %bd = memref.cast %b : memref<32x32xf32> to memref<?x?xf32>
  call @fill32(%ad) : (memref<?x?xf32>) -> ()
  memref.copy %a, %t : memref<32x32xf32> to memref<32x32xf32, #tlayout.tiled<{1,0:T(8,8)}>>
  memref.copy %t, %u : memref<32x32xf32, #tlayout.tiled<{1,0:T(8,8)}>> to memref<32x32xf32, #tlayout.tiled<{0,1:T(8,128)}>>
  affine.for %i = 0 to 32 {
    affine.for %j = 0 to 32 {
      %v = affine.load %u[%i, %j] : memref<32x32xf32, #tlayout.tiled<{0,1:T(8,128)}>>
      affine.store %v, %r[%i, %j] : memref<32x32xf32>
    }
  }
  call @diff32(%ad, %rd) : (memref<?x?xf32>, memref<?x?xf32>) -> ()
  memref.copy %u, %w : memref<32x32xf32, #tlayout.tiled<{0,1:T(8,128)}>> to memref<32x32xf32, #tlayout.tiled<{1,0:T(8,8)}>>
  memref.copy %w, %b : memref<32x32xf32, #tlayout.tiled<{1,0:T(8,8)}>> to memref<32x32xf32>
  call @diff32(%ad, %bd) : (memref<?x?xf32>, memref<?x?xf32>) -> ()
  return
}

func.func @transpose_odd_tiles_40x24() {
  %a = memref.alloc() : memref<40x24xf32>
  %t = memref.alloc() : memref<40x24xf32, #tlayout.tiled<{1,0:T(8,128)}>>
  %u = memref.alloc() : memref<40x24xf32, #tlayout.tiled<{0,1:T(8,128)}>>
  %w = memref.alloc() : memref<40x24xf32, #tlayout.tiled<{1,0:T(8,128)}>>
  %r = memref.alloc() : memref<40x24xf32>
  %b = memref.alloc() : memref<40x24xf32>
  %ad = memref.cast %a : memref<40x24xf32> to memref<?x?xf32>
  %rd = memref.cast %r : memref<40x24xf32> to memref<?x?xf32>
  %bd = memref.cast %b : memref<40x24xf32> to memref<?x?xf32>
  call @fill32(%ad) : (memref<?x?xf32>) -> ()
  memref.copy %a, %t : memref<40x24xf32> to memref<40x24xf32, #tlayout.tiled<{1,0:T(8,128)}>>
  memref.copy %t, %u : memref<40x24xf32, #tlayout.tiled<{1,0:T(8,128)}>> to memref<40x24xf32, #tlayout.tiled<{0,1:T(8,128)}>>
  affine.for %i = 0 to 40 {
    affine.for %j = 0 to 24 {
      %v = affine.load %u[%i, %j] : memref<40x24xf32, #tlayout.tiled<{0,1:T(8,128)}>>
      affine.store %v, %r[%i, %j] : memref<40x24xf32>
    }
  }
  call @diff32(%ad, %rd) : (memref<?x?xf32>, memref<?x?xf32>) -> ()
  memref.copy %u, %w : memref<40x24xf32, #tlayout.tiled<{0,1:T(8,128)}>> to memref<40x24xf32, #tlayout.tiled<{1,0:T(8,128)}>>
  memref.copy %w, %b : memref<40x24xf32, #tlayout.tiled<{1,0:T(8,128)}>> to memref<40x24xf32>
  call @diff32(%ad, %bd) : (memref<?x?xf32>, memref<?x?xf32>) -> ()
  return
}

// A small T(4,8)(2,1) buffer printed whole: element (i, j) (value
// 10 i + j) of the 4x16 array at tile j/8, pair (i mod 4)/2, offset
// 2 (j mod 8) + i mod 2.
func.func @small_pairs() {
  %a = memref.alloc() : memref<4x16xi32>
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 16 {
      %k = affine.apply affine_map<(i, j) -> (i * 10 + j)>(%i, %j)
      %v = arith.index_cast %k : index to i32
      affine.store %v, %a[%i, %j] : memref<4x16xi32>
    }
  }
  %t = memref.alloc() : memref<4x16xi32, #S>
  memref.copy %a, %t : memref<4x16xi32> to memref<4x16xi32, #S>
  %p = tlayout.to_physical %t : memref<4x16xi32, #S> to memref<64xi32>
  %u = memref.cast %p : memref<64xi32> to memref<*xi32>
  call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  return
}

func.func @main() {
  // CHECK-COUNT-30: {{^}}0{{$}}
  call @pairs_16x384() : () -> ()
  call @pairs_11x200() : () -> ()
  call @pairs_bf16_16x384() : () -> ()
  call @pairs_bf16_11x200() : () -> ()
  call @quads_f32_16x256() : () -> ()
  call @quads_24x256() : () -> ()
  call @quads_13x131() : () -> ()
  call @transpose_48x32() : () -> ()
  call @transpose_19x23() : () -> ()
  call @transpose_tiles_48x256() : () -> ()
  call @transpose_tiles_64x32() : () -> ()
  call @transpose_rowmajor_tiles_32x48() : () -> ()
  call @transpose_tiles_i16_32x64() : () -> ()
  call @transpose_narrow_tiles_32x32() : () -> ()
  call @transpose_odd_tiles_40x24() : () -> ()
  // CHECK: sizes = [64]
  // CHECK-NEXT: [0,  10,  1,  11,  2,  12,  3,  13,  4,  14,  5,  15,  6,  16,  7,  17,  20,  30,  21,  31,  22,  32,  23,  33,  24,  34,  25,  35,  26,  36,  27,  37,  8,  18,  9,  19,  10,  20,  11,  21,  12,  22,  13,  23,  14,  24,  15,  25,  28,  38,  29,  39,  30,  40,  31,  41,  32,  42,  33,  43,  34,  44,  35,  45]
  call @small_pairs() : () -> ()
  return
}
