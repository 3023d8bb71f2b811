#!/usr/bin/env python3
"""Lists the tensors of static shape that have no encoding in a module that
--tlayout-assign-layouts printed, outside the corpus' harness functions
(@main, and the functions whose names start with input_ or print_: they
build the inputs and print the results, which mlir-runner's printMemref
reads row-major). Exits 1 if there is any, printing each line with its
function, else 0.

    python3 untiled.py assigned.mlir
"""
import re
import sys

UNTILED = re.compile(r"tensor<(?:[0-9]+x)+[a-z0-9]+>")
FUNC = re.compile(r"func\.func (?:private )?@([A-Za-z0-9_$.]+)")
HARNESS = re.compile(r"^(main$|input_|print_)")


def main():
    function = None
    found = []
    for number, line in enumerate(open(sys.argv[1]), 1):
        match = FUNC.search(line)
        if match:
            function = match.group(1)
        if function is None or HARNESS.match(function):
            continue
        for tensor in UNTILED.findall(line):
            found.append((function, number, tensor, line.strip()))
    for function, number, tensor, line in found:
        print(f"@{function}:{number}: {tensor} without encoding: {line[:200]}")
    if found:
        print(f"{len(found)} tensors of static shape without encoding")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
