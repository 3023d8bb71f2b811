// One test per placement rule of --tlayout-assign-layouts, with the layouts
// it chooses, the views and relayouts it makes and their remarks.
// RUN: tlayout-opt %s --split-input-file --tlayout-assign-layouts --verify-diagnostics | FileCheck %s
// Errors: a capacity no assignment fits, an unknown policy.
// RUN: not tlayout-opt %s --split-input-file --tlayout-assign-layouts=capacity=4096 2>&1 | FileCheck %s --check-prefix=CAPACITY
// RUN: not tlayout-opt %s --tlayout-assign-layouts=policy=greedy 2>&1 | FileCheck %s --check-prefix=POLICY
// CAPACITY: error: layout assignment found no assignment within the target's capacity of 4096 bytes of hbm (the peak of live bytes of the smallest layouts exceeds it)
// POLICY: error: unknown layout assignment policy 'greedy'; expected auto, exact, fast, propagate, row-major or enumerate
// The summary as JSON, and the policies that evaluate other choices under
// the same model (on the last part): the preferred (row-major) tiling
// everywhere pads the [300,4] arrays and copies the transpose; propagation
// also relayouts the element-wise operands it leaves in other layouts.
// RUN: tlayout-opt %s --split-input-file --tlayout-assign-layouts="summary=%t.json" -o /dev/null 2>/dev/null
// RUN: FileCheck %s --check-prefix=JSON --input-file=%t.json
// RUN: tlayout-opt %s --split-input-file --tlayout-assign-layouts="policy=row-major summary=%t.rm.json" -o /dev/null 2>/dev/null
// RUN: FileCheck %s --check-prefix=ROWMAJOR --input-file=%t.rm.json
// RUN: tlayout-opt %s --split-input-file --tlayout-assign-layouts="policy=propagate summary=%t.p.json" -o /dev/null 2>/dev/null
// RUN: FileCheck %s --check-prefix=PROPAGATE --input-file=%t.p.json
// (With --split-input-file each part rewrites the file: the last part's.)
// JSON:      "policy": "auto",
// JSON-NEXT: "solver": "exact",
// JSON-NEXT: "proved_optimal": true,
// JSON-NEXT: "gap": 0,
// JSON-NEXT: "groups": 4,
// JSON-NEXT: "moved_bytes": 0,
// JSON-NEXT: "padding_bytes": 5376,
// JSON-NEXT: "peak_bytes": {
// JSON-NEXT:   "hbm": 24576
// JSON-NEXT: },
// JSON-NEXT: "capacity_bytes": {
// JSON-NEXT:   "hbm": 17179869184
// JSON-NEXT: },
// JSON-NEXT: "functions": [
// JSON-NEXT:   {
// JSON-NEXT:     "name": "scale",
// JSON-NEXT:     "moved_bytes": 0,
// JSON-NEXT:     "padding_bytes": 4032,
// JSON-NEXT:     "peak_bytes": {
// JSON-NEXT:       "hbm": 18432
// JSON:            "name": "main",
// ROWMAJOR:  "policy": "row-major",
// ROWMAJOR:  "solver": "heuristic",
// ROWMAJOR:  "moved_bytes": 161792,
// ROWMAJOR:  "padding_bytes": 453888,
// PROPAGATE: "policy": "propagate",
// PROPAGATE: "moved_bytes": 468992,
// PROPAGATE: "padding_bytes": 449792,

