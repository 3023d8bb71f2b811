// RUN: tlayout-opt %s \
// RUN:   "--tlayout-cpu-loops=collapse-loops=false row-accumulator-bytes=0" \
// RUN:   --split-input-file | FileCheck %s
// RUN: tlayout-opt %s \
// RUN:   "--tlayout-cpu-loops=collapse-loops=false tile-row-walk-bytes=512 row-accumulator-bytes=0" \
// RUN:   --split-input-file | FileCheck %s --check-prefix=BYTES512
// RUN: tlayout-opt %s --tlayout-cpu-loops=collapse-loops=false \
// RUN:   --split-input-file | FileCheck %s --check-prefix=VEC
// RUN: tlayout-opt %s --tlayout-cpu-loops=physical-order=false \
// RUN:   --split-input-file | FileCheck %s --check-prefix=OFF
// RUN: tlayout-opt %s \
// RUN:   --tlayout-cpu-loops=reassociate-reductions=false \
// RUN:   --split-input-file | FileCheck %s --check-prefix=OFF

// --tlayout-simplify-indexing walks the rows of a group of tiles tile by
// tile (the buffer's physical order) where a reduction along the rows was
// privatized into per-element partials: each row gets a slice of the
// partials of its own, the fill and the combination move into loops over
// the rows of their own, and the loop over tiles goes around the rows.
// Here in physical form, as strip-mining with reassociation leaves the
// loops (simplify-indexing-tile-rows-tiled.mlir starts from tiled
// layouts); the negative_ cases must stay as they are. The walk's
// per-element partials are checked with row-accumulator-bytes=0; by
// default each row then accumulates into one vector (VEC, and
// simplify-indexing-row-accumulators.mlir).

