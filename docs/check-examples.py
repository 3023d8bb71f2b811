#!/usr/bin/env python3
"""Runs the examples in tlayout's Markdown docs and checks their output.

Two kinds of examples are checked:

* A fenced ``console`` block: each line starting with ``$ `` is a command
  (tlayout tools are taken from --bin); the lines after it, up to the next
  command, are its expected output (trailing spaces ignored). Exit status
  must be 0 unless the expected output starts with ``tlayout-``'s error
  prefix, in which case it must be non-zero.

* An ``<!-- example: ARGS -->`` comment followed by two fenced ``mlir``
  blocks: ``tlayout-opt ARGS`` on the first must print the second.

Usage: check-examples.py --bin BUILD/bin FILE.md...
"""

import argparse
import os
import re
import shlex
import subprocess
import sys

FENCE = re.compile(r"^```(\w*)\s*$")
EXAMPLE = re.compile(r"^<!--\s*example:\s*(.*?)\s*-->\s*$")


def blocks(lines):
    """Yields (kind, start_line, text, preceding_comment) for fenced blocks."""
    i = 0
    comment = None
    while i < len(lines):
        m = EXAMPLE.match(lines[i])
        if m:
            comment = m.group(1)
            i += 1
            continue
        m = FENCE.match(lines[i])
        if m:
            kind = m.group(1)
            start = i + 1
            j = start
            while j < len(lines) and not lines[j].startswith("```"):
                j += 1
            yield kind, start, "\n".join(lines[start:j]), comment
            comment = None
            i = j + 1
            continue
        if lines[i].strip():
            comment = None if not lines[i].startswith("<!--") else comment
        i += 1


def normalize(text):
    return "\n".join(line.rstrip() for line in text.strip("\n").splitlines())


def tool(args, bindir):
    exe = os.path.join(bindir, args[0])
    return [exe] + args[1:] if os.path.exists(exe) else args


def run(cmd, stdin=None):
    proc = subprocess.run(cmd, input=stdin, capture_output=True, text=True)
    return proc.returncode, proc.stdout + proc.stderr


def check_console(path, line, text, bindir, failures):
    commands = []
    for raw in text.splitlines():
        if raw.startswith("$ "):
            commands.append([raw[2:], []])
        elif commands:
            commands[-1][1].append(raw)
    for command, expected in commands:
        args = tool(shlex.split(command), bindir)
        code, out = run(args)
        want = normalize("\n".join(expected))
        expect_error = want.startswith("tlayout-") and ": error:" in want.split(
            "\n")[0]
        if (code != 0) != expect_error or normalize(out) != want:
            failures.append(
                f"{path}:{line}: `{command}` (exit {code}) printed:\n{out}\n"
                f"expected:\n{want}\n")


def check_files(paths, bindir):
    failures = []
    checked = 0
    for path in paths:
        with open(path) as f:
            lines = f.read().splitlines()
        pending = None
        for kind, line, text, comment in blocks(lines):
            if kind == "console":
                check_console(path, line, text, bindir, failures)
                checked += 1
            elif kind == "mlir" and comment is not None:
                pending = (comment, line, text)
            elif kind == "mlir" and pending is not None:
                args, first, source = pending
                cmd = tool(["tlayout-opt"] + shlex.split(args), bindir)
                code, out = run(cmd, stdin=source)
                if code != 0 or normalize(out) != normalize(text):
                    failures.append(
                        f"{path}:{first}: `tlayout-opt {args}` (exit {code}) "
                        f"printed:\n{out}\nexpected (line {line}):\n{text}\n")
                pending = None
                checked += 1
    return checked, failures


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    parser.add_argument("files", nargs="+")
    opts = parser.parse_args()
    checked, failures = check_files(opts.files, opts.bin)
    for failure in failures:
        print(failure, file=sys.stderr)
    print(f"checked {checked} examples, {len(failures)} failed")
    return 1 if failures or checked == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
