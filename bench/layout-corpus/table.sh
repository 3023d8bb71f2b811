#!/usr/bin/env bash
# Prints the layout-assignment table of the corpus, in markdown: for each
# program (bench/layout-corpus/*.mlir, or the ones named), one row per
# policy of --tlayout-assign-layouts,
#   row-major  all row-major, relayouts at the boundaries   (a)
#   propagate  today's propagation from the boundaries      (b)
#   fast       the assignment's fast mode                   (c)
#   exact      its exact mode                               (d)
# with the bytes its relayouts move and the padding bytes of the values that
# get buffers (in the module, and in the model: the functions other than
# the harness, @main, input_* and print_*), the peak of live bytes per
# memory space (all from the JSON summary the pass writes with
# summary=FILE), the solver's verdict, and for
# (b) and (c) the CPU runtime of one run of the program's @main compiled by
# --tlayout-tpu-bufferize-pipeline with that policy. mlir-runner's JIT
# compilation takes longer than these programs run, so the script times
# (wall clock, `date +%s%N`, best of REPEAT) a copy whose @main runs the
# program's @main ITERATIONS times and a copy that runs it once, and prints
# the difference divided by ITERATIONS - 1.
#
#   bash bench/layout-corpus/table.sh [-b BUILD_DIR] [PROGRAM.mlir...]
#
# Environment: REPEAT (default 3), ITERATIONS (default 50), RUNTIME=0 skips
# the runtime column, KEEP=DIR keeps the summaries, compiled programs and
# errors in DIR.
# A policy whose command fails gets a row with the first line of its error.
set -uo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
BUILD="$ROOT/build"
if [ "${1:-}" = "-b" ]; then BUILD="$(cd "$2" && pwd)"; shift 2; fi
OPT="$BUILD/bin/tlayout-opt"
LLVM_BIN="${LLVM_BIN:-/usr/lib/llvm-22/bin}"
LIBS="${MLIR_LIB_DIR:-/usr/lib/llvm-22/lib}"
RUNNER="$LLVM_BIN/mlir-runner"
REPEAT="${REPEAT:-3}"
ITERATIONS="${ITERATIONS:-50}"
RUNTIME="${RUNTIME:-1}"
[ -x "$OPT" ] || { echo "table.sh: no $OPT (build first: bash scripts/build.sh)" >&2; exit 1; }
[ -x "$RUNNER" ] || RUNNER="$(command -v mlir-runner || command -v mlir-runner-22)"

