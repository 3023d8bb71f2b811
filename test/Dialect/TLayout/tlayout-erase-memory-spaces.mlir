// RUN: tlayout-opt %s --tlayout-erase-memory-spaces | FileCheck %s

// Memory spaces of the emulated target disappear everywhere a type occurs;
// other memory spaces stay.
// CHECK-LABEL: func.func @spaces(
// CHECK-SAME: %{{.*}}: memref<8x128xf32>, %{{.*}}: memref<*xf32>, %{{.*}}: memref<4xf32, 3>) -> memref<16xf32>
// CHECK: %[[A:.*]] = memref.alloc() : memref<16xf32>
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %[[A]]) -> (memref<16xf32>)
// CHECK: memref.global "private" @g : memref<4xi32> = dense<0>
func.func @spaces(%a: memref<8x128xf32, #tlayout_tpu.memory_space<vmem>>,
                  %u: memref<*xf32, #tlayout_tpu.memory_space<hbm>>,
                  %o: memref<4xf32, 3>) -> memref<16xf32, #tlayout_tpu.memory_space<smem>> {
  %m = memref.alloc() : memref<16xf32, #tlayout_tpu.memory_space<smem>>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %c1 step %c1 iter_args(%x = %m) -> memref<16xf32, #tlayout_tpu.memory_space<smem>> {
    scf.yield %x : memref<16xf32, #tlayout_tpu.memory_space<smem>>
  }
  return %r : memref<16xf32, #tlayout_tpu.memory_space<smem>>
}
memref.global "private" @g : memref<4xi32, #tlayout_tpu.memory_space<cmem>> = dense<0>
