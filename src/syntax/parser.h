// Python parser for the language Warp kernels are written in.
#pragma once

#include "syntax/ast.h"
#include "syntax/token.h"

#include <memory>
#include <string>
#include <vector>

namespace ws {

// Parses a whole file. Throws CompileError (with CPython-like messages and
// positions) on a syntax error. The tree keeps `source` alive.
std::unique_ptr<ast::Module> parse_module(std::shared_ptr<const SourceFile> source);
// The same, also handing over the tokens the parse read: the file's whole token stream, ending
// with its ENDMARKER (offsets index source->text()). A caller that scans the tokens too
// (fingerprints, call lists) does not lex the text a second time. `tokens`' old contents are lost.
std::unique_ptr<ast::Module> parse_module(std::shared_ptr<const SourceFile> source,
                                          std::vector<Token>& tokens);

// The source text of a node, as `ast.get_source_segment` returns it.
std::string source_segment(const SourceFile& source, const Pos& pos);

} // namespace ws
