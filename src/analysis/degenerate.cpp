#include "analysis/degenerate.h"

#include "analysis/warp_defs.h"
#include "syntax/ast_walk.h"

#include <algorithm>
#include <cstring>
#include <deque>
#include <string_view>

namespace ws::analysis {

const char* name_of(DegenerateKind kind) {
    switch (kind) {
    case DegenerateKind::SameOperands: return "same_operands";
    case DegenerateKind::SameComparison: return "same_comparison";
    case DegenerateKind::SameBoolOperands: return "same_bool_operands";
    case DegenerateKind::MinMaxSameArgs: return "min_max_same_args";
    case DegenerateKind::SameBranches: return "same_branches";
    case DegenerateKind::DoubleNegation: return "double_negation";
    case DegenerateKind::ConstantExpression: return "constant_expression";
    }
    return "?";
}

namespace {

using ast::BinOpKind;
using ast::ExprKind;

// Calls that act (atomics, printing): two of them are never the same value.
bool acts(const ast::Call* c) {
    const std::string callee = dotted_name(c->func);
    const std::string_view member = warp_member(callee);
    return member.starts_with("atomic_") || member == "printf" || callee == "print";
}

// What the checks of value calls read of a callee, without building its dotted name (about a
// tenth of the analysis, at four checks per call): the member `x` of `wp.x` or `warp.x`, or the
// bare name `x`. A longer chain (`wp.a.b`, `v.f`) is neither, as none of those checks matches a
// dotted member or name.
struct Callee {
    std::string_view member;
    std::string_view name;
};

Callee callee_of(const ast::Call* c) {
    const ast::Expr* f = c->func;
    if (!f) return {};
    if (f->kind == ExprKind::Name) return {{}, ast::as<ast::Name>(f)->id};
    if (f->kind != ExprKind::Attribute) return {};
    const auto* a = ast::as<ast::Attribute>(f);
    if (!a->value || a->value->kind != ExprKind::Name) return {};
    std::string_view root = ast::as<ast::Name>(a->value)->id;
    return root == "wp" || root == "warp" ? Callee{a->attr, {}} : Callee{};
}

bool same_constant(const ast::Constant* a, const ast::Constant* b) {
    if (a->value_kind != b->value_kind) return false;
    using K = ast::Constant::Kind;
    switch (a->value_kind) {
    case K::Bool: return a->bool_value == b->bool_value;
    case K::Int:
        return a->int_is_unsigned == b->int_is_unsigned && a->int_value == b->int_value &&
               a->uint_value == b->uint_value;
    case K::Float:
    case K::Complex: return std::memcmp(&a->float_value, &b->float_value, sizeof(double)) == 0;
    case K::Str:
    case K::Bytes: return a->str_value == b->str_value;
    case K::None:
    case K::Ellipsis: return true;
    }
    return false;
}

bool same_list(const std::vector<ast::Expr*>& a, const std::vector<ast::Expr*>& b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), same_expr);
}

bool same_call(const ast::Call* a, const ast::Call* b) {
    if (acts(a) || acts(b) || !same_expr(a->func, b->func) || !same_list(a->args, b->args)) return false;
    if (a->keywords.size() != b->keywords.size()) return false;
    for (size_t i = 0; i < a->keywords.size(); ++i)
        if (a->keywords[i].arg != b->keywords[i].arg ||
            !same_expr(a->keywords[i].value, b->keywords[i].value))
            return false;
    return true;
}

} // namespace

bool same_expr(const ast::Expr* a, const ast::Expr* b) {
    if (!a || !b) return a == b;
    if (a->kind != b->kind) return false;
    switch (a->kind) {
    case ExprKind::Name: return ast::as<ast::Name>(a)->id == ast::as<ast::Name>(b)->id;
    case ExprKind::Constant: return same_constant(ast::as<ast::Constant>(a), ast::as<ast::Constant>(b));
    case ExprKind::Attribute:
        return ast::as<ast::Attribute>(a)->attr == ast::as<ast::Attribute>(b)->attr &&
               same_expr(ast::as<ast::Attribute>(a)->value, ast::as<ast::Attribute>(b)->value);
    case ExprKind::Subscript:
        return same_expr(ast::as<ast::Subscript>(a)->value, ast::as<ast::Subscript>(b)->value) &&
               same_expr(ast::as<ast::Subscript>(a)->slice, ast::as<ast::Subscript>(b)->slice);
    case ExprKind::Slice: {
        const auto *x = ast::as<ast::Slice>(a), *y = ast::as<ast::Slice>(b);
        return same_expr(x->lower, y->lower) && same_expr(x->upper, y->upper) && same_expr(x->step, y->step);
    }
    case ExprKind::Call: return same_call(ast::as<ast::Call>(a), ast::as<ast::Call>(b));
    case ExprKind::BinOp: {
        const auto *x = ast::as<ast::BinOp>(a), *y = ast::as<ast::BinOp>(b);
        return x->op == y->op && same_expr(x->left, y->left) && same_expr(x->right, y->right);
    }
    case ExprKind::UnaryOp: {
        const auto *x = ast::as<ast::UnaryOp>(a), *y = ast::as<ast::UnaryOp>(b);
        return x->op == y->op && same_expr(x->operand, y->operand);
    }
    case ExprKind::BoolOp: {
        const auto *x = ast::as<ast::BoolOp>(a), *y = ast::as<ast::BoolOp>(b);
        return x->op == y->op && same_list(x->values, y->values);
    }
    case ExprKind::Compare: {
        const auto *x = ast::as<ast::Compare>(a), *y = ast::as<ast::Compare>(b);
        return x->ops == y->ops && same_expr(x->left, y->left) && same_list(x->comparators, y->comparators);
    }
    case ExprKind::IfExp: {
        const auto *x = ast::as<ast::IfExp>(a), *y = ast::as<ast::IfExp>(b);
        return same_expr(x->test, y->test) && same_expr(x->body, y->body) && same_expr(x->orelse, y->orelse);
    }
    case ExprKind::Tuple: return same_list(ast::as<ast::Tuple>(a)->elts, ast::as<ast::Tuple>(b)->elts);
    case ExprKind::List: return same_list(ast::as<ast::List>(a)->elts, ast::as<ast::List>(b)->elts);
    case ExprKind::Starred:
        return same_expr(ast::as<ast::Starred>(a)->value, ast::as<ast::Starred>(b)->value);
    default: return false; // comprehensions, lambdas, ...: never the same
    }
}

