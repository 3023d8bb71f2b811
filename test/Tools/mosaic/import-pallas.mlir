// A Pallas TPU kernel carries Mosaic attributes, types and operations other
// than memref layouts: --import-mosaic keeps them as they are (they parse
// as those of an unregistered dialect), and keeps whole, as opaque types
// with a remark, the memref types in memory spaces tlayout has no number
// for (semaphores, memory shared by cores). The export gives them back.
// RUN: tlayout-translate --import-mosaic --verify-diagnostics %s | FileCheck %s
// RUN: tlayout-translate --import-mosaic %s 2>/dev/null \
// RUN:   | tlayout-translate --export-mosaic --allow-unregistered-dialect \
// RUN:   | FileCheck %s --check-prefix=BACK

// CHECK: module attributes {stable_mosaic.version = 11 : i64}
// CHECK-LABEL: func.func @kernel(
// CHECK-SAME: memref<8x128xf32, #tlayout.tiled<{1,0:T(8,128)}>, #tlayout_tpu.memory_space<vmem>>
// CHECK-SAME: !tpu<"memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>">
// CHECK-SAME: !tpu<"memref<2x!tpu.semaphore, #tpu.memory_space<semaphore_mem>>">
// CHECK-SAME: dimension_semantics = [#tpu.dimension_semantics<parallel>]
// CHECK-SAME: tpu.core_type = #tpu.core_type<tc>
// CHECK: "tpu.sem_signal"
// BACK-LABEL: func.func @kernel(
// BACK-SAME: memref<8x128xf32, #tpu.tiled<(8,128),[1,1]>, #tpu.memory_space<vmem>>
// BACK-SAME: memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>
// BACK-SAME: memref<2x!tpu.semaphore, #tpu.memory_space<semaphore_mem>>
// BACK-SAME: dimension_semantics = [#tpu.dimension_semantics<parallel>]
module attributes {stable_mosaic.version = 11 : i64} {
  func.func @kernel(%arg0: i32,
      %arg1: memref<8x128xf32, #tpu.tiled<(8,128),[1,1]>, #tpu.memory_space<vmem>>,
      // expected-remark @below {{kept memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>> as the opaque type !tpu<"memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>">: tlayout has no memory space 'semaphore_mem' (it names hbm, vmem, smem, cmem and host)}}
      %arg2: memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>,
      // expected-remark @below {{kept memref<2x!tpu.semaphore, #tpu.memory_space<semaphore_mem>> as the opaque type}}
      %arg3: memref<2x!tpu.semaphore, #tpu.memory_space<semaphore_mem>>)
      attributes {dimension_semantics = [#tpu.dimension_semantics<parallel>],
                  iteration_bounds = array<i64: 2>, scalar_prefetch = 0 : i64,
                  scratch_operands = 0 : i64, tpu.core_type = #tpu.core_type<tc>,
                  window_params = [{transform_indices = @transform_0,
                                    window_bounds = array<i64: 8, 128>}]} {
    %c1 = arith.constant 1 : i32
    // expected-remark @below {{kept memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>> as the opaque type}}
    "tpu.sem_signal"(%arg2, %c1) : (memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>, i32) -> ()
    return
  }
  func.func @transform_0(%arg0: i32) -> (i32, i32) {
    %c0_i32 = arith.constant 0 : i32
    return %arg0, %c0_i32 : i32, i32
  }
}
