#!/usr/bin/env python3
"""Randomized loop nests over tiled memrefs, for --tlayout-simplify-indexing.

Writes an MLIR module with one kernel per random layout (the layouts of
random_layouts.py). Each kernel walks the logical index space with a nest of
loops in a random order, each loop an affine.for or an scf.for with a random
lower bound, upper bound (constants, or function arguments the kernel cannot
see through) and step; the innermost loop sometimes carries a reduction in
iter_args: an integer sum, or a float maximum or minimum (maxnumf, minnumf,
maximumf, minimumf with reassoc, nnan or fast) started from a value that is
not its identity. Every visited element gets its row-major id through the
tiled memref; the kernel prints the physical buffer and the reduction's
total (the sum of the innermost loop's results).

With --dynamic, dimensions get run-time sizes (function arguments); with
--copy, kernels also copy the memref with memref.copy into one of another
random layout (sometimes through a static memref with tail padding) and print
that buffer too. Both draw from a stream of their own: a seed's loop nests
are the same with or without them.

generate writes the module and, from the core's forward map
(tlayout-inspect --all-offsets) and the loops' index sets, what each kernel
must print. check compares what the executed module printed with it. The
lit test runs the module lowered with and without the simplification and
with physical-order permutation: any wrong index rewrite shows.
"""
import argparse
import os
import random
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from random_layouts import core_offsets, draw_case, printed_buffers  # noqa: E402


def draw_layout_for(rng, shape, inspect, padded=False):
    """A random valid layout of `shape` (as random_layouts.py draws them,
    with tail padding L(n) if `padded`) of at most 4096 physical elements:
    its text, physical size and offsets."""
    rank = len(shape)
    while True:
        perm = list(range(rank))
        rng.shuffle(perm)
        tiles = []
        for _ in range(rng.randint(1, 3)):
            entries = [rng.choice(["*", "1", "2", "3", "4", "5"])
                       for _ in range(rng.randint(1, rank + 1))]
            if entries[-1] == "*":
                entries[-1] = str(rng.randint(1, 5))
            tiles.append("(" + ",".join(entries) + ")")
        padding = f"L({rng.randint(2, 16)})" if padded else ""
        layout = ("{" + ",".join(map(str, perm)) + ":T" + "".join(tiles) +
                  padding + "}")
        placed = core_offsets(inspect, shape, layout)
        if placed:
            return (layout,) + placed


# The float reductions the innermost loop may carry: (op, fastmath flags,
# initial value, Python combiner). The initial values are not identities, so
# the partials' own starting values must not show.
FLOAT_REDUCTIONS = [
    ("arith.maxnumf", "reassoc", -1, max),
    ("arith.maxnumf", "reassoc,nnan", -1, max),
    ("arith.maxnumf", "fast", -1, max),
    ("arith.maximumf", "fast", -1, max),
    ("arith.maximumf", "reassoc,nnan", -1, max),
    ("arith.minnumf", "fast", 5000, min),
    ("arith.minnumf", "reassoc,nnan", 5000, min),
    ("arith.minimumf", "reassoc,ninf", 5000, min),
]


def expected_output(shape, loops, reduce, total, offsets, order, reduction):
    """The buffer and total the kernel must print, from the core's map."""
    buffer = [-1] * total
    visited = [[]]
    for d, size in enumerate(shape):
        _, lb, ub, step, _, _ = loops[d]
        visited = [v + [i] for v in visited for i in range(lb, ub, step)]

    def element_id(index):
        value = 0
        for d, size in enumerate(shape):
            value = value * size + index[d]
        return value

    for index in visited:
        buffer[offsets[element_id(index)]] = element_id(index)
    if not reduce:
        return buffer, 0
    if reduction is None:
        return buffer, sum(element_id(index) for index in visited)
    # One result per run of the innermost loop: the loops around it give
    # the runs (none if one of them has no trip).
    _, _, init, combine = reduction
    inner = order[-1]
    _, lb, ub, step, _, _ = loops[inner]
    runs = [[]]
    for d in order[:-1]:
        _, olb, oub, ostep, _, _ = loops[d]
        runs = [r + [(d, i)] for r in runs for i in range(olb, oub, ostep)]
    acc = 0
    for run in runs:
        index = [0] * len(shape)
        for d, i in run:
            index[d] = i
        value = init
        for i in range(lb, ub, step):
            index[inner] = i
            value = combine(value, element_id(index))
        acc += value
    return buffer, acc


