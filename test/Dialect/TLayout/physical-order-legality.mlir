// physical-order permutes a nest only where it proves every dependence
// kept: the nest may hold affine.load/store (which upstream's dependence
// analysis models), ops without memory effects and ops whose effects are
// those they hold (scf.if, affine.if, loops); its buffers accessed through
// distinct memref values must be distinct buffers. The loops below run
// over columns of row-major buffers, which the pass would make rows.
// RUN: tlayout-opt %s --lower-tiled-layouts \
// RUN:   --tlayout-cpu-loops="physical-order=true collapse-loops=false" \
// RUN:   --split-input-file \
// RUN:   | FileCheck %s

// Two buffers, one updated in place.
// CHECK-LABEL: func.func @legal(
// CHECK:       affine.for %[[O:.*]] = 0 to 4 {
// CHECK-NEXT:    affine.for %[[I:.*]] = 0 to 8 {
// CHECK:           affine.store %{{.*}}, %{{.*}}[%[[O]], %[[I]]]
func.func @legal(%m: memref<4x8xi32>, %n: memref<4x8xi32>) {
  affine.for %j = 0 to 8 {
    affine.for %i = 0 to 4 {
      %x = affine.load %n[%i, %j] : memref<4x8xi32>
      %y = affine.load %m[%i, %j] : memref<4x8xi32>
      %z = arith.addi %x, %y : i32
      affine.store %z, %m[%i, %j] : memref<4x8xi32>
    }
  }
  return
}

// -----

// Tiled: the tile loops go outside, and the nest may be permuted.
// CHECK-LABEL: func.func @legal_tiled(
// CHECK:       affine.for %[[TI:.*]] = 0 to 2 {
// CHECK-NEXT:    affine.for %[[TJ:.*]] = 0 to 2 {
// CHECK-NEXT:      affine.for %[[EI:.*]] = 0 to 2 {
// CHECK-NEXT:        affine.for %[[EJ:.*]] = 0 to 2 {
// CHECK:               affine.store %{{.*}}, %{{.*}}[%[[TI]], %[[TJ]], %[[EI]], %[[EJ]]]
func.func @legal_tiled(%m: memref<4x4xi32, #tlayout.tiled<{1,0:T(2,2)}>>) {
  %one = arith.constant 1 : i32
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 4 {
      %x = affine.load %m[%i, %j] : memref<4x4xi32, #tlayout.tiled<{1,0:T(2,2)}>>
      %y = arith.addi %x, %one : i32
      affine.store %y, %m[%i, %j] : memref<4x4xi32, #tlayout.tiled<{1,0:T(2,2)}>>
    }
  }
  return
}

// -----

// The effects of an scf.if are those of the affine ops it holds.
// CHECK-LABEL: func.func @legal_under_if(
// CHECK:       affine.for %[[O:.*]] = 0 to 4 {
// CHECK-NEXT:    affine.for %[[I:.*]] = 0 to 8 {
// CHECK:           scf.if
// CHECK:             affine.load %{{.*}}[%[[O]], %[[I]]]
// CHECK:           affine.store %{{.*}}, %{{.*}}[%[[O]], %[[I]]]
func.func @legal_under_if(%m: memref<4x8xi32>, %n: memref<4x8xi32>,
                          %k: index) {
  affine.for %j = 0 to 8 {
    affine.for %i = 0 to 4 {
      %c = arith.cmpi ult, %j, %k : index
      %x = scf.if %c -> i32 {
        %l = affine.load %n[%i, %j] : memref<4x8xi32>
        scf.yield %l : i32
      } else {
        %z = arith.constant 0 : i32
        scf.yield %z : i32
      }
      affine.store %x, %m[%i, %j] : memref<4x8xi32>
    }
  }
  return
}

// -----

