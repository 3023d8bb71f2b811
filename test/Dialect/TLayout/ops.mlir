// RUN: tlayout-opt %s | tlayout-opt | FileCheck %s
// RUN: tlayout-opt %s -mlir-print-op-generic | tlayout-opt | FileCheck %s

// The layout text round-trips exactly as XLA prints it.

// CHECK-LABEL: func.func private @layouts(
// CHECK-SAME: memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>
// CHECK-SAME: memref<8x1x1280x16384xbf16, #tlayout.tiled<{3,2,0,1:T(8,128)(2,1)}>>
// CHECK-SAME: memref<2x7x8x11xf32, #tlayout.tiled<{3,2,1,0:T(*,*,42,123)}>>
// CHECK-SAME: memref<2x256xi4, #tlayout.tiled<{1,0:T(2,128)E(4)}>>
// CHECK-SAME: memref<3x4x5x6xf64, #tlayout.tiled<{3,2,1,0:T(42,123)(4,5)L(100)E(64)}>>
// CHECK-SAME: memref<i32, #tlayout.tiled<{:T(128)}>>
// CHECK-SAME: memref<2x3x1004xbf16, #tlayout.tiled<{2,1,0:T(2,*,128)}>>
// CHECK-SAME: memref<4x4xf32, #tlayout.tiled<{0,1}>>
func.func private @layouts(
    memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>,
    memref<8x1x1280x16384xbf16, #tlayout.tiled<{3,2,0,1:T(8,128)(2,1)}>>,
    memref<2x7x8x11xf32, #tlayout.tiled<{3,2,1,0:T(*,*,42,123)}>>,
    memref<2x256xi4, #tlayout.tiled<{1,0:T(2,128)E(4)}>>,
    memref<3x4x5x6xf64, #tlayout.tiled<{3,2,1,0:T(42,123)(4,5)L(100)E(64)}>>,
    memref<i32, #tlayout.tiled<{:T(128)}>>,
    memref<2x3x1004xbf16, #tlayout.tiled<{2,1,0:T(2,*,128)}>>,
    memref<4x4xf32, #tlayout.tiled<{0,1}>>)

// The tiled-layout document's bare tiles and spaces are accepted; they print
// in XLA's canonical form.

// CHECK-LABEL: func.func private @lenient(
// CHECK-SAME: memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>
// CHECK-SAME: memref<4x8xf32, #tlayout.tiled<{1,0:T(2,4)(2,1)}>>
func.func private @lenient(
    memref<3x5xf32, #tlayout.tiled<{1,0:(2,2)}>>,
    memref<4x8xf32, #tlayout.tiled<{ 1 , 0 : T(2, 4) (2,1) }>>)

// The TPU's memory spaces print by name, numbered spaces by number.

// CHECK-LABEL: func.func private @spaces(
// CHECK-SAME: memref<8x128xf32, #tlayout.tiled<{1,0:T(8,128)}>, #tlayout_tpu.memory_space<vmem>>
// CHECK-SAME: memref<16xf32, #tlayout_tpu.memory_space<hbm>>
// CHECK-SAME: memref<16xf32, #tlayout_tpu.memory_space<smem>>
// CHECK-SAME: memref<16xf32, #tlayout_tpu.memory_space<cmem>>
// CHECK-SAME: memref<16xf32, #tlayout_tpu.memory_space<host>>
// CHECK-SAME: memref<16xf32, #tlayout.memory_space<1>>
// CHECK-SAME: memref<16xf32, #tlayout.memory_space<7>>
func.func private @spaces(
    memref<8x128xf32, #tlayout.tiled<{1,0:T(8,128)}>, #tlayout_tpu.memory_space<vmem>>,
    memref<16xf32, #tlayout_tpu.memory_space<hbm>>,
    memref<16xf32, #tlayout_tpu.memory_space<smem>>,
    memref<16xf32, #tlayout_tpu.memory_space<cmem>>,
    memref<16xf32, #tlayout_tpu.memory_space<host>>,
    memref<16xf32, #tlayout.memory_space<1>>,
    memref<16xf32, #tlayout.memory_space<7>>)

// CHECK-LABEL: func.func @to_physical(
// CHECK-SAME: %[[M:.*]]: memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>, #tlayout_tpu.memory_space<vmem>>
// CHECK: %[[B:.*]] = tlayout.to_physical %[[M]] : memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>, #tlayout_tpu.memory_space<vmem>> to memref<24xf32, #tlayout_tpu.memory_space<vmem>>
// CHECK: return %[[B]]
func.func @to_physical(%m: memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>, #tlayout_tpu.memory_space<vmem>>)
    -> memref<24xf32, #tlayout_tpu.memory_space<vmem>> {
  %0 = tlayout.to_physical %m : memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>, #tlayout_tpu.memory_space<vmem>> to memref<24xf32, #tlayout_tpu.memory_space<vmem>>
  return %0 : memref<24xf32, #tlayout_tpu.memory_space<vmem>>
}

// Tail padding and packed elements count in the physical size:
// bf16[2,3,1004]{2,1,0:T(8,128)(2,1)} occupies 16384 elements.
// CHECK-LABEL: func.func @to_physical_sizes(
// CHECK: tlayout.to_physical %{{.*}} : memref<2x3x1004xbf16, #tlayout.tiled<{2,1,0:T(8,128)(2,1)}>> to memref<16384xbf16>
// CHECK: tlayout.to_physical %{{.*}} : memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)L(32)}>> to memref<32xf32>
func.func @to_physical_sizes(%a: memref<2x3x1004xbf16, #tlayout.tiled<{2,1,0:T(8,128)(2,1)}>>,
                             %b: memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)L(32)}>>) {
  %0 = tlayout.to_physical %a : memref<2x3x1004xbf16, #tlayout.tiled<{2,1,0:T(8,128)(2,1)}>> to memref<16384xbf16>
  %1 = tlayout.to_physical %b : memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)L(32)}>> to memref<32xf32>
  return
}

