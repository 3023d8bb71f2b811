#!/usr/bin/env bash
# Prints one md5 per (input, pipeline) of tlayout-opt's output, so that a
# refactoring that must not change the IR can be checked: run it before and
# after, and `diff` the two outputs.
#
#   bash bench/check-identical-ir.sh > /tmp/ir-before.txt
#   ... refactor, rebuild ...
#   bash bench/check-identical-ir.sh > /tmp/ir-after.txt
#   diff /tmp/ir-before.txt /tmp/ir-after.txt && echo identical
#
# What it runs, each line `key md5` (the md5 of stdout and stderr together,
# then the exit status):
#
# - bench: bench/runtime/kernels.mlir (and the other bench inputs) through
#   every job of the JOBS table below (`--tlayout-lower-to-llvm` with its
#   options, the lowering of tiled layouts alone, and the loop passes after
#   it with each option the tests use);
# - llvm: every .mlir input under test/ through `--tlayout-lower-to-llvm`
#   (with --split-input-file);
# - run: every `tlayout-opt` command of a RUN line under test/ that reads
#   the test's own file (`%s`) or a file of the tree and writes no
#   temporary file, keyed by the test and the command's position in it (not
#   by its text: a refactoring that renames a pass may change the RUN line,
#   and the output must stay the same).
#
# A job's key names what it does, not its flags: when a pass is renamed or
# split, change the flags in JOBS and keep the key.
#
# Options: TLAYOUT_OPT (default build/bin/tlayout-opt), JOBS_PARALLEL
# (default 2), -v (print each key's command to stderr).
set -uo pipefail
cd "$(dirname "$0")/.."
OPT="${TLAYOUT_OPT:-build/bin/tlayout-opt}"
PARALLEL="${JOBS_PARALLEL:-2}"
VERBOSE="${1:-}"
export OPT VERBOSE

# key|flags: the jobs run on each bench input.
JOBS=(
  "lower-to-llvm|--tlayout-lower-to-llvm"
  "lower-to-llvm.no-physical-order|--tlayout-lower-to-llvm=physical-order=false"
  "lower-to-llvm.no-simplify|--tlayout-lower-to-llvm=simplify-indexing=false"
  "lower-to-llvm.walk-512|--tlayout-lower-to-llvm=tile-row-walk-bytes=512"
  "lower-to-llvm.no-row-vectors|--tlayout-lower-to-llvm=row-accumulator-bytes=0"
  "lower-to-llvm.no-nibble|--tlayout-lower-to-llvm=nibble-bytes=false"
  "lower-to-llvm.nontemporal-1|--tlayout-lower-to-llvm=nontemporal-copy-threshold=1"
  "lower-to-llvm.register-64|--tlayout-lower-to-llvm=vector-register-bytes=64"
  "lower-to-llvm.register-16|--tlayout-lower-to-llvm=vector-register-bytes=16"
  "tpu-pipeline|--tlayout-tpu-pipeline"
  "lower.cpu|--lower-tiled-layouts"
  "lower.generic|--lower-tiled-layouts=cpu-fast-paths=false"
  "lower.cpu.nontemporal-1|--lower-tiled-layouts=nontemporal-copy-threshold=1"
  "lower.cpu.register-64|--lower-tiled-layouts=vector-register-bytes=64"
  "loops|--lower-tiled-layouts --tlayout-simplify-indexing"
  "loops.no-tile-loops|--lower-tiled-layouts --tlayout-simplify-indexing=tile-loops=false"
  "loops.no-physical-order|--lower-tiled-layouts --tlayout-simplify-indexing=physical-order=false"
  "loops.no-collapse|--lower-tiled-layouts --tlayout-simplify-indexing=collapse-loops=false"
  "loops.no-jam|--lower-tiled-layouts --tlayout-simplify-indexing=jam-repeated-stores=false"
  "loops.no-reassociate|--lower-tiled-layouts --tlayout-simplify-indexing=reassociate-reductions=false"
  "loops.walk-512|--lower-tiled-layouts --tlayout-simplify-indexing=tile-row-walk-bytes=512"
  "loops.no-row-vectors|--lower-tiled-layouts --tlayout-simplify-indexing=row-accumulator-bytes=0"
  "loops.no-predicate|--lower-tiled-layouts --tlayout-simplify-indexing=predicate-tails=false"
  "loops.no-nibble|--lower-tiled-layouts --tlayout-simplify-indexing=nibble-bytes=false"
  "loops.maps-only|--lower-tiled-layouts '--tlayout-simplify-indexing=tile-loops=false physical-order=false predicate-tails=false'"
  "loops.nested|--pass-pipeline=builtin.module(lower-tiled-layouts,func.func(tlayout-simplify-indexing))"
)
BENCH_INPUTS=(bench/runtime/kernels.mlir bench/runtime/pack.mlir
              bench/runtime/pack-lowering.mlir)

