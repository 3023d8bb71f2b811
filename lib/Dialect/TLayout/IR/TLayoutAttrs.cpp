//===- TLayoutAttrs.cpp - tlayout attributes ------------------------------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// The generated attribute definitions, the adapters from the layout core to
// MLIR, and the dialect's attribute parser and printer. Each attribute has
// its own file (TiledLayoutAttr.cpp, DimsLayoutAttr.cpp,
// MemorySpaceAttr.cpp); what the layouts share is in LayoutAttrUtils.cpp.
// Each is a thin adapter over the layout core: parsing and printing use the
// core's text, verification the core's messages, and the affine map the
// core's normal form.
//
//===----------------------------------------------------------------------===//

#include "tlayout/Dialect/TLayout/IR/TLayoutAttrs.h"
#include "LayoutAttrUtils.h"
#include "LayoutParsing.h"
#include "TiledLayoutAttrStorage.h"
#include "tlayout/Dialect/TLayout/IR/TLayoutDialect.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/CheckedArithmetic.h"

using namespace mlir;
using namespace mlir::tlayout;
using namespace mlir::tlayout::detail;

#include "tlayout/Dialect/TLayout/IR/TLayoutAttrInterfaces.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "tlayout/Dialect/TLayout/IR/TLayoutAttrs.cpp.inc"

void TLayoutDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "tlayout/Dialect/TLayout/IR/TLayoutAttrs.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// Adapters
//===----------------------------------------------------------------------===//

AffineExpr mlir::tlayout::toAffineExpr(const IndexExpr &expr,
                                       MLIRContext *context) {
  switch (expr.getKind()) {
  case IndexExpr::Kind::Constant:
    return getAffineConstantExpr(*expr.getConstant(), context);
  case IndexExpr::Kind::Dim:
    return getAffineDimExpr(expr.getPosition(), context);
  case IndexExpr::Kind::Symbol:
    return getAffineSymbolExpr(expr.getPosition(), context);
  default:
    break;
  }
  AffineExpr lhs = toAffineExpr(expr.getLHS(), context);
  AffineExpr rhs = toAffineExpr(expr.getRHS(), context);
  switch (expr.getKind()) {
  case IndexExpr::Kind::Add:
    return lhs + rhs;
  case IndexExpr::Kind::Mul:
    return lhs * rhs;
  case IndexExpr::Kind::FloorDiv:
    return lhs.floorDiv(rhs);
  case IndexExpr::Kind::CeilDiv:
    return lhs.ceilDiv(rhs);
  case IndexExpr::Kind::Mod:
    return lhs % rhs;
  default:
    llvm_unreachable("leaf kinds handled above");
  }
}

TiledLayoutAttr mlir::tlayout::getTiledLayout(MemRefType type) {
  return dyn_cast<TiledLayoutAttr>(type.getLayout());
}

LayoutAttrInterface mlir::tlayout::getLayoutAttr(MemRefType type) {
  return dyn_cast<LayoutAttrInterface>(type.getLayout());
}

int64_t mlir::tlayout::getElementTypeBits(Type type) {
  if (type.isIntOrFloat())
    return type.getIntOrFloatBitWidth();
  if (isa<IndexType>(type))
    return 64;
  // A width that does not fit in int64 is as unknown as no width (0).
  if (auto complex = dyn_cast<ComplexType>(type))
    return llvm::checkedMul<int64_t>(
               2, getElementTypeBits(complex.getElementType()))
        .value_or(0);
  if (auto vector = dyn_cast<VectorType>(type)) {
    if (!vector.hasStaticShape())
      return 0;
    std::optional<int64_t> bits = getElementTypeBits(vector.getElementType());
    for (int64_t size : vector.getShape())
      if (bits)
        bits = llvm::checkedMul(*bits, size);
    return bits.value_or(0);
  }
  return 0;
}

FailureOr<BufferIndexing> mlir::tlayout::compileMemRefLayout(
    MemRefType type, llvm::function_ref<InFlightDiagnostic()> emitError) {
  LayoutAttrInterface attr = getLayoutAttr(type);
  if (!attr) {
    emitError() << "expected a memref with a #tlayout.tiled or #tlayout.dims "
                   "layout, got "
                << type;
    return failure();
  }
  // A view is placed by its parent: compile the parent's shape.
  ArrayRef<int64_t> shape =
      attr.isView() ? attr.getParentShape() : type.getShape();
  llvm::Expected<BufferIndexing> indexing =
      attr.compile(shape, getElementTypeBits(type.getElementType()));
  if (!indexing) {
    emitError() << llvm::toString(indexing.takeError());
    return failure();
  }
  return std::move(*indexing);
}

MemRefType mlir::tlayout::getEncodedMemRefType(RankedTensorType type,
                                               Attribute memorySpace) {
  auto layout = dyn_cast_or_null<MemRefLayoutAttrInterface>(type.getEncoding());
  return MemRefType::get(type.getShape(), type.getElementType(), layout,
                         memorySpace);
}

LogicalResult mlir::tlayout::verifyLayoutEncoding(
    RankedTensorType type, llvm::function_ref<InFlightDiagnostic()> emitError) {
  auto layout = dyn_cast_or_null<MemRefLayoutAttrInterface>(type.getEncoding());
  if (!layout)
    return success();
  // A view places a window of its parent's buffer; a tensor is a value of
  // its own, and its buffer is allocated (or passed) whole.
  // (failure() explicitly: a caller may pass an inactive diagnostic.)
  if (auto view = dyn_cast<LayoutAttrInterface>(layout);
      view && view.isView()) {
    emitError() << "the view layout " << layout
                << " places a window of a parent buffer, not a tensor; "
                   "a tensor's layout has no parent and offsets";
    return failure();
  }
  MemRefType memref = MemRefType::getChecked(
      emitError, type.getShape(), type.getElementType(), layout, Attribute());
  if (!memref)
    return failure();
  if (getLayoutAttr(memref) && failed(compileMemRefLayout(memref, emitError)))
    return failure();
  return success();
}

//===----------------------------------------------------------------------===//
// Dialect hooks
//===----------------------------------------------------------------------===//

Attribute TLayoutDialect::parseAttribute(DialectAsmParser &parser,
                                         Type type) const {
  SMLoc loc = parser.getCurrentLocation();
  StringRef spec = parser.getFullSymbolSpec();
  if (spec == "tiled" || spec.starts_with("tiled<"))
    return detail::parseTiledLayout(parser, spec);
  if (spec == "dims" || spec.starts_with("dims<"))
    return detail::parseDimsLayout(parser, spec);
  StringRef mnemonic;
  Attribute attr;
  OptionalParseResult result =
      generatedAttributeParser(parser, &mnemonic, type, attr);
  if (result.has_value())
    return attr;
  parser.emitError(loc) << "unknown tlayout attribute '" << mnemonic << "'";
  return {};
}

void TLayoutDialect::printAttribute(Attribute attr,
                                    DialectAsmPrinter &printer) const {
  if (failed(generatedAttributePrinter(attr, printer)))
    llvm_unreachable("every tlayout attribute has a printer");
}
