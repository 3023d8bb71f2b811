// RUN: tlayout-opt %s --tlayout-cpu-loops=collapse-loops=false \
// RUN:   --split-input-file | FileCheck %s
// RUN: tlayout-opt %s --tlayout-cpu-loops=physical-order=false \
// RUN:   --split-input-file | FileCheck %s --check-prefix=OFF
// RUN: tlayout-opt %s \
// RUN:   --tlayout-cpu-loops=jam-repeated-stores=false \
// RUN:   --split-input-file | FileCheck %s --check-prefix=OFF

// --tlayout-simplify-indexing runs the trips of the loops around a tile
// loop inside it where they store to the same locations at every trip (the
// rows of a packed word, each rewriting the whole run of words), then
// forwards each stored value to the loads that follow it and drops the
// stores overwritten before anything reads them. Here in physical form, as
// the lowering of a packed layout leaves the loops; the negative_ cases
// must stay as they are.

// Four rows of 4-bit values packed into the words of two tiles: each row
// replaces its nibble of every word of a tile.
// CHECK-LABEL: func.func @positive_packed
// CHECK-DAG:   %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:   %[[C3:.*]] = arith.constant 3 : index
// CHECK:       affine.for %[[T:.*]] = 0 to 2 {
// CHECK-NOT:     affine.for
// CHECK:         vector.transfer_read %{{.*}}[%[[C0]], %{{.*}}]
// CHECK:         %[[W:.*]] = vector.load %{{.*}}[%[[A:.*]]] : memref<32xi32>, vector<16xi32>
// CHECK:         arith.andi %[[W]]
// CHECK-NOT:     vector.load
// CHECK-NOT:     vector.store
// CHECK:         vector.transfer_read %{{.*}}[%[[C3]], %{{.*}}]
// CHECK-NOT:     vector.load
// CHECK:         vector.store %{{.*}}, %{{.*}}[%{{.*}}] : memref<32xi32>, vector<16xi32>
// CHECK-NEXT:  }
// CHECK-NEXT:  return
// OFF-LABEL:   func.func @positive_packed
// OFF:         affine.for %{{.*}} = 0 to 4 {
// OFF:           affine.for %{{.*}} = 0 to 2 {
func.func @positive_packed(%src: memref<4x32xi8>, %buf: memref<32xi32>) {
  %pad = arith.constant 0 : i8
  %nibble = arith.constant dense<15> : vector<16xi32>
  %ones = arith.constant dense<-1> : vector<16xi32>
  affine.for %r = 0 to 4 {
    %s = affine.apply affine_map<(r) -> (r * 4)>(%r)
    %si = arith.index_castui %s : index to i32
    %sv = vector.broadcast %si : i32 to vector<16xi32>
    affine.for %t = 0 to 2 {
      %col = affine.apply affine_map<(t) -> (t * 16)>(%t)
      %v = vector.transfer_read %src[%r, %col], %pad {in_bounds = [true]}
          : memref<4x32xi8>, vector<16xi8>
      %w = vector.load %buf[%col] : memref<32xi32>, vector<16xi32>
      %m = arith.shli %nibble, %sv : vector<16xi32>
      %k = arith.xori %m, %ones : vector<16xi32>
      %c = arith.andi %w, %k : vector<16xi32>
      %e = arith.extui %v : vector<16xi8> to vector<16xi32>
      %x = arith.andi %e, %nibble : vector<16xi32>
      %y = arith.shli %x, %sv : vector<16xi32>
      %n = arith.ori %c, %y : vector<16xi32>
      vector.store %n, %buf[%col] : memref<32xi32>, vector<16xi32>
    }
  }
  return
}

// -----

