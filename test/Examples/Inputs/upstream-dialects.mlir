// Upstream dialects that tlayout-opt registers, around tiled memrefs.
func.func @tensors(%t: tensor<3x5xf32>) -> memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>> {
  %e = tensor.empty() : tensor<3x5xf32>
  %r = linalg.add ins(%t, %t : tensor<3x5xf32>, tensor<3x5xf32>)
                  outs(%e : tensor<3x5xf32>) -> tensor<3x5xf32>
  %m = bufferization.to_buffer %r : tensor<3x5xf32> to memref<3x5xf32>
  %tiled = memref.alloc() : memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>
  memref.copy %m, %tiled : memref<3x5xf32> to memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>
  return %tiled : memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>
}

gpu.module @kernels {
  gpu.func @scale(%m: memref<8x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>) kernel {
    %i = gpu.thread_id x
    %j = gpu.block_id x
    %v = memref.load %m[%i, %j] : memref<8x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>
    %w = math.sqrt %v : f32
    memref.store %w, %m[%i, %j] : memref<8x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>
    gpu.return
  }
}
