//===- Layout.cpp - C API for tlayout's layouts ---------------------------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// Thin adapters: every answer comes from the layout core (BufferIndexing,
// LayoutAnalysis, DimsLayout) or from the dialect's verifiers; this file
// only converts between C values and the core's, and turns errors and
// diagnostics into the caller's error callback.
//
//===----------------------------------------------------------------------===//

#include "tlayout-c/Layout.h"

#include "tlayout/Core/BufferIndexing.h"
#include "tlayout/Core/DimsLayout.h"
#include "tlayout/Core/LayoutAnalysis.h"
#include "tlayout/Dialect/TLayout/IR/MemRefLayout.h"
#include "tlayout/Dialect/TLayout/IR/TLayoutAttrs.h"
#include "tlayout/Dialect/TLayout/IR/TLayoutDialect.h"
#include "tlayout/Dialect/TLayout/IR/TLayoutOps.h"
#include "tlayout/Target/TPU/IR/TpuAttrs.h"
#include "tlayout/Target/TPU/IR/TpuDialect.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/OwningOpRef.h"

#include <optional>
#include <string>

using namespace mlir;
using namespace mlir::tlayout;

namespace {

/// The caller's error callback.
struct ErrorSink {
  MlirStringCallback callback;
  void *userData;

  void report(const llvm::Twine &message) const {
    if (!callback)
      return;
    std::string text = message.str();
    callback(mlirStringRefCreate(text.data(), text.size()), userData);
  }
  MlirLogicalResult fail(const llvm::Twine &message) const {
    report(message);
    return mlirLogicalResultFailure();
  }
  MlirLogicalResult fail(llvm::Error error) const {
    return fail(llvm::toString(std::move(error)));
  }
};

/// Collects the error diagnostics raised on a context while it lives,
/// instead of letting them reach the context's handlers.
class CapturedDiagnostics {
public:
  explicit CapturedDiagnostics(MLIRContext *context)
      : handler(context, [this](Diagnostic &diag) {
          if (diag.getSeverity() == DiagnosticSeverity::Error) {
            if (!messages.empty())
              messages += "; ";
            messages += diag.str();
          }
          return success();
        }) {}
  const std::string &str() const { return messages; }

private:
  std::string messages;
  ScopedDiagnosticHandler handler;
};

/// The memref type a query reads, or an error.
FailureOr<MemRefType> getMemRef(MlirType type, const ErrorSink &sink) {
  if (mlirTypeIsNull(type)) {
    sink.report("expected a memref type, got a null type");
    return failure();
  }
  auto memref = dyn_cast<MemRefType>(unwrap(type));
  if (!memref) {
    std::string text;
    llvm::raw_string_ostream os(text);
    os << "expected a memref type, got " << unwrap(type);
    sink.report(text);
    return failure();
  }
  return memref;
}

/// The answer to a query on two memrefs: each is checked as getMemRef does
/// (the first one's error when both are wrong), then `answer` reads them.
MlirLogicalResult answerPairQuery(
    MlirType first, MlirType second, const ErrorSink &sink,
    llvm::function_ref<MlirLogicalResult(MemRefType, MemRefType)> answer) {
  MemRefType types[2];
  MlirType given[] = {first, second};
  for (auto [index, type] : llvm::enumerate(given)) {
    FailureOr<MemRefType> memref = getMemRef(type, sink);
    if (failed(memref))
      return mlirLogicalResultFailure();
    types[index] = *memref;
  }
  return answer(types[0], types[1]);
}

/// The buffer indexing of a memref with a static shape: its tlayout layout,
/// or row-major for the identity layout.
FailureOr<BufferIndexing> compileQuery(MemRefType type, const ErrorSink &sink) {
  std::string text;
  llvm::raw_string_ostream os(text);
  if (!type.hasStaticShape()) {
    os << "expected a static shape, got " << type;
    sink.report(text);
    return failure();
  }
  LayoutAttrInterface layout = getLayoutAttr(type);
  if (!layout) {
    if (!type.getLayout().isIdentity()) {
      os << "expected a #tlayout.tiled, #tlayout.dims or identity layout, got "
         << type;
      sink.report(text);
      return failure();
    }
    llvm::Expected<BufferIndexing> rowMajor = compileMemRefIndexing(type);
    if (!rowMajor) {
      sink.fail(rowMajor.takeError());
      return failure();
    }
    return std::move(*rowMajor);
  }
  if (layout.isView()) {
    os << "expected a memref that is not a view, got " << type;
    sink.report(text);
    return failure();
  }
  CapturedDiagnostics diagnostics(type.getContext());
  FailureOr<BufferIndexing> indexing = compileMemRefLayout(
      type, [&] { return emitError(UnknownLoc::get(type.getContext())); });
  if (failed(indexing))
    sink.report(diagnostics.str());
  return indexing;
}

/// The answer to a query on one memref: `memref` is checked as getMemRef
/// does, then the query's own arguments (`checkArguments`, which may be
/// null), then its layout is compiled as compileQuery does, and `answer`
/// reads the memref type and its indexing. Every error reaches `sink`.
MlirLogicalResult answerQuery(
    MlirType memref, const ErrorSink &sink,
    llvm::function_ref<MlirLogicalResult(MemRefType)> checkArguments,
    llvm::function_ref<MlirLogicalResult(MemRefType, const BufferIndexing &)>
        answer) {
  FailureOr<MemRefType> type = getMemRef(memref, sink);
  if (failed(type))
    return mlirLogicalResultFailure();
  if (checkArguments && mlirLogicalResultIsFailure(checkArguments(*type)))
    return mlirLogicalResultFailure();
  FailureOr<BufferIndexing> indexing = compileQuery(*type, sink);
  if (failed(indexing))
    return mlirLogicalResultFailure();
  return answer(*type, *indexing);
}

/// The layout of a `#tlayout.tiled` attribute, or nothing for a null
/// attribute or an attribute of another kind.
std::optional<TiledLayout> tiledOf(MlirAttribute attr) {
  if (mlirAttributeIsNull(attr))
    return std::nullopt;
  auto tiled = dyn_cast<TiledLayoutAttr>(unwrap(attr));
  if (!tiled)
    return std::nullopt;
  return tiled.getLayout();
}

/// The argument check (answerQuery's `checkArguments`) of a query that
/// takes the caller's index array of `rank` entries (`what`, as in "an
/// index"): the array must fit the memref's rank.
auto checkIndexRank(intptr_t rank, llvm::StringRef what,
                    const ErrorSink &sink) {
  return [rank, what, &sink](MemRefType type) {
    if (rank != type.getRank())
      return sink.fail("expected " + what + " of " +
                       llvm::Twine(type.getRank()) + " entries, got " +
                       llvm::Twine(rank));
    return mlirLogicalResultSuccess();
  };
}

/// Whether `pos` indexes a sequence of `size` entries.
bool inRange(intptr_t pos, size_t size) {
  return pos >= 0 && static_cast<size_t>(pos) < size;
}

} // namespace

