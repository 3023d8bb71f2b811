/*===- tlayout-c/Layout.h - C API for tlayout's layouts -----------*- C -*-===*\
|*                                                                            *|
|* Part of the tlayout project.                                               *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/
/*
 * Layout attributes (`#tlayout.tiled`, memory spaces) and the layout core's
 * queries on a memref type: sizes and padding, the offset of an index, the
 * index at an offset, contiguity, and whether two layouts place an array
 * identically.
 *
 * Errors. A function that can fail on its input takes an error callback
 * and its user data last (`MlirStringCallback onError, void *userData`, as
 * mlirParsePassPipeline does). On failure it returns a null attribute or a
 * failed MlirLogicalResult and calls `onError` once with the message (when
 * `onError` is not NULL); the message lives only during that call. It
 * never aborts on bad input, and diagnostics it raises on the context go to
 * the callback, not to the context's handlers. The accessors of
 * `#tlayout.tiled` take no callback: they return -1 for a null attribute,
 * an attribute of another kind or a position out of range.
 *
 * Queries take a memref type: its shape (static), its element type and
 * its layout (`#tlayout.tiled`, `#tlayout.dims` or the identity, which is
 * row-major) together say where every element is.
 */

#ifndef TLAYOUT_C_LAYOUT_H
#define TLAYOUT_C_LAYOUT_H

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ===------------------------------------------------------------------=== */
/* #tlayout.tiled                                                           */
/* ===------------------------------------------------------------------=== */

/// A tile entry that combines its dimension into the next (XLA's `*`).
#define TLAYOUT_TILE_COMBINE INT64_MIN

/// Returns `#tlayout.tiled<xlaText>` for XLA layout text such as
/// `{1,0:T(8,128)}`, or a null attribute and the message (with the column)
/// when the text is malformed or the layout invalid (minor_to_major not a
/// permutation, a non-positive tile size, ...). `S(n)` is an error: the
/// memory space belongs on the memref (tlayoutMemorySpaceAttrGet).
MLIR_CAPI_EXPORTED MlirAttribute
tlayoutTiledLayoutAttrGet(MlirContext ctx, MlirStringRef xlaText,
                          MlirStringCallback onError, void *userData);

/// Whether `attr` is a `#tlayout.tiled` layout.
MLIR_CAPI_EXPORTED bool tlayoutAttributeIsATiledLayout(MlirAttribute attr);

/// The rank of the layout: the length of minor_to_major; -1 when `attr` is
/// null or not a `#tlayout.tiled` layout.
MLIR_CAPI_EXPORTED intptr_t tlayoutTiledLayoutAttrGetRank(MlirAttribute attr);

/// Entry `pos` of minor_to_major (most minor dimension first); -1 when
/// `attr` is null or not a `#tlayout.tiled` layout, or `pos` is not in
/// [0, rank).
MLIR_CAPI_EXPORTED int64_t
tlayoutTiledLayoutAttrGetMinorToMajor(MlirAttribute attr, intptr_t pos);

/// The number of tiles (tile levels); -1 when `attr` is null or not a
/// `#tlayout.tiled` layout.
MLIR_CAPI_EXPORTED intptr_t
tlayoutTiledLayoutAttrGetNumTiles(MlirAttribute attr);

/// The number of entries of tile `tile`; -1 when `attr` is null or not a
/// `#tlayout.tiled` layout, or `tile` is not in [0, number of tiles).
MLIR_CAPI_EXPORTED intptr_t
tlayoutTiledLayoutAttrGetTileRank(MlirAttribute attr, intptr_t tile);

/// Entry `pos` of tile `tile`, or TLAYOUT_TILE_COMBINE for `*`; -1 when
/// `attr` is null or not a `#tlayout.tiled` layout, or `tile` or `pos` is
/// out of range.
MLIR_CAPI_EXPORTED int64_t tlayoutTiledLayoutAttrGetTileSize(MlirAttribute attr,
                                                             intptr_t tile,
                                                             intptr_t pos);

/// `L(n)`: the physical element count is padded to a multiple of n (1
/// when the layout has none); -1 when `attr` is null or not a
/// `#tlayout.tiled` layout.
MLIR_CAPI_EXPORTED int64_t
tlayoutTiledLayoutAttrGetTailPaddingAlignment(MlirAttribute attr);

/// `E(n)`: bits per element, 0 for the element type's own size; -1 when
/// `attr` is null or not a `#tlayout.tiled` layout.
MLIR_CAPI_EXPORTED int64_t
tlayoutTiledLayoutAttrGetElementSizeInBits(MlirAttribute attr);

/// Calls `callback` with the layout's XLA text, e.g. `{1,0:T(8,128)}`.
/// Calls nothing when `attr` is null or not a `#tlayout.tiled` layout, or
/// `callback` is NULL.
MLIR_CAPI_EXPORTED void
tlayoutTiledLayoutAttrPrintXla(MlirAttribute attr, MlirStringCallback callback,
                               void *userData);

/* ===------------------------------------------------------------------=== */
/* Memory spaces                                                            */
/* ===------------------------------------------------------------------=== */

/// `#tlayout.memory_space<number>`, XLA's `S(number)`; a null attribute
/// and the message for a negative number.
MLIR_CAPI_EXPORTED MlirAttribute
tlayoutMemorySpaceAttrGet(MlirContext ctx, int64_t number,
                          MlirStringCallback onError, void *userData);

/// Whether `attr` is a `#tlayout.memory_space<n>`.
MLIR_CAPI_EXPORTED bool tlayoutAttributeIsAMemorySpace(MlirAttribute attr);

