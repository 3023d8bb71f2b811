// Vector transfers of packed elements interleaved by groups of rows,
// T(8,16)(8,1)E(4) (the TPU's T(8,128)(8,1)E(4) at 16 columns), around the
// fast path of whole tile rows: whole-row reads and writes at columns that
// are multiples of 16 (scf and affine loops, the write a read-modify-write
// of rows that other writes keep), at an unknown column and one past it
// (the generic lowering), partly out of bounds with a padding value,
// masked by create_mask and by an all-false mask, transposed along the
// rows, 2-D across a group's rows, and of 7 elements from mid-byte. Every
// number is what the same program on a row-major int8 memref prints (the
// values wrapped to 4 bits after each operation).
// RUN: tlayout-opt %s %{lower_to_llvm} | %{run} | FileCheck %s
// RUN: tlayout-opt %s %{lower_to_llvm}=simplify-indexing=false | %{run} \
// RUN:   | FileCheck %s
// CHECK: ( -1, -5, 7, 3, -1, -5, 7, 3, -1, -5, 7, 3, -1, -5, 7, 3 )
// CHECK: ( 0, 0, 0, 0, 0, 0, 0, 0, 5, 5, 5, 5, 5, 5, 5, 5 )
// CHECK: ( 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5 )
// CHECK: ( 0, -1, 0, -8, 7, -4, 0, -1, -8, 0, -1, 0, 0, -1, 0, 0 )
// CHECK: ( ( -2, 4, -6, 0, 6, -4, 2, -8, -2, 4, -6, 0, 6, -4, 2, -8, -2, 4 ), ( -3, 3, -7, -1, 5, -5, 1, 7, -3, 3, -7, -1, 5, -5, 1, 7, -3, 3 ), ( 2, -8, -2, 4, -6, 0, 6, -4, 2, -8, -2, 4, -6, 0, 6, -4, 2, -8 ) )
// CHECK: ( 0, 6, -4, 2, -8, -2, 4 )
// CHECK: {{\[\[}}0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0],
// CHECK: [-1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   0,   0,   0,   0,   0,   0,   0,   0,   5,   5,   5,   5,   5,   5,   5,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1],
// CHECK: [0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0],
// CHECK: [-2,   4,   -6,   0,   6,   -4,   2,   -8,   -2,   4,   -6,   0,   6,   -4,   2,   -8,   -2,   4,   -6,   0,   6,   -4,   2,   -8,   -2,   4,   -6,   0,   6,   -4,   2,   -8,   -2,   4,   -6,   0,   6,   -4,   2,   -8,   -2,   4,   -6,   0,   6,   -4,   2,   -8],
// CHECK: [-3,   3,   -7,   -1,   5,   -5,   1,   7,   -3,   3,   -7,   -1,   5,   -5,   1,   7,   -3,   3,   -7,   -1,   5,   -5,   1,   7,   -3,   3,   -7,   -1,   5,   -5,   1,   7,   -3,   3,   -7,   -1,   5,   -5,   1,   7,   -3,   3,   -7,   -1,   5,   -5,   1,   7],
// CHECK: [2,   -2,   4,   -6,   0,   6,   -4,   2,   -8,   -2,   4,   -6,   0,   6,   -4,   2,   -8,   -2,   4,   4,   -6,   0,   6,   -4,   2,   -8,   -2,   4,   -6,   0,   6,   -4,   2,   -8,   -2,   4,   -6,   0,   6,   -4,   2,   -8,   -2,   4,   -6,   0,   6,   -4],
// CHECK: [-4,   -3,   3,   -7,   -1,   5,   -5,   1,   7,   -3,   3,   -7,   -1,   5,   -5,   1,   7,   -3,   3,   0,   -4,   -8,   4,   0,   -4,   -8,   4,   0,   -4,   -8,   4,   0,   -4,   -8,   4,   0,   -4,   -8,   4,   0,   -4,   -8,   4,   0,   -4,   -8,   4,   0],
// CHECK: [-5,   2,   -8,   -2,   4,   -6,   0,   6,   -4,   2,   -8,   -2,   4,   -6,   0,   6,   -4,   2,   -8,   3,   -1,   -5,   7,   3,   -1,   -5,   7,   3,   -1,   -5,   7,   3,   -5,   7,   3,   -1,   -5,   7,   3,   -1,   -5,   7,   3,   -1,   -5,   7,   3,   -1],
// CHECK: [4,   0,   -4,   -8,   4,   0,   -4,   -8,   4,   0,   -4,   -8,   4,   0,   -4,   -8,   4,   0,   -4,   -8,   4,   0,   -4,   -8,   4,   0,   -4,   -8,   4,   0,   -4,   -8,   4,   0,   -4,   -8,   4,   0,   -4,   -8,   4,   0,   -4,   -8,   4,   0,   -4,   -8],
// CHECK: [-8,   0,   -8,   0,   -8,   0,   -8,   0,   -8,   0,   -8,   0,   -8,   0,   -8,   0,   -8,   0,   -8,   0,   -8,   0,   -8,   0,   -8,   0,   -8,   0,   -8,   0,   -8,   0,   -8,   0,   -8,   0,   -8,   0,   -8,   0,   -8,   0,   -8,   0,   -8,   0,   -8,   0],
// CHECK: [7,   -1,   7,   -1,   7,   -1,   7,   -1,   7,   -1,   7,   -1,   7,   -1,   7,   -1,   7,   -1,   7,   -1,   7,   -1,   7,   -1,   7,   -1,   7,   -1,   7,   -1,   7,   -1,   7,   -1,   7,   -1,   7,   -1,   7,   -1,   7,   -1,   7,   -1,   7,   -1,   7,   -1],
// CHECK: [-8,   0,   -8,   0,   -8,   0,   -8,   0,   -8,   0,   -8,   0,   -8,   0,   -8,   0,   -8,   0,   -8,   0,   -8,   0,   -8,   0,   -8,   0,   -8,   0,   -8,   0,   -8,   0,   -8,   0,   -8,   0,   -8,   0,   -8,   0,   -8,   0,   -8,   0,   -8,   0,   -8,   0],
// CHECK: [0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0],
// CHECK: [-1,   0,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1],
// CHECK: [0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0],
// CHECK: [0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0]]