//===----------------------------------------------------------------------===//
// #tlayout.tiled
//===----------------------------------------------------------------------===//

MlirAttribute tlayoutTiledLayoutAttrGet(MlirContext ctx, MlirStringRef xlaText,
                                        MlirStringCallback onError,
                                        void *userData) {
  ErrorSink sink{onError, userData};
  llvm::StringRef text = unwrap(xlaText);
  llvm::Expected<TiledLayout> layout = TiledLayout::parse(text);
  if (!layout) {
    sink.fail(layout.takeError());
    return MlirAttribute{nullptr};
  }
  if (layout->memorySpace != 0) {
    sink.report("the memory space S(" + llvm::Twine(layout->memorySpace) +
                ") belongs on the memref, not in its layout: use "
                "#tlayout.memory_space<" +
                llvm::Twine(layout->memorySpace) + ">");
    return MlirAttribute{nullptr};
  }
  MLIRContext *context = unwrap(ctx);
  context->getOrLoadDialect<TLayoutDialect>();
  CapturedDiagnostics diagnostics(context);
  TiledLayoutAttr attr = TiledLayoutAttr::getChecked(
      [&] { return emitError(UnknownLoc::get(context)); }, context, *layout);
  if (!attr) {
    sink.report(diagnostics.str());
    return MlirAttribute{nullptr};
  }
  return wrap(Attribute(attr));
}

bool tlayoutAttributeIsATiledLayout(MlirAttribute attr) {
  return !mlirAttributeIsNull(attr) && isa<TiledLayoutAttr>(unwrap(attr));
}

intptr_t tlayoutTiledLayoutAttrGetRank(MlirAttribute attr) {
  std::optional<TiledLayout> layout = tiledOf(attr);
  return layout ? static_cast<intptr_t>(layout->getRank()) : -1;
}

int64_t tlayoutTiledLayoutAttrGetMinorToMajor(MlirAttribute attr,
                                              intptr_t pos) {
  std::optional<TiledLayout> layout = tiledOf(attr);
  if (!layout || !inRange(pos, layout->minorToMajor.size()))
    return -1;
  return layout->minorToMajor[pos];
}

