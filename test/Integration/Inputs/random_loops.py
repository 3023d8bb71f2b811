#!/usr/bin/env python3
"""Randomized loop nests over tiled memrefs, for --tlayout-simplify-indexing.

Writes an MLIR module with one kernel per random layout (the layouts of
random_layouts.py). Each kernel walks the logical index space with a nest of
loops in a random order, each loop an affine.for or an scf.for with a random
lower bound, upper bound (constants, or function arguments the kernel cannot
see through) and step; the innermost loop sometimes carries a reduction in
iter_args. Every visited element gets its row-major id through the tiled
memref; the kernel prints the physical buffer and the reduction's total.

generate writes the module and, from the core's forward map
(tlayout-inspect --all-offsets) and the loops' index sets, what each kernel
must print. check compares what the executed module printed with it. The
lit test runs the module lowered with and without the simplification and
with physical-order permutation: any wrong index rewrite shows.
"""
import argparse
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from random_layouts import draw_case, printed_buffers  # noqa: E402


def expected_output(shape, loops, reduce, total, offsets):
    """The buffer and total the kernel must print, from the core's map."""
    buffer = [-1] * total
    visited = [[]]
    for d, size in enumerate(shape):
        _, lb, ub, step, _, _ = loops[d]
        visited = [v + [i] for v in visited for i in range(lb, ub, step)]
    acc = 0
    for index in visited:
        element_id = 0
        for d, size in enumerate(shape):
            element_id = element_id * size + index[d]
        buffer[offsets[element_id]] = element_id
        acc += element_id
    return buffer, acc if reduce else 0


def kernel(k, rng, shape, layout, total, offsets):
    rank = len(shape)
    t = ("memref<" + "x".join(map(str, shape)) + "xi32, #tlayout.tiled<" +
         layout + ">>")
    order = list(range(rank))
    rng.shuffle(order)
    # Per dimension: (kind, lb, ub, step, lb dynamic, ub dynamic).
    loops = {}
    args, values = [], []
    for d in range(rank):
        lb = rng.choice([0, 0, 0, rng.randint(0, shape[d] - 1)])
        ub = rng.choice([shape[d], shape[d], rng.randint(lb, shape[d])])
        step = rng.choice([1, 1, 1, 2, 3])
        kind = rng.choice(["affine", "affine", "scf"])
        dyn_lb = rng.random() < 0.3
        dyn_ub = rng.random() < 0.4
        loops[d] = (kind, lb, ub, step, dyn_lb, dyn_ub)
        if dyn_lb:
            args.append(f"%lb{d}: index")
            values.append(lb)
        if dyn_ub:
            args.append(f"%ub{d}: index")
            values.append(ub)
    all_affine = all(loops[d][0] == "affine" for d in range(rank))
    reduce = rng.random() < 0.5
    body = [f"func.func @case{k}({', '.join(args)}) {{",
            "  %c0 = arith.constant 0 : index",
            "  %c1 = arith.constant 1 : index",
            "  %neg = arith.constant -1 : i32",
            "  %zero = arith.constant 0 : i32",
            f"  %buf = memref.alloc() : memref<{total}xi32>",
            f"  %m = tlayout.from_physical %buf : memref<{total}xi32> to {t}",
            f"  %p = tlayout.to_physical %m : {t} to memref<{total}xi32>",
            f"  %n = arith.constant {total} : index",
            "  scf.for %k = %c0 to %n step %c1 {",
            f"    memref.store %neg, %p[%k] : memref<{total}xi32>",
            "  }",
            "  %acc = memref.alloc() : memref<1xi32>",
            "  memref.store %zero, %acc[%c0] : memref<1xi32>"]
    for d in range(rank):
        kind, lb, ub, step, dyn_lb, dyn_ub = loops[d]
        body.append(f"  %size{d} = arith.constant {shape[d]} : index")
        if kind == "scf":
            if not dyn_lb:
                body.append(f"  %lb{d} = arith.constant {lb} : index")
            if not dyn_ub:
                body.append(f"  %ub{d} = arith.constant {ub} : index")
            body.append(f"  %step{d} = arith.constant {step} : index")
    indent = "  "
    closers = []
    for level, d in enumerate(order):
        kind, lb, ub, step, dyn_lb, dyn_ub = loops[d]
        innermost = level == rank - 1
        result = ""
        carried = ""
        if innermost and reduce:
            result = "%r = "
            carried = " iter_args(%a = %zero) -> (i32)"
        if kind == "affine":
            lo = f"%lb{d}" if dyn_lb else str(lb)
            hi = f"%ub{d}" if dyn_ub else str(ub)
            body.append(f"{indent}{result}affine.for %i{d} = {lo} to {hi} "
                        f"step {step}{carried} {{")
        else:
            body.append(f"{indent}{result}scf.for %i{d} = %lb{d} to %ub{d} "
                        f"step %step{d}{carried} {{")
        closers.append((indent, kind, innermost and reduce))
        indent += "  "
    body.append(f"{indent}%id0 = arith.addi %c0, %i0 : index")
    for d in range(1, rank):
        body.append(f"{indent}%s{d} = arith.muli %id{d - 1}, %size{d} : index")
        body.append(f"{indent}%id{d} = arith.addi %s{d}, %i{d} : index")
    body.append(f"{indent}%v = arith.index_cast %id{rank - 1} : index to i32")
    ivs = ", ".join(f"%i{d}" for d in range(rank))
    store = "affine.store" if all_affine else "memref.store"
    body.append(f"{indent}{store} %v, %m[{ivs}] : {t}")
    for indent, kind, reducing in reversed(closers):
        if reducing:
            inner = indent + "  "
            body.append(f"{inner}%sum = arith.addi %a, %v : i32")
            yield_op = "affine.yield" if kind == "affine" else "scf.yield"
            body.append(f"{inner}{yield_op} %sum : i32")
            body.append(f"{indent}}}")
            body.append(f"{indent}%old = memref.load %acc[%c0] : memref<1xi32>")
            body.append(f"{indent}%new = arith.addi %old, %r : i32")
            body.append(f"{indent}memref.store %new, %acc[%c0] : memref<1xi32>")
        else:
            body.append(f"{indent}}}")
    body += [f"  %u = memref.cast %p : memref<{total}xi32> to memref<*xi32>",
             "  call @printMemrefI32(%u) : (memref<*xi32>) -> ()",
             "  %ua = memref.cast %acc : memref<1xi32> to memref<*xi32>",
             "  call @printMemrefI32(%ua) : (memref<*xi32>) -> ()",
             f"  memref.dealloc %buf : memref<{total}xi32>",
             "  memref.dealloc %acc : memref<1xi32>",
             "  return",
             "}"]
    call = [f"  %a{k}_{i} = arith.constant {v} : index"
            for i, v in enumerate(values)]
    operands = ", ".join(f"%a{k}_{i}" for i in range(len(values)))
    types = ", ".join("index" for _ in values)
    call.append(f"  call @case{k}({operands}) : ({types}) -> ()")
    return body, call, expected_output(shape, loops, reduce, total, offsets)


