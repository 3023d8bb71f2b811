#!/usr/bin/env python3
"""Turns Google Benchmark JSON files into bench/README.md's runtime table.

    report.py PIPELINE.json [COMPOSED.json [UNSIMPLIFIED.json]]

The files are tlayout-bench (the pipeline as shipped), tlayout-bench-composed
(the passes composed by hand) and tlayout-bench-unsimplified, each run with
--benchmark_repetitions=N and per-repetition results (not aggregates only).
A kernel's ratio is computed per repetition, against its reference's
repetition of the same index in the same process (kernel throughput /
reference throughput: above 1 is faster than the reference), and printed as the median with
the minimum and maximum over the repetitions. Throughput columns are the
pipeline's medians: GB/s of bytes read plus written, or GFLOP/s for the
matrix products (which count no bytes). The last column compares the
pipeline's median with the kernel's target: 0.85 of memcpy for relayout
copies and transposes written as copies, 0.95 of row-major for the
reductions along the minor dimension of a tile, row-major speed for the
others.
"""
import json
import statistics
import sys

# (kernel, reference) in the table's order.
ROWS = [
    ("relayout_to_tiled_f32", "memcpy_f32"),
    ("linalg_pack_f32", "memcpy_f32"),
    ("relayout_from_tiled_f32", "memcpy_f32"),
    ("linalg_unpack_f32", "memcpy_f32"),
    ("relayout_to_tiled_bf16", "memcpy_bf16"),
    ("linalg_pack_bf16", "memcpy_bf16"),
    ("relayout_from_tiled_bf16", "memcpy_bf16"),
    ("relayout_to_tiled_s8", "memcpy_s8"),
    ("relayout_from_tiled_s8", "memcpy_s8"),
    ("relayout_to_packed_s4", "memcpy_s8"),
    ("relayout_from_packed_s4", "memcpy_s8"),
    ("transpose_to_colmajor_f32", "memcpy_f32"),
    ("transpose_from_colmajor_f32", "memcpy_f32"),
    ("transpose_tiled_f32", "memcpy_f32"),
    ("transpose_tiled_copy_f32", "memcpy_f32"),
    ("transpose_to_colmajor_f32_2048", "memcpy_f32_2048"),
    ("transpose_tiled_copy_f32_2048", "memcpy_f32_2048"),
    ("transpose_to_colmajor_bf16", "memcpy_bf16"),
    ("transpose_tiled_copy_bf16", "memcpy_bf16"),
    ("transpose_to_colmajor_s8", "memcpy_s8"),
    ("transpose_tiled_copy_s8", "memcpy_s8"),
    ("copy_same_placement_f32", "memcpy_f32"),
    ("transpose_to_colmajor_bf16_2048", "memcpy_bf16_2048"),
    ("transpose_tiled_copy_bf16_2048", "memcpy_bf16_2048"),
    ("transpose_to_colmajor_s8_2048", "memcpy_s8_2048"),
    ("transpose_tiled_copy_s8_2048", "memcpy_s8_2048"),
    ("add_tiled", "add_rowmajor"),
    ("add_step3_tiled", "add_step3_rowmajor"),
    ("row_sum_tiled", "row_sum_rowmajor"),
    ("col_sum_tiled", "col_sum_rowmajor"),
    ("row_max_tiled", "row_max_rowmajor"),
    ("row_sum_bf16_tiled", "row_sum_bf16_rowmajor"),
    ("softmax_sum_tiled", "softmax_sum_rowmajor"),
    ("matmul_tiled_f32", "matmul_rowmajor_f32"),
    ("matmul_tiled_bf16", "matmul_rowmajor_bf16"),
]


# The target of each kernel's median ratio (kernels not named: none).
TARGETS = {kernel: 0.85 for kernel, reference in ROWS
           if reference.startswith("memcpy")
           and not kernel.startswith("linalg_")
           and kernel != "transpose_tiled_f32"}
TARGETS.update({kernel: 1.0 for kernel, reference in ROWS
                if not reference.startswith("memcpy")})
# Reductions along the minor dimension of T(8,128): 0.95 of row-major.
TARGETS.update({kernel: 0.95 for kernel in
                ("row_sum_tiled", "row_max_tiled", "row_sum_bf16_tiled",
                 "softmax_sum_tiled")})


def load(path):
    """Per benchmark: {repetition index: run} and the run's context."""
    with open(path) as f:
        data = json.load(f)
    runs = {}
    for b in data["benchmarks"]:
        if b.get("run_type") == "aggregate":
            continue
        name = b.get("run_name", b["name"])
        runs.setdefault(name, {})[b.get("repetition_index", 0)] = b
    return runs, data["context"]


def rate(run):
    """Bytes (or operations) per second; per second of real time if none."""
    return (run.get("bytes_per_second") or run.get("items_per_second")
            or 1.0 / run["real_time"])


def ratios(runs, kernel, reference):
    """Kernel rate / reference rate (the kernel and its reference move the
    same bytes, so this is the reference's time over the kernel's), per
    repetition both have."""
    if kernel not in runs or reference not in runs:
        return []
    common = sorted(set(runs[kernel]) & set(runs[reference]))
    return [rate(runs[kernel][r]) / rate(runs[reference][r]) for r in common]


def throughput(runs, name):
    """The median over repetitions, in GB/s (or GFLOP/s)."""
    return statistics.median(rate(b) for b in runs[name].values()) / 1e9


def summary(values):
    if not values:
        return "-"
    return (f"{statistics.median(values):.2f} "
            f"[{min(values):.2f}-{max(values):.2f}]")


def verdict(kernel, values):
    """Whether the median ratio meets the kernel's target, with the target."""
    target = TARGETS.get(kernel)
    if target is None or not values:
        return "-"
    met = statistics.median(values) >= target
    return f"{'meets' if met else 'MISSES'} {target:.2f}"


def main():
    if not 2 <= len(sys.argv) <= 4:
        sys.exit(__doc__)
    variants = [load(path) for path in sys.argv[1:]]
    shipped, context = variants[0]
    reps = max((len(r) for r in shipped.values()), default=0)
    print(f"{context['num_cpus']} CPUs at {context['mhz_per_cpu']} MHz, "
          f"{context['date']}, {reps} repetitions\n")
    headers = ["pipeline", "composed by hand", "without simplify-indexing"]
    headers = headers[:len(variants)]
    print("| kernel | GB/s | reference | GB/s | "
          + " | ".join(f"ratio, {h}" for h in headers)
          + " | target (pipeline) |")
    print("|---|---:|---|---:|" + "---|" * len(variants) + "---|")
    for kernel, reference in ROWS:
        if kernel not in shipped or reference not in shipped:
            continue
        cells = [summary(ratios(runs, kernel, reference))
                 for runs, _ in variants]
        print(f"| {kernel} | {throughput(shipped, kernel):.1f} | {reference} "
              f"| {throughput(shipped, reference):.1f} | "
              + " | ".join(cells) + " | "
              + verdict(kernel, ratios(shipped, kernel, reference)) + " |")


if __name__ == "__main__":
    main()
