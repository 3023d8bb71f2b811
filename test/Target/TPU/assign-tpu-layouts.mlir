// --tlayout-assign-tpu-layouts: every rule of the TPU's default tiling, and
// how the layout propagates.
// RUN: tlayout-opt %s --split-input-file --tlayout-assign-tpu-layouts --verify-diagnostics | FileCheck %s
// RUN: tlayout-opt %s --split-input-file --tlayout-assign-tpu-layouts=pack-sub-byte=false 2>/dev/null | FileCheck %s --check-prefix=UNPACKED

// CHECK-LABEL: func.func @rules(
// CHECK-SAME: memref<16x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>
// CHECK-SAME: memref<2x256xf32, #tlayout.tiled<{1,0:T(2,128)}>>
// CHECK-SAME: memref<3x256xi32, #tlayout.tiled<{1,0:T(4,128)}>>
// CHECK-SAME: memref<16x256xbf16, #tlayout.tiled<{1,0:T(8,128)(2,1)}>>
// CHECK-SAME: memref<16x256xi8, #tlayout.tiled<{1,0:T(8,128)(4,1)}>>
// CHECK-SAME: memref<64x256xi1, #tlayout.tiled<{1,0:T(32,128)(32,1)E(1)}>>
// CHECK-SAME: memref<16x256xi4, #tlayout.tiled<{1,0:T(8,128)(8,1)E(4)}>>
// UNPACKED-LABEL: func.func @rules(
// UNPACKED-SAME: memref<64x256xi1, #tlayout.tiled<{1,0:T(32,128)(32,1)}>>
// UNPACKED-SAME: memref<16x256xi4, #tlayout.tiled<{1,0:T(8,128)(8,1)}>>
// CHECK-SAME: memref<100xf32, #tlayout.tiled<{0:T(128)}>>
// CHECK-SAME: memref<4096xf32, #tlayout.tiled<{0:T(1024)}>>
// CHECK-SAME: memref<f32, #tlayout.tiled<{:T(128)}>>
// CHECK-SAME: memref<4x8x128xf32, #tlayout.tiled<{2,1,0:T(8,128)}>>
func.func @rules(%a: memref<16x256xf32>, %b: memref<2x256xf32>, %c: memref<3x256xi32>,
                 %d: memref<16x256xbf16>, %e: memref<16x256xi8>, %f: memref<64x256xi1>, %f4: memref<16x256xi4>,
                 %g: memref<100xf32>, %h: memref<4096xf32>, %i: memref<f32>,
                 %j: memref<4x8x128xf32>) {
  return
}

// -----

// Existing layouts and host memory are kept; allocations and memory spaces
// are tiled in place.
// CHECK-LABEL: func.func @kept(
// CHECK-SAME: memref<16x256xf32, #tlayout.tiled<{0,1}>>
// CHECK-SAME: memref<16x256xf32, #tlayout_tpu.memory_space<host>>
// CHECK-SAME: memref<16x256xf32, strided<[512, 1]>>
// CHECK: memref.alloc() : memref<16x256xf32, #tlayout.tiled<{1,0:T(8,128)}>, #tlayout_tpu.memory_space<vmem>>
func.func @kept(%a: memref<16x256xf32, #tlayout.tiled<{0,1}>>,
                %b: memref<16x256xf32, #tlayout_tpu.memory_space<host>>,
                %c: memref<16x256xf32, strided<[512, 1]>>) {
  %v = memref.alloc() : memref<16x256xf32, #tlayout_tpu.memory_space<vmem>>
  memref.dealloc %v : memref<16x256xf32, #tlayout_tpu.memory_space<vmem>>
  return
}

// -----

// Through calls, casts, returns and loops: one layout for the whole class;
// the most static shape decides.
// CHECK-LABEL: func.func @callee(
// CHECK-SAME: %{{.*}}: memref<?x256xf32, #tlayout.tiled<{1,0:T(2,128)}>>) -> memref<?x256xf32, #tlayout.tiled<{1,0:T(2,128)}>>
// CHECK-LABEL: func.func @caller(
// CHECK: %[[A:.*]] = memref.alloc() : memref<2x256xf32, #tlayout.tiled<{1,0:T(2,128)}>>
// CHECK: memref.cast %[[A]] : memref<2x256xf32, #tlayout.tiled<{1,0:T(2,128)}>> to memref<?x256xf32, #tlayout.tiled<{1,0:T(2,128)}>>
// CHECK: call @callee(%{{.*}}) : (memref<?x256xf32, #tlayout.tiled<{1,0:T(2,128)}>>) -> memref<?x256xf32, #tlayout.tiled<{1,0:T(2,128)}>>
// CHECK: scf.for {{.*}} -> (memref<?x256xf32, #tlayout.tiled<{1,0:T(2,128)}>>)
func.func @callee(%m: memref<?x256xf32>) -> memref<?x256xf32> {
  return %m : memref<?x256xf32>
}
func.func @caller(%n: index) -> f32 {
  %a = memref.alloc() : memref<2x256xf32>
  %c = memref.cast %a : memref<2x256xf32> to memref<?x256xf32>
  %r = call @callee(%c) : (memref<?x256xf32>) -> memref<?x256xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %l = scf.for %i = %c0 to %n step %c1 iter_args(%it = %r) -> (memref<?x256xf32>) {
    scf.yield %it : memref<?x256xf32>
  }
  %v = memref.load %l[%c0, %c0] : memref<?x256xf32>
  return %v : f32
}

