// `wp.func(make(dtype), name="f")`: a @wp.func made per type by a plain Python factory, as Warp
// makes wp.transform_compose and its siblings in warp/_src/math.py. The factory's body runs
// (assignments of values Python can evaluate here, the nested def, `return` of it); the nested
// function is registered under `name` (overloads merging as for decorated functions) and sees
// the factory's locals before the module's globals.
#include "codegen/module_scope.h"

#include <fmt/format.h>

namespace ws {

namespace {

bool is_docstring(const ast::Stmt* st) {
    return st->kind == ast::StmtKind::Expr &&
           ast::as<ast::ExprStmt>(st)->value->kind == ast::ExprKind::Constant;
}

} // namespace

const ast::Call* ModuleScope::as_factory_call(const ast::Expr* e) const {
    if (e->kind != ast::ExprKind::Call) return nullptr;
    const auto* call = ast::as<ast::Call>(e);
    if (call->args.size() != 1 || call->args[0]->kind != ast::ExprKind::Call) return nullptr;
    ObjectRef f = eval_python(call->func);
    if (!f || f->kind != Object::Kind::WarpPyFunc || f->name != "func") return nullptr;
    const ast::Expr* factory = ast::as<ast::Call>(call->args[0])->func;
    if (factory->kind != ast::ExprKind::Name) return nullptr;
    auto it = plain_defs_.find(ast::as<ast::Name>(factory)->id);
    ObjectRef bound = it == plain_defs_.end() ? nullptr : global(it->first);
    return bound && bound.get() == it->second.second ? call : nullptr;
}

ObjectRef ModuleScope::factory_function(const ast::Call* call) {
    const auto* made = ast::as<ast::Call>(call->args[0]);
    const ast::FunctionDef* factory = plain_defs_.at(std::string(ast::as<ast::Name>(made->func)->id)).first;
    std::string name;
    for (const auto& kw : call->keywords) {
        ObjectRef v = kw.arg == "name" ? eval_python(kw.value) : nullptr; // a str: Unsupported with its value
        if (!v || !v->value || v->value->kind != Constant::Kind::PyStr)
            fail(kw.value->pos, "wp.func(factory(...)) is supported with a constant `name=` only");
        name = v->value->s;
    }
    const ast::Arguments& a = factory->args;
    if (name.empty() || !made->keywords.empty() || a.args.size() != made->args.size() ||
        !a.posonlyargs.empty() || a.vararg || !a.kwonlyargs.empty() || a.kwarg)
        fail(call->pos, "wp.func(factory(...)) is supported with positional arguments and a `name=` only");
    auto locals = std::make_shared<std::map<std::string, ObjectRef, std::less<>>>();
    for (size_t i = 0; i < a.args.size(); ++i) (*locals)[a.args[i].name] = eval_python(made->args[i]);
    LocalLookup lookup = [&](std::string_view n) -> ObjectRef {
        auto it = locals->find(n);
        return it == locals->end() ? nullptr : it->second;
    };
    std::map<std::string, const ast::FunctionDef*, std::less<>> defs;
    const ast::FunctionDef* returned = nullptr;
    for (const ast::Stmt* st : factory->body) {
        const auto* as = st->kind == ast::StmtKind::Assign ? ast::as<ast::Assign>(st) : nullptr;
        if (is_docstring(st)) continue;
        if (as && as->targets.size() == 1 && as->targets[0]->kind == ast::ExprKind::Name) {
            (*locals)[std::string(ast::as<ast::Name>(as->targets[0])->id)] = eval_python(as->value, &lookup);
        } else if (st->kind == ast::StmtKind::FunctionDef &&
                   ast::as<ast::FunctionDef>(st)->decorators.empty()) {
            defs[ast::as<ast::FunctionDef>(st)->name] = ast::as<ast::FunctionDef>(st);
        } else if (st->kind == ast::StmtKind::Return && ast::as<ast::Return>(st)->value &&
                   ast::as<ast::Return>(st)->value->kind == ast::ExprKind::Name &&
                   defs.count(ast::as<ast::Name>(ast::as<ast::Return>(st)->value)->id)) {
            returned = defs.at(std::string(ast::as<ast::Name>(ast::as<ast::Return>(st)->value)->id));
            break;
        } else {
            fail(st->pos, "this statement of a function factory (wp.func(factory(...))) is not supported by "
                          "warpsynth");
        }
    }
    if (!returned || returned->name != name)
        fail(call->pos, "wp.func(factory(...)) is supported for a factory returning a nested def of the name "
                        "given");
    for (const auto& [n, d] : defs) locals->erase(n); // nested functions are not values kernels use
    // Warp adds the function to the Function the module's global of that name holds, if any; the
    // call itself binds no name (its value is assigned by the statement, if at all).
    ObjectRef before = global(name);
    closure_ = locals;
    try {
        define_user_function(returned, nullptr);
    } catch (...) {
        closure_.reset();
        throw;
    }
    closure_.reset();
    ObjectRef function = global(name);
    if (!before)
        globals_.erase(name);
    else if (before->kind != Object::Kind::Function)
        globals_[name] = before;
    return function;
}

} // namespace ws
