#include "analysis/shape.h"

#include "analysis/body_walk.h"
#include "analysis/comments.h"
#include "syntax/parser.h"

#include <algorithm>
#include <array>

namespace ws::analysis {

namespace {

using ast::ExprKind;

constexpr std::array<std::string_view, 10> kPythonBuiltins = {"abs", "bool",  "float", "int",   "len",
                                                              "max", "print", "range", "round", "min"};

std::string without_spaces(std::string s) {
    s.erase(std::remove_if(s.begin(), s.end(), [](char c) { return c == ' ' || c == '\n' || c == '\t'; }),
            s.end());
    return s;
}

// "array" for wp.array, "array2d" for warp.array2d or a bare array2d: the array
// kinds of Warp's annotations; "" for anything else.
std::string array_kind(const std::string& callee) {
    std::string_view member = warp_member(callee);
    if (member.starts_with("types.")) member.remove_prefix(6);
    if (member.empty()) member = callee;
    for (std::string_view base :
         {"array", "indexedarray", "fabricarray", "fabricarrayarray", "indexedfabricarray"})
        for (std::string_view suffix : {"", "1d", "2d", "3d", "4d"})
            if (member.size() == base.size() + suffix.size() && member.starts_with(base) &&
                member.ends_with(suffix))
                return std::string(member);
    return {};
}

int literal_int(const ast::Expr* e) {
    if (e && e->kind == ExprKind::Constant) {
        const auto* c = ast::as<ast::Constant>(e);
        if (c->value_kind == ast::Constant::Kind::Int) return static_cast<int>(c->int_value);
    }
    return 0;
}

// `Literal[2]` (typing) as 2.
int literal_ndim(const ast::Expr* e) {
    if (e && e->kind == ExprKind::Subscript) return literal_int(ast::as<ast::Subscript>(e)->slice);
    return literal_int(e);
}

void array_call_shape(const SourceFile& source, const ast::Call* call, const std::string& callee,
                      ParamShape& p) {
    std::string style = callee + "(";
    for (size_t i = 0; i < call->args.size(); ++i) {
        style += i ? ", T" : "T";
        if (i == 0) p.dtype = without_spaces(source_segment(source, call->args[0]->pos));
    }
    bool first = call->args.empty();
    for (const ast::Keyword& k : call->keywords) {
        style += first ? "" : ", ";
        first = false;
        if (k.arg == "dtype") {
            style += "dtype=T";
            p.dtype = without_spaces(source_segment(source, k.value->pos));
        } else if (k.arg == "ndim") {
            style += "ndim=N";
            p.ndim = literal_int(k.value);
        } else {
            style += k.arg + "=_";
        }
    }
    p.style = style + ")";
}

void array_subscript_shape(const SourceFile& source, const ast::Subscript* sub, const std::string& base,
                           ParamShape& p) {
    const ast::Expr* dtype = sub->slice;
    p.style = base + "[T]";
    if (dtype->kind == ExprKind::Tuple && !ast::as<ast::Tuple>(dtype)->elts.empty()) {
        const auto& elts = ast::as<ast::Tuple>(dtype)->elts;
        dtype = elts[0];
        if (elts.size() > 1) {
            p.style = base + "[T, N]";
            p.ndim = literal_ndim(elts[1]);
        }
    }
    p.dtype = without_spaces(source_segment(source, dtype->pos));
}

} // namespace

ParamShape param_shape(const SourceFile& source, const ast::Arg& arg) {
    ParamShape p;
    p.name = arg.name;
    const ast::Expr* a = arg.annotation;
    if (!a) {
        p.style = "none";
        return p;
    }
    std::string callee;
    if (a->kind == ExprKind::Call) callee = dotted_name(ast::as<ast::Call>(a)->func);
    if (a->kind == ExprKind::Subscript) callee = dotted_name(ast::as<ast::Subscript>(a)->value);
    const std::string kind = array_kind(callee);
    if (kind.empty()) {
        p.style = "value";
        p.dtype = without_spaces(source_segment(source, a->pos));
        return p;
    }
    p.is_array = true;
    if (a->kind == ExprKind::Call)
        array_call_shape(source, ast::as<ast::Call>(a), callee, p);
    else
        array_subscript_shape(source, ast::as<ast::Subscript>(a), callee, p);
    if (p.ndim == 0) p.ndim = kind.ends_with("d") ? kind[kind.size() - 2] - '0' : 1;
    return p;
}

namespace {

const char* symbol(ast::BinOpKind op) {
    using K = ast::BinOpKind;
    switch (op) {
    case K::Add: return "+";
    case K::Sub: return "-";
    case K::Mult: return "*";
    case K::MatMult: return "@";
    case K::Div: return "/";
    case K::FloorDiv: return "//";
    case K::Mod: return "%";
    case K::Pow: return "**";
    case K::LShift: return "<<";
    case K::RShift: return ">>";
    case K::BitOr: return "|";
    case K::BitXor: return "^";
    case K::BitAnd: return "&";
    }
    return "?";
}

bool is_constant_value(const ast::Expr* v) {
    if (!v) return false;
    if (v->kind == ExprKind::UnaryOp) v = ast::as<ast::UnaryOp>(v)->operand;
    if (v->kind == ExprKind::Constant) {
        auto k = ast::as<ast::Constant>(v)->value_kind;
        return k == ast::Constant::Kind::Int || k == ast::Constant::Kind::Float ||
               k == ast::Constant::Kind::Bool;
    }
    return v->kind == ExprKind::Call && warp_member(dotted_name(ast::as<ast::Call>(v)->func)) == "constant";
}

} // namespace

ModuleNames module_names(const ast::Module& module, const std::vector<WarpDef>& defs) {
    ModuleNames out;
    for (const WarpDef& d : defs)
        if (d.kind == WarpDefKind::Func) out.helpers.insert(d.def->name);
    for (const ast::Stmt* s : module.body) {
        if (s->kind == ast::StmtKind::Assign) {
            const auto* a = ast::as<ast::Assign>(s);
            if (!is_constant_value(a->value)) continue;
            for (const ast::Expr* t : a->targets)
                if (t->kind == ExprKind::Name) out.constants.emplace(ast::as<ast::Name>(t)->id);
        } else if (s->kind == ast::StmtKind::AnnAssign) {
            const auto* a = ast::as<ast::AnnAssign>(s);
            if (is_constant_value(a->value) && a->target->kind == ExprKind::Name)
                out.constants.emplace(ast::as<ast::Name>(a->target)->id);
        }
    }
    return out;
}

namespace {

struct ShapeWalker {
    const ModuleNames& names;
    std::set<std::string, std::less<>> array_params;
    BodyShape shape;

