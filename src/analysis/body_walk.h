// Walking the body of one function: every statement and expression in it,
// breadth first in CPython's field order, without entering nested function or
// class definitions (their own scopes; a Warp function has none).
#pragma once

#include "syntax/ast.h"
#include "syntax/ast_walk.h"

#include <deque>

namespace ws::analysis {

// Calls `visit(const WalkNode&)` for each node of `f`'s body (not its
// decorators, annotations or defaults).
template <class F>
void walk_body(const ast::FunctionDef& f, F&& visit) {
    std::deque<WalkNode> queue;
    for (const ast::Stmt* s : f.body) queue.push_back(WalkNode{nullptr, s});
    while (!queue.empty()) {
        WalkNode n = queue.front();
        queue.pop_front();
        visit(n);
        const bool nested_scope =
            n.stmt && (n.stmt->kind == ast::StmtKind::FunctionDef || n.stmt->kind == ast::StmtKind::ClassDef);
        if (!nested_scope) children(n, queue);
    }
}

} // namespace ws::analysis
