// A Mosaic kernel's signature: an f32 block in HBM, copied into a window of
// a VMEM scratch buffer whose rows are two tiles wider.
func.func @copy(%src: memref<16x256xf32, #tpu.tiled<(8,128),[2,1]>, #tpu.memory_space<hbm>>,
                %dst: memref<16x256xf32, #tpu.tiled<(8,128),[4,1]>, #tpu.memory_space<vmem>>) {
  memref.copy %src, %dst : memref<16x256xf32, #tpu.tiled<(8,128),[2,1]>, #tpu.memory_space<hbm>> to memref<16x256xf32, #tpu.tiled<(8,128),[4,1]>, #tpu.memory_space<vmem>>
  return
}
