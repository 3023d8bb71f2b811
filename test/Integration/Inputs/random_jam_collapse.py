#!/usr/bin/env python3
"""Random loop nests on plain memrefs for two rewrites of
--tlayout-simplify-indexing: jam-repeated-stores and collapse-loops.

Subcommands:

generate writes one module of --count kernels, each with a driver that
allocates and fills its buffers, calls the kernel and prints the buffers
after a line "kernel NAME"; main runs every driver in turn, so one
tlayout-opt and one mlir-runner check a whole batch. A kernel is one of two
families, drawn per kernel (--jam-fraction):

  jam_K       one to three "row" affine.for loops of constant bounds (steps
              1-3, unaligned upper bounds, loops of one trip, and sometimes
              an affine.apply between them) around a loop over "tiles". Its
              body reads an input buffer, mixes in the row and tile indices
              and stores to a 1-D or 2-D output at a location that is an
              affine function of the tile index and of some (or none) of
              the row indices, with scalar (affine/memref) or vector
              (vector.load/store, transfer_read/write, affine.vector_load/
              store of 2 or 4 lanes) accesses: plain stores, read-modify-
              writes and store-load-store sequences, and sometimes a read of
              a fixed element of the output. When the location does not
              depend on a row, every trip of that row stores to the same
              places: jam-repeated-stores runs such rows inside the tile
              loop (and forwards the stores) where that is proved legal,
              and not where a loop around the rows revisits those places
              (an accumulator in cache). Sometimes a loop of groups runs
              around the rows, each group writing a region of its own
              along the first dimension (as packed groups of rows do).
              With --straddle, some 2-D outputs of vectors are written at a
              fixed column near the end of their rows, so that each vector
              runs on into the next rows, where the next trips' vectors
              start (out of bounds along the last dimension but inside the
              buffer, which vector.load/store leave to the target; off by
              default).

  collapse_K  a perfect affine.for nest of depth 2-4 whose loops walk the
              trailing dimensions of one to three buffers (that also have
              leading dimensions indexed by constants or outer indices);
              sometimes a loop starts at 1 or steps by 2, a buffer's last
              dimension is one longer than the loop or only the innermost
              loop walks a buffer, an access permutes or fixes trailing
              indices, a loop index is stored as a value (cast to i32, or
              into an index buffer), or the nest runs inside a loop that
              carries one of the buffers in iter_args. Where every access
              walks whole trailing dimensions in order, collapse-loops makes
              one loop of the nest over collapsed views
              (memref.collapse_shape).

Each kernel draws from a stream of its own (seeded by --seed and its index),
so a kernel does not change with --count, and --only keeps some kernels of
a module: a mismatch reduces to a module of one kernel.

compare reads two outputs of the module and reports, kernel by kernel, the
buffers that differ (how many elements, and the first); it fails unless
both printed --count kernels and all are the same.

changed reads the IR of the module without and with a rewrite and counts
the kernels of a family that the rewrite changed, and of them those it
rewrote as it does (fewer loops; for collapse, over new
memref.collapse_shape views): it fails unless they are at least --at-least
of the family, so that a test of the rewrites cannot pass with the rewrites
doing nothing.

The lit test (simplify-indexing-random-jam-collapse.test) runs the module
after --tlayout-simplify-indexing with the two rewrites, without them, and
without the pass: all must print the same.
"""
import argparse
import itertools
import random
import re
import sys

INPUT_SIZE = 64
PRINT = "func.func private @printMemrefI32(memref<*xi32>)"


def memref_type(shape, element="i32"):
    return "memref<" + "x".join(map(str, shape)) + f"x{element}>"


