#!/usr/bin/env python3
"""Randomized differential test of vector transfers on tiled memrefs.

Each random program takes a random tiled layout (the layouts of
random_layouts.py, shapes with dimensions of size 1 and unaligned sizes),
sometimes with dynamic sizes, fills the memref with the elements' row-major
ids and runs random vector.transfer_read and vector.transfer_write ops on it:
random permutation maps (transposes, broadcasts, minor identities of lower
rank, 0-d vectors), masks (none, constant, vector.create_mask with sizes the
program cannot see, an enclosing vector.mask), in_bounds where it holds,
random padding and starts near the ends of the dimensions, so that
transfers run partly out of bounds. It prints every vector read and, at the
end, the memref.

The same program on row-major memrefs (no layout) is the reference, lowered
by the same pipeline (upstream MLIR lowers its transfers). There, each
transfer runs along its memref dimensions in memref order, with the mask as
it is, followed by vector.broadcast and vector.transpose (for writes, a
transpose first): the mask type's definition, and the form upstream's
lowering itself gives permuted transfers. Upstream's VectorToSCF indexes the
mask of some permuted transfers in vector order, and lowers no masked 0-d
transfer; the reference takes those through one-element transfers.

--element i4, i2 or i1: packed sub-byte elements. The tiled memrefs take
that element type with E(4), E(2) or E(1) in the layout (several elements a
byte; two fifths of the layouts with minor dimensions and tiles long enough for
whole-byte vector accesses) and hold the row-major ids truncated to the
element width; written values and padding are truncated too. The reference
holds the same values sign-extended to i8 on row-major memrefs (upstream's
lowering of vector transfers on untiled sub-byte memrefs packs the elements
its own way, unlike its scalar accesses, so it is no reference). Both print
their vectors and memref extended to i32 with arith.extsi. Before printing,
the tiled program copies its memref (memref.copy) to a random unpacked
layout, on to a row-major memref, to another random packed layout and back,
which must give back its values.

run: generates the programs in batches (one module per batch), lowers the
tiled ones with each --tlayout-lower-to-llvm configuration given and the
reference once, executes them with mlir-runner and compares the printed
output of each program. Prints `ran N programs, M mismatches`; with
--failures DIR, writes each mismatching program (tiled and reference) there.
"""
import argparse
import os
import random
import shlex
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from random_layouts import core_offsets, draw_case  # noqa: E402


def vec_type(shape, elem="i32"):
    return "vector<" + "".join(f"{s}x" for s in shape) + elem + ">"


def dense(values, shape):
    """An MLIR dense literal of `values` (row-major) with `shape`."""
    if not shape:
        return str(values[0])
    step = len(values) // shape[0]
    return "[" + ", ".join(dense(values[i * step:(i + 1) * step], shape[1:])
                           for i in range(shape[0])) + "]"


def bools(bits):
    return ["true" if b else "false" for b in bits]


def byte_case(rng, inspect):
    """A random layout whose most minor dimension and tiles are long enough
    for runs of whole bytes of packed elements (the shapes of draw_case are
    at most 6 long): its shape, layout text and physical size."""
    while True:
        rank = rng.randint(1, 3)
        perm = list(range(rank))
        rng.shuffle(perm)
        shape = [rng.randint(1, 4) for _ in range(rank)]
        shape[perm[0]] = rng.choice([8, 16, 17, 24, 32])
        tiles = []
        for _ in range(rng.randint(1, 2)):
            minor = str(rng.choice([8, 16, 32, 3, 1]))
            tiles.append("(" + ",".join([str(rng.randint(1, 3))
                                         for _ in range(rng.randint(0, 1))] +
                                        [minor]) + ")")
        layout = ("{" + ",".join(map(str, perm)) + ":T" + "".join(tiles) +
                  "}")
        placed = core_offsets(inspect, shape, layout)
        if placed:
            return shape, layout, placed[0]


