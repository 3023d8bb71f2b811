// Reductions across tiles with every integer combiner the privatization
// takes (add, mul, signed and unsigned min and max, and, or, xor; i32, i64
// and index), eight of them carried by one loop of step 3 whose bounds
// start and end inside tiles (and one loop of no trip); a column minimum in
// an scf.for whose initial value is the enclosing loop's index; and a loop
// whose body calls a function and stores to the memref it reads. Every
// program prints what the untiled program prints.
// RUN: tlayout-opt %s %{lower_to_llvm} | %{run} | FileCheck %s
// RUN: tlayout-opt %s --lower-tiled-layouts \
// RUN:   --tlayout-cpu-loops=reassociate-reductions=false \
// RUN:   %{lower_to_llvm}=simplify-indexing=false | %{run} | FileCheck %s
// RUN: tlayout-opt %s --lower-tiled-layouts --tlayout-cpu-loops \
// RUN:   --canonicalize | mlir-opt --lower-affine --convert-scf-to-cf \
// RUN:   --expand-strided-metadata --lower-affine --finalize-memref-to-llvm \
// RUN:   --convert-to-llvm --reconcile-unrealized-casts | %{run} | FileCheck %s
// RUN: sed -e "s/, #T>/>/g" %s | tlayout-opt %{lower_to_llvm} | %{run} \
// RUN:   | FileCheck %s

