// cf branches carry tiled memrefs of dynamic shape between blocks: cf.switch,
// cf.cond_br and cf.br pass each memref's physical buffer with its dynamic
// sizes, so the block that reads the pick gets the right elements and the
// right sizes (memref.dim). Each value is the element at (2, 2) of the pick
// plus its row count; fills are base + i * cols + j. @column_sum walks the
// rows in a loop of cf blocks whose exit passes nothing. The same program
// without layouts (@pick_plain, @column_sum_plain, on row-major memrefs)
// gives the reference.
// RUN: tlayout-opt %s %{lower_to_llvm} | %{run} | FileCheck %s

#t = #tlayout.tiled<{1,0:T(2,2)}>

func.func private @fill(%m: memref<?x?xi32, #t>, %base: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %m, %c0 : memref<?x?xi32, #t>
  %cols = memref.dim %m, %c1 : memref<?x?xi32, #t>
  scf.for %i = %c0 to %rows step %c1 {
    scf.for %j = %c0 to %cols step %c1 {
      %r = arith.muli %i, %cols : index
      %v = arith.addi %r, %j : index
      %w = arith.index_cast %v : index to i32
      %x = arith.addi %w, %base : i32
      memref.store %x, %m[%i, %j] : memref<?x?xi32, #t>
    }
  }
  return
}

