//===- TiledLayoutAttrStorage.h - The storage of #tlayout.tiled -*- C++ -*-===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// The storage of #tlayout.tiled (private to the dialect's IR library),
// written by hand rather than generated so that it can keep, beside the
// parameters, the layout compiled for each shape it is asked for.
//
//===----------------------------------------------------------------------===//

#ifndef TLAYOUT_LIB_DIALECT_TLAYOUT_IR_TILEDLAYOUTATTRSTORAGE_H
#define TLAYOUT_LIB_DIALECT_TLAYOUT_IR_TILEDLAYOUTATTRSTORAGE_H

#include "tlayout/Core/BufferIndexing.h"
#include "tlayout/Core/TiledLayout.h"

#include "mlir/IR/AttributeSupport.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Mutex.h"

#include <tuple>

namespace mlir::tlayout::detail {

/// The parameters of a #tlayout.tiled (the core's layout, hashed and
/// compared as the core does, and the view and bound sizes), and the layout
/// compiled for each shape TiledLayoutAttr::compile was asked for without an
/// element size: the verifier of every memref type of the layout, and each
/// pass that asks again, then copies the compiled indexing instead of
/// compiling it. The cache is shared by the threads of one context.
struct TiledLayoutAttrStorage : public AttributeStorage {
  using KeyTy = std::tuple<TiledLayout, ArrayRef<int64_t>, ArrayRef<int64_t>,
                           ArrayRef<int64_t>>;

  TiledLayoutAttrStorage(TiledLayout layout, ArrayRef<int64_t> parentShape,
                         ArrayRef<int64_t> offsets, ArrayRef<int64_t> sizes)
      : layout(std::move(layout)), parentShape(parentShape), offsets(offsets),
        sizes(sizes) {}

  KeyTy getAsKey() const { return KeyTy(layout, parentShape, offsets, sizes); }

  bool operator==(const KeyTy &key) const {
    return layout == std::get<0>(key) && parentShape == std::get<1>(key) &&
           offsets == std::get<2>(key) && sizes == std::get<3>(key);
  }

  static llvm::hash_code hashKey(const KeyTy &key) {
    return llvm::hash_combine(std::get<0>(key), std::get<1>(key),
                              std::get<2>(key), std::get<3>(key));
  }

  static TiledLayoutAttrStorage *construct(AttributeStorageAllocator &allocator,
                                           KeyTy &&key) {
    return new (allocator.allocate<TiledLayoutAttrStorage>())
        TiledLayoutAttrStorage(std::move(std::get<0>(key)),
                               allocator.copyInto(std::get<1>(key)),
                               allocator.copyInto(std::get<2>(key)),
                               allocator.copyInto(std::get<3>(key)));
  }

  /// The layout compiled for `shape` (no element size), compiled on the
  /// first request and copied from the cache on the next ones; an error is
  /// not cached.
  llvm::Expected<BufferIndexing> compile(ArrayRef<int64_t> shape) const {
    llvm::StringRef key(reinterpret_cast<const char *>(shape.data()),
                        shape.size() * sizeof(int64_t));
    {
      llvm::sys::SmartScopedLock<true> lock(mutex);
      auto it = compiled.find(key);
      if (it != compiled.end())
        return it->second;
    }
    llvm::Expected<BufferIndexing> indexing =
        BufferIndexing::compile(layout, shape, 0);
    if (indexing) {
      llvm::sys::SmartScopedLock<true> lock(mutex);
      compiled.try_emplace(key, *indexing);
    }
    return indexing;
  }

  TiledLayout layout;
  ArrayRef<int64_t> parentShape;
  ArrayRef<int64_t> offsets;
  ArrayRef<int64_t> sizes;

private:
  mutable llvm::sys::SmartMutex<true> mutex;
  /// The compiled layouts by shape (the bytes of its sizes).
  mutable llvm::StringMap<BufferIndexing> compiled;
};

} // namespace mlir::tlayout::detail

#endif // TLAYOUT_LIB_DIALECT_TLAYOUT_IR_TILEDLAYOUTATTRSTORAGE_H