#T = #tlayout.tiled<{1,0:T(8,128)}>
// CHECK: {{\[\[}}1204,   1201,   1198,   1195,   1215,   1212,   1186,   1206,   1203],
// CHECK: [0,   0,   0,   0,   0,   0,   0,   0,   0],
// CHECK: [22,   22,   22,   22,   22,   22,   22,   22,   22],
// CHECK: [-19,   -19,   -19,   -19,   -19,   -19,   -19,   -19,   -19],
// CHECK: [-1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1],
// CHECK: [0,   0,   0,   0,   0,   0,   0,   0,   0],
// CHECK: [31,   31,   31,   31,   31,   31,   31,   31,   31],
// CHECK: [-124,   123,   122,   -113,   -111,   -116,   118,   -126,   -123]]
// CHECK: {{\[\[}}579,   574,   592,   587,   582,   577,   572,   590,   585],
// CHECK: [0,   0,   0,   0,   0,   0,   0,   0,   0],
// CHECK: [22,   22,   22,   22,   22,   22,   22,   22,   22],
// CHECK: [-19,   -19,   -19,   -19,   -19,   -19,   -19,   -19,   -19],
// CHECK: [-1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1],
// CHECK: [0,   0,   0,   0,   0,   0,   0,   0,   0],
// CHECK: [31,   31,   31,   31,   31,   31,   31,   31,   31],
// CHECK: [119,   114,   -110,   -105,   106,   113,   126,   -110,   105]]
// CHECK: {{\[\[}}100,   100,   100,   100,   100,   100,   100,   100,   100],
// CHECK: [3,   3,   3,   3,   3,   3,   3,   3,   3],
// CHECK: [-1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1],
// CHECK: [100,   100,   100,   100,   100,   100,   100,   100,   100],
// CHECK: [3,   3,   3,   3,   3,   3,   3,   3,   3],
// CHECK: [-1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1],
// CHECK: [3,   3,   3,   3,   3,   3,   3,   3,   3],
// CHECK: [100,   100,   100,   100,   100,   100,   100,   100,   100]]
// CHECK: [0,  1,  0,  1,  3,  0,  2,  0,  1,  3,  0,  2,  0,  1,  3,  0,  2,  0,  1,  3,  0,  2,  3,  1,  2,  0,  1,  3,  0,  2,  0,  1,  3,  0,  2,  0,  1,  3,  0,  2,  0,  1,  3,  0,  2,  3,  1,  2,  0,  1,  3,  0,  2,  0,  1,  3,  0,  2,  0,  1,  3,  0,  2,  0,  1,  3,  0,  2,  3,  1,  2,  0,  1,  3,  0,  2,  0,  1,  3,  0,  2,  0,  1,  3,  0,  2,  0,  1,  3,  0,  2,  3,  1,  2,  0,  1,  3,  0,  2,  0,  1,  3,  0,  2,  0,  1,  3,  0,  2,  0,  1,  3,  0,  2,  3,  1,  2,  0,  1,  3,  0,  2,  0,  1,  3,  0,  2,  0,  1,  3,  0,  2,  0,  1,  3,  0,  2,  3,  1,  2,  0,  1,  3,  0,  2,  0,  1,  3,  0,  2,  0,  1,  3,  0,  2,  0,  1,  3,  0,  2,  3,  1,  2,  0,  1,  3,  0,  2,  0,  1,  3,  0,  2,  0,  1,  3,  0,  2,  0,  1,  3,  0,  2,  3,  1,  2,  0,  1,  3,  0,  2,  0,  1,  3,  0,  2,  0,  1,  3,  0,  2,  0,  1,  3,  0,  2,  3,  1,  2,  0,  1,  3,  0,  2,  0,  1,  3,  0,  2,  0,  1,  3,  0,  2,  0,  1,  3,  0,  2,  3,  1,  2,  0,  1,  3,  0,  2,  0,  1,  3,  0,  2,  0,  1,  3,  0,  2,  0,  1,  3,  0,  2,  3,  1,  2,  0,  1,  3,  0,  2,  0,  1,  3,  0,  2,  0,  1,  3,  0,  2,  0,  1,  3,  0,  2,  3,  1,  2,  0,  1,  3,  0,  2,  0,  1,  3,  0,  2,  0,  1,  3,  0,  2,  0,  1,  3,  0,  2,  3,  1]
// CHECK: [0,  1,  0,  1,  3,  0,  2,  0,  1,  3,  0,  2,  0,  1,  3,  0,  2,  0,  1,  2,  0,  1,  3,  0,  2,  0,  1,  3,  0,  2,  0,  1,  3,  0,  2,  0,  1,  3,  0,  2,  0,  1,  2,  0,  1,  3,  0,  2,  0,  1,  3,  0,  2,  0,  1,  3,  0,  2,  0,  1,  3,  0,  2,  0,  1,  2,  0,  1,  3,  0,  2,  0,  1,  3,  0,  2,  0,  1,  3,  0,  2,  0,  1,  3,  0,  2,  0,  1,  2,  0,  1,  3,  0,  2,  0,  1,  3,  0,  2,  0,  1,  3,  0,  2,  0,  1,  3,  0,  2,  0,  1,  2,  0,  1,  3,  0,  2,  0,  1,  3,  0,  2,  0,  1,  3,  0,  2,  0,  1,  3,  0,  2,  0,  1,  2,  0,  1,  3,  0,  2,  0,  1,  3,  0,  2,  0,  1,  3,  0,  2,  0,  1,  3,  0,  2,  0,  1,  2,  0,  1,  3,  0,  2,  0,  1,  3,  0,  2,  0,  1,  3,  0,  2,  0,  1,  3,  0,  2,  0,  1,  2,  0,  1,  3,  0,  2,  0,  1,  3,  0,  2,  0,  1,  3,  0,  2,  0,  1,  3,  0,  2,  0,  1,  2,  0,  1,  3,  0,  2,  0,  1,  3,  0,  2,  0,  1,  3,  0,  2,  0,  1,  3,  0,  2,  0,  1,  2,  0,  1,  3,  0,  2,  0,  1,  3,  0,  2,  0,  1,  3,  0,  2,  0,  1,  3,  0,  2,  0,  1,  2,  0,  1,  3,  0,  2,  0,  1,  3,  0,  2,  0,  1,  3,  0,  2,  0,  1,  3,  0,  2,  0,  1,  2,  0,  1,  3,  0,  2,  0,  1,  3,  0,  2,  0,  1,  3,  0,  2,  0,  1,  3,  0,  2,  0,  1,  2,  0,  1,  3,  0]
// CHECK: {{\[\[}}-17216670650,   -24403064985,   7065246344,   28742890922,   -4213307189,   -11399701524,   -15491860722,   3091548719,   -22475446959],
// CHECK: [0,   0,   0,   0,   0,   0,   0,   0,   0]]
// CHECK: {{\[\[}}3153773956,   452402867,   2045999074,   -1387365536,   -4088736625,   1799826878,   2661429564,   -39941525,   821661161],
// CHECK: [3455917874216064362,   5716911476206715152,   -8289237399785575052,   -3695026859459805106,   -52233736894223488,   3143139180110086312,   4182539846985770674,   6809873389065160528,   63957400972527572]]

