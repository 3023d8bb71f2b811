//===- Passes.td - tlayout passes --------------------------*- tablegen -*-===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//

#ifndef TLAYOUT_DIALECT_TLAYOUT_TRANSFORMS_PASSES_TD
#define TLAYOUT_DIALECT_TLAYOUT_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def SimplifyIndexing : Pass<"tlayout-simplify-indexing"> {
  let summary = "Remove floordiv/mod from lowered accesses inside loops";
  let description = [{
    Runs after `--lower-tiled-layouts`, on the affine maps of `affine.apply`,
    `affine.load`/`store` and `affine.vector_load`/`vector_store`: it removes
    the floordiv and mod that tiled layouts put in index computations, by
    reasoning about the values the indices take.

    1. Every map is composed with the `affine.apply` ops that feed it, then
       simplified with what is known of each operand: its range (loop bounds
       of `affine.for` and `scf.for`, `affine.min`/`max`, constants, and
       upstream's value-bounds analysis) and a divisor (loop lower bounds
       and steps, constants, `tlayout.assume_multiple`). `(x + y) floordiv c`
       becomes `x / c + y floordiv c` when `x` is a known multiple of `c`,
       and `y floordiv c` / `y mod c` become a constant / `y - k * c` when
       `y` stays within one period.
    2. `tile-loops`: a loop whose induction variable is still divided by `c`
       (a tile size) is strip-mined into a loop over tiles and a loop of at
       most `c` iterations within a tile, in the same order of iterations
       (`i = c * t + e`, so `i floordiv c` is `t` and `i mod c` is `e`).
       Bounds may be dynamic; a step must divide `c` or be smaller than it
       (each tile then starts at the loop's phase in it). Nested tilings
       strip-mine the inner loop again. Loops tiled by hand (stepping by
       whole tiles, or starting at an enclosing loop's index) are
       normalized instead. `affine.parallel`, `scf.parallel` and `scf.while`
       are not strip-mined.
    3. `reassociate-reductions`: where every `iter_args` value of a loop
       being strip-mined is a scalar reduction whose combiner may be
       reassociated (integer add, mul, min, max, and, or, xor without
       overflow flags; float add, mul, min, max with `reassoc`), each
       element of a tile accumulates into a partial of its own across the
       tiles (a `memref.alloca` filled with the combiner's identity, never
       a value its fast-math flags make poison), and one loop after the
       tiles combines them. Otherwise the reduction is carried in order.
    4. `predicate-tails`: the loop over a tile's elements whose step does
       not divide the tile is marked `tlayout.predicated_tail`, for a
       target that lowers such loops with masked tails
       (`--tlayout-cpu-predicate-tails`).
    5. Dead `affine.apply` ops are erased, and with `drop-assumptions`
       `tlayout.assume_multiple` ops are replaced by their operands.

    Permuting the nests into physical order (`--tlayout-physical-order`),
    collapsing them (`--tlayout-collapse-loops`) and the CPU's loop
    schedules are passes of their own; `--tlayout-cpu-loops` runs them all
    as `--tlayout-lower-to-llvm` does. The pass changes nothing outside the
    op it runs on (the partials are allocated in the enclosing function),
    so it may run on each function in parallel.

    Before (an element-wise loop over `T(8,128)`, lowered):

    ```mlir
    affine.for %i = 0 to 64 {
      affine.for %j = 0 to 256 {
        %x = affine.load %a[%i floordiv 8, %j floordiv 128, %i mod 8, %j mod 128]
            : memref<8x2x8x128xf32>
    ```

    After:

    ```mlir
    affine.for %t = 0 to 8 {
      affine.for %e = 0 to 8 {
        affine.for %u = 0 to 2 {
          affine.for %f = 0 to 128 {
            %x = affine.load %a[%t, %u, %e, %f] : memref<8x2x8x128xf32>
    ```

    (with the nest then in physical order by `--tlayout-physical-order`).
  }];
  let options = [
    Option<"tileLoops", "tile-loops", "bool", /*default=*/"true",
           "Strip-mine loops whose induction variable is divided by a tile "
           "size (default: true)">,
    Option<"reassociateReductions", "reassociate-reductions", "bool",
           /*default=*/"true",
           "Accumulate reductions that may be reassociated into per-element "
           "partials across the tiles of a strip-mined loop (default: true)">,
    Option<"predicateTails", "predicate-tails", "bool", /*default=*/"true",
           "Mark the loops that strip-mining makes over a tile's elements by "
           "a step that does not divide the tile tlayout.predicated_tail, "
           "for --tlayout-cpu-predicate-tails (default: true)">,
    Option<"dropAssumptions", "drop-assumptions", "bool", /*default=*/"true",
           "Replace tlayout.assume_multiple by its operand at the end; false "
           "keeps the promises for later passes that read them "
           "(default: true)">
  ];
  let dependentDialects = [
    "::mlir::affine::AffineDialect",
    "::mlir::arith::ArithDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::vector::VectorDialect"
  ];
}

def PhysicalOrder : Pass<"tlayout-physical-order"> {
  let summary = "Permute loop nests into the physical order of their buffer";
  let description = [{
    A perfect nest of `affine.for` loops without `iter_args` whose innermost
    body accesses a buffer with one loop per physical dimension (the access
    of highest rank, stores first) is permuted so that the loops follow the
    buffer's physical dimensions: after `--tlayout-simplify-indexing`, the
    tile loops outside and the element loops inside. Loops that index no
    dimension stay outermost, in their order. It applies to the outermost
    nests, where a bound uses only loops that stay outside it and the
    permutation is proved legal (isLegalPermutation): the nest holds
    `affine.load`/`affine.store`, ops without memory effects and ops whose
    effects are those of the ops they hold, and nothing else (no
    `memref.load`/`store`, call, vector transfer, atomic or op of unknown
    effects); no memref it accesses is made inside it; the distinct memref
    values it accesses are distinct buffers (allocations, globals; function
    arguments are taken not to alias); and every dependence keeps its
    direction in the new order.

    ```mlir
    affine.for %t = 0 to 8 { affine.for %e = 0 to 8 {
      affine.for %u = 0 to 2 { affine.for %f = 0 to 128 {
        %x = affine.load %a[%t, %u, %e, %f] : memref<8x2x8x128xf32> ...
    ```
    becomes
    ```mlir
    affine.for %t = 0 to 8 { affine.for %u = 0 to 2 {
      affine.for %e = 0 to 8 { affine.for %f = 0 to 128 {
        %x = affine.load %a[%t, %u, %e, %f] : memref<8x2x8x128xf32> ...
    ```
  }];
  let dependentDialects = ["::mlir::affine::AffineDialect"];
}

def CollapseLoops : Pass<"tlayout-collapse-loops"> {
  let summary = "Collapse nests that walk whole buffers in order into a loop";
  let description = [{
    The innermost loops (at least two) of a perfect nest that is not inside
    another loop, where they walk the trailing dimensions of every buffer
    they index, in order and whole, become one loop over
    `memref.collapse_shape` views of the buffers, in the same order of
    iterations, so that the code generator vectorizes one long loop instead
    of one loop per tile row. It applies where the loops have no
    `iter_args`, start at 0 with step 1 and constant trip counts, and every
    use of their indices is an index (never the value stored) of an
    `affine.load` or `affine.store` of a static memref with the identity
    layout, defined outside the whole nest, whose trailing dimensions are
    indexed by the loops in their order and have the loops' trip counts,
    and whose other indices do not use them. A nest inside another loop is
    one step of a schedule of its own (the rows of a tile-row walk) and
    keeps its loops.

    ```mlir
    affine.for %t = 0 to 512 { affine.for %u = 0 to 32 {
      affine.for %r = 0 to 8 { affine.for %e = 0 to 128 {
        %x = affine.load %a[%t, %u, %r, %e] : memref<512x32x8x128xf32>
        affine.store %x, %b[%t, %u, %r, %e] : memref<512x32x8x128xf32>
    } } } }
    ```
    becomes one loop of 16,777,216 trips over `memref<16777216xf32>` views
    of `%a` and `%b`.
  }];
  let dependentDialects = [
    "::mlir::affine::AffineDialect",
    "::mlir::memref::MemRefDialect"
  ];
}

def DropLayoutAttributes
    : Pass<"tlayout-drop-layout-attributes", "::mlir::ModuleOp"> {
  let summary = "Drop tlayout's discardable attributes once they are lowered";
  let description = [{
    Removes every discardable attribute of tlayout's dialects, the generic
    `tlayout` and the targets' `tlayout_<target>` (such as the module's
    `tlayout_tpu.target` or a `tlayout.layout` on a function argument),
    from every op and every function argument and result. They describe
    layouts and the emulated target, which a lowered program no longer
    has, and tools that do not load tlayout's dialects (upstream's
    `mlir-runner`, `mlir-translate`'s export to LLVM IR) reject them as
    attributes of an unregistered dialect. `--tlayout-lower-to-llvm` runs it
    last; attributes of other dialects stay.

    ```mlir
    module attributes {tlayout_tpu.target = #tlayout_tpu.target<"v6e">} {
      llvm.func @f()
    }
    ```
    becomes
    ```mlir
    module {
      llvm.func @f()
    }
    ```
  }];
}

