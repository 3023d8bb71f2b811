// What the capacity check and the JSON memory report say about a buffer
// over the target's capacity: the check's error names the buffer's type and
// bytes at its location and prints no operation with it; the JSON gives each
// buffer its location, its memref type and whether it exceeds the capacity.
// RUN: not tlayout-opt %s --tlayout-check-capacity -o /dev/null 2>&1 | FileCheck %s --check-prefix=CHECK-ERR
// RUN: tlayout-opt %s --tlayout-memory-report=format=json -o /dev/null 2>&1 | FileCheck %s --check-prefix=JSON

// CHECK-ERR: capacity-reports.mlir:[[# @LINE + 12]]:10: error: this allocation of 32768 bytes (physical, 24400 logical) brings the live vmem of @kernel to 65536 bytes, above the 40000 bytes of the v4 target; the buffer: 'memref<61x100xf32, #tlayout.tiled<{1,0:T(8,128)}>, #tlayout_tpu.memory_space<vmem>>'
// CHECK-ERR-NOT: see current operation

// JSON:      "exceeds_capacity": false,
// JSON-NEXT: "location": "{{.*}}capacity-reports.mlir:[[# @LINE + 7]]:10",
// JSON:      "type": "memref<64x128xf32, #tlayout.tiled<{1,0:T(8,128)}>, #tlayout_tpu.memory_space<vmem>>"
// JSON:      "exceeds_capacity": true,
// JSON-NEXT: "location": "{{.*}}capacity-reports.mlir:[[# @LINE + 5]]:10",
// JSON:      "type": "memref<61x100xf32, #tlayout.tiled<{1,0:T(8,128)}>, #tlayout_tpu.memory_space<vmem>>"
module attributes {tlayout_tpu.target = #tlayout_tpu.target<"v4", vmem = 40000>} {
  func.func @kernel() {
    %a = memref.alloc() : memref<64x128xf32, #tlayout.tiled<{1,0:T(8,128)}>, #tlayout_tpu.memory_space<vmem>>
    %b = memref.alloc() : memref<61x100xf32, #tlayout.tiled<{1,0:T(8,128)}>, #tlayout_tpu.memory_space<vmem>>
    return
  }
}
