#!/usr/bin/env python3
"""Randomized differential test of whole programs over tiled memrefs.

Each program (a "case") is drawn from a seed as a description: buffers of
random shapes (size-0 and size-1 dimensions, unaligned sizes, sizes known
only at run time) with random valid layouts (permutations, tiles with `*`
combine markers, several tile levels, L(n) tail padding), and a sequence of
operations on them:

- loop nests of affine.for and scf.for (constant and run-time bounds,
  unaligned starts, steps 1-3, reductions in iter_args) whose bodies read a
  buffer at shifted, reversed or clamped indices (memref.load with indices
  computed by arith ops, or affine.load where the loops keep them in
  bounds), call a private function that bumps a counter, read and write a
  counter with memref.load/store, branch with scf.if, and store through
  affine.store or memref.store: reads of elements written by earlier
  iterations make the result depend on the iteration order; a constant
  loop of 2-4 trips around the innermost loop may repeat its body, each
  trip reading the element it stores and adding to it (the rows of a
  packed word written one by one);
- the same nests outlined into functions taking the buffers cast to
  dynamic sizes (memref.cast static -> dynamic);
- nests in cf blocks: a cf.switch (duplicate destinations, a case without
  operands, a block that branches on) or a cf.cond_br on a run-time value
  picks, among memrefs of the same type (buffers, views, sizes dynamic or
  cast to dynamic; a decoy buffer where the memref is alone of its type),
  those the nest reads and writes, passed as block arguments whose sizes
  memref.dim reads; the outermost loop as a loop of cf blocks (the loop's
  block takes a memref and the index, the exit block nothing); an
  unreachable block left behind;
- memref.copy between layouts (and from views);
- views (tlayout.subview; memref.subview in the untiled program) at static
  and run-time offsets, at the ends of dimensions and empty;
- the physical buffer filled with garbage through tlayout.to_physical before
  the data is stored, so that padding never shows.

Each description is written twice: the tiled program (layouts on the
memrefs) and the untiled one (row-major memrefs). At the end every buffer is
read back through its memref into a flat row-major buffer and printed. The
untiled program lowered by upstream mlir-opt is the reference; the tiled
program under every configuration of --tlayout-lower-to-llvm, and the
untiled one under --tlayout-lower-to-llvm and --tlayout-tpu-pipeline, must
print the same. A configuration that fails to compile or crashes where the
reference runs is a failure too.

Usage:
  random_programs.py --count N --seed S --opt TLAYOUT_OPT
      --inspect TLAYOUT_INSPECT --upstream-opt MLIR_OPT
      --runner 'mlir-runner -e main -entry-point-result=void ...'
      [--keep-failures DIR] [--batch B] [--configs a,b] [--only i,j]
      [--avoid-known]
prints one line per failure (case id SEED:INDEX, configuration, the first
line of the error or the first differing element, and which pipeline option
makes it pass) and
  random-programs: N programs, K failures
--keep-failures writes each failing case's tiled and untiled modules;
--reduce SEED:INDEX:CONFIG --out DIR shrinks one failing case (dropping
operations and buffers, simplifying loops) while it fails the same way;
--emit DIR --emit-index I writes one case's modules without running them.
Cases are batched into one module per mlir-runner invocation; a batch that
fails to compile or crashes is rerun one case at a time.
"""
import argparse
import os
import random
import re
import shlex
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from random_layouts import random_layout  # noqa: E402

# --convert-to-llvm lowers func and cf in one conversion, so cf blocks with
# memref arguments need no order of convert-func-to-llvm and
# convert-cf-to-llvm.
UPSTREAM_PIPELINE = [
    "--lower-affine", "--convert-scf-to-cf", "--expand-strided-metadata",
    "--lower-affine", "--finalize-memref-to-llvm", "--convert-to-llvm",
    "--reconcile-unrealized-casts"]

# With --avoid-known, the generator leaves out constructs of known,
# separately tracked failures (empty views at the end of a dimension, casts
# to dynamic sizes of L(n) layouts with tiles, `*` and L(n) on shapes with a
# size-0 dimension, tlayout.to_physical of a size-0 shape with dynamic
# sizes), so that long runs find new ones.
AVOID_KNOWN = False

# (name, program flavor, tlayout-opt pipeline)
CONFIGS = [
    ("default", "tiled", ["--tlayout-lower-to-llvm"]),
    ("no-simplify", "tiled",
     ["--tlayout-lower-to-llvm=simplify-indexing=false"]),
    ("no-physical-order", "tiled",
     ["--tlayout-lower-to-llvm=physical-order=false"]),
    ("untiled-default", "untiled", ["--tlayout-lower-to-llvm"]),
    ("untiled-tpu", "untiled", ["--tlayout-tpu-pipeline"]),
]



# --------------------------------------------------------------------------
# Descriptions
# --------------------------------------------------------------------------

class Value:
    """A memref of the program: an allocated buffer or a view of one."""

    def __init__(self, name, shape, layout, dyn=None, parent=None,
                 offsets=None, dyn_offsets=None):
        self.name = name
        self.shape = shape            # static sizes (known to the generator)
        self.layout = layout          # layout text or None (row-major)
        self.dyn = dyn or [False] * len(shape)  # sizes unknown statically
        self.parent = parent          # for views: the parent buffer
        self.offsets = offsets
        self.dyn_offsets = dyn_offsets

    @property
    def rank(self):
        return len(self.shape)

    def dims_text(self, dyn=None):
        dyn = self.dyn if dyn is None else dyn
        return "x".join("?" if d else str(s) for s, d in zip(self.shape, dyn))

    def type(self, tiled, dyn=None):
        dims = self.dims_text(dyn)
        if self.parent is None:
            if tiled and self.layout:
                return f"memref<{dims}xi32, #tlayout.tiled<{self.layout}>>"
            return f"memref<{dims}xi32>"
        p = self.parent
        if not (tiled and p.layout) and 0 in self.shape:
            return f"memref<{dims}xi32>"
        if tiled and p.layout:
            offs = ", ".join("?" if d else str(o)
                             for o, d in zip(self.offsets, self.dyn_offsets))
            parent = ", ".join(map(str, p.shape))
            inner = self.layout[1:-1]
            return (f"memref<{dims}xi32, #tlayout.tiled<{{{inner}}}, "
                    f"parent = [{parent}], offsets = [{offs}]>>")
        strides = []
        acc = 1
        for s in reversed(p.shape):
            strides.append(acc)
            acc *= s
        strides.reverse()
        if any(self.dyn_offsets):
            off = "?"
        else:
            off = str(sum(o * s for o, s in zip(self.offsets, strides)))
        st = ", ".join(map(str, strides))
        return f"memref<{dims}xi32, strided<[{st}], offset: {off}>>"


class Inspector:
    def __init__(self, path, opt):
        self.path = path
        self.opt = opt
        self.cache = {}
        self.symbol_cache = {}

    def symbols(self, shape, layout):
        """How many symbol operands an allocation of the layout takes: a
        layout whose combined dimensions need sizes uses all of them as
        symbols."""
        if "*" not in layout:
            return 0
        key = (tuple(shape), layout)
        if key not in self.symbol_cache:
            dims = "x".join(map(str, shape))
            text = (f"func.func @f() {{\n  %a = memref.alloc() : "
                    f"memref<{dims}xi32, #tlayout.tiled<{layout}>>\n"
                    "  return\n}\n")
            proc = subprocess.run([self.opt, "-"], input=text,
                                  capture_output=True, text=True)
            m = re.search(r"expected (\d+), got 0", proc.stderr)
            self.symbol_cache[key] = int(m[1]) if m else 0
        return self.symbol_cache[key]

    def physical(self, shape, layout):
        """Physical element count, or None if the layout is invalid."""
        key = (tuple(shape), layout)
        if key not in self.cache:
            text = "s32[" + ",".join(map(str, shape)) + "]" + layout
            proc = subprocess.run([self.path, text, "--json"],
                                  capture_output=True, text=True)
            m = re.search(r'"physical_elements": (\d+)', proc.stdout)
            self.cache[key] = (int(m[1]) if proc.returncode == 0 and m
                               else None)
        return self.cache[key]


def draw_shape(rng, rank=None):
    rank = rank or rng.choice([1, 2, 2, 2, 3, 3])
    while True:
        shape = [rng.choice([0, 1, 1, 2, 3, 3, 4, 5, 6, 7])
                 if rng.random() < 0.9 else rng.randint(8, 11)
                 for _ in range(rank)]
        if rng.random() < 0.8 and 0 in shape:
            continue
        n = 1
        for s in shape:
            n *= s
        if n <= 160:
            return shape


def draw_layout(rng, shape, inspect):
    """A random layout valid for `shape` with a modest physical size."""
    rank = len(shape)
    for _ in range(40):
        layout = draw_layout_once(rng, shape, rank)
        if AVOID_KNOWN and 0 in shape and ("*" in layout or "L(" in layout):
            continue
        total = inspect.physical(shape, layout)
        if total is not None and total <= 2048:
            return layout
    return "{" + ",".join(map(str, reversed(range(rank)))) + "}"


