//===- Reference.h - Brute-force tiling for tests ---------------*- C++ -*-===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// A direct transcription of the documented tiling semantics (pad, reshape,
// transpose; `*` combines; tiles longer than the shape add leading unit
// dimensions), applied to one concrete index at a time. It shares no code
// with the normal form, so tests compare the two.
//
//===----------------------------------------------------------------------===//

#ifndef TLAYOUT_UNITTESTS_CORE_REFERENCE_H
#define TLAYOUT_UNITTESTS_CORE_REFERENCE_H

#include "tlayout/Core/TiledLayout.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <vector>

namespace mlir::tlayout::reference {

/// The physical index vector and its bounds after each step.
struct Placement {
  std::vector<int64_t> index;
  std::vector<int64_t> bounds;
  /// Bounds before tiling and after each tile level.
  std::vector<std::vector<int64_t>> levelBounds;
};

inline Placement place(const TiledLayout &layout,
                       const std::vector<int64_t> &shape,
                       const std::vector<int64_t> &element) {
  Placement p;
  int rank = static_cast<int>(shape.size());
  for (int i = rank - 1; i >= 0; --i) {
    int64_t dim = layout.minorToMajor[i];
    p.index.push_back(element[dim]);
    p.bounds.push_back(shape[dim]);
  }
  p.levelBounds.push_back(p.bounds);
  for (const Tile &tile : layout.tiles) {
    size_t k = tile.dims.size();
    while (p.index.size() < k) {
      p.index.insert(p.index.begin(), 0);
      p.bounds.insert(p.bounds.begin(), 1);
    }
    size_t base = p.index.size() - k;
    std::vector<int64_t> outerIdx, outerBnd, innerIdx, innerBnd;
    int64_t value = 0, bound = 1;
    for (size_t i = 0; i < k; ++i) {
      value = value * p.bounds[base + i] + p.index[base + i];
      bound = bound * p.bounds[base + i];
      if (tile.dims[i] == Tile::kCombine)
        continue;
      int64_t t = tile.dims[i];
      outerIdx.push_back(value / t);
      outerBnd.push_back((bound + t - 1) / t);
      innerIdx.push_back(value % t);
      innerBnd.push_back(t);
      value = 0;
      bound = 1;
    }
    p.index.resize(base);
    p.bounds.resize(base);
    p.index.insert(p.index.end(), outerIdx.begin(), outerIdx.end());
    p.index.insert(p.index.end(), innerIdx.begin(), innerIdx.end());
    p.bounds.insert(p.bounds.end(), outerBnd.begin(), outerBnd.end());
    p.bounds.insert(p.bounds.end(), innerBnd.begin(), innerBnd.end());
    p.levelBounds.push_back(p.bounds);
  }
  return p;
}

/// Row-major linearization of an index within bounds.
inline int64_t linearize(const std::vector<int64_t> &index,
                         const std::vector<int64_t> &bounds) {
  int64_t offset = 0;
  for (size_t i = 0; i < index.size(); ++i)
    offset = offset * bounds[i] + index[i];
  return offset;
}

/// The linear offset of `element`.
inline int64_t offsetOf(const TiledLayout &layout,
                        const std::vector<int64_t> &shape,
                        const std::vector<int64_t> &element) {
  Placement p = place(layout, shape, element);
  return linearize(p.index, p.bounds);
}

/// Physical element count, with tail padding.
inline int64_t physicalSize(const TiledLayout &layout,
                            const std::vector<int64_t> &shape) {
  Placement p = place(layout, shape, std::vector<int64_t>(shape.size(), 0));
  int64_t total = 1;
  for (int64_t b : p.bounds)
    total *= b;
  int64_t l = layout.tailPaddingAlignment;
  return (total + l - 1) / l * l;
}

/// Calls `fn` with every index of `shape`, in row-major order.
inline void
forEachIndex(const std::vector<int64_t> &shape,
             llvm::function_ref<void(const std::vector<int64_t> &)> fn) {
  std::vector<int64_t> index(shape.size(), 0);
  while (true) {
    fn(index);
    size_t i = shape.size();
    while (i > 0) {
      --i;
      if (++index[i] < shape[i])
        break;
      index[i] = 0;
      if (i == 0)
        return;
    }
    if (shape.empty())
      return;
  }
}

/// Every index of `shape`, in row-major order.
inline std::vector<std::vector<int64_t>>
allIndices(llvm::ArrayRef<int64_t> shape) {
  std::vector<std::vector<int64_t>> result;
  forEachIndex(
      std::vector<int64_t>(shape.begin(), shape.end()),
      [&](const std::vector<int64_t> &index) { result.push_back(index); });
  return result;
}

} // namespace mlir::tlayout::reference

#endif // TLAYOUT_UNITTESTS_CORE_REFERENCE_H
