// Atomics of elements packed several to a byte (E(4), E(1)) update their
// bits in the containing byte with a compare-and-swap loop (a
// memref.generic_atomic_rmw of the byte) and leave their neighbours' bits as
// they were. Upstream cannot run this program untiled (LLVM has no atomics
// narrower than a byte), so the expected values are worked out by hand.
// RUN: tlayout-opt %s --lower-tiled-layouts | FileCheck %s --check-prefix=IR
// RUN: tlayout-opt %s %{lower_to_llvm} | %{run} | FileCheck %s

#q = #tlayout.tiled<{1,0:T(2,2)E(4)}>
#p = #tlayout.tiled<{1,0:T(8,8)E(1)}>

// IR-LABEL: func.func @row
// IR-LABEL: func.func @main
// IR: memref.generic_atomic_rmw %{{.*}}[%{{.*}}] : memref<12xi8>
// IR: arith.shrui
// IR: arith.addi %{{.*}}, %{{.*}} : i4
// IR: memref.atomic_yield %{{.*}} : i8
// IR-NOT: memref.atomic_rmw

/// Row `i` of a 3x5 i4 memref, sign-extended.
func.func @row(%m: memref<3x5xi4, #q>, %i: index) -> vector<5xi32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %a = memref.load %m[%i, %c0] : memref<3x5xi4, #q>
  %b = memref.load %m[%i, %c1] : memref<3x5xi4, #q>
  %c = memref.load %m[%i, %c2] : memref<3x5xi4, #q>
  %d = memref.load %m[%i, %c3] : memref<3x5xi4, #q>
  %e = memref.load %m[%i, %c4] : memref<3x5xi4, #q>
  %v = vector.from_elements %a, %b, %c, %d, %e : vector<5xi4>
  %w = arith.extsi %v : vector<5xi4> to vector<5xi32>
  return %w : vector<5xi32>
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index

  // Element (i, j) holds 4 * i + j - 6.
  %m = memref.alloc() : memref<3x5xi4, #q>
  scf.for %i = %c0 to %c3 step %c1 {
    scf.for %j = %c0 to %c5 step %c1 {
      %a = arith.muli %i, %c4 : index
      %b = arith.addi %a, %j : index
      %n = arith.index_cast %b : index to i4
      %six = arith.constant 6 : i4
      %v = arith.subi %n, %six : i4
      memref.store %v, %m[%i, %j] : memref<3x5xi4, #q>
    }
  }

  // Each atomic returns the element's value before it.
  %three = arith.constant 3 : i4
  %r0 = memref.atomic_rmw addi %three, %m[%c1, %c3] : (i4, memref<3x5xi4, #q>) -> i4
  %r1 = memref.atomic_rmw addi %three, %m[%c1, %c3] : (i4, memref<3x5xi4, #q>) -> i4
  // 7 + 3 wraps to -6.
  %r2 = memref.atomic_rmw addi %three, %m[%c1, %c3] : (i4, memref<3x5xi4, #q>) -> i4
  %five = arith.constant 5 : i4
  %r3 = memref.atomic_rmw maxs %five, %m[%c0, %c0] : (i4, memref<3x5xi4, #q>) -> i4
  %r4 = memref.atomic_rmw minu %five, %m[%c2, %c4] : (i4, memref<3x5xi4, #q>) -> i4
  %m7 = arith.constant -7 : i4
  %r5 = memref.atomic_rmw mins %m7, %m[%c0, %c4] : (i4, memref<3x5xi4, #q>) -> i4
  %ones = arith.constant -1 : i4
  // 0b0010 ^ 0b1111 = 0b1101 = -3.
  %r6 = memref.atomic_rmw xori %ones, %m[%c2, %c0] : (i4, memref<3x5xi4, #q>) -> i4
  %seven = arith.constant 7 : i4
  %r7 = memref.atomic_rmw assign %seven, %m[%c1, %c0] : (i4, memref<3x5xi4, #q>) -> i4
  // 0b0011 & 0b0110 = 0b0010.
  %six = arith.constant 6 : i4
  %r8 = memref.atomic_rmw andi %six, %m[%c2, %c1] : (i4, memref<3x5xi4, #q>) -> i4
  // 0b0100 | 0b1000 = 0b1100 = -4.
  %m8 = arith.constant -8 : i4
  %r9 = memref.atomic_rmw ori %m8, %m[%c2, %c2] : (i4, memref<3x5xi4, #q>) -> i4
  // -5 * 3 = -15, which wraps to 1.
  %r10 = memref.atomic_rmw muli %three, %m[%c0, %c1] : (i4, memref<3x5xi4, #q>) -> i4
  // CHECK: ( 1, 4, 7, -6, 6, -2, 2, -2, 3, 4, -5 )
  %r = vector.from_elements %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10 : vector<11xi4>
  %rw = arith.extsi %r : vector<11xi4> to vector<11xi32>
  vector.print %rw : vector<11xi32>

  // A generic update, v * 2 + 1 at (1, 2), twice.
  %two = arith.constant 2 : i4
  %one = arith.constant 1 : i4
  %g0 = memref.generic_atomic_rmw %m[%c1, %c2] : memref<3x5xi4, #q> {
  ^bb0(%old: i4):
    %p = arith.muli %old, %two : i4
    %s = arith.addi %p, %one : i4
    memref.atomic_yield %s : i4
  }
  %g1 = memref.generic_atomic_rmw %m[%c1, %c2] : memref<3x5xi4, #q> {
  ^bb0(%old: i4):
    %p = arith.muli %old, %two : i4
    %s = arith.addi %p, %one : i4
    memref.atomic_yield %s : i4
  }
  // CHECK: ( 0, 1 )
  %g = vector.from_elements %g0, %g1 : vector<2xi4>
  %gw = arith.extsi %g : vector<2xi4> to vector<2xi32>
  vector.print %gw : vector<2xi32>

  // The neighbours in each byte keep their values.
  // CHECK: ( 5, 1, -4, -3, -7 )
  // CHECK: ( 7, -1, 3, -6, 2 )
  // CHECK: ( -3, 2, -4, 5, 5 )
  %row0 = call @row(%m, %c0) : (memref<3x5xi4, #q>, index) -> vector<5xi32>
  vector.print %row0 : vector<5xi32>
  %row1 = call @row(%m, %c1) : (memref<3x5xi4, #q>, index) -> vector<5xi32>
  vector.print %row1 : vector<5xi32>
  %row2 = call @row(%m, %c2) : (memref<3x5xi4, #q>, index) -> vector<5xi32>
  vector.print %row2 : vector<5xi32>
  memref.dealloc %m : memref<3x5xi4, #q>

  // Predicates, eight to a byte.
  %b = memref.alloc() : memref<4x8xi1, #p>
  %false = arith.constant false
  %true = arith.constant true
  scf.for %i = %c0 to %c4 step %c1 {
    scf.for %j = %c0 to %c7 step %c1 {
      memref.store %false, %b[%i, %j] : memref<4x8xi1, #p>
    }
    memref.store %false, %b[%i, %c7] : memref<4x8xi1, #p>
  }
  %p0 = memref.atomic_rmw ori %true, %b[%c1, %c3] : (i1, memref<4x8xi1, #p>) -> i1
  %p1 = memref.atomic_rmw ori %true, %b[%c2, %c7] : (i1, memref<4x8xi1, #p>) -> i1
  %p2 = memref.atomic_rmw xori %true, %b[%c1, %c3] : (i1, memref<4x8xi1, #p>) -> i1
  %p3 = memref.atomic_rmw andi %true, %b[%c2, %c7] : (i1, memref<4x8xi1, #p>) -> i1
  %p4 = memref.atomic_rmw assign %true, %b[%c3, %c0] : (i1, memref<4x8xi1, #p>) -> i1
  // CHECK: ( 0, 0, 1, 1, 0 )
  %pv = vector.from_elements %p0, %p1, %p2, %p3, %p4 : vector<5xi1>
  %pw = arith.extui %pv : vector<5xi1> to vector<5xi32>
  vector.print %pw : vector<5xi32>
  // Bits set: (2, 7) and (3, 0); their count over the array is 2.
  %count = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %c0) -> index {
    %inner = scf.for %j = %c0 to %c7 step %c1 iter_args(%a = %acc) -> index {
      %v = memref.load %b[%i, %j] : memref<4x8xi1, #p>
      %n = arith.index_castui %v : i1 to index
      %s = arith.addi %a, %n : index
      scf.yield %s : index
    }
    %v = memref.load %b[%i, %c7] : memref<4x8xi1, #p>
    %n = arith.index_castui %v : i1 to index
    %s = arith.addi %inner, %n : index
    scf.yield %s : index
  }
  // CHECK: 2
  vector.print %count : index
  %last = memref.load %b[%c2, %c7] : memref<4x8xi1, #p>
  %first = memref.load %b[%c3, %c0] : memref<4x8xi1, #p>
  // CHECK: ( 1, 1 )
  %lf = vector.from_elements %last, %first : vector<2xi1>
  %lw = arith.extui %lf : vector<2xi1> to vector<2xi32>
  vector.print %lw : vector<2xi32>
  memref.dealloc %b : memref<4x8xi1, #p>
  return
}
