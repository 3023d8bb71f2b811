// --tlayout-memory-report gives each function's peak of live bytes per
// memory space (allocations live from memref.alloc to their last use or
// dealloc), the op where it happens and the allocations live there, most
// padding first, with the sum of all allocations labelled as a sum.
// RUN: tlayout-opt %s --tlayout-memory-report=target=v5e --verify-diagnostics -o /dev/null
// RUN: tlayout-opt %s "--tlayout-memory-report=target=v5e format=json" -o /dev/null 2>&1 | FileCheck %s --check-prefix=JSON

// Five 32 MiB VMEM buffers, each read once in sequence: three live at %c.
// JSON-LABEL: "function": "five_in_sequence",
// JSON:      "spaces": [
// JSON:        "capacity_bytes": 134217728,
// JSON-NEXT:   "exceeded": false,
// JSON-NEXT:   "has_dynamic": false,
// JSON-NEXT:   "live_at_peak": [
// JSON:          "location": "{{.*}}memory-report-liveness.mlir:[[#A:]]:8",
// JSON:          "location": "{{.*}}memory-report-liveness.mlir:[[#A+3]]:8",
// JSON:          "location": "{{.*}}memory-report-liveness.mlir:[[#A+7]]:8",
// JSON:        ],
// JSON-NEXT:   "peak_at": "{{.*}}memory-report-liveness.mlir:[[#A+7]]:8",
// JSON-NEXT:   "peak_bytes": 100663296,
// JSON-NEXT:   "peak_op": "memref.alloc",
// JSON-NEXT:   "space": "vmem",
// JSON-NEXT:   "sum_bytes": 167772160

// expected-remark @+1 {{peak vmem of @five_in_sequence: 100663296 bytes of 134217728; 3 live at the peak, most padding first; all its allocations add up to 167772160 bytes (a sum, not the peak)}}
func.func @five_in_sequence(%out: memref<8192x1024xf32>) {
  // expected-remark @+2 {{vmem buffer}}
  // expected-note @+1 {{live at the vmem peak: 33554432 physical bytes, 0 of them padding}}
  %a = memref.alloc() : memref<8192x1024xf32, #tlayout_tpu.memory_space<vmem>>
  // expected-remark @+2 {{vmem buffer}}
  // expected-note @+1 {{live at the vmem peak: 33554432 physical bytes, 0 of them padding}}
  %b = memref.alloc() : memref<8192x1024xf32, #tlayout_tpu.memory_space<vmem>>
  // expected-remark @+3 {{vmem buffer}}
  // expected-note @+2 {{the vmem peak of @five_in_sequence, 100663296 bytes, is here}}
  // expected-note @+1 {{live at the vmem peak: 33554432 physical bytes, 0 of them padding}}
  %c = memref.alloc() : memref<8192x1024xf32, #tlayout_tpu.memory_space<vmem>>
  tlayout.copy %a, %c : memref<8192x1024xf32, #tlayout_tpu.memory_space<vmem>> to memref<8192x1024xf32, #tlayout_tpu.memory_space<vmem>>
  tlayout.copy %b, %c : memref<8192x1024xf32, #tlayout_tpu.memory_space<vmem>> to memref<8192x1024xf32, #tlayout_tpu.memory_space<vmem>>
  // expected-remark @+1 {{vmem buffer}}
  %d = memref.alloc() : memref<8192x1024xf32, #tlayout_tpu.memory_space<vmem>>
  tlayout.copy %c, %d : memref<8192x1024xf32, #tlayout_tpu.memory_space<vmem>> to memref<8192x1024xf32, #tlayout_tpu.memory_space<vmem>>
  // expected-remark @+1 {{vmem buffer}}
  %e = memref.alloc() : memref<8192x1024xf32, #tlayout_tpu.memory_space<vmem>>
  tlayout.copy %d, %e : memref<8192x1024xf32, #tlayout_tpu.memory_space<vmem>> to memref<8192x1024xf32, #tlayout_tpu.memory_space<vmem>>
  tlayout.copy %e, %out : memref<8192x1024xf32, #tlayout_tpu.memory_space<vmem>> to memref<8192x1024xf32>
  return
}

// The same five read at the end: 160 MiB live at %e, over the capacity.
// JSON-LABEL: "function": "five_at_the_end",
// JSON:        "exceeded": true,
// JSON:        "peak_bytes": 167772160,
// JSON:        "sum_bytes": 167772160

