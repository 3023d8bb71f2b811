#!/usr/bin/env python3
"""Differential test of transposing copies at odd shapes, with a fixed seed.

Prints an MLIR module with one kernel per case: a row-major source of a
random shape (8-1151 along each dimension) filled with each element's
row-major id (modulo 251), copied into layout X, then from X into layout Y
(the copies between layouts whose runs go along different dimensions are
the transposing ones: blocks, smaller blocks for the rest, staged groups,
carried groups where the target's runs do not start lines),
then read back element by element through Y's own loads and copied from Y
back to row-major. `main` prints the number of cases and the number of
elements that differ from the source, both ways.
"""
import argparse
import random

TYPES = {
    "i8": ("arith.trunci", "arith.cmpi ne"),
    "i16": ("arith.trunci", "arith.cmpi ne"),
    "f32": ("arith.uitofp", "arith.cmpf une"),
    "f64": ("arith.uitofp", "arith.cmpf une"),
    "bf16": ("arith.uitofp", "arith.cmpf une"),
}

ROW_MAJOR = None
PAIRS = [
    (ROW_MAJOR, "{0,1}"),
    ("{0,1}", ROW_MAJOR),
    ("{1,0:T(8,128)}", "{0,1:T(8,128)}"),
    ("{0,1:T(8,128)}", "{1,0:T(8,128)}"),
    (ROW_MAJOR, "{0,1:T(8,128)}"),
    ("{0,1}", "{1,0:T(8,128)}"),
]


def memref(rows, cols, elem, layout):
    text = f"memref<{rows}x{cols}x{elem}"
    if layout is not None:
        text += f", #tlayout.tiled<{layout}>"
    return text + ">"


def kernel(index, elem, x, y, rows, cols):
    convert, differ = TYPES[elem]
    plain = memref(rows, cols, elem, None)
    tx, ty = memref(rows, cols, elem, x), memref(rows, cols, elem, y)
    lines = [f"// {elem}[{rows},{cols}] {x or 'row-major'} -> "
             f"{y or 'row-major'}",
             f"func.func @case{index}(%count: memref<1xi64>) {{",
             f"  %src = memref.alloc() : {plain}",
             f"  affine.for %i = 0 to {rows} {{",
             f"    affine.for %j = 0 to {cols} {{",
             f"      %k = affine.apply affine_map<(i, j) -> "
             f"((i * {cols} + j) mod 251)>(%i, %j)",
             "      %w = arith.index_cast %k : index to i32",
             f"      %v = {convert} %w : i32 to {elem}",
             f"      affine.store %v, %src[%i, %j] : {plain}",
             "    }",
             "  }"]
    if x is None:
        lines.append(f"  %x = memref.cast %src : {plain} to {plain}")
    else:
        lines += [f"  %x = memref.alloc() : {tx}",
                  f"  memref.copy %src, %x : {plain} to {tx}"]
    if y is None:
        lines.append(f"  %y = memref.alloc() : {plain}")
    else:
        lines.append(f"  %y = memref.alloc() : {ty}")
    lines += [f"  memref.copy %x, %y : {tx} to {ty}",
              f"  %back = memref.alloc() : {plain}",
              f"  memref.copy %y, %back : {ty} to {plain}",
              "  %c0 = arith.constant 0 : index",
              "  %one = arith.constant 1 : i64",
              "  %zero = arith.constant 0 : i64",
              f"  %n = affine.for %i = 0 to {rows} iter_args(%a = %zero) "
              "-> i64 {",
              f"    %m = affine.for %j = 0 to {cols} iter_args(%b = %a) "
              "-> i64 {",
              f"      %s = affine.load %src[%i, %j] : {plain}",
              f"      %t = affine.load %y[%i, %j] : {ty}",
              f"      %r = affine.load %back[%i, %j] : {plain}",
              f"      %d0 = {differ}, %s, %t : {elem}",
              f"      %d1 = {differ}, %s, %r : {elem}",
              "      %e0 = arith.select %d0, %one, %zero : i64",
              "      %e1 = arith.select %d1, %one, %zero : i64",
              "      %e = arith.addi %e0, %e1 : i64",
              "      %f = arith.addi %b, %e : i64",
              "      affine.yield %f : i64",
              "    }",
              "    affine.yield %m : i64",
              "  }",
              "  %old = memref.load %count[%c0] : memref<1xi64>",
              "  %new = arith.addi %old, %n : i64",
              "  memref.store %new, %count[%c0] : memref<1xi64>",
              "  return",
              "}"]
    return lines


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--count", type=int, default=24)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    lines = []
    for index in range(args.count):
        elem = rng.choice(sorted(TYPES))
        x, y = rng.choice(PAIRS)
        # Mostly odd sizes: a multiple of 8 plus 0-63, 8-351 or, half of
        # them, 384-1151 (3 or more staged groups of 8- and 16-bit elements
        # along it).
        rows, cols = (rng.choice([rng.randint(1, 36), rng.randint(48, 136)]) * 8
                      + rng.choice([0, rng.randint(1, 63)])
                      for _ in range(2))
        lines += kernel(index, elem, x, y, rows, cols)
    lines += ["func.func @main() {",
              "  %count = memref.alloc() : memref<1xi64>",
              "  %c0 = arith.constant 0 : index",
              "  %zero = arith.constant 0 : i64",
              "  memref.store %zero, %count[%c0] : memref<1xi64>"]
    for index in range(args.count):
        lines.append(f"  call @case{index}(%count) : (memref<1xi64>) -> ()")
    lines += [f"  %cases = arith.constant {args.count} : i64",
              "  vector.print %cases : i64",
              "  %total = memref.load %count[%c0] : memref<1xi64>",
              "  vector.print %total : i64",
              "  return",
              "}"]
    print("\n".join(lines))


if __name__ == "__main__":
    main()
