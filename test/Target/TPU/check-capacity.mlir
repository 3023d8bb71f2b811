// --tlayout-check-capacity: the peak of a memory space over its capacity,
// with every allocation live there.
// RUN: tlayout-opt %s --split-input-file --tlayout-check-capacity --verify-diagnostics

// A 64 KiB VMEM: the second 32 KiB array fits only after the first is freed;
// the third one's padding pushes it over. The deallocations at the end keep
// %b, %c and %d live together.
module attributes {tlayout_tpu.target = #tlayout_tpu.target<"v4", vmem = 65536>} {
  func.func @kernel() {
    %a = memref.alloc() : memref<64x128xf32, #tlayout_tpu.memory_space<vmem>>
    memref.dealloc %a : memref<64x128xf32, #tlayout_tpu.memory_space<vmem>>
    // expected-note @+1 {{live at the vmem peak: 32768 bytes (physical, 32768 logical) of 'memref<64x128xf32, #tlayout.tiled<{1,0:T(8,128)}>, #tlayout_tpu.memory_space<vmem>>'}}
    %b = memref.alloc() : memref<64x128xf32, #tlayout.tiled<{1,0:T(8,128)}>, #tlayout_tpu.memory_space<vmem>>
    // 61x100 pads to 64x128 = 32768 bytes: 65536 in all, exactly the capacity.
    // expected-note @+1 {{live at the vmem peak: 32768 bytes (physical, 24400 logical)}}
    %c = memref.alloc() : memref<61x100xf32, #tlayout.tiled<{1,0:T(8,128)}>, #tlayout_tpu.memory_space<vmem>>
    // expected-error @+2 {{this allocation of 4096 bytes (physical, 12 logical) brings the live vmem of @kernel to 69632 bytes, above the 65536 bytes of the v4 target; the buffer: 'memref<3x1xf32, #tlayout.tiled<{1,0:T(8,128)}>, #tlayout_tpu.memory_space<vmem>>'; 3 live at the peak}}
    // expected-note @+1 {{live at the vmem peak: 4096 bytes (physical, 12 logical)}}
    %d = memref.alloc() : memref<3x1xf32, #tlayout.tiled<{1,0:T(8,128)}>, #tlayout_tpu.memory_space<vmem>>
    memref.dealloc %b : memref<64x128xf32, #tlayout.tiled<{1,0:T(8,128)}>, #tlayout_tpu.memory_space<vmem>>
    memref.dealloc %c : memref<61x100xf32, #tlayout.tiled<{1,0:T(8,128)}>, #tlayout_tpu.memory_space<vmem>>
    memref.dealloc %d : memref<3x1xf32, #tlayout.tiled<{1,0:T(8,128)}>, #tlayout_tpu.memory_space<vmem>>
    return
  }
}

// -----

// SMEM too; HBM is far from full.
module attributes {tlayout_tpu.target = #tlayout_tpu.target<"v5e", smem = 1024>} {
  func.func @scalars() {
    %h = memref.alloc() : memref<1024x1024xf32>
    // expected-error @+2 {{this allocation of 2048 bytes (physical, 2048 logical) brings the live smem of @scalars to 2048 bytes, above the 1024 bytes of the v5e target}}
    // expected-note @+1 {{live at the smem peak: 2048 bytes (physical, 2048 logical)}}
    %s = memref.alloc() : memref<512xf32, #tlayout_tpu.memory_space<smem>>
    return
  }
}

// -----

// The pass option names a preset.
// RUN: tlayout-opt %s --split-input-file --tlayout-check-capacity=target=v5e -o /dev/null
// RUN: not tlayout-opt %s --split-input-file --tlayout-check-capacity=target=v9 -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: for the --target option: Cannot find option named 'v9'!
// BAD-NOT: see current operation
func.func @empty() {
  return
}