// The rewrite: fills, tiles around rows, combination.
// CHECK-LABEL: func.func @positive_hand
// CHECK:       %[[P:.*]] = memref.alloca() : memref<8x128xf32>
// CHECK:       affine.for %[[G:.*]] = 0 to 4 {
// CHECK-NEXT:    %[[ID:.*]] = arith.constant -0.000000e+00 : f32
// CHECK-NEXT:    affine.for %[[FR:.*]] = 0 to 8 {
// CHECK-NEXT:      affine.for %[[F:.*]] = 0 to 128 {
// CHECK-NEXT:        affine.store %[[ID]], %[[P]][%[[FR]], %[[F]]]
// CHECK:         affine.for %[[T:.*]] = 0 to 2 {
// CHECK-NEXT:      affine.for %[[R:.*]] = 0 to 8 {
// CHECK-NEXT:        affine.for %[[E:.*]] = 0 to 128 {
// CHECK-NEXT:          %[[Q:.*]] = affine.load %[[P]][%[[R]], %[[E]]]
// CHECK-NEXT:          %[[X:.*]] = affine.load %{{.*}}[%[[G]], %[[T]], %[[R]], %[[E]]]
// CHECK-NEXT:          %[[Y:.*]] = arith.extf %[[X]]
// CHECK-NEXT:          %[[N:.*]] = arith.addf %[[Q]], %[[Y]] fastmath<reassoc>
// CHECK-NEXT:          affine.store %[[N]], %[[P]][%[[R]], %[[E]]]
// CHECK:         affine.for %[[CR:.*]] = 0 to 8 {
// CHECK-NEXT:      %[[S:.*]] = affine.for %[[CE:.*]] = 0 to 128 iter_args
// CHECK-NEXT:        affine.load %[[P]][%[[CR]], %[[CE]]]
// CHECK:           affine.store %[[S]], %{{.*}}[%[[G]] * 8 + %[[CR]]]
// By default, one vector of 8 f32 partials per row.
// VEC-LABEL:   func.func @positive_hand
// VEC:         %[[P:.*]] = memref.alloca() : memref<8x8xf32>
// VEC:         affine.for %[[G:.*]] = 0 to 4 {
// VEC-NEXT:      %[[ID:.*]] = arith.constant -0.000000e+00 : f32
// VEC-NEXT:      affine.for %[[FR:.*]] = 0 to 8 {
// VEC-NEXT:        %[[IDS:.*]] = vector.broadcast %[[ID]] : f32 to vector<8xf32>
// VEC-NEXT:        affine.vector_store %[[IDS]], %[[P]][%[[FR]], 0] : memref<8x8xf32>, vector<8xf32>
// VEC-NEXT:      }
// VEC-NEXT:      affine.for %[[T:.*]] = 0 to 2 {
// VEC-NEXT:        affine.for %[[R:.*]] = 0 to 8 {
// VEC-NEXT:          %[[V:.*]] = affine.vector_load %[[P]][%[[R]], 0] : memref<8x8xf32>, vector<8xf32>
// VEC-NEXT:          %[[S:.*]] = affine.for %[[E:.*]] = 0 to 128 step 8 iter_args(%[[ACC:.*]] = %[[V]]) -> (vector<8xf32>) {
// VEC-NEXT:            %[[X:.*]] = affine.vector_load %{{.*}}[%[[G]], %[[T]], %[[R]], %[[E]]] : memref<4x2x8x128xbf16>, vector<8xbf16>
// VEC-NEXT:            %[[Y:.*]] = arith.extf %[[X]] : vector<8xbf16> to vector<8xf32>
// VEC-NEXT:            %[[N:.*]] = arith.addf %[[ACC]], %[[Y]] fastmath<reassoc> : vector<8xf32>
// VEC-NEXT:            affine.yield %[[N]] : vector<8xf32>
// VEC-NEXT:          }
// VEC-NEXT:          affine.vector_store %[[S]], %[[P]][%[[R]], 0] : memref<8x8xf32>, vector<8xf32>
// VEC:           affine.for %[[CR:.*]] = 0 to 8 {
// VEC-NEXT:        %[[C:.*]] = affine.for %[[CE:.*]] = 0 to 8 iter_args
// VEC-NEXT:          affine.load %[[P]][%[[CR]], %[[CE]]] : memref<8x8xf32>
// VEC-NEXT:          arith.addf %{{.*}} fastmath<reassoc> : f32
// VEC:             affine.store %[[C]], %{{.*}}[%[[G]] * 8 + %[[CR]]]
// With either option off, the rows keep their loop.
// OFF-LABEL:   func.func @positive_hand
// OFF:         memref.alloca() : memref<128xf32>
// OFF-NOT:     memref<8x128xf32>
// OFF:         return
func.func @positive_hand(%a: memref<4x2x8x128xbf16>, %out: memref<32xf32>) {
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
          %n = arith.addf %q, %x fastmath<reassoc> : f32
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

// A call in the tile loop: its effects are not known.
// CHECK-LABEL: func.func @negative_call_in_tiles
// CHECK:       memref.alloca() : memref<128xf32>
// CHECK-NOT:   memref<8x128xf32>
// CHECK:       return
func.func private @sink(f32)
func.func @negative_call_in_tiles(%a: memref<4x2x8x128xbf16>, %out: memref<32xf32>) {
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
          %n = arith.addf %q, %x fastmath<reassoc> : f32
          func.call @sink(%x) : (f32) -> ()
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

// The tile loop stores into a buffer other than the partials.
// CHECK-LABEL: func.func @negative_store_in_tiles
// CHECK:       memref.alloca() : memref<128xf32>
// CHECK-NOT:   memref<8x128xf32>
// CHECK:       return
func.func @negative_store_in_tiles(%a: memref<4x2x8x128xbf16>, %out: memref<32xf32>) {
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
          %n = arith.addf %q, %x fastmath<reassoc> : f32
          affine.store %n, %p[%e] : memref<128xf32>
          affine.store %n, %out[%r] : memref<32xf32>
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

// Rows of step 2.
// CHECK-LABEL: func.func @negative_step
// CHECK:       memref.alloca() : memref<128xf32>
// CHECK-NOT:   memref<8x128xf32>
// CHECK:       return
func.func @negative_step(%a: memref<4x2x8x128xbf16>, %out: memref<32xf32>) {
  %p = memref.alloca() : memref<128xf32>
  %z = arith.constant 0.0 : f32
  affine.for %g = 0 to 4 {
    affine.for %r = 0 to 8 step 2 {
      %id = arith.constant -0.0 : f32
      affine.for %e = 0 to 128 {
        affine.store %id, %p[%e] : memref<128xf32>
      }
      affine.for %t = 0 to 2 {
        affine.for %e = 0 to 128 {
          %q = affine.load %p[%e] : memref<128xf32>
          %xb = affine.load %a[%g, %t, %r, %e] : memref<4x2x8x128xbf16>
          %x = arith.extf %xb : bf16 to f32
          %n = arith.addf %q, %x fastmath<reassoc> : f32
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

// Rows up to a dynamic bound.
// CHECK-LABEL: func.func @negative_dynamic_rows
// CHECK:       memref.alloca() : memref<128xf32>
// CHECK-NOT:   memref<8x128xf32>
// CHECK:       return
func.func @negative_dynamic_rows(%a: memref<4x2x8x128xbf16>, %out: memref<32xf32>, %rows: index) {
  %p = memref.alloca() : memref<128xf32>
  %z = arith.constant 0.0 : f32
  affine.for %g = 0 to 4 {
    affine.for %r = 0 to %rows {
      %id = arith.constant -0.0 : f32
      affine.for %e = 0 to 128 {
        affine.store %id, %p[%e] : memref<128xf32>
      }
      affine.for %t = 0 to 2 {
        affine.for %e = 0 to 128 {
          %q = affine.load %p[%e] : memref<128xf32>
          %xb = affine.load %a[%g, %t, %r, %e] : memref<4x2x8x128xbf16>
          %x = arith.extf %xb : bf16 to f32
          %n = arith.addf %q, %x fastmath<reassoc> : f32
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

// Tiles up to a bound that depends on the row.
// CHECK-LABEL: func.func @negative_dynamic_tiles
// CHECK:       memref.alloca() : memref<128xf32>
// CHECK-NOT:   memref<8x128xf32>
// CHECK:       return
func.func @negative_dynamic_tiles(%a: memref<4x2x8x128xbf16>, %out: memref<32xf32>) {
  %p = memref.alloca() : memref<128xf32>
  %z = arith.constant 0.0 : f32
  affine.for %g = 0 to 4 {
    affine.for %r = 0 to 8 {
      %id = arith.constant -0.0 : f32
      affine.for %e = 0 to 128 {
        affine.store %id, %p[%e] : memref<128xf32>
      }
      affine.for %t = 0 to affine_map<(d0) -> (d0 floordiv 4 + 1)>(%r) {
        affine.for %e = 0 to 128 {
          %q = affine.load %p[%e] : memref<128xf32>
          %xb = affine.load %a[%g, %t, %r, %e] : memref<4x2x8x128xbf16>
          %x = arith.extf %xb : bf16 to f32
          %n = arith.addf %q, %x fastmath<reassoc> : f32
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

// The combination stores through a view of the buffer the tiles read (a later row's tiles would see it).
// CHECK-LABEL: func.func @negative_view_written
// CHECK:       memref.alloca() : memref<128xf32>
// CHECK-NOT:   memref<8x128xf32>
// CHECK:       return
func.func @negative_view_written(%a: memref<4x2x8x128xbf16>, %out: memref<32xf32>) {
  %p = memref.alloca() : memref<128xf32>
  %flat = memref.collapse_shape %a [[0, 1, 2, 3]] : memref<4x2x8x128xbf16> into memref<8192xbf16>
  %v = memref.subview %flat[0] [32] [1] : memref<8192xbf16> to memref<32xbf16, strided<[1]>>
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
          %n = arith.addf %q, %x fastmath<reassoc> : f32
          affine.store %n, %p[%e] : memref<128xf32>
        }
      }
      %s = affine.for %e = 0 to 128 iter_args(%acc = %z) -> f32 {
        %q = affine.load %p[%e] : memref<128xf32>
        %n = arith.addf %acc, %q fastmath<reassoc> : f32
        affine.yield %n : f32
      }
      %sb = arith.truncf %s : f32 to bf16
      affine.store %sb, %v[%g * 8 + %r] : memref<32xbf16, strided<[1]>>
    }
  }
  return
}

// -----

// The fill covers half of the partials: a row would read the previous row's.
// CHECK-LABEL: func.func @negative_partial_fill
// CHECK:       memref.alloca() : memref<128xf32>
// CHECK-NOT:   memref<8x128xf32>
// CHECK:       return
func.func @negative_partial_fill(%a: memref<4x2x8x128xbf16>, %out: memref<32xf32>) {
  %p = memref.alloca() : memref<128xf32>
  %z = arith.constant 0.0 : f32
  affine.for %g = 0 to 4 {
    affine.for %r = 0 to 8 {
      %id = arith.constant -0.0 : f32
      affine.for %e = 0 to 64 {
        affine.store %id, %p[%e] : memref<128xf32>
      }
      affine.for %t = 0 to 2 {
        affine.for %e = 0 to 128 {
          %q = affine.load %p[%e] : memref<128xf32>
          %xb = affine.load %a[%g, %t, %r, %e] : memref<4x2x8x128xbf16>
          %x = arith.extf %xb : bf16 to f32
          %n = arith.addf %q, %x fastmath<reassoc> : f32
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

// The partials are also read through a view.
// CHECK-LABEL: func.func @negative_partials_viewed
// CHECK:       memref.alloca() : memref<128xf32>
// CHECK-NOT:   memref<8x128xf32>
// CHECK:       return
func.func @negative_partials_viewed(%a: memref<4x2x8x128xbf16>, %out: memref<32xf32>) {
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
          %n = arith.addf %q, %x fastmath<reassoc> : f32
          affine.store %n, %p[%e] : memref<128xf32>
        }
      }
      %s = affine.for %e = 0 to 128 iter_args(%acc = %z) -> f32 {
        %q = affine.load %p[%e] : memref<128xf32>
        %n = arith.addf %acc, %q fastmath<reassoc> : f32
        affine.yield %n : f32
      }
      affine.store %s, %out[%g * 8 + %r] : memref<32xf32>
      %pv = memref.subview %p[0] [4] [1] : memref<128xf32> to memref<4xf32, strided<[1]>>
      %w = memref.load %pv[%r] : memref<4xf32, strided<[1]>>
      memref.store %w, %out[%r] : memref<32xf32>
    }
  }
  return
}

// -----

// The rows index a dimension before the tiles': walking the rows inside the tiles would leave the physical order.
// CHECK-LABEL: func.func @negative_rows_outside
// CHECK:       memref.alloca() : memref<128xf32>
// CHECK-NOT:   memref<8x128xf32>
// CHECK:       return
func.func @negative_rows_outside(%a: memref<4x8x2x128xbf16>, %out: memref<32xf32>) {
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
          %xb = affine.load %a[%g, %r, %t, %e] : memref<4x8x2x128xbf16>
          %x = arith.extf %xb : bf16 to f32
          %n = arith.addf %q, %x fastmath<reassoc> : f32
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

// f32 rows of 128 elements: each row reads 512 contiguous bytes of a tile,
// fewer than the default tile-row-walk-bytes (1024): walked. With 512, its
// partials stay in registers (a target with 32 registers of 64 bytes) and
// it is left as it is.
// CHECK-LABEL: func.func @wide_rows
// CHECK:       memref.alloca() : memref<8x128xf32>
// CHECK:       return
// BYTES512-LABEL: func.func @wide_rows
// BYTES512:       memref.alloca() : memref<128xf32>
// BYTES512-NOT:   memref<8x128xf32>
// BYTES512:       return
func.func @wide_rows(%a: memref<4x2x8x128xf32>, %out: memref<32xf32>) {
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
          %x = affine.load %a[%g, %t, %r, %e] : memref<4x2x8x128xf32>
          %n = arith.addf %q, %x fastmath<reassoc> : f32
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