// Picks %a (0), %b (1) or %c (any other) through a cf.switch, then a
// cf.cond_br and a cf.br.
func.func private @pick(%sel: i32, %a: memref<?x?xi32, #t>,
                        %b: memref<?x?xi32, #t>, %c: memref<?x?xi32, #t>)
    -> i32 {
  %one = arith.constant 1 : i32
  cf.switch %sel : i32, [
    default: ^other(%c : memref<?x?xi32, #t>),
    0: ^first(%a : memref<?x?xi32, #t>),
    1: ^other(%b : memref<?x?xi32, #t>)
  ]
^first(%x: memref<?x?xi32, #t>):
  cf.br ^read(%x : memref<?x?xi32, #t>)
^other(%y: memref<?x?xi32, #t>):
  %isB = arith.cmpi eq, %sel, %one : i32
  cf.cond_br %isB, ^read(%y : memref<?x?xi32, #t>),
                   ^read(%c : memref<?x?xi32, #t>)
^read(%m: memref<?x?xi32, #t>):
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %v = memref.load %m[%c2, %c2] : memref<?x?xi32, #t>
  %rows = memref.dim %m, %c0 : memref<?x?xi32, #t>
  %r = arith.index_cast %rows : index to i32
  %s = arith.addi %v, %r : i32
  return %s : i32
}

// The same program on row-major memrefs.
func.func private @pick_plain(%sel: i32, %a: memref<?x?xi32>,
                              %b: memref<?x?xi32>, %c: memref<?x?xi32>)
    -> i32 {
  %one = arith.constant 1 : i32
  cf.switch %sel : i32, [
    default: ^other(%c : memref<?x?xi32>),
    0: ^first(%a : memref<?x?xi32>),
    1: ^other(%b : memref<?x?xi32>)
  ]
^first(%x: memref<?x?xi32>):
  cf.br ^read(%x : memref<?x?xi32>)
^other(%y: memref<?x?xi32>):
  %isB = arith.cmpi eq, %sel, %one : i32
  cf.cond_br %isB, ^read(%y : memref<?x?xi32>), ^read(%c : memref<?x?xi32>)
^read(%m: memref<?x?xi32>):
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %v = memref.load %m[%c2, %c2] : memref<?x?xi32>
  %rows = memref.dim %m, %c0 : memref<?x?xi32>
  %r = arith.index_cast %rows : index to i32
  %s = arith.addi %v, %r : i32
  return %s : i32
}

func.func private @fill_plain(%m: memref<?x?xi32>, %base: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %m, %c0 : memref<?x?xi32>
  %cols = memref.dim %m, %c1 : memref<?x?xi32>
  scf.for %i = %c0 to %rows step %c1 {
    scf.for %j = %c0 to %cols step %c1 {
      %r = arith.muli %i, %cols : index
      %v = arith.addi %r, %j : index
      %w = arith.index_cast %v : index to i32
      %x = arith.addi %w, %base : i32
      memref.store %x, %m[%i, %j] : memref<?x?xi32>
    }
  }
  return
}

// The sum of column 1 over the rows, in a loop of cf blocks: the loop's
// block takes the memref and the row, and the exit takes nothing.
func.func private @column_sum(%m: memref<?x?xi32, #t>) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i32
  %acc = memref.alloca() : memref<i32>
  memref.store %zero, %acc[] : memref<i32>
  %rows = memref.dim %m, %c0 : memref<?x?xi32, #t>
  %any = arith.cmpi sgt, %rows, %c0 : index
  cf.cond_br %any, ^row(%m, %c0 : memref<?x?xi32, #t>, index), ^exit
^row(%x: memref<?x?xi32, #t>, %i: index):
  %v = memref.load %x[%i, %c1] : memref<?x?xi32, #t>
  %s = memref.load %acc[] : memref<i32>
  %t = arith.addi %s, %v : i32
  memref.store %t, %acc[] : memref<i32>
  %next = arith.addi %i, %c1 : index
  %n = memref.dim %x, %c0 : memref<?x?xi32, #t>
  %more = arith.cmpi slt, %next, %n : index
  cf.cond_br %more, ^row(%x, %next : memref<?x?xi32, #t>, index), ^exit
^exit:
  %r = memref.load %acc[] : memref<i32>
  return %r : i32
}

func.func private @column_sum_plain(%m: memref<?x?xi32>) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i32
  %acc = memref.alloca() : memref<i32>
  memref.store %zero, %acc[] : memref<i32>
  %rows = memref.dim %m, %c0 : memref<?x?xi32>
  %any = arith.cmpi sgt, %rows, %c0 : index
  cf.cond_br %any, ^row(%m, %c0 : memref<?x?xi32>, index), ^exit
^row(%x: memref<?x?xi32>, %i: index):
  %v = memref.load %x[%i, %c1] : memref<?x?xi32>
  %s = memref.load %acc[] : memref<i32>
  %t = arith.addi %s, %v : i32
  memref.store %t, %acc[] : memref<i32>
  %next = arith.addi %i, %c1 : index
  %n = memref.dim %x, %c0 : memref<?x?xi32>
  %more = arith.cmpi slt, %next, %n : index
  cf.cond_br %more, ^row(%x, %next : memref<?x?xi32>, index), ^exit
^exit:
  %r = memref.load %acc[] : memref<i32>
  return %r : i32
}

func.func @main() {
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %b0 = arith.constant 0 : i32
  %b100 = arith.constant 100 : i32
  %b200 = arith.constant 200 : i32
  %a = memref.alloc(%c3, %c5) : memref<?x?xi32, #t>
  %b = memref.alloc(%c4, %c3) : memref<?x?xi32, #t>
  %c = memref.alloc(%c5, %c6) : memref<?x?xi32, #t>
  %pa = memref.alloc(%c3, %c5) : memref<?x?xi32>
  %pb = memref.alloc(%c4, %c3) : memref<?x?xi32>
  %pc = memref.alloc(%c5, %c6) : memref<?x?xi32>
  func.call @fill(%a, %b0) : (memref<?x?xi32, #t>, i32) -> ()
  func.call @fill(%b, %b100) : (memref<?x?xi32, #t>, i32) -> ()
  func.call @fill(%c, %b200) : (memref<?x?xi32, #t>, i32) -> ()
  func.call @fill_plain(%pa, %b0) : (memref<?x?xi32>, i32) -> ()
  func.call @fill_plain(%pb, %b100) : (memref<?x?xi32>, i32) -> ()
  func.call @fill_plain(%pc, %b200) : (memref<?x?xi32>, i32) -> ()
  // CHECK: 15
  // CHECK-NEXT: 15
  // CHECK-NEXT: 112
  // CHECK-NEXT: 112
  // CHECK-NEXT: 219
  // CHECK-NEXT: 219
  %sels = arith.constant dense<[0, 1, 7]> : vector<3xi32>
  affine.for %k = 0 to 3 {
    %sel = vector.extract %sels[%k] : i32 from vector<3xi32>
    %v = func.call @pick(%sel, %a, %b, %c)
        : (i32, memref<?x?xi32, #t>, memref<?x?xi32, #t>,
           memref<?x?xi32, #t>) -> i32
    %w = func.call @pick_plain(%sel, %pa, %pb, %pc)
        : (i32, memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>) -> i32
    vector.print %v : i32
    vector.print %w : i32
  }
  // Column 1 of %c (5 rows of 6): 5 * 201 + 6 * (0 + 1 + 2 + 3 + 4) = 1065.
  // CHECK-NEXT: 1065
  // CHECK-NEXT: 1065
  %sum = func.call @column_sum(%c) : (memref<?x?xi32, #t>) -> i32
  %sum_plain = func.call @column_sum_plain(%pc) : (memref<?x?xi32>) -> i32
  vector.print %sum : i32
  vector.print %sum_plain : i32
  memref.dealloc %a : memref<?x?xi32, #t>
  memref.dealloc %b : memref<?x?xi32, #t>
  memref.dealloc %c : memref<?x?xi32, #t>
  memref.dealloc %pa : memref<?x?xi32>
  memref.dealloc %pb : memref<?x?xi32>
  memref.dealloc %pc : memref<?x?xi32>
  return
}
