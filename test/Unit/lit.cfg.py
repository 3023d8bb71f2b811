# -*- Python -*-
# Runs the gtest unit tests of the layout core, one lit test per gtest shard.

import os

import lit.formats

config.name = "TLAYOUT-Unit"
config.suffixes = []
config.test_exec_root = os.path.join(config.tlayout_obj_root, "unittests")
config.test_source_root = config.test_exec_root
config.test_format = lit.formats.GoogleTest(".", "Tests")

# Under sanitizers, Debian's uninstrumented MLIR/LLVM look leaky.
config.environment["ASAN_OPTIONS"] = "detect_leaks=0:allow_user_poisoning=0"
