// Evaluation of a module's top level: the part of Python that Warp modules
// use outside kernels (imports, number constants, wp.constant, custom vector
// and matrix types, structs, decorated functions and kernels).
#include "codegen/module_scope.h"

#include "builtins/builtin.h"
#include "codegen/adjoint.h"
#include "codegen/emit.h"
#include "codegen/warp_names.h"
#include "syntax/ast_walk.h"
#include "syntax/parser.h"

#include <algorithm>
#include <cmath>
#include <deque>
#include <fmt/format.h>
#include <set>

namespace ws {

UserFunction::UserFunction() = default;
UserFunction::~UserFunction() = default;
KernelDef::KernelDef() = default;
KernelDef::~KernelDef() = default;

std::shared_ptr<const Object> Object::make_constant(Constant c) {
    auto o = std::make_shared<Object>();
    o->kind = Kind::Constant;
    o->name = "constant";
    o->value = std::move(c);
    return o;
}

std::shared_ptr<const Object> Object::make_type(TypeRef t, std::string python_name) {
    auto o = std::make_shared<Object>();
    o->kind = t->is_struct() ? Kind::Struct : Kind::Type;
    o->type = t;
    o->name = python_name.empty() ? t->repr : std::move(python_name);
    return o;
}

std::shared_ptr<const Object> Object::make_named(Kind kind, std::string name) {
    auto o = std::make_shared<Object>();
    o->kind = kind;
    o->name = std::move(name);
    return o;
}

std::string expr_text(const SourceFile& src, const ast::Expr* e) {
    return source_segment(src, e->pos);
}

namespace {

// The attribute chain of a decorator or call target: `wp.types.vector` -> {"wp", "types", "vector"}.
bool dotted_name(const ast::Expr* e, std::vector<std::string>& out) {
    if (e->kind == ast::ExprKind::Name) {
        out.insert(out.begin(), ast::as<ast::Name>(e)->id);
        return true;
    }
    if (e->kind == ast::ExprKind::Attribute) {
        out.insert(out.begin(), ast::as<ast::Attribute>(e)->attr);
        return dotted_name(ast::as<ast::Attribute>(e)->value, out);
    }
    return false;
}

Constant python_arith(ast::BinOpKind op, const Constant& a, const Constant& b, bool& ok) {
    ok = true;
    bool floats = a.kind == Constant::Kind::PyFloat || b.kind == Constant::Kind::PyFloat;
    if (floats) {
        double x = a.as_double(), y = b.as_double();
        switch (op) {
        case ast::BinOpKind::Add: return Constant::py_float(x + y);
        case ast::BinOpKind::Sub: return Constant::py_float(x - y);
        case ast::BinOpKind::Mult: return Constant::py_float(x * y);
        case ast::BinOpKind::Div:
            if (y == 0.0) break;
            return Constant::py_float(x / y);
        case ast::BinOpKind::Pow: return Constant::py_float(std::pow(x, y));
        case ast::BinOpKind::FloorDiv:
            if (y == 0.0) break;
            return Constant::py_float(std::floor(x / y));
        case ast::BinOpKind::Mod: {
            if (y == 0.0) break;
            double m = std::fmod(x, y);
            if (m != 0.0 && ((m < 0) != (y < 0))) m += y;
            return Constant::py_float(m);
        }
        default: break;
        }
        ok = false;
        return a;
    }
    int64_t x = a.as_int(), y = b.as_int();
    switch (op) {
    case ast::BinOpKind::Add: return Constant::py_int(x + y);
    case ast::BinOpKind::Sub: return Constant::py_int(x - y);
    case ast::BinOpKind::Mult: return Constant::py_int(x * y);
    case ast::BinOpKind::Div:
        if (y == 0) break;
        return Constant::py_float(static_cast<double>(x) / static_cast<double>(y));
    case ast::BinOpKind::FloorDiv: {
        if (y == 0) break;
        int64_t q = x / y;
        if ((x % y != 0) && ((x < 0) != (y < 0))) --q;
        return Constant::py_int(q);
    }
    case ast::BinOpKind::Mod: {
        if (y == 0) break;
        int64_t m = x % y;
        if (m != 0 && ((m < 0) != (y < 0))) m += y;
        return Constant::py_int(m);
    }
    case ast::BinOpKind::Pow:
        if (y < 0) return Constant::py_float(std::pow(static_cast<double>(x), static_cast<double>(y)));
        {
            int64_t r = 1;
            for (int64_t k = 0; k < y; ++k) r *= x;
            return Constant::py_int(r);
        }
    case ast::BinOpKind::LShift: return Constant::py_int(x << y);
    case ast::BinOpKind::RShift: return Constant::py_int(x >> y);
    case ast::BinOpKind::BitAnd: return Constant::py_int(x & y);
    case ast::BinOpKind::BitOr: return Constant::py_int(x | y);
    case ast::BinOpKind::BitXor: return Constant::py_int(x ^ y);
    default: break;
    }
    ok = false;
    return a;
}

ObjectRef unsupported(std::string what) {
    return Object::make_named(Object::Kind::Unsupported, std::move(what));
}

} // namespace

ModuleScope::ModuleScope(std::unique_ptr<ast::Module> module) : module_(std::move(module)) {
    for (const ast::Stmt* s : module_->body) exec(s);
}

ModuleScope::~ModuleScope() = default;

void ModuleScope::fail(const Pos& pos, const std::string& message) const {
    throw CompileError(source().path(), pos.line, pos.col + 1, message);
}

std::vector<UserFunction*> ModuleScope::functions() const {
    std::vector<UserFunction*> out;
    std::set<const UserFunction*> seen;
    for (const auto& g : groups_) {
        for (const auto& f : g->overloads)
            if (seen.insert(f.get()).second) out.push_back(f.get());
        for (const auto& f : g->templates)
            if (seen.insert(f.get()).second) out.push_back(f.get());
    }
    return out;
}

ObjectRef ModuleScope::global(std::string_view name) const {
    auto it = globals_.find(name);
    return it == globals_.end() ? nullptr : it->second;
}

ObjectRef ModuleScope::python_builtin(std::string_view name) {
    return warp_names::python_builtin(name);
}

ObjectRef ModuleScope::attribute(const Object& obj, std::string_view name) {
    return warp_names::attribute(obj, name);
}

namespace {

// Whether an object is, or comes from, the warp package.
bool is_warp_object(const Object& o) {
    switch (o.kind) {
    case Object::Kind::Builtin:
    case Object::Kind::WarpModule:
    case Object::Kind::WarpPyFunc: return true;
    case Object::Kind::Unsupported:
        return o.name.rfind("module warp", 0) == 0 || o.name.rfind("warp.", 0) == 0 ||
               o.name.rfind("wp.", 0) == 0;
    default: return false;
    }
}

bool is_main_guard(const ast::Expr* test) {
    // if __name__ == "__main__":
    if (test->kind != ast::ExprKind::Compare) return false;
    const auto* c = ast::as<ast::Compare>(test);
    return c->ops.size() == 1 && c->ops[0] == ast::CmpOpKind::Eq && c->left->kind == ast::ExprKind::Name &&
           ast::as<ast::Name>(c->left)->id == "__name__" &&
           c->comparators[0]->kind == ast::ExprKind::Constant &&
           ast::as<ast::Constant>(c->comparators[0])->str_value == "__main__";
}

} // namespace

void ModuleScope::check_module_code(const ast::Expr* e) const {
    // Warp registers kernels that code run at import time creates (wp.Kernel(...),
    // helper functions, decorators applied by hand). warpsynth does not run
    // module code, so such calls are refused rather than silently ignored.
    std::deque<WalkNode> q{WalkNode{e}};
    while (!q.empty()) {
        WalkNode n = q.front();
        q.pop_front();
        children(n, q);
        if (!n.expr || n.expr->kind != ast::ExprKind::Call) continue;
        const auto* call = ast::as<ast::Call>(n.expr);
        ObjectRef f = eval_python(call->func);
        bool harmless = false;
        if (f) {
            switch (f->kind) {
            case Object::Kind::PyBuiltin:
            case Object::Kind::Type: harmless = true; break;
            case Object::Kind::WarpPyFunc:
                harmless =
                    f->name == "constant" || f->name == "vector" || f->name == "matrix" || f->name == "init";
                break;
            case Object::Kind::Unsupported: {
                // A call into a third-party library cannot create Warp kernels in this
                // module unless it is handed one of the module's functions.
                std::vector<std::string> path;
                ObjectRef root = dotted_name(call->func, path) ? global(path[0]) : nullptr;
                harmless = root && root->kind == Object::Kind::Unsupported &&
                           root->name.rfind("module ", 0) == 0 && !is_warp_object(*root);
                for (const ast::Expr* a : call->args)
                    if (a->kind == ast::ExprKind::Name) {
                        ObjectRef v = global(ast::as<ast::Name>(a)->id);
                        if (v && (v->kind == Object::Kind::Function || v->kind == Object::Kind::Kernel ||
                                  v->name.rfind("Python function", 0) == 0))
                            harmless = false;
                    }
                break;
            }
            default: break;
            }
        }
        if (!harmless)
            fail(call->pos,
                 fmt::format("module-level call `{}` may create Warp kernels or functions at import time; "
                             "warpsynth does not run module code and only compiles kernels and "
                             "functions defined with decorators at the top level",
                             expr_text(source(), call->func)));
    }
}

void ModuleScope::exec(const ast::Stmt* stmt) {
    switch (stmt->kind) {
    case ast::StmtKind::Import: {
        for (const auto& alias : ast::as<ast::Import>(stmt)->names) {
            ObjectRef mod = warp_names::module(alias.name);
            if (!alias.asname.empty()) {
                globals_[alias.asname] = mod ? mod : unsupported("module " + alias.name);
            } else {
                std::string top = alias.name.substr(0, alias.name.find('.'));
                ObjectRef top_mod = warp_names::module(top);
                globals_[top] = top_mod ? top_mod : unsupported("module " + top);
            }
        }
        return;
    }
    case ast::StmtKind::ImportFrom: {
        const auto* imp = ast::as<ast::ImportFrom>(stmt);
        ObjectRef mod = warp_names::module(imp->module);
        for (const auto& alias : imp->names) {
            if (alias.name == "*") {
                if (mod) fail(alias.pos, fmt::format("`from {} import *` is not supported", imp->module));
                continue; // names from other modules stay unknown
            }
            std::string bound = alias.asname.empty() ? alias.name : alias.asname;
            ObjectRef v = mod ? attribute(*mod, alias.name) : nullptr;
            globals_[bound] = v ? v : unsupported(fmt::format("{}.{}", imp->module, alias.name));
        }
        return;
    }
    case ast::StmtKind::Assign: {
        const auto* a = ast::as<ast::Assign>(stmt);
        check_module_code(a->value);
        ObjectRef v = eval_expr(a->value);
        for (const ast::Expr* t : a->targets) {
            if (t->kind == ast::ExprKind::Name) {
                globals_[ast::as<ast::Name>(t)->id] = v;
            } else if (t->kind == ast::ExprKind::Tuple) {
                for (const ast::Expr* e : ast::as<ast::Tuple>(t)->elts)
                    if (e->kind == ast::ExprKind::Name)
                        globals_[ast::as<ast::Name>(e)->id] = unsupported("tuple-unpacked global");
            } else if (t->kind == ast::ExprKind::Attribute) {
                set_config(ast::as<ast::Attribute>(t), v);
            }
        }
        return;
    }
    case ast::StmtKind::AnnAssign: {
        const auto* a = ast::as<ast::AnnAssign>(stmt);
        if (!a->value) return;
        check_module_code(a->value);
        if (a->target->kind == ast::ExprKind::Name)
            globals_[ast::as<ast::Name>(a->target)->id] = eval_expr(a->value);
        return;
    }
    case ast::StmtKind::AugAssign: {
        const auto* a = ast::as<ast::AugAssign>(stmt);
        check_module_code(a->value);
        if (a->target->kind != ast::ExprKind::Name) return;
        const std::string& name = ast::as<ast::Name>(a->target)->id;
        ObjectRef old = global(name), rhs = eval_expr(a->value);
        if (old && rhs && old->kind == Object::Kind::Constant && rhs->kind == Object::Kind::Constant &&
            old->value->is_py_number() && rhs->value->is_py_number()) {
            bool ok;
            Constant r = python_arith(a->op, *old->value, *rhs->value, ok);
            globals_[name] = ok ? Object::make_constant(r) : unsupported("global computed at import time");
        } else {
            globals_[name] = unsupported("global computed at import time");
        }
        return;
    }
    case ast::StmtKind::FunctionDef: define_function(ast::as<ast::FunctionDef>(stmt)); return;
    case ast::StmtKind::ClassDef: define_struct(ast::as<ast::ClassDef>(stmt)); return;
    case ast::StmtKind::Expr: {
        const ast::Expr* v = ast::as<ast::ExprStmt>(stmt)->value;
        if (v->kind == ast::ExprKind::Call) {
            const auto* call = ast::as<ast::Call>(v);
            ObjectRef f = eval_python(call->func);
            if (f && f->kind == Object::Kind::WarpPyFunc && f->name == "set_module_options") {
                set_module_options(call);
                return;
            }
        }
        check_module_code(v);
        return;
    }
    case ast::StmtKind::If: {
        const auto* i = ast::as<ast::If>(stmt);
        if (is_main_guard(i->test)) return; // not run when the module is imported
        ObjectRef t = eval_python(i->test);
        if (!t || t->kind != Object::Kind::Constant)
            fail(stmt->pos,
                 "module-level `if` whose condition warpsynth cannot evaluate; kernels must be defined "
                 "unconditionally at the top level");
        for (const ast::Stmt* s2 : t->value->truthy() ? i->body : i->orelse) exec(s2);
        return;
    }
    case ast::StmtKind::Pass:
    case ast::StmtKind::Global:
    case ast::StmtKind::Nonlocal:
    case ast::StmtKind::Assert:
    case ast::StmtKind::Delete: return;
    default:
        fail(stmt->pos,
             fmt::format("module-level `{}` statement: warpsynth does not run module code, and this "
                         "statement may define or change kernels",
                         ast::name_of(stmt->kind)));
    }
}

void ModuleScope::set_config(const ast::Attribute* target, const ObjectRef& value) {
    // wp.config.<option> = value
    std::vector<std::string> path;
    if (!dotted_name(target, path) || path.size() != 3) return;
    ObjectRef root = global(path[0]);
    if (!root || root->kind != Object::Kind::WarpModule || root->name != "warp" || path[1] != "config")
        return;
    const std::string& option = path[2];
    static const std::set<std::string> kNoCodegenEffect = {"quiet",
                                                           "verbose",
                                                           "log_level",
                                                           "print_launches",
                                                           "kernel_cache_dir",
                                                           "cache_kernels",
                                                           "verify_cuda",
                                                           "enable_graph_capture_module_load_by_default"};
    if (kNoCodegenEffect.count(option)) return;
    bool is_const = value && value->kind == Object::Kind::Constant;
    if (option == "max_unroll" && is_const)
        options_.max_unroll = static_cast<int>(value->value->as_int());
    else if (option == "enable_backward" && is_const)
        options_.enable_backward = value->value->truthy();
    else
        fail(target->pos,
             fmt::format("wp.config.{} changes Warp's code generation in ways warpsynth does not "
                         "model",
                         option));
}

void ModuleScope::set_module_options(const ast::Call* call) {
    if (call->args.size() != 1 || !call->keywords.empty() || call->args[0]->kind != ast::ExprKind::Dict)
        fail(call->pos, "wp.set_module_options() is supported with one dict literal argument");
    const auto* dict = static_cast<const ast::Dict*>(call->args[0]);
    // Options that do not change the generated source text.
    static const std::set<std::string> kNoCodegenEffect = {"fast_math",
                                                           "fuse_fp",
                                                           "cuda_output",
                                                           "optimization_level",
                                                           "cpu_compiler_flags",
                                                           "compile_time_trace",
                                                           "strip_hash",
                                                           "enable_mathdx_gemm",
                                                           "enable_mathdx_solver",
                                                           "enable_mathdx_fft",
                                                           "verify_fp",
                                                           "verify_autograd_array_access",
                                                           "use_precompiled_headers",
                                                           "line_directives"};
    for (size_t i = 0; i < dict->keys.size(); ++i) {
        const ast::Expr* k = dict->keys[i];
        if (!k || k->kind != ast::ExprKind::Constant ||
            ast::as<ast::Constant>(k)->value_kind != ast::Constant::Kind::Str)
            fail(k ? k->pos : dict->pos, "module option names must be string literals");
        const std::string& name = ast::as<ast::Constant>(k)->str_value;
        const ast::Expr* vnode = dict->values[i];
        if (kNoCodegenEffect.count(name)) continue;
        ObjectRef v = eval_expr(vnode);
        bool is_const = v && v->kind == Object::Kind::Constant;
        if (name == "max_unroll" && is_const)
            options_.max_unroll = static_cast<int>(v->value->as_int());
        else if (name == "enable_backward" && is_const)
            options_.enable_backward = v->value->truthy();
        else if (name == "default_grid_stride" && is_const)
            options_.default_grid_stride = v->value->truthy();
        else if (name == "block_dim" && is_const && v->value->as_int() == 256)
            continue;
        else if (name == "mode" && vnode->kind == ast::ExprKind::Constant &&
                 ast::as<ast::Constant>(vnode)->str_value == "release")
            continue;
        else if (name == "lineinfo" && is_const && !v->value->truthy())
            continue;
        else
            fail(vnode->pos,
                 fmt::format("module option '{}' with this value changes Warp's code generation in "
                             "ways warpsynth does not model",
                             name));
    }
}

namespace {

bool is_number(const ObjectRef& o) {
    return o && o->kind == Object::Kind::Constant && o->value->is_number_like();
}

std::optional<bool> python_compare(ast::CmpOpKind op, const Constant& a, const Constant& b) {
    bool floats = a.kind == Constant::Kind::PyFloat || b.kind == Constant::Kind::PyFloat;
    auto cmp = [&](auto x, auto y) -> std::optional<bool> {
        switch (op) {
        case ast::CmpOpKind::Eq: return x == y;
        case ast::CmpOpKind::NotEq: return x != y;
        case ast::CmpOpKind::Lt: return x < y;
        case ast::CmpOpKind::LtE: return x <= y;
        case ast::CmpOpKind::Gt: return x > y;
        case ast::CmpOpKind::GtE: return x >= y;
        default: return std::nullopt;
        }
    };
    if (floats) return cmp(a.as_double(), b.as_double());
    return cmp(a.as_int(), b.as_int());
}

} // namespace

ObjectRef ModuleScope::eval_python(const ast::Expr* e, const LocalLookup* locals) const {
    auto eval = [&](const ast::Expr* x) { return eval_python(x, locals); };
    auto fail_obj = [&]() { return unsupported(expr_text(source(), e)); };
    switch (e->kind) {
    case ast::ExprKind::Constant: {
        const auto* c = ast::as<ast::Constant>(e);
        switch (c->value_kind) {
        case ast::Constant::Kind::Bool: return Object::make_constant(Constant::py_bool(c->bool_value));
        case ast::Constant::Kind::Int:
            return Object::make_constant(c->int_is_unsigned ? Constant::py_uint(c->uint_value)
                                                            : Constant::py_int(c->int_value));
        case ast::Constant::Kind::Float: return Object::make_constant(Constant::py_float(c->float_value));
        default: return unsupported("non-numeric constant");
        }
    }
    case ast::ExprKind::Name: {
        const std::string& id = ast::as<ast::Name>(e)->id;
        if (locals)
            if (ObjectRef l = (*locals)(id)) return l;
        if (ObjectRef g = global(id)) return g;
        if (ObjectRef b = python_builtin(id)) return b;
        return unsupported(fmt::format("undefined name '{}'", id));
    }
    case ast::ExprKind::Attribute: {
        ObjectRef base = eval(ast::as<ast::Attribute>(e)->value);
        ObjectRef a = base ? attribute(*base, ast::as<ast::Attribute>(e)->attr) : nullptr;
        return a ? a : fail_obj();
    }
    case ast::ExprKind::UnaryOp: {
        const auto* u = ast::as<ast::UnaryOp>(e);
        ObjectRef v = eval(u->operand);
        if (!v || v->kind != Object::Kind::Constant || !v->value->is_py_number()) return fail_obj();
        Constant c = *v->value;
        switch (u->op) {
        case ast::UnaryOpKind::USub:
            if (c.kind == Constant::Kind::PyFloat) return Object::make_constant(Constant::py_float(-c.f));
            return Object::make_constant(Constant::py_int(-c.as_int()));
        case ast::UnaryOpKind::UAdd:
            if (c.kind == Constant::Kind::PyBool) return Object::make_constant(Constant::py_int(c.as_int()));
            return v;
        case ast::UnaryOpKind::Not: return Object::make_constant(Constant::py_bool(!c.truthy()));
        case ast::UnaryOpKind::Invert:
            if (c.kind == Constant::Kind::PyFloat) return fail_obj();
            return Object::make_constant(Constant::py_int(~c.as_int()));
        }
        return fail_obj();
    }
    case ast::ExprKind::BinOp: {
        const auto* b = ast::as<ast::BinOp>(e);
        ObjectRef l = eval(b->left), r = eval(b->right);
        if (l && r && l->kind == Object::Kind::Constant && r->kind == Object::Kind::Constant &&
            l->value->is_py_number() && r->value->is_py_number()) {
            bool ok;
            Constant v = python_arith(b->op, *l->value, *r->value, ok);
            if (ok) return Object::make_constant(v);
        }
        return fail_obj();
    }
    case ast::ExprKind::Compare: {
        const auto* c = ast::as<ast::Compare>(e);
        ObjectRef left = eval(c->left);
        bool result = true;
        for (size_t i = 0; i < c->ops.size(); ++i) {
            ObjectRef right = eval(c->comparators[i]);
            if (!left || !right || left->kind != Object::Kind::Constant ||
                right->kind != Object::Kind::Constant || !left->value->is_py_number() ||
                !right->value->is_py_number())
                return fail_obj();
            auto r = python_compare(c->ops[i], *left->value, *right->value);
            if (!r) return fail_obj();
            result = result && *r;
            left = right;
        }
        return Object::make_constant(Constant::py_bool(result));
    }
    case ast::ExprKind::BoolOp: {
        // Python returns the deciding operand itself.
        const auto* b = ast::as<ast::BoolOp>(e);
        ObjectRef v;
        for (const ast::Expr* x : b->values) {
            v = eval(x);
            if (!v || v->kind != Object::Kind::Constant || !v->value->is_py_number()) return fail_obj();
            bool t = v->value->truthy();
            if (b->op == ast::BoolOpKind::And ? !t : t) return v;
        }
        return v;
    }
    case ast::ExprKind::IfExp: {
        const auto* i = ast::as<ast::IfExp>(e);
        ObjectRef t = eval(i->test);
        if (!t || t->kind != Object::Kind::Constant) return fail_obj();
        return eval(t->value->truthy() ? i->body : i->orelse);
    }
    case ast::ExprKind::Tuple:
    case ast::ExprKind::List: {
        const auto& elts =
            e->kind == ast::ExprKind::Tuple ? ast::as<ast::Tuple>(e)->elts : ast::as<ast::List>(e)->elts;
        auto seq = std::make_shared<Object>();
        seq->kind = Object::Kind::Sequence;
        seq->name = e->kind == ast::ExprKind::Tuple ? "tuple" : "list";
        for (const ast::Expr* x : elts) {
            ObjectRef v = eval(x);
            if (!v || v->kind == Object::Kind::Unsupported) return fail_obj();
            seq->items.push_back(v);
        }
        return seq;
    }
    case ast::ExprKind::Subscript: {
        const auto* sub = ast::as<ast::Subscript>(e);
        ObjectRef base = eval(sub->value), index = eval(sub->slice);
        if (!base || !index || index->kind != Object::Kind::Constant || !index->value->is_py_int())
            return fail_obj();
        int64_t i = index->value->as_int();
        if (base->kind == Object::Kind::Sequence) {
            int64_t n = static_cast<int64_t>(base->items.size());
            if (i < 0) i += n;
            if (i < 0 || i >= n) return fail_obj();
            return base->items[static_cast<size_t>(i)];
        }
        if (base->kind == Object::Kind::Constant && base->value->kind == Constant::Kind::Composite &&
            base->value->type->is_vector()) {
            int64_t n = static_cast<int64_t>(base->value->components.size());
            if (i < 0) i += n;
            if (i < 0 || i >= n) return fail_obj();
            // Indexing a Warp vector in Python gives a Python number of the component's kind.
            Constant comp = base->value->components[static_cast<size_t>(i)];
            if (comp.kind == Constant::Kind::Scalar) comp.kind = comp.raw_kind;
            if (is_float(base->value->type->scalar) && comp.kind != Constant::Kind::PyFloat)
                comp = Constant::py_float(comp.as_double());
            return Object::make_constant(comp);
        }
        return fail_obj();
    }
    case ast::ExprKind::Call: {
        const auto* call = ast::as<ast::Call>(e);
        ObjectRef f = eval(call->func);
        if (!f) return fail_obj();
        std::vector<ObjectRef> args;
        for (const ast::Expr* a : call->args) args.push_back(eval(a));
        std::vector<std::pair<std::string, ObjectRef>> kwargs;
        for (const auto& kw : call->keywords) kwargs.emplace_back(kw.arg, eval(kw.value));
        if (f->kind == Object::Kind::PyBuiltin && f->name == "len" && args.size() == 1 && args[0]) {
            if (args[0]->kind == Object::Kind::Type && args[0]->type->is_composite()) {
                // Warp's type_length: vectors their length, matrices their rows.
                TypeRef t = args[0]->type;
                return Object::make_constant(
                    Constant::py_int(t->is_matrix() ? t->rows : t->component_count()));
            }
            if (args[0]->kind == Object::Kind::Sequence)
                return Object::make_constant(Constant::py_int(static_cast<int64_t>(args[0]->items.size())));
            if (args[0]->kind == Object::Kind::Constant &&
                args[0]->value->kind == Constant::Kind::Composite) {
                TypeRef t = args[0]->value->type;
                return Object::make_constant(
                    Constant::py_int(t->is_matrix() ? t->rows : t->component_count()));
            }
            return fail_obj();
        }
        // Matrix shapes are tuples: keep them as (rows, cols) for wp.types.matrix.
        std::optional<std::pair<int, int>> shape;
        for (const auto& [name, v] : kwargs)
            if (name == "shape" && v && v->kind == Object::Kind::Sequence && v->items.size() == 2 &&
                is_number(v->items[0]) && is_number(v->items[1]))
                shape = std::pair{static_cast<int>(v->items[0]->value->as_int()),
                                  static_cast<int>(v->items[1]->value->as_int())};
        ObjectRef out = warp_names::call_at_module_scope(*f, args, kwargs, shape);
        return out ? out : fail_obj();
    }
    default: return fail_obj();
    }
}

TypeRef ModuleScope::eval_annotation(const ast::Expr* e) {
    // wp.array(dtype=T, ndim=N), wp.array2d(dtype=T), ...
    if (e->kind == ast::ExprKind::Call) {
        const auto* call = ast::as<ast::Call>(e);
        ObjectRef f = eval_expr(call->func);
        if (f && f->kind == Object::Kind::WarpPyFunc && f->name.rfind("array", 0) == 0) {
            int ndim = f->name == "array" ? 1 : f->name[5] - '0';
            TypeRef dtype = nullptr;
            if (!call->args.empty()) dtype = eval_annotation(call->args[0]);
            for (const auto& kw : call->keywords) {
                if (kw.arg == "dtype")
                    dtype = eval_annotation(kw.value);
                else if (kw.arg == "ndim" && f->name == "array") {
                    ObjectRef n = eval_expr(kw.value);
                    if (!n || n->kind != Object::Kind::Constant)
                        fail(kw.value->pos, "array ndim must be a constant");
                    ndim = static_cast<int>(n->value->as_int());
                } else {
                    fail(kw.value->pos, fmt::format("unsupported array annotation argument '{}'", kw.arg));
                }
            }
            if (!dtype) fail(e->pos, "array annotations need a dtype");
            if (ndim < 1 || ndim > 4) fail(e->pos, "arrays have 1 to 4 dimensions");
            return types::array(dtype, ndim);
        }
        fail(e->pos, fmt::format("unsupported type annotation '{}'", expr_text(source(), e)));
    }
    // wp.array[T], wp.array2d[T], wp.array[T, N], wp.array[T, Literal[N]]
    if (e->kind == ast::ExprKind::Subscript) {
        const auto* sub = ast::as<ast::Subscript>(e);
        ObjectRef f = eval_expr(sub->value);
        if (f && f->kind == Object::Kind::WarpPyFunc && f->name.rfind("array", 0) == 0) {
            int ndim = f->name == "array" ? 1 : f->name[5] - '0';
            const ast::Expr* dtype_node = sub->slice;
            if (sub->slice->kind == ast::ExprKind::Tuple) {
                const auto& elts = ast::as<ast::Tuple>(sub->slice)->elts;
                if (elts.size() != 2 || f->name != "array") fail(e->pos, "unsupported array annotation");
                dtype_node = elts[0];
                const ast::Expr* n = elts[1];
                if (n->kind == ast::ExprKind::Subscript) n = ast::as<ast::Subscript>(n)->slice; // Literal[N]
                ObjectRef nv = eval_expr(n);
                if (!nv || nv->kind != Object::Kind::Constant) fail(n->pos, "array ndim must be a constant");
                ndim = static_cast<int>(nv->value->as_int());
            }
            TypeRef dtype = eval_annotation(dtype_node);
            if (ndim < 1 || ndim > 4) fail(e->pos, "arrays have 1 to 4 dimensions");
            return types::array(dtype, ndim);
        }
        fail(e->pos, fmt::format("unsupported type annotation '{}'", expr_text(source(), e)));
    }
    if (e->kind == ast::ExprKind::Constant &&
        ast::as<ast::Constant>(e)->value_kind == ast::Constant::Kind::None)
        return types::void_type();
    ObjectRef t = eval_expr(e);
    if (t && (t->kind == Object::Kind::Type || t->kind == Object::Kind::Struct)) return t->type;
    fail(e->pos, fmt::format("unsupported type annotation '{}'", expr_text(source(), e)));
}

FunctionSource ModuleScope::function_source(const ast::FunctionDef* def, bool is_kernel) {
    FunctionSource fs;
    fs.def = def;
    fs.scope = this;
    fs.key = def->name;
    fs.fun_lineno = def->first_line;
    fs.display_lineno = def->first_line;
    const ast::Arguments& a = def->args;
    if (!a.posonlyargs.empty() || a.vararg || !a.kwonlyargs.empty() || a.kwarg)
        fail(def->pos, fmt::format("function '{}' uses *args, **kwargs, keyword-only or positional-only "
                                   "parameters, which Warp does not support",
                                   def->name));
    size_t first_default = a.args.size() - a.defaults.size();
    for (size_t i = 0; i < a.args.size(); ++i) {
        const ast::Arg& arg = a.args[i];
        if (!arg.annotation)
            fail(arg.pos,
                 fmt::format("incomplete argument annotations on function {}: '{}' has no type annotation",
                             def->name, arg.name));
        Param p;
        p.name = arg.name;
        p.pos = arg.pos;
        p.type = eval_annotation(arg.annotation);
        if (p.type->kind == TypeKind::Void) fail(arg.pos, "parameters cannot be annotated as None");
        if (i >= first_default) {
            if (is_kernel)
                fail(a.defaults[i - first_default]->pos, "kernel parameters cannot have default values");
            ObjectRef d = eval_expr(a.defaults[i - first_default]);
            if (!d || d->kind != Object::Kind::Constant)
                fail(a.defaults[i - first_default]->pos, "default values must be numbers or booleans");
            p.has_default = true;
            p.default_value = *d->value;
        }
        fs.params.push_back(std::move(p));
    }
    if (def->returns) {
        const ast::Expr* r = def->returns;
        if (r->kind == ast::ExprKind::Subscript) {
            const auto* s = ast::as<ast::Subscript>(r);
            std::vector<std::string> path;
            if (dotted_name(s->value, path) && path.back() == "tuple") {
                std::vector<const ast::Expr*> elts;
                if (s->slice->kind == ast::ExprKind::Tuple)
                    for (const ast::Expr* x : ast::as<ast::Tuple>(s->slice)->elts) elts.push_back(x);
                else
                    elts.push_back(s->slice);
                for (const ast::Expr* x : elts) fs.return_tuple.push_back(eval_annotation(x));
                fs.has_return_annotation = true;
                return fs;
            }
        }
        TypeRef t = eval_annotation(r);
        if (t->kind != TypeKind::Void) {
            fs.return_annotation = t;
            fs.has_return_annotation = true;
        }
    }
    resolve_static_expressions(fs);
    return fs;
}

namespace {

void walk_names(const ast::Expr* e, std::set<std::string>& out) {
    std::deque<WalkNode> q{WalkNode{e}};
    while (!q.empty()) {
        WalkNode n = q.front();
        q.pop_front();
        if (n.expr && n.expr->kind == ast::ExprKind::Name) out.insert(ast::as<ast::Name>(n.expr)->id);
        children(n, q);
    }
}

} // namespace

ObjectRef ModuleScope::static_call_target(const ast::Call* call,
                                          const std::set<std::string>& shadowed) const {
    std::vector<std::string> path;
    if (!dotted_name(call->func, path) || shadowed.count(path[0])) return nullptr;
    ObjectRef obj = global(path[0]);
    if (!obj) obj = attribute(*python_builtin("__warp__"), path[0]);
    if (!obj) obj = python_builtin(path[0]);
    for (size_t i = 1; obj && i < path.size(); ++i) obj = attribute(*obj, path[i]);
    return obj;
}

ObjectRef ModuleScope::evaluate_static(const ast::Call* call, const LocalLookup* locals,
                                       std::string* code) const {
    const ast::Expr* arg = !call->args.empty()       ? call->args[0]
                           : !call->keywords.empty() ? call->keywords[0].value
                                                     : nullptr;
    if (!arg || call->args.size() + call->keywords.size() != 1) return nullptr;
    // Warp's key for the expression: its source text on one line.
    std::string text = source_segment(source(), arg->pos);
    text.erase(std::remove(text.begin(), text.end(), '\n'), text.end());
    if (code) *code = text;
    ObjectRef v = eval_python(arg, locals);
    // Values Warp accepts from a static expression: numbers, Warp values, functions.
    if (!v) return nullptr;
    if (v->kind == Object::Kind::Constant || v->kind == Object::Kind::Function ||
        v->kind == Object::Kind::Builtin)
        return v;
    return nullptr;
}

void ModuleScope::resolve_static_expressions(FunctionSource& fs) {
    // Like Warp, only functions whose source mentions "static" can have any.
    const SourceFile& file = source();
    bool mentions_static = false;
    for (int l = fs.fun_lineno; !mentions_static && l <= fs.def->pos.end_line; ++l)
        mentions_static = file.line(l).find("static") != std::string_view::npos;
    if (!mentions_static) return;
    // Warp's Adjoint.replace_static_expressions: depth first over the whole
    // definition, tracking enclosing loop variables; a static expression that
    // names one is left for code generation.
    std::set<std::string> params;
    for (const Param& p : fs.params) params.insert(p.name);
    // At definition time only the parameters' types are known (for len(param)).
    LocalLookup param_types = [&](std::string_view name) -> ObjectRef {
        for (const Param& p : fs.params)
            if (p.name == name) return Object::make_type(p.type, "<parameter>");
        return nullptr;
    };
    std::map<std::string, int> loop_vars;
    std::function<void(const WalkNode&)> walk = [&](const WalkNode& n) {
        if (n.stmt && n.stmt->kind == ast::StmtKind::For) {
            const auto* f = ast::as<ast::For>(n.stmt);
            std::string var = f->target->kind == ast::ExprKind::Name ? ast::as<ast::Name>(f->target)->id : "";
            if (!var.empty()) ++loop_vars[var];
            std::deque<WalkNode> kids;
            children(n, kids);
            for (const auto& k : kids) walk(k);
            if (!var.empty() && --loop_vars[var] == 0) loop_vars.erase(var);
            return;
        }
        if (n.expr && n.expr->kind == ast::ExprKind::Call) {
            const auto* call = ast::as<ast::Call>(n.expr);
            ObjectRef target = static_call_target(call, params);
            if (target && target->kind == Object::Kind::WarpPyFunc && target->name == "static") {
                const ast::Expr* arg = !call->args.empty()       ? call->args[0]
                                       : !call->keywords.empty() ? call->keywords[0].value
                                                                 : nullptr;
                std::set<std::string> referenced;
                if (arg) walk_names(arg, referenced);
                bool uses_loop_var = false;
                for (const auto& name : referenced) uses_loop_var = uses_loop_var || loop_vars.count(name);
                if (uses_loop_var) {
                    fs.has_unresolved_statics = true;
                } else {
                    std::string code;
                    ObjectRef v = evaluate_static(call, &param_types, &code);
                    if (v) {
                        static_values_.push_back(v);
                        const_cast<ast::Call*>(call)->substituted = v.get();
                        bool found = false;
                        for (auto& [k, old] : fs.resolved_statics)
                            if (k == code) {
                                old = v;
                                found = true;
                            }
                        if (!found) fs.resolved_statics.emplace_back(code, v);
                        return; // replaced: its arguments are not walked
                    }
                    fs.has_unresolved_statics = true;
                }
            }
        }
        std::deque<WalkNode> kids;
        children(n, kids);
        for (const auto& k : kids) walk(k);
    };
    walk(WalkNode{nullptr, fs.def});
}

void ModuleScope::define_function(const ast::FunctionDef* def) {
    // Classify the decorators: @wp.func / @wp.kernel make Warp objects; other
    // Warp decorators are refused; anything else leaves a plain Python function.
    std::string kind;
    const ast::Call* deco_call = nullptr;
    bool other_decorators = false;
    for (const ast::Expr* dx : def->decorators) {
        const ast::Call* dc = dx->kind == ast::ExprKind::Call ? ast::as<ast::Call>(dx) : nullptr;
        ObjectRef d = eval_expr(dc ? dc->func : dx);
        if (d && d->kind == Object::Kind::WarpPyFunc && (d->name == "func" || d->name == "kernel")) {
            kind = d->name;
            deco_call = dc;
        } else if (d && is_warp_object(*d)) {
            fail(dx->pos,
                 fmt::format("unsupported Warp decorator '{}' (warpsynth supports @wp.func and @wp.kernel)",
                             expr_text(source(), dx)));
        } else {
            other_decorators = true;
        }
    }
    if (kind.empty()) {
        globals_[def->name] = unsupported(fmt::format("Python function '{}' (not a @wp.func)", def->name));
        return;
    }
    if (other_decorators || def->decorators.size() != 1)
        fail(def->decorators[0]->pos,
             fmt::format("@wp.{} combined with other decorators is not supported", kind));

    if (kind == "kernel") {
        auto k = std::make_unique<KernelDef>();
        k->src = function_source(def, true);
        if (deco_call) {
            if (!deco_call->args.empty())
                fail(deco_call->args[0]->pos, "@wp.kernel takes keyword arguments only");
            for (const auto& kw : deco_call->keywords) {
                ObjectRef v = eval_expr(kw.value);
                bool is_const = v && v->kind == Object::Kind::Constant && v->value->is_number_like();
                KernelOptions& o = k->options;
                if (kw.value->kind == ast::ExprKind::Constant &&
                    ast::as<ast::Constant>(kw.value)->value_kind == ast::Constant::Kind::None) {
                    continue; // an explicit None is the default
                } else if (kw.arg == "module") {
                    // The kernel belongs to another (or its own unique) module, not this one.
                    globals_[def->name] =
                        unsupported(fmt::format("kernel '{}' of another module", def->name));
                    return;
                } else if (kw.arg == "name" && kw.value->kind == ast::ExprKind::Constant &&
                           ast::as<ast::Constant>(kw.value)->value_kind == ast::Constant::Kind::Str) {
                    k->src.key = ast::as<ast::Constant>(kw.value)->str_value;
                } else if (kw.arg == "enable_backward" && is_const) {
                    o.enable_backward = v->value->truthy();
                    o.hash_text["enable_backward"] = python_str(Constant::py_bool(*o.enable_backward));
                } else if (kw.arg == "grid_stride" && is_const) {
                    o.grid_stride = v->value->truthy();
                    o.hash_text["grid_stride"] = python_str(Constant::py_bool(*o.grid_stride));
                } else if (kw.arg == "cuda_max_registers" && is_const && v->value->is_py_int()) {
                    o.cuda_max_registers = v->value->as_int();
                    o.hash_text["cuda_max_registers"] = std::to_string(*o.cuda_max_registers);
                } else if (kw.arg == "enable_cuda_smem_spilling" && is_const) {
                    if (v->value->truthy()) {
                        o.enable_cuda_smem_spilling = true;
                        o.hash_text["enable_cuda_smem_spilling"] = "True";
                    }
                } else if (kw.arg == "cluster_dim" && is_const && v->value->is_py_int()) {
                    o.cluster_dim = v->value->as_int();
                    o.hash_text["cluster_dim"] = std::to_string(o.cluster_dim);
                } else if (kw.arg == "launch_bounds" && is_const && v->value->is_py_int()) {
                    o.launch_bounds = {v->value->as_int()};
                    o.hash_text["launch_bounds"] = std::to_string(v->value->as_int());
                } else if (kw.arg == "launch_bounds" && v && v->kind == Object::Kind::Sequence &&
                           (v->items.size() == 1 || v->items.size() == 2)) {
                    std::string text;
                    for (const auto& item : v->items) {
                        if (!item || item->kind != Object::Kind::Constant || !item->value->is_py_int())
                            fail(kw.value->pos, "launch_bounds must be an int or a tuple of 1-2 ints");
                        o.launch_bounds.push_back(item->value->as_int());
                        text += (text.empty() ? "" : ", ") + std::to_string(item->value->as_int());
                    }
                    bool is_tuple = kw.value->kind == ast::ExprKind::Tuple;
                    if (is_tuple && v->items.size() == 1) text += ",";
                    o.hash_text["launch_bounds"] = is_tuple ? "(" + text + ")" : "[" + text + "]";
                } else {
                    fail(kw.value->pos, fmt::format("unsupported @wp.kernel option '{}'", kw.arg));
                }
            }
        }
        for (const KernelDef* other : kernels_)
            if (other->src.key == k->src.key)
                fail(def->pos, fmt::format("kernel '{}' is defined twice", def->name));
        for (const Param& p : k->src.params)
            if (p.type->is_generic()) {
                // A generic kernel is only compiled for wp.overload()-ed types; alone it adds no code.
                globals_[def->name] = unsupported(fmt::format("generic kernel '{}'", def->name));
                return;
            }
        auto obj = std::make_shared<Object>();
        obj->kind = Object::Kind::Kernel;
        obj->name = def->name;
        obj->kernel = k.get();
        globals_[def->name] = obj;
        kernels_.push_back(k.get());
        kernel_storage_.push_back(std::move(k));
        return;
    }

    if (deco_call && (!deco_call->args.empty() || !deco_call->keywords.empty()))
        fail(deco_call->pos, "@wp.func arguments are not supported yet");
    auto f = std::make_unique<UserFunction>();
    f->src = function_source(def, false);
    for (const Param& p : f->src.params) f->src.is_generic = f->src.is_generic || p.type->is_generic();
    // Native names count every Function with this key created in the process,
    // starting after the ones Warp itself defines at import.
    auto [count_it, first] =
        function_key_counts_.try_emplace(f->src.key, warp_names::import_function_count(f->src.key));
    f->native_name = fmt::format("{}_{}", f->src.key, count_it->second++);
    (void)first;

    // Same name bound to a function group: add an overload, or replace one with
    // the same signature (Warp compares signatures as strings of type codes).
    auto signature = [](const UserFunction& u) {
        std::string sig;
        for (size_t i = 0; i < u.src.params.size(); ++i)
            sig += (i ? "_" : "") + type_code(u.src.params[i].type);
        return sig;
    };
    auto bind_group = [&](std::unique_ptr<FunctionGroup> g) {
        auto obj = std::make_shared<Object>();
        obj->kind = Object::Kind::Function;
        obj->name = def->name;
        obj->function = g.get();
        globals_[def->name] = obj;
        groups_.push_back(std::move(g));
    };
    std::shared_ptr<UserFunction> fn = std::move(f);
    ObjectRef existing = global(def->name);
    FunctionGroup* group =
        existing && existing->kind == Object::Kind::Function ? existing->function : nullptr;
    if (group) {
        auto& list = fn->src.is_generic ? group->templates : group->overloads;
        for (size_t i = 0; i < list.size(); ++i)
            if (signature(*list[i]) == signature(*fn)) {
                // A new Function object: names bound to the old one keep the old definition.
                auto g = std::make_unique<FunctionGroup>(*group);
                (fn->src.is_generic ? g->templates : g->overloads)[i] = fn;
                // Instantiations of a replaced template are not carried over.
                if (fn->src.is_generic)
                    std::erase_if(g->overloads,
                                  [&](const auto& o) { return o->generic_parent == list[i].get(); });
                bind_group(std::move(g));
                return;
            }
        list.push_back(fn);
        return;
    }
    auto g = std::make_unique<FunctionGroup>();
    g->key = def->name;
    (fn->src.is_generic ? g->templates : g->overloads).push_back(fn);
    bind_group(std::move(g));
}

void ModuleScope::define_struct(const ast::ClassDef* def) {
    ObjectRef d = def->decorators.size() == 1 ? eval_expr(def->decorators[0]) : nullptr;
    bool is_struct = d && d->kind == Object::Kind::WarpPyFunc && d->name == "struct";
    if (!is_struct) {
        // A plain class: harmless unless its body defines Warp kernels or functions
        // (Warp registers those when the class body runs).
        for (const ast::Stmt* st : def->body)
            if (st->kind == ast::StmtKind::FunctionDef)
                for (const ast::Expr* dx : ast::as<ast::FunctionDef>(st)->decorators) {
                    const ast::Expr* target =
                        dx->kind == ast::ExprKind::Call ? ast::as<ast::Call>(dx)->func : dx;
                    ObjectRef o = eval_expr(target);
                    if (o && is_warp_object(*o))
                        fail(dx->pos, "Warp kernels and functions defined inside a class are not supported");
                }
        globals_[def->name] = unsupported(fmt::format("Python class '{}' (not a @wp.struct)", def->name));
        return;
    }
    if (!def->bases.empty()) fail(def->bases[0]->pos, "Warp structs must be defined as base classes");
    StructDef s;
    s.key = def->name;
    std::vector<std::pair<std::string, TypeRef>> fields;
    for (const ast::Stmt* st : def->body) {
        if (st->kind == ast::StmtKind::AnnAssign) {
            const auto* a = ast::as<ast::AnnAssign>(st);
            if (a->target->kind != ast::ExprKind::Name) fail(st->pos, "struct fields must be simple names");
            if (a->value) fail(a->value->pos, "struct fields cannot have default values");
            TypeRef t = eval_annotation(a->annotation);
            fields.emplace_back(ast::as<ast::Name>(a->target)->id, t);
        } else if (st->kind == ast::StmtKind::Pass ||
                   (st->kind == ast::StmtKind::Expr &&
                    ast::as<ast::ExprStmt>(st)->value->kind == ast::ExprKind::Constant)) {
            continue;
        } else {
            fail(st->pos, "struct bodies may only contain annotated fields");
        }
    }
    s.native_name = s.key + "_" + struct_hash_hex(s.key, fields, &s.digest);
    for (auto& [n, t] : fields) s.fields.push_back({n, t});
    TypeRef t = types::structure(std::move(s));
    auto obj = std::make_shared<Object>(*Object::make_type(t, def->name));
    obj->custom = true;
    globals_[def->name] = obj;
}

} // namespace ws