// Two loops of rows (4 x 2 trips) with an index between them; scalar
// stores, each overwriting the last: only the last row's store remains.
// CHECK-LABEL: func.func @positive_nested_rows
// CHECK:       affine.for %[[T:.*]] = 0 to 16 {
// CHECK-COUNT-8: affine.load
// CHECK-NOT:     affine.store
// CHECK:         affine.store %{{.*}}, %{{.*}}[%[[T]]] : memref<16xf32>
// CHECK-NOT:     affine.store
// CHECK:       return
func.func @positive_nested_rows(%a: memref<8x16xf32>, %out: memref<16xf32>) {
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 2 {
      %row = affine.apply affine_map<(i, j) -> (i * 2 + j)>(%i, %j)
      affine.for %t = 0 to 16 {
        %x = affine.load %a[%row, %t] : memref<8x16xf32>
        affine.store %x, %out[%t] : memref<16xf32>
      }
    }
  }
  return
}

// -----

// Only the loops that repeat the stores are jammed: the outer loop indexes
// the written buffer and stays around.
// CHECK-LABEL: func.func @positive_inner_rows_only
// CHECK:       affine.for %[[G:.*]] = 0 to 3 {
// CHECK-NOT:     affine.for
// CHECK:         affine.for %[[T:.*]] = 0 to 4 {
// CHECK-COUNT-2: memref.load
// CHECK:           memref.store %{{.*}}, %{{.*}}[%[[G]], %[[T]]]
// CHECK-NOT:       memref.store
// CHECK:         }
// CHECK-NEXT:  }
func.func @positive_inner_rows_only(%a: memref<6x4xi32>,
                                    %out: memref<3x4xi32>) {
  affine.for %g = 0 to 3 {
    affine.for %r = 0 to 2 {
      affine.for %t = 0 to 4 {
        %row = affine.apply affine_map<(g, r) -> (g * 2 + r)>(%g, %r)
        %x = memref.load %a[%row, %t] : memref<6x4xi32>
        %o = memref.load %out[%g, %t] : memref<3x4xi32>
        %s = arith.addi %o, %x : i32
        memref.store %s, %out[%g, %t] : memref<3x4xi32>
      }
    }
  }
  return
}

// -----

// Unpacking: the rows read the same words of a tile and write rows of their
// own (a buffer only written, at distinct elements for distinct rows and
// tiles): each tile's words are loaded once.
// CHECK-LABEL: func.func @positive_write_only
// CHECK:       affine.for %[[T:.*]] = 0 to 2 {
// CHECK-NOT:     affine.for
// CHECK:         vector.load
// CHECK-NOT:     vector.load
// CHECK-COUNT-4: vector.transfer_write
// CHECK-NOT:     vector.load
// CHECK:       return
func.func @positive_write_only(%buf: memref<32xi32>, %dst: memref<4x32xi8>) {
  affine.for %r = 0 to 4 {
    %s = affine.apply affine_map<(r) -> (r * 4)>(%r)
    %si = arith.index_castui %s : index to i32
    %sv = vector.broadcast %si : i32 to vector<16xi32>
    affine.for %t = 0 to 2 {
      %col = affine.apply affine_map<(t) -> (t * 16)>(%t)
      %w = vector.load %buf[%col] : memref<32xi32>, vector<16xi32>
      %h = arith.shrui %w, %sv : vector<16xi32>
      %n = arith.trunci %h : vector<16xi32> to vector<16xi8>
      vector.transfer_write %n, %dst[%r, %col] {in_bounds = [true]}
          : vector<16xi8>, memref<4x32xi8>
    }
  }
  return
}

// -----

// A buffer only written, but at one element for a row and a tile and for
// the next row and the previous tile (r + t): the last writer would change.
// CHECK-LABEL: func.func @negative_write_only_collision
// CHECK:       affine.for %{{.*}} = 0 to 4 {
// CHECK-NEXT:    affine.for %{{.*}} = 0 to 8 {
func.func @negative_write_only_collision(%a: memref<8xf32>,
                                         %out: memref<12xf32>) {
  affine.for %r = 0 to 4 {
    affine.for %t = 0 to 8 {
      %x = affine.load %a[%t] : memref<8xf32>
      affine.store %x, %out[%r + %t] : memref<12xf32>
    }
  }
  return
}

