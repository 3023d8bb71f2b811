// RUN: tlayout-opt %s --split-input-file --tlayout-assign-layouts --verify-diagnostics | FileCheck %s
// The fast solver (greedy, then improvement sweeps) chooses the same; where
// it cannot prove its choice optimal it gives its gap to a lower bound.
// RUN: tlayout-opt %s --split-input-file --tlayout-assign-layouts=exact-max-values=0 2>%t.remarks | FileCheck %s
// RUN: FileCheck %s --check-prefix=FAST --input-file=%t.remarks
// FAST: remark: layout assignment: 4 groups, 504 bytes of padding, 520 bytes moved by relayouts and transposes, optimal
// FAST: remark: layout assignment: 5 groups, 229376 bytes of padding, 327680 bytes moved by relayouts and transposes, within 26.5% of a lower bound

// A [4096,2] array made by transposing a {1,0:T(2,128)} input: its
// row-major tiling T(8,128) would pad the 2 to 128 (64x the bytes);
// {0,1:T(2,128)} holds it densely and makes the transpose a bitcast, which
// becomes a view (no copy, no allocation); the element-wise op that reads
// it takes the same layout (no relayout). The sum over the 4096 rows is
// written in the operand's layout without the reduced dimension, {0:T(128)}
// (the reduction rule), which pads the 2 sums to 128 (a remark says no
// layout pads less) and is relayouted to the signature's row-major result.

