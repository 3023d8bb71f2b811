// RUN: tlayout-opt %s --split-input-file --tlayout-assign-layouts --verify-diagnostics | FileCheck %s
// The fast solver (greedy, then improvement sweeps) chooses the same; where
// it cannot prove its choice optimal it gives its gap to a lower bound.
// RUN: tlayout-opt %s --split-input-file --tlayout-assign-layouts=exact-max-values=0 2>%t.remarks | FileCheck %s
// RUN: FileCheck %s --check-prefix=FAST --input-file=%t.remarks
// FAST: remark: layout assignment: 3 groups, 0 bytes of padding, 0 bytes moved by relayouts and transposes, optimal
// FAST: remark: layout assignment: 5 groups, 229376 bytes of padding, 327680 bytes moved by relayouts and transposes, within 13.2% of a lower bound

// A [4096,2] array made by transposing a {1,0:T(2,128)} input: its
// row-major tiling T(8,128) would pad the 2 to 128 (64x the bytes);
// {0,1:T(2,128)} holds it densely and makes the transpose a bitcast, which
// becomes a view (no copy, no allocation); the element-wise op that reads
// it takes the same layout (no relayout).

// CHECK-LABEL: func.func @skinny(
// CHECK-SAME:    %[[A:.*]]: tensor<2x4096xf32, #tlayout.tiled<{1,0:T(2,128)}>>
// CHECK-NOT:     linalg.transpose
// CHECK:         %[[T:.*]] = tlayout.transpose %[[A]] permutation = [1, 0] : tensor<2x4096xf32, #tlayout.tiled<{1,0:T(2,128)}>> to tensor<4096x2xf32, #tlayout.tiled<{0,1:T(2,128)}>>
// CHECK-NOT:     tlayout.relayout
// CHECK:         linalg.exp ins(%[[T]] : tensor<4096x2xf32, #tlayout.tiled<{0,1:T(2,128)}>>)
// CHECK-SAME:      -> tensor<4096x2xf32, #tlayout.tiled<{0,1:T(2,128)}>>
// expected-remark @below {{layout assignment: 3 groups, 0 bytes of padding, 0 bytes moved by relayouts and transposes, optimal}}
module attributes {tlayout_tpu.target = #tlayout_tpu.target<"v5e">} {
  func.func @skinny(%a: tensor<2x4096xf32> {tlayout.layout = #tlayout.tiled<{1,0:T(2,128)}>})
      -> tensor<2xf32> {
    %e = tensor.empty() : tensor<4096x2xf32>
    // expected-remark @below {{free transpose: the layouts place every element of 'tensor<2x4096xf32, #tlayout.tiled<{1,0:T(2,128)}>>' and 'tensor<4096x2xf32, #tlayout.tiled<{0,1:T(2,128)}>>' at the same offset}}
    %t = linalg.transpose ins(%a : tensor<2x4096xf32>) outs(%e : tensor<4096x2xf32>) permutation = [1, 0]
    %e2 = tensor.empty() : tensor<4096x2xf32>
    %x = linalg.exp ins(%t : tensor<4096x2xf32>) outs(%e2 : tensor<4096x2xf32>) -> tensor<4096x2xf32>
    %zero = arith.constant 0.0 : f32
    %e3 = tensor.empty() : tensor<2xf32>
    %acc = linalg.fill ins(%zero : f32) outs(%e3 : tensor<2xf32>) -> tensor<2xf32>
    %r = linalg.reduce ins(%x : tensor<4096x2xf32>) outs(%acc : tensor<2xf32>) dimensions = [0]
      (%in: f32, %init: f32) {
        %s = arith.addf %in, %init : f32
        linalg.yield %s : f32
      }
    return %r : tensor<2xf32>
  }
}

// -----

// Element-wise ops read their operands in their result's layout: an operand
// fixed in another layout gets a relayout, with a remark. The add's result
// takes the row-major tiling of %a, whose candidates pad nothing; %b and %c
// are fixed column-major and the returned product is row-major.

// CHECK-LABEL: func.func @mixed(
// CHECK-SAME:    %[[A:.*]]: tensor<16x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>, %[[B:.*]]: tensor<16x256xf32, #tlayout.tiled<{0,1:T(8,128)}>>, %[[C:.*]]: tensor<16x256xf32, #tlayout.tiled<{0,1:T(8,128)}>>
// CHECK:         %[[RB:.*]] = tlayout.relayout %[[B]] : tensor<16x256xf32, #tlayout.tiled<{0,1:T(8,128)}>> to tensor<16x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>
// CHECK:         %[[S:.*]] = linalg.add ins(%[[A]], %[[RB]] : {{.*}}) outs({{.*}} : tensor<16x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>)
// CHECK:         %[[RS:.*]] = tlayout.relayout %[[S]] : tensor<16x256xf32, #tlayout.tiled<{1,0:T(8,128)}>> to tensor<16x256xf32>
// CHECK:         %[[RC:.*]] = tlayout.relayout %[[C]] : tensor<16x256xf32, #tlayout.tiled<{0,1:T(8,128)}>> to tensor<16x256xf32>
// CHECK:         linalg.mul ins(%[[RS]], %[[RC]] : tensor<16x256xf32>, tensor<16x256xf32>)
// expected-remark @below {{layout assignment: 5 groups, 229376 bytes of padding, 327680 bytes moved by relayouts and transposes, optimal}}
module attributes {tlayout_tpu.target = #tlayout_tpu.target<"v5e">} {
  func.func @mixed(%a: tensor<16x256xf32> {tlayout.layout = #tlayout.tiled<{1,0:T(8,128)}>},
                   %b: tensor<16x256xf32> {tlayout.layout = #tlayout.tiled<{0,1:T(8,128)}>},
                   %c: tensor<16x256xf32> {tlayout.layout = #tlayout.tiled<{0,1:T(8,128)}>})
      -> tensor<16x256xf32> {
    %e = tensor.empty() : tensor<16x256xf32>
    // expected-remark @below {{relayout of 'tensor<16x256xf32, #tlayout.tiled<{0,1:T(8,128)}>>' to 'tensor<16x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>': 16384 bytes}}
    %s = linalg.add ins(%a, %b : tensor<16x256xf32>, tensor<16x256xf32>) outs(%e : tensor<16x256xf32>) -> tensor<16x256xf32>
    %e2 = tensor.empty() : tensor<16x256xf32>
    // expected-remark @below {{relayout of 'tensor<16x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>' to 'tensor<16x256xf32>': 16384 bytes}}
    // expected-remark @below {{relayout of 'tensor<16x256xf32, #tlayout.tiled<{0,1:T(8,128)}>>' to 'tensor<16x256xf32>': 16384 bytes}}
    %m = linalg.mul ins(%s, %c : tensor<16x256xf32>, tensor<16x256xf32>) outs(%e2 : tensor<16x256xf32>) -> tensor<16x256xf32>
    return %m : tensor<16x256xf32>
  }
}

// -----

// bf16 arrays of 16 x 200 take the TPU's packed tiling T(8,128)(2,1)
// (1792 bytes of padding each, where the transposed order pads 16 to 128);
// the argument, row-major at the boundary, is relayouted once for the
// element-wise chain (6400 + 8192 bytes moved), and the reduction's
// rank-1 accumulator takes T(256)(128)(2,1) (112 bytes of padding).

// CHECK-LABEL: func.func @bf16(
// CHECK-SAME:    %[[A:.*]]: tensor<16x200xbf16>)
// CHECK:         %[[E:.*]] = tensor.empty() : tensor<16x200xbf16, #tlayout.tiled<{1,0:T(8,128)(2,1)}>>
// CHECK:         %[[R:.*]] = tlayout.relayout %[[A]] : tensor<16x200xbf16> to tensor<16x200xbf16, #tlayout.tiled<{1,0:T(8,128)(2,1)}>>
// CHECK:         %[[X:.*]] = linalg.negf ins(%[[R]] : {{.*}}) outs(%[[E]] : {{.*}})
// CHECK-NOT:     tlayout.relayout
// CHECK:         linalg.negf ins(%[[X]] : tensor<16x200xbf16, #tlayout.tiled<{1,0:T(8,128)(2,1)}>>)
// CHECK:         tensor.empty() : tensor<200xbf16, #tlayout.tiled<{0:T(256)(128)(2,1)}>>
// expected-remark @below {{layout assignment: 4 groups, 3696 bytes of padding, 14592 bytes moved by relayouts and transposes, optimal}}
module attributes {tlayout_tpu.target = #tlayout_tpu.target<"v5e">} {
  func.func @bf16(%a: tensor<16x200xbf16>) -> tensor<16x200xbf16> {
    %e = tensor.empty() : tensor<16x200xbf16>
    // expected-remark @below {{relayout of 'tensor<16x200xbf16>' to 'tensor<16x200xbf16, #tlayout.tiled<{1,0:T(8,128)(2,1)}>>': 8192 bytes}}
    %x = linalg.negf ins(%a : tensor<16x200xbf16>) outs(%e : tensor<16x200xbf16>) -> tensor<16x200xbf16>
    %e2 = tensor.empty() : tensor<16x200xbf16>
    %y = linalg.negf ins(%x : tensor<16x200xbf16>) outs(%e2 : tensor<16x200xbf16>) -> tensor<16x200xbf16>
    %f = tensor.empty() : tensor<200xbf16>
    %zero = arith.constant 0.0 : bf16
    %acc = linalg.fill ins(%zero : bf16) outs(%f : tensor<200xbf16>) -> tensor<200xbf16>
    %r = linalg.reduce ins(%y : tensor<16x200xbf16>) outs(%acc : tensor<200xbf16>) dimensions = [0]
      (%in: bf16, %init: bf16) {
        %s = arith.addf %in, %init : bf16
        linalg.yield %s : bf16
      }
    %g = tensor.empty() : tensor<16x200xbf16>
    %b = linalg.broadcast ins(%r : tensor<200xbf16>) outs(%g : tensor<16x200xbf16>) dimensions = [0]
    return %b : tensor<16x200xbf16>
  }
}
