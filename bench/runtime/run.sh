#!/usr/bin/env bash
# Runs the runtime benchmarks and prints bench/README.md's tables.
#   bash bench/runtime/run.sh [build-dir] [repetitions]
# Builds tlayout-bench (kernels through --tlayout-lower-to-llvm) and
# tlayout-bench-unsimplified (the same kernels with
# simplify-indexing=false), checks every kernel's output, then times both;
# ratios compare benchmarks of the same run.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:-$root/build}
reps=${2:-5}
cmake --build "$build" --target tlayout-bench tlayout-bench-unsimplified
"$build/bin/tlayout-bench" --verify-only > /dev/null
"$build/bin/tlayout-bench-unsimplified" --verify-only > /dev/null
out=$(mktemp -d)
for variant in tlayout-bench tlayout-bench-unsimplified; do
  "$build/bin/$variant" --benchmark_repetitions="$reps" \
    --benchmark_report_aggregates_only=true \
    --benchmark_format=json > "$out/$variant.json"
done
python3 "$root/bench/runtime/report.py" "$out/tlayout-bench.json" \
  "$out/tlayout-bench-unsimplified.json"
