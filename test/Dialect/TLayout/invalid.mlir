// RUN: tlayout-opt %s -split-input-file -verify-diagnostics

// Malformed layout text is reported at its column.

// expected-error @+1 {{expected a tile size or '*' but found 'x'}}
func.func private @bad_tile_entry(memref<3x5xf32, #tlayout.tiled<{1,0:T(2,x)}>>)

// -----

// expected-error @+1 {{expected '{' but found '1'}}
func.func private @no_braces(memref<3x5xf32, #tlayout.tiled<1,0>>)

// -----

// expected-error @+1 {{expected a layout field D(...), T(...), L(...), #(...), *(...), E(...), S(...), SC(...), P(...) or M(...) but found 'Q'}}
func.func private @unknown_field(memref<3x5xf32, #tlayout.tiled<{1,0:Q(2)}>>)

// -----

// expected-error @+1 {{layout field 'T' is repeated or out of order; XLA writes the fields in the order D, T, L, #, *, E, S, SC, P, M}}
func.func private @field_order(memref<3x5xf32, #tlayout.tiled<{1,0:L(2)T(2,2)}>>)

// -----

// expected-error @+1 {{layout field 'D' with a sparse dimension level is not supported: a memref is dense (D(D,...,D) is accepted and dropped)}}
func.func private @sparse(memref<3x5xf32, #tlayout.tiled<{1,0:D(D,C)}>>)

// -----

// expected-error @+1 {{layout field 'M' (the bytes of dynamic-shape metadata XLA keeps with the buffer) is not supported: a memref's sizes are not stored in its buffer; drop M(n) and pass the sizes as the memref's dynamic sizes}}
func.func private @metadata(memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)M(8)}>>)

// -----

// expected-error @+1 {{layout field 'SC' (split configs) is not supported: it splits the array into separate allocations; describe each part as its own memref}}
func.func private @split(memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)SC(0:2)}>>)

// -----

// expected-error @+1 {{layout field 'P' (the physical shape of a sparse array) is not supported: a memref is dense}}
func.func private @physical_shape(memref<3x5xf32, #tlayout.tiled<{1,0:P(f32[3,5]{1,0})}>>)

// -----

// expected-error @+1 {{layout fields '#' and '*' (the index and pointer types of a sparse array) are not supported: a memref is dense}}
func.func private @index_type(memref<3x5xf32, #tlayout.tiled<{1,0:#(s32)}>>)

// -----

// expected-error @+1 {{layout field 'D' is repeated or out of order; XLA writes the fields in the order D, T, L, #, *, E, S, SC, P, M}}
func.func private @dense_late(memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)D(D,D)}>>)

// -----

// expected-error @+1 {{integer '99999999999999999999' does not fit in int64}}
func.func private @huge(memref<3x5xf32, #tlayout.tiled<{1,0:T(99999999999999999999,2)}>>)

// -----

// expected-error @+1 {{expected ',' in the view description `, parent = [...], offsets = [...]` or the sizes `, sizes = [...]`}}
func.func private @trailing(memref<3x5xf32, #tlayout.tiled<{1,0} x>>)

// -----

// expected-error @+1 {{expected a size, an offset or '?'}}
func.func private @view_junk(memref<3x5xf32, #tlayout.tiled<{1,0}, parent = [6, x], offsets = [0, 0]>>)

// -----

// expected-error @+1 {{unexpected text after the view description}}
func.func private @view_trailing(memref<3x5xf32, #tlayout.tiled<{1,0}, parent = [6, 8], offsets = [0, 0] x>>)

// -----

// expected-error @+1 {{a view needs a parent size and an offset for each of the 2 dimensions, got 3 and 2}}
func.func private @view_rank(memref<3x5xf32, #tlayout.tiled<{1,0}, parent = [6, 8, 1], offsets = [0, 0]>>)

// -----

// expected-error @+1 {{the view's dimension 1 (offset 4, size 5) does not fit in the parent's size 8}}
func.func private @view_fit(memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}, parent = [6, 8], offsets = [0, 4]>>)

// -----

// An offset near the largest int64: offset + size must not wrap around.
// expected-error @+1 {{the view's dimension 1 (offset 9223372036854775807, size 5) ends past the largest 64-bit index, outside the parent's size 8}}
func.func private @view_offset_overflow(memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}, parent = [6, 8], offsets = [0, 9223372036854775807]>>)

// -----

// expected-error @+1 {{the view's dimension 0 (offset 9223372036854775800, size 3) does not fit in the parent's size 6}}
func.func private @view_offset_large(memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}, parent = [6, 8], offsets = [9223372036854775800, 0]>>)

// -----

// A view of dynamic size still starts inside its parent.
// expected-error @+1 {{the view's dimension 1 starts at 9223372036854775807, past the parent's size 8}}
func.func private @view_dynamic_offset_overflow(memref<3x?xf32, #tlayout.tiled<{1,0:T(2,2)}, parent = [6, 8], offsets = [0, 9223372036854775807]>>)

// -----

// expected-error @+1 {{the view has rank 2 but its parent has rank 3}}
func.func private @view_parent_rank(memref<3x5xf32, #tlayout.tiled<{2,1,0}, parent = [6, 8, 2], offsets = [0, 0, 0]>>)

// -----

// expected-error @+1 {{expected a layout in angle brackets}}
func.func private @no_body(memref<3x5xf32, #tlayout.tiled>)

// -----

// The memory space is the memref's own parameter.
// expected-error @+1 {{memory space S(1) is not part of a memref layout; use #tlayout.memory_space<...> as the memref's memory space}}
func.func private @memory_space_in_layout(memref<8x128xf32, #tlayout.tiled<{1,0:T(8,128)S(1)}>>)

// -----

// Structural validation.

// expected-error @+1 {{minor_to_major lists dimension 0 twice; it must be a permutation}}
func.func private @duplicate(memref<3x5xf32, #tlayout.tiled<{0,0}>>)

// -----

// expected-error @+1 {{minor_to_major entry 2 is out of range: dimensions are numbered 0 to 1}}
func.func private @out_of_range(memref<3x5xf32, #tlayout.tiled<{2,0}>>)

// -----

// expected-error @+1 {{tile 0 is empty}}
func.func private @empty_tile(memref<3x5xf32, #tlayout.tiled<{1,0:T()}>>)

// -----

// expected-error @+1 {{tile 1 has size 0 in dimension 1; tile sizes must be positive}}
func.func private @zero_tile(memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)(1,0)}>>)

// -----

// expected-error @+1 {{tile 0 has negative size -2 in dimension 0; write '*' to combine dimensions}}
func.func private @negative_tile(memref<3x5xf32, #tlayout.tiled<{1,0:T(-2,2)}>>)

// -----

// expected-error @+1 {{tile 0 has '*' as its most minor entry}}
func.func private @combine_last(memref<3x5xf32, #tlayout.tiled<{1,0:T(2,*)}>>)

// -----

// expected-error @+1 {{tail padding alignment L(0) must be positive}}
func.func private @zero_tail(memref<3x5xf32, #tlayout.tiled<{1,0:L(0)}>>)

// -----

// expected-error @+1 {{element size E(-4) must not be negative}}
func.func private @negative_element_size(memref<3x5xf32, #tlayout.tiled<{1,0:E(-4)}>>)

// -----

// Validation against the memref's shape.

// expected-error @+1 {{minor_to_major has 2 entries but the shape has rank 3}}
func.func private @rank_mismatch(memref<3x5x7xf32, #tlayout.tiled<{1,0}>>)

// -----

// expected-error @+1 {{the physical size of the layout overflows int64}}
func.func private @overflow(memref<4611686018427387904x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>)

// -----

// expected-error @+1 {{the product of all tile sizes overflows int64}}
func.func private @tile_overflow(memref<3xf32, #tlayout.tiled<{0:T(4611686018427387904)(4)}>>)

// -----

// Memory spaces.

// expected-error @+1 {{#tlayout.memory_space takes a number, got 'dram'}}
func.func private @bad_space(memref<16xf32, #tlayout.memory_space<dram>>)

// -----

// expected-error @+1 {{memory space -1 must not be negative}}
func.func private @negative_space(memref<16xf32, #tlayout.memory_space<-1>>)

// -----

// expected-error @+1 {{unknown tlayout attribute 'tiles'}}
func.func private @unknown_attr(memref<16xf32, #tlayout.tiles<{0}>>)

// -----

// Op verifiers.

func.func @to_physical_wrong_size(%m: memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>) {
  // expected-error @+1 {{'tlayout.to_physical' op expects the result to have 24 elements (the physical size of 'memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>'), got 15}}
  %0 = tlayout.to_physical %m : memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>> to memref<15xf32>
  return
}

// -----

func.func @to_physical_untiled(%m: memref<3x5xf32>) {
  // expected-error @+1 {{'tlayout.to_physical' op expected a memref with a #tlayout.tiled or #tlayout.dims layout, got 'memref<3x5xf32>'}}
  %0 = tlayout.to_physical %m : memref<3x5xf32> to memref<15xf32>
  return
}

// -----

func.func @to_physical_element_type(%m: memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>) {
  // expected-error @+1 {{'tlayout.to_physical' op expects the result to have element type 'f32', got 'f16'}}
  %0 = tlayout.to_physical %m : memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>> to memref<24xf16>
  return
}

// -----

func.func @to_physical_memory_space(%m: memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>, #tlayout_tpu.memory_space<vmem>>) {
  // expected-error @+1 {{'tlayout.to_physical' op expects the result to be in the memory space of the tiled memref}}
  %0 = tlayout.to_physical %m : memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>, #tlayout_tpu.memory_space<vmem>> to memref<24xf32>
  return
}

// -----

func.func @to_physical_strided_result(%m: memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>) {
  // expected-error @+1 {{'tlayout.to_physical' op expects the result to have the identity layout}}
  %0 = tlayout.to_physical %m : memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>> to memref<24xf32, strided<[2]>>
  return
}

// -----

func.func @to_physical_dynamic_result(%m: memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>) {
  // expected-error @+1 {{'tlayout.to_physical' op expects a static result size for the static source}}
  %0 = tlayout.to_physical %m : memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>> to memref<?xf32>
  return
}

// -----

func.func @to_physical_static_result(%m: memref<?x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>) {
  // expected-error @+1 {{'tlayout.to_physical' op expects the result to have a dynamic size because 'memref<?x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>' has dynamic dimensions}}
  %0 = tlayout.to_physical %m : memref<?x5xf32, #tlayout.tiled<{1,0:T(2,2)}>> to memref<24xf32>
  return
}

// -----

func.func @element_size_too_small(%m: memref<3x5xf32, #tlayout.tiled<{1,0:E(8)}>>) {
  // expected-error @+1 {{'tlayout.to_physical' op element size E(8) is too small for an element type of 32 bits}}
  %0 = tlayout.to_physical %m : memref<3x5xf32, #tlayout.tiled<{1,0:E(8)}>> to memref<15xf32>
  return
}

// -----

func.func @from_physical_sizes(%b: memref<?xf32>) {
  // expected-error @+1 {{'tlayout.from_physical' op expects 1 size operands (one per dynamic dimension of 'memref<?x128xf32, #tlayout.tiled<{1,0:T(8,128)}>>'), got 0}}
  %0 = tlayout.from_physical %b : memref<?xf32> to memref<?x128xf32, #tlayout.tiled<{1,0:T(8,128)}>>
  return
}

// -----

func.func @from_physical_wrong_size(%b: memref<16xf32>) {
  // expected-error @+1 {{'tlayout.from_physical' op expects the buffer to have 24 elements (the physical size of 'memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>'), got 16}}
  %0 = tlayout.from_physical %b : memref<16xf32> to memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>
  return
}

// -----

func.func @from_physical_rank(%b: memref<4x6xf32>) {
  // expected-error @+1 {{'tlayout.from_physical' op operand #0 must be 1D memref of any type values}}
  %0 = tlayout.from_physical %b : memref<4x6xf32> to memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>
  return
}

// -----

func.func @subview_layout(%m: memref<16x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>) {
  // expected-error @+1 {{'tlayout.subview' op expects the result layout #tlayout.tiled<{1,0:T(8,128)}, parent = [16, 256], offsets = [3, 0]>, got #tlayout.tiled<{1,0:T(8,128)}, parent = [16, 256], offsets = [3, 1]>}}
  %v = tlayout.subview %m[3, 0] [4, 100] : memref<16x256xf32, #tlayout.tiled<{1,0:T(8,128)}>> to memref<4x100xf32, #tlayout.tiled<{1,0:T(8,128)}, parent = [16, 256], offsets = [3, 1]>>
  return
}

// -----

// The source is a view at run-time offsets: only the op can check the bound.
func.func @subview_bounds(%m: memref<10x100xf32, #tlayout.tiled<{1,0:T(8,128)}, parent = [16, 256], offsets = [?, ?]>>) {
  // expected-error @+1 {{'tlayout.subview' op view dimension 1 (offset 50, size 60) is outside the source's size 100}}
  %v = tlayout.subview %m[0, 50] [4, 60] : memref<10x100xf32, #tlayout.tiled<{1,0:T(8,128)}, parent = [16, 256], offsets = [?, ?]>> to memref<4x60xf32, #tlayout.tiled<{1,0:T(8,128)}, parent = [16, 256], offsets = [?, ?]>>
  return
}

// -----

// An offset near the largest int64: offset + size must not wrap around.
func.func @subview_offset_overflow(%m: memref<16x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>) {
  // expected-error @+1 {{'tlayout.subview' op view dimension 0 (offset 9223372036854775807, size 4) is outside the source's size 16}}
  %v = tlayout.subview %m[9223372036854775807, 0] [4, 100] : memref<16x256xf32, #tlayout.tiled<{1,0:T(8,128)}>> to memref<4x100xf32, #tlayout.tiled<{1,0:T(8,128)}, parent = [16, 256], offsets = [?, 0]>>
  return
}

// -----

func.func @subview_shape(%m: memref<16x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>) {
  // expected-error @+1 {{'tlayout.subview' op expects result dimension 0 to be 4, got 'memref<5x100xf32, #tlayout.tiled<{1,0:T(8,128)}, parent = [16, 256], offsets = [3, 0]>>'}}
  %v = tlayout.subview %m[3, 0] [4, 100] : memref<16x256xf32, #tlayout.tiled<{1,0:T(8,128)}>> to memref<5x100xf32, #tlayout.tiled<{1,0:T(8,128)}, parent = [16, 256], offsets = [3, 0]>>
  return
}

// -----

func.func @subview_untiled(%m: memref<16x256xf32>) {
  // expected-error @+1 {{'tlayout.subview' op expects a memref with a #tlayout.tiled or #tlayout.dims layout, got 'memref<16x256xf32>'}}
  %v = tlayout.subview %m[3, 0] [4, 100] : memref<16x256xf32> to memref<4x100xf32>
  return
}

// -----

func.func @from_physical_view(%b: memref<4096xf32>) {
  // expected-error @+1 {{'tlayout.from_physical' op cannot view a physical buffer as a view of a tiled memref; view it whole, then use tlayout.subview}}
  %v = tlayout.from_physical %b : memref<4096xf32> to memref<4x100xf32, #tlayout.tiled<{1,0:T(8,128)}, parent = [16, 256], offsets = [3, 0]>>
  return
}

// -----

func.func @assume_zero(%n: index) -> index {
  // expected-error @+1 {{'tlayout.assume_multiple' op attribute 'multiple' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive}}
  %m = tlayout.assume_multiple %n, 0 : index
  return %m : index
}

// -----

func.func @assume_negative(%n: index) -> index {
  // expected-error @+1 {{'tlayout.assume_multiple' op attribute 'multiple' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive}}
  %m = tlayout.assume_multiple %n, -8 : index
  return %m : index
}

// -----

func.func @assume_not_index(%n: i32) -> i32 {
  // expected-error @+1 {{invalid kind of type specified: expected builtin.index, but found 'i32'}}
  %m = tlayout.assume_multiple %n, 8 : i32
  return %m : i32
}
