//===- MemRefInput.cpp - Reading MLIR memref types ------------------------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//

#include "MemRefInput.h"
#include "InspectSupport.h"

#include "tlayout/Dialect/TLayout/IR/TLayoutAttrs.h"
#include "tlayout/Dialect/TLayout/IR/TLayoutDialect.h"
#include "tlayout/Target/TPU/IR/TpuDialect.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"

using namespace mlir::tlayout;
using namespace mlir::tlayout::inspect;

/// The XLA element type of an MLIR element type (`ui8` and `si8` read as
/// `i8`, unsigned or not).
static std::optional<ElementType> fromMlirType(mlir::Type type) {
  std::string name;
  llvm::raw_string_ostream os(name);
  type.print(os);
  bool isUnsigned = type.isUnsignedInteger();
  if (isUnsigned || type.isSignedInteger())
    name.erase(0, 1);
  return parseMlirElementType(name, isUnsigned);
}

std::string inspect::toMlirTypeName(ElementType type) {
  return getMlirTypeName(type).str();
}

llvm::Expected<ArrayInput> inspect::parseMemRefInput(llvm::StringRef text) {
  ArrayInput input;
  std::optional<llvm::SmallVector<DimsLayoutEntry, 4>> &inputDims =
      input.inputDims;
  mlir::DialectRegistry registry;
  registry.insert<mlir::tlayout::TLayoutDialect,
                  mlir::tlayout::tpu::TLayoutTpuDialect>();
  mlir::MLIRContext context(registry);
  context.loadAllAvailableDialects();
  std::string message;
  unsigned column = 0;
  mlir::ScopedDiagnosticHandler handler(&context, [&](mlir::Diagnostic &diag) {
    if (message.empty()) {
      message = diag.str();
      if (auto loc = llvm::dyn_cast<mlir::FileLineColLoc>(diag.getLocation()))
        column = loc.getColumn();
    }
    return mlir::success();
  });
  size_t numRead = 0;
  mlir::Type type = mlir::parseType(text, &context, &numRead);
  if (!type)
    return makeError("column " + llvm::Twine(column) + ": " + message);
  if (numRead != text.size())
    return makeError("column " + llvm::Twine(numRead + 1) +
                     ": unexpected text after the type");
  auto memref = llvm::dyn_cast<mlir::MemRefType>(type);
  if (!memref)
    return makeError("column 1: expected a memref type, got '" + text + "'");
  XlaShape &shape = input.shape;
  std::optional<ElementType> element = fromMlirType(memref.getElementType());
  if (!element)
    return makeError("column 1: element type has no XLA equivalent");
  shape.elementType = *element;
  shape.dims.assign(memref.getShape().begin(), memref.getShape().end());
  if (auto view = llvm::dyn_cast<mlir::tlayout::LayoutAttrInterface>(
          memref.getLayout());
      view && view.isView())
    return makeError(
        "column 1: a view's layout places its parent; inspect the parent's "
        "memref type");
  if (auto tiled = mlir::tlayout::getTiledLayout(memref)) {
    shape.layout = tiled.getLayout();
  } else if (auto dims = llvm::dyn_cast<mlir::tlayout::DimsLayoutAttr>(
                 memref.getLayout())) {
    inputDims.emplace(dims.getDims().begin(), dims.getDims().end());
    shape.layout = TiledLayout::rowMajor(memref.getRank());
    // The XLA text has no physical dimensions: print the bare shape.
    shape.hasExplicitLayout = false;
  } else if (memref.getLayout().isIdentity()) {
    shape.layout = TiledLayout::rowMajor(memref.getRank());
  } else {
    return makeError(
        "column 1: only #tlayout.tiled, #tlayout.dims and identity layouts "
        "can be inspected");
  }
  if (!inputDims)
    shape.hasExplicitLayout = true;
  if (mlir::Attribute space = memref.getMemorySpace()) {
    if (auto named =
            llvm::dyn_cast<mlir::tlayout::MemorySpaceAttrInterface>(space))
      shape.layout.memorySpace = named.getMemorySpaceNumber();
    else if (auto number = llvm::dyn_cast<mlir::IntegerAttr>(space))
      shape.layout.memorySpace = number.getInt();
  }
  if (llvm::Error err =
          shape.layout.verify(shape.dims, getMinimumBits(shape.elementType)))
    return makeError("column 1: " + llvm::toString(std::move(err)));
  return input;
}
