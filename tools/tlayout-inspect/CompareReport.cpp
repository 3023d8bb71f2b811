//===- CompareReport.cpp - Comparing two layouts in tlayout-inspect -------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//

#include "CompareReport.h"
#include "ArrayReport.h"
#include "InspectSupport.h"
#include "MemRefInput.h"

#include "tlayout/Core/LayoutAnalysis.h"
#include "tlayout/Dialect/TLayout/IR/TLayoutDialect.h"
#include "tlayout/Dialect/TLayout/IR/TLayoutOps.h"
#include "tlayout/Target/TPU/IR/TpuDialect.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"

#include <algorithm>
#include <numeric>

using namespace mlir::tlayout;
using namespace mlir::tlayout::inspect;

/// One array of the comparison, with its compiled layout.
static llvm::Expected<ArrayReport> readArray(llvm::StringRef text) {
  ArrayInput input;
  if (text.starts_with("memref<")) {
    llvm::Expected<ArrayInput> parsed = parseMemRefInput(text);
    if (!parsed)
      return parsed.takeError();
    input = std::move(*parsed);
  } else {
    llvm::Expected<XlaShape> shape = XlaShape::parse(text);
    if (!shape)
      return makeError("--compare: " + llvm::toString(shape.takeError()));
    input.shape = std::move(*shape);
  }
  if (llvm::is_contained(input.shape.dims, kDynamicSize))
    return makeError("--compare needs static shapes, got '" + text + "'");
  return computeArrayReport(std::move(input), ArrayQueries{});
}

/// The name of an array in the report: its text as given.
static std::string describe(const ArrayReport &report) { return report.memref; }

/// The tlayout.reshape verifier's answer: success, or its message.
static llvm::Expected<std::optional<std::string>>
reshapeProblem(const ArrayReport &from, const ArrayReport &to) {
  mlir::MLIRContext context;
  context.loadDialect<mlir::tlayout::TLayoutDialect,
                      mlir::tlayout::tpu::TLayoutTpuDialect>();
  std::string messages;
  mlir::ScopedDiagnosticHandler handler(&context, [&](mlir::Diagnostic &diag) {
    if (diag.getSeverity() == mlir::DiagnosticSeverity::Error)
      messages += (messages.empty() ? "" : "; ") + diag.str();
    return mlir::success();
  });
  auto parse = [&](const ArrayReport &report) {
    return llvm::dyn_cast_or_null<mlir::MemRefType>(
        mlir::parseType(report.memref, &context));
  };
  mlir::MemRefType source = parse(from), result = parse(to);
  if (!source || !result)
    return makeError("--compare: cannot build the memref type " +
                     (source ? to.memref : from.memref) + ": " + messages);
  mlir::Location loc = mlir::UnknownLoc::get(&context);
  mlir::OwningOpRef<mlir::ModuleOp> scratch = mlir::ModuleOp::create(loc);
  mlir::OpBuilder builder = mlir::OpBuilder::atBlockEnd(scratch->getBody());
  mlir::Value placeholder =
      mlir::UnrealizedConversionCastOp::create(
          builder, loc, mlir::TypeRange{source}, mlir::ValueRange{})
          .getResult(0);
  auto reshape =
      mlir::tlayout::ReshapeOp::create(builder, loc, result, placeholder);
  if (mlir::succeeded(reshape.verify()))
    return std::optional<std::string>();
  return std::optional<std::string>(messages);
}

llvm::Error inspect::inspectComparison(llvm::StringRef first,
                                       llvm::StringRef second,
                                       llvm::raw_ostream &os) {
  llvm::Expected<ArrayReport> readA = readArray(first);
  if (!readA)
    return readA.takeError();
  llvm::Expected<ArrayReport> readB = readArray(second);
  if (!readB)
    return readB.takeError();
  ArrayReport &a = *readA, &b = *readB;
  os << "first:  " << describe(a) << "\n"
     << "second: " << describe(b) << "\n";
  int64_t bitsA = a.input.shape.getElementBits();
  int64_t bitsB = b.input.shape.getElementBits();
  if (bitsA != bitsB) {
    os << "placement: different: the elements take " << bitsA << " and "
       << bitsB << " bits\n";
    return llvm::Error::success();
  }
  llvm::ArrayRef<int64_t> shapeA = a.input.shape.dims;
  llvm::ArrayRef<int64_t> shapeB = b.input.shape.dims;
  if (shapeA == shapeB) {
    llvm::Expected<PlacementComparison> result =
        comparePlacement(*a.indexing, *b.indexing);
    if (!result)
      return makeError("--compare: " + llvm::toString(result.takeError()));
    if (result->same)
      os << "placement: same: every element at the same offset of "
         << result->sizeA << " elements (tlayout.cast is free)\n";
    else if (result->firstDifference)
      os << "placement: different: element "
         << indexText(*result->firstDifference) << " is at offset "
         << result->offsetA << " in the first and " << result->offsetB
         << " in the second\n";
    else
      os << "placement: different: every element at the same offset, but "
            "the buffers hold "
         << result->sizeA << " and " << result->sizeB << " elements\n";
    os << "normal forms: " << a.canonicalDims << " and " << b.canonicalDims
       << "\n";
    return llvm::Error::success();
  }
  auto count = [](llvm::ArrayRef<int64_t> shape) {
    return std::accumulate(shape.begin(), shape.end(), int64_t(1),
                           std::multiplies<int64_t>());
  };
  if (count(shapeA) != count(shapeB)) {
    os << "placement: different: " << count(shapeA) << " and " << count(shapeB)
       << " elements\n";
    return llvm::Error::success();
  }
  // A reshape keeps the row-major order of the elements.
  llvm::Expected<std::optional<std::string>> problem = reshapeProblem(a, b);
  if (!problem)
    return problem.takeError();
  if (*problem)
    os << "reshape: not free: " << **problem << "\n";
  else
    os << "reshape: free (tlayout.reshape keeps every element in place)\n";
  // A transpose: the second shape is the first permuted.
  if (shapeA.size() != shapeB.size() || shapeA.size() > 8)
    return llvm::Error::success();
  llvm::SmallVector<int64_t, 4> perm(shapeA.size());
  std::iota(perm.begin(), perm.end(), 0);
  bool permutes = false;
  do {
    bool matches = true;
    for (size_t k = 0; k < perm.size(); ++k)
      matches &= shapeB[k] == shapeA[perm[k]];
    if (!matches)
      continue;
    permutes = true;
    llvm::Expected<PlacementComparison> result =
        comparePlacement(*a.indexing, *b.indexing, perm);
    if (!result)
      return makeError("--compare: " + llvm::toString(result.takeError()));
    if (result->same) {
      os << "transpose: free with permutation " << indexText(perm)
         << " (dimension k of the second is dimension permutation[k] of "
            "the first)\n";
      return llvm::Error::success();
    }
  } while (std::next_permutation(perm.begin(), perm.end()));
  if (permutes)
    os << "transpose: not free: no permutation places every element of the "
          "second where the first does\n";
  return llvm::Error::success();
}
