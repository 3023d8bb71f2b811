#!/usr/bin/env python3
"""Generates a module of N functions that use tiled memrefs.

Each function takes a bf16 TPU-tiled array, loads through memref.load and
affine.load, stores, and calls the previous function, so signatures, calls,
accesses and loops all scale with N.

  gen.py N [--affine-map]   # --affine-map: the same placement written as an
                            # upstream affine_map layout (for normalize-memrefs)
  gen.py N --untiled        # the same program on row-major memrefs (what
                            # upstream's own lowering to LLVM takes)
"""
import sys

n = int(sys.argv[1])
affine = "--affine-map" in sys.argv[2:]
untiled = "--untiled" in sys.argv[2:]
if untiled:
    layout = None
elif affine:
    layout = ("affine_map<(d0, d1) -> (d0 floordiv 8, d1 floordiv 128, "
              "(d0 mod 8) floordiv 2, d1 mod 128, d0 mod 2)>")
else:
    layout = "#tlayout.tiled<{1,0:T(8,128)(2,1)}>"
t = f"memref<64x256xbf16, {layout}>" if layout else "memref<64x256xbf16>"
out = []
for i in range(n):
    call = (f"    func.call @f{i - 1}(%m, %i, %j) : ({t}, index, index) -> ()\n"
            if i > 0 else "")
    out.append(f"""func.func @f{i}(%m: {t}, %i: index, %j: index) {{
    %v = memref.load %m[%i, %j] : {t}
    affine.for %k = 0 to 8 {{
      %w = affine.load %m[%k, %j] : {t}
      affine.store %w, %m[%k, %i] : {t}
    }}
    memref.store %v, %m[%j, %i] : {t}
{call}    return
  }}""")
print("\n".join(out))
