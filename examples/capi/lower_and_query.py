#!/usr/bin/env python3
"""Lowers a module and queries a layout through tlayout's C API, from Python.

Debian's MLIR has no Python bindings; ctypes calls libTLayoutCAPI.so, which
carries upstream's mlir-c and tlayout's C API (include/tlayout-c). The
library is the first argument, else $TLAYOUT_CAPI_LIBRARY, else
build/lib/libTLayoutCAPI.so in this repository.

    python3 examples/capi/lower_and_query.py [path/to/libTLayoutCAPI.so]
"""

import ctypes
import os
import sys
from ctypes import (CFUNCTYPE, POINTER, Structure, c_bool, c_char_p, c_int8,
                    c_int64, c_size_t, c_void_p)


class StringRef(Structure):
    _fields_ = [("data", c_char_p), ("length", c_size_t)]

    @staticmethod
    def of(text):
        data = text.encode()
        return StringRef(data, len(data))


class LogicalResult(Structure):
    _fields_ = [("value", c_int8)]

    def ok(self):
        return self.value != 0


class Footprint(Structure):
    _fields_ = [(name, c_int64) for name in
                ("logical_elements", "physical_elements", "logical_bytes",
                 "physical_bytes", "padding_bytes")]


def handle(name):
    """An mlir-c handle type: a struct holding one pointer."""
    return type(name, (Structure,), {"_fields_": [("ptr", c_void_p)]})


Context, DialectHandle, Dialect, Module, Operation, PassManager, \
    OpPassManager, Type, Attribute = (
        handle(n) for n in ("Context", "DialectHandle", "Dialect", "Module",
                            "Operation", "PassManager", "OpPassManager",
                            "Type", "Attribute"))
StringCallback = CFUNCTYPE(None, StringRef, c_void_p)


def load_library(path):
    lib = ctypes.CDLL(path)
    signatures = {
        "mlirContextCreate": (Context, []),
        "mlirContextDestroy": (None, [Context]),
        "mlirDialectHandleLoadDialect": (Dialect, [DialectHandle, Context]),
        "mlirModuleCreateParse": (Module, [Context, StringRef]),
        "mlirModuleGetOperation": (Operation, [Module]),
        "mlirModuleDestroy": (None, [Module]),
        "mlirOperationPrint": (None, [Operation, StringCallback, c_void_p]),
        "mlirPassManagerCreate": (PassManager, [Context]),
        "mlirPassManagerDestroy": (None, [PassManager]),
        "mlirPassManagerGetAsOpPassManager": (OpPassManager, [PassManager]),
        "mlirParsePassPipeline": (LogicalResult, [OpPassManager, StringRef,
                                                  StringCallback, c_void_p]),
        "mlirPassManagerRunOnOp": (LogicalResult, [PassManager, Operation]),
        "mlirTypeParseGet": (Type, [Context, StringRef]),
        "tlayoutRegisterPasses": (None, []),
        "tlayoutTiledLayoutAttrGet": (Attribute, [Context, StringRef,
                                                  StringCallback, c_void_p]),
        "tlayoutMemRefGetFootprint": (LogicalResult, [
            Type, POINTER(Footprint), StringCallback, c_void_p]),
        "tlayoutMemRefGetOffset": (LogicalResult, [
            Type, c_size_t, POINTER(c_int64), POINTER(c_int64),
            StringCallback, c_void_p]),
        "tlayoutMemRefGetIndexAt": (LogicalResult, [
            Type, c_int64, c_size_t, POINTER(c_int64), POINTER(c_bool),
            StringCallback, c_void_p]),
        "tlayoutMemRefComparePlacement": (LogicalResult, [
            Type, Type, POINTER(c_int64), POINTER(c_bool), POINTER(c_int64),
            POINTER(c_bool), StringCallback, c_void_p]),
    }
    for dialect in ("tlayout", "func", "memref", "arith", "affine"):
        signatures[f"mlirGetDialectHandle__{dialect}__"] = (DialectHandle, [])
    for name, (restype, argtypes) in signatures.items():
        function = getattr(lib, name)
        function.restype = restype
        function.argtypes = argtypes
    return lib