// m[i][j] = m[i - 1][j + 1]: a dependence of distance (1, -1) in (j, i)
// that rows would reverse.
// CHECK-LABEL: func.func @negative_dependence(
// CHECK:       affine.for %[[O:.*]] = 0 to 7 {
// CHECK-NEXT:    affine.for %[[I:.*]] = 1 to 4 {
// CHECK:           affine.store %{{.*}}, %{{.*}}[%[[I]], %[[O]]]
func.func @negative_dependence(%m: memref<4x8xi32>) {
  affine.for %j = 0 to 7 {
    affine.for %i = 1 to 4 {
      %x = affine.load %m[%i - 1, %j + 1] : memref<4x8xi32>
      affine.store %x, %m[%i, %j] : memref<4x8xi32>
    }
  }
  return
}

// -----

// The same through memref.load at computed indices, which the dependence
// analysis does not see.
// CHECK-LABEL: func.func @negative_memref_load(
// CHECK:       affine.for %[[O:.*]] = 0 to 7 {
// CHECK-NEXT:    affine.for %[[I:.*]] = 1 to 4 {
// CHECK:           affine.store %{{.*}}, %{{.*}}[%[[I]], %[[O]]]
func.func @negative_memref_load(%m: memref<4x8xi32>) {
  %c1 = arith.constant 1 : index
  affine.for %j = 0 to 7 {
    affine.for %i = 1 to 4 {
      %pi = arith.subi %i, %c1 : index
      %nj = arith.addi %j, %c1 : index
      %x = memref.load %m[%pi, %nj] : memref<4x8xi32>
      affine.store %x, %m[%i, %j] : memref<4x8xi32>
    }
  }
  return
}

// -----

// A counter kept in memory numbers the elements in visiting order.
// CHECK-LABEL: func.func @negative_counter(
// CHECK:       affine.for %[[O:.*]] = 0 to 8 {
// CHECK-NEXT:    affine.for %[[I:.*]] = 0 to 4 {
// CHECK:           affine.store %{{.*}}, %{{.*}}[%[[I]], %[[O]]]
func.func @negative_counter(%m: memref<4x8xi32>, %count: memref<1xi32>) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i32
  affine.for %j = 0 to 8 {
    affine.for %i = 0 to 4 {
      %n = memref.load %count[%c0] : memref<1xi32>
      affine.store %n, %m[%i, %j] : memref<4x8xi32>
      %next = arith.addi %n, %one : i32
      memref.store %next, %count[%c0] : memref<1xi32>
    }
  }
  return
}

// -----

// CHECK-LABEL: func.func @negative_atomic(
// CHECK:       affine.for %[[O:.*]] = 0 to 8 {
// CHECK-NEXT:    affine.for %[[I:.*]] = 0 to 4 {
// CHECK:           affine.store %{{.*}}, %{{.*}}[%[[I]], %[[O]]]
func.func @negative_atomic(%m: memref<4x8xi32>, %count: memref<1xi32>) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i32
  affine.for %j = 0 to 8 {
    affine.for %i = 0 to 4 {
      %n = memref.atomic_rmw addi %one, %count[%c0] : (i32, memref<1xi32>) -> i32
      affine.store %n, %m[%i, %j] : memref<4x8xi32>
    }
  }
  return
}

// -----

// CHECK-LABEL: func.func @negative_call(
// CHECK:       affine.for %[[O:.*]] = 0 to 8 {
// CHECK-NEXT:    affine.for %[[I:.*]] = 0 to 4 {
// CHECK:           affine.store %{{.*}}, %{{.*}}[%[[I]], %[[O]]]
func.func private @next() -> i32
func.func @negative_call(%m: memref<4x8xi32>) {
  affine.for %j = 0 to 8 {
    affine.for %i = 0 to 4 {
      %n = func.call @next() : () -> i32
      affine.store %n, %m[%i, %j] : memref<4x8xi32>
    }
  }
  return
}

// -----