def flat_view(lines, buf, shape, element, ind="  ", name="flat"):
    """A 1-D view of all of `buf` (row-major, named `buf`_`name`): its SSA
    name, its type and its size."""
    n = 1
    for s in shape:
        n *= s
    flat_type = f"memref<{n}x{element}>"
    if len(shape) <= 1:
        return buf, flat_type, n
    dims = ", ".join(str(i) for i in range(len(shape)))
    lines.append(f"{ind}{buf}_{name} = memref.collapse_shape {buf} "
                 f"[[{dims}]] : {memref_type(shape, element)} into "
                 f"{flat_type}")
    return f"{buf}_{name}", flat_type, n


def fill(lines, buf, shape, element, scale, bias, ind="  "):
    """Store `index * scale + bias` to every element of `buf` (row-major)."""
    flat, flat_type, n = flat_view(lines, buf, shape, element, ind)
    lines += [f"{ind}{buf}_n = arith.constant {n} : index",
              f"{ind}scf.for %i = %c0 to {buf}_n step %c1 {{",
              f"{ind}  %s = arith.constant {scale} : index",
              f"{ind}  %b = arith.constant {bias} : index",
              f"{ind}  %y = arith.muli %i, %s : index",
              f"{ind}  %z = arith.addi %y, %b : index"]
    value = "%z"
    if element != "index":
        lines.append(f"{ind}  %w = arith.index_cast %z : index to {element}")
        value = "%w"
    lines += [f"{ind}  memref.store {value}, {flat}[%i] : {flat_type}",
              f"{ind}}}"]


def print_buffer(lines, buf, shape, element, ind="  "):
    """Print `buf` with printMemrefI32 (an index buffer through an i32
    copy)."""
    if element == "index":
        flat, flat_type, n = flat_view(lines, buf, shape, element, ind,
                                       "read")
        lines += [f"{ind}{buf}_i32 = memref.alloc() : {memref_type(shape)}",
                  f"{ind}{buf}_n2 = arith.constant {n} : index"]
        out, out_type, _ = flat_view(lines, f"{buf}_i32", shape, "i32", ind)
        lines += [f"{ind}scf.for %i = %c0 to {buf}_n2 step %c1 {{",
                  f"{ind}  %x = memref.load {flat}[%i] : {flat_type}",
                  f"{ind}  %y = arith.index_cast %x : index to i32",
                  f"{ind}  memref.store %y, {out}[%i] : {out_type}",
                  f"{ind}}}"]
        print_buffer(lines, f"{buf}_i32", shape, "i32", ind)
        return
    lines += [f"{ind}{buf}_u = memref.cast {buf} : {memref_type(shape)} "
              "to memref<*xi32>",
              f"{ind}call @printMemrefI32({buf}_u) : (memref<*xi32>) -> ()",
              f"{ind}memref.dealloc {buf} : {memref_type(shape)}"]


def driver(name, buffers):
    """A function that allocates and fills `buffers` ((ssa, shape, element,
    scale, bias)), calls @name on them, prints every buffer after a line
    naming the kernel and frees them."""
    lines = [f"func.func @run_{name}() {{",
             "  %c0 = arith.constant 0 : index",
             "  %c1 = arith.constant 1 : index"]
    for buf, shape, element, scale, bias in buffers:
        lines.append(f"  {buf} = memref.alloc() : "
                     f"{memref_type(shape, element)}")
        fill(lines, buf, shape, element, scale, bias)
    operands = ", ".join(b[0] for b in buffers)
    types = ", ".join(memref_type(b[1], b[2]) for b in buffers)
    lines.append(f"  call @{name}({operands}) : ({types}) -> ()")
    lines.append(f'  vector.print str "kernel {name}\\n"')
    for buf, shape, element, _, _ in buffers:
        print_buffer(lines, buf, shape, element)
        if element == "index":
            lines.append(f"  memref.dealloc {buf} : "
                         f"{memref_type(shape, element)}")
    lines += ["  return", "}"]
    return lines


