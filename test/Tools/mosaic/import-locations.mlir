// Import errors point at the offending text: a token inside the type, the
// #tpu.tiled of strides that have no tlayout equivalent, a type written
// over two lines, and every error in the file is reported.
// RUN: not tlayout-translate --import-mosaic %s 2>&1 | FileCheck %s

// CHECK: import-locations.mlir:[[@LINE+1]]:64: error: invalid Mosaic memref type: tile stride -2 is negative
func.func @negative(%a: memref<16x256xf32, #tpu.tiled<(8,128),[-2,1]>>) {
  return
}

// CHECK: import-locations.mlir:[[@LINE+1]]:43: error: cannot import memref<16x256xf32, #tpu.tiled<(8,128),[1,1]>>
func.func @overlap(%a: memref<16x256xf32, #tpu.tiled<(8,128),[1,1]>>) {
  return
}

// CHECK: import-locations.mlir:[[@LINE+2]]:42: error: invalid Mosaic memref type: unknown Mosaic memory space 'vram'
func.func @split(%a: memref<16x256xf32,
                       #tpu.memory_space<vram>>) {
  return
}