// func.call_indirect declares no memory effects: they are unknown.
// CHECK-LABEL: func.func @negative_unknown_effects(
// CHECK:       affine.for %[[O:.*]] = 0 to 8 {
// CHECK-NEXT:    affine.for %[[I:.*]] = 0 to 4 {
// CHECK:           affine.store %{{.*}}, %{{.*}}[%[[I]], %[[O]]]
func.func private @next() -> i32
func.func @negative_unknown_effects(%m: memref<4x8xi32>) {
  %f = func.constant @next : () -> i32
  affine.for %j = 0 to 8 {
    affine.for %i = 0 to 4 {
      %n = func.call_indirect %f() : () -> i32
      affine.store %n, %m[%i, %j] : memref<4x8xi32>
    }
  }
  return
}

// -----

// A vector transfer is not an access the analysis models.
// CHECK-LABEL: func.func @negative_transfer(
// CHECK:       affine.for %[[O:.*]] = 0 to 7 {
// CHECK-NEXT:    affine.for %[[I:.*]] = 1 to 4 {
// CHECK:           affine.store %{{.*}}, %{{.*}}[%[[I]], %[[O]]]
func.func @negative_transfer(%m: memref<4x8xi32>) {
  %c1 = arith.constant 1 : index
  %pad = arith.constant 0 : i32
  affine.for %j = 0 to 7 {
    affine.for %i = 1 to 4 {
      %pi = arith.subi %i, %c1 : index
      %nj = arith.addi %j, %c1 : index
      %v = vector.transfer_read %m[%pi, %nj], %pad {in_bounds = [true]} : memref<4x8xi32>, vector<1xi32>
      %x = vector.extract %v[0] : i32 from vector<1xi32>
      affine.store %x, %m[%i, %j] : memref<4x8xi32>
    }
  }
  return
}

// -----

// What an scf.if holds counts: here a memref.load.
// CHECK-LABEL: func.func @negative_load_under_if(
// CHECK:       affine.for %[[O:.*]] = 0 to 7 {
// CHECK-NEXT:    affine.for %[[I:.*]] = 1 to 4 {
// CHECK:           affine.store %{{.*}}, %{{.*}}[%[[I]], %[[O]]]
func.func @negative_load_under_if(%m: memref<4x8xi32>, %k: index) {
  %c1 = arith.constant 1 : index
  affine.for %j = 0 to 7 {
    affine.for %i = 1 to 4 {
      %c = arith.cmpi ult, %j, %k : index
      %x = scf.if %c -> i32 {
        %pi = arith.subi %i, %c1 : index
        %nj = arith.addi %j, %c1 : index
        %l = memref.load %m[%pi, %nj] : memref<4x8xi32>
        scf.yield %l : i32
      } else {
        %z = arith.constant 0 : i32
        scf.yield %z : i32
      }
      affine.store %x, %m[%i, %j] : memref<4x8xi32>
    }
  }
  return
}

// -----

// One buffer through two memref values: the dependence analysis would take
// them for two buffers.
// CHECK-LABEL: func.func @negative_alias(
// CHECK:       affine.for %[[O:.*]] = 0 to 7 {
// CHECK-NEXT:    affine.for %[[I:.*]] = 1 to 4 {
// CHECK:           affine.store %{{.*}}, %{{.*}}[%[[I]], %[[O]]]
func.func @negative_alias(%m: memref<4x8xi32>) {
  %v = memref.cast %m : memref<4x8xi32> to memref<?x8xi32>
  affine.for %j = 0 to 7 {
    affine.for %i = 1 to 4 {
      %x = affine.load %v[%i - 1, %j + 1] : memref<?x8xi32>
      affine.store %x, %m[%i, %j] : memref<4x8xi32>
    }
  }
  return
}

// -----

