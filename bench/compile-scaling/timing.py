#!/usr/bin/env python3
"""Summarizes one -mlir-timing report and /usr/bin/time -v output.

  timing.py FILE   # prints: wall_s rss_mb ours_s upstream_s slowest

FILE holds the stderr of `/usr/bin/time -v tool ... -mlir-timing`. The wall
time of each pass is its "Wall Time" column; passes nested in a
'func.func' pipeline count once (the pipeline's own line is skipped). Ours
are the passes of tlayout (their names below); upstream's are the other
passes; parsing and printing count in neither.
"""
import re
import sys

OURS = {"LowerTiledLayouts", "SimplifyIndexing", "EraseMemorySpaces",
        "(anonymous namespace)::DropAssumptionsPass"}
NOT_PASSES = {"Parser", "Output", "Rest", "Total"}

text = open(sys.argv[1]).read()
wall = rss = None
m = re.search(r"Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (\S+)", text)
if m:
    parts = [float(p) for p in m.group(1).split(":")]
    wall = sum(p * 60 ** k for k, p in enumerate(reversed(parts)))
m = re.search(r"Maximum resident set size \(kbytes\): (\d+)", text)
if m:
    rss = int(m.group(1)) / 1024
ours = upstream = 0.0
passes = {}
line_re = re.compile(r"^(\s+)((?:\d+\.\d+\s+\(\s*[\d.]+%\)\s+)+)(.*\S)\s*$")
for line in text.splitlines():
    m = line_re.match(line)
    if not m:
        continue
    times = re.findall(r"(\d+\.\d+)\s+\(", m.group(2))
    name = m.group(3)
    t = float(times[-1])  # wall time is the last column
    if name in NOT_PASSES or name.endswith("Pipeline") or name.startswith("(A)"):
        continue
    passes[name] = passes.get(name, 0.0) + t
    if name in OURS:
        ours += t
    else:
        upstream += t
slowest = max(passes.items(), key=lambda kv: kv[1]) if passes else ("-", 0)
fmt = lambda v, f: "-" if v is None else f.format(v)
print(fmt(wall, "{:.2f}"), fmt(rss, "{:.0f}"), f"{ours:.2f}", f"{upstream:.2f}",
      f"{slowest[0].replace(' ', '_')}:{slowest[1]:.2f}")
