// Reductions along the minor dimension of T(8,128) whose rows
// --tlayout-simplify-indexing walks tile by tile (each row of a group of
// tiles with partials of its own): a bf16 row sum accumulated in f32, an
// i16 maximum and sum accumulated in i32 in one loop, and the two passes
// of a softmax-style reduction over bf16 (each row's maximum, then the sum
// of x - max over the row), and an f32 row maximum (rows of 512 bytes per
// tile), which keeps its row loop with tile-row-walk-bytes=512, and an
// f32 row sum masked by an i16 comparison (then by an i1 mask, which is
// not loaded as vectors). Every
// program prints what the untiled program prints (the values are small
// integers, so float sums in any order are exact).
// RUN: tlayout-opt %s %{lower_to_llvm} | %{run} | FileCheck %s
// RUN: tlayout-opt %s %{lower_to_llvm}=physical-order=false | %{run} \
// RUN:   | FileCheck %s
// RUN: tlayout-opt %s %{lower_to_llvm}=tile-row-walk-bytes=512 | %{run} \
// RUN:   | FileCheck %s
// Each walked row's partials in one vector of 32 bytes (the default), in
// vectors of 64 and of 4 bytes (one lane), and one per element:
// RUN: tlayout-opt %s %{lower_to_llvm}=row-accumulator-bytes=64 | %{run} \
// RUN:   | FileCheck %s
// RUN: tlayout-opt %s %{lower_to_llvm}=row-accumulator-bytes=4 | %{run} \
// RUN:   | FileCheck %s
// RUN: tlayout-opt %s %{lower_to_llvm}=row-accumulator-bytes=0 | %{run} \
// RUN:   | FileCheck %s
// The pass on its own, as composed by hand with upstream's lowering:
// RUN: tlayout-opt %s --lower-tiled-layouts --tlayout-cpu-loops \
// RUN:   --canonicalize | mlir-opt --lower-affine --convert-scf-to-cf \
// RUN:   --expand-strided-metadata --lower-affine --finalize-memref-to-llvm \
// RUN:   --convert-to-llvm --reconcile-unrealized-casts | %{run} | FileCheck %s
// The untiled program:
// RUN: sed -e "s/, #T>/>/g" %s | tlayout-opt %{lower_to_llvm} | %{run} \
// RUN:   | FileCheck %s
// The rewrite happens (the partials of 8 rows, each in a vector of 8
// lanes), for the f32 maximum too unless rows of 512 bytes are left as they
// are:
// RUN: tlayout-opt %s --lower-tiled-layouts --tlayout-cpu-loops \
// RUN:   | FileCheck %s --check-prefix=IR
// RUN: tlayout-opt %s --lower-tiled-layouts \
// RUN:   --tlayout-cpu-loops=tile-row-walk-bytes=512 \
// RUN:   | FileCheck %s --check-prefix=IR512
// RUN: tlayout-opt %s --lower-tiled-layouts \
// RUN:   --tlayout-cpu-loops=row-accumulator-bytes=0 \
// RUN:   | FileCheck %s --check-prefix=IR0
// IR-COUNT-6: memref.alloca() : memref<8x8x{{.*}}>
// IR-NOT:      memref.alloca() : memref<8x{{(8|128)}}x{{.*}}>
// IR512-COUNT-5: memref.alloca() : memref<8x8x{{.*}}>
// IR512-NOT:      memref.alloca() : memref<8x{{(8|128)}}x{{.*}}>
// IR0-COUNT-6: memref.alloca() : memref<8x128x{{.*}}>
// IR0-NOT:      memref.alloca() : memref<8x{{(8|128)}}x{{.*}}>

#T = #tlayout.tiled<{1,0:T(8,128)}>

func.func private @printMemrefF32(memref<*xf32>)
func.func private @printMemrefI32(memref<*xi32>)

/// Sums of the bf16 rows in f32, from 0.5.
func.func @row_sums_bf16(%a: memref<16x384xbf16, #T>, %out: memref<16xf32>) {
  %init = arith.constant 0.5 : f32
  affine.for %i = 0 to 16 {
    %s = affine.for %j = 0 to 384 iter_args(%acc = %init) -> f32 {
      %x = affine.load %a[%i, %j] : memref<16x384xbf16, #T>
      %y = arith.extf %x : bf16 to f32
      %n = arith.addf %acc, %y fastmath<fast> : f32
      affine.yield %n : f32
    }
    affine.store %s, %out[%i] : memref<16xf32>
  }
  return
}

