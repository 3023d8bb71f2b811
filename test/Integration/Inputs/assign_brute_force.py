#!/usr/bin/env python3
"""The exact mode of --tlayout-assign-layouts against every assignment.

Draws small random tensor programs (random_tensor_programs.py's kernels,
one per program: element-wise ops, reductions, broadcasts, transposes,
reshapes, constants, loops, slices, with random layouts at the
boundaries), runs the assignment with policy=exact and with
policy=enumerate (every assignment of the same problem, tried one by one)
and compares the costs their JSON summaries report (moved plus padding
bytes). Programs with more than 10^6 assignments are skipped by
enumerate's own refusal; the script prints how many were compared and
fails on any difference or error.

    assign_brute_force.py --opt tlayout-opt [--count N] [--seed S]
"""
import argparse
import json
import os
import random
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import random_tensor_programs as rtp  # noqa: E402

TARGET = 'target=#tlayout_tpu.target<"v5e">'


def summary(opt, text, policy, workdir):
    path = os.path.join(workdir, f"{policy}.json")
    proc = subprocess.run(
        [opt, "-", f"--tlayout-assign-layouts={TARGET} policy={policy} "
         f"summary={path}", "-o", os.devnull,
         "--mlir-print-op-on-diagnostic=false"],
        input=text, capture_output=True, text=True, timeout=120)
    if proc.returncode != 0:
        return None, proc.stderr
    with open(path) as fh:
        return json.load(fh), ""


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--opt", required=True)
    parser.add_argument("--count", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    compared = failures = 0
    with tempfile.TemporaryDirectory() as workdir:
        for index in range(args.count):
            prog_rng = random.Random(rng.randrange(1 << 30))
            kern = rtp.Kernel(prog_rng, f"k{index}",
                              prog_rng.choice(["f32", "i32", "bf16", "i8"]))
            kern.build()
            text = rtp.render_program([kern], True)
            brute, why = summary(args.opt, text, "enumerate", workdir)
            if brute is None:
                if "it tries at most" in why:
                    continue
                print(f"program {index}: enumerate failed: {why.strip()[:300]}")
                failures += 1
                continue
            exact, why = summary(args.opt, text, "exact", workdir)
            if exact is None:
                print(f"program {index}: exact failed: {why.strip()[:300]}")
                failures += 1
                continue
            compared += 1
            cost = lambda s: s["moved_bytes"] + s["padding_bytes"]
            if cost(exact) != cost(brute) or not exact["proved_optimal"]:
                failures += 1
                print(f"program {index}: exact {cost(exact)} "
                      f"(proved {exact['proved_optimal']}), every assignment "
                      f"{cost(brute)}")
    print(f"assign-brute-force: {compared} programs compared, "
          f"{failures} failures")
    return 1 if failures or compared < args.count // 2 else 0


if __name__ == "__main__":
    sys.exit(main())
