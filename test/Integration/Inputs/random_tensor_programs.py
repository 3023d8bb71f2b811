#!/usr/bin/env python3
"""Random linalg-on-tensors programs with random layouts (a fixed seed).

The tensor mode of random_programs.py (`--mode tensors`). Each program has
kernels over tensors whose arguments and results carry random layouts in
`tlayout.layout` attributes (XLA tilings, physical dimensions, none), and
whose bodies chain random element-wise ops, fills, matmuls, row reductions
broadcast back (as generics, and as linalg.reduce and linalg.broadcast),
slices inserted elsewhere, scf.for loops over tensors, transposes, rows or
columns split by tensor.expand_shape and merged back, and dense constants,
in f32, i32, bf16 and i8. @main computes the inputs, calls every kernel and
prints every element. The program with layouts, through
--tlayout-tpu-bufferize-pipeline and through the generic passes lowered
with --tlayout-lower-to-llvm, must print exactly what the program without
them prints, bufferized and lowered by upstream's passes alone.
"""
import os
import random
import re
import shlex
import subprocess
import tempfile

UPSTREAM = ["--one-shot-bufferize=bufferize-function-boundaries "
            "allow-return-allocs-from-loops "
            "function-boundary-type-conversion=identity-layout-map",
            "--convert-linalg-to-loops", "--buffer-deallocation-pipeline",
            "--convert-bufferization-to-memref", "--expand-strided-metadata",
            "--lower-affine", "--convert-scf-to-cf", "--convert-to-llvm",
            "--reconcile-unrealized-casts"]
CONFIGS = [
    ("tpu", ["--tlayout-tpu-bufferize-pipeline"]),
    ("generic", ["--tlayout-propagate-tensor-layouts",
                 "--tlayout-bufferize-tensor-encodings",
                 "--convert-linalg-to-affine-loops",
                 "--tlayout-lower-to-llvm"]),
    # Layouts chosen for the TPU by the assignment, free transposes as views.
    ("assign", ['--tlayout-assign-layouts=target=#tlayout_tpu.target<"v5e">',
                "--tlayout-bufferize-tensor-encodings",
                "--convert-linalg-to-affine-loops",
                "--tlayout-lower-to-llvm"]),
]

LAYOUTS2 = {
    "f32": ["{1,0:T(8,128)}", "{0,1:T(8,128)}", "{1,0:T(2,3)}",
            "{0,1:T(4,5)}", "{1,0:T(4,128)}", "{0,1}"],
    "i32": ["{1,0:T(8,128)}", "{0,1:T(8,128)}", "{1,0:T(3,2)}",
            "{0,1:T(2,8)}"],
    "bf16": ["{1,0:T(8,128)(2,1)}", "{1,0:T(16,128)(2,1)}",
             "{0,1:T(8,128)(2,1)}", "{1,0:T(2,3)}"],
    "i8": ["{1,0:T(8,128)(4,1)}", "{1,0:T(32,128)(4,1)}",
           "{0,1:T(8,128)(4,1)}", "{1,0:T(4,4)}"],
}
DIMS2 = ["#tlayout.dims<[1, 0, 1:packed(4)]>", "#tlayout.dims<[0, 1]>"]
LAYOUTS1 = ["{0:T(128)}", "{0:T(4)}", "{0:T(1024)}"]
ID = "affine_map<(i, j) -> (i, j)>"
ROW = "affine_map<(i, j) -> (i)>"


def layout2(rng, ty):
    r = rng.random()
    if r < 0.2:
        return None
    if r < 0.3:
        return rng.choice(DIMS2)
    return "#tlayout.tiled<" + rng.choice(LAYOUTS2[ty]) + ">"


def is_float(ty):
    return ty in ("f32", "bf16")