// Two reads of one global are one buffer too.
// CHECK-LABEL: func.func @negative_global(
// CHECK:       affine.for %[[O:.*]] = 0 to 7 {
// CHECK-NEXT:    affine.for %[[I:.*]] = 1 to 4 {
// CHECK:           affine.store %{{.*}}, %{{.*}}[%[[I]], %[[O]]]
memref.global "private" @g : memref<4x8xi32> = dense<0>
func.func @negative_global() {
  %a = memref.get_global @g : memref<4x8xi32>
  %b = memref.get_global @g : memref<4x8xi32>
  affine.for %j = 0 to 7 {
    affine.for %i = 1 to 4 {
      %x = affine.load %a[%i - 1, %j + 1] : memref<4x8xi32>
      affine.store %x, %b[%i, %j] : memref<4x8xi32>
    }
  }
  return
}

// -----

// An inner loop carrying a value ends the band; its accesses count like
// any other.
// CHECK-LABEL: func.func @legal_inner_iter_args(
// CHECK:       affine.for %[[O:.*]] = 0 to 4 {
// CHECK-NEXT:    affine.for %[[I:.*]] = 0 to 8 {
// CHECK:           affine.store %{{.*}}, %{{.*}}[%[[O]], %[[I]]]
func.func @legal_inner_iter_args(%m: memref<4x8xi32>,
                                 %n: memref<4x8x2xi32>) {
  %zero = arith.constant 0 : i32
  affine.for %j = 0 to 8 {
    affine.for %i = 0 to 4 {
      %s = affine.for %k = 0 to 2 iter_args(%acc = %zero) -> i32 {
        %x = affine.load %n[%i, %j, %k] : memref<4x8x2xi32>
        %t = arith.addi %acc, %x : i32
        affine.yield %t : i32
      }
      affine.store %s, %m[%i, %j] : memref<4x8xi32>
    }
  }
  return
}

// -----

// The same nest reading its output through a cast: one buffer behind two
// memref values, which the analysis cannot relate. Legal here (the
// dependences stay within a column), but not proved: left alone.
// CHECK-LABEL: func.func @negative_inner_iter_args_alias(
// CHECK:       affine.for %[[O:.*]] = 0 to 8 {
// CHECK-NEXT:    affine.for %[[I:.*]] = 0 to 4 {
// CHECK:           affine.store %{{.*}}, %{{.*}}[%[[I]], %[[O]]]
func.func @negative_inner_iter_args_alias(%m: memref<4x8xi32>) {
  %zero = arith.constant 0 : i32
  %v = memref.cast %m : memref<4x8xi32> to memref<4x?xi32>
  affine.for %j = 0 to 8 {
    affine.for %i = 0 to 4 {
      %s = affine.for %k = 0 to 2 iter_args(%acc = %zero) -> i32 {
        %x = affine.load %v[%k, %j] : memref<4x?xi32>
        %t = arith.addi %acc, %x : i32
        affine.yield %t : i32
      }
      affine.store %s, %m[%i, %j] : memref<4x8xi32>
    }
  }
  return
}

// -----

// A view made in the nest moves with the loops, which the analysis does
// not know: m[i + 1][j] = m[i][j + 1] through one memref value.
// CHECK-LABEL: func.func @negative_view_in_nest(
// CHECK:       affine.for %[[O:.*]] = 0 to 7 {
// CHECK-NEXT:    affine.for %[[I:.*]] = 0 to 7 {
// CHECK:           memref.subview %{{.*}}[%[[I]], 0]
// CHECK:           affine.store %{{.*}}, %{{.*}}[1, %[[O]]]
func.func @negative_view_in_nest(%m: memref<8x8xi32>) {
  affine.for %j = 0 to 7 {
    affine.for %i = 0 to 7 {
      %s = memref.subview %m[%i, 0] [2, 8] [1, 1] : memref<8x8xi32> to memref<2x8xi32, strided<[8, 1], offset: ?>>
      %x = affine.load %s[0, %j + 1] : memref<2x8xi32, strided<[8, 1], offset: ?>>
      affine.store %x, %s[1, %j] : memref<2x8xi32, strided<[8, 1], offset: ?>>
    }
  }
  return
}
