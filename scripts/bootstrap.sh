#!/usr/bin/env bash
# README command 1: install the dependencies, build, and run tlayout-opt on
# the shipped example.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
bash scripts/build.sh
echo "== tlayout-opt examples/figure1.mlir"
./build/bin/tlayout-opt examples/figure1.mlir
