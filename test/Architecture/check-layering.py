#!/usr/bin/env python3
"""Checks tlayout's libraries against the layer graph of docs/Architecture.md.

The graph is the fenced block after the ``<!-- library graph -->`` comment
of the document given with --doc. It lists the layers from the bottom up::

    == core (no MLIR) ==
    TLayoutCore: lib/Core include/tlayout/Core
    == generic dialect ==
    TLayoutDialect: lib/Dialect/TLayout/IR include/tlayout/Dialect/TLayout/IR
      -> TLayoutCore

``== NAME ==`` starts a layer (``(no MLIR)``: its libraries link no MLIR
library); ``Library: paths...`` names a library or tool and the folders
(or files) that hold its sources and headers; ``-> names...`` are the
tlayout libraries it links. A library links only libraries of its own layer
or of layers listed before it, and the graph has no cycle.

Checked against it:

* --link-graph FILE (tlayout-link-graph.txt, written by CMake at configure
  time: ``name|type|source dir|link libraries``): every library and tool
  CMake builds under lib/ and tools/ is in the graph, links exactly the
  tlayout libraries the graph lists, links no MLIR library if its layer says
  so, and a loadable module (the mlir-opt plugin) reaches no static MLIR
  component library through the libraries it links (it must use the
  process's libMLIR.so, not carry a second MLIR).

* --root DIR: every ``#include "tlayout/..."`` (and TableGen ``include``) in
  DIR's lib/, include/ and tools/ names a header of the including file's own
  library or of a library that it links directly: a library links what it
  uses, so that its LINK_LIBS say what it depends on.

Prints ``error: ...`` lines and exits 1 on a violation; otherwise prints
one summary line.
"""

import argparse
import os
import re
import sys

MARKER = re.compile(r"^<!--\s*library graph\b.*-->\s*$")
LAYER = re.compile(r"^==\s*(.*?)\s*==\s*$")
ENTRY = re.compile(r"^([\w.-]+):\s*(.*)$")
EDGES = re.compile(r"^\s+->\s*(.*)$")
INCLUDE = re.compile(r'^\s*#?\s*include\s+[<"](tlayout(?:-c)?/[^">]+)[">]')
SOURCE_SUFFIXES = (".h", ".cpp", ".c", ".td", ".def", ".inc")
# MLIR's libraries as CMake names them: the shared libMLIR.so is `MLIR`;
# everything else is a static component library.
MLIR_LIBRARY = re.compile(r"^(MLIR|mlir_)")
MLIR_COMPONENT = re.compile(r"^(MLIR.+|mlir_.*)$")


class Node:
    def __init__(self, name, layer, paths, line):
        self.name = name
        self.layer = layer
        self.paths = paths
        self.deps = []
        self.line = line


def parse_graph(path, errors):
    """Returns (layers, nodes): layers as [(name, no_mlir)], nodes by name."""
    with open(path) as f:
        lines = f.read().splitlines()
    start = None
    for i, line in enumerate(lines):
        if MARKER.match(line):
            start = i + 1
            break
    if start is None or start >= len(lines) or not lines[start].startswith(
            "```"):
        errors.append(f"{path}: no fenced block after a "
                      "`<!-- library graph -->` comment")
        return [], {}
    layers, nodes, current = [], {}, None
    for number in range(start + 1, len(lines)):
        line = lines[number]
        where = f"{path}:{number + 1}"
        if line.startswith("```"):
            break
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        m = LAYER.match(line)
        if m:
            name = m.group(1)
            no_mlir = "(no MLIR)" in name
            layers.append((name.replace("(no MLIR)", "").strip(), no_mlir))
            continue
        m = EDGES.match(line)
        if m:
            if current is None:
                errors.append(f"{where}: `->` before any library")
            else:
                current.deps += m.group(1).split()
            continue
        m = ENTRY.match(line)
        if m and layers:
            name = m.group(1)
            if name in nodes:
                errors.append(f"{where}: {name} is listed twice")
            current = Node(name, len(layers) - 1, m.group(2).split(), where)
            nodes[name] = current
            continue
        errors.append(f"{where}: cannot read `{line}` (expected `== layer ==`, "
                      "`Library: paths...` or `  -> libraries...`)")
    for node in nodes.values():
        for dep in node.deps:
            if dep not in nodes:
                errors.append(f"{node.line}: {node.name} links {dep}, which "
                              "the graph does not list")
            elif nodes[dep].layer > node.layer:
                errors.append(
                    f"{node.line}: {node.name} ({layers[node.layer][0]}) "
                    f"links {dep}, of a layer above it "
                    f"({layers[nodes[dep].layer][0]})")
    # No cycles (edges within one layer are allowed, loops are not).
    state = {}

    def visit(name, stack):
        state[name] = "open"
        for dep in nodes[name].deps:
            if dep not in nodes:
                continue
            if state.get(dep) == "open":
                cycle = stack[stack.index(dep):] + [dep]
                errors.append(f"{nodes[name].line}: the graph has a cycle: "
                              + " -> ".join(cycle))
            elif dep not in state:
                visit(dep, stack + [dep])
        state[name] = "done"

    for name in nodes:
        if name not in state:
            visit(name, [name])
    return layers, nodes


