// The same relayouts written with upstream's linalg.pack / linalg.unpack,
// lowered by upstream alone (pack-lowering.mlir's transform, one-shot
// bufferization, linalg to loops; see CMakeLists.txt): the reference the
// benchmarks compare tlayout's relayouts with. T(8,128)(2,1) is two packs.

func.func @pack_f32(%src: memref<4096x4096xf32>, %dst: memref<512x32x8x128xf32>)
    attributes {llvm.emit_c_interface} {
  %t = bufferization.to_tensor %src restrict
      : memref<4096x4096xf32> to tensor<4096x4096xf32>
  %e = tensor.empty() : tensor<512x32x8x128xf32>
  %p = linalg.pack %t inner_dims_pos = [0, 1] inner_tiles = [8, 128] into %e
      : tensor<4096x4096xf32> -> tensor<512x32x8x128xf32>
  bufferization.materialize_in_destination %p in restrict writable %dst
      : (tensor<512x32x8x128xf32>, memref<512x32x8x128xf32>) -> ()
  return
}

func.func @unpack_f32(%src: memref<512x32x8x128xf32>, %dst: memref<4096x4096xf32>)
    attributes {llvm.emit_c_interface} {
  %t = bufferization.to_tensor %src restrict
      : memref<512x32x8x128xf32> to tensor<512x32x8x128xf32>
  %e = tensor.empty() : tensor<4096x4096xf32>
  %u = linalg.unpack %t inner_dims_pos = [0, 1] inner_tiles = [8, 128] into %e
      : tensor<512x32x8x128xf32> -> tensor<4096x4096xf32>
  bufferization.materialize_in_destination %u in restrict writable %dst
      : (tensor<4096x4096xf32>, memref<4096x4096xf32>) -> ()
  return
}

func.func @pack_bf16(%src: memref<4096x4096xbf16>,
                     %dst: memref<512x32x4x128x2x1xbf16>)
    attributes {llvm.emit_c_interface} {
  %t = bufferization.to_tensor %src restrict
      : memref<4096x4096xbf16> to tensor<4096x4096xbf16>
  %e0 = tensor.empty() : tensor<512x32x8x128xbf16>
  %p0 = linalg.pack %t inner_dims_pos = [0, 1] inner_tiles = [8, 128] into %e0
      : tensor<4096x4096xbf16> -> tensor<512x32x8x128xbf16>
  %e1 = tensor.empty() : tensor<512x32x4x128x2x1xbf16>
  %p1 = linalg.pack %p0 inner_dims_pos = [2, 3] inner_tiles = [2, 1] into %e1
      : tensor<512x32x8x128xbf16> -> tensor<512x32x4x128x2x1xbf16>
  bufferization.materialize_in_destination %p1 in restrict writable %dst
      : (tensor<512x32x4x128x2x1xbf16>, memref<512x32x4x128x2x1xbf16>) -> ()
  return
}
