// RUN: tlayout-opt %s --tlayout-cpu-loops=collapse-loops=false \
// RUN:   --split-input-file | FileCheck %s

// Where --tlayout-simplify-indexing walks the rows of a group of tiles tile
// by tile, each row's per-element partials become one vector of
// row-accumulator-bytes (default 32: 8 f32 lanes) where that is proved:
// the partials are filled with the combiner's identity, accumulated by
// loops over whole rows of pure element-wise ops, loads of consecutive
// elements and values from outside, and combined by loops over whole rows
// with the same combiner, and the lanes divide the row. Each case starts
// from the form strip-mining with reassociation leaves (see
// simplify-indexing-tile-rows.mlir); in the negative_ cases the rows are
// walked but keep their per-element partials. Only elements whose width is
// a power of two of at least 8 bits are loaded and stored as vectors: a
// vector of i1 or i24 lies in memory differently from a memref of them.

// A value from outside the loop is broadcast once, before it; math.exp
// becomes a vector op.
// CHECK-LABEL: func.func @exp_of_difference
// CHECK-SAME:    %[[M:[^:]*]]: f32
// CHECK:         %[[P:.*]] = memref.alloca() : memref<8x8xf32>
// CHECK:         affine.for %{{.*}} = 0 to 2 {
// CHECK-NEXT:      affine.for %[[R:.*]] = 0 to 8 {
// CHECK-NEXT:      %[[V:.*]] = affine.vector_load %[[P]][%[[R]], 0] : memref<8x8xf32>, vector<8xf32>
// CHECK-NEXT:      %[[MS:.*]] = vector.broadcast %[[M]] : f32 to vector<8xf32>
// CHECK-NEXT:      %[[S:.*]] = affine.for %[[E:.*]] = 0 to 128 step 8 iter_args(%[[ACC:.*]] = %[[V]]) -> (vector<8xf32>) {
// CHECK-NEXT:        %[[XB:.*]] = affine.vector_load %{{.*}}[%{{.*}}, %{{.*}}, %[[R]], %[[E]]] : memref<4x2x8x128xbf16>, vector<8xbf16>
// CHECK-NEXT:        %[[X:.*]] = arith.extf %[[XB]] : vector<8xbf16> to vector<8xf32>
// CHECK-NEXT:        %[[D:.*]] = arith.subf %[[X]], %[[MS]] : vector<8xf32>
// CHECK-NEXT:        %[[Y:.*]] = math.exp %[[D]] : vector<8xf32>
// CHECK-NEXT:        %[[N:.*]] = arith.addf %[[ACC]], %[[Y]] fastmath<reassoc> : vector<8xf32>
// CHECK-NEXT:        affine.yield %[[N]] : vector<8xf32>
// CHECK-NEXT:      }
// CHECK-NEXT:      affine.vector_store %[[S]], %[[P]][%[[R]], 0] : memref<8x8xf32>, vector<8xf32>
// CHECK:         affine.for %{{.*}} = 0 to 8 iter_args
// CHECK:         return

func.func @exp_of_difference(%a: memref<4x2x8x128xbf16>, %b: memref<8x128xf32>, %m: f32, %out: memref<32xf32>) {
  %p = memref.alloca() : memref<128xf32>
  %z = arith.constant 0.0 : f32
  affine.for %g = 0 to 4 {
    affine.for %r = 0 to 8 {
      %id = arith.constant -0.0 : f32
      affine.for %e = 0 to 128 {
        affine.store %id, %p[%e] : memref<128xf32>
      }
      affine.for %t = 0 to 2 {
        affine.for %e = 0 to 128 {
          %q = affine.load %p[%e] : memref<128xf32>
          %xb = affine.load %a[%g, %t, %r, %e] : memref<4x2x8x128xbf16>
          %x = arith.extf %xb : bf16 to f32
          %d = arith.subf %x, %m : f32
          %y = math.exp %d : f32
          %n = arith.addf %q, %y fastmath<reassoc> : f32
          affine.store %n, %p[%e] : memref<128xf32>
        }
      }
      %s = affine.for %e = 0 to 128 iter_args(%acc = %z) -> f32 {
        %q = affine.load %p[%e] : memref<128xf32>
        %n = arith.addf %acc, %q fastmath<reassoc> : f32
        affine.yield %n : f32
      }
      affine.store %s, %out[%g * 8 + %r] : memref<32xf32>
    }
  }
  return
}

