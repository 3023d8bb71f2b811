#!/usr/bin/env python3
"""Randomized differential test of the lowering, with a fixed seed.

generate: draws random layouts (ranks 1-4, random minor_to_major, 1-3 tile
levels with combine markers and tiles longer than the shape), asks
tlayout-inspect for the core's forward map of each (--all-offsets), and
writes an MLIR module with one kernel per layout (clear the physical buffer
to -1, store each element's row-major id through the tiled memref, print the
physical buffer) plus the buffers the forward map predicts.

check: compares the buffers printed by the lowered, executed module with the
predictions, and prints `checked N layouts, M mismatches`.
"""
import argparse
import random
import re
import subprocess
import sys


def random_layout(rng):
    rank = rng.randint(1, 4)
    while True:
        shape = [rng.randint(1, 6) for _ in range(rank)]
        count = 1
        for s in shape:
            count *= s
        if count <= 256:
            break
    perm = list(range(rank))
    rng.shuffle(perm)
    tiles = []
    for _ in range(rng.randint(1, 3)):
        length = rng.randint(1, rank + 1)
        entries = [rng.choice(["*", "1", "2", "3", "4", "5"])
                   for _ in range(length)]
        if entries[-1] == "*":
            entries[-1] = str(rng.randint(1, 5))
        tiles.append("(" + ",".join(entries) + ")")
    layout = "{" + ",".join(str(d) for d in perm) + ":T" + "".join(tiles) + "}"
    return shape, layout


def draw_case(rng, inspect):
    """A random valid layout of at most 4096 physical elements: its shape,
    layout text, physical size and the core's offset of every element (in
    row-major order), from tlayout-inspect."""
    while True:
        shape, layout = random_layout(rng)
        placed = core_offsets(inspect, shape, layout)
        if placed:
            return (shape, layout) + placed


def core_offsets(inspect, shape, layout):
    """The physical size and the core's offset of every element (in row-major
    order) of `shape` under `layout`, from tlayout-inspect; None when the
    layout is invalid for the shape or has more than 4096 physical
    elements."""
    text = "s32[" + ",".join(map(str, shape)) + "]" + layout
    proc = subprocess.run([inspect, text, "--json"], capture_output=True,
                          text=True)
    if proc.returncode != 0:
        return None
    total = int(re.search(r'"physical_elements": (\d+)', proc.stdout)[1])
    if total > 4096:
        return None
    offsets = subprocess.run([inspect, text, "--all-offsets"],
                             capture_output=True, text=True,
                             check=True).stdout.split()
    return total, [int(o) for o in offsets]


def printed_buffers(text):
    """The contents of every memref printed by printMemref* in `text`."""
    lines = text.splitlines()
    return [[int(x) for x in re.findall(r"-?\d+", lines[i + 1])]
            for i, line in enumerate(lines)
            if line.startswith("Unranked Memref")]


def generate(args):
    rng = random.Random(args.seed)
    cases = []
    while len(cases) < args.count:
        shape, layout, total, offsets = draw_case(rng, args.inspect)
        expected = [-1] * total
        for element_id, offset in enumerate(offsets):
            expected[offset] = element_id
        cases.append((shape, layout, total, expected))

    out = ["func.func private @printMemrefI32(memref<*xi32>)"]
    calls = []
    for k, (shape, layout, total, _) in enumerate(cases):
        t = ("memref<" + "x".join(map(str, shape)) +
             "xi32, #tlayout.tiled<" + layout + ">>")
        body = [f"func.func @case{k}() {{",
                "  %c0 = arith.constant 0 : index",
                "  %c1 = arith.constant 1 : index",
                "  %neg = arith.constant -1 : i32",
                f"  %buf = memref.alloc() : memref<{total}xi32>",
                f"  %m = tlayout.from_physical %buf : memref<{total}xi32> to {t}",
                f"  %p = tlayout.to_physical %m : {t} to memref<{total}xi32>",
                f"  %n = arith.constant {total} : index",
                "  scf.for %k = %c0 to %n step %c1 {",
                f"    memref.store %neg, %p[%k] : memref<{total}xi32>",
                "  }"]
        ivs = []
        for d, size in enumerate(shape):
            body.append(f"  %ub{d} = arith.constant {size} : index")
        indent = "  "
        for d in range(len(shape)):
            body.append(f"{indent}scf.for %i{d} = %c0 to %ub{d} step %c1 {{")
            ivs.append(f"%i{d}")
            indent += "  "
        # Row-major id of the element.
        body.append(f"{indent}%id0 = arith.addi %c0, %i0 : index")
        for d in range(1, len(shape)):
            body.append(f"{indent}%s{d} = arith.muli %id{d - 1}, %ub{d} : index")
            body.append(f"{indent}%id{d} = arith.addi %s{d}, %i{d} : index")
        last = len(shape) - 1
        body.append(f"{indent}%v = arith.index_cast %id{last} : index to i32")
        body.append(f"{indent}memref.store %v, %m[{', '.join(ivs)}] : {t}")
        for d in range(len(shape)):
            indent = indent[:-2]
            body.append(f"{indent}}}")
        body += [f"  %u = memref.cast %p : memref<{total}xi32> to memref<*xi32>",
                 "  call @printMemrefI32(%u) : (memref<*xi32>) -> ()",
                 f"  memref.dealloc %buf : memref<{total}xi32>",
                 "  return",
                 "}"]
        out += body
        calls.append(f"  call @case{k}() : () -> ()")
    out += ["func.func @main() {"] + calls + ["  return", "}"]
    with open(args.out + ".mlir", "w") as f:
        f.write("\n".join(out) + "\n")
    with open(args.out + ".expected", "w") as f:
        for shape, layout, _, expected in cases:
            f.write(f"{shape} {layout} " + " ".join(map(str, expected)) + "\n")


def check(args):
    with open(args.out + ".expected") as f:
        expected = [line.split("} ", 1) for line in f.read().splitlines()]
    printed = printed_buffers(sys.stdin.read())
    mismatches = 0
    if len(printed) != len(expected):
        print(f"expected {len(expected)} buffers, got {len(printed)}")
        mismatches += 1
    for (head, values), got in zip(expected, printed):
        want = [int(x) for x in values.split()]
        if want != got:
            mismatches += 1
            print(f"mismatch for {head}}}:\n  want {want}\n  got  {got}")
    print(f"checked {len(expected)} layouts, {mismatches} mismatches")
    return 1 if mismatches else 0


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("mode", choices=["generate", "check"])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--count", type=int, default=300)
    parser.add_argument("--inspect")
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    return generate(args) if args.mode == "generate" else check(args)


if __name__ == "__main__":
    sys.exit(main() or 0)
