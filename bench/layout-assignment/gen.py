#!/usr/bin/env python3
"""Generates a tensor program for --tlayout-assign-layouts of about N ops.

Each function takes a [2,512] f32 array in {1,0:T(2,128)}, transposes it to
[512,2] (skinny: free only in {0,1:...}), applies element-wise ops, adds a
second argument fixed in another layout, reduces the rows and returns them:
7 linalg ops and their tensor.empty inits, so groups, candidates, edges
and relayouts all scale with the number of functions.

  gen.py N    # N is the number of linalg ops (N / 7 functions)
"""
import sys

ops = int(sys.argv[1])
funcs = max(1, ops // 7)
S = "#tlayout.tiled<{1,0:T(2,128)}>"
C = "#tlayout.tiled<{1,0:T(8,128)}>"
out = ['module attributes {tlayout_tpu.target = #tlayout_tpu.target<"v5e">} {']
for i in range(funcs):
    out.append(f"""  func.func @f{i}(%a: tensor<2x512xf32> {{tlayout.layout = {S}}},
                 %b: tensor<512x2xf32> {{tlayout.layout = {C}}}) -> tensor<2xf32> {{
    %e0 = tensor.empty() : tensor<512x2xf32>
    %t = linalg.transpose ins(%a : tensor<2x512xf32>) outs(%e0 : tensor<512x2xf32>) permutation = [1, 0]
    %e1 = tensor.empty() : tensor<512x2xf32>
    %x = linalg.exp ins(%t : tensor<512x2xf32>) outs(%e1 : tensor<512x2xf32>) -> tensor<512x2xf32>
    %e2 = tensor.empty() : tensor<512x2xf32>
    %y = linalg.add ins(%x, %b : tensor<512x2xf32>, tensor<512x2xf32>) outs(%e2 : tensor<512x2xf32>) -> tensor<512x2xf32>
    %e3 = tensor.empty() : tensor<512x2xf32>
    %z = linalg.mul ins(%y, %x : tensor<512x2xf32>, tensor<512x2xf32>) outs(%e3 : tensor<512x2xf32>) -> tensor<512x2xf32>
    %e4 = tensor.empty() : tensor<512x2xf32>
    %w = linalg.negf ins(%z : tensor<512x2xf32>) outs(%e4 : tensor<512x2xf32>) -> tensor<512x2xf32>
    %zero = arith.constant 0.0 : f32
    %e5 = tensor.empty() : tensor<2xf32>
    %acc = linalg.fill ins(%zero : f32) outs(%e5 : tensor<2xf32>) -> tensor<2xf32>
    %r = linalg.reduce ins(%w : tensor<512x2xf32>) outs(%acc : tensor<2xf32>) dimensions = [0]
      (%in: f32, %init: f32) {{
        %s = arith.addf %in, %init : f32
        linalg.yield %s : f32
      }}
    return %r : tensor<2xf32>
  }}""")
out.append("}")
print("\n".join(out))
