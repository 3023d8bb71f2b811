// The example that README command 1 (scripts/bootstrap.sh) runs, run the same
// way: --lower-tiled-layouts turns the kernel's accesses into floordiv/mod
// maps over the 2x3x2x2 physical buffer, and the whole program, lowered to
// LLVM, gives the tiled kernel the row-major kernel's result, with Figure 1's
// placement (-1 is padding) in the tiled buffer.
// RUN: tlayout-opt %{tlayout_src_root}/examples/tiled-add.mlir --lower-tiled-layouts \
// RUN:   | FileCheck %s
// RUN: tlayout-opt %{tlayout_src_root}/examples/tiled-add.mlir --tlayout-lower-to-llvm \
// RUN:   | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%{mlir_lib_dir}/libmlir_runner_utils.so,%{mlir_lib_dir}/libmlir_c_runner_utils.so \
// RUN:   | FileCheck %s --check-prefix=EXEC

// CHECK-DAG: #[[ROWS:.*]] = affine_map<(d0, d1) -> (d0 floordiv 2)>
// CHECK-DAG: #[[COLS:.*]] = affine_map<(d0, d1) -> (d1 floordiv 2)>
// CHECK-DAG: #[[ROW:.*]] = affine_map<(d0, d1) -> (d0 mod 2)>
// CHECK-DAG: #[[COL:.*]] = affine_map<(d0, d1) -> (d1 mod 2)>
// CHECK-LABEL: func.func @add(
// CHECK-SAME: %[[A:[^:]*]]: memref<2x3x2x2xi32>, %{{[^:]*}}: memref<2x3x2x2xi32>, %[[C:[^:]*]]: memref<2x3x2x2xi32>)
// CHECK: scf.for %[[I:.*]] = 
// CHECK: scf.for %[[J:.*]] = 
// CHECK: %[[P0:.*]] = affine.apply #[[ROWS]](%[[I]], %[[J]])
// CHECK: %[[P1:.*]] = affine.apply #[[COLS]](%[[I]], %[[J]])
// CHECK: %[[P2:.*]] = affine.apply #[[ROW]](%[[I]], %[[J]])
// CHECK: %[[P3:.*]] = affine.apply #[[COL]](%[[I]], %[[J]])
// CHECK: memref.load %[[A]][%[[P0]], %[[P1]], %[[P2]], %[[P3]]] : memref<2x3x2x2xi32>
// CHECK: memref.store %{{.*}}, %[[C]][%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}] : memref<2x3x2x2xi32>
// CHECK-LABEL: func.func @add_untiled(

// EXEC:      row-major result:
// EXEC:      {{\[\[}}100,   101,   102,   103,   104],
// EXEC-NEXT:  [210,   211,   212,   213,   214],
// EXEC-NEXT:  [320,   321,   322,   323,   324]{{\]}}
// EXEC-NEXT: tiled result, in logical order:
// EXEC:      {{\[\[}}100,   101,   102,   103,   104],
// EXEC-NEXT:  [210,   211,   212,   213,   214],
// EXEC-NEXT:  [320,   321,   322,   323,   324]{{\]}}
// EXEC-NEXT: tiled result's physical buffer (-1: padding):
// EXEC:      [100,  101,  210,  211,  102,  103,  212,  213,  104,  -1,  214,  -1,  320,  321,  -1,  -1,  322,  323,  -1,  -1,  324,  -1,  -1,  -1]
