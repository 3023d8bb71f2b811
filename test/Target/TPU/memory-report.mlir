// --tlayout-memory-report: bytes per buffer, and per memory space the peak
// of live bytes, where it happens and what is live there.
// RUN: tlayout-opt %s --tlayout-memory-report --verify-diagnostics -o /dev/null
// RUN: tlayout-opt %s --tlayout-memory-report=format=json -o /dev/null 2>&1 | FileCheck %s --check-prefix=JSON
// RUN: not tlayout-opt %s --tlayout-memory-report=format=xml -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD

// BAD: for the --format option: Cannot find option named 'xml'!

// JSON: "logical_bytes": 12,
// JSON-NEXT: "padding_ratio": 341.333
// JSON-NEXT: "physical_bytes": 4096,
// JSON-NEXT: "space": "vmem",
// JSON-NEXT: "type": "memref<3x1xf32, #tlayout.tiled<{1,0:T(8,128)}>, #tlayout_tpu.memory_space<vmem>>"
// JSON: "function": "kernel",
// JSON: "capacity_bytes": 16777216,
// JSON-NEXT: "exceeded": false,
// JSON-NEXT: "has_dynamic": true,
// JSON-NEXT: "live_at_peak": [
// JSON-NEXT:   {
// JSON-NEXT:     "copies": 1,
// JSON-NEXT:     "kind": "buffer",
// JSON-NEXT:     "location": "{{.*}}memory-report.mlir:[[#B:]]:8",
// JSON-NEXT:     "padding_bytes": 0,
// JSON-NEXT:     "physical_bytes": 4096,
// JSON-NEXT:     "type": "memref<8x128xf32, #tlayout_tpu.memory_space<vmem>>"
// JSON-NEXT:   },
// JSON-NEXT:   {
// JSON-NEXT:     "copies": 1,
// JSON-NEXT:     "kind": "buffer",
// JSON-NEXT:     "location": "{{.*}}memory-report.mlir:[[#C:]]:8",
// JSON-NEXT:     "padding_bytes": 0,
// JSON-NEXT:     "physical_bytes": 4096,
// JSON-NEXT:     "type": "memref<16x128xbf16, #tlayout.tiled<{1,0:T(8,128)(2,1)}>, #tlayout_tpu.memory_space<vmem>>"
// JSON-NEXT:   }
// JSON-NEXT: ],
// JSON-NEXT: "peak_at": "{{.*}}memory-report.mlir:[[#C]]:8",
// JSON-NEXT: "peak_bytes": 8192,
// JSON-NEXT: "peak_op": "memref.alloc",
// JSON-NEXT: "space": "vmem",
// JSON-NEXT: "sum_bytes": 12288
// JSON: "target": "v4"

// A 3x1 array padded to one whole 8x128 tile: 341x the bytes.
// expected-remark @+1 {{peak vmem of @kernel: 8192 bytes of 16777216 (plus dynamically sized buffers); 2 live at the peak, most padding first; all its allocations add up to 12288 bytes (a sum, not the peak)}}
func.func @kernel(%n: index) {
  // expected-remark @+1 {{vmem buffer 'memref<3x1xf32, #tlayout.tiled<{1,0:T(8,128)}>, #tlayout_tpu.memory_space<vmem>>': 12 logical bytes, 4096 physical bytes, padding 341.333x}}
  %a = memref.alloc() : memref<3x1xf32, #tlayout.tiled<{1,0:T(8,128)}>, #tlayout_tpu.memory_space<vmem>>
  memref.dealloc %a : memref<3x1xf32, #tlayout.tiled<{1,0:T(8,128)}>, #tlayout_tpu.memory_space<vmem>>
  // Two buffers live at once after the first is freed: the peak is 8192.
  // expected-note @+2 {{live at the vmem peak: 4096 physical bytes, 0 of them padding}}
  // expected-remark @+1 {{vmem buffer 'memref<8x128xf32, #tlayout_tpu.memory_space<vmem>>': 4096 logical bytes, 4096 physical bytes, padding 1.000x}}
  %b = memref.alloc() : memref<8x128xf32, #tlayout_tpu.memory_space<vmem>>
  // expected-note @+3 {{live at the vmem peak: 4096 physical bytes, 0 of them padding}}
  // expected-note @+2 {{the vmem peak of @kernel, 8192 bytes, is here}}
  // expected-remark @+1 {{vmem buffer 'memref<16x128xbf16, #tlayout.tiled<{1,0:T(8,128)(2,1)}>, #tlayout_tpu.memory_space<vmem>>': 4096 logical bytes, 4096 physical bytes, padding 1.000x}}
  %c = memref.alloc() : memref<16x128xbf16, #tlayout.tiled<{1,0:T(8,128)(2,1)}>, #tlayout_tpu.memory_space<vmem>>
  // expected-remark @+1 {{vmem buffer 'memref<?x128xf32, #tlayout_tpu.memory_space<vmem>>': dynamic logical bytes, dynamic physical bytes, padding n/ax}}
  %d = memref.alloc(%n) : memref<?x128xf32, #tlayout_tpu.memory_space<vmem>>
  memref.dealloc %b : memref<8x128xf32, #tlayout_tpu.memory_space<vmem>>
  memref.dealloc %c : memref<16x128xbf16, #tlayout.tiled<{1,0:T(8,128)(2,1)}>, #tlayout_tpu.memory_space<vmem>>
  return
}

// Predicates packed one bit each: E(1).
// expected-remark @+1 {{peak hbm of @bits: 2048 bytes of 34359738368}}
func.func @bits() {
  // An alloca holds its memory until the function returns.
  // expected-note @+3 {{the hbm peak of @bits, 2048 bytes, is here}}
  // expected-note @+2 {{live at the hbm peak: 2048 physical bytes, 0 of them padding}}
  // expected-remark @+1 {{hbm buffer 'memref<64x256xi1, #tlayout.tiled<{1,0:T(32,128)(32,1)E(1)}>>': 2048 logical bytes, 2048 physical bytes, padding 1.000x}}
  %a = memref.alloca() : memref<64x256xi1, #tlayout.tiled<{1,0:T(32,128)(32,1)E(1)}>>
  return
}
