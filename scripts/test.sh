#!/usr/bin/env bash
# README command 2: build and run every test (the lit suite and the gtest unit
# tests, which run through lit), then print one summary line.
set -uo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR="${TLAYOUT_BUILD_DIR:-build}"
bash scripts/build.sh || { echo "tests: 0 passed, 1 failed (build failed)"; exit 1; }
bash scripts/build.sh --target TLayoutCoreTests TLayoutTargetTests tlayout-inspect TLayoutDialectDocGen TLayoutPassesDocGen TLayoutTPUDialectDocGen TLayoutPassReference tlayout-opt \
  || { echo "tests: 0 passed, 1 failed (build failed)"; exit 1; }

log="$BUILD_DIR/test-results.log"
/usr/lib/llvm-22/bin/lit -sv "$BUILD_DIR/test" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}

# lit's summary lines look like "  Passed: 12 (100.00%)" or, aligned,
# "  Passed     : 12 (92.31%)".
count() {
  grep -E "^ +$1 *: +[0-9]+" "$log" | sed -E 's/.*: +([0-9]+).*/\1/' | head -1
}
passed=$(count Passed); passed=${passed:-0}
failed=0
for kind in Failed Unresolved "Timed Out" XPassed; do
  n=$(count "$kind")
  failed=$((failed + ${n:-0}))
done
if [ "$status" -ne 0 ] && [ "$failed" -eq 0 ]; then failed=1; fi
if [ "$passed" -eq 0 ] && [ "$failed" -eq 0 ]; then failed=1; fi
echo "tests: $passed passed, $failed failed"
[ "$status" -eq 0 ] && [ "$failed" -eq 0 ]