def generate(args):
    rng = random.Random(args.seed)
    out = ["func.func private @printMemrefI32(memref<*xi32>)"]
    calls, expected = [], []
    for k in range(args.count):
        shape, layout, total, offsets = draw_case(rng, args.inspect)
        body, call, want = kernel(k, rng, shape, layout, total, offsets)
        out += body
        calls += call
        expected.append((layout, want))
    out += ["func.func @main() {"] + calls + ["  return", "}"]
    with open(args.out + ".mlir", "w") as f:
        f.write("\n".join(out) + "\n")
    with open(args.out + ".expected", "w") as f:
        for layout, (buffer, acc) in expected:
            f.write(f"{layout} {acc} " + " ".join(map(str, buffer)) + "\n")


def check(args):
    with open(args.out + ".expected") as f:
        expected = [line.split(" ") for line in f.read().splitlines()]
    printed = printed_buffers(sys.stdin.read())
    mismatches = 0
    if len(printed) != 2 * len(expected):
        print(f"expected {2 * len(expected)} buffers, got {len(printed)}")
        mismatches += 1
    for k, (layout, acc, *buffer) in enumerate(expected):
        want = [int(x) for x in buffer]
        got = printed[2 * k] if 2 * k < len(printed) else None
        total = printed[2 * k + 1] if 2 * k + 1 < len(printed) else None
        if got != want or total != [int(acc)]:
            mismatches += 1
            print(f"mismatch in case{k} {layout}:\n  want {want} {acc}\n"
                  f"  got  {got} {total}")
    print(f"checked {len(expected)} loop nests, {mismatches} mismatches")
    return 1 if mismatches else 0


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("mode", choices=["generate", "check"])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--count", type=int, default=100)
    parser.add_argument("--inspect")
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    if args.mode == "generate":
        generate(args)
        return 0
    return check(args)


if __name__ == "__main__":
    sys.exit(main())
