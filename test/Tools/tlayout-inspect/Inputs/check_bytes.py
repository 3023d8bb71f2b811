"""Checks tlayout-inspect's memory report (--json) against sizes computed
here independently from each buffer's shape text, with XLA's documented
tiling semantics: each tile pads the most minor dimensions of the current
physical shape to its sizes (a tile longer than the shape pads leading unit
dimensions) and splits them into (count, tile); L(n) pads the element count;
E(n) sets the bits per element; M(n) adds metadata bytes."""

import json
import re
import sys

BITS = {"pred": 8, "s4": 4, "u4": 4, "s8": 8, "u8": 8, "bf16": 16, "f16": 16,
        "s16": 16, "u16": 16, "f32": 32, "s32": 32, "u32": 32, "f64": 64,
        "s64": 64, "u64": 64}


def sizes(shape):
    m = re.fullmatch(r"(\w+)\[([^\]]*)\](?:\{([^:}]*)(?::([^}]*))?\})?", shape)
    type_, dims_text, m2m_text, fields = m.groups()
    dims = [int(d.replace("<=", "")) for d in dims_text.split(",") if d]
    m2m = ([int(d) for d in m2m_text.split(",") if d] if m2m_text is not None
           else list(reversed(range(len(dims)))))
    fields = fields or ""
    tiles = re.findall(r"\(([\d,*]+)\)", fields.split("L(")[0].split("E(")[0]
                       .split("S(")[0].split("M(")[0])
    field = lambda name, default: int(
        re.search(name + r"\((\d+)\)", fields).group(1)) if re.search(
            name + r"\((\d+)\)", fields) else default
    bits = field("E", BITS[type_])
    physical = [dims[d] for d in reversed(m2m)]
    for tile_text in tiles:
        tile = [int(t) for t in tile_text.split(",")]
        while len(physical) < len(tile):
            physical.insert(0, 1)
        k = len(tile)
        head, minor = physical[:-k], physical[-k:]
        counts = [-(-d // t) for d, t in zip(minor, tile)]
        physical = head + counts + tile
    logical = 1
    for d in dims:
        logical *= d
    elements = 1
    for d in physical:
        elements *= d
    align = field("L", 1)
    elements = -(-elements // align) * align
    return (-(-logical * bits // 8),
            -(-elements * bits // 8) + field("M", 0))


report = json.load(sys.stdin)
totals = {}
for b in report["buffers"]:
    logical, physical = sizes(b["shape"])
    assert (b["logical_bytes"], b["physical_bytes"]) == (logical, physical), \
        (b, logical, physical)
    assert b["padding_bytes"] == physical - logical, b
    t = totals.setdefault(b["memory_space"], [0, 0, 0])
    t[0] += 1
    t[1] += logical
    t[2] += physical
for s in report["memory_spaces"]:
    sums = s["sum"]
    assert [sums["buffers"], sums["logical_bytes"], sums["physical_bytes"]] == \
        totals[s["memory_space"]], (s, totals)
    # The peak is the bytes of the buffers live there, each sized here.
    if "live_at_peak" in s:
        live = sum(sizes(b["shape"])[1] for b in s["live_at_peak"])
        assert live + s["peak_at"]["callee_bytes"] == s["peak_bytes"], s
paddings = [b["padding_bytes"] for b in report["buffers"]]
assert paddings == sorted(paddings, reverse=True), paddings
for o in report["offenders"]:
    if "fix" in o:
        logical, physical = sizes(o["fix"]["shape"])
        assert o["fix"]["physical_bytes"] == physical, o
        assert o["fix"]["saved_bytes"] == sizes(o["shape"])[1] - physical, o
print("checked %d buffers and %d memory spaces" %
      (len(report["buffers"]), len(report["memory_spaces"])))