class Kernel:
    def __init__(self, rng, name, ty):
        self.rng, self.name, self.ty = rng, name, ty
        self.m, self.n = rng.randint(1, 20), rng.randint(1, 20)
        self.lines, self.counter = [], 0
        self.args = []  # (name, shape, layout)

    def fresh(self):
        self.counter += 1
        return f"%v{self.counter}"

    def t(self, shape=None):
        shape = shape or (self.m, self.n)
        return "tensor<" + "x".join(map(str, shape)) + f"x{self.ty}>"

    def emit(self, text):
        self.lines.append("  " + text)

    def binop(self, a, b):
        ops = (["arith.addf", "arith.subf", "arith.maximumf", "arith.mulf"]
               if is_float(self.ty) else
               ["arith.addi", "arith.subi", "arith.muli", "arith.maxsi"])
        return f"{self.rng.choice(ops)} {a}, {b} : {self.ty}"

    def empty(self, shape=None):
        e = self.fresh()
        self.emit(f"{e} = tensor.empty() : {self.t(shape)}")
        return e

    def ew(self, a, b):
        e, r = self.empty(), self.fresh()
        self.emit(f"{r} = linalg.generic {{indexing_maps = [{ID}, {ID}, {ID}], "
                  f"iterator_types = [\"parallel\", \"parallel\"]}} "
                  f"ins({a}, {b} : {self.t()}, {self.t()}) "
                  f"outs({e} : {self.t()}) {{")
        self.emit(f"^bb0(%x: {self.ty}, %y: {self.ty}, %o: {self.ty}):")
        self.emit(f"  %s = {self.binop('%x', '%y')}")
        self.emit(f"  linalg.yield %s : {self.ty}")
        self.emit(f"}} -> {self.t()}")
        return r

    def zero(self):
        z = self.fresh()
        value = "0.0" if is_float(self.ty) else "0"
        self.emit(f"{z} = arith.constant {value} : {self.ty}")
        return z

    def rowsum_broadcast(self, a):
        z = self.zero()
        e = self.empty((self.m,))
        f, s, r = self.fresh(), self.fresh(), self.fresh()
        add = "arith.addf" if is_float(self.ty) else "arith.addi"
        v = self.t((self.m,))
        self.emit(f"{f} = linalg.fill ins({z} : {self.ty}) outs({e} : {v}) -> {v}")
        self.emit(f"{s} = linalg.generic {{indexing_maps = [{ID}, {ROW}], "
                  f"iterator_types = [\"parallel\", \"reduction\"]}} "
                  f"ins({a} : {self.t()}) outs({f} : {v}) {{")
        self.emit(f"^bb0(%x: {self.ty}, %o: {self.ty}):")
        self.emit(f"  %s = {add} %o, %x : {self.ty}")
        self.emit(f"  linalg.yield %s : {self.ty}")
        self.emit(f"}} -> {v}")
        e2 = self.empty()
        self.emit(f"{r} = linalg.generic {{indexing_maps = [{ROW}, {ID}, {ID}], "
                  f"iterator_types = [\"parallel\", \"parallel\"]}} "
                  f"ins({s}, {a} : {v}, {self.t()}) outs({e2} : {self.t()}) {{")
        self.emit(f"^bb0(%x: {self.ty}, %y: {self.ty}, %o: {self.ty}):")
        self.emit(f"  %s = {self.binop('%x', '%y')}")
        self.emit(f"  linalg.yield %s : {self.ty}")
        self.emit(f"}} -> {self.t()}")
        return r

    def matmul(self, a, b):
        z = self.zero()
        e, f, r = self.empty(), self.fresh(), self.fresh()
        self.emit(f"{f} = linalg.fill ins({z} : {self.ty}) outs({e} : {self.t()}) -> {self.t()}")
        bt = self.t((self.n, self.n))
        self.emit(f"{r} = linalg.matmul ins({a}, {b} : {self.t()}, {bt}) "
                  f"outs({f} : {self.t()}) -> {self.t()}")
        return r

    def slices(self, a, b):
        rng = self.rng
        h = rng.randint(1, self.m)
        r0, r1 = rng.randint(0, self.m - h), rng.randint(0, self.m - h)
        stride = rng.choice([1, 2]) if self.n > 1 else 1
        w = rng.randint(1, (self.n + stride - 1) // stride)
        c0 = rng.randint(0, self.n - 1 - (w - 1) * stride)
        c1 = rng.randint(0, self.n - w)
        s, r = self.fresh(), self.fresh()
        st = self.t((h, w))
        self.emit(f"{s} = tensor.extract_slice {a}[{r0}, {c0}] [{h}, {w}] "
                  f"[1, {stride}] : {self.t()} to {st}")
        self.emit(f"{r} = tensor.insert_slice {s} into {b}[{r1}, {c1}] "
                  f"[{h}, {w}] [1, 1] : {st} into {self.t()}")
        return r

    def transpose2(self, a):
        """`a` transposed and transposed back: (m, n) -> (n, m) -> (m, n)."""
        back = self.t((self.n, self.m))
        e, t = self.empty((self.n, self.m)), self.fresh()
        self.emit(f"{t} = linalg.transpose ins({a} : {self.t()}) "
                  f"outs({e} : {back}) permutation = [1, 0]")
        e2, r = self.empty(), self.fresh()
        self.emit(f"{r} = linalg.transpose ins({t} : {back}) "
                  f"outs({e2} : {self.t()}) permutation = [1, 0]")
        return r

    def ew_shape(self, a, b, shape):
        """An element-wise op of any rank (identity maps) on `shape`."""
        rank = len(shape)
        dims = ", ".join(f"d{i}" for i in range(rank))
        idmap = f"affine_map<({dims}) -> ({dims})>"
        e, r = self.empty(shape), self.fresh()
        t = self.t(shape)
        par = ", ".join(['"parallel"'] * rank)
        self.emit(f"{r} = linalg.generic {{indexing_maps = [{idmap}, {idmap}, "
                  f"{idmap}], iterator_types = [{par}]}} "
                  f"ins({a}, {b} : {t}, {t}) outs({e} : {t}) {{")
        self.emit(f"^bb0(%x: {self.ty}, %y: {self.ty}, %o: {self.ty}):")
        self.emit(f"  %s = {self.binop('%x', '%y')}")
        self.emit(f"  linalg.yield %s : {self.ty}")
        self.emit(f"}} -> {t}")
        return r

    def reshape(self, a):
        """`a` split into three dimensions (rows or columns), combined with
        itself there, and merged back: tensor.expand_shape and
        tensor.collapse_shape, which the assignment makes views or copies."""
        m, n = self.m, self.n
        rows = [k for k in range(2, m) if m % k == 0]
        cols = [k for k in range(2, n) if n % k == 0]
        if not rows and not cols:
            return a
        if rows and (not cols or self.rng.random() < 0.5):
            k = self.rng.choice(rows)
            shape, assoc = (k, m // k, n), "[[0, 1], [2]]"
        else:
            k = self.rng.choice(cols)
            shape, assoc = (m, k, n // k), "[[0], [1, 2]]"
        x, r = self.fresh(), self.fresh()
        out = ", ".join(map(str, shape))
        self.emit(f"{x} = tensor.expand_shape {a} {assoc} output_shape "
                  f"[{out}] : {self.t()} into {self.t(shape)}")
        y = self.ew_shape(x, x, shape)
        self.emit(f"{r} = tensor.collapse_shape {y} {assoc} : "
                  f"{self.t(shape)} into {self.t()}")
        return r

    def constant(self, a):
        """`a` combined with a dense constant (a global in the layout the
        assignment chooses)."""
        c = self.fresh()
        vals = [[self.rng.randint(-3, 3) for _ in range(self.n)]
                for _ in range(self.m)]
        fmt = (lambda v: f"{v}.0") if is_float(self.ty) else str
        text = ", ".join("[" + ", ".join(fmt(v) for v in row) + "]"
                         for row in vals)
        self.emit(f"{c} = arith.constant dense<[{text}]> : {self.t()}")
        return self.ew(a, c)

    def reduce_broadcast(self, a):
        """linalg.reduce over the columns and linalg.broadcast back, added
        to `a`: the reduction and broadcast placement rules."""
        z = self.zero()
        v = self.t((self.m,))
        e, f, s = self.empty((self.m,)), self.fresh(), self.fresh()
        add = "arith.addf" if is_float(self.ty) else "arith.addi"
        self.emit(f"{f} = linalg.fill ins({z} : {self.ty}) outs({e} : {v}) -> {v}")
        self.emit(f"{s} = linalg.reduce ins({a} : {self.t()}) outs({f} : {v}) "
                  f"dimensions = [1]")
        self.emit(f"  (%in: {self.ty}, %init: {self.ty}) {{")
        self.emit(f"    %s = {add} %in, %init : {self.ty}")
        self.emit(f"    linalg.yield %s : {self.ty}")
        self.emit("  }")
        e2, b = self.empty(), self.fresh()
        self.emit(f"{b} = linalg.broadcast ins({s} : {v}) outs({e2} : "
                  f"{self.t()}) dimensions = [1]")
        return self.ew(b, a)

    def loop(self, a, b):
        trips = self.rng.randint(0, 3)
        lb, ub, one, r = self.fresh(), self.fresh(), self.fresh(), self.fresh()
        self.emit(f"{lb} = arith.constant 0 : index")
        self.emit(f"{ub} = arith.constant {trips} : index")
        self.emit(f"{one} = arith.constant 1 : index")
        self.emit(f"{r} = scf.for %i{self.counter} = {lb} to {ub} step {one} "
                  f"iter_args(%acc{self.counter} = {a}) -> ({self.t()}) {{")
        acc = f"%acc{self.counter}"
        e, q = self.fresh(), self.fresh()
        self.emit(f"  {e} = tensor.empty() : {self.t()}")
        # In place, or into a new buffer that the loop yields.
        out = self.rng.choice([acc, e])
        self.emit(f"  {q} = linalg.generic {{indexing_maps = [{ID}, {ID}, {ID}], "
                  f"iterator_types = [\"parallel\", \"parallel\"]}} "
                  f"ins({acc}, {b} : {self.t()}, {self.t()}) outs({out} : {self.t()}) {{")
        add = "arith.addf" if is_float(self.ty) else "arith.addi"
        self.emit(f"  ^bb0(%x: {self.ty}, %y: {self.ty}, %o: {self.ty}):")
        self.emit(f"    %s = {add} %x, %y : {self.ty}")
        self.emit(f"    linalg.yield %s : {self.ty}")
        self.emit(f"  }} -> {self.t()}")
        self.emit(f"  scf.yield {q} : {self.t()}")
        self.emit("}")
        return r

    def build(self):
        rng = self.rng
        nargs = rng.randint(1, 3)
        pool = []
        for i in range(nargs):
            self.args.append((f"%a{i}", (self.m, self.n), layout2(rng, self.ty)))
            pool.append(f"%a{i}")
        square = None
        if self.ty in ("f32", "i32") and rng.random() < 0.5:
            square = f"%a{nargs}"
            self.args.append((square, (self.n, self.n), layout2(rng, self.ty)))
        for _ in range(rng.randint(1, 5)):
            kind = rng.choice(["ew", "ew", "reduce", "slice", "loop",
                               "transpose", "reshape", "constant",
                               "reduce-broadcast"] +
                              (["matmul"] if square else []))
            # Each step reads the previous one, so that all reach the result.
            a, b = pool[-1], rng.choice(pool)
            if kind == "ew":
                pool.append(self.ew(a, b))
            elif kind == "reduce":
                pool.append(self.rowsum_broadcast(a))
            elif kind == "slice":
                pool.append(self.slices(a, b))
            elif kind == "loop":
                pool.append(self.loop(a, b))
            elif kind == "transpose":
                pool.append(self.transpose2(a))
            elif kind == "reshape":
                pool.append(self.reshape(a))
            elif kind == "constant":
                pool.append(self.constant(a))
            elif kind == "reduce-broadcast":
                pool.append(self.reduce_broadcast(a))
            else:
                pool.append(self.matmul(a, square))
        self.result = pool[-1]
        self.result_layout = layout2(rng, self.ty)

    def render(self, with_layouts):
        def attr(layout):
            if with_layouts and layout:
                return f" {{tlayout.layout = {layout}}}"
            return ""
        args = ", ".join(f"{n}: " + self.t(s) + attr(l)
                         for n, s, l in self.args)
        res = f"({self.t()}{attr(self.result_layout)})"
        body = "\n".join(self.lines)
        return (f"func.func @{self.name}({args}) -> {res} {{\n{body}\n"
                f"  return {self.result} : {self.t()}\n}}\n")

    def render_call(self, index):
        """Lines of @main: the inputs, the call, the printing loops."""
        rng = self.rng
        out, names = [], []
        for n, shape, _ in self.args:
            a, b, p = rng.randint(1, 9), rng.randint(1, 9), rng.choice([5, 7, 11])
            e, v = f"%in{index}_{len(names)}e", f"%in{index}_{len(names)}"
            t = self.t(shape)
            out.append(f"  {e} = tensor.empty() : {t}")
            out.append(f"  {v} = linalg.generic {{indexing_maps = [{ID}], "
                       f"iterator_types = [\"parallel\", \"parallel\"]}} "
                       f"outs({e} : {t}) {{")
            out.append(f"  ^bb0(%o: {self.ty}):")
            out.append("    %i = linalg.index 0 : index")
            out.append("    %j = linalg.index 1 : index")
            out.append(f"    %v = affine.apply affine_map<(i, j) -> "
                       f"((i * {a} + j * {b}) mod {p} - {p // 2})>(%i, %j)")
            out.append("    %vi = arith.index_cast %v : index to i32")
            if self.ty == "i32":
                out.append("    linalg.yield %vi : i32")
            elif self.ty == "i8":
                out.append("    %t = arith.trunci %vi : i32 to i8")
                out.append("    linalg.yield %t : i8")
            else:
                out.append(f"    %f = arith.sitofp %vi : i32 to {self.ty}")
                out.append(f"    linalg.yield %f : {self.ty}")
            out.append(f"  }} -> {t}")
            names.append(v)
        r = f"%r{index}"
        types = ", ".join(self.t(s) for _, s, _ in self.args)
        out.append(f"  {r} = call @{self.name}({', '.join(names)}) : "
                   f"({types}) -> {self.t()}")
        out.append(f"  %m{index} = arith.constant {self.m} : index")
        out.append(f"  %n{index} = arith.constant {self.n} : index")
        out.append(f"  scf.for %i = %c0 to %m{index} step %c1 {{")
        out.append(f"    scf.for %j = %c0 to %n{index} step %c1 {{")
        out.append(f"      %x = tensor.extract {r}[%i, %j] : {self.t()}")
        if self.ty == "bf16":
            out.append("      %xf = arith.extf %x : bf16 to f32")
            out.append("      vector.print %xf : f32")
        else:
            out.append(f"      vector.print %x : {self.ty}")
        out.append("    }")
        out.append("  }")
        return out


def draw_program(rng, index):
    kernels = []
    for k in range(rng.randint(1, 3)):
        kern = Kernel(rng, f"k{index}_{k}",
                      rng.choice(["f32", "i32", "bf16", "i8"]))
        kern.build()
        kernels.append(kern)
    return kernels


def render_program(kernels, with_layouts):
    text = "".join(k.render(with_layouts) for k in kernels)
    main = ["func.func @main() {", "  %c0 = arith.constant 0 : index",
            "  %c1 = arith.constant 1 : index"]
    for i, k in enumerate(kernels):
        # Draw the same inputs for both renderings.
        state = k.rng.getstate()
        main += k.render_call(i)
        k.rng.setstate(state)
    main += ["  return", "}"]
    return text + "\n".join(main) + "\n"


def run(cmd, text, runner, timeout):
    proc = subprocess.run(cmd, input=text, capture_output=True, text=True,
                          timeout=timeout)
    if proc.returncode != 0:
        err = [l for l in proc.stderr.splitlines() if "error" in l]
        return None, "compile: " + (err[0] if err else proc.stderr[-300:])
    ex = subprocess.run(shlex.split(runner), input=proc.stdout,
                        capture_output=True, text=True, timeout=timeout)
    if ex.returncode != 0:
        return None, f"run: exit {ex.returncode}"
    return ex.stdout, ""


def main(args):
    rng = random.Random(args.seed)
    failures = 0
    for index in range(args.count):
        kernels = draw_program(random.Random(rng.randrange(1 << 30)), index)
        tiled = render_program(kernels, True)
        plain = render_program(kernels, False)
        if args.emit:
            os.makedirs(args.emit, exist_ok=True)
            if index == args.emit_index:
                for name, text in (("tiled", tiled), ("untiled", plain)):
                    with open(os.path.join(args.emit,
                                           f"tensor{index}.{name}.mlir"),
                              "w") as fh:
                        fh.write(text)
            continue
        want, why = run([args.upstream_opt, "-"] + UPSTREAM, plain,
                        args.runner, args.timeout)
        if not want:
            print(f"program {index}: reference failed: "
                  f"{why or 'printed nothing'}")
            failures += 1
            continue
        for name, passes in CONFIGS:
            got, why = run([args.opt, "-"] + passes, tiled, args.runner,
                           args.timeout)
            if got != want:
                failures += 1
                print(f"program {index} ({name}): " +
                      (why or "printed other values"))
                if args.keep_failures:
                    os.makedirs(args.keep_failures, exist_ok=True)
                    with open(os.path.join(args.keep_failures,
                                           f"tensor{index}.mlir"), "w") as fh:
                        fh.write(tiled)
                break
    if args.emit:
        return 0
    print(f"random-tensor-programs: {args.count} programs, {failures} failures")
    return 1 if failures else 0
