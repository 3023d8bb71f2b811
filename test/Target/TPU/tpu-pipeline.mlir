// --tlayout-tpu-pipeline checks capacities after assigning layouts: padding
// the assignment adds counts. 20x300 f32 is 24000 bytes row-major but
// 24x384 x 4 = 36864 bytes under T(8,128): too much for a 32 KiB VMEM.
// RUN: tlayout-opt %s --tlayout-tpu-pipeline --verify-diagnostics -o /dev/null
module attributes {tlayout_tpu.target = #tlayout_tpu.target<"v4", vmem = 32768>} {
  func.func @kernel() {
    // expected-error @+2 {{this allocation of 36864 bytes (physical, 24000 logical) brings the live vmem of @kernel to 36864 bytes, above the 32768 bytes of the v4 target}}
    // expected-note @+1 {{live at the vmem peak: 36864 bytes (physical, 24000 logical)}}
    %a = memref.alloc() : memref<20x300xf32, #tlayout_tpu.memory_space<vmem>>
    memref.dealloc %a : memref<20x300xf32, #tlayout_tpu.memory_space<vmem>>
    return
  }
}