def kernel(k, rng, shape, layout, total, offsets, options):
    rank = len(shape)
    # Dimensions of run-time size and the copy, drawn from their own stream
    # so that the loops drawn for a seed do not depend on those options.
    dyn_rng = random.Random(f"dynamic-{options.seed}-{k}")
    dyn_dims = [d for d in range(rank) if dyn_rng.random() < options.dynamic]
    dims_text = "x".join("?" if d in dyn_dims else str(shape[d])
                         for d in range(rank))
    t = f"memref<{dims_text}xi32, #tlayout.tiled<{layout}>>"
    # The copy: the tiled memref is copied into one of another layout.
    # Its sizes are run-time values or not independently of the source's;
    # half of the copies go through a static memref with tail padding.
    copy, copy_dyn_dims, padded = None, [], None
    if dyn_rng.random() < options.copy:
        copy = draw_layout_for(dyn_rng, shape, options.inspect)
        copy_dyn_dims = [d for d in range(rank)
                         if dyn_rng.random() < options.dynamic]
        if dyn_rng.random() < 0.5:
            padded = draw_layout_for(dyn_rng, shape, options.inspect,
                                     padded=True)
    order = list(range(rank))
    rng.shuffle(order)
    # Per dimension: (kind, lb, ub, step, lb dynamic, ub dynamic).
    loops = {}
    args = [f"%dsize{d}: index" for d in dyn_dims]
    args += [f"%esize{d}: index" for d in copy_dyn_dims]
    values = [shape[d] for d in dyn_dims + copy_dyn_dims]
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
    # The reduction's kind, from a stream of its own (a seed's loop nests do
    # not depend on it): an integer sum or one of FLOAT_REDUCTIONS.
    red_rng = random.Random(f"reduction-{options.seed}-{k}")
    reduction = None
    if red_rng.random() < 0.5:
        reduction = red_rng.choice(FLOAT_REDUCTIONS)
    body = [f"func.func @case{k}({', '.join(args)}) {{",
            "  %c0 = arith.constant 0 : index",
            "  %c1 = arith.constant 1 : index",
            "  %neg = arith.constant -1 : i32",
            "  %zero = arith.constant 0 : i32",
            f"  %buf = memref.alloc() : memref<{total}xi32>"]
    if dyn_dims:
        # The sizes are arguments the kernel cannot see through; the
        # buffer is cleared and printed as it is.
        sizes = ", ".join(f"%dsize{d}" for d in dyn_dims)
        body += [f"  %dbuf = memref.cast %buf : memref<{total}xi32> to "
                 "memref<?xi32>",
                 f"  %m = tlayout.from_physical %dbuf[{sizes}] : "
                 f"memref<?xi32> to {t}"]
        phys = "%buf"
    else:
        phys = "%p"
        body += [
            f"  %m = tlayout.from_physical %buf : memref<{total}xi32> to {t}",
            f"  %p = tlayout.to_physical %m : {t} to memref<{total}xi32>"]
    body += [
            f"  %n = arith.constant {total} : index",
            "  scf.for %k = %c0 to %n step %c1 {",
            f"    memref.store %neg, {phys}[%k] : memref<{total}xi32>",
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
        if innermost and reduce and reduction:
            result = "%r = "
            body.append(f"{indent}%init = arith.constant {reduction[2]}.0 : "
                        "f32")
            carried = " iter_args(%a = %init) -> (f32)"
        elif innermost and reduce:
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
            yield_op = "affine.yield" if kind == "affine" else "scf.yield"
            if reduction:
                op, flags = reduction[0], reduction[1]
                body.append(f"{inner}%f = arith.sitofp %v : i32 to f32")
                body.append(f"{inner}%sum = {op} %a, %f fastmath<{flags}> "
                            ": f32")
                body.append(f"{inner}{yield_op} %sum : f32")
            else:
                body.append(f"{inner}%sum = arith.addi %a, %v : i32")
                body.append(f"{inner}{yield_op} %sum : i32")
            body.append(f"{indent}}}")
            result = "%r"
            if reduction:
                body.append(f"{indent}%ri = arith.fptosi %r : f32 to i32")
                result = "%ri"
            body.append(f"{indent}%old = memref.load %acc[%c0] : memref<1xi32>")
            body.append(f"{indent}%new = arith.addi %old, {result} : i32")
            body.append(f"{indent}memref.store %new, %acc[%c0] : memref<1xi32>")
        else:
            body.append(f"{indent}}}")
    body += [f"  %u = memref.cast {phys} : memref<{total}xi32> to "
             "memref<*xi32>",
             "  call @printMemrefI32(%u) : (memref<*xi32>) -> ()",
             "  %ua = memref.cast %acc : memref<1xi32> to memref<*xi32>",
             "  call @printMemrefI32(%ua) : (memref<*xi32>) -> ()",
]
    if copy:
        layout2, total2, _ = copy
        dims_text2 = "x".join("?" if d in copy_dyn_dims else str(shape[d])
                              for d in range(rank))
        t2 = f"memref<{dims_text2}xi32, #tlayout.tiled<{layout2}>>"
        body += [f"  %buf2 = memref.alloc() : memref<{total2}xi32>",
                 f"  %n2 = arith.constant {total2} : index",
                 "  scf.for %k = %c0 to %n2 step %c1 {",
                 f"    memref.store %neg, %buf2[%k] : memref<{total2}xi32>",
                 "  }"]
        if copy_dyn_dims:
            sizes2 = ", ".join(f"%esize{d}" for d in copy_dyn_dims)
            body += [f"  %dbuf2 = memref.cast %buf2 : memref<{total2}xi32> "
                     "to memref<?xi32>",
                     f"  %m2 = tlayout.from_physical %dbuf2[{sizes2}] : "
                     f"memref<?xi32> to {t2}"]
        else:
            body.append(f"  %m2 = tlayout.from_physical %buf2 : "
                        f"memref<{total2}xi32> to {t2}")
        source, source_type = "%m", t
        if padded:
            layout_p, total_p, _ = padded
            tp = ("memref<" + "x".join(map(str, shape)) +
                  f"xi32, #tlayout.tiled<{layout_p}>>")
            body += [f"  %bufp = memref.alloc() : memref<{total_p}xi32>",
                     f"  %mp = tlayout.from_physical %bufp : "
                     f"memref<{total_p}xi32> to {tp}",
                     f"  memref.copy %m, %mp : {t} to {tp}"]
            source, source_type = "%mp", tp
        body += [f"  memref.copy {source}, %m2 : {source_type} to {t2}",
                 f"  %u2 = memref.cast %buf2 : memref<{total2}xi32> to "
                 "memref<*xi32>",
                 "  call @printMemrefI32(%u2) : (memref<*xi32>) -> ()",
                 f"  memref.dealloc %buf2 : memref<{total2}xi32>"]
        if padded:
            body.append(f"  memref.dealloc %bufp : memref<{padded[1]}xi32>")
    body += [
             f"  memref.dealloc %buf : memref<{total}xi32>",
             "  memref.dealloc %acc : memref<1xi32>",
             "  return",
             "}"]
    call = [f"  %a{k}_{i} = arith.constant {v} : index"
            for i, v in enumerate(values)]
    operands = ", ".join(f"%a{k}_{i}" for i in range(len(values)))
    types = ", ".join("index" for _ in values)
    call.append(f"  call @case{k}({operands}) : ({types}) -> ()")
    buffer, acc = expected_output(shape, loops, reduce, total, offsets, order,
                                  reduction)
    copied = None
    if copy:
        _, total2, offsets2 = copy
        # Every element of the source, visited (its id) or not (-1), lands
        # at its offset in the copy; the copy's padding stays -1.
        copied = [-1] * total2
        for element_id, offset in enumerate(offsets):
            copied[offsets2[element_id]] = buffer[offset]
        copied = (copy[0], copied)
    return body, call, (buffer, acc, copied)


def generate(args):
    rng = random.Random(args.seed)
    out = ["func.func private @printMemrefI32(memref<*xi32>)"]
    calls, expected = [], []
    for k in range(args.count):
        shape, layout, total, offsets = draw_case(rng, args.inspect)
        body, call, want = kernel(k, rng, shape, layout, total, offsets,
                                  args)
        out += body
        calls += call
        expected.append((layout, want))
    out += ["func.func @main() {"] + calls + ["  return", "}"]
    with open(args.out + ".mlir", "w") as f:
        f.write("\n".join(out) + "\n")
    with open(args.out + ".expected", "w") as f:
        for layout, (buffer, acc, copied) in expected:
            f.write(f"{layout} {acc} " + " ".join(map(str, buffer)) + "\n")
            if copied:
                f.write(f"copy {copied[0]} " + " ".join(map(str, copied[1])) +
                        "\n")


def check(args):
    # Per kernel: "layout acc buffer...", then "copy layout buffer..." when
    # the kernel copies.
    kernels = []
    with open(args.out + ".expected") as f:
        for line in f.read().splitlines():
            fields = line.split(" ")
            if fields[0] == "copy":
                kernels[-1]["copy"] = (fields[1],
                                       [int(x) for x in fields[2:]])
            else:
                kernels.append({"layout": fields[0], "acc": int(fields[1]),
                                "buffer": [int(x) for x in fields[2:]],
                                "copy": None})
    printed = printed_buffers(sys.stdin.read())
    wanted = sum(3 if kern["copy"] else 2 for kern in kernels)
    mismatches = 0
    if len(printed) != wanted:
        print(f"expected {wanted} buffers, got {len(printed)}")
        mismatches += 1
    printed += [None] * max(0, wanted - len(printed))
    next_buffer = 0
    for k, kern in enumerate(kernels):
        got = printed[next_buffer]
        total = printed[next_buffer + 1]
        next_buffer += 2
        if got != kern["buffer"] or total != [kern["acc"]]:
            mismatches += 1
            print(f"mismatch in case{k} {kern['layout']}:\n"
                  f"  want {kern['buffer']} {kern['acc']}\n"
                  f"  got  {got} {total}")
        if kern["copy"]:
            layout2, want2 = kern["copy"]
            got2 = printed[next_buffer]
            next_buffer += 1
            if got2 != want2:
                mismatches += 1
                print(f"mismatch in the copy of case{k} {kern['layout']} "
                      f"into {layout2}:\n  want {want2}\n  got  {got2}")
    print(f"checked {len(kernels)} loop nests, {mismatches} mismatches")
    return 1 if mismatches else 0


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("mode", choices=["generate", "check"])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--count", type=int, default=100)
    parser.add_argument("--inspect")
    parser.add_argument("--dynamic", type=float, default=0.0,
                        help="probability that a dimension's size is a "
                        "run-time value (default 0)")
    parser.add_argument("--copy", type=float, default=0.0,
                        help="probability that a kernel copies its memref "
                        "into one of another layout and prints that too "
                        "(default 0)")
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    if args.mode == "generate":
        generate(args)
        return 0
    return check(args)


if __name__ == "__main__":
    sys.exit(main())
