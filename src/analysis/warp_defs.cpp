#include "analysis/warp_defs.h"

#include "syntax/ast_walk.h"

#include <algorithm>
#include <deque>

namespace ws::analysis {

std::string dotted_name(const ast::Expr* e) {
    if (!e) return {};
    if (e->kind == ast::ExprKind::Name) return std::string(ast::as<ast::Name>(e)->id);
    if (e->kind != ast::ExprKind::Attribute) return {};
    const auto* a = ast::as<ast::Attribute>(e);
    std::string base = dotted_name(a->value);
    return base.empty() ? std::string() : base.append(".").append(a->attr);
}

std::string_view warp_member(std::string_view dotted) {
    for (std::string_view root : {"wp.", "warp."})
        if (dotted.starts_with(root)) return dotted.substr(root.size());
    return {};
}

namespace {

// The warp member a decorator names, with or without a call: "kernel" for
// `@wp.kernel` and `@wp.kernel(enable_backward=False)`.
std::string_view decorator_member(const ast::Expr* d, std::string& storage) {
    if (d->kind == ast::ExprKind::Call) d = ast::as<ast::Call>(d)->func;
    storage = dotted_name(d);
    return warp_member(storage);
}

bool decorated(const std::vector<ast::Expr*>& decorators, std::string_view member) {
    std::string storage;
    return std::any_of(decorators.begin(), decorators.end(),
                       [&](const ast::Expr* d) { return decorator_member(d, storage) == member; });
}

// Every statement of the module at any depth (breadth first).
template <class F>
void for_each_statement(const ast::Module& module, F&& visit) {
    std::deque<WalkNode> queue;
    for (const ast::Stmt* s : module.body) queue.push_back(WalkNode{nullptr, s});
    while (!queue.empty()) {
        WalkNode n = queue.front();
        queue.pop_front();
        if (n.stmt) {
            visit(n.stmt);
            children(n, queue);
        }
    }
}

} // namespace

std::vector<WarpDef> warp_defs(const ast::Module& module) {
    std::vector<WarpDef> out;
    for_each_statement(module, [&](const ast::Stmt* s) {
        if (s->kind != ast::StmtKind::FunctionDef) return;
        const auto* f = ast::as<ast::FunctionDef>(s);
        if (decorated(f->decorators, "kernel"))
            out.push_back({f, WarpDefKind::Kernel});
        else if (decorated(f->decorators, "func"))
            out.push_back({f, WarpDefKind::Func});
    });
    std::sort(out.begin(), out.end(),
              [](const WarpDef& a, const WarpDef& b) { return a.def->first_line < b.def->first_line; });
    return out;
}

std::vector<const ast::ClassDef*> warp_structs(const ast::Module& module) {
    std::vector<const ast::ClassDef*> out;
    for_each_statement(module, [&](const ast::Stmt* s) {
        if (s->kind != ast::StmtKind::ClassDef) return;
        const auto* c = ast::as<ast::ClassDef>(s);
        if (decorated(c->decorators, "struct")) out.push_back(c);
    });
    std::sort(out.begin(), out.end(),
              [](const ast::ClassDef* a, const ast::ClassDef* b) { return a->first_line < b->first_line; });
    return out;
}

} // namespace ws::analysis
