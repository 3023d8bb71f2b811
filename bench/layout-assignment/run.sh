#!/usr/bin/env bash
# Times --tlayout-assign-layouts on generated programs of N linalg ops
# (gen.py), in the fast mode (exact-max-values=0) and the default (the exact
# solver up to 256 groups, which these programs pass beyond a few
# functions), next to parsing and printing alone. Prints a Markdown table.
#   bench/layout-assignment/run.sh [N...]
set -euo pipefail
cd "$(dirname "$0")/../.."
OPT=build/bin/tlayout-opt
SIZES=("${@:-1000 2500 5000 10000}")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
seconds() { /usr/bin/time -f %e "$@" > /dev/null 2> "$tmp/time" || { cat "$tmp/time"; exit 1; }; tail -1 "$tmp/time"; }
echo "| linalg ops | parse+print (s) | assignment, fast (s) | per op (ms) | assignment, default (s) | fast, remarks with their ops (s) |"
echo "|---:|---:|---:|---:|---:|---:|"
for n in ${SIZES[@]}; do
  python3 bench/layout-assignment/gen.py "$n" > "$tmp/program.mlir"
  parse=$(seconds "$OPT" "$tmp/program.mlir")
  # The remarks (one per relayout and padded value) are printed without the
  # op each is attached to, which the default handler prints in full.
  fast=$(seconds "$OPT" --tlayout-assign-layouts=exact-max-values=0 "$tmp/program.mlir" --mlir-disable-threading --mlir-print-op-on-diagnostic=false)
  per=$(python3 -c "print(f'{1000 * ($fast - $parse) / $n:.4f}')")
  default=$(seconds "$OPT" --tlayout-assign-layouts "$tmp/program.mlir" --mlir-print-op-on-diagnostic=false)
  printed=$(seconds "$OPT" --tlayout-assign-layouts=exact-max-values=0 "$tmp/program.mlir" --mlir-disable-threading)
  echo "| $n | $parse | $fast | $per | $default | $printed |"
done