// -----

// The same inside a loop of one trip, whose index the location lacks (a
// loop of one trip moves nothing; the rows inside still collide).
// CHECK-LABEL: func.func @negative_write_only_collision_single_trip
// CHECK:       affine.for %{{.*}} = 0 to 1 {
// CHECK-NEXT:    affine.for %{{.*}} = 0 to 4 {
// CHECK-NEXT:      affine.for %{{.*}} = 0 to 8 {
func.func @negative_write_only_collision_single_trip(%a: memref<8xf32>,
                                                     %out: memref<12xf32>) {
  affine.for %q = 0 to 1 {
    affine.for %r = 0 to 4 {
      affine.for %t = 0 to 8 {
        %x = affine.load %a[%t] : memref<8xf32>
        affine.store %x, %out[%r + %t] : memref<12xf32>
      }
    }
  }
  return
}

// -----

// Written at distinct elements, but nothing the rows repeat moves with the
// tiles (the only read is at a fixed element): nothing to jam.
// CHECK-LABEL: func.func @negative_nothing_repeated
// CHECK:       affine.for %{{.*}} = 0 to 4 {
// CHECK-NEXT:    affine.for %{{.*}} = 0 to 8 {
func.func @negative_nothing_repeated(%a: memref<8xf32>,
                                     %out: memref<4x8xf32>) {
  affine.for %r = 0 to 4 {
    affine.for %t = 0 to 8 {
      %x = affine.load %a[0] : memref<8xf32>
      affine.store %x, %out[%r, %t] : memref<4x8xf32>
    }
  }
  return
}

// -----

// Every trip of the tiles stores to one element: the rows' order of
// accumulation would change.
// CHECK-LABEL: func.func @negative_same_element
// CHECK:       affine.for %{{.*}} = 0 to 4 {
// CHECK-NEXT:    affine.for %{{.*}} = 0 to 8 {
func.func @negative_same_element(%a: memref<4x8xf32>, %acc: memref<1xf32>) {
  affine.for %r = 0 to 4 {
    affine.for %t = 0 to 8 {
      %x = affine.load %a[%r, %t] : memref<4x8xf32>
      %s = affine.load %acc[0] : memref<1xf32>
      %n = arith.addf %s, %x : f32
      affine.store %n, %acc[0] : memref<1xf32>
    }
  }
  return
}

// -----

// Vectors of 8 at every 4th element: trips overlap.
// CHECK-LABEL: func.func @negative_overlap
// CHECK:       affine.for %{{.*}} = 0 to 4 {
// CHECK-NEXT:    affine.for %{{.*}} = 0 to 7 {
func.func @negative_overlap(%a: memref<4x8xi32>, %buf: memref<32xi32>) {
  affine.for %r = 0 to 4 {
    affine.for %t = 0 to 7 {
      %o = affine.apply affine_map<(t) -> (t * 4)>(%t)
      %w = vector.load %buf[%o] : memref<32xi32>, vector<8xi32>
      %x = affine.load %a[%r, %t] : memref<4x8xi32>
      %b = vector.broadcast %x : i32 to vector<8xi32>
      %n = arith.addi %w, %b : vector<8xi32>
      vector.store %n, %buf[%o] : memref<32xi32>, vector<8xi32>
    }
  }
  return
}

// -----

// A written memref whose layout is not the identity: with a zero stride,
// distinct indices are one element.
// CHECK-LABEL: func.func @negative_broadcast
// CHECK:       affine.for %{{.*}} = 0 to 4 {
// CHECK-NEXT:    affine.for %{{.*}} = 0 to 8 {
func.func @negative_broadcast(%a: memref<4x8xf32>,
                              %out: memref<8xf32, strided<[0]>>) {
  affine.for %r = 0 to 4 {
    affine.for %t = 0 to 8 {
      %x = affine.load %a[%r, %t] : memref<4x8xf32>
      %o = affine.load %out[%t] : memref<8xf32, strided<[0]>>
      %s = arith.addf %o, %x : f32
      affine.store %s, %out[%t] : memref<8xf32, strided<[0]>>
    }
  }
  return
}