// CHECK-LABEL: func.func @dynamic(
// CHECK-SAME: %[[B:.*]]: memref<?xf32>, %[[N:.*]]: index
// CHECK: %[[M:.*]] = tlayout.from_physical %[[B]][%[[N]]] : memref<?xf32> to memref<?x128xf32, #tlayout.tiled<{1,0:T(8,128)}>>
// CHECK: tlayout.to_physical %[[M]] : memref<?x128xf32, #tlayout.tiled<{1,0:T(8,128)}>> to memref<?xf32>
func.func @dynamic(%b: memref<?xf32>, %n: index) -> memref<?xf32> {
  %m = tlayout.from_physical %b[%n] : memref<?xf32> to memref<?x128xf32, #tlayout.tiled<{1,0:T(8,128)}>>
  %p = tlayout.to_physical %m : memref<?x128xf32, #tlayout.tiled<{1,0:T(8,128)}>> to memref<?xf32>
  return %p : memref<?xf32>
}

// CHECK-LABEL: func.func @from_physical_static(
// CHECK: tlayout.from_physical %{{.*}} : memref<24xf32> to memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>
func.func @from_physical_static(%b: memref<24xf32>) -> memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>> {
  %m = tlayout.from_physical %b : memref<24xf32> to memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>
  return %m : memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>
}

// An attribute alias works like any other.
#bf16_tpu = #tlayout.tiled<{1,0:T(8,128)(2,1)}>
// CHECK-LABEL: func.func private @alias(memref<16x256xbf16, #tlayout.tiled<{1,0:T(8,128)(2,1)}>>)
func.func private @alias(memref<16x256xbf16, #bf16_tpu>)

// Views record their parent's sizes and their offsets; `?` is dynamic.
// CHECK-LABEL: func.func private @views(
// CHECK-SAME: memref<4x100xf32, #tlayout.tiled<{1,0:T(8,128)}, parent = [16, 256], offsets = [3, ?]>>
// CHECK-SAME: memref<?x8xf32, #tlayout.tiled<{1,0:T(2,2)}, parent = [?, 8], offsets = [?, 0]>>
func.func private @views(
    memref<4x100xf32, #tlayout.tiled<{1,0:T(8,128)}, parent = [16, 256], offsets = [3, ?]>>,
    memref<?x8xf32, #tlayout.tiled<{1,0:T(2,2)},parent=[?,8],offsets=[?,0]>>)

// CHECK-LABEL: func.func @subview(
// CHECK-SAME: %[[M:.*]]: memref<16x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>, %[[J:.*]]: index
// CHECK: %[[V:.*]] = tlayout.subview %[[M]][3, %[[J]]] [4, 100] : memref<16x256xf32, #tlayout.tiled<{1,0:T(8,128)}>> to memref<4x100xf32, #tlayout.tiled<{1,0:T(8,128)}, parent = [16, 256], offsets = [3, ?]>>
// CHECK: tlayout.subview %[[V]][1, 2] [2, %[[J]]] : memref<4x100xf32, #tlayout.tiled<{1,0:T(8,128)}, parent = [16, 256], offsets = [3, ?]>> to memref<2x?xf32, #tlayout.tiled<{1,0:T(8,128)}, parent = [16, 256], offsets = [4, ?]>>
func.func @subview(%m: memref<16x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>, %j: index) {
  %v = tlayout.subview %m[3, %j] [4, 100] : memref<16x256xf32, #tlayout.tiled<{1,0:T(8,128)}>> to memref<4x100xf32, #tlayout.tiled<{1,0:T(8,128)}, parent = [16, 256], offsets = [3, ?]>>
  %w = tlayout.subview %v[1, 2] [2, %j] : memref<4x100xf32, #tlayout.tiled<{1,0:T(8,128)}, parent = [16, 256], offsets = [3, ?]>> to memref<2x?xf32, #tlayout.tiled<{1,0:T(8,128)}, parent = [16, 256], offsets = [4, ?]>>
  return
}
