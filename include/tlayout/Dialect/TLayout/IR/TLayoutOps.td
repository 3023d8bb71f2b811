//===- TLayoutOps.td - tlayout operations ------------------*- tablegen -*-===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//

#ifndef TLAYOUT_DIALECT_TLAYOUT_IR_TLAYOUTOPS_TD
#define TLAYOUT_DIALECT_TLAYOUT_IR_TLAYOUTOPS_TD

include "tlayout/Dialect/TLayout/IR/TLayoutAttrs.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/ViewLikeInterface.td"

def TLayout_ToPhysicalOp : TLayout_Op<"to_physical", [
    Pure, DeclareOpInterfaceMethods<ViewLikeOpInterface>]> {
  let summary = "The physical buffer of a tiled memref";
  let description = [{
    Returns the whole physical buffer behind a memref with a
    `#tlayout.tiled` layout: a 1-D memref with the identity layout, the same
    element type and memory space, and as many elements as the layout
    occupies (padding and `L(n)` included). Its size is dynamic when the
    source has dynamic dimensions. No data moves: both share the storage.

    ```mlir
    %buf = tlayout.to_physical %m
        : memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>> to memref<24xf32>
    ```
  }];
  let arguments = (ins AnyMemRef:$source);
  let results = (outs MemRefRankOf<[AnyType], [1]>:$result);
  let assemblyFormat = [{
    $source attr-dict `:` type($source) `to` type($result)
  }];
  let hasVerifier = 1;
}

def TLayout_FromPhysicalOp : TLayout_Op<"from_physical", [
    Pure, DeclareOpInterfaceMethods<ViewLikeOpInterface>]> {
  let summary = "View a physical buffer as a tiled memref";
  let description = [{
    The inverse of `tlayout.to_physical`: views a 1-D identity-layout buffer
    as a memref with a `#tlayout.tiled` layout. The sizes of the result's
    dynamic dimensions are operands, in order. When both sizes are static,
    the buffer must have exactly the layout's physical size.

    ```mlir
    %m = tlayout.from_physical %buf
        : memref<24xf32> to memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>
    %d = tlayout.from_physical %dyn[%n]
        : memref<?xf32> to memref<?x128xf32, #tlayout.tiled<{1,0:T(8,128)}>>
    ```
  }];
  let arguments = (ins MemRefRankOf<[AnyType], [1]>:$buffer,
                       Variadic<Index>:$sizes);
  let results = (outs AnyMemRef:$result);
  let assemblyFormat = [{
    $buffer (`[` $sizes^ `]`)? attr-dict `:` type($buffer) `to` type($result)
  }];
  let hasVerifier = 1;
}

def TLayout_SubViewOp : TLayout_Op<"subview", [
    Pure, AttrSizedOperandSegments,
    DeclareOpInterfaceMethods<ViewLikeOpInterface>]> {
  let summary = "A view of a tiled memref";
  let description = [{
    A rectangular view of a memref with a `#tlayout.tiled` layout, at static
    or dynamic offsets with static or dynamic sizes and unit strides. No data
    moves: the view shares its parent's physical buffer. Upstream's
    `memref.subview` rejects non-strided layouts, hence this op.

    The result's layout is the source's layout as a view: it records the
    logical sizes of the root memref and the view's offsets in it (offsets of
    views of views add up; an offset is `?` when either part is dynamic).

    ```mlir
    %v = tlayout.subview %m[3, %j] [4, 100]
        : memref<16x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>
       to memref<4x100xf32, #tlayout.tiled<{1,0:T(8,128)}, parent = [16, 256],
                                           offsets = [3, ?]>>
    ```

    `--lower-tiled-layouts` lowers accesses through a view at any offset by
    adding the offsets before the parent's layout map.
  }];
  let arguments = (ins AnyMemRef:$source, Variadic<Index>:$offsets,
                       Variadic<Index>:$sizes,
                       DenseI64ArrayAttr:$static_offsets,
                       DenseI64ArrayAttr:$static_sizes);
  let results = (outs AnyMemRef:$result);
  let assemblyFormat = [{
    $source `` custom<DynamicIndexList>($offsets, $static_offsets)
    custom<DynamicIndexList>($sizes, $static_sizes)
    attr-dict `:` type($source) `to` type($result)
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The offset of the view in its root memref along each dimension:
    /// constant, or kDynamic.
    ::llvm::SmallVector<int64_t> getExpectedRootOffsets();

    /// The view of `sourceType` (which has a tlayout layout) at
    /// `staticOffsets` with `staticSizes` (`ShapedType::kDynamic` where
    /// dynamic): its offsets in the root add to the source's own.
    static ::mlir::MemRefType
    inferResultType(::mlir::MemRefType sourceType,
                    ::llvm::ArrayRef<int64_t> staticOffsets,
                    ::llvm::ArrayRef<int64_t> staticSizes);
  }];
}