// -----

// The written buffer is read at another element than it is written.
// CHECK-LABEL: func.func @negative_two_locations
// CHECK:       affine.for %{{.*}} = 0 to 4 {
// CHECK-NEXT:    affine.for %{{.*}} = 0 to 8 {
func.func @negative_two_locations(%buf: memref<9xi32>) {
  affine.for %r = 0 to 4 {
    affine.for %t = 0 to 8 {
      %x = affine.load %buf[%t + 1] : memref<9xi32>
      affine.store %x, %buf[%t] : memref<9xi32>
    }
  }
  return
}

// -----

// The written location depends on the row: nothing is repeated.
// CHECK-LABEL: func.func @negative_row_location
// CHECK:       affine.for %{{.*}} = 0 to 4 {
// CHECK-NEXT:    affine.for %{{.*}} = 0 to 8 {
func.func @negative_row_location(%a: memref<4x8xf32>, %b: memref<4x8xf32>) {
  affine.for %r = 0 to 4 {
    affine.for %t = 0 to 8 {
      %x = affine.load %a[%r, %t] : memref<4x8xf32>
      affine.store %x, %b[%r, %t] : memref<4x8xf32>
    }
  }
  return
}

// -----

// A view of the written buffer is read by a vector transfer (an access
// without a location): it may read what another row stored.
// CHECK-LABEL: func.func @negative_view_of_written
// CHECK:       affine.for %{{.*}} = 0 to 4 {
// CHECK-NEXT:    affine.for %{{.*}} = 0 to 2 {
func.func @negative_view_of_written(%buf: memref<32xi32>) {
  %pad = arith.constant 0 : i32
  %view = memref.subview %buf[0] [32] [1] : memref<32xi32> to memref<32xi32, strided<[1]>>
  affine.for %r = 0 to 4 {
    affine.for %t = 0 to 2 {
      %o = affine.apply affine_map<(t) -> (t * 16)>(%t)
      %p = affine.apply affine_map<(t) -> (16 - t * 16)>(%t)
      %v = vector.transfer_read %view[%p], %pad {in_bounds = [true]}
          : memref<32xi32, strided<[1]>>, vector<16xi32>
      %w = vector.load %buf[%o] : memref<32xi32>, vector<16xi32>
      %n = arith.addi %w, %v : vector<16xi32>
      vector.store %n, %buf[%o] : memref<32xi32>, vector<16xi32>
    }
  }
  return
}

// -----

// A call in the tile loop, of unknown effects.
// CHECK-LABEL: func.func @negative_call
// CHECK:       affine.for %{{.*}} = 0 to 4 {
// CHECK-NEXT:    affine.for %{{.*}} = 0 to 8 {
func.func private @effect()
func.func @negative_call(%a: memref<4x8xf32>, %out: memref<8xf32>) {
  affine.for %r = 0 to 4 {
    affine.for %t = 0 to 8 {
      %x = affine.load %a[%r, %t] : memref<4x8xf32>
      func.call @effect() : () -> ()
      affine.store %x, %out[%t] : memref<8xf32>
    }
  }
  return
}

// -----

