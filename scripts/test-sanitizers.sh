#!/usr/bin/env bash
# Builds everything with AddressSanitizer + UBSan in ./build-asan and runs the
# full lit and unit suites under it (the plugin and install tests are
# unsupported there: an instrumented plugin cannot load into Debian's
# uninstrumented mlir-opt, nor link into an uninstrumented downstream build).
set -euo pipefail
cd "$(dirname "$0")/.."
export TLAYOUT_BUILD_DIR=build-asan
export TLAYOUT_BUILD_TYPE=RelWithDebInfo
export TLAYOUT_CMAKE_ARGS="-DTLAYOUT_ENABLE_SANITIZERS=ON"
exec bash scripts/test.sh