namespace {

const ast::Constant* constant(const ast::Expr* e) {
    return e && e->kind == ExprKind::Constant ? ast::as<ast::Constant>(e) : nullptr;
}

// A test that is a bool or number literal.
bool is_literal_test(const ast::Expr* e) {
    const ast::Constant* c = constant(e);
    return c && (c->value_kind == ast::Constant::Kind::Bool || c->value_kind == ast::Constant::Kind::Int ||
                 c->value_kind == ast::Constant::Kind::Float);
}

// Literals, alone or combined by operators.
bool is_constant(const ast::Expr* e) {
    switch (e->kind) {
    case ExprKind::Constant: return true;
    case ExprKind::UnaryOp: return is_constant(ast::as<ast::UnaryOp>(e)->operand);
    case ExprKind::BinOp:
        return is_constant(ast::as<ast::BinOp>(e)->left) && is_constant(ast::as<ast::BinOp>(e)->right);
    case ExprKind::BoolOp: {
        const auto& v = ast::as<ast::BoolOp>(e)->values;
        return std::all_of(v.begin(), v.end(), is_constant);
    }
    case ExprKind::Compare: {
        const auto* c = ast::as<ast::Compare>(e);
        return is_constant(c->left) && std::all_of(c->comparators.begin(), c->comparators.end(), is_constant);
    }
    default: return false;
    }
}

bool is_value_builtin(const ast::Call* c) {
    static constexpr std::string_view kWarp[] = {"min",  "max",   "clamp", "abs",   "sign",  "floor",
                                                 "ceil", "round", "trunc", "isnan", "isinf", "isfinite"};
    const Callee callee = callee_of(c);
    if (callee.member.empty()) return callee.name == "min" || callee.name == "max" || callee.name == "abs";
    return std::find(std::begin(kWarp), std::end(kWarp), callee.member) != std::end(kWarp);
}

bool constant_expression(const ast::Expr* e) {
    switch (e->kind) {
    case ExprKind::Compare:
    case ExprKind::BoolOp: return is_constant(e);
    case ExprKind::UnaryOp: return ast::as<ast::UnaryOp>(e)->op == ast::UnaryOpKind::Not && is_constant(e);
    case ExprKind::IfExp: return is_literal_test(ast::as<ast::IfExp>(e)->test);
    case ExprKind::Call: {
        const auto* c = ast::as<ast::Call>(e);
        if (callee_of(c).member == "where" && c->args.size() == 3) return is_literal_test(c->args[0]);
        return is_value_builtin(c) && !c->args.empty() && c->keywords.empty() &&
               std::all_of(c->args.begin(), c->args.end(), is_constant);
    }
    default: return false;
    }
}

bool same_operands(const ast::BinOp* b) {
    switch (b->op) {
    case BinOpKind::Sub:
    case BinOpKind::Div:
    case BinOpKind::FloorDiv:
    case BinOpKind::Mod:
    case BinOpKind::BitXor:
    case BinOpKind::BitAnd:
    case BinOpKind::BitOr: return same_expr(b->left, b->right);
    default: return false;
    }
}

bool same_comparison(const ast::Compare* c) {
    const ast::Expr* left = c->left;
    for (size_t i = 0; i < c->ops.size(); ++i) {
        const ast::CmpOpKind op = c->ops[i];
        const bool ordering = op != ast::CmpOpKind::Is && op != ast::CmpOpKind::IsNot &&
                              op != ast::CmpOpKind::In && op != ast::CmpOpKind::NotIn;
        if (ordering && same_expr(left, c->comparators[i])) return true;
        left = c->comparators[i];
    }
    return false;
}

bool same_bool_operands(const ast::BoolOp* b) {
    const auto& v = b->values;
    for (size_t i = 0; i < v.size(); ++i)
        for (size_t j = i + 1; j < v.size(); ++j)
            if (same_expr(v[i], v[j])) return true;
    return false;
}

bool min_max_same_args(const ast::Call* c) {
    const Callee callee = callee_of(c);
    const bool min_max =
        callee.member == "min" || callee.member == "max" || callee.name == "min" || callee.name == "max";
    return min_max && c->args.size() == 2 && c->keywords.empty() && same_expr(c->args[0], c->args[1]);
}

bool same_branches(const ast::Expr* e) {
    if (e->kind == ExprKind::IfExp)
        return same_expr(ast::as<ast::IfExp>(e)->body, ast::as<ast::IfExp>(e)->orelse);
    if (e->kind != ExprKind::Call) return false;
    const auto* c = ast::as<ast::Call>(e);
    const std::string_view member = callee_of(c).member;
    return (member == "where" || member == "select") && c->args.size() == 3 && c->keywords.empty() &&
           same_expr(c->args[1], c->args[2]);
}

bool double_negation(const ast::UnaryOp* u) {
    const ast::Expr* inner = u->operand;
    return u->op != ast::UnaryOpKind::UAdd && inner->kind == ExprKind::UnaryOp &&
           ast::as<ast::UnaryOp>(inner)->op == u->op;
}

// The structural kinds (everything but constant_expression).
bool structural_kind(const ast::Expr* e, DegenerateKind& out) {
    auto found = [&](DegenerateKind k) {
        out = k;
        return true;
    };
    switch (e->kind) {
    case ExprKind::BinOp: return same_operands(ast::as<ast::BinOp>(e)) && found(DegenerateKind::SameOperands);
    case ExprKind::Compare:
        return same_comparison(ast::as<ast::Compare>(e)) && found(DegenerateKind::SameComparison);
    case ExprKind::BoolOp:
        return same_bool_operands(ast::as<ast::BoolOp>(e)) && found(DegenerateKind::SameBoolOperands);
    case ExprKind::UnaryOp:
        return double_negation(ast::as<ast::UnaryOp>(e)) && found(DegenerateKind::DoubleNegation);
    case ExprKind::Call:
        if (min_max_same_args(ast::as<ast::Call>(e))) return found(DegenerateKind::MinMaxSameArgs);
        return same_branches(e) && found(DegenerateKind::SameBranches);
    case ExprKind::IfExp: return same_branches(e) && found(DegenerateKind::SameBranches);
    default: return false;
    }
}

// Depth first, so that a constant expression is counted once, at its outermost node. Each
// node's children go to the end of `w.kids`, shared by the whole walk (a deque per node cost
// two allocations), and are dropped again once visited.
struct Walk {
    std::vector<Degenerate> out;
    std::deque<WalkNode> kids;
    const std::function<void(const WalkNode&)>* visit = nullptr;
};

void find(const WalkNode& n, bool in_constant, Walk& w) {
    if (w.visit) (*w.visit)(n);
    if (n.stmt && (n.stmt->kind == ast::StmtKind::FunctionDef || n.stmt->kind == ast::StmtKind::ClassDef))
        return;
    DegenerateKind kind;
    if (n.expr && structural_kind(n.expr, kind)) {
        w.out.push_back({kind, n.expr->pos});
    } else if (n.expr && !in_constant && constant_expression(n.expr)) {
        w.out.push_back({DegenerateKind::ConstantExpression, n.expr->pos});
        in_constant = true;
    } else if (n.stmt && n.stmt->kind == ast::StmtKind::If &&
               is_literal_test(ast::as<ast::If>(n.stmt)->test)) {
        w.out.push_back({DegenerateKind::ConstantExpression, n.stmt->pos});
    }
    const size_t first = w.kids.size();
    children(n, w.kids);
    const size_t last = w.kids.size();
    for (size_t k = first; k < last; ++k) find(WalkNode(w.kids[k]), in_constant, w);
    w.kids.resize(first);
}

} // namespace

std::vector<Degenerate> degenerate_expressions(const ast::FunctionDef& f,
                                               const std::function<void(const WalkNode&)>& visit) {
    Walk w;
    if (visit) w.visit = &visit;
    for (const ast::Stmt* s : f.body) find(WalkNode{nullptr, s}, false, w);
    std::sort(w.out.begin(), w.out.end(), [](const Degenerate& a, const Degenerate& b) {
        return a.pos.line != b.pos.line ? a.pos.line < b.pos.line : a.pos.col < b.pos.col;
    });
    return std::move(w.out);
}

std::vector<Degenerate> degenerate_expressions(const ast::FunctionDef& f) {
    return degenerate_expressions(f, nullptr);
}

} // namespace ws::analysis
