#!/usr/bin/env python3
"""Checks a module that --tlayout-assign-layouts printed, outside the
corpus' harness functions (@main, and the functions whose names start with
input_ or print_: they build the inputs and print the results, which
mlir-runner's printMemref reads row-major):

- every tensor of static shape has an encoding, except where the program
  fixes it row-major: the signature of a public function (its row-major
  ABI; the assignment relayouts such arguments at the entry, results at the
  return and call results after the call, and those relayouts have a
  row-major side), and the ops that keep their operands' types
  (tensor.pad, tensor.concat, tensor.cast, and reads of their results);
- every element-wise linalg op (a named element-wise op, or a generic whose
  loops are all parallel and whose indexing maps are all the identity)
  reads its tensor operands in its result's placement: the same encoding,
  or, where the element types differ (a conversion), the same
  minor_to_major (the TPU tiles each element type by its own rules: an i8
  operand of an i32 result in T(2,128) is T(4,128)(4,1));
- every tiled encoding packs as the TPU does: a 32-bit element type has
  one level of tiles, a narrower one of B bits a second level (32/B,1)
  (T(8,128)(2,1) for bf16, T(8,128)(4,1) for int8).

Prints each violation with its function and line and exits 1, else 0.

    python3 check-assignment.py assigned.mlir
"""
import re
import sys

UNTILED = re.compile(r"tensor<(?:[0-9]+x)+[a-z0-9]+>")
FUNC = re.compile(r"func\.func (private )?@([A-Za-z0-9_$.]+)")
# Lines where a row-major tensor is what the program asks for.
ROW_MAJOR_OPS = re.compile(
    r"(tlayout\.relayout|tensor\.pad|tensor\.concat|tensor\.cast|"
    r"tensor\.extract |^\} : tensor<)")
HARNESS = re.compile(r"^(main$|input_|print_)")
MAP_ALIAS = re.compile(r"^(#[A-Za-z0-9_]+) = affine_map<\((.*?)\) -> \((.*?)\)>")
NAMED_ELEMENTWISE = {
    "add", "sub", "mul", "div", "div_unsigned", "max", "min", "powf", "exp",
    "log", "abs", "ceil", "floor", "negf", "reciprocal", "round", "sqrt",
    "rsqrt", "square", "tanh", "erf", "select", "elementwise", "map"}
OP = re.compile(r"(?:%[^ ]+ = )?linalg\.([a-z_]+) ")
TILED = re.compile(r"#tlayout\.tiled<\{([0-9,]+):((?:T?\([0-9,]+\))*)\}>")


def split_top(text, sep=","):
    """Splits at the separators outside brackets."""
    parts, depth, start = [], 0, 0
    for i, c in enumerate(text):
        if c in "<([{":
            depth += 1
        elif c in ">)]}":
            depth -= 1
        elif c == sep and depth == 0:
            parts.append(text[start:i].strip())
            start = i + 1
    parts.append(text[start:].strip())
    return [p for p in parts if p]


def clause(line, name):
    """The types of an ins(...) or outs(...) clause."""
    i = line.find(name + "(")
    if i < 0:
        return []
    i += len(name) + 1
    depth, j = 1, i
    while depth:
        depth += {"(": 1, ")": -1}.get(line[j], 0)
        j += 1
    body = line[i:j - 1]
    if " : " not in body:
        return []
    return split_top(body.split(" : ", 1)[1])


def encoding(tensor_type):
    inner = tensor_type[len("tensor<"):-1]
    parts = split_top(inner)
    return parts[1] if len(parts) > 1 else None


def element_type(tensor_type):
    return split_top(tensor_type[len("tensor<"):-1])[0].split("x")[-1]


def same_placement(a, b, elements_differ):
    if a == b:
        return True
    if not elements_differ or a is None or b is None:
        return False
    ta, tb = TILED.search(a), TILED.search(b)
    if not ta or not tb:
        return False
    return ta.group(1) == tb.group(1)


BITS = {"f64": 64, "i64": 64, "f32": 32, "i32": 32, "bf16": 16, "f16": 16,
        "i16": 16, "i8": 8, "f8E4M3FN": 8, "f8E5M2": 8, "i4": 4}
ENCODED = re.compile(r"tensor<(?:[0-9]+x)+([a-zA-Z0-9]+), (#tlayout\.tiled<\{[^}]*\}>)>")


def packing_error(element, layout):
    """Why the tiles of the layout are not the TPU's packing, or None."""
    bits = BITS.get(element)
    m = TILED.search(layout)
    if bits is None or not m:
        return None
    tiles = re.findall(r"\(([0-9,]+)\)", m.group(2))
    if bits >= 32:
        if len(tiles) > 1:
            return f"a {bits}-bit type with a second level of tiles"
        return None
    want = f"{32 // bits},1"
    if len(tiles) < 2:
        return f"a {bits}-bit type without the packing tile ({want})"
    if tiles[1] != want:
        return f"a {bits}-bit type packed ({tiles[1]}) instead of ({want})"
    return None


def main():
    lines = open(sys.argv[1]).read().splitlines()
    identity = {}
    for line in lines:
        m = MAP_ALIAS.match(line)
        if m:
            identity[m.group(1)] = [d.strip() for d in m.group(2).split(",")] == \
                [d.strip() for d in m.group(3).split(",")]
    function, found = None, []
    for number, line in enumerate(lines, 1):
        m = FUNC.search(line)
        if m:
            function, public = m.group(2), not m.group(1)
        if function is None or HARNESS.match(function):
            continue
        where = f"@{function}:{number}"
        stripped = line.strip()
        boundary = (public and (m or stripped.startswith("return"))) or \
            re.search(r"call @", line) or ROW_MAJOR_OPS.search(stripped)
        for tensor in UNTILED.findall(line):
            if boundary:
                break
            found.append(f"{where}: {tensor} without encoding: {line.strip()[:200]}")
        for element, layout in set(ENCODED.findall(line)):
            why = packing_error(element, layout)
            if why:
                found.append(f"{where}: {layout} on {element}: {why}: {line.strip()[:160]}")
        m = OP.search(line)
        if not m:
            continue
        op = m.group(1)
        if op == "generic":
            maps = re.search(r"indexing_maps = \[([^\]]*)\]", line)
            iters = re.search(r"iterator_types = \[([^\]]*)\]", line)
            if not maps or not iters or "reduction" in iters.group(1):
                continue
            if not all(identity.get(a.strip(), False) for a in maps.group(1).split(",")):
                continue
        elif op not in NAMED_ELEMENTWISE:
            continue
        outs = [t for t in clause(line, "outs") if t.startswith("tensor<")]
        if not outs:
            continue
        result = outs[0]
        for operand in clause(line, "ins"):
            if not operand.startswith("tensor<"):
                continue
            if not same_placement(encoding(operand), encoding(result),
                                  element_type(operand) != element_type(result)):
                found.append(f"{where}: element-wise linalg.{op} reads '{operand}' "
                             f"for a result '{result}'")
    for f in found:
        print(f)
    if found:
        print(f"{len(found)} violations")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
