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
       upstream's value-bounds analysis for the rest) and a divisor (loop
       lower bounds and steps, constants, and `tlayout.assume_multiple`).
       `(x + y) floordiv c` becomes `x / c + y floordiv c` when `x` is a
       known multiple of `c`, and `y floordiv c` / `y mod c` become a
       constant / `y - k * c` when `y` stays within one period.
    2. `tile-loops` (default on): a loop whose induction variable is still
       divided by `c` (a tile size) is strip-mined into a loop over tiles and
       a loop of at most `c` iterations within a tile, in the same order of
       iterations: `i = c * t + e`, so `i floordiv c` is `t` and `i mod c` is
       `e`. Bounds may be dynamic: the inner loop stops at
       `min(c, ub - c * t)`, and a lower bound not known to be a multiple of
       `c` starts it at `max(lb mod step, lb - c * t)`. Loops with `iter_args`
       (reductions) are strip-mined too. The loop's step must divide `c` or
       be smaller than it: with a step that does not divide `c` (step 3 over
       128 columns) each tile starts at the loop's phase in it,
       `max((lb - c * t) mod step, lb - c * t)`, computed once per tile, and
       the body is left without floordiv or mod.
       Nested tilings (`T(8,128)(2,1)`, or two tilings of one dimension)
       strip-mine the inner loop again.
    3. `reassociate-reductions` (default on): when every `iter_args` value
       of a loop being strip-mined is a scalar reduction whose combiner may
       be reassociated (integer `addi` and `muli` without overflow flags,
       `maxsi`/`minsi`, `maxui`/`minui`, `andi`, `ori`, `xori`; float
       `addf`, `mulf`, `maximumf`/`minimumf`, `maxnumf`/`minnumf` whose
       fastmath flags hold `reassoc`, as `fast` does), each element `e` of a tile accumulates
       into a partial of its own across the tiles (a `memref.alloca` of `c`
       elements, filled with the combiner's identity: -0.0 for `addf`
       without `nsz`; for a float maximum or minimum never a value its
       flags make poison: NaN, the identity of `maxnumf` and `minnumf`,
       only without `nnan`, else an infinity, and under `ninf` the loop's
       initial value, the reduction being left in its order where that is
       not a constant), and one loop after
       the tiles combines the initial value with the `c` partials. The
       tiles then carry no value from one to the next and do not each end
       in a horizontal reduction. Without `reassoc` (or with the option
       off, or inside a parallel loop, whose trips would share the
       partials) the reduction is carried through the tile loops in its
       order.
    4. `physical-order` (default on, as in `--tlayout-lower-to-llvm` and
       `--tlayout-tpu-pipeline`): a perfect nest of `affine.for` loops
       without `iter_args` whose innermost access indexes a buffer with one
       loop per physical dimension is permuted so that the loops follow the
       buffer's physical dimensions, the tile loops outside and the element
       loops inside (loops that index no dimension stay outermost). The
       permutation is applied only where it is proved legal: the nest holds
       `affine.load`/`affine.store` (which upstream's dependence analysis
       models), ops without memory effects and ops whose effects are those
       of the ops they hold (`scf.if`, inner loops), and nothing else (no
       `memref.load`/`store`, call, vector transfer, atomic or op of unknown
       effects); no memref it accesses is made inside it; the distinct
       memref values it accesses are distinct buffers (allocations, globals;
       function arguments are taken not to alias); and every dependence
       keeps its direction in the new order.
    5. With `physical-order` and `reassociate-reductions` both on, a
       reduction along the rows of tiles walks each group of tile rows
       tile by tile, in the buffer's physical order: the loop over the rows
       of a group (8 for `T(8,128)`) whose body fills per-element partials,
       accumulates into them across the loop over the tiles and combines
       them (what step 3 leaves) becomes one fill of a slice of partials
       per row (`memref<8x128xf32>` for a bf16 sum in f32), the loop over
       the tiles around the rows, then the combination of each row. Every
       partial accumulates the same elements in the same order; only whole
       rows move relative to each other. It is applied only where that is proved: the rows
       have constant bounds and step 1; every filled buffer is a static
       `memref.alloca` used only by `affine.load`/`affine.store` in the row
       loop and filled whole before the tiles; the tile loop's bounds do
       not depend on the row; the tile loop writes nothing but the
       partials; every op in it and after it states its effects on named
       memrefs (no call, no op of unknown effects); what follows the tile
       loop writes no buffer the tile loop reads (distinct allocations,
       globals and function arguments; a view is its buffer); and the row
       indexes a physical dimension after the tile's. Otherwise each row
       keeps its loop over the tiles, as it also does where a row reads
       `tile-row-walk-bytes` (default 1024) contiguous bytes or more of each
       tile: the walked form keeps 8 rows of partials in memory, which
       pays where the row's reads are short (bf16 under `T(8,128)`, 256
       bytes) or where one row's partials fill the registers anyway (f32,
       512 bytes, on AVX2: about 1.4x faster walked), not where they fit (f32 on
       AVX-512, about 10% slower walked: pass 512 there). Walked rows then
       accumulate into one vector of `row-accumulator-bytes` (default 32)
       per row instead of one partial per element (8 rows of 128 f32
       partials do not fit in registers): the fills store a vector of the
       identity, the loop over a row's elements in the tile loop steps by
       the vector's lanes with its element-wise ops on vectors and the
       row's vector as an iter_arg, and the combination combines the row's
       lanes. Lane `l` then combines the elements `l` modulo the lanes,
       which the reassociation allows; it applies where the partials are
       used only by fills with the combiner's identity, loops that combine
       each element of a row with a value from pure element-wise ops,
       loads of consecutive elements and values from outside, and loops
       that combine a row with the same combiner, and where the lanes
       divide the row (row sums over `T(8,128)`, 4096 x 4096 on AVX2:
       0.85-0.9 of row-major with per-element partials, 0.95-1.0 so).
    6. `jam-repeated-stores` (default on), with `physical-order` on: the
       trips of the loops around a loop
       over tiles run inside it where they store to the same locations at
       every trip: the rows of a packed word (8 rows of int4 share each
       32-bit word of `T(8,128)(8,1)E(4)`), written row by row, each
       read-modify-write the whole run of words of a tile. The loop over
       tiles moves outside the rows and runs each row in turn with a
       constant index; each load of a location stored before in the same
       trip takes the stored value, and a store overwritten before anything
       reads it is dropped, so one load and one store of each run remain.
       Unpacking, the rows read the same words and write rows of their
       own: the jammed rows load each run once (a load of a location
       loaded before in the same trip takes that value).
       It is applied only where that is proved: the loop over tiles has a
       body without regions or `iter_args`, of ops free of memory effects,
       loads and stores of `affine`, `memref` and `vector` whose location
       is an affine map of their operands, and ops that only read named
       memrefs; the loops around have constant bounds (at most 8 trips in
       all), no `iter_args`, and bodies of ops without effects before the
       loop inside; no stored location, buffer or bound of the tile loop
       depends on them, except where a buffer is only written, at
       locations that differ for distinct trips of the rows and tiles
       together (each loop index moves one dimension, as digits of a mixed
       radix); every written memref has the identity layout; a written
       vector starts at a multiple of its lanes along every dimension they
       cover, of a static size they divide (so it does not run into the
       next row); every other
       access to a written buffer is at one location, which moves with the
       tile index by at least the elements it covers; the other buffers
       accessed are distinct from the written ones; and some access moves
       with the tiles but not the rows (something is repeated). So only
       accesses within one trip over the tiles depend on each other, and
       they keep their order. It is not applied where a loop around the
       rows revisits the repeated locations at every trip, and they span at
       most 256 KiB over the loops inside it: an accumulator that stays in
       cache, such as the sums of a column sum over groups of tile rows.
       There the jam would save only cache traffic and read the rows' own
       data side by side (each tile as 8 streams, which an AVX2 host's
       prefetchers do not follow: column sums at 0.6-0.8 of row-major
       jammed, 0.9-1.1 not).
    7. `collapse-loops` (default on), with `physical-order` on: the
       innermost loops (at least two) of a perfect nest that is not inside
       another loop, where they walk the
       trailing dimensions of every buffer they index, in order and whole,
       become one loop over `memref.collapse_shape` views of the buffers:
       an element-wise loop over `T(8,128)` in physical order (loops of 512,
       32, 8 and 128 trips over `memref<512x32x8x128xf32>`) becomes one loop
       of 16,777,216 trips, which the code generator vectorizes as it does
       the row-major loop, without a loop of 128 trips per tile row. The
       iterations keep their order. It is applied where the loops have no
       `iter_args`, start at 0 with step 1 and constant trip counts, and
       every use of their indices is an index (never the value stored) of
       an `affine.load` or `affine.store` of a static memref with the
       identity layout, defined outside the whole nest (not a value a loop
       of the nest carries), whose trailing dimensions are indexed by the
       loops in their order and have the loops' trip counts, and whose
       other indices do not use them. A
       nest inside another loop is one step of a schedule of its own (the
       rows of a tile-row walk, step 5) and keeps its loops: collapsed, the
       walk's partials were vectorized four lanes wide and the bf16 row sum
       ran a third slower.
    8. `nibble-bytes` (default on): the 4-bit fields of vectors of 32-bit
       words read from or written to bytes are split and assembled on the
       bytes (populateNibbleBytePatterns): `trunci` to `i4` of bytes cast
       to words and shifted right by a multiple of 4 takes byte s / 8 of
       each word (`vector.deinterleave`, twice), shifted by 0 or 4 bits; a
       cast to bytes of words each of whose eight fields was last set by
       `ori(andi(w, ~(0xF << s)), shli(extui(x), s))` (the eight jammed rows
       of a packed `T(8,128)(8,1)E(4)` tile row) becomes the four bytes
       `(x[s+4] << 4) | x[s]` of each word, interleaved. Byte k of a word is
       its bits 8k to 8k+7, as the lowering's own casts between bytes and
       words have it on the little-endian targets it runs on. On AVX2 the
       packing ran at half of memcpy's speed in words of one lane each.
    9. `predicate-tails` (default on): a loop that strip-mining made over
       the elements of one tile with a step that does not divide the tile
       (42 or 43 trips for a step of 3 in a tile of 128, a different number
       in each tile), where it holds no other loop, becomes an `scf.for`
       (its body's affine ops lowered as `--lower-affine` lowers them) with
       LLVM's loop annotation `vectorize.predicate.enable`, so that LLVM's
       vectorizer masks the last vector trip instead of running the trips
       past the last whole vector one by one. An `affine.for`'s attributes
       do not survive `--lower-affine`, hence the lowering here. On AVX2,
       an element-wise add with step 3 over `T(8,128)` (4096 x 4096) ran
       at 0.88-0.95 of the row-major loop with the scalar remainders and
       0.99-1.01 with both compiled for masked tails.
    10. `tlayout.assume_multiple` ops are replaced by their operands and
       dead `affine.apply` ops are erased.

    The pass changes nothing outside the op it runs on (the partials'
    buffers are allocated in the enclosing function), so it may run on
    each function of a module in parallel:
    `--pass-pipeline='builtin.module(func.func(tlayout-simplify-indexing))'`
    does, as `--tlayout-lower-to-llvm` does; on the module as a whole it
    runs on one thread.

    Before (the lowering of an element-wise loop over `T(8,128)`):

    ```mlir
    affine.for %i = 0 to 64 {
      affine.for %j = 0 to 256 {
        %x = affine.load %a[%i floordiv 8, %j floordiv 128, %i mod 8, %j mod 128]
            : memref<8x2x8x128xf32>
        ...
    ```

    After:

    ```mlir
    affine.for %t = 0 to 8 {
      affine.for %e = 0 to 8 {
        affine.for %u = 0 to 2 {
          affine.for %f = 0 to 128 {
            %x = affine.load %a[%t, %u, %e, %f] : memref<8x2x8x128xf32>
            ...
    ```

    Loops tiled by hand (stepping by whole tiles, or starting at an
    enclosing loop's index) are normalized (`lb + step * k`) instead of
    strip-mined, so their maps simplify the same way. Other loops
    (`affine.parallel`, `scf.parallel`, `scf.while`) are not strip-mined;
    the maps of their accesses are still simplified (step 1).

    With no options, `--lower-tiled-layouts --tlayout-simplify-indexing`
    followed by `--canonicalize` and upstream's lowering to LLVM gives the
    machine code of `--tlayout-lower-to-llvm` (every option above defaults
    to what the pipeline uses).
  }];
  let options = [
    Option<"tileLoops", "tile-loops", "bool", /*default=*/"true",
           "Strip-mine loops whose induction variable is divided by a tile "
           "size (default: true)">,
    Option<"physicalOrder", "physical-order", "bool", /*default=*/"true",
           "Permute perfect affine.for nests into the physical order of the "
           "buffer they access, and walk the rows of tiles of reductions "
           "tile by tile, where proved legal (default: true)">,
    Option<"collapseLoops", "collapse-loops", "bool", /*default=*/"true",
           "With physical-order, collapse the loops of a perfect nest that "
           "walk the trailing dimensions of every buffer they index in "
           "order into one loop (default: true)">,
    Option<"jamRepeatedStores", "jam-repeated-stores", "bool",
           /*default=*/"true",
           "With physical-order, run the loops that store to the same "
           "locations at every trip inside the loop over tiles, where "
           "proved legal (default: true)">,
    Option<"reassociateReductions", "reassociate-reductions", "bool",
           /*default=*/"true",
           "Accumulate reductions that may be reassociated into per-element "
           "partials across the tiles of a strip-mined loop (default: true)">,
    Option<"tileRowWalkBytes", "tile-row-walk-bytes", "int64_t",
           "::mlir::tlayout::kDefaultTileRowWalkBytes",
           "With physical-order and reassociate-reductions, walk the rows "
           "of a group of tiles tile by tile where a row reads fewer than "
           "this many contiguous bytes of a tile (default: 1024, which walks "
           "f32 and bf16 rows of T(8,128); 512 leaves f32 rows, for targets "
           "whose registers hold one row's partials, such as AVX-512)">,
    Option<"rowAccumulatorBytes", "row-accumulator-bytes", "int64_t",
           "::mlir::tlayout::kDefaultRowAccumulatorBytes",
           "Where the rows of tiles are walked tile by tile, accumulate "
           "each row into a vector of this many bytes instead of one "
           "partial per element, where proved legal (default: 32, one AVX2 "
           "register; 0 keeps per-element partials)">,
    Option<"predicateTails", "predicate-tails", "bool", /*default=*/"true",
           "Lower the loops that strip-mining makes over a tile's elements "
           "by a step that does not divide the tile to scf.for loops that "
           "ask LLVM's vectorizer to mask their last vector trip "
           "(default: true)">,
    Option<"nibbleBytes", "nibble-bytes", "bool", /*default=*/"true",
           "Split and assemble the 4-bit fields of 32-bit words read from or "
           "written to bytes on the bytes (little-endian) (default: true)">
  ];
  let dependentDialects = [
    "::mlir::affine::AffineDialect",
    "::mlir::arith::ArithDialect",
    "::mlir::LLVM::LLVMDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::vector::VectorDialect"
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
    Chooses a layout encoding for the ranked tensors of the module's
    functions among the layouts the module's target offers (an attribute of
    the module that implements `LayoutTargetAttrInterface`, such as
    `tlayout_tpu.target = #tlayout_tpu.target<"v5e">`, or the `target`
    option's attribute), minimizing the
    padding bytes of the tensors plus the bytes relayouts move.

    The tensors form the groups of `--tlayout-propagate-tensor-layouts`
    (values that share a buffer: a linalg op's result and `outs`, loop-carried
    values, returned values and signatures, ...), and layouts fixed there
    (`tlayout.layout`, encodings already written) are constraints. Every
    other group of static shape is a choice among the target's candidates
    for its shape and element type, with the group's padding as its cost.
    An element-wise linalg op reads its operands in its result's layout: an
    operand group in another layout costs a relayout, the physical bytes of
    both sides. A `linalg.transpose` costs its bytes too, unless the two
    layouts make it a bitcast (the layout core's placement comparison, tiles
    included): it is then free, and becomes a `tlayout.transpose`, a view of
    its input, with a remark. The choice is exact (variable elimination, then branch and
    bound) when there are at most `exact-max-values` groups and the search
    stays within `exact-budget`, and greedy with improvement sweeps
    otherwise; a remark on the module gives the padding and moved bytes and
    whether the answer is proved optimal or its gap to a lower bound.

    Then the module is retyped as propagation does, with a
    `tlayout.relayout` (and a remark) on every use that needs another
    layout, element-wise operands included. Groups of dynamic shape take the
    target's first candidate. Capacities are not yet constraints.

    ```mlir
    module attributes {tlayout_tpu.target = #tlayout_tpu.target<"v5e">} {
      func.func @f(%a: tensor<2x4096xf32, #tlayout.tiled<{1,0:T(2,128)}>>) -> tensor<2xf32> {
        %e = tensor.empty() : tensor<4096x2xf32>
        %t = linalg.transpose ins(%a : ...) outs(%e : tensor<4096x2xf32>) permutation = [1, 0]
        ...
      }
    }
    ```
    gives `%t` the layout `{0,1:T(2,128)}`, which holds its 8192 elements
    without padding, where the row-major `{1,0:T(8,128)}` pads the 2 to 128;
    the transpose is then a bitcast of `%a` and becomes
    `tlayout.transpose %a permutation = [1, 0]`.
  }];
  let options = [
    Option<"target", "target", "std::string", /*default=*/"\"\"",
           "The target as attribute text (e.g. #tlayout_tpu.target<\"v5e\">); "
           "overrides the module's (default: the module's)">,
    Option<"paddingWeight", "padding-weight", "double", /*default=*/"1.0",
           "The cost of a byte of padding (default: 1)">,
    Option<"movedWeight", "moved-weight", "double", /*default=*/"1.0",
           "The cost of a byte a relayout reads or writes (default: 1)">,
    Option<"exactMaxValues", "exact-max-values", "unsigned",
           /*default=*/"256",
           "The most groups the exact solver is tried on (default: 256)">,
    Option<"exactBudget", "exact-budget", "uint64_t", /*default=*/"1000000",
           "The largest elimination table and the most search nodes of the "
           "exact solver (default: 1000000)">
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
