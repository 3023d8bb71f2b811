// A packed buffer has one size everywhere: --tlayout-memory-report,
// --tlayout-check-capacity and tlayout-inspect count the bytes that
// --lower-tiled-layouts allocates (ceil(elements * n / 8) bytes for E(n),
// a byte per element of a sub-byte type without E(n)).
// RUN: tlayout-opt %s --tlayout-memory-report -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT
// RUN: tlayout-opt %s --tlayout-check-capacity --verify-diagnostics -o /dev/null
// RUN: tlayout-opt %s --lower-tiled-layouts | FileCheck %s --check-prefix=ALLOC
// RUN: tlayout-inspect 'memref<16x256xi4, #tlayout.tiled<{1,0:T(8,128)(8,1)E(4)}>>' | FileCheck %s --check-prefix=INSPECT4
// RUN: tlayout-inspect 'memref<64x256xi1, #tlayout.tiled<{1,0:T(32,128)(32,1)E(1)}>>' | FileCheck %s --check-prefix=INSPECT1
// RUN: tlayout-inspect 'memref<3x5xi4, #tlayout.tiled<{1,0:E(4)}>>' | FileCheck %s --check-prefix=INSPECTODD
// RUN: tlayout-inspect 'memref<7xi1>' | FileCheck %s --check-prefix=INSPECTBYTE

// REPORT: vmem buffer 'memref<16x256xi4, #tlayout.tiled<{1,0:T(8,128)(8,1)E(4)}>, #tlayout_tpu.memory_space<vmem>>': 2048 logical bytes, 2048 physical bytes
// REPORT: vmem buffer 'memref<64x256xi1, #tlayout.tiled<{1,0:T(32,128)(32,1)E(1)}>, #tlayout_tpu.memory_space<vmem>>': 2048 logical bytes, 2048 physical bytes
// REPORT: hbm buffer 'memref<3x5xi4, #tlayout.tiled<{1,0:E(4)}>>': 8 logical bytes, 8 physical bytes
// REPORT: hbm buffer 'memref<7xi1>': 7 logical bytes, 7 physical bytes

// ALLOC: memref.alloc() : memref<2048xi8, #tlayout_tpu.memory_space<vmem>>
// ALLOC: memref.alloc() : memref<2048xi8, #tlayout_tpu.memory_space<vmem>>
// ALLOC: memref.alloc() : memref<8xi8>
// ALLOC: memref.alloc() : memref<7xi1>

// INSPECT4: physical bytes: {{ *}}2048{{$}}
// INSPECT1: physical bytes: {{ *}}2048{{$}}
// INSPECTODD: physical bytes: {{ *}}8{{$}}
// INSPECTBYTE: physical bytes: {{ *}}7{{$}}

// The two 2048-byte buffers, live to their deallocations, fill 4096 bytes of
// VMEM, one more than it has.
module attributes {tlayout_tpu.target = #tlayout_tpu.target<"v4", vmem = 4095>} {
  func.func @kernel() {
    // expected-note @+1 {{live at the vmem peak: 2048 bytes (physical, 2048 logical)}}
    %a = memref.alloc() : memref<16x256xi4, #tlayout.tiled<{1,0:T(8,128)(8,1)E(4)}>, #tlayout_tpu.memory_space<vmem>>
    // expected-error @+2 {{this allocation of 2048 bytes (physical, 2048 logical) brings the live vmem of @kernel to 4096 bytes, above the 4095 bytes of the v4 target}}
    // expected-note @+1 {{live at the vmem peak: 2048 bytes (physical, 2048 logical)}}
    %b = memref.alloc() : memref<64x256xi1, #tlayout.tiled<{1,0:T(32,128)(32,1)E(1)}>, #tlayout_tpu.memory_space<vmem>>
    %c = memref.alloc() : memref<3x5xi4, #tlayout.tiled<{1,0:E(4)}>>
    %d = memref.alloc() : memref<7xi1>
    memref.dealloc %a : memref<16x256xi4, #tlayout.tiled<{1,0:T(8,128)(8,1)E(4)}>, #tlayout_tpu.memory_space<vmem>>
    memref.dealloc %b : memref<64x256xi1, #tlayout.tiled<{1,0:T(32,128)(32,1)E(1)}>, #tlayout_tpu.memory_space<vmem>>
    return
  }
}