if [ "$#" -eq 0 ]; then set -- "$HERE"/*.mlir; fi
if [ -n "${KEEP:-}" ]; then mkdir -p "$KEEP"; WORK="$(cd "$KEEP" && pwd)";
else WORK="$(mktemp -d)"; trap 'rm -rf "$WORK"' EXIT; fi

# with_iterations PROGRAM N: the program with its @main renamed and a new
# @main that calls it N times (the programs end with the module's "}").
with_iterations() {
  sed -e 's/func\.func @main()/func.func @corpus_main()/' "$1" | sed -e '$d'
  cat <<MLIR
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = arith.constant $2 : index
    scf.for %i = %c0 to %n step %c1 {
      func.call @corpus_main() : () -> ()
    }
    return
  }
}
MLIR
}

# best_time PROGRAM POLICY N: the best of REPEAT wall-clock times (ns) of
# mlir-runner on the program compiled with the policy, @main run N times.
best_time() {
  local prog="$1" pol="$2" n="$3" base best= t0 t
  base="$WORK/$(basename "$prog" .mlir).$pol.x$n"
  with_iterations "$prog" "$n" > "$base.mlir"
  if ! "$OPT" "$base.mlir" "--tlayout-tpu-bufferize-pipeline=layout-policy=$pol" \
       -o "$base.llvm.mlir" 2> "$base.err"; then
    { grep -m1 error "$base.err" || head -n1 "$base.err"; } > "${base%.x$n}.runtime.err"
    return 1
  fi
  for _ in $(seq "$REPEAT"); do
    t0=$(date +%s%N)
    if ! "$RUNNER" -e main -entry-point-result=void \
         "-shared-libs=$LIBS/libmlir_runner_utils.so,$LIBS/libmlir_c_runner_utils.so" \
         "$base.llvm.mlir" > /dev/null 2> "$base.run.err"; then
      head -n1 "$base.run.err" > "${base%.x$n}.runtime.err"; return 1
    fi
    t=$(( $(date +%s%N) - t0 ))
    if [ -z "$best" ] || [ "$t" -lt "$best" ]; then best=$t; fi
  done
  echo "$best"
}

POLICIES="row-major propagate fast exact"
: > "$WORK/rows.tsv"
for prog in "$@"; do
  name="$(basename "$prog" .mlir)"
  for pol in $POLICIES; do
    json="$WORK/$name.$pol.json"
    err="$WORK/$name.$pol.err"
    rm -f "$json"
    if "$OPT" "$prog" "--tlayout-assign-layouts=policy=$pol summary=$json" \
         -o /dev/null 2> "$err" && [ -s "$json" ]; then
      status=ok
    else
      status="$(grep -m1 -E 'error|Error' "$err" || head -n1 "$err")"
      [ -n "$status" ] || status="no summary written"
    fi
    runtime=-
    if [ "$RUNTIME" != 0 ] && { [ "$pol" = propagate ] || [ "$pol" = fast ]; }; then
      t1=$(best_time "$prog" "$pol" 1) && tn=$(best_time "$prog" "$pol" "$ITERATIONS") \
        && runtime=$(python3 -c "print(f'{max(0, $tn - $t1) / ($ITERATIONS - 1) / 1e6:.2f}')") \
        || runtime="fails: $(cat "$WORK/$name.$pol.runtime.err")"
    fi
    printf '%s\t%s\t%s\t%s\t%s\n' "$name" "$pol" "$json" "$runtime" "$status" >> "$WORK/rows.tsv"
  done
done

python3 - "$WORK/rows.tsv" <<'PY'
import json, re, sys

rows = []
for line in open(sys.argv[1]):
    name, pol, path, runtime, status = line.rstrip("\n").split("\t", 4)
    summary = None
    if status == "ok":
        try:
            summary = json.load(open(path))
        except (OSError, ValueError) as e:
            status = f"unreadable summary: {e}"
    rows.append((name, pol, summary, runtime.replace("|", "\\|")[:160], status))

spaces = sorted({s for _, _, j, _, _ in rows if j for s in j.get("peak_bytes", {})})
label = {"row-major": "(a) row-major", "propagate": "(b) propagate",
         "fast": "(c) fast", "exact": "(d) exact"}
head = (["program", "policy", "moved bytes", "padding bytes", "model moved bytes",
         "model padding bytes"]
        + [f"peak {s} bytes" for s in spaces] + ["solver", "runtime (ms per run)"])
print("| " + " | ".join(head) + " |")
print("|" + "|".join(["---", "---"] + ["---:"] * (len(head) - 4) + ["---", "---:"]) + "|")


def model(j, key):
    """The sum over the functions that are not the harness (@main, input_*,
    print_*), or ? without per-function figures."""
    functions = [f for f in j.get("functions", [])
                 if not re.match(r"^(main$|input_|print_)", f.get("name", ""))]
    if not functions:
        return "?"
    return str(sum(int(f.get(key, 0)) for f in functions))
for name, pol, j, runtime, status in rows:
    if j is None:
        cells = [name, label[pol], "fails: " + status.replace("|", "\\|")[:160]]
        cells += [""] * (len(head) - 4) + [runtime]
    else:
        # "solver" names the solver (exact, fast, heuristic) and
        # "proved_optimal" says whether its answer is proved optimal;
        # otherwise "gap" is its distance to a lower bound, as a fraction.
        solver = j.get("solver", "?")
        gap = float(j.get("gap", 0) or 0)
        if j.get("proved_optimal") or solver == "optimal":
            solver = f"{solver}, optimal" if solver != "optimal" else solver
        else:
            solver = f"{solver}, gap {100 * gap:.1f}%"
        peaks = j.get("peak_bytes", {})
        cells = ([name, label[pol], str(j.get("moved_bytes", "?")),
                  str(j.get("padding_bytes", "?")), model(j, "moved_bytes"),
                  model(j, "padding_bytes")]
                 + [str(peaks.get(s, 0)) for s in spaces] + [solver, runtime])
    print("| " + " | ".join(cells) + " |")
PY