def draw_layout_once(rng, shape, rank):
    """A permutation, or tiles drawn as random_layouts draws them (combine
    markers, several levels, tiles longer than the shape), maybe with L(n)."""
    perm = list(range(rank))
    rng.shuffle(perm)
    if rng.random() < 0.12:
        return "{" + ",".join(map(str, perm)) + "}"
    while True:
        _, drawn = random_layout(rng)
        tiles = drawn[drawn.index(":T") + 2:-1]
        if tiles:
            break
    layout = "{" + ",".join(map(str, perm)) + ":T" + tiles
    if rng.random() < 0.25:
        layout += f"L({rng.choice([2, 4, 8, 16])})"
    return layout + "}"


class Case:
    def __init__(self, seed, index):
        self.seed = seed
        self.index = index
        self.values = []
        self.buffers = []
        self.ops = []
        self.args = []        # (name, value) passed by main
        self.garbage = set()  # buffer names filled through to_physical
        self.decoys = []      # buffers only branches pass (draw_cf)

    @property
    def ident(self):
        return f"{self.seed}:{self.index}"


def new_arg(case, value):
    name = f"a{len(case.args)}"
    case.args.append((name, value))
    return name


def draw_buffer(rng, case, inspect, shape=None, dyn=None, layout="draw"):
    shape = list(shape) if shape is not None else draw_shape(rng)
    if dyn is None:
        dyn = [rng.random() < 0.2 for _ in shape]
    if layout == "draw":
        layout = (draw_layout(rng, shape, inspect) if rng.random() < 0.92
                  else None)
    b = Value(f"b{len(case.buffers)}", shape, layout, dyn)
    b.size_args = [new_arg(case, s) if d else None
                   for s, d in zip(shape, dyn)]
    case.buffers.append(b)
    case.values.append(b)
    if layout and rng.random() < 0.35 and not (
            AVOID_KNOWN and 0 in shape and any(dyn)):
        case.garbage.add(b.name)
    return b


def draw_view(rng, case):
    parents = [b for b in case.buffers if not any(b.dyn)]
    if not parents:
        return None
    p = rng.choice(parents)
    offsets, sizes = [], []
    for s in p.shape:
        r = rng.random()
        if r < 0.2:      # at the end, empty
            o, n = s, 0
        elif r < 0.4:    # touching the end
            n = rng.randint(0, s)
            o = s - n
        elif r < 0.5:    # empty in the middle
            o, n = rng.randint(0, s), 0
        else:
            o = rng.randint(0, s)
            n = rng.randint(0, s - o)
        if AVOID_KNOWN and n == 0 and o == s:
            if s == 0:
                return None
            o = rng.randrange(s)
        offsets.append(o)
        sizes.append(n)
    dyn_offsets = [rng.random() < 0.3 for _ in p.shape]
    v = Value(f"v{len(case.values)}", sizes, p.layout, parent=p,
              offsets=offsets, dyn_offsets=dyn_offsets)
    v.offset_args = [new_arg(case, o) if d else None
                     for o, d in zip(offsets, dyn_offsets)]
    case.values.append(v)
    case.ops.append(("view", v))
    return v


def draw_nest(rng, case, target, source):
    """A loop nest storing into every visited element of `target`."""
    rank = target.rank
    outlined = rng.random() < 0.25 and target.parent is None and \
        source.parent is None
    order = list(range(rank))
    if rng.random() < 0.7:
        rng.shuffle(order)
    loops = []
    for d in range(rank):
        s = target.shape[d]
        lb = rng.choice([0, 0, 0, 1, rng.randint(0, s)]) if s else 0
        lb = min(lb, s)
        ub_full = rng.random() < 0.7
        ub = s if ub_full else rng.randint(lb, s)
        loops.append({
            "kind": rng.choice(["affine", "affine", "scf"]),
            "lb": lb, "ub": ub, "full": ub_full,
            "step": rng.choice([1, 1, 1, 2, 3]),
            "dyn_lb": (not outlined) and rng.random() < 0.2,
            "dyn_ub": (not outlined) and not ub_full and rng.random() < 0.3,
        })
    for l in loops:
        l["lb_arg"] = new_arg(case, l["lb"]) if l["dyn_lb"] else None
        l["ub_arg"] = new_arg(case, l["ub"]) if l["dyn_ub"] else None
    # Source indices: a transform of one of the target's dimensions.
    src_idx = []
    for e in range(source.rank):
        d = e if e < rank and rng.random() < 0.8 else rng.randrange(rank)
        r = rng.random()
        if r < 0.45:
            tr = ("shift", rng.choice([-2, -1, -1, 0, 1, 1, 2]))
        elif r < 0.65:
            tr = ("reverse", 0)
        elif r < 0.8:
            tr = ("const", rng.randint(0, 3))
        else:
            tr = ("shift", 0)
        src_idx.append((d, tr))
    if AVOID_KNOWN and outlined and any(
            v.layout and "L(" in v.layout and ":T" in v.layout
            for v in (target, source)):
        outlined = False
    store_shift = None
    if rng.random() < 0.15:
        store_shift = [rng.choice([0, 0, -1, 1]) for _ in range(rank)]
    nest = {
        "target": target, "source": source, "order": order, "loops": loops,
        "src_idx": src_idx, "mult": rng.choice([1, 1, 2, 3]),
        "add": rng.randint(0, 50),
        "tick": rng.random() < 0.3,
        "counter": rng.random() < 0.2,
        "if": rng.choice([None, None, "else", "then"]),
        "if_cond": (rng.randrange(rank), rng.randrange(rank),
                    rng.choice(["slt", "sle", "eq", "ne", "sgt"])),
        "reduce": rng.random() < 0.3,
        "outlined": outlined,
        "cast_dyn": [rng.random() < 0.7 for _ in range(rank)],
        "src_cast_dyn": [rng.random() < 0.7 for _ in range(source.rank)],
        "store_shift": store_shift,
        "cast_back": rng.random() < 0.3,
        "store_call": rng.random() < 0.15,
        "prefer_affine": rng.random() < 0.6,
        "affine_store": rng.random() < 0.75,
    }
    # Repeats of the innermost loop: a constant loop around it whose trips
    # read, add to and store the same elements (the rows of a packed word
    # written one by one). Drawn from a generator of its own, so that the
    # other draws of a seed stay the programs they were.
    own = random.Random(f"{case.ident}:{len(case.ops)}")
    nest["repeat"] = own.choice([0, 0, 0, 2, 3, 4])
    # Element-wise nests: whole dimensions from 0 by 1, no index arithmetic
    # in the value, the source read at the same indices where it has the
    # target's shape, plus a read of the target's first element (an access
    # that does not walk with the loops).
    if own.random() < 0.25:
        nest["elementwise"] = True
        for d, l in enumerate(loops):
            l.update(kind="affine", lb=0, ub=target.shape[d], full=True,
                     step=1, dyn_lb=False, dyn_ub=False)
        if source.shape == target.shape:
            nest["src_idx"] = [(e, ("shift", 0)) for e in range(rank)]
        nest.update({"tick": False, "counter": False, "if": None,
                     "reduce": False, "outlined": False, "store_shift": None,
                     "store_call": False, "prefer_affine": True,
                     "affine_store": True})
    nest["cf"] = draw_cf(case, nest)
    case.ops.append(("nest", nest))


# The probability that a nest runs in cf blocks (a branch that picks its
# memrefs, a loop of cf blocks, or both).
CF_PROB = 0.3


def candidates(case, value):
    """The values a branch may pass in place of `value`: those of the same
    type in both programs and the same sizes (any of them is a valid
    operand of the nest), `value` first."""
    return [value] + [
        v for v in case.values if v is not value and v.shape == value.shape
        and v.type(True) == value.type(True)
        and v.type(False) == value.type(False)]