def EraseMemorySpaces : Pass<"tlayout-erase-memory-spaces", "::mlir::ModuleOp"> {
  let summary = "Map the emulated target's memory spaces to the CPU's";
  let description = [{
    Replaces every memory space that implements the dialect's memory space
    interface (`#tlayout.memory_space<n>`, a target's named spaces such as
    `#tlayout_tpu.memory_space<vmem>`) on memref types (in op results, block
    arguments, function types and attributes) by the default memory space, so that the CPU lowering to LLVM, which only
    understands integer address spaces, can run the code. Memrefs whose
    memory spaces are of another dialect are left alone. Run it after the
    layouts are lowered and capacities are checked: it forgets where each
    buffer lives.

    ```mlir
    memref<2x2x8x128xf32, #tlayout.memory_space<1>>
    ```
    becomes
    ```mlir
    memref<2x2x8x128xf32>
    ```
  }];
}

def ConvertLayoutSyntax
    : Pass<"tlayout-convert-layout-syntax", "::mlir::ModuleOp"> {
  let summary = "Rewrite layouts between XLA tiles and physical dimensions";
  let description = [{
    Rewrites the layout of every memref type in the module (op results,
    block arguments, function types, attributes) into the other layout
    model, or into its canonical form, without moving any element: each
    conversion is checked on the layout core's normal form to place every
    element at the same offset in a buffer of the same size.

    - `to=dims`: `#tlayout.tiled` becomes `#tlayout.dims` where the tiling
      has that form (no tail padding `L(n)`, no `E(n)`, no combined
      dimensions).
    - `to=xla`: `#tlayout.dims` becomes `#tlayout.tiled` where a tile
      sequence places the elements the same (no odd-even strips that place
      elements apart; a packed piece that pads is a tile: `[0, 0:packed(8)]`
      on 5 elements is `{0:T(8)}`).
    - `to=canonical`: `#tlayout.dims` layouts take their canonical form,
      for static shapes the one list of their placement (adjacent packed
      entries merged, size-1 entries and odd-even strips beyond their
      dimension dropped, a packed entry that covers its whole dimension made
      dynamic).

    A layout that has no such form is kept, with a remark at the first op
    that uses it. Views convert with their parent's shape.

    ```mlir
    memref<6x8xf32, #tlayout.dims<[1, 0, 1:packed(4)]>>
    ```
    becomes, with `to=xla`,
    ```mlir
    memref<6x8xf32, #tlayout.tiled<{0,1:T(4,1)}>>
    ```
  }];
  let options = [
    Option<"to", "to", "::mlir::tlayout::LayoutSyntax",
           /*default=*/"::mlir::tlayout::LayoutSyntax::Dims",
           "The layout model to write (default: dims)",
           [{::llvm::cl::values(
             clEnumValN(::mlir::tlayout::LayoutSyntax::Dims, "dims",
                        "#tlayout.dims physical dimensions"),
             clEnumValN(::mlir::tlayout::LayoutSyntax::Xla, "xla",
                        "#tlayout.tiled XLA tiles"),
             clEnumValN(::mlir::tlayout::LayoutSyntax::Canonical, "canonical",
                        "the canonical #tlayout.dims form"))}]>
  ];
}

