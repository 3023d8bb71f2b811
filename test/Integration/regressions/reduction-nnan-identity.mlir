// Row maxima and minima by maxnumf and minnumf reassociated across tiles,
// with `reassoc` alone, with `nnan` and with `fast`, in f32 and f16, each
// row of 300 elements (its tiles padded) started from -inf or +inf, and
// maxima over an empty range under nnan and under fast, from a constant
// -inf and from an argument that is -inf (under ninf the partials start
// from the initial value, or the loop keeps its order: the largest finite
// float would be the result of no element). Every program prints what the
// untiled program prints.
//
// Found by an adversarial hunt: the partials of a maxnumf or minnumf
// started from NaN, their neutral element, which is poison under `nnan`;
// LLVM folded the combinations to poison, and a row maximum under `fast`
// printed its initial value (-inf) for every row. Then a maximum under
// `fast` of no element printed -3.40282e+38 (upstream's finite stand-in for
// -inf under ninf) where the untiled loop printed -inf.
// Failed before its fix: tlayout-opt %s %{lower_to_llvm} | %{run}
//
// RUN: tlayout-opt %s %{lower_to_llvm} | %{run} | FileCheck %s
// RUN: tlayout-opt %s %{lower_to_llvm}=row-accumulator-bytes=0 | %{run} \
// RUN:   | FileCheck %s
// RUN: tlayout-opt %s %{lower_to_llvm}=tile-row-walk-bytes=512 | %{run} \
// RUN:   | FileCheck %s
// RUN: tlayout-opt %s %{lower_to_llvm}=physical-order=false | %{run} \
// RUN:   | FileCheck %s
// RUN: tlayout-opt %s --lower-tiled-layouts --tlayout-simplify-indexing \
// RUN:   --canonicalize | mlir-opt --lower-affine --convert-scf-to-cf \
// RUN:   --expand-strided-metadata --lower-affine --finalize-memref-to-llvm \
// RUN:   --convert-to-llvm --reconcile-unrealized-casts | %{run} | FileCheck %s
// RUN: sed -e "s/, #T>/>/g" %s | tlayout-opt %{lower_to_llvm} | %{run} \
// RUN:   | FileCheck %s

#T = #tlayout.tiled<{1,0:T(8,128)}>

// CHECK:      {{\[\[}}7,   8,   9,   10,   11,   12,   13,   14,   15],
// CHECK-NEXT: [7,   8,   9,   10,   11,   12,   13,   14,   15],
// CHECK-NEXT: [7,   8,   9,   10,   11,   12,   13,   14,   15],
// CHECK-NEXT: [-inf,   -inf,   -inf,   -inf,   -inf,   -inf,   -inf,   -inf,   -inf],
// CHECK-NEXT: [-inf,   -inf,   -inf,   -inf,   -inf,   -inf,   -inf,   -inf,   -inf],
// CHECK-NEXT: [-inf,   -inf,   -inf,   -inf,   -inf,   -inf,   -inf,   -inf,   -inf]]
// CHECK:      {{\[\[}}-7,   -6,   -5,   -4,   -3,   -2,   -1,   0,   1],
// CHECK-NEXT: [-7,   -6,   -5,   -4,   -3,   -2,   -1,   0,   1],
// CHECK-NEXT: [-7,   -6,   -5,   -4,   -3,   -2,   -1,   0,   1],
// CHECK-NEXT: [-7,   -6,   -5,   -4,   -3,   -2,   -1,   0,   1]]

func.func private @printMemrefF32(memref<*xf32>)

#R = affine_map<(i, j) -> (i + (j * 7) mod 15 - 7)>