func.func private @printMemrefI32(memref<*xi32>)

func.func @wrap(%v: i32) -> i4 {
  %rng = arith.constant 16 : i32
  %lo = arith.constant -8 : i32
  %a = arith.subi %v, %lo : i32
  %b = arith.remui %a, %rng : i32
  %w = arith.addi %b, %lo : i32
  %t = arith.trunci %w : i32 to i4
  return %t : i4
}
func.func @dump(%m: memref<16x48xi4, #tlayout.tiled<{1,0:T(8,16)(8,1)E(4)}>>) {
  %o = memref.alloc() : memref<16x48xi32>
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 48 {
      %x = memref.load %m[%i, %j] : memref<16x48xi4, #tlayout.tiled<{1,0:T(8,16)(8,1)E(4)}>>
      %y = arith.extsi %x : i4 to i32
      memref.store %y, %o[%i, %j] : memref<16x48xi32>
    }
  }
  %u = memref.cast %o : memref<16x48xi32> to memref<*xi32>
  func.call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  memref.dealloc %o : memref<16x48xi32>
  return
}
func.func @wrapv(%v: vector<16xi4>) -> vector<16xi4> {
  %s = arith.constant dense<0> : vector<16xi4>
  %a = arith.shli %v, %s : vector<16xi4>
  %b = arith.shrsi %a, %s : vector<16xi4>
  return %b : vector<16xi4>
}
func.func @printv(%v: vector<16xi4>) {
  %e = arith.extsi %v : vector<16xi4> to vector<16xi32>
  vector.print %e : vector<16xi32>
  return
}