    bool constant_arg(const ast::Expr* e) const {
        if (e->kind == ExprKind::UnaryOp) e = ast::as<ast::UnaryOp>(e)->operand;
        if (e->kind == ExprKind::Constant) return true;
        if (e->kind == ExprKind::Name) return names.constants.count(ast::as<ast::Name>(e)->id) > 0;
        return e->kind == ExprKind::Call && warp_member(dotted_name(ast::as<ast::Call>(e)->func)) == "static";
    }

    void loop(const ast::For* f) {
        const ast::Expr* it = f->iter;
        if (it->kind != ExprKind::Call || dotted_name(ast::as<ast::Call>(it)->func) != "range") {
            ++shape.for_other;
            return;
        }
        const auto& args = ast::as<ast::Call>(it)->args;
        const bool constant =
            std::all_of(args.begin(), args.end(), [&](const ast::Expr* a) { return constant_arg(a); });
        ++(constant ? shape.for_constant : shape.for_dynamic);
    }

    void call(const ast::Call* c) {
        std::string callee = dotted_name(c->func);
        std::string_view member = warp_member(callee);
        if (!member.empty()) {
            std::string name = "wp." + std::string(member);
            ++shape.builtin_calls[name];
            if (member.starts_with("atomic_")) ++shape.atomics[name];
        } else if (std::find(kPythonBuiltins.begin(), kPythonBuiltins.end(), callee) !=
                   kPythonBuiltins.end()) {
            ++shape.builtin_calls[callee];
        } else if (names.helpers.count(callee)) {
            shape.helpers_called.insert(callee);
        }
    }

    void aug_assign(const ast::AugAssign* a) {
        if (a->target->kind != ExprKind::Subscript) return;
        const ast::Expr* base = ast::as<ast::Subscript>(a->target)->value;
        if (base->kind != ExprKind::Name || !array_params.count(ast::as<ast::Name>(base)->id)) return;
        ++shape.atomics["a[i] " + std::string(symbol(a->op)) + "="];
    }

    void visit(const WalkNode& n) {
        if (n.stmt) {
            ++shape.statements;
            switch (n.stmt->kind) {
            case ast::StmtKind::For: loop(ast::as<ast::For>(n.stmt)); break;
            case ast::StmtKind::While: ++shape.while_loops; break;
            case ast::StmtKind::If: ++shape.branches; break;
            case ast::StmtKind::AugAssign: aug_assign(ast::as<ast::AugAssign>(n.stmt)); break;
            default: break;
            }
        } else if (n.expr) {
            if (n.expr->kind == ExprKind::Call) call(ast::as<ast::Call>(n.expr));
            if (n.expr->kind == ExprKind::IfExp) ++shape.conditional_expressions;
            if (n.expr->kind == ExprKind::Name) {
                const auto* name = ast::as<ast::Name>(n.expr);
                if (name->ctx == ast::ExprContext::Load && names.constants.count(name->id))
                    shape.constants_read.emplace(name->id);
            }
        }
    }
};

} // namespace

BodyShape body_shape(const ast::FunctionDef& f, const std::vector<ParamShape>& params,
                     const ModuleNames& names) {
    ShapeWalker w{names, {}, {}};
    for (const ParamShape& p : params)
        if (p.is_array) w.array_params.insert(p.name);
    walk_body(f, [&](const WalkNode& n) { w.visit(n); });
    if (docstring(f.body)) --w.shape.statements;
    return w.shape;
}

} // namespace ws::analysis