/// `#tlayout_tpu.memory_space<name>` for a TPU memory space name (`hbm`,
/// `vmem`, `smem`, `cmem`, `host`); a null attribute and the message for
/// any other name.
MLIR_CAPI_EXPORTED MlirAttribute
tlayoutTpuMemorySpaceAttrGet(MlirContext ctx, MlirStringRef name,
                             MlirStringCallback onError, void *userData);

/// Whether `attr` is a `#tlayout_tpu.memory_space<name>`.
MLIR_CAPI_EXPORTED bool tlayoutAttributeIsATpuMemorySpace(MlirAttribute attr);

/// The `S(n)` number of a memory space of either dialect (the generic one,
/// the TPU's named ones), or -1 for any other attribute.
MLIR_CAPI_EXPORTED int64_t tlayoutMemorySpaceGetNumber(MlirAttribute attr);

/* ===------------------------------------------------------------------=== */
/* Queries on a memref type                                                 */
/* ===------------------------------------------------------------------=== */

/// The sizes of an array in memory. Bytes round up to whole bytes; the
/// bits per element are the layout's `E(n)` or the element type's storage
/// size.
typedef struct {
  int64_t logicalElements;
  int64_t physicalElements;
  int64_t logicalBytes;
  int64_t physicalBytes;
  /// physicalBytes - logicalBytes.
  int64_t paddingBytes;
} TLayoutFootprint;

/// Fills `*result` with the footprint of `memref`. Fails on a dynamic
/// shape, a view, or sizes that overflow int64.
MLIR_CAPI_EXPORTED MlirLogicalResult
tlayoutMemRefGetFootprint(MlirType memref, TLayoutFootprint *result,
                          MlirStringCallback onError, void *userData);

/// Sets `*offset` to the physical offset, in elements, of the logical index
/// `index` (`rank` entries). Fails on a wrong rank or an index out of
/// bounds.
MLIR_CAPI_EXPORTED MlirLogicalResult tlayoutMemRefGetOffset(
    MlirType memref, intptr_t rank, const int64_t *index, int64_t *offset,
    MlirStringCallback onError, void *userData);

/// The logical index stored at physical offset `offset`: fills `index`
/// (`rank` entries) and sets `*isPadding` to false, or sets `*isPadding` to
/// true when the offset is padding. Fails on an offset outside the buffer.
MLIR_CAPI_EXPORTED MlirLogicalResult tlayoutMemRefGetIndexAt(
    MlirType memref, int64_t offset, intptr_t rank, int64_t *index,
    bool *isPadding, MlirStringCallback onError, void *userData);

/// Returned as a width or length when any in-bounds run is contiguous.
#define TLAYOUT_UNBOUNDED INT64_MAX

/// How far logical dimension `dim` runs contiguously: `*length` elements
/// from a multiple of it sit at consecutive offsets (the other indices
/// fixed), TLAYOUT_UNBOUNDED when the whole dimension does; 1 when `dim` is
/// not the fastest varying dimension.
MLIR_CAPI_EXPORTED MlirLogicalResult
tlayoutMemRefGetContiguousRun(MlirType memref, intptr_t dim, int64_t *length,
                              MlirStringCallback onError, void *userData);

/// The widest vector along `dim`, starting at any multiple of `alignment`
/// (>= 1), whose elements sit at consecutive offsets; TLAYOUT_UNBOUNDED
/// when any in-bounds width is.
MLIR_CAPI_EXPORTED MlirLogicalResult tlayoutMemRefGetWidestVector(
    MlirType memref, intptr_t dim, int64_t alignment, int64_t *width,
    MlirStringCallback onError, void *userData);

/// Whether memrefs `a` and `b` (of one shape and element size) place every
/// element at the same offset in buffers of the same size: then
/// `tlayout.cast` converts one to the other for free. With a non-NULL
/// `permutation` (rank entries), `b` is `a` transposed (`b`'s dimension k
/// is `a`'s dimension permutation[k]), and `*same` says whether the
/// transpose is free. When the offsets differ and `firstDifference` is not
/// NULL, it receives the first index of `a` (row-major order) whose element
/// sits elsewhere and `*hasDifference` is set (it is false when only the
/// buffer sizes differ). Fails on shapes that do not match, dynamic shapes,
/// or arrays over 2^22 elements whose placements differ structurally.
MLIR_CAPI_EXPORTED MlirLogicalResult tlayoutMemRefComparePlacement(
    MlirType a, MlirType b, const int64_t *permutation, bool *same,
    int64_t *firstDifference, bool *hasDifference, MlirStringCallback onError,
    void *userData);

/// Whether `tlayout.reshape` from `source` to `result` is valid, i.e. the
/// reshape is free (a bitcast: every element keeps its offset). Sets
/// `*isFree`; when it is false, `why` (if not NULL) receives the reshape
/// verifier's reason. Fails only on arguments that are not memref types.
MLIR_CAPI_EXPORTED MlirLogicalResult tlayoutMemRefIsFreeReshape(
    MlirType source, MlirType result, bool *isFree, MlirStringCallback why,
    void *whyUserData, MlirStringCallback onError, void *userData);

/// Calls `callback` with the normal form of `memref`'s placement as
/// physical dimensions (`#tlayout.dims<[...]>`), identical for exactly the
/// memrefs that place their elements identically, or `none` where the
/// layout has no such form (tail padding, `E(n)`, combined dimensions).
MLIR_CAPI_EXPORTED MlirLogicalResult tlayoutMemRefPrintNormalForm(
    MlirType memref, MlirStringCallback callback, void *callbackUserData,
    MlirStringCallback onError, void *userData);

#ifdef __cplusplus
}
#endif

#endif /* TLAYOUT_C_LAYOUT_H */
