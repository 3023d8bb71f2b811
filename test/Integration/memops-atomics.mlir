// Atomics and prefetches of elements of tiled memrefs act on the element's
// place in the physical buffer; memref.rank and memref.assume_alignment of
// tiled memrefs lower too. The second run is the same program with the
// layouts removed (upstream lowers it): both print the same numbers.
// RUN: tlayout-opt %s %{lower_to_llvm} | %{run} | FileCheck %s
// RUN: sed -e 's/, #[tu]>/>/g' %s | tlayout-opt %{lower_to_llvm} | %{run} | FileCheck %s

#t = #tlayout.tiled<{1,0:T(2,2)}>
#u = #tlayout.tiled<{0,1:T(4,2)(2,1)}>

func.func private @printMemrefI32(memref<*xi32>)
func.func private @printMemrefF32(memref<*xf32>)

/// Element (i, j) of a fresh 3x5 memref holds 10 * i + j.
func.func @fresh() -> memref<3x5xi32, #t> {
  %m = memref.alloc() : memref<3x5xi32, #t>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c10 = arith.constant 10 : index
  scf.for %i = %c0 to %c3 step %c1 {
    scf.for %j = %c0 to %c5 step %c1 {
      %a = arith.muli %i, %c10 : index
      %b = arith.addi %a, %j : index
      %v = arith.index_cast %b : index to i32
      memref.store %v, %m[%i, %j] : memref<3x5xi32, #t>
    }
  }
  return %m : memref<3x5xi32, #t>
}

func.func @print35(%m: memref<3x5xi32, #t>) {
  %plain = memref.alloc() : memref<3x5xi32>
  memref.copy %m, %plain : memref<3x5xi32, #t> to memref<3x5xi32>
  %u = memref.cast %plain : memref<3x5xi32> to memref<*xi32>
  call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  memref.dealloc %plain : memref<3x5xi32>
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %m = call @fresh() : () -> memref<3x5xi32, #t>

  // Each update returns the value before it.
  %x = arith.constant 100 : i32
  %r0 = memref.atomic_rmw addi %x, %m[%c1, %c3] : (i32, memref<3x5xi32, #t>) -> i32
  %r1 = memref.atomic_rmw addi %x, %m[%c1, %c3] : (i32, memref<3x5xi32, #t>) -> i32
  %big = arith.constant 17 : i32
  %r2 = memref.atomic_rmw maxs %big, %m[%c0, %c4] : (i32, memref<3x5xi32, #t>) -> i32
  %r3 = memref.atomic_rmw maxs %big, %m[%c2, %c4] : (i32, memref<3x5xi32, #t>) -> i32
  %r4 = memref.atomic_rmw assign %x, %m[%c2, %c0] : (i32, memref<3x5xi32, #t>) -> i32
  // CHECK: ( 13, 113, 4, 24, 20 )
  %r = vector.from_elements %r0, %r1, %r2, %r3, %r4 : vector<5xi32>
  vector.print %r : vector<5xi32>

  // A generic update: v * 3 + 1 at (2, 3), twice.
  %three = arith.constant 3 : i32
  %one = arith.constant 1 : i32
  %g0 = memref.generic_atomic_rmw %m[%c2, %c3] : memref<3x5xi32, #t> {
  ^bb0(%old: i32):
    %p = arith.muli %old, %three : i32
    %q = arith.addi %p, %one : i32
    memref.atomic_yield %q : i32
  }
  %g1 = memref.generic_atomic_rmw %m[%c2, %c3] : memref<3x5xi32, #t> {
  ^bb0(%old: i32):
    %p = arith.muli %old, %three : i32
    %q = arith.addi %p, %one : i32
    memref.atomic_yield %q : i32
  }
  // CHECK: ( 23, 70 )
  %g = vector.from_elements %g0, %g1 : vector<2xi32>
  vector.print %g : vector<2xi32>

  // The rank is the logical rank; an alignment assumption holds for the
  // physical buffer, which an aligned allocation gives.
  %rank = memref.rank %m : memref<3x5xi32, #t>
  // CHECK: 2
  vector.print %rank : index
  %al = memref.alloc() {alignment = 64 : i64} : memref<3x5xi32, #t>
  %aligned = memref.assume_alignment %al, 64 : memref<3x5xi32, #t>
  memref.store %three, %aligned[%c2, %c2] : memref<3x5xi32, #t>
  %back = memref.load %al[%c2, %c2] : memref<3x5xi32, #t>
  // CHECK: 3
  vector.print %back : i32
  memref.dealloc %al : memref<3x5xi32, #t>

  // A prefetch changes nothing.
  memref.prefetch %m[%c2, %c4], read, locality<3>, data : memref<3x5xi32, #t>
  memref.prefetch %m[%c0, %c1], write, locality<0>, data : memref<3x5xi32, #t>

  // CHECK: Unranked Memref
  // CHECK-NEXT: {{\[\[}}0, 1, 2, 3, 17],
  // CHECK-NEXT: [10, 11, 12, 213, 14],
  // CHECK-NEXT: [100, 21, 22, 211, 24{{\]\]}}
  call @print35(%m) : (memref<3x5xi32, #t>) -> ()
  memref.dealloc %m : memref<3x5xi32, #t>

  // Floating-point atomics on a column-major layout with two tile levels,
  // dynamic sizes.
  %f = memref.alloc(%c3) : memref<?x5xf32, #u>
  %zero = arith.constant 0.5 : f32
  scf.for %i = %c0 to %c3 step %c1 {
    scf.for %j = %c0 to %c4 step %c1 {
      memref.store %zero, %f[%i, %j] : memref<?x5xf32, #u>
    }
    memref.store %zero, %f[%i, %c4] : memref<?x5xf32, #u>
  }
  %y = arith.constant 2.0 : f32
  scf.for %i = %c0 to %c3 step %c1 {
    %a = memref.atomic_rmw addf %y, %f[%i, %i] : (f32, memref<?x5xf32, #u>) -> f32
    %b = memref.atomic_rmw assign %y, %f[%i, %c4] : (f32, memref<?x5xf32, #u>) -> f32
  }
  %h = memref.atomic_rmw maximumf %y, %f[%c2, %c1] : (f32, memref<?x5xf32, #u>) -> f32
  // CHECK: 0.5
  vector.print %h : f32
  %plain = memref.alloc() : memref<3x5xf32>
  scf.for %i = %c0 to %c3 step %c1 {
    scf.for %j = %c0 to %c4 step %c1 {
      %v = memref.load %f[%i, %j] : memref<?x5xf32, #u>
      memref.store %v, %plain[%i, %j] : memref<3x5xf32>
    }
    %v = memref.load %f[%i, %c4] : memref<?x5xf32, #u>
    memref.store %v, %plain[%i, %c4] : memref<3x5xf32>
  }
  %pu = memref.cast %plain : memref<3x5xf32> to memref<*xf32>
  // CHECK: Unranked Memref
  // CHECK-NEXT: {{\[\[}}2.5, 0.5, 0.5, 0.5, 2],
  // CHECK-NEXT: [0.5, 2.5, 0.5, 0.5, 2],
  // CHECK-NEXT: [0.5, 2, 2.5, 0.5, 2{{\]\]}}
  call @printMemrefF32(%pu) : (memref<*xf32>) -> ()
  memref.dealloc %plain : memref<3x5xf32>
  memref.dealloc %f : memref<?x5xf32, #u>
  return
}
