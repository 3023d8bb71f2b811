// --tlayout-check-capacity on sizes whose bytes do not fit in int64: an
// error at the allocation, never a buffer counted as dynamic or a wrapped sum.
// RUN: tlayout-opt %s --split-input-file --tlayout-check-capacity --verify-diagnostics

// Sizes whose bytes no 64-bit count holds are an error at the allocation,
// whatever the capacity: 2^61 f32 elements are 2^63 bytes.
module attributes {tlayout_tpu.target = #tlayout_tpu.target<"v4">} {
  func.func @overflowing_bytes() {
    // expected-error @+1 {{the vmem allocation of 'memref<2305843009213693952xf32, #tlayout_tpu.memory_space<vmem>>' takes more bytes than fit in 64-bit integers: its bytes overflow 64-bit arithmetic}}
    %a = memref.alloc() : memref<2305843009213693952xf32, #tlayout_tpu.memory_space<vmem>>
    return
  }
}

// -----

// The element count itself overflows (2^62 x 4), here in HBM.
module attributes {tlayout_tpu.target = #tlayout_tpu.target<"v4">} {
  func.func @overflowing_elements() {
    // expected-error @+1 {{the hbm allocation of 'memref<4611686018427387904x4xi8>' takes more bytes than fit in 64-bit integers}}
    %a = memref.alloc() : memref<4611686018427387904x4xi8>
    return
  }
}

// -----

// Padding to whole tiles takes the physical bytes past int64: 8 rows of
// 2^59 + 128 f32 elements.
module attributes {tlayout_tpu.target = #tlayout_tpu.target<"v4">} {
  func.func @overflowing_padding() {
    // expected-error @+1 {{takes more bytes than fit in 64-bit integers}}
    %a = memref.alloc() : memref<1x576460752303423489xf32, #tlayout.tiled<{1,0:T(8,128)}>, #tlayout_tpu.memory_space<vmem>>
    return
  }
}

// -----

// Each buffer fits, but together (live to their deallocations) they take
// more bytes than int64 counts.
module attributes {tlayout_tpu.target = #tlayout_tpu.target<"v4", vmem = 9223372036854775807>} {
  func.func @overflowing_live_bytes() {
    %a = memref.alloc() : memref<1152921504606846976xf32, #tlayout_tpu.memory_space<vmem>>
    // expected-error @+1 {{this allocation of 4611686018427387904 bytes brings the live vmem of @overflowing_live_bytes past what 64-bit integers count (the live bytes overflow 64-bit arithmetic), above the 9223372036854775807 bytes of the v4 target}}
    %b = memref.alloc() : memref<1152921504606846976xf32, #tlayout_tpu.memory_space<vmem>>
    %c = memref.alloc() : memref<1152921504606846976xf32, #tlayout_tpu.memory_space<vmem>>
    memref.dealloc %a : memref<1152921504606846976xf32, #tlayout_tpu.memory_space<vmem>>
    memref.dealloc %b : memref<1152921504606846976xf32, #tlayout_tpu.memory_space<vmem>>
    memref.dealloc %c : memref<1152921504606846976xf32, #tlayout_tpu.memory_space<vmem>>
    return
  }
}
