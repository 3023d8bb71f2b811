// A memref type whose E(n) cannot hold its element type verifies on its own
// (its verifier never sees the element type: see invalid-element-size.mlir),
// so the passes that lower or measure it say so, with the layout core's
// message, instead of using E(n) bits per element.
// RUN: tlayout-opt %s --lower-tiled-layouts -verify-diagnostics
// RUN: tlayout-opt %s --tlayout-memory-report -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT

// REPORT: error: cannot measure 'memref<8xf32, #tlayout.tiled<{0:E(3)}>>': element size E(3) is too small for an element type of 32 bits
// REPORT-NOT: 3 physical bytes
func.func @alloc() {
  // expected-error @+1 {{memref.alloc cannot be rewritten: cannot lower result #0: element size E(3) is too small for an element type of 32 bits}}
  %a = memref.alloc() : memref<8xf32, #tlayout.tiled<{0:E(3)}>>
  // expected-error @+1 {{memref.dealloc cannot be rewritten: its operand #0 has type 'memref<8xf32, #tlayout.tiled<{0:E(3)}>>', which cannot be lowered (reported above)}}
  memref.dealloc %a : memref<8xf32, #tlayout.tiled<{0:E(3)}>>
  return
}