// Rows with a bound not known at compile time, too many rows, a row body
// that writes, a tile loop whose bound depends on the row, and one that
// carries a value.
// CHECK-LABEL: func.func @negative_rows
// CHECK:       affine.for %{{.*}} = 0 to %{{.*}} {
// CHECK-NEXT:    affine.for %{{.*}} = 0 to 8 {
// CHECK:       affine.for %{{.*}} = 0 to 32 {
// CHECK-NEXT:    affine.for %{{.*}} = 0 to 8 {
// CHECK:       affine.for %{{.*}} = 0 to 4 {
// CHECK-NEXT:    affine.store
// CHECK-NEXT:    affine.for %{{.*}} = 0 to 8 {
// CHECK:       affine.for %[[R:.*]] = 0 to 4 {
// CHECK-NEXT:    affine.for %{{.*}} = 0 to #{{.*}}(%[[R]]) {
// CHECK:       affine.for %{{.*}} = 0 to 4 {
// CHECK-NEXT:    affine.for %{{.*}} = 0 to 8 iter_args
func.func @negative_rows(%a: memref<32x8xf32>, %out: memref<8xf32>,
                         %n: index) {
  affine.for %r = 0 to %n {
    affine.for %t = 0 to 8 {
      %x = affine.load %a[%r, %t] : memref<32x8xf32>
      affine.store %x, %out[%t] : memref<8xf32>
    }
  }
  affine.for %r = 0 to 32 {
    affine.for %t = 0 to 8 {
      %x = affine.load %a[%r, %t] : memref<32x8xf32>
      affine.store %x, %out[%t] : memref<8xf32>
    }
  }
  %z = arith.constant 0.0 : f32
  affine.for %r = 0 to 4 {
    affine.store %z, %a[%r, 0] : memref<32x8xf32>
    affine.for %t = 0 to 8 {
      %x = affine.load %a[%r, %t] : memref<32x8xf32>
      affine.store %x, %out[%t] : memref<8xf32>
    }
  }
  affine.for %r = 0 to 4 {
    affine.for %t = 0 to affine_map<(r) -> (r + 4)>(%r) {
      %x = affine.load %a[%r, %t] : memref<32x8xf32>
      affine.store %x, %out[%t] : memref<8xf32>
    }
  }
  affine.for %r = 0 to 4 {
    %s = affine.for %t = 0 to 8 iter_args(%acc = %z) -> f32 {
      %x = affine.load %a[%r, %t] : memref<32x8xf32>
      affine.store %x, %out[%t] : memref<8xf32>
      %y = arith.addf %acc, %x : f32
      affine.yield %y : f32
    }
    affine.store %s, %out[0] : memref<8xf32>
  }
  return
}

// -----

// Vectors of 16 written at [t, 0] of rows of 8: each runs past its row into
// the next, so the stores of consecutive tiles overlap although their row
// index moves by one. A written vector must start at a multiple of its
// lanes in a dimension they divide: nothing is jammed.
// CHECK-LABEL: func.func @negative_vector_past_row
// CHECK:       affine.for %{{.*}} = 0 to 4 {
// CHECK-NEXT:    affine.for %{{.*}} = 0 to 3 {
func.func @negative_vector_past_row(%a: memref<4x16xi32>,
                                    %buf: memref<4x8xi32>) {
  %c0 = arith.constant 0 : index
  %three = arith.constant dense<3> : vector<16xi32>
  affine.for %r = 0 to 4 {
    affine.for %t = 0 to 3 {
      %w = vector.load %buf[%t, %c0] : memref<4x8xi32>, vector<16xi32>
      %x = vector.load %a[%r, %c0] : memref<4x16xi32>, vector<16xi32>
      %w3 = arith.muli %w, %three : vector<16xi32>
      %n = arith.addi %w3, %x : vector<16xi32>
      vector.store %n, %buf[%t, %c0] : memref<4x8xi32>, vector<16xi32>
    }
  }
  return
}

// -----

// The same with a column that is 0 or 2 (`((c * 16) mod 32) floordiv 8`,
// not a multiple of the 8 lanes): for an odd %c each vector runs into the
// next row. Nothing is jammed.
// CHECK-LABEL: func.func @negative_vector_floordiv_column
// CHECK:       affine.for %{{.*}} = 0 to 4 {
// CHECK-NEXT:    affine.for %{{.*}} = 0 to 3 {
func.func @negative_vector_floordiv_column(%a: memref<4x8xi32>,
                                           %buf: memref<4x8xi32>,
                                           %c: index) {
  %three = arith.constant dense<3> : vector<8xi32>
  affine.for %r = 0 to 4 {
    affine.for %t = 0 to 3 {
      %w = affine.vector_load %buf[%t, ((symbol(%c) * 16) mod 32) floordiv 8]
          : memref<4x8xi32>, vector<8xi32>
      %x = affine.vector_load %a[%r, 0] : memref<4x8xi32>, vector<8xi32>
      %w3 = arith.muli %w, %three : vector<8xi32>
      %n = arith.addi %w3, %x : vector<8xi32>
      affine.vector_store %n, %buf[%t, ((symbol(%c) * 16) mod 32) floordiv 8]
          : memref<4x8xi32>, vector<8xi32>
    }
  }
  return
}

