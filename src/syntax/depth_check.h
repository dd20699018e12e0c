// The depth limit of the syntax tree (limits::kMaxSyntaxDepth).
#pragma once

#include "syntax/ast.h"

namespace ws {

// Throws LimitError at the first node deeper than the limit.
void check_syntax_depth(const ast::Module& module);

} // namespace ws