// -----

// A maximum filled with -inf.
// CHECK-LABEL: func.func @maximum
// CHECK:         memref.alloca() : memref<8x8xf32>
// CHECK:         %[[LOW:.*]] = arith.constant 0xFF800000 : f32
// CHECK:         vector.broadcast %[[LOW]] : f32 to vector<8xf32>
// CHECK:         arith.maximumf %{{.*}} fastmath<reassoc> : vector<8xf32>
// CHECK:         affine.for %{{.*}} = 0 to 8 iter_args
// CHECK:           arith.maximumf %{{.*}} fastmath<reassoc> : f32

func.func @maximum(%a: memref<4x2x8x128xbf16>, %b: memref<8x128xf32>, %m: f32, %out: memref<32xf32>) {
  %p = memref.alloca() : memref<128xf32>
  %z = arith.constant 0.0 : f32
  affine.for %g = 0 to 4 {
    affine.for %r = 0 to 8 {
      %id = arith.constant 0xFF800000 : f32
      affine.for %e = 0 to 128 {
        affine.store %id, %p[%e] : memref<128xf32>
      }
      affine.for %t = 0 to 2 {
        affine.for %e = 0 to 128 {
          %q = affine.load %p[%e] : memref<128xf32>
          %xb = affine.load %a[%g, %t, %r, %e] : memref<4x2x8x128xbf16>
          %x = arith.extf %xb : bf16 to f32
          %y = arith.mulf %x, %m : f32
          %n = arith.maximumf %q, %y fastmath<reassoc> : f32
          affine.store %n, %p[%e] : memref<128xf32>
        }
      }
      %s = affine.for %e = 0 to 128 iter_args(%acc = %z) -> f32 {
        %q = affine.load %p[%e] : memref<128xf32>
        %n = arith.maximumf %acc, %q fastmath<reassoc> : f32
        affine.yield %n : f32
      }
      affine.store %s, %out[%g * 8 + %r] : memref<32xf32>
    }
  }
  return
}

// -----

// Partials that start from 1.0: 128 of them add 128, 8 would add 8.
// CHECK-LABEL: func.func @negative_fill_not_identity
// CHECK:         memref.alloca() : memref<8x128xf32>
// CHECK-NOT:     vector
// CHECK:         return

func.func @negative_fill_not_identity(%a: memref<4x2x8x128xbf16>, %b: memref<8x128xf32>, %m: f32, %out: memref<32xf32>) {
  %p = memref.alloca() : memref<128xf32>
  %z = arith.constant 0.0 : f32
  affine.for %g = 0 to 4 {
    affine.for %r = 0 to 8 {
      %id = arith.constant 1.0 : f32
      affine.for %e = 0 to 128 {
        affine.store %id, %p[%e] : memref<128xf32>
      }
      affine.for %t = 0 to 2 {
        affine.for %e = 0 to 128 {
          %q = affine.load %p[%e] : memref<128xf32>
          %xb = affine.load %a[%g, %t, %r, %e] : memref<4x2x8x128xbf16>
          %x = arith.extf %xb : bf16 to f32
          %y = arith.addf %x, %x : f32
          %n = arith.addf %q, %y fastmath<reassoc> : f32
          affine.store %n, %p[%e] : memref<128xf32>
        }
      }
      %s = affine.for %e = 0 to 128 iter_args(%acc = %z) -> f32 {
        %q = affine.load %p[%e] : memref<128xf32>
        %n = arith.addf %acc, %q fastmath<reassoc> : f32
        affine.yield %n : f32
      }
      affine.store %s, %out[%g * 8 + %r] : memref<32xf32>
    }
  }
  return
}

