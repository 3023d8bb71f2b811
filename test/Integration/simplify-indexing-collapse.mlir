// Nests that walk whole buffers in order, collapsed by
// --tlayout-simplify-indexing into one loop over collapsed views: an
// element-wise update of T(8,128) arrays in place (each element also adds
// the array's first element, read through an access the collapse leaves
// as it is, and rewritten by the first trip), the inner loops of a nest
// whose outer loop indexes the buffers otherwise, and a nest the collapse
// must leave alone (a loop shorter than its dimension). Every program
// prints what the untiled program prints.
// RUN: tlayout-opt %s %{lower_to_llvm} | %{run} | FileCheck %s
// RUN: tlayout-opt %s %{lower_to_llvm}=physical-order=false | %{run} \
// RUN:   | FileCheck %s
// RUN: sed -e "s/, #T>/>/g" %s | tlayout-opt %{lower_to_llvm} | %{run} \
// RUN:   | FileCheck %s
// The collapse happens:
// RUN: tlayout-opt %s --lower-tiled-layouts --tlayout-cpu-loops \
// RUN:   | FileCheck %s --check-prefix=IR
// IR-LABEL: func.func @update
// IR:         memref.collapse_shape %{{.*}} {{\[}}[0, 1, 2, 3]] : memref<2x2x8x128xi32> into memref<4096xi32>
// IR:         affine.for %{{.*}} = 0 to 4096 {
// IR-LABEL: func.func @inner
// IR:         memref.collapse_shape %{{.*}} {{\[}}[0], [1, 2]] : memref<3x4x8xi32> into memref<3x32xi32>
// IR:         affine.for %{{.*}} = 0 to 3 {
// IR-NEXT:      affine.for %{{.*}} = 0 to 32 {
// IR-LABEL: func.func @short
// IR-NOT:     memref.collapse_shape
// IR:         return

#T = #tlayout.tiled<{1,0:T(8,128)}>

func.func private @printMemrefI32(memref<*xi32>)

// a[i][j] = 2 a[i][j] + b[i][j] + a[0][0] (a[0][0] as the first trip left it).
func.func @update(%a: memref<16x256xi32, #T>, %b: memref<16x256xi32, #T>) {
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 256 {
      %x = affine.load %a[%i, %j] : memref<16x256xi32, #T>
      %y = affine.load %b[%i, %j] : memref<16x256xi32, #T>
      %z = affine.load %a[0, 0] : memref<16x256xi32, #T>
      %x2 = arith.addi %x, %x : i32
      %s = arith.addi %x2, %y : i32
      %t = arith.addi %s, %z : i32
      affine.store %t, %a[%i, %j] : memref<16x256xi32, #T>
    }
  }
  return
}

func.func @inner(%a: memref<3x4x8xi32>, %b: memref<6x4x8xi32>) {
  affine.for %g = 0 to 3 {
    affine.for %r = 0 to 4 {
      affine.for %e = 0 to 8 {
        %x = affine.load %a[%g, %r, %e] : memref<3x4x8xi32>
        %z = affine.load %a[0, 1, 0] : memref<3x4x8xi32>
        %s = arith.addi %x, %z : i32
        affine.store %s, %b[%g * 2 + 1, %r, %e] : memref<6x4x8xi32>
      }
    }
  }
  return
}

func.func @short(%a: memref<16x256xi32, #T>) {
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 255 {
      %x = affine.load %a[%i, %j] : memref<16x256xi32, #T>
      %y = arith.muli %x, %x : i32
      affine.store %y, %a[%i, %j] : memref<16x256xi32, #T>
    }
  }
  return
}

