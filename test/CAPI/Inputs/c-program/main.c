/*===- main.c - tlayout through its C API, from C -------------------------===*\
|*                                                                            *|
|* Part of the tlayout project.                                               *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/
/*
 * Loads the dialects, parses a module with a tiled memref, lowers it with
 * `lower-tiled-layouts` through the pass manager and prints it, lowers it
 * again all the way to the LLVM dialect (`tlayout-lower-to-llvm`); then asks
 * the layout queries and checks each answer against a value computed by
 * hand from XLA's tiling rules. Every failed check prints FAIL and makes
 * the exit status non-zero.
 */

#include "tlayout-c/Dialects.h"
#include "tlayout-c/Layout.h"
#include "tlayout-c/Passes.h"

#include "mlir-c/Dialect/Affine.h"
#include "mlir-c/Dialect/Arith.h"
#include "mlir-c/Dialect/Func.h"
#include "mlir-c/Dialect/MemRef.h"
#include "mlir-c/Dialect/SCF.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Diagnostics.h"
#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

static int failures = 0;

#define EXPECT(cond)                                                           \
  do {                                                                         \
    if (!(cond)) {                                                             \
      printf("FAIL line %d: %s\n", __LINE__, #cond);                           \
      ++failures;                                                              \
    }                                                                          \
  } while (0)

static void printToStdout(MlirStringRef text, void *userData) {
  (void)userData;
  fwrite(text.data, 1, text.length, stdout);
}

/* Keeps the last message an error callback delivered. */
static char lastError[1024];
static void keepError(MlirStringRef text, void *userData) {
  (void)userData;
  size_t n = text.length < sizeof(lastError) - 1 ? text.length
                                                 : sizeof(lastError) - 1;
  memcpy(lastError, text.data, n);
  lastError[n] = '\0';
}

static MlirType parseType(MlirContext ctx, const char *text) {
  MlirType type = mlirTypeParseGet(ctx, mlirStringRefCreateFromCString(text));
  if (mlirTypeIsNull(type)) {
    printf("FAIL: cannot parse %s\n", text);
    ++failures;
  }
  return type;
}

static const char *kModule =
    "func.func @get(%m: memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>,\n"
    "               %i: index, %j: index) -> f32 {\n"
    "  %v = memref.load %m[%i, %j]\n"
    "      : memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>\n"
    "  return %v : f32\n"
    "}\n";

static void lower(MlirContext ctx) {
  MlirModule module =
      mlirModuleCreateParse(ctx, mlirStringRefCreateFromCString(kModule));
  EXPECT(!mlirModuleIsNull(module));
  if (mlirModuleIsNull(module))
    return;
  tlayoutRegisterPasses();
  MlirPassManager pm = mlirPassManagerCreate(ctx);
  MlirOpPassManager opm = mlirPassManagerGetAsOpPassManager(pm);
  lastError[0] = '\0';
  MlirLogicalResult parsed = mlirParsePassPipeline(
      opm, mlirStringRefCreateFromCString("builtin.module(lower-tiled-layouts)"),
      keepError, NULL);
  EXPECT(mlirLogicalResultIsSuccess(parsed));
  MlirLogicalResult ran =
      mlirPassManagerRunOnOp(pm, mlirModuleGetOperation(module));
  EXPECT(mlirLogicalResultIsSuccess(ran));
  printf("lowered:\n");
  mlirOperationPrint(mlirModuleGetOperation(module), printToStdout, NULL);
  printf("\n");
  mlirPassManagerDestroy(pm);
  mlirModuleDestroy(module);

  /* The whole way to the LLVM dialect, in a context that knows every
     dialect and extension tlayout-opt does. */
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  tlayoutRegisterAllDialects(registry);
  MlirContext full = mlirContextCreateWithRegistry(registry, false);
  mlirDialectRegistryDestroy(registry);
  MlirModule again =
      mlirModuleCreateParse(full, mlirStringRefCreateFromCString(kModule));
  MlirPassManager toLLVM = mlirPassManagerCreate(full);
  EXPECT(mlirLogicalResultIsSuccess(mlirParsePassPipeline(
      mlirPassManagerGetAsOpPassManager(toLLVM),
      mlirStringRefCreateFromCString("builtin.module(tlayout-lower-to-llvm)"),
      keepError, NULL)));
  EXPECT(mlirLogicalResultIsSuccess(
      mlirPassManagerRunOnOp(toLLVM, mlirModuleGetOperation(again))));
  printf("to llvm:\n");
  mlirOperationPrint(mlirModuleGetOperation(again), printToStdout, NULL);
  printf("\n");
  mlirPassManagerDestroy(toLLVM);
  mlirModuleDestroy(again);
  mlirContextDestroy(full);

  /* Every pipeline is registered under its name. */
  const char *pipelines[] = {"builtin.module(tlayout-lower-to-llvm)",
                             "builtin.module(tlayout-tpu-pipeline)",
                             "builtin.module(tlayout-simplify-indexing)"};
  for (size_t k = 0; k < sizeof(pipelines) / sizeof(pipelines[0]); ++k) {
    MlirPassManager other = mlirPassManagerCreate(ctx);
    lastError[0] = '\0';
    MlirLogicalResult ok = mlirParsePassPipeline(
        mlirPassManagerGetAsOpPassManager(other),
        mlirStringRefCreateFromCString(pipelines[k]), keepError, NULL);
    if (mlirLogicalResultIsFailure(ok))
      printf("FAIL: %s: %s\n", pipelines[k], lastError);
    failures += mlirLogicalResultIsFailure(ok);
    mlirPassManagerDestroy(other);
  }
  printf("pipelines parse\n");
}

static void attributes(MlirContext ctx) {
  MlirAttribute attr = tlayoutTiledLayoutAttrGet(
      ctx, mlirStringRefCreateFromCString("{3,2,0,1:T(8,128)(2,1)}"), keepError,
      NULL);
  EXPECT(tlayoutAttributeIsATiledLayout(attr));
  EXPECT(tlayoutTiledLayoutAttrGetRank(attr) == 4);
  int64_t minorToMajor[] = {3, 2, 0, 1};
  for (intptr_t k = 0; k < 4; ++k)
    EXPECT(tlayoutTiledLayoutAttrGetMinorToMajor(attr, k) == minorToMajor[k]);
  EXPECT(tlayoutTiledLayoutAttrGetNumTiles(attr) == 2);
  EXPECT(tlayoutTiledLayoutAttrGetTileRank(attr, 0) == 2);
  EXPECT(tlayoutTiledLayoutAttrGetTileSize(attr, 0, 0) == 8);
  EXPECT(tlayoutTiledLayoutAttrGetTileSize(attr, 0, 1) == 128);
  EXPECT(tlayoutTiledLayoutAttrGetTileSize(attr, 1, 0) == 2);
  EXPECT(tlayoutTiledLayoutAttrGetTailPaddingAlignment(attr) == 1);
  EXPECT(tlayoutTiledLayoutAttrGetElementSizeInBits(attr) == 0);
  printf("attribute: ");
  mlirAttributePrint(attr, printToStdout, NULL);
  printf("\nxla: ");
  tlayoutTiledLayoutAttrPrintXla(attr, printToStdout, NULL);
  printf("\n");

  MlirAttribute fields = tlayoutTiledLayoutAttrGet(
      ctx, mlirStringRefCreateFromCString("{2,1,0:T(*,2,4)L(64)E(4)}"),
      keepError, NULL);
  EXPECT(tlayoutAttributeIsATiledLayout(fields));
  EXPECT(tlayoutTiledLayoutAttrGetTileSize(fields, 0, 0) ==
         TLAYOUT_TILE_COMBINE);
  EXPECT(tlayoutTiledLayoutAttrGetTailPaddingAlignment(fields) == 64);
  EXPECT(tlayoutTiledLayoutAttrGetElementSizeInBits(fields) == 4);
  EXPECT(!tlayoutAttributeIsATiledLayout(mlirUnitAttrGet(ctx)));

  MlirAttribute space = tlayoutMemorySpaceAttrGet(ctx, 7, keepError, NULL);
  EXPECT(tlayoutAttributeIsAMemorySpace(space));
  EXPECT(tlayoutMemorySpaceGetNumber(space) == 7);
  MlirAttribute vmem = tlayoutTpuMemorySpaceAttrGet(
      ctx, mlirStringRefCreateFromCString("vmem"), keepError, NULL);
  EXPECT(tlayoutAttributeIsATpuMemorySpace(vmem));
  EXPECT(!tlayoutAttributeIsAMemorySpace(vmem));
  EXPECT(tlayoutMemorySpaceGetNumber(vmem) == 1);
  EXPECT(tlayoutMemorySpaceGetNumber(mlirUnitAttrGet(ctx)) == -1);
  printf("spaces: ");
  mlirAttributePrint(space, printToStdout, NULL);
  printf(" ");
  mlirAttributePrint(vmem, printToStdout, NULL);
  printf("\n");
}

/* Bad input returns an error with its message, never aborts. */
static void errors(MlirContext ctx) {
  const char *bad[] = {"{1,0:T(8,128", "{0,0}", "{1,0:T(0,2)}", "{1,0:S(1)}"};
  for (size_t k = 0; k < sizeof(bad) / sizeof(bad[0]); ++k) {
    lastError[0] = '\0';
    MlirAttribute attr = tlayoutTiledLayoutAttrGet(
        ctx, mlirStringRefCreateFromCString(bad[k]), keepError, NULL);
    EXPECT(mlirAttributeIsNull(attr));
    EXPECT(lastError[0] != '\0');
    printf("error %s: %s\n", bad[k], lastError);
  }
  /* A null callback is allowed. */
  EXPECT(mlirAttributeIsNull(tlayoutTiledLayoutAttrGet(
      ctx, mlirStringRefCreateFromCString("{0,0}"), NULL, NULL)));

  lastError[0] = '\0';
  EXPECT(mlirAttributeIsNull(tlayoutMemorySpaceAttrGet(ctx, -1, keepError,
                                                       NULL)));
  printf("error space -1: %s\n", lastError);
  EXPECT(mlirAttributeIsNull(tlayoutTpuMemorySpaceAttrGet(
      ctx, mlirStringRefCreateFromCString("l3"), keepError, NULL)));
  printf("error space l3: %s\n", lastError);

  MlirType tiled =
      parseType(ctx, "memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>");
  int64_t offset = 0;
  int64_t outside[] = {3, 0};
  EXPECT(mlirLogicalResultIsFailure(
      tlayoutMemRefGetOffset(tiled, 2, outside, &offset, keepError, NULL)));
  printf("error index 3,0: %s\n", lastError);
  EXPECT(mlirLogicalResultIsFailure(
      tlayoutMemRefGetOffset(tiled, 1, outside, &offset, keepError, NULL)));
  printf("error rank: %s\n", lastError);
  int64_t index[2];
  bool isPadding;
  EXPECT(mlirLogicalResultIsFailure(tlayoutMemRefGetIndexAt(
      tiled, 24, 2, index, &isPadding, keepError, NULL)));
  printf("error offset 24: %s\n", lastError);
  TLayoutFootprint footprint;
  EXPECT(mlirLogicalResultIsFailure(tlayoutMemRefGetFootprint(
      parseType(ctx, "memref<?x5xf32>"), &footprint, keepError, NULL)));
  printf("error dynamic: %s\n", lastError);
  EXPECT(mlirLogicalResultIsFailure(tlayoutMemRefGetFootprint(
      mlirF32TypeGet(ctx), &footprint, keepError, NULL)));
  printf("error type: %s\n", lastError);
}

/* Counts the calls of a callback that must not be called. */
static int unexpectedCalls = 0;
static void countCall(MlirStringRef text, void *userData) {
  (void)text;
  (void)userData;
  ++unexpectedCalls;
}

/* Every accessor of #tlayout.tiled on a null attribute, on attributes of
   other kinds (one that looks like a number among them) and at positions
   out of range returns -1; PrintXla calls nothing. */
static void wrongAttributes(MlirContext ctx) {
  MlirAttribute wrong[] = {
      (MlirAttribute){NULL},
      mlirUnitAttrGet(ctx),
      mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 64), 42),
      mlirStringAttrGet(ctx, mlirStringRefCreateFromCString("{1,0}")),
      tlayoutMemorySpaceAttrGet(ctx, 1, keepError, NULL),
  };
  int returnedMinusOne = 0, checks = 0;
  for (size_t k = 0; k < sizeof(wrong) / sizeof(wrong[0]); ++k) {
    MlirAttribute attr = wrong[k];
    int64_t answers[] = {
        tlayoutTiledLayoutAttrGetRank(attr),
        tlayoutTiledLayoutAttrGetMinorToMajor(attr, 0),
        tlayoutTiledLayoutAttrGetNumTiles(attr),
        tlayoutTiledLayoutAttrGetTileRank(attr, 0),
        tlayoutTiledLayoutAttrGetTileSize(attr, 0, 0),
        tlayoutTiledLayoutAttrGetTailPaddingAlignment(attr),
        tlayoutTiledLayoutAttrGetElementSizeInBits(attr),
    };
    for (size_t a = 0; a < sizeof(answers) / sizeof(answers[0]); ++a) {
      EXPECT(answers[a] == -1);
      returnedMinusOne += answers[a] == -1;
      ++checks;
    }
    tlayoutTiledLayoutAttrPrintXla(attr, countCall, NULL);
  }
  EXPECT(unexpectedCalls == 0);

  /* A layout of rank 2 with one tile of 2 entries: positions past the
     ends and negative ones. */
  MlirAttribute attr = tlayoutTiledLayoutAttrGet(
      ctx, mlirStringRefCreateFromCString("{1,0:T(8,128)}"), keepError, NULL);
  int64_t outOfRange[] = {
      tlayoutTiledLayoutAttrGetMinorToMajor(attr, 2),
      tlayoutTiledLayoutAttrGetMinorToMajor(attr, 5),
      tlayoutTiledLayoutAttrGetMinorToMajor(attr, -1),
      tlayoutTiledLayoutAttrGetTileRank(attr, 1),
      tlayoutTiledLayoutAttrGetTileRank(attr, 3),
      tlayoutTiledLayoutAttrGetTileRank(attr, -1),
      tlayoutTiledLayoutAttrGetTileSize(attr, 0, -1),
      tlayoutTiledLayoutAttrGetTileSize(attr, 0, 2),
      tlayoutTiledLayoutAttrGetTileSize(attr, 1, 0),
      tlayoutTiledLayoutAttrGetTileSize(attr, -1, 0),
  };
  for (size_t a = 0; a < sizeof(outOfRange) / sizeof(outOfRange[0]); ++a) {
    EXPECT(outOfRange[a] == -1);
    returnedMinusOne += outOfRange[a] == -1;
    ++checks;
  }
  /* The last positions in range still answer. */
  EXPECT(tlayoutTiledLayoutAttrGetMinorToMajor(attr, 1) == 0);
  EXPECT(tlayoutTiledLayoutAttrGetTileSize(attr, 0, 1) == 128);
  /* A NULL callback is allowed. */
  tlayoutTiledLayoutAttrPrintXla(attr, NULL, NULL);
  printf("wrong attributes: %d of %d answers are -1, %d callback calls\n",
         returnedMinusOne, checks, unexpectedCalls);

  /* A static shape whose sizes overflow int64 says so. */
  TLayoutFootprint footprint;
  lastError[0] = '\0';
  EXPECT(mlirLogicalResultIsFailure(tlayoutMemRefGetFootprint(
      parseType(ctx, "memref<1000000000x1000000000xf32>"), &footprint,
      keepError, NULL)));
  printf("error overflow: %s\n", lastError);
  lastError[0] = '\0';
  EXPECT(mlirLogicalResultIsFailure(tlayoutMemRefGetFootprint(
      parseType(ctx, "memref<1000000000x1000000000xf32, "
                     "#tlayout.tiled<{1,0:T(8,128)}>>"),
      &footprint, keepError, NULL)));
  printf("error tiled overflow: %s\n", lastError);
}