// -----

// Vectors of 8 written at a column that is a loop index stepping by 8 from
// 0 (a multiple of the lanes in a dimension they divide): they stay in
// their rows, and the rows, which store to the same words, are jammed.
// CHECK-LABEL: func.func @vector_column_loop_index
// CHECK:       affine.for %[[C:.*]] = 0 to 16 step 8 {
// CHECK-NOT:     affine.for %{{.*}} = 0 to 4 {
// CHECK:         affine.for %[[T:.*]] = 0 to 3 {
// CHECK-NOT:       affine.for
// CHECK:           affine.vector_store %{{.*}}, %{{.*}}[%[[T]], %[[C]]]
// CHECK-NOT:       affine.vector_store
// CHECK:         }
func.func @vector_column_loop_index(%a: memref<4x8xi32>,
                                    %buf: memref<4x16xi32>) {
  %three = arith.constant dense<3> : vector<8xi32>
  affine.for %c = 0 to 16 step 8 {
    affine.for %r = 0 to 4 {
      affine.for %t = 0 to 3 {
        %w = affine.vector_load %buf[%t, %c] : memref<4x16xi32>, vector<8xi32>
        %x = affine.vector_load %a[%r, 0] : memref<4x8xi32>, vector<8xi32>
        %w3 = arith.muli %w, %three : vector<8xi32>
        %n = arith.addi %w3, %x : vector<8xi32>
        affine.vector_store %n, %buf[%t, %c] : memref<4x16xi32>, vector<8xi32>
      }
    }
  }
  return
}

// -----

// Sums of columns over groups of rows: the rows of a group store to the
// same sums, but every group revisits them, so they stay in cache. The jam
// would save only cache traffic and read each group's rows side by side:
// nothing is jammed, within kMaxRevisitedBytes (256 KiB, here exactly), for
// an affine loop around the rows as for an scf.for.
// CHECK-LABEL: func.func @negative_revisited_accumulator
// CHECK:       affine.for %{{.*}} = 0 to 16 {
// CHECK:         affine.for %{{.*}} = 0 to 2 {
// CHECK-NEXT:      affine.for %{{.*}} = 0 to 65536 {
// CHECK:       scf.for
// CHECK-NEXT:    affine.for %{{.*}} = 0 to 2 {
// CHECK-NEXT:      affine.for %{{.*}} = 0 to 16 {
func.func @negative_revisited_accumulator(%a: memref<32x65536xf32>,
                                          %out: memref<65536xf32>,
                                          %n: index) {
  affine.for %g = 0 to 16 {
    affine.for %r = 0 to 2 {
      affine.for %t = 0 to 65536 {
        %row = affine.apply affine_map<(g, r) -> (g * 2 + r)>(%g, %r)
        %x = affine.load %a[%row, %t] : memref<32x65536xf32>
        %o = affine.load %out[%t] : memref<65536xf32>
        %s = arith.addf %o, %x : f32
        affine.store %s, %out[%t] : memref<65536xf32>
      }
    }
  }
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %g = %c0 to %n step %c1 {
    affine.for %r = 0 to 2 {
      affine.for %t = 0 to 16 {
        %x = affine.load %a[%r, %t] : memref<32x65536xf32>
        %o = affine.load %out[%t] : memref<65536xf32>
        %s = arith.addf %o, %x : f32
        affine.store %s, %out[%t] : memref<65536xf32>
      }
    }
  }
  return
}

// -----

