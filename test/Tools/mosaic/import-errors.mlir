// Mosaic types tlayout cannot honour are errors at their line and column,
// with the reason; the import prints nothing then.
// RUN: tlayout-translate --import-mosaic --split-input-file --verify-diagnostics %s

// Tiles stored column by column: neither a tiled layout nor a window.
// expected-error @below {{cannot import memref<16x256xf32, #tpu.tiled<(8,128),[1,2]>>: tile strides of #tpu.tiled<(8,128),[1,2]>: the most minor dimension has stride 2, not 1, so the tiles are not a window of a row-major tiled buffer}}
func.func @columns(%a: memref<16x256xf32, #tpu.tiled<(8,128),[1,2]>>) {
  return
}

// -----

// Overlapping tiles.
// expected-error @below {{cannot import memref<16x256xf32, #tpu.tiled<(8,128),[1,1]>>: tile strides of #tpu.tiled<(8,128),[1,1]>: dimension 0 has stride 1, which is not a multiple of dimension 1's stride 1 by at least its 2 tiles, so the tiles are not a window of a row-major tiled buffer}}
func.func @overlap(%a: memref<16x256xf32, #tpu.tiled<(8,128),[1,1]>>) {
  return
}

// -----

// expected-error @below {{cannot import memref<?x256xf32, #tpu.tiled<(8,128),[4,1]>>: tile strides of #tpu.tiled<(8,128),[4,1]> are not the default ones for its shape, and a window of a larger buffer needs a static shape}}
func.func @dynamic_window(%a: memref<?x256xf32, #tpu.tiled<(8,128),[4,1]>>) {
  return
}

// -----

// Malformed text: the error points into the type.
// expected-error @below {{invalid Mosaic memref type: #tpu.tiled has 1 tile strides but the memref has rank 2}}
func.func @strides(%a: memref<16x256xf32, #tpu.tiled<(8,128),[1]>>) {
  return
}

// -----

// expected-error @below {{invalid Mosaic memref type: expected ',' between the tiles and the tile strides, found '[2'}}
func.func @comma(%a: memref<16x256xf32, #tpu.tiled<(8,128)[2,1]>>) {
  return
}

// -----

// expected-error @below {{invalid Mosaic memref type: tile (3,1) does not evenly divide the first tile (8,128) (it would add padding inside a tile, which Mosaic does not allow)}}
func.func @nested(%a: memref<16x256xbf16, #tpu.tiled<(8,128)(3,1),[2,1]>>) {
  return
}

// -----

// Mosaic's own operations are kept, unknown; no other dialect's are.
// expected-error @below {{unregistered operation 'foo.bar': only Mosaic's (tpu) operations are kept unknown}}
"foo.bar"() : () -> ()