class Text:
    """Collects what a string callback delivers."""

    def __init__(self):
        self.parts = []
        self.callback = StringCallback(
            lambda s, _: self.parts.append(ctypes.string_at(s.data, s.length)))

    def __str__(self):
        return b"".join(self.parts).decode()


MODULE = """
func.func @get(%m: memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>,
               %i: index, %j: index) -> f32 {
  %v = memref.load %m[%i, %j] : memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>
  return %v : f32
}
"""


def main():
    root = os.path.dirname(os.path.dirname(os.path.dirname(
        os.path.abspath(__file__))))
    path = (sys.argv[1] if len(sys.argv) > 1 else
            os.environ.get("TLAYOUT_CAPI_LIBRARY",
                           os.path.join(root, "build/lib/libTLayoutCAPI.so")))
    lib = load_library(path)
    ctx = lib.mlirContextCreate()
    for dialect in ("tlayout", "func", "memref", "arith", "affine"):
        get = getattr(lib, f"mlirGetDialectHandle__{dialect}__")
        lib.mlirDialectHandleLoadDialect(get(), ctx)

    # Lower the module with --lower-tiled-layouts.
    module = lib.mlirModuleCreateParse(ctx, StringRef.of(MODULE))
    assert module.ptr, "the module does not parse"
    lib.tlayoutRegisterPasses()
    pm = lib.mlirPassManagerCreate(ctx)
    error = Text()
    if not lib.mlirParsePassPipeline(
            lib.mlirPassManagerGetAsOpPassManager(pm),
            StringRef.of("builtin.module(lower-tiled-layouts)"),
            error.callback, None).ok():
        sys.exit(f"error: {error}")
    if not lib.mlirPassManagerRunOnOp(
            pm, lib.mlirModuleGetOperation(module)).ok():
        sys.exit("error: the lowering failed")
    printed = Text()
    lib.mlirOperationPrint(lib.mlirModuleGetOperation(module),
                           printed.callback, None)
    load = next(line for line in str(printed).splitlines()
                if "memref.load" in line)
    print("lowered:", load.strip())

    # Ask the layout core about f32[3,5]{1,0:T(2,2)}.
    tiled = lib.mlirTypeParseGet(
        ctx, StringRef.of("memref<3x5xf32, #tlayout.tiled<{1,0:T(2,2)}>>"))
    footprint = Footprint()
    assert lib.tlayoutMemRefGetFootprint(tiled, ctypes.byref(footprint),
                                         error.callback, None).ok()
    print(f"bytes: {footprint.physical_bytes} "
          f"({footprint.padding_bytes} of padding)")
    index = (c_int64 * 2)(2, 3)
    offset = c_int64()
    assert lib.tlayoutMemRefGetOffset(tiled, 2, index, ctypes.byref(offset),
                                      error.callback, None).ok()
    print(f"offset of (2,3): {offset.value}")
    padding = c_bool()
    assert lib.tlayoutMemRefGetIndexAt(tiled, 19, 2, index,
                                       ctypes.byref(padding), error.callback,
                                       None).ok()
    print(f"offset 19 is padding: {padding.value}")
    same, differs = c_bool(), c_bool()
    first = (c_int64 * 2)()
    row_major = lib.mlirTypeParseGet(ctx, StringRef.of("memref<3x5xf32>"))
    assert lib.tlayoutMemRefComparePlacement(
        tiled, row_major, None, ctypes.byref(same), first,
        ctypes.byref(differs), error.callback, None).ok()
    print(f"same placement as row-major: {same.value}, "
          f"first difference at ({first[0]},{first[1]})")

    # Bad layout text is an error with a message, not a crash.
    bad = Text()
    attr = lib.tlayoutTiledLayoutAttrGet(ctx, StringRef.of("{1,1}"),
                                         bad.callback, None)
    print(f"{{1,1}}: null={not attr.ptr}: {bad}")

    lib.mlirPassManagerDestroy(pm)
    lib.mlirModuleDestroy(module)
    lib.mlirContextDestroy(ctx)


if __name__ == "__main__":
    main()