/// Maxima of the rows.
func.func @row_max(%a: memref<16x384xf32, #T>, %out: memref<16xf32>) {
  %lowest = arith.constant 0xFF800000 : f32
  affine.for %i = 0 to 16 {
    %m = affine.for %j = 0 to 384 iter_args(%acc = %lowest) -> f32 {
      %x = affine.load %a[%i, %j] : memref<16x384xf32, #T>
      %n = arith.maximumf %acc, %x fastmath<fast> : f32
      affine.yield %n : f32
    }
    affine.store %m, %out[%i] : memref<16xf32>
  }
  return
}

/// Maxima and sums of the i16 rows in i32, in one loop.
func.func @row_max_sum_i16(%a: memref<16x384xi16, #T>, %max: memref<16xi32>,
                           %sum: memref<16xi32>) {
  %low = arith.constant -1000 : i32
  %zero = arith.constant 0 : i32
  affine.for %i = 0 to 16 {
    %m, %s = affine.for %j = 0 to 384 iter_args(%am = %low, %as = %zero)
        -> (i32, i32) {
      %x16 = affine.load %a[%i, %j] : memref<16x384xi16, #T>
      %x = arith.extsi %x16 : i16 to i32
      %m2 = arith.maxsi %x, %am : i32
      %s2 = arith.addi %as, %x : i32
      affine.yield %m2, %s2 : i32, i32
    }
    affine.store %m, %max[%i] : memref<16xi32>
    affine.store %s, %sum[%i] : memref<16xi32>
  }
  return
}

/// Two passes over each bf16 row: its maximum, then the sum of x - max.
func.func @softmax_like(%a: memref<16x384xbf16, #T>, %out: memref<16xf32>) {
  %lowest = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 16 {
    %m = affine.for %j = 0 to 384 iter_args(%acc = %lowest) -> f32 {
      %xb = affine.load %a[%i, %j] : memref<16x384xbf16, #T>
      %x = arith.extf %xb : bf16 to f32
      %n = arith.maximumf %acc, %x fastmath<fast> : f32
      affine.yield %n : f32
    }
    %s = affine.for %j = 0 to 384 iter_args(%acc = %zero) -> f32 {
      %xb = affine.load %a[%i, %j] : memref<16x384xbf16, #T>
      %x = arith.extf %xb : bf16 to f32
      %d = arith.subf %x, %m fastmath<fast> : f32
      %n = arith.addf %acc, %d fastmath<fast> : f32
      affine.yield %n : f32
    }
    affine.store %s, %out[%i] : memref<16xf32>
  }
  return
}

/// Sums of the f32 elements whose i16 mask is positive, the mask as i16
/// (loaded with the elements, 8 lanes at a time) and as i1 (one per byte,
/// which stays a partial per element).
func.func @masked_row_sums(%a: memref<16x384xf32, #T>, %m: memref<16x384xi16, #T>,
                           %b: memref<16x384xi1, #T>, %out: memref<16xf32>,
                           %out1: memref<16xf32>) {
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 16 {
    %s = affine.for %j = 0 to 384 iter_args(%acc = %zero) -> f32 {
      %x = affine.load %a[%i, %j] : memref<16x384xf32, #T>
      %h = affine.load %m[%i, %j] : memref<16x384xi16, #T>
      %c0 = arith.constant 0 : i16
      %c = arith.cmpi sgt, %h, %c0 : i16
      %y = arith.select %c, %x, %zero : f32
      %n = arith.addf %acc, %y fastmath<fast> : f32
      affine.yield %n : f32
    }
    affine.store %s, %out[%i] : memref<16xf32>
    %s1 = affine.for %j = 0 to 384 iter_args(%acc = %zero) -> f32 {
      %x = affine.load %a[%i, %j] : memref<16x384xf32, #T>
      %c = affine.load %b[%i, %j] : memref<16x384xi1, #T>
      %y = arith.select %c, %x, %zero : f32
      %n = arith.addf %acc, %y fastmath<fast> : f32
      affine.yield %n : f32
    }
    affine.store %s1, %out1[%i] : memref<16xf32>
  }
  return
}

