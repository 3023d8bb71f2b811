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

using namespace tlayout;
using namespace tlayout::inspect;

namespace {
/// An XLA element type and the MLIR element type it is written as.
/// Integers print signless; an unsigned XLA type is read back from
/// `ui<N>`.
struct TypeName {
  ElementType type;
  const char *mlir;
  bool isUnsigned;
};
} // namespace

static constexpr TypeName typeNames[] = {
    {ElementType::Pred, "i1", false},
    {ElementType::Pred, "i1", true},
    {ElementType::S2, "i2", false},
    {ElementType::U2, "i2", true},
    {ElementType::S4, "i4", false},
    {ElementType::U4, "i4", true},
    {ElementType::S8, "i8", false},
    {ElementType::U8, "i8", true},
    {ElementType::S16, "i16", false},
    {ElementType::U16, "i16", true},
    {ElementType::S32, "i32", false},
    {ElementType::U32, "i32", true},
    {ElementType::S64, "i64", false},
    {ElementType::U64, "i64", true},
    {ElementType::S1, "i1", false},
    {ElementType::U1, "i1", true},
    {ElementType::F4E2M1FN, "f4E2M1FN", false},
    {ElementType::F6E2M3FN, "f6E2M3FN", false},
    {ElementType::F6E3M2FN, "f6E3M2FN", false},
    {ElementType::F8E3M4, "f8E3M4", false},
    {ElementType::F8E4M3, "f8E4M3", false},
    {ElementType::F8E4M3FN, "f8E4M3FN", false},
    {ElementType::F8E4M3B11FNUZ, "f8E4M3B11FNUZ", false},
    {ElementType::F8E4M3FNUZ, "f8E4M3FNUZ", false},
    {ElementType::F8E5M2, "f8E5M2", false},
    {ElementType::F8E5M2FNUZ, "f8E5M2FNUZ", false},
    {ElementType::F8E8M0FNU, "f8E8M0FNU", false},
    {ElementType::BF16, "bf16", false},
    {ElementType::F16, "f16", false},
    {ElementType::F32, "f32", false},
    {ElementType::F64, "f64", false},
    {ElementType::C64, "complex<f32>", false},
    {ElementType::C128, "complex<f64>", false},
};

static std::optional<ElementType> fromMlirType(mlir::Type type) {
  std::string name;
  llvm::raw_string_ostream os(name);
  type.print(os);
  // `ui8` and `si8` read as `i8`, unsigned or not.
  bool isUnsigned = type.isUnsignedInteger();
  if (isUnsigned || type.isSignedInteger())
    name.erase(0, 1);
  for (const TypeName &row : typeNames)
    if (name == row.mlir && row.isUnsigned == isUnsigned)
      return row.type;
  return std::nullopt;
}

std::string inspect::toMlirTypeName(ElementType type) {
  for (const TypeName &row : typeNames)
    if (row.type == type)
      return row.mlir;
  llvm_unreachable("every element type has an MLIR name");
}

ArrayInput inspect::parseMemRefInput(llvm::StringRef text) {
  ArrayInput input;
  std::optional<llvm::SmallVector<PhysDim, 4>> &inputDims = input.inputDims;
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
    fail("column " + llvm::Twine(column) + ": " + message);
  if (numRead != text.size())
    fail("column " + llvm::Twine(numRead + 1) +
         ": unexpected text after the type");
  auto memref = llvm::dyn_cast<mlir::MemRefType>(type);
  if (!memref)
    fail("column 1: expected a memref type, got '" + text + "'");
  XlaShape &shape = input.shape;
  std::optional<ElementType> element = fromMlirType(memref.getElementType());
  if (!element)
    fail("column 1: element type has no XLA equivalent");
  shape.elementType = *element;
  shape.dims.assign(memref.getShape().begin(), memref.getShape().end());
  if (auto view = llvm::dyn_cast<mlir::tlayout::LayoutAttrInterface>(
          memref.getLayout());
      view && view.isView())
    fail("column 1: a view's layout places its parent; inspect the parent's "
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
    fail("column 1: only #tlayout.tiled, #tlayout.dims and identity layouts "
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
    fail("column 1: " + llvm::toString(std::move(err)));
  return input;
}
