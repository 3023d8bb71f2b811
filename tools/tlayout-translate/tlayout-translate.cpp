//===- tlayout-translate.cpp - Import other layout notations -------------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// An mlir-translate for tlayout. `--import-mosaic` reads MLIR text whose
// memref types carry Mosaic TPU's layouts (`#tpu.tiled`, `#tpu.memory_space`)
// and prints the module with tlayout's types, ready for tlayout-opt.
// `--export-mosaic` goes the other way: it prints a module with its tiled
// memref types in Mosaic's form, or says why Mosaic cannot express one.
//
// Mosaic's attributes cannot be parsed without Mosaic's dialect (an
// unregistered `#tpu.tiled` is an opaque attribute, which a memref takes for
// its memory space), so the import rewrites the types in the text first,
// reporting each error at its line and column, then parses the result with
// every upstream dialect and tlayout's, which verifies it.
//
//===----------------------------------------------------------------------===//

#include "MosaicExport.h"
#include "MosaicImport.h"

#include "tlayout/Dialect/TLayout/IR/TLayoutAttrs.h"
#include "tlayout/Dialect/TLayout/IR/TLayoutDialect.h"
#include "tlayout/Target/TPU/IR/TpuAttrs.h"
#include "tlayout/Target/TPU/IR/TpuDialect.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Tools/mlir-translate/MlirTranslateMain.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/SourceMgr.h"

using namespace mlir;

/// Rewrites the main buffer of `sourceMgr` and parses the result.
static OwningOpRef<Operation *>
importMosaic(const std::shared_ptr<llvm::SourceMgr> &sourceMgr,
             MLIRContext *context) {
  const llvm::MemoryBuffer *buffer =
      sourceMgr->getMemoryBuffer(sourceMgr->getMainFileID());
  llvm::StringRef name = buffer->getBufferIdentifier();
  auto locationOf = [&](size_t offset) {
    auto [line, column] = sourceMgr->getLineAndColumn(
        llvm::SMLoc::getFromPointer(buffer->getBufferStart() + offset));
    return FileLineColLoc::get(context, name, line, column);
  };
  std::optional<std::string> rewritten =
      ::mlir::tlayout::translate::importMosaicText(
          buffer->getBuffer(),
          [&](size_t offset, const llvm::Twine &message) {
            emitError(locationOf(offset), message);
          },
          [&](size_t offset, const llvm::Twine &message) {
            emitRemark(locationOf(offset), message);
          });
  if (!rewritten)
    return nullptr;
  // A Pallas kernel keeps Mosaic's other attributes, types and operations
  // (`#tpu.dimension_semantics`, `!tpu.dma_semaphore`, `tpu.sem_wait`),
  // which parse as those of an unregistered dialect; any other unregistered
  // operation is still an error.
  context->allowUnregisteredDialects();
  // Lines keep their numbers, so the parser's diagnostics point at the
  // input's lines.
  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>(*rewritten, ParserConfig(context), name);
  if (!module)
    return nullptr;
  WalkResult walk = module->walk([](Operation *op) {
    if (op->isRegistered() || op->getName().getDialectNamespace() == "tpu")
      return WalkResult::advance();
    op->emitError() << "unregistered operation '" << op->getName()
                    << "': only Mosaic's (tpu) operations are kept unknown";
    return WalkResult::interrupt();
  });
  if (walk.wasInterrupted())
    return nullptr;
  return module;
}

/// The text a type prints as.
static std::string typeText(Type type) {
  std::string text;
  llvm::raw_string_ostream(text) << type;
  return text;
}

/// Mosaic's text for memref type `type`, std::nullopt for a type Mosaic
/// writes the same way (no tlayout layout, no memory space), or an error.
static llvm::Expected<std::optional<std::string>>
exportMemRefType(MemRefType type) {
  using namespace mlir::tlayout;
  LayoutAttrInterface layoutAttr = getLayoutAttr(type);
  Attribute space = type.getMemorySpace();
  if (!layoutAttr && !space)
    return std::nullopt;
  if (!layoutAttr && !type.getLayout().isIdentity())
    return llvm::createStringError("Mosaic has no form of its layout (only "
                                   "#tlayout.tiled and identity layouts "
                                   "export)");
  TiledLayoutAttr tiled = getTiledLayout(type);
  if (layoutAttr && !tiled)
    return llvm::createStringError(
        "Mosaic has no form of a #tlayout.dims layout (only #tlayout.tiled "
        "layouts export)");
  if (tiled && tiled.isView())
    return llvm::createStringError(
        "its layout places a view in a larger buffer; export the buffer's "
        "type (Mosaic writes a window as tile strides of a type of its own)");
  ::mlir::tlayout::TiledLayout layout =
      tiled ? tiled.getLayout()
            : ::mlir::tlayout::TiledLayout::rowMajor(type.getRank());
  std::optional<int64_t> number = tpu::getMemorySpaceNumber(space);
  if (!number)
    return llvm::createStringError("its memory space has no S(n) number");
  layout.memorySpace = *number;
  Type element = type.getElementType();
  if (!element.isIntOrFloat())
    return llvm::createStringError("Mosaic's layouts need an integer or "
                                   "floating-point element type");
  llvm::Expected<::mlir::tlayout::mosaic::MosaicMemRef> mosaic =
      ::mlir::tlayout::mosaic::exportToMosaic(
          type.getShape(), typeText(element), element.getIntOrFloatBitWidth(),
          layout);
  if (!mosaic)
    return mosaic.takeError();
  return mosaic->str();
}