def draw_cf(case, nest):
    """cf control flow around a nest, drawn from a generator of its own
    (so that the other draws of a seed stay the programs they were):

    - select: a cf.switch (cases to the join block, duplicate destinations
      with other operands, a case to a block without operands, a block that
      branches on with a cf.cond_br) or a cf.cond_br on a run-time value
      picks, among the memrefs of the same type, those the nest reads and
      writes; they reach the nest as arguments of the join block (maybe
      cast to dynamic sizes first; for an outlined nest, those of the
      call). An unreachable block that branches to the join block may be
      left in the function;
    - loop: the outermost loop of the nest is a loop of cf blocks: a
      cf.cond_br guards it, the loop's block takes the target memref (and
      maybe the source) and the index, its sizes read with memref.dim, and
      the exit block takes nothing."""
    cr = random.Random(f"{case.ident}:{len(case.ops)}:branches")
    if cr.random() >= CF_PROB:
        return None
    target, source = nest["target"], nest["source"]
    rank = target.rank
    # The outermost loop is the innermost one too where the rank is 1: not
    # one that carries a reduction or sits in the repeat loop.
    loop_ok = not (rank == 1 and (nest["reduce"] or nest.get("repeat")))
    r = cr.random()
    if r < 0.55 or not loop_ok:
        select, loop = cr.choice(["switch", "switch", "cond"]), False
    elif r < 0.75:
        select, loop = None, True
    else:
        select, loop = cr.choice(["switch", "cond"]), True
    cfd = {"select": select, "loop": loop,
           "loop_source": cr.random() < 0.5}
    if not select:
        return cfd
    slots = [candidates(case, target)]
    if source is not target:
        slots.append(candidates(case, source))
    # A buffer alone of its type gets a decoy: a buffer of the same type
    # and sizes (allocated, filled and printed as the others) that the
    # branch may pass instead.
    for cands in slots:
        v = cands[0]
        if len(cands) == 1 and v.parent is None and cr.random() < 0.6:
            d = Value(None, list(v.shape), v.layout, list(v.dyn))
            d.size_args = list(v.size_args)
            if v.layout and cr.random() < 0.35 and not (
                    AVOID_KNOWN and 0 in v.shape and any(v.dyn)):
                d.garbage = True
            case.decoys.append(d)
            cands.append(d)
    cfd["slots"] = slots

    def choice():
        return tuple(cr.randrange(len(c)) for c in slots)

    # Dynamic sizes: the memrefs cast to all-dynamic sizes before the
    # branch (buffers only, as outlined nests cast them). Sizes that every
    # edge passes as the same constant fold into the loops only after the
    # loop passes (seed 100's program 9 under this salt:
    # regressions/empty-outer-tile-loop.mlir).
    cfd["cast"] = (not nest["outlined"] and cr.random() < 0.3 and all(
        v.parent is None for c in slots for v in c))
    cfd["dead"] = cr.random() < 0.2
    if select == "switch":
        values = cr.sample(range(-2, 7), cr.randint(1, 4))
        dests = ["join", "join", "empty", "mid"]
        cfd["cases"] = [(v, cr.choice(dests), choice()) for v in values]
        cfd["default"] = (cr.choice(dests), choice())
        cfd["empty_choice"] = choice()
        cfd["mid_cond"] = (cr.choice(["eq", "ne", "slt", "sge"]),
                           cr.randint(-1, 5))
        cfd["mid_alt"] = choice()
        cfd["mid_swap"] = cr.random() < 0.5
        # The selector: a case (most often) or a value that takes the
        # default.
        taken = values + [cr.choice([-5, 9, 100])]
        sel = cr.choice(taken) if cr.random() < 0.85 else taken[-1]
    else:
        cfd["cond"] = (cr.choice(["eq", "ne", "slt", "sge"]),
                       cr.randint(-1, 5))
        cfd["true"] = choice()
        cfd["false"] = (cr.choice(["join", "empty"]), choice())
        sel = cr.randint(-1, 5)
    cfd["sel_arg"] = new_arg(case, sel)
    # Half the time the path taken passes the nest's own memrefs (the nest
    # checks what it checked without the branch); else whatever its edges
    # pass.
    if cr.random() < 0.5:
        set_taken_choice(cfd, sel, tuple(0 for _ in slots))
    return cfd


def _holds(pred, a, b):
    return {"eq": a == b, "ne": a != b, "slt": a < b, "sge": a >= b}[pred]


def set_taken_choice(cfd, sel, choice):
    """Makes the edge that the selector `sel` takes into the join block
    pass the candidates `choice`."""
    if cfd["select"] == "cond":
        pred, k = cfd["cond"]
        if _holds(pred, sel, k):
            cfd["true"] = choice
        else:
            cfd["false"] = (cfd["false"][0], choice)
        return
    cases = {v: i for i, (v, _, _) in enumerate(cfd["cases"])}
    if sel in cases:
        i = cases[sel]
        kind = cfd["cases"][i][1]

        def set_edge(ch):
            cfd["cases"][i] = (sel, kind, ch)
    else:
        kind = cfd["default"][0]

        def set_edge(ch):
            cfd["default"] = (kind, ch)
    if kind == "join":
        set_edge(choice)
    elif kind == "empty":
        cfd["empty_choice"] = choice
    else:
        # The mid block's cond_br: its own arguments, or mid_alt.
        pred, k = cfd["mid_cond"]
        own_first = not cfd["mid_swap"]
        if _holds(pred, sel, k) == own_first:
            set_edge(choice)
        else:
            cfd["mid_alt"] = choice


def draw_case(rng, seed, index, inspect):
    case = Case(seed, index)
    for _ in range(rng.choice([1, 2, 2, 3])):
        draw_buffer(rng, case, inspect)
    for _ in range(rng.randint(1, 5)):
        r = rng.random()
        if r < 0.55:
            target = rng.choice(case.values)
            if rng.random() < 0.5:
                source = target
            else:
                source = rng.choice(case.values)
            draw_nest(rng, case, target, source)
        elif r < 0.75:
            v = draw_view(rng, case)
            if v is not None:
                source = rng.choice(case.values)
                draw_nest(rng, case, v, source)
        else:
            src = rng.choice(case.values)
            if src.parent is None and rng.random() < 0.3:
                dst = draw_buffer(rng, case, inspect, src.shape,
                                  list(src.dyn))
                dst.size_args = list(src.size_args)
            else:
                dst = draw_buffer(rng, case, inspect, src.shape,
                                  [False] * src.rank)
            case.ops.append(("copy", src, dst))
            if rng.random() < 0.5:
                draw_nest(rng, case, dst, src)
    # The decoys of branches are buffers like the others, named last.
    for d in case.decoys:
        d.name = f"b{len(case.buffers)}"
        case.buffers.append(d)
        case.values.append(d)
        if getattr(d, "garbage", False):
            case.garbage.add(d.name)
    return case


# --------------------------------------------------------------------------
# Rendering
# --------------------------------------------------------------------------

class Func:
    def __init__(self):
        self.lines = []
        self.n = 0
        self.consts = {}
        self.indent = "  "

    def fresh(self, stem="t"):
        self.n += 1
        return f"%{stem}{self.n}"

    def label(self, stem):
        self.n += 1
        return f"^{stem}{self.n}"

    def emit(self, text):
        self.lines.append(self.indent + text)

    def const(self, v, ty="index"):
        key = (v, ty)
        if key not in self.consts:
            suffix = "" if ty == "index" else "_" + ty
            name = f"%c{'m' if v < 0 else ''}{abs(v)}{suffix}"
            self.consts[key] = name
        return self.consts[key]

    def const_lines(self):
        return [f"  {name} = arith.constant {v} : {ty}"
                for (v, ty), name in sorted(self.consts.items(),
                                            key=lambda kv: kv[1])]


