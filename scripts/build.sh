#!/usr/bin/env bash
# Configures (once) and builds tlayout in ./build with Debian's clang-22.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR="${TLAYOUT_BUILD_DIR:-build}"
if [ ! -f "$BUILD_DIR/build.ninja" ]; then
  cmake -G Ninja -S . -B "$BUILD_DIR" \
    -DCMAKE_BUILD_TYPE="${TLAYOUT_BUILD_TYPE:-Release}" \
    -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
    -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir ${TLAYOUT_CMAKE_ARGS:-}
fi
cmake --build "$BUILD_DIR" "$@"