/// Prints the module with every memref type in Mosaic's form.
static LogicalResult exportMosaic(Operation *op, llvm::raw_ostream &os) {
  // Every memref type the module names, with the first operation naming it.
  llvm::MapVector<MemRefType, Operation *> types;
  auto note = [&](Type type, Operation *at) {
    type.walk([&](MemRefType memref) { types.insert({memref, at}); });
  };
  op->walk([&](Operation *at) {
    for (Type type : at->getOperandTypes())
      note(type, at);
    for (Type type : at->getResultTypes())
      note(type, at);
    for (Region &region : at->getRegions())
      for (Block &block : region)
        for (BlockArgument arg : block.getArguments())
          note(arg.getType(), at);
    at->getAttrDictionary().walk([&](Type type) { note(type, at); });
  });
  std::vector<std::pair<std::string, std::string>> replacements;
  bool failedAny = false;
  for (auto [type, at] : types) {
    llvm::Expected<std::optional<std::string>> text = exportMemRefType(type);
    if (!text) {
      at->emitError() << "cannot export " << typeText(type)
                      << " to Mosaic: " << llvm::toString(text.takeError());
      failedAny = true;
      continue;
    }
    if (*text)
      replacements.push_back({typeText(type), **text});
  }
  if (failedAny)
    return failure();
  std::string module;
  llvm::raw_string_ostream moduleOs(module);
  op->print(moduleOs);
  for (const auto &[from, to] : replacements) {
    for (size_t pos = module.find(from); pos != std::string::npos;
         pos = module.find(from, pos + to.size()))
      module.replace(pos, from.size(), to);
  }
  // Memref types the import kept whole as opaque types get their own text
  // back: `!tpu<"memref<...>">` is `memref<...>`.
  llvm::StringRef opaqueStart = "!tpu<\"memref<";
  for (size_t pos = module.find(opaqueStart); pos != std::string::npos;
       pos = module.find(opaqueStart, pos)) {
    size_t end = module.find("\">", pos);
    if (end == std::string::npos)
      break;
    module = module.substr(0, pos) + module.substr(pos + 6, end - pos - 6) +
             module.substr(end + 2);
  }
  os << module << "\n";
  return success();
}

int main(int argc, char **argv) {
  llvm::cl::SetVersionPrinter([](llvm::raw_ostream &os) {
    os << "tlayout-translate (tlayout " TLAYOUT_VERSION
          ")\n  built with LLVM " LLVM_VERSION_STRING "\n";
  });
  // LLVM's backend options, linked in with libMLIR, are registered by now;
  // the translation options mlirTranslateMain registers later stay shown.
  static llvm::cl::OptionCategory category("tlayout-translate options");
  llvm::cl::HideUnrelatedOptions(category);
  TranslateToMLIRRegistration registration(
      "import-mosaic",
      "Rewrite memref types with Mosaic TPU layouts (#tpu.tiled, "
      "#tpu.memory_space) into tlayout types",
      importMosaic, [](DialectRegistry &registry) {
        registerAllDialects(registry);
        registerAllExtensions(registry);
        registry.insert<mlir::tlayout::TLayoutDialect,
                        mlir::tlayout::tpu::TLayoutTpuDialect>();
      });
  TranslateFromMLIRRegistration exportRegistration(
      "export-mosaic",
      "Print the module with its memref types in Mosaic TPU's form "
      "(#tpu.tiled, #tpu.memory_space), or say why Mosaic cannot express one",
      exportMosaic, [](DialectRegistry &registry) {
        registerAllDialects(registry);
        registerAllExtensions(registry);
        registry.insert<mlir::tlayout::TLayoutDialect,
                        mlir::tlayout::tpu::TLayoutTpuDialect>();
      });
  return failed(mlirTranslateMain(argc, argv, "tlayout translation tool"));
}