// -----

// A function only declared here keeps its signature: what is passed to it
// keeps its layout, and says so.
// CHECK-LABEL: func.func @external_user(
// CHECK: memref.alloc() : memref<16x256xf32>
// CHECK: memref.alloc() : memref<16x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>
func.func private @external(memref<16x256xf32>)
func.func @external_user() {
  // expected-remark @+1 {{keeps the layout of 'memref<16x256xf32>': operand #0 is passed to @external, which is not defined here}}
  %a = memref.alloc() : memref<16x256xf32>
  %b = memref.alloc() : memref<16x256xf32>
  call @external(%a) : (memref<16x256xf32>) -> ()
  memref.copy %a, %b : memref<16x256xf32> to memref<16x256xf32>
  return
}

// -----

// An unranked memref has no layout: a buffer cast to one (to print it, for
// any external code) keeps its layout, and so does one cast from one.
// CHECK-LABEL: func.func @unranked(
// CHECK: memref.alloc() : memref<16x256xi32>
// CHECK: memref.cast %{{.*}} : memref<16x256xi32> to memref<*xi32>
// CHECK: memref.cast %{{.*}} : memref<*xi32> to memref<16x256xi32>
// CHECK: memref.alloc() : memref<16x256xi32, #tlayout.tiled<{1,0:T(8,128)}>>
func.func private @printMemrefI32(memref<*xi32>)
func.func @unranked(%u: memref<*xi32>) {
  // expected-remark @+1 {{keeps the layout of 'memref<16x256xi32>': it is cast to an unranked memref, which keeps no layout}}
  %a = memref.alloc() : memref<16x256xi32>
  %ua = memref.cast %a : memref<16x256xi32> to memref<*xi32>
  call @printMemrefI32(%ua) : (memref<*xi32>) -> ()
  // expected-remark @+1 {{keeps the layout of 'memref<16x256xi32>': it is cast from an unranked memref, which keeps no layout}}
  %r = memref.cast %u : memref<*xi32> to memref<16x256xi32>
  %b = memref.alloc() : memref<16x256xi32>
  memref.copy %r, %b : memref<16x256xi32> to memref<16x256xi32>
  memref.copy %b, %a : memref<16x256xi32> to memref<16x256xi32>
  return
}

// -----

// Subviews of tiled memrefs become tlayout.subview views.
// CHECK-LABEL: func.func @views(
// CHECK: tlayout.subview %{{.*}}[8, 128] [8, 128] : memref<16x256xf32, #tlayout.tiled<{1,0:T(8,128)}>> to memref<8x128xf32, #tlayout.tiled<{1,0:T(8,128)}, parent = [16, 256], offsets = [8, 128]>>
func.func @views(%m: memref<16x256xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %s = memref.subview %m[8, 128] [8, 128] [1, 1] : memref<16x256xf32> to memref<8x128xf32, strided<[256, 1], offset: 2176>>
  %v = memref.load %s[%c0, %c0] : memref<8x128xf32, strided<[256, 1], offset: 2176>>
  return %v : f32
}

// -----

// Globals and their uses share a layout.
// CHECK: memref.global "private" constant @g : memref<8x128xf32, #tlayout.tiled<{1,0:T(8,128)}>> = dense<1.000000e+00>
// CHECK: memref.get_global @g : memref<8x128xf32, #tlayout.tiled<{1,0:T(8,128)}>>
memref.global "private" constant @g : memref<8x128xf32> = dense<1.0>
func.func @global() -> f32 {
  %c0 = arith.constant 0 : index
  %m = memref.get_global @g : memref<8x128xf32>
  %v = memref.load %m[%c0, %c0] : memref<8x128xf32>
  return %v : f32
}

// -----

// Ops the lowering cannot rewrite keep their operands' layouts.
func.func @unknown(%n: index) {
  // expected-remark @+1 {{keeps the layout of 'memref<16x256xf32>': it is used by memref.reinterpret_cast, which the lowering does not rewrite}}
  %a = memref.alloc() : memref<16x256xf32>
  // expected-remark @+1 {{keeps the layout of 'memref<4096xf32>': it is produced by memref.reinterpret_cast, which the lowering does not rewrite}}
  %r = memref.reinterpret_cast %a to offset: [0], sizes: [4096], strides: [1] : memref<16x256xf32> to memref<4096xf32>
  return
}

// -----

// The target's register shape: sublanes and lanes from the module's target.
// CHECK-LABEL: func.func @wide(
// CHECK-SAME: memref<16x512xf32, #tlayout.tiled<{1,0:T(16,256)}>>
module attributes {tlayout_tpu.target = #tlayout_tpu.target<"v5e", lanes = 256, sublanes = 16>} {
  func.func @wide(%m: memref<16x512xf32>) {
    return
  }
}