// CHECK-LABEL: func.func @skinny(
// CHECK-SAME:    %[[A:.*]]: tensor<2x4096xf32, #tlayout.tiled<{1,0:T(2,128)}>>
// CHECK-NOT:     linalg.transpose
// CHECK:         %[[T:.*]] = tlayout.transpose %[[A]] permutation = [1, 0] : tensor<2x4096xf32, #tlayout.tiled<{1,0:T(2,128)}>> to tensor<4096x2xf32, #tlayout.tiled<{0,1:T(2,128)}>>
// CHECK-NOT:     tlayout.relayout
// CHECK:         linalg.exp ins(%[[T]] : tensor<4096x2xf32, #tlayout.tiled<{0,1:T(2,128)}>>)
// CHECK-SAME:      -> tensor<4096x2xf32, #tlayout.tiled<{0,1:T(2,128)}>>
// CHECK:         %[[R:.*]] = linalg.reduce ins({{.*}}) outs({{.*}} : tensor<2xf32, #tlayout.tiled<{0:T(128)}>>)
// CHECK:         %[[B:.*]] = tlayout.relayout %[[R]] : tensor<2xf32, #tlayout.tiled<{0:T(128)}>> to tensor<2xf32>
// CHECK:         return %[[B]]
// expected-remark @below {{layout assignment: 4 groups, 504 bytes of padding, 520 bytes moved by relayouts and transposes, optimal}}
module attributes {tlayout_tpu.target = #tlayout_tpu.target<"v5e">} {
  // expected-remark @below {{layout assignment of @skinny: 520 bytes moved, 504 bytes of padding, a peak of 65536 live bytes of hbm}}
  func.func @skinny(%a: tensor<2x4096xf32> {tlayout.layout = #tlayout.tiled<{1,0:T(2,128)}>})
      -> tensor<2xf32> {
    %e = tensor.empty() : tensor<4096x2xf32>
    // expected-remark @below {{free transpose: the layouts place every element of 'tensor<2x4096xf32, #tlayout.tiled<{1,0:T(2,128)}>>' and 'tensor<4096x2xf32, #tlayout.tiled<{0,1:T(2,128)}>>' at the same offset}}
    %t = linalg.transpose ins(%a : tensor<2x4096xf32>) outs(%e : tensor<4096x2xf32>) permutation = [1, 0]
    %e2 = tensor.empty() : tensor<4096x2xf32>
    %x = linalg.exp ins(%t : tensor<4096x2xf32>) outs(%e2 : tensor<4096x2xf32>) -> tensor<4096x2xf32>
    %zero = arith.constant 0.0 : f32
    // expected-remark @below {{layout assignment: 'tensor<2xf32>' in #tlayout.tiled<{0:T(128)}> carries 504 bytes of padding (512 bytes for 8); no layout of the target pads it less}}
    %e3 = tensor.empty() : tensor<2xf32>
    %acc = linalg.fill ins(%zero : f32) outs(%e3 : tensor<2xf32>) -> tensor<2xf32>
    %r = linalg.reduce ins(%x : tensor<4096x2xf32>) outs(%acc : tensor<2xf32>) dimensions = [0]
      (%in: f32, %init: f32) {
        %s = arith.addf %in, %init : f32
        linalg.yield %s : f32
      }
    // expected-remark @below {{relayout of 'tensor<2xf32, #tlayout.tiled<{0:T(128)}>>' to 'tensor<2xf32>': 8 bytes; 'func.return' passes it where the signature fixes that layout}}
    return %r : tensor<2xf32>
  }
}

// -----

// Element-wise ops read their operands in their result's layout: an operand
// fixed in another layout gets a relayout, with a remark. The add's result
// takes the row-major tiling of %a, whose candidates pad nothing; %b and %c
// are fixed column-major (each with a remark on its padding) and the product
// is relayouted to the signature's row-major result. Each relayout's remark
// gives its rule and what the best alternative would cost.

// CHECK-LABEL: func.func @mixed(
// CHECK-SAME:    %[[A:.*]]: tensor<16x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>, %[[B:.*]]: tensor<16x256xf32, #tlayout.tiled<{0,1:T(8,128)}>>, %[[C:.*]]: tensor<16x256xf32, #tlayout.tiled<{0,1:T(8,128)}>>
// CHECK:         %[[RB:.*]] = tlayout.relayout %[[B]] : tensor<16x256xf32, #tlayout.tiled<{0,1:T(8,128)}>> to tensor<16x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>
// CHECK:         %[[S:.*]] = linalg.add ins(%[[A]], %[[RB]] : {{.*}}) outs({{.*}} : tensor<16x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>)
// CHECK:         %[[RC:.*]] = tlayout.relayout %[[C]] : tensor<16x256xf32, #tlayout.tiled<{0,1:T(8,128)}>> to tensor<16x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>
// CHECK:         %[[M:.*]] = linalg.mul ins(%[[S]], %[[RC]] : tensor<16x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>, tensor<16x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>)
// CHECK:         %[[RM:.*]] = tlayout.relayout %[[M]] : tensor<16x256xf32, #tlayout.tiled<{1,0:T(8,128)}>> to tensor<16x256xf32>
// CHECK:         return %[[RM]]
// expected-remark @below {{layout assignment: 5 groups, 229376 bytes of padding, 327680 bytes moved by relayouts and transposes, optimal}}
module attributes {tlayout_tpu.target = #tlayout_tpu.target<"v5e">} {
  // expected-remark @below {{layout assignment of @mixed: 327680 bytes moved, 229376 bytes of padding, a peak of 294912 live bytes of hbm}}
  func.func @mixed(%a: tensor<16x256xf32> {tlayout.layout = #tlayout.tiled<{1,0:T(8,128)}>},
                   // expected-remark @below {{layout assignment: 'tensor<16x256xf32>' in #tlayout.tiled<{0,1:T(8,128)}> carries 114688 bytes of padding (131072 bytes for 16384); its layout is fixed}}
                   %b: tensor<16x256xf32> {tlayout.layout = #tlayout.tiled<{0,1:T(8,128)}>},
                   // expected-remark @below {{layout assignment: 'tensor<16x256xf32>' in #tlayout.tiled<{0,1:T(8,128)}> carries 114688 bytes of padding (131072 bytes for 16384); its layout is fixed}}
                   %c: tensor<16x256xf32> {tlayout.layout = #tlayout.tiled<{0,1:T(8,128)}>})
      -> tensor<16x256xf32> {
    %e = tensor.empty() : tensor<16x256xf32>
    // expected-remark @below {{relayout of 'tensor<16x256xf32, #tlayout.tiled<{0,1:T(8,128)}>>' to 'tensor<16x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>': 16384 bytes; the element-wise 'linalg.add' reads its operands in its result's layout (layout assignment: 147456 bytes moved; the best alternative, giving tensor<16x256xf32> the layout #tlayout.tiled<{0,1:T(8,128)}>, costs 262144 more bytes)}}
    %s = linalg.add ins(%a, %b : tensor<16x256xf32>, tensor<16x256xf32>) outs(%e : tensor<16x256xf32>) -> tensor<16x256xf32>
    %e2 = tensor.empty() : tensor<16x256xf32>
    // expected-remark @below {{relayout of 'tensor<16x256xf32, #tlayout.tiled<{0,1:T(8,128)}>>' to 'tensor<16x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>': 16384 bytes; the element-wise 'linalg.mul' reads its operands in its result's layout (layout assignment: 147456 bytes moved; the best alternative, giving tensor<16x256xf32> the layout #tlayout.tiled<{0,1:T(8,128)}>, costs 229376 more bytes)}}
    %m = linalg.mul ins(%s, %c : tensor<16x256xf32>, tensor<16x256xf32>) outs(%e2 : tensor<16x256xf32>) -> tensor<16x256xf32>
    // expected-remark @below {{relayout of 'tensor<16x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>' to 'tensor<16x256xf32>': 16384 bytes; 'func.return' passes it where the signature fixes that layout}}
    return %m : tensor<16x256xf32>
  }
}

// -----

// bf16 arrays of 16 x 200 take the TPU's packed tiling T(8,128)(2,1)
// (1792 bytes of padding each, where the transposed order pads 16 to 128);
// the argument, row-major at the boundary, is relayouted once for the
// element-wise chain (6400 + 8192 bytes moved), the reduction's rank-1
// accumulator takes T(256)(128)(2,1) (112 bytes of padding), the layout of
// its operand without the reduced dimension, which the broadcast reads
// without a relayout; the broadcast result is relayouted to the
// signature's row-major result.

// CHECK-LABEL: func.func @bf16(
// CHECK-SAME:    %[[A:.*]]: tensor<16x200xbf16>)
// CHECK:         %[[E:.*]] = tensor.empty() : tensor<16x200xbf16, #tlayout.tiled<{1,0:T(8,128)(2,1)}>>
// CHECK:         %[[R:.*]] = tlayout.relayout %[[A]] : tensor<16x200xbf16> to tensor<16x200xbf16, #tlayout.tiled<{1,0:T(8,128)(2,1)}>>
// CHECK:         %[[X:.*]] = linalg.negf ins(%[[R]] : {{.*}}) outs(%[[E]] : {{.*}})
// CHECK-NOT:     tlayout.relayout
// CHECK:         linalg.negf ins(%[[X]] : tensor<16x200xbf16, #tlayout.tiled<{1,0:T(8,128)(2,1)}>>)
// CHECK:         tensor.empty() : tensor<200xbf16, #tlayout.tiled<{0:T(256)(128)(2,1)}>>
// CHECK-NOT:     tlayout.relayout
// CHECK:         %[[B:.*]] = linalg.broadcast
// CHECK:         %[[RB:.*]] = tlayout.relayout %[[B]] : tensor<16x200xbf16, #tlayout.tiled<{1,0:T(8,128)(2,1)}>> to tensor<16x200xbf16>
// CHECK:         return %[[RB]]
// expected-remark @below {{layout assignment: 5 groups, 5488 bytes of padding, 29184 bytes moved by relayouts and transposes, optimal}}
module attributes {tlayout_tpu.target = #tlayout_tpu.target<"v5e">} {
  // expected-remark @below {{layout assignment of @bf16: 29184 bytes moved, 5488 bytes of padding, a peak of 16384 live bytes of hbm}}
  func.func @bf16(%a: tensor<16x200xbf16>) -> tensor<16x200xbf16> {
    // expected-remark @below {{layout assignment: 'tensor<16x200xbf16>' in #tlayout.tiled<{1,0:T(8,128)(2,1)}> carries 1792 bytes of padding (8192 bytes for 6400); no layout of the target pads it less}}
    %e = tensor.empty() : tensor<16x200xbf16>
    // expected-remark @below {{relayout of 'tensor<16x200xbf16>' to 'tensor<16x200xbf16, #tlayout.tiled<{1,0:T(8,128)(2,1)}>>': 8192 bytes; the element-wise 'linalg.negf' reads its operands in its result's layout (layout assignment: 14592 bytes moved; no layout of either value the target offers avoids it)}}
    %x = linalg.negf ins(%a : tensor<16x200xbf16>) outs(%e : tensor<16x200xbf16>) -> tensor<16x200xbf16>
    // expected-remark @below {{layout assignment: 'tensor<16x200xbf16>' in #tlayout.tiled<{1,0:T(8,128)(2,1)}> carries 1792 bytes of padding (8192 bytes for 6400); no layout of the target pads it less}}
    %e2 = tensor.empty() : tensor<16x200xbf16>
    %y = linalg.negf ins(%x : tensor<16x200xbf16>) outs(%e2 : tensor<16x200xbf16>) -> tensor<16x200xbf16>
    // expected-remark @below {{layout assignment: 'tensor<200xbf16>' in #tlayout.tiled<{0:T(256)(128)(2,1)}> carries 112 bytes of padding (512 bytes for 400); no layout of the target pads it less}}
    %f = tensor.empty() : tensor<200xbf16>
    %zero = arith.constant 0.0 : bf16
    %acc = linalg.fill ins(%zero : bf16) outs(%f : tensor<200xbf16>) -> tensor<200xbf16>
    %r = linalg.reduce ins(%y : tensor<16x200xbf16>) outs(%acc : tensor<200xbf16>) dimensions = [0]
      (%in: bf16, %init: bf16) {
        %s = arith.addf %in, %init : bf16
        linalg.yield %s : bf16
      }
    // expected-remark @below {{layout assignment: 'tensor<16x200xbf16>' in #tlayout.tiled<{1,0:T(8,128)(2,1)}> carries 1792 bytes of padding (8192 bytes for 6400); no layout of the target pads it less}}
    %g = tensor.empty() : tensor<16x200xbf16>
    %b = linalg.broadcast ins(%r : tensor<200xbf16>) outs(%g : tensor<16x200xbf16>) dimensions = [0]
    // expected-remark @below {{relayout of 'tensor<16x200xbf16, #tlayout.tiled<{1,0:T(8,128)(2,1)}>>' to 'tensor<16x200xbf16>': 6400 bytes; 'func.return' passes it where the signature fixes that layout}}
    return %b : tensor<16x200xbf16>
  }
}
