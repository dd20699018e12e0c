// Walking a syntax tree in CPython's `_fields` order, as ast.walk and
// ast.NodeTransformer do: Warp's hashing (breadth first) and its wp.static
// substitution (depth first) depend on that order.
#pragma once

#include "syntax/ast.h"

#include <deque>

namespace ws {

// A node of a walk: an expression, a statement, or one of the helper nodes
// CPython has between them (arguments, arg, keyword).
struct WalkNode {
    const ast::Expr* expr = nullptr;
    const ast::Stmt* stmt = nullptr;
    const ast::Arguments* arguments = nullptr;
    const ast::Arg* arg = nullptr;
    const ast::Keyword* keyword = nullptr;
};

// Appends the children of `n` to `q` in CPython's field order (operators and
// contexts, which are leaves nothing looks for, are skipped).
void children(const WalkNode& n, std::deque<WalkNode>& q);

} // namespace ws
