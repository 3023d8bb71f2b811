//===- tlayout-translate.cpp - Import other layout notations -------------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// An mlir-translate for tlayout. `--import-mosaic` reads MLIR text whose
// memref types carry Mosaic TPU's layouts (`#tpu.tiled`, `#tpu.memory_space`)
// and prints the module with tlayout's types, ready for tlayout-opt.
//
// Mosaic's attributes cannot be parsed without Mosaic's dialect (an
// unregistered `#tpu.tiled` is an opaque attribute, which a memref takes for
// its memory space), so the import rewrites the types in the text first,
// reporting each error at its line and column, then parses the result with
// every upstream dialect and tlayout's, which verifies it.
//
//===----------------------------------------------------------------------===//

#include "MosaicImport.h"

#include "tlayout/Dialect/TLayout/IR/TLayoutDialect.h"
#include "tlayout/Target/TPU/IR/TpuDialect.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Tools/mlir-translate/MlirTranslateMain.h"
#include "mlir/Tools/mlir-translate/Translation.h"
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
  std::optional<std::string> rewritten = ::tlayout::translate::importMosaicText(
      buffer->getBuffer(), [&](size_t offset, const llvm::Twine &message) {
        auto [line, column] = sourceMgr->getLineAndColumn(
            llvm::SMLoc::getFromPointer(buffer->getBufferStart() + offset));
        emitError(FileLineColLoc::get(context, name, line, column), message);
      });
  if (!rewritten)
    return nullptr;
  // Lines keep their numbers, so the parser's diagnostics point at the
  // input's lines.
  return parseSourceString<ModuleOp>(*rewritten, ParserConfig(context), name);
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
  return failed(mlirTranslateMain(argc, argv, "tlayout translation tool"));
}