def layout_of(rng, inspect, shape):
    """A random valid layout of `shape` (as random_layouts.py draws them):
    its text and physical size."""
    while True:
        perm = list(range(len(shape)))
        rng.shuffle(perm)
        tiles = []
        for _ in range(rng.randint(1, 2)):
            entries = [rng.choice(["*", "1", "2", "3", "4", "8"])
                       for _ in range(rng.randint(1, len(shape) + 1))]
            if entries[-1] == "*":
                entries[-1] = str(rng.randint(1, 8))
            tiles.append("(" + ",".join(entries) + ")")
        layout = ("{" + ",".join(map(str, perm)) + ":T" + "".join(tiles) +
                  "}")
        placed = core_offsets(inspect, shape, layout)
        if placed:
            return layout, placed[0]


def wrap(value, bits):
    """`value` truncated to `bits` bits, as a signed number (what an
    arith.extsi of the truncated value gives back)."""
    if not bits:
        return value
    value &= (1 << bits) - 1
    return value - (1 << bits) if value >> (bits - 1) else value


class Program:
    """One random program: a layout, a memref and random transfers."""

    def __init__(self, rng, inspect, index, bits=None):
        self.index = index
        if bits and rng.random() < 0.4:
            shape, layout, total = byte_case(rng, inspect)
        else:
            shape, layout, total, _ = draw_case(rng, inspect)
        self.total = total
        self.shape = shape
        self.layout = layout
        # Packed mode: `bits`-bit elements with E(bits) in the tiled program,
        # i8 elements holding the same (sign-extended) values in the
        # row-major reference.
        self.bits = bits
        self.elem = f"i{bits}" if bits else "i32"
        self.ref_elem = "i8" if bits else "i32"
        self.tiled_layout = layout[:-1] + f"E({bits})}}" if bits else layout
        self.rank = len(shape)
        self.dynamic = [rng.random() < 0.25 for _ in shape]
        self.args = []  # (name, value) of the index arguments.
        self.sizes = [self.arg(s) if d else None
                      for s, d in zip(shape, self.dynamic)]
        self.ops = [self.transfer(rng, k) for k in range(rng.randint(2, 6))]
        # Packed mode: before printing, the tiled program copies the memref
        # to an unpacked layout, from there to a row-major memref, from
        # there to another packed layout and back (memref.copy each time).
        self.copies = []
        if bits:
            unpacked = layout_of(rng, inspect, shape)
            packed = layout_of(rng, inspect, shape)
            self.copies = [unpacked, (packed[0][:-1] + f"E({bits})}}",
                                      packed[1])]

    def arg(self, value):
        name = f"%a{len(self.args)}"
        self.args.append((name, value))
        return name

    def transfer(self, rng, k):
        shape, rank = self.shape, self.rank
        write = rng.random() < 0.4
        if rng.random() < 0.2:
            return self.aligned_transfer(rng, k, write)
        # The memref dimensions the transfer runs along, in vector order.
        if rng.random() < 0.35:
            used = list(range(rank - rng.randint(0, min(rank, 3)), rank))
        else:
            used = rng.sample(range(rank), rng.randint(0, min(rank, 3)))
        results = [("dim", m) for m in used]
        if not write:
            for _ in range(rng.choice([0, 0, 0, 1, 1, 2])):
                if len(results) < 3:
                    results.insert(rng.randint(0, len(results)), ("bcast", 0))
        sizes, base, in_bounds = [], [0] * rank, []
        for m in range(rank):
            base[m] = rng.randint(0, shape[m] - 1)
        for kind, m in results:
            if kind == "bcast":
                sizes.append(rng.randint(1, 4))
                continue
            size = rng.choice([1, rng.randint(1, shape[m] + 2),
                               rng.randint(1, 4)])
            sizes.append(size)
            start = rng.choice([base[m], shape[m] - size,
                                shape[m] - size + 1, shape[m] - size + 2,
                                shape[m] - 1, shape[m]])
            base[m] = max(0, min(start, shape[m]))
        total = 1
        for s in sizes:
            total *= s
        if total > 64:
            return self.transfer(rng, k)
        for (kind, m), size in zip(results, sizes):
            fits = kind == "bcast" or base[m] + size <= shape[m]
            in_bounds.append(fits and rng.random() < 0.5)
        # The mask: memref dimension order, no broadcast dimensions.
        mask_dims = sorted(used)
        mask_shape = [sizes[results.index(("dim", m))]
                      for m in mask_dims] or [1]
        mask_kind = rng.choice(["none", "none", "dense", "dense", "create",
                                "vector.mask"])
        if mask_kind == "vector.mask" and not results:
            mask_kind = "none"  # vector.mask takes no 0-d vectors.
        mask = None
        if mask_kind in ("dense", "vector.mask") and rng.random() < 0.7:
            count = 1
            for s in mask_shape:
                count *= s
            mask = ("dense", [rng.random() < 0.6 for _ in range(count)])
        elif mask_kind != "none":
            bounds = []
            for s in mask_shape:
                b = rng.choice([s, s, rng.randint(0, s)])
                bounds.append(self.arg(b) if rng.random() < 0.5 else b)
            mask = ("create", bounds)
        value = None
        if write:
            value = [self.value(1000 * (k + 1) + i) for i in range(total)]
        return dict(write=write, results=results, sizes=sizes, base=base,
                    in_bounds=in_bounds, mask=mask, mask_shape=mask_shape,
                    wrap=mask is not None and mask_kind == "vector.mask",
                    padding=self.value(-rng.randint(1, 99)), value=value,
                    k=k)

    def value(self, v):
        """`v` as an element of the program (truncated in packed mode)."""
        return wrap(v, self.bits)

    def aligned_transfer(self, rng, k, write):
        """An unmasked, in-bounds 1-D transfer along the layout's most minor
        dimension from a multiple of its width: where the layout keeps such
        runs together, one vector access of the buffer."""
        m = int(self.layout[1:].split(",")[0].split(":")[0])
        size = rng.choice([s for s in (1, 2, 3, 4, 8, 16, 32)
                           if s <= self.shape[m]])
        base = [rng.randint(0, s - 1) for s in self.shape]
        base[m] = size * rng.randint(0, (self.shape[m] - size) // size)
        return dict(write=write, results=[("dim", m)], sizes=[size],
                    base=base, in_bounds=[True], mask=None, mask_shape=[size],
                    wrap=False, padding=self.value(-rng.randint(1, 99)),
                    value=[self.value(1000 * (k + 1) + i)
                           for i in range(size)], k=k)

    # -- Printing ---------------------------------------------------------

    def memref_type(self, tiled):
        dims = "x".join("?" if d else str(s)
                        for s, d in zip(self.shape, self.dynamic))
        layout = f", #tlayout.tiled<{self.tiled_layout}>" if tiled else ""
        return f"memref<{dims}x{self.etype(tiled)}{layout}>"

    def etype(self, tiled):
        return self.elem if tiled else self.ref_elem

    def print_vector(self, value, shape, tiled):
        """Prints `value` of `shape`, extended to i32 in packed mode."""
        vtype = vec_type(shape, self.etype(tiled))
        if not self.bits:
            return [f"  vector.print {value} : {vtype}"]
        wide = vec_type(shape)
        return [f"  {value}x = arith.extsi {value} : {vtype} to {wide}",
                f"  vector.print {value}x : {wide}"]

    def function(self, tiled):
        t = self.memref_type(tiled)
        sizes = self.sizes
        params = ", ".join(f"{n}: index" for n, _ in self.args)
        lines = [f"func.func @case{self.index}({params}) {{",
                 f'  vector.print str "case {self.index}\\n"']
        consts = set()

        def const(v):
            consts.add(v)
            return f"%c{v}"

        body = []
        dyn = [s for s in sizes if s]
        if tiled:
            # On a buffer of the layout's physical size (allocating the
            # tiled memref itself is not always accepted).
            buf = self.buffer_type()
            body.append(f"  %buf = memref.alloc() : {buf}")
            view, operands = "%buf", ""
            if dyn:
                view, operands = "%dbuf", f"[{', '.join(dyn)}]"
                dbuf = buf.split("x")[-1]
                body.append(f"  %dbuf = memref.cast %buf : {buf} to "
                            f"memref<?x{dbuf}")
                buf = f"memref<?x{dbuf}"
            body.append(f"  %m = tlayout.from_physical {view}{operands} : "
                        f"{buf} to {t}")
        else:
            body.append(f"  %m = memref.alloc({', '.join(dyn)}) : {t}")
        ubs = [s if s else const(v) for s, v in zip(sizes, self.shape)]
        # Fill with row-major ids.
        indent = "  "
        for d in range(self.rank):
            body.append(f"{indent}scf.for %i{d} = {const(0)} to {ubs[d]} "
                        f"step {const(1)} {{")
            indent += "  "
        body.append(f"{indent}%id0 = arith.addi {const(0)}, %i0 : index")
        for d in range(1, self.rank):
            body.append(f"{indent}%s{d} = arith.muli %id{d - 1}, "
                        f"{const(self.shape[d])} : index")
            body.append(f"{indent}%id{d} = arith.addi %s{d}, %i{d} : index")
        v = "%v"
        body.append(f"{indent}%v = arith.index_cast %id{self.rank - 1} : "
                    "index to i32")
        if self.bits:
            v = "%vt"
            body.append(f"{indent}%vt = arith.trunci %v : i32 to {self.elem}")
            if not tiled:
                v = "%vr"
                body.append(f"{indent}%vr = arith.extsi %vt : {self.elem} to "
                            "i8")
        ivs = ", ".join(f"%i{d}" for d in range(self.rank))
        body.append(f"{indent}memref.store {v}, %m[{ivs}] : {t}")
        for d in range(self.rank):
            indent = indent[:-2]
            body.append(f"{indent}}}")
        for op in self.ops:
            body += self.op_text(op, t, tiled, const)
        if tiled and self.copies:
            body += self.round_trip(t, dyn)
        plain = self.memref_type(False)
        if self.bits:
            # Element by element, sign-extended to i32.
            plain = plain.replace("xi8>", "xi32>")
            body.append(f"  %out = memref.alloc({', '.join(dyn)}) : {plain}")
            indent = "  "
            for d in range(self.rank):
                body.append(f"{indent}scf.for %j{d} = {const(0)} to "
                            f"{ubs[d]} step {const(1)} {{")
                indent += "  "
            ivs = ", ".join(f"%j{d}" for d in range(self.rank))
            body.append(f"{indent}%x = memref.load %m[{ivs}] : {t}")
            body.append(f"{indent}%xx = arith.extsi %x : {self.etype(tiled)} "
                        "to i32")
            body.append(f"{indent}memref.store %xx, %out[{ivs}] : {plain}")
            for d in range(self.rank):
                indent = indent[:-2]
                body.append(f"{indent}}}")
        else:
            body.append(f"  %out = memref.alloc({', '.join(dyn)}) : {plain}")
            body.append(f"  memref.copy %m, %out : {t} to {plain}")
        body.append(f"  %u = memref.cast %out : {plain} to memref<*xi32>")
        body.append("  call @printMemrefI32(%u) : (memref<*xi32>) -> ()")
        body.append(f"  memref.dealloc %out : {plain}")
        if tiled:
            body.append(f"  memref.dealloc %buf : {self.buffer_type()}")
        else:
            body.append(f"  memref.dealloc %m : {t}")
        body.append("  return")
        body.append("}")
        for v in sorted(consts):
            lines.append(f"  {const(v)} = arith.constant {v} : index")
        return lines + body

    def round_trip(self, t, dyn):
        """Copies %m through an unpacked layout, a row-major memref and
        another packed layout back to %m."""
        dims = "x".join("?" if d else str(s)
                        for s, d in zip(self.shape, self.dynamic))
        operands = f"[{', '.join(dyn)}]" if dyn else ""
        lines, types = [], []
        for n, (layout, total) in enumerate(self.copies):
            packed = "E(" in layout
            count = (total * self.bits + 7) // 8 if packed else total
            etype = "i8" if packed else self.elem
            buf = f"memref<{count}x{etype}>"
            mt = f"memref<{dims}x{self.elem}, #tlayout.tiled<{layout}>>"
            lines.append(f"  %cb{n} = memref.alloc() : {buf}")
            view = f"%cb{n}"
            if dyn:
                lines.append(f"  %cd{n} = memref.cast %cb{n} : {buf} to "
                             f"memref<?x{etype}>")
                view, buf = f"%cd{n}", f"memref<?x{etype}>"
            lines.append(f"  %cm{n} = tlayout.from_physical {view}{operands} "
                         f": {buf} to {mt}")
            types.append((f"%cm{n}", mt, f"%cb{n}",
                          f"memref<{count}x{etype}>"))
        rm = f"memref<{dims}x{self.elem}>"
        lines.append(f"  %crm = memref.alloc({', '.join(dyn)}) : {rm}")
        (u, ut, ub, ubt), (p, pt, pb, pbt) = types
        for a, at, b, bt in [("%m", t, u, ut), (u, ut, "%crm", rm),
                             ("%crm", rm, p, pt), (p, pt, "%m", t)]:
            lines.append(f"  memref.copy {a}, {b} : {at} to {bt}")
        lines += [f"  memref.dealloc %crm : {rm}",
                  f"  memref.dealloc {ub} : {ubt}",
                  f"  memref.dealloc {pb} : {pbt}"]
        return lines

    def buffer_type(self):
        """The physical buffer of the tiled memref: bytes in packed mode."""
        if self.bits:
            return f"memref<{(self.total * self.bits + 7) // 8}xi8>"
        return f"memref<{self.total}xi32>"

    def call(self):
        values = ", ".join(f"%c{v}" for _, v in self.args)
        types = ", ".join("index" for _ in self.args)
        return f"  call @case{self.index}({values}) : ({types}) -> ()", \
            {v for _, v in self.args}

    def op_text(self, op, t, tiled, const):
        k = op["k"]
        rank = self.rank
        results, sizes = op["results"], op["sizes"]
        idx = ", ".join(const(b) for b in op["base"])
        pad = f"%pad{k}"
        elem = self.etype(tiled)
        lines = [f"  {pad} = arith.constant {op['padding']} : {elem}"]
        mask = None
        mask_type = vec_type(op["mask_shape"], "i1")
        if op["mask"]:
            mask = f"%mask{k}"
            kind, data = op["mask"]
            if kind == "dense":
                lines.append(f"  {mask} = arith.constant dense<"
                             f"{dense(bools(data), op['mask_shape'])}> : "
                             f"{mask_type}")
            else:
                operands = ", ".join(b if isinstance(b, str) else const(b)
                                     for b in data)
                lines.append(f"  {mask} = vector.create_mask {operands} : "
                             f"{mask_type}")
        dims = ", ".join(f"d{m}" for m in range(rank))
        if tiled:
            exprs = ", ".join(f"d{m}" if kind == "dim" else "0"
                              for kind, m in results)
            vtype = vec_type(sizes, elem)
            attrs = (f"{{in_bounds = [{', '.join(bools(op['in_bounds']))}], "
                     f"permutation_map = affine_map<({dims}) -> ({exprs})>}}")
            if op["write"]:
                lines.append(f"  %val{k} = arith.constant dense<"
                             f"{dense(op['value'], sizes)}> : {vtype}")
                if op["wrap"]:
                    lines.append(f"  vector.mask {mask} {{ vector."
                                 f"transfer_write %val{k}, %m[{idx}] {attrs} "
                                 f": {vtype}, {t} }} : {mask_type}")
                else:
                    m = f", {mask}" if mask else ""
                    lines.append(f"  vector.transfer_write %val{k}, %m[{idx}]"
                                 f"{m} {attrs} : {vtype}, {t}")
                return lines
            if op["wrap"]:
                lines.append(f"  %r{k} = vector.mask {mask} {{ vector."
                             f"transfer_read %m[{idx}], {pad} {attrs} : {t}, "
                             f"{vtype} }} : {mask_type} -> {vtype}")
            else:
                m = f", {mask}" if mask else ""
                lines.append(f"  %r{k} = vector.transfer_read %m[{idx}], {pad}"
                             f"{m} {attrs} : {t}, {vtype}")
            lines += self.print_vector(f"%r{k}", sizes, tiled)
            return lines
        # The reference: along the used memref dimensions in memref order.
        used = [m for kind, m in results if kind == "dim"]
        order = sorted(used)
        if order:
            sorted_sizes = [sizes[results.index(("dim", m))] for m in order]
            sorted_bounds = [op["in_bounds"][results.index(("dim", m))]
                             for m in order]
            exprs = ", ".join(f"d{m}" for m in order)
        else:
            # One element along the last dimension, which is in bounds.
            sorted_sizes, sorted_bounds = [1], [True]
            exprs = f"d{rank - 1}"
        stype = vec_type(sorted_sizes, elem)
        vtype = vec_type(sizes, elem)
        attrs = (f"{{in_bounds = [{', '.join(bools(sorted_bounds))}], "
                 f"permutation_map = affine_map<({dims}) -> ({exprs})>}}")
        m = f", {mask}" if mask else ""
        bcast = [s for (kind, _), s in zip(results, sizes) if kind == "bcast"]
        # Vector dim -> dim of [broadcast dims..., sorted dims...].
        nb = len(bcast)
        perm = []
        b = 0
        for kind, mm in results:
            if kind == "bcast":
                perm.append(b)
                b += 1
            else:
                perm.append(nb + order.index(mm))
        if op["write"]:
            lines.append(f"  %val{k} = arith.constant dense<"
                         f"{dense(op['value'], sizes)}> : {vtype}")
            if not order:
                lines.append(f"  %sv{k} = vector.shape_cast %val{k} : "
                             f"{vtype} to {stype}")
            else:
                # Inverse of perm (no broadcasts in writes).
                inv = [perm.index(i) for i in range(len(perm))]
                lines.append(f"  %sv{k} = vector.transpose %val{k}, "
                             f"[{', '.join(map(str, inv))}] : {vtype} to "
                             f"{stype}")
            lines.append(f"  vector.transfer_write %sv{k}, %m[{idx}]{m} "
                         f"{attrs} : {stype}, {t}")
            return lines
        lines.append(f"  %s{k} = vector.transfer_read %m[{idx}], {pad}{m} "
                     f"{attrs} : {t}, {stype}")
        src, srcshape = f"%s{k}", sorted_sizes
        if not order:
            lines.append(f"  %e{k} = vector.extract %s{k}[0] : {elem} from "
                         f"{stype}")
            lines.append(f"  %r{k} = vector.broadcast %e{k} : {elem} to "
                         f"{vtype}")
        else:
            if bcast:
                btype = vec_type(bcast + sorted_sizes, elem)
                lines.append(f"  %b{k} = vector.broadcast %s{k} : {stype} to "
                             f"{btype}")
                src, srcshape = f"%b{k}", bcast + sorted_sizes
            lines.append(f"  %r{k} = vector.transpose {src}, "
                         f"[{', '.join(map(str, perm))}] : "
                         f"{vec_type(srcshape, elem)} to {vtype}")
        lines += self.print_vector(f"%r{k}", sizes, tiled)
        return lines


def module(programs, tiled):
    out = ["func.func private @printMemrefI32(memref<*xi32>)"]
    values = set()
    calls = []
    for p in programs:
        out += p.function(tiled)
        call, vs = p.call()
        calls.append(call)
        values |= vs
    out.append("func.func @main() {")
    for v in sorted(values):
        out.append(f"  %c{v} = arith.constant {v} : index")
    out += calls + ["  return", "}"]
    return "\n".join(out) + "\n"


def split_output(text):
    """Per program: its printed lines, without memref addresses."""
    cases, current = {}, None
    for line in text.splitlines():
        if line.startswith("case "):
            current = int(line.split()[1])
            cases[current] = []
        elif current is not None:
            if line.startswith("Unranked Memref"):
                line = line.split(" rank =", 1)[1]
            cases[current].append(line)
    return cases


def execute(text, options, run, timeout):
    """Lowers and runs `text`; (output, error) of the run."""
    with tempfile.NamedTemporaryFile("w", suffix=".mlir") as f:
        f.write(text)
        f.flush()
        lower = subprocess.run([options[0], f.name] + options[1:],
                               capture_output=True, text=True)
        if lower.returncode != 0:
            return None, lower.stderr
        try:
            proc = subprocess.run(run, input=lower.stdout,
                                  capture_output=True, text=True,
                                  timeout=timeout)
        except subprocess.TimeoutExpired:
            return None, f"timed out after {timeout} s"
        if proc.returncode != 0:
            return None, proc.stderr
        return proc.stdout, None


def run_batch(programs, args, configs, report, skipped):
    """Runs one batch; returns the number of mismatching programs."""
    runner = shlex.split(args.run)
    want, error = execute(module(programs, False),
                          [args.opt, "--tlayout-lower-to-llvm"],
                          runner, args.timeout)
    if error:
        if len(programs) > 1:
            return sum(run_batch([p], args, configs, report, skipped)
                       for p in programs)
        # Upstream cannot lower the reference: nothing to compare with.
        print(f"skipped program {programs[0].index} (seed {args.seed}): the "
              "reference does not lower: " + error.strip().splitlines()[0])
        skipped.append(programs[0].index)
        return 0
    want = split_output(want)
    bad = set()
    notes = {}
    for config in configs:
        got, error = execute(module(programs, True),
                             [args.opt] + shlex.split(config), runner,
                             args.timeout)
        if error:
            if len(programs) > 1:
                return sum(run_batch([p], args, configs, report, skipped)
                           for p in programs)
            report(programs[0], config, error.strip().splitlines()[:3])
            return 1
        got = split_output(got)
        for p in programs:
            if got.get(p.index) != want.get(p.index):
                bad.add(p.index)
                notes.setdefault(p.index, (config, want.get(p.index),
                                           got.get(p.index)))
    for p in programs:
        if p.index in bad:
            config, w, g = notes[p.index]
            diff = [f"want {a!r}" + "\n      " + f"got  {b!r}"
                    for a, b in zip(w or [], g or []) if a != b][:2]
            report(p, config, diff or ["outputs differ in length"])
    return len(bad)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("mode", choices=["run", "generate"])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--count", type=int, default=40)
    parser.add_argument("--batch", type=int, default=20)
    parser.add_argument("--inspect", required=True)
    parser.add_argument("--opt", default="tlayout-opt",
                        help="the tlayout-opt binary")
    parser.add_argument("--run", help="the mlir-runner command line")
    parser.add_argument("--config", action="append",
                        help="tlayout-opt options for the tiled programs "
                        "(default: --tlayout-lower-to-llvm with and without "
                        "simplify-indexing)")
    parser.add_argument("--failures", help="a folder for failing programs")
    parser.add_argument("--timeout", type=int, default=300,
                        help="seconds one execution may take")
    parser.add_argument("--progress", action="store_true",
                        help="report the running totals after each batch")
    parser.add_argument("--out", help="generate: the output file prefix")
    parser.add_argument("--element", choices=["i32", "i4", "i2", "i1"],
                        default="i32",
                        help="the element type; i4, i2 and i1 pack the "
                        "tiled memrefs with E(4), E(2) and E(1), with i8 "
                        "row-major memrefs of the same values as reference")
    args = parser.parse_args()
    configs = args.config or ["--tlayout-lower-to-llvm",
                              "--tlayout-lower-to-llvm=simplify-indexing=false"]
    rng = random.Random(args.seed)
    bits = None if args.element == "i32" else int(args.element[1:])
    programs = [Program(rng, args.inspect, i, bits)
                for i in range(args.count)]
    if args.mode == "generate":
        with open(args.out + ".tiled.mlir", "w") as f:
            f.write(module(programs, True))
        with open(args.out + ".plain.mlir", "w") as f:
            f.write(module(programs, False))
        return 0
    if args.failures:
        os.makedirs(args.failures, exist_ok=True)

    def report(p, config, lines):
        print(f"mismatch in program {p.index} (seed {args.seed}, "
              f"{p.shape} {p.tiled_layout}, {config}):")
        for line in lines:
            print("  " + line)
        if args.failures:
            base = os.path.join(args.failures, f"seed{args.seed}-{p.index}")
            with open(base + ".tiled.mlir", "w") as f:
                f.write(module([p], True))
            with open(base + ".plain.mlir", "w") as f:
                f.write(module([p], False))

    mismatches, skipped = 0, []
    for start in range(0, len(programs), args.batch):
        mismatches += run_batch(programs[start:start + args.batch], args,
                                configs, report, skipped)
        sys.stdout.flush()
        if args.progress:
            done = min(start + args.batch, len(programs))
            print(f"progress: {done - len(skipped)} programs run, "
                  f"{mismatches} mismatches", file=sys.stderr, flush=True)
    print(f"ran {len(programs) - len(skipped)} programs, {mismatches} "
          "mismatches")
    if skipped:
        print(f"skipped {len(skipped)} whose reference upstream cannot lower")
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main() or 0)