# One line per command to run: `key<TAB>command`.
commands() {
  for input in "${BENCH_INPUTS[@]}"; do
    [ -f "$input" ] || continue
    for job in "${JOBS[@]}"; do
      key="${job%%|*}"
      flags="${job#*|}"
      case "$flags" in
      *--pass-pipeline=*)
        # The pass pipeline is one argument.
        pre="${flags%%--pass-pipeline=*}"
        pipe="${flags#*--pass-pipeline=}"
        printf 'bench:%s:%s\t%s %s %s%q\n' "$input" "$key" "$OPT" "$input" \
          "$pre" "--pass-pipeline=$pipe" ;;
      *)
        printf 'bench:%s:%s\t%s %s %s\n' "$input" "$key" "$OPT" "$input" \
          "$flags" ;;
      esac
    done
  done
  find test -name '*.mlir' -not -path '*/Inputs/*' | LC_ALL=C sort |
    while read -r input; do
      printf 'llvm:%s\t%s %s --split-input-file --tlayout-lower-to-llvm\n' \
        "$input" "$OPT" "$input"
    done
  python3 - "$OPT" <<'EOF'
import os, re, shlex, sys
opt = sys.argv[1]
root = os.getcwd()
files = []
for dirpath, dirnames, filenames in os.walk("test"):
    dirnames.sort()
    for f in sorted(filenames):
        if f.endswith((".mlir", ".test")) and "/Inputs" not in dirpath:
            files.append(os.path.join(dirpath, f))
for path in sorted(files):
    runs, current = [], ""
    with open(path, errors="replace") as f:
        for line in f:
            m = re.search(r"RUN:(.*)$", line)
            if not m:
                continue
            text = m.group(1).rstrip()
            if text.endswith("\\"):
                current += text[:-1] + " "
                continue
            runs.append(current + text)
            current = ""
    index = 0
    for run in runs:
        run = (run.replace("%{tlayout_src_root}", root)
                  .replace("%s", path)
                  .replace("%S", os.path.dirname(path))
                  .replace("%p", os.path.dirname(path)))
        for command in re.split(r"\|\||&&|;", run):
            # The tlayout-opt commands of a pipe: one that reads its
            # standard input is run after the one before it.
            chain = None
            for segment in command.split("|"):
                words = segment.strip().split()
                if words and words[0] == "not":
                    words = words[1:]
                if not words or words[0] != "tlayout-opt":
                    chain = None
                    continue
                index += 1
                cmd = " ".join(words[1:])
                if "%" in cmd or "<" in cmd or \
                        ">" in cmd.replace("2>&1", ""):
                    chain = None
                    continue
                try:
                    args = shlex.split(cmd)
                except ValueError:
                    chain = None
                    continue
                # -o would hide the output.
                if "-o" in args:
                    chain = None
                    continue
                if any(os.path.isfile(a) for a in args):
                    chain = f"{opt} {cmd}"
                elif chain is not None:
                    chain = f"{chain} | {opt} {cmd}"
                else:
                    continue
                print(f"run:{path}#{index}\t{chain}")
EOF
}

run_one() {
  local line="$1"
  local key="${line%%	*}"
  local cmd="${line#*	}"
  [ -n "$VERBOSE" ] && echo "$key: $cmd" >&2
  local sum
  sum=$( (eval "timeout 300 $cmd" 2>&1; echo "exit $?") | md5sum | cut -d' ' -f1)
  echo "$key $sum"
}
export -f run_one

commands | tr '\n' '\0' |
  xargs -0 -P "$PARALLEL" -I{} bash -c 'run_one "$1"' _ {} | LC_ALL=C sort
