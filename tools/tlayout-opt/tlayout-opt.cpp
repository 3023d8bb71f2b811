//===- tlayout-opt.cpp - tlayout optimizer driver -------------------------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// An mlir-opt with tlayout: every upstream dialect, extension and pass that
// Debian's mlir-opt registers, plus the tlayout dialect, passes and
// pipelines and the TPU target's (tlayout_tpu), so that a kernel written in any
// upstream dialect on tiled memrefs goes through upstream and tlayout passes in
// one invocation. tlayout's dialects and passes come from the registration
// library (tlayout/TLayout.h), the one list of them.
//
//===----------------------------------------------------------------------===//

#include "tlayout/TLayout.h"

#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/CommandLine.h"

int main(int argc, char **argv) {
  llvm::cl::SetVersionPrinter([](llvm::raw_ostream &os) {
    os << "tlayout-opt (tlayout " TLAYOUT_VERSION
          ")\n  built with LLVM " LLVM_VERSION_STRING "\n";
  });
  mlir::DialectRegistry registry;
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  mlir::tlayout::registerDialects(registry);
  mlir::registerAllPasses();
  mlir::tlayout::registerPasses();
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "tlayout optimizer driver\n", registry));
}
