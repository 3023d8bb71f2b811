# Configure-time checks that the compiler can link the runtimes an option
# needs (libFuzzer, ASan, UBSan: Debian's libclang-rt-22-dev), so that a
# missing package is reported when configuring, by name, instead of as a
# link error halfway through the build. test/Install/runtime-checks.test
# configures a project that uses them with the runtimes out of reach.

include(CheckCXXSourceCompiles)

# tlayout_check_link_flags(RESULT SOURCE FLAG...): sets RESULT to true when
# SOURCE compiles and links into an executable with FLAG... on both the
# compile and the link line. Checked again at every configure, so installing
# the runtime later is noticed.
function(tlayout_check_link_flags result source)
  unset(${result} CACHE)
  string(REPLACE ";" " " CMAKE_REQUIRED_FLAGS "${ARGN}")
  set(CMAKE_REQUIRED_LINK_OPTIONS ${ARGN})
  set(CMAKE_REQUIRED_QUIET ON)
  check_cxx_source_compiles("${source}" ${result})
  set(${result} ${${result}} PARENT_SCOPE)
endfunction()

# Stops with the package to install when -fsanitize=address,undefined does
# not link (the user asked for sanitizers, so building without is wrong).
function(tlayout_require_sanitizer_runtimes)
  tlayout_check_link_flags(TLAYOUT_HAVE_SANITIZER_RUNTIMES
    "int main() { return 0; }" -fsanitize=address,undefined)
  if(NOT TLAYOUT_HAVE_SANITIZER_RUNTIMES)
    message(FATAL_ERROR "TLAYOUT_ENABLE_SANITIZERS: ${CMAKE_CXX_COMPILER} "
      "cannot link -fsanitize=address,undefined; the ASan and UBSan runtimes "
      "are missing. Install the Debian package libclang-rt-22-dev "
      "(bash scripts/install-deps.sh), or configure without sanitizers.")
  endif()
endfunction()

# Turns VAR (TLAYOUT_ENABLE_FUZZERS) off in the caller's scope, with a
# warning naming the package, when -fsanitize=fuzzer does not link.
function(tlayout_check_fuzzer_runtime var)
  tlayout_check_link_flags(TLAYOUT_HAVE_LIBFUZZER
    "extern \"C\" int LLVMFuzzerTestOneInput(const unsigned char *, unsigned long) { return 0; }"
    -fsanitize=fuzzer)
  if(NOT TLAYOUT_HAVE_LIBFUZZER)
    message(WARNING "${CMAKE_CXX_COMPILER} cannot link -fsanitize=fuzzer; "
      "the libFuzzer runtime is missing (Debian package libclang-rt-22-dev; "
      "bash scripts/install-deps.sh installs it). Building without the "
      "fuzzers.")
    set(${var} OFF PARENT_SCOPE)
  endif()
endfunction()
