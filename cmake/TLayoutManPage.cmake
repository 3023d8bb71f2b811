# Writes the manual page of a tlayout tool from its --help text:
#   cmake -DTOOL=<executable> -DNAME=<tool name> -DVERSION=<version>
#         -DOUT=<file.1> -P TLayoutManPage.cmake
# The page is the help text as it prints (one .nf block), so the two never
# disagree.
execute_process(COMMAND "${TOOL}" --help
  OUTPUT_VARIABLE help RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "${NAME} --help failed (${status})")
endif()
# roff: a backslash is written \e; a line starting with '.' or "'" would be
# a request, so it starts with the zero-width \& instead.
string(REPLACE "\\" "\\e" help "${help}")
string(REGEX REPLACE "\n([.'])" "\n\\\\&\\1" help "\n${help}")
string(TOUPPER "${NAME}" title)
file(WRITE "${OUT}"
  ".TH ${title} 1 \"\" \"tlayout ${VERSION}\" \"tlayout\"\n"
  ".SH NAME\n${NAME} \\- a tool of tlayout, XLA-style tiled layouts for MLIR\n"
  ".SH DESCRIPTION\n"
  "The full documentation is installed in share/doc/tlayout.\n"
  ".nf${help}\n.fi\n")
