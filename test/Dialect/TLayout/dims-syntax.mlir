// #tlayout.dims is read by the core's parser (parsePhysDims, with
// parseLayoutSuffix for a view): one grammar and one limit on dimension
// numbers (below 1024) for the attribute, the C++ API and the tools.
// RUN: tlayout-opt %s -split-input-file -verify-diagnostics | FileCheck %s

// Comments stand between tokens, as in XLA's layout text.
// CHECK-LABEL: func.func private @comments
// CHECK-SAME: memref<6x8xf32, #tlayout.dims<[1, 0, 1:packed(4)]>>
func.func private @comments(memref<6x8xf32, #tlayout.dims<[1 /* columns, outer */, 0, 1:packed(4)]>>)

// -----

// The largest dimension number passes the parser (and then needs the 1023
// dimensions before it).
// expected-error @+1 {{dimension 0 has no physical dimension; give it at least a dynamic one}}
func.func private @limit(memref<6x8xf32, #tlayout.dims<[1023]>>)

// -----

// expected-error @+1 {{dimension number 1024 is out of range (0 to 1023)}}
func.func private @above_limit(memref<6x8xf32, #tlayout.dims<[0, 1024]>>)

// -----

// The C++ API once took numbers up to 4294967295: the text takes none of them.
// expected-error @+1 {{dimension number 4294967295 is out of range (0 to 1023)}}
func.func private @unsigned_max(memref<6x8xf32, #tlayout.dims<[4294967295]>>)

// -----

// expected-error @+1 {{integer '99999999999999999999' does not fit in int64}}
func.func private @huge_size(memref<6xf32, #tlayout.dims<[0:packed(99999999999999999999)]>>)

// -----

// expected-error @+1 {{expected ',' or ']'}}
func.func private @unclosed(memref<6x8xf32, #tlayout.dims<[0, 1 1]>>)

// -----

// The view suffix is the one #tlayout.tiled reads, with its messages.
// expected-error @+1 {{expected ',' in the view description `, parent = [...], offsets = [...]` or the sizes `, sizes = [...]`}}
func.func private @trailing(memref<6x8xf32, #tlayout.dims<[0, 1] x>>)

// -----

// expected-error @+1 {{expected a size, an offset or '?'}}
func.func private @view_junk(memref<4x4xf32, #tlayout.dims<[0, 1], parent = [8, x], offsets = [0, 0]>>)

// -----

// expected-error @+1 {{unexpected text after the view description}}
func.func private @view_trailing(memref<4x4xf32, #tlayout.dims<[0, 1], parent = [8, 8], offsets = [0, 0] x>>)

// -----

// expected-error @+1 {{a #tlayout.dims layout places elements without sizes: drop `sizes`}}
func.func private @sizes(memref<4x4xf32, #tlayout.dims<[0, 1], sizes = [4, 4]>>)

// -----

// expected-error @+1 {{a #tlayout.dims layout places elements without sizes: drop `sizes`}}
func.func private @empty_sizes(memref<4x4xf32, #tlayout.dims<[0, 1], sizes = []>>)
