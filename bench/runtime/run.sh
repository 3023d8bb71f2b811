#!/usr/bin/env bash
# Runs the runtime benchmarks and prints bench/README.md's table.
#   bash bench/runtime/run.sh [build-dir] [repetitions] [benchmark flags...]
# Builds tlayout-bench (kernels through --tlayout-lower-to-llvm),
# tlayout-bench-composed (the passes composed by hand) and
# tlayout-bench-unsimplified (simplify-indexing=false), checks every
# kernel's output, then times the three. Repetitions of all benchmarks of a
# binary are interleaved in random order, so that repetition k of a kernel
# and of its reference run close in time; report.py takes their ratio per
# repetition. Further flags go to every binary (--benchmark_filter=...).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:-$root/build}
reps=${2:-10}
shift $(($# < 2 ? $# : 2))
# TLAYOUT_BENCH_VARIANTS="tlayout-bench" times the pipeline's binary alone
# (a third of the time); the report then has one ratio column.
read -r -a variants <<< "${TLAYOUT_BENCH_VARIANTS:-tlayout-bench tlayout-bench-composed tlayout-bench-unsimplified}"
cmake --build "$build" --target "${variants[@]}"
for variant in "${variants[@]}"; do
  "$build/bin/$variant" --verify-only > /dev/null
done
out=$(mktemp -d)
for variant in "${variants[@]}"; do
  "$build/bin/$variant" --benchmark_repetitions="$reps" \
    --benchmark_enable_random_interleaving=true \
    --benchmark_format=json "$@" > "$out/$variant.json"
done
jsons=()
for variant in "${variants[@]}"; do
  jsons+=("$out/$variant.json")
done
table=$(python3 "$root/bench/runtime/report.py" "${jsons[@]}")
echo "$table"
# The row reductions' rows again, with their target.
echo
echo "Reductions along the minor dimension of T(8,128), ratio to the row-major"
echo "kernel (target: at least 0.95), pipeline / composed by hand:"
echo "$table" | awk -F'|' '$2 ~ /^ (row_sum|row_max|row_sum_bf16|softmax_sum)_tiled / {
  gsub(/ /, "", $2); printf "  %-20s %s / %s\n", $2, $6, $7 }'
echo "JSON: $out" >&2
