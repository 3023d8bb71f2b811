#!/usr/bin/env bash
# Times --lower-tiled-layouts (and with --tlayout-cpu-loops, the index
# simplification and the CPU's loop passes, after it) on generated modules of N functions, next to
# parsing+printing alone and upstream --normalize-memrefs on the same
# placement written as an affine_map layout. Prints a Markdown table.
#   bench/compile-scaling/run.sh [N...]
set -euo pipefail
cd "$(dirname "$0")/../.."
OPT=build/bin/tlayout-opt
MLIR_OPT=/usr/lib/llvm-22/bin/mlir-opt
SIZES=("${@:-250 500 1000 2000 4000}")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
seconds() { /usr/bin/time -f %e "$@" > /dev/null 2> "$tmp/time" || { cat "$tmp/time"; exit 1; }; tail -1 "$tmp/time"; }
echo "| functions | parse+print (s) | --lower-tiled-layouts (s) | per function (ms) | + --tlayout-cpu-loops (s) | upstream --normalize-memrefs (s) |"
echo "|---:|---:|---:|---:|---:|---:|"
for n in ${SIZES[@]}; do
  python3 bench/compile-scaling/gen.py "$n" > "$tmp/tiled.mlir"
  python3 bench/compile-scaling/gen.py "$n" --affine-map > "$tmp/affine.mlir"
  parse=$(seconds "$OPT" "$tmp/tiled.mlir")
  lower=$(seconds "$OPT" --lower-tiled-layouts "$tmp/tiled.mlir")
  per=$(python3 -c "print(f'{1000 * $lower / $n:.3f}')")
  simplify=$(seconds "$OPT" --lower-tiled-layouts --tlayout-cpu-loops "$tmp/tiled.mlir")
  if [ "$n" -le 2000 ]; then
    normalize=$(seconds "$MLIR_OPT" --normalize-memrefs "$tmp/affine.mlir")
  else
    normalize="(skipped: quadratic)"
  fi
  echo "| $n | $parse | $lower | $per | $simplify | $normalize |"
done