func.func @kernel(%m: memref<16x48xi4, #tlayout.tiled<{1,0:T(8,16)(8,1)E(4)}>>, %j0: index, %i0: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cc = arith.constant 16 : index
  %cC = arith.constant 48 : index
  %cR = arith.constant 16 : index
  %pad = arith.constant 5 : i4
  scf.for %i = %c0 to %cR step %c1 {
    scf.for %j = %c0 to %cC step %cc {
      %v = vector.transfer_read %m[%i, %j], %pad {in_bounds = [true]} : memref<16x48xi4, #tlayout.tiled<{1,0:T(8,16)(8,1)E(4)}>>, vector<16xi4>
      %n0 = arith.addi %v, %v : vector<16xi4>
      %n = func.call @wrapv(%n0) : (vector<16xi4>) -> vector<16xi4>
      %ip = affine.apply affine_map<(i) -> ((i + 3) mod 16)>(%i)
      vector.transfer_write %n, %m[%ip, %j] {in_bounds = [true]} : vector<16xi4>, memref<16x48xi4, #tlayout.tiled<{1,0:T(8,16)(8,1)E(4)}>>
    }
  }
  affine.for %i = 0 to 15 step 3 {
    affine.for %j = 0 to 48 step 16 {
      %v = affine.vector_load %m[%i, %j] : memref<16x48xi4, #tlayout.tiled<{1,0:T(8,16)(8,1)E(4)}>>, vector<16xi4>
      %w = arith.xori %v, %v : vector<16xi4>
      %one = arith.constant dense<1> : vector<16xi4>
      %z = arith.addi %w, %one : vector<16xi4>
      %q0 = arith.subi %v, %z : vector<16xi4>
      %q = func.call @wrapv(%q0) : (vector<16xi4>) -> vector<16xi4>
      affine.vector_store %q, %m[%i + 1, %j] : memref<16x48xi4, #tlayout.tiled<{1,0:T(8,16)(8,1)E(4)}>>, vector<16xi4>
    }
  }
  %v3 = vector.transfer_read %m[%i0, %j0], %pad {in_bounds = [true]} : memref<16x48xi4, #tlayout.tiled<{1,0:T(8,16)(8,1)E(4)}>>, vector<16xi4>
  func.call @printv(%v3) : (vector<16xi4>) -> ()
  %j1 = arith.addi %j0, %c1 : index
  vector.transfer_write %v3, %m[%i0, %j1] {in_bounds = [true]} : vector<16xi4>, memref<16x48xi4, #tlayout.tiled<{1,0:T(8,16)(8,1)E(4)}>>
  %last = arith.constant 40 : index
  %rl = arith.constant 15 : index
  %v4 = vector.transfer_read %m[%rl, %last], %pad : memref<16x48xi4, #tlayout.tiled<{1,0:T(8,16)(8,1)E(4)}>>, vector<16xi4>
  func.call @printv(%v4) : (vector<16xi4>) -> ()
  %mk = vector.create_mask %j0 : vector<16xi1>
  %mc = arith.constant 16 : index
  vector.transfer_write %v4, %m[%c1, %mc], %mk {in_bounds = [true]} : vector<16xi4>, memref<16x48xi4, #tlayout.tiled<{1,0:T(8,16)(8,1)E(4)}>>
  %v5 = vector.transfer_read %m[%c0, %mc], %pad, %mk {in_bounds = [true]} : memref<16x48xi4, #tlayout.tiled<{1,0:T(8,16)(8,1)E(4)}>>, vector<16xi4>
  func.call @printv(%v5) : (vector<16xi4>) -> ()
  %none = arith.constant dense<false> : vector<16xi1>
  vector.transfer_write %v5, %m[%c0, %c0], %none {in_bounds = [true]} : vector<16xi4>, memref<16x48xi4, #tlayout.tiled<{1,0:T(8,16)(8,1)E(4)}>>
  %v6 = vector.transfer_read %m[%c0, %j0], %pad {permutation_map = affine_map<(d0, d1) -> (d0)>} : memref<16x48xi4, #tlayout.tiled<{1,0:T(8,16)(8,1)E(4)}>>, vector<16xi4>
  %v6e = arith.extsi %v6 : vector<16xi4> to vector<16xi32>
  vector.print %v6e : vector<16xi32>
  %v6n = arith.subi %v6, %v6 : vector<16xi4>
  %cst3 = arith.constant 11 : index
  vector.transfer_write %v6n, %m[%cst3, %c1] {permutation_map = affine_map<(d0, d1) -> (d0)>} : vector<16xi4>, memref<16x48xi4, #tlayout.tiled<{1,0:T(8,16)(8,1)E(4)}>>
  %c3 = arith.constant 3 : index
  %v7 = vector.transfer_read %m[%c3, %c0], %pad : memref<16x48xi4, #tlayout.tiled<{1,0:T(8,16)(8,1)E(4)}>>, vector<3x18xi4>
  %v7e = arith.extsi %v7 : vector<3x18xi4> to vector<3x18xi32>
  vector.print %v7e : vector<3x18xi32>
  %v8 = vector.transfer_read %m[%c3, %c3], %pad {in_bounds = [true]} : memref<16x48xi4, #tlayout.tiled<{1,0:T(8,16)(8,1)E(4)}>>, vector<7xi4>
  %v8e = arith.extsi %v8 : vector<7xi4> to vector<7xi32>
  vector.print %v8e : vector<7xi32>
  %c5 = arith.constant 5 : index
  vector.transfer_write %v8, %m[%c5, %c5] : vector<7xi4>, memref<16x48xi4, #tlayout.tiled<{1,0:T(8,16)(8,1)E(4)}>>
  vector.transfer_write %v7, %m[%c5, %c1] : vector<3x18xi4>, memref<16x48xi4, #tlayout.tiled<{1,0:T(8,16)(8,1)E(4)}>>
  return
}
func.func @main() {
  %m = memref.alloc() : memref<16x48xi4, #tlayout.tiled<{1,0:T(8,16)(8,1)E(4)}>>
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 48 {
      %v = affine.apply affine_map<(i, j) -> (i * 5 + j * 3 + 7)>(%i, %j)
      %w = arith.index_cast %v : index to i32
      %t = func.call @wrap(%w) : (i32) -> i4
      memref.store %t, %m[%i, %j] : memref<16x48xi4, #tlayout.tiled<{1,0:T(8,16)(8,1)E(4)}>>
    }
  }
  %j0 = arith.constant 15 : index
  %i0 = arith.constant 7 : index
  func.call @kernel(%m, %j0, %i0) : (memref<16x48xi4, #tlayout.tiled<{1,0:T(8,16)(8,1)E(4)}>>, index, index) -> ()
  func.call @dump(%m) : (memref<16x48xi4, #tlayout.tiled<{1,0:T(8,16)(8,1)E(4)}>>) -> ()
  return
}