intptr_t tlayoutTiledLayoutAttrGetNumTiles(MlirAttribute attr) {
  std::optional<TiledLayout> layout = tiledOf(attr);
  return layout ? static_cast<intptr_t>(layout->tiles.size()) : -1;
}

intptr_t tlayoutTiledLayoutAttrGetTileRank(MlirAttribute attr, intptr_t tile) {
  std::optional<TiledLayout> layout = tiledOf(attr);
  if (!layout || !inRange(tile, layout->tiles.size()))
    return -1;
  return layout->tiles[tile].dims.size();
}

int64_t tlayoutTiledLayoutAttrGetTileSize(MlirAttribute attr, intptr_t tile,
                                          intptr_t pos) {
  static_assert(TLAYOUT_TILE_COMBINE == Tile::kCombine,
                "the C API's combine marker is the core's");
  std::optional<TiledLayout> layout = tiledOf(attr);
  if (!layout || !inRange(tile, layout->tiles.size()) ||
      !inRange(pos, layout->tiles[tile].dims.size()))
    return -1;
  return layout->tiles[tile].dims[pos];
}

int64_t tlayoutTiledLayoutAttrGetTailPaddingAlignment(MlirAttribute attr) {
  std::optional<TiledLayout> layout = tiledOf(attr);
  return layout ? layout->tailPaddingAlignment : -1;
}

int64_t tlayoutTiledLayoutAttrGetElementSizeInBits(MlirAttribute attr) {
  std::optional<TiledLayout> layout = tiledOf(attr);
  return layout ? layout->elementSizeInBits : -1;
}

void tlayoutTiledLayoutAttrPrintXla(MlirAttribute attr,
                                    MlirStringCallback callback,
                                    void *userData) {
  std::optional<TiledLayout> layout = tiledOf(attr);
  if (!layout || !callback)
    return;
  std::string text = layout->str();
  callback(mlirStringRefCreate(text.data(), text.size()), userData);
}

//===----------------------------------------------------------------------===//
// Memory spaces
//===----------------------------------------------------------------------===//

MlirAttribute tlayoutMemorySpaceAttrGet(MlirContext ctx, int64_t number,
                                        MlirStringCallback onError,
                                        void *userData) {
  MLIRContext *context = unwrap(ctx);
  context->getOrLoadDialect<TLayoutDialect>();
  CapturedDiagnostics diagnostics(context);
  auto attr = MemorySpaceAttr::getChecked(
      [&] { return emitError(UnknownLoc::get(context)); }, context, number);
  if (!attr) {
    ErrorSink{onError, userData}.report(diagnostics.str());
    return MlirAttribute{nullptr};
  }
  return wrap(Attribute(attr));
}

bool tlayoutAttributeIsAMemorySpace(MlirAttribute attr) {
  return !mlirAttributeIsNull(attr) && isa<MemorySpaceAttr>(unwrap(attr));
}

MlirAttribute tlayoutTpuMemorySpaceAttrGet(MlirContext ctx, MlirStringRef name,
                                           MlirStringCallback onError,
                                           void *userData) {
  std::optional<int64_t> number = tpu::getMemorySpaceNumber(unwrap(name));
  if (!number) {
    std::string names;
    for (const auto &space : tpu::getNamedMemorySpaces())
      names += (names.empty() ? "" : ", ") + space.name.str();
    ErrorSink{onError, userData}.report("unknown TPU memory space '" +
                                        unwrap(name) + "'; expected one of " +
                                        names);
    return MlirAttribute{nullptr};
  }
  MLIRContext *context = unwrap(ctx);
  context->getOrLoadDialect<tpu::TLayoutTpuDialect>();
  return wrap(Attribute(tpu::MemorySpaceAttr::get(context, *number)));
}

bool tlayoutAttributeIsATpuMemorySpace(MlirAttribute attr) {
  return !mlirAttributeIsNull(attr) && isa<tpu::MemorySpaceAttr>(unwrap(attr));
}

int64_t tlayoutMemorySpaceGetNumber(MlirAttribute attr) {
  if (mlirAttributeIsNull(attr))
    return -1;
  if (auto space = dyn_cast<MemorySpaceAttrInterface>(unwrap(attr)))
    return space.getMemorySpaceNumber();
  return -1;
}

//===----------------------------------------------------------------------===//
// Queries
//===----------------------------------------------------------------------===//

