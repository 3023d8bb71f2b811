//===- FuzzContext.h - The MLIR context a fuzz target reuses ----*- C++ -*-===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// Fuzz targets run millions of inputs. Building an MLIR context per input
// would dominate the run time, but one context kept forever grows without
// bound: it uniques every attribute and type it ever parses and never frees
// them. So a target shares one context among a batch of runs and replaces it
// with a fresh one between batches, which keeps memory flat. Diagnostics are
// the expected answer to bad input, so the context swallows them.
//
//===----------------------------------------------------------------------===//

#ifndef TLAYOUT_FUZZ_FUZZCONTEXT_H
#define TLAYOUT_FUZZ_FUZZCONTEXT_H

#include "tlayout/Dialect/TLayout/IR/TLayoutDialect.h"

#include "mlir/IR/MLIRContext.h"

#include <memory>

namespace mlir::tlayout::fuzz {

/// Runs that share one context before it is replaced. A run uniques about
/// 160 bytes on average (a few kilobytes at most, the input being bounded by
/// libFuzzer's -max_len), so a batch holds a few megabytes, while building a
/// context with its dialects (tens of milliseconds) costs little over a
/// batch.
constexpr unsigned kRunsPerContext = 16384;

/// A single-threaded context with the tlayout dialect and `Dialects`, its
/// diagnostics dropped. Call it once at the start of each run: every
/// `kRunsPerContext` calls the context is destroyed and a fresh one made, so
/// nothing from an earlier run (attributes, types, modules) may be used after
/// the call.
template <typename... Dialects> mlir::MLIRContext &getRunContext() {
  static std::unique_ptr<mlir::MLIRContext> context;
  static unsigned runs = 0;
  if (!context || ++runs % kRunsPerContext == 0) {
    context.reset();
    mlir::DialectRegistry registry;
    registry.insert<mlir::tlayout::TLayoutDialect, Dialects...>();
    context = std::make_unique<mlir::MLIRContext>(
        registry, mlir::MLIRContext::Threading::DISABLED);
    context->loadAllAvailableDialects();
    context->getDiagEngine().registerHandler(
        [](mlir::Diagnostic &) { return mlir::success(); });
  }
  return *context;
}

} // namespace mlir::tlayout::fuzz

#endif // TLAYOUT_FUZZ_FUZZCONTEXT_H
