// Errors in #tlayout.dims layouts, at the layout or the memref using it.
// RUN: tlayout-opt %s -split-input-file -verify-diagnostics

// expected-error @+1 {{dimension 1 has more than one dynamic physical dimension}}
func.func private @two_dynamic(memref<6x8xf32, #tlayout.dims<[1, 0, 1]>>)

// -----

// expected-error @+1 {{the dynamic physical dimension of dimension 1 must be its outermost}}
func.func private @dynamic_inside(memref<6x8xf32, #tlayout.dims<[1:packed(2), 0, 1]>>)

// -----

// expected-error @+1 {{dimension 0 has no physical dimension; give it at least a dynamic one}}
func.func private @missing(memref<6x8xf32, #tlayout.dims<[1]>>)

// -----

// expected-error @+1 {{odd-even strip of physical dimension 2 has odd size 3}}
func.func private @odd_strip(memref<6x8xf32, #tlayout.dims<[0, 1, 1:odd_even(3)]>>)

// -----

// expected-error @+1 {{physical dimension 2 has non-positive size 0}}
func.func private @zero(memref<6x8xf32, #tlayout.dims<[0, 1, 1:packed(0)]>>)

// -----

// expected-error @+1 {{expected 'packed', 'odd_even' or 'dynamic', got 'tiled'}}
func.func private @kind(memref<6x8xf32, #tlayout.dims<[0, 1:tiled(4)]>>)

// -----

// expected-error @+1 {{expected '('}}
func.func private @no_size(memref<6x8xf32, #tlayout.dims<[0, 1:packed]>>)

// -----

// expected-error @+1 {{the layout has 2 logical dimensions but the shape has rank 3}}
func.func private @rank(memref<6x8x2xf32, #tlayout.dims<[0, 1]>>)

// -----

// Packed sizes must reach the size of a dimension without a dynamic entry.
// expected-error @+1 {{dimension 1 is not covered: give it a dynamic physical dimension or packed sizes that reach its size}}
func.func private @uncovered(memref<6x8xf32, #tlayout.dims<[0, 1:packed(4)]>>)

// -----

// A dynamic size needs a dynamic entry.
// expected-error @+1 {{dimension 1 is not covered}}
func.func private @dynamic_size(memref<6x?xf32, #tlayout.dims<[0, 1:packed(8)]>>)

// -----

// expected-error @+1 {{a view needs a parent size and an offset for each of the 2 dimensions, got 1 and 2}}
func.func private @view(memref<4x4xf32, #tlayout.dims<[0, 1], parent = [8], offsets = [0, 0]>>)

// -----

// expected-error @+1 {{the view's dimension 1 (offset 6, size 4) does not fit in the parent's size 8}}
func.func private @view_fit(memref<4x4xf32, #tlayout.dims<[0, 1], parent = [8, 8], offsets = [0, 6]>>)

// -----

// An offset near the largest int64: offset + size must not wrap around.
// expected-error @+1 {{the view's dimension 0 (offset 9223372036854775807, size 4) ends past the largest 64-bit index, outside the parent's size 8}}
func.func private @view_offset_overflow(memref<4x4xf32, #tlayout.dims<[0, 1], parent = [8, 8], offsets = [9223372036854775807, 0]>>)

// -----

// expected-error @+1 {{the view's dimension 1 starts at 9223372036854775807, past the parent's size 8}}
func.func private @view_dynamic_offset_overflow(memref<4x?xf32, #tlayout.dims<[0, 1], parent = [8, 8], offsets = [0, 9223372036854775807]>>)

// -----

func.func @subview_layout(%m: memref<6x8xf32, #tlayout.dims<[1, 0, 1:packed(4)]>>) {
  // expected-error @+1 {{expects the result layout #tlayout.dims<[1, 0, 1:packed(4)], parent = [6, 8], offsets = [2, 4]>}}
  %w = tlayout.subview %m[2, 4] [4, 4] : memref<6x8xf32, #tlayout.dims<[1, 0, 1:packed(4)]>> to memref<4x4xf32, #tlayout.dims<[1, 0, 1:packed(4)], parent = [6, 8], offsets = [2, 0]>>
  return
}

// -----

// expected-error @+1 {{dimension number 5000 is out of range (0 to 1023)}}
func.func private @huge(memref<6x8xf32, #tlayout.dims<[5000]>>)

// -----

// Sizes whose product overflows are reported, not wrapped.
// expected-error @+1 {{the packed sizes of a dimension overflow int64}}
func.func private @overflow(memref<6xf32, #tlayout.dims<[0:packed(4294967296), 0:packed(4294967296)]>>)
