//===- layout-parser-fuzzer.cpp - Fuzz the XLA layout and shape parsers ---===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// Feeds arbitrary text to TiledLayout::parse and XlaShape::parse. Whatever
// parses must print and parse back to the same value; whatever verifies
// against a small shape must compile, and its forward and inverse maps must
// agree on every element. Any violation aborts, which libFuzzer reports.
//
//===----------------------------------------------------------------------===//

#include "tlayout/Core/BufferIndexing.h"
#include "tlayout/Format/XlaShape.h"

#include <cstdlib>

using namespace mlir::tlayout;

#define check(condition) checkImpl(condition, #condition, __LINE__)

static void checkImpl(bool condition, const char *what, int line) {
  if (!condition) {
    llvm::errs() << "layout-parser-fuzzer:" << line << ": failed: " << what
                 << "\n";
    std::abort();
  }
}

/// Forward and inverse maps agree on every element of a small shape.
static void checkMaps(const TiledLayout &layout,
                      llvm::ArrayRef<int64_t> shape) {
  llvm::Expected<BufferIndexing> indexing =
      BufferIndexing::compile(layout, shape);
  check(static_cast<bool>(indexing));
  std::optional<int64_t> total = indexing->getNumElements().getConstant();
  check(total.has_value());
  if (*total > (1 << 14))
    return;
  int64_t logical = 1;
  for (int64_t s : shape)
    logical *= s;
  std::vector<bool> used(*total, false);
  llvm::SmallVector<int64_t, 4> index(shape.size(), 0);
  for (int64_t n = 0; n < logical; ++n) {
    int64_t rest = n;
    for (size_t i = shape.size(); i-- > 0;) {
      index[i] = rest % shape[i];
      rest /= shape[i];
    }
    llvm::Expected<int64_t> offset = indexing->offsetOf(index);
    check(static_cast<bool>(offset));
    check(*offset >= 0 && *offset < *total && !used[*offset]);
    used[*offset] = true;
    auto back = indexing->indexAt(*offset);
    check(static_cast<bool>(back) && back->has_value() &&
          llvm::ArrayRef<int64_t>(**back) == llvm::ArrayRef<int64_t>(index));
  }
  for (int64_t o = 0; o < *total; ++o) {
    auto back = indexing->indexAt(o);
    check(static_cast<bool>(back));
    check(back->has_value() == used[o]);
  }
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  llvm::StringRef text(reinterpret_cast<const char *>(data), size);
  llvm::Expected<TiledLayout> layout = TiledLayout::parse(text);
  if (layout) {
    llvm::Expected<TiledLayout> again = TiledLayout::parse(layout->str());
    check(static_cast<bool>(again) && *again == *layout);
    // A small shape derived from the input.
    llvm::SmallVector<int64_t, 4> shape;
    for (unsigned i = 0; i < layout->getRank(); ++i)
      shape.push_back(1 + data[i % size] % 5);
    if (layout->getRank() <= 4) {
      if (llvm::Error err = layout->verify(shape))
        llvm::consumeError(std::move(err));
      else
        checkMaps(*layout, shape);
    }
  } else {
    llvm::consumeError(layout.takeError());
  }
  llvm::Expected<XlaShape> shape = XlaShape::parse(text);
  if (shape) {
    llvm::Expected<XlaShape> again = XlaShape::parse(shape->str());
    check(static_cast<bool>(again) && again->str() == shape->str());
  } else {
    llvm::consumeError(shape.takeError());
  }
  return 0;
}