// The same sums one element past kMaxRevisitedBytes no longer stay in
// cache between groups: jammed. Sums whose locations move with a loop of
// unknown trips inside the group loop are not the same at every group:
// jammed. A loop of one trip around the
// rows (one that is not jammed with them, as it writes) revisits nothing:
// jammed.
// CHECK-LABEL: func.func @accumulator_past_cache
// CHECK:       affine.for %{{.*}} = 0 to 16 {
// CHECK-NOT:     affine.for %{{.*}} = 0 to 2 {
// CHECK:         affine.for %{{.*}} = 0 to 65537 {
// CHECK-COUNT-2: affine.load %{{.*}} : memref<32x65537xf32>
// CHECK:       affine.for %{{.*}} = 0 to 3 {
// CHECK-NEXT:    affine.for %{{.*}} = 0 to %{{.*}} {
// CHECK-NOT:       affine.for %{{.*}} = 0 to 2 {
// CHECK:           affine.for %{{.*}} = 0 to 16 {
// CHECK-COUNT-2:     affine.load %{{.*}} : memref<32x65537xf32>
// CHECK:       affine.for %{{.*}} = 0 to 1 {
// CHECK-NEXT:    affine.store
// CHECK-NOT:     affine.for %{{.*}} = 0 to 2 {
// CHECK:         affine.for %{{.*}} = 0 to 16 {
// CHECK-COUNT-2:   affine.load %{{.*}} : memref<32x65537xf32>
func.func @accumulator_past_cache(%a: memref<32x65537xf32>,
                                  %out: memref<65537xf32>, %n: index,
                                  %other: memref<1xf32>) {
  affine.for %g = 0 to 16 {
    affine.for %r = 0 to 2 {
      affine.for %t = 0 to 65537 {
        %row = affine.apply affine_map<(g, r) -> (g * 2 + r)>(%g, %r)
        %x = affine.load %a[%row, %t] : memref<32x65537xf32>
        %o = affine.load %out[%t] : memref<65537xf32>
        %s = arith.addf %o, %x : f32
        affine.store %s, %out[%t] : memref<65537xf32>
      }
    }
  }
  affine.for %g = 0 to 3 {
    affine.for %k = 0 to %n {
      affine.for %r = 0 to 2 {
        affine.for %t = 0 to 16 {
          %i = affine.apply affine_map<(k) -> (k * 16)>(%k)
          %j = affine.apply affine_map<(k, t) -> (k * 16 + t)>(%k, %t)
          %x = affine.load %a[%r, %t] : memref<32x65537xf32>
          %o = memref.load %out[%j] : memref<65537xf32>
          %s = arith.addf %o, %x : f32
          memref.store %s, %out[%j] : memref<65537xf32>
        }
      }
    }
  }
  %z = arith.constant 0.0 : f32
  affine.for %g = 0 to 1 {
    affine.store %z, %other[0] : memref<1xf32>
    affine.for %r = 0 to 2 {
      affine.for %t = 0 to 16 {
        %x = affine.load %a[%r, %t] : memref<32x65537xf32>
        %o = affine.load %out[%t] : memref<65537xf32>
        %s = arith.addf %o, %x : f32
        affine.store %s, %out[%t] : memref<65537xf32>
      }
    }
  }
  return
}

// -----

// Groups of rows that each write words of their own (as packed groups do):
// the locations the rows repeat are new at every trip of the groups, so the
// rows are jammed.
// CHECK-LABEL: func.func @positive_groups
// CHECK:       affine.for %[[G:.*]] = 0 to 3 {
// CHECK-NOT:     affine.for %{{.*}} = 0 to 2 {
// CHECK:         affine.for %[[T:.*]] = 0 to 16 {
// CHECK-COUNT-2: affine.load %{{.*}} : memref<6x16xi32>
// CHECK:         affine.store %{{.*}}, %{{.*}}[%[[G]] * 16 + %[[T]]]
// CHECK-NEXT:    }
// CHECK-NEXT:  }
func.func @positive_groups(%a: memref<6x16xi32>, %out: memref<48xi32>) {
  affine.for %g = 0 to 3 {
    affine.for %r = 0 to 2 {
      affine.for %t = 0 to 16 {
        %row = affine.apply affine_map<(g, r) -> (g * 2 + r)>(%g, %r)
        %x = affine.load %a[%row, %t] : memref<6x16xi32>
        %o = affine.load %out[%g * 16 + %t] : memref<48xi32>
        %s = arith.addi %o, %x : i32
        affine.store %s, %out[%g * 16 + %t] : memref<48xi32>
      }
    }
  }
  return
}

