#!/usr/bin/env bash
# README command 1: install the dependencies, build, and run the main job on
# a shipped example: examples/tiled-add.mlir, an element-wise kernel on a
# tiled memref, lowered by --lower-tiled-layouts (its accesses become
# floordiv/mod maps over the physical buffer) and run on the CPU next to the
# same kernel on row-major memrefs. test/Examples/tiled-add.mlir checks the
# same run.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
bash scripts/build.sh

example=examples/tiled-add.mlir
llvm_lib=/usr/lib/llvm-22/lib
echo
echo "== ./build/bin/tlayout-opt $example --lower-tiled-layouts --cse   (@add)"
./build/bin/tlayout-opt "$example" --lower-tiled-layouts --cse |
  awk '/^#map/ { print } /func.func @add\(/ { on = 1 } on { print } on && /^  }$/ { on = 0 }'
echo
echo "== ./build/bin/tlayout-opt $example --tlayout-lower-to-llvm | mlir-runner-22 -e main ..."
./build/bin/tlayout-opt "$example" --tlayout-lower-to-llvm |
  /usr/lib/llvm-22/bin/mlir-runner -e main -entry-point-result=void \
    -shared-libs="$llvm_lib/libmlir_runner_utils.so,$llvm_lib/libmlir_c_runner_utils.so"
