// wp.overload: a generic kernel (a parameter typed Any) is compiled only for
// the concrete types it is overloaded with, one kernel per signature, either
// by a module-level call `wp.overload(kernel, [types] or {name: type})` or by
// a `@wp.overload` stub `def kernel(a: T, ...): ...` (Warp's context.overload
// and Kernel.add_overload).
#include "codegen/emit.h"
#include "codegen/module_scope.h"

#include <fmt/format.h>

namespace ws {

namespace {

std::string signature(const std::vector<TypeRef>& types) {
    std::string sig;
    for (size_t i = 0; i < types.size(); ++i) sig += (i ? "_" : "") + type_code(types[i]);
    return sig;
}

} // namespace

KernelDef* ModuleScope::add_kernel_overload(KernelDef& generic, const std::vector<TypeRef>& types,
                                            const Pos& where) {
    const std::string& key = generic.src.key;
    const auto& params = generic.src.params;
    if (types.size() != params.size())
        fail(where,
             fmt::format("wp.overload: Warp raises RuntimeError: Invalid number of arguments for kernel {}",
                         key));
    std::string sig = signature(types);
    for (const auto& [s, k] : generic.overloads)
        if (s == sig) return k; // the existing overload with this signature
    for (size_t i = 0; i < types.size(); ++i)
        if (!types::matches_template(types[i], params[i].type))
            fail(where,
                 fmt::format("wp.overload: Warp raises TypeError: Kernel {} argument '{}' {}", key,
                             params[i].name, types[i]->is_generic() ? "cannot be generic" : "type mismatch"));
    if (generic.overloads.empty()) {
        // The module now compiles this key: a kernel defined under it elsewhere would clash.
        if (!kernel_keys_.insert(key).second) fail(where, fmt::format("kernel '{}' is defined twice", key));
    }
    auto k = std::make_unique<KernelDef>();
    k->src = generic.src;
    k->src.is_generic = false;
    // Warp builds the instance from the function's bare source text, numbered from 0.
    k->src.display_lineno = 0;
    for (size_t i = 0; i < types.size(); ++i) k->src.params[i].type = types[i];
    // Warp builds the instance's Adjoint anew: static expressions see the concrete types.
    k->src.clear_statics();
    resolve_static_expressions(k->src);
    k->options = generic.options;
    generic.overloads.emplace_back(sig, k.get());
    kernels_.push_back(k.get());
    kernel_storage_.push_back(std::move(k));
    return generic.overloads.back().second;
}

// The generic kernel a wp.overload names, or a clean error where Warp raises.
KernelDef& ModuleScope::overloadable_kernel(const ast::Expr* e) const {
    ObjectRef k = eval_python(e);
    if (!k || k->kind == Object::Kind::Unsupported)
        fail(e->pos,
             fmt::format("wp.overload of '{}', which warpsynth cannot evaluate", expr_text(source(), e)));
    if (k->kind != Object::Kind::Kernel)
        fail(e->pos, "wp.overload: Warp raises RuntimeError: wp.overload() called with invalid argument!");
    if (!k->kernel->src.is_generic)
        fail(e->pos, fmt::format("wp.overload: Warp raises RuntimeError: Only generic kernels can be "
                                 "overloaded.  Kernel {} is not generic",
                                 k->kernel->src.key));
    return *k->kernel;
}

ObjectRef ModuleScope::overload_call(const ast::Call* call) {
    const ast::Expr* kernel_arg = call->args.empty() ? nullptr : call->args[0];
    const ast::Expr* types_arg = call->args.size() > 1 ? call->args[1] : nullptr;
    for (const auto& kw : call->keywords) {
        if (kw.arg == "kernel" && !kernel_arg)
            kernel_arg = kw.value;
        else if (kw.arg == "arg_types" && !types_arg)
            types_arg = kw.value;
        else
            fail(kw.value->pos, "wp.overload: Python raises TypeError: unexpected or repeated argument");
    }
    for (const ast::Expr* a : call->args)
        if (a->kind == ast::ExprKind::Starred)
            fail(a->pos, "starred arguments to wp.overload are not supported");
    if (!kernel_arg || call->args.size() > 2)
        fail(call->pos,
             "wp.overload: Python raises TypeError: it takes a kernel and a list or dict of types");
    KernelDef& generic = overloadable_kernel(kernel_arg);
    std::vector<TypeRef> types;
    if (!types_arg || (types_arg->kind == ast::ExprKind::Constant &&
                       ast::as<ast::Constant>(types_arg)->value_kind == ast::Constant::Kind::None)) {
        // no types: an empty list (Warp then reports the argument count)
    } else if (types_arg->kind == ast::ExprKind::List) {
        for (const ast::Expr* t : ast::as<ast::List>(types_arg)->elts) types.push_back(eval_annotation(t));
    } else if (types_arg->kind == ast::ExprKind::Dict) {
        // Named parameters replaced, the others keep their (generic) annotation.
        for (const Param& p : generic.src.params) types.push_back(p.type);
        const auto* d = static_cast<const ast::Dict*>(types_arg);
        for (size_t i = 0; i < d->keys.size(); ++i) {
            const ast::Expr* key = d->keys[i];
            if (!key || key->kind != ast::ExprKind::Constant ||
                ast::as<ast::Constant>(key)->value_kind != ast::Constant::Kind::Str)
                fail(key ? key->pos : d->values[i]->pos, "wp.overload: dict keys must be parameter names");
            const std::string& name = ast::as<ast::Constant>(key)->str_value;
            size_t j = 0;
            while (j < generic.src.params.size() && generic.src.params[j].name != name) ++j;
            if (j == generic.src.params.size())
                fail(key->pos,
                     fmt::format("wp.overload: Warp raises RuntimeError: Invalid argument name '{}' in "
                                 "overload of kernel {}",
                                 name, generic.src.key));
            types[j] = eval_annotation(d->values[i]);
        }
    } else if (types_arg->kind == ast::ExprKind::Tuple || types_arg->kind == ast::ExprKind::Constant) {
        fail(types_arg->pos,
             "wp.overload: Warp raises TypeError: Kernel overload types must be given in a list or dict");
    } else {
        fail(types_arg->pos, "wp.overload: warpsynth reads the types only from a list or dict literal");
    }
    KernelDef* k = add_kernel_overload(generic, types, call->pos);
    auto obj = std::make_shared<Object>();
    obj->kind = Object::Kind::Kernel;
    obj->name = k->src.key;
    obj->kernel = k;
    return obj;
}

void ModuleScope::overload_stub(const ast::FunctionDef* def, const ast::Expr* decorator) {
    // Warp finds the kernel registered under the stub's name, whatever the name is bound to now.
    auto found = registered_kernels_.find(def->name);
    if (found == registered_kernels_.end())
        fail(decorator->pos,
             fmt::format("wp.overload: Warp raises RuntimeError: Failed to find a kernel named "
                         "'{}' in this module",
                         def->name));
    KernelDef& generic = *found->second;
    if (!generic.src.is_generic)
        fail(decorator->pos, fmt::format("wp.overload: Warp raises RuntimeError: Only generic kernels can be "
                                         "overloaded.  Kernel {} is not generic",
                                         generic.src.key));
    for (const ast::Stmt* st : def->body) {
        bool allowed = st->kind == ast::StmtKind::Pass;
        if (st->kind == ast::StmtKind::Expr) {
            const ast::Expr* v = ast::as<ast::ExprStmt>(st)->value;
            allowed = v->kind == ast::ExprKind::Constant &&
                      (ast::as<ast::Constant>(v)->value_kind == ast::Constant::Kind::Str ||
                       ast::as<ast::Constant>(v)->value_kind == ast::Constant::Kind::Ellipsis);
        }
        if (!allowed)
            fail(st->pos, "wp.overload: Warp raises RuntimeError: Illegal statement in kernel overload "
                          "definition.  Only pass, ellipsis (...), comments, or docstrings are allowed");
    }
    const ast::Arguments& a = def->args;
    if (!a.posonlyargs.empty() || a.vararg || !a.kwonlyargs.empty() || a.kwarg)
        fail(def->pos, "wp.overload stubs with *args, **kwargs, keyword-only or positional-only parameters "
                       "are not supported");
    std::vector<TypeRef> types;
    for (const ast::Arg& arg : a.args) {
        if (!arg.annotation)
            fail(arg.pos,
                 fmt::format("wp.overload: Warp raises RuntimeError: Incomplete argument annotations on "
                             "kernel overload {}",
                             def->name));
        types.push_back(eval_annotation(arg.annotation));
    }
    if (def->returns && !(def->returns->kind == ast::ExprKind::Constant &&
                          ast::as<ast::Constant>(def->returns)->value_kind == ast::Constant::Kind::None))
        fail(def->returns->pos, "wp.overload: Warp raises TypeError: Return annotations are not allowed on "
                                "@wp.overload stubs; omit the return annotation or use `-> None`.");
    add_kernel_overload(generic, types, decorator->pos);
    // The decorator returns the generic kernel: the name is bound to it.
    auto obj = std::make_shared<Object>();
    obj->kind = Object::Kind::Kernel;
    obj->name = def->name;
    obj->kernel = &generic;
    (*bindings_)[def->name] = obj;
}

} // namespace ws