// -----

// Jammed, as nothing shows a small accumulator revisited in cache: the
// group writes words of its own through a view made in the group loop; an
// accumulator of one f32 per 64-byte line spans 4 MiB (from its first byte
// to its last) though its elements are 256 KiB; a loop without induction
// variables (scf.while) between the rows and the group loop bounds nothing.
// CHECK-LABEL: func.func @jammed_view_stride_while
// CHECK:       affine.for %{{.*}} = 0 to 16 {
// CHECK:         memref.view
// CHECK-NOT:     affine.for %{{.*}} = 0 to 2 {
// CHECK:         affine.for %{{.*}} = 0 to 16 {
// CHECK-COUNT-2:   affine.load %{{.*}} : memref<32x16xi32>
// CHECK:       affine.for %{{.*}} = 0 to 16 {
// CHECK-NOT:     affine.for %{{.*}} = 0 to 2 {
// CHECK:         affine.for %{{.*}} = 0 to 65536 {
// CHECK-COUNT-2:   affine.load %{{.*}} : memref<32x65536xf32>
// CHECK:       affine.for %{{.*}} = 0 to 16 {
// CHECK:         scf.while
// CHECK-NOT:     affine.for %{{.*}} = 0 to 2 {
// CHECK:           affine.for %{{.*}} = 0 to 16 {
// CHECK-COUNT-2:     affine.load %{{.*}} : memref<32x16xi32>
func.func @jammed_view_stride_while(%a: memref<32x16xi32>, %buf: memref<?xi8>,
                                    %f: memref<32x65536xf32>,
                                    %strided: memref<1048576xf32>,
                                    %out: memref<16xi32>, %c: i1) {
  affine.for %g = 0 to 16 {
    %off = affine.apply affine_map<(g) -> (g * 64)>(%g)
    %w = memref.view %buf[%off][] : memref<?xi8> to memref<16xi32>
    affine.for %r = 0 to 2 {
      affine.for %t = 0 to 16 {
        %row = affine.apply affine_map<(g, r) -> (g * 2 + r)>(%g, %r)
        %x = affine.load %a[%row, %t] : memref<32x16xi32>
        %o = affine.load %w[%t] : memref<16xi32>
        %s = arith.addi %o, %x : i32
        affine.store %s, %w[%t] : memref<16xi32>
      }
    }
  }
  affine.for %g = 0 to 16 {
    affine.for %r = 0 to 2 {
      affine.for %t = 0 to 65536 {
        %row = affine.apply affine_map<(g, r) -> (g * 2 + r)>(%g, %r)
        %x = affine.load %f[%row, %t] : memref<32x65536xf32>
        %o = affine.load %strided[%t * 16] : memref<1048576xf32>
        %s = arith.addf %o, %x : f32
        affine.store %s, %strided[%t * 16] : memref<1048576xf32>
      }
    }
  }
  affine.for %g = 0 to 16 {
    scf.while : () -> () {
      scf.condition(%c)
    } do {
      affine.for %r = 0 to 2 {
        affine.for %t = 0 to 16 {
          %x = affine.load %a[%r, %t] : memref<32x16xi32>
          %o = affine.load %out[%t] : memref<16xi32>
          %s = arith.addi %o, %x : i32
          affine.store %s, %out[%t] : memref<16xi32>
        }
      }
      scf.yield
    }
  }
  return
}
