// Debian's upstream mlir-opt loads tlayout as a dialect and pass plugin, lowers
// tiled layouts, and its own passes take the result to LLVM and run it.
// The plugin cannot load into an uninstrumented mlir-opt under ASan.
// UNSUPPORTED: sanitizers
// RUN: mlir-opt %s --load-dialect-plugin=%{plugin} --load-pass-plugin=%{plugin} \
// RUN:   --pass-pipeline="builtin.module(lower-tiled-layouts)" | FileCheck %s
// RUN: mlir-opt %s --load-dialect-plugin=%{plugin} --load-pass-plugin=%{plugin} \
// RUN:   --pass-pipeline="builtin.module(lower-tiled-layouts, lower-affine, convert-scf-to-cf, expand-strided-metadata, finalize-memref-to-llvm, convert-to-llvm, reconcile-unrealized-casts)" \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:   -shared-libs=%{mlir_lib_dir}/libmlir_runner_utils.so,%{mlir_lib_dir}/libmlir_c_runner_utils.so \
// RUN: | FileCheck %s --check-prefix=EXEC

func.func private @printMemrefI32(memref<*xi32>)

// CHECK-LABEL: func.func @main()
// CHECK: memref.alloc() : memref<2x3x2x2xi32>
// CHECK-NOT: #tlayout.tiled
func.func @main() {
  %m = memref.alloc() : memref<3x5xi32, #tlayout.tiled<{1,0:T(2,2)}>>
  %p = tlayout.to_physical %m : memref<3x5xi32, #tlayout.tiled<{1,0:T(2,2)}>> to memref<24xi32>
  %zero = arith.constant 0 : i32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c24 = arith.constant 24 : index
  scf.for %k = %c0 to %c24 step %c1 {
    memref.store %zero, %p[%k] : memref<24xi32>
  }
  // Element (2,3) goes to offset 17.
  %v = arith.constant 7 : i32
  %i = arith.constant 2 : index
  %j = arith.constant 3 : index
  memref.store %v, %m[%i, %j] : memref<3x5xi32, #tlayout.tiled<{1,0:T(2,2)}>>
  %u = memref.cast %p : memref<24xi32> to memref<*xi32>
  // EXEC: [0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  7,  0,  0,  0,  0,  0,  0]
  call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  memref.dealloc %m : memref<3x5xi32, #tlayout.tiled<{1,0:T(2,2)}>>
  return
}