// expected-remark @+1 {{peak vmem of @five_at_the_end: 167772160 bytes of 134217728; 5 live at the peak}}
func.func @five_at_the_end(%out: memref<8192x1024xf32>) {
  // expected-remark @+2 {{vmem buffer}}
  // expected-note @+1 {{live at the vmem peak}}
  %a = memref.alloc() : memref<8192x1024xf32, #tlayout_tpu.memory_space<vmem>>
  // expected-remark @+2 {{vmem buffer}}
  // expected-note @+1 {{live at the vmem peak}}
  %b = memref.alloc() : memref<8192x1024xf32, #tlayout_tpu.memory_space<vmem>>
  // expected-remark @+2 {{vmem buffer}}
  // expected-note @+1 {{live at the vmem peak}}
  %c = memref.alloc() : memref<8192x1024xf32, #tlayout_tpu.memory_space<vmem>>
  // expected-remark @+2 {{vmem buffer}}
  // expected-note @+1 {{live at the vmem peak}}
  %d = memref.alloc() : memref<8192x1024xf32, #tlayout_tpu.memory_space<vmem>>
  // expected-remark @+3 {{vmem buffer}}
  // expected-note @+2 {{the vmem peak of @five_at_the_end, 167772160 bytes, is here}}
  // expected-note @+1 {{live at the vmem peak}}
  %e = memref.alloc() : memref<8192x1024xf32, #tlayout_tpu.memory_space<vmem>>
  tlayout.copy %a, %out : memref<8192x1024xf32, #tlayout_tpu.memory_space<vmem>> to memref<8192x1024xf32>
  tlayout.copy %b, %out : memref<8192x1024xf32, #tlayout_tpu.memory_space<vmem>> to memref<8192x1024xf32>
  tlayout.copy %c, %out : memref<8192x1024xf32, #tlayout_tpu.memory_space<vmem>> to memref<8192x1024xf32>
  tlayout.copy %d, %out : memref<8192x1024xf32, #tlayout_tpu.memory_space<vmem>> to memref<8192x1024xf32>
  tlayout.copy %e, %out : memref<8192x1024xf32, #tlayout_tpu.memory_space<vmem>> to memref<8192x1024xf32>
  return
}

// Live at the peak, most padding first: a 3x1 array padded to a whole tile
// (4084 bytes of padding) before an unpadded 8x128 one; a buffer kept
// live across the 3 trips of a loop (it is passed to a function only
// declared here) counts 3 copies at the last trip.
// JSON-LABEL: "function": "ranked",
// JSON:      "live_at_peak": [
// JSON-NEXT:   {
// JSON-NEXT:     "copies": 1,
// JSON-NEXT:     "kind": "buffer",
// JSON-NEXT:     "location": "{{.*}}memory-report-liveness.mlir:[[#P:]]:8",
// JSON-NEXT:     "padding_bytes": 4084,
// JSON-NEXT:     "physical_bytes": 4096,
// JSON:        },
// JSON-NEXT:   {
// JSON-NEXT:     "copies": 3,
// JSON-NEXT:     "kind": "buffer",
// JSON-NEXT:     "location": "{{.*}}memory-report-liveness.mlir:[[#P+8]]:10",
// JSON-NEXT:     "padding_bytes": 0,
// JSON-NEXT:     "physical_bytes": 4096,
// JSON:        },
// JSON-NEXT:   {
// JSON-NEXT:     "copies": 1,
// JSON-NEXT:     "kind": "buffer",
// JSON-NEXT:     "location": "{{.*}}memory-report-liveness.mlir:[[#P+3]]:8",
// JSON-NEXT:     "padding_bytes": 0,
// JSON:        ],
// JSON-NEXT:   "peak_at": "{{.*}}memory-report-liveness.mlir:[[#P+8]]:10",
// JSON-NEXT:   "peak_bytes": 20480,

func.func private @keep(memref<8x128xf32, #tlayout_tpu.memory_space<vmem>>)

// expected-remark @+1 {{peak vmem of @ranked: 20480 bytes of 134217728; 3 live at the peak}}
func.func @ranked() {
  // expected-remark @+2 {{vmem buffer}}
  // expected-note @+1 {{live at the vmem peak: 4096 physical bytes, 4084 of them padding}}
  %p = memref.alloc() : memref<3x1xf32, #tlayout.tiled<{1,0:T(8,128)}>, #tlayout_tpu.memory_space<vmem>>
  // expected-remark @+2 {{vmem buffer}}
  // expected-note @+1 {{live at the vmem peak: 4096 physical bytes, 0 of them padding}}
  %u = memref.alloc() : memref<8x128xf32, #tlayout_tpu.memory_space<vmem>>
  affine.for %i = 0 to 3 {
    // expected-remark @+3 {{vmem buffer}}
    // expected-note @+2 {{the vmem peak of @ranked, 20480 bytes, is here}}
    // expected-note @+1 {{live at the vmem peak: 4096 physical bytes, 0 of them padding, 3 copies (one per loop trip)}}
    %k = memref.alloc() : memref<8x128xf32, #tlayout_tpu.memory_space<vmem>>
    func.call @keep(%k) : (memref<8x128xf32, #tlayout_tpu.memory_space<vmem>>) -> ()
  }
  memref.dealloc %p : memref<3x1xf32, #tlayout.tiled<{1,0:T(8,128)}>, #tlayout_tpu.memory_space<vmem>>
  memref.dealloc %u : memref<8x128xf32, #tlayout_tpu.memory_space<vmem>>
  return
}
