# cmake -DINPUT=file -DOUTPUT=file.cpp -DNAME=symbol -P embed_text.cmake
# Writes a C++ source defining ws::verify::embedded::<NAME> as the text of INPUT.
file(READ "${INPUT}" content)
string(FIND "${content}" ")ws_embed\"" clash)
if(NOT clash EQUAL -1)
  message(FATAL_ERROR "${INPUT} contains the raw-string delimiter used for embedding")
endif()
file(WRITE "${OUTPUT}.tmp"
  "// Generated from ${INPUT} by embed_text.cmake; do not edit.\n"
  "#include \"verify/embedded_text.h\"\n"
  "namespace ws::verify::embedded {\n"
  "extern const std::string_view ${NAME} = R\"ws_embed(${content})ws_embed\";\n"
  "} // namespace ws::verify::embedded\n")
file(COPY_FILE "${OUTPUT}.tmp" "${OUTPUT}" ONLY_IF_DIFFERENT)
file(REMOVE "${OUTPUT}.tmp")
