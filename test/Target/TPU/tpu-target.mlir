// #tlayout_tpu.target: presets, overrides, and errors.
// RUN: tlayout-opt %s --split-input-file --verify-diagnostics | FileCheck %s

// CHECK: tlayout_tpu.target = #tlayout_tpu.target<"v5e", lanes = 128, sublanes = 8, hbm = 17179869184, vmem = 134217728, smem = 16384, cmem = 0, host = 0>
module attributes {tlayout_tpu.target = #tlayout_tpu.target<"v5e">} {}

// -----

// CHECK: tlayout_tpu.target = #tlayout_tpu.target<"v4", lanes = 256, sublanes = 8, hbm = 34359738368, vmem = 1024, smem = 16384, cmem = 134217728, host = 0>
module attributes {tlayout_tpu.target = #tlayout_tpu.target<vmem = 1024, lanes = 256>} {}

// -----

// expected-error @+1 {{unknown TPU preset "v9"; expected one of v4, v5e, v5p, v6e}}
module attributes {tlayout_tpu.target = #tlayout_tpu.target<"v9">} {}

// -----

// expected-error @+1 {{unknown TPU target field 'tmem'; expected lanes, sublanes, hbm, vmem, smem, cmem or host}}
module attributes {tlayout_tpu.target = #tlayout_tpu.target<"v4", tmem = 3>} {}

// -----

// expected-error @+1 {{lanes (0) must be from 1 to 65536}}
module attributes {tlayout_tpu.target = #tlayout_tpu.target<lanes = 0>} {}

// -----

// expected-error @+1 {{the capacity of vmem (-1) must not be negative}}
module attributes {tlayout_tpu.target = #tlayout_tpu.target<vmem = -1>} {}

// -----

// The passes read the module's target and reject anything else there.
// RUN: not tlayout-opt %s --split-input-file --tlayout-check-capacity -o /dev/null 2>&1 | FileCheck %s --check-prefix=WRONG
// WRONG: tlayout_tpu.target must be a #tlayout_tpu.target, got "v4"
module attributes {tlayout_tpu.target = "v4"} {}