func.func @main() {
  %a = memref.alloc() : memref<16x384xf32, #T>
  %ab = memref.alloc() : memref<16x384xbf16, #T>
  %ai = memref.alloc() : memref<16x384xi16, #T>
  %a1 = memref.alloc() : memref<16x384xi1, #T>
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 384 {
      %v = affine.apply affine_map<(i, j) -> ((i * 37 + j * 11) mod 23 + i mod 5 + (j floordiv 128) * 3)>(%i, %j)
      %w = arith.index_cast %v : index to i32
      %c11 = arith.constant 11 : i32
      %x = arith.subi %w, %c11 : i32
      %f = arith.sitofp %x : i32 to f32
      %b = arith.truncf %f : f32 to bf16
      affine.store %f, %a[%i, %j] : memref<16x384xf32, #T>
      affine.store %b, %ab[%i, %j] : memref<16x384xbf16, #T>
      %h = arith.trunci %x : i32 to i16
      affine.store %h, %ai[%i, %j] : memref<16x384xi16, #T>
      %c0 = arith.constant 0 : i16
      %positive = arith.cmpi sgt, %h, %c0 : i16
      affine.store %positive, %a1[%i, %j] : memref<16x384xi1, #T>
    }
  }
  %out = memref.alloc() : memref<16xf32>
  %max = memref.alloc() : memref<16xi32>
  %sum = memref.alloc() : memref<16xi32>
  %outu = memref.cast %out : memref<16xf32> to memref<*xf32>
  %maxu = memref.cast %max : memref<16xi32> to memref<*xi32>
  %sumu = memref.cast %sum : memref<16xi32> to memref<*xi32>

  // CHECK: [1169.5, 1547.5, 1902.5, 2280.5, 2704.5, 1162.5, 1540.5, 1895.5, 2296.5, 2720.5, 1155.5, 1533.5, 1888.5, 2312.5, 2713.5, 1148.5]
  func.call @row_sums_bf16(%ab, %out)
      : (memref<16x384xbf16, #T>, memref<16xf32>) -> ()
  func.call @printMemrefF32(%outu) : (memref<*xf32>) -> ()
  // CHECK: [17, 18, 19, 20, 21, 17, 18, 19, 20, 21, 17, 18, 19, 20, 21, 17]
  func.call @row_max(%a, %out) : (memref<16x384xf32, #T>, memref<16xf32>) -> ()
  func.call @printMemrefF32(%outu) : (memref<*xf32>) -> ()
  // CHECK: [17, 18, 19, 20, 21, 17, 18, 19, 20, 21, 17, 18, 19, 20, 21, 17]
  // CHECK: [1169, 1547, 1902, 2280, 2704, 1162, 1540, 1895, 2296, 2720, 1155, 1533, 1888, 2312, 2713, 1148]
  func.call @row_max_sum_i16(%ai, %max, %sum)
      : (memref<16x384xi16, #T>, memref<16xi32>, memref<16xi32>) -> ()
  func.call @printMemrefI32(%maxu) : (memref<*xi32>) -> ()
  func.call @printMemrefI32(%sumu) : (memref<*xi32>) -> ()
  // CHECK: [-5359, -5365, -5394, -5400, -5360, -5366, -5372, -5401, -5384, -5344, -5373, -5379, -5408, -5368, -5351, -5380]
  func.call @softmax_like(%ab, %out)
      : (memref<16x384xbf16, #T>, memref<16xf32>) -> ()
  func.call @printMemrefF32(%outu) : (memref<*xf32>) -> ()

  // CHECK: [1814, 2064, 2310, 2583, 2915, 1813, 2059, 2304, 2594, 2928, 1809, 2054, 2295, 2606, 2926, 1804]
  // CHECK: [1814, 2064, 2310, 2583, 2915, 1813, 2059, 2304, 2594, 2928, 1809, 2054, 2295, 2606, 2926, 1804]
  %out1 = memref.alloc() : memref<16xf32>
  %out1u = memref.cast %out1 : memref<16xf32> to memref<*xf32>
  func.call @masked_row_sums(%a, %ai, %a1, %out, %out1)
      : (memref<16x384xf32, #T>, memref<16x384xi16, #T>,
         memref<16x384xi1, #T>, memref<16xf32>, memref<16xf32>) -> ()
  func.call @printMemrefF32(%outu) : (memref<*xf32>) -> ()
  func.call @printMemrefF32(%out1u) : (memref<*xf32>) -> ()
  memref.dealloc %out1 : memref<16xf32>

  memref.dealloc %a : memref<16x384xf32, #T>
  memref.dealloc %a1 : memref<16x384xi1, #T>
  memref.dealloc %ab : memref<16x384xbf16, #T>
  memref.dealloc %ai : memref<16x384xi16, #T>
  memref.dealloc %out : memref<16xf32>
  memref.dealloc %max : memref<16xi32>
  memref.dealloc %sum : memref<16xi32>
  return
}
