// What the capacity check and the JSON memory report say about buffers
// over the target's capacity: the check's error names the buffer's type and
// bytes at its location, a note names each buffer live at the peak, and no
// operation is printed with them; the JSON gives each buffer its location,
// its memref type, where its life ends and whether it is live at a peak over
// the capacity.
// RUN: not tlayout-opt %s --tlayout-check-capacity -o /dev/null 2>&1 | FileCheck %s --check-prefix=CHECK-ERR
// RUN: tlayout-opt %s --tlayout-memory-report=format=json -o /dev/null 2>&1 | FileCheck %s --check-prefix=JSON

// CHECK-ERR: capacity-reports.mlir:[[# @LINE + 23]]:10: error: this allocation of 32768 bytes (physical, 24400 logical) brings the live vmem of @kernel to 65536 bytes, above the 40000 bytes of the v4 target; the buffer: 'memref<61x100xf32, #tlayout.tiled<{1,0:T(8,128)}>, #tlayout_tpu.memory_space<vmem>>'; 2 live at the peak
// CHECK-ERR-NOT: see current operation
// CHECK-ERR: capacity-reports.mlir:[[# @LINE + 21]]:10: note: live at the vmem peak: 32768 bytes (physical, 24400 logical) of 'memref<61x100xf32
// CHECK-ERR-NOT: see current operation
// CHECK-ERR: capacity-reports.mlir:[[# @LINE + 18]]:10: note: live at the vmem peak: 32768 bytes (physical, 32768 logical) of 'memref<64x128xf32
// CHECK-ERR-NOT: see current operation

// JSON:      "exceeds_capacity": false,
// JSON-NEXT: "live_until": "{{.*}}capacity-reports.mlir:[[# @LINE + 13]]:5",
// JSON-NEXT: "location": "{{.*}}capacity-reports.mlir:[[# @LINE + 11]]:10",
// JSON:      "exceeds_capacity": true,
// JSON-NEXT: "live_until": "{{.*}}capacity-reports.mlir:[[# @LINE + 13]]:5",
// JSON-NEXT: "location": "{{.*}}capacity-reports.mlir:[[# @LINE + 10]]:10",
// JSON:      "type": "memref<64x128xf32, #tlayout.tiled<{1,0:T(8,128)}>, #tlayout_tpu.memory_space<vmem>>"
// JSON:      "exceeds_capacity": true,
// JSON-NEXT: "live_until": "{{.*}}capacity-reports.mlir:[[# @LINE + 10]]:5",
// JSON-NEXT: "location": "{{.*}}capacity-reports.mlir:[[# @LINE + 7]]:10",
// JSON:      "type": "memref<61x100xf32, #tlayout.tiled<{1,0:T(8,128)}>, #tlayout_tpu.memory_space<vmem>>"
module attributes {tlayout_tpu.target = #tlayout_tpu.target<"v4", vmem = 40000>} {
  func.func @kernel() {
    %z = memref.alloc() : memref<8x128xf32, #tlayout_tpu.memory_space<vmem>>
    memref.dealloc %z : memref<8x128xf32, #tlayout_tpu.memory_space<vmem>>
    %a = memref.alloc() : memref<64x128xf32, #tlayout.tiled<{1,0:T(8,128)}>, #tlayout_tpu.memory_space<vmem>>
    %b = memref.alloc() : memref<61x100xf32, #tlayout.tiled<{1,0:T(8,128)}>, #tlayout_tpu.memory_space<vmem>>
    memref.dealloc %a : memref<64x128xf32, #tlayout.tiled<{1,0:T(8,128)}>, #tlayout_tpu.memory_space<vmem>>
    memref.dealloc %b : memref<61x100xf32, #tlayout.tiled<{1,0:T(8,128)}>, #tlayout_tpu.memory_space<vmem>>
    return
  }
}