static void queries(MlirContext ctx) {
  /* f32[3,5]{1,0:T(2,2)}: padded to 4x6, a 2x3 grid of 2x2 tiles, tiles
     row-major and each tile row-major. */
  MlirType tiled =
      parseType(ctx, "memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>");
  TLayoutFootprint footprint;
  EXPECT(mlirLogicalResultIsSuccess(
      tlayoutMemRefGetFootprint(tiled, &footprint, keepError, NULL)));
  EXPECT(footprint.logicalElements == 15);
  EXPECT(footprint.physicalElements == 24);
  EXPECT(footprint.logicalBytes == 60);
  EXPECT(footprint.physicalBytes == 96);
  EXPECT(footprint.paddingBytes == 36);
  printf("footprint: %" PRId64 " elements, %" PRId64 " bytes, %" PRId64
         " padding bytes\n",
         footprint.physicalElements, footprint.physicalBytes,
         footprint.paddingBytes);

  /* (2,3): tile (1,1) is tile 4, at 16; (0,1) within it: 17. */
  int64_t index23[] = {2, 3};
  int64_t offset = -1;
  EXPECT(mlirLogicalResultIsSuccess(
      tlayoutMemRefGetOffset(tiled, 2, index23, &offset, keepError, NULL)));
  EXPECT(offset == 17);
  /* (0,2): tile (0,1) is tile 1, at 4. */
  int64_t index02[] = {0, 2};
  EXPECT(mlirLogicalResultIsSuccess(
      tlayoutMemRefGetOffset(tiled, 2, index02, &offset, keepError, NULL)));
  EXPECT(offset == 4);
  printf("offset of (2,3): 17\n");

  /* Offset 5: tile 1 = (0,1), position 1 = (0,1): (0,3). Offset 19: tile 4
     = (1,1), position 3 = (1,1): row 3, padding. */
  int64_t index[2] = {-1, -1};
  bool isPadding = true;
  EXPECT(mlirLogicalResultIsSuccess(tlayoutMemRefGetIndexAt(
      tiled, 5, 2, index, &isPadding, keepError, NULL)));
  EXPECT(!isPadding && index[0] == 0 && index[1] == 3);
  EXPECT(mlirLogicalResultIsSuccess(tlayoutMemRefGetIndexAt(
      tiled, 19, 2, index, &isPadding, keepError, NULL)));
  EXPECT(isPadding);
  printf("offset 5: (%" PRId64 ",%" PRId64 "), offset 19: padding\n", index[0],
         index[1]);

  /* Runs of 2 along dimension 1 (within a tile row), 1 along dimension 0;
     row-major runs along a whole row. */
  int64_t length = 0, width = 0;
  EXPECT(mlirLogicalResultIsSuccess(
      tlayoutMemRefGetContiguousRun(tiled, 1, &length, keepError, NULL)));
  EXPECT(length == 2);
  EXPECT(mlirLogicalResultIsSuccess(
      tlayoutMemRefGetContiguousRun(tiled, 0, &length, keepError, NULL)));
  EXPECT(length == 1);
  MlirType rowMajor = parseType(ctx, "memref<3x5xf32>");
  EXPECT(mlirLogicalResultIsSuccess(
      tlayoutMemRefGetContiguousRun(rowMajor, 1, &length, keepError, NULL)));
  EXPECT(length == TLAYOUT_UNBOUNDED);
  EXPECT(mlirLogicalResultIsSuccess(
      tlayoutMemRefGetWidestVector(tiled, 1, 4, &width, keepError, NULL)));
  EXPECT(width == 2);
  EXPECT(mlirLogicalResultIsSuccess(
      tlayoutMemRefGetWidestVector(tiled, 1, 3, &width, keepError, NULL)));
  EXPECT(width == 1);
  printf("run along 1: 2, widest vector: 2\n");

  /* {1,0:T(1,128)} on 1x256 places like row-major; T(2,2) on 3x5 does not,
     first at (0,2) (offset 4 against 2). */
  bool same = false, hasDifference = false;
  int64_t first[2] = {-1, -1};
  EXPECT(mlirLogicalResultIsSuccess(tlayoutMemRefComparePlacement(
      parseType(ctx, "memref<1x256xf32, #tlayout.tiled<{1,0:T(1,128)}>>"),
      parseType(ctx, "memref<1x256xf32>"), NULL, &same, first, &hasDifference,
      keepError, NULL)));
  EXPECT(same && !hasDifference);
  EXPECT(mlirLogicalResultIsSuccess(tlayoutMemRefComparePlacement(
      tiled, rowMajor, NULL, &same, first, &hasDifference, keepError, NULL)));
  EXPECT(!same && hasDifference && first[0] == 0 && first[1] == 2);
  printf("T(1,128) same: %d, T(2,2) first difference: (%" PRId64 ",%" PRId64
         ")\n",
         1, first[0], first[1]);
  /* Column-major 3x5 is row-major 5x3 transposed: free. */
  int64_t transpose[] = {1, 0};
  EXPECT(mlirLogicalResultIsSuccess(tlayoutMemRefComparePlacement(
      parseType(ctx, "memref<3x5xf32, #tlayout.tiled<{0,1}>>"),
      parseType(ctx, "memref<5x3xf32>"), transpose, &same, NULL, NULL,
      keepError, NULL)));
  EXPECT(same);
  EXPECT(mlirLogicalResultIsSuccess(tlayoutMemRefComparePlacement(
      rowMajor, parseType(ctx, "memref<5x3xf32>"), transpose, &same, NULL,
      NULL, keepError, NULL)));
  EXPECT(!same);

  /* Rows of T(8,128) tiles split at 8 keep their place; at 4 they move. */
  bool isFree = false;
  lastError[0] = '\0';
  EXPECT(mlirLogicalResultIsSuccess(tlayoutMemRefIsFreeReshape(
      parseType(ctx, "memref<16x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>"),
      parseType(ctx,
                "memref<2x8x256xf32, #tlayout.tiled<{2,1,0:T(8,128)}>>"),
      &isFree, keepError, NULL, keepError, NULL)));
  EXPECT(isFree);
  EXPECT(mlirLogicalResultIsSuccess(tlayoutMemRefIsFreeReshape(
      parseType(ctx, "memref<16x256xf32, #tlayout.tiled<{1,0:T(8,128)}>>"),
      parseType(ctx,
                "memref<4x4x256xf32, #tlayout.tiled<{2,1,0:T(8,128)}>>"),
      &isFree, keepError, NULL, keepError, NULL)));
  EXPECT(!isFree && lastError[0] != '\0');
  printf("reshape at 4: %s\n", lastError);

  printf("normal form: ");
  EXPECT(mlirLogicalResultIsSuccess(tlayoutMemRefPrintNormalForm(
      parseType(ctx, "memref<1x256xf32, #tlayout.tiled<{1,0:T(1,128)}>>"),
      printToStdout, NULL, keepError, NULL)));
  printf(" = ");
  EXPECT(mlirLogicalResultIsSuccess(tlayoutMemRefPrintNormalForm(
      parseType(ctx, "memref<1x256xf32>"), printToStdout, NULL, keepError,
      NULL)));
  printf("\n");
}

int main(void) {
  MlirContext ctx = mlirContextCreate();
  MlirDialectHandle handles[] = {
      mlirGetDialectHandle__tlayout__(), mlirGetDialectHandle__tlayout_tpu__(),
      mlirGetDialectHandle__func__(),    mlirGetDialectHandle__memref__(),
      mlirGetDialectHandle__arith__(),   mlirGetDialectHandle__affine__(),
      mlirGetDialectHandle__scf__()};
  for (size_t k = 0; k < sizeof(handles) / sizeof(handles[0]); ++k)
    mlirDialectHandleLoadDialect(handles[k], ctx);

  lower(ctx);
  attributes(ctx);
  errors(ctx);
  wrongAttributes(ctx);
  queries(ctx);

  mlirContextDestroy(ctx);
  printf("%s\n", failures ? "FAILED" : "all checks passed");
  return failures != 0;
}
