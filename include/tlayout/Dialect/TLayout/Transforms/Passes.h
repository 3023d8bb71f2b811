//===- Passes.h - tlayout passes --------------------------------*- C++ -*-===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// Declarations and registration of the tlayout passes.
//
//===----------------------------------------------------------------------===//

#ifndef TLAYOUT_DIALECT_TLAYOUT_TRANSFORMS_PASSES_H
#define TLAYOUT_DIALECT_TLAYOUT_TRANSFORMS_PASSES_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir {
namespace affine {
class AffineDialect;
} // namespace affine
namespace arith {
class ArithDialect;
} // namespace arith
namespace memref {
class MemRefDialect;
} // namespace memref
namespace scf {
class SCFDialect;
} // namespace scf
namespace vector {
class VectorDialect;
} // namespace vector
namespace tlayout {
class TLayoutDialect;
} // namespace tlayout
} // namespace mlir

namespace mlir::tlayout {

/// The layout model --tlayout-convert-layout-syntax writes (its `to` option).
enum class LayoutSyntax { Dims, Xla, Canonical };

/// The contiguous bytes per row and tile from which
/// --tlayout-simplify-indexing leaves a row loop of a reduction as it is by
/// default (its `tile-row-walk-bytes`; see walkTileRowsInPhysicalOrder).
/// The walk reads a group of tile rows in one sweep, but its partials (one
/// set per row) no longer fit in registers. Measured with clang -O3
/// -march=native, a row sum over `T(8,128)`: bf16 (256 bytes per row and
/// tile) runs about 1.3x faster walked on an AVX-512 host; f32 (512 bytes)
/// about 10% slower there, where one row's partials fit its 32 registers of
/// 64 bytes, but about 1.4x faster on an AVX2 host (16 registers of 32
/// bytes), as on any target whose registers one row's partials fill. The
/// default walks both; 0 or less walks none. (Measured with per-element
/// partials; walked rows now accumulate into one vector each,
/// kDefaultRowAccumulatorBytes, which no longer fills the registers.)
constexpr int64_t kDefaultTileRowWalkBytes = 1024;

/// The bytes of the vector that accumulates each row where
/// --tlayout-simplify-indexing walks rows of tiles (its
/// `row-accumulator-bytes`; see walkTileRowsInPhysicalOrder): one 32-byte
/// register per row, so that the 8 rows of a `T(8,128)` group keep their
/// partials in 8 of AVX2's 16 registers instead of 128 registers' worth of
/// per-element partials, which spill. Measured with clang -O3
/// -march=native on an AVX2 host, a 4096 x 4096 row sum over `T(8,128)`:
/// per-element partials 0.85-0.9 of the row-major loop, one vector per row
/// 0.95-1.0, for f32 and bf16 alike. 0 or less keeps per-element partials.
constexpr int64_t kDefaultRowAccumulatorBytes = 32;

#define GEN_PASS_DECL
#include "tlayout/Dialect/TLayout/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "tlayout/Dialect/TLayout/Transforms/Passes.h.inc"

} // namespace mlir::tlayout

#endif // TLAYOUT_DIALECT_TLAYOUT_TRANSFORMS_PASSES_H