def jam_kernel(name, rng, straddle=False):
    """Rows around a tile loop that store to an output (see the module
    docstring). Returns the kernel and its driver. With `straddle`, a 2-D
    output of vectors is written at a fixed column near the end of its
    rows: each vector runs on into the next rows, where the next trips'
    vectors start."""
    # Sometimes a loop of groups around the rows, each group writing a
    # region of its own along the first dimension (as the groups of rows of
    # a packed layout write their own words): the locations the rows repeat
    # are new at every trip of the groups, not an accumulator they revisit.
    # Its rows are few enough (8 trips) to be jammed together.
    groups = rng.choice([2, 3]) if rng.random() < 0.4 else 0
    nrows = rng.choice([1, 1, 2, 2, 3])
    rows = []
    trips = 1
    for _ in range(nrows):
        lb = rng.choice([0, 0, 0, 1, 2])
        step = rng.choice([1, 1, 1, 2, 3])
        trip = rng.choice([1, 2, 2, 3, 4])
        while groups and trips * trip > 8:
            trip -= 1
        trips *= trip
        rows.append((lb, lb + step * (trip - 1) + rng.choice([1, step]), step))
    tile_lb = rng.choice([0, 0, 1])
    tile_step = rng.choice([1, 1, 2, 4])
    tile_trip = rng.choice([1, 2, 3, 5, 8])
    tiles = (tile_lb, tile_lb + tile_step * (tile_trip - 1) + 1, tile_step)
    row_values = [list(range(*r)) for r in rows]
    tile_values = list(range(*tiles))
    width = rng.choice([1, 1, 1, 2, 4])  # lanes of the output's accesses
    vector_kind = rng.choice(["vector", "transfer", "affine_vec"])
    scalar_kind = rng.choice(["affine", "memref", "mixed"])
    two_d = rng.random() < 0.3

    # The output location: per dimension, coefficients of the rows and of
    # the tile index. "norows": no row in the location (every row repeats
    # the same stores); "rows": mostly plain stores.
    def linear():
        rows_c = [rng.choice([0, 0, 1, -1, 2, 3, -2, 4, 8]) for _ in rows]
        tile_c = rng.choice([0, 1, 1, 2, -1, 3, 4, 8, 16, -4])
        return rows_c, tile_c
    rows_c, tile_c = linear()
    mode = rng.choice(["norows", "rows", "any"])
    if mode == "norows":
        rows_c = [0] * nrows
    if width > 1 and rng.random() < 0.7:
        tile_c = tile_c * width if tile_c else width
    exprs = [(rows_c, tile_c)]
    if two_d:
        rows_c2, tile_c2 = linear()
        if mode == "norows":
            rows_c2 = [0] * nrows
        exprs.append((rows_c2, tile_c2))
    straddle = straddle and two_d and width > 1
    if straddle:
        # A fixed column: the vectors of consecutive rows overlap.
        exprs[-1] = ([0] * nrows, 0)
    # Offsets and sizes that keep every access in bounds (sometimes with an
    # element to spare).
    points = list(itertools.product(*row_values, tile_values))
    offsets, sizes = [], []
    for d, (rc, tc) in enumerate(exprs):
        values = [sum(c * p[i] for i, c in enumerate(rc)) + tc * p[-1]
                  for p in points]
        offset = -min(values)
        extent = width if d == len(exprs) - 1 else 1
        offsets.append(offset)
        sizes.append(max(values) + offset + extent + rng.choice([0, 0, 1]))
    if straddle:
        # Rows that end within a vector of the last index, and rows enough
        # after the last one that the vectors stay inside the buffer.
        sizes[-1] -= width - 1
        sizes[0] += -(-width // sizes[-1])

    group_stride = sizes[0]
    if groups:
        sizes[0] *= groups

    row_ivs = [f"%r{i}" for i in range(nrows)]
    dims = ", ".join(f"d{i}" for i in range(nrows + 2))
    operands = ", ".join(row_ivs + ["%t", "%g" if groups else "%c0"])

    def expr_text(rc, tc, offset):
        terms = [f"d{i} * {c}" for i, c in enumerate(rc) if c]
        if tc:
            terms.append(f"d{nrows} * {tc}")
        terms.append(str(offset))
        return " + ".join(terms)

    out_type = memref_type(sizes)
    in_type = f"memref<{INPUT_SIZE}xi32>"
    vec_type = f"vector<{width}xi32>"
    value_type = vec_type if width > 1 else "i32"
    body = []
    counter = itertools.count()

    def fresh(prefix="v"):
        return f"%{prefix}{next(counter)}"

    index = []
    for d, (rc, tc) in enumerate(exprs):
        i = fresh("i")
        group_term = f"d{nrows + 1} * {group_stride} + " if d == 0 else ""
        body.append(f"{i} = affine.apply affine_map<({dims}) -> "
                    f"({group_term}{expr_text(rc, tc, offsets[d])})>"
                    f"({operands})")
        index.append(i)
    index = ", ".join(index)

    def read_input():
        rc = [rng.choice([0, 1, 2, 5]) for _ in rows]
        tc = rng.choice([0, 1, 3, 7])
        i = fresh("i")
        body.append(f"{i} = affine.apply affine_map<({dims}) -> "
                    f"(({expr_text(rc, tc, 0)}) mod {INPUT_SIZE - width})>"
                    f"({operands})")
        v = fresh()
        if width == 1:
            body.append(f"{v} = memref.load %a[{i}] : {in_type}")
        else:
            body.append(f"{v} = vector.load %a[{i}] : {in_type}, {vec_type}")
        return v

    def mix_indices(v):
        """v plus a number that tells the row and tile indices apart."""
        rc = [rng.choice([1, 10, 100]) for _ in rows]
        i = fresh("i")
        body.append(f"{i} = affine.apply affine_map<({dims}) -> "
                    f"({expr_text(rc, 1000, 0)})>({operands})")
        j = fresh()
        body.append(f"{j} = arith.index_cast {i} : index to i32")
        if width > 1:
            k = fresh()
            body.append(f"{k} = vector.broadcast {j} : i32 to {vec_type}")
            j = k
        s = fresh()
        body.append(f"{s} = arith.addi {v}, {j} : {value_type}")
        return s

    def scalar_op():
        return (scalar_kind if scalar_kind != "mixed"
                else rng.choice(["affine", "memref"]))

    def vector_op():
        kind = (vector_kind if rng.random() < 0.8
                else rng.choice(["vector", "transfer", "affine_vec"]))
        # Transfers declared in bounds may not run past a row's end.
        return "vector" if straddle and kind == "transfer" else kind

    def access_output(stored=None):
        """Loads the output at `index` (returns the value), or stores
        `stored` there, with a scalar or vector op drawn at random."""
        v = stored or fresh()
        load = stored is None
        if width == 1:
            kind = scalar_op()
            if load:
                op = "affine.load" if kind == "affine" else "memref.load"
                body.append(f"{v} = {op} %out[{index}] : {out_type}")
            else:
                op = "affine.store" if kind == "affine" else "memref.store"
                body.append(f"{op} {v}, %out[{index}] : {out_type}")
            return v
        kind = vector_op()
        ops = {"vector": ("vector.load", "vector.store"),
               "transfer": ("vector.transfer_read", "vector.transfer_write"),
               "affine_vec": ("affine.vector_load", "affine.vector_store")}
        op = ops[kind][0 if load else 1]
        if kind == "transfer":
            pad = ", %pad" if load else ""
            types = (f"{out_type}, {vec_type}" if load
                     else f"{vec_type}, {out_type}")
            operands = f"%out[{index}]{pad} {{in_bounds = [true]}}"
        else:
            types = f"{out_type}, {vec_type}"
            operands = f"%out[{index}]"
        if load:
            body.append(f"{v} = {op} {operands} : {types}")
        else:
            body.append(f"{op} {v}, {operands} : {types}")
        return v

    def load_output():
        return access_output()

    def store_output(v):
        access_output(v)

    for _ in range(rng.choice([1, 2, 2, 3])):
        kind = rng.choice(["store", "rmw", "rmw", "loadstore"])
        if mode == "rows" and rng.random() < 0.8:
            kind = "store"
        x = mix_indices(read_input())
        if kind == "store":
            store_output(x)
        elif kind == "rmw":
            y = load_output()
            three = fresh()
            body.append(f"{three} = arith.constant " +
                        (f"dense<3> : {vec_type}" if width > 1
                         else "3 : i32"))
            m = fresh()
            body.append(f"{m} = arith.muli {y}, {three} : {value_type}")
            z = fresh()
            body.append(f"{z} = arith.addi {m}, {x} : {value_type}")
            store_output(z)
        else:
            store_output(x)
            y = load_output()
            z = fresh()
            body.append(f"{z} = arith.addi {y}, {y} : {value_type}")
            store_output(z)
    if rng.random() < 0.1:
        # A read of a fixed element, which every trip may see written.
        v = fresh()
        zeros = ", ".join("%c0" for _ in sizes)
        body.append(f"{v} = memref.load %out[{zeros}] : {out_type}")

    lines = [f"func.func @{name}(%a: {in_type}, %out: {out_type}) {{",
             "  %pad = arith.constant 0 : i32",
             "  %c0 = arith.constant 0 : index"]
    ind = "  "
    if groups:
        lines.append(f"{ind}affine.for %g = 0 to {groups} {{")
        ind += "  "
    for i, (lb, ub, step) in enumerate(rows):
        lines.append(f"{ind}affine.for {row_ivs[i]} = {lb} to {ub} "
                     f"step {step} {{")
        ind += "  "
        if rng.random() < 0.3:
            lines.append(f"{ind}%lvl{i} = affine.apply "
                         f"affine_map<(d0) -> (d0 * 2)>({row_ivs[i]})")
    lines.append(f"{ind}affine.for %t = {tiles[0]} to {tiles[1]} "
                 f"step {tiles[2]} {{")
    lines += [ind + "  " + b for b in body]
    lines.append(ind + "}")
    for _ in range(nrows + (1 if groups else 0)):
        ind = ind[:-2]
        lines.append(ind + "}")
    lines += ["  return", "}"]
    lines += driver(name, [("%a", [INPUT_SIZE], "i32", 7, 0),
                           ("%out", sizes, "i32", -1, 5)])
    return lines


def collapse_kernel(name, rng):
    """A perfect nest over the trailing dimensions of some buffers (see the
    module docstring). Returns the kernel and its driver."""
    # How often loops and accesses depart from whole trailing dimensions
    # walked in order (which keeps the nest as it is): some kernels are
    # mostly collapsible, others mostly not.
    odd = rng.choice([0.1, 0.5, 1.0])
    depth = rng.choice([2, 2, 3, 3, 4])
    trips = [rng.choice([1, 2, 3, 4, 5]) for _ in range(depth)]
    loops = []
    for d in range(depth):
        lb, ub, step = 0, trips[d], 1
        r = rng.random() / odd
        if d < depth - 1 and r < 0.15:
            lb = 1 if trips[d] > 1 else 0
        elif r < 0.2:
            step = 2
        loops.append((lb, ub, step))
    ivs = [f"%i{d}" for d in range(depth)]
    # Buffers: leading dimensions, then the trips of a suffix of the loops.
    specs = []
    for _ in range(rng.choice([1, 2, 3])):
        lead = rng.choice([0, 0, 1, 2])
        shape = [rng.choice([1, 2, 3]) for _ in range(lead)]
        # A buffer that only the innermost loop walks keeps the nest.
        suffix = rng.choice(range(1 if rng.random() < odd else 2, depth + 1))
        shape += trips[depth - suffix:]
        if rng.random() < 0.1 * odd and len(shape) > 1:
            shape[-1] += 1  # a last dimension the loop does not cover
        specs.append((shape, lead, suffix))
    nbufs = len(specs)
    # Sometimes the nest runs twice inside a loop that carries buffer 0 in
    # iter_args, yielding a buffer of the same type (or itself).
    carry = rng.random() < 0.1
    carried = [b for b in range(1, nbufs) if specs[b][0] == specs[0][0]]
    names = [f"%b{b}" for b in range(nbufs)]
    if carry:
        names[0] = "%m"
    store_index = rng.random() < 0.15

    def access(b):
        shape, lead, suffix = specs[b]
        idx = []
        for q in range(lead):
            outer = [d for d in range(depth - suffix)
                     if loops[d][1] <= shape[q]]
            if outer and rng.random() < 0.5:
                idx.append(ivs[rng.choice(outer)])
            else:
                idx.append(str(rng.randrange(shape[q])))
        tail = ivs[depth - suffix:]
        r = rng.random() / odd
        if r < 0.15:
            tail = [str(rng.randrange(shape[lead + k])) for k in range(suffix)]
        elif r < 0.25 and suffix >= 2 and shape[lead] == shape[lead + 1]:
            tail = [tail[1], tail[0]] + tail[2:]
        elif r < 0.3:
            tail = ["0"] + tail[1:]
        return ", ".join(idx + tail)

    body, values = [], []
    counter = itertools.count(1)

    def fresh():
        return f"%v{next(counter)}"

    for _ in range(rng.choice([2, 3, 4, 5])):
        b = rng.randrange(nbufs)
        t = memref_type(specs[b][0])
        if rng.random() < 0.5 or not values:
            v = fresh()
            body.append(f"{v} = affine.load {names[b]}[{access(b)}] : {t}")
            values.append(v)
        else:
            x = rng.choice(values)
            y = fresh()
            body.append(f"{y} = arith.addi {x}, %c1 : i32")
            z = fresh()
            body.append(f"{z} = arith.muli {y}, {rng.choice(values)} : i32")
            body.append(f"affine.store {z}, {names[b]}[{access(b)}] : {t}")
            values.append(z)
    index_buffer = None
    if store_index:
        # A loop index stored as a value (not only used as an index): cast
        # to i32 into a buffer, or as it is into an index buffer of the
        # shape of one of the buffers, indexed as that one.
        b = rng.randrange(nbufs)
        iv = rng.choice(ivs)
        if rng.random() < 0.5:
            c = fresh()
            body.append(f"{c} = arith.index_cast {iv} : index to i32")
            body.append(f"affine.store {c}, {names[b]}[{access(b)}] : "
                        f"{memref_type(specs[b][0])}")
        else:
            index_buffer = specs[b][0]
            body.append(f"affine.store {iv}, %ix[{access(b)}] : "
                        f"{memref_type(index_buffer, 'index')}")

    buffers = [(f"%b{b}", s[0], "i32", 3 + b, 3 + b)
               for b, s in enumerate(specs)]
    if index_buffer:
        buffers.append(("%ix", index_buffer, "index", 2, 1))
    args = ", ".join(f"{b[0]}: {memref_type(b[1], b[2])}" for b in buffers)
    lines = [f"func.func @{name}({args}) {{",
             "  %c1 = arith.constant 1 : i32"]
    ind = "  "
    t0 = memref_type(specs[0][0])
    if carry:
        lines.append(f"{ind}%res = affine.for %k = 0 to 2 "
                     f"iter_args(%m = %b0) -> ({t0}) {{")
        ind += "  "
    for d, (lb, ub, step) in enumerate(loops):
        lines.append(f"{ind}affine.for {ivs[d]} = {lb} to {ub} step {step} {{")
        ind += "  "
    lines += [ind + b for b in body]
    for _ in range(depth):
        ind = ind[:-2]
        lines.append(f"{ind}}}")
    if carry:
        other = f"%b{rng.choice(carried)}" if carried else "%m"
        lines.append(f"{ind}affine.yield {other} : {t0}")
        lines.append(f"{ind[:-2]}}}")
    lines += ["  return", "}"]
    lines += driver(name, buffers)
    return lines


def generate(args):
    lines = [PRINT]
    names = []
    only = set(args.only.split(",")) if args.only else None
    for k in range(args.count):
        rng = random.Random(f"jam-collapse-{args.seed}-{k}")
        if rng.random() < args.jam_fraction:
            name, family = f"jam_{k}", jam_kernel
        else:
            name, family = f"collapse_{k}", collapse_kernel
        if only is not None and name not in only and str(k) not in only:
            continue
        if family is jam_kernel:
            # From a stream of its own: the rest of the kernel is the same
            # with or without --straddle.
            straddle = (random.Random(f"straddle-{args.seed}-{k}").random()
                        < args.straddle)
            lines += jam_kernel(name, rng, straddle)
        else:
            lines += collapse_kernel(name, rng)
        names.append(name)
    lines.append("func.func @main() {")
    lines += [f"  call @run_{name}() : () -> ()" for name in names]
    lines += ["  return", "}"]
    text = "\n".join(lines) + "\n"
    if args.out == "-":
        sys.stdout.write(text)
    else:
        with open(args.out, "w") as f:
            f.write(text)
    return 0


def printed_kernels(path):
    """The kernels' printed buffers in an output of the module: a list of
    (name, buffers), each buffer its header (sizes and strides) and its
    elements."""
    with open(path) as f:
        text = f.read()
    kernels = []
    for name, body in re.findall(r"^kernel (\S+)\n(.*?)(?=^kernel |\Z)", text,
                                 re.MULTILINE | re.DOTALL):
        buffers = []
        for header, data in re.findall(
                r"rank = (.*?) data =(.*?)(?=Unranked Memref|\Z)", body,
                re.DOTALL):
            buffers.append((header, [int(x) for x in
                                     re.findall(r"-?\d+", data)]))
        kernels.append((name, buffers))
    return kernels


def compare(args):
    """Kernel by kernel, the buffers in two outputs must be the same; for
    each kernel that differs, the first differing element of each buffer."""
    a, b = printed_kernels(args.a), printed_kernels(args.b)
    mismatches = 0
    if len(a) != args.count or len(b) != args.count:
        print(f"want {args.count} kernels, printed {len(a)} and {len(b)}")
        mismatches += 1
    for (name_a, bufs_a), (name_b, bufs_b) in zip(a, b):
        if name_a != name_b:
            print(f"kernel {name_a} against kernel {name_b}")
            mismatches += 1
            break
        if bufs_a == bufs_b:
            continue
        mismatches += 1
        print(f"mismatch in {name_a}:")
        if len(bufs_a) != len(bufs_b):
            print(f"  {len(bufs_a)} buffers against {len(bufs_b)}")
        for i, (buf_a, buf_b) in enumerate(zip(bufs_a, bufs_b)):
            if buf_a == buf_b:
                continue
            if buf_a[0] != buf_b[0]:
                print(f"  buffer {i}: rank = {buf_a[0]} against {buf_b[0]}")
                continue
            if len(buf_a[1]) != len(buf_b[1]):
                print(f"  buffer {i}: {len(buf_a[1])} elements printed "
                      f"against {len(buf_b[1])}")
                continue
            diff = [k for k, (x, y) in enumerate(zip(buf_a[1], buf_b[1]))
                    if x != y]
            print(f"  buffer {i} (rank = {buf_a[0]}): {len(diff)} elements "
                  f"differ, the first at {diff[0]} (row-major): "
                  f"{buf_a[1][diff[0]]} against {buf_b[1][diff[0]]}")
    print(f"compared {min(len(a), len(b))} kernels, {mismatches} mismatches")
    return 1 if mismatches else 0


def kernel_bodies(path):
    """Each kernel function's text in a module (by name)."""
    with open(path) as f:
        text = f.read()
    bodies = {}
    for m in re.finditer(r"^  func\.func @((?:jam|collapse)_\d+)\((.*?)^  \}$",
                         text, re.MULTILINE | re.DOTALL):
        bodies[m.group(1)] = m.group(2)
    if not bodies:  # unindented (not the printer's module { ... } form)
        for m in re.finditer(r"^func\.func @((?:jam|collapse)_\d+)\((.*?)^\}$",
                             text, re.MULTILINE | re.DOTALL):
            bodies[m.group(1)] = m.group(2)
    return bodies


def changed(args):
    """How many kernels of a family a rewrite changed, and how many of them
    it rewrote as the rewrite does: with fewer loops for both (rows run
    inside the tile loop; a nest made one loop) and, for collapse, over a
    memref.collapse_shape view. These must be at least --at-least of the
    family's kernels."""
    before, after = kernel_bodies(args.before), kernel_bodies(args.after)
    family = [n for n in before if n.startswith(args.family + "_")]
    diff = [n for n in family if before[n] != after.get(n)]

    def rewritten(n):
        b, a = before[n], after.get(n, "")
        if a.count("affine.for") >= b.count("affine.for"):
            return False
        return (args.family == "jam" or
                a.count("memref.collapse_shape") >
                b.count("memref.collapse_shape"))
    done = [n for n in diff if rewritten(n)]
    what = ("fewer loops" if args.family == "jam"
            else "fewer loops over memref.collapse_shape views")
    print(f"{args.rewrite} changed {len(diff)} of {len(family)} "
          f"{args.family} kernels, {len(done)} with {what}")
    enough = len(family) > 0 and len(done) >= args.at_least * len(family)
    print(f"{args.rewrite}: " + ("enough" if enough else
          f"too few (want at least {args.at_least:.0%})"))
    return 0 if enough else 1


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="mode", required=True)
    g = sub.add_parser("generate", help="write a module of random kernels")
    g.add_argument("--seed", type=int, default=1)
    g.add_argument("--count", type=int, default=60)
    g.add_argument("--jam-fraction", type=float, default=0.5,
                   help="probability that a kernel is of the jam family "
                   "(else collapse; default 0.5)")
    g.add_argument("--straddle", type=float, default=0.0,
                   help="probability that a jam kernel with a 2-D output "
                   "of vectors writes them at a fixed column near the end "
                   "of its rows, each running on into the next rows "
                   "(default 0)")
    g.add_argument("--only", help="comma-separated kernels (names such as "
                   "collapse_7, or indices) to keep of the --count: a "
                   "module that reproduces one kernel's mismatch")
    g.add_argument("--out", default="-", help="output file (default stdout)")
    c = sub.add_parser("compare", help="compare two outputs of the module")
    c.add_argument("a")
    c.add_argument("b")
    c.add_argument("--count", type=int, required=True,
                   help="the number of kernels each must print")
    h = sub.add_parser("changed", help="count the kernels a rewrite changed")
    h.add_argument("--before", required=True, help="IR without the rewrite")
    h.add_argument("--after", required=True, help="IR with the rewrite")
    h.add_argument("--family", choices=["jam", "collapse"], required=True)
    h.add_argument("--rewrite", required=True, help="name to report")
    h.add_argument("--at-least", type=float, default=0.1,
                   help="fraction of the family's kernels that must be "
                   "rewritten (default 0.1)")
    args = parser.parse_args()
    return {"generate": generate, "compare": compare,
            "changed": changed}[args.mode](args)


if __name__ == "__main__":
    sys.exit(main())
