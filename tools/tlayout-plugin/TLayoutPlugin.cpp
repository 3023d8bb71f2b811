//===- TLayoutPlugin.cpp - tlayout as an mlir-opt plugin ------------------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// One shared object that is both a dialect plugin and a pass plugin for
// upstream `mlir-opt`:
//
//   mlir-opt --load-dialect-plugin=TLayoutPlugin.so \
//            --load-pass-plugin=TLayoutPlugin.so \
//            --pass-pipeline="builtin.module(lower-tiled-layouts)" in.mlir
//
// (pass plugins register their passes after mlir-opt has parsed its flags,
// so the passes are named in --pass-pipeline, not as flags of their own).
//
// It links the shared MLIR library only, so the types it creates are the
// host's.
//
//===----------------------------------------------------------------------===//

#include "tlayout/TLayout.h"

#include "mlir/Tools/Plugins/DialectPlugin.h"
#include "mlir/Tools/Plugins/PassPlugin.h"
#include "llvm/Config/llvm-config.h"

extern "C" LLVM_ATTRIBUTE_WEAK mlir::DialectPluginLibraryInfo
mlirGetDialectPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "TLayout", LLVM_VERSION_STRING,
          [](mlir::DialectRegistry *registry) {
            mlir::tlayout::registerDialects(*registry);
          }};
}

extern "C" LLVM_ATTRIBUTE_WEAK mlir::PassPluginLibraryInfo
mlirGetPassPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "TLayoutPasses", LLVM_VERSION_STRING,
          [] { mlir::tlayout::registerPasses(); }};
}
