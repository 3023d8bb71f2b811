//===- attr-parser-fuzzer.cpp - Fuzz #tlayout attributes via MLIR ---------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// Parses `memref<SHAPE, #tlayout.tiled<INPUT>>` (and the input as a whole
// type) through MLIR's parser. Errors must be diagnostics, never crashes; a
// type that parses must print and parse back to the same type, and its
// layout's affine map and strides must be computable.
//
//===----------------------------------------------------------------------===//

#include "tlayout/Dialect/TLayout/IR/TLayoutAttrs.h"
#include "tlayout/Dialect/TLayout/IR/TLayoutDialect.h"

#include "FuzzContext.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/MLIRContext.h"

#include <cstdlib>

using namespace mlir;

static void checkType(MLIRContext &context, llvm::StringRef text) {
  size_t numRead = 0;
  Type type = parseType(text, &context, &numRead);
  if (!type || numRead != text.size())
    return;
  std::string printed;
  llvm::raw_string_ostream os(printed);
  type.print(os);
  Type again = parseType(printed, &context);
  if (again != type)
    std::abort();
  if (auto memref = dyn_cast<MemRefType>(type)) {
    (void)memref.getLayout().getAffineMap();
    SmallVector<int64_t> strides;
    int64_t offset;
    (void)memref.getLayout().getStridesAndOffset(memref.getShape(), strides,
                                                 offset);
  }
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  MLIRContext &context = ::mlir::tlayout::fuzz::getRunContext<>();
  llvm::StringRef text(reinterpret_cast<const char *>(data), size);
  static const char *shapes[] = {"3x5xf32",  "8x128xbf16", "?x256xf32",
                                 "2x7x8xi8", "f32",        "0x4xi4"};
  const char *shape = shapes[size ? data[0] % 6 : 0];
  // A list is a #tlayout.dims layout, anything else XLA text.
  const char *wrapper =
      text.ltrim().starts_with("[") ? ", #tlayout.dims<" : ", #tlayout.tiled<";
  checkType(context,
            (llvm::Twine("memref<") + shape + wrapper + text + ">>").str());
  if (text.contains("tlayout"))
    checkType(context, text);
  return 0;
}