// -----

// The element's index is a value of the body.
// CHECK-LABEL: func.func @negative_index_in_body
// CHECK:         memref.alloca() : memref<8x128xf32>
// CHECK-NOT:     vector
// CHECK:         return

func.func @negative_index_in_body(%a: memref<4x2x8x128xbf16>, %b: memref<8x128xf32>, %m: f32, %out: memref<32xf32>) {
  %p = memref.alloca() : memref<128xf32>
  %z = arith.constant 0.0 : f32
  affine.for %g = 0 to 4 {
    affine.for %r = 0 to 8 {
      %id = arith.constant -0.0 : f32
      affine.for %e = 0 to 128 {
        affine.store %id, %p[%e] : memref<128xf32>
      }
      affine.for %t = 0 to 2 {
        affine.for %e = 0 to 128 {
          %q = affine.load %p[%e] : memref<128xf32>
          %xb = affine.load %a[%g, %t, %r, %e] : memref<4x2x8x128xbf16>
          %x = arith.extf %xb : bf16 to f32
          %ei = arith.index_cast %e : index to i32
          %ef = arith.sitofp %ei : i32 to f32
          %y = arith.addf %x, %ef : f32
          %n = arith.addf %q, %y fastmath<reassoc> : f32
          affine.store %n, %p[%e] : memref<128xf32>
        }
      }
      %s = affine.for %e = 0 to 128 iter_args(%acc = %z) -> f32 {
        %q = affine.load %p[%e] : memref<128xf32>
        %n = arith.addf %acc, %q fastmath<reassoc> : f32
        affine.yield %n : f32
      }
      affine.store %s, %out[%g * 8 + %r] : memref<32xf32>
    }
  }
  return
}

// -----

// A load that does not read consecutive elements.
// CHECK-LABEL: func.func @negative_strided_load
// CHECK:         memref.alloca() : memref<8x128xf32>
// CHECK-NOT:     vector
// CHECK:         return

func.func @negative_strided_load(%a: memref<4x2x8x128xbf16>, %b: memref<8x128xf32>, %m: f32, %out: memref<32xf32>) {
  %p = memref.alloca() : memref<128xf32>
  %z = arith.constant 0.0 : f32
  affine.for %g = 0 to 4 {
    affine.for %r = 0 to 8 {
      %id = arith.constant -0.0 : f32
      affine.for %e = 0 to 128 {
        affine.store %id, %p[%e] : memref<128xf32>
      }
      affine.for %t = 0 to 2 {
        affine.for %e = 0 to 128 {
          %q = affine.load %p[%e] : memref<128xf32>
          %xb = affine.load %a[%g, %t, %r, %e] : memref<4x2x8x128xbf16>
          %x = arith.extf %xb : bf16 to f32
          %v = affine.load %b[%r, %e floordiv 2] : memref<8x128xf32>
          %y = arith.addf %x, %v : f32
          %n = arith.addf %q, %y fastmath<reassoc> : f32
          affine.store %n, %p[%e] : memref<128xf32>
        }
      }
      %s = affine.for %e = 0 to 128 iter_args(%acc = %z) -> f32 {
        %q = affine.load %p[%e] : memref<128xf32>
        %n = arith.addf %acc, %q fastmath<reassoc> : f32
        affine.yield %n : f32
      }
      affine.store %s, %out[%g * 8 + %r] : memref<32xf32>
    }
  }
  return
}

// -----

// Rows of 100: 8 lanes do not divide them.
// CHECK-LABEL: func.func @negative_lanes_do_not_divide
// CHECK:         memref.alloca() : memref<8x100xf32>
// CHECK-NOT:     vector
// CHECK:         return