def read_link_graph(path):
    """Returns {target: (type, source_dir, [link items])}."""
    targets = {}
    with open(path) as f:
        for line in f:
            line = line.rstrip("\n")
            if not line:
                continue
            name, kind, source_dir, links = line.split("|", 3)
            items = []
            for item in links.split():
                # CMake marks libraries linked from another directory with
                # ::@(directory) ... ::@ around them.
                if item.startswith("::@"):
                    continue
                items.append(item)
            targets[name] = (kind, source_dir, items)
    return targets


def check_link_graph(path, layers, nodes, errors):
    targets = read_link_graph(path)
    edges = 0
    for name, (kind, source_dir, items) in sorted(targets.items()):
        if name not in nodes:
            errors.append(f"{path}: CMake builds {name} ({source_dir}), which "
                          "the graph in docs/Architecture.md does not list")
            continue
        node = nodes[name]
        linked = {item for item in items if item in targets or item in nodes}
        edges += len(linked)
        for dep in sorted(linked - set(node.deps)):
            if dep in nodes and nodes[dep].layer > node.layer:
                why = (f"of a layer above it ({layers[nodes[dep].layer][0]} "
                       f"over {layers[node.layer][0]})")
            else:
                why = "an edge the graph does not list"
            errors.append(f"{name} links {dep} in CMake: {why}")
        for dep in sorted(set(node.deps) - linked):
            errors.append(f"the graph says {name} links {dep}, but CMake does "
                          "not link it")
        if layers[node.layer][1]:
            for item in items:
                if MLIR_LIBRARY.match(item):
                    errors.append(f"{name} links {item}, but its layer "
                                  f"({layers[node.layer][0]}) links no MLIR")
        if kind == "MODULE_LIBRARY":
            seen, todo = set(), list(items)
            while todo:
                item = todo.pop()
                if item in seen:
                    continue
                seen.add(item)
                if MLIR_COMPONENT.match(item):
                    errors.append(
                        f"{name} is a loadable module but reaches {item}, a "
                        "static MLIR library: it would carry a second copy of "
                        "MLIR (link the shared libMLIR.so)")
                if item in targets:
                    todo += targets[item][2]
    for name in sorted(set(nodes) - set(targets)):
        errors.append(f"the graph lists {name}, which CMake does not build")
    return len(targets), edges


def owner(nodes, path):
    """The library whose paths hold `path` (the longest match)."""
    best, best_len = None, -1
    for node in nodes.values():
        for prefix in node.paths:
            if (path == prefix or path.startswith(prefix.rstrip("/") + "/")) \
                    and len(prefix) > best_len:
                best, best_len = node.name, len(prefix)
    return best


def check_includes(root, nodes, errors):
    checked = 0
    reach = {name: set(nodes[name].deps) | {name} for name in nodes}
    for top in ("lib", "include", "tools"):
        for dirpath, dirnames, filenames in os.walk(os.path.join(root, top)):
            dirnames.sort()
            for filename in sorted(filenames):
                if not filename.endswith(SOURCE_SUFFIXES):
                    continue
                full = os.path.join(dirpath, filename)
                rel = os.path.relpath(full, root)
                lib = owner(nodes, rel)
                if lib is None:
                    errors.append(f"{rel}: in no library of the graph in "
                                  "docs/Architecture.md")
                    continue
                with open(full, errors="replace") as f:
                    for number, line in enumerate(f, 1):
                        m = INCLUDE.match(line)
                        if not m:
                            continue
                        checked += 1
                        header = m.group(1)
                        target = owner(nodes, "include/" + header)
                        if target is None:
                            errors.append(f"{rel}:{number}: includes "
                                          f"{header}, in no library of the "
                                          "graph")
                        elif target not in reach[lib]:
                            errors.append(
                                f"{rel}:{number}: {lib} includes {header} of "
                                f"{target}, which it does not link directly")
    return checked


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--doc", required=True,
                        help="the Markdown file with the library graph")
    parser.add_argument("--link-graph",
                        help="tlayout-link-graph.txt of a build directory")
    parser.add_argument("--root",
                        help="a source tree whose #includes to check")
    args = parser.parse_args()
    errors = []
    layers, nodes = parse_graph(args.doc, errors)
    summary = [f"{len(nodes)} libraries and tools in {len(layers)} layers"]
    if nodes and args.link_graph:
        targets, edges = check_link_graph(args.link_graph, layers, nodes,
                                          errors)
        summary.append(f"{targets} CMake targets with {edges} tlayout links")
    if nodes and args.root:
        summary.append(f"{check_includes(args.root, nodes, errors)} includes")
    for error in errors:
        print(f"error: {error}")
    if errors:
        return 1
    print("layering: " + ", ".join(summary) + " checked")
    return 0


if __name__ == "__main__":
    sys.exit(main())
