//===- TLayoutAttrs.td - tlayout attributes ----------------*- tablegen -*-===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//

#ifndef TLAYOUT_DIALECT_TLAYOUT_IR_TLAYOUTATTRS_TD
#define TLAYOUT_DIALECT_TLAYOUT_IR_TLAYOUTATTRS_TD

include "tlayout/Dialect/TLayout/IR/TLayoutBase.td"
include "mlir/IR/BuiltinAttributeInterfaces.td"

def TLayout_LayoutAttrInterface : AttrInterface<"LayoutAttrInterface"> {
  let cppNamespace = "::mlir::tlayout";
  let description = [{
    A memref layout of the tlayout dialect: one that compiles, against the
    logical shape of the memref it places, to the layout core's buffer
    indexing normal form. The lowering, the ops and the analyses read layouts
    only through this interface, so `#tlayout.tiled` (XLA tiles) and
    `#tlayout.dims` (physical dimensions) are handled alike.

    A layout may describe a view: it then records the logical sizes of the
    memref it views (its parent) and its offsets there, and places the
    parent.
  }];
  let methods = [
    InterfaceMethod<[{
        Compiles the layout for `shape`, the logical sizes of the memref it
        places (a view's parent). A non-zero `elementTypeBits` checks an
        element size the layout states.
      }],
      "::llvm::Expected<::mlir::tlayout::BufferIndexing>", "compile",
      (ins "::llvm::ArrayRef<int64_t>":$shape, "int64_t":$elementTypeBits)>,
    InterfaceMethod<"Whether the layout describes a view.", "bool", "isView">,
    InterfaceMethod<"For a view: the logical sizes of its parent.",
      "::llvm::ArrayRef<int64_t>", "getParentShape">,
    InterfaceMethod<[{
        For a view: its offsets in the parent (`ShapedType::kDynamic` where
        only known at run time).
      }],
      "::llvm::ArrayRef<int64_t>", "getOffsets">,
    InterfaceMethod<"The same layout without view information.",
      "::mlir::Attribute", "getBase">,
    InterfaceMethod<[{
        The same layout describing a view of a memref of logical sizes
        `parentShape` at `offsets`.
      }],
      "::mlir::Attribute", "getView",
      (ins "::llvm::ArrayRef<int64_t>":$parentShape,
           "::llvm::ArrayRef<int64_t>":$offsets)>,
    InterfaceMethod<[{
        The bits each element is stored in when the layout says so (XLA's
        `E(n)`), or 0 for the element type's own size.
      }],
      "int64_t", "getElementSizeInBits">
  ];
}

def TLayout_MemorySpaceAttrInterface
    : AttrInterface<"MemorySpaceAttrInterface"> {
  let cppNamespace = "::mlir::tlayout";
  let description = [{
    A memref memory space that stands for one of XLA's numbered spaces
    (`S(n)`): the generic `#tlayout.memory_space<n>` and the named spaces of
    a target's dialect. `--tlayout-erase-memory-spaces` replaces every such
    space by the default one before the CPU lowering, and the analyses read
    the number through this interface, whatever dialect spells it.
  }];
  let methods = [
    InterfaceMethod<"The `S(n)` number of the memory space.", "int64_t",
      "getMemorySpaceNumber">
  ];
}

def TLayout_LayoutTargetAttrInterface
    : AttrInterface<"LayoutTargetAttrInterface"> {
  let cppNamespace = "::mlir::tlayout";
  let description = [{
    A target that layout assignment can choose layouts for: it says which
    layouts an array may take on it. The generic passes know no target; a
    target's attribute (the TPU's `#tlayout_tpu.target`, on the module as
    `tlayout_tpu.target`) implements this interface, as IREE's encoding
    resolvers and upstream's DLTI answer target questions.
  }];
  let methods = [
    InterfaceMethod<[{
        The layouts (memref layout attributes) an array of `shape` with
        elements of `elementType` may take on the target, its preferred one
        first; empty when the target has none for it.
      }],
      "::llvm::SmallVector<::mlir::Attribute>", "getCandidateLayouts",
      (ins "::llvm::ArrayRef<int64_t>":$shape, "::mlir::Type":$elementType)>,
    InterfaceMethod<[{
        The bytes memory space `space` (XLA's `S(n)` number) holds, 0 when
        the target puts no limit on it. Layout assignment keeps the peak of
        live bytes of each space within it.
      }],
      "int64_t", "getMemoryCapacity", (ins "int64_t":$space), "",
      [{ return 0; }]>,
    InterfaceMethod<[{
        The name of memory space `space` in reports (`hbm`, `vmem`, ...);
        by default `S(n)`.
      }],
      "std::string", "getMemorySpaceLabel", (ins "int64_t":$space), "",
      [{ return "S(" + std::to_string(space) + ")"; }]>
  ];
}

def TLayout_TiledLayoutAttr : TLayout_Attr<"TiledLayout", "tiled", [
    DeclareAttrInterfaceMethods<MemRefLayoutAttrInterface,
        ["isIdentity", "verifyLayout", "getStridesAndOffset"]>,
    TLayout_LayoutAttrInterface]> {
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
      `#tlayout.memory_space<n>` (or a target's named space) as the memref's
      memory space.

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

    A layout that combines dimensions can instead be bound to the static
    shape of its memref with `sizes = [...]`: its map is then compiled for
    those sizes and has no symbols, so a static memref allocates without
    symbol operands:

    ```mlir
    %a = memref.alloc() : memref<4x2x6xf32,
        #tlayout.tiled<{2,1,0:T(2,*,3)}, sizes = [4, 2, 6]>>
    ```

    The memref's shape must equal `sizes`, and only a layout with a `*`
    entry takes them (any other places elements without sizes, so there is
    one spelling per placement). The bound and the unbound layout place
    every element identically: `tlayout.cast` converts between the two.
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
        $offsets,
    OptionalArrayRefParameter<"int64_t",
        "for a layout that combines dimensions: the static shape it is "
        "bound to">:$sizes
  );
  let builders = [
    AttrBuilder<(ins "const ::mlir::tlayout::TiledLayout &":$layout,
                     CArg<"::llvm::ArrayRef<int64_t>", "{}">:$parentShape,
                     CArg<"::llvm::ArrayRef<int64_t>", "{}">:$offsets,
                     CArg<"::llvm::ArrayRef<int64_t>", "{}">:$sizes)>
  ];
  let skipDefaultBuilders = 1;
  let genVerifyDecl = 1;
  // Printing is generated-dispatch as usual. Parsing needs the raw text of
  // the layout, which only the dialect's parser sees: the dialect parses
  // `tiled` itself (see TLayoutDialect::parseAttribute).
  let hasCustomAssemblyFormat = 1;
  let extraClassDeclaration = [{
    /// The layout as a core value.
    ::mlir::tlayout::TiledLayout getLayout() const;

    /// Whether this describes a view (it records a parent shape).
    bool isView() const { return !getParentShape().empty(); }

    /// Whether this layout is bound to a static shape (`sizes = [...]`).
    bool isBound() const { return !getSizes().empty(); }

    /// The same layout without view information (a bound layout keeps its
    /// sizes; a view never has any).
    TiledLayoutAttr getBase() const;

    /// The same layout as a view (LayoutAttrInterface).
    ::mlir::Attribute getView(::llvm::ArrayRef<int64_t> parentShape,
                              ::llvm::ArrayRef<int64_t> offsets) const;

    /// Compiles the layout for `shape` (LayoutAttrInterface).
    ::llvm::Expected<::mlir::tlayout::BufferIndexing>
    compile(::llvm::ArrayRef<int64_t> shape, int64_t elementTypeBits) const;
  }];
}

def TLayout_DimsLayoutAttr : TLayout_Attr<"DimsLayout", "dims", [
    DeclareAttrInterfaceMethods<MemRefLayoutAttrInterface,
        ["isIdentity", "verifyLayout", "getStridesAndOffset"]>,
    TLayout_LayoutAttrInterface]> {
  let summary = "A layout given as a list of physical dimensions";
  let description = [{
    How the elements of a memref sit in memory, as an ordered list of
    physical dimensions from the slowest to the fastest varying. Each entry
    is a piece of one logical dimension:

    ```
    dims-layout ::= `#tlayout.dims<` `[` (entry (`,` entry)*)? `]` view? `>`
    entry       ::= int                       // Dynamic: the rest of it
                  | int `:` `dynamic`         // the same, spelled out
                  | int `:` `packed(` int `)` // a piece of fixed size
                  | int `:` `odd_even(` int `)`
    view        ::= `,` `parent` `=` sizes `,` `offsets` `=` sizes
    ```

    Entries are placed back to front: an entry of dimension `d` with size `p`
    indexes `floor(d / v) mod p`, where `v` is the part of `d` the entries
    after it cover, and is scaled by the volume of all entries after it. A
    Dynamic entry has no modulus and takes the rest of its dimension; an
    `odd_even(n)` strip stores the even-indexed of its `n` elements first,
    then the odd-indexed (so SIMD lanes need not cross).

    Rules, checked against the memref's shape:
    - every logical dimension has at least one entry, at most one Dynamic
      entry, and that entry is its outermost;
    - sizes are positive and odd-even strips even;
    - a dimension without a Dynamic entry needs packed sizes that reach its
      size (so a dynamic size needs a Dynamic entry);
    - a packed or odd-even size that does not divide what remains of its
      dimension pads, as an XLA tile does: the buffer holds whole pieces.

    Row-major is `[0, 1, ..., n-1]` and column-major `[n-1, ..., 1, 0]`.
    Morello's packed example on 6x8 places every element as XLA's
    `{0,1:T(4,1)}`:

    ```mlir
    memref<6x8xf32, #tlayout.dims<[1, 0, 1:packed(4)]>>
    memref<2x64xf32, #tlayout.dims<[0, 1, 1:odd_even(8)]>>
    ```

    The affine map is the multi-result floordiv/mod map, as for
    `#tlayout.tiled`; `tlayout.subview` gives views, written with the same
    `, parent = [...], offsets = [...]` suffix.
  }];
  let parameters = (ins
    ArrayRefParameter<"::mlir::tlayout::DimsLayoutEntry",
        "physical dimensions, slowest varying first">:$dims,
    OptionalArrayRefParameter<"int64_t",
        "for a view: the logical sizes of the memref it views">:$parentShape,
    OptionalArrayRefParameter<"int64_t",
        "for a view: its offsets in the parent (INT64_MIN if dynamic)">:
        $offsets
  );
  let builders = [
    AttrBuilder<(ins "::llvm::ArrayRef<::mlir::tlayout::DimsLayoutEntry>":$dims), [{
      return $_get($_ctxt, dims, ::llvm::ArrayRef<int64_t>(),
                   ::llvm::ArrayRef<int64_t>());
    }]>
  ];
  let genVerifyDecl = 1;
  let hasCustomAssemblyFormat = 1;
  let extraClassDeclaration = [{
    /// The number of logical dimensions.
    unsigned getRank() const;

    /// Row-major (`[0, 1, ..., rank-1]`) and column-major layouts.
    static DimsLayoutAttr getRowMajor(::mlir::MLIRContext *context,
                                      unsigned rank);
    static DimsLayoutAttr getColMajor(::mlir::MLIRContext *context,
                                      unsigned rank);

    /// Whether this describes a view (it records a parent shape).
    bool isView() const { return !getParentShape().empty(); }

    /// The same layout without view information.
    DimsLayoutAttr getBase() const;

    /// The same layout as a view (LayoutAttrInterface).
    ::mlir::Attribute getView(::llvm::ArrayRef<int64_t> parentShape,
                              ::llvm::ArrayRef<int64_t> offsets) const;

    /// Compiles the layout for `shape` (LayoutAttrInterface).
    ::llvm::Expected<::mlir::tlayout::BufferIndexing>
    compile(::llvm::ArrayRef<int64_t> shape, int64_t elementTypeBits) const;

    /// Physical-dimension layouts state no element size.
    int64_t getElementSizeInBits() const { return 0; }
  }];
}

def TLayout_MemorySpaceAttr : TLayout_Attr<"MemorySpace", "memory_space",
    [TLayout_MemorySpaceAttrInterface]> {
  let summary = "A numbered memory space";
  let description = [{
    A memref memory space by number, as XLA writes `S(n)` in a layout: any
    non-negative integer. What a number means is the target's business; a
    target may give its spaces names in its own dialect (the TPU's are
    `#tlayout_tpu.memory_space<vmem>`, ...), and a name written here is an
    error that says so.

    ```mlir
    memref<16xf32, #tlayout.memory_space<7>>
    ```

    `--tlayout-erase-memory-spaces` erases it, with every other memory space
    that implements the dialect's memory space interface.
  }];
  let parameters = (ins "int64_t":$value);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The number (MemorySpaceAttrInterface).
    int64_t getMemorySpaceNumber() const { return getValue(); }
  }];
}

#endif // TLAYOUT_DIALECT_TLAYOUT_IR_TLAYOUTATTRS_TD
