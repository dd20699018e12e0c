// Python parser for the language Warp kernels are written in.
#pragma once

#include "syntax/ast.h"

#include <memory>
#include <string>

namespace ws {

// Parses a whole file. Throws CompileError (with CPython-like messages and
// positions) on a syntax error. The tree keeps `source` alive.
std::unique_ptr<ast::Module> parse_module(std::shared_ptr<const SourceFile> source);

// The source text of a node, as `ast.get_source_segment` returns it.
std::string source_segment(const SourceFile& source, const Pos& pos);

} // namespace ws
