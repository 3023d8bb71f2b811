// Family: a size-0 dimension with a dynamic one and tail padding L(n):
// tlayout.to_physical crashes --lower-tiled-layouts (in
// memref::ReinterpretCastOp::build). Reduced from random_programs.py case
// 100:13.
// Fails: tlayout-opt %s --tlayout-lower-to-llvm (crash)
func.func @f(%n: index) -> memref<?xi32> {
  %m = memref.alloc(%n) : memref<0x?xi32, #tlayout.tiled<{1,0:T(4,5)(3)L(8)}>>
  %p = tlayout.to_physical %m : memref<0x?xi32, #tlayout.tiled<{1,0:T(4,5)(3)L(8)}>> to memref<?xi32>
  return %p : memref<?xi32>
}
