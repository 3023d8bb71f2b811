// Five 32 MiB VMEM buffers, all read at the end: 160 MiB live at %e, over
// the 128 MiB of a v5e (docs/Guide.md runs --tlayout-check-capacity on it).
module attributes {tlayout_tpu.target = #tlayout_tpu.target<"v5e">} {
  func.func @five(%out: memref<8192x1024xf32>) {
    %a = memref.alloc() : memref<8192x1024xf32, #tlayout_tpu.memory_space<vmem>>
    %b = memref.alloc() : memref<8192x1024xf32, #tlayout_tpu.memory_space<vmem>>
    %c = memref.alloc() : memref<8192x1024xf32, #tlayout_tpu.memory_space<vmem>>
    %d = memref.alloc() : memref<8192x1024xf32, #tlayout_tpu.memory_space<vmem>>
    %e = memref.alloc() : memref<8192x1024xf32, #tlayout_tpu.memory_space<vmem>>
    tlayout.copy %a, %out : memref<8192x1024xf32, #tlayout_tpu.memory_space<vmem>> to memref<8192x1024xf32>
    tlayout.copy %b, %out : memref<8192x1024xf32, #tlayout_tpu.memory_space<vmem>> to memref<8192x1024xf32>
    tlayout.copy %c, %out : memref<8192x1024xf32, #tlayout_tpu.memory_space<vmem>> to memref<8192x1024xf32>
    tlayout.copy %d, %out : memref<8192x1024xf32, #tlayout_tpu.memory_space<vmem>> to memref<8192x1024xf32>
    tlayout.copy %e, %out : memref<8192x1024xf32, #tlayout_tpu.memory_space<vmem>> to memref<8192x1024xf32>
    return
  }
}