def render_nest(f, nest, tiled, tname, ttype, sname, stype, dims_of,
                arg_of, store_func=None):
    """Emits the loop nest into `f`. dims_of(value_name, d) gives the SSA
    value of a dimension's size; arg_of(arg) the SSA value of a case arg."""
    target, source = nest["target"], nest["source"]
    rank = target.rank
    loops = nest["loops"]
    ivs = [f"%i{f.n + 1}_{d}" for d in range(rank)]
    f.n += 1
    closers = []
    reduce = nest["reduce"]
    all_affine = True
    acc_name = None
    repeat_iv = None
    cf_loop = (nest.get("cf") or {}).get("loop")
    for level, d in enumerate(nest["order"]):
        l = loops[d]
        innermost = level == rank - 1
        if level == 0 and cf_loop:
            tname, sname, dims_of, closer = open_cf_loop(
                f, nest, d, tname, ttype, sname, stype, dims_of, arg_of,
                ivs[d])
            closers.append(("cf", False, closer))
            if l["kind"] != "affine":
                all_affine = False
            continue
        if innermost and nest.get("repeat"):
            repeat_iv = f"%rp{f.n}"
            f.emit(f"affine.for {repeat_iv} = 0 to {nest['repeat']} {{")
            closers.append(("affine", False, ""))
            f.indent += "  "
        carried, res = "", ""
        if innermost and reduce:
            acc_name = f.fresh("acc")
            res = f.fresh("red") + " = "
            carried = f" iter_args({acc_name} = {f.const(0, 'i32')}) -> (i32)"
        if l["dyn_lb"]:
            lo = arg_of(l["lb_arg"])
        else:
            lo = str(l["lb"])
        if l["dyn_ub"]:
            hi = arg_of(l["ub_arg"])
        elif l["full"]:
            hi = dims_of(tname, d)
        else:
            hi = str(l["ub"])
        if l["kind"] == "affine":
            # affine.for takes symbols for bounds, integers as literals.
            if not lo.startswith("%") and l["dyn_lb"] is False:
                pass
            f.emit(f"{res}affine.for {ivs[d]} = {lo} to {hi} "
                   f"step {l['step']}{carried} {{")
        else:
            all_affine = False
            lo_v = lo if lo.startswith("%") else f.const(int(lo))
            hi_v = hi if hi.startswith("%") else f.const(int(hi))
            f.emit(f"{res}scf.for {ivs[d]} = {lo_v} to {hi_v} "
                   f"step {f.const(l['step'])}{carried} {{")
        closers.append((l["kind"], innermost and reduce, res))
        f.indent += "  "

    # The value: a read of the source, counters, the indices.
    val = None
    if all(s > 0 for s in source.shape):
        idx_affine = []
        idx_values = []
        affine_ok = all_affine and nest["prefer_affine"]
        for e, (d, (kind, k)) in enumerate(nest["src_idx"]):
            se = source.shape[e]
            l = loops[d]
            # Range of the target index (inclusive) if the loop runs.
            lo, hi = l["lb"], l["ub"] - 1
            if kind == "shift":
                rng_lo, rng_hi = lo + k, hi + k
                aff = (f"{ivs[d]} + {k}" if k > 0 else
                       f"{ivs[d]} - {-k}" if k < 0 else ivs[d])
            elif kind == "reverse":
                rng_lo, rng_hi = se - 1 - hi, se - 1 - lo
                aff = f"{se - 1} - {ivs[d]}"
            else:
                rng_lo = rng_hi = min(k, se - 1)
                aff = str(min(k, se - 1))
            if l["dyn_lb"] or l["dyn_ub"]:
                affine_ok = False
            if not (0 <= rng_lo and rng_hi <= se - 1):
                affine_ok = False
            idx_affine.append(aff)
            # The arith form, clamped into [0, se - 1].
            if kind == "shift":
                t = f.fresh("x")
                f.emit(f"{t} = arith.addi {ivs[d]}, {f.const(k)} : index")
            elif kind == "reverse":
                sz = dims_of(sname, e)
                m1 = f.fresh("x")
                f.emit(f"{m1} = arith.subi {sz}, {f.const(1)} : index")
                t = f.fresh("x")
                f.emit(f"{t} = arith.subi {m1}, {ivs[d]} : index")
            else:
                t = f.const(min(k, se - 1))
            lo_c = f.fresh("x")
            f.emit(f"{lo_c} = arith.maxsi {t}, {f.const(0)} : index")
            szs = dims_of(sname, e)
            top = f.fresh("x")
            f.emit(f"{top} = arith.subi {szs}, {f.const(1)} : index")
            cl = f.fresh("x")
            f.emit(f"{cl} = arith.minsi {lo_c}, {top} : index")
            idx_values.append(cl)
        val = f.fresh("ld")
        emit_load(f, val, sname, idx_affine if affine_ok else idx_values,
                  stype, affine_ok)
        if nest["mult"] != 1:
            w = f.fresh("v")
            f.emit(f"{w} = arith.muli {val}, {f.const(nest['mult'], 'i32')}"
                   " : i32")
            val = w
    # Plus a linear term of the indices (element-wise nests: the target's
    # first element instead).
    if nest.get("elementwise"):
        extra = f.const(nest["add"], "i32")
        if all(target.shape):
            first = f.fresh("first")
            f.emit(f"{first} = affine.load {tname}[{', '.join(['0'] * rank)}] "
                   f": {ttype}")
            extra = _addi(f, extra, first)
        val = extra if val is None else _addi(f, val, extra)
    lin = f.const(nest["add"])
    for d in range(rank if not nest.get("elementwise") else 0):
        t = f.fresh("x")
        f.emit(f"{t} = arith.muli {lin}, {f.const(7)} : index")
        u = f.fresh("x")
        f.emit(f"{u} = arith.addi {t}, {ivs[d]} : index")
        lin = u
    if not nest.get("elementwise"):
        li = f.fresh("v")
        f.emit(f"{li} = arith.index_cast {lin} : index to i32")
        val = li if val is None else _addi(f, val, li)
    if nest["tick"]:
        t = f.fresh("tk")
        f.emit(f"{t} = func.call @tick(%cnt) : (memref<2xi32>) -> i32")
        val = _addi(f, val, t)
    if nest["counter"]:
        old = f.fresh("cn")
        f.emit(f"{old} = memref.load %cnt[{f.const(1)}] : memref<2xi32>")
        new = _addi(f, old, f.const(3, "i32"))
        f.emit(f"memref.store {new}, %cnt[{f.const(1)}] : memref<2xi32>")
        val = _addi(f, val, old)

    if repeat_iv:
        # Each repeat adds its trip to the element it read: the elements
        # must see the repeats in their order.
        rp = f.fresh("x")
        f.emit(f"{rp} = arith.index_cast {repeat_iv} : index to i32")
        val = _addi(f, val, rp)

    # The store.
    if nest["store_shift"]:
        st_idx = []
        for d in range(rank):
            t = f.fresh("x")
            f.emit(f"{t} = arith.addi {ivs[d]}, "
                   f"{f.const(nest['store_shift'][d])} : index")
            a = f.fresh("x")
            f.emit(f"{a} = arith.maxsi {t}, {f.const(0)} : index")
            top = f.fresh("x")
            f.emit(f"{top} = arith.subi {dims_of(tname, d)}, {f.const(1)} "
                   ": index")
            b = f.fresh("x")
            f.emit(f"{b} = arith.minsi {a}, {top} : index")
            st_idx.append(b)
        use_affine = False
    else:
        st_idx = ivs
        use_affine = all_affine and nest["affine_store"]

    if repeat_iv:
        # The element stored is read first, and the value added to it.
        old_v = f.fresh("old")
        emit_load(f, old_v, tname, st_idx, ttype, use_affine)
        twice = f.fresh("v")
        f.emit(f"{twice} = arith.muli {old_v}, {f.const(3, 'i32')} : i32")
        val = _addi(f, val, twice)

    def store(v):
        if nest.get("store_call") and store_func:
            # The store hidden in a call: the loop sees only a call with
            # side effects.
            callee = store_func(ttype, rank)
            f.emit(f"func.call {callee}({tname}, {', '.join(st_idx)}, {v}) : "
                   f"({ttype}, {', '.join(['index'] * rank)}, i32) -> ()")
            return
        op = "affine.store" if use_affine else "memref.store"
        f.emit(f"{op} {v}, {tname}[{', '.join(st_idx)}] : {ttype}")

    if nest["if"]:
        a, b, pred = nest["if_cond"]
        cond = f.fresh("cond")
        f.emit(f"{cond} = arith.cmpi {pred}, {ivs[a]}, {ivs[b]} : index")
        f.emit(f"scf.if {cond} {{")
        f.indent += "  "
        store(val)
        f.indent = f.indent[:-2]
        if nest["if"] == "else":
            f.emit("} else {")
            f.indent += "  "
            alt = _addi(f, val, f.const(5000, "i32"))
            store(alt)
            f.indent = f.indent[:-2]
        f.emit("}")
    else:
        store(val)

    for kind, reducing, res in reversed(closers):
        if kind == "cf":
            res()
            continue
        if reducing:
            s = _addi(f, acc_name, val)
            f.emit(f"{'affine' if kind == 'affine' else 'scf'}.yield {s} : i32")
        f.indent = f.indent[:-2]
        f.emit("}")
        if reducing:
            r = res[:-3]
            old = f.fresh("ac")
            f.emit(f"{old} = memref.load %accb[{f.const(0)}] : memref<1xi32>")
            new = _addi(f, old, r)
            f.emit(f"memref.store {new}, %accb[{f.const(0)}] : memref<1xi32>")


def open_cf_loop(f, nest, d, tname, ttype, sname, stype, dims_of, arg_of,
                 iv):
    """Opens the loop over dimension `d` as cf blocks: a cf.cond_br that
    enters the loop's block (taking the target memref, maybe the source,
    and the index `iv`) or goes to the exit block, which takes nothing.
    Returns the memrefs' names in the loop's block, their sizes, and the
    function that emits the back edge and the exit block."""
    l = nest["loops"][d]
    lo = arg_of(l["lb_arg"]) if l["dyn_lb"] else f.const(l["lb"])
    if l["dyn_ub"]:
        hi = arg_of(l["ub_arg"])
    elif l["full"]:
        hi = dims_of(tname, d)
    else:
        hi = f.const(l["ub"])
    carried = [(tname, ttype)]
    if nest["cf"]["loop_source"] and sname != tname:
        carried.append((sname, stype))
    row, done = f.label("row"), f.label("exit")
    tys = ", ".join(t for _, t in carried) + ", index"
    enter = f.fresh("enter")
    f.emit(f"{enter} = arith.cmpi slt, {lo}, {hi} : index")
    f.emit(f"cf.cond_br {enter}, {row}("
           f"{', '.join(n for n, _ in carried)}, {lo} : {tys}), {done}")
    args = [f.fresh("rm") for _ in carried]
    f.emit(f"{row}({', '.join(f'{a}: {t}' for a, (_, t) in zip(args, carried))}"
           f", {iv}: index):")
    local = {}
    renamed = {n: a for a, (n, _) in zip(args, carried)}
    for a, (n, t) in zip(args, carried):
        value = nest["target"] if n == tname else nest["source"]
        for e in range(value.rank):
            dim = f.fresh("dim")
            f.emit(f"{dim} = memref.dim {a}, {f.const(e)} : {t}")
            local[(a, e)] = dim

    def inner_dims(ssa, e):
        return local[(ssa, e)] if (ssa, e) in local else dims_of(ssa, e)

    x = args[0]

    def close():
        nxt = f.fresh("next")
        f.emit(f"{nxt} = arith.addi {iv}, {f.const(l['step'])} : index")
        # The bound again, from the block's memref where it is its size.
        bound = local[(x, d)] if not l["dyn_ub"] and l["full"] else hi
        more = f.fresh("more")
        f.emit(f"{more} = arith.cmpi slt, {nxt}, {bound} : index")
        f.emit(f"cf.cond_br {more}, {row}({', '.join(args)}, {nxt} : {tys}), "
               f"{done}")
        f.emit(f"{done}:")

    return (renamed.get(tname, tname), renamed.get(sname, sname),
            inner_dims, close)