func.func @maxima(%a: memref<9x300xf32, #T>, %h: memref<9x300xf16, #T>,
                  %o: memref<6x9xf32>, %n: index, %start: f32) {
  %low = arith.constant 0xFF800000 : f32
  %lowh = arith.constant 0xFC00 : f16
  affine.for %i = 0 to 9 {
    %m0 = affine.for %j = 0 to 300 iter_args(%acc = %low) -> f32 {
      %x = affine.load %a[%i, %j] : memref<9x300xf32, #T>
      %m = arith.maxnumf %acc, %x fastmath<reassoc> : f32
      affine.yield %m : f32
    }
    %m1 = affine.for %j = 0 to 300 iter_args(%acc = %low) -> f32 {
      %x = affine.load %a[%i, %j] : memref<9x300xf32, #T>
      %m = arith.maxnumf %x, %acc fastmath<reassoc,nnan> : f32
      affine.yield %m : f32
    }
    %m2 = affine.for %j = 0 to 300 iter_args(%acc = %lowh) -> f16 {
      %x = affine.load %h[%i, %j] : memref<9x300xf16, #T>
      %m = arith.maxnumf %acc, %x fastmath<fast> : f16
      affine.yield %m : f16
    }
    %m3 = affine.for %j = 0 to %n iter_args(%acc = %low) -> f32 {
      %x = affine.load %a[%i, %j] : memref<9x300xf32, #T>
      %m = arith.maxnumf %acc, %x fastmath<reassoc,nnan> : f32
      affine.yield %m : f32
    }
    %m4 = affine.for %j = 0 to %n iter_args(%acc = %low) -> f32 {
      %x = affine.load %a[%i, %j] : memref<9x300xf32, #T>
      %m = arith.maximumf %acc, %x fastmath<fast> : f32
      affine.yield %m : f32
    }
    %m5 = affine.for %j = 0 to %n iter_args(%acc = %start) -> f32 {
      %x = affine.load %a[%i, %j] : memref<9x300xf32, #T>
      %m = arith.maxnumf %acc, %x fastmath<fast> : f32
      affine.yield %m : f32
    }
    %w = arith.extf %m2 : f16 to f32
    affine.store %m0, %o[0, %i] : memref<6x9xf32>
    affine.store %m1, %o[1, %i] : memref<6x9xf32>
    affine.store %w, %o[2, %i] : memref<6x9xf32>
    affine.store %m3, %o[3, %i] : memref<6x9xf32>
    affine.store %m4, %o[4, %i] : memref<6x9xf32>
    affine.store %m5, %o[5, %i] : memref<6x9xf32>
  }
  return
}

func.func @minima(%a: memref<9x300xf32, #T>, %h: memref<9x300xf16, #T>,
                  %o: memref<4x9xf32>) {
  %high = arith.constant 0x7F800000 : f32
  %highh = arith.constant 0x7C00 : f16
  affine.for %i = 0 to 9 {
    %m0 = affine.for %j = 0 to 300 iter_args(%acc = %high) -> f32 {
      %x = affine.load %a[%i, %j] : memref<9x300xf32, #T>
      %m = arith.minnumf %acc, %x fastmath<reassoc> : f32
      affine.yield %m : f32
    }
    %m1 = affine.for %j = 0 to 300 iter_args(%acc = %high) -> f32 {
      %x = affine.load %a[%i, %j] : memref<9x300xf32, #T>
      %m = arith.minnumf %x, %acc fastmath<reassoc,nnan> : f32
      affine.yield %m : f32
    }
    %m2 = affine.for %j = 0 to 300 iter_args(%acc = %high) -> f32 {
      %x = affine.load %a[%i, %j] : memref<9x300xf32, #T>
      %m = arith.minnumf %acc, %x fastmath<fast> : f32
      affine.yield %m : f32
    }
    %m3 = affine.for %j = 0 to 300 iter_args(%acc = %highh) -> f16 {
      %x = affine.load %h[%i, %j] : memref<9x300xf16, #T>
      %m = arith.minnumf %acc, %x fastmath<fast> : f16
      affine.yield %m : f16
    }
    %w = arith.extf %m3 : f16 to f32
    affine.store %m0, %o[0, %i] : memref<4x9xf32>
    affine.store %m1, %o[1, %i] : memref<4x9xf32>
    affine.store %m2, %o[2, %i] : memref<4x9xf32>
    affine.store %w, %o[3, %i] : memref<4x9xf32>
  }
  return
}

func.func @main() {
  %a = memref.alloc() : memref<9x300xf32, #T>
  %h = memref.alloc() : memref<9x300xf16, #T>
  affine.for %i = 0 to 9 {
    affine.for %j = 0 to 300 {
      %v = affine.apply #R(%i, %j)
      %vi = arith.index_cast %v : index to i32
      %x = arith.sitofp %vi : i32 to f32
      %y = arith.sitofp %vi : i32 to f16
      affine.store %x, %a[%i, %j] : memref<9x300xf32, #T>
      affine.store %y, %h[%i, %j] : memref<9x300xf16, #T>
    }
  }
  %o = memref.alloc() : memref<6x9xf32>
  %p = memref.alloc() : memref<4x9xf32>
  %zero = arith.constant 0 : index
  %low = arith.constant 0xFF800000 : f32
  func.call @maxima(%a, %h, %o, %zero, %low)
      : (memref<9x300xf32, #T>, memref<9x300xf16, #T>, memref<6x9xf32>,
         index, f32) -> ()
  func.call @minima(%a, %h, %p)
      : (memref<9x300xf32, #T>, memref<9x300xf16, #T>, memref<4x9xf32>)
      -> ()
  %u = memref.cast %o : memref<6x9xf32> to memref<*xf32>
  func.call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  %v = memref.cast %p : memref<4x9xf32> to memref<*xf32>
  func.call @printMemrefF32(%v) : (memref<*xf32>) -> ()
  memref.dealloc %a : memref<9x300xf32, #T>
  memref.dealloc %h : memref<9x300xf16, #T>
  memref.dealloc %o : memref<6x9xf32>
  memref.dealloc %p : memref<4x9xf32>
  return
}