MlirLogicalResult tlayoutMemRefGetFootprint(MlirType memref,
                                            TLayoutFootprint *result,
                                            MlirStringCallback onError,
                                            void *userData) {
  ErrorSink sink{onError, userData};
  return answerQuery(
      memref, sink, nullptr,
      [&](MemRefType type, const BufferIndexing &indexing) {
        Footprint footprint =
            getFootprint(indexing, getStoredElementBits(type));
        std::optional<int64_t> logical =
            footprint.logicalElements.getConstant();
        std::optional<int64_t> physical =
            footprint.physicalElements.getConstant();
        std::optional<int64_t> logicalBytes =
            footprint.logicalBytes.getConstant();
        std::optional<int64_t> physicalBytes =
            footprint.physicalBytes.getConstant();
        // The shape is static, so every size folds to a constant unless its
        // overflow-checked arithmetic overflowed.
        if (!logical || !physical || !logicalBytes || !physicalBytes) {
          std::string text;
          llvm::raw_string_ostream os(text);
          os << "the footprint of '" << type << "' overflows int64 ("
             << (!logical || !physical ? "elements" : "bytes") << ")";
          return sink.fail(text);
        }
        *result = {*logical, *physical, *logicalBytes, *physicalBytes,
                   *physicalBytes - *logicalBytes};
        return mlirLogicalResultSuccess();
      });
}

MlirLogicalResult tlayoutMemRefGetOffset(MlirType memref, intptr_t rank,
                                         const int64_t *index, int64_t *offset,
                                         MlirStringCallback onError,
                                         void *userData) {
  ErrorSink sink{onError, userData};
  return answerQuery(memref, sink, checkIndexRank(rank, "an index", sink),
                     [&](MemRefType, const BufferIndexing &indexing) {
                       llvm::Expected<int64_t> result = indexing.offsetOf(
                           llvm::ArrayRef<int64_t>(index, rank));
                       if (!result)
                         return sink.fail(result.takeError());
                       *offset = *result;
                       return mlirLogicalResultSuccess();
                     });
}

MlirLogicalResult tlayoutMemRefGetIndexAt(MlirType memref, int64_t offset,
                                          intptr_t rank, int64_t *index,
                                          bool *isPadding,
                                          MlirStringCallback onError,
                                          void *userData) {
  ErrorSink sink{onError, userData};
  return answerQuery(memref, sink,
                     checkIndexRank(rank, "room for an index", sink),
                     [&](MemRefType, const BufferIndexing &indexing) {
                       auto result = indexing.indexAt(offset);
                       if (!result)
                         return sink.fail(result.takeError());
                       *isPadding = !result->has_value();
                       if (result->has_value())
                         llvm::copy(**result, index);
                       return mlirLogicalResultSuccess();
                     });
}

/// Checks that `dim` is a dimension of `type`.
static MlirLogicalResult checkDim(MemRefType type, intptr_t dim,
                                  const ErrorSink &sink) {
  if (dim < 0 || dim >= type.getRank())
    return sink.fail("dimension " + llvm::Twine(dim) + " is out of range for " +
                     llvm::Twine(type.getRank()) + " dimensions");
  return mlirLogicalResultSuccess();
}

MlirLogicalResult tlayoutMemRefGetContiguousRun(MlirType memref, intptr_t dim,
                                                int64_t *length,
                                                MlirStringCallback onError,
                                                void *userData) {
  ErrorSink sink{onError, userData};
  return answerQuery(
      memref, sink, [&](MemRefType type) { return checkDim(type, dim, sink); },
      [&](MemRefType, const BufferIndexing &indexing) {
        Contiguity run = getContiguity(indexing)[dim];
        if (run.wholeDimension) {
          *length = TLAYOUT_UNBOUNDED;
          return mlirLogicalResultSuccess();
        }
        std::optional<int64_t> constant = run.length.getConstant();
        if (!constant)
          return sink.fail(
              "the run length of a static shape is not a constant");
        *length = *constant;
        return mlirLogicalResultSuccess();
      });
}

MlirLogicalResult tlayoutMemRefGetWidestVector(MlirType memref, intptr_t dim,
                                               int64_t alignment,
                                               int64_t *width,
                                               MlirStringCallback onError,
                                               void *userData) {
  ErrorSink sink{onError, userData};
  static_assert(TLAYOUT_UNBOUNDED == kUnboundedWidth,
                "the C API's unbounded width is the core's");
  return answerQuery(
      memref, sink,
      [&](MemRefType type) {
        if (mlirLogicalResultIsFailure(checkDim(type, dim, sink)))
          return mlirLogicalResultFailure();
        if (alignment < 1)
          return sink.fail("expected a positive alignment, got " +
                           llvm::Twine(alignment));
        return mlirLogicalResultSuccess();
      },
      [&](MemRefType, const BufferIndexing &indexing) {
        *width = getWidestVector(indexing, dim, alignment);
        return mlirLogicalResultSuccess();
      });
}

