// --tlayout-memory-report on sizes whose bytes do not fit in int64: the
// report says so instead of counting them as dynamic or printing a wrapped
// number.
// RUN: tlayout-opt %s --tlayout-memory-report --verify-diagnostics -o /dev/null
// RUN: tlayout-opt %s --tlayout-memory-report=format=json -o /dev/null 2>&1 | FileCheck %s --check-prefix=JSON

// JSON: "logical_bytes": "overflow",
// JSON-NEXT: "physical_bytes": "overflow",
// JSON-NEXT: "space": "vmem",
// JSON-NEXT: "type": "memref<2305843009213693952xf32, #tlayout_tpu.memory_space<vmem>>"
// JSON: "has_dynamic": false,
// JSON-NEXT: "peak_bytes": "overflow",
// JSON-NEXT: "space": "vmem"

// expected-remark @+1 {{peak vmem of @huge: more bytes than 64-bit integers count (overflow)}}
func.func @huge() {
  // expected-remark @+1 {{vmem buffer 'memref<2305843009213693952xf32, #tlayout_tpu.memory_space<vmem>>': its bytes overflow 64-bit integers}}
  %a = memref.alloc() : memref<2305843009213693952xf32, #tlayout_tpu.memory_space<vmem>>
  return
}

// Each buffer fits; the two together do not.
// expected-remark @+1 {{peak hbm of @sum: more bytes than 64-bit integers count (overflow)}}
func.func @sum() {
  // expected-remark @+1 {{hbm buffer 'memref<1152921504606846976xf32>': 4611686018427387904 logical bytes, 4611686018427387904 physical bytes, padding 1.000x}}
  %a = memref.alloc() : memref<1152921504606846976xf32>
  // expected-remark @+1 {{hbm buffer 'memref<1152921504606846976xf32>': 4611686018427387904 logical bytes, 4611686018427387904 physical bytes, padding 1.000x}}
  %b = memref.alloc() : memref<1152921504606846976xf32>
  return
}