func.func @negative_lanes_do_not_divide(%a: memref<4x2x8x100xbf16>, %b: memref<8x100xf32>, %m: f32, %out: memref<32xf32>) {
  %p = memref.alloca() : memref<100xf32>
  %z = arith.constant 0.0 : f32
  affine.for %g = 0 to 4 {
    affine.for %r = 0 to 8 {
      %id = arith.constant -0.0 : f32
      affine.for %e = 0 to 100 {
        affine.store %id, %p[%e] : memref<100xf32>
      }
      affine.for %t = 0 to 2 {
        affine.for %e = 0 to 100 {
          %q = affine.load %p[%e] : memref<100xf32>
          %xb = affine.load %a[%g, %t, %r, %e] : memref<4x2x8x100xbf16>
          %x = arith.extf %xb : bf16 to f32
          %y = arith.addf %x, %x : f32
          %n = arith.addf %q, %y fastmath<reassoc> : f32
          affine.store %n, %p[%e] : memref<100xf32>
        }
      }
      %s = affine.for %e = 0 to 100 iter_args(%acc = %z) -> f32 {
        %q = affine.load %p[%e] : memref<100xf32>
        %n = arith.addf %acc, %q fastmath<reassoc> : f32
        affine.yield %n : f32
      }
      affine.store %s, %out[%g * 8 + %r] : memref<32xf32>
    }
  }
  return
}

// -----

// The combination multiplies what the accumulation adds.
// CHECK-LABEL: func.func @negative_other_combiner
// CHECK:         memref.alloca() : memref<8x128xf32>
// CHECK-NOT:     vector
// CHECK:         return

func.func @negative_other_combiner(%a: memref<4x2x8x128xbf16>, %b: memref<8x128xf32>, %m: f32, %out: memref<32xf32>) {
  %p = memref.alloca() : memref<128xf32>
  %z = arith.constant 0.0 : f32
  affine.for %g = 0 to 4 {
    affine.for %r = 0 to 8 {
      %id = arith.constant -0.0 : f32
      affine.for %e = 0 to 128 {
        affine.store %id, %p[%e] : memref<128xf32>
      }
      affine.for %t = 0 to 2 {
        affine.for %e = 0 to 128 {
          %q = affine.load %p[%e] : memref<128xf32>
          %xb = affine.load %a[%g, %t, %r, %e] : memref<4x2x8x128xbf16>
          %x = arith.extf %xb : bf16 to f32
          %y = arith.addf %x, %x : f32
          %n = arith.addf %q, %y fastmath<reassoc> : f32
          affine.store %n, %p[%e] : memref<128xf32>
        }
      }
      %s = affine.for %e = 0 to 128 iter_args(%acc = %z) -> f32 {
        %q = affine.load %p[%e] : memref<128xf32>
        %n = arith.mulf %acc, %q fastmath<reassoc> : f32
        affine.yield %n : f32
      }
      affine.store %s, %out[%g * 8 + %r] : memref<32xf32>
    }
  }
  return
}

// -----

// One partial read on its own, after the combination (its value depends
// on which elements the partial holds).
// CHECK-LABEL: func.func @negative_one_partial_read
// CHECK:         memref.alloca() : memref<8x128xf32>
// CHECK-NOT:     vector
// CHECK:         return