MlirLogicalResult
tlayoutMemRefComparePlacement(MlirType a, MlirType b,
                              const int64_t *permutation, bool *same,
                              int64_t *firstDifference, bool *hasDifference,
                              MlirStringCallback onError, void *userData) {
  ErrorSink sink{onError, userData};
  return answerPairQuery(a, b, sink, [&](MemRefType typeA, MemRefType typeB) {
    FailureOr<BufferIndexing> indexingA = compileQuery(typeA, sink);
    if (failed(indexingA))
      return mlirLogicalResultFailure();
    FailureOr<BufferIndexing> indexingB = compileQuery(typeB, sink);
    if (failed(indexingB))
      return mlirLogicalResultFailure();
    if (getStoredElementBits(typeA) != getStoredElementBits(typeB))
      return sink.fail("the elements take " +
                       llvm::Twine(getStoredElementBits(typeA)) + " and " +
                       llvm::Twine(getStoredElementBits(typeB)) +
                       " bits: placements compare elements of one size");
    llvm::ArrayRef<int64_t> perm;
    if (permutation)
      perm = llvm::ArrayRef<int64_t>(permutation, typeA.getRank());
    llvm::Expected<PlacementComparison> result =
        comparePlacement(*indexingA, *indexingB, perm);
    if (!result)
      return sink.fail(result.takeError());
    *same = result->same;
    if (hasDifference)
      *hasDifference = result->firstDifference.has_value();
    if (firstDifference && result->firstDifference)
      llvm::copy(*result->firstDifference, firstDifference);
    return mlirLogicalResultSuccess();
  });
}

MlirLogicalResult
tlayoutMemRefIsFreeReshape(MlirType source, MlirType result, bool *isFree,
                           MlirStringCallback why, void *whyUserData,
                           MlirStringCallback onError, void *userData) {
  ErrorSink sink{onError, userData};
  return answerPairQuery(
      source, result, sink, [&](MemRefType from, MemRefType to) {
        // The reshape verifier is the proof: build the op on a placeholder
        // value in a scratch module and verify it.
        MLIRContext *context = from.getContext();
        context->getOrLoadDialect<TLayoutDialect>();
        Location loc = UnknownLoc::get(context);
        OwningOpRef<ModuleOp> scratch = ModuleOp::create(loc);
        OpBuilder builder = OpBuilder::atBlockEnd(scratch->getBody());
        Value placeholder = UnrealizedConversionCastOp::create(
                                builder, loc, TypeRange{from}, ValueRange{})
                                .getResult(0);
        auto reshape = ReshapeOp::create(builder, loc, to, placeholder);
        CapturedDiagnostics diagnostics(context);
        *isFree = succeeded(reshape.verify());
        if (!*isFree)
          ErrorSink{why, whyUserData}.report(diagnostics.str());
        return mlirLogicalResultSuccess();
      });
}

MlirLogicalResult tlayoutMemRefPrintNormalForm(MlirType memref,
                                               MlirStringCallback callback,
                                               void *callbackUserData,
                                               MlirStringCallback onError,
                                               void *userData) {
  ErrorSink sink{onError, userData};
  // The layout is compiled first: only a layout the queries accept has a
  // normal form.
  return answerQuery(
      memref, sink, nullptr, [&](MemRefType type, const BufferIndexing &) {
        std::string text = "none";
        std::optional<llvm::SmallVector<DimsLayoutEntry, 4>> dims;
        LayoutAttrInterface layout = getLayoutAttr(type);
        if (auto physical = dyn_cast_or_null<DimsLayoutAttr>(layout))
          dims = llvm::SmallVector<DimsLayoutEntry, 4>(physical.getDims());
        else if (auto tiled = dyn_cast_or_null<TiledLayoutAttr>(layout))
          dims = toPhysDims(tiled.getLayout(), type.getShape());
        else
          dims = rowMajorDims(type.getRank());
        if (dims) {
          llvm::Expected<std::string> normal =
              printCanonicalDimsAttr(*dims, type.getShape());
          if (!normal)
            return sink.fail(normal.takeError());
          text = std::move(*normal);
        }
        ErrorSink{callback, callbackUserData}.report(text);
        return mlirLogicalResultSuccess();
      });
}
