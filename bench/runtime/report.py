#!/usr/bin/env python3
"""Turns two Google Benchmark JSON files into bench/README.md's tables.

The first file is tlayout-bench (the pipeline as shipped), the second
tlayout-bench-unsimplified. Figures are medians over the repetitions, in
GB/s of bytes read plus written; ratios are against the reference run in the
same process (memcpy of the same bytes, or the row-major kernel).

Google Benchmark writes `_median` aggregates only with two or more
repetitions; with one, the single run's figure is used.
"""
import json
import statistics
import sys


def medians(path):
    with open(path) as f:
        data = json.load(f)
    aggregated = {}
    runs = {}
    for b in data["benchmarks"]:
        name = b.get("run_name", b["name"])
        if b.get("run_type") == "aggregate":
            if b.get("aggregate_name") == "median":
                aggregated[name] = b["bytes_per_second"] / 1e9
        else:
            runs.setdefault(name, []).append(b["bytes_per_second"] / 1e9)
    result = {name: statistics.median(values) for name, values in runs.items()}
    result.update(aggregated)
    return result, data["context"]


def main():
    shipped, context = medians(sys.argv[1])
    plain, _ = medians(sys.argv[2])
    print(f"{context['num_cpus']} CPUs at {context['mhz_per_cpu']} MHz, "
          f"{context['date']}\n")
    print("| kernel | GB/s | reference | GB/s | ratio | "
          "ratio without simplify-indexing |")
    print("|---|---|---|---|---|---|")
    rows = [
        ("relayout_to_tiled_f32", "memcpy_f32"),
        ("linalg_pack_f32", "memcpy_f32"),
        ("relayout_from_tiled_f32", "memcpy_f32"),
        ("linalg_unpack_f32", "memcpy_f32"),
        ("relayout_to_tiled_bf16", "memcpy_bf16"),
        ("linalg_pack_bf16", "memcpy_bf16"),
        ("add_tiled", "add_rowmajor"),
        ("row_sum_tiled", "row_sum_rowmajor"),
        ("col_sum_tiled", "col_sum_rowmajor"),
    ]
    for kernel, reference in rows:
        ratio = shipped[kernel] / shipped[reference]
        before = plain[kernel] / plain[reference]
        print(f"| {kernel} | {shipped[kernel]:.1f} | {reference} | "
              f"{shipped[reference]:.1f} | {ratio:.2f} | {before:.2f} |")


if __name__ == "__main__":
    main()
