#!/usr/bin/env bash
# Runs test/Architecture/static-build.test, which README command 2 leaves
# out for its length: tlayout's core, dialect and tlayout-inspect built and
# linked against MLIR's static component libraries (in build/static). Needs
# the main build (scripts/test.sh builds it). Ends with the same summary
# line as scripts/test.sh.
set -uo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR="${TLAYOUT_BUILD_DIR:-build}"
bash scripts/build.sh || { echo "tests: 0 passed, 1 failed (build failed)"; exit 1; }
if /usr/lib/llvm-22/bin/lit -sv --param static_build=1 \
    "$BUILD_DIR/test/Architecture/static-build.test"; then
  echo "tests: 1 passed, 0 failed"
else
  echo "tests: 0 passed, 1 failed"
  exit 1
fi
