#!/usr/bin/env python3
"""Runs the examples in tlayout's Markdown docs and checks what they name.

Two kinds of examples are checked:

* A fenced ``console`` block: each line starting with ``$ `` is a command
  (tlayout tools are taken from --bin), run in the repository's root; the
  lines after it, up to the next command, are its expected output (trailing
  spaces ignored). Exit status must be 0 unless the first line of the
  expected output is an error (``tool: error:`` or ``file:line:col:
  error:``), in which case it must be non-zero.

* A line that shows the command, ``$ tlayout-opt ARGS input.mlir`` in a
  code span (the rest of the line is free text), followed by two fenced
  ``mlir`` blocks: ``tlayout-opt ARGS`` on the first (input.mlir) must print
  the second. A command line without its two blocks is an error. (The older
  hidden form, an ``<!-- example: ARGS -->`` comment, is still read, so that
  every example is checked, but a reader cannot see it: write the visible
  one.)

And so that the text does not drift from the code:

* Every repository path the text names (``docs/Passes.md``,
  ``examples/tiled-add.mlir``, ``build/lib/TLayoutPlugin.so``: ``build/``
  stands for the build directory, the parent of --bin), every Markdown link
  to a local file and every absolute ``/usr/lib/llvm-22/...`` path exists.

* Every ``--flag`` the text names (``--lower-tiled-layouts``,
  ``--tlayout-lower-to-llvm=...``) is listed by ``tlayout-opt --help`` or
  ``tlayout-inspect --help``, or is one of the few flags of other tools
  the docs use (CMake's).

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
VISIBLE_EXAMPLE = re.compile(
    r"^`\$ tlayout-opt\s+(.*?)\s+input\.mlir`.*$")
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# A path in the repository (or, under build/, in the build directory): it
# starts with a top-level directory and is not part of a longer path.
REPO_PATH = re.compile(
    r"(?<![\w./%-])((?:build|include|lib|tools|test|docs|examples|bench|"
    r"scripts|fuzz|unittests|cmake)/[\w./-]*)")
SYSTEM_PATH = re.compile(r"(?<![\w./-])(/usr/lib/llvm-22/[\w./-]*\w)")
# A file that a shell command in a code block names.
CODE_FILE = re.compile(
    r"(?<![\w./%=-])((?:\./)?[\w./-]+\.(?:mlir|sh|py|so|json|svg|md))\b")
LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")
FLAG = re.compile(r"(?<![\w-])--([a-z][a-z0-9-]*)")
# Flags of tools other than tlayout-opt and tlayout-inspect in the docs.
OTHER_FLAGS = {"build", "target", "install", "prefix"}
ERROR_LINE = re.compile(r"^(tlayout-[\w-]+|[^\s:]+:\d+:\d+): error:")


def blocks(lines):
    """Yields (kind, start_line, text, preceding_comment) for fenced blocks."""
    i = 0
    comment = None
    while i < len(lines):
        m = EXAMPLE.match(lines[i]) or VISIBLE_EXAMPLE.match(lines[i])
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
        if lines[i].strip() and not lines[i].startswith("<!--"):
            comment = None
        i += 1


def normalize(text):
    return "\n".join(line.rstrip() for line in text.strip("\n").splitlines())


def tool(args, bindir):
    exe = os.path.join(bindir, args[0])
    return [exe] + args[1:] if os.path.exists(exe) else args


def run(cmd, stdin=None):
    proc = subprocess.run(cmd, input=stdin, capture_output=True, text=True,
                          cwd=ROOT)
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
        expect_error = bool(ERROR_LINE.match(want.split("\n")[0]))
        if (code != 0) != expect_error or normalize(out) != want:
            failures.append(
                f"{path}:{line}: `{command}` (exit {code}) printed:\n{out}\n"
                f"expected:\n{want}\n")


def known_flags(bindir):
    """The flags tlayout-opt and tlayout-inspect list in their --help."""
    flags = set(OTHER_FLAGS)
    for name in ["tlayout-opt", "tlayout-inspect", "tlayout-translate"]:
        _, out = run(tool([name, "--help"], bindir))
        flags.update(re.findall(r"^\s+--?([a-z][a-z0-9-]*)", out, re.M))
    return flags


def code_lines(lines):
    """The numbers of the lines inside ``sh`` and ``console`` blocks."""
    numbers = set()
    for kind, start, text, _ in blocks(lines):
        if kind in ("sh", "console"):
            numbers.update(range(start + 1, start + 1 + len(text.splitlines())))
    return numbers


def repo_target(name, builddir):
    """Where a path the docs name lies: `build/...` in the build directory,
    anything else in the source tree."""
    if name.startswith("build/"):
        return os.path.join(builddir, name[len("build/"):])
    return os.path.join(ROOT, name)


def check_names(path, lines, bindir, flags, failures):
    """Checks the paths and flags that the text of `path` names."""
    builddir = os.path.dirname(os.path.abspath(bindir))
    in_code = code_lines(lines)
    for number, text in enumerate(lines, 1):
        where = f"{path}:{number}"
        if number in in_code:
            for name in CODE_FILE.findall(text):
                if name.startswith("/") and not name.startswith("/usr/"):
                    continue  # an installation prefix
                if name.startswith("./"):
                    name = name[2:]
                target = repo_target(name, builddir)
                if not os.path.exists(target):
                    failures.append(f"{where}: a command names `{name}`, "
                                    f"which does not exist ({target})\n")
        for name in REPO_PATH.findall(text):
            name = name.rstrip(".")
            target = repo_target(name, builddir)
            if not os.path.exists(target):
                failures.append(f"{where}: names `{name}`, which does not "
                                f"exist ({target})\n")
        for name in SYSTEM_PATH.findall(text):
            if not os.path.exists(name):
                failures.append(f"{where}: names `{name}`, which does not "
                                "exist\n")
        for name in LINK.findall(text):
            if re.match(r"^[a-z]+:", name):
                continue
            target = os.path.join(os.path.dirname(os.path.abspath(path)), name)
            if not os.path.exists(target):
                failures.append(f"{where}: links `{name}`, which does not "
                                "exist\n")
        for name in FLAG.findall(text):
            if name not in flags:
                failures.append(f"{where}: names `--{name}`, which neither "
                                "tlayout-opt --help nor tlayout-inspect --help "
                                "lists\n")


def check_files(paths, bindir):
    failures = []
    checked = 0
    flags = known_flags(bindir)
    for path in paths:
        with open(path) as f:
            lines = f.read().splitlines()
        check_names(path, lines, bindir, flags, failures)
        pending = None
        for kind, line, text, comment in blocks(lines):
            if pending is not None and (kind != "mlir" or comment is not None):
                failures.append(f"{path}:{pending[1]}: an example without "
                                "the block of its expected output\n")
                pending = None
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
        if pending is not None:
            failures.append(f"{path}:{pending[1]}: an example without the "
                            "block of its expected output\n")
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