func.func @negative_one_partial_read(%a: memref<4x2x8x128xbf16>, %b: memref<8x128xf32>, %m: f32, %out: memref<32xf32>) {
  %p = memref.alloca() : memref<128xf32>
  %z = arith.constant 0.0 : f32
  affine.for %g = 0 to 4 {
    affine.for %r = 0 to 8 {
      %id = arith.constant -0.0 : f32
      affine.for %e = 0 to 128 {
        affine.store %id, %p[%e] : memref<128xf32>
      }
      affine.for %t = 0 to 2 {
        affine.for %e = 0 to 128 {
          %q = affine.load %p[%e] : memref<128xf32>
          %xb = affine.load %a[%g, %t, %r, %e] : memref<4x2x8x128xbf16>
          %x = arith.extf %xb : bf16 to f32
          %y = arith.addf %x, %x : f32
          %n = arith.addf %q, %y fastmath<reassoc> : f32
          affine.store %n, %p[%e] : memref<128xf32>
        }
      }
      %s = affine.for %e = 0 to 128 iter_args(%acc = %z) -> f32 {
        %q = affine.load %p[%e] : memref<128xf32>
        %n = arith.addf %acc, %q fastmath<reassoc> : f32
        affine.yield %n : f32
      }
      %p0 = affine.load %p[0] : memref<128xf32>
      affine.store %p0, %out[%g * 8 + %r] : memref<32xf32>
      affine.store %s, %out[%g * 8 + %r] : memref<32xf32>
    }
  }
  return
}

// -----

// A partial read next to the one the element updates.
// CHECK-LABEL: func.func @negative_neighbour_partial
// CHECK:         memref.alloca() : memref<8x128xf32>
// CHECK-NOT:     vector
// CHECK:         return

func.func @negative_neighbour_partial(%a: memref<4x2x8x128xbf16>, %b: memref<8x128xf32>, %m: f32, %out: memref<32xf32>) {
  %p = memref.alloca() : memref<128xf32>
  %z = arith.constant 0.0 : f32
  affine.for %g = 0 to 4 {
    affine.for %r = 0 to 8 {
      %id = arith.constant -0.0 : f32
      affine.for %e = 0 to 128 {
        affine.store %id, %p[%e] : memref<128xf32>
      }
      affine.for %t = 0 to 2 {
        affine.for %e = 0 to 128 {
          %q = affine.load %p[%e] : memref<128xf32>
          %xb = affine.load %a[%g, %t, %r, %e] : memref<4x2x8x128xbf16>
          %x = arith.extf %xb : bf16 to f32
          %v = affine.load %p[(%e + 1) mod 128] : memref<128xf32>
          %y = arith.addf %x, %v : f32
          %n = arith.addf %q, %y fastmath<reassoc> : f32
          affine.store %n, %p[%e] : memref<128xf32>
        }
      }
      %s = affine.for %e = 0 to 128 iter_args(%acc = %z) -> f32 {
        %q = affine.load %p[%e] : memref<128xf32>
        %n = arith.addf %acc, %q fastmath<reassoc> : f32
        affine.yield %n : f32
      }
      affine.store %s, %out[%g * 8 + %r] : memref<32xf32>
    }
  }
  return
}

// -----

// A mask of bytes compared in the loop: vectors of i8 are loaded, the
// comparison gives vector<8xi1> in registers.
// CHECK-LABEL: func.func @mask_i8
// CHECK:         memref.alloca() : memref<8x8xf32>
// CHECK:         affine.vector_load %{{.*}} : memref<4x2x8x128xi8>, vector<8xi8>
// CHECK:         arith.cmpi ne, %{{.*}} : vector<8xi8>
// CHECK:         arith.select %{{.*}} : vector<8xi1>, vector<8xf32>

func.func @mask_i8(%a: memref<4x2x8x128xf32>, %m: memref<4x2x8x128xi8>, %out: memref<32xf32>) {
  %p = memref.alloca() : memref<128xf32>
  %z = arith.constant 0.0 : f32
  %zero = arith.constant 0.0 : f32
  affine.for %g = 0 to 4 {
    affine.for %r = 0 to 8 {
      %id = arith.constant -0.0 : f32
      affine.for %e = 0 to 128 {
        affine.store %id, %p[%e] : memref<128xf32>
      }
      affine.for %t = 0 to 2 {
        affine.for %e = 0 to 128 {
          %q = affine.load %p[%e] : memref<128xf32>
          %x = affine.load %a[%g, %t, %r, %e] : memref<4x2x8x128xf32>
          %k = affine.load %m[%g, %t, %r, %e] : memref<4x2x8x128xi8>
          %c0 = arith.constant 0 : i8
          %c = arith.cmpi ne, %k, %c0 : i8
          %y = arith.select %c, %x, %zero : f32
          %n = arith.addf %q, %y fastmath<reassoc> : f32
          affine.store %n, %p[%e] : memref<128xf32>
        }
      }
      %s = affine.for %e = 0 to 128 iter_args(%acc = %z) -> f32 {
        %q = affine.load %p[%e] : memref<128xf32>
        %n = arith.addf %acc, %q fastmath<reassoc> : f32
        affine.yield %n : f32
      }
      affine.store %s, %out[%g * 8 + %r] : memref<32xf32>
    }
  }
  return
}

