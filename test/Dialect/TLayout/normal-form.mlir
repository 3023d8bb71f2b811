// Layouts that place every element identically print one normal form:
// converted to physical dimensions, then to their canonical form, equal
// placements give equal types.
// RUN: tlayout-opt %s --tlayout-convert-layout-syntax=to=dims --tlayout-convert-layout-syntax=to=canonical | FileCheck %s
// The inspector's canonical line agrees.
// RUN: tlayout-inspect 'f32[1,256]{1,0:T(1,128)}' | FileCheck %s --check-prefix=INSPECT
// RUN: tlayout-inspect 'f32[1,256]{1,0}' | FileCheck %s --check-prefix=INSPECT
// RUN: tlayout-inspect 'f32[1,256]{0,1}' | FileCheck %s --check-prefix=INSPECT
// INSPECT: canonical dims: #tlayout.dims<[0, 1]>

// CHECK-LABEL: func.func private @equal(
// CHECK-SAME: memref<1x256xf32, #tlayout.dims<[0, 1]>>, memref<1x256xf32, #tlayout.dims<[0, 1]>>, memref<1x256xf32, #tlayout.dims<[0, 1]>>, memref<1x256xf32, #tlayout.dims<[0, 1]>>)
func.func private @equal(memref<1x256xf32, #tlayout.tiled<{1,0:T(1,128)}>>,
                         memref<1x256xf32, #tlayout.tiled<{1,0}>>,
                         memref<1x256xf32, #tlayout.tiled<{0,1}>>,
                         memref<1x256xf32, #tlayout.dims<[1:packed(2), 0, 1:packed(128)]>>)

// Padding reads the same whichever entry carries it.
// CHECK-LABEL: func.func private @padded(
// CHECK-SAME: memref<12xf32, #tlayout.dims<[0:packed(16)]>>, memref<12xf32, #tlayout.dims<[0:packed(16)]>>)
func.func private @padded(memref<12xf32, #tlayout.tiled<{0:T(8)}>>,
                          memref<12xf32, #tlayout.dims<[0, 0:packed(2), 0:packed(4)]>>)

// Different placements keep different forms.
// CHECK-LABEL: func.func private @different(
// CHECK-SAME: memref<4x256xf32, #tlayout.dims<[0, 1]>>, memref<4x256xf32, #tlayout.dims<[0, 1, 0:packed(2), 1:packed(128)]>>)
func.func private @different(memref<4x256xf32, #tlayout.tiled<{1,0}>>,
                             memref<4x256xf32, #tlayout.tiled<{1,0:T(2,128)}>>)