def DropAssumptions : Pass<"tlayout-drop-assumptions"> {
  let summary = "Replace tlayout.assume_multiple by its operand";
  let description = [{
    Replaces every `tlayout.assume_multiple` by the value it makes a promise
    about. The promise only informs `--tlayout-simplify-indexing` (which
    drops the ops itself); upstream's lowering to LLVM has no pattern for
    the op, so `--tlayout-lower-to-llvm` and the TPU pipelines run this pass
    whether or not they simplify the indexing.

    ```mlir
    %n8 = tlayout.assume_multiple %n, 8 : index
    %x = memref.load %m[%n8] : memref<?xf32>
    ```
    becomes
    ```mlir
    %x = memref.load %m[%n] : memref<?xf32>
    ```
  }];
  let dependentDialects = ["::mlir::tlayout::TLayoutDialect"];
}

def CheckTensorEncodings : Pass<"tlayout-check-tensor-encodings"> {
  let summary = "Reject tensors whose encoding is a memory layout";
  let description = [{
    Reports an error at every value (op result, block argument) and every
    function declaration whose type holds a tensor with a memory layout as
    its encoding (`tensor<16x256xbf16, #tlayout.tiled<{1,0:T(8,128)}>>`, or
    any attribute that implements `MemRefLayoutAttrInterface`), and fails.

    Upstream's `--one-shot-bufferize` turns such a tensor into a memref with
    the identity layout (or the layout its options ask for) and drops the
    encoding without a word, so the layout the tensor promised never reaches
    memory. Run this pass before upstream's bufferization;
    `--tlayout-bufferize-tensor-encodings` (which
    `--tlayout-tpu-bufferize-pipeline` runs) keeps the layouts instead and
    needs no check. The module is not changed.

    ```mlir
    func.func @f(%x: tensor<16x256xbf16, #tlayout.tiled<{1,0:T(8,128)(2,1)}>>)
    ```
    is reported at `%x`.
  }];
}