def emit_select(f, cfd, cands, types, arg_of):
    """Emits the branch of draw_cf's `select` over the candidates' SSA
    names (one list per slot, of block argument types `types`); returns
    the join block's arguments, whose block the function goes on in."""
    join = f.label("join")
    tys = ", ".join(types)
    sel = arg_of(cfd["sel_arg"])

    def ops(choice):
        return (f"({', '.join(cands[k][i] for k, i in enumerate(choice))}"
                f" : {tys})")

    blocks = []
    if cfd["select"] == "switch":
        sel32 = f.fresh("sel")
        f.emit(f"{sel32} = arith.index_cast {sel} : index to i32")
        labels = {"join": join, "empty": f.label("empty"),
                  "mid": f.label("mid")}

        def dest(kind, choice):
            return labels[kind] + ("" if kind == "empty" else ops(choice))

        entries = [f"default: {dest(*cfd['default'])}"] + [
            f"{v}: {dest(kind, ch)}" for v, kind, ch in cfd["cases"]]
        f.emit(f"cf.switch {sel32} : i32, [")
        for i, e in enumerate(entries):
            f.emit("  " + e + ("," if i + 1 < len(entries) else ""))
        f.emit("]")
        used = {cfd["default"][0]} | {kind for _, kind, _ in cfd["cases"]}
        if "empty" in used:
            blocks.append([f"{labels['empty']}:",
                           f"cf.br {join}{ops(cfd['empty_choice'])}"])
        if "mid" in used:
            margs = [f.fresh("mx") for _ in types]
            pred, k = cfd["mid_cond"]
            c = f.fresh("mc")
            own = f"({', '.join(margs)} : {tys})"
            alt = ops(cfd["mid_alt"])
            if cfd["mid_swap"]:
                own, alt = alt, own
            dim = f.fresh("dim")
            blocks.append([
                f"{labels['mid']}("
                f"{', '.join(f'{a}: {t}' for a, t in zip(margs, types))}):",
                f"{dim} = memref.dim {margs[0]}, {f.const(0)} : {types[0]}",
                f"{c} = arith.cmpi {pred}, {sel}, {f.const(k)} : index",
                f"cf.cond_br {c}, {join}{own}, {join}{alt}"])
    else:
        pred, k = cfd["cond"]
        c = f.fresh("cond")
        f.emit(f"{c} = arith.cmpi {pred}, {sel}, {f.const(k)} : index")
        kind, choice = cfd["false"]
        if kind == "empty":
            empty = f.label("empty")
            other = empty
            blocks.append([f"{empty}:", f"cf.br {join}{ops(choice)}"])
        else:
            other = join + ops(choice)
        f.emit(f"cf.cond_br {c}, {join}{ops(cfd['true'])}, {other}")
    if cfd["dead"]:
        # No branch reaches this block.
        dargs = [f.fresh("dx") for _ in types]
        blocks.append([
            f"{f.label('dead')}("
            f"{', '.join(f'{a}: {t}' for a, t in zip(dargs, types))}):",
            f"cf.br {join}({', '.join(dargs)} : {tys})"])
    for block in blocks:
        f.emit(block[0])
        for line in block[1:]:
            f.emit("  " + line)
    jargs = [f.fresh("j") for _ in types]
    f.emit(f"{join}({', '.join(f'{a}: {t}' for a, t in zip(jargs, types))}):")
    return jargs


def emit_load(f, dest, memref, indices, ty, affine):
    """Emits `dest = affine.load` (or `memref.load`) of `memref`."""
    op = "affine.load" if affine else "memref.load"
    f.emit(f"{dest} = {op} {memref}[{', '.join(indices)}] : {ty}")


def _addi(f, a, b):
    t = f.fresh("v")
    f.emit(f"{t} = arith.addi {a}, {b} : i32")
    return t



def open_nest(f, prefix, sizes):
    """Opens one scf.for per size (0 to size step 1); returns the indices."""
    ivs = []
    for size in sizes:
        iv = f.fresh(prefix)
        f.emit(f"scf.for {iv} = {f.const(0)} to {size} step {f.const(1)} {{")
        f.indent += "  "
        ivs.append(iv)
    return ivs


def close_nest(f, depth):
    """Closes `depth` loops opened by open_nest."""
    for _ in range(depth):
        f.indent = f.indent[:-2]
        f.emit("}")


def linearize(f, start, ivs, sizes):
    """Emits start * prod(sizes) + the row-major linear index of `ivs`."""
    lin = start
    for iv, size in zip(ivs, sizes):
        t = f.fresh("x")
        f.emit(f"{t} = arith.muli {lin}, {size} : index")
        u = f.fresh("x")
        f.emit(f"{u} = arith.addi {t}, {iv} : index")
        lin = u
    return lin

