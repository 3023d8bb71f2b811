// The target comes from the pass's `target` option, as attribute text,
// before the module's: a preset with other capacities, or an error for text
// that is not a target.
// RUN: tlayout-opt %s '--tlayout-assign-layouts=target=#tlayout_tpu.target<"v6e">' 2>&1 | FileCheck %s
// RUN: not tlayout-opt %s '--tlayout-assign-layouts=target=#tlayout.memory_space<1>' 2>&1 | FileCheck %s --check-prefix=SPACE
// RUN: not tlayout-opt %s '--tlayout-assign-layouts=target=bogus' 2>&1 | FileCheck %s --check-prefix=BOGUS

// CHECK: remark: relayout of 'tensor<16x256xf32>' to 'tensor<16x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>': 16384 bytes; the element-wise 'linalg.negf' reads its operands in its result's layout
// CHECK: remark: layout assignment: 2 groups, 0 bytes of padding, 32768 bytes moved by relayouts and transposes, optimal
// CHECK: remark: layout assignment of @f: 32768 bytes moved, 0 bytes of padding, a peak of 32768 live bytes of hbm
// CHECK: tensor.empty() : tensor<16x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>
// SPACE: error: the target option '#tlayout.memory_space<1>' is not an attribute that offers layouts
// BOGUS: error: the target option 'bogus' is not an attribute that offers layouts

func.func @f(%a: tensor<16x256xf32>) -> f32 {
  %e = tensor.empty() : tensor<16x256xf32>
  %x = linalg.negf ins(%a : tensor<16x256xf32>) outs(%e : tensor<16x256xf32>) -> tensor<16x256xf32>
  %c0 = arith.constant 0 : index
  %v = tensor.extract %x[%c0, %c0] : tensor<16x256xf32>
  return %v : f32
}
