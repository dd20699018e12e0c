#include "syntax/ast_walk.h"

namespace ws {

// Children of a node in CPython 3.11's `_fields` order (operators and
// contexts are leaves that never matter here and are skipped).
void children(const WalkNode& n, std::deque<WalkNode>& q, const StaticValues* statics) {
    // Children are appended to `q` in order.
    auto e = [&](const ast::Expr* x) {
        if (x) q.push_back(WalkNode{x});
    };
    auto s = [&](const ast::Stmt* x) {
        if (x) q.push_back(WalkNode{nullptr, x});
    };
    if (n.arguments) {
        for (const auto& a : n.arguments->posonlyargs) q.push_back(WalkNode{nullptr, nullptr, nullptr, &a});
        for (const auto& a : n.arguments->args) q.push_back(WalkNode{nullptr, nullptr, nullptr, &a});
        if (n.arguments->vararg) q.push_back(WalkNode{nullptr, nullptr, nullptr, n.arguments->vararg});
        for (const auto& a : n.arguments->kwonlyargs) q.push_back(WalkNode{nullptr, nullptr, nullptr, &a});
        for (const ast::Expr* d : n.arguments->kw_defaults) e(d);
        if (n.arguments->kwarg) q.push_back(WalkNode{nullptr, nullptr, nullptr, n.arguments->kwarg});
        for (const ast::Expr* d : n.arguments->defaults) e(d);
        return;
    }
    if (n.arg) {
        e(n.arg->annotation);
        return;
    }
    if (n.keyword) {
        e(n.keyword->value);
        return;
    }
    if (n.stmt) {
        const ast::Stmt* st = n.stmt;
        switch (st->kind) {
        case ast::StmtKind::FunctionDef: {
            const auto* f = ast::as<ast::FunctionDef>(st);
            q.push_back(WalkNode{nullptr, nullptr, &f->args});
            for (auto* b : f->body) s(b);
            for (auto* d : f->decorators) e(d);
            e(f->returns);
            break;
        }
        case ast::StmtKind::ClassDef: {
            const auto* c = ast::as<ast::ClassDef>(st);
            for (auto* b : c->bases) e(b);
            for (const auto& k : c->keywords) q.push_back(WalkNode{nullptr, nullptr, nullptr, nullptr, &k});
            for (auto* b : c->body) s(b);
            for (auto* d : c->decorators) e(d);
            break;
        }
        case ast::StmtKind::Return: e(ast::as<ast::Return>(st)->value); break;
        case ast::StmtKind::Assign:
            for (auto* t : ast::as<ast::Assign>(st)->targets) e(t);
            e(ast::as<ast::Assign>(st)->value);
            break;
        case ast::StmtKind::AugAssign:
            e(ast::as<ast::AugAssign>(st)->target);
            e(ast::as<ast::AugAssign>(st)->value);
            break;
        case ast::StmtKind::AnnAssign:
            e(ast::as<ast::AnnAssign>(st)->target);
            e(ast::as<ast::AnnAssign>(st)->annotation);
            e(ast::as<ast::AnnAssign>(st)->value);
            break;
        case ast::StmtKind::For: {
            const auto* f = ast::as<ast::For>(st);
            e(f->target);
            e(f->iter);
            for (auto* b : f->body) s(b);
            for (auto* b : f->orelse) s(b);
            break;
        }
        case ast::StmtKind::While: {
            const auto* w = ast::as<ast::While>(st);
            e(w->test);
            for (auto* b : w->body) s(b);
            for (auto* b : w->orelse) s(b);
            break;
        }
        case ast::StmtKind::If: {
            const auto* i = ast::as<ast::If>(st);
            e(i->test);
            for (auto* b : i->body) s(b);
            for (auto* b : i->orelse) s(b);
            break;
        }
        case ast::StmtKind::Expr: e(ast::as<ast::ExprStmt>(st)->value); break;
        case ast::StmtKind::Assert:
            e(ast::as<ast::Assert>(st)->test);
            e(ast::as<ast::Assert>(st)->msg);
            break;
        default: break;
        }
        return;
    }
    const ast::Expr* x = n.expr;
    if (statics && statics->count(x)) return; // a wp.static(...) replaced by its value
    switch (x->kind) {
    case ast::ExprKind::Attribute: e(ast::as<ast::Attribute>(x)->value); break;
    case ast::ExprKind::Subscript:
        e(ast::as<ast::Subscript>(x)->value);
        e(ast::as<ast::Subscript>(x)->slice);
        break;
    case ast::ExprKind::Slice:
        e(ast::as<ast::Slice>(x)->lower);
        e(ast::as<ast::Slice>(x)->upper);
        e(ast::as<ast::Slice>(x)->step);
        break;
    case ast::ExprKind::Call: {
        const auto* c = ast::as<ast::Call>(x);
        e(c->func);
        for (auto* a : c->args) e(a);
        for (const auto& k : c->keywords) q.push_back(WalkNode{nullptr, nullptr, nullptr, nullptr, &k});
        break;
    }
    case ast::ExprKind::BinOp:
        e(ast::as<ast::BinOp>(x)->left);
        e(ast::as<ast::BinOp>(x)->right);
        break;
    case ast::ExprKind::UnaryOp: e(ast::as<ast::UnaryOp>(x)->operand); break;
    case ast::ExprKind::BoolOp:
        for (auto* v : ast::as<ast::BoolOp>(x)->values) e(v);
        break;
    case ast::ExprKind::Compare:
        e(ast::as<ast::Compare>(x)->left);
        for (auto* c : ast::as<ast::Compare>(x)->comparators) e(c);
        break;
    case ast::ExprKind::IfExp:
        e(ast::as<ast::IfExp>(x)->test);
        e(ast::as<ast::IfExp>(x)->body);
        e(ast::as<ast::IfExp>(x)->orelse);
        break;
    case ast::ExprKind::Tuple:
        for (auto* v : ast::as<ast::Tuple>(x)->elts) e(v);
        break;
    case ast::ExprKind::List:
        for (auto* v : ast::as<ast::List>(x)->elts) e(v);
        break;
    case ast::ExprKind::Starred: e(ast::as<ast::Starred>(x)->value); break;
    default: break;
    }
}

bool dotted_name(const ast::Expr* e, std::vector<std::string>& out) {
    if (e->kind == ast::ExprKind::Name) {
        out.emplace(out.begin(), ast::as<ast::Name>(e)->id);
        return true;
    }
    if (e->kind == ast::ExprKind::Attribute) {
        out.emplace(out.begin(), ast::as<ast::Attribute>(e)->attr);
        return dotted_name(ast::as<ast::Attribute>(e)->value, out);
    }
    return false;
}

} // namespace ws
