// Comments and docstrings. warpsynth's lexer drops comments as CPython's
// parser does; they are found here from its tokens instead: a `#` in text that
// no token covers (strings, names, numbers, operators) starts a comment that
// runs to the end of its line.
#pragma once

#include "syntax/ast.h"
#include "syntax/source.h"
#include "syntax/token.h"

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace ws::analysis {

// The 1-based lines that hold a comment, ascending, of a file that tokenizes
// (analyze() calls it on one that parsed). Of one that does not, it throws
// CompileError or, when the lexer is not needed to tell comments apart (no
// '#'; no quote and no '\r'), returns the lines of the '#'s. `tokens`: the file's whole token
// stream when the caller has it (its parse's), read instead of lexing the text again.
std::vector<int> comment_lines(const SourceFile& source, std::span<const Token> tokens = {});

// The docstring of a module, class or function body: its first statement
// when that is a string literal (as `ast.get_docstring` finds it); null otherwise.
const std::string* docstring(const std::vector<ast::Stmt*>& body);

// The first paragraph of a docstring (up to the first blank line), with
// every run of whitespace made one space and the ends trimmed: a kernel's
// `description` when it documents itself.
std::string first_paragraph(std::string_view docstring);

} // namespace ws::analysis
