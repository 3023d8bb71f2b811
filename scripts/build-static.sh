#!/usr/bin/env bash
# Configures tlayout with MLIR's static component libraries instead of
# Debian's shared libMLIR.so (-DTLAYOUT_LINK_MLIR_DYLIB=OFF) in its own
# build directory, and builds a subset that links: the core, the generic
# dialect and tlayout-inspect (which links the dialect and the TPU target's
# dialect, and parses memref types), each linking only the MLIR components
# its CMakeLists.txt names. Given targets, it builds those instead:
# `bash scripts/build-static.sh tlayout-opt tlayout-translate` links the
# tools that register all of upstream MLIR, each with its own copy of it
# (about 100 MB each).
#
#   bash scripts/build-static.sh [targets...]
#
# TLAYOUT_STATIC_BUILD_DIR (default build-static) names the directory;
# TLAYOUT_CMAKE_ARGS, the jobs of -j (TLAYOUT_JOBS, default 2) and ccache
# work as for scripts/build.sh. test/Architecture/static-build.test runs it.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR="${TLAYOUT_STATIC_BUILD_DIR:-build-static}"
if [ "$#" -eq 0 ]; then
  set -- TLayoutCore TLayoutDialect tlayout-inspect
fi
if [ ! -f "$BUILD_DIR/build.ninja" ]; then
  mkdir -p "$BUILD_DIR"
  cmake -G Ninja -S . -B "$BUILD_DIR" \
    -DCMAKE_BUILD_TYPE="${TLAYOUT_BUILD_TYPE:-Release}" \
    -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
    -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir \
    -DTLAYOUT_LINK_MLIR_DYLIB=OFF -DTLAYOUT_BUILD_TESTS=OFF \
    -DTLAYOUT_ENABLE_FUZZERS=OFF -DTLAYOUT_BUILD_BENCHMARKS=OFF \
    ${TLAYOUT_CMAKE_ARGS:-} > "$BUILD_DIR/configure.log" 2>&1 \
    || { cat "$BUILD_DIR/configure.log"; exit 1; }
fi
cmake --build "$BUILD_DIR" -j "${TLAYOUT_JOBS:-2}" --target "$@"