def render_case(case, tiled, inspect):
    """The case's functions (the case and its outlined nests)."""
    k = case.index
    f = Func()
    extra_funcs = []
    names = {}   # value name -> SSA name
    dims = {}    # (SSA name, d) -> SSA size

    def dims_of(ssa, d):
        return dims[(ssa, d)]

    def arg_of(a):
        return f"%{a}"

    def store_func(ty, rank):
        name = f"@case{k}_st{len(extra_funcs)}"
        ivs = ", ".join(f"%i{d}: index" for d in range(rank))
        idx = ", ".join(f"%i{d}" for d in range(rank))
        extra_funcs.append([
            f"func.func private {name}(%m: {ty}, {ivs}, %v: i32) {{",
            f"  memref.store %v, %m[{idx}] : {ty}", "  return", "}"])
        return name

    def define_dims(ff, dd, ssa, value, ty):
        for d in range(value.rank):
            if value.dyn[d] or value.parent is not None or True:
                t = ff.fresh("dim")
                ff.emit(f"{t} = memref.dim {ssa}, {ff.const(d)} : {ty}")
                dd[(ssa, d)] = t

    f.emit("%cnt = memref.alloc() : memref<2xi32>")
    f.emit("%accb = memref.alloc() : memref<1xi32>")
    for i in range(2):
        f.emit(f"memref.store {f.const(0, 'i32')}, %cnt[{f.const(i)}] "
               ": memref<2xi32>")
    f.emit(f"memref.store {f.const(0, 'i32')}, %accb[{f.const(0)}] "
           ": memref<1xi32>")

    def cast_to(val, ty):
        """The value, cast to `ty` where that is not its type."""
        src_ty = val.type(tiled)
        if src_ty == ty:
            return names[val.name]
        c = f.fresh("cast")
        f.emit(f"{c} = memref.cast {names[val.name]} : {src_ty} to {ty}")
        return c

    def select(cfd, types):
        """The branch of draw_cf over the slots' candidates (cast to
        `types`); returns the join block's arguments, sizes defined."""
        cands = [[cast_to(v, ty) for v in slot]
                 for slot, ty in zip(cfd["slots"], types)]
        jargs = emit_select(f, cfd, cands, types, arg_of)
        for a, slot, ty in zip(jargs, cfd["slots"], types):
            define_dims(f, dims, a, slot[0], ty)
        return jargs

    def alloc(b):
        ty = b.type(tiled)
        ssa = "%" + b.name
        dyn_ops = [f"%{a}" for a in b.size_args if a]
        syms = ""
        if tiled and b.layout and inspect.symbols(b.shape, b.layout):
            sizes = [f"%{a}" if a else f.const(s)
                     for s, a in zip(b.shape, b.size_args)]
            syms = "[" + ", ".join(sizes) + "]"
        f.emit(f"{ssa} = memref.alloc({', '.join(dyn_ops)}){syms} : {ty}")
        names[b.name] = ssa
        define_dims(f, dims, ssa, b, ty)
        if tiled and b.layout and b.name in case.garbage:
            if any(b.dyn):
                pty = "memref<?xi32>"
            else:
                pty = f"memref<{inspect.physical(b.shape, b.layout)}xi32>"
            p = f.fresh("phys")
            f.emit(f"{p} = tlayout.to_physical {ssa} : {ty} to {pty}")
            n = f.fresh("pn")
            f.emit(f"{n} = memref.dim {p}, {f.const(0)} : {pty}")
            q = f.fresh("q")
            f.emit(f"scf.for {q} = {f.const(0)} to {n} step {f.const(1)} {{")
            f.emit(f"  memref.store {f.const(-7, 'i32')}, {p}[{q}] : {pty}")
            f.emit("}")
        # Initial data through the memref: 1000 * (buffer + 1) + id.
        base = 1000 * (int(b.name[1:]) + 1)
        sizes = [dims[(ssa, d)] for d in range(b.rank)]
        ivs = open_nest(f, "init", sizes)
        lin = linearize(f, f.const(base), ivs, sizes)
        v = f.fresh("v")
        f.emit(f"{v} = arith.index_cast {lin} : index to i32")
        f.emit(f"memref.store {v}, {ssa}[{', '.join(ivs)}] : {ty}")
        close_nest(f, b.rank)

    initial = [b for b in case.buffers
               if not any(op[0] == "copy" and op[2] is b for op in case.ops)]
    for b in initial:
        alloc(b)

    for op in case.ops:
        if op[0] == "view":
            v = op[1]
            p = v.parent
            ssa = "%" + v.name
            offs = ", ".join(f"%{a}" if a else str(o)
                             for o, a in zip(v.offsets, v.offset_args))
            sizes = ", ".join(map(str, v.shape))
            pty, vty = p.type(tiled), v.type(tiled)
            if tiled and p.layout:
                f.emit(f"{ssa} = tlayout.subview {names[p.name]}[{offs}] "
                       f"[{sizes}] : {pty} to {vty}")
            elif 0 in v.shape:
                # Upstream's memref.subview rejects an empty view at the
                # end of a dimension; nothing reads or writes one.
                f.emit(f"{ssa} = memref.alloc() : {vty}")
            else:
                ones = ", ".join("1" for _ in v.shape)
                f.emit(f"{ssa} = memref.subview {names[p.name]}[{offs}] "
                       f"[{sizes}] [{ones}] : {pty} to {vty}")
            names[v.name] = ssa
            define_dims(f, dims, ssa, v, vty)
        elif op[0] == "copy":
            src, dst = op[1], op[2]
            alloc(dst)
            f.emit(f"memref.copy {names[src.name]}, {names[dst.name]} : "
                   f"{src.type(tiled)} to {dst.type(tiled)}")
        else:
            nest = op[1]
            t, s = nest["target"], nest["source"]
            cfd = nest.get("cf")
            if not nest["outlined"]:
                tn, tt = names[t.name], t.type(tiled)
                sn, st = names[s.name], s.type(tiled)
                if cfd and cfd["select"]:
                    if cfd["cast"]:
                        types = [c[0].type(tiled, [True] * c[0].rank)
                                 for c in cfd["slots"]]
                    else:
                        types = [c[0].type(tiled) for c in cfd["slots"]]
                    jargs = select(cfd, types)
                    tn, tt = jargs[0], types[0]
                    sn, st = (jargs[-1], types[-1]) if s is not t else (tn, tt)
                render_nest(f, nest, tiled, tn, tt, sn, st, dims_of, arg_of,
                            store_func)
                continue
            # Outlined: the buffers cast to (partly) dynamic sizes.
            g = Func()
            fname = f"@case{k}_f{len(extra_funcs)}"
            tdyn = [a or b for a, b in zip(nest["cast_dyn"], t.dyn)]
            tty = t.type(tiled, tdyn)
            same = s is t
            if same:
                sty = tty
            else:
                sdyn = [a or b for a, b in zip(nest["src_cast_dyn"], s.dyn)]
                sty = s.type(tiled, sdyn)
            gd = {}
            define_dims(g, gd, "%T", t, tty)
            if not same:
                define_dims(g, gd, "%S", s, sty)
            tname = "%T"
            if nest["cast_back"] and tty != t.type(tiled):
                # Back to the static sizes (memref.cast dynamic -> static).
                g.emit(f"%Ts = memref.cast %T : {tty} to {t.type(tiled)}")
                tname = "%Ts"
                for d in range(t.rank):
                    gd[("%Ts", d)] = gd[("%T", d)]
            render_nest(g, nest, tiled, tname,
                        t.type(tiled) if tname == "%Ts" else tty,
                        "%T" if same else "%S", sty,
                        lambda ssa, d: gd[(ssa, d)], arg_of, store_func)
            params = [f"%T: {tty}"] + ([] if same else [f"%S: {sty}"]) + \
                ["%cnt: memref<2xi32>", "%accb: memref<1xi32>"]
            extra_funcs.append(
                [f"func.func private {fname}"
                 f"({', '.join(params)}) {{"] + g.const_lines() + g.lines +
                ["  return", "}"])
            tys = [tty] + ([] if same else [sty])
            if cfd and cfd["select"]:
                # The call's operands picked by the branch.
                ops_ = select(cfd, tys)
            else:
                ops_ = [cast_to(val, ty)
                        for val, ty in zip([t] + ([] if same else [s]), tys)]
            f.emit(f"func.call {fname}({', '.join(ops_)}, %cnt, %accb) : "
                   f"({', '.join(tys)}, memref<2xi32>, memref<1xi32>) -> ()")

    # Print: a marker, every buffer in logical order, the counters.
    f.emit(f"func.call @mark({f.const(k, 'i64')}) : (i64) -> ()")
    for b in case.buffers:
        ssa, ty = names[b.name], b.type(tiled)
        n = 1
        for s in b.shape:
            n *= s
        out = f.fresh("out")
        f.emit(f"{out} = memref.alloc() : memref<{n}xi32>")
        sizes = [dims[(ssa, d)] for d in range(b.rank)]
        ivs = open_nest(f, "rd", sizes)
        lin = linearize(f, f.const(0), ivs, sizes)
        v = f.fresh("v")
        f.emit(f"{v} = memref.load {ssa}[{', '.join(ivs)}] : {ty}")
        f.emit(f"memref.store {v}, {out}[{lin}] : memref<{n}xi32>")
        close_nest(f, b.rank)
        u = f.fresh("u")
        f.emit(f"{u} = memref.cast {out} : memref<{n}xi32> to memref<?xi32>")
        f.emit(f"func.call @print_buffer({u}) : (memref<?xi32>) -> ()")
        f.emit(f"memref.dealloc {out} : memref<{n}xi32>")
    for name, ty in [("%cnt", "memref<2xi32>"), ("%accb", "memref<1xi32>")]:
        u = f.fresh("u")
        f.emit(f"{u} = memref.cast {name} : {ty} to memref<?xi32>")
        f.emit(f"func.call @print_buffer({u}) : (memref<?xi32>) -> ()")
    for b in case.buffers:
        f.emit(f"memref.dealloc {names[b.name]} : {b.type(tiled)}")
    f.emit("memref.dealloc %cnt : memref<2xi32>")
    f.emit("memref.dealloc %accb : memref<1xi32>")

    params = ", ".join(f"%{a}: index" for a, _ in case.args)
    lines = [f"func.func @case{k}({params}) {{"] + f.const_lines() + \
        f.lines + ["  return", "}"]
    for ef in extra_funcs:
        lines += ef
    call = []
    for a, v in case.args:
        call.append(f"  %m{k}_{a} = arith.constant {v} : index")
    ops = ", ".join(f"%m{k}_{a}" for a, _ in case.args)
    tys = ", ".join("index" for _ in case.args)
    call.append(f"  func.call @case{k}({ops}) : ({tys}) -> ()")
    return lines, call


PRELUDE = """func.func private @printI64(i64)
func.func private @printComma()
func.func private @printNewline()
func.func private @printOpen()
func.func private @printClose()
func.func private @tick(%c: memref<2xi32>) -> i32 {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i32
  %v = memref.load %c[%c0] : memref<2xi32>
  %n = arith.addi %v, %one : i32
  memref.store %n, %c[%c0] : memref<2xi32>
  return %v : i32
}
func.func private @mark(%k: i64) {
  func.call @printOpen() : () -> ()
  func.call @printI64(%k) : (i64) -> ()
  func.call @printClose() : () -> ()
  func.call @printNewline() : () -> ()
  return
}
func.func private @print_buffer(%b: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %b, %c0 : memref<?xi32>
  scf.for %i = %c0 to %n step %c1 {
    %v = memref.load %b[%i] : memref<?xi32>
    %w = arith.extsi %v : i32 to i64
    func.call @printI64(%w) : (i64) -> ()
    func.call @printComma() : () -> ()
  }
  func.call @printNewline() : () -> ()
  return
}"""


