// Layout assignment across calls: the capacity is checked at program points
// where a callee's body is nested in each call (ProgramPoints), so what a
// caller keeps live across a call meets what the callee allocates, and
// functions between them in the file do not matter; each function's figures
// are its own (the relayouts in it, the padding of the buffers it makes, the
// peak while it runs, its callees included).
// RUN: tlayout-opt %s --split-input-file --tlayout-assign-layouts=capacity=40000 --verify-diagnostics -o /dev/null
// RUN: not tlayout-opt %s --split-input-file --tlayout-assign-layouts=capacity=40000 2>&1 | FileCheck %s --check-prefix=CAPACITY
// Bad option values.
// RUN: not tlayout-opt %s --split-input-file --tlayout-assign-layouts=padding-weight=nan -o /dev/null 2>&1 | FileCheck %s --check-prefix=NAN
// RUN: not tlayout-opt %s --split-input-file --tlayout-assign-layouts=moved-weight=-1 -o /dev/null 2>&1 | FileCheck %s --check-prefix=NEGATIVE
// RUN: not tlayout-opt %s --split-input-file --tlayout-assign-layouts=capacity=18446744073709551615 -o /dev/null 2>&1 | FileCheck %s --check-prefix=HUGE
// NAN: error: the padding-weight option must be a finite number of at least 0, got nan
// NEGATIVE: error: the moved-weight option must be a finite number of at least 0, got -1
// HUGE: error: the capacity option must be below 2^63 bytes, got 18446744073709551615

// A private function's result is live in its caller; a public function
// between the two in the file is not live at the same time: 32 KiB at most.
// expected-remark @below {{layout assignment: 2 groups, 0 bytes of padding, 0 bytes moved by relayouts and transposes, optimal over the target's layouts}}
module attributes {tlayout_tpu.target = #tlayout_tpu.target<"v5e">} {
  // expected-remark @below {{layout assignment of @make: 0 bytes moved, 0 bytes of padding, a peak of 32768 live bytes of hbm}}
  func.func private @make() -> tensor<64x128xf32> {
    %c = arith.constant 1.0 : f32
    %e = tensor.empty() : tensor<64x128xf32>
    %f = linalg.fill ins(%c : f32) outs(%e : tensor<64x128xf32>) -> tensor<64x128xf32>
    return %f : tensor<64x128xf32>
  }
  // expected-remark @below {{layout assignment of @other: 0 bytes moved, 0 bytes of padding, a peak of 32768 live bytes of hbm}}
  func.func @other(%s: f32) -> f32 {
    %e = tensor.empty() : tensor<64x128xf32>
    %f = linalg.fill ins(%s : f32) outs(%e : tensor<64x128xf32>) -> tensor<64x128xf32>
    %c0 = arith.constant 0 : index
    %v = tensor.extract %f[%c0, %c0] : tensor<64x128xf32>
    return %v : f32
  }
  // expected-remark @below {{layout assignment of @main: 0 bytes moved, 0 bytes of padding, a peak of 32768 live bytes of hbm}}
  func.func @main() -> f32 {
    %x = func.call @make() : () -> tensor<64x128xf32>
    %c0 = arith.constant 0 : index
    %v = tensor.extract %x[%c0, %c0] : tensor<64x128xf32>
    return %v : f32
  }
}

// -----

// A buffer live across a call meets the callee's: 64 KiB do not fit.
// CAPACITY: error: layout assignment found no assignment within the target's capacity of 40000 bytes of hbm
// expected-error @below {{layout assignment found no assignment within the target's capacity of 40000 bytes of hbm}}
module attributes {tlayout_tpu.target = #tlayout_tpu.target<"v5e">} {
  func.func @callee(%s: f32) -> f32 {
    %e = tensor.empty() : tensor<64x128xf32>
    %f = linalg.fill ins(%s : f32) outs(%e : tensor<64x128xf32>) -> tensor<64x128xf32>
    %c0 = arith.constant 0 : index
    %v = tensor.extract %f[%c0, %c0] : tensor<64x128xf32>
    return %v : f32
  }
  func.func @caller(%s: f32) -> f32 {
    %e = tensor.empty() : tensor<64x128xf32>
    %z = linalg.fill ins(%s : f32) outs(%e : tensor<64x128xf32>) -> tensor<64x128xf32>
    %r = func.call @callee(%s) : (f32) -> f32
    %c0 = arith.constant 0 : index
    %v = tensor.extract %z[%c0, %c0] : tensor<64x128xf32>
    %w = arith.addf %v, %r : f32
    return %w : f32
  }
}

