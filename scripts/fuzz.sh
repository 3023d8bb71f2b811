#!/usr/bin/env bash
# Runs libFuzzer targets for a bounded time (default 60 s each) over a copy of
# their seed corpora, one at a time, in build-fuzz/: a build where all tlayout
# code is instrumented for coverage (TLAYOUT_FUZZ_INSTRUMENT_ALL) and built
# with ASan+UBSan.
#   scripts/fuzz.sh [seconds-per-target [target...]]
# Targets: layout-parser attr-parser lowering (default: all three).
#
# Memory stays flat, so a target can run for hours: the MLIR-based targets
# replace their context every few hundred runs (fuzz/FuzzContext.h), ASan's
# quarantine is kept small, and libFuzzer stops with a report if the process
# passes TLAYOUT_FUZZ_RSS_MB (default 4096) or one run allocates more than
# TLAYOUT_FUZZ_MALLOC_MB (default 2048) or takes more than 30 s.
#
# Crashes, leaks of memory past the limits and timeouts are written to
# build-fuzz/artifacts/; keep each as fuzz/corpus/<target>/regression-<name>.
# The full libFuzzer log of each target (with its periodic `rss:` figures) is
# build-fuzz/logs/<target>.log; the summary below shows the coverage, the
# runs and the peak RSS.
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_PER_TARGET="${1:-60}"
shift || true
TARGETS=("$@")
if [ ${#TARGETS[@]} -eq 0 ]; then
  TARGETS=(layout-parser attr-parser lowering)
fi
RSS_MB="${TLAYOUT_FUZZ_RSS_MB:-4096}"
MALLOC_MB="${TLAYOUT_FUZZ_MALLOC_MB:-2048}"
BUILD_DIR=build-fuzz
if [ ! -f "$BUILD_DIR/build.ninja" ]; then
  cmake -G Ninja -S . -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
    -DTLAYOUT_ENABLE_FUZZERS=ON -DTLAYOUT_FUZZ_INSTRUMENT_ALL=ON \
    -DTLAYOUT_ENABLE_SANITIZERS=ON -DTLAYOUT_BUILD_TESTS=OFF \
    -DTLAYOUT_BUILD_BENCHMARKS=OFF
fi
cmake --build "$BUILD_DIR" -j "${TLAYOUT_FUZZ_JOBS:-4}" --target \
  $(printf 'tlayout-%s-fuzzer ' "${TARGETS[@]}")
mkdir -p "$BUILD_DIR/artifacts" "$BUILD_DIR/logs"
status=0
for target in "${TARGETS[@]}"; do
  corpus="$BUILD_DIR/corpus/$target"
  log="$BUILD_DIR/logs/$target.log"
  mkdir -p "$corpus"
  cp -n fuzz/corpus/$target/* "$corpus/" 2>/dev/null || true
  echo "== $target: ${SECONDS_PER_TARGET}s (log: $log)"
  ASAN_OPTIONS=detect_leaks=0:allow_user_poisoning=0:quarantine_size_mb=64:malloc_context_size=8 \
    "$BUILD_DIR/bin/tlayout-$target-fuzzer" \
    -max_total_time="$SECONDS_PER_TARGET" -print_final_stats=1 \
    -rss_limit_mb="$RSS_MB" -malloc_limit_mb="$MALLOC_MB" -timeout=30 \
    -artifact_prefix="$BUILD_DIR/artifacts/$target-" "$corpus" \
    >"$log" 2>&1 || status=1
  grep -E "^(INFO: Loaded|Done|stat::|SUMMARY|==[0-9]+==ERROR)|fuzzer:|ERROR: libFuzzer" \
    "$log" || true
  # The coverage and RSS of the first and last periodic reports: RSS that
  # keeps growing shows in the difference.
  grep -E "^#[0-9]+" "$log" | grep -E "(INITED|pulse|NEW|REDUCE)" |
    sed -n '1p;$p' || true
done
exit $status
