// A layout's affine map (MemRefLayoutAttrInterface::getAffineMap, which
// upstream passes read) is the layout compiled for dynamic sizes. A layout
// whose map cannot be written out is rejected by the attribute's verifier,
// even where the memref's static sizes would compile: upstream must never
// be handed a stand-in map.
// RUN: tlayout-opt %s --split-input-file --verify-diagnostics

// Ten levels of combining tiles: 4x4 compiles, but the map for any sizes has
// more than 65536 terms.
// expected-error @+1 {{the layout's index map has more than 65536 terms}}
func.func private @f(memref<4x4xf32, #tlayout.tiled<{1,0:T(*,*,*,*,*,*,*,*,*,*,*,*,6)(*,*,*,*,*,*,*,*,*,*,*,9)(*,*,*,*,*,*,*,*,*,*,*,*,*,*,*,*,*,*,*,*,*,6)(*,*,*,*,*,*,*,*,*,*,*,6)(*,*,*,*,*,*,*,*,*,*,*,*,*,*,6)(*,*,*,*,6)(*,*,*,*,*,*,*,*,*,6)(*,*,*,*,*,*,*,6)(*,*,*,*,6)(*,*,*,*,*,*,*,*,*,6)}>>)

// -----

// One level less has its map, and the memref its layout.
func.func private @g(memref<4x4xf32, #tlayout.tiled<{1,0:T(*,*,*,*,*,*,*,*,*,*,*,*,6)(*,*,*,*,*,*,*,*,*,*,*,9)(*,*,*,*,*,*,*,*,*,*,*,*,*,*,*,*,*,*,*,*,*,6)(*,*,*,*,*,*,*,*,*,*,*,6)(*,*,*,*,*,*,*,*,*,*,*,*,*,*,6)(*,*,*,*,6)(*,*,*,*,*,*,*,*,*,6)(*,*,*,*,*,*,*,6)(*,*,*,*,6)}>>)
