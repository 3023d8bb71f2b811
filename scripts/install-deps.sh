#!/usr/bin/env bash
# Installs what tlayout needs on Debian 12 (bookworm): Debian's LLVM/MLIR 22,
# clang-22 with its fuzzer and sanitizer runtimes (libclang-rt-22-dev), CMake,
# Ninja, GoogleTest, Google Benchmark and rsvg-convert (librsvg2-bin, which
# renders SVG figures such as tlayout-inspect's) and chromium (the headless
# browser the test of tlayout-inspect's HTML report drives). Run as root (or
# with sudo available).
set -euo pipefail

PACKAGES=(
  llvm-22-dev llvm-22-tools libmlir-22-dev mlir-22-tools clang-22
  libclang-rt-22-dev librsvg2-bin
  cmake ninja-build googletest libgtest-dev libbenchmark-dev python3
  librsvg2-bin chromium
)

missing=()
for pkg in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$pkg")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all packages present"
  exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
echo "install-deps: installing ${missing[*]}"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
