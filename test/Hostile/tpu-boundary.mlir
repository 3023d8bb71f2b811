// Hostile inputs at the TPU target's boundary: numbers from the user's IR
// that the layout assignment and the accounting multiply, pad and sum are
// bounded or checked, so that they end in a diagnostic, never in an invalid
// type or a wrapped count.
// RUN: tlayout-opt %s --split-input-file --tlayout-assign-tpu-layouts --tlayout-check-capacity --verify-diagnostics

// Lanes of 2^62 would make the bf16 tiles `lanes * 2` wrap (and `T(0)` for
// i8): the target bounds lanes and sublanes.
// expected-error @+1 {{lanes (4611686018427387904) must be from 1 to 65536}}
module attributes {tlayout_tpu.target = #tlayout_tpu.target<"v4", lanes = 4611686018427387904>} {
  func.func @huge_lanes(%a: memref<16x256xbf16>) {
    return
  }
}

// -----

// expected-error @+1 {{sublanes (0) must be from 1 to 65536}}
module attributes {tlayout_tpu.target = #tlayout_tpu.target<sublanes = 0>} {
}

// -----

// expected-error @+1 {{lanes (65537) must be from 1 to 65536}}
module attributes {tlayout_tpu.target = #tlayout_tpu.target<"v5e", lanes = 65537>} {
}

// -----

// The largest lanes the target takes still tiles every element width.
module attributes {tlayout_tpu.target = #tlayout_tpu.target<"v4", lanes = 65536, sublanes = 65536>} {
  func.func @largest_lanes(%a: memref<16x256xi8>, %b: memref<300xbf16>) {
    return
  }
}

// -----

// Padding 2^62 - 1 rows to whole tiles takes the physical size past int64:
// the memref keeps its layout, with a remark, instead of receiving a type
// that does not verify.
// expected-remark @+1 {{keeps the layout of 'memref<4611686018427387903x3xf32>': its TPU layout {1,0:T(8,128)} does not fit it: the physical size of the layout overflows int64}}
func.func @unpaddable(%a: memref<4611686018427387903x3xf32>) {
  return
}

// -----

// A buffer freed after the live bytes overflowed is not subtracted from a
// meaningless total: the overflow stays reported once, and the later buffers
// are counted against nothing wrapped.
module attributes {tlayout_tpu.target = #tlayout_tpu.target<"v4", vmem = 9223372036854775807>} {
  func.func @free_after_overflow() {
    %a = memref.alloc() : memref<1152921504606846976xf32, #tlayout.tiled<{0}>, #tlayout_tpu.memory_space<vmem>>
    // expected-error @+1 {{brings the live vmem of @free_after_overflow past what 64-bit integers count}}
    %b = memref.alloc() : memref<1152921504606846976xf32, #tlayout.tiled<{0}>, #tlayout_tpu.memory_space<vmem>>
    %c = memref.alloc() : memref<1152921504606846976xf32, #tlayout.tiled<{0}>, #tlayout_tpu.memory_space<vmem>>
    memref.dealloc %a : memref<1152921504606846976xf32, #tlayout.tiled<{0}>, #tlayout_tpu.memory_space<vmem>>
    memref.dealloc %b : memref<1152921504606846976xf32, #tlayout.tiled<{0}>, #tlayout_tpu.memory_space<vmem>>
    %d = memref.alloc() : memref<1152921504606846976xf32, #tlayout.tiled<{0}>, #tlayout_tpu.memory_space<vmem>>
    return
  }
}

// -----

// A named space belongs to the target's dialect, not the generic one.
// expected-error @+1 {{#tlayout.memory_space takes a number, got 'vmem'; a target's named memory space is an attribute of the target's dialect (e.g. #tlayout_tpu.memory_space<vmem>)}}
func.func private @generic_named(memref<16xf32, #tlayout.memory_space<vmem>>)

// -----

// expected-error @+1 {{unknown TPU memory space 'dram'; expected one of hbm, vmem, smem, cmem, host}}
func.func private @unknown_named(memref<16xf32, #tlayout_tpu.memory_space<dram>>)

// -----

// expected-error @+1 {{expected a TPU memory space name (hbm, vmem, smem, cmem, host); a numbered space is #tlayout.memory_space<n>}}
func.func private @numbered_tpu(memref<16xf32, #tlayout_tpu.memory_space<1>>)