def render_module(cases, tiled, inspect):
    out = [PRELUDE]
    calls = []
    for case in cases:
        lines, call = render_case(case, tiled, inspect)
        out += lines
        calls += call
    out += ["func.func @main() {"] + calls + ["  return", "}"]
    return "\n".join(out) + "\n"


# --------------------------------------------------------------------------
# Running
# --------------------------------------------------------------------------

def printed_blocks(text):
    """Per case index: the list of printed buffers (after its marker)."""
    result = {}
    current = None
    for line in text.splitlines():
        m = re.fullmatch(r"\( (\d+) \)", line.strip())
        if m:
            current = int(m[1])
            result[current] = []
        elif current is not None:
            result[current].append([int(x) for x in
                                    re.findall(r"-?\d+", line)])
    return result


class Runner:
    def __init__(self, args, workdir):
        self.args = args
        self.workdir = workdir
        self.run_cmd = shlex.split(args.runner)

    def compile_and_run(self, text, config, tag):
        """(ok, stage, message, stdout)"""
        path = os.path.join(self.workdir, f"{tag}.mlir")
        with open(path, "w") as fh:
            fh.write(text)
        if config is None:
            cmd = [self.args.upstream_opt, path] + UPSTREAM_PIPELINE
        else:
            cmd = [self.args.opt, path] + config[2]
        try:
            proc = subprocess.run(cmd, capture_output=True, text=True,
                                  timeout=self.args.timeout)
        except subprocess.TimeoutExpired:
            return False, "compile", "compile timeout", ""
        if proc.returncode != 0:
            return False, "compile", first_error(proc.stderr), ""
        try:
            run = subprocess.run(self.run_cmd, input=proc.stdout,
                                 capture_output=True, text=True,
                                 timeout=self.args.timeout)
        except subprocess.TimeoutExpired:
            return False, "run", "run timeout", ""
        if run.returncode != 0:
            return (False, "run", f"exit {run.returncode}: " +
                    first_error(run.stderr), run.stdout)
        return True, "ok", "", run.stdout


def first_error(stderr):
    """One line saying why a tool failed: the first error (without its
    location), an assertion, or the innermost named frame of a crash."""
    lines = stderr.splitlines()
    for line in lines:
        if "Assertion" in line or "LLVM ERROR" in line or "UNREACHABLE" in line:
            return line.strip()[:300]
    for line in lines:
        m = re.search(r"error: (.*)", line)
        if m:
            return "error: " + m[1].strip()[:300]
    if "Stack dump" in stderr:
        for line in lines:
            m = re.match(r"\s*#\d+ 0x[0-9a-f]+ (.*)", line)
            if m and not re.search(r"llvm::sys::|SignalHandler|__restore_rt|"
                                   r"libc\.so|PrintStackTrace", m[1]):
                frame = re.sub(r"\(/[^)]*\)", "", m[1]).strip()
                return "crash in " + frame[:240]
        return "crash"
    lines = [l for l in lines if l.strip()]
    return lines[0].strip()[:300] if lines else "(no message)"


def describe_diff(want, got):
    if got is None:
        return "no output"
    if len(want) != len(got):
        return f"printed {len(got)} buffers, expected {len(want)}"
    for i, (w, g) in enumerate(zip(want, got)):
        if w != g:
            bad = [j for j in range(min(len(w), len(g))) if w[j] != g[j]]
            where = f"element {bad[0]}" if bad else "size"
            return (f"buffer {i} differs at {where}: "
                    f"want {w[bad[0]] if bad else len(w)} "
                    f"got {g[bad[0]] if bad else len(g)}")
    return "?"


def check_batch(runner, cases, inspect, failures, stats, keep):
    tiled = render_module(cases, True, inspect)
    untiled = render_module(cases, False, inspect)
    tag = f"s{cases[0].seed}_{cases[0].index}"
    ok, stage, msg, out = runner.compile_and_run(untiled, None, tag + "_ref")
    if not ok:
        if len(cases) == 1:
            stats["invalid"] += 1
            print(f"invalid {cases[0].ident}: reference {stage}: {msg}")
            if keep:
                save(keep, cases[0], "invalid", tiled, untiled, msg)
            return
        half = len(cases) // 2
        check_batch(runner, cases[:half], inspect, failures, stats, keep)
        check_batch(runner, cases[half:], inspect, failures, stats, keep)
        return
    ref = printed_blocks(out)
    stats["programs"] += len(cases)
    for config in CONFIGS:
        text = tiled if config[1] == "tiled" else untiled
        ok, stage, msg, out = runner.compile_and_run(
            text, config, f"{tag}_{config[0]}")
        got = printed_blocks(out)
        bad = [c for c in cases if got.get(c.index) != ref.get(c.index)]
        if ok and not bad:
            continue
        if len(cases) > 1 and not ok:
            # Find the cases that fail alone.
            for c in cases:
                check_single(runner, c, config, ref.get(c.index), inspect,
                             failures, keep)
            continue
        for c in bad if ok else cases:
            reason = (f"{stage}: {msg}" if not ok else
                      describe_diff(ref.get(c.index), got.get(c.index)))
            record(failures, c, config, reason, inspect, keep, runner,
                   ref.get(c.index))


def check_single(runner, case, config, want, inspect, failures, keep):
    text = render_module([case], config[1] == "tiled", inspect)
    ok, stage, msg, out = runner.compile_and_run(
        text, config, f"single_{config[0]}")
    got = printed_blocks(out).get(case.index)
    if ok and got == want:
        return
    reason = f"{stage}: {msg}" if not ok else describe_diff(want, got)
    record(failures, case, config, reason, inspect, keep, runner, want)


def diagnose(runner, case, config, want, inspect):
    """Which option of the pipeline makes a failing case pass, if one
    does: physical-order=false, then simplify-indexing=false."""
    if "=" in config[2][0]:
        return ""
    text = render_module([case], config[1] == "tiled", inspect)
    for option in ["physical-order=false", "simplify-indexing=false"]:
        variant = (config[0], config[1], [config[2][0] + "=" + option])
        ok, _, _, out = runner.compile_and_run(text, variant, "diagnose")
        if ok and printed_blocks(out).get(case.index) == want:
            return f" (passes with {option})"
    return ""


def record(failures, case, config, reason, inspect, keep, runner=None,
           want=None):
    if runner is not None:
        reason += diagnose(runner, case, config, want, inspect)
    failures.append((case.ident, config[0], reason))
    print(f"FAIL {case.ident} [{config[0]}]: {reason}")
    if keep:
        save(keep, case, config[0], render_module([case], True, inspect),
             render_module([case], False, inspect), reason)


def save(keep, case, config, tiled, untiled, reason):
    os.makedirs(keep, exist_ok=True)
    stem = os.path.join(keep, f"case_{case.seed}_{case.index}_{config}")
    with open(stem + ".tiled.mlir", "w") as fh:
        fh.write(f"// {config}: {reason}\n" + tiled)
    with open(stem + ".untiled.mlir", "w") as fh:
        fh.write(untiled)



# --------------------------------------------------------------------------
# Reduction of a failing case
# --------------------------------------------------------------------------

def still_fails(runner, case, config, inspect, category):
    """Whether `case` still fails under `config` the same way."""
    untiled = render_module([case], False, inspect)
    ok, _, _, out = runner.compile_and_run(untiled, None, "red_ref")
    if not ok:
        return False
    want = printed_blocks(out).get(case.index)
    text = (render_module([case], True, inspect) if config[1] == "tiled"
            else untiled)
    ok, stage, msg, out = runner.compile_and_run(text, config, "red")
    if ok:
        return category == "mismatch" and \
            printed_blocks(out).get(case.index) != want
    return category == stage + ":" + re.sub(r"[0-9]+", "N", msg)[:60]


def used_values(case):
    used = set()
    for op in case.ops:
        if op[0] == "view":
            used.add(op[1].parent.name)
        elif op[0] == "copy":
            used.add(op[1].name)
        else:
            used.add(op[1]["target"].name)
            used.add(op[1]["source"].name)
            cfd = op[1].get("cf")
            for slot in (cfd or {}).get("slots", []):
                used.update(v.name for v in slot)
    return used


