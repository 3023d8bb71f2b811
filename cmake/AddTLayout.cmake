# How tlayout declares its libraries and tools: thin wrappers over MLIR's
# add_mlir_*_library and LLVM's add_llvm_executable, so that every target
# names the tlayout libraries and the MLIR components it uses, and the
# CMake link graph is the layer graph of docs/Architecture.md
# (test/Architecture/layering.test checks the two against each other).
#
# MLIR components are linked through mlir_target_link_libraries: with
# TLAYOUT_LINK_MLIR_DYLIB (the default) they all become Debian's shared
# libMLIR.so, so that tlayout-opt, the tools and the mlir-opt plugin share
# one copy of MLIR; without it they are MLIR's static component libraries
# (scripts/build-static.sh builds a subset that way). LLVM is Debian's
# libLLVM.so either way: the static MLIR libraries link it too.

include_guard(GLOBAL)

# Every library and tool that tlayout declares, for the link graph below.
set_property(GLOBAL PROPERTY TLAYOUT_TARGETS "")

# add_tlayout_library(name [DIALECT|CONVERSION] sources...
#   [DEPENDS tablegen-targets...]
#   [LINK_LIBS tlayout-libraries...]
#   [MLIR_LIBS mlir-components...]
#   [LINK_COMPONENTS llvm-components...])
#
# A static library built with add_mlir_dialect_library (DIALECT),
# add_mlir_conversion_library (CONVERSION) or add_mlir_library. LINK_LIBS
# are the tlayout libraries it uses, linked PUBLIC (headers of a library may
# include those of the libraries it links). MLIR_LIBS are the MLIR component
# libraries it uses (MLIRIR, MLIRMemRefDialect, ...), linked PUBLIC through
# mlir_target_link_libraries. Installation is tlayout's own (the top-level
# CMakeLists.txt exports TLayoutTargets), not MLIR's.
function(add_tlayout_library name)
  cmake_parse_arguments(ARG "DIALECT;CONVERSION" ""
    "DEPENDS;LINK_LIBS;MLIR_LIBS;LINK_COMPONENTS" ${ARGN})
  if(ARG_DIALECT)
    set(add_library_function add_mlir_dialect_library)
  elseif(ARG_CONVERSION)
    set(add_library_function add_mlir_conversion_library)
  else()
    set(add_library_function add_mlir_library)
  endif()
  cmake_language(CALL ${add_library_function} ${name}
    ${ARG_UNPARSED_ARGUMENTS}
    DISABLE_INSTALL
    DEPENDS ${ARG_DEPENDS}
    LINK_COMPONENTS ${ARG_LINK_COMPONENTS}
    LINK_LIBS PUBLIC ${ARG_LINK_LIBS})
  if(ARG_MLIR_LIBS)
    mlir_target_link_libraries(${name} PUBLIC ${ARG_MLIR_LIBS})
  endif()
  target_include_directories(${name} PUBLIC
    $<BUILD_INTERFACE:${TLAYOUT_SOURCE_DIR}/include>
    $<BUILD_INTERFACE:${TLAYOUT_BINARY_DIR}/include>
    $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
  set_property(GLOBAL APPEND PROPERTY TLAYOUT_TARGETS ${name})
endfunction()

# add_tlayout_tool(name sources...
#   [LINK_LIBS tlayout-libraries...]
#   [MLIR_LIBS mlir-components...])
#
# An executable in bin/ built with add_llvm_executable (LLVM's compile flags,
# LLVM_LINK_COMPONENTS), linking the tlayout libraries and MLIR components it
# uses, checked with mlir_check_all_link_libraries.
function(add_tlayout_tool name)
  cmake_parse_arguments(ARG "" "" "LINK_LIBS;MLIR_LIBS" ${ARGN})
  set(LLVM_LINK_COMPONENTS Support)
  add_llvm_executable(${name} ${ARG_UNPARSED_ARGUMENTS})
  llvm_update_compile_flags(${name})
  target_link_libraries(${name} PRIVATE ${ARG_LINK_LIBS})
  if(ARG_MLIR_LIBS)
    mlir_target_link_libraries(${name} PRIVATE ${ARG_MLIR_LIBS})
  endif()
  mlir_check_all_link_libraries(${name})
  set_property(GLOBAL APPEND PROPERTY TLAYOUT_TARGETS ${name})
endfunction()

# Writes FILE at generate time: one line per target declared with the
# functions above (and any other library, module or executable defined under
# lib/ or tools/), `name|type|source dir|link libraries`, the link libraries
# being the target's LINK_LIBRARIES as CMake links them.
function(tlayout_write_link_graph file)
  set(targets)
  set(dirs ${TLAYOUT_SOURCE_DIR}/lib ${TLAYOUT_SOURCE_DIR}/tools)
  while(dirs)
    list(POP_FRONT dirs dir)
    get_property(subdirs DIRECTORY ${dir} PROPERTY SUBDIRECTORIES)
    list(APPEND dirs ${subdirs})
    get_property(dir_targets DIRECTORY ${dir} PROPERTY BUILDSYSTEM_TARGETS)
    foreach(target ${dir_targets})
      get_target_property(type ${target} TYPE)
      if(type MATCHES "^(STATIC_LIBRARY|SHARED_LIBRARY|MODULE_LIBRARY|EXECUTABLE)$")
        list(APPEND targets ${target})
      endif()
    endforeach()
  endwhile()
  get_property(declared GLOBAL PROPERTY TLAYOUT_TARGETS)
  list(APPEND targets ${declared})
  list(REMOVE_DUPLICATES targets)
  list(SORT targets)
  set(content "")
  foreach(target ${targets})
    get_target_property(type ${target} TYPE)
    get_target_property(source_dir ${target} SOURCE_DIR)
    file(RELATIVE_PATH source_dir ${TLAYOUT_SOURCE_DIR} ${source_dir})
    string(APPEND content "${target}|${type}|${source_dir}|"
      "$<JOIN:$<TARGET_PROPERTY:${target},LINK_LIBRARIES>, >\n")
  endforeach()
  file(GENERATE OUTPUT ${file} CONTENT "${content}")
endfunction()
