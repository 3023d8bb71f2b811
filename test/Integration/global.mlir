// A tiled global with a dense initializer: the lowered global holds the
// elements in physical order, and logical reads give the initializer back.
// RUN: tlayout-opt %s %{lower_to_llvm} | %{run} | FileCheck %s

memref.global "private" constant @fig1 : memref<3x5xi32, #tlayout.tiled<{1,0:T(2,2)}>> =
    dense<[[0, 1, 2, 3, 4], [5, 6, 7, 8, 9], [10, 11, 12, 13, 14]]>

func.func private @printMemrefI32(memref<*xi32>)

func.func @main() {
  %g = memref.get_global @fig1 : memref<3x5xi32, #tlayout.tiled<{1,0:T(2,2)}>>
  %p = tlayout.to_physical %g : memref<3x5xi32, #tlayout.tiled<{1,0:T(2,2)}>> to memref<24xi32>
  %u = memref.cast %p : memref<24xi32> to memref<*xi32>
  // Padding is zero-filled.
  // CHECK: [0,  1,  5,  6,  2,  3,  7,  8,  4,  0,  9,  0,  10,  11,  0,  0,  12,  13,  0,  0,  14,  0,  0,  0]
  call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %v = memref.load %g[%c2, %c3] : memref<3x5xi32, #tlayout.tiled<{1,0:T(2,2)}>>
  // CHECK: 13
  vector.print %v : i32
  return
}