func.func private @printMemrefI32(memref<*xi32>)
func.func private @printMemrefI64(memref<*xi64>)

func.func @ints(%a: memref<9x300xi32, #T>, %o: memref<8x9xi32>, %lb: index, %ub: index) {
  %c100 = arith.constant 100 : i32
  %m1 = arith.constant -1 : i32
  %c3 = arith.constant 3 : i32
  affine.for %i = 0 to 9 {
    %r:8 = affine.for %j = %lb to %ub step 3 iter_args(%s = %c100, %p = %c3, %mx = %m1, %mn = %c100, %ua = %c3, %an = %m1, %or = %c3, %xo = %c100) -> (i32, i32, i32, i32, i32, i32, i32, i32) {
      %x = affine.load %a[%i, %j] : memref<9x300xi32, #T>
      %s2 = arith.addi %s, %x : i32
      %two = arith.constant 2 : i32
      %x2 = arith.remsi %x, %two : i32
      %x3 = arith.addi %x2, %c3 : i32
      %p2 = arith.muli %x3, %p : i32
      %mx2 = arith.maxsi %mx, %x : i32
      %nx = arith.subi %c3, %x : i32
      %mn2 = arith.minsi %nx, %mn : i32
      %ua2 = arith.maxui %ua, %nx : i32
      %an2 = arith.andi %an, %nx : i32
      %or2 = arith.ori %x, %or : i32
      %xo2 = arith.xori %xo, %nx : i32
      affine.yield %s2, %p2, %mx2, %mn2, %ua2, %an2, %or2, %xo2 : i32, i32, i32, i32, i32, i32, i32, i32
    }
    affine.store %r#0, %o[0, %i] : memref<8x9xi32>
    affine.store %r#1, %o[1, %i] : memref<8x9xi32>
    affine.store %r#2, %o[2, %i] : memref<8x9xi32>
    affine.store %r#3, %o[3, %i] : memref<8x9xi32>
    affine.store %r#4, %o[4, %i] : memref<8x9xi32>
    affine.store %r#5, %o[5, %i] : memref<8x9xi32>
    affine.store %r#6, %o[6, %i] : memref<8x9xi32>
    affine.store %r#7, %o[7, %i] : memref<8x9xi32>
  }
  return
}

// column reductions (over i, tile 8), scf.for, init from outer iv, minui
func.func @cols(%a: memref<9x300xi32, #T>, %o: memref<300xi32>, %lb: index, %ub: index) {
  %c1 = arith.constant 1 : index
  %c300 = arith.constant 300 : index
  scf.for %j = %c1 to %c300 step %c1 {
    %jj = arith.index_cast %j : index to i32
    %r = scf.for %i = %lb to %ub step %c1 iter_args(%acc = %jj) -> i32 {
      %x = memref.load %a[%i, %j] : memref<9x300xi32, #T>
      %n = arith.minui %acc, %x : i32
      scf.yield %n : i32
    }
    memref.store %r, %o[%j] : memref<300xi32>
  }
  return
}