// A reshape that splits rows along whole T(8,128) tiles is a bitcast: a
// tlayout.reshape view, no copy.
// CHECK-LABEL: func.func @split_rows(
// CHECK-SAME:    %[[A:.*]]: tensor<32x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>
// CHECK:         %[[V:.*]] = tlayout.reshape %[[A]] : tensor<32x256xf32, #tlayout.tiled<{1,0:T(8,128)}>> to tensor<4x8x256xf32, #tlayout.tiled<{2,1,0:T(8,128)}>>
// CHECK-NEXT:    return %[[V]]
// expected-remark @below {{layout assignment: 2 groups, 0 bytes of padding, 0 bytes moved by relayouts and transposes, optimal over the target's layouts}}
module attributes {tlayout_tpu.target = #tlayout_tpu.target<"v5e">} {
  // expected-remark @below {{layout assignment of @split_rows: 0 bytes moved, 0 bytes of padding, a peak of 65536 live bytes of hbm}}
  func.func @split_rows(%a: tensor<32x256xf32> {tlayout.layout = #tlayout.tiled<{1,0:T(8,128)}>})
      -> (tensor<4x8x256xf32> {tlayout.layout = #tlayout.tiled<{2,1,0:T(8,128)}>}) {
    // expected-remark @below {{free reshape: the layouts place every element of 'tensor<32x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>' and 'tensor<4x8x256xf32, #tlayout.tiled<{2,1,0:T(8,128)}>>' at the same offset}}
    %r = tensor.expand_shape %a [[0, 1], [2]] output_shape [4, 8, 256] : tensor<32x256xf32> into tensor<4x8x256xf32>
    return %r : tensor<4x8x256xf32>
  }
}

// -----

// Splitting the 256 columns into two heads of 128 moves elements under
// every layout the target offers for the two shapes (a T(8,128) tile holds
// 8 rows of one head): a copy that reads the source at the result's
// row-major position, with a remark.
// CHECK:       #[[$IN:.*]] = affine_map<(d0, d1, d2) -> (d0, d1 * 128 + d2)>
// CHECK:       #[[$OUT:.*]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-LABEL: func.func @heads(
// CHECK:         %[[E:.*]] = tensor.empty() : tensor<16x2x128xf32, #tlayout.tiled<{2,1,0:T(2,128)}>>
// CHECK:         linalg.generic {indexing_maps = [#[[$IN]], #[[$OUT]]], {{.*}}} ins(%{{.*}} : tensor<16x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>) outs(%[[E]] : {{.*}})
// CHECK-NOT:     tensor.expand_shape
// expected-remark @below {{layout assignment: 2 groups, 0 bytes of padding, 32768 bytes moved by relayouts and transposes, optimal}}
module attributes {tlayout_tpu.target = #tlayout_tpu.target<"v5e">} {
  // expected-remark @below {{layout assignment of @heads: 32768 bytes moved, 0 bytes of padding, a peak of 32768 live bytes of hbm}}
  func.func @heads(%a: tensor<16x256xf32> {tlayout.layout = #tlayout.tiled<{1,0:T(8,128)}>})
      -> (tensor<16x2x128xf32> {tlayout.layout = #tlayout.tiled<{2,1,0:T(2,128)}>}) {
    // expected-remark @below {{reshape copy of 'tensor<16x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>' to 'tensor<16x2x128xf32, #tlayout.tiled<{2,1,0:T(2,128)}>>': 32768 bytes moved; no layout of the target makes 'tensor.expand_shape' a bitcast at a lower cost (layout assignment: 32768 bytes moved; no layout of either value the target offers avoids it)}}
    %r = tensor.expand_shape %a [[0], [1, 2]] output_shape [16, 2, 128] : tensor<16x256xf32> into tensor<16x2x128xf32>
    return %r : tensor<16x2x128xf32>
  }
}

// -----

// A broadcast reads its operand in its result's layout without the
// broadcast dimension: {2,1,0} without dimension 0 is {1,0}, so the operand
// fixed in {0,1} is relayouted.
// CHECK-LABEL: func.func @broadcast(
// CHECK-SAME:    %[[B:[^:]*]]: tensor<16x8xf32, #tlayout.tiled<{0,1:T(8,128)}>>
// CHECK:         %[[R:.*]] = tlayout.relayout %[[B]] : tensor<16x8xf32, #tlayout.tiled<{0,1:T(8,128)}>> to tensor<16x8xf32, #tlayout.tiled<{1,0:T(8,128)}>>
// CHECK:         linalg.broadcast ins(%[[R]] : tensor<16x8xf32, #tlayout.tiled<{1,0:T(8,128)}>>)
// expected-remark @below {{layout assignment: 2 groups, 34304 bytes of padding, 12288 bytes moved by relayouts and transposes, optimal}}
module attributes {tlayout_tpu.target = #tlayout_tpu.target<"v5e">} {
  // expected-remark @below {{layout assignment of @broadcast: 12288 bytes moved, 34304 bytes of padding, a peak of 36864 live bytes of hbm}}
  func.func @broadcast(
      // expected-remark @below {{layout assignment: 'tensor<16x8xf32>' in #tlayout.tiled<{0,1:T(8,128)}> carries 3584 bytes of padding (4096 bytes for 512); its layout is fixed}}
      %b: tensor<16x8xf32> {tlayout.layout = #tlayout.tiled<{0,1:T(8,128)}>},
      // expected-remark @below {{layout assignment: 'tensor<4x16x8xf32>' in #tlayout.tiled<{2,1,0:T(8,128)}> carries 30720 bytes of padding (32768 bytes for 2048); its layout is fixed}}
      %o: tensor<4x16x8xf32> {tlayout.layout = #tlayout.tiled<{2,1,0:T(8,128)}>})
      -> (tensor<4x16x8xf32> {tlayout.layout = #tlayout.tiled<{2,1,0:T(8,128)}>}) {
    // expected-remark @below {{relayout of 'tensor<16x8xf32, #tlayout.tiled<{0,1:T(8,128)}>>' to 'tensor<16x8xf32, #tlayout.tiled<{1,0:T(8,128)}>>': 8192 bytes; 'linalg.broadcast' reads its operand in its result's layout without the broadcast dimensions (layout assignment: 12288 bytes moved; no layout of either value the target offers avoids it)}}
    %r = linalg.broadcast ins(%b : tensor<16x8xf32>) outs(%o : tensor<4x16x8xf32>) dimensions = [0]
    return %r : tensor<4x16x8xf32>
  }
}

// -----

// A reduction writes its result in its operand's layout without the reduced
// dimension ({1,0}); the accumulator, fixed in {0,1}, is relayouted there
// and the result back.
// CHECK-LABEL: func.func @reduce(
// CHECK-SAME:    %[[A:[^:]*]]: tensor<4x16x8xf32, #tlayout.tiled<{2,1,0:T(8,128)}>>, %[[ACC:[^:]*]]: tensor<16x8xf32, #tlayout.tiled<{0,1:T(8,128)}>>
// CHECK:         %[[I:.*]] = tlayout.relayout %[[ACC]] : tensor<16x8xf32, #tlayout.tiled<{0,1:T(8,128)}>> to tensor<16x8xf32, #tlayout.tiled<{1,0:T(8,128)}>>
// CHECK:         %[[R:.*]] = linalg.reduce ins(%[[A]] : {{.*}}) outs(%[[I]] : tensor<16x8xf32, #tlayout.tiled<{1,0:T(8,128)}>>)
// CHECK:         %[[O:.*]] = tlayout.relayout %[[R]] : tensor<16x8xf32, #tlayout.tiled<{1,0:T(8,128)}>> to tensor<16x8xf32, #tlayout.tiled<{0,1:T(8,128)}>>
// CHECK:         return %[[O]]
// expected-remark @below {{layout assignment: 2 groups, 34304 bytes of padding, 24576 bytes moved by relayouts and transposes, optimal}}
module attributes {tlayout_tpu.target = #tlayout_tpu.target<"v5e">} {
  // expected-remark @below {{layout assignment of @reduce: 24576 bytes moved, 34304 bytes of padding, a peak of 36864 live bytes of hbm}}
  func.func @reduce(
      // expected-remark @below {{layout assignment: 'tensor<4x16x8xf32>' in #tlayout.tiled<{2,1,0:T(8,128)}> carries 30720 bytes of padding (32768 bytes for 2048); its layout is fixed}}
      %a: tensor<4x16x8xf32> {tlayout.layout = #tlayout.tiled<{2,1,0:T(8,128)}>},
      // expected-remark @below {{layout assignment: 'tensor<16x8xf32>' in #tlayout.tiled<{0,1:T(8,128)}> carries 3584 bytes of padding (4096 bytes for 512); its layout is fixed}}
      %acc: tensor<16x8xf32> {tlayout.layout = #tlayout.tiled<{0,1:T(8,128)}>})
      -> (tensor<16x8xf32> {tlayout.layout = #tlayout.tiled<{0,1:T(8,128)}>}) {
    // expected-remark @below {{relayout of 'tensor<16x8xf32, #tlayout.tiled<{0,1:T(8,128)}>>' to 'tensor<16x8xf32, #tlayout.tiled<{1,0:T(8,128)}>>': 8192 bytes; 'linalg.reduce' writes its result in its operand's layout without the reduced dimensions (layout assignment: 24576 bytes moved; no layout of either value the target offers avoids it)}}
    // expected-remark @below {{relayout of 'tensor<16x8xf32, #tlayout.tiled<{1,0:T(8,128)}>>' to 'tensor<16x8xf32, #tlayout.tiled<{0,1:T(8,128)}>>': 4096 bytes; the result of 'linalg.reduce' is written in its operand's layout without the reduced dimensions}}
    %r = linalg.reduce ins(%a : tensor<4x16x8xf32>) outs(%acc : tensor<16x8xf32>) dimensions = [0]
      (%in: f32, %init: f32) {
        %s = arith.addf %in, %init : f32
        linalg.yield %s : f32
      }
    return %r : tensor<16x8xf32>
  }
}

// -----

// A transpose between layouts fixed at the boundaries that are no bitcast
// of each other is a copy, with a remark.
// CHECK-LABEL: func.func @transpose_copy(
// CHECK:         linalg.transpose
// expected-remark @below {{layout assignment: 2 groups, 114688 bytes of padding, 147456 bytes moved by relayouts and transposes, optimal}}
module attributes {tlayout_tpu.target = #tlayout_tpu.target<"v5e">} {
  // expected-remark @below {{layout assignment of @transpose_copy: 147456 bytes moved, 114688 bytes of padding, a peak of 147456 live bytes of hbm}}
  func.func @transpose_copy(%a: tensor<16x256xf32> {tlayout.layout = #tlayout.tiled<{1,0:T(8,128)}>},
      // expected-remark @below {{layout assignment: 'tensor<256x16xf32>' in #tlayout.tiled<{1,0:T(8,128)}> carries 114688 bytes of padding (131072 bytes for 16384); its layout is fixed}}
      %o: tensor<256x16xf32> {tlayout.layout = #tlayout.tiled<{1,0:T(8,128)}>})
      -> (tensor<256x16xf32> {tlayout.layout = #tlayout.tiled<{1,0:T(8,128)}>}) {
    // expected-remark @below {{transpose copy of 'tensor<16x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>' to 'tensor<256x16xf32, #tlayout.tiled<{1,0:T(8,128)}>>': the layouts do not make it a bitcast (layout assignment: 147456 bytes moved; no layout of either value the target offers avoids it)}}
    %t = linalg.transpose ins(%a : tensor<16x256xf32>) outs(%o : tensor<256x16xf32>) permutation = [1, 0]
    return %t : tensor<256x16xf32>
  }
}

// -----

// A dense constant takes a layout like any value (here its element-wise
// user's), and a private function that only the module calls has its
// boundaries chosen: the skinny [300,4] arrays take {0,1:T(4,128)}, which
// makes the transpose free; the public @main keeps the layout its
// signature fixes.
// CHECK-LABEL: func.func private @scale(
// CHECK-SAME:    %[[A:.*]]: tensor<4x300xf32, #tlayout.tiled<{1,0:T(4,128)}>>) -> tensor<300x4xf32, #tlayout.tiled<{0,1:T(4,128)}>>
// CHECK:         %[[T:.*]] = tlayout.transpose %[[A]] permutation = [1, 0]
// CHECK:         %[[C:.*]] = arith.constant dense<2.000000e+00> : tensor<300x4xf32, #tlayout.tiled<{0,1:T(4,128)}>>
// CHECK:         linalg.mul ins(%[[T]], %[[C]] : {{.*}})
// CHECK-LABEL: func.func @main(
// CHECK:         call @scale(%{{.*}}) : (tensor<4x300xf32, #tlayout.tiled<{1,0:T(4,128)}>>) -> tensor<300x4xf32, #tlayout.tiled<{0,1:T(4,128)}>>
// expected-remark @below {{layout assignment: 4 groups, 5376 bytes of padding, 0 bytes moved by relayouts and transposes, optimal over the target's layouts}}
module attributes {tlayout_tpu.target = #tlayout_tpu.target<"v5e">} {
  // expected-remark @below {{layout assignment of @scale: 0 bytes moved, 4032 bytes of padding, a peak of 18432 live bytes of hbm}}
  func.func private @scale(%a: tensor<4x300xf32>) -> tensor<300x4xf32> {
    // expected-remark @below {{layout assignment: 'tensor<300x4xf32>' in #tlayout.tiled<{0,1:T(4,128)}> carries 1344 bytes of padding (6144 bytes for 4800); no layout of the target pads it less}}
    %e = tensor.empty() : tensor<300x4xf32>
    // expected-remark @below {{free transpose}}
    %t = linalg.transpose ins(%a : tensor<4x300xf32>) outs(%e : tensor<300x4xf32>) permutation = [1, 0]
    // expected-remark @below {{layout assignment: 'tensor<300x4xf32>' in #tlayout.tiled<{0,1:T(4,128)}> carries 1344 bytes of padding (6144 bytes for 4800); no layout of the target pads it less}}
    %c = arith.constant dense<2.0> : tensor<300x4xf32>
    // expected-remark @below {{layout assignment: 'tensor<300x4xf32>' in #tlayout.tiled<{0,1:T(4,128)}> carries 1344 bytes of padding (6144 bytes for 4800); no layout of the target pads it less}}
    %e2 = tensor.empty() : tensor<300x4xf32>
    %m = linalg.mul ins(%t, %c : tensor<300x4xf32>, tensor<300x4xf32>) outs(%e2 : tensor<300x4xf32>) -> tensor<300x4xf32>
    return %m : tensor<300x4xf32>
  }
  // expected-remark @below {{layout assignment of @main: 0 bytes moved, 1344 bytes of padding, a peak of 24576 live bytes of hbm}}
  func.func @main(
      // expected-remark @below {{layout assignment: 'tensor<4x300xf32>' in #tlayout.tiled<{1,0:T(4,128)}> carries 1344 bytes of padding (6144 bytes for 4800); its layout is fixed}}
      %x: tensor<4x300xf32> {tlayout.layout = #tlayout.tiled<{1,0:T(4,128)}>}) -> f32 {
    %r = func.call @scale(%x) : (tensor<4x300xf32>) -> tensor<300x4xf32>
    %c0 = arith.constant 0 : index
    %v = tensor.extract %r[%c0, %c0] : tensor<300x4xf32>
    return %v : f32
  }
}
