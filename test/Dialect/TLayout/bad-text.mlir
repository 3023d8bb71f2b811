// Bad layout text never crashes tlayout-opt: it reports one error at the
// attribute's column and exits non-zero.
// RUN: not tlayout-opt %s 2>&1 | FileCheck %s

// CHECK: bad-text.mlir:[[@LINE+2]]:53: error: tile 0 has '*' as its most minor entry
// CHECK-NOT: error
func.func private @f(memref<3x5xf32, #tlayout.tiled<{1,0:T(2,*)}>>)

// Tile levels are bounded: the most (1024) parse, verify and lower quickly;
// 30,000 are an error, reported before any level is built (building them
// took seconds and gigabytes: the core records the shape after each level).
// RUN: python3 -c "print('func.func private @g(memref<4xf32, #tlayout.tiled<{0:T' + '(1)' * 1024 + '}>>)')" > %t.max.mlir
// RUN: tlayout-opt --lower-tiled-layouts %t.max.mlir | FileCheck %s --check-prefix=MAX
// MAX: func.func private @g(memref<4x1x1x1
// RUN: python3 -c "print('func.func private @g(memref<4xf32, #tlayout.tiled<{0:T' + '(1)' * 30000 + '}>>)')" > %t.many.mlir
// RUN: not tlayout-opt %t.many.mlir 2>&1 | FileCheck %s --check-prefix=MANY
// MANY: error: the layout has 30000 tile levels; at most 1024 are supported

// One tile of 30,000 entries (29,999 unit dimensions in front) is an error too.
// RUN: python3 -c "print('func.func private @g(memref<4xf32, #tlayout.tiled<{0:T(' + '1,' * 29999 + '1)}>>)')" > %t.wide.mlir
// RUN: not tlayout-opt %t.wide.mlir 2>&1 | FileCheck %s --check-prefix=WIDE
// WIDE: error: the layout's tiles have 30000 entries in all; at most 4096 are supported

// Tiles that combine and split again and again nest each index expression
// in the next one; past 65536 terms the layout is an error, at once.
// RUN: python3 -c "print('func.func private @g(memref<3x5xf32, #tlayout.tiled<{1,0:T(1)' + '(*,*,10)(*,*,2)' * 12 + '}>>)')" > %t.nested.mlir
// RUN: not tlayout-opt %t.nested.mlir 2>&1 | FileCheck %s --check-prefix=NESTED
// NESTED: error: the layout's index map has more than 65536 terms: its tiles combine (*) and split dimensions too many times
