//===- TLayoutBase.td - tlayout dialect definition ---------*- tablegen -*-===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//

#ifndef TLAYOUT_DIALECT_TLAYOUT_IR_TLAYOUTBASE_TD
#define TLAYOUT_DIALECT_TLAYOUT_IR_TLAYOUTBASE_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"

def TLayout_Dialect : Dialect {
  let name = "tlayout";
  let cppNamespace = "::mlir::tlayout";
  let summary = "XLA-style tiled memory layouts for builtin memrefs";
  let description = [{
    The `tlayout` dialect puts XLA's layouts on builtin `memref` types: a
    minor_to_major permutation, a list of tiles applied one after another
    (`*` combines a dimension into the next more minor one), tail padding
    `L(n)` and an element size `E(n)`, written in the text XLA prints in its
    HLO dumps. XLA's memory space `S(n)` is the memref's memory space
    (`#tlayout.memory_space<n>`, or a target dialect's named space), not part
    of the layout.

    ```mlir
    func.func @f(%arg0: memref<8x1x1280x16384xbf16,
                   #tlayout.tiled<{3,2,0,1:T(8,128)(2,1)}>,
                   #tlayout.memory_space<1>>)
    ```

    The layout attribute implements `MemRefLayoutAttrInterface`; its affine
    map is the multi-result floordiv/mod map of the placement. The dialect's
    passes rewrite tiled memrefs into their physical buffers. It depends on no
    other dialect: its ops produce and consume builtin memref types only.
  }];
  // The tiled layout is parsed from its raw text, so the attribute parser and
  // printer are written by hand (they dispatch to the generated ones for the
  // other attributes).
  let useDefaultAttributePrinterParser = 0;
  let extraClassDeclaration = [{
    ::mlir::Attribute parseAttribute(::mlir::DialectAsmParser &parser,
                                     ::mlir::Type type) const override;
    void printAttribute(::mlir::Attribute attr,
                        ::mlir::DialectAsmPrinter &printer) const override;

  private:
    void registerAttributes();
  }];
}

/// Base class of tlayout attributes.
class TLayout_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<TLayout_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

/// Base class of tlayout ops.
class TLayout_Op<string mnemonic, list<Trait> traits = []>
    : Op<TLayout_Dialect, mnemonic, traits>;

#endif // TLAYOUT_DIALECT_TLAYOUT_IR_TLAYOUTBASE_TD