def TLayout_ReshapeOp : TLayout_Op<"reshape", [
    Pure, DeclareOpInterfaceMethods<ViewLikeOpInterface>]> {
  let summary = "View a tiled memref or tensor in another shape, every element in place";
  let description = [{
    Views a memref (or a tensor) with a `#tlayout.tiled` or `#tlayout.dims` layout in
    another shape: the element at row-major position `k` of the source is
    the element at row-major position `k` of the result, as for
    `memref.expand_shape` and `memref.collapse_shape` (which reject
    non-strided layouts). No data moves: the result shares the source's
    physical buffer, so the two layouts must place every element at the
    same physical offset and have the same physical size. That holds when
    dimensions split or merge along whole tiles, e.g. rows of `T(8,128)`
    tiles split at a multiple of 8:

    ```mlir
    %v = tlayout.reshape %m
        : memref<16x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>
       to memref<2x8x256xf32, #tlayout.tiled<{2,1,0:T(8,128)}>>
    ```

    The verifier proves it with the layout core: both layouts are compiled
    for their shapes, and the physical offset of every element (at most
    2^22 of them) is compared. Shapes are static, neither side is a view
    (take views of the result with `tlayout.subview`), and the element
    types and memory spaces agree. Where the placement differs (a split
    inside a tile, a tile that pads differently), copy into a memref of the
    new shape with `memref.copy` instead.

    `--lower-tiled-layouts` lowers the result to the source's physical
    buffer (reinterpreted in the result's physical shape), and accesses
    through it use the result's own layout map.

    On tensors (both sides encoded with tlayout layouts) it bufferizes into
    the memref form on the source's buffer: a view, no copy, no allocation.
    `--tlayout-assign-layouts` makes a `tensor.expand_shape` or
    `tensor.collapse_shape` one where the layouts it chooses allow.
  }];
  let arguments = (ins AnyTypeOf<[AnyMemRef, AnyStaticShapeTensor]>:$source);
  let results = (outs AnyTypeOf<[AnyMemRef, AnyStaticShapeTensor]>:$result);
  let assemblyFormat = [{
    $source attr-dict `:` type($source) `to` type($result)
  }];
  let hasVerifier = 1;
}

def TLayout_CopyOp : TLayout_Op<"copy"> {
  let summary = "Copy between layouts and memory spaces (the target's DMA)";
  let description = [{
    Copies every element of `source` to the same logical index of `target`.
    The two memrefs have the same logical shape and element type; their
    layouts (`#tlayout.tiled`, `#tlayout.dims`, identity or views) and memory
    spaces may differ: this is the relayout and the memory-space transfer of
    the emulated TPU, e.g. a row-major array in HBM into `T(8,128)` tiles in
    VMEM.

    ```mlir
    tlayout.copy %a, %b : memref<16x256xf32, #tlayout.memory_space<0>>
        to memref<16x256xf32, #tlayout.tiled<{1,0:T(8,128)}>,
                  #tlayout.memory_space<1>>
    ```

    `--lower-tiled-layouts` writes the target in its physical order, walking
    whole tiles so that inner runs are contiguous; where both layouts place
    every element at the same offset it copies the physical buffers whole.
  }];
  let arguments = (ins Arg<AnyMemRef, "the memref read",
                           [MemRead]>:$source,
                       Arg<AnyMemRef, "the memref written",
                           [MemWrite]>:$target);
  let assemblyFormat = [{
    $source `,` $target attr-dict `:` type($source) `to` type($target)
  }];
  let hasVerifier = 1;
}

def TLayout_AssumeMultipleOp : TLayout_Op<"assume_multiple", [
    Pure, AllTypesMatch<["value", "result"]>]> {
  let summary = "Promise that an index is a multiple of a constant";
  let description = [{
    Returns `value` unchanged and promises that it is a multiple of
    `multiple` (a positive constant), where the compiler cannot prove it: a
    dynamic size or offset that the caller knows to be whole tiles. The
    behaviour is undefined when the promise is false.

    `--tlayout-simplify-indexing` reads the promise to remove floordiv/mod
    from the accesses that use the value (and the loops bounded by it), then
    replaces the op by its operand; the pipelines run it, so the op never
    reaches the LLVM lowering.

    ```mlir
    %n8 = tlayout.assume_multiple %n, 8 : index
    affine.for %i = 0 to %n8 { ... }
    ```
  }];
  let arguments = (ins Index:$value,
                       ConfinedAttr<I64Attr, [IntPositive]>:$multiple);
  let results = (outs Index:$result);
  let assemblyFormat = [{
    $value `,` $multiple attr-dict `:` type($value)
  }];
}

def TLayout_RelayoutOp : TLayout_Op<"relayout", [Pure]> {
  let summary = "A tensor in another memory layout";
  let description = [{
    Returns `source` with every element at the same logical index, in a
    tensor whose encoding is another memory layout (`#tlayout.tiled`,
    `#tlayout.dims`, or none for the identity layout). The two tensor types
    have the same shape and element type and differ only in their encoding.
    It is the point where two layouts meet: `--tlayout-propagate-tensor-layouts`
    inserts it where a value must change layout, and
    `--tlayout-bufferize-tensor-encodings` bufferizes it into a new
    allocation with the result's layout and a `tlayout.copy` into it. The
    same encoding on both sides makes a copy.

    ```mlir
    %r = tlayout.relayout %t
        : tensor<16x256xf32> to tensor<16x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$source);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = [{
    $source attr-dict `:` type($source) `to` type($result)
  }];
  let hasVerifier = 1;
}

def TLayout_CastOp : TLayout_Op<"cast", [
    Pure, DeclareOpInterfaceMethods<ViewLikeOpInterface>]> {
  let summary = "View a memref in another layout that places it identically";
  let description = [{
    Converts a memref to a type of the same shape, element type and memory
    space whose layout places every element at the same offset of a buffer
    of the same size: the same memory, described another way. Layouts can
    differ in their text and still agree, e.g. `{1,0:T(1,128)}` on a 1x256
    array tiles only what row-major already does, so the cast to the plain
    memref (identity layout) is free where `memref.cast` rejects the two
    types as incompatible:

    ```mlir
    %r = tlayout.cast %m
        : memref<1x256xf32, #tlayout.tiled<{1,0:T(1,128)}>>
       to memref<1x256xf32>
    ```

    Either side has a `#tlayout.tiled`, `#tlayout.dims` or identity layout.
    The verifier proves the placement equal with the layout core (equal
    normal forms, or, where those differ, every element's offset compared,
    at most 2^22 of them) and names the first element placed differently
    otherwise; the elements must also take the same bits (`E(n)`). Shapes
    are static and neither side is a view. `tlayout-inspect --compare A B`
    answers the same question from the command line.

    A cast to its own type folds away, and a cast of a cast casts the
    original memref. `--lower-tiled-layouts` lowers the result to the
    source's physical buffer (reinterpreted in the result's physical shape
    where the two physical types differ): the lowered buffers are the same.
  }];
  let arguments = (ins AnyStaticShapeMemRef:$source);
  let results = (outs AnyStaticShapeMemRef:$result);
  let assemblyFormat = [{
    $source attr-dict `:` type($source) `to` type($result)
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
}

def TLayout_TransposeOp : TLayout_Op<"transpose", [Pure]> {
  let summary = "A transpose that the layouts make free: the same bytes";
  let description = [{
    Views a memref, or a tensor, transposed: dimension `k` of the result is
    dimension `permutation[k]` of the source (as in `linalg.transpose`), and
    every element stays at its offset. It is valid only where the two
    layouts make the transpose a bitcast: the source's placement, with its
    dimensions permuted, is the result's, in a buffer of the same size. A
    tiled array transposed into the transposed tiling is one:

    ```mlir
    %t = tlayout.transpose %m permutation = [1, 0]
        : memref<256x512xf32, #tlayout.tiled<{1,0:T(8,128)}>>
       to memref<512x256xf32, #tlayout.tiled<{0,1:T(8,128)}>>
    ```

    This compares placements with the layout core, tiles included (XLA's
    `TransposeIsBitcast` looks only at minor_to_major), and names the first
    element placed elsewhere when they differ. Either side has a
    `#tlayout.tiled`, `#tlayout.dims` or identity layout (a tensor's layout
    is its encoding); shapes are static, both sides are memrefs in one
    memory space or both tensors, with one element type.

    On tensors it bufferizes into the memref form on the source's buffer (a
    view: no copy, no allocation); `--tlayout-assign-layouts` makes a
    `linalg.transpose` one where the layouts it chooses allow.
    `--lower-tiled-layouts` lowers the memref form to the source's physical
    buffer, reinterpreted in the result's physical shape where the two
    physical types differ.
  }];
  let arguments = (ins AnyTypeOf<[AnyStaticShapeMemRef, AnyStaticShapeTensor]>:$source,
                       DenseI64ArrayAttr:$permutation);
  let results = (outs AnyTypeOf<[AnyStaticShapeMemRef, AnyStaticShapeTensor]>:$result);
  let assemblyFormat = [{
    $source `permutation` `=` $permutation attr-dict `:` type($source) `to` type($result)
  }];
  let hasVerifier = 1;
}

#endif // TLAYOUT_DIALECT_TLAYOUT_IR_TLAYOUTOPS_TD
