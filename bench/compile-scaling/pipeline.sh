#!/usr/bin/env bash
# Times the whole pipeline, `tlayout-opt --tlayout-lower-to-llvm`, on
# generated modules of N functions (gen.py), with threads and without, next
# to upstream's own lowering of the same program on row-major memrefs
# (`mlir-opt` with the pipeline's tail, nested the same way). Each run's
# wall time and peak memory come from /usr/bin/time -v, and the time of
# tlayout's passes and of upstream's from -mlir-timing (timing.py); then
# tlayout's passes alone (--tlayout-cpu-lower-tiled-layouts, --tlayout-cpu-loops
# nested under func.func, --tlayout-erase-memory-spaces) and parsing plus
# printing alone, whose peak memories give what the passes add per function.
# Prints a Markdown table.
#   bench/compile-scaling/pipeline.sh [N...]     (default: 1000 10000 50000 100000)
# LIMIT (seconds, default 600) bounds each run: a run that takes longer is
# stopped, reported as such, and that column skips the larger sizes.
set -euo pipefail
cd "$(dirname "$0")/../.."
OPT=${OPT:-build/bin/tlayout-opt}
MLIR_OPT=${MLIR_OPT:-/usr/lib/llvm-22/bin/mlir-opt}
LIMIT=${LIMIT:-600}
SIZES=("${@:-1000 10000 50000 100000}")
TAIL="func.func(convert-vector-to-scf,lower-affine,canonicalize,loop-invariant-code-motion,convert-scf-to-cf,expand-strided-metadata,lower-affine),convert-vector-to-llvm,finalize-memref-to-llvm,convert-func-to-llvm,convert-to-llvm,reconcile-unrealized-casts"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
declare -A over
# run NAME CMD...: times CMD; prints "wall rss ours upstream slowest", or a
# note where it ran past LIMIT (and marks NAME to skip larger sizes).
run() {
  local name=$1; shift
  if [ -n "${over[$name]:-}" ]; then echo "(skipped: ${over[$name]})"; return; fi
  if timeout "$LIMIT" /usr/bin/time -v "$@" -mlir-timing -o /dev/null \
      > /dev/null 2> "$tmp/$name.txt"; then
    python3 bench/compile-scaling/timing.py "$tmp/$name.txt"
  else
    local rc=$?
    if [ "$rc" -eq 124 ]; then
      over[$name]="over ${LIMIT} s at $n"
      echo "(over ${LIMIT} s)"
    else
      tail -5 "$tmp/$name.txt" >&2; exit 1
    fi
  fi
}
field() { echo "$1" | awk -v k="$2" '{ print (NF >= 5 ? $k : (k == 1 ? $0 : "-")) }'; }
echo "$(nproc) CPUs, $(date -u +%FT%TZ), limit ${LIMIT} s a run"
echo
echo "| functions | pipeline (s) | peak RSS (MB) | tlayout's passes (s) | upstream's passes (s) | slowest pass (s) | 1 thread (s) | upstream alone, untiled (s) | its peak RSS (MB) | its slowest pass (s) | parse+print peak RSS (MB) | tlayout's passes alone (s) | their peak RSS (MB) | their KB per function |"
echo "|---:|---:|---:|---:|---:|---|---:|---:|---:|---|---:|---:|---:|---:|"
for n in ${SIZES[@]}; do
  python3 bench/compile-scaling/gen.py "$n" > "$tmp/tiled.mlir"
  python3 bench/compile-scaling/gen.py "$n" --untiled > "$tmp/untiled.mlir"
  p=$(run pipeline "$OPT" --tlayout-lower-to-llvm "$tmp/tiled.mlir")
  s=$(run serial "$OPT" --tlayout-lower-to-llvm --mlir-disable-threading "$tmp/tiled.mlir")
  u=$(run upstream "$MLIR_OPT" --pass-pipeline="builtin.module($TAIL)" "$tmp/untiled.mlir")
  # tlayout's passes alone, and parsing+printing alone: their difference in
  # peak memory is what the passes keep per function.
  r=$(run parse "$OPT" "$tmp/tiled.mlir")
  o=$(run ours "$OPT" --pass-pipeline="builtin.module(tlayout-cpu-lower-tiled-layouts,func.func(tlayout-cpu-loops),tlayout-erase-memory-spaces)" "$tmp/tiled.mlir")
  rp=$(field "$r" 2); ro=$(field "$o" 2)
  per=$([ "$rp" = - ] || [ "$ro" = - ] && echo - || python3 -c "print(f'{1024 * ($ro - $rp) / $n:.1f}')")
  echo "| $n | $(field "$p" 1) | $(field "$p" 2) | $(field "$p" 3) | $(field "$p" 4) | $(field "$p" 5) | $(field "$s" 1) | $(field "$u" 1) | $(field "$u" 2) | $(field "$u" 5) | $rp | $(field "$o" 1) | $ro | $per |"
done