// index typed and i64 reductions, a call in the loop, and a store to the same memref
func.func @sidefx(%x: i32) -> i32 {
  %c = arith.constant 7 : i32
  %y = arith.muli %x, %c : i32
  return %y : i32
}
func.func @mixed(%a: memref<9x300xi32, #T>, %o: memref<2x9xi64>, %lb: index, %ub: index) {
  %z = arith.constant 0 : index
  %z64 = arith.constant 5 : i64
  affine.for %i = 0 to 9 {
    %r:2 = affine.for %j = %lb to %ub iter_args(%s = %z, %t = %z64) -> (index, i64) {
      %x = affine.load %a[%i, %j] : memref<9x300xi32, #T>
      %y = func.call @sidefx(%x) : (i32) -> i32
      %one = arith.constant 1 : i32
      %y1 = arith.addi %y, %one : i32
      affine.store %y1, %a[%i, %j + 1] : memref<9x300xi32, #T>
      %xi = arith.index_cast %y : i32 to index
      %s2 = arith.addi %xi, %s : index
      %x64 = arith.extsi %y : i32 to i64
      %t2 = arith.muli %t, %x64 : i64
      affine.yield %s2, %t2 : index, i64
    }
    %ri = arith.index_cast %r#0 : index to i64
    affine.store %ri, %o[0, %i] : memref<2x9xi64>
    affine.store %r#1, %o[1, %i] : memref<2x9xi64>
  }
  return
}

func.func @init(%a: memref<9x300xi32, #T>) {
  affine.for %i = 0 to 9 {
    affine.for %j = 0 to 300 {
      %v = affine.apply affine_map<(i, j) -> ((i * 37 + j * 11) mod 23)>(%i, %j)
      %w = arith.index_cast %v : index to i32
      affine.store %w, %a[%i, %j] : memref<9x300xi32, #T>
    }
  }
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c7 = arith.constant 7 : index
  %c9 = arith.constant 9 : index
  %c127 = arith.constant 127 : index
  %c130 = arith.constant 130 : index
  %c259 = arith.constant 259 : index
  %c299 = arith.constant 299 : index
  %c300 = arith.constant 300 : index
  %a = memref.alloc() : memref<9x300xi32, #T>
  func.call @init(%a) : (memref<9x300xi32, #T>) -> ()
  %o = memref.alloc() : memref<8x9xi32>
  %ou = memref.cast %o : memref<8x9xi32> to memref<*xi32>
  func.call @ints(%a, %o, %c1, %c299) : (memref<9x300xi32, #T>, memref<8x9xi32>, index, index) -> ()
  func.call @printMemrefI32(%ou) : (memref<*xi32>) -> ()
  func.call @ints(%a, %o, %c127, %c259) : (memref<9x300xi32, #T>, memref<8x9xi32>, index, index) -> ()
  func.call @printMemrefI32(%ou) : (memref<*xi32>) -> ()
  func.call @ints(%a, %o, %c130, %c130) : (memref<9x300xi32, #T>, memref<8x9xi32>, index, index) -> ()
  func.call @printMemrefI32(%ou) : (memref<*xi32>) -> ()
  %oc = memref.alloc() : memref<300xi32>
  %zi = arith.constant 0 : i32
  memref.store %zi, %oc[%c0] : memref<300xi32>
  %ocu = memref.cast %oc : memref<300xi32> to memref<*xi32>
  func.call @cols(%a, %oc, %c1, %c9) : (memref<9x300xi32, #T>, memref<300xi32>, index, index) -> ()
  func.call @printMemrefI32(%ocu) : (memref<*xi32>) -> ()
  func.call @cols(%a, %oc, %c0, %c9) : (memref<9x300xi32, #T>, memref<300xi32>, index, index) -> ()
  func.call @printMemrefI32(%ocu) : (memref<*xi32>) -> ()
  %om = memref.alloc() : memref<2x9xi64>
  %omu = memref.cast %om : memref<2x9xi64> to memref<*xi64>
  func.call @mixed(%a, %om, %c2, %c299) : (memref<9x300xi32, #T>, memref<2x9xi64>, index, index) -> ()
  func.call @printMemrefI64(%omu) : (memref<*xi64>) -> ()
  func.call @mixed(%a, %om, %c127, %c130) : (memref<9x300xi32, #T>, memref<2x9xi64>, index, index) -> ()
  func.call @printMemrefI64(%omu) : (memref<*xi64>) -> ()
  return
}
