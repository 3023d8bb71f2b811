//===- FuzzContext.h - The MLIR context a fuzz target reuses ----*- C++ -*-===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// Fuzz targets run millions of inputs: they build one MLIR context with the
// dialects they need and keep it. Diagnostics are the expected answer to bad
// input, so the context swallows them.
//
//===----------------------------------------------------------------------===//

#ifndef TLAYOUT_FUZZ_FUZZCONTEXT_H
#define TLAYOUT_FUZZ_FUZZCONTEXT_H

#include "tlayout/Dialect/TLayout/IR/TLayoutDialect.h"

#include "mlir/IR/MLIRContext.h"

namespace tlayout::fuzz {

/// A context with the tlayout dialect and `Dialects`, made on the first call
/// and kept for the process's lifetime; its diagnostics are dropped.
template <typename... Dialects> mlir::MLIRContext &getQuietContext() {
  static mlir::MLIRContext *context = [] {
    mlir::DialectRegistry registry;
    registry.insert<mlir::tlayout::TLayoutDialect, Dialects...>();
    auto *ctx = new mlir::MLIRContext(registry);
    ctx->loadAllAvailableDialects();
    ctx->getDiagEngine().registerHandler(
        [](mlir::Diagnostic &) { return mlir::success(); });
    return ctx;
  }();
  return *context;
}

} // namespace tlayout::fuzz

#endif // TLAYOUT_FUZZ_FUZZCONTEXT_H
