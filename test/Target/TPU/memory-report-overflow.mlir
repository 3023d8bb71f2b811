// --tlayout-memory-report on sizes whose bytes do not fit in int64: the
// report says so instead of counting them as dynamic or printing a wrapped
// number.
// RUN: tlayout-opt %s --tlayout-memory-report --verify-diagnostics -o /dev/null
// RUN: tlayout-opt %s --tlayout-memory-report=format=json -o /dev/null 2>&1 | FileCheck %s --check-prefix=JSON

// JSON: "logical_bytes": "overflow",
// JSON-NEXT: "physical_bytes": "overflow",
// JSON-NEXT: "space": "vmem",
// JSON-NEXT: "type": "memref<2305843009213693952xf32, #tlayout_tpu.memory_space<vmem>>"
// JSON: "exceeded": true,
// JSON-NEXT: "has_dynamic": false,
// JSON-NEXT: "live_at_peak": [],
// JSON-NEXT: "peak_at": null,
// JSON-NEXT: "peak_bytes": "overflow",
// JSON-NEXT: "peak_op": null,
// JSON-NEXT: "space": "vmem",
// JSON-NEXT: "sum_bytes": "overflow"

// expected-remark @+1 {{peak vmem of @huge: more bytes than 64-bit integers count (overflow)}}
func.func @huge() {
  // expected-remark @+1 {{vmem buffer 'memref<2305843009213693952xf32, #tlayout_tpu.memory_space<vmem>>': its bytes overflow 64-bit integers}}
  %a = memref.alloc() : memref<2305843009213693952xf32, #tlayout_tpu.memory_space<vmem>>
  return
}

// Each buffer fits; the two together (live to their deallocations) do not.
// expected-remark @+1 {{peak hbm of @sum: more bytes than 64-bit integers count (overflow)}}
func.func @sum() {
  // expected-remark @+1 {{hbm buffer 'memref<1152921504606846976xf32>': 4611686018427387904 logical bytes, 4611686018427387904 physical bytes, padding 1.000x}}
  %a = memref.alloc() : memref<1152921504606846976xf32>
  // expected-remark @+1 {{hbm buffer 'memref<1152921504606846976xf32>': 4611686018427387904 logical bytes, 4611686018427387904 physical bytes, padding 1.000x}}
  %b = memref.alloc() : memref<1152921504606846976xf32>
  memref.dealloc %a : memref<1152921504606846976xf32>
  memref.dealloc %b : memref<1152921504606846976xf32>
  return
}
