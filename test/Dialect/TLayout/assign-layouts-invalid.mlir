// RUN: tlayout-opt %s --split-input-file --tlayout-assign-layouts --verify-diagnostics

// Without a target there are no candidates to choose from.
// expected-error @below {{layout assignment needs a target: put an attribute that offers layouts on the module, such as tlayout_tpu.target = #tlayout_tpu.target<"v5e">}}
module {
  func.func @f(%a: tensor<16x256xf32>) -> tensor<16x256xf32> {
    return %a : tensor<16x256xf32>
  }
}

// -----

// A tlayout.layout that is not a layout of its tensor.
module attributes {tlayout_tpu.target = #tlayout_tpu.target<"v5e">} {
  // expected-error @below {{the tlayout.layout of argument #0: minor_to_major has 1 entries but the shape has rank 2}}
  func.func @rank(%a: tensor<16x256xf32> {tlayout.layout = #tlayout.tiled<{0:T(128)}>}) {
    return
  }
}