def BufferizeTensorEncodings
    : Pass<"tlayout-bufferize-tensor-encodings", "::mlir::ModuleOp"> {
  let summary = "One-shot bufferization that keeps tensor layout encodings";
  let description = [{
    Bufferizes the module (function boundaries included) with upstream's
    one-shot analysis, and gives every buffer the layout its tensor's
    encoding holds (`#tlayout.tiled`, `#tlayout.dims`; a tensor without one
    gets the identity layout):

    - function arguments and results: through the bufferization options'
      `functionArgTypeConverterFn` (and `unknownTypeConverterFn`), with
      result types taken from the signature, not inferred;
    - allocations (`tensor.empty`, `bufferization.alloc_tensor`, and the
      copies the analysis inserts to resolve conflicts): after the analysis,
      each encoded one becomes a `memref.alloc` with the layout (wrapped in
      `bufferization.to_tensor restrict writable`), and a copy becomes a
      `tlayout.relayout` to the same layout;
    - everything that bufferizes to the buffer of an operand
      (`linalg` ops, `tensor.insert`, `scf.for` `iter_args`, `scf.if`) then
      carries the layout of that buffer; a loop may yield a buffer it
      allocated (`allowReturnAllocsFromLoops`);
    - `tensor.extract_slice`/`insert_slice` of encoded tensors become loops
      of `tensor.extract`/`tensor.insert` first (upstream would make a
      `memref.subview`, which rejects non-strided layouts);
    - `tlayout.relayout` becomes a new allocation and a `tlayout.copy`.

    Ops that would lose an encoding are rejected before anything changes:
    an encoded tensor may only meet the ops listed above, `tensor.extract`,
    `tensor.dim`, function calls and returns, and `tlayout.relayout`; an
    encoding must fit its tensor's shape and element type.

    ```mlir
    func.func @f(%a: tensor<16x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>)
        -> tensor<16x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>
    ```
    becomes
    ```mlir
    func.func @f(%a: memref<16x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>)
        -> memref<16x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>
    ```
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::bufferization::BufferizationDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect",
    "::mlir::tlayout::TLayoutDialect"
  ];
}

def AssignLayouts : Pass<"tlayout-assign-layouts", "::mlir::ModuleOp"> {
  let summary = "Choose every tensor's layout with the target's candidates";
  let description = [{
    Gives every ranked tensor of the module's functions a layout encoding
    among those the target offers (a module attribute that implements
    `LayoutTargetAttrInterface`, such as `tlayout_tpu.target`, or the
    `target` option), minimizing the padding bytes of the tensors plus the
    bytes relayouts move, within the target's capacity for the peak of live
    bytes. docs/Tensors.md explains the model, the solver and the remarks.

    Values that share a buffer form a group (as in
    `--tlayout-propagate-tensor-layouts`); `tlayout.layout` boundaries and
    encodings already written are fixed. Every placement change is explicit
    and costed (the physical bytes of both sides):
    - an element-wise op reads its operands in its result's layout;
    - a broadcast reads its operand in its result's layout without the
      broadcast dimensions; a reduction writes its result in its operand's
      layout without the reduced dimensions (the target's layout of that
      minor_to_major);
    - a `linalg.transpose`, `tensor.expand_shape` or `tensor.collapse_shape`
      whose layouts make it a bitcast (the layout core compares placements,
      tiles included) is free and becomes `tlayout.transpose` or
      `tlayout.reshape`, a view; otherwise it costs a relayout;
    - dense constants take their layout at compile time.
    Matmuls and other linalg ops read and write any layout.

    `policy=exact` solves exactly (variable elimination, then branch and
    bound, proved optimal within `exact-budget`), `fast` greedily with
    improvement sweeps and reports its gap to a lower bound, `auto` (the
    default) exactly up to `exact-max-values` groups; `propagate` and
    `row-major` evaluate today's propagation and the target's preferred
    layout under the same model. Remarks: one per relayout with its rule
    and the cost of the best alternative, one per padded value, a summary
    per function and for the module; `summary=<file>` writes it as JSON.

    ```mlir
    module attributes {tlayout_tpu.target = #tlayout_tpu.target<"v5e">} {
      func.func @f(%a: tensor<2x4096xf32, #tlayout.tiled<{1,0:T(2,128)}>>) -> tensor<2xf32> {
        %e = tensor.empty() : tensor<4096x2xf32>
        %t = linalg.transpose ins(%a : ...) outs(%e : tensor<4096x2xf32>) permutation = [1, 0]
        ...
      }
    }
    ```
    gives `%t` the dense `{0,1:T(2,128)}` (row-major would pad the 2 to 128)
    and makes the transpose `tlayout.transpose %a permutation = [1, 0]`.
  }];
  let options = [
    Option<"target", "target", "std::string", /*default=*/"\"\"",
           "The target as attribute text (e.g. #tlayout_tpu.target<\"v5e\">); "
           "overrides the module's (default: the module's)">,
    Option<"defaultTarget", "default-target", "std::string",
           /*default=*/"\"\"",
           "The target when neither the option nor the module names one">,
    Option<"policy", "policy", "std::string", /*default=*/"\"auto\"",
           "auto, exact, fast, propagate, row-major, or enumerate (every "
           "assignment, at most 10^6: for tests) (default: auto)">,
    Option<"paddingWeight", "padding-weight", "double", /*default=*/"1.0",
           "The cost of a byte of padding (default: 1)">,
    Option<"movedWeight", "moved-weight", "double", /*default=*/"1.0",
           "The cost of a byte a relayout reads or writes (default: 1)">,
    Option<"exactMaxValues", "exact-max-values", "unsigned",
           /*default=*/"256",
           "The most groups policy=auto solves exactly (default: 256)">,
    Option<"exactBudget", "exact-budget", "uint64_t", /*default=*/"1000000",
           "The largest elimination table and the most search nodes of the "
           "exact solver (default: 1000000)">,
    Option<"capacity", "capacity", "uint64_t", /*default=*/"0",
           "The bytes the peak of live tensors may reach (default: the "
           "target's capacity of its default memory space)">,
    Option<"summary", "summary", "std::string", /*default=*/"\"\"",
           "A file to write the summary to, as JSON">
  ];
  let dependentDialects = ["::mlir::tlayout::TLayoutDialect"];
}

def PropagateTensorLayouts : Pass<"tlayout-propagate-tensor-layouts",
                                  "::mlir::ModuleOp"> {
  let summary = "Give tensors the layouts fixed at function boundaries";
  let description = [{
    Assigns a layout encoding to the ranked tensors of the module's functions
    from the layouts fixed at function boundaries: a `tlayout.layout`
    argument or result attribute (a `#tlayout.tiled` or `#tlayout.dims`
    layout) moves into the tensor type of the signature, and the calls'
    results follow; tensors that already carry an encoding stay as they are.

    Values that should share one buffer form a group: a `linalg` op's result
    and its `outs` operand, the result and destination of `tensor.insert` and
    `tensor.insert_slice`, an `scf.for`'s init, region argument, yielded
    value and result, `scf.if` results and yielded values, returned values
    and the function's result type, call operands and the callee's argument
    types. Values are joined in program order unless their layouts differ. A
    group with a fixed layout takes it; a group with none takes the encoding
    of a same-typed input of the linalg op (or of the slice) it is written
    from, so that no relayout is needed; otherwise it stays row-major. Only
    results of `tensor.empty`, `linalg` ops, `tensor.insert`,
    `tensor.extract_slice`/`insert_slice`, `scf.for`, `scf.if` and `scf.for`
    region arguments change type.

    Where a value meets a group of another layout (a tie that could not
    join), and where an op that needs its operand's former type uses a
    retyped value (`tensor.cast`, an unknown op), a `tlayout.relayout` is
    inserted on that use, with a remark that gives the bytes it writes (the
    physical size of its result, from the layout core's footprint). Reads
    (`ins` of linalg ops, `tensor.extract`, slice sources) accept any layout.

    ```mlir
    func.func @f(%a: tensor<16x256xf32> {tlayout.layout = #tlayout.tiled<{1,0:T(8,128)}>})
        -> (tensor<16x256xf32> {tlayout.layout = #tlayout.tiled<{0,1:T(8,128)}>}) {
      return %a : tensor<16x256xf32>
    }
    ```
    becomes
    ```mlir
    func.func @f(%a: tensor<16x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>)
        -> tensor<16x256xf32, #tlayout.tiled<{0,1:T(8,128)}>> {
      %r = tlayout.relayout %a : tensor<16x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>
          to tensor<16x256xf32, #tlayout.tiled<{0,1:T(8,128)}>>
      return %r : tensor<16x256xf32, #tlayout.tiled<{0,1:T(8,128)}>>
    }
    ```
    with the remark `relayout of ... : 16384 bytes`.
  }];
  let dependentDialects = ["::mlir::tlayout::TLayoutDialect"];
}

#endif // TLAYOUT_DIALECT_TLAYOUT_TRANSFORMS_PASSES_TD
