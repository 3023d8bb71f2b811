//===- TLayoutAttrs.td - tlayout attributes ----------------*- tablegen -*-===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//

#ifndef TLAYOUT_DIALECT_TLAYOUT_IR_TLAYOUTATTRS_TD
#define TLAYOUT_DIALECT_TLAYOUT_IR_TLAYOUTATTRS_TD

include "tlayout/Dialect/TLayout/IR/TLayoutBase.td"
include "mlir/IR/BuiltinAttributeInterfaces.td"

def TLayout_TiledLayoutAttr : TLayout_Attr<"TiledLayout", "tiled", [
    DeclareAttrInterfaceMethods<MemRefLayoutAttrInterface,
        ["isIdentity", "verifyLayout", "getStridesAndOffset"]>]> {
  let summary = "An XLA tiled layout on a memref";
  let description = [{
    How the elements of a memref sit in memory, in XLA's layout text between
    the angle brackets:

    ```
    tiled-layout ::= `#tlayout.tiled<` layout `>`
    layout       ::= `{` (int (`,` int)*)? (`:` fields)? `}`
    fields       ::= tiles? (`L(` int `)`)? (`E(` int `)`)?
    tiles        ::= `T`? tile tile*
    tile         ::= `(` entry (`,` entry)* `)`
    entry        ::= int | `*`
    ```

    - The integers before the colon are `minor_to_major`: dimension numbers
      from the most minor (fastest varying) to the most major.
    - Each tile is applied to the most minor dimensions of the shape the
      previous one produced: every dimension is padded to a whole number of
      tiles, split into (tile count, tile size), and the tile parts move
      minor. `*` combines a dimension into the next more minor one first. A
      tile with more entries than the shape pads leading unit dimensions.
    - `L(n)` pads the physical element count to a multiple of `n`; `E(n)`
      stores each element in `n` bits.
    - XLA's `S(n)` memory space is not part of a memref layout: use
      `#tlayout.memory_space<...>` as the memref's memory space.

    The bare tile form `(2,2)` of the tiled-layout document is accepted and
    printed back as `T(2,2)`.

    Example (XLA's Figure 1: element (2,3) is at offset 17 of 24):

    ```mlir
    memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>
    ```

    A view of a tiled memref (the result of `tlayout.subview`) records the
    logical sizes of the memref it views and its offsets there; `?` marks a
    size or offset known only at run time:

    ```mlir
    memref<4x100xf32, #tlayout.tiled<{1,0:T(8,128)}, parent = [16, 256],
                                     offsets = [3, ?]>>
    ```

    Element `e` of the view is element `e + offsets` of the parent, placed by
    the parent's layout in the parent's physical buffer.

    `getAffineMap()` returns one result per physical dimension, e.g.
    `(d0, d1) -> (d0 floordiv 2, d1 floordiv 2, d0 mod 2, d1 mod 2)`; where
    combined dimensions need a size, the map uses symbol `s<i>` for the size
    of dimension `i`, so an allocation of such a memref binds the logical
    sizes as its symbol operands
    (`memref.alloc(%n, %m)[%n, %m] : memref<?x?xf32,
    #tlayout.tiled<{1,0:T(*,4)}>>`). Untiled permutations are strided
    (`getStridesAndOffset` succeeds); tiled layouts are not.
  }];
  let parameters = (ins
    ArrayRefParameter<"int64_t", "dimensions, most minor first">:$minorToMajor,
    ArrayRefParameter<"int64_t",
        "tile entries, all tiles concatenated; INT64_MIN is `*`">:$tileEntries,
    ArrayRefParameter<"int64_t", "the number of entries of each tile">:
        $tileRanks,
    DefaultValuedParameter<"int64_t", "1",
        "tail padding alignment in elements">:$tailPaddingAlignment,
    DefaultValuedParameter<"int64_t", "0",
        "bits per element; 0 for the element type's size">:$elementSizeInBits,
    OptionalArrayRefParameter<"int64_t",
        "for a view: the logical sizes of the memref it views">:$parentShape,
    OptionalArrayRefParameter<"int64_t",
        "for a view: its offsets in the parent (INT64_MIN if dynamic)">:
        $offsets
  );
  let builders = [
    AttrBuilder<(ins "const ::tlayout::TiledLayout &":$layout,
                     CArg<"::llvm::ArrayRef<int64_t>", "{}">:$parentShape,
                     CArg<"::llvm::ArrayRef<int64_t>", "{}">:$offsets)>
  ];
  let skipDefaultBuilders = 1;
  let genVerifyDecl = 1;
  // Printing is generated-dispatch as usual. Parsing needs the raw text of
  // the layout, which only the dialect's parser sees: the dialect parses
  // `tiled` itself (see TLayoutDialect::parseAttribute).
  let hasCustomAssemblyFormat = 1;
  let extraClassDeclaration = [{
    /// The layout as a core value.
    ::tlayout::TiledLayout getLayout() const;

    /// Whether this describes a view (it records a parent shape).
    bool isView() const { return !getParentShape().empty(); }

    /// The same layout without view information.
    TiledLayoutAttr getBase() const;
  }];
}

def TLayout_MemorySpaceAttr : TLayout_Attr<"MemorySpace", "memory_space"> {
  let summary = "A memory space of the emulated TPU target";
  let description = [{
    A memref memory space. The named spaces are those of the emulated TPU
    target and XLA's `S(n)` numbers: `hbm` (0, device memory), `vmem` (1,
    vector memory), `smem` (2, scalar memory), `cmem` (3, common memory) and
    `host` (5). Any other non-negative number is accepted and printed as a
    number.

    ```mlir
    memref<8x128xf32, #tlayout.tiled<{1,0:T(8,128)}>, #tlayout.memory_space<vmem>>
    memref<16xf32, #tlayout.memory_space<7>>
    ```
  }];
  let parameters = (ins "int64_t":$value);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The name of a named space (`vmem`), or an empty string.
    static ::llvm::StringRef getName(int64_t value);
    /// The number of a named space, or std::nullopt.
    static std::optional<int64_t> getValueOf(::llvm::StringRef name);
  }];
}

#endif // TLAYOUT_DIALECT_TLAYOUT_IR_TLAYOUTATTRS_TD
