// Evaluation of a module's top level: the part of Python that Warp modules
// use outside kernels (imports, number constants, wp.constant, custom vector
// and matrix types, structs, decorated functions and kernels). Definitions are
// in module_definitions.cpp, options in module_options.cpp, expressions in
// python_eval*.cpp.
#include "codegen/module_scope.h"

#include "builtins/warp_namespace.h"
#include "codegen/python_eval.h"
#include "codegen/warp_library.h"
#include "codegen/warp_names.h"
#include "syntax/ast_walk.h"
#include "syntax/parser.h"

#include <deque>
#include <fmt/format.h>
#include <set>

namespace ws {

std::string expr_text(const SourceFile& src, const ast::Expr* e) {
    return source_segment(src, e->pos);
}

ModuleScope::ModuleScope(std::shared_ptr<const SourceFile> source, const ast::Module& module,
                         WarpLibrary* library, bool warp_own_source)
    : source_(std::move(source)), module_(&module), library_(library), warp_own_source_(warp_own_source) {
    for (const ast::Stmt* s : module_->body) exec(s);
}

ModuleScope::ModuleScope(std::unique_ptr<ast::Module> module, WarpLibrary* library, bool warp_own_source)
    : ModuleScope(module->source, *module, library, warp_own_source) {
    owned_ = std::move(module);
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

ObjectRef FunctionSource::global(std::string_view name) const {
    if (closure)
        if (auto it = closure->find(name); it != closure->end()) return it->second;
    return scope->global(name);
}

ObjectRef ModuleScope::python_builtin(std::string_view name) {
    return warp_names::python_builtin(name);
}

ObjectRef ModuleScope::attribute(const Object& obj, std::string_view name) {
    if (obj.kind == Object::Kind::WarpModule) {
        for (const auto& [attr, value] : obj.attributes) // a submodule imported so far
            if (attr == name) return value;
        if (obj.module) return obj.module->global(name);
    }
    return warp_names::attribute(obj, name);
}

namespace {

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

// Whether a call is given one of the module's functions or kernels anywhere in its
// arguments (`SimpleNamespace(tid=f)`, `register([f])`): what it returns may then hold
// that function under another name, which warpsynth cannot follow.
bool ModuleScope::hands_over_a_function(const ast::Call* call) const {
    std::deque<WalkNode> q;
    for (const ast::Expr* a : call->args) q.push_back(WalkNode{a});
    for (const ast::Keyword& k : call->keywords) q.push_back(WalkNode{k.value});
    while (!q.empty()) {
        WalkNode n = q.front();
        q.pop_front();
        children(n, q);
        if (!n.expr || n.expr->kind != ast::ExprKind::Name) continue;
        ObjectRef v = global(ast::as<ast::Name>(n.expr)->id);
        if (v && (v->kind == Object::Kind::Function || v->kind == Object::Kind::Kernel ||
                  v->name.rfind("Python function", 0) == 0))
            return true;
    }
    return false;
}

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
                harmless = f->name == "constant" || f->name == "vector" || f->name == "matrix" ||
                           f->name == "init" || f->name == "static";
                break;
            case Object::Kind::Unsupported: {
                // A call into a third-party library cannot create Warp kernels in this
                // module unless it is handed one of the module's functions.
                std::vector<std::string> path;
                ObjectRef root = dotted_name(call->func, path) ? global(path[0]) : nullptr;
                harmless = root && root->kind == Object::Kind::Unsupported &&
                           root->name.rfind("module ", 0) == 0 && !root->is_from_warp() &&
                           !hands_over_a_function(call);
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

// `import warp.x.y`: the module of the installed Warp that the compile command reads, or an
// unknown name saying why not; null for other modules (and without an installed Warp).
ObjectRef ModuleScope::import_module(const std::string& dotted_name, const Pos& pos) const {
    if (!library_ || !dotted_name.starts_with("warp.") || builtins::preloaded_module(dotted_name))
        return nullptr;
    std::string why;
    bool not_found = false;
    const ModuleScope* m = library_->module(dotted_name, why, &not_found);
    if (not_found)
        fail(pos,
             fmt::format("Python raises ModuleNotFoundError: No module named '{}' when it runs this module, "
                         "so Warp cannot import it",
                         dotted_name));
    if (!m) {
        auto o = std::make_shared<Object>();
        o->kind = Object::Kind::Unsupported;
        o->name = fmt::format("module {} (warpsynth cannot read it: {})", dotted_name, why);
        o->unread_module = true;
        return o;
    }
    auto o = std::make_shared<Object>();
    o->kind = Object::Kind::WarpModule;
    o->name = dotted_name;
    o->module = m;
    return o;
}

// `import warp.a.b` binds `warp`, whose attribute `a` is now the package warp.a and its
// attribute `b` the module: `bound` is what `name` (a package) is bound to so far.
ObjectRef ModuleScope::bind_submodules(const ObjectRef& bound, const std::string& name, std::string_view rest,
                                       const Pos& pos) const {
    auto package = std::make_shared<Object>();
    if (bound && bound->kind == Object::Kind::WarpModule && bound->name == name) {
        *package = *bound;
    } else {
        ObjectRef m = name == "warp" ? warp_names::module(name) : import_module(name, pos);
        if (!m || m->kind != Object::Kind::WarpModule) return m;
        *package = *m;
    }
    size_t dot = rest.find('.');
    std::string child(rest.substr(0, dot));
    ObjectRef existing;
    std::erase_if(package->attributes, [&](const auto& a) {
        if (a.first != child) return false;
        existing = a.second;
        return true;
    });
    std::string child_name = name + "." + child;
    ObjectRef sub = dot != std::string_view::npos
                        ? bind_submodules(existing, child_name, rest.substr(dot + 1), pos)
                    : existing && existing->kind == Object::Kind::WarpModule && existing->name == child_name
                        ? existing
                        : import_module(child_name, pos);
    if (sub) package->attributes.emplace_back(child, sub);
    return package;
}

void ModuleScope::exec_import(const ast::Stmt* stmt) {
    switch (stmt->kind) {
    case ast::StmtKind::Import: {
        for (const auto& alias : ast::as<ast::Import>(stmt)->names) {
            ObjectRef mod = warp_names::module(alias.name);
            if (!mod) mod = import_module(alias.name, alias.pos);
            if (!alias.asname.empty()) {
                globals_[alias.asname] = mod ? mod : Object::make_unsupported("module " + alias.name);
            } else {
                std::string top = alias.name.substr(0, alias.name.find('.'));
                ObjectRef top_mod = warp_names::module(top);
                if (top_mod && mod && mod->module)
                    top_mod = bind_submodules(global(top), top,
                                              std::string_view(alias.name).substr(top.size() + 1), alias.pos);
                globals_[top] = top_mod ? top_mod : Object::make_unsupported("module " + top);
            }
        }
        return;
    }
    case ast::StmtKind::ImportFrom: {
        const auto* imp = ast::as<ast::ImportFrom>(stmt);
        ObjectRef mod = warp_names::module(imp->module);
        if (!mod && imp->level == 0) mod = import_module(imp->module, stmt->pos);
        bool read = mod && mod->module; // a module of the installed Warp that warpsynth read
        for (const auto& alias : imp->names) {
            if (imp->module == "__future__" && alias.name == "annotations") future_annotations_ = true;
            if (alias.name == "*") {
                if (read) {
                    import_all(*mod->module);
                    continue;
                }
                if (mod && mod->kind != Object::Kind::Unsupported)
                    fail(alias.pos, fmt::format("`from {} import *` is not supported", imp->module));
                star_import_ = true;
                continue; // names from other modules stay unknown
            }
            std::string bound = alias.asname.empty() ? alias.name : alias.asname;
            ObjectRef v =
                mod && mod->kind != Object::Kind::Unsupported ? attribute(*mod, alias.name) : nullptr;
            if (!v && read) v = import_name(*mod, alias.name, alias.pos);
            globals_[bound] = v ? v : Object::make_unsupported(fmt::format("{}.{}", imp->module, alias.name));
        }
        return;
    }
    default: return;
    }
}

// `from warp.x import name` of a module warpsynth read that has no such global: a submodule
// (`from package import module`), else Python raises ImportError (unless a `from ... import *`
// there may bind it).
ObjectRef ModuleScope::import_name(const Object& module, const std::string& name, const Pos& pos) const {
    std::string dotted = module.name + "." + name;
    std::string why;
    bool not_found = false;
    if (const ModuleScope* m = library_->module(dotted, why, &not_found)) {
        auto o = std::make_shared<Object>();
        o->kind = Object::Kind::WarpModule;
        o->name = dotted;
        o->module = m;
        return o;
    }
    if (!not_found || module.module->star_import_)
        return Object::make_unsupported(fmt::format("{} (warpsynth cannot read it: {})", dotted, why));
    fail(pos,
         fmt::format("Python raises ImportError: cannot import name '{}' from '{}' when it runs this module, "
                     "so Warp cannot import it",
                     name, module.name));
}

// `from warp.x import *` of a module warpsynth read: the names in its `__all__`, else its
// names that do not start with an underscore.
void ModuleScope::import_all(const ModuleScope& other) {
    star_import_ = star_import_ || other.star_import_;
    ObjectRef all = other.global("__all__");
    if (all) {
        bool names = all->kind == Object::Kind::Sequence;
        for (const ObjectRef& item : all->items)
            names = names && item && item->kind == Object::Kind::Constant &&
                    item->value->kind == Constant::Kind::PyStr;
        if (!names) {
            star_import_ = true; // an `__all__` warpsynth cannot read
            return;
        }
        for (const ObjectRef& item : all->items) {
            ObjectRef v = other.global(item->value->s);
            globals_[item->value->s] =
                v ? v : Object::make_unsupported(fmt::format("{}.{}", other.source().path(), item->value->s));
        }
        return;
    }
    for (const auto& [name, value] : other.globals_)
        if (!name.starts_with("_")) globals_[name] = value;
}

// A top-level `wp.overload(kernel, types)` call, or null.
const ast::Call* ModuleScope::as_overload_call(const ast::Expr* e) const {
    if (e->kind != ast::ExprKind::Call) return nullptr;
    const auto* call = ast::as<ast::Call>(e);
    ObjectRef f = eval_python(call->func);
    return f && f->kind == Object::Kind::WarpPyFunc && f->name == "overload" ? call : nullptr;
}

// The value of a module-level assignment's right-hand side.
ObjectRef ModuleScope::exec_value(const ast::Expr* e) {
    if (const ast::Call* overload = as_overload_call(e)) return overload_call(overload);
    if (const ast::Call* factory = as_factory_call(e)) return factory_function(factory);
    // Warp's own module makes some functions by hand (wp.func(factory(dtype))): they stay
    // unknown names, which the callers refuse; it has no kernels to miss.
    if (!warp_own_source_) check_module_code(e);
    return eval_python(e);
}

// A dict is read where Warp uses it (wp.static), after the module ran: a dict that module code
// changes (`d[k] = v`, `d.update(...)`, `del d[k]`) is no longer known. `target` is what the
// statement changes; null forgets every dict (a `del` statement, whose targets are not kept).
void ModuleScope::forget_changed_dict(const ast::Expr* target) {
    while (target && (target->kind == ast::ExprKind::Subscript || target->kind == ast::ExprKind::Attribute))
        target = target->kind == ast::ExprKind::Subscript ? ast::as<ast::Subscript>(target)->value
                                                          : ast::as<ast::Attribute>(target)->value;
    const Object* changed = nullptr;
    if (target) {
        if (target->kind != ast::ExprKind::Name) return;
        ObjectRef d = global(ast::as<ast::Name>(target)->id);
        if (!d || d->kind != Object::Kind::Dict) return;
        changed = d.get();
    }
    for (auto& [name, value] : globals_)
        if (value && value->kind == Object::Kind::Dict && (!changed || value.get() == changed))
            value = Object::make_unsupported("a dict that module code changes");
}

// `a, b = x, y`: names bound to the elements of a tuple or list display of the same length,
// each evaluated on its own (one element warpsynth cannot model, e.g. `np.float64`, leaves the
// others known). Python evaluates the whole right side before binding. False for other forms.
bool ModuleScope::exec_unpacking(const ast::Assign* a) {
    if (a->targets.size() != 1 || a->targets[0]->kind != ast::ExprKind::Tuple) return false;
    if (a->value->kind != ast::ExprKind::Tuple && a->value->kind != ast::ExprKind::List) return false;
    const auto& names = ast::as<ast::Tuple>(a->targets[0])->elts;
    const auto& values = a->value->kind == ast::ExprKind::Tuple ? ast::as<ast::Tuple>(a->value)->elts
                                                                : ast::as<ast::List>(a->value)->elts;
    if (names.size() != values.size()) return false;
    for (const ast::Expr* e : names)
        if (e->kind != ast::ExprKind::Name) return false;
    for (const ast::Expr* e : values)
        if (e->kind == ast::ExprKind::Starred) return false;
    std::vector<ObjectRef> objects;
    for (const ast::Expr* e : values) objects.push_back(exec_value(e));
    for (size_t i = 0; i < names.size(); ++i) globals_[ast::as<ast::Name>(names[i])->id] = objects[i];
    return true;
}

void ModuleScope::exec_assign(const ast::Stmt* stmt) {
    switch (stmt->kind) {
    case ast::StmtKind::Assign: {
        const auto* a = ast::as<ast::Assign>(stmt);
        if (exec_unpacking(a)) return;
        ObjectRef v = exec_value(a->value);
        for (const ast::Expr* t : a->targets) {
            if (t->kind == ast::ExprKind::Subscript || t->kind == ast::ExprKind::Attribute)
                forget_changed_dict(t);
            if (t->kind == ast::ExprKind::Tuple)
                for (const ast::Expr* e : ast::as<ast::Tuple>(t)->elts)
                    if (e->kind == ast::ExprKind::Subscript) forget_changed_dict(e);
            if (t->kind == ast::ExprKind::Name) {
                globals_[ast::as<ast::Name>(t)->id] = v;
            } else if (t->kind == ast::ExprKind::Tuple) {
                for (const ast::Expr* e : ast::as<ast::Tuple>(t)->elts)
                    if (e->kind == ast::ExprKind::Name)
                        globals_[ast::as<ast::Name>(e)->id] =
                            Object::make_unsupported("tuple-unpacked global");
            } else if (t->kind == ast::ExprKind::Attribute) {
                forget_class_attributes(ast::as<ast::Attribute>(t));
                set_config(ast::as<ast::Attribute>(t), v);
            }
        }
        return;
    }
    case ast::StmtKind::AnnAssign: {
        const auto* a = ast::as<ast::AnnAssign>(stmt);
        if (!future_annotations_) eval_python(a->annotation); // Python evaluates it at module level
        if (a->target->kind == ast::ExprKind::Subscript) forget_changed_dict(a->target);
        if (!a->value) return;
        ObjectRef v = exec_value(a->value);
        if (a->target->kind == ast::ExprKind::Name) globals_[ast::as<ast::Name>(a->target)->id] = v;
        return;
    }
    case ast::StmtKind::AugAssign: {
        const auto* a = ast::as<ast::AugAssign>(stmt);
        check_module_code(a->value);
        if (a->target->kind == ast::ExprKind::Attribute)
            forget_class_attributes(ast::as<ast::Attribute>(a->target));
        if (a->target->kind == ast::ExprKind::Subscript) forget_changed_dict(a->target);
        if (a->target->kind != ast::ExprKind::Name) return;
        std::string_view name = ast::as<ast::Name>(a->target)->id;
        globals_[name] =
            PythonEval(*this, nullptr).binary(a->op, global(name), eval_python(a->value), a->pos);
        return;
    }
    default: return;
    }
}

// `Flags.ON = ...` at top level: warpsynth does not follow a class's attributes once changed.
void ModuleScope::forget_class_attributes(const ast::Attribute* target) {
    if (target->value->kind != ast::ExprKind::Name) return;
    std::string_view name = ast::as<ast::Name>(target->value)->id;
    ObjectRef cls = global(name);
    if (cls && cls->kind == Object::Kind::PlainClass)
        globals_[name] = Object::make_unsupported(
            fmt::format("Python class '{}' whose attributes change after its definition", name));
}

void ModuleScope::exec(const ast::Stmt* stmt) {
    try {
        exec_statement(stmt);
    } catch (const PythonException& e) {
        fail(e.pos,
             fmt::format("Python raises {} when it runs this module, so Warp cannot import it", e.message));
    }
}

void ModuleScope::exec_statement(const ast::Stmt* stmt) {
    switch (stmt->kind) {
    case ast::StmtKind::Import:
    case ast::StmtKind::ImportFrom: exec_import(stmt); return;
    case ast::StmtKind::Assign:
    case ast::StmtKind::AnnAssign:
    case ast::StmtKind::AugAssign: exec_assign(stmt); return;
    case ast::StmtKind::FunctionDef: define_function(ast::as<ast::FunctionDef>(stmt)); return;
    case ast::StmtKind::ClassDef: define_struct(ast::as<ast::ClassDef>(stmt)); return;
    case ast::StmtKind::Expr: {
        const ast::Expr* v = ast::as<ast::ExprStmt>(stmt)->value;
        if (v->kind == ast::ExprKind::Call) {
            const auto* call = ast::as<ast::Call>(v);
            if (call->func->kind == ast::ExprKind::Attribute)
                forget_changed_dict(call->func); // d.update(...)
            ObjectRef f = eval_python(call->func);
            if (f && f->kind == Object::Kind::WarpPyFunc && f->name == "set_module_options") {
                set_module_options(call);
                return;
            }
            if (f && f->kind == Object::Kind::WarpPyFunc && f->name == "init") runtime_loaded_ = true;
        }
        exec_value(v);
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
    case ast::StmtKind::Assert: return;
    case ast::StmtKind::Delete: forget_changed_dict(nullptr); return;
    default:
        fail(stmt->pos,
             fmt::format("module-level `{}` statement: warpsynth does not run module code, and this "
                         "statement may define or change kernels",
                         ast::name_of(stmt->kind)));
    }
}

} // namespace ws
