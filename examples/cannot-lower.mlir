// --lower-tiled-layouts stops at an op it cannot rewrite, names the op and
// the operand, and leaves the module unchanged (docs/Guide.md shows the
// error): a reinterpret_cast would read the tiled buffer as if it were
// row-major. tlayout.to_physical is the way to the buffer itself.
func.func @flatten(%m: memref<8x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>) -> memref<2048xf32> {
  %r = memref.reinterpret_cast %m to offset: [0], sizes: [2048], strides: [1] : memref<8x256xf32, #tlayout.tiled<{1,0:T(8,128)}>> to memref<2048xf32>
  return %r : memref<2048xf32>
}
