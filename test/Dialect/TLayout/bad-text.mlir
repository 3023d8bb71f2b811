// Bad layout text never crashes tlayout-opt: it reports one error at the
// attribute's column and exits non-zero.
// RUN: not tlayout-opt %s 2>&1 | FileCheck %s

// CHECK: bad-text.mlir:[[@LINE+2]]:53: error: tile 0 has '*' as its most minor entry
// CHECK-NOT: error
func.func private @f(memref<3x5xf32, #tlayout.tiled<{1,0:T(2,*)}>>)
