// Values near the ends of int64 where user IR enters: layouts, views and
// the index simplification. Each is either rejected with a diagnostic or
// transformed into IR whose every constant is representable, computed
// without wrapping (the sanitizer build runs this file too).
// RUN: tlayout-opt %s --tlayout-simplify-indexing -split-input-file \
// RUN:   -verify-diagnostics | FileCheck %s
// The output parses again.
// RUN: tlayout-opt %s --tlayout-simplify-indexing -split-input-file \
// RUN:   -verify-diagnostics | tlayout-opt -split-input-file > /dev/null

// A loop over (almost) all of int64: the width of its range overflows, so
// nothing is proved about it and it stays as it is.
// CHECK-LABEL: func.func @huge_range
// CHECK:       affine.for %[[I:.*]] = -9223372036854775807 to 9223372036854775807 {
// CHECK-NEXT:    affine.load %{{.*}}[%[[I]] floordiv 8]
// CHECK-NEXT:    affine.store %{{.*}}, %{{.*}}[%[[I]] mod 8]
// CHECK-NEXT:  }
func.func @huge_range(%m: memref<?xf32>) {
  affine.for %i = -9223372036854775807 to 9223372036854775807 {
    %v = affine.load %m[%i floordiv 8] : memref<?xf32>
    affine.store %v, %m[%i mod 8] : memref<?xf32>
  }
  return
}

// -----

// The same with scf.for.
// CHECK-LABEL: func.func @huge_scf_range
// CHECK:       scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK-NEXT:    affine.apply #{{.*}}(%[[I]])
// CHECK-NOT:   scf.for
func.func @huge_scf_range(%m: memref<?xf32>) {
  %lb = arith.constant -9223372036854775807 : index
  %ub = arith.constant 9223372036854775807 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %lb to %ub step %c1 {
    %j = affine.apply affine_map<(d0) -> (d0 floordiv 8)>(%i)
    %v = memref.load %m[%j] : memref<?xf32>
    memref.store %v, %m[%j] : memref<?xf32>
  }
  return
}

// -----

// The last tile of int64: one period of 8, so constant tiles.
// CHECK-LABEL: func.func @top_range
// CHECK:       affine.for %[[I:.*]] = 9223372036854775800 to 9223372036854775807 {
// CHECK-NEXT:    affine.load %{{.*}}[1152921504606846975]
// CHECK-NEXT:    affine.store %{{.*}}, %{{.*}}[%[[I]] - 9223372036854775800]
func.func @top_range(%m: memref<?xf32>) {
  affine.for %i = 9223372036854775800 to 9223372036854775807 {
    %v = affine.load %m[%i floordiv 8] : memref<?xf32>
    affine.store %v, %m[%i mod 8] : memref<?xf32>
  }
  return
}

// -----

// One iteration at the bottom of int64: floor(-(2^63 - 1) / 3) * 3 is below
// INT64_MIN, the remainder is still 2.
// CHECK-LABEL: func.func @bottom_iteration
// CHECK:       affine.load %{{.*}}[-3074457345618258603]
// CHECK-NEXT:  affine.store %{{.*}}, %{{.*}}[2]
func.func @bottom_iteration(%m: memref<?xf32>) {
  affine.for %i = -9223372036854775807 to -9223372036854775806 {
    %v = affine.load %m[%i floordiv 3] : memref<?xf32>
    affine.store %v, %m[%i mod 3] : memref<?xf32>
  }
  return
}

// -----

// A constant of INT64_MIN divided by 3: it splits as
// 3 * (-3074457345618258602) - 2, since 3 * (-3074457345618258603) is not
// representable. (i - 2^63) floordiv 3 and mod 3 for i in [0, 3).
// CHECK-LABEL: func.func @min_constant
// CHECK:       affine.for %[[I:.*]] = 0 to 3 {
// CHECK-NEXT:    affine.load %{{.*}}[(%[[I]] - 2) floordiv 3 - 3074457345618258602]
// CHECK-NEXT:    affine.store %{{.*}}, %{{.*}}[%[[I]] - ((%[[I]] - 2) floordiv 3) * 3 - 2]
func.func @min_constant(%m: memref<?xf32>) {
  affine.for %i = 0 to 3 {
    %v = affine.load %m[(%i - 9223372036854775807 - 1) floordiv 3] : memref<?xf32>
    affine.store %v, %m[(%i - 9223372036854775807 - 1) mod 3] : memref<?xf32>
  }
  return
}

// -----

// A promised multiple of 8 at least 2^63 - 4: the multiple above it is not
// representable, so the lower end stays. The promise still makes the
// remainder 0.
// CHECK-LABEL: func.func @assumed_past_top
// CHECK:       %[[K:.*]] = affine.max
// CHECK-NEXT:  affine.load %{{.*}}[symbol(%[[K]]) floordiv 8]
// CHECK-NEXT:  affine.store %{{.*}}, %{{.*}}[0]
func.func @assumed_past_top(%m: memref<?xf32>, %n: index) {
  %k = affine.max affine_map<()[s0] -> (s0, 9223372036854775804)>()[%n]
  %a = tlayout.assume_multiple %k, 8 : index
  %v = affine.load %m[%a floordiv 8] : memref<?xf32>
  affine.store %v, %m[%a mod 8] : memref<?xf32>
  return
}

// -----

// A step near the largest int64 (two iterations): normalized, not
// strip-mined; i floordiv 8 is k * 2^59.
// CHECK-LABEL: func.func @huge_step
// CHECK:       affine.for %[[K:.*]] = 0 to 2 {
// CHECK-NEXT:    affine.load %{{.*}}[%[[K]] * 576460752303423488]
// CHECK-NEXT:    affine.store %{{.*}}, %{{.*}}[0]
func.func @huge_step(%m: memref<?xf32>) {
  affine.for %i = 0 to 9223372036854775807 step 4611686018427387904 {
    %v = affine.load %m[%i floordiv 8] : memref<?xf32>
    affine.store %v, %m[%i mod 8] : memref<?xf32>
  }
  return
}

// -----

// An odd-even strip doubles the packed size below it: 2 * 2^62 overflows.
// expected-error @+1 {{the packed sizes of a dimension overflow int64}}
func.func private @odd_even_overflow(memref<6xf32, #tlayout.dims<[0:odd_even(4), 0:packed(4611686018427387904)]>>)

// -----

// A view of a view whose offsets sum past the largest int64. The source's
// dynamic size lets the inner offset pass the bounds check.
func.func @subview_past_root(%m: memref<?x8xf32, #tlayout.tiled<{1,0}, parent = [?, 8], offsets = [9223372036854775800, 0]>>) {
  // expected-error @+1 {{'tlayout.subview' op view dimension 0 (offset 100) overflows 64-bit indices past the source's own offset 9223372036854775800}}
  %v = tlayout.subview %m[100, 0] [4, 8] : memref<?x8xf32, #tlayout.tiled<{1,0}, parent = [?, 8], offsets = [9223372036854775800, 0]>> to memref<4x8xf32, #tlayout.tiled<{1,0}, parent = [?, 8], offsets = [?, 0]>>
  return
}
