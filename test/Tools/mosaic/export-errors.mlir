// Layouts Mosaic cannot express are errors that say why, at the first
// operation naming the type; the export prints nothing then.
// RUN: tlayout-translate --export-mosaic --split-input-file --verify-diagnostics %s

// expected-error @below {{cannot export memref<16x256xf32, #tlayout.tiled<{0,1:T(8,128)}>> to Mosaic: Mosaic cannot express the layout {0,1:T(8,128)}: its minor_to_major is not row-major, and #tpu.tiled has no dimension order (transpose the buffer first)}}
func.func @transposed(%a: memref<16x256xf32, #tlayout.tiled<{0,1:T(8,128)}>>) {
  return
}

// -----

// expected-error @below {{Mosaic cannot express the layout {0:T(2)L(8)}: #tpu.tiled has no tail padding L(n)}}
func.func @tail(%a: memref<3xf32, #tlayout.tiled<{0:T(2)L(8)}>>) {
  return
}

// -----

// expected-error @below {{the tile stride of dimension 0 depends on a dynamic size, and #tpu.tiled strides are numbers}}
func.func @dynamic(%a: memref<16x?xf32, #tlayout.tiled<{1,0:T(8,128)}>>) {
  return
}

// -----

// expected-error @below {{Mosaic has no form of a #tlayout.dims layout}}
func.func @dims(%a: memref<4x6xf32, #tlayout.dims<[1, 0]>>) {
  return
}

// -----

// XLA counts a longer tile's missing leading dimensions as 1; Mosaic's first
// tile splits the memref's own dimensions.
// expected-error @below {{Mosaic cannot express the layout {0:T(8,128)}: its first tile T(8,128) has 2 entries but the shape has 1 dimensions, and #tpu.tiled's first tile splits dimensions of the memref only}}
func.func @longer_tile(%a: memref<8xf32, #tlayout.tiled<{0:T(8,128)}>>) {
  return
}
