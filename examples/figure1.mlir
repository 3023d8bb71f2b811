// XLA's Figure 1 and the TPU bf16 layout on memrefs. `tlayout-opt` parses,
// verifies and prints them back in XLA's canonical text; the physical
// buffers have the sizes the layouts imply (24 and 16384 elements).
//
//   ./build/bin/tlayout-opt examples/figure1.mlir

// F32[3,5]{1,0:(2,2)}: 2x2 tiles, element (2,3) at offset 17 of 24.
func.func @figure1(%m: memref<3x5xf32, #tlayout.tiled<{1,0:(2,2)}>>)
    -> memref<24xf32> {
  %buf = tlayout.to_physical %m
      : memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>> to memref<24xf32>
  return %buf : memref<24xf32>
}

// bf16[2,3,1004]{2,1,0:T(8,128)(2,1)S(1)} from an HLO dump: the memory space
// S(1) becomes the memref's memory space.
func.func @tpu_bf16(%m: memref<2x3x1004xbf16, #tlayout.tiled<{2,1,0:T(8,128)(2,1)}>,
                              #tlayout_tpu.memory_space<vmem>>)
    -> memref<16384xbf16, #tlayout_tpu.memory_space<vmem>> {
  %buf = tlayout.to_physical %m
      : memref<2x3x1004xbf16, #tlayout.tiled<{2,1,0:T(8,128)(2,1)}>,
               #tlayout_tpu.memory_space<vmem>>
        to memref<16384xbf16, #tlayout_tpu.memory_space<vmem>>
  return %buf : memref<16384xbf16, #tlayout_tpu.memory_space<vmem>>
}