def reduce_case(runner, case, config, inspect, category):
    import copy
    def attempt(candidate):
        try:
            render_module([candidate], True, inspect)
            render_module([candidate], False, inspect)
        except Exception:
            return False
        return still_fails(runner, candidate, config, inspect, category)

    changed = True
    while changed:
        changed = False
        # Drop operations (and the values only they define).
        for i in reversed(range(len(case.ops))):
            c = copy.deepcopy(case)
            op = c.ops.pop(i)
            if op[0] == "view":
                v = op[1]
                if v.name in used_values(c):
                    continue
                c.values = [x for x in c.values if x.name != v.name]
            if op[0] == "copy":
                dst = op[2]
                if dst.name in used_values(c):
                    continue
                c.buffers = [x for x in c.buffers if x.name != dst.name]
                c.values = [x for x in c.values if x.name != dst.name]
            if attempt(c):
                case, changed = c, True
        # Drop buffers nothing uses.
        for b in list(case.buffers):
            if b.name in used_values(case) or \
                    any(op[0] == "copy" and op[2].name == b.name
                        for op in case.ops):
                continue
            c = copy.deepcopy(case)
            c.buffers = [x for x in c.buffers if x.name != b.name]
            c.values = [x for x in c.values if x.name != b.name]
            if attempt(c):
                case, changed = c, True
        # Simplify nests.
        simplifications = [("cf", None), ("tick", False), ("cast_back", False),
                           ("store_call", False), ("counter", False), ("if", None),
                           ("reduce", False), ("store_shift", None),
                           ("outlined", False), ("mult", 1), ("add", 0),
                           ("prefer_affine", False), ("prefer_affine", True),
                           ("affine_store", False), ("affine_store", True)]
        for i, op in enumerate(case.ops):
            if op[0] != "nest":
                continue
            for key, value in simplifications:
                if case.ops[i][1].get(key) == value:
                    continue
                c = copy.deepcopy(case)
                c.ops[i][1][key] = value
                if attempt(c):
                    case, changed = c, True
            rank = len(case.ops[i][1]["order"])
            if case.ops[i][1]["order"] != list(range(rank)):
                c = copy.deepcopy(case)
                c.ops[i][1]["order"] = list(range(rank))
                if attempt(c):
                    case, changed = c, True
            for d in range(rank):
                for key, value in [("dyn_lb", False), ("dyn_ub", False),
                                   ("step", 1), ("kind", "affine"),
                                   ("kind", "scf"), ("full", True),
                                   ("lb", 0)]:
                    l = case.ops[i][1]["loops"][d]
                    if l[key] == value:
                        continue
                    c = copy.deepcopy(case)
                    l2 = c.ops[i][1]["loops"][d]
                    l2[key] = value
                    if key == "full":
                        l2["ub"] = c.ops[i][1]["target"].shape[d]
                        l2["dyn_ub"] = False
                    if key == "lb" and l2["ub"] < 0:
                        continue
                    if attempt(c):
                        case, changed = c, True
            for e in range(len(case.ops[i][1]["src_idx"])):
                d, tr = case.ops[i][1]["src_idx"][e]
                if tr == ("shift", 0):
                    continue
                c = copy.deepcopy(case)
                c.ops[i][1]["src_idx"][e] = (d, ("shift", 0))
                if attempt(c):
                    case, changed = c, True
        # Simplify buffers: no garbage fill, static sizes.
        for b in case.buffers:
            if b.name in case.garbage:
                c = copy.deepcopy(case)
                c.garbage.discard(b.name)
                if attempt(c):
                    case, changed = c, True
        for j, b in enumerate(case.buffers):
            for d in range(b.rank):
                if b.dyn[d]:
                    c = copy.deepcopy(case)
                    c.buffers[j].dyn[d] = False
                    c.buffers[j].size_args[d] = None
                    if attempt(c):
                        case, changed = c, True
        for j, v in enumerate(case.values):
            if v.parent is not None and any(v.dyn_offsets):
                c = copy.deepcopy(case)
                c.values[j].dyn_offsets = [False] * v.rank
                c.values[j].offset_args = [None] * v.rank
                if attempt(c):
                    case, changed = c, True
    return case


def category_of(reason):
    if reason.startswith(("compile:", "run:")):
        stage, msg = reason.split(": ", 1)
        return stage + ":" + re.sub(r"[0-9]+", "N", msg)[:60]
    return "mismatch"


def reduce_main(args, case, config_name, inspect):
    config = [c for c in CONFIGS if c[0] == config_name][0]
    with tempfile.TemporaryDirectory() as work:
        runner = Runner(args, work)
        untiled = render_module([case], False, inspect)
        ok, _, _, out = runner.compile_and_run(untiled, None, "ref")
        want = printed_blocks(out).get(case.index)
        text = (render_module([case], True, inspect)
                if config[1] == "tiled" else untiled)
        ok, stage, msg, out = runner.compile_and_run(text, config, "first")
        if ok and printed_blocks(out).get(case.index) == want:
            print(f"{case.ident} [{config_name}] does not fail")
            return 1
        reason = (f"{stage}: {msg}" if not ok else
                  describe_diff(want, printed_blocks(out).get(case.index)))
        small = reduce_case(runner, case, config, inspect,
                            category_of(reason))
        tiled = render_module([small], True, inspect)
        untiled = render_module([small], False, inspect)
        text = tiled if config[1] == "tiled" else untiled
        ok, stage, msg, out = runner.compile_and_run(text, config, "last")
        _, _, _, rout = runner.compile_and_run(untiled, None, "ref")
        want = printed_blocks(rout).get(small.index)
        reason = (f"{stage}: {msg}" if not ok else
                  describe_diff(want, printed_blocks(out).get(small.index)))
    os.makedirs(args.out, exist_ok=True)
    stem = os.path.join(args.out, f"case_{case.seed}_{case.index}_"
                        f"{config_name}")
    header = (f"// random_programs.py case {case.ident}, reduced; fails "
              f"under {config_name} ({' '.join(config[2])}):\n// {reason}\n")
    with open(stem + ".tiled.mlir", "w") as fh:
        fh.write(header + tiled)
    with open(stem + ".untiled.mlir", "w") as fh:
        fh.write(f"// The untiled program of {case.ident}; its output is "
                 "the expected one.\n" + untiled)
    with open(stem + ".expected", "w") as fh:
        fh.write(rout)
    print(f"reduced {case.ident} [{config_name}]: {reason}")
    print(stem + ".tiled.mlir")
    return 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--count", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--batch", type=int, default=15)
    parser.add_argument("--opt", required=True, help="tlayout-opt")
    parser.add_argument("--inspect", required=True,
                        help="tlayout-inspect")
    parser.add_argument("--upstream-opt", required=True, help="mlir-opt")
    parser.add_argument("--runner", required=True,
                        help="mlir-runner command line (with -e main ...)")
    parser.add_argument("--keep-failures")
    parser.add_argument("--timeout", type=int, default=120)
    parser.add_argument("--emit", help="only write the modules of case "
                        "--emit-index into this directory")
    parser.add_argument("--emit-index", type=int, default=0)
    parser.add_argument("--configs", help="comma-separated subset")
    parser.add_argument("--reduce", metavar="SEED:INDEX:CONFIG",
                        help="reduce one failing case, writing it to --out")
    parser.add_argument("--out", help="where --reduce writes the case")
    parser.add_argument("--only", help="comma-separated case indices to run")
    parser.add_argument("--avoid-known", action="store_true",
                        help="leave out constructs of known failures")
    parser.add_argument("--mode", choices=["memrefs", "tensors"],
                        default="memrefs",
                        help="tensors: random linalg-on-tensors programs "
                        "with random layouts (random_tensor_programs.py)")
    args = parser.parse_args()
    if args.mode == "tensors":
        sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
        import random_tensor_programs
        return random_tensor_programs.main(args)
    global CONFIGS, AVOID_KNOWN
    if args.configs:
        keep = args.configs.split(",")
        CONFIGS = [c for c in CONFIGS if c[0] in keep]
    AVOID_KNOWN = args.avoid_known
    inspect = Inspector(args.inspect, args.opt)
    if args.reduce:
        seed, index, config = args.reduce.split(":")
        args.seed, args.count = int(seed), int(index) + 1
    rng = random.Random(args.seed)
    cases = [draw_case(rng, args.seed, i, inspect) for i in range(args.count)]
    if args.emit:
        os.makedirs(args.emit, exist_ok=True)
        c = cases[args.emit_index]
        for flavor in (True, False):
            name = "tiled" if flavor else "untiled"
            with open(os.path.join(args.emit, f"case{c.index}.{name}.mlir"),
                      "w") as fh:
                fh.write(render_module([c], flavor, inspect))
        return 0
    if args.reduce:
        return reduce_main(args, cases[-1], config, inspect)
    if args.only:
        keep_only = {int(i) for i in args.only.split(",")}
        cases = [c for c in cases if c.index in keep_only]
    failures = []
    stats = {"programs": 0, "invalid": 0}
    with tempfile.TemporaryDirectory() as work:
        runner = Runner(args, work)
        for i in range(0, len(cases), args.batch):
            check_batch(runner, cases[i:i + args.batch], inspect, failures,
                        stats, args.keep_failures)
            sys.stdout.flush()
    failed_cases = len({f[0] for f in failures})
    print(f"random-programs: {stats['programs']} programs, "
          f"{failed_cases} failures")
    if stats["invalid"]:
        print(f"random-programs: {stats['invalid']} invalid programs")
    return 1 if failures or stats["invalid"] else 0


if __name__ == "__main__":
    sys.exit(main())