// Sums of the rows of a (16 values), then b of @inner, as the untiled
// program lowered by upstream alone prints them.
// CHECK:      [5825124,  6308882,  6817614,  7351336,  7910048,  8493750,  9102442,  9736124,  10394796,  11078458,  11787110,  12520752,  13279384,  14063006,  14871618,  15705220]
// CHECK:      {{\[\[}}[0,    0,    0,    0,    0,    0,    0,    0],
// CHECK-NEXT:   [0,    0,    0,    0,    0,    0,    0,    0],
// CHECK-NEXT:   [0,    0,    0,    0,    0,    0,    0,    0],
// CHECK-NEXT:   [0,    0,    0,    0,    0,    0,    0,    0]],
// CHECK-NEXT:  {{\[\[}}10,    11,    12,    13,    14,    15,    16,    17],
// CHECK-NEXT:   [20,    21,    22,    23,    24,    25,    26,    27],
// CHECK-NEXT:   [30,    31,    32,    33,    34,    35,    36,    37],
// CHECK-NEXT:   [40,    41,    42,    43,    44,    45,    46,    47]],
// CHECK-NEXT:  {{\[\[}}0,    0,    0,    0,    0,    0,    0,    0],
// CHECK-NEXT:   [0,    0,    0,    0,    0,    0,    0,    0],
// CHECK-NEXT:   [0,    0,    0,    0,    0,    0,    0,    0],
// CHECK-NEXT:   [0,    0,    0,    0,    0,    0,    0,    0]],
// CHECK-NEXT:  {{\[\[}}110,    111,    112,    113,    114,    115,    116,    117],
// CHECK-NEXT:   [120,    121,    122,    123,    124,    125,    126,    127],
// CHECK-NEXT:   [130,    131,    132,    133,    134,    135,    136,    137],
// CHECK-NEXT:   [140,    141,    142,    143,    144,    145,    146,    147]],
// CHECK-NEXT:  {{\[\[}}0,    0,    0,    0,    0,    0,    0,    0],
// CHECK-NEXT:   [0,    0,    0,    0,    0,    0,    0,    0],
// CHECK-NEXT:   [0,    0,    0,    0,    0,    0,    0,    0],
// CHECK-NEXT:   [0,    0,    0,    0,    0,    0,    0,    0]],
// CHECK-NEXT:  {{\[\[}}210,    211,    212,    213,    214,    215,    216,    217],
// CHECK-NEXT:   [220,    221,    222,    223,    224,    225,    226,    227],
// CHECK-NEXT:   [230,    231,    232,    233,    234,    235,    236,    237],
// CHECK-NEXT:   [240,    241,    242,    243,    244,    245,    246,    247]]]
func.func @main() {
  %a = memref.alloc() : memref<16x256xi32, #T>
  %b = memref.alloc() : memref<16x256xi32, #T>
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 256 {
      %v = affine.apply affine_map<(i, j) -> (i * 3 + j + 1)>(%i, %j)
      %w = arith.index_cast %v : index to i32
      affine.store %w, %a[%i, %j] : memref<16x256xi32, #T>
      %u = affine.apply affine_map<(i, j) -> (i - j)>(%i, %j)
      %x = arith.index_cast %u : index to i32
      affine.store %x, %b[%i, %j] : memref<16x256xi32, #T>
    }
  }
  call @update(%a, %b) : (memref<16x256xi32, #T>, memref<16x256xi32, #T>) -> ()
  call @short(%a) : (memref<16x256xi32, #T>) -> ()
  %sums = memref.alloc() : memref<16xi32>
  %zero = arith.constant 0 : i32
  affine.for %i = 0 to 16 {
    %s = affine.for %j = 0 to 256 iter_args(%acc = %zero) -> i32 {
      %x = affine.load %a[%i, %j] : memref<16x256xi32, #T>
      %y = arith.addi %acc, %x : i32
      affine.yield %y : i32
    }
    affine.store %s, %sums[%i] : memref<16xi32>
  }
  %su = memref.cast %sums : memref<16xi32> to memref<*xi32>
  call @printMemrefI32(%su) : (memref<*xi32>) -> ()

  %c = memref.alloc() : memref<3x4x8xi32>
  %d = memref.alloc() : memref<6x4x8xi32>
  affine.for %g = 0 to 3 {
    affine.for %r = 0 to 4 {
      affine.for %e = 0 to 8 {
        %v = affine.apply affine_map<(g, r, e) -> (g * 100 + r * 10 + e)>(%g, %r, %e)
        %w = arith.index_cast %v : index to i32
        affine.store %w, %c[%g, %r, %e] : memref<3x4x8xi32>
      }
    }
  }
  affine.for %g = 0 to 6 {
    affine.for %r = 0 to 4 {
      affine.for %e = 0 to 8 {
        affine.store %zero, %d[%g, %r, %e] : memref<6x4x8xi32>
      }
    }
  }
  call @inner(%c, %d) : (memref<3x4x8xi32>, memref<6x4x8xi32>) -> ()
  %du = memref.cast %d : memref<6x4x8xi32> to memref<*xi32>
  call @printMemrefI32(%du) : (memref<*xi32>) -> ()
  memref.dealloc %a : memref<16x256xi32, #T>
  memref.dealloc %b : memref<16x256xi32, #T>
  memref.dealloc %sums : memref<16xi32>
  memref.dealloc %c : memref<3x4x8xi32>
  memref.dealloc %d : memref<6x4x8xi32>
  return
}