// -----

// The relayout is in @main and charged there; the buffer @k makes carries
// its padding in @k and is live in @main after the call.
// expected-remark @below {{layout assignment: 1 groups, 4580 bytes of padding, 11804 bytes moved by relayouts and transposes, optimal over the target's layouts}}
module attributes {tlayout_tpu.target = #tlayout_tpu.target<"v5e">} {
  func.func private @print(tensor<*xf32>)
  // expected-remark @below {{layout assignment of @k: 0 bytes moved, 4580 bytes of padding, a peak of 8192 live bytes of hbm}}
  func.func private @k() -> tensor<7x129xf32> {
    %c = arith.constant 1.0 : f32
    // expected-remark @below {{'tensor<7x129xf32>' in #tlayout.tiled<{1,0:T(8,128)}> carries 4580 bytes of padding (8192 bytes for 3612)}}
    %e = tensor.empty() : tensor<7x129xf32>
    %f = linalg.fill ins(%c : f32) outs(%e : tensor<7x129xf32>) -> tensor<7x129xf32>
    return %f : tensor<7x129xf32>
  }
  // expected-remark @below {{layout assignment of @main: 11804 bytes moved, 0 bytes of padding, a peak of 8192 live bytes of hbm}}
  func.func @main() {
    %r = func.call @k() : () -> tensor<7x129xf32>
    // expected-remark @below {{relayout of 'tensor<7x129xf32, #tlayout.tiled<{1,0:T(8,128)}>>' to 'tensor<7x129xf32>': 3612 bytes}}
    %u = tensor.cast %r : tensor<7x129xf32> to tensor<*xf32>
    call @print(%u) : (tensor<*xf32>) -> ()
    return
  }
}

// -----

// Padding counts the elements' bits as the layout core does: 903 i1
// elements are 113 bytes; the 1-bit tiles take 1024.
// expected-remark @below {{layout assignment: 2 groups}}
module attributes {tlayout_tpu.target = #tlayout_tpu.target<"v5e">} {
  // expected-remark @below {{layout assignment of @flip}}
  func.func @flip(
      // expected-remark @below {{'tensor<7x129xi1>' in #tlayout.tiled<{1,0:T(32,128)(32,1)E(1)}> carries 911 bytes of padding (1024 bytes for 113)}}
      // expected-remark @below {{relayout of 'tensor<7x129xi1>' to 'tensor<7x129xi1, #tlayout.tiled<{1,0:T(32,128)(32,1)E(1)}>>': 1024 bytes}}
      %x: tensor<7x129xi1>) -> tensor<7x129xi1> {
    // expected-remark @below {{'tensor<7x129xi1>' in #tlayout.tiled<{1,0:T(32,128)(32,1)E(1)}> carries 911 bytes of padding (1024 bytes for 113)}}
    %e = tensor.empty() : tensor<7x129xi1>
    %y = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<7x129xi1>) outs(%e : tensor<7x129xi1>) {
    ^bb0(%a: i1, %o: i1):
      %t = arith.constant true
      %n = arith.xori %a, %t : i1
      linalg.yield %n : i1
    } -> tensor<7x129xi1>
    // expected-remark @below {{relayout of 'tensor<7x129xi1, #tlayout.tiled<{1,0:T(32,128)(32,1)E(1)}>>' to 'tensor<7x129xi1>': 903 bytes}}
    return %y : tensor<7x129xi1>
  }
}

// -----

// A recursive call's callee is not nested again: with a capacity, a warning
// says so.
// expected-remark @below {{layout assignment: 1 groups}}
module attributes {tlayout_tpu.target = #tlayout_tpu.target<"v5e">} {
  // expected-remark @below {{layout assignment of @down}}
  func.func private @down(%n: index) -> f32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %s = arith.constant 1.0 : f32
    %e = tensor.empty() : tensor<8x128xf32>
    %f = linalg.fill ins(%s : f32) outs(%e : tensor<8x128xf32>) -> tensor<8x128xf32>
    %v = tensor.extract %f[%c0, %c0] : tensor<8x128xf32>
    %stop = arith.cmpi eq, %n, %c0 : index
    %r = scf.if %stop -> f32 {
      scf.yield %v : f32
    } else {
      %m = arith.subi %n, %c1 : index
      // expected-warning @below {{layout assignment does not count the buffers of the callee against the capacity of hbm here: the call is recursive or nests too deep}}
      %d = func.call @down(%m) : (index) -> f32
      %a = arith.addf %v, %d : f32
      scf.yield %a : f32
    }
    return %r : f32
  }
}
