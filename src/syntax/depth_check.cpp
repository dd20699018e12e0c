// The syntax tree's depth limit (limits::kMaxSyntaxDepth). The parser builds
// chains such as `a + a + ... + a` or `v.x.x.x` in loops, so their depth is
// not bounded by its own recursion guard; every later phase walks the tree
// recursively, so the whole tree is measured here, without recursion, before
// any of them sees it.
#include "syntax/depth_check.h"

#include "syntax/ast_walk.h"
#include "syntax/limits.h"

#include <fmt/format.h>
#include <vector>

namespace ws {

void check_syntax_depth(const ast::Module& module) {
    // A node's depth counts distinct nodes on its path, and the module counts every node, so a
    // tree of no more nodes than the limit cannot exceed it: most modules need no walk.
    if (module.node_count() <= static_cast<size_t>(limits::kMaxSyntaxDepth)) return;
    struct Item {
        WalkNode node;
        int depth;
    };
    std::vector<Item> stack;
    std::deque<WalkNode> kids;
    for (auto it = module.body.rbegin(); it != module.body.rend(); ++it)
        stack.push_back({WalkNode{nullptr, *it}, 1});
    while (!stack.empty()) {
        Item item = stack.back();
        stack.pop_back();
        if (item.depth > limits::kMaxSyntaxDepth) {
            const bool is_expr = item.node.expr != nullptr;
            const Pos& p = is_expr ? item.node.expr->pos : item.node.stmt->pos;
            throw LimitError(
                module.source->path(), p.line, p.col + 1,
                fmt::format("{} nested too deeply (more than {} levels of expressions and blocks)",
                            is_expr ? "expression" : "statement", limits::kMaxSyntaxDepth));
        }
        kids.clear();
        children(item.node, kids);
        // Expressions and statements are levels; arguments and keywords are not.
        for (auto k = kids.rbegin(); k != kids.rend(); ++k)
            stack.push_back({*k, item.depth + (k->expr || k->stmt ? 1 : 0)});
    }
}

} // namespace ws
