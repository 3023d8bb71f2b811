# -*- Python -*-
# The tlayout lit suite: FileCheck tests of the dialect, the passes and the
# tools, and executed integration tests.

import os

import lit.formats
from lit.llvm import llvm_config

config.name = "TLAYOUT"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".test"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.tlayout_obj_root, "test")
config.excludes = ["CMakeLists.txt", "README.md", "lit.cfg.py",
                   "lit.site.cfg.py", "Inputs"]

llvm_config.use_default_substitutions()
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)

config.substitutions.append(("%{mlir_lib_dir}", config.mlir_lib_dir))
config.substitutions.append(("%{tlayout_src_root}", config.tlayout_src_root))
config.substitutions.append(("%{tlayout_obj_root}", config.tlayout_obj_root))
config.substitutions.append(("%{cxx}", config.cxx_compiler))
config.substitutions.append(
    ("%{plugin}", os.path.join(config.tlayout_lib_dir, "TLayoutPlugin.so")))

tool_dirs = [config.tlayout_tools_dir, config.llvm_tools_dir]
tools = ["tlayout-opt", "tlayout-inspect", "tlayout-translate", "mlir-opt",
         "mlir-runner"]
if config.enable_fuzzers:
    config.available_features.add("fuzzers")
    tools += ["tlayout-layout-parser-fuzzer", "tlayout-attr-parser-fuzzer",
              "tlayout-lowering-fuzzer"]
if config.enable_benchmarks:
    config.available_features.add("benchmarks")
if config.enable_sanitizers:
    config.available_features.add("sanitizers")
    # Debian's MLIR is not instrumented: its one-time registrations look
    # like leaks, and LLVM allocator code inlined into our instrumented
    # objects poisons slabs that the uninstrumented library then uses.
    config.environment["ASAN_OPTIONS"] = "detect_leaks=0:allow_user_poisoning=0"
# The HTML report's test drives a real headless browser; a machine without
# Debian's chromium skips it (scripts/install-deps.sh installs it).
if os.path.exists("/usr/bin/chromium"):
    config.available_features.add("chromium")
# Real TPU dumps (third-party) stay in the shared reference folder beside
# the checkout; the test that reads them is skipped where it is absent.
config.substitutions.append(
    ("%{reference_hlo}",
     os.path.join(config.tlayout_src_root, "..", "shared", "reference", "hlo")))
if os.path.isdir(os.path.join(config.tlayout_src_root, "..", "shared",
                              "reference", "hlo")):
    config.available_features.add("reference-hlo")
# Tests of the machine code that LLVM makes of the lowered IR name an x86
# target explicitly; they need llc to have it.
llc = os.path.join(config.llvm_tools_dir, "llc")
if os.path.exists(llc):
    import subprocess
    targets = subprocess.run([llc, "--version"], capture_output=True,
                             text=True).stdout
    if "x86-64" in targets:
        config.available_features.add("x86-registered-target")
llvm_config.add_tool_substitutions(tools, tool_dirs)
