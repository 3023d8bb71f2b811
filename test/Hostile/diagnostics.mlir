// Hostile inputs that must be answered by a diagnostic (and a non-zero exit),
// never a crash or a hang.
// RUN: tlayout-opt %s -split-input-file -verify-diagnostics
// RUN: not tlayout-opt %s -split-input-file 2>&1 | FileCheck %s --check-prefix=EXIT
// EXIT: error

// Dimension sizes whose product overflows int64.
// expected-error @+1 {{the physical size of the layout overflows int64}}
func.func private @size_overflow(memref<4294967296x4294967296xf32, #tlayout.tiled<{1,0}>>)

// -----

// Tile sizes whose product overflows int64.
// expected-error @+1 {{the product of all tile sizes overflows int64}}
func.func private @tile_overflow(memref<4xf32, #tlayout.tiled<{0:T(4294967296)(4294967296)}>>)

// -----

// Padding alone overflows: 3 x 3074457345618258602 elements fit in int64,
// the 4 x 3074457345618258602 of the tiled buffer do not.
// expected-error @+1 {{the physical size of the layout overflows int64}}
func.func private @padding_overflow(memref<3x3074457345618258602xf32, #tlayout.tiled<{1,0:T(4,1)}>>)

// -----

// Element sizes whose bit count overflows.
// expected-error @+1 {{the physical size in bits (1048576 elements of 9223372036854775807 bits) overflows int64}}
func.func private @bits_overflow(memref<1024x1024xf32, #tlayout.tiled<{1,0:E(9223372036854775807)}>>)

// -----

// A tile size that does not fit int64 at all.
// expected-error @+1 {{integer '9223372036854775808' does not fit in int64}}
func.func private @tile_too_large(memref<4xf32, #tlayout.tiled<{0:T(9223372036854775808)}>>)

// -----

// Layouts on unranked memrefs: unranked memrefs have no layout.
// expected-error @+1 {{cannot have affine map for unranked memref type}}
func.func private @unranked(memref<*xf32, #tlayout.tiled<{0}>>)

// -----

// Unknown element types.
// expected-error @+1 {{expected non-function type}}
func.func private @unknown_type(memref<4xfoo, #tlayout.tiled<{0}>>)

// -----

// A layout of the wrong rank for a rank-0 memref.
// expected-error @+1 {{minor_to_major has 1 entries but the shape has rank 0}}
func.func private @rank0_mismatch(memref<f32, #tlayout.tiled<{0}>>)

// -----

// Negative and junk numbers in every field.
// expected-error @+1 {{minor_to_major entry -3 is out of range: dimensions are numbered 0 to 1}}
func.func private @negative_dim(memref<2x2xf32, #tlayout.tiled<{-3,0}>>)

// -----

// expected-error @+1 {{expected an integer in S(...) but found 'x'}}
func.func private @junk_space(memref<2x2xf32, #tlayout.tiled<{1,0:S(x)}>>)