// -----

// A mask of i1 in memory: a memref holds one per byte, a vector<8xi1> in
// memory one per bit.
// CHECK-LABEL: func.func @negative_mask_i1
// CHECK:         memref.alloca() : memref<8x128xf32>
// CHECK-NOT:     vector
// CHECK:         return

func.func @negative_mask_i1(%a: memref<4x2x8x128xf32>, %m: memref<4x2x8x128xi1>, %out: memref<32xf32>) {
  %p = memref.alloca() : memref<128xf32>
  %z = arith.constant 0.0 : f32
  %zero = arith.constant 0.0 : f32
  affine.for %g = 0 to 4 {
    affine.for %r = 0 to 8 {
      %id = arith.constant -0.0 : f32
      affine.for %e = 0 to 128 {
        affine.store %id, %p[%e] : memref<128xf32>
      }
      affine.for %t = 0 to 2 {
        affine.for %e = 0 to 128 {
          %q = affine.load %p[%e] : memref<128xf32>
          %x = affine.load %a[%g, %t, %r, %e] : memref<4x2x8x128xf32>
          %k = affine.load %m[%g, %t, %r, %e] : memref<4x2x8x128xi1>
          %c = arith.addi %k, %k : i1
          %y = arith.select %c, %x, %zero : f32
          %n = arith.addf %q, %y fastmath<reassoc> : f32
          affine.store %n, %p[%e] : memref<128xf32>
        }
      }
      %s = affine.for %e = 0 to 128 iter_args(%acc = %z) -> f32 {
        %q = affine.load %p[%e] : memref<128xf32>
        %n = arith.addf %acc, %q fastmath<reassoc> : f32
        affine.yield %n : f32
      }
      affine.store %s, %out[%g * 8 + %r] : memref<32xf32>
    }
  }
  return
}

// -----

// Partials of i24: a vector of i24 lies in 3-byte steps, a memref of i24
// in 4-byte ones.
// CHECK-LABEL: func.func @negative_partials_i24
// CHECK:         memref.alloca() : memref<8x128xi24>
// CHECK-NOT:     vector
// CHECK:         return

func.func @negative_partials_i24(%a: memref<4x2x8x128xi24>, %out: memref<32xi24>) {
  %p = memref.alloca() : memref<128xi24>
  %z = arith.constant 0 : i24
  affine.for %g = 0 to 4 {
    affine.for %r = 0 to 8 {
      %id = arith.constant 0 : i24
      affine.for %e = 0 to 128 {
        affine.store %id, %p[%e] : memref<128xi24>
      }
      affine.for %t = 0 to 2 {
        affine.for %e = 0 to 128 {
          %q = affine.load %p[%e] : memref<128xi24>
          %x = affine.load %a[%g, %t, %r, %e] : memref<4x2x8x128xi24>
          %n = arith.addi %q, %x : i24
          affine.store %n, %p[%e] : memref<128xi24>
        }
      }
      %s = affine.for %e = 0 to 128 iter_args(%acc = %z) -> i24 {
        %q = affine.load %p[%e] : memref<128xi24>
        %n = arith.addi %acc, %q : i24
        affine.yield %n : i24
      }
      affine.store %s, %out[%g * 8 + %r] : memref<32xi24>
    }
  }
  return
}
