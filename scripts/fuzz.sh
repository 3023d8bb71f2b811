#!/usr/bin/env bash
# Runs every libFuzzer target for a bounded time (default 60 s each) over a
# copy of its seed corpus, in a build where all tlayout code is instrumented
# for coverage and built with ASan+UBSan. Crashes are written to
# build-fuzz/artifacts/; keep each as a regression input under fuzz/corpus/.
#   scripts/fuzz.sh [seconds-per-target]
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_PER_TARGET="${1:-60}"
BUILD_DIR=build-fuzz
if [ ! -f "$BUILD_DIR/build.ninja" ]; then
  cmake -G Ninja -S . -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
    -DTLAYOUT_ENABLE_FUZZERS=ON -DTLAYOUT_FUZZ_INSTRUMENT_ALL=ON \
    -DTLAYOUT_ENABLE_SANITIZERS=ON -DTLAYOUT_BUILD_TESTS=OFF
fi
cmake --build "$BUILD_DIR" --target tlayout-layout-parser-fuzzer \
  tlayout-attr-parser-fuzzer tlayout-lowering-fuzzer
mkdir -p "$BUILD_DIR/artifacts"
status=0
for target in layout-parser attr-parser lowering; do
  corpus="$BUILD_DIR/corpus/$target"
  mkdir -p "$corpus"
  cp -n fuzz/corpus/$target/* "$corpus/" 2>/dev/null || true
  echo "== $target: ${SECONDS_PER_TARGET}s"
  ASAN_OPTIONS=detect_leaks=0:allow_user_poisoning=0 "$BUILD_DIR/bin/tlayout-$target-fuzzer" \
    -max_total_time="$SECONDS_PER_TARGET" -print_final_stats=1 \
    -artifact_prefix="$BUILD_DIR/artifacts/$target-" "$corpus" \
    2>&1 | grep -E "^(Done|stat::number_of_executed_units|SUMMARY|==[0-9]+==ERROR)|fuzzer:" \
    || status=1
done
exit $status
