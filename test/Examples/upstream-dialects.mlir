// tlayout-opt is a drop-in mlir-opt: every upstream dialect, extension and
// pass is registered next to tlayout's. A linalg.generic on tiled memrefs is
// lowered to affine loops by upstream and then to its physical buffers by
// tlayout in one invocation, and the result runs and matches the same
// kernel on row-major memrefs.
// RUN: tlayout-opt %s --convert-linalg-to-affine-loops --lower-tiled-layouts \
// RUN:   | FileCheck %s
// RUN: tlayout-opt %s --convert-linalg-to-affine-loops --tlayout-lower-to-llvm \
// RUN:   | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%{mlir_lib_dir}/libmlir_runner_utils.so,%{mlir_lib_dir}/libmlir_c_runner_utils.so \
// RUN:   | FileCheck %s --check-prefix=EXEC
// Other upstream dialects parse, verify and print.
// RUN: tlayout-opt %S/Inputs/upstream-dialects.mlir | FileCheck %s --check-prefix=PARSE

#t = #tlayout.tiled<{1,0:T(2,2)}>
#id = affine_map<(i, j) -> (i, j)>

func.func private @printMemrefF32(memref<*xf32>)

// CHECK-LABEL: func.func @double(
// CHECK-SAME: %[[A:.*]]: memref<2x3x2x2xf32>, %[[B:.*]]: memref<2x3x2x2xf32>)
// CHECK: affine.for
// CHECK: affine.for
// CHECK: affine.load %[[A]][{{.*}} floordiv 2, {{.*}} floordiv 2, {{.*}} mod 2, {{.*}} mod 2]
// CHECK: affine.store %{{.*}}, %[[B]][{{.*}} floordiv 2, {{.*}} floordiv 2, {{.*}} mod 2, {{.*}} mod 2]
// CHECK-NOT: linalg.
func.func @double(%a: memref<3x5xf32, #t>, %b: memref<3x5xf32, #t>) {
  linalg.generic {indexing_maps = [#id, #id],
                  iterator_types = ["parallel", "parallel"]}
      ins(%a : memref<3x5xf32, #t>) outs(%b : memref<3x5xf32, #t>) {
  ^bb0(%x: f32, %y: f32):
    %z = arith.addf %x, %x : f32
    linalg.yield %z : f32
  }
  return
}

func.func @double_untiled(%a: memref<3x5xf32>, %b: memref<3x5xf32>) {
  linalg.generic {indexing_maps = [#id, #id],
                  iterator_types = ["parallel", "parallel"]}
      ins(%a : memref<3x5xf32>) outs(%b : memref<3x5xf32>) {
  ^bb0(%x: f32, %y: f32):
    %z = arith.addf %x, %x : f32
    linalg.yield %z : f32
  }
  return
}

func.func @main() {
  %a = memref.alloc() : memref<3x5xf32>
  %b = memref.alloc() : memref<3x5xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c10 = arith.constant 10 : index
  // a[i, j] = 10 * i + j.
  scf.for %i = %c0 to %c3 step %c1 {
    scf.for %j = %c0 to %c5 step %c1 {
      %r = arith.muli %i, %c10 : index
      %v = arith.addi %r, %j : index
      %vi = arith.index_cast %v : index to i32
      %vf = arith.sitofp %vi : i32 to f32
      memref.store %vf, %a[%i, %j] : memref<3x5xf32>
    }
  }
  call @double_untiled(%a, %b) : (memref<3x5xf32>, memref<3x5xf32>) -> ()
  %ub = memref.cast %b : memref<3x5xf32> to memref<*xf32>
  // EXEC: [0,   2,   4,   6,   8],
  // EXEC: [20,   22,   24,   26,   28],
  // EXEC: [40,   42,   44,   46,   48]]
  call @printMemrefF32(%ub) : (memref<*xf32>) -> ()

  %ta = memref.alloc() : memref<3x5xf32, #t>
  %tb = memref.alloc() : memref<3x5xf32, #t>
  memref.copy %a, %ta : memref<3x5xf32> to memref<3x5xf32, #t>
  call @double(%ta, %tb) : (memref<3x5xf32, #t>, memref<3x5xf32, #t>) -> ()
  %back = memref.alloc() : memref<3x5xf32>
  memref.copy %tb, %back : memref<3x5xf32, #t> to memref<3x5xf32>
  %uback = memref.cast %back : memref<3x5xf32> to memref<*xf32>
  // EXEC: [0,   2,   4,   6,   8],
  // EXEC: [20,   22,   24,   26,   28],
  // EXEC: [40,   42,   44,   46,   48]]
  call @printMemrefF32(%uback) : (memref<*xf32>) -> ()
  memref.dealloc %a : memref<3x5xf32>
  memref.dealloc %b : memref<3x5xf32>
  memref.dealloc %ta : memref<3x5xf32, #t>
  memref.dealloc %tb : memref<3x5xf32, #t>
  memref.dealloc %back : memref<3x5xf32>
  return
}

// PARSE-LABEL: func.func @tensors(
// PARSE: linalg.add
// PARSE: bufferization.to_buffer
// PARSE: gpu.module @kernels
// PARSE: gpu.func @scale(%{{.*}}: memref<8x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>) kernel
// PARSE: math.sqrt
